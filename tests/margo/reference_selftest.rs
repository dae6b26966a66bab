//! Tests of the Margo reference implementation (`tests/margo_reference`): every
//! rule-book example of `tests/fixtures/margo/examples.txt`, unit tests of each rule
//! (firing and not firing), and a seeded random-games smoke test of the invariant of
//! ruling A5.

use super::reference as margo_reference;

use cannonball_rules::rng::Rng;
use margo_reference::fixture::{self, Example, Start, Step};
use margo_reference::runner::{self, ExampleGame};
use margo_reference::{Point, RefGame, RefKo, RefMove, RefOutcome, RefRules};

// ---------------------------------------------------------------------------
// Helpers.
// ---------------------------------------------------------------------------

/// A position from level diagrams: `levels[L]` is level L, its rows separated by
/// `/`, the first row y = 0; entries `W B G R .` separated by spaces, the first x = 0.
fn position(rules: RefRules, levels: &[&str], to_move: usize) -> RefGame {
    let mut pieces = Vec::new();
    for (level, diagram) in levels.iter().enumerate() {
        let rows: Vec<&str> = diagram.split('/').collect();
        assert_eq!(rows.len(), rules.size - level, "level {level} row count");
        for (y, row) in rows.iter().enumerate() {
            let entries: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(entries.len(), rules.size - level, "level {level} row {y}");
            for (x, e) in entries.iter().enumerate() {
                let colour = match *e {
                    "." => continue,
                    "W" => 0,
                    "B" => 1,
                    "G" => 2,
                    "R" => 3,
                    other => panic!("bad entry {other}"),
                };
                pieces.push(((level, x, y), colour));
            }
        }
    }
    RefGame::from_pieces(rules, &pieces, to_move)
}

fn rules(size: usize) -> RefRules {
    RefRules::preset(size)
}

fn place(p: Point) -> RefMove {
    RefMove::at(p)
}

fn play_ok(game: &mut RefGame, m: RefMove) -> RefOutcome {
    game.play(m)
        .unwrap_or_else(|e| panic!("{m:?} should be legal, but: {e}"))
}

/// Ruling A5's invariant: "every group either has freedom or consists only of
/// zombies with something resting on each".
fn invariant_violation(game: &RefGame) -> Option<String> {
    for g in game.groups() {
        let first = *g.first().expect("groups are non-empty");
        if !game.group_has_freedom(first) {
            if let Some(p) = g.iter().find(|&&p| !game.something_rests_on(p)) {
                return Some(format!(
                    "group of {first:?} has no freedom and nothing rests on {p:?}"
                ));
            }
        }
    }
    None
}

