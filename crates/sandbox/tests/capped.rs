//! The capped folder (issue 28): what a box's runs may write for the judge (a Kattis
//! validator's feedback, an interactor's TOUT) is capped in bytes and files, never reaches
//! the host's disk, is not left behind, and is not charged to a later run.

mod common;

use sandbox::{Bind, RunSpec, Sandbox, SandboxConfig, MIB};
use std::path::{Path, PathBuf};

// `write DIR`: one file of 4 MiB in DIR (printing how many bytes went in), then as many
// files as it can, up to 100 (printing how many); `fill DIR N`: N MiB in DIR/fill;
// `take N`: allocates and touches N MiB.
const WRITER: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    static char block[1 << 20];
    memset(block, 7, sizeof block);
    char path[4096];
    if (strcmp(argv[1], "write") == 0) {
        snprintf(path, sizeof path, "%s/big", argv[2]);
        FILE *f = fopen(path, "w");
        size_t total = 0;
        for (int i = 0; f && i < 4; i++) total += fwrite(block, 1, sizeof block, f);
        if (f) fclose(f);
        int files = 0;
        for (; files < 100; files++) {
            snprintf(path, sizeof path, "%s/f%d", argv[2], files);
            FILE *g = fopen(path, "w");
            if (!g) break;
            fclose(g);
        }
        printf("%zu %d\n", total, files);
        return 0;
    }
    if (strcmp(argv[1], "fill") == 0) {
        snprintf(path, sizeof path, "%s/fill", argv[2]);
        FILE *f = fopen(path, "w");
        for (long i = 0; f && i < atol(argv[3]); i++) fwrite(block, 1, sizeof block, f);
        return !f || fclose(f) != 0;
    }
    long mib = atol(argv[2]);
    char *p = malloc(mib << 20);
    for (long i = 0; i < mib << 20; i += 4096) p[i] = 1;
    return 0;
}
"#;

fn sandbox(bytes: u64, files: u64) -> Sandbox {
    Sandbox::new(SandboxConfig {
        capped_bytes: bytes,
        capped_files: files,
        ..SandboxConfig::default()
    })
    .expect("sandbox starts")
}

/// A folder in the capped folder the box user may write, given to a run at /judge/out.
fn out_folder(capped: &Path) -> (PathBuf, Bind) {
    let out = capped.join("out");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::set_permissions(&out, std::os::unix::fs::PermissionsExt::from_mode(0o777)).unwrap();
    let bind = Bind {
        host: out.clone(),
        inside: PathBuf::from("/judge/out"),
        writable: true,
    };
    (out, bind)
}

fn mounted_at(path: &Path) -> bool {
    let wanted = format!(" {} ", path.display());
    std::fs::read_to_string("/proc/self/mountinfo")
        .unwrap()
        .lines()
        .any(|line| line.contains(&wanted))
}

#[test]
fn a_run_writing_past_the_cap_is_stopped_off_the_hosts_disk_and_leaves_nothing() {
    require_isolation!();
    let sandbox = sandbox(MIB, 16);
    let mut boxed = sandbox.acquire().unwrap();
    common::compile_c(boxed.dir(), WRITER);
    let capped = boxed.capped_dir().to_path_buf();
    assert!(mounted_at(&capped), "no tmpfs at {}", capped.display());
    let (out, bind) = out_folder(&capped);
    let scratch = tempfile::tempdir().unwrap();
    let mut spec: RunSpec = common::spec(scratch.path(), common::limits(2000, 64));
    spec.argv = vec!["./main".into(), "write".into(), "/judge/out".into()];
    spec.binds = vec![bind];
    let outcome = boxed.run(&spec).unwrap();
    assert!(outcome.success(), "{outcome:?}");
    let said = std::fs::read_to_string(&spec.stdout).unwrap();
    let (bytes, files) = said.trim().split_once(' ').unwrap();
    let (bytes, files): (u64, u64) = (bytes.parse().unwrap(), files.parse().unwrap());
    // (fwrite counts what its buffer took before a write failed.)
    assert!(
        bytes <= MIB + 64 * 1024,
        "{bytes} bytes went into a 1 MiB folder"
    );
    assert!(files < 16, "{files} files went into a folder of 16");
    // The judge reads what the run left (after the run).
    let big = std::fs::metadata(out.join("big")).unwrap().len();
    assert!(big <= MIB, "a file of {big} bytes in a 1 MiB folder");
    // Nothing of it is on the host's disk: the folder is a tmpfs of the slot's own.
    let mut stat: libc::statfs = unsafe { std::mem::zeroed() };
    let path = std::ffi::CString::new(out.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid path and out-pointer.
    assert_eq!(unsafe { libc::statfs(path.as_ptr(), &mut stat) }, 0);
    assert_eq!(stat.f_type, libc::TMPFS_MAGIC);
    // The box goes: its folder is emptied; the sandbox goes: the tmpfs is taken off.
    drop(boxed);
    assert_eq!(std::fs::read_dir(&capped).unwrap().count(), 0);
    drop(sandbox);
    assert!(!mounted_at(&capped), "{} still mounted", capped.display());
    assert!(!capped.exists());
}

#[test]
fn what_a_run_left_in_the_capped_folder_is_not_charged_to_a_later_run() {
    // A checker's run writes 40 MiB there (charged to its cgroup); a run given the folder
    // too (the checker of the next test) comes in between; then the submission's run,
    // given nothing in it, lands in the first run's cgroup: the folder is emptied before,
    // or 40 MiB more would count against its 64 MiB limit.
    require_isolation!();
    let sandbox = sandbox(48 * MIB, 64);
    let mut boxed = sandbox.acquire().unwrap();
    common::compile_c(boxed.dir(), WRITER);
    let (out, bind) = out_folder(boxed.capped_dir());
    let scratch = tempfile::tempdir().unwrap();
    let mut spec: RunSpec = common::spec(scratch.path(), common::limits(2000, 64));
    for round in 0..3 {
        spec.argv = vec![
            "./main".into(),
            "fill".into(),
            "/judge/out".into(),
            "40".into(),
        ];
        spec.binds = vec![bind.clone()];
        let filled = boxed.run(&spec).unwrap();
        assert!(filled.success(), "round {round}: {filled:?}");
        assert_eq!(std::fs::metadata(out.join("fill")).unwrap().len(), 40 * MIB);
        spec.argv = vec!["./main".into(), "take".into(), "1".into()];
        assert!(boxed.run(&spec).unwrap().success(), "round {round}");
        spec.argv = vec!["./main".into(), "take".into(), "40".into()];
        spec.binds = vec![];
        let took = boxed.run(&spec).unwrap();
        assert!(took.success(), "round {round}: {took:?}");
        let peak = took.peak_memory_bytes;
        assert!(
            (32 * MIB..56 * MIB).contains(&peak),
            "round {round}: a peak of {peak} bytes for 40 MiB taken"
        );
        assert!(!out.exists(), "round {round}: the folder was not emptied");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::set_permissions(&out, std::os::unix::fs::PermissionsExt::from_mode(0o777))
            .unwrap();
    }
}
