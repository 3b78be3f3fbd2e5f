//! Judging machines without a network of their own: network namespaces made by the test,
//! one for the server and one per machine, each machine joined to the server's by a veth
//! pair and to nothing else (no route beyond its link, the server's namespace forwards
//! nothing). Nothing is added to the namespace the test was started in (no address, no
//! link, no name under /run/netns), so two runs of the suite at once cannot collide: each
//! run's addresses live in namespaces only it can see. The namespaces have no names; they
//! live as long as a handle here or a process inside them, and their veth links go with
//! them.
//!
//! Making namespaces takes root (CAP_SYS_ADMIN). Without it the machines share the test's
//! loopback, saying so, unless JUDGE_REQUIRE_ROOT=1 (CI), which makes that a failure.

use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::Command;

/// Where the server and the judging machines of a test run: each in a network namespace
/// of its own, or (not root) all on the test's loopback.
pub struct Network {
    namespaces: Option<Namespaces>,
}

/// The namespaces: the server's, and one per machine (by index, from 0).
struct Namespaces {
    server: OwnedFd,
    machines: Vec<OwnedFd>,
}

/// The machines' links to the server: machine `m` (from 0) is 10.35.m.2/30, the server
/// 10.35.m.1 on the other end. Private to this run's namespaces (see the module's doc).
fn server_side(machine: usize) -> String {
    format!("10.35.{machine}.1")
}

fn machine_side(machine: usize) -> String {
    format!("10.35.{machine}.2")
}

/// The server's end of machine `m`'s veth pair, in the server's namespace.
fn link_name(machine: usize) -> String {
    format!("machine{machine}")
}

impl Network {
    /// A server and `machines` judging machines, in namespaces when the test is root.
    pub fn new(machines: usize) -> Network {
        let required = std::env::var_os("JUDGE_REQUIRE_ROOT").is_some_and(|v| v == "1");
        // SAFETY: geteuid cannot fail.
        let root = unsafe { libc::geteuid() } == 0;
        let why = if root {
            match Namespaces::new(machines) {
                Ok(namespaces) => {
                    return Network {
                        namespaces: Some(namespaces),
                    }
                }
                Err(error) => format!("the network namespaces could not be made: {error}"),
            }
        } else {
            "not root: network namespaces take CAP_SYS_ADMIN".to_string()
        };
        assert!(
            !required,
            "JUDGE_REQUIRE_ROOT=1, but the judging machines cannot have network namespaces of their own: {why}"
        );
        eprintln!(
            "skipping the network namespaces ({why}): the judging machines share the test's loopback"
        );
        Network { namespaces: None }
    }

    /// Whether the machines have namespaces of their own.
    pub fn isolated(&self) -> bool {
        self.namespaces.is_some()
    }

    /// Runs `body` on a thread in the server's namespace: what it starts (the server, the
    /// `judge` commands) lives there, and its HTTP requests go there. A panic in `body`
    /// is the caller's.
    pub fn run<T: Send>(&self, body: impl FnOnce() -> T + Send) -> T {
        match &self.namespaces {
            Some(namespaces) => in_namespace(&namespaces.server, body),
            None => body(),
        }
    }

    /// The address the server listens on: every address of its namespace (its loopback
    /// and its ends of the machines' links), or the test's loopback.
    pub fn listen(&self) -> &'static str {
        if self.isolated() {
            "0.0.0.0:0"
        } else {
            "127.0.0.1:0"
        }
    }

    /// The server's address as machine `machine` reaches it, given the port it listens on.
    pub fn server_for(&self, machine: usize, port: u16) -> String {
        if self.isolated() {
            format!("{}:{port}", server_side(machine))
        } else {
            format!("127.0.0.1:{port}")
        }
    }

    /// Makes `command` start in machine `machine`'s namespace.
    pub fn place(&self, machine: usize, command: &mut Command) {
        if let Some(namespaces) = &self.namespaces {
            start_in(&namespaces.machines[machine], command);
        }
    }

    /// Whether a TCP connection from machine `machine` to `address` is accepted.
    pub fn connects(&self, machine: usize, address: &str) -> bool {
        let address: std::net::SocketAddr = address.parse().expect("an IP address and port");
        let try_connect = || {
            std::net::TcpStream::connect_timeout(&address, std::time::Duration::from_secs(5))
                .is_ok()
        };
        match &self.namespaces {
            Some(namespaces) => in_namespace(&namespaces.machines[machine], try_connect),
            None => try_connect(),
        }
    }
}

