//! Accounts: name rules, generated passwords, argon2 hashes, and the operations behind
//! `judge users add` and `judge users import`.

use crate::error::{Result, ServerError};
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use judge_store::{PasswordReset, Role, Store, StoreError};
use sha2::{Digest, Sha256};

/// Letters of generated passwords: no 0/O, 1/l/I, so they can be read aloud and copied.
const PASSWORD_ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/// Length of generated passwords (about 70 bits).
pub const GENERATED_PASSWORD_LENGTH: usize = 12;
/// Longest accepted name.
pub const MAX_NAME_CHARS: usize = 64;
/// Longest accepted password (argon2 takes any length; this bounds the work per request).
pub const MAX_PASSWORD_BYTES: usize = 1024;

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
        return Err(ServerError::Account(format!(
            "a user name has 1 to {MAX_NAME_CHARS} characters, not {count}: {name:?}"
        )));
    }
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || matches!(c, '.' | '_' | '-')))
    {
        return Err(ServerError::Account(format!(
            "user name {name:?}: {bad:?} is not allowed (letters, digits, '.', '_', '-')"
        )));
    }
    Ok(())
}

/// Checks a chosen password: 8 to 1024 bytes.
pub fn check_password(password: &str) -> Result<()> {
    if password.len() < 8 || password.len() > MAX_PASSWORD_BYTES {
        return Err(ServerError::Account(format!(
            "a password has 8 to {MAX_PASSWORD_BYTES} bytes, not {}",
            password.len()
        )));
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
    check_name(name)?;
    let password = match password {
        Some(given) => {
            check_password(given)?;
            given.to_string()
        }
        None => generate_password()?,
    };
    store.add_user(name, &hash_password(&password)?, role)?;
    Ok(password)
}

/// Gives an account a new generated password, ending its sessions and revoking its API
/// tokens; returns the password and what was ended.
pub fn reset_password(store: &Store, name: &str) -> Result<(String, PasswordReset)> {
    let password = generate_password()?;
    match store.reset_password_hash(name, &hash_password(&password)?)? {
        Some(reset) => Ok((password, reset)),
        None => Err(ServerError::Account(format!("no user named {name}"))),
    }
}

/// The prefix of API tokens (so that a token pasted somewhere is recognisable).
pub const TOKEN_PREFIX: &str = "judge_";

/// Makes a new API token for `name` (`judge users token NAME`); returns its id and the
/// token, which is shown once: only its SHA-256 is stored.
pub fn issue_token(store: &Store, name: &str) -> Result<(i64, String)> {
    let Some((user, _)) = store.user_by_name(name)? else {
        return Err(ServerError::Account(format!("no user named {name}")));
    };
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
    pub reason: String,
}

/// What an import did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ImportReport {
    /// Accounts created, with their passwords (generated ones, or the file's).
    pub created: Vec<(String, String, bool)>,
    /// Lines skipped, with the reason.
    pub skipped: Vec<ImportProblem>,
}

/// Imports students from CSV text: `name[,password]` per line; a first line `name` or
/// `name,password` is a header. Blank lines are ignored. A line that cannot be imported
/// (a bad name, a short password, an existing user) is reported and the rest go on.
pub fn import_students(store: &Store, csv_text: &str) -> Result<ImportReport> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(csv_text.as_bytes());
    let mut report = ImportReport::default();
    for (index, record) in reader.records().enumerate() {
        let line = index as u64 + 1;
        let record = match record {
            Ok(record) => record,
            Err(error) => {
                report.skipped.push(ImportProblem {
                    line,
                    reason: error.to_string(),
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
        if fields.len() > 2 {
            report.skipped.push(ImportProblem {
                line,
                reason: format!("expected name[,password], found {} fields", fields.len()),
            });
            continue;
        }
        let name = fields[0];
        let given = fields.get(1).copied().filter(|p| !p.is_empty());
        match add_user(store, name, Role::Student, given) {
            Ok(password) => report
                .created
                .push((name.to_string(), password, given.is_none())),
            Err(ServerError::Account(reason)) => {
                report.skipped.push(ImportProblem { line, reason })
            }
            Err(exists @ ServerError::Store(StoreError::UserExists { .. })) => {
                report.skipped.push(ImportProblem {
                    line,
                    reason: exists.to_string(),
                })
            }
            Err(other) => return Err(other),
        }
    }
    Ok(report)
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
        assert!(report.skipped[2].reason.contains("already exists"));
        let (bob, hash) = store.user_by_name("bob").unwrap().unwrap();
        assert_eq!(bob.role, Role::Student);
        assert!(verify_password("longenough1", &hash));
    }
}
