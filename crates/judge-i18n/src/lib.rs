//! judge-i18n: the language of the web interface (English or Chinese) and its texts, for
//! every crate that draws a page (judge-course, judge-views, judge-server).
//!
//! **Which language.** A request's [`Lang`] is the `judge_lang` cookie if it has one (set
//! by the switch on every page, `GET /language?to=zh&next=/path`), else the first language
//! of its `Accept-Language` header (by q-value) that the interface has: any `zh` tag
//! (`zh`, `zh-CN`, `zh-Hans`, ...) is Chinese; anything else is English.
//! judge-server's `lang_request::middleware` decides it once per request and makes it [`current`] for everything
//! the request runs: handlers, views, error pages, and judge-server's `AppState::blocking` closures.
//! The JSON API (`/api/...`) is for programs: it always answers in English (its errors
//! carry a stable `code` besides the message, see judge-server's `http_error`).
//! A handler may also take it from the request (`Extension(lang): Extension<Lang>`); a stream that outlives the
//! handler (server-sent events) must take it that way and keep it.
//!
//! **Texts.** Every text shown to people is written through [`texts!`], which declares a
//! small catalog with the English and the Chinese of each entry side by side:
//!
//! ```ignore
//! judge_i18n::texts! {
//!     /// Texts of the submit page.
//!     pub struct SubmitTexts {
//!         title => "Submit", "提交";
//!         too_many(seconds: u64) => "Wait {seconds} s.", "请等待 {seconds} 秒。";
//!     }
//! }
//! let t = SubmitTexts::current(); // or SubmitTexts(chrome.lang)
//! html! { h1 { (t.title()) } p { (t.too_many(3)) } }
//! ```
//!
//! An entry without its Chinese does not build (the macro wants both); an entry whose
//! placeholders (`{seconds}`) differ between the languages, or whose Chinese is empty or
//! a copy of the English, fails the build too (a `const` check per entry). An entry with
//! arguments returns a `String`, one without a `&'static str`. Catalogs live next to the
//! page that uses them; the ones shared by many pages (navigation, verdicts, statuses,
//! durations) are here.

use judge_model::Verdict;

/// The cookie that remembers the reader's choice (it wins over Accept-Language).
pub const COOKIE: &str = "judge_lang";

/// How long the choice is remembered (a year).
pub const COOKIE_SECONDS: u64 = 365 * 24 * 3600;

/// A language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// Chinese (simplified).
    Zh,
}

impl Lang {
    /// Every language, in the order the switch lists them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// The code in addresses and the cookie (`en`, `zh`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The `<html lang>` value.
    pub fn html_lang(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        }
    }

    /// The language's own name (on the switch).
    pub fn label(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "中文",
        }
    }

    /// From a code (`en`, `zh`, or a tag such as `zh-CN`); None for other languages.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code
            .trim()
            .split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match primary.as_str() {
            "zh" => Some(Lang::Zh),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The language an `Accept-Language` header prefers among the interface's: the tag
    /// with the highest q-value that is English, Chinese or `*` (the first of equal ones);
    /// English when none is.
    pub fn from_accept_language(header: &str) -> Lang {
        let mut best: Option<(u16, Lang)> = None;
        for item in header.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("").trim();
            let mut quality = 1000u16;
            for parameter in parts {
                if let Some((name, value)) = parameter.split_once('=') {
                    if name.trim().eq_ignore_ascii_case("q") {
                        quality = parse_quality(value.trim()).unwrap_or(0);
                    }
                }
            }
            let lang = if tag == "*" {
                Some(Lang::default())
            } else {
                Lang::from_code(tag)
            };
            if let Some(lang) = lang.filter(|_| quality > 0) {
                if best.is_none_or(|(q, _)| quality > q) {
                    best = Some((quality, lang));
                }
            }
        }
        best.map_or_else(Lang::default, |(_, lang)| lang)
    }

    /// A request's language: its cookie's ([`COOKIE`]), else its Accept-Language's.
    pub fn of_request(cookie: Option<&str>, accept_language: &str) -> Lang {
        cookie
            .and_then(Lang::from_code)
            .unwrap_or_else(|| Lang::from_accept_language(accept_language))
    }
}

/// A q-value (`0`, `0.5`, `1.000`) in thousandths; None when malformed.
fn parse_quality(text: &str) -> Option<u16> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole = match whole {
        "0" => 0u16,
        "1" => 1,
        _ => return None,
    };
    let digits = format!("{fraction:0<3}");
    let thousandths = whole * 1000 + digits.parse::<u16>().ok()?;
    (thousandths <= 1000).then_some(thousandths)
}

