//! The teacher's package import page in Chromium (tests/browser/import.mjs): from the
//! dashboard, a broken package's errors on the page, then a sound Kattis package uploaded
//! through the form becomes a problem with its statement and a place in the list.
//! JUDGE_SCREENSHOTS=DIR saves import.png there (docs/screenshots). Skips like the other
//! browser tests (see browser.rs), failing instead under JUDGE_REQUIRE_BROWSER=1.

use crate::browser::{browser_folder, chromium, Serving};
use crate::http_import::{package, server_with_problems_folder, zipped};
use std::process::Command;

#[test]
fn a_teacher_uploads_a_package_in_chromium() {
    let Some(folder) = browser_folder() else {
        return;
    };
    let (problems, mut test_server) = server_with_problems_folder(0, |_| {});
    let files = tempfile::tempdir().unwrap();
    let good = files.path().join("double.zip");
    std::fs::write(&good, zipped(&package("double"))).unwrap();
    let bad = files.path().join("broken.zip");
    let broken = files.path().join("broken");
    std::fs::create_dir(&broken).unwrap();
    std::fs::write(broken.join("problem.yaml"), "name: [not closed\n").unwrap();
    std::fs::write(&bad, zipped(&broken)).unwrap();

    let runtime = tokio::runtime::Runtime::new().unwrap();
    let serving = Serving::start(&runtime, test_server.server.take().unwrap());
    let mut command = Command::new("node");
    command
        .arg(folder.join("import.mjs"))
        .current_dir(&folder)
        .env("JUDGE_URL", format!("http://{}", serving.address))
        .env("TEACHER", "teacher")
        .env("TEACHER_PASSWORD", "teacherteacher")
        .env("GOOD_ZIP", &good)
        .env("BAD_ZIP", &bad)
        .env("CHROMIUM", chromium());
    // A relative folder is the repository's (JUDGE_SCREENSHOTS=docs/screenshots).
    if let Some(dir) = std::env::var_os("JUDGE_SCREENSHOTS") {
        command.env("SCREENSHOTS", crate::common::repository().join(dir));
    }
    let output = command.output().unwrap();
    serving.stop(&runtime);
    assert!(
        output.status.success(),
        "the import browser test failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(problems.path().join("doubled/problem.yaml").is_file());
    assert!(!problems.path().join("broken").exists());
}
