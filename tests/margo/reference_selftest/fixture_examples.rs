//! The rule books' worked examples (`tests/fixtures/margo/examples.txt`) run on the
//! reference, and the fixture parser's own checks.

use crate::margo::reference::fixture::{self, Example, Start, Step};
use crate::margo::reference::runner::{self, ExampleGame};
use crate::margo::reference::{Point, RefGame, RefKo, RefMove, RefOutcome};

use super::{floating_piece, invariant_violation};

/// The reference answers the fixture runner directly; its self-check is the A5
/// invariant (not promised under `capture_scope = adjacent`) and that no piece floats.
impl ExampleGame for RefGame {
    fn start(ex: &Example) -> RefGame {
        match &ex.start {
            Start::Empty => RefGame::new(ex.rules.clone()),
            Start::Pieces { pieces, to_move } => {
                RefGame::from_pieces(ex.rules.clone(), pieces, *to_move)
            }
        }
    }
    fn linked(&self, a: Point, b: Point) -> bool {
        RefGame::linked(self, a, b)
    }
    fn group_has_freedom(&self, p: Point) -> bool {
        RefGame::group_has_freedom(self, p)
    }
    fn is_buried(&self, p: Point) -> bool {
        RefGame::is_buried(self, p)
    }
    fn is_zombie(&self, p: Point) -> bool {
        RefGame::is_zombie(self, p)
    }
    fn colour_at(&self, p: Point) -> Option<usize> {
        RefGame::colour_at(self, p)
    }
    fn scores(&self) -> Vec<usize> {
        RefGame::scores(self)
    }
    fn colour_to_move(&self) -> usize {
        RefGame::colour_to_move(self)
    }
    fn player_to_move(&self) -> usize {
        RefGame::player_to_move(self)
    }
    fn is_over(&self) -> bool {
        RefGame::is_over(self)
    }
    fn winners(&self) -> Vec<usize> {
        RefGame::winners(self)
    }
    fn legal_move_count(&self) -> usize {
        self.legal_moves().len()
    }
    fn illegal_reason(&self, m: RefMove) -> Option<&'static str> {
        RefGame::illegal_reason(self, m)
    }
    fn play(&mut self, m: RefMove) -> Result<RefOutcome, &'static str> {
        RefGame::play(self, m)
    }
    fn self_check(&self, ex: &Example) -> Result<(), String> {
        if let Some(p) = floating_piece(self) {
            return Err(format!("unsupported piece at {p:?}"));
        }
        if ex.rules.capture_scope_adjacent {
            return Ok(());
        }
        invariant_violation(self).map_or(Ok(()), Err)
    }
}

#[test]
fn every_fixture_example_holds_in_the_reference() {
    let examples = fixture::load_examples();
    assert!(examples.len() >= 40, "only {} examples", examples.len());
    let failures = runner::run_examples::<RefGame>(&examples);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn fixture_covers_every_required_source() {
    let examples = fixture::load_examples();
    let names: Vec<&str> = examples.iter().map(|e| e.name.as_str()).collect();
    for prefix in [
        "help-a",
        "help-b",
        "help-c",
        "help-d-x",
        "help-d-y",
        "help-cut-o",
        "help-cut-xy",
        "fig2",
        "fig3",
        "fig4",
        "fig5",
        "fig7-left",
        "fig7-right",
        "fig8",
        "fig9",
        "fig10",
        "fig11",
        "fig12",
        "fig13",
        "spargo",
    ] {
        assert!(
            names.iter().any(|n| n.starts_with(prefix)),
            "no example for {prefix}"
        );
    }
    for e in &examples {
        assert!(!e.caption.is_empty() && !e.source.is_empty(), "{}", e.name);
    }
}

#[test]
fn fixture_parse_errors_name_the_line() {
    let cases: [(&str, &str); 9] = [
        (
            "example a\nsource s\ncaption c\nrules size=4\nto-move purple\nend\n",
            "line 5:",
        ),
        (
            "example a\nsource s\ncaption c\nrules size=4 colour=blue\nend\n",
            "line 4:",
        ),
        ("# c\n\nexample a\nsource s\nexpect legal\nend\n", "line 5:"),
        (
            "example a\nsource s\ncaption c\nrules size=4\nto-move white\nlevel 0\n. . . .\nW W\n",
            "line 8:",
        ),
        (
            "example a\nsource s\ncaption c\nrules size=4\nto-move white\nmove 1,2\nend\n",
            "line 6:",
        ),
        (
            "example a\nsource s\ncaption c\nrules size=4\nto-move white\n",
            "line 1:",
        ),
        ("move 0,0,0\n", "line 1:"),
        (
            "example a\nsource s\ncaption c\nrules size=4\nto-move white\npiece 3,1,0 black\nend\n",
            "line 6:",
        ),
        (
            "example a\nsource s\ncaption c\nrules size=4\nto-move white\ncheck linked 0,0,0 yes\nend\n",
            "line 6:",
        ),
    ];
    for (text, want) in cases {
        let err = fixture::parse(text).expect_err(text);
        assert!(err.starts_with(want), "{err:?} should start with {want:?}");
    }
}

#[test]
fn fixture_parses_rows_and_defaults() {
    let text = "example x\nsource s\ncaption c\nrules size=4 ko=none players=3\nto-move grey\n\
                level 1\n. . .\n. W .\n. . .\nlevel 0\nB B . .\nB B . .\n. . . .\n. . . .\n\
                piece 0,3,3 G\ncheck colour 1,1,1 white\nmove 0,0,3\nexpect removed none\nexpect legal\nend\n";
    let ex = &fixture::parse(text).expect("parses")[0];
    assert_eq!(ex.rules.players, 3);
    assert_eq!(ex.rules.ko, RefKo::None);
    assert!(!ex.rules.swap, "size 4 takes the spargo preset");
    let Start::Pieces { pieces, to_move } = &ex.start else {
        panic!("expected pieces")
    };
    assert_eq!(*to_move, 2);
    assert_eq!(pieces.len(), 6);
    assert!(
        pieces.contains(&((1, 1, 1), 0))
            && pieces.contains(&((0, 1, 0), 1))
            && pieces.contains(&((0, 3, 3), 2))
    );
    assert!(matches!(&ex.steps[1], Step::Move { expects, .. } if expects.len() == 2));
}