/// What the request being answered is: its language and where it is (for the switch).
#[derive(Debug, Clone)]
struct RequestContext {
    lang: Lang,
    here: String,
}

tokio::task_local! {
    static REQUEST: RequestContext;
}

/// The language of the request being answered (English outside a request).
pub fn current() -> Lang {
    REQUEST.try_with(|r| r.lang).unwrap_or_default()
}

/// The path and query of the request being answered (`/problems` outside a request), for
/// the switch to come back to.
pub fn current_path() -> String {
    REQUEST
        .try_with(|r| r.here.clone())
        .unwrap_or_else(|_| "/problems".into())
}

/// Runs `f` with `lang` current (as a request would; for tests).
pub fn with_lang<T>(lang: Lang, f: impl FnOnce() -> T) -> T {
    let here = current_path();
    REQUEST.sync_scope(RequestContext { lang, here }, f)
}

/// `f`, to run elsewhere (a blocking thread) with the current request's language still
/// current there; judge-server's `AppState::blocking` wraps its closures in it.
pub fn carried<T>(f: impl FnOnce() -> T) -> impl FnOnce() -> T {
    let context = REQUEST.try_with(RequestContext::clone).ok();
    move || match context {
        Some(context) => REQUEST.sync_scope(context, f),
        None => f(),
    }
}

/// Runs `future` with `lang` current (for a stream polled after its handler returned).
pub async fn scope<F: std::future::Future>(lang: Lang, future: F) -> F::Output {
    let here = current_path();
    REQUEST.scope(RequestContext { lang, here }, future).await
}

/// Answers a request (`future`) with `lang` current and `here` (its path and query) as
/// where the language switch comes back to.
pub async fn answering<F: std::future::Future>(lang: Lang, here: String, future: F) -> F::Output {
    REQUEST.scope(RequestContext { lang, here }, future).await
}

