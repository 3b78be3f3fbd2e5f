//! The teacher's contest editor (`/teacher/contests`): every contest of the course with
//! its definition in a form (title, kind, scoring, window, freeze, languages, problems
//! and points), its version in a hidden field, the board and clock buttons, and a form
//! for a new contest; and the messages of a refused change ([`EditTexts`]), which the
//! JSON API gives too (in English).

use super::layout::{csrf_field, page, Chrome};
use judge_course::contest_view::{ContestView, LimitsView};
use maud::{html, Markup};
use std::collections::BTreeMap;

/// A contest's form that was refused: drawn again as the teacher typed it, with why.
#[derive(Debug, Clone, Default)]
pub struct Refused {
    /// The contest whose form it was (None: the new contest's).
    pub contest: Option<String>,
    /// Each field as typed, by its name.
    pub typed: BTreeMap<String, String>,
    /// The version the form was made from: kept, so that saving it again after someone
    /// else's change is refused again rather than overwriting theirs.
    pub version: Option<String>,
    /// Why it was refused: each mistake, with its field.
    pub why: Vec<Mistake>,
}

impl Refused {
    /// The mistakes of field `name`.
    fn of<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Mistake> {
        self.why.iter().filter(move |m| m.field == Some(name))
    }
}

/// A mistake in a change of a contest: the form field it belongs to (None: the change as
/// a whole) and what is wrong, in the request's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mistake {
    /// The field's name in the contest's form (`start`, `problems`, ...).
    pub field: Option<&'static str>,
    /// What is wrong.
    pub message: String,
}

impl Mistake {
    /// A mistake in field `field`.
    pub fn in_field(field: &'static str, message: String) -> Mistake {
        Mistake {
            field: Some(field),
            message,
        }
    }

    /// A mistake of the change as a whole.
    pub fn general(message: String) -> Mistake {
        Mistake {
            field: None,
            message,
        }
    }
}

