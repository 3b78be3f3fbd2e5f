//! Clarifications and announcements: the page where students ask and read answers and
//! teachers answer and announce (the banner every page carries and the navigation entry
//! are [`super::notices`]). Every text a user wrote is escaped
//! by maud and shown as plain text (line breaks kept by the style).

use super::format;
use super::layout::{csrf_field, page, Chrome};
use super::notices::NoticeTexts;
use judge_store::{Announcement, Clarification};
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the clarifications page.
    pub struct ClarificationTexts {
        title => "Questions and announcements", "提问与公告";
        announcements => "Announcements", "公告";
        no_announcements => "No announcements yet.", "还没有公告。";
        new_mark => "new", "新";
        ask => "Ask a question", "提问";
        about => "About", "关于";
        general => "General (not about one problem)", "一般问题（不针对某道题）";
        your_question => "Your question", "你的问题";
        ask_hint(max: usize) => "The teacher answers you, or everyone when the answer concerns all (then the question is shown without your name). At most {max} characters.",
            "教师会回答你；若答案与所有人有关，则公开回答（此时问题会公开显示，但不显示你的名字）。最多 {max} 个字符。";
        ask_button => "Ask", "提交问题";
        problem => "Problem", "题目";
        general_short => "General", "一般问题";
        asked_by => "asked by", "提问者";
        your_own => "your question", "你的问题";
        answered_public => "answered to everyone", "已公开回答";
        answered_private => "answered privately", "已私下回答";
        answer_label => "Answer: ", "回答：";
        waiting => "Waiting for an answer.", "等待回答。";
        change_answer => "Change the answer", "修改回答";
        answer => "Answer", "回答";
        answer_private => "Answer privately", "私下回答";
        answer_public => "Answer to everyone", "公开回答";
        post_announcement => "Post an announcement", "发布公告";
        announcement_label => "Announcement (shown on every page of this contest)", "公告（显示在本比赛的每个页面上）";
        every_contest => "For every contest, not only this one", "发给所有比赛，而不只是本比赛";
        for_every_contest => "every contest", "所有比赛";
        announce => "Announce", "发布";
        all_questions => "Questions", "所有提问";
        your_questions => "Your questions", "你的提问";
        none_yet => "None yet.", "暂无。";
        public_answers => "Answers to everyone", "公开的回答";
    }
}

/// What the clarifications page shows.
#[derive(Debug, Clone)]
pub struct ClarificationsPage {
    /// Every announcement, newest first.
    pub announcements: Vec<Announcement>,
    /// The announcements new to the reader.
    pub unseen: Vec<i64>,
    /// The questions the reader may read, newest first (open first for teachers).
    pub clarifications: Vec<Clarification>,
    /// (id, title) of the contest's problems, for the question form.
    pub problems: Vec<(String, String)>,
    /// The problem chosen beforehand (from the problem page's link).
    pub selected_problem: Option<String>,
    /// The reader's user id.
    pub viewer_id: i64,
    /// Whether the reader is a teacher.
    pub teacher: bool,
    /// The longest question, in characters.
    pub max_question_chars: usize,
    /// The longest answer or announcement, in characters.
    pub max_answer_chars: usize,
    /// The contest, unless it is the first (the forms carry it).
    pub contest: Option<String>,
}

/// The forms' hidden contest field, unless the page is the first contest's.
fn contest_field(view: &ClarificationsPage) -> Markup {
    html! {
        @if let Some(contest) = &view.contest {
            input type="hidden" name="contest" value=(contest);
        }
    }
}

fn about(
    t: ClarificationTexts,
    view: &ClarificationsPage,
    clarification: &Clarification,
) -> Markup {
    let problems = match &view.contest {
        Some(contest) => format!("/contests/{contest}/problems/"),
        None => "/problems/".to_string(),
    };
    html! {
        @match &clarification.problem {
            Some(problem) => { (t.problem()) " " a href={ (problems) (problem) } { (problem) } }
            None => { (t.general_short()) }
        }
    }
}

fn announcement_list(t: ClarificationTexts, view: &ClarificationsPage) -> Markup {
    html! {
        section id="announcements" {
            h2 { (t.announcements()) }
            @if view.announcements.is_empty() {
                p class="muted" { (t.no_announcements()) }
            }
            @for announcement in &view.announcements {
                @let new = view.unseen.contains(&announcement.id);
                div class={ "announcement-item" @if new { " new" } } {
                    p class="muted" {
                        (format::time(announcement.posted_at_ms))
                        @if announcement.every_contest { " · " (t.for_every_contest()) }
                        @if new { " · " strong { (t.new_mark()) } }
                    }
                    p class="text" { (announcement.body) }
                }
            }
        }
    }
}

