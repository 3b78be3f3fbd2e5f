//! The seccomp filter: a deny-list in the spirit of isolate's and Docker's.
//!
//! An allow-list breaks the Java, Python and Rust runtimes, which use many system calls;
//! what is denied here is what no contest program needs and what attacks the kernel or
//! escapes the box: tracing other processes, mounting, new namespaces, keyrings, io_uring,
//! BPF, perf events, modules, reboot, clocks, raw I/O ports, secret memory, other processes'
//! fds and pages, the x86 LDT, and every foreign-architecture or x32 system call. A denied
//! call kills the program with SIGSYS, which the judge reports as a security violation.
//! Some calls answer instead of killing: `clone3` ENOSYS, so that C libraries fall back to
//! `clone`, whose namespace flags the filter can see; `kill(-1, ...)` EPERM, so that even
//! without a pid namespace (rlimit-only mode) a program cannot signal every process of its
//! user, the judge included; `socket`/`socketpair` of a family other than unix, inet and
//! inet6 EAFNOSUPPORT (vsock is not confined by network namespaces; C libraries probe
//! netlink and carry on without it); `sync`/`syncfs` succeed without flushing anything.
//! Allowed on purpose, and why, is in the README.

use crate::error::{Result, SandboxError};
use seccompiler::BpfProgram;
use std::collections::BTreeMap;

/// System calls that kill the program (x86_64 and aarch64 names).
const DENIED: &[(&str, libc::c_long)] = &[
    ("ptrace", libc::SYS_ptrace),
    ("process_vm_readv", libc::SYS_process_vm_readv),
    ("process_vm_writev", libc::SYS_process_vm_writev),
    ("kcmp", libc::SYS_kcmp),
    ("mount", libc::SYS_mount),
    ("umount2", libc::SYS_umount2),
    ("pivot_root", libc::SYS_pivot_root),
    ("chroot", libc::SYS_chroot),
    ("open_tree", libc::SYS_open_tree),
    ("move_mount", libc::SYS_move_mount),
    ("fsopen", libc::SYS_fsopen),
    ("fsconfig", libc::SYS_fsconfig),
    ("fsmount", libc::SYS_fsmount),
    ("fspick", libc::SYS_fspick),
    ("mount_setattr", libc::SYS_mount_setattr),
    ("unshare", libc::SYS_unshare),
    ("setns", libc::SYS_setns),
    ("keyctl", libc::SYS_keyctl),
    ("add_key", libc::SYS_add_key),
    ("request_key", libc::SYS_request_key),
    ("io_uring_setup", libc::SYS_io_uring_setup),
    ("io_uring_enter", libc::SYS_io_uring_enter),
    ("io_uring_register", libc::SYS_io_uring_register),
    ("bpf", libc::SYS_bpf),
    ("perf_event_open", libc::SYS_perf_event_open),
    ("userfaultfd", libc::SYS_userfaultfd),
    ("kexec_load", libc::SYS_kexec_load),
    ("kexec_file_load", libc::SYS_kexec_file_load),
    ("init_module", libc::SYS_init_module),
    ("finit_module", libc::SYS_finit_module),
    ("delete_module", libc::SYS_delete_module),
    ("reboot", libc::SYS_reboot),
    ("swapon", libc::SYS_swapon),
    ("swapoff", libc::SYS_swapoff),
    ("acct", libc::SYS_acct),
    ("quotactl", libc::SYS_quotactl),
    ("syslog", libc::SYS_syslog),
    ("settimeofday", libc::SYS_settimeofday),
    ("clock_settime", libc::SYS_clock_settime),
    ("clock_adjtime", libc::SYS_clock_adjtime),
    ("adjtimex", libc::SYS_adjtimex),
    ("iopl", libc::SYS_iopl),
    ("ioperm", libc::SYS_ioperm),
    ("name_to_handle_at", libc::SYS_name_to_handle_at),
    ("open_by_handle_at", libc::SYS_open_by_handle_at),
    ("lookup_dcookie", libc::SYS_lookup_dcookie),
    ("fanotify_init", libc::SYS_fanotify_init),
    ("vhangup", libc::SYS_vhangup),
    ("uselib", libc::SYS_uselib),
    ("personality", libc::SYS_personality),
    // Memory hidden from the kernel's own accounting views, fds taken from another
    // process, pages moved in other processes: nothing a solution needs.
    ("memfd_secret", libc::SYS_memfd_secret),
    ("pidfd_getfd", libc::SYS_pidfd_getfd),
    ("migrate_pages", libc::SYS_migrate_pages),
    ("move_pages", libc::SYS_move_pages),
    // The x86 local descriptor table: old exploits' favourite, used by no compiler's code.
    #[cfg(target_arch = "x86_64")]
    ("modify_ldt", libc::SYS_modify_ldt),
];

