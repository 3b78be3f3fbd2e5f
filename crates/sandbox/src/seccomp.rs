//! The seccomp filter: a deny-list in the spirit of isolate's and Docker's.
//!
//! An allow-list breaks the Java, Python and Rust runtimes, which use many system calls;
//! what is denied here is what no contest program needs and what attacks the kernel or
//! escapes the box: tracing other processes, mounting, new namespaces, keyrings, io_uring,
//! BPF, perf events, modules, reboot, clocks, raw I/O ports, and every foreign-architecture
//! or x32 system call. A denied call kills the program with SIGSYS, which the judge reports
//! as a security violation. `clone3` answers ENOSYS instead, so that C libraries fall back
//! to `clone`, whose namespace flags the filter can see; `kill(-1, ...)` answers EPERM, so
//! that even without a pid namespace (rlimit-only mode) a program cannot signal every
//! process of its user, the judge included.

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

/// The hand-written start of the filter (classic BPF; jumps count instructions forward).
fn prefix() -> Result<BpfProgram> {
    const X32_SYSCALL_BIT: u32 = 0x4000_0000;
    // Offsets in struct seccomp_data.
    const NR: u32 = 0;
    const ARCH: u32 = 4;
    const ARG0_LOW: u32 = 16;
    let load = (libc::BPF_LD | libc::BPF_W | libc::BPF_ABS) as u16;
    let ret = (libc::BPF_RET | libc::BPF_K) as u16;
    let jeq = (libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K) as u16;
    let jge = (libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K) as u16;
    let op = |code: u16, jt: u8, jf: u8, k: u32| seccompiler::sock_filter { code, jt, jf, k };
    let kill = libc::SECCOMP_RET_KILL_PROCESS;
    let errno = |e: i32| libc::SECCOMP_RET_ERRNO | (e as u32 & libc::SECCOMP_RET_DATA);
    let x32_limit = if cfg!(target_arch = "x86_64") {
        X32_SYSCALL_BIT
    } else {
        u32::MAX
    };
    Ok(vec![
        /* 0 */ op(load, 0, 0, ARCH),
        /* 1 */ op(jeq, 1, 0, audit_arch()?),
        /* 2 */ op(ret, 0, 0, kill),
        /* 3 */ op(load, 0, 0, NR),
        /* 4 */ op(jge, 0, 1, x32_limit),
        /* 5 */ op(ret, 0, 0, kill),
        /* 6 */ op(jeq, 0, 1, libc::SYS_clone3 as u32),
        /* 7 */ op(ret, 0, 0, errno(libc::ENOSYS)),
        /* 8 */ op(jeq, 0, 3, libc::SYS_kill as u32),
        /* 9 */ op(load, 0, 0, ARG0_LOW),
        /* 10 */ op(jeq, 0, 1, u32::MAX),
        /* 11 */
        op(ret, 0, 0, errno(libc::EPERM)),
        // 12: the deny-list program follows (it loads what it needs itself).
    ])
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

    #[test]
    fn filters_compile() {
        let filters = build().unwrap();
        assert_eq!(filters.len(), 1, "one program: one BPF compilation per run");
        assert!(filters.iter().all(|f| !f.is_empty()));
        assert!(denied_names().contains(&"ptrace"));
    }
}