/// Every upper piece rests on four pieces.
fn floating_piece(game: &RefGame) -> Option<Point> {
    game.pieces()
        .into_iter()
        .map(|(p, _)| p)
        .find(|&(l, x, y)| {
            l > 0
                && [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
                    .iter()
                    .any(|&(a, b)| game.colour_at((l - 1, a, b)).is_none())
        })
}

// ---------------------------------------------------------------------------
// The fixture examples.
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// Geometry and reasons.
// ---------------------------------------------------------------------------

#[test]
fn point_counts_are_square_pyramidal() {
    for (n, count) in [(3, 14), (4, 30), (6, 91), (7, 140), (8, 204), (19, 2470)] {
        assert_eq!(RefGame::new(rules(n)).points().len(), count, "size {n}");
    }
}

#[test]
fn placement_reasons() {
    let mut r = rules(4);
    r.max_height = Some(2);
    let g = position(
        r,
        &[
            "W W W . / B B B . / W W . . / . . . .",
            ". . . / . . . / . . .",
        ],
        1,
    );
    assert_eq!(g.illegal_reason(place((0, 0, 0))), Some("occupied"));
    assert_eq!(g.illegal_reason(place((0, 4, 0))), Some("off board"));
    assert_eq!(g.illegal_reason(place((1, 3, 0))), Some("off board"));
    assert_eq!(g.illegal_reason(place((4, 0, 0))), Some("off board"));
    assert_eq!(g.illegal_reason(place((1, 2, 0))), Some("unsupported"));
    assert_eq!(g.illegal_reason(place((1, 0, 0))), None);
    assert_eq!(g.illegal_reason(place((1, 0, 1))), None);
    assert_eq!(g.illegal_reason(place((2, 0, 0))), Some("above max height"));
    assert_eq!(g.illegal_reason(RefMove::Pass), Some("pass not allowed"));
    assert_eq!(
        g.illegal_reason(RefMove::Swap),
        Some("swap not allowed now")
    );
}

#[test]
fn legal_moves_are_sorted_and_agree_with_illegal_reason() {
    let g = position(rules(4), &["W W . . / B B . . / . . . . / . . . ."], 0);
    let moves = g.legal_moves();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert_eq!(moves.len(), 13);
    assert_eq!(moves[0], place((0, 0, 2)));
    assert_eq!(*moves.last().expect("moves"), place((1, 0, 0)));
    for p in g.points() {
        let m = place(p);
        assert_eq!(moves.contains(&m), g.illegal_reason(m).is_none(), "{p:?}");
    }
}

// ---------------------------------------------------------------------------
// Links and cuts (ruling A3).
// ---------------------------------------------------------------------------

/// Black pieces at 0,2,1 and 0,2,2 (a vertical link), with pieces at 1,1,1 and 1,2,1
/// (the cutters) as given; White roots on both sides so the upper pieces are held.
fn cut_position(cutter_a: &str, cutter_b: &str, players: usize) -> RefGame {
    let mut r = rules(5);
    r.players = players;
    let level1 = format!(". . . . / . {cutter_a} {cutter_b} . / . . . . / . . . .");
    position(
        r,
        &[
            ". . . . . / . W B G . / . W B G . / . . . . . / . . . . .",
            &level1,
        ],
        0,
    )
}

#[test]
fn a_cut_needs_both_cutters_of_other_colours() {
    let (a, b) = ((0, 2, 1), (0, 2, 2));
    assert!(cut_position(".", ".", 3).linked(a, b));
    assert!(
        cut_position("W", ".", 3).linked(a, b),
        "one cutter does not cut"
    );
    assert!(
        cut_position(".", "G", 3).linked(a, b),
        "one cutter does not cut"
    );
    assert!(
        cut_position("B", "G", 3).linked(a, b),
        "a cutter of the link's colour does not cut"
    );
    assert!(
        cut_position("W", "B", 3).linked(a, b),
        "a cutter of the link's colour does not cut"
    );
    assert!(
        !cut_position("W", "W", 3).linked(a, b),
        "two White cutters cut"
    );
    assert!(
        !cut_position("W", "G", 3).linked(a, b),
        "White and Grey together cut"
    );
    assert!(!cut_position("G", "G", 3).linked(a, b));
}

#[test]
fn horizontal_links_are_cut_by_a_vertical_overpass() {
    // Black 0,1,2 - 0,2,2; cutters 1,1,1 and 1,1,2.
    let g = position(
        rules(5),
        &[
            ". . . . . / . W W . . / . B B . . / . W W . . / . . . . .",
            ". . . . / . W . . / . W . . / . . . .",
        ],
        1,
    );
    assert!(!g.linked((0, 1, 2), (0, 2, 2)));
    // One level-1 piece taken away: no cut.
    let g = position(
        rules(5),
        &[
            ". . . . . / . W W . . / . B B . . / . W W . . / . . . . .",
            ". . . . / . W . . / . . . . / . . . .",
        ],
        1,
    );
    assert!(g.linked((0, 1, 2), (0, 2, 2)));
}

#[test]
fn links_on_the_outer_rows_and_columns_are_never_cut() {
    // Level 0 completely filled with White, except Black pairs on each edge; the
    // level-1 pieces next to each pair are White, so they would cut an inner link.
    let level0 = "B B W B / W W W B / B W W W / B W B B";
    let level1 = "W W W / W W W / W W W";
    let g = position(rules(4), &[level0, level1], 1);
    assert!(g.linked((0, 0, 0), (0, 1, 0)), "top row");
    assert!(g.linked((0, 3, 0), (0, 3, 1)), "right column");
    assert!(g.linked((0, 0, 2), (0, 0, 3)), "left column");
    assert!(g.linked((0, 2, 3), (0, 3, 3)), "bottom row");
    // The same shape one step in from the edge is cut.
    let level0 = "W W W W W / W B B W W / W W W W W / W W W W W / W W W W W";
    let level1 = "W W W W / W W W W / W W W W / W W W W";
    let g = position(rules(5), &[level0, level1], 1);
    assert!(!g.linked((0, 1, 1), (0, 2, 1)));
}

#[test]
fn a_piece_resting_on_another_of_its_colour_is_linked_to_it() {
    let g = position(
        rules(4),
        &[
            "B W . . / W W . . / . . . . / . . . .",
            "B . . / . . . / . . .",
        ],
        0,
    );
    assert!(g.linked((1, 0, 0), (0, 0, 0)));
    assert!(!g.linked((1, 0, 0), (0, 1, 0)));
    assert!(
        g.linked((0, 1, 0), (0, 0, 1)),
        "White pieces linked around the corner"
    );
}

#[test]
fn a_buried_piece_is_in_no_group_and_still_scores() {
    // 3x3 full level 0 and level 1 on a 4x4 board; the apex buries the centre 0,1,1.
    let g = position(
        rules(4),
        &[
            "W W W . / W B W . / W W W . / . . . .",
            "B B . / B B . / . . .",
            "W . / . .",
        ],
        1,
    );
    assert!(g.is_buried((0, 1, 1)));
    assert!(
        !g.is_buried((0, 0, 0)),
        "only the point directly below the apex is buried"
    );
    assert!(!g.linked((0, 1, 1), (1, 0, 0)));
    assert!(!g.group_has_freedom((0, 1, 1)));
    assert!(!g.is_zombie((0, 1, 1)));
    assert_eq!(g.scores(), vec![9, 5]);
    assert!(!g.is_buried((0, 3, 3)), "an empty point is not buried");
}

// ---------------------------------------------------------------------------
// Freedom, capture, zombies, suicide (rulings A4, A5).
// ---------------------------------------------------------------------------

#[test]
fn upper_pieces_give_no_freedom_by_default() {
    let r = rules(4);
    let g = position(
        r.clone(),
        &[
            "B B B . / B W B . / B B B . / . . . .",
            "W . . / . . . / . . .",
        ],
        1,
    );
    // The White level-1 piece rests on the White 0,1,1: linked but gives no freedom.
    assert!(g.linked((1, 0, 0), (0, 1, 1)));
    assert!(!g.group_has_freedom((0, 1, 1)));
    let mut r2 = r;
    r2.all_freedoms = true;
    let g2 = position(
        r2,
        &[
            "B B B . / B W B . / B B B . / . . . .",
            "W . . / . . . / . . .",
        ],
        1,
    );
    // 1,1,0 is supported and empty: playable, so a freedom under all_freedoms.
    assert!(g2.group_has_freedom((0, 1, 1)));
}

#[test]
fn enemy_groups_are_captured_before_the_suicide_test() {
    // Black at 0,0,0 has no empty neighbour but takes White 0,1,0's last freedom.
    let mut g = position(rules(4), &[". W B . / W B . . / . . . . / . . . ."], 1);
    let out = play_ok(&mut g, place((0, 0, 0)));
    assert_eq!(out.removed, vec![(0, 1, 0)]);
    assert!(g.group_has_freedom((0, 0, 0)));
    // If that White piece has another freedom, the same move is suicide.
    let g = position(rules(4), &[". W . . / W B . . / . . . . / . . . ."], 1);
    assert_eq!(g.illegal_reason(place((0, 0, 0))), Some("suicide"));
}

#[test]
fn plain_suicide_is_illegal() {
    let g = position(rules(4), &[". B . . / B . . . / . . . . / . . . ."], 0);
    assert_eq!(g.illegal_reason(place((0, 0, 0))), Some("suicide"));
    assert_eq!(g.illegal_reason(place((0, 1, 1))), None);
}

#[test]
fn filling_an_own_last_freedom_while_connected_is_suicide_too() {
    // White's 0,0,0-0,1,0 group has one freedom at 0,2,0; playing there adds no freedom.
    let g = position(rules(4), &["W W . B / B B B . / . . . . / . . . ."], 0);
    assert_eq!(g.illegal_reason(place((0, 2, 0))), Some("suicide"));
}

#[test]
fn captured_pieces_are_removed_top_down_and_pinned_ones_stay() {
    // White group 0,0,0 0,1,0 0,0,1 with a White piece 1,0,0 on top of it and the
    // Black 0,1,1; Black fills 0,0,2 and 0,2,0 is Black already.
    let mut g = position(
        rules(4),
        &[
            "W W B . / W B . . / . . . . / . . . .",
            "W . . / . . . / . . .",
        ],
        1,
    );
    let out = play_ok(&mut g, place((0, 0, 2)));
    assert_eq!(
        out.removed,
        vec![(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0)]
    );
    assert!(out.zombies.is_empty());
    // Now a Black piece on top instead: all three White pieces under it stay.
    let mut g = position(
        rules(4),
        &[
            "W W B . / W B . . / . . . . / . . . .",
            "B . . / . . . / . . .",
        ],
        1,
    );
    let out = play_ok(&mut g, place((0, 0, 2)));
    assert!(out.removed.is_empty());
    assert_eq!(out.zombies, vec![(0, 0, 0), (0, 0, 1), (0, 1, 0)]);
    for p in [(0, 0, 0), (0, 0, 1), (0, 1, 0)] {
        assert!(g.is_zombie(p), "{p:?}");
    }
}

#[test]
fn a_captured_piece_under_only_a_removed_piece_is_removed_too() {
    // Three players (ruling A5's note): a Grey zombie pinned only by a White piece is
    // removed once that White piece is captured and removed, in the same step.
    let mut r = rules(5);
    r.players = 3;
    let mut g = position(
        r,
        &[
            "G W B . . / W W W B . / B W . . . / . B . . . / . . . . .",
            "W B . . / B . . . / . . . . / . . . .",
        ],
        1,
    );
    assert!(g.is_zombie((0, 0, 0)));
    let out = play_ok(&mut g, place((0, 2, 2)));
    assert_eq!(out.removed, vec![(0, 0, 0), (1, 0, 0)]);
    assert_eq!(
        out.zombies,
        vec![(0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 1, 2), (0, 2, 1)]
    );
    assert_eq!(g.colour_at((0, 0, 0)), None);
}

#[test]
fn the_movers_released_zombie_is_captured_after_the_enemy_removal() {
    let level0: &str = "B W B . . / W W W B . / B W . . . / . B . . . / . . . . .";
    let level1: &str = "W B . . / B . . . / . . . . / . . . .";
    let mut g = position(rules(5), &[level0, level1], 1);
    let out = play_ok(&mut g, place((0, 2, 2)));
    assert_eq!(out.removed, vec![(0, 0, 0), (1, 0, 0)]);
    // Without the enemy capture nothing happens to the zombie: Black elsewhere.
    let mut g = position(rules(5), &[level0, level1], 1);
    let out = play_ok(&mut g, place((0, 4, 4)));
    assert!(out.removed.is_empty() && out.zombies.is_empty());
    assert!(g.is_zombie((0, 0, 0)));
}

#[test]
fn a_piece_uncovered_by_a_removal_is_captured_in_the_next_round() {
    // A White stack (0,1,1, four level-1 pieces, the apex 2,1,1) buries White 0,2,2.
    let upper = ". . . . / . W W . / . W W . / . . . .";
    let apex = ". . . / . W . / . . .";
    let ring = ". B . . . / . W B B . / . B W B . / . B B B . / . . . . .";
    let mut g = position(rules(5), &[ring, upper, apex], 1);
    let out = play_ok(&mut g, place((0, 0, 1)));
    assert!(out.removed.contains(&(0, 2, 2)), "round 2 removes it");
    assert_eq!(out.removed.len(), 7);
    // Not firing: when the stack's removal also empties a point beside it, the
    // uncovered piece has freedom and stays.
    let open = ". B . . . / . W B B . / B W W B . / . B B B . / . . . . .";
    let mut g = position(rules(5), &[open, upper, apex], 1);
    let out = play_ok(&mut g, place((0, 0, 1)));
    assert_eq!(out.removed.len(), 7, "{:?}", out.removed);
    assert!(!out.removed.contains(&(0, 2, 2)));
    assert!(g.group_has_freedom((0, 2, 2)));
}

#[test]
fn suicide_when_the_capture_leaves_smothering_zombies() {
    let level0: &str =
        ". B B B W . / B W W W . . / . . . . . . / . . . . . . / . . . . . . / . . . . . .";
    let level1: &str = ". W . . . / . . . . . / . . . . . / . . . . . / . . . . .";
    let mut r = rules(6);
    r.single_capture = true;
    let g = position(r.clone(), &[level0, level1], 0);
    assert_eq!(
        g.illegal_reason(place((0, 0, 0))),
        Some("suicide"),
        "and so no single-capture win"
    );
    let mut g = position(r, &[level0], 0);
    let out = play_ok(&mut g, place((0, 0, 0)));
    assert!(out.winning_capture);
    assert_eq!(g.winners(), vec![0]);
}

// ---------------------------------------------------------------------------
// Capture scope (ruling A5, option).
// ---------------------------------------------------------------------------

#[test]
fn adjacent_scope_keeps_the_suicide_test() {
    let mut r = rules(4);
    r.capture_scope_adjacent = true;
    let g = position(r.clone(), &[". B . . / B . . . / . . . . / . . . ."], 0);
    assert_eq!(g.illegal_reason(place((0, 0, 0))), Some("suicide"));
    let mut g = position(r, &[". W B . / W B . . / . . . . / . . . ."], 1);
    let out = play_ok(&mut g, place((0, 0, 0)));
    assert_eq!(out.removed, vec![(0, 1, 0)]);
}

// ---------------------------------------------------------------------------
// Ko (ruling A6).
// ---------------------------------------------------------------------------

const KO: &str = ". B W . . / B W . W . / . B W . . / . . . . . / . . . . .";

fn ko_game(ko: RefKo) -> RefGame {
    let mut r = rules(5);
    r.ko = ko;
    r.can_pass = true;
    position(r, &[KO], 1)
}

#[test]
fn simple_ko_forbids_only_the_immediate_retake() {
    for ko in [
        RefKo::Simple,
        RefKo::PositionalSuperko,
        RefKo::SituationalSuperko,
    ] {
        let mut g = ko_game(ko);
        play_ok(&mut g, place((0, 2, 1)));
        assert_eq!(g.illegal_reason(place((0, 1, 1))), Some("ko"), "{ko:?}");
        assert_eq!(
            g.illegal_reason(RefMove::Pass),
            None,
            "ko never restricts a pass"
        );
    }
    let mut g = ko_game(RefKo::None);
    play_ok(&mut g, place((0, 2, 1)));
    let out = play_ok(&mut g, place((0, 1, 1)));
    assert_eq!(out.removed, vec![(0, 2, 1)]);
    // And Black may take back at once: a cycle of two plies.
    let out = play_ok(&mut g, place((0, 2, 1)));
    assert_eq!(out.removed, vec![(0, 1, 1)]);
}

#[test]
fn after_a_pass_simple_ko_forbids_nothing() {
    // After a pass the board "just before the most recent move" is the current
    // board, which no placement can produce: no placement is ko.
    let mut g = ko_game(RefKo::Simple);
    play_ok(&mut g, place((0, 2, 1)));
    play_ok(&mut g, RefMove::Pass);
    assert!(
        g.points()
            .into_iter()
            .all(|p| g.illegal_reason(place(p)) != Some("ko"))
    );
}

#[test]
fn superko_remembers_boards_from_before_passes() {
    let mut r = rules(5);
    r.players = 3;
    r.can_pass = true;
    for (ko, retake_allowed) in [
        (RefKo::None, true),
        (RefKo::Simple, true),
        (RefKo::PositionalSuperko, false),
        (RefKo::SituationalSuperko, false),
    ] {
        r.ko = ko;
        let mut g = position(r.clone(), &[KO], 1);
        play_ok(&mut g, place((0, 2, 1)));
        play_ok(&mut g, RefMove::Pass);
        let reason = g.illegal_reason(place((0, 1, 1)));
        assert_eq!(reason.is_none(), retake_allowed, "{ko:?}: {reason:?}");
    }
}

#[test]
fn situational_superko_looks_at_the_colour_to_move() {
    let mut r = rules(5);
    r.players = 3;
    let ko_grey: &str = ". G W . . / G W . W . / . G W . . / . . . . . / . . . . .";
    for (ko, retake_allowed) in [
        (RefKo::None, true),
        (RefKo::Simple, false),
        (RefKo::PositionalSuperko, false),
        (RefKo::SituationalSuperko, true),
    ] {
        r.ko = ko;
        let mut g = position(r.clone(), &[ko_grey], 2);
        play_ok(&mut g, place((0, 2, 1)));
        let reason = g.illegal_reason(place((0, 1, 1)));
        assert_eq!(reason.is_none(), retake_allowed, "{ko:?}: {reason:?}");
    }
}

// ---------------------------------------------------------------------------
// Passing, swap, the end (rulings A2, A7).
// ---------------------------------------------------------------------------

#[test]
fn passes_end_the_game_only_when_every_player_passed_in_succession() {
    let mut r = rules(4);
    r.can_pass = true;
    let mut g = RefGame::new(r.clone());
    play_ok(&mut g, RefMove::Pass);
    play_ok(&mut g, place((0, 1, 1)));
    play_ok(&mut g, RefMove::Pass);
    assert!(!g.is_over(), "a placement broke the run");
    play_ok(&mut g, RefMove::Pass);
    assert!(g.is_over());
    assert_eq!(g.winners(), vec![1]);
    assert_eq!(g.play(RefMove::Pass), Err("game over"));

    r.can_pass = false;
    let g = RefGame::new(r);
    assert_eq!(g.illegal_reason(RefMove::Pass), Some("pass not allowed"));
}

#[test]
fn swap_exchanges_colours_between_players() {
    let mut g = RefGame::new(rules(6));
    assert_eq!(
        g.illegal_reason(RefMove::Swap),
        Some("swap not allowed now")
    );
    play_ok(&mut g, place((0, 2, 3)));
    assert_eq!(g.illegal_reason(RefMove::Swap), None);
    let before: Vec<_> = g.pieces();
    play_ok(&mut g, RefMove::Swap);
    assert_eq!(g.pieces(), before, "the board is unchanged");
    assert_eq!(g.colour_to_move(), 1);
    assert_eq!(g.player_to_move(), 0);
    assert_eq!(g.owner_of(0), 1);
    assert_eq!(g.scores(), vec![0, 1]);
    play_ok(&mut g, place((0, 0, 0)));
    assert_eq!(g.player_to_move(), 1);
    assert_eq!(
        g.illegal_reason(RefMove::Swap),
        Some("swap not allowed now")
    );

    // Not from a set-up position, and not when the rules have no swap.
    let g = position(
        rules(6),
        &["W . . . . . / . . . . . . / . . . . . . / . . . . . . / . . . . . . / . . . . . ."],
        1,
    );
    assert_eq!(
        g.illegal_reason(RefMove::Swap),
        Some("swap not allowed now")
    );
    let mut g = RefGame::new(rules(4));
    play_ok(&mut g, place((0, 0, 0)));
    assert_eq!(
        g.illegal_reason(RefMove::Swap),
        Some("swap not allowed now")
    );
}

#[test]
fn swap_with_three_players_exchanges_only_the_first_two_colours() {
    let mut r = rules(5);
    r.players = 3;
    let mut g = RefGame::new(r);
    play_ok(&mut g, place((0, 0, 0)));
    play_ok(&mut g, RefMove::Swap);
    assert_eq!((g.colour_to_move(), g.player_to_move()), (1, 0));
    play_ok(&mut g, place((0, 4, 4)));
    assert_eq!((g.colour_to_move(), g.player_to_move()), (2, 2));
    play_ok(&mut g, place((0, 2, 2)));
    assert_eq!((g.colour_to_move(), g.player_to_move()), (0, 1));
    assert_eq!(g.scores(), vec![1, 1, 1]);
}

#[test]
fn the_game_ends_when_the_player_to_move_has_no_legal_move() {
    // A full 3x3 pyramid: no empty point is left.
    let g = position(rules(3), &["W B W / B W B / W B W", "B W / W B", "W"], 0);
    assert!(g.is_over());
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.illegal_reason(place((0, 0, 0))), Some("game over"));
    assert_eq!(g.scores(), vec![8, 6]);
    assert_eq!(g.winners(), vec![0]);
    let g = position(rules(3), &["W B W / B W B / W B W", "B W / W B", "B"], 0);
    assert_eq!(g.winners(), vec![0, 1], "equal scores are a draw");
}

