//! Reading takes time in proportion to the input (item 13): a long move list
//! is read in one pass, and deeply nested YAML is refused before the YAML
//! parser (which needs minutes for it) sees it.

use std::time::{Duration, Instant};

use cannonball::annotate::check::{CheckOptions, check};
use cannonball::figure::spec::Place;
use cannonball::figure::{self, Budget, Figure};
use cannonball_rules::Game;
use cannonball_rules::margo::notation::parse_move_list;

/// 100 000 levels of flow lists under a top-level key, in 200 KB.
fn deep_yaml(first: &str) -> String {
    format!(
        "{first}\nx: {}1{}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    )
}

fn timed<T>(f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    let took = t.elapsed();
    assert!(took < Duration::from_secs(3), "took {took:?}");
    out
}

#[test]
fn a_one_line_list_of_400k_moves_is_read_in_one_pass() {
    // Recomputing each column from the line start took 3.8 s for 160k moves
    // and would take about 24 s for these.
    let mut text = "a1 b2+1 pass 0,1,1 ".repeat(100_000);
    let list = timed(|| parse_move_list(&text)).unwrap();
    assert_eq!(list.len(), 400_000);
    assert_eq!(list[399_999].column, 19 * 99_999 + 14);
    text.push('q');
    let err = timed(|| parse_move_list(&text)).unwrap_err();
    assert_eq!((err.ply, err.line, err.column), (400_000, 1, 1_900_002));
}

#[test]
fn a_deeply_nested_puzzle_file_is_refused_at_its_line() {
    let text = deep_yaml("id: spargo-000000000000");
    let err = timed(|| cannonball::puzzle::parse(&text, "p.yaml")).unwrap_err();
    assert_eq!(err.to_string(), "p.yaml:2: nested deeper than 64 levels");
}

#[test]
fn a_deeply_nested_figure_is_refused_at_its_file_line() {
    let fig = Figure {
        game: Some(Game::Spargo),
        body: deep_yaml("white: a1"),
        place: Place {
            file: "book/src/f.md".into(),
            first_line: 10,
        },
        id: "f".into(),
    };
    let errs = timed(|| figure::check(&fig, &Budget::default())).unwrap_err();
    let text = errs[0].to_string();
    assert!(text.starts_with("book/src/f.md:11:"), "{text}");
    assert!(text.contains("nested deeper than 64 levels"), "{text}");
}

#[test]
fn a_deeply_nested_annotated_game_is_refused_at_its_line() {
    let text = deep_yaml("game: spargo");
    let opts = CheckOptions::for_game(Game::Spargo);
    let errs = timed(|| check(&text, &opts)).unwrap_err();
    assert_eq!(errs[0].line, 2);
    assert!(errs[0].message.contains("nested deeper than 64 levels"));
}
