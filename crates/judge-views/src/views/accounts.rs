//! The accounts pages: the teacher's list of accounts (add, import a class, reset a
//! password, disable, make a teacher, API tokens) and everyone's "my account" (their
//! password, their API tokens). A password or token is shown once, on the page that
//! answers the form that made it; only its hash is kept.

use super::format;
use super::layout::{csrf_field, page, Chrome};
use judge_course::accounts::{AccountError, ImportProblem, GENERATED_PASSWORD_LENGTH};
use judge_i18n::Lang;
use judge_store::WorkerToken;
use judge_store::{ApiToken, User};
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the accounts pages and their refusals.
    pub struct AccountTexts {
        title => "Accounts", "账号管理";
        mine => "My account", "我的账号";
        name => "Name", "用户名";
        role => "Role", "角色";
        state => "State", "状态";
        teacher => "teacher", "教师";
        student => "student", "学生";
        enabled => "enabled", "正常";
        disabled => "disabled", "已停用";
        actions => "Actions", "操作";
        add => "Add an account", "添加账号";
        add_teacher => "a teacher", "设为教师";
        add_button => "Add", "添加";
        add_hint => "The password is generated and shown once: give it to its owner.", "密码自动生成，只显示一次：请交给账号的主人。";
        import => "Import a class", "导入班级";
        import_hint => "One student per line, name[,password[,group]] (a first line name,password,group is a header); a line without a password gets a generated one; the group (a class or section) is optional. Every line must be good and every name new, or nothing is imported.",
            "每行一名学生，格式为 name[,password[,group]]（首行 name,password,group 视为表头）；没有密码的行会自动生成密码；分组（班级）可省略。所有行都必须正确且用户名都未被占用，否则不导入任何账号。";
        group => "Group", "分组";
        set_group => "Set", "设置";
        now_in_group(name: &str, group: &str) => "{name} is in group {group} now.", "{name} 现在属于分组 {group}。";
        now_in_no_group(name: &str) => "{name} is in no group now.", "{name} 现在不属于任何分组。";
        bad_group(group: &str) => "Group {group:?}: a group has 1 to 64 letters, digits, spaces, '.', '_' or '-'.", "分组 {group:?}：分组名须为 1 到 64 个字母、数字、空格、'.'、'_' 或 '-'。";
        import_button => "Import", "导入";
        reset => "Reset password", "重置密码";
        disable => "Disable", "停用";
        enable => "Enable", "启用";
        make_teacher => "Make teacher", "设为教师";
        make_student => "Make student", "设为学生";
        new_token => "New API token", "新建 API 令牌";
        tokens => "API tokens", "API 令牌";
        tokens_hint => "A token lets a program (judge submit, a script) act as its account through the JSON API: keep it secret. Only its hash is kept, so it is shown once.",
            "令牌让程序（judge submit、脚本）通过 JSON API 以该账号的身份操作：请妥善保密。服务器只保存其哈希值，因此只显示一次。";
        no_tokens => "No API tokens.", "没有 API 令牌。";
        token_id => "Token", "令牌";
        owner => "Account", "账号";
        created => "Made", "创建时间";
        last_used => "Last used", "最近使用";
        never => "never", "从未";
        live => "live", "有效";
        revoked => "revoked", "已撤销";
        revoke => "Revoke", "撤销";
        shown_once => "Shown once: copy it now. It cannot be shown again.", "只显示这一次：请立即复制，之后无法再次查看。";
        password => "Password", "密码";
        password_origin => "From", "来源";
        download_passwords => "Download as CSV (name,password)", "下载 CSV（name,password）";
        worker_tokens => "Judging machines (worker tokens)", "评测机（评测机令牌）";
        worker_tokens_hint => "A worker token lets one judging machine claim submissions and fetch problems from this server, and nothing else. On the machine, in an empty folder:",
            "评测机令牌只允许一台评测机从本服务器领取提交并下载题目，别无他用。在该机器上的空文件夹中运行：";
        machine => "Machine", "评测机";
        make_worker_token => "Make a worker token", "生成评测机令牌";
        no_worker_tokens => "No judging machine has a token yet: this server judges with its own workers.", "还没有评测机令牌：本服务器用自己的评测线程评测。";
        worker_token_made(name: &str) => "The worker token of the judging machine {name}:", "评测机 {name} 的令牌：";
        worker_token_note(name: &str) => "Start it with judge worker --server URL --token TOKEN --name {name}.", "用 judge worker --server URL --token TOKEN --name {name} 启动。";
        revoke_machine => "Revoke", "吊销";
        bad_machine_name(name: &str) => "{name:?} cannot name a judging machine: 1 to 64 letters, digits, '.', '_' or '-'.", "{name:?} 不能作为评测机名称：须为 1 到 64 个字母、数字、“.”、“_”或“-”。";
        no_live_worker_token(name: &str) => "The judging machine {name} has no live worker token.", "评测机 {name} 没有有效的令牌。";
        worker_tokens_revoked(name: &str, count: usize) => "Revoked the worker tokens of {name} ({count}): its workers stop claiming.", "已吊销评测机 {name} 的令牌（{count} 个）：其评测线程不再领取提交。";
        new_password(name: &str) => "New password of {name}:", "{name} 的新密码：";
        added(name: &str) => "Account {name} was added. Its password:", "已添加账号 {name}，密码：";
        reset_done(name: &str, sessions: usize, tokens: usize) => "{name} was logged out ({sessions} sessions ended) and its API tokens were revoked ({tokens}).",
            "{name} 已被登出（结束 {sessions} 个会话），其 API 令牌已撤销（{tokens} 个）。";
        new_token_of(name: &str, id: i64) => "API token {id} of {name}:", "{name} 的 API 令牌 {id}：";
        imported(count: usize) => "{count} accounts were imported. Their passwords (generated ones and the file's):", "已导入 {count} 个账号。密码如下（自动生成的和文件中给出的）：";
        generated => "generated", "自动生成";
        password_given => "from the file", "来自文件";
        import_refused => "Nothing was imported. What is wrong:", "没有导入任何账号。问题如下：";
        line(line: u64) => "line {line}", "第 {line} 行";
        now_disabled(name: &str) => "{name} is disabled: it cannot log in, and its sessions and API tokens stopped working.", "{name} 已停用：无法登录，其会话和 API 令牌已立即失效。";
        now_enabled(name: &str) => "{name} is enabled again (its old tokens stay revoked).", "{name} 已重新启用（原有令牌仍为撤销状态）。";
        now_teacher(name: &str) => "{name} is a teacher now.", "{name} 现在是教师。";
        now_student(name: &str) => "{name} is a student now.", "{name} 现在是学生。";
        token_revoked(id: i64) => "Token {id} was revoked.", "令牌 {id} 已撤销。";
        no_live_token(id: i64) => "There is no live token {id} to revoke.", "没有可撤销的有效令牌 {id}。";
        no_action(action: &str) => "There is no account action {action:?}.", "没有账号操作 {action:?}。";
        change_password => "Change my password", "修改密码";
        current_password => "Current password", "当前密码";
        new_password_field => "New password", "新密码";
        repeat_password => "New password again", "再次输入新密码";
        password_rule(generated: usize) => "8 characters or more (a generated one has {generated}).", "至少 8 个字符（自动生成的密码为 {generated} 个）。";
        change_button => "Change", "修改";
        passwords_differ => "The two new passwords differ.", "两次输入的新密码不一致。";
        password_changed(sessions: usize, tokens: usize) => "Your password was changed. Your other sessions were ended ({sessions}) and your API tokens revoked ({tokens}).",
            "密码已修改。你的其他会话已结束（{sessions} 个），API 令牌已撤销（{tokens} 个）。";
        my_new_token(id: i64) => "Your new API token ({id}):", "你的新 API 令牌（{id}）：";
        use_token => "Use it as: Authorization: Bearer TOKEN (see the server's documentation).", "使用方式：Authorization: Bearer TOKEN（见服务器文档）。";
        bad_name_length(name: &str, count: usize) => "A user name has 1 to 64 characters, not {count}: {name:?}.", "用户名须为 1 到 64 个字符，而不是 {count} 个：{name:?}。";
        bad_name_character(name: &str, bad: char) => "User name {name:?}: {bad:?} is not allowed (letters, digits, '.', '_', '-').", "用户名 {name:?}：不允许使用 {bad:?}（只能使用字母、数字、'.'、'_'、'-'）。";
        bad_password_length(bytes: usize) => "A password has 8 to 1024 bytes, not {bytes}.", "密码须为 8 到 1024 字节，而不是 {bytes} 字节。";
        bad_fields(fields: usize) => "Expected name[,password[,group]], found {fields} fields.", "应为 name[,password[,group]]，却有 {fields} 个字段。";
        bad_csv(reason: &str) => "Not CSV: {reason}", "不是有效的 CSV：{reason}";
        repeated(name: &str, first_line: u64) => "{name} is also on line {first_line}.", "{name} 在第 {first_line} 行也出现了。";
        exists(name: &str) => "An account {name} exists already.", "账号 {name} 已存在。";
        no_such_user(name: &str) => "There is no account {name:?}.", "没有账号 {name:?}。";
        last_teacher(name: &str) => "{name} is the last enabled teacher: make another account a teacher first.", "{name} 是最后一个启用的教师账号：请先将另一个账号设为教师。";
        wrong_password => "The current password is wrong.", "当前密码错误。";
    }
}