#[test]
fn single_capture_wins_only_on_a_non_zombie() {
    let mut r = rules(5);
    r.single_capture = true;
    // White 0,0,0 is a zombie under Black's 1,0,0; every Black move captures it again.
    let mut g = position(
        r.clone(),
        &[
            "W B . . . / B B . . . / . . . . . / . . . . . / . . . . .",
            "B . . . / . . . . / . . . . / . . . .",
        ],
        1,
    );
    let out = play_ok(&mut g, place((0, 3, 3)));
    assert!(!out.winning_capture);
    assert!(!g.is_over());
    // Without single_capture a real capture does not end the game.
    r.single_capture = false;
    let mut g = position(
        r,
        &[". B . . . / B W B . . / . . . . . / . . . . . / . . . . ."],
        1,
    );
    let out = play_ok(&mut g, place((0, 1, 2)));
    assert!(!out.winning_capture);
    assert!(!g.is_over());
}

// ---------------------------------------------------------------------------
// Random games.
// ---------------------------------------------------------------------------

fn random_rules(rng: &mut Rng) -> RefRules {
    let size = 3 + rng.index(4);
    let mut r = RefRules::preset(size);
    r.players = [2, 2, 2, 3, 4][rng.index(5)];
    r.ko = [
        RefKo::None,
        RefKo::Simple,
        RefKo::Simple,
        RefKo::PositionalSuperko,
        RefKo::SituationalSuperko,
    ][rng.index(5)];
    r.swap = rng.below(2) == 0;
    r.max_height = [None, None, None, Some(1), Some(2), Some(3)][rng.index(6)];
    r.can_pass = rng.below(4) == 0;
    r.all_freedoms = rng.below(4) == 0;
    r.single_capture = rng.below(6) == 0;
    r.capture_scope_adjacent = rng.below(6) == 0;
    r
}

