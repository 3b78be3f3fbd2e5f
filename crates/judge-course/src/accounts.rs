//! Accounts: name rules, generated passwords, argon2 hashes, and the operations behind
//! `judge users add` and `judge users import` and the teacher's accounts page: one way to
//! do each thing. A refusal is an [`AccountError`] (its English is the command line's;
//! the pages translate it, `views::accounts::refusal`).

use crate::error::{Result, ServerError};
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use judge_model::course::{check_group_name, MAX_GROUP_CHARS};
use judge_store::{AccountChange, NewUser, PasswordReset, Role, Store, StoreError, User};
use sha2::{Digest, Sha256};

/// Letters of generated passwords: no 0/O, 1/l/I, so they can be read aloud and copied.
const PASSWORD_ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/// Length of generated passwords (about 70 bits).
pub const GENERATED_PASSWORD_LENGTH: usize = 12;
/// Longest accepted name.
pub const MAX_NAME_CHARS: usize = 64;
/// Longest accepted password (argon2 takes any length; this bounds the work per request).
pub const MAX_PASSWORD_BYTES: usize = 1024;

/// Why an account operation was refused: bad input, or a rule of the accounts. Each is
/// the person's doing (a 400 or 409 for a browser), never the server's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccountError {
    /// A name too short or too long.
    #[error("a user name has 1 to {MAX_NAME_CHARS} characters, not {count}: {name:?}")]
    NameLength {
        /// The name given.
        name: String,
        /// Its characters.
        count: usize,
    },
    /// A name with a character names may not have.
    #[error("user name {name:?}: {bad:?} is not allowed (letters, digits, '.', '_', '-')")]
    NameCharacter {
        /// The name given.
        name: String,
        /// The first character refused.
        bad: char,
    },
    /// A group name too long, or with a character group names may not have.
    #[error("group {group:?}: a group has 1 to {MAX_GROUP_CHARS} letters, digits, spaces, '.', '_' or '-'")]
    GroupName {
        /// The group given.
        group: String,
    },
    /// A password too short or too long.
    #[error("a password has 8 to {MAX_PASSWORD_BYTES} bytes, not {bytes}")]
    PasswordLength {
        /// Its bytes.
        bytes: usize,
    },
    /// A class file's line with other than one to three fields.
    #[error("expected name[,password[,group]], found {fields} fields")]
    Fields {
        /// How many it has.
        fields: usize,
    },
    /// A class file that is not CSV.
    #[error("{0}")]
    Csv(String),
    /// A name given twice in one class file.
    #[error("{name} is also on line {first_line}")]
    Repeated {
        /// The name.
        name: String,
        /// The line it was first on.
        first_line: u64,
    },
    /// An account of that name exists.
    #[error("user {name} already exists")]
    Exists {
        /// The name.
        name: String,
    },
    /// No account has that name.
    #[error("no user named {name}")]
    NoSuchUser {
        /// The name.
        name: String,
    },
    /// The change would leave no enabled teacher.
    #[error("{name} is the last enabled teacher: make another teacher first")]
    LastTeacher {
        /// The account.
        name: String,
    },
    /// The current password given with a change is not the account's.
    #[error("the current password is wrong")]
    WrongPassword,
}

impl AccountError {
    /// The refusal `error` is, if it is one (the store's rules become account refusals;
    /// anything else is the server's failure).
    pub fn of(error: ServerError) -> std::result::Result<AccountError, ServerError> {
        match error {
            ServerError::Account(refusal) => Ok(refusal),
            ServerError::Store(StoreError::UserExists { name }) => {
                Ok(AccountError::Exists { name })
            }
            ServerError::Store(StoreError::NoSuchUser { name }) => {
                Ok(AccountError::NoSuchUser { name })
            }
            ServerError::Store(StoreError::LastTeacher { name }) => {
                Ok(AccountError::LastTeacher { name })
            }
            other => Err(other),
        }
    }

    /// Whether it refuses because of what exists (409), rather than bad input (400).
    pub fn is_conflict(&self) -> bool {
        matches!(
            self,
            AccountError::Exists { .. } | AccountError::LastTeacher { .. }
        )
    }
}