/// An account refusal in the page's language.
pub fn refusal(lang: Lang, error: &AccountError) -> String {
    let t = AccountTexts(lang);
    match error {
        AccountError::NameLength { name, count } => t.bad_name_length(name, *count),
        AccountError::NameCharacter { name, bad } => t.bad_name_character(name, *bad),
        AccountError::PasswordLength { bytes } => t.bad_password_length(*bytes),
        AccountError::GroupName { group } => t.bad_group(group),
        AccountError::Fields { fields } => t.bad_fields(*fields),
        AccountError::Csv(reason) => t.bad_csv(reason),
        AccountError::Repeated { name, first_line } => t.repeated(name, *first_line),
        AccountError::Exists { name } => t.exists(name),
        AccountError::NoSuchUser { name } => t.no_such_user(name),
        AccountError::LastTeacher { name } => t.last_teacher(name),
        AccountError::WrongPassword => t.wrong_password().to_string(),
    }
}

/// What a form just did, shown above the page: a secret shown once, or a message.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// A message (a change made).
    Done(String),
    /// A refusal (nothing was changed).
    Refused(String),
    /// A class import refused, line by line.
    ImportRefused(Vec<ImportProblem>),
    /// A secret (a password, a token), after its caption and before a note.
    Secret {
        /// What it is.
        caption: String,
        /// The secret.
        secret: String,
        /// What else happened, if anything.
        note: Option<String>,
    },
    /// A class imported: each account, its password, and whether it was generated.
    Imported(Vec<(String, String, bool)>),
}