/// Every mistake's message in one text (an error of the JSON API, a log line).
pub fn all_of(mistakes: &[Mistake]) -> String {
    mistakes
        .iter()
        .map(|m| m.message.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

judge_i18n::texts! {
    /// Why a change to a contest was refused.
    pub struct EditTexts {
        bad_time(field: &str, text: &str) => "{field} {text:?} is not an RFC 3339 time such as 2026-12-01T09:00:00Z or 2026-12-01 09:00+08:00 (a time needs its offset from UTC).",
            "{field} {text:?} 不是 RFC 3339 格式的时间（例如 2026-12-01T09:00:00Z 或 2026-12-01 09:00+08:00；时间须带时区偏移）。";
        id_fixed(id: &str) => "A contest's id cannot change (its submissions are filed under {id:?}).",
            "比赛的 ID 不能修改（其提交记录归在 {id:?} 之下）。";
        id_needed => "A new contest needs an id.", "新比赛需要一个 ID。";
        bad_id(id: &str) => "{id:?} cannot be a contest id: an id is 1 to 64 letters, digits, '-' and '_'.",
            "{id:?} 不能作为比赛 ID：ID 由 1 到 64 个字母、数字、“-”和“_”组成。";
        id_in_use(id: &str) => "The course already has a contest {id:?}: choose another id.",
            "课程中已有比赛 {id:?}，请换一个 ID。";
        bad_title(max: usize) => "A contest needs a title of 1 to {max} characters.", "比赛标题须为 1 到 {max} 个字符。";
        first_is_a_contest => "The first contest ([contest] in judge.toml) is a contest, not a homework set.",
            "第一场比赛（judge.toml 中的 [contest]）只能是比赛，不能是作业。";
        end_or_duration => "Give the first contest an end or a length in minutes, not both.",
            "第一场比赛请给出结束时间或时长（分钟），不要同时给出。";
        end_needs_start => "An end needs a start.", "设置结束时间需要先设置开始时间。";
        end_before_start => "The end must be after the start.", "结束时间必须晚于开始时间。";
        whole_minutes => "The first contest's length is whole minutes: its end must be a whole number of minutes after its start.",
            "第一场比赛的时长以整分钟计：结束时间与开始时间须相差整数分钟。";
        late_for_homework => "Late submissions (late_until) are for homework sets.", "迟交截止时间（late_until）仅适用于作业。";
        late_rule_for_homework => "A late penalty and extensions are for homework sets.", "迟交扣分规则和延期仅适用于作业。";
        bad_extension_line(line: &str) => "An extension is a student and a time: {line:?}.", "延期应为学生和时间：{line:?}。";
        bad_weight => "The weight must be a number, 0 or more.", "权重必须是不小于 0 的数。";
        bad_late_penalty(why: &str) => "The late penalty is not one: {why}.", "迟交扣分规则无效：{why}。";
        extension_before_deadline(student: &str) => "The extension of {student:?} is before the deadline.", "{student:?} 的延期早于截止时间。";
        duration_first_only => "A length in minutes is for the first contest; give this one an end.",
            "时长（分钟）仅用于第一场比赛；此比赛请设置结束时间。";
        start_needed => "This contest needs a start.", "此比赛需要开始时间。";
        deadline_needed => "A homework set needs a deadline (its end).", "作业需要截止时间（即结束时间）。";
        late_before_end => "Late submissions must close after the deadline.", "迟交截止时间必须晚于截止时间。";
        freeze_needs_end => "A freeze counts back from the end: give the contest an end.", "封榜时间从结束时间倒数：请先设置结束时间。";
        bad_group(group: &str) => "\"{group}\" is not a group: a group has 1 to 64 letters, digits, spaces, '.', '_' or '-'.", "“{group}”不是有效的分组名：分组名由 1 到 64 个字母、数字、空格、'.'、'_' 或 '-' 组成。";
        no_languages => "Give at least one language (or none at all for every language).", "请至少给出一种语言（或留空表示全部语言）。";
        unknown_language(language: &str, known: &str) => "There is no language {language:?} (the course has: {known}).",
            "没有语言 {language:?}（课程中的语言：{known}）。";
        unknown_problem(id: &str) => "There is no problem {id:?}: no contest lists it and there is no folder of that name among the problems.",
            "没有题目 {id:?}：没有比赛列出它，题目目录中也没有同名文件夹。";
        problem_twice(id: &str) => "Problem {id:?} is listed twice.", "题目 {id:?} 列出了两次。";
        bad_points(id: &str) => "Problem {id:?}: points must be a number, 0 or more.", "题目 {id:?}：分值必须是不小于 0 的数。";
        version_needed(version: &str) => "Name the version you changed (the `version` field or an If-Match header); it is {version} now.",
            "请给出你所修改的版本（`version` 字段或 If-Match 请求头）；当前版本为 {version}。";
        changed_meanwhile(id: &str) => "Contest {id:?} was changed by someone else since you loaded it: reload, and make your change again.",
            "比赛 {id:?} 在你打开之后已被他人修改：请刷新页面后重新修改。";
        not_taken_in(error: &str) => "The change was not made: the server cannot use the course with it ({error}).",
            "修改未生效：服务器无法使用修改后的课程（{error}）。";
        first_stays => "The first contest ([contest] in judge.toml) cannot be deleted: change it instead.",
            "第一场比赛（judge.toml 中的 [contest]）不能删除，只能修改。";
        has_submissions(id: &str, count: usize) => "Contest {id:?} has {count} submissions: it is not deleted (they would lose their contest). End it instead.",
            "比赛 {id:?} 已有 {count} 份提交，不能删除（这些提交会失去所属比赛）。请改为结束比赛。";
        limits_changed_meanwhile(id: &str) => "The limits of problem {id:?} were changed by someone else since you loaded them: reload, and make your change again.",
            "题目 {id:?} 的限制在你打开之后已被他人修改：请刷新页面后重新修改。";
        bad_seconds(text: &str) => "The time limit {text:?} is not a number of seconds.", "时间限制 {text:?} 不是秒数。";
        bad_mebibytes(text: &str) => "The memory limit {text:?} is not a whole number of MiB.", "内存限制 {text:?} 不是整数 MiB。";
        unknown_action(action: &str) => "There is no action {action:?}.", "没有操作 {action:?}。";
        bad_number(field: &str, text: &str) => "{field} {text:?} is not a whole number of minutes.", "{field} {text:?} 不是整数分钟。";
        bad_fraction(field: &str, text: &str) => "{field} {text:?} is not a number.", "{field} {text:?} 不是数字。";
        bad_problem_line(line: &str) => "The problem line {line:?} is not `ID POINTS` (optionally followed by all-tests).",
            "题目行 {line:?} 的格式不是“ID 分值”（后面可加 all-tests）。";
    }
}

judge_i18n::texts! {
    /// Texts of the contest editor page.
    pub struct EditorTexts {
        title => "Edit contests", "编辑比赛";
        refused => "Not saved:", "未保存：";
        intro => "Every change is written to judge.toml (its comments kept) and takes effect at once.",
            "每次修改都会写入 judge.toml（保留其中的注释），并立即生效。";
        first => "first contest", "第一场比赛";
        version => "version", "版本";
        contest_title => "Title", "标题";
        kind => "Kind", "类型";
        kind_contest => "contest", "比赛";
        kind_homework => "homework", "作业";
        scoring => "Scoring", "计分方式";
        start => "Start", "开始";
        end => "End (homework: deadline)", "结束（作业：截止时间）";
        duration => "Length in minutes", "时长（分钟）";
        freeze => "Freeze minutes before the end", "结束前封榜分钟数";
        late_until => "Late submissions until", "迟交截止";
        weight => "Weight in the grades", "在总成绩中的权重";
        late_factor => "Late work counts (a factor, e.g. 0.8; empty: in full)", "迟交按比例计分（如 0.8；留空表示不扣分）";
        late_per_day => "or loses per day late (e.g. 0.1)", "或每迟交一天扣除（如 0.1）";
        late_floor => "down to at least (e.g. 0.5)", "最低不低于（如 0.5）";
        extensions => "Extensions, one a line: student and their deadline", "延期，每行一个：学生和其截止时间";
        languages => "Languages (ids, comma-separated; empty: all)", "语言（编号，用逗号分隔；留空表示全部）";
        for_groups => "For the groups (comma-separated; empty: every student)", "面向的分组（用逗号分隔；留空表示全部学生）";
        problems => "Problems, one a line: id and points; add", "题目，每行一个：编号和分值；末尾加";
        problems_after => "to run every test", "表示运行全部测试";
        times_hint => "Each time is a date and time with its offset from UTC beside it (+08:00; Z: UTC), filled in with the offset of the course's times (before the course has any, with this browser's). Where the browser shows a text field, type e.g. 2026-12-01 09:00, or the whole time with its offset (2026-12-01 09:00+08:00, 2026-12-01T01:00:00Z); empty: none.",
            "每个时间由日期时间和其旁边的 UTC 时差组成（+08:00；Z 表示 UTC），时差已按课程中已有的时间填好（课程尚无时间时，按本浏览器的时区）。浏览器显示为文本框时，请输入如 2026-12-01 09:00，或带时差的完整时间（2026-12-01 09:00+08:00、2026-12-01T01:00:00Z）；留空表示无。";
        offset => "offset from UTC", "UTC 时差";
        save => "Save", "保存";
        now => "Now:", "当前：";
        phase_not_started => "not started", "未开始";
        phase_running => "running", "进行中";
        phase_late => "past the deadline", "已过截止时间";
        phase_over => "over", "已结束";
        frozen => "board frozen", "已封榜";
        public => "board public", "排行榜公开";
        freeze_now => "Freeze now", "立即封榜";
        unfreeze => "Unfreeze", "解除封榜";
        end_now => "End now", "立即结束";
        publish => "Publish the final board", "公布最终排行榜";
        delete => "Delete", "删除";
        new_contest => "New contest", "新建比赛";
        id => "Id (letters, digits, - and _)", "编号（字母、数字、- 和 _）";
        create => "Create", "创建";
        limits => "Problem limits", "题目限制";
        limits_intro => "Written in the problem's problem.toml (a package: its stored time limit); in force at once.",
            "写入题目的 problem.toml（导入的题目包：其保存的时间限制）；立即生效。";
        problem => "Problem", "题目";
        time_limit => "Time (s)", "时间（秒）";
        memory_limit => "Memory (MiB)", "内存（MiB）";
        not_loaded => "does not load", "无法加载";
        last_verify => "Last", "最近一次";
        never_verified => "not verified yet: run", "尚未验证：请运行";
        verify_passed(at: &str) => "{at}, passed", "{at}，通过";
        verify_failed(at: &str) => "{at}, failed", "{at}，未通过";
        slowest_accepted(cpu: &str, limit: &str, file: &str) => "slowest accepted {cpu} s of {limit} s ({file})", "最慢的通过提交 {cpu} 秒，限制 {limit} 秒（{file}）";
        closest_too_slow(cpu: &str, limit: &str, file: &str) => "closest too slow {cpu} s against {limit} s ({file})", "最接近限制的超时提交 {cpu} 秒，限制 {limit} 秒（{file}）";
        suggested(limit: &str) => "its rule suggests {limit} s", "规则建议 {limit} 秒";
        unreadable => "its record cannot be read", "其记录无法读取";
    }
}

fn field(label: &str, name: &str, value: &str, refused: Option<&Refused>) -> Markup {
    html! {
        label { (label) " " input type="text" name=(name) value=(value) aria-invalid=[invalid(refused, name)]; }
        (mistakes_of(refused, name))
        br;
    }
}

/// `aria-invalid` of field `name`: "true" when a refused form has a mistake in it.
fn invalid(refused: Option<&Refused>, name: &str) -> Option<&'static str> {
    refused
        .is_some_and(|r| r.of(name).next().is_some())
        .then_some("true")
}

/// A time field's values: the date and time (`2026-12-07T09:00`), the offset from UTC
/// beside it, and whether that offset is only UTC for want of any other (the course has
/// no time yet): the page's script then puts the browser's own offset in its place.
struct TimeValue {
    local: String,
    offset: String,
    offset_is_a_guess: bool,
}

/// A time field: the browser's date-and-time field and beside it the offset from UTC
/// (field `NAME_offset`), which the server puts after the time. A browser without the
/// date-and-time field shows a text field, which takes a time typed with its offset too.
fn time_field(
    t: EditorTexts,
    label: &str,
    name: &str,
    value: TimeValue,
    refused: Option<&Refused>,
) -> Markup {
    html! {
        label { (label) " " input type="datetime-local" name=(name) value=(value.local) aria-invalid=[invalid(refused, name)]; }
        " "
        label { (t.offset()) " " input type="text" size="6" name=(format!("{name}_offset")) value=(value.offset) data-browser-offset[value.offset_is_a_guess]; }
        (mistakes_of(refused, name))
        br;
    }
}

/// A time of the definition as the form's time field shows it: the date and time as a
/// browser's date-and-time field takes them (`2026-12-07T09:00`, with the seconds when
/// there are any) and its offset from UTC (`+08:00`, `Z`); None when it is not a time.
fn local_and_offset(text: &str) -> Option<(String, String)> {
    let time = judge_model::text::parse_typed_time(text)?;
    let mut local = format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}",
        time.year(),
        u8::from(time.month()),
        time.day(),
        time.hour(),
        time.minute()
    );
    if time.second() != 0 {
        local.push_str(&format!(":{:02}", time.second()));
    }
    let offset = time.offset();
    let offset = if offset.is_utc() {
        "Z".to_string()
    } else {
        let (hours, minutes, _) = offset.as_hms();
        let sign = if offset.is_negative() { '-' } else { '+' };
        format!(
            "{sign}{:02}:{:02}",
            hours.unsigned_abs(),
            minutes.unsigned_abs()
        )
    };
    Some((local, offset))
}