/// Plays a random legal move: candidates are tried in random order. Returns `None`
/// when no move is legal.
fn random_move(game: &RefGame, rng: &mut Rng) -> Option<RefMove> {
    let mut candidates: Vec<RefMove> = game
        .points()
        .into_iter()
        .filter(|&p| game.colour_at(p).is_none())
        .map(RefMove::at)
        .collect();
    // Passes rarely, so that games get somewhere.
    if rng.below(8) == 0 {
        candidates.push(RefMove::Pass);
    }
    candidates.push(RefMove::Swap);
    while !candidates.is_empty() {
        let m = candidates.swap_remove(rng.index(candidates.len()));
        if game.is_legal(m) {
            return Some(m);
        }
    }
    game.is_legal(RefMove::Pass).then_some(RefMove::Pass)
}

#[test]
fn random_games_keep_the_invariant_and_the_score() {
    let mut rng = Rng::seed_from(0x4D41_5247_4F52_4546); // "MARGOREF"
    let mut stats = [0usize; 4]; // games ended, plies, removals, zombies made
    for game_no in 0..500 {
        let rules = random_rules(&mut rng);
        let mut game = RefGame::new(rules.clone());
        for _ in 0..60 {
            let Some(m) = random_move(&game, &mut rng) else {
                assert!(game.is_over(), "game {game_no}: no legal move but not over");
                assert!(game.legal_moves().is_empty());
                stats[0] += 1;
                break;
            };
            let mover = game.colour_to_move();
            let out = game
                .play(m)
                .unwrap_or_else(|e| panic!("game {game_no} {rules:?}: {m:?}: {e}"));
            stats[1] += 1;
            stats[2] += out.removed.len();
            stats[3] += out.zombies.len();
            let ctx = || format!("game {game_no} ply {} {rules:?} after {m:?}", game.ply());
            if let RefMove::Place { level, x, y } = m {
                assert_eq!(game.colour_at((level, x, y)), Some(mover), "{}", ctx());
            }
            for &p in &out.removed {
                assert_eq!(game.colour_at(p), None, "{}", ctx());
            }
            for &p in &out.zombies {
                assert!(game.colour_at(p).is_some(), "{}", ctx());
            }
            assert!(!out.winning_capture || rules.single_capture, "{}", ctx());
            if !rules.capture_scope_adjacent {
                if let Some(v) = invariant_violation(&game) {
                    panic!("{}: {v}", ctx());
                }
            }
            assert_eq!(floating_piece(&game), None, "{}", ctx());
            let pieces = game.pieces();
            let scores = game.scores();
            assert_eq!(scores.iter().sum::<usize>(), pieces.len(), "{}", ctx());
            for (player, &score) in scores.iter().enumerate() {
                let owned = pieces
                    .iter()
                    .filter(|(_, c)| game.owner_of(*c) == player)
                    .count();
                assert_eq!(score, owned, "{}", ctx());
            }
            assert_eq!(scores.len(), rules.players, "{}", ctx());
            if out.winning_capture {
                assert!(game.is_over(), "{}", ctx());
                assert_eq!(game.winners(), vec![game.owner_of(mover)], "{}", ctx());
            }
            if game.is_over() {
                stats[0] += 1;
                break;
            }
        }
    }
    // The smoke test must actually exercise captures and zombies.
    assert!(
        stats[0] > 50 && stats[2] > 500 && stats[3] > 50,
        "stats {stats:?}"
    );
}