/// The notice of an outcome.
fn outcome(lang: Lang, outcome: &Outcome) -> Markup {
    let t = AccountTexts(lang);
    html! {
        @match outcome {
            Outcome::Done(message) => { p class="notice" id="account-done" role="status" { (message) } }
            Outcome::Refused(message) => { p class="error-message" id="account-refused" role="alert" { (message) } }
            Outcome::ImportRefused(problems) => {
                div class="error-message" id="account-refused" role="alert" {
                    p { (t.import_refused()) }
                    ul { @for problem in problems { li data-line=(problem.line) { (t.line(problem.line)) ": " (refusal(lang, &problem.reason)) } } }
                }
            }
            Outcome::Secret { caption, secret, note } => {
                section class="notice" id="account-secret" role="status" {
                    p { (caption) " " code class="secret" { (secret) } }
                    p class="hint" { (t.shown_once()) }
                    @if let Some(note) = note { p { (note) } }
                }
            }
            Outcome::Imported(created) => {
                section class="notice" id="account-secret" role="status" {
                    p { (t.imported(created.len())) }
                    p class="hint" { (t.shown_once()) }
                    table class="grid imported" {
                        thead { tr { th { (t.name()) } th { (t.password()) } th { (t.password_origin()) } } }
                        tbody { @for (name, password, generated) in created {
                            tr { td { (name) } td { code class="secret" { (password) } } td class="muted" { @if *generated { (t.generated()) } @else { (t.password_given()) } } }
                        } }
                    }
                    p { a class="button small" download="passwords.csv" href=(passwords_csv(created)) { (t.download_passwords()) } }
                }
            }
        }
    }
}

/// The imported accounts and their passwords as a CSV file (`name,password`, a header
/// first) in a `data:` address: downloaded by the browser from the page itself, so the
/// passwords are still kept nowhere but in the store's hashes.
fn passwords_csv(created: &[(String, String, bool)]) -> String {
    use judge_model::text::escape::csv_cell;
    let mut csv = String::from("name,password\r\n");
    for (name, password, _) in created {
        csv.push_str(&format!("{},{}\r\n", csv_cell(name), csv_cell(password)));
    }
    format!(
        "data:text/csv;charset=utf-8,{}",
        percent_encoding::utf8_percent_encode(&csv, percent_encoding::NON_ALPHANUMERIC)
    )
}

