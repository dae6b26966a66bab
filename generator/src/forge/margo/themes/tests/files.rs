//! The counterfactual detectors on the puzzle files of the collection as it
//! stood before the themes became counterfactual (kept, as they were, in
//! `tests/fixtures/old-puzzles/`): the case is the file's position, key, values and main
//! line (the solution's first replies, then the best line it ends with), and
//! the oracle is the solver with the budget of the census
//! ([`super::census`]). Each theme: puzzles it fits, and puzzles whose old tag
//! the counterfactual turns down (the known-wrong tags).

use std::path::Path;

use crate::forge::margo::themes::{
    MargoCase, Oracle, SolverOracle, is_forced_eye_filling, is_over_under_cut, is_pinned_suicide,
    is_zombie_reversal,
};
use crate::puzzle::{self, Theme};

use super::census::{FileCase, file_case};

type Detector = fn(&MargoCase<'_>, &dyn Oracle) -> bool;

const ORACLE: SolverOracle = SolverOracle { nodes: 200_000 };

/// The case of the old committed puzzle `id` (`spargo-…` or `margo-…`),
/// with the themes its file was tagged with then.
fn committed(id: &str) -> (FileCase, Vec<Theme>) {
    let game = id.split('-').next().unwrap_or_default();
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/old-puzzles")
        .join(game)
        .join(format!("{id}.yaml"));
    let p = puzzle::read(&path).unwrap_or_else(|e| panic!("{id}: {e}"));
    let case = file_case(&p).unwrap_or_else(|| panic!("{id}: not a Margo puzzle"));
    (case, p.themes)
}

/// Checks `detector` on puzzles that fit it (`yes`) and on puzzles whose
/// file lists `theme` but that the detector turns down (`no`).
fn check(theme: Theme, detector: Detector, yes: &[&str], no: &[&str]) {
    for (ids, expected) in [(yes, true), (no, false)] {
        for id in ids {
            let (case, _) = committed(id);
            assert_eq!(detector(&case.case(), &ORACLE), expected, "{theme} on {id}");
        }
    }
    for id in no {
        assert!(committed(id).1.contains(&theme), "{id} was tagged {theme}");
    }
}

#[test]
fn zombie_reversal_on_committed_puzzles() {
    check(
        Theme::ZombieReversal,
        is_zombie_reversal,
        &[
            "margo-00740d8542f8",
            "margo-c7c2c9a725c2",
            "spargo-1644c3e09c54",
        ],
        &[
            "margo-53e41f1e9e09",
            "margo-d0ae3ae9d758",
            "spargo-13e8646a1fbb",
        ],
    );
}

#[test]
fn over_under_cut_on_committed_puzzles() {
    check(
        Theme::OverUnderCut,
        is_over_under_cut,
        &[
            "spargo-2dd98a05e1ed",
            "margo-1628e8552f9b",
            "margo-32dbcc608691",
        ],
        &[
            "spargo-0a79770606a3",
            "spargo-2341116f54f5",
            "margo-1c61c194f902",
        ],
    );
}

#[test]
fn pinned_suicide_on_committed_puzzles() {
    check(
        Theme::PinnedSuicide,
        is_pinned_suicide,
        &[
            "spargo-09a34e98f13f",
            "margo-010ce60e76f7",
            "margo-542a755d9a72",
        ],
        &[
            "spargo-47945c55c16c",
            "spargo-5fd3a430c1b5",
            "spargo-bcedd81f8ac8",
        ],
    );
}

#[test]
fn forced_eye_filling_on_committed_puzzles() {
    // The Margo ones are capture puzzles: the defender fills its own eye in
    // the main line of the first, and in none of the turned-down ones (it
    // only runs out of useful moves).
    check(
        Theme::ForcedEyeFilling,
        is_forced_eye_filling,
        &[
            "margo-a35643435ef1",
            "spargo-1b829bc16de4",
            "spargo-2dd98a05e1ed",
        ],
        &[
            "margo-0c2b6e2c5630",
            "margo-108e394a0d69",
            "margo-23746d2ba724",
        ],
    );
}

/// Prints what the counterfactual detectors see in the puzzles named by the
/// environment variable `THEME_IDS` (for checking tags by hand).
#[test]
#[ignore = "prints, for checking tags by hand"]
fn explain_committed_puzzles() {
    use cannonball_rules::margo::notation;
    let ids = std::env::var("THEME_IDS").unwrap_or_default();
    for id in ids.split_whitespace() {
        let (case, themes) = committed(id);
        let c = case.case();
        let geo = case.position.geometry();
        let name = |m| notation::human(geo, m);
        let line: Vec<String> = case.line.iter().map(|&m| name(m)).collect();
        println!(
            "== {id} {themes:?} key {} line {}",
            name(case.key),
            line.join(" ")
        );
        println!("{}", case.position.diagram());
        println!(
            "in play: line {} tempting {}",
            super::super::zombies_in_line(&c),
            super::super::tempting_capture_leaves_zombies(&c)
        );
        for (what, change) in [
            (
                "zombies=off",
                (|r: &mut cannonball_rules::margo::Rules| r.zombies = false) as fn(&mut _),
            ),
            ("cuts=off", |r: &mut cannonball_rules::margo::Rules| {
                r.cuts = false;
            }),
        ] {
            let pos = super::super::oracle::with_rules(&case.position, change);
            let worths = pos.and_then(|p| super::super::oracle::worths(&c, &ORACLE, &p));
            let shown = super::listed(&case.position, &worths.unwrap_or_default());
            println!("{what}: {shown}");
        }
        println!("default: {}", super::listed(&case.position, &case.values));
    }
}
