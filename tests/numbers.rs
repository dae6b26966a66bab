//! Stable puzzle numbers (`puzzles/numbers.yaml`): every committed puzzle has
//! one and no id is listed twice; numbers missing from a registry are given
//! in book order without changing those given; `verify` fails on a puzzle
//! without a number and `number-puzzles` gives it one.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use cannonball::forge::verify::unnumbered;
use cannonball::puzzle::{self, Numbers, NumbersError, Puzzle};
use cannonball_rules::Game;

use crate::support::cli::{cannonball, stderr, stdout};

fn root() -> PathBuf {
    Path::new(crate::ROOT).join("puzzles")
}

/// Every puzzle file under `puzzles/` has its number in the committed
/// registry, and the registry lists each id once (read here as plain YAML,
/// apart from the registry's own reader, which refuses duplicates too).
#[test]
fn every_committed_puzzle_has_a_number_and_none_is_listed_twice() {
    let text = fs::read_to_string(root().join(puzzle::NUMBERS_FILE))
        .expect("puzzles/numbers.yaml is committed");
    let lists: BTreeMap<String, Vec<String>> = serde_norway::from_str(&text).unwrap();
    let mut seen = BTreeSet::new();
    for (game, ids) in &lists {
        for id in ids {
            assert!(seen.insert(id), "{id} is listed twice");
            assert!(id.starts_with(&format!("{game}-")), "{id} under {game}");
        }
    }
    let numbers = Numbers::read(&root()).unwrap_or_else(|e| panic!("{e}"));
    let all = puzzle::read_all(&root()).unwrap();
    assert!(all.len() >= 100, "only {} puzzles", all.len());
    for (path, p) in &all {
        let n = numbers.number(p.game, &p.id);
        assert!(n.is_some(), "{} has no number", path.display());
        // The number is the id's place in its game's list.
        let place = lists[p.game.slug()].iter().position(|i| *i == p.id);
        assert_eq!(n, place.map(|i| u32::try_from(i + 1).unwrap()));
    }
    let files = puzzle::files(&root()).unwrap();
    assert_eq!(unnumbered(&root(), &files).unwrap(), vec![]);
}

/// The book's order: band, then solution tree size, then id.
fn book_order(all: &[(PathBuf, Puzzle)], game: Game) -> Vec<String> {
    let mut ps: Vec<&Puzzle> = all
        .iter()
        .map(|(_, p)| p)
        .filter(|p| p.game == game)
        .collect();
    ps.sort_by_key(|p| (p.difficulty.band, p.difficulty.tree, p.id.clone()));
    ps.into_iter().map(|p| p.id.clone()).collect()
}

/// From nothing, each game's puzzles are numbered in book order; numbers
/// already given are kept and only the others appended.
#[test]
fn missing_numbers_are_given_in_book_order_after_those_given() {
    let all = puzzle::read_all(&root()).unwrap();
    let mut fresh = Numbers::default();
    let new = fresh.assign_missing(all.iter().map(|(_, p)| p));
    assert_eq!(new.len(), all.len());
    for game in Game::ALL {
        assert_eq!(fresh.ids(game), book_order(&all, game), "{game}");
    }
    // Two puzzles numbered already, the last in book order first: they keep
    // 1 and 2, the rest follow in book order.
    let order = book_order(&all, Game::Spargo);
    let (last, first) = (order[order.len() - 1].clone(), order[0].clone());
    let mut some = Numbers::default();
    some.assign(Game::Spargo, &last);
    some.assign(Game::Spargo, &first);
    let new = some.assign_missing(all.iter().map(|(_, p)| p));
    assert_eq!(new.len(), all.len() - 2);
    assert_eq!(some.number(Game::Spargo, &last), Some(1));
    assert_eq!(some.number(Game::Spargo, &first), Some(2));
    let rest: Vec<&String> = order[1..order.len() - 1].iter().collect();
    let listed: Vec<&String> = some.ids(Game::Spargo)[2..].iter().collect();
    assert_eq!(listed, rest);
    assert_eq!(new[0], (Game::Spargo, order[1].clone(), 3));
    // Nothing is left to number.
    assert!(some.assign_missing(all.iter().map(|(_, p)| p)).is_empty());
}

/// `verify` names a puzzle without a number and the command that numbers
/// it; `number-puzzles` gives it one and `verify` passes; a registry that
/// lists an id twice is refused at its line.
#[test]
fn verify_fails_on_a_puzzle_without_a_number_until_it_is_numbered() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("p");
    fs::create_dir_all(p.join("spargo")).unwrap();
    let src = puzzle::files(&root()).unwrap().into_iter().find(|f| {
        f.parent()
            .and_then(|d| d.file_name())
            .is_some_and(|n| n == "spargo")
    });
    let src = src.expect("a committed Spargo puzzle");
    let file = p.join("spargo").join(src.file_name().unwrap());
    fs::copy(&src, &file).unwrap();
    let id = puzzle::read(&src).unwrap().id;
    let folder = p.display().to_string();
    let verify = || cannonball(&["verify", "--puzzles-only", "--quiet", "--puzzles", &folder]);

    let o = verify();
    assert!(!o.status.success(), "{}", stdout(&o));
    let want = format!(
        "{}:1: puzzle `{id}` has no number in {}: run `cannonball number-puzzles --puzzles {folder}`",
        file.display(),
        p.join("numbers.yaml").display()
    );
    assert!(stderr(&o).contains(&want), "{want} not in {}", stderr(&o));

    let o = cannonball(&["number-puzzles", "--puzzles", &folder]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(&format!("Spargo 1: {id}")),
        "{}",
        stdout(&o)
    );
    assert_eq!(
        Numbers::read(&p).unwrap().number(Game::Spargo, &id),
        Some(1)
    );
    let o = verify();
    assert!(o.status.success(), "{}", stderr(&o));
    // Run again, it numbers nothing and leaves the registry as it was.
    let before = fs::read_to_string(p.join("numbers.yaml")).unwrap();
    let o = cannonball(&["number-puzzles", "--puzzles", &folder]);
    assert!(
        stdout(&o).starts_with("0 numbered, 1 already"),
        "{}",
        stdout(&o)
    );
    assert_eq!(fs::read_to_string(p.join("numbers.yaml")).unwrap(), before);

    // The id listed twice: the registry is refused at the second line.
    let twice = before.replacen(&format!("- {id}\n"), &format!("- {id}\n- {id}\n"), 1);
    fs::write(p.join("numbers.yaml"), &twice).unwrap();
    // The header's three lines, `spargo:`, the id, the id again.
    let line = 6;
    assert_eq!(
        twice.lines().nth(line - 1),
        Some(format!("- {id}").as_str())
    );
    let files = puzzle::files(&p).unwrap();
    let e = unnumbered(&p, &files).unwrap_err();
    assert!(
        matches!(&e, NumbersError::Duplicate { line: l, .. } if *l == line),
        "{e}"
    );
    assert!(
        e.to_string().starts_with(&format!(
            "{}:{line}: `{id}` is listed twice",
            p.join("numbers.yaml").display()
        )),
        "{e}"
    );
}
