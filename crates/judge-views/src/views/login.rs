//! The log-in page.

use super::layout::{csrf_field, page, Chrome};
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the log-in page.
    pub struct LoginTexts {
        title => "Log in", "登录";
        name => "Name", "用户名";
        password => "Password", "密码";
        accounts_before => "Accounts are made by the teacher (", "账号由教师创建（";
        accounts_after => ").", "）。";
        wrong => "Wrong name or password.", "用户名或密码错误。";
        disabled => "This account is disabled: ask the teacher.", "此账号已停用：请联系教师。";
        too_many(whose: &str, seconds: u64) => "Too many failed log-ins for {whose}: wait {seconds} s before trying again.",
            "{whose}登录失败次数过多：请等待 {seconds} 秒后再试。";
        this_account => "this account", "此账号";
        your_address => "your address", "你的地址";
    }
}

impl LoginTexts {
    /// Whose failed log-ins make one wait (judge-server's `login_limits::MustWait::whose`).
    pub fn whose(self, whose: &str) -> &'static str {
        if whose == "your address" {
            self.your_address()
        } else {
            self.this_account()
        }
    }
}

/// The log-in form; `error` is shown above it after a failed attempt.
pub fn login(
    chrome: &Chrome,
    csrf_token: &str,
    next: &str,
    name: &str,
    error: Option<&str>,
) -> Markup {
    let t = LoginTexts(chrome.lang);
    page(
        chrome,
        t.title(),
        html! {
            h1 { (t.title()) }
            @if let Some(error) = error { p class="error-message" role="alert" { (error) } }
            form method="post" action="/login" class="login" {
                (csrf_field(csrf_token))
                input type="hidden" name="next" value=(next);
                label { (t.name()) input type="text" name="name" value=(name) autocomplete="username" required autofocus; }
                label { (t.password()) input type="password" name="password" autocomplete="current-password" required; }
                button type="submit" { (t.title()) }
            }
            p class="hint" { (t.accounts_before()) code { "judge users add" } (t.accounts_after()) }
        },
    )
}