/// `result` with a refusal apart from a failure: `Ok(Err(refusal))` for the person's
/// mistake (an answer in their language), `Err` for the server's failure (a 500 or 503).
pub fn refusal_apart<T>(result: Result<T>) -> Result<std::result::Result<T, AccountError>> {
    match result {
        Ok(value) => Ok(Ok(value)),
        Err(error) => AccountError::of(error).map(Err),
    }
}

/// Random bytes from the operating system.
pub fn random_bytes<const N: usize>() -> Result<[u8; N]> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| ServerError::Random(e.to_string()))?;
    Ok(bytes)
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 of a token, in hex.
pub fn token_sha256(token: &str) -> String {
    hex(Sha256::digest(token.as_bytes()).as_slice())
}

/// A fresh random password of [`GENERATED_PASSWORD_LENGTH`] characters.
pub fn generate_password() -> Result<String> {
    let mut password = String::with_capacity(GENERATED_PASSWORD_LENGTH);
    // Rejection sampling keeps every letter equally likely.
    let limit = 256 - 256 % PASSWORD_ALPHABET.len();
    while password.len() < GENERATED_PASSWORD_LENGTH {
        for byte in random_bytes::<32>()? {
            if (byte as usize) < limit && password.len() < GENERATED_PASSWORD_LENGTH {
                password.push(PASSWORD_ALPHABET[byte as usize % PASSWORD_ALPHABET.len()] as char);
            }
        }
    }
    Ok(password)
}

/// Checks a log-in name: 1 to 64 letters, digits, `.`, `_` or `-`.
pub fn check_name(name: &str) -> Result<()> {
    let count = name.chars().count();
    if count == 0 || count > MAX_NAME_CHARS {
        return Err(ServerError::Account(AccountError::NameLength {
            name: name.to_string(),
            count,
        }));
    }
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || matches!(c, '.' | '_' | '-')))
    {
        return Err(ServerError::Account(AccountError::NameCharacter {
            name: name.to_string(),
            bad,
        }));
    }
    Ok(())
}

/// Checks a group's name by judge-model's rule ([`check_group_name`]: 1 to 64 letters,
/// digits, '.', '_', '-' and inner spaces).
pub fn check_group(group: &str) -> Result<()> {
    check_group_name(group).map_err(|_| {
        ServerError::Account(AccountError::GroupName {
            group: group.to_string(),
        })
    })
}

/// Checks a chosen password: 8 to 1024 bytes.
pub fn check_password(password: &str) -> Result<()> {
    if password.len() < 8 || password.len() > MAX_PASSWORD_BYTES {
        return Err(ServerError::Account(AccountError::PasswordLength {
            bytes: password.len(),
        }));
    }
    Ok(())
}

/// The argon2id hash of a password (PHC string, with a random salt). Takes tens of
/// milliseconds on purpose: call it off the async runtime.
pub fn hash_password(password: &str) -> Result<String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| ServerError::PasswordHash(e.to_string()))
}

/// Whether `password` matches a stored hash (false for a malformed hash).
pub fn verify_password(password: &str, hash: &str) -> bool {
    Argon2::default()
        .verify_password(password.as_bytes(), hash)
        .is_ok()
}

/// Adds an account with `password`, or a generated one; returns the password.
pub fn add_user(store: &Store, name: &str, role: Role, password: Option<&str>) -> Result<String> {
    add_member(store, name, role, password, None)
}

/// Adds an account with `password`, or a generated one, in `group`, if any; returns the
/// password.
pub fn add_member(
    store: &Store,
    name: &str,
    role: Role,
    password: Option<&str>,
    group: Option<&str>,
) -> Result<String> {
    check_name(name)?;
    if let Some(group) = group {
        check_group(group)?;
    }
    let password = match password {
        Some(given) => {
            check_password(given)?;
            given.to_string()
        }
        None => generate_password()?,
    };
    store.add_users(&[NewUser {
        name: name.to_string(),
        password_hash: hash_password(&password)?,
        role,
        group: group.map(str::to_string),
    }])?;
    Ok(password)
}

