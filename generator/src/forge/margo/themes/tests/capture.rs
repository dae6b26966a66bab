//! The detectors on horizon puzzles: capture ("take K pieces off within N
//! moves") and save ("lose no piece to the opponent's next N moves"). Values
//! are piece counts, and the oracle answers with counts too. The positions
//! are ones the forge found and minimised.

use crate::forge::margo::horizon::{self, Goal};
use crate::forge::margo::themes::oracle::value_changes;
use crate::forge::margo::themes::{
    Horizon, MargoCase, Oracle, defender_fills_eye, is_forced_eye_filling, is_ko, is_stack_join,
    is_zombie_reversal, joins_one_eyed_groups, zombies_in_play,
};
use crate::solve::margo::CaptureSearch;

use super::{Owned, margo, oracle, position};

type Detector = fn(&MargoCase<'_>, &dyn Oracle) -> bool;

/// A 5x5 capture case: the setup, the turns, and the key the search must find.
struct Cap(&'static str, u8, &'static str);

fn solved(c: &Cap) -> Owned {
    let pos = position(margo(5), c.0);
    let q = horizon::question(&pos, Goal::Capture, c.1, &mut CaptureSearch::new(1_000_000))
        .unwrap()
        .unwrap_or_else(|| panic!("{}: no capture question with {} turns", c.0, c.1));
    let case = Owned {
        position: pos,
        key: q.key,
        values: q.values,
        line: q.line,
        horizon: Some(Horizon::Capture(c.1)),
    };
    assert_eq!(case.key_text(), c.2, "key of {}", c.0);
    case
}

fn check(detector: Detector, cases: &[Cap], expected: bool) {
    for c in cases {
        let case = solved(c);
        assert_eq!(detector(&case.case(), oracle()), expected, "{}", c.0);
    }
}

/// Capture puzzles with none of the oracle themes.
const PLAIN: [Cap; 3] = [
    Cap("white a1; to-move black", 3, "b2"),
    Cap("black b3; white a2; to-move black", 3, "b2"),
    Cap("black a3; white a1; to-move black", 2, "b1"),
];

#[test]
fn running_out_of_moves_is_not_eye_filling_in_capture_puzzles() {
    // White may not pass, so it must place a piece where Black takes it:
    // the value changes with passing allowed (the old test), but White fills
    // none of its own eyes in the main line, so the theme is not tagged.
    let known_wrong = [
        Cap("black b1 a2 a3 c3 d3 a4 d4 b5; to-move black", 3, "d2"),
        Cap(
            "black b1 d1 a2 c2 e2 a3 d3 c4 e4 d5; white b3; to-move black",
            3,
            "b4",
        ),
        Cap(
            "black a1 b1 d1 c2 b3 d3 a4 c4 e4 b5 d5; white a2; to-move black",
            2,
            "e2",
        ),
    ];
    for c in &known_wrong {
        let case = solved(c);
        assert!(
            value_changes(&case.case(), oracle(), |r| r.can_pass = true),
            "{}",
            c.0
        );
        assert!(!defender_fills_eye(&case.case()), "{}", c.0);
    }
    check(is_forced_eye_filling, &known_wrong, false);
    check(is_forced_eye_filling, &PLAIN, false);
}

#[test]
fn ko_in_capture_puzzles() {
    // The capture at a5 leaves a ko point, and without the ko rule White
    // would retake and Black would take off a different number.
    check(
        is_ko,
        &[
            Cap(
                "black c2 c3 b4 c5; white a1 b1 a2 b2 a3 b3 a4 b5; to-move black",
                2,
                "a5",
            ),
            Cap(
                "black a1 b1 c1 d1 c2 e2 d3 b4 c4 e4 c5 d5; white a2 b2 b3 c3 a4 b5; to-move black",
                2,
                "a5",
            ),
            Cap(
                "black b1 c1 d1 c2 d2 e2 c3 e3 b4 d4 c5 e5; white a1 a2 b2 b3 a4 b5 b1+1; to-move black",
                2,
                "a5",
            ),
        ],
        true,
    );
    check(is_ko, &PLAIN, false);
}

#[test]
fn zombies_in_play_in_capture_puzzles() {
    // The structural half of zombie reversal; the counterfactual half is
    // tested on committed puzzles (tests::files).
    let early = [
        Cap(
            "black b2 b4; white a2 a3; zombies a2 a3; to-move black",
            3,
            "a4",
        ),
        Cap(
            "black a1 b1 b2 c3 e3 b4; white a2 e2 b3; zombies b3; to-move black",
            3,
            "d2",
        ),
        Cap(
            "black c2 a3 b3 e3 c4 d4; white a1 a2 c3 d3; zombies d3; to-move black",
            3,
            "d2",
        ),
    ];
    for c in &early {
        assert!(zombies_in_play(&solved(c).case()), "{}", c.0);
    }
    check(is_zombie_reversal, &PLAIN, false);
}

#[test]
fn the_oracle_counts_pieces_taken_off() {
    let pos = position(margo(5), "black a2 b2; white a1 b1; to-move black");
    assert_eq!(oracle().capture(&pos, 1), Some(2));
    let none = position(margo(5), "black e5; white a1; to-move black");
    assert_eq!(oracle().capture(&none, 1), Some(0));
}

/// A save case: the board size, the setup (one opponent move: `turns: 1`) and
/// the key.
struct Save(u8, &'static str, &'static str);

fn saved(c: &Save) -> Owned {
    let pos = position(margo(c.0), c.1);
    let q = horizon::question(&pos, Goal::Save, 1, &mut CaptureSearch::new(1_000_000))
        .unwrap()
        .unwrap_or_else(|| panic!("{}: no save question", c.1));
    let case = Owned {
        position: pos,
        key: q.key,
        values: q.values,
        line: q.line,
        horizon: Some(Horizon::Save(1)),
    };
    assert_eq!(case.key_text(), c.2, "key of {}", c.1);
    case
}

#[test]
fn stack_join_in_save_puzzles() {
    // The key, on level 1, joins two groups with one eye each into one with
    // two eyes, which White cannot take.
    let positives = [
        Save(
            6,
            "black a4 a5 b5 e5 f5 b6 d6 e6 b5+1; white a3 b4 c5 d5 c6; to-move black",
            "c5+1",
        ),
        Save(
            6,
            "black b1 a2 b2 b4 a5 b5 b6 c6 a3+1; white a3 b3 a4 c4 c5 d6; to-move black",
            "a2+1",
        ),
        Save(
            6,
            "black e1 c2 d2 e2 f2 c3 a4 b4 b5 a6 b6; white a3 b3 c4 c5 c6; to-move black",
            "b3+1",
        ),
    ];
    let negatives = [
        Save(7, "black a1; white a2; to-move black", "b1"),
        Save(7, "black a3; white a2 b3; to-move black", "a4"),
        Save(6, "black a3 a5; white a4 b5; to-move black", "b4"),
    ];
    for (cases, expected) in [(&positives, true), (&negatives, false)] {
        for c in cases {
            let case = saved(c);
            assert_eq!(is_stack_join(&case.case(), oracle()), expected, "{}", c.1);
            // Every other first move loses a piece; the key loses none.
            for (m, v) in &case.values {
                assert_eq!(v.margin_value() == Some(0), *m == case.key, "{}", c.1);
            }
        }
    }
}

#[test]
fn the_save_oracle_counts_the_fewest_pieces_lost() {
    // Black a1 b1 with c1 their only freedom: nothing saves both.
    let pos = position(margo(5), "black a1 b1; white a2 b2 d1; to-move black");
    assert_eq!(oracle().save(&pos, 1), Some(2));
    let safe = position(margo(5), "black e5; white a1; to-move black");
    assert_eq!(oracle().save(&safe, 1), Some(0));
}

/// Two committed puzzles whose key joins one-eyed groups into one with two
/// eyes while neither group was in danger (a hand check of the tags found
/// them): in `margo-652c27d1b1a2` the key's point is the b2-b3 cut, in
/// `margo-a3234606e3ae` it is the one move that fills no freedom of White's
/// own. The join is there; the theme is not.
#[test]
fn a_join_nothing_threatened_is_not_stack_join() {
    let cut = solved(&Cap(
        "black a1 a2 b2 b3 c3 d3 e3 e4 d5 e5 c3+1; \
         white c1 d1 c2 d2 e2 a3 a4 b4 c4 d4 b5 b2+1 d3+1; to-move white",
        2,
        "a2+1",
    ));
    let harmless = saved(&Save(
        7,
        "black a3 b3 g3 a4 b4 c4 f4 g4 b5 c5 d5 g5 c6 d6 e6 f6 c7 d7 e7 f7 b2+1 c2+1 e2+1 \
         a3+1 b3+1 e3+1 f3+1 b4+1 c4+1 d4+1 b5+1 c5+1 d5+1 c6+1 d6+1 c2+2 c3+2 c4+2 c5+2 \
         b2+3 b3+3 b4+3; \
         white a1 b1 d1 e1 f1 g1 a2 b2 c2 d2 e2 f2 g2 c3 d3 e3 f3 d4 e4 e5 a6 b6 b7 a1+1 \
         d1+1 e1+1 f1+1 a2+1 d2+1 f2+1 c3+1 d3+1 b6+1 d1+2 e1+2 b2+2 d2+2 e2+2 b3+2 b4+2 \
         b5+2 d1+3; \
         zombies c3 b6 b7 e2+1 c3+1 b6+1 b2+2 b3+2 b4+2 b5+2; to-move white",
        "a2+2",
    ));
    for case in [cut, harmless] {
        assert!(joins_one_eyed_groups(&case.position, case.key));
        assert!(!is_stack_join(&case.case(), oracle()));
    }
}