/// clone flags that create namespaces: `clone` with any of them is denied.
const NAMESPACE_FLAGS: &[libc::c_int] = &[
    libc::CLONE_NEWNS,
    libc::CLONE_NEWUTS,
    libc::CLONE_NEWIPC,
    libc::CLONE_NEWUSER,
    libc::CLONE_NEWPID,
    libc::CLONE_NEWNET,
    libc::CLONE_NEWCGROUP,
];

/// The names of the denied system calls, for the README and `judge doctor`.
pub fn denied_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = DENIED.iter().map(|(name, _)| *name).collect();
    names.push("clone with namespace flags");
    names.push("x32-ABI and foreign-architecture calls");
    names.push("kill(-1, ...) (EPERM: signalling every process of the user)");
    names.push("clone3 (ENOSYS: the C library falls back to clone)");
    names.push(
        "socket and socketpair of any family but unix, inet and inet6 (EAFNOSUPPORT: vsock, \
         netlink, packet, ...)",
    );
    names.push("sync and syncfs (a no-op: they would flush the whole machine's disks)");
    names
}

/// The filter to install: one program (each extra filter costs every run a BPF
/// compilation), written here rather than by a rule compiler so that its shape stays cheap
/// where it matters. The kernel, when a filter is installed, runs it for every system call
/// number to find the ones it always allows (its per-filter cache, built with interrupts
/// off); with the deny-list as a linear chain that was most of a box's start-up. Here the
/// special cases come first, then a binary search over the denied numbers: a few
/// instructions per number, at installation and at run time.
pub fn build() -> Result<Vec<BpfProgram>> {
    Ok(vec![assemble(&program()?)?])
}

/// The audit architecture of this build.
fn audit_arch() -> Result<u32> {
    match std::env::consts::ARCH {
        "x86_64" => Ok(0xc000_003e),
        "aarch64" => Ok(0xc000_00b7),
        other => Err(SandboxError::Unsupported(format!(
            "seccomp: unsupported architecture {other}"
        ))),
    }
}

/// Socket families a program may create: local and internet sockets (which find nothing
/// to talk to in the box's empty network namespace). Everything else (vsock, which no
/// network namespace confines; netlink; packet; bluetooth; ...) answers EAFNOSUPPORT.
const SOCKET_FAMILIES: &[libc::c_int] = &[libc::AF_UNIX, libc::AF_INET, libc::AF_INET6];

/// One instruction of the filter, with jumps to labels (resolved forward).
#[derive(Clone)]
enum Op {
    /// Load a 32-bit word of struct seccomp_data.
    Load(u32),
    /// Return an action.
    Return(u32),
    /// Jump to the first label if the accumulator equals the constant, else the second.
    JumpIfEqual(u32, Label, Label),
    /// Jump to the first label if the accumulator is >= the constant, else the second.
    JumpIfAtLeast(u32, Label, Label),
    /// Jump to the first label if the accumulator has any bit of the constant, else the
    /// second.
    JumpIfAnyBit(u32, Label, Label),
    /// A jump target.
    Mark(Label),
}

/// Where a jump goes.
#[derive(Clone, PartialEq, Eq)]
enum Label {
    /// The next instruction.
    Next,
    /// A named place.
    At(String),
}