/// Gives an account a new generated password, ending its sessions and revoking its API
/// tokens; returns the password and what was ended.
pub fn reset_password(store: &Store, name: &str) -> Result<(String, PasswordReset)> {
    let password = generate_password()?;
    match store.reset_password_hash(name, &hash_password(&password)?)? {
        Some(reset) => Ok((password, reset)),
        None => Err(no_such_user(name)),
    }
}

fn no_such_user(name: &str) -> ServerError {
    ServerError::Account(AccountError::NoSuchUser {
        name: name.to_string(),
    })
}

/// An account's own change of its password: `current` must be its password and `new`
/// follow [`check_password`]; its other sessions end and its API tokens are revoked (the
/// session `keep_session_sha256` stays).
pub fn change_own_password(
    store: &Store,
    user: &User,
    current: &str,
    new: &str,
    keep_session_sha256: &str,
) -> Result<PasswordReset> {
    let Some((_, hash)) = store.user_by_name(&user.name)? else {
        return Err(no_such_user(&user.name));
    };
    if current.len() > MAX_PASSWORD_BYTES || !verify_password(current, &hash) {
        return Err(ServerError::Account(AccountError::WrongPassword));
    }
    check_password(new)?;
    Ok(store.change_own_password_hash(user.id, &hash_password(new)?, keep_session_sha256)?)
}

/// Disables, enables, changes the role or the group of an account (see
/// [`Store::change_account`]: never leaves the course without an enabled teacher).
pub fn change_account(store: &Store, name: &str, change: AccountChange) -> Result<User> {
    if let AccountChange::Group(Some(group)) = &change {
        check_group(group)?;
    }
    Ok(store.change_account(name, change)?)
}

/// The prefix of API tokens (so that a token pasted somewhere is recognisable).
pub const TOKEN_PREFIX: &str = "judge_";

/// Makes a new API token for `name` (`judge users token NAME`); returns its id and the
/// token, which is shown once: only its SHA-256 is stored.
pub fn issue_token(store: &Store, name: &str) -> Result<(i64, String)> {
    let Some((user, _)) = store.user_by_name(name)? else {
        return Err(no_such_user(name));
    };
    issue_token_for(store, &user)
}

/// What every worker token starts with (an account's token never does).
pub const WORKER_TOKEN_PREFIX: &str = "judgeworker_";

/// Whether `name` can name a judging machine: 1 to 64 letters, digits, `.`, `_`, `-`
/// (it is part of its workers' lease owners, `MACHINE/WORKER`).
pub fn valid_machine_name(name: &str) -> bool {
    (1..=64).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// Makes a worker token for the judging machine `name` (1 to 64 letters, digits, `.`,
/// `_`, `-`); returns its id and the token, shown once (only its hash is kept).
pub fn issue_worker_token(store: &Store, name: &str) -> Result<(i64, String)> {
    if !valid_machine_name(name) {
        return Err(crate::ServerError::Task(format!(
            "a judging machine's name is 1 to 64 letters, digits, '.', '_' or '-', not {name:?}"
        )));
    }
    let token = format!("{WORKER_TOKEN_PREFIX}{}", hex(&random_bytes::<32>()?));
    let id = store.add_worker_token(name, &token_sha256(&token))?;
    Ok((id, token))
}

/// Makes a new API token for `user` (as [`issue_token`]; the "my account" page's).
pub fn issue_token_for(store: &Store, user: &User) -> Result<(i64, String)> {
    let token = format!("{TOKEN_PREFIX}{}", hex(&random_bytes::<32>()?));
    let id = store.add_token(user.id, &token_sha256(&token))?;
    Ok((id, token))
}

/// One line of an import that did not become an account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportProblem {
    /// The line number (1-based).
    pub line: u64,
    /// Why.
    pub reason: AccountError,
}

/// What an import did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ImportReport {
    /// Accounts created, with their passwords (generated ones, or the file's).
    pub created: Vec<(String, String, bool)>,
    /// Lines skipped, with the reason.
    pub skipped: Vec<ImportProblem>,
}

