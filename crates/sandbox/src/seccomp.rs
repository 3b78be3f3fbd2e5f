//! The seccomp filter: a deny-list in the spirit of isolate's and Docker's.
//!
//! An allow-list breaks the Java, Python and Rust runtimes, which use many system calls;
//! what is denied here is what no contest program needs and what attacks the kernel or
//! escapes the box: tracing other processes, mounting, new namespaces, keyrings, io_uring,
//! BPF, perf events, modules, reboot, clocks, raw I/O ports, and every foreign-architecture
//! or x32 system call. A denied call kills the program with SIGSYS, which the judge reports
//! as a security violation. `clone3` answers ENOSYS instead, so that C libraries fall back
//! to `clone`, whose namespace flags the filter can see.

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

/// The filters to install, in order (the kernel applies the strictest answer of all).
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
    let kill = compile(SeccompFilter::new(
        deny,
        SeccompAction::Allow,
        SeccompAction::KillProcess,
        arch()?,
    ))?;
    let enosys = compile(SeccompFilter::new(
        [(libc::SYS_clone3, Vec::new())].into_iter().collect(),
        SeccompAction::Allow,
        SeccompAction::Errno(libc::ENOSYS as u32),
        arch()?,
    ))?;
    let mut filters = vec![kill, enosys];
    if cfg!(target_arch = "x86_64") {
        filters.push(x32_filter());
    }
    Ok(filters)
}

/// Kills any x32-ABI system call (numbers with bit 30 set), which the per-number rules
/// above would not recognise. seccompiler has no range rules, so this one is four
/// instructions of classic BPF.
fn x32_filter() -> BpfProgram {
    const X32_SYSCALL_BIT: u32 = 0x4000_0000;
    let statement = |code: u16, k: u32| seccompiler::sock_filter {
        code,
        jt: 0,
        jf: 0,
        k,
    };
    vec![
        // A = seccomp_data.nr (offset 0)
        statement((libc::BPF_LD | libc::BPF_W | libc::BPF_ABS) as u16, 0),
        // if A >= X32_SYSCALL_BIT: fall through to kill, else skip it
        seccompiler::sock_filter {
            code: (libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K) as u16,
            jt: 0,
            jf: 1,
            k: X32_SYSCALL_BIT,
        },
        statement(
            (libc::BPF_RET | libc::BPF_K) as u16,
            libc::SECCOMP_RET_KILL_PROCESS,
        ),
        statement(
            (libc::BPF_RET | libc::BPF_K) as u16,
            libc::SECCOMP_RET_ALLOW,
        ),
    ]
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
        assert!(filters.len() >= 2);
        assert!(filters.iter().all(|f| !f.is_empty()));
        assert!(denied_names().contains(&"ptrace"));
    }
}