/// A named place.
fn at(name: impl Into<String>) -> Label {
    Label::At(name.into())
}

/// Assembles the ops into classic BPF, resolving labels (all jumps are forward).
fn assemble(ops: &[Op]) -> Result<BpfProgram> {
    let mut positions = BTreeMap::new();
    let mut position = 0usize;
    for op in ops {
        match op {
            Op::Mark(Label::At(name)) => {
                positions.insert(name.as_str(), position);
            }
            Op::Mark(Label::Next) => {}
            _ => position += 1,
        }
    }
    let load = (libc::BPF_LD | libc::BPF_W | libc::BPF_ABS) as u16;
    let ret = (libc::BPF_RET | libc::BPF_K) as u16;
    let jeq = (libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K) as u16;
    let jge = (libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K) as u16;
    let jset = (libc::BPF_JMP | libc::BPF_JSET | libc::BPF_K) as u16;
    let mut program = Vec::new();
    for op in ops {
        let here = program.len();
        let offset = |label: &Label| -> Result<u8> {
            let target = match label {
                Label::Next => here + 1,
                Label::At(name) => *positions.get(name.as_str()).ok_or_else(|| {
                    SandboxError::Invalid(format!("seccomp prefix: no label {name}"))
                })?,
            };
            target
                .checked_sub(here + 1)
                .and_then(|o| u8::try_from(o).ok())
                .ok_or_else(|| SandboxError::Invalid("seccomp prefix: bad jump".into()))
        };
        let (code, jt, jf, k) = match op {
            Op::Mark(_) => continue,
            Op::Load(k) => (load, 0, 0, *k),
            Op::Return(k) => (ret, 0, 0, *k),
            Op::JumpIfEqual(k, t, f) => (jeq, offset(t)?, offset(f)?, *k),
            Op::JumpIfAtLeast(k, t, f) => (jge, offset(t)?, offset(f)?, *k),
            Op::JumpIfAnyBit(k, t, f) => (jset, offset(t)?, offset(f)?, *k),
        };
        program.push(seccompiler::sock_filter { code, jt, jf, k });
    }
    Ok(program)
}

/// The binary search over the sorted denied numbers `numbers` (the accumulator holds the
/// system call number): kill when it is one of them, allow otherwise.
fn search(numbers: &[u32], ops: &mut Vec<Op>, labels: &mut u32) {
    let kill = libc::SECCOMP_RET_KILL_PROCESS;
    let allow = libc::SECCOMP_RET_ALLOW;
    if numbers.len() <= 3 {
        for &number in numbers {
            *labels += 1;
            let not = format!("not {number} ({labels})");
            ops.push(Op::JumpIfEqual(number, Label::Next, at(&not)));
            ops.push(Op::Return(kill));
            ops.push(Op::Mark(at(not)));
        }
        ops.push(Op::Return(allow));
        return;
    }
    let middle = numbers.len() / 2;
    *labels += 1;
    let upper = format!("at least {} ({labels})", numbers[middle]);
    ops.push(Op::JumpIfAtLeast(numbers[middle], at(&upper), Label::Next));
    search(&numbers[..middle], ops, labels);
    ops.push(Op::Mark(at(upper)));
    search(&numbers[middle..], ops, labels);
}