fn ask_form(t: ClarificationTexts, csrf_token: &str, view: &ClarificationsPage) -> Markup {
    html! {
        section id="ask" {
            h2 { (t.ask()) }
            form method="post" action="/clarifications" class="submit" id="ask-form" {
                (csrf_field(csrf_token))
                (contest_field(view))
                label { (t.about())
                    select name="problem" {
                        option value="" { (t.general()) }
                        @for (id, title) in &view.problems {
                            option value=(id) selected[view.selected_problem.as_deref() == Some(id.as_str())] { (id) " — " (title) }
                        }
                    }
                }
                label { (t.your_question())
                    textarea name="question" rows="5" required maxlength=(view.max_question_chars) {}
                }
                p class="hint" { (t.ask_hint(view.max_question_chars)) }
                button type="submit" { (t.ask_button()) }
            }
        }
    }
}

fn answer_form(
    t: ClarificationTexts,
    csrf_token: &str,
    view: &ClarificationsPage,
    clarification: &Clarification,
) -> Markup {
    html! {
        form method="post" action={ "/teacher/clarifications/" (clarification.id) "/answer" } class="submit answer" {
            (csrf_field(csrf_token))
            label { @if clarification.answer.is_some() { (t.change_answer()) } @else { (t.answer()) }
                textarea name="answer" rows="3" required maxlength=(view.max_answer_chars) {
                    (clarification.answer.as_deref().unwrap_or(""))
                }
            }
            div class="buttons" {
                button type="submit" name="public" value="0" { (t.answer_private()) }
                " "
                button type="submit" name="public" value="1" { (t.answer_public()) }
            }
        }
    }
}

fn clarification_item(
    t: ClarificationTexts,
    csrf_token: &str,
    view: &ClarificationsPage,
    c: &Clarification,
) -> Markup {
    let own = c.user_id == view.viewer_id;
    html! {
        div class={ "clarification" @if c.answer.is_none() { " open" } } id={ "clarification-" (c.id) } {
            p class="muted" {
                "#" (c.id) " · " (about(t, view, c)) " · " (format::time(c.asked_at_ms))
                @if view.teacher { " · " (t.asked_by()) " " strong { (c.user_name) } }
                @else if own { " · " (t.your_own()) }
                @if c.public && c.answer.is_some() { " · " span class="public" { (t.answered_public()) } }
                @else if c.answer.is_some() { " · " span class="private" { (t.answered_private()) } }
            }
            p class="text question" { (c.question) }
            @match &c.answer {
                Some(answer) => { div class="answer" { strong { (t.answer_label()) } span class="text" { (answer) } } }
                None => { p class="muted waiting" { (t.waiting()) } }
            }
            @if view.teacher { (answer_form(t, csrf_token, view, c)) }
        }
    }
}

/// The clarifications page.
pub fn page_view(chrome: &Chrome, csrf_token: &str, view: &ClarificationsPage) -> Markup {
    let (mine, public): (Vec<&Clarification>, Vec<&Clarification>) = view
        .clarifications
        .iter()
        .partition(|c| view.teacher || c.user_id == view.viewer_id);
    let t = ClarificationTexts(chrome.lang);
    page(
        chrome,
        NoticeTexts(chrome.lang).questions(),
        html! {
            h1 { (t.title()) }
            @if view.teacher {
                section id="announce" {
                    h2 { (t.post_announcement()) }
                    form method="post" action="/teacher/announcements" class="submit" id="announce-form" {
                        (csrf_field(csrf_token))
                        (contest_field(view))
                        label { (t.announcement_label())
                            textarea name="body" rows="3" required maxlength=(view.max_answer_chars) {}
                        }
                        label class="inline" {
                            input type="checkbox" name="every" value="1";
                            " " (t.every_contest())
                        }
                        button type="submit" { (t.announce()) }
                    }
                }
            }
            (announcement_list(t, view))
            @if !view.teacher { (ask_form(t, csrf_token, view)) }
            section id="questions" {
                h2 { @if view.teacher { (t.all_questions()) } @else { (t.your_questions()) } }
                @if mine.is_empty() { p class="muted" { (t.none_yet()) } }
                @for c in &mine { (clarification_item(t, csrf_token, view, c)) }
            }
            @if !view.teacher {
                section id="public-answers" {
                    h2 { (t.public_answers()) }
                    @if public.is_empty() { p class="muted" { (t.none_yet()) } }
                    @for c in &public { (clarification_item(t, csrf_token, view, c)) }
                }
            }
        },
    )
}