/// A one-button form.
fn button_form(action: &str, csrf: &str, label: &str) -> Markup {
    html! {
        form method="post" action=(action) class="inline" {
            (csrf_field(csrf))
            button type="submit" class="small" { (label) }
        }
    }
}

/// The table of API tokens; `revoke`: the address that revokes token `id`.
fn tokens_table(
    t: AccountTexts,
    tokens: &[ApiToken],
    csrf: &str,
    with_owner: bool,
    revoke: impl Fn(i64) -> String,
) -> Markup {
    html! {
        @if tokens.is_empty() {
            p class="muted" { (t.no_tokens()) }
        } @else {
            div class="scroll" { table class="grid tokens" {
                thead { tr {
                    th { (t.token_id()) }
                    @if with_owner { th { (t.owner()) } }
                    th { (t.created()) } th { (t.last_used()) } th { (t.state()) } th {}
                } }
                tbody { @for token in tokens {
                    tr data-token=(token.id) {
                        td { (token.id) }
                        @if with_owner { td { (token.user_name) } }
                        td { (format::time(token.created_at_ms)) }
                        td { @if let Some(at) = token.last_used_at_ms { (format::time(at)) } @else { (t.never()) } }
                        td { @if token.revoked { (t.revoked()) } @else { (t.live()) } }
                        td { @if !token.revoked { (button_form(&revoke(token.id), csrf, t.revoke())) } }
                    }
                } }
            } }
        }
    }
}

/// What the teacher's accounts page shows.
#[derive(Debug, Clone)]
pub struct AccountsPage {
    /// Every account, by name.
    pub users: Vec<User>,
    /// Every API token.
    pub tokens: Vec<ApiToken>,
    /// Every judging machine's worker token.
    pub worker_tokens: Vec<WorkerToken>,
    /// What the form just posted did.
    pub outcome: Option<Outcome>,
    /// The class text to show again after a refused import.
    pub class_text: String,
}

/// The teacher's accounts page.
pub fn teacher_page(chrome: &Chrome, view: &AccountsPage) -> Markup {
    let t = AccountTexts(chrome.lang);
    let csrf = chrome.csrf_token.clone().unwrap_or_default();
    let me = chrome.user.as_ref().map(|u| u.name.as_str());
    page(
        chrome,
        t.title(),
        html! {
            h1 { (t.title()) }
            @if let Some(done) = &view.outcome { (outcome(chrome.lang, done)) }
            div class="scroll" { table class="grid accounts" {
                thead { tr { th { (t.name()) } th { (t.role()) } th { (t.group()) } th { (t.state()) } th { (t.actions()) } } }
                tbody { @for user in &view.users {
                    @let base = format!("/teacher/accounts/{}", crate::links::encode_component(&user.name));
                    tr data-user=(user.name) {
                        td { (user.name) @if me == Some(user.name.as_str()) { " ✓" } }
                        td { @if user.is_teacher() { (t.teacher()) } @else { (t.student()) } }
                        td class="group" {
                            form method="post" action=(format!("{base}/group")) class="inline" {
                                (csrf_field(&csrf))
                                input type="text" name="group" maxlength="64" size="10" value=[user.group.as_deref()] aria-label=(t.group());
                                " "
                                button type="submit" { (t.set_group()) }
                            }
                        }
                        td { @if user.disabled { strong { (t.disabled()) } } @else { (t.enabled()) } }
                        td class="actions" {
                            (button_form(&format!("{base}/password"), &csrf, t.reset()))
                            @if user.disabled { (button_form(&format!("{base}/enable"), &csrf, t.enable())) }
                            @else { (button_form(&format!("{base}/disable"), &csrf, t.disable())) }
                            @if user.is_teacher() { (button_form(&format!("{base}/student"), &csrf, t.make_student())) }
                            @else { (button_form(&format!("{base}/teacher"), &csrf, t.make_teacher())) }
                            @if !user.disabled { (button_form(&format!("{base}/token"), &csrf, t.new_token())) }
                        }
                    }
                } }
            } }
            section id="add-account" {
                h2 { (t.add()) }
                form method="post" action="/teacher/accounts" class="inline" {
                    (csrf_field(&csrf))
                    label { (t.name()) " " input type="text" name="name" required maxlength="64"; }
                    " "
                    label { input type="checkbox" name="teacher" value="1"; " " (t.add_teacher()) }
                    " "
                    button type="submit" { (t.add_button()) }
                }
                p class="hint" { (t.add_hint()) }
            }
            section id="import-class" {
                h2 { (t.import()) }
                p class="hint" { (t.import_hint()) }
                form method="post" action="/teacher/accounts/import" {
                    (csrf_field(&csrf))
                    textarea name="class" rows="8" cols="40" required { (view.class_text) }
                    br;
                    button type="submit" { (t.import_button()) }
                }
            }
            section id="tokens" {
                h2 { (t.tokens()) }
                p class="hint" { (t.tokens_hint()) }
                (tokens_table(t, &view.tokens, &csrf, true, |id| format!("/teacher/tokens/{id}/revoke")))
            }
            section id="worker-tokens" {
                h2 { (t.worker_tokens()) }
                p class="hint" { (t.worker_tokens_hint()) " " code { "judge worker --server URL --token TOKEN --name NAME" } }
                form method="post" action="/teacher/worker-tokens" {
                    (csrf_field(&csrf))
                    label { (t.machine()) " " input type="text" name="name" required maxlength="64"; }
                    " "
                    button type="submit" { (t.make_worker_token()) }
                }
                (worker_tokens_table(t, &view.worker_tokens, &csrf))
            }
        },
    )
}