/// The mistakes of field `name` of a refused form, beside it.
fn mistakes_of(refused: Option<&Refused>, name: &str) -> Markup {
    html! {
        @if let Some(refused) = refused {
            @for mistake in refused.of(name) {
                " " span class="error-message field-mistake" data-field=(name) { (mistake.message) }
            }
        }
    }
}

fn problems_text(view: &ContestView) -> String {
    view.definition
        .problems
        .iter()
        .map(|p| {
            let mut line = format!("{} {}", p.id, judge_model::text::points_exact(p.points));
            if p.feedback == "all-tests" {
                line.push_str(" all-tests");
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The definition fields of a contest's form (`view`: the contest's values; None: a new
/// contest's).
/// A field as typed, when the form was refused, wins over the contest's value.
fn definition_fields(
    t: EditorTexts,
    view: Option<&ContestView>,
    refused: Option<&Refused>,
    course_offset: Option<&str>,
) -> Markup {
    let typed = refused.map(|r| &r.typed);
    // A time field's date and time and its offset: as typed, else the definition's, else
    // empty with the course's offset (UTC, to be guessed by the browser, when the course
    // has no time yet).
    let time = |name: &str, stored: Option<&String>| {
        let as_typed = |name: &str| typed.and_then(|f| f.get(name)).cloned();
        let typed_offset = as_typed(&format!("{name}_offset"));
        let parsed = stored.and_then(|s| local_and_offset(s));
        let offset_is_a_guess =
            typed_offset.is_none() && course_offset.is_none() && parsed.is_none();
        let (local, offset) = parsed.unwrap_or_else(|| {
            (
                stored.cloned().unwrap_or_default(),
                course_offset.unwrap_or("Z").to_string(),
            )
        });
        TimeValue {
            local: as_typed(name).unwrap_or(local),
            offset_is_a_guess,
            offset: typed_offset.unwrap_or(offset),
        }
    };
    let d = view.map(|v| &v.definition);
    let number = |value: Option<u32>| value.map(|m| m.to_string()).unwrap_or_default();
    let first = d.is_some_and(|d| d.first);
    let kind = typed
        .and_then(|f| f.get("kind"))
        .map_or_else(|| d.map_or("contest", |d| d.kind), String::as_str);
    let scoring = typed
        .and_then(|f| f.get("scoring"))
        .map_or_else(|| d.map_or("ioi", |d| d.scoring), String::as_str);
    let field = |label: &str, name: &str, value: &str| match typed.and_then(|f| f.get(name)) {
        Some(as_typed) => field(label, name, as_typed, refused),
        None => field(label, name, value, refused),
    };
    let area =
        |name: &str, value: String| typed.and_then(|f| f.get(name)).cloned().unwrap_or(value);
    html! {
        (field(t.contest_title(), "title", &d.map(|d| d.title.clone()).unwrap_or_default()))
        @if !first {
            label { (t.kind()) " "
                select name="kind" {
                    option value="contest" selected[kind == "contest"] { (t.kind_contest()) }
                    option value="homework" selected[kind == "homework"] { (t.kind_homework()) }
                }
            }
            (mistakes_of(refused, "kind"))
            br;
        }
        label { (t.scoring()) " "
            select name="scoring" {
                option value="ioi" selected[scoring == "ioi"] { "IOI" }
                option value="icpc" selected[scoring == "icpc"] { "ICPC" }
            }
        }
        (mistakes_of(refused, "scoring"))
        br;
        p class="muted" { (t.times_hint()) }
        (time_field(t, t.start(), "start", time("start", d.and_then(|d| d.start.as_ref())), refused))
        @if first {
            (field(t.duration(), "duration_minutes", &number(d.and_then(|d| d.duration_minutes))))
        } @else {
            (time_field(t, t.end(), "end", time("end", d.and_then(|d| d.end.as_ref())), refused))
            (time_field(t, t.late_until(), "late_until", time("late_until", d.and_then(|d| d.late_until.as_ref())), refused))
            (field(t.late_factor(), "late_factor", &d.and_then(|d| d.late_penalty.and_then(|p| p.factor)).map(|v| v.to_string()).unwrap_or_default()))
            (field(t.late_per_day(), "late_per_day", &d.and_then(|d| d.late_penalty.and_then(|p| p.per_day)).map(|v| v.to_string()).unwrap_or_default()))
            (field(t.late_floor(), "late_floor", &d.and_then(|d| d.late_penalty.and_then(|p| p.floor)).map(|v| v.to_string()).unwrap_or_default()))
            label { (t.extensions()) br;
                textarea name="extensions" rows="2" cols="40" {
                    (area("extensions", d.map(|d| d.extensions.iter().map(|(s, u)| format!("{s} {u}\n")).collect::<String>()).unwrap_or_default()))
                }
            }
            (mistakes_of(refused, "extensions"))
            br;
        }
        (field(t.weight(), "weight", &d.map(|d| d.weight.to_string()).unwrap_or_else(|| "1".into())))
        (field(t.freeze(), "freeze_minutes", &number(d.and_then(|d| d.freeze_minutes))))
        (field(t.languages(), "languages", &d.and_then(|d| d.languages.as_ref()).map(|l| l.join(", ")).unwrap_or_default()))
        (field(t.for_groups(), "for_groups", &d.map(|d| d.for_groups.join(", ")).unwrap_or_default()))
        label { (t.problems()) " " code { "all-tests" } " " (t.problems_after()) br;
            textarea name="problems" rows="4" cols="40" { (area("problems", view.map(problems_text).unwrap_or_default())) }
        }
        (mistakes_of(refused, "problems"))
        br;
    }
}

/// The page: each contest's form and buttons, the new contest's form, then each
/// problem's limits (or why it does not load).
///
/// A refused form (`refused`) is drawn again as typed, its reason above it.
pub fn page_of(
    chrome: &Chrome,
    contests: &[ContestView],
    limits: &[(String, Result<LimitsView, String>)],
    csrf: &str,
    refused: Option<&Refused>,
) -> Markup {
    let t = EditorTexts(chrome.lang);
    // The offset an empty time field offers: the one the course's times were written
    // with (the first that has one); None: the course has no time yet.
    let course_offset = contests
        .iter()
        .flat_map(|c| [&c.definition.start, &c.definition.end])
        .find_map(|time| time.as_deref().and_then(local_and_offset))
        .map(|(_, offset)| offset);
    let refused_here = |contest: Option<&str>| refused.filter(|r| r.contest.as_deref() == contest);
    let reason = |refused: Option<&Refused>| {
        html! {
            @if let Some(refused) = refused {
                div class="error-message contest-refused" role="alert" {
                    strong { (t.refused()) }
                    ul { @for mistake in &refused.why { li { (mistake.message) } } }
                }
            }
        }
    };
    page(
        chrome,
        t.title(),
        html! {
            h1 { (t.title()) }
            p { (t.intro()) }
            @for view in contests {
                section class="contest-editor" id=(format!("contest-{}", view.definition.id)) {
                    h2 {
                        (view.definition.title) " "
                        code { (view.definition.id) }
                        @if view.definition.first { " · " span class="muted" { (t.first()) " " code { "[contest]" } } }
                    }
                    p class="muted" {
                        (t.now()) " "
                        (match view.phase {
                            "not-started" => t.phase_not_started(),
                            "running" => t.phase_running(),
                            "late" => t.phase_late(),
                            _ => t.phase_over(),
                        })
                        " · "
                        @if view.frozen { (t.frozen()) } @else { (t.public()) }
                        " · " (t.version()) " " code { (view.version) }
                    }
                    @let refused = refused_here(Some(&view.definition.id));
                    (reason(refused))
                    form method="post" action=(format!("/teacher/contests/{}", view.definition.id)) {
                        (csrf_field(csrf))
                        input type="hidden" name="version" value=(refused.and_then(|r| r.version.as_deref()).unwrap_or(&view.version));
                        (definition_fields(t, Some(view), refused, course_offset.as_deref()))
                        button type="submit" { (t.save()) }
                    }
                    form method="post" action=(format!("/teacher/contests/{}/action", view.definition.id)) class="inline" {
                        (csrf_field(csrf))
                        input type="hidden" name="version" value=(view.version);
                        @if view.frozen {
                            button type="submit" name="action" value="unfreeze" { (t.unfreeze()) }
                        } @else {
                            button type="submit" name="action" value="freeze" { (t.freeze_now()) }
                        }
                        " "
                        button type="submit" name="action" value="end" { (t.end_now()) }
                        " "
                        button type="submit" name="action" value="publish" { (t.publish()) }
                        @if !view.definition.first {
                            " "
                            button type="submit" name="action" value="delete" { (t.delete()) }
                        }
                    }
                }
            }
            section class="contest-editor" id="new-contest" {
                h2 { (t.new_contest()) }
                @let refused = refused_here(None);
                (reason(refused))
                form method="post" action="/teacher/contests" {
                    (csrf_field(csrf))
                    (field(t.id(), "id", refused.and_then(|r| r.typed.get("id")).map_or("", String::as_str), refused))
                    (definition_fields(t, None, refused, course_offset.as_deref()))
                    button type="submit" { (t.create()) }
                }
            }
            section class="contest-editor" id="limits" {
                h2 { (t.limits()) }
                p class="muted" { (t.limits_intro()) }
                table {
                    tr { th { (t.problem()) } th { (t.time_limit()) } th { (t.memory_limit()) } th {} th { (t.last_verify()) " " code { "judge verify" } } }
                    @for (id, shown) in limits {
                        tr {
                            td { code { (id) } }
                            @match shown {
                                Ok(view) => {
                                    @let form = format!("limits-{id}");
                                    td { input form=(form) type="text" size="6" name="time_limit_s" value=(view.time_limit_s.map(|s| s.to_string()).unwrap_or_default()); }
                                    td { input form=(form) type="text" size="6" name="memory_mib" value=(view.memory_mib); }
                                    td {
                                        form id=(form) method="post" action=(format!("/teacher/problems/{id}/limits")) {
                                            (csrf_field(csrf))
                                            input type="hidden" name="version" value=(view.version);
                                            button type="submit" { (t.save()) }
                                        }
                                    }
                                    td class="last-verify" { (last_verify(t, view)) }
                                }
                                Err(why) => { td colspan="4" class="muted" { (t.not_loaded()) ": " span lang="en" { (why) } } }
                            }
                        }
                    }
                }
            }
        },
    )
}

/// Verify's last figures beside a problem's limits: when, whether it passed, the slowest
/// accepted submission and the closest too slow one against their limits, the rule's
/// suggestion.
fn last_verify(t: EditorTexts, view: &LimitsView) -> Markup {
    let Some(record) = &view.last_verify else {
        return match &view.last_verify_unreadable {
            Some(why) => {
                html! { span class="muted" { (t.unreadable()) ": " span lang="en" { (why) } } }
            }
            None => {
                html! { span class="muted" { (t.never_verified()) " " code { "judge verify" } } }
            }
        };
    };
    let seconds = |s: f64| format!("{s:.2}");
    let mut parts = vec![if record.passed {
        t.verify_passed(&record.verified_at)
    } else {
        t.verify_failed(&record.verified_at)
    }];
    if let Some(slowest) = &record.slowest_accepted {
        parts.push(t.slowest_accepted(
            &seconds(slowest.cpu_s),
            &seconds(slowest.limit_s),
            &slowest.file,
        ));
    }
    if let Some(close) = &record.closest_too_slow {
        parts.push(t.closest_too_slow(&seconds(close.cpu_s), &seconds(close.limit_s), &close.file));
    }
    if let Some(limit) = record.suggested_time_limit_s {
        parts.push(t.suggested(&seconds(limit)));
    }
    html! { (parts.join("; ")) }
}

#[cfg(test)]
mod tests {
    use super::local_and_offset;

    #[test]
    fn a_time_is_shown_as_a_date_and_time_and_its_offset() {
        let shown = |text: &str| local_and_offset(text).unwrap();
        assert_eq!(
            shown("2026-12-07T09:00:00+08:00"),
            ("2026-12-07T09:00".into(), "+08:00".into())
        );
        assert_eq!(
            shown("2026-12-07T01:00:30Z"),
            ("2026-12-07T01:00:30".into(), "Z".into())
        );
        assert_eq!(
            shown("2026-12-07 09:00-03:30"),
            ("2026-12-07T09:00".into(), "-03:30".into())
        );
        assert_eq!(local_and_offset("2026-12-07 09:00"), None);
    }
}
