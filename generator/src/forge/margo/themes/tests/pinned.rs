//! Pinned suicide on the committed puzzles (`puzzles/`): the tag needs the
//! natural capture itself (a pinned-suicide point) to solve the puzzle with
//! zombies off; an answer that changes without zombies for another reason is
//! not enough. The oracle has the budget `verify` gives each question.

use std::collections::BTreeSet;
use std::path::Path;

use crate::forge::margo::themes::oracle::{answer_changes, with_rules, worths};
use crate::forge::margo::themes::{Oracle, SolverOracle, is_pinned_suicide, pinned_suicide_points};
use crate::puzzle;
use cannonball_rules::margo::{Move, notation};

use super::census::{FileCase, file_case};

/// The budget `verify` gives each oracle question ([`crate::forge::Limits::MARGO`]).
const ORACLE: SolverOracle = SolverOracle { nodes: 50_000 };

/// The case of the committed puzzle `id` (`spargo-…` or `margo-…`).
fn committed(id: &str) -> FileCase {
    let game = id.split('-').next().unwrap_or_default();
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../puzzles")
        .join(game)
        .join(format!("{id}.yaml"));
    let p = puzzle::read(&path).unwrap_or_else(|e| panic!("{id}: {e}"));
    file_case(&p).unwrap_or_else(|| panic!("{id}: not a Margo puzzle"))
}

/// The pinned-suicide points of the puzzle `id`, in human notation.
fn points(case: &FileCase) -> BTreeSet<String> {
    let geo = case.position.geometry();
    pinned_suicide_points(&case.position)
        .into_iter()
        .map(|x| notation::human(geo, Move::Place(x)))
        .collect()
}

#[test]
fn the_natural_capture_solves_the_puzzle_without_zombies() {
    // margo-c4b83bf470e2 (capture 9 in 2): a5 would take the Black group
    // but the pinned b4 stays and smothers it; without zombies a5 takes all
    // 9 at any time. spargo-af86e29df8c2 (win): a1 is suicide; without
    // zombies it wins (the answer-changes test left it untagged: the
    // oracle did not settle whether the key stays the one win).
    for (id, x) in [
        ("margo-c4b83bf470e2", "a5"),
        ("margo-df773bd13254", "f6"),
        ("margo-4463c41144bb", "a6"),
        ("spargo-09a34e98f13f", "a4"),
        ("spargo-af86e29df8c2", "a1"),
    ] {
        let case = committed(id);
        assert_eq!(points(&case), BTreeSet::from([x.to_string()]), "{id}");
        assert!(is_pinned_suicide(&case.case(), &ORACLE), "{id}");
    }
}

#[test]
fn an_answer_changed_for_another_reason_is_not_pinned_suicide() {
    // Each has a pinned-suicide point and an answer that changes without
    // zombies (the old test, which tagged them), but the point itself does
    // not solve the puzzle there. margo-284e1ceb0696 (capture 3): b3 would
    // take 1; the key's count rises with the other captures.
    // margo-90f791df3804 (capture 3): a3 would take 2. spargo-4a9366e87b1a
    // (win): a4 loses without zombies, where d2 wins too.
    // spargo-c9569062f203 (win): a4 loses without zombies, where the key
    // is illegal.
    for (id, x) in [
        ("margo-284e1ceb0696", "b3"),
        ("margo-90f791df3804", "a3"),
        ("spargo-4a9366e87b1a", "a4"),
        ("spargo-c9569062f203", "a4"),
    ] {
        let case = committed(id);
        assert_eq!(points(&case), BTreeSet::from([x.to_string()]), "{id}");
        assert!(
            answer_changes(&case.case(), &ORACLE, |r| r.zombies = false),
            "{id}: the answer changes without zombies"
        );
        assert!(!is_pinned_suicide(&case.case(), &ORACLE), "{id}");
    }
}

/// Prints, for the puzzles named by the environment variable `THEME_IDS`,
/// the pinned-suicide points and what every first move is worth with
/// zombies off (for checking tags by hand).
#[test]
#[ignore = "prints, for checking tags by hand"]
fn explain_pinned_suicide() {
    let ids = std::env::var("THEME_IDS").unwrap_or_default();
    for id in ids.split_whitespace() {
        let case = committed(id);
        let c = case.case();
        let geo = case.position.geometry();
        let name = |m| notation::human(geo, m);
        println!("== {id} key {}", name(case.key));
        println!("{}", case.position.diagram());
        let Some(off) = with_rules(&case.position, |r| r.zombies = false) else {
            println!("zombies=off: rejected by the engine");
            continue;
        };
        for x in pinned_suicide_points(&case.position) {
            let m = Move::Place(x);
            let mut after = off.clone();
            let result = after.play(m).ok().and_then(|_| ORACLE.result(&after));
            println!(
                "point {}: without zombies {:?}, the opponent's result after it {result:?}",
                name(m),
                off.check(m)
            );
        }
        let shown = super::listed(
            &case.position,
            &worths(&c, &ORACLE, &off).unwrap_or_default(),
        );
        println!("zombies=off: {shown}");
        println!("default: {}", super::listed(&case.position, &case.values));
    }
}