/// The judging machines' worker tokens, each live machine with its revoke button.
fn worker_tokens_table(t: AccountTexts, tokens: &[WorkerToken], csrf: &str) -> Markup {
    html! {
        @if tokens.is_empty() {
            p class="muted" { (t.no_worker_tokens()) }
        } @else {
            div class="scroll" { table class="grid worker-tokens" {
                thead { tr {
                    th { (t.token_id()) } th { (t.machine()) } th { (t.created()) } th { (t.last_used()) } th { (t.state()) } th {}
                } }
                tbody { @for token in tokens {
                    tr data-worker-token=(token.id) {
                        td { (token.id) }
                        td { (token.name) }
                        td { (format::time(token.created_at_ms)) }
                        td { @if let Some(at) = token.last_used_at_ms { (format::time(at)) } @else { (t.never()) } }
                        td { @if token.revoked { (t.revoked()) } @else { (t.live()) } }
                        td { @if !token.revoked {
                            (button_form(&format!("/teacher/worker-tokens/{}/revoke", crate::links::encode_component(&token.name)), csrf, t.revoke_machine()))
                        } }
                    }
                } }
            } }
        }
    }
}

/// What "my account" shows.
#[derive(Debug, Clone)]
pub struct MyAccountPage {
    /// The user's API tokens.
    pub tokens: Vec<ApiToken>,
    /// What the form just posted did.
    pub outcome: Option<Outcome>,
}

/// Everyone's own account: their password and their API tokens.
pub fn my_account(chrome: &Chrome, view: &MyAccountPage) -> Markup {
    let t = AccountTexts(chrome.lang);
    let csrf = chrome.csrf_token.clone().unwrap_or_default();
    page(
        chrome,
        t.mine(),
        html! {
            h1 { (t.mine()) @if let Some(user) = &chrome.user { ": " (user.name) } }
            @if let Some(done) = &view.outcome { (outcome(chrome.lang, done)) }
            section id="change-password" {
                h2 { (t.change_password()) }
                form method="post" action="/account/password" class="login" {
                    (csrf_field(&csrf))
                    label { (t.current_password()) input type="password" name="current" autocomplete="current-password" required; }
                    label { (t.new_password_field()) input type="password" name="new" autocomplete="new-password" minlength="8" required; }
                    label { (t.repeat_password()) input type="password" name="repeat" autocomplete="new-password" minlength="8" required; }
                    p class="hint" { (t.password_rule(GENERATED_PASSWORD_LENGTH)) }
                    button type="submit" { (t.change_button()) }
                }
            }
            section id="tokens" {
                h2 { (t.tokens()) }
                p class="hint" { (t.tokens_hint()) }
                (tokens_table(t, &view.tokens, &csrf, false, |id| format!("/account/tokens/{id}/revoke")))
                (button_form("/account/tokens", &csrf, t.new_token()))
            }
        },
    )
}