/// The whole filter.
fn program() -> Result<Vec<Op>> {
    use Label::Next;
    const X32_SYSCALL_BIT: u32 = 0x4000_0000;
    // Offsets in struct seccomp_data.
    const NR: u32 = 0;
    const ARCH: u32 = 4;
    const ARG0_LOW: u32 = 16;
    let kill = libc::SECCOMP_RET_KILL_PROCESS;
    let allow = libc::SECCOMP_RET_ALLOW;
    let errno = |e: i32| libc::SECCOMP_RET_ERRNO | (e as u32 & libc::SECCOMP_RET_DATA);
    let x32_limit = if cfg!(target_arch = "x86_64") {
        X32_SYSCALL_BIT
    } else {
        u32::MAX
    };
    let nr = |call: libc::c_long| call as u32;
    let namespaces = NAMESPACE_FLAGS
        .iter()
        .fold(0u32, |mask, &f| mask | f as u32);
    let mut ops = vec![
        // Foreign architectures and x32-ABI numbers: kill.
        Op::Load(ARCH),
        Op::JumpIfEqual(audit_arch()?, at("native"), Next),
        Op::Return(kill),
        Op::Mark(at("native")),
        Op::Load(NR),
        Op::JumpIfAtLeast(x32_limit, Next, at("numbers")),
        Op::Return(kill),
        Op::Mark(at("numbers")),
        // clone3: ENOSYS, so that the C library falls back to clone, whose flags can be
        // seen.
        Op::JumpIfEqual(nr(libc::SYS_clone3), Next, at("not clone3")),
        Op::Return(errno(libc::ENOSYS)),
        Op::Mark(at("not clone3")),
        // clone with a namespace flag: kill.
        Op::JumpIfEqual(nr(libc::SYS_clone), Next, at("not clone")),
        Op::Load(ARG0_LOW),
        Op::JumpIfAnyBit(namespaces, Next, at("allow")),
        Op::Return(kill),
        Op::Mark(at("not clone")),
        // sync and syncfs flush every file system of the machine, slowing other boxes:
        // they succeed without doing anything (a box's own files are on a tmpfs).
        Op::JumpIfEqual(nr(libc::SYS_sync), at("no-op"), Next),
        Op::JumpIfEqual(nr(libc::SYS_syncfs), at("no-op"), at("not sync")),
        Op::Mark(at("no-op")),
        Op::Return(errno(0)),
        Op::Mark(at("not sync")),
        // socket and socketpair: only the families a solution may use.
        Op::JumpIfEqual(nr(libc::SYS_socket), at("socket"), Next),
        Op::JumpIfEqual(nr(libc::SYS_socketpair), at("socket"), at("not socket")),
        Op::Mark(at("socket")),
        Op::Load(ARG0_LOW),
    ];
    for &family in SOCKET_FAMILIES {
        ops.push(Op::JumpIfEqual(family as u32, at("allow"), Next));
    }
    ops.extend([
        Op::Return(errno(libc::EAFNOSUPPORT)),
        Op::Mark(at("not socket")),
        // kill(-1, ...): EPERM, so that even without a pid namespace (rlimit-only mode) a
        // program cannot signal every process of its user, the judge included.
        Op::JumpIfEqual(nr(libc::SYS_kill), Next, at("deny-list")),
        Op::Load(ARG0_LOW),
        Op::JumpIfEqual(u32::MAX, Next, at("allow")),
        Op::Return(errno(libc::EPERM)),
        Op::Mark(at("allow")),
        Op::Return(allow),
        // The accumulator holds the number here.
        Op::Mark(at("deny-list")),
    ]);
    let mut numbers: Vec<u32> = DENIED.iter().map(|&(_, call)| nr(call)).collect();
    numbers.sort_unstable();
    numbers.dedup();
    let mut labels = 0;
    search(&numbers, &mut ops, &mut labels);
    Ok(ops)
}