/// A line of a class file: a student's name and the password it gives, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassLine {
    /// The line number (1-based).
    pub line: u64,
    /// The log-in name (checked).
    pub name: String,
    /// The file's password (checked), or None for a generated one.
    pub password: Option<String>,
    /// The file's group (checked), if any.
    pub group: Option<String>,
}

/// Reads a class file, CSV text of `name[,password[,group]]` lines (an empty password
/// is a generated one); a first line whose first field is `name` is a header; blank
/// lines are ignored. Returns the good lines and the
/// problems of the others (a bad name, a short password, a name twice), each named by
/// its line; whether a name is taken is the store's to say.
pub fn parse_class(csv_text: &str) -> (Vec<ClassLine>, Vec<ImportProblem>) {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(csv_text.as_bytes());
    let mut lines: Vec<ClassLine> = Vec::new();
    let mut problems = Vec::new();
    for (index, record) in reader.records().enumerate() {
        let line = index as u64 + 1;
        let record = match record {
            Ok(record) => record,
            Err(error) => {
                problems.push(ImportProblem {
                    line,
                    reason: AccountError::Csv(error.to_string()),
                });
                continue;
            }
        };
        let line = record.position().map_or(line, |p| p.line());
        let fields: Vec<&str> = record.iter().collect();
        if fields.iter().all(|f| f.is_empty()) {
            continue;
        }
        if index == 0 && fields[0].eq_ignore_ascii_case("name") {
            continue;
        }
        if fields.len() > 3 {
            problems.push(ImportProblem {
                line,
                reason: AccountError::Fields {
                    fields: fields.len(),
                },
            });
            continue;
        }
        let name = fields[0];
        let password = fields.get(1).copied().filter(|p| !p.is_empty());
        let group = fields.get(2).copied().filter(|g| !g.is_empty());
        let checked = check_name(name)
            .and_then(|()| password.map_or(Ok(()), check_password))
            .and_then(|()| group.map_or(Ok(()), check_group));
        match checked.map_err(AccountError::of) {
            Ok(()) => {}
            Err(Ok(reason)) => {
                problems.push(ImportProblem { line, reason });
                continue;
            }
            // The checks refuse with account errors only.
            Err(Err(other)) => {
                problems.push(ImportProblem {
                    line,
                    reason: AccountError::Csv(other.to_string()),
                });
                continue;
            }
        }
        if let Some(first) = lines.iter().find(|l| l.name == name) {
            problems.push(ImportProblem {
                line,
                reason: AccountError::Repeated {
                    name: name.to_string(),
                    first_line: first.line,
                },
            });
            continue;
        }
        lines.push(ClassLine {
            line,
            name: name.to_string(),
            password: password.map(str::to_string),
            group: group.map(str::to_string),
        });
    }
    (lines, problems)
}

/// Imports students from CSV text ([`parse_class`]) line by line: a line that cannot be
/// imported (a bad name, a short password, an existing user) is reported and the rest go
/// on (`judge users import`).
pub fn import_students(store: &Store, csv_text: &str) -> Result<ImportReport> {
    let (lines, mut skipped) = parse_class(csv_text);
    let mut report = ImportReport::default();
    for class_line in lines {
        let given = class_line.password.as_deref();
        let group = class_line.group.as_deref();
        let added = add_member(store, &class_line.name, Role::Student, given, group);
        match added.map_err(AccountError::of) {
            Ok(password) => report
                .created
                .push((class_line.name, password, given.is_none())),
            Err(Ok(reason)) => skipped.push(ImportProblem {
                line: class_line.line,
                reason,
            }),
            Err(Err(other)) => return Err(other),
        }
    }
    skipped.sort_by_key(|p| p.line);
    report.skipped = skipped;
    Ok(report)
}

/// A class imported (each account's name, password, and whether it was generated), or
/// why nothing was.
pub type ImportedClass = std::result::Result<Vec<(String, String, bool)>, Vec<ImportProblem>>;

