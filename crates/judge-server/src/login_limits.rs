//! Limits on password guessing. Every failed log-in is stored with its address and logged;
//! past a few failures in the window, an account (and, with a larger allowance, an
//! address) must wait before its next attempt, twice as long after each further failure,
//! up to a cap. While it waits, even the right password is refused (429 with
//! `Retry-After`), so guessing gains nothing by going fast. A successful log-in clears the
//! account's count; the teacher's dashboard lists repeated failures.

use judge_course::Result;
use judge_store::FailureCount;
use judge_store::{now_ms, Store};
use std::time::Duration;

/// When failed log-ins start to cost waiting time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoginLimits {
    /// Failures of one account in the window before it must wait.
    pub free_per_account: u64,
    /// Failures from one address (any accounts) in the window before it must wait.
    pub free_per_address: u64,
    /// How far back failures count.
    pub window: Duration,
    /// The first wait; each further failure doubles it.
    pub first_delay: Duration,
    /// The longest wait.
    pub max_delay: Duration,
}

impl Default for LoginLimits {
    fn default() -> Self {
        LoginLimits {
            free_per_account: 5,
            // A classroom shares one address behind NAT: typos of 40 students fit.
            free_per_address: 30,
            window: Duration::from_secs(3600),
            first_delay: Duration::from_secs(1),
            max_delay: Duration::from_secs(15 * 60),
        }
    }
}

impl LoginLimits {
    /// How long after the latest failure the next attempt must wait, given `failures`
    /// that count and `free` allowed.
    pub fn delay(&self, failures: u64, free: u64) -> Duration {
        if failures < free.max(1) {
            return Duration::ZERO;
        }
        let doublings = u32::try_from(failures - free.max(1))
            .unwrap_or(u32::MAX)
            .min(30);
        self.first_delay
            .saturating_mul(1u32 << doublings)
            .min(self.max_delay)
    }

    /// Milliseconds left to wait at `now_ms` (0: the attempt may go ahead).
    pub fn wait_ms(&self, counted: FailureCount, free: u64, now_ms: i64) -> i64 {
        let Some(last) = counted.last_ms else {
            return 0;
        };
        let delay = i64::try_from(self.delay(counted.count, free).as_millis()).unwrap_or(i64::MAX);
        (last.saturating_add(delay) - now_ms).max(0)
    }
}

/// Why an attempt must wait.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MustWait {
    /// Seconds to wait (at least 1).
    pub seconds: u64,
    /// Whose failures: "this account" or "your address".
    pub whose: &'static str,
}

/// The peer's address as the limits count it ("unknown" when served in-process).
pub fn address_text(address: Option<std::net::SocketAddr>) -> String {
    address.map_or_else(|| "unknown".into(), |a| a.ip().to_string())
}

/// Whether `name` may try a password from `address` at `now` (Unix ms), by the failures
/// the store holds. A store that cannot answer lets the attempt go ahead: the log-in itself
/// fails a moment later. (It reads the store: run it on a blocking thread.)
pub fn check(
    store: &Store,
    limits: &LoginLimits,
    name: &str,
    address: &str,
    now: i64,
) -> Result<(), MustWait> {
    let since = now - i64::try_from(limits.window.as_millis()).unwrap_or(i64::MAX);
    let Ok((account, from_address)) = store.login_failures(name, address, since) else {
        return Ok(());
    };
    let by_account = limits.wait_ms(account, limits.free_per_account, now);
    let by_address = limits.wait_ms(from_address, limits.free_per_address, now);
    let (wait, whose) = if by_account >= by_address {
        (by_account, "this account")
    } else {
        (by_address, "your address")
    };
    if wait == 0 {
        return Ok(());
    }
    Err(MustWait {
        seconds: u64::try_from((wait + 999) / 1000).unwrap_or(1).max(1),
        whose,
    })
}

/// Records a failed attempt (and logs it with the address and the account's count).
pub fn record_failure(
    store: &Store,
    limits: &LoginLimits,
    name: &str,
    address: &str,
) -> Result<()> {
    let now = now_ms();
    store.record_login_failure(name, address, now)?;
    let since = now - i64::try_from(limits.window.as_millis()).unwrap_or(i64::MAX);
    let (account, _) = store.login_failures(name, address, since)?;
    tracing::warn!(
        "failed log-in for {name:?} from {address} ({} in the last {} min)",
        account.count,
        limits.window.as_secs() / 60
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_start_after_the_free_failures_and_double_up_to_the_cap() {
        let limits = LoginLimits::default();
        assert_eq!(limits.delay(4, 5), Duration::ZERO);
        assert_eq!(limits.delay(5, 5), Duration::from_secs(1));
        assert_eq!(limits.delay(6, 5), Duration::from_secs(2));
        assert_eq!(limits.delay(9, 5), Duration::from_secs(16));
        assert_eq!(limits.delay(40, 5), Duration::from_secs(900));
        assert_eq!(limits.delay(u64::MAX, 5), Duration::from_secs(900));
        let counted = FailureCount {
            count: 6,
            last_ms: Some(10_000),
        };
        assert_eq!(limits.wait_ms(counted, 5, 10_500), 1_500);
        assert_eq!(limits.wait_ms(counted, 5, 12_000), 0);
        assert_eq!(limits.wait_ms(FailureCount::default(), 5, 0), 0);
    }
}