impl Namespaces {
    fn new(machines: usize) -> Result<Namespaces, String> {
        let mut made = Namespaces {
            server: empty_namespace()?,
            machines: Vec::new(),
        };
        ip(&made.server, &["link", "set", "lo", "up"])?;
        for machine in 0..machines {
            let namespace = empty_namespace()?;
            // Made in the server's namespace, its peer moved straight into the machine's
            // (named through this process's handle), so it never exists outside them.
            let peer = format!("/proc/{}/fd/{}", std::process::id(), namespace.as_raw_fd());
            let link = link_name(machine);
            ip(
                &made.server,
                &[
                    "link", "add", &link, "type", "veth", "peer", "name", "eth0", "netns", &peer,
                ],
            )?;
            // From here on, Drop removes the link if a later step fails.
            made.machines.push(namespace);
            let server_address = format!("{}/30", server_side(machine));
            ip(
                &made.server,
                &["address", "add", &server_address, "dev", &link],
            )?;
            ip(&made.server, &["link", "set", &link, "up"])?;
            let namespace = &made.machines[machine];
            let machine_address = format!("{}/30", machine_side(machine));
            ip(namespace, &["link", "set", "lo", "up"])?;
            ip(
                namespace,
                &["address", "add", &machine_address, "dev", "eth0"],
            )?;
            ip(namespace, &["link", "set", "eth0", "up"])?;
        }
        Ok(made)
    }
}

impl Drop for Namespaces {
    /// Removes the links, then lets go of the namespaces: each one goes when the last
    /// process in it has gone too (the tests' own Drops kill theirs).
    fn drop(&mut self) {
        for machine in 0..self.machines.len() {
            // Removing one end removes its peer; an error means it is gone already.
            let _ = ip(&self.server, &["link", "delete", &link_name(machine)]);
        }
    }
}

/// Runs `body` on a thread of its own moved into `namespace`; a panic in `body` is the
/// caller's.
fn in_namespace<T: Send>(namespace: &OwnedFd, body: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        let thread = scope.spawn(|| {
            // SAFETY: setns on a handle we own; it changes only this thread's namespace.
            if unsafe { libc::setns(namespace.as_raw_fd(), libc::CLONE_NEWNET) } != 0 {
                panic!(
                    "entering a network namespace: {}",
                    std::io::Error::last_os_error()
                );
            }
            body()
        });
        thread
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// Makes `command` start in `namespace`.
fn start_in(namespace: &OwnedFd, command: &mut Command) {
    let fd = namespace.as_raw_fd();
    // SAFETY: the closure runs between fork and exec and makes one system call, setns,
    // which is async-signal-safe; the handle stays open in the child until its exec.
    unsafe {
        command.pre_exec(move || {
            if libc::setns(fd, libc::CLONE_NEWNET) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
}

/// A new network namespace with only its loopback (down).
fn empty_namespace() -> Result<OwnedFd, String> {
    std::thread::spawn(|| {
        // unshare moves only this thread, which then ends; the namespace lives on through
        // the handle.
        // SAFETY: unshare and open have no memory-safety preconditions.
        unsafe {
            if libc::unshare(libc::CLONE_NEWNET) != 0 {
                return Err(format!(
                    "unshare(CLONE_NEWNET): {}",
                    std::io::Error::last_os_error()
                ));
            }
            let fd = libc::open(
                c"/proc/thread-self/ns/net".as_ptr(),
                libc::O_RDONLY | libc::O_CLOEXEC,
            );
            if fd < 0 {
                return Err(format!(
                    "opening /proc/thread-self/ns/net: {}",
                    std::io::Error::last_os_error()
                ));
            }
            Ok(OwnedFd::from_raw_fd(fd))
        }
    })
    .join()
    .map_err(|_| "the thread making a network namespace panicked".to_string())?
}

/// Runs `ip ARGS...` in `namespace`.
fn ip(namespace: &OwnedFd, args: &[&str]) -> Result<(), String> {
    let mut command = Command::new("ip");
    command.args(args);
    start_in(namespace, &mut command);
    let output = command
        .output()
        .map_err(|error| format!("ip {}: {error}", args.join(" ")))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "ip {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    }
}
