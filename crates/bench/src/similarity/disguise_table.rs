//! The disguise benchmark in docs/benchmarks.md section 5: the per-level table, ours
//! beside the peers, the targets of issue 37, and every copy ours missed.

use super::disguise::{DisguiseReport, ToolRun, ALL};
use super::levels::Score;
use std::fmt::Write;

/// Issue 37: an AUC at least this at L1 to L3.
pub const TARGET_AUC_L1_L3: f64 = 0.95;

fn cell(score: Option<&Score>) -> String {
    match score {
        Some(s) if s.copies > 0 => format!("{:.2}, {}/{}", s.auc, s.above_all, s.copies),
        _ => "–".to_string(),
    }
}

fn title(tool: &ToolRun) -> String {
    match (&tool.version, &tool.not_run) {
        (_, Some(why)) => format!("{} ({why})", tool.tool),
        (Some(version), None) => format!("{} {version}", tool.tool),
        (None, None) => tool.tool.clone(),
    }
}

fn verdict(met: bool) -> &'static str {
    if met {
        "**met**"
    } else {
        "**missed**"
    }
}

/// Writes the part of the section.
pub fn render(out: &mut String, r: &DisguiseReport) {
    let tasks: Vec<String> = r
        .tasks
        .iter()
        .map(|t| {
            format!(
                "{} ({}, {} independent, {} copies)",
                t.task, t.language, t.independents, t.copies
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "### Short programs in disguise, beside Dolos and copydetect\n\nThe disguise corpus (crates/bench/disguise-corpus, its README says how it was written): {} tasks of an introductory course, {}. Per task an original, solutions written independently of it, and copies of it at the six disguise levels of Faidhi and Robinson (L1 comments and layout, L2 identifiers, L3 declarations moved, L4 code moved between functions, L5 statements replaced by equivalents, L6 control logic changed; each level does what the one before did too), and, as the row `identical`, a byte-identical copy. One class per task and level: the original, the independent solutions and that level's copies. Each tool, with its default settings, scores every file by its similarity to the original. A cell is the AUC (for each copy, the share of its task's independent solutions it ranks above, a tie counting half, averaged over the copies) and how many copies rank above every independent solution of their task. The peers are installed by `scripts/setup-similarity-peers` (into /opt/similarity-peers, where `bench similarity` looks for them unless given `--peers DIR`); each file's score, per tool, is in the JSON record.\n",
        r.tasks.len(),
        tasks.join(", ")
    );
    let _ = write!(out, "| level |");
    for tool in &r.tools {
        let _ = write!(out, " {} |", title(tool));
    }
    let _ = write!(out, "\n| --- |");
    for _ in &r.tools {
        let _ = write!(out, " --- |");
    }
    out.push('\n');
    for (row, level) in r.levels.iter().enumerate() {
        let _ = write!(out, "| {level} |");
        for tool in &r.tools {
            let _ = write!(out, " {} |", cell(tool.scores.get(row)));
        }
        out.push('\n');
    }
    out.push('\n');
    let ours = r.tools.first();
    let dolos = r
        .tools
        .iter()
        .find(|t| t.tool == "Dolos" && t.not_run.is_none());
    if let (Some(ours), Some(dolos)) = (ours, dolos) {
        let behind: Vec<&str> = r
            .levels
            .iter()
            .enumerate()
            .filter(|(_, l)| l.as_str() != ALL && l.as_str() != "identical")
            .filter(|(row, _)| {
                let auc = |t: &ToolRun| t.scores.get(*row).map_or(0.0, |s| s.auc);
                auc(ours) < auc(dolos)
            })
            .map(|(_, l)| l.as_str())
            .collect();
        let _ = writeln!(
            out,
            "Target: AUC at least Dolos's at every level: {}{}.  ",
            verdict(behind.is_empty()),
            if behind.is_empty() {
                String::new()
            } else {
                format!(" (behind at {})", behind.join(", "))
            }
        );
    } else {
        let _ = writeln!(
            out,
            "Target: AUC at least Dolos's at every level: not measured (Dolos not run).  "
        );
    }
    if let Some(ours) = ours {
        let low: Vec<String> = r
            .levels
            .iter()
            .enumerate()
            .filter(|(_, l)| matches!(l.as_str(), "L1" | "L2" | "L3"))
            .filter_map(|(row, l)| {
                let auc = ours.scores.get(row).map_or(0.0, |s| s.auc);
                (auc < TARGET_AUC_L1_L3).then(|| format!("{l} {auc:.2}"))
            })
            .collect();
        let _ = writeln!(
            out,
            "Target: AUC at least {TARGET_AUC_L1_L3} at L1–L3: {}{}.\n",
            verdict(low.is_empty()),
            if low.is_empty() {
                String::new()
            } else {
                format!(" ({})", low.join(", "))
            }
        );
        if ours.misses.is_empty() {
            let _ = writeln!(
                out,
                "Every copy ranks above every independent solution of its task by our similarity.\n"
            );
        } else {
            let misses: Vec<String> = ours
                .misses
                .iter()
                .map(|m| {
                    format!(
                        "{}/{} {:.0} % (best independent {:.0} %)",
                        m.task,
                        m.copy,
                        m.similarity * 100.0,
                        m.best_independent * 100.0
                    )
                })
                .collect();
            let _ = writeln!(
                out,
                "Copies ours does not rank above every independent solution: {}.\n",
                misses.join("; ")
            );
        }
    }
}