/// Imports a whole class or nothing (the teacher's accounts page): every line of
/// [`parse_class`] must be good and every name new, else nothing is added and the
/// problems are returned, each named by its line. Returns the accounts made, with their
/// passwords and whether each was generated.
pub fn import_class(store: &Store, csv_text: &str) -> Result<ImportedClass> {
    let (lines, problems) = parse_class(csv_text);
    if !problems.is_empty() {
        return Ok(Err(problems));
    }
    let mut created = Vec::with_capacity(lines.len());
    let mut new_users = Vec::with_capacity(lines.len());
    for class_line in &lines {
        let password = match &class_line.password {
            Some(given) => given.clone(),
            None => generate_password()?,
        };
        new_users.push(NewUser {
            name: class_line.name.clone(),
            password_hash: hash_password(&password)?,
            role: Role::Student,
            group: class_line.group.clone(),
        });
        created.push((
            class_line.name.clone(),
            password,
            class_line.password.is_none(),
        ));
    }
    match store.add_users(&new_users) {
        Ok(_) => Ok(Ok(created)),
        Err(StoreError::UserExists { name }) => {
            let line = lines.iter().find(|l| l.name == name).map_or(0, |l| l.line);
            Ok(Err(vec![ImportProblem {
                line,
                reason: AccountError::Exists { name },
            }]))
        }
        Err(other) => Err(other.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_passwords_are_long_and_differ() {
        let a = generate_password().unwrap();
        let b = generate_password().unwrap();
        assert_eq!(a.len(), GENERATED_PASSWORD_LENGTH);
        assert_ne!(a, b);
        assert!(a.bytes().all(|c| PASSWORD_ALPHABET.contains(&c)));
    }

    #[test]
    fn hashes_verify_only_their_password() {
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong horse", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn names_are_checked() {
        assert!(check_name("ann.lee_2-b").is_ok());
        assert!(check_name("张伟").is_ok());
        assert!(check_name("").is_err());
        assert!(check_name("a b").is_err());
        assert!(check_name("<script>").is_err());
        assert!(check_name(&"x".repeat(65)).is_err());
    }

    #[test]
    fn an_import_creates_good_lines_and_reports_bad_ones() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        store.add_user("taken", "h", Role::Student).unwrap();
        let csv = "name,password\nann\nbob,longenough1\n\n\"cid\" , \nbad name\ndan,short\ntaken\neve,a,b\n";
        let report = import_students(&store, csv).unwrap();
        let created: Vec<(&str, bool)> = report
            .created
            .iter()
            .map(|(n, _, generated)| (n.as_str(), *generated))
            .collect();
        assert_eq!(created, [("ann", true), ("bob", false), ("cid", true)]);
        assert_eq!(report.created[1].1, "longenough1");
        let lines: Vec<u64> = report.skipped.iter().map(|p| p.line).collect();
        assert_eq!(lines, [6, 7, 8, 9], "{:?}", report.skipped);
        assert!(report.skipped[2]
            .reason
            .to_string()
            .contains("already exists"));
        let (bob, hash) = store.user_by_name("bob").unwrap().unwrap();
        assert_eq!(bob.role, Role::Student);
        assert!(verify_password("longenough1", &hash));
    }

    #[test]
    fn a_class_is_imported_whole_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        store.add_user("taken", "h", Role::Student).unwrap();
        let problems = import_class(&store, "ann\nbad name\nann\n")
            .unwrap()
            .unwrap_err();
        let lines: Vec<(u64, &AccountError)> =
            problems.iter().map(|p| (p.line, &p.reason)).collect();
        assert!(
            matches!(lines[0], (2, AccountError::NameCharacter { .. })),
            "{lines:?}"
        );
        assert!(
            matches!(lines[1], (3, AccountError::Repeated { first_line: 1, .. })),
            "{lines:?}"
        );
        let problems = import_class(&store, "ann\ntaken\n").unwrap().unwrap_err();
        assert_eq!(problems[0].line, 2);
        assert_eq!(problems[0].reason.to_string(), "user taken already exists");
        assert_eq!(store.users().unwrap().len(), 1, "nothing imported");
        let created = import_class(&store, "name,password\nann\nbob,longenough1\n")
            .unwrap()
            .unwrap();
        assert_eq!(created.len(), 2);
        assert_eq!(
            (created[1].1.as_str(), created[1].2),
            ("longenough1", false)
        );
        assert_eq!(store.users().unwrap().len(), 3);
    }
}
