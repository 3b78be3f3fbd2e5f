//! Precompiled headers end to end: a source that includes `bits/stdc++.h` compiles
//! against the header built once in the configured folder, with the same verdict and the
//! same compiler messages as without it; a source that does not include it builds nothing.

mod common;

use common::{fixture_with, run_json, Fixture};
use std::path::Path;

/// A fixture whose precompiled headers live in `dir` (or are off: no header listed).
fn fixture(dir: &Path, headers: bool) -> Fixture {
    let dir = dir.display().to_string();
    fixture_with(move |table| {
        let compile = table
            .entry("compile")
            .or_insert(toml::Value::Table(toml::Table::new()));
        compile
            .as_table_mut()
            .unwrap()
            .insert("precompiled_header_dir".into(), dir.into());
        if !headers {
            let cpp = table["languages"]["cpp"].as_table_mut().unwrap();
            cpp.insert("precompiled_headers".into(), toml::Value::Array(vec![]));
        }
    })
}

/// The `.gch` files under `dir`.
fn headers_built(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(next) = stack.pop() {
        for entry in std::fs::read_dir(&next).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "gch") {
                found.push(path);
            }
        }
    }
    found
}

#[test]
fn bits_stdcxx_is_precompiled_once_and_changes_neither_verdicts_nor_messages() {
    let cache = tempfile::tempdir().unwrap();
    let with = fixture(cache.path(), true);

    let plain = run_json(&with, "sum", "cpp/ac.cpp");
    assert_eq!(plain["verdict"], "AC");
    assert!(
        headers_built(cache.path()).is_empty(),
        "a source without bits/stdc++.h built a header"
    );

    let first = run_json(&with, "sum", "cpp/stdcxx_ac.cpp");
    assert_eq!(first["verdict"], "AC", "{first}");
    let built = headers_built(cache.path());
    assert_eq!(built.len(), 1, "{built:?}");
    assert!(built[0].ends_with("bits/stdc++.h.gch"), "{built:?}");
    let again = run_json(&with, "sum", "cpp/stdcxx_ac.cpp");
    assert_eq!(again["verdict"], "AC");
    assert_eq!(
        headers_built(cache.path()),
        built,
        "the header was built again"
    );

    let without_cache = tempfile::tempdir().unwrap();
    let without = fixture(without_cache.path(), false);
    let expected = run_json(&without, "sum", "cpp/stdcxx_ce.cpp");
    let got = run_json(&with, "sum", "cpp/stdcxx_ce.cpp");
    assert!(headers_built(without_cache.path()).is_empty());
    assert_eq!(got["verdict"], "CE");
    let message = got["compile"]["message"].as_str().unwrap();
    assert!(message.contains("from main.cpp:4:"), "{message}");
    assert_eq!(message, expected["compile"]["message"].as_str().unwrap());
}
