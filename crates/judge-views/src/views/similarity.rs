//! The teacher's similarity page for one problem: the ranked pairs, and one pair side by
//! side (the similarity crate's table and pair view, styled by /static/similarity.css).

use super::layout::{page as frame, Chrome};
use maud::{html, Markup};
#[cfg(test)]
use similarity::report::html::MEANING;
use similarity::report::html::{pair_view, pairs_table, Labels};
use similarity::report::{PairRow, Summary};
use similarity::{Analysis, BadInput};

judge_i18n::texts! {
    /// Texts of the similarity page.
    pub struct SimilarityTexts {
        title(problem: &str) => "Similarity: {problem}", "代码相似度：{problem}";
        meaning => "A pair's similarity is the share of both files' code that the other file also has, after both are reduced to what the code does (names, comments, layout and types do not count; loops, updates and I/O are compared in one canonical form) and code common to many students or given as base code is left out. A high score is a reason to look at the two files, not proof that one was copied: short programs for the same problem can be alike by chance, and a student may have shared their code without copying.",
            "两份代码的相似度，是把两者都化简为代码实际做的事之后（变量名、注释、排版和类型不计；循环、自增和输入输出按统一形式比较），并去掉许多学生共有的代码和作为基础代码发下的代码，每份代码中与对方相同的部分所占的比例。分数高说明值得查看这两份代码，但不能证明抄袭：同一道题的短程序可能碰巧相似，学生也可能是自己的代码被别人拿去了。";
        summary(students: usize, threshold: String, flagged: usize) => "Each student's latest submission: {students} students; pairs at or above {threshold}: {flagged}.",
            "比较每个学生最近一次提交：共 {students} 名学生；相似度不低于 {threshold} 的有 {flagged} 对。";
        nothing_shared => "No two students' submissions share anything beyond common code.", "除共有代码外，没有两名学生的提交有相同之处。";
        pair(a: &str, b: &str) => "{a} and {b}", "{a} 与 {b}";
        nobody(problem: &str) => "No student has submitted a solution to {problem} yet.", "还没有学生提交题目 {problem}。";
        not_compared => "Not compared", "未比较";
        no_pair(rank: usize, problem: &str) => "There is no pair ranked {rank} for {problem}.", "题目 {problem} 没有排第 {rank} 的一对。";
        empty => "empty file", "空文件";
        binary => "not a text file (NUL bytes or invalid UTF-8)", "不是文本文件（含 NUL 字节或无效的 UTF-8）";
        too_large(bytes: usize, limit: usize) => "{bytes} bytes: larger than the {limit} bytes compared", "{bytes} 字节：超过可比较的上限 {limit} 字节";
        unparseable(percent: String) => "unparseable: {percent} of it is syntax errors", "无法解析：其中 {percent} 是语法错误";
        no_code => "no code: only comments, declarations or imports", "没有代码：只有注释、声明或导入语句";
        unknown_language(language: &str) => "cannot compare {language} files (C, C++, Java, Python and Rust can be)", "无法比较 {language} 代码（可比较 C、C++、Java、Python 和 Rust）";
        grammar => "the language's grammar could not be loaded (a build problem of the server):", "无法加载该语言的语法（服务器的构建问题）：";
        unreadable => "it could not be read:", "无法读取：";
        student => "student", "学生";
        similarity => "Similarity", "相似度";
        share_of_first => "share of the first", "第一份中的占比";
        share_of_second => "share of the second", "第二份中的占比";
        side_by_side => "side by side", "并排对比";
        fragments => "matching fragments, each in the same colour on both sides (click one to find its twin).", "个匹配片段，两侧以相同颜色标出（点击一个可跳到另一侧的对应片段）。";
        common_code => "Code common to many students or handed out as base code is not highlighted and does not count.", "许多学生共有的代码和作为基础代码发下的代码不标出，也不计入。";
        matches => "matches", "相同";
    }
}

impl SimilarityTexts {
    /// The similarity crate's words in this language.
    pub fn labels(self) -> Labels<'static> {
        Labels {
            student: self.student(),
            similarity: self.similarity(),
            share_of_first: self.share_of_first(),
            share_of_second: self.share_of_second(),
            side_by_side: self.side_by_side(),
            fragments: self.fragments(),
            common_code: self.common_code(),
            matches: self.matches(),
        }
    }
}

/// What the page shows.
#[derive(Debug, Clone)]
pub struct Page {
    /// The problem.
    pub problem: String,
    /// The analysis of its students' latest submissions.
    pub analysis: Analysis,
    /// Its rows.
    pub summary: Summary,
    /// The pair to show side by side (its rank), if any.
    pub selected: Option<usize>,
}