/// Installs the filters on the calling thread (also sets no_new_privs). Async-signal-safe:
/// runs after clone, just before exec. Returns the errno on failure.
pub(crate) fn install(filters: &[BpfProgram]) -> std::result::Result<(), i32> {
    for filter in filters {
        if seccompiler::apply_filter(filter).is_err() {
            // SAFETY: errno is thread-local and always readable.
            return Err(unsafe { *libc::__errno_location() });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the filter on one system call and returns its action. Interprets the few
    /// classic BPF instructions the filter uses.
    fn decide(nr: libc::c_long, arg0: u64) -> u32 {
        run(nr, arg0).0
    }

    /// The action and how many instructions ran.
    fn run(nr: libc::c_long, arg0: u64) -> (u32, usize) {
        let program = &build().unwrap()[0];
        let mut steps = 0;
        let word = |offset: u32| -> u32 {
            match offset {
                0 => nr as u32,
                4 => audit_arch().unwrap(),
                16 => arg0 as u32,
                20 => (arg0 >> 32) as u32,
                other => panic!("unexpected load at {other}"),
            }
        };
        let (mut pc, mut accumulator) = (0usize, 0u32);
        while pc < program.len() {
            steps += 1;
            let op = &program[pc];
            let class = u32::from(op.code) & 0x07;
            match class {
                0x00 => accumulator = word(op.k),
                0x06 => return (op.k, steps),
                0x05 => {
                    let taken = match u32::from(op.code) & 0xf0 {
                        0x10 => accumulator == op.k,
                        0x30 => accumulator >= op.k,
                        0x40 => accumulator & op.k != 0,
                        other => panic!("unexpected jump {other:#x}"),
                    };
                    pc += usize::from(if taken { op.jt } else { op.jf });
                }
                other => panic!("unexpected class {other:#x}"),
            }
            pc += 1;
        }
        panic!("the filter fell off its end at {pc}");
    }

    #[test]
    fn the_filter_answers_what_it_should() {
        let errno = |e: i32| libc::SECCOMP_RET_ERRNO | e as u32;
        let (allow, kill) = (libc::SECCOMP_RET_ALLOW, libc::SECCOMP_RET_KILL_PROCESS);
        let socket = libc::SYS_socket;
        for family in [libc::AF_VSOCK, libc::AF_NETLINK, libc::AF_PACKET] {
            assert_eq!(decide(socket, family as u64), errno(libc::EAFNOSUPPORT));
            assert_eq!(
                decide(libc::SYS_socketpair, family as u64),
                errno(libc::EAFNOSUPPORT)
            );
        }
        for family in [libc::AF_UNIX, libc::AF_INET, libc::AF_INET6] {
            assert_eq!(decide(socket, family as u64), allow, "family {family}");
        }
        assert_eq!(decide(libc::SYS_sync, 0), errno(0));
        assert_eq!(decide(libc::SYS_syncfs, 3), errno(0));
        assert_eq!(decide(libc::SYS_clone3, 0), errno(libc::ENOSYS));
        assert_eq!(decide(libc::SYS_kill, u64::MAX), errno(libc::EPERM));
        assert_eq!(decide(libc::SYS_kill, 1), allow);
        let thread = (libc::CLONE_VM | libc::CLONE_THREAD | libc::CLONE_SIGHAND) as u64;
        assert_eq!(decide(libc::SYS_clone, thread), allow);
        for flag in NAMESPACE_FLAGS {
            assert_eq!(decide(libc::SYS_clone, thread | *flag as u64), kill);
        }
        if cfg!(target_arch = "x86_64") {
            assert_eq!(decide(0x4000_0000 | libc::SYS_read, 0), kill);
        }
        // Every denied number kills, and every other number up to the highest is allowed.
        let denied: Vec<u32> = DENIED.iter().map(|&(_, n)| n as u32).collect();
        let special = [
            libc::SYS_clone3,
            libc::SYS_clone,
            libc::SYS_sync,
            libc::SYS_syncfs,
            libc::SYS_socket,
            libc::SYS_socketpair,
            libc::SYS_kill,
        ];
        for number in 0..500u32 {
            if special.contains(&(number as libc::c_long)) {
                continue;
            }
            let expected = if denied.contains(&number) {
                kill
            } else {
                allow
            };
            assert_eq!(
                decide(number as libc::c_long, 0),
                expected,
                "system call {number}"
            );
        }
    }

    #[test]
    fn the_deny_list_is_searched_not_walked() {
        // The kernel runs the filter for every number when it is installed: the longest
        // path must stay short (a linear deny-list walked some 70 instructions a number).
        let longest = (0..500).map(|nr| run(nr, 0).1).max().unwrap();
        assert!(longest <= 32, "{longest} instructions on the longest path");
    }

    #[test]
    fn filters_compile() {
        let filters = build().unwrap();
        assert_eq!(filters.len(), 1, "one program: one BPF compilation per run");
        assert!(filters.iter().all(|f| !f.is_empty()));
        assert!(denied_names().contains(&"ptrace"));
    }
}
