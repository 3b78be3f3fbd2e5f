//! The self-test page: problem, language, source and input; the run's output, stderr,
//! time, memory and how it ended, and the output's picture when the problem has a
//! visualizer. Everything the program wrote is shown escaped.

use super::format;
use super::layout::{csrf_field, page, Chrome};
use judge_course::self_test::Outcome;
use judge_model::Verdict;
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the self-test page.
    pub struct SelfTestTexts {
        title => "Run on my input", "在线自测";
        intro => "Runs your program on your input in the judge's sandbox, with the problem's limits for the language. It is not a submission: it is not scored, not on the scoreboard and not in your submissions.",
            "在评测沙箱中用你自己的输入运行程序，使用该题对该语言的限制。这不是提交：不计分，不上排行榜，也不出现在你的提交记录中。";
        problem => "Problem", "题目";
        language => "Language", "语言";
        source => "Your source", "你的源代码";
        input => "Input", "输入";
        hint(source_kib: usize, input_kib: usize, per_minute: usize) => "At most {source_kib} KiB of source and {input_kib} KiB of input; {per_minute} runs a minute, one at a time.",
            "源代码最多 {source_kib} KiB，输入最多 {input_kib} KiB；每分钟最多运行 {per_minute} 次，同一时间只能运行一个。";
        run => "Run", "运行";
        result => "Result", "运行结果";
        compile_error => "Compile error", "编译错误";
        ok => "OK: the program ended normally", "正常：程序正常结束";
        cpu => "CPU time", "CPU 时间";
        wall => "Wall time", "实际时间";
        memory => "Memory", "内存";
        output => "Output", "输出";
        stderr => "Stderr", "标准错误输出";
        truncated => "(cut: only the start is shown)", "（已截断：只显示开头）";
        empty => "(empty)", "（空）";
        interactive => "This problem is interactive: its input comes from the interactor, so it cannot be run on an input of your own. Submit to test it.",
            "本题是交互题：输入来自交互器，无法用你自己的输入运行。请提交来测试。";
    }
}

/// What the self-test page shows.
#[derive(Debug, Clone)]
pub struct SelfTestPage {
    /// (id, title) of each problem.
    pub problems: Vec<(String, String)>,
    /// (id, name) of each allowed language.
    pub languages: Vec<(String, String)>,
    /// The problem chosen.
    pub problem: Option<String>,
    /// The language chosen.
    pub language: Option<String>,
    /// The source sent (kept in the form).
    pub source: String,
    /// The input sent (kept in the form).
    pub input: String,
    /// The largest source, in bytes.
    pub max_source_bytes: usize,
    /// The largest input, in bytes.
    pub max_input_bytes: usize,
    /// Runs a minute.
    pub per_minute: usize,
    /// The run's outcome, after a run.
    pub outcome: Option<Outcome>,
    /// The contest, unless it is the first (the form carries it).
    pub contest: Option<String>,
    /// Why the chosen problem cannot be self-tested, if it cannot.
    pub refused: Option<String>,
}

fn shown(t: SelfTestTexts, text: &str, truncated: bool) -> Markup {
    html! {
        @if text.is_empty() { p class="muted" { (t.empty()) } }
        @else { pre { code { (text) } } }
        @if truncated { p class="hint" { (t.truncated()) } }
    }
}

fn outcome_view(t: SelfTestTexts, outcome: &Outcome) -> Markup {
    html! {
        section class="self-test-result" id="self-test-result" {
            h2 { (t.result()) }
            @match outcome {
                Outcome::CompileError(message) => {
                    p { (format::verdict(Verdict::CE)) " " strong { (t.compile_error()) } }
                    pre class="compile-message" { code { (message) } }
                }
                Outcome::Ran { verdict, message, output, output_truncated, stderr, stderr_truncated, cpu_time_s, wall_time_s, peak_memory_bytes, picture } => {
                    p class="self-test-status" {
                        @if *verdict == Verdict::AC {
                            span class="verdict v-AC" { "OK" } " " (t.ok())
                        } @else {
                            (format::verdict(*verdict)) " " (message)
                        }
                    }
                    dl class="facts" {
                        dt { (t.cpu()) } dd { (judge_i18n::UnitTexts::current().seconds_precise(*cpu_time_s)) }
                        dt { (t.wall()) } dd { (judge_i18n::UnitTexts::current().seconds_precise(*wall_time_s)) }
                        dt { (t.memory()) } dd { (format::bytes(*peak_memory_bytes)) }
                    }
                    h3 { (t.output()) }
                    div class="self-test-output" { (shown(t, output, *output_truncated)) }
                    @if let Some(picture) = picture { (super::picture::own_input(picture)) }
                    h3 { (t.stderr()) }
                    div class="self-test-stderr" { (shown(t, stderr, *stderr_truncated)) }
                }
            }
        }
    }
}

/// The form, and the result of the run when there is one.
pub fn page_view(chrome: &Chrome, csrf_token: &str, view: &SelfTestPage) -> Markup {
    let t = SelfTestTexts(chrome.lang);
    page(
        chrome,
        t.title(),
        html! {
            h1 { (t.title()) }
            p class="hint" { (t.intro()) }
            @if let Some(refused) = &view.refused { p class="notice" role="alert" { (refused) } }
            @if let Some(outcome) = &view.outcome { (outcome_view(t, outcome)) }
            form method="post" action="/self-test" enctype="multipart/form-data" class="submit" id="self-test-form" {
                (csrf_field(csrf_token))
                @if let Some(contest) = &view.contest {
                    input type="hidden" name="contest" value=(contest);
                }
                label { (t.problem())
                    select name="problem" required {
                        @for (id, title) in &view.problems {
                            option value=(id) selected[view.problem.as_deref() == Some(id.as_str())] { (id) " — " (title) }
                        }
                    }
                }
                label { (t.language())
                    select name="language" required {
                        @for (id, name) in &view.languages {
                            option value=(id) selected[view.language.as_deref() == Some(id.as_str())] { (name) }
                        }
                    }
                }
                label { (t.source())
                    textarea name="source" rows="14" spellcheck="false" autocomplete="off" required { (view.source) }
                }
                label { (t.input())
                    textarea name="input" rows="6" spellcheck="false" autocomplete="off" { (view.input) }
                }
                p class="hint" { (t.hint(view.max_source_bytes / 1024, view.max_input_bytes / 1024, view.per_minute)) }
                button type="submit" { (t.run()) }
            }
        },
    )
}