impl Page {
    /// The pair ranked `rank` (1 is the most similar).
    pub fn row(&self, rank: usize) -> Option<&PairRow> {
        self.summary
            .problems
            .first()
            .and_then(|p| p.pairs.iter().find(|r| r.rank == rank))
    }
}

/// Why a file was not compared, in the page's language (the similarity crate's reasons
/// are typed; their own words are the English of `judge similarity`). What a library
/// said (a grammar's or the file system's error) is shown as it is.
fn reason(t: SimilarityTexts, reason: &BadInput) -> Markup {
    html! {
        @match reason {
            BadInput::Empty => (t.empty()),
            BadInput::Binary => (t.binary()),
            BadInput::TooLarge { bytes, limit } => (t.too_large(*bytes, *limit)),
            BadInput::Unparseable { error_share } => (t.unparseable(format!("{:.0} %", error_share * 100.0))),
            BadInput::NoCode => (t.no_code()),
            BadInput::UnknownLanguage(language) => (t.unknown_language(language)),
            BadInput::Grammar(detail) => { (t.grammar()) " " samp { (detail) } }
            BadInput::Unreadable(detail) => { (t.unreadable()) " " samp { (detail) } }
            BadInput::Refused(detail) => { samp { (detail) } }
        }
    }
}

/// The page.
pub fn page(chrome: &Chrome, view: &Page) -> Markup {
    let problem = &view.problem;
    let rows = view.summary.problems.first();
    let analysis = view.analysis.problems.first();
    let href = |row: &PairRow| format!("/teacher/similarity/{problem}?pair={}#pair", row.rank);
    let t = SimilarityTexts(chrome.lang);
    let labels = t.labels();
    frame(
        chrome,
        &t.title(problem),
        html! {
            link rel="stylesheet" href="/static/similarity.css";
            script src="/static/similarity.js" defer {}
            div class="similarity" {
                h1 { (t.title(problem)) }
                p class="note" { (t.meaning()) }
                @match (rows, analysis) {
                    (Some(rows), Some(analysis)) => {
                        p class="note" {
                            (t.summary(
                                rows.students,
                                format!("{:.0} %", view.summary.threshold * 100.0),
                                rows.pairs.iter().filter(|p| p.similarity >= view.summary.threshold).count(),
                            ))
                        }
                        @if rows.pairs.is_empty() {
                            p { (t.nothing_shared()) }
                        } @else {
                            (pairs_table(rows, view.summary.threshold, &href, &labels))
                        }
                        @if let Some(row) = view.selected.and_then(|rank| view.row(rank)) {
                            section class="pair-view open" id="pair" {
                                h2 { (t.pair(&row.student_a, &row.student_b)) }
                                (pair_view(analysis, row, view.analysis.options.k, &labels))
                            }
                        }
                    }
                    _ => { p { (t.nobody(problem)) } }
                }
                @if !view.summary.skipped.is_empty() {
                    h2 { (t.not_compared()) }
                    ul { @for s in &view.summary.skipped { li { (s.student) ", " (s.file) ": " (reason(t, &s.reason)) } } }
                }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_i18n::Lang;

    #[test]
    fn the_english_is_the_similarity_crates() {
        assert_eq!(SimilarityTexts(Lang::En).meaning(), MEANING);
        assert_eq!(SimilarityTexts(Lang::En).labels(), Labels::ENGLISH);
        let reasons = [
            BadInput::Empty,
            BadInput::Binary,
            BadInput::TooLarge {
                bytes: 300_000,
                limit: 200_000,
            },
            BadInput::Unparseable { error_share: 0.75 },
            BadInput::NoCode,
            BadInput::UnknownLanguage("Haskell".into()),
        ];
        for why in &reasons {
            let english = reason(SimilarityTexts(Lang::En), why).into_string();
            assert_eq!(english, why.to_string(), "the crate's words in English");
            let chinese = reason(SimilarityTexts(Lang::Zh), why).into_string();
            assert_ne!(chinese, english);
        }
        let chinese = reason(SimilarityTexts(Lang::Zh), &reasons[3]).into_string();
        assert_eq!(chinese, "无法解析：其中 75 % 是语法错误");
        let unreadable = BadInput::Unreadable("<Permission denied>".into());
        assert_eq!(
            reason(SimilarityTexts(Lang::Zh), &unreadable).into_string(),
            "无法读取： <samp>&lt;Permission denied&gt;</samp>"
        );
    }
}
