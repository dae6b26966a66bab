//! Margrites transcripts say each thing once and hold numbers that fit
//! (item 20): a second setup or start line, a turn number past `u32` and a
//! tally past a score's range are refused with line and column.

use cannonball_rules::margrites::transcript::{TranscriptError, parse};

fn refused(text: &str) -> TranscriptError {
    match parse(text) {
        Err(e) => e,
        Ok(_) => panic!("accepted:\n{text}"),
    }
}

const SETUP: &str = "setup black: a1 b1 c1 d1 e1 f1 d2 e2\nsetup white: a8 b8 c8 d8 e8 f8 d7 e7\n";

#[test]
fn a_second_setup_line_for_one_colour_is_refused() {
    let text = format!("{SETUP}setup white: a7 b7 c7 d7 e7 f7 g7 h7\n");
    let e = refused(&text);
    assert_eq!((e.line, e.column), (3, 1));
    assert_eq!(
        e.message,
        "a second `setup white:` line (the first is line 2)"
    );
    assert!(parse(SETUP).is_ok());
}

#[test]
fn a_second_start_line_is_refused() {
    let e = refused("start: black to move\nstart: white to move\n");
    assert_eq!((e.line, e.column), (2, 1));
    assert_eq!(e.message, "a second `start:` line (the first is line 1)");
}

#[test]
fn a_turn_number_too_large_is_refused_not_clamped() {
    let e = refused(&format!("{SETUP}99999999999999999999999. d2>d3.\n"));
    assert_eq!((e.line, e.column), (3, 1));
    assert_eq!(e.message, "number too large (at most 4294967295)");
    let t = parse(&format!("{SETUP}4294967295. h2>g3; g3>f4; g2>f3; f3>f4.\n")).unwrap();
    assert_eq!(t.main.len(), 1);
}

#[test]
fn a_tally_too_large_is_refused_not_clamped() {
    let e = refused(&format!(
        "{SETUP}1. h2>g3; g3>f4; g2>f3; f3>f4.\n0(0)-99999999999999999999(0)\n"
    ));
    assert_eq!((e.line, e.column), (4, 6));
    assert_eq!(e.message, "number too large (at most 4294967295)");
    let e = refused(&format!(
        "{SETUP}1. h2>g3; g3>f4; g2>f3; f3>f4.\n0(256)-0(0)\n"
    ));
    assert_eq!((e.line, e.column), (4, 3));
    assert_eq!(
        e.message,
        "256 captures is more than a score can hold (255)"
    );
    assert!(
        parse(&format!(
            "{SETUP}1. h2>g3; g3>f4; g2>f3; f3>f4.\n0(255)-255(0)\n"
        ))
        .is_ok()
    );
}

#[test]
fn a_byte_order_mark_before_a_transcript_is_skipped() {
    let t = parse(&format!("\u{feff}{SETUP}1. h2>g3; g3>f4; g2>f3; f3>f4.\n")).unwrap();
    assert_eq!(t.main.len(), 1);
    assert!(
        t.setup
            .get(cannonball_rules::margrites::Color::Black)
            .is_some()
    );
}

#[test]
fn a_long_transcript_with_a_quirk_on_every_line_is_read_in_linear_time() {
    // Each turn lacks its final period (a quirk); the quirks were sorted
    // again after every line.
    let turns: String = (1..=150_000)
        .map(|n| format!("{n}. h2>g3; g3>f4; g2>f3; f3>f4\n"))
        .collect();
    let t = std::time::Instant::now();
    let parsed = parse(&format!("{SETUP}{turns}")).unwrap();
    let took = t.elapsed();
    assert_eq!((parsed.main.len(), parsed.quirks.len()), (150_000, 150_000));
    assert!(parsed.quirks.is_sorted_by_key(|(l, q)| (*l, q.column)));
    assert!(took < std::time::Duration::from_secs(3), "took {took:?}");
}
