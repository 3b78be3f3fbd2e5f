//! Text for people: how values are written (points, seconds, times, enum names) and how
//! text that came from a submission is made safe for each place it is shown
//! ([`escape`]). Every report, export and page writes these through here, so each has one
//! form everywhere.

pub mod csv;
pub mod escape;

use serde::Serialize;

/// The name serde gives a unit enum variant (`"cgroup-v2"`, `"queued"`), so that a value
/// reads the same on a terminal, in CSV and in JSON. Anything that does not serialize to a
/// JSON string gives its JSON text.
pub fn serde_name<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(text)) => text,
        Ok(other) => other.to_string(),
        // Serializing a plain value cannot fail; an empty name is the harmless fallback.
        Err(_) => String::new(),
    }
}

/// Bytes as lower-case hex (a hash, a token).
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Points without needless decimals: at most two (`75`, `66.67`, `0.5`).
pub fn points(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// Points for data (CSV): six decimals at most, so that sums of fractions survive
/// (`66.666667`, `100`).
pub fn points_exact(value: f64) -> String {
    let text = format!("{value:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// Seconds with two decimals and the unit (`0.05 s`).
pub fn seconds(value: f64) -> String {
    format!("{value:.2} s")
}

/// Bytes as MiB with one decimal (`12.3 MiB`).
pub fn mebibytes(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

/// A file's size in the largest unit that keeps it above 1: `812 bytes`, `300 KiB`,
/// `50.0 MiB`.
pub fn size(bytes: u64) -> String {
    if bytes < 1024 {
        format!("{bytes} bytes")
    } else if bytes < 1024 * 1024 {
        format!("{} KiB", bytes.div_ceil(1024))
    } else {
        mebibytes(bytes)
    }
}

/// How many terminal columns text takes: a CJK character takes two (`王小明` is 6), a
/// combining mark none. Tables align by this, never by bytes or characters.
pub fn columns(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// Text cut to at most `width` columns, with `…` where it was cut.
pub fn fit(text: &str, width: usize) -> std::borrow::Cow<'_, str> {
    if columns(text) <= width {
        return text.into();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('…');
    out.into()
}

/// Text padded with spaces on the right to `width` columns (left-aligned).
pub fn pad_right(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(columns(text))))
}

/// Text padded with spaces on the left to `width` columns (right-aligned).
pub fn pad_left(text: &str, width: usize) -> String {
    format!("{}{text}", " ".repeat(width.saturating_sub(columns(text))))
}

/// A time as RFC 3339 in UTC, to the millisecond where it has one
/// (`2026-11-29T09:00:03Z`, `2026-11-29T09:00:03.12Z`): the one form of every time the
/// judge writes.
pub fn rfc3339_ms(ms: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| {
            t.format(&time::format_description::well_known::Rfc3339)
                .ok()
        })
        .unwrap_or_default()
}

/// A time as a teacher types it into a form: RFC 3339 (`2026-12-07T09:00:00+08:00`), or
/// the same with a space for the `T`, without the seconds, or both
/// (`2026-12-07 09:00+08:00`, `2026-12-07 01:00Z`). The offset is needed (a time without
/// one means a different moment on each machine); None when it is not such a time.
pub fn parse_typed_time(text: &str) -> Option<time::OffsetDateTime> {
    let mut text = text.trim().to_string();
    if text.as_bytes().get(10) == Some(&b' ') {
        text.replace_range(10..11, "T");
    }
    // "YYYY-MM-DDTHH:MM" followed at once by the offset: the seconds are 0.
    if matches!(text.as_bytes().get(16), Some(b'Z' | b'z' | b'+' | b'-'))
        && text.as_bytes().get(13) == Some(&b':')
    {
        text.insert_str(16, ":00");
    }
    time::OffsetDateTime::parse(&text, &time::format_description::well_known::Rfc3339).ok()
}

/// A time in Unix seconds as RFC 3339 in UTC.
pub fn rfc3339(seconds: i64) -> String {
    rfc3339_ms(seconds.saturating_mul(1000))
}

/// Why a source of `bytes` bytes is refused under a cap of `cap_kib` KiB, in words.
pub fn source_too_large(bytes: u64, cap_kib: u64) -> String {
    format!(
        "{}, more than the largest source judge.toml allows ({cap_kib} KiB: [compile] max_source_kib)",
        size(bytes)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_time_needs_its_offset_and_may_leave_out_the_seconds_and_the_t() {
        let at = |text: &str| parse_typed_time(text).map(|t| t.unix_timestamp());
        let nine_in_beijing = Some(1_796_605_200);
        assert_eq!(at("2026-12-07T09:00:00+08:00"), nine_in_beijing);
        assert_eq!(at(" 2026-12-07 09:00+08:00 "), nine_in_beijing);
        assert_eq!(at("2026-12-07T09:00+08:00"), nine_in_beijing);
        assert_eq!(at("2026-12-07 01:00Z"), nine_in_beijing);
        assert_eq!(at("2026-12-07 01:00:00Z"), nine_in_beijing);
        for refused in [
            "2026-12-07 09:00",
            "2026-12-07",
            "tomorrow",
            "",
            "2026-12-07 09+08:00",
            "2026-12-07 09:00 +08:00",
            "２０２６-12-07 09:00Z",
        ] {
            assert_eq!(at(refused), None, "{refused}");
        }
    }

    #[test]
    fn columns_count_what_a_terminal_shows() {
        assert_eq!(columns("bob smith"), 9);
        assert_eq!(columns("王小明"), 6);
        assert_eq!(pad_right("王小明", 8), "王小明  ");
        assert_eq!(pad_left("王", 4), "  王");
        assert_eq!(pad_right("longer than", 4), "longer than");
        assert_eq!(fit("secret/07-a-very-long-name", 10), "secret/07…");
        assert_eq!(columns(&fit("王小明王小明", 7)), 7);
        assert_eq!(fit("short", 10), "short");
    }

    #[test]
    fn names_come_from_serde() {
        assert_eq!(serde_name(&crate::Verdict::TLE), "TLE");
        assert_eq!(serde_name(&crate::course::Scoring::Icpc), "icpc");
        assert_eq!(serde_name(&sandbox::Enforcement::CgroupV2), "cgroup-v2");
    }

    #[test]
    fn numbers_and_times_have_one_form() {
        assert_eq!(points(100.0), "100");
        assert_eq!(points(100.0 / 3.0), "33.33");
        assert_eq!(points(0.5), "0.5");
        assert_eq!(points(0.0), "0");
        assert_eq!(points(-0.001), "0");
        assert_eq!(points_exact(200.0 / 3.0), "66.666667");
        assert_eq!(points_exact(100.0), "100");
        assert_eq!(seconds(0.123), "0.12 s");
        assert_eq!(mebibytes(3 * 1024 * 1024 + 512 * 1024), "3.5 MiB");
        assert_eq!(size(812), "812 bytes");
        assert_eq!(size(300 * 1024 - 10), "300 KiB");
        assert_eq!(size(50 * 1024 * 1024), "50.0 MiB");
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(size(0), "0 bytes");
        assert_eq!(rfc3339_ms(1_500), "1970-01-01T00:00:01.5Z");
    }
}
