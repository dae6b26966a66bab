//! The command line's checked values: seconds, sizes in memory, thread counts
//! and node budgets. Every option of these kinds goes through one parser here,
//! so a bad value is a usage error naming the option, the value and the limit
//! (clap adds the option's name), never a panic or an allocation that aborts.

use std::time::Duration;

/// The longest time an option takes: a year, in seconds.
pub const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// The memory cap when `/proc/meminfo` cannot be read: 4 GiB.
const FALLBACK_MEMORY: u64 = 4 << 30;

/// Clap value parser: a number of seconds, finite, more than 0 and at most
/// [`MAX_SECONDS`] (a year): a `Duration` beyond that panics or means nothing.
pub fn positive_seconds(text: &str) -> Result<Duration, String> {
    let v: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !v.is_finite() {
        return Err(format!("{v} is not a finite number of seconds"));
    }
    if v <= 0.0 {
        return Err(format!("{v} seconds: the time must be more than 0 seconds"));
    }
    if v > MAX_SECONDS {
        return Err(format!(
            "{v} seconds is more than the limit of {MAX_SECONDS} seconds (a year)"
        ));
    }
    Ok(Duration::from_secs_f64(v))
}

/// `MemTotal` of `/proc/meminfo` in bytes, when it can be read.
fn mem_total() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line
        .trim_start_matches("MemTotal:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}

/// The most memory one option may ask for: half of the machine's memory
/// (`MemTotal`), or 4 GiB where that cannot be read.
#[must_use]
pub fn memory_cap() -> u64 {
    mem_total().map_or(FALLBACK_MEMORY, |m| m / 2)
}

/// Where the memory cap comes from, for messages.
fn memory_cap_text() -> String {
    match mem_total() {
        Some(m) => format!("half of this machine's {} MiB of memory", m >> 20),
        None => "4 GiB (the machine's memory is unknown)".to_owned(),
    }
}

/// Clap value parser: a table size in MiB, from 1 to half the machine's memory.
pub fn table_mib(text: &str) -> Result<u64, String> {
    let v: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number of MiB"))?;
    let cap = memory_cap() >> 20;
    if v == 0 {
        return Err("the table needs at least 1 MiB".to_owned());
    }
    if v > cap {
        return Err(format!(
            "{v} MiB is more than the limit of {cap} MiB ({})",
            memory_cap_text()
        ));
    }
    Ok(v)
}

/// A count of items of `bytes_each` bytes kept in memory at once, checked
/// against [`memory_cap`]: an error names the option, the value and the limit.
///
/// # Errors
/// A count whose items would take more than the cap.
pub fn check_count(option: &str, value: u64, bytes_each: u64) -> anyhow::Result<()> {
    let cap = memory_cap() / bytes_each.max(1);
    if value > cap {
        anyhow::bail!(
            "{option} {value} is more than the limit of {cap} ({bytes_each} bytes each within {})",
            memory_cap_text()
        );
    }
    Ok(())
}

/// The cores this process may use (1 when unknown).
#[must_use]
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// Clap value parser: a thread count, at least 1 (larger than [`cores`] is
/// capped by [`capped_threads`]).
pub fn threads(text: &str) -> Result<usize, String> {
    let v: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number of threads"))?;
    if v == 0 {
        return Err("at least 1 thread (leave the option out for one per core)".to_owned());
    }
    Ok(v)
}

/// `requested` threads capped at the cores (with a note on standard error
/// when capped); `None` (one per core) stays `0`, the solvers' "one per core".
#[must_use]
pub fn capped_threads(option: &str, requested: Option<usize>) -> usize {
    let Some(n) = requested else { return 0 };
    let cores = cores();
    if n > cores {
        errln!("note: {option} {n} is more than the {cores} cores here; using {cores}");
        return cores;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_are_finite_within_a_year_and_positive_when_asked() {
        assert_eq!(positive_seconds("1.5"), Ok(Duration::from_millis(1500)));
        for bad in ["0", "-1", "NaN", "inf", "1e20", "x", ""] {
            assert!(positive_seconds(bad).is_err(), "{bad}");
        }
        assert!(positive_seconds("31536000").is_ok());
        assert!(positive_seconds("31536001").unwrap_err().contains("a year"));
    }

    #[test]
    fn tables_and_threads_are_refused_out_of_range() {
        assert_eq!(table_mib("64"), Ok(64));
        assert!(table_mib("0").is_err());
        assert!(table_mib("1048576").unwrap_err().contains("limit"));
        assert!(threads("0").is_err());
        assert_eq!(threads("3"), Ok(3));
        assert!(check_count("--candidates", u64::MAX, 8).is_err());
        assert!(check_count("--candidates", 1000, 8).is_ok());
    }
}
