//! What a problem id may be: the name of one folder under judge.toml's `problems_dir`
//! (and `testdata_dir`). A user who gives a path (`problems/maze`, `maze/`) is told the
//! id to give instead, not that a folder which is there has no problem.toml.

use judge_model::config::judge_toml::JudgeConfig;
use judge_model::{JudgeError, Result};
use std::path::Path;

/// Refuses an id that cannot name a problem folder, saying which id was meant.
pub fn check(config: &JudgeConfig, id: &str) -> Result<()> {
    let bad = |reason: String| {
        Err(JudgeError::BadProblemId {
            id: id.to_string(),
            reason,
        })
    };
    if id.trim().is_empty() {
        return bad("is empty: give the name of a folder under problems/ (--problem maze)".into());
    }
    if !id.contains('/') && id != "." && id != ".." {
        return Ok(());
    }
    let last = Path::new(id)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| n != "." && n != "..");
    let problems_dir = config.problems_root();
    let meant = last.filter(|name| {
        config.toml.contest.problems.iter().any(|p| &p.id == name)
            || problems_dir.join(name).join("problem.toml").is_file()
    });
    bad(format!(
        "is a path: a problem id is the name of its folder under {}, without '/'{}",
        problems_dir.display(),
        match meant {
            Some(name) => format!(" (did you mean {name:?}?)"),
            None => String::new(),
        }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> JudgeConfig {
        JudgeConfig::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../judge.toml")).unwrap()
    }

    #[test]
    fn plain_names_pass_and_paths_are_told_the_id_to_give() {
        let config = config();
        assert!(check(&config, "maze").is_ok());
        assert!(
            check(&config, "not-a-problem").is_ok(),
            "unknown ids are judge_packages::load's to name"
        );
        for given in ["problems/maze", "maze/", "./problems/maze/"] {
            let message = check(&config, given).unwrap_err().to_string();
            assert!(
                message.contains(&format!("problem id {given:?} is a path"))
                    && message.contains("(did you mean \"maze\"?)")
                    && !message.contains("problem.toml"),
                "{message}"
            );
        }
        let message = check(&config, "a/b/nowhere").unwrap_err().to_string();
        assert!(
            message.contains("without '/'") && !message.contains("did you mean"),
            "{message}"
        );
        assert!(check(&config, "")
            .unwrap_err()
            .to_string()
            .contains("is empty"));
        assert!(check(&config, "..").is_err());
    }
}
