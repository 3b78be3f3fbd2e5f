//! The store's tests run on both engines: SQLite in a temporary folder always, and
//! PostgreSQL in a fresh database of the test server (`JUDGE_TEST_POSTGRES`; skipped
//! without it, a failure under `JUDGE_REQUIRE_POSTGRES=1`).

use super::{DatabaseUrl, Store};

/// A SQLite store in a temporary folder.
pub(crate) fn sqlite_store() -> (Store, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    (Store::open(dir.path()).unwrap(), dir)
}

/// A PostgreSQL store in a fresh database, if there is a test server.
pub(crate) fn postgres_store() -> Option<(Store, test_postgres::FreshDatabase)> {
    let database = test_postgres::fresh_database()?;
    let url: DatabaseUrl = database.url.parse().unwrap();
    Some((Store::connect(&url).unwrap(), database))
}

/// Runs `test` on a new store of each engine; `reopen` opens the same store again.
pub(crate) fn for_each_store(test: impl Fn(Store, &dyn Fn() -> Store)) {
    let (store, dir) = sqlite_store();
    eprintln!("-- on sqlite");
    test(store, &|| Store::open(dir.path()).unwrap());
    if let Some((store, database)) = postgres_store() {
        eprintln!("-- on postgres");
        let url: DatabaseUrl = database.url.parse().unwrap();
        test(store, &|| Store::connect(&url).unwrap());
    }
}
