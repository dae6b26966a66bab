//! Small helpers for writing findings in plain English.

/// `a`, `a and b`, `a, b and c`; `none` for an empty list.
#[must_use]
pub fn list(items: &[String]) -> String {
    match items {
        [] => "none".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `1 piece`, `2 pieces`.
#[must_use]
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_english() {
        let s = |v: &[&str]| v.iter().map(|x| (*x).to_string()).collect::<Vec<_>>();
        assert_eq!(list(&s(&[])), "none");
        assert_eq!(list(&s(&["c3"])), "c3");
        assert_eq!(list(&s(&["c3", "d3", "e4"])), "c3, d3 and e4");
        assert_eq!(count(1, "zombie", "zombies"), "1 zombie");
        assert_eq!(count(0, "zombie", "zombies"), "0 zombies");
    }
}
