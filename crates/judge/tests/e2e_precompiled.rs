//! Precompiled headers end to end: a source that includes `bits/stdc++.h` compiles
//! against the header built once in the configured folder, with the same verdict and the
//! same compiler messages as without it; a source that does not include it builds nothing;
//! the box's compile really takes the header from the folder.

mod common;

use common::{fixture_with, run_json, Fixture};
use std::path::Path;
use std::process::Command;

/// A folder for the cache, outside /tmp: every box mounts a /tmp of its own, which would
/// hide it (the sandbox refuses such a folder).
fn cache_dir() -> tempfile::TempDir {
    tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap()
}

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
    let cache = cache_dir();
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

    let without_cache = cache_dir();
    let without = fixture(without_cache.path(), false);
    let expected = run_json(&without, "sum", "cpp/stdcxx_ce.cpp");
    let got = run_json(&with, "sum", "cpp/stdcxx_ce.cpp");
    assert!(headers_built(without_cache.path()).is_empty());
    assert_eq!(got["verdict"], "CE");
    let message = got["compile"]["message"].as_str().unwrap();
    assert!(message.contains("from main.cpp:4:"), "{message}");
    assert_eq!(message, expected["compile"]["message"].as_str().unwrap());
}

#[test]
fn the_box_compiles_with_the_header_of_the_cache() {
    compiles_with_the_header_of(cache_dir().path());
}

/// Proves that the box compiles with the header of the cache in `cache`.
fn compiles_with_the_header_of(cache: &Path) {
    let with = fixture(cache, true);
    let first = run_json(&with, "sum", "cpp/stdcxx_ac.cpp");
    assert_eq!(first["verdict"], "AC", "{first}");
    let built = headers_built(cache);
    assert_eq!(built.len(), 1, "{built:?}");
    // Against the plain header this source prints a wrong sum.
    let plain = run_json(&with, "sum", "cpp/stdcxx_needs_pch.cpp");
    assert_eq!(plain["verdict"], "WA", "{plain}");

    // In the entry's place, a header precompiled with the same flags that also defines
    // JUDGE_TEST_PCH: the next compile in the box takes it from there.
    let work = tempfile::tempdir().unwrap();
    let wrapper = work.path().join("wrapper.h");
    std::fs::write(
        &wrapper,
        "#define JUDGE_TEST_PCH 1\n#include <bits/stdc++.h>\n",
    )
    .unwrap();
    let config: toml::Table = std::fs::read_to_string(&with.config)
        .unwrap()
        .parse()
        .unwrap();
    let compile: Vec<String> = config["languages"]["cpp"]["compile"]
        .as_array()
        .unwrap()
        .iter()
        .map(|part| part.as_str().unwrap().to_string())
        .collect();
    let gch = work.path().join("poisoned.gch");
    let argv = judge_core::precompiled::header_command(
        &compile,
        "main.cpp",
        &wrapper.display().to_string(),
        &gch.display().to_string(),
    )
    .unwrap();
    let status = Command::new(&argv[0]).args(&argv[1..]).status().unwrap();
    assert!(status.success(), "{argv:?}");
    std::fs::copy(&gch, &built[0]).unwrap();
    let cached = run_json(&with, "sum", "cpp/stdcxx_needs_pch.cpp");
    assert_eq!(cached["verdict"], "AC", "{cached}");
}

#[test]
fn a_cache_under_tmp_is_seen_and_used() {
    // An isolated box has a /tmp of its own, over which each run shows the read-only
    // paths it is given under the host's /tmp (a checkout cloned into /tmp keeps its
    // caches under target/): a cache there is used, isolated or not.
    let cache = tempfile::tempdir_in("/tmp").unwrap();
    compiles_with_the_header_of(cache.path());
}