/// Declares a catalog of texts: a `Copy` struct holding a [`Lang`], with one method per
/// entry returning that language's text (see the module documentation).
#[macro_export]
macro_rules! texts {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[$entry_meta:meta])*
                $key:ident $( ( $($arg:ident : $ty:ty),* $(,)? ) )? => $en:literal, $zh:literal;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        $vis struct $name(pub $crate::Lang);

        #[allow(dead_code)]
        impl $name {
            /// The texts in the language of the request being answered.
            pub fn current() -> Self {
                $name($crate::current())
            }

            /// Every entry: its name, its English, its Chinese.
            pub const ENTRIES: &'static [(&'static str, &'static str, &'static str)] =
                &[$((stringify!($key), $en, $zh)),*];

            $(
                $crate::texts!(@entry $(#[$entry_meta])* $key $( ( $($arg : $ty),* ) )? => $en, $zh);
            )*
        }
    };
    (@entry $(#[$entry_meta:meta])* $key:ident => $en:literal, $zh:literal) => {
        $(#[$entry_meta])*
        pub fn $key(self) -> &'static str {
            const _: () = assert!(
                $crate::translated($en, $zh),
                concat!("the Chinese of `", stringify!($key), "` is empty, a copy of the English, or has other placeholders")
            );
            match self.0 {
                $crate::Lang::En => $en,
                $crate::Lang::Zh => $zh,
            }
        }
    };
    (@entry $(#[$entry_meta:meta])* $key:ident ( $($arg:ident : $ty:ty),* ) => $en:literal, $zh:literal) => {
        $(#[$entry_meta])*
        pub fn $key(self, $($arg: $ty),*) -> String {
            const _: () = assert!(
                $crate::translated($en, $zh),
                concat!("the Chinese of `", stringify!($key), "` is empty, a copy of the English, or has other placeholders")
            );
            match self.0 {
                $crate::Lang::En => format!($en),
                $crate::Lang::Zh => format!($zh),
            }
        }
    };
}

/// Whether `zh` is a translation of `en`: not empty, not a copy (unless the English has no
/// letters to translate), and with the same placeholders (`{name}`). Evaluated at compile
/// time for every entry of every catalog.
pub const fn translated(en: &str, zh: &str) -> bool {
    let (en, zh) = (en.as_bytes(), zh.as_bytes());
    if zh.is_empty() {
        return false;
    }
    if bytes_equal(en, zh) && has_letters(en) {
        return false;
    }
    placeholders_within(en, zh) && placeholders_within(zh, en)
}

const fn bytes_equal(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn has_letters(text: &[u8]) -> bool {
    let mut i = 0;
    while i < text.len() {
        if text[i].is_ascii_alphabetic() {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether the name of every placeholder of `a` (`{name}`, `{name:02}`) is a placeholder of
/// `b` (`{{` is an escaped brace, not one).
const fn placeholders_within(a: &[u8], b: &[u8]) -> bool {
    let mut i = 0;
    while i < a.len() {
        if a[i] == b'{' {
            if i + 1 < a.len() && a[i + 1] == b'{' {
                i += 2;
                continue;
            }
            let mut end = i + 1;
            while end < a.len() && a[end] != b'}' && a[end] != b':' {
                end += 1;
            }
            if !has_placeholder(b, a, i, end) {
                return false;
            }
            i = end;
        } else {
            i += 1;
        }
    }
    true
}

/// Whether `text` has `name[start..end]` (a `{` and a name) followed by `}` or `:`.
const fn has_placeholder(text: &[u8], name: &[u8], start: usize, end: usize) -> bool {
    let length = end - start;
    let mut at = 0;
    while at + length < text.len() {
        let mut k = 0;
        while k < length && text[at + k] == name[start + k] {
            k += 1;
        }
        if k == length && (text[at + length] == b'}' || text[at + length] == b':') {
            return true;
        }
        at += 1;
    }
    false
}

texts! {
    /// The frame of every page: navigation, the user, the switch.
    pub struct FrameTexts {
        contests => "Contests", "比赛";
        problems => "Problems", "题目";
        submit => "Submit", "提交";
        my_submissions => "My submissions", "我的提交";
        scoreboard => "Scoreboard", "排行榜";
        grades => "Grades", "成绩";
        teacher => "Teacher", "教师";
        teacher_mark => " (teacher)", "（教师）";
        my_account => "My account", "我的账号";
        log_out => "Log out", "退出登录";
        log_in => "Log in", "登录";
        back_to_problems => "Back to the problems", "返回题目列表";
        language => "Language", "语言";
        error => "Error", "错误";
    }
}

texts! {
    /// The long forms of the verdicts (the codes stay as they are).
    pub struct VerdictTexts {
        accepted => "accepted", "答案正确";
        wrong_answer => "wrong answer", "答案错误";
        presentation_error => "presentation error", "格式错误";
        time_limit => "time limit exceeded", "时间超限";
        memory_limit => "memory limit exceeded", "内存超限";
        output_limit => "output limit exceeded", "输出超限";
        runtime_error => "run-time error", "运行错误";
        compile_error => "compile error", "编译错误";
        judge_error => "judge error", "评测机错误";
    }
}

impl VerdictTexts {
    /// A verdict's long form.
    pub fn of(self, verdict: Verdict) -> &'static str {
        match verdict {
            Verdict::AC => self.accepted(),
            Verdict::WA => self.wrong_answer(),
            Verdict::PE => self.presentation_error(),
            Verdict::TLE => self.time_limit(),
            Verdict::MLE => self.memory_limit(),
            Verdict::OLE => self.output_limit(),
            Verdict::RE => self.runtime_error(),
            Verdict::CE => self.compile_error(),
            Verdict::JE => self.judge_error(),
        }
    }
}

texts! {
    /// Units of durations, sizes and dates.
    pub struct UnitTexts {
        seconds(value: f64) => "{value:.2} s", "{value:.2} 秒";
        seconds_precise(value: f64) => "{value:.3} s", "{value:.3} 秒";
        minutes(value: i64) => "{value} min", "{value} 分钟";
        date_time(year: i32, month: u8, day: u8, hour: u8, minute: u8, second: u8) =>
            "{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}:{second:02} UTC",
            "{year}年{month}月{day}日 {hour:02}:{minute:02}:{second:02}（UTC）";
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_is_read_by_q_values() {
        let of = Lang::from_accept_language;
        assert_eq!(of("zh-CN,zh;q=0.9,en;q=0.8"), Lang::Zh);
        assert_eq!(of("zh"), Lang::Zh);
        assert_eq!(of("zh-Hans-CN"), Lang::Zh);
        assert_eq!(of("zh_TW"), Lang::Zh);
        assert_eq!(of("en-US,en;q=0.9"), Lang::En);
        assert_eq!(
            of("en;q=0.5, zh;q=0.8"),
            Lang::Zh,
            "the higher q wins, not the first"
        );
        assert_eq!(of("zh;q=0.5, en;q=0.8"), Lang::En);
        assert_eq!(
            of("fr-FR, zh;q=0.3"),
            Lang::Zh,
            "skips languages the interface lacks"
        );
        assert_eq!(of("fr, de;q=0.9"), Lang::En);
        assert_eq!(of("zh;q=0, en;q=0.1"), Lang::En, "q=0 means not wanted");
        assert_eq!(of("zh;q=0"), Lang::En);
        assert_eq!(of("ZH-cn;Q=1.0"), Lang::Zh);
        assert_eq!(
            of("zh;q=0.8, en;q=0.8"),
            Lang::Zh,
            "the first of equal ones"
        );
        assert_eq!(of("zh;q=abc, en;q=0.2"), Lang::En, "a malformed q is 0");
        assert_eq!(of("*"), Lang::En);
        assert_eq!(of(""), Lang::En);
        assert_eq!(of(",;;=,"), Lang::En);
    }

    #[test]
    fn q_values_parse_as_thousandths() {
        assert_eq!(parse_quality("1"), Some(1000));
        assert_eq!(parse_quality("0.8"), Some(800));
        assert_eq!(parse_quality("0.125"), Some(125));
        assert_eq!(parse_quality("1.000"), Some(1000));
        assert_eq!(parse_quality("1.5"), None);
        assert_eq!(parse_quality("0.1234"), None);
        assert_eq!(parse_quality("2"), None);
    }

    #[test]
    fn the_cookie_wins_over_accept_language() {
        assert_eq!(Lang::of_request(None, "zh-CN"), Lang::Zh);
        assert_eq!(Lang::of_request(Some("en"), "zh-CN"), Lang::En);
        assert_eq!(Lang::of_request(Some("zh"), "en"), Lang::Zh);
        assert_eq!(
            Lang::of_request(Some("klingon"), "en"),
            Lang::En,
            "a bad cookie is ignored"
        );
        assert_eq!(Lang::of_request(Some("klingon"), "zh"), Lang::Zh);
    }

    #[test]
    fn every_entry_has_both_languages() {
        for entries in [
            FrameTexts::ENTRIES,
            VerdictTexts::ENTRIES,
            UnitTexts::ENTRIES,
        ] {
            for (key, en, zh) in entries {
                assert!(
                    !en.is_empty() && translated(en, zh),
                    "{key}: {en:?} / {zh:?}"
                );
            }
        }
        assert_eq!(FrameTexts(Lang::Zh).problems(), "题目");
        assert_eq!(FrameTexts(Lang::En).problems(), "Problems");
        assert_eq!(UnitTexts(Lang::Zh).seconds(0.5), "0.50 秒");
        assert_eq!(
            UnitTexts(Lang::En).seconds(0.5),
            judge_model::text::seconds(0.5)
        );
        for verdict in Verdict::ALL {
            assert_eq!(VerdictTexts(Lang::En).of(verdict), verdict.description());
            assert_ne!(VerdictTexts(Lang::Zh).of(verdict), verdict.description());
        }
    }

    #[test]
    fn the_translation_check_catches_what_a_reader_would() {
        assert!(translated("Wait {seconds} s", "请等待 {seconds} 秒"));
        assert!(
            !translated("Wait {seconds} s", "请稍候"),
            "a lost placeholder"
        );
        assert!(
            !translated("Wait", "请等待 {seconds} 秒"),
            "an extra placeholder"
        );
        assert!(!translated("Log in", "Log in"), "a copy of the English");
        assert!(!translated("Log in", ""), "empty");
        assert!(translated("30/100", "30/100"), "nothing to translate");
        assert!(translated("{{literal}} {n}", "{n} {{字面}}"));
        assert!(translated("{n:02} s", "{n} 秒"), "formats may differ");
        assert!(!translated("{n} s", "{nn} 秒"));
    }

    #[test]
    fn the_request_language_is_current_inside_its_scope_only() {
        assert_eq!(current(), Lang::En);
        let inside = with_lang(Lang::Zh, || (current(), FrameTexts::current().submit()));
        assert_eq!(inside, (Lang::Zh, "提交"));
        assert_eq!(current(), Lang::En);
    }
}
