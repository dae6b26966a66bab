//! An annotated Margrites game shows only legal play: a corrected transcript
//! that still breaks a rule, a printed one with slips and no correction, and
//! an errata list that misses or invents a change each stop the build, with
//! the file, the line and the reason.

use std::fs;

use cannonball::book::{self, BookError};

use super::support::{build, edit, mini};

fn failure(r: Result<book::BuildReport, BookError>) -> String {
    match r {
        Err(BookError::Failures(f)) => {
            assert_eq!(f.0.len(), 1, "{f}");
            f.0[0].to_string()
        }
        Err(e) => panic!("expected a failure of the game directive, got {e}"),
        Ok(_) => panic!("the build succeeded"),
    }
}

fn games(dir: &tempfile::TempDir) -> std::path::PathBuf {
    dir.path().join("book/games/margrites")
}

#[test]
fn a_corrected_transcript_that_breaks_a_rule_is_refused() {
    let dir = mini();
    // d4>d6 is not a step: d6 does not touch d4.
    edit(
        &games(&dir).join("mini.corrected.txt"),
        "3. e4>e5; d4>d5;",
        "3. e4>e5; d4>d6;",
    );
    let got = failure(build(dir.path()));
    assert!(got.contains("mini.corrected.txt"), "{got}");
    assert!(got.contains("positions the rules never reach"), "{got}");
    assert!(got.contains("line 8:"), "{got}");
}

#[test]
fn a_printed_transcript_with_slips_needs_a_correction() {
    let dir = mini();
    fs::remove_file(games(&dir).join("mini.corrected.txt")).unwrap();
    fs::remove_file(games(&dir).join("mini.errata.yaml")).unwrap();
    let got = failure(build(dir.path()));
    assert!(got.contains("mini.txt: 1 departure"), "{got}");
    assert!(
        got.contains("write mini.corrected.txt and list its changes in mini.errata.yaml"),
        "{got}"
    );
}

#[test]
fn every_change_needs_exactly_one_true_entry() {
    // An errata file with no corrected transcript to describe.
    let dir = mini();
    fs::remove_file(games(&dir).join("mini.corrected.txt")).unwrap();
    let got = failure(build(dir.path()));
    assert!(
        got.contains("mini.errata.yaml:1: there is no mini.corrected.txt"),
        "{got}"
    );

    // No errata file at all.
    let dir = mini();
    fs::remove_file(games(&dir).join("mini.errata.yaml")).unwrap();
    let got = failure(build(dir.path()));
    assert!(got.contains("mini.errata.yaml:1: missing"), "{got}");

    // A change with no entry: the corrected turn 3 differs too.
    let dir = mini();
    edit(
        &games(&dir).join("mini.corrected.txt"),
        "3. e4>e5; d4>d5; f2>f3; f3>f4.",
        "3. e4>e5; d4>d5; f2>f3; f3>g4.",
    );
    let got = failure(build(dir.path()));
    assert!(
        got.contains("mini.errata.yaml:2: no entry for turn 3 (moves)"),
        "{got}"
    );
    assert!(
        got.contains("corrected `e4>e5; d4>d5; f2>f3; f3>g4.`"),
        "{got}"
    );

    // An entry whose printed text is not the printed file's.
    let dir = mini();
    edit(
        &games(&dir).join("mini.errata.yaml"),
        "printed: 0(0)-0(1)",
        "printed: 0(1)-0(0)",
    );
    let got = failure(build(dir.path()));
    assert!(
        got.contains("mini.errata.yaml:2: turn 2 (score): `printed` says `0(1)-0(0)`"),
        "{got}"
    );
}
