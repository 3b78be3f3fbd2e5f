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
use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule,
};
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

fn arch() -> Result<seccompiler::TargetArch> {
    std::env::consts::ARCH.try_into().map_err(|_| {
        SandboxError::Unsupported(format!(
            "seccomp: unsupported architecture {}",
            std::env::consts::ARCH
        ))
    })
}

fn compile(
    filter: std::result::Result<SeccompFilter, seccompiler::BackendError>,
) -> Result<BpfProgram> {
    let filter = filter.map_err(|e| SandboxError::Invalid(format!("seccomp filter: {e}")))?;
    filter.try_into().map_err(|e: seccompiler::BackendError| {
        SandboxError::Invalid(format!("seccomp filter: {e}"))
    })
}

/// The filter to install: one program (each extra filter costs every run a BPF
/// compilation). It starts with a hand-written prefix for what seccompiler's per-number,
/// single-action rules cannot say: foreign architectures and x32-ABI numbers (kill),
/// `clone3` (ENOSYS), `kill(-1, ...)` (EPERM); then seccompiler's deny-list (kill).
pub fn build() -> Result<Vec<BpfProgram>> {
    let mut deny: BTreeMap<i64, Vec<SeccompRule>> =
        DENIED.iter().map(|&(_, nr)| (nr, Vec::new())).collect();
    let namespace_rules = NAMESPACE_FLAGS
        .iter()
        .map(|&flag| {
            let condition = SeccompCondition::new(
                0,
                SeccompCmpArgLen::Qword,
                SeccompCmpOp::MaskedEq(flag as u64),
                flag as u64,
            )
            .and_then(|c| SeccompRule::new(vec![c]));
            condition.map_err(|e| SandboxError::Invalid(format!("seccomp rule: {e}")))
        })
        .collect::<Result<Vec<_>>>()?;
    deny.insert(libc::SYS_clone, namespace_rules);
    let deny_list = compile(SeccompFilter::new(
        deny,
        SeccompAction::Allow,
        SeccompAction::KillProcess,
        arch()?,
    ))?;
    let mut program = prefix()?;
    program.extend(deny_list);
    Ok(vec![program])
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

/// One instruction of the hand-written prefix, with jumps to labels (resolved forward).
#[derive(Clone, Copy)]
enum Op {
    /// Load a 32-bit word of struct seccomp_data.
    Load(u32),
    /// Return an action.
    Return(u32),
    /// Jump to the first label if the accumulator equals the constant, else the second.
    JumpIfEqual(u32, Label, Label),
    /// Jump to the first label if the accumulator is >= the constant, else the second.
    JumpIfAtLeast(u32, Label, Label),
    /// A jump target.
    Mark(Label),
}

/// Where a jump goes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Label {
    /// The next instruction.
    Next,
    /// A named place.
    At(&'static str),
}

/// Assembles the ops into classic BPF, resolving labels (all jumps are forward).
fn assemble(ops: &[Op]) -> Result<BpfProgram> {
    let mut positions = BTreeMap::new();
    let mut position = 0usize;
    for op in ops {
        match op {
            Op::Mark(Label::At(name)) => {
                positions.insert(*name, position);
            }
            Op::Mark(Label::Next) => {}
            _ => position += 1,
        }
    }
    let load = (libc::BPF_LD | libc::BPF_W | libc::BPF_ABS) as u16;
    let ret = (libc::BPF_RET | libc::BPF_K) as u16;
    let jeq = (libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K) as u16;
    let jge = (libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K) as u16;
    let mut program = Vec::new();
    for op in ops {
        let here = program.len();
        let offset = |label: &Label| -> Result<u8> {
            let target = match label {
                Label::Next => here + 1,
                Label::At(name) => *positions.get(name).ok_or_else(|| {
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
        };
        program.push(seccompiler::sock_filter { code, jt, jf, k });
    }
    Ok(program)
}

/// The hand-written start of the filter, for what seccompiler's per-number,
/// single-action rules cannot say.
fn prefix() -> Result<BpfProgram> {
    use Label::{At, Next};
    const X32_SYSCALL_BIT: u32 = 0x4000_0000;
    // Offsets in struct seccomp_data.
    const NR: u32 = 0;
    const ARCH: u32 = 4;
    const ARG0_LOW: u32 = 16;
    let kill = libc::SECCOMP_RET_KILL_PROCESS;
    let errno = |e: i32| libc::SECCOMP_RET_ERRNO | (e as u32 & libc::SECCOMP_RET_DATA);
    let x32_limit = if cfg!(target_arch = "x86_64") {
        X32_SYSCALL_BIT
    } else {
        u32::MAX
    };
    let nr = |call: libc::c_long| call as u32;
    let mut ops = vec![
        // Foreign architectures and x32-ABI numbers: kill.
        Op::Load(ARCH),
        Op::JumpIfEqual(audit_arch()?, At("native"), Next),
        Op::Return(kill),
        Op::Mark(At("native")),
        Op::Load(NR),
        Op::JumpIfAtLeast(x32_limit, Next, At("numbers")),
        Op::Return(kill),
        Op::Mark(At("numbers")),
        // clone3: ENOSYS, so that the C library falls back to clone, whose flags the
        // deny-list can see.
        Op::JumpIfEqual(nr(libc::SYS_clone3), Next, At("not clone3")),
        Op::Return(errno(libc::ENOSYS)),
        Op::Mark(At("not clone3")),
        // sync and syncfs flush every file system of the machine, slowing other boxes:
        // they succeed without doing anything (a box's own files are on a tmpfs).
        Op::JumpIfEqual(nr(libc::SYS_sync), At("no-op"), Next),
        Op::JumpIfEqual(nr(libc::SYS_syncfs), At("no-op"), At("not sync")),
        Op::Mark(At("no-op")),
        Op::Return(errno(0)),
        Op::Mark(At("not sync")),
        // socket and socketpair: only the families a solution may use.
        Op::JumpIfEqual(nr(libc::SYS_socket), At("socket"), Next),
        Op::JumpIfEqual(nr(libc::SYS_socketpair), At("socket"), At("not socket")),
        Op::Mark(At("socket")),
        Op::Load(ARG0_LOW),
    ];
    for &family in SOCKET_FAMILIES {
        ops.push(Op::JumpIfEqual(family as u32, At("rest"), Next));
    }
    ops.extend([
        Op::Return(errno(libc::EAFNOSUPPORT)),
        Op::Mark(At("not socket")),
        // kill(-1, ...): EPERM, so that even without a pid namespace (rlimit-only mode) a
        // program cannot signal every process of its user, the judge included.
        Op::JumpIfEqual(nr(libc::SYS_kill), Next, At("rest")),
        Op::Load(ARG0_LOW),
        Op::JumpIfEqual(u32::MAX, Next, At("rest")),
        Op::Return(errno(libc::EPERM)),
        // The deny-list program follows (it loads what it needs itself).
        Op::Mark(At("rest")),
    ]);
    assemble(&ops)
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

    /// Runs the prefix on one system call: `Some(action)` where it decides, `None` where it
    /// hands over to the deny-list (falls off its end). Interprets the few classic BPF
    /// instructions the prefix uses.
    fn decide(nr: libc::c_long, arg0: u64) -> Option<u32> {
        let program = prefix().unwrap();
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
            let op = &program[pc];
            let class = u32::from(op.code) & 0x07;
            match class {
                0x00 => accumulator = word(op.k),
                0x06 => return Some(op.k),
                0x05 => {
                    let taken = match u32::from(op.code) & 0xf0 {
                        0x10 => accumulator == op.k,
                        0x30 => accumulator >= op.k,
                        other => panic!("unexpected jump {other:#x}"),
                    };
                    pc += usize::from(if taken { op.jt } else { op.jf });
                }
                other => panic!("unexpected class {other:#x}"),
            }
            pc += 1;
        }
        None
    }

    #[test]
    fn the_prefix_answers_what_it_should_and_hands_the_rest_on() {
        let errno = |e: i32| libc::SECCOMP_RET_ERRNO | e as u32;
        let socket = libc::SYS_socket;
        for family in [libc::AF_VSOCK, libc::AF_NETLINK, libc::AF_PACKET] {
            assert_eq!(
                decide(socket, family as u64),
                Some(errno(libc::EAFNOSUPPORT))
            );
            assert_eq!(
                decide(libc::SYS_socketpair, family as u64),
                Some(errno(libc::EAFNOSUPPORT))
            );
        }
        for family in [libc::AF_UNIX, libc::AF_INET, libc::AF_INET6] {
            assert_eq!(decide(socket, family as u64), None, "family {family}");
        }
        assert_eq!(decide(libc::SYS_sync, 0), Some(errno(0)));
        assert_eq!(decide(libc::SYS_syncfs, 3), Some(errno(0)));
        assert_eq!(decide(libc::SYS_clone3, 0), Some(errno(libc::ENOSYS)));
        assert_eq!(decide(libc::SYS_kill, u64::MAX), Some(errno(libc::EPERM)));
        assert_eq!(decide(libc::SYS_kill, 1), None);
        assert_eq!(decide(libc::SYS_read, 0), None);
        if cfg!(target_arch = "x86_64") {
            assert_eq!(
                decide(0x4000_0000 | libc::SYS_read, 0),
                Some(libc::SECCOMP_RET_KILL_PROCESS)
            );
        }
    }

    #[test]
    fn filters_compile() {
        let filters = build().unwrap();
        assert_eq!(filters.len(), 1, "one program: one BPF compilation per run");
        assert!(filters.iter().all(|f| !f.is_empty()));
        assert!(denied_names().contains(&"ptrace"));
    }
}
