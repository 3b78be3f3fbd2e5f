//! The filters and pages of a submission list: by contest, problem, verdict, language and
//! (for the teacher) student and group, 50 to a page, all in the address so that a link shows the same list.

use crate::links::encode_component;
use judge_model::Verdict;
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the lists' filters and pages.
    pub struct ListTexts {
        problem => "Problem", "题目";
        verdict => "Verdict", "结果";
        language => "Language", "语言";
        student => "Student", "学生";
        contest => "Contest", "比赛";
        group => "Group", "分组";
        all => "(all)", "（全部）";
        show => "Show", "筛选";
        newer => "← Newer", "← 较新";
        older => "Older →", "较旧 →";
        page(number: usize) => "page {number}", "第 {number} 页";
        none_match => "No submissions match.", "没有符合条件的提交。";
    }
}

/// Submissions on one page of a list.
pub const PAGE_SIZE: usize = 50;

/// A list's filters and page, as the address gives them.
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct ListQuery {
    /// Only this problem's.
    pub problem: Option<String>,
    /// Only this verdict's (its code).
    pub verdict: Option<String>,
    /// Only this language's (its id).
    pub language: Option<String>,
    /// Only this student's (their name; the teacher's list).
    pub student: Option<String>,
    /// Only this contest's (its id).
    pub contest: Option<String>,
    /// Only this group's students (the teacher's list).
    pub group: Option<String>,
    /// The page, from 1.
    pub page: Option<usize>,
    /// How many submissions a rejudge just queued (the teacher's list says so).
    pub rejudged: Option<usize>,
}

impl ListQuery {
    /// The filters without empty values ("(all)" sends an empty one).
    pub fn cleaned(mut self) -> ListQuery {
        for value in [
            &mut self.problem,
            &mut self.verdict,
            &mut self.language,
            &mut self.student,
            &mut self.contest,
            &mut self.group,
        ] {
            if value.as_deref().is_some_and(|v| v.trim().is_empty()) {
                *value = None;
            }
        }
        self
    }

    /// The page number (1 when none or 0).
    pub fn page_number(&self) -> usize {
        self.page.unwrap_or(1).max(1)
    }

    /// How many submissions come before this page.
    pub fn offset(&self) -> usize {
        (self.page_number() - 1).saturating_mul(PAGE_SIZE)
    }

    /// The address of `page` of this list under `path`.
    pub fn href(&self, path: &str, page: usize) -> String {
        let mut parts = Vec::new();
        for (name, value) in [
            ("problem", &self.problem),
            ("verdict", &self.verdict),
            ("language", &self.language),
            ("student", &self.student),
            ("contest", &self.contest),
            ("group", &self.group),
        ] {
            if let Some(value) = value {
                parts.push(format!("{name}={}", encode_component(value)));
            }
        }
        if page > 1 {
            parts.push(format!("page={page}"));
        }
        if parts.is_empty() {
            path.to_string()
        } else {
            format!("{path}?{}", parts.join("&"))
        }
    }
}

/// What the filter menus offer.
#[derive(Debug, Clone)]
pub struct FilterChoices {
    /// The contest's problems.
    pub problems: Vec<String>,
    /// (id, name) of the contest's languages.
    pub languages: Vec<(String, String)>,
    /// The students' names (the teacher's list only).
    pub students: Option<Vec<String>>,
    /// (id, title) of the course's contests (offered when there are several).
    pub contests: Vec<(String, String)>,
    /// The students' groups (the teacher's list only; offered when there are any).
    pub groups: Vec<String>,
}

fn menu(
    name: &str,
    label: &str,
    all: &str,
    options: &[(String, String)],
    chosen: Option<&str>,
) -> Markup {
    html! {
        label { (label) " "
            select name=(name) {
                option value="" { (all) }
                @for (value, text) in options {
                    option value=(value) selected[chosen == Some(value.as_str())] { (text) }
                }
            }
        }
    }
}

/// The filter form (a GET to `path`, so the address is the list).
pub fn form(path: &str, choices: &FilterChoices, query: &ListQuery) -> Markup {
    let t = ListTexts::current();
    let pairs = |items: &[String]| -> Vec<(String, String)> {
        items.iter().map(|i| (i.clone(), i.clone())).collect()
    };
    let verdicts: Vec<(String, String)> = Verdict::ALL
        .iter()
        .map(|v| (v.code().to_string(), v.code().to_string()))
        .collect();
    html! {
        form method="get" action=(path) class="filters" {
            @if choices.contests.len() > 1 {
                (menu("contest", t.contest(), t.all(), &choices.contests, query.contest.as_deref()))
            }
            @if !choices.groups.is_empty() {
                (menu("group", t.group(), t.all(), &pairs(&choices.groups), query.group.as_deref()))
            }
            @if let Some(students) = &choices.students {
                (menu("student", t.student(), t.all(), &pairs(students), query.student.as_deref()))
            }
            (menu("problem", t.problem(), t.all(), &pairs(&choices.problems), query.problem.as_deref()))
            (menu("verdict", t.verdict(), t.all(), &verdicts, query.verdict.as_deref()))
            (menu("language", t.language(), t.all(), &choices.languages, query.language.as_deref()))
            " " button type="submit" class="small" { (t.show()) }
        }
    }
}

/// The links to the newer and older pages; `has_older`: a next page exists.
pub fn pager(path: &str, query: &ListQuery, has_older: bool) -> Markup {
    let t = ListTexts::current();
    let page = query.page_number();
    html! {
        @if page > 1 || has_older {
            nav class="pager" {
                @if page > 1 { a rel="prev" href=(query.href(path, page - 1)) { (t.newer()) } " " }
                span class="muted" { (t.page(page)) }
                @if has_older { " " a rel="next" href=(query.href(path, page + 1)) { (t.older()) } }
            }
        }
    }
}
