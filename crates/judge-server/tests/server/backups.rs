//! Scheduled backups (`judge serve --backup-every`): a running server backs its store up
//! at the interval, keeps the newest few, and each one is a whole store.

use crate::common::TestServer;
use judge_server::options::BackupSchedule;
use judge_server::store::backup;
use std::time::{Duration, Instant};

#[test]
fn a_server_backs_its_store_up_at_the_interval_keeping_the_newest() {
    let server = TestServer::with(
        0,
        |_| {},
        |options| {
            options.backups = Some(BackupSchedule {
                every: Duration::from_millis(250),
                keep: 2,
            })
        },
    );
    let folder = server._dir.path().join("data").join("backups");
    let listed = || -> Vec<std::path::PathBuf> {
        let mut files: Vec<_> = std::fs::read_dir(&folder)
            .map(|entries| entries.map(|e| e.unwrap().path()).collect())
            .unwrap_or_default();
        files.retain(|f| f.extension().is_some_and(|e| e == "sqlite3"));
        files.sort();
        files
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut seen = std::collections::BTreeSet::new();
    while seen.len() < 4 {
        assert!(Instant::now() < deadline, "backups so far: {seen:?}");
        let files = listed();
        // The new one is renamed into place a moment before the oldest goes.
        assert!(files.len() <= 3, "kept more than 2: {files:?}");
        seen.extend(files);
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut server = server;
    server.server.take().unwrap().stop();
    let kept = listed();
    assert_eq!(kept.len(), 2, "{kept:?}");
    seen.extend(kept.iter().cloned());
    let newest: Vec<_> = seen.iter().rev().take(2).rev().cloned().collect();
    assert_eq!(kept, newest);
    for file in kept {
        let contents = backup::inspect(&file).unwrap();
        assert_eq!(contents.schema_version, judge_server::store::SCHEMA_VERSION);
        assert_eq!(contents.rows("users"), 3, "{}", file.display());
    }
}
