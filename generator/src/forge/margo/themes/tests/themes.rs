//! Each detector on real positions: the puzzle is solved (values, unique key,
//! main line) and the detector asked; positives first, then near misses.
//!
//! Most positions come from random self-play stopped near the end of the game
//! (hence the many zombies), kept when the solver settles them quickly.

use super::super::oracle::with_rules;
use super::super::{
    attacker_early_moves, captures_through_cut, has_pinned_suicide, zombies_in_play,
};
use super::{Owned, case_for, margo, oracle, spargo, try_case};
use crate::forge::margo::themes::{
    MargoCase, Oracle, is_forced_eye_filling, is_ko, is_over_under_cut, is_pinned_suicide,
    is_stack_join, is_surround_capture, is_zombie_reversal, margo_themes,
};
use crate::puzzle::Theme;
use cannonball_rules::margo::{Ko, Preset, Symmetry};

type Detector = fn(&MargoCase<'_>, &dyn Oracle) -> bool;

/// A 4x4 (Spargo) or 5x5 (Margo) position with the key the solver must find.
struct Pos(u8, &'static str, &'static str);

fn solved(p: &Pos) -> Owned {
    let case = if p.0 == 4 {
        spargo(p.1)
    } else {
        case_for(margo(p.0), p.1)
    };
    assert_eq!(case.key_text(), p.2, "key of {}", p.1);
    case
}

fn check(detector: Detector, positions: &[Pos], expected: bool) {
    for p in positions {
        let case = solved(p);
        assert_eq!(
            detector(&case.case(), oracle()),
            expected,
            "{}\n{}",
            p.1,
            case.position.diagram()
        );
    }
}

// Positions shared by several tests.

/// Black d1 fills the last freedom of the White pair d2 (with its marbles).
const SURROUND_D1: Pos = Pos(
    4,
    "white d2 b4 b1+1 a2+1 b2+1 c2+1 a3+1 b3+1; black a1 b1 c1 a2 b2 c2 a3 b3 c3 d3 a4 c4 a1+1; \
     to-move black; zombies c1 b2 b3 c3 d3 c4",
    "d1",
);
/// Black d3 captures; the White marbles over b3-c3 cut White's own column.
const SURROUND_CUT_D3: Pos = Pos(
    4,
    "white d1 a2 b2 c2 d2 a3 a4 d4 c1+1 a2+1 a2+2; black b1 c1 b3 c3 b4 c4 b1+1 b2+1 a3+1 b3+1; \
     to-move black",
    "d3",
);
/// White a3 captures and removes Black zombies.
const SURROUND_ZOMBIES_A3: Pos = Pos(
    4,
    "white b1 b2 c2 d2 b3 d3 c4 d4 b1+1 c2+1; black a1 c1 a2 c3 a4 b4 a1+1 b2+1 b3+1 c3+1 b2+2; \
     to-move white; zombies c1 b2 c2 b3 a4 b4",
    "a3",
);
/// White's level-2 key b2+2 captures through a cut; White's natural capture
/// is pinned suicide.
const CUT_PINNED_B2_2: Pos = Pos(
    4,
    "white b1 a2 d2 d3 b1+1 a2+1 b2+1 c3+1; black c1 b2 c2 a3 b3 c3 a4 b4 c4 d4 c2+1 a3+1 b3+1; \
     to-move white; zombies b2 d2 d3",
    "b2+2",
);
/// Black's key a1+1 is on level 1 but joins nothing; a White zombie pins.
const PINNED_A1_1: Pos = Pos(
    4,
    "white a1 b1 c1 d1 a2 b2 d2 a3 b3 c3 d3 a4 b4 a3+1; \
     black c2 c4 b1+1 c1+1 a2+1 b2+1 c2+1 b3+1 b1+2; to-move black; \
     zombies a1 a2 b2 c2 d2 a3 b3 d3 b4 c4 b2+1 c2+1 b3+1",
    "a1+1",
);
/// Black c1+1 is best; a surround capture exists but is not the key.
const QUIET_C1_1: Pos = Pos(
    4,
    "white a4 c4 b1+1 b2+1 c2+1 c3+1 a1+2; black a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 d4 a1+1 a2+1; \
     to-move black",
    "c1+1",
);
/// 5x5: White e1 fills the last freedom of a Black group (a plain capture).
const SURROUND_E1: Pos = Pos(
    5,
    "white d1 a2 a3 b3 a4 b4 c4 b5 c5 c2+1 a3+1 c3+1 d3+1 c4+1 b1+2 b2+2 b3+2 a1+3; \
     black a1 b1 c1 b2 c2 d2 e2 c3 d3 e3 d4 e4 d5 e5 a1+1 b1+1 c1+1 a2+1 b2+1 d2+1 b3+1 b4+1 \
     d4+1 a1+2 a2+2 c3+2; to-move white; zombies d1",
    "e1",
);
/// 5x5: White's level-2 key captures through an over/under cut.
const CUT_A2_2: Pos = Pos(
    5,
    "white a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 c3 e3 a4 a5 b5 c5 d5 c1+1 d1+1 a2+1 d2+1 a4+1 \
     b1+2 c1+2 b2+2 c2+2 b1+3; black d3 b4 c4 d4 e4 a1+1 b1+1 b2+1 c2+1 a3+1 b3+1 c3+1 d3+1 \
     b4+1 c4+1 a3+2 b3+2; to-move white; zombies c1 d1 e1 c2 e2 b3 c3 d3 e3 a4 b4 c4 d4 e4 a5 \
     b5 b1+1 c1+1 d1+1 b2+1 c2+1 d2+1 c3+1 d3+1",
    "a2+2",
);
/// 5x5: White c3+2 takes off Black zombies (released when their marble goes).
const ZOMBIES_C3_2: Pos = Pos(
    5,
    "white c1 d1 b2 c2 d2 e2 b3 c3 d3 e3 a4 c4 d4 e4 a5 b5 c5 d5 e5 a3+1 c3+1 d3+1 c4+1 d4+1 \
     a3+2; black b1 a2 a3 b4 b1+1 c1+1 a2+1 b2+1 c2+1 d2+1 b3+1 a4+1 b4+1 b1+2 a2+2 b2+2 c2+2 \
     b3+2 a2+3; to-move white; zombies b1 c1 d1 b2 c2 d2 e2 b3 e3 a4 b4 a5 b5 c5 d5 b1+1 c1+1 \
     b2+1 c2+1 b3+1",
    "c3+2",
);
/// 5x5: Black d5 captures, taking off White zombies.
const ZOMBIES_D5: Pos = Pos(
    5,
    "white a1 a2 b2 a3 a4 c4 c5 e5 b1+1 c1+1 d1+1 a2+1 a4+1 b4+1 b1+2 a2+2 b2+2 c2+2 a3+2 \
     a1+3; black b1 c1 d1 e1 c2 d2 e2 b3 c3 d3 e3 b4 d4 e4 a5 b5 a1+1 b2+1 c2+1 d2+1 a3+1 b3+1 \
     c3+1 d3+1 a1+2; to-move black; zombies b1 c1 d1 d2 e2 e3 c4 d4 e4 a5 b5 c5 b2+1 c2+1 \
     d2+1 a3+1 b3+1 c3+1 d3+1",
    "d5",
);
/// 5x5: Black a1+1; the natural capture next to a pinned White piece is suicide.
const PINNED_5: Pos = Pos(
    5,
    "white c1 b2 c2 d3 d4 b5 c5 d5 e5 b2+1 c2+1 d4+1 b1+2 a2+2 c2+2 c3+2; \
     black a1 b1 d1 e1 a2 d2 e2 a3 b3 c3 e3 a4 b4 c4 e4 b1+1 c1+1 a2+1 d2+1 a3+1 b3+1 c3+1 \
     d3+1 b4+1 c4+1 b2+2 b3+2 b2+3; to-move black; zombies c1 b2 c2 d2 d3 d4 b5 c5 d5 b2+1 c2+1",
    "a1+1",
);
/// Spargo: two one-eyed White groups (eyes a1 and d4) that only b2+1 joins.
const JOIN: &str = "white b1 a2 b2 c3 d3 c4 a2+1 b1+1 c2+1 b3+1; black c1 c2 d2 a3 b3 b4; \
                    to-move white";
/// Black a2 captures a White piece and leaves a ko; without the ko rule the
/// game would be a draw.
const KO_A2: Pos = Pos(
    4,
    "white a1 c1 c2 a3 b4 b1+1 b2+1 c2+1 b3+1; black b1 b2 d2 b3 c3 d3 c4 d4 c3+1; \
     to-move black; zombies b1 b2 b3 c3",
    "a2",
);
/// White a1: a ko in the main line; without the ko rule White would draw, under
/// simple ko White loses.
const KO_A1: Pos = Pos(
    4,
    "white c1 b4 c4 c1+1 b2+1 c2+1 b3+1 a2+2; black b1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 a2+1 a3+1; \
     to-move white; zombies c1 a2 c2 a3 a4 a2+1 a3+1",
    "a1",
);
/// White d1: a ko in the main line, and the ko rule decides the result.
const KO_D1: Pos = Pos(
    4,
    "white c2 c3 d3 b1+1 a3+1 b3+1; black a1 b1 c1 a2 b2 d2 a3 b3 a4 b4 c4 a1+1 a2+1 b2+1 a1+2 \
     a2+2; to-move white; zombies c2 c3 a3+1 b3+1",
    "d1",
);
/// Near misses for ko: a ko point in the main line, but the ko rule does not
/// change the result.
const KO_NEAR: [Pos; 3] = [
    Pos(
        4,
        "white a1 b1 a4 c4 a1+1 b1+1 c1+1 b2+1 c2+1 b3+1 b1+2; \
         black c1 d1 a2 b2 c2 d2 b3 c3 d3 b4; to-move black; \
         zombies c1 d1 b2 c2 d2 b3 c3 d3 b4 c4",
        "a3",
    ),
    Pos(
        4,
        "white c1 a2 b2 b3 c3 d3 b4 c4 d4 b3+1 c3+1; black a1 b1 c2 d2 a4 a1+1 b1+1 b2+1 c2+1 \
         b2+2; to-move white",
        "a3",
    ),
    Pos(
        4,
        "white b1 c2 d2 b3 c3 c4 a3+1 b3+1; black c1 d1 a2 b2 a3 a4 b4 d4 b1+1 c1+1 a2+1 b2+1 \
         a2+2; to-move white; zombies c2 d2 c3 c4 a3+1 b3+1",
        "d3",
    ),
];
/// Black loses without passing but draws when passing is allowed.
const EYE_A1_2: Pos = Pos(
    4,
    "white a1 b1 c1 d1 a2 b2 c2 a3 c3 a1+1 c2+1 b3+1 c3+1; \
     black d2 b3 d3 b4 c4 d4 b1+1 c1+1 a2+1 b2+1 b2+2; to-move black; \
     zombies c2 c2+1 b3+1 c3+1",
    "a1+2",
);
/// White loses without passing but draws when passing is allowed.
const EYE_WHITE_A1_2: Pos = Pos(
    4,
    "white b3 c3 a4 b4 c4 b1+1 c1+1 b2+1 c2+1 a3+1 b3+1; \
     black a1 b1 c1 d1 a2 b2 c2 d2 a3 d3 a1+1 a2+1 a2+2; to-move white; zombies c2",
    "a1+2",
);
/// Black loses without passing but draws when passing is allowed.
const EYE_A2_2: Pos = Pos(
    4,
    "white a1 b1 c1 a2 b2 a3 b3 a4 b4 c4 a3+1 c3+1 b2+2; \
     black c2 d2 c3 d3 d4 a1+1 b1+1 a2+1 b2+1 c2+1 b3+1; to-move black; zombies b2",
    "a2+2",
);

#[test]
fn surround_capture_positives() {
    check(
        is_surround_capture,
        &[
            SURROUND_D1,
            SURROUND_CUT_D3,
            SURROUND_ZOMBIES_A3,
            SURROUND_E1,
        ],
        true,
    );
}

#[test]
fn surround_capture_negatives() {
    // A capture from above through a cut, a quiet level-1 key, and a key that
    // captures nothing although a capture was on offer.
    check(
        is_surround_capture,
        &[CUT_PINNED_B2_2, CUT_A2_2, PINNED_A1_1, QUIET_C1_1],
        false,
    );
}

/// Whether one of the attacker's early moves captures through a cut (the
/// structural half of [`is_over_under_cut`]).
fn cut_in_line(case: &Owned) -> bool {
    attacker_early_moves(&case.case())
        .iter()
        .any(|(pos, m)| captures_through_cut(pos, *m))
}

#[test]
fn captures_through_cuts_are_found_in_the_main_line() {
    // The structural half only; the counterfactual half (the answer with
    // cuts off) is tested on committed puzzles (tests::files).
    for p in [CUT_PINNED_B2_2, SURROUND_CUT_D3, CUT_A2_2] {
        assert!(cut_in_line(&solved(&p)), "{}", p.1);
    }
    for p in [SURROUND_D1, SURROUND_E1, PINNED_A1_1] {
        assert!(!cut_in_line(&solved(&p)), "{}", p.1);
    }
}

#[test]
fn over_under_cut_negatives() {
    check(
        is_over_under_cut,
        &[SURROUND_D1, SURROUND_ZOMBIES_A3, SURROUND_E1, PINNED_A1_1],
        false,
    );
}

#[test]
fn zombies_in_play_early() {
    // The structural half of zombie reversal: the main line takes zombies
    // off. Whether the answer changes without zombies is tested on committed
    // puzzles (tests::files).
    for p in [SURROUND_ZOMBIES_A3, ZOMBIES_C3_2, ZOMBIES_D5] {
        assert!(zombies_in_play(&solved(&p).case()), "{}", p.1);
    }
}

#[test]
fn zombie_reversal_negatives() {
    check(
        is_zombie_reversal,
        &[SURROUND_D1, CUT_PINNED_B2_2, SURROUND_E1],
        false,
    );
}

#[test]
fn pinned_natural_captures_are_found() {
    // The structural half of pinned suicide (no solving needed); the
    // counterfactual half is tested on committed puzzles (tests::files).
    for p in [CUT_PINNED_B2_2, PINNED_A1_1, PINNED_5] {
        let rules = if p.0 == 4 {
            Preset::Spargo.rules()
        } else {
            margo(p.0)
        };
        assert!(has_pinned_suicide(&super::position(rules, p.1)), "{}", p.1);
    }
}

#[test]
fn pinned_suicide_negatives() {
    check(
        is_pinned_suicide,
        &[SURROUND_D1, SURROUND_CUT_D3, SURROUND_E1],
        false,
    );
}

#[test]
fn stack_join_positives() {
    // The position, turned a quarter by the engine, and with the colours
    // exchanged (Black to play): the same join in other places and colours.
    let base = super::position(Preset::Spargo.rules(), JOIN);
    let variants = [
        base.clone(),
        base.transformed(Symmetry::Rotate90),
        base.with_colors_exchanged(),
    ];
    for pos in variants {
        let case = try_case(pos).expect("settled with a unique key");
        assert!(
            is_stack_join(&case.case(), oracle()),
            "{}",
            case.position.diagram()
        );
    }
}

#[test]
fn stack_join_negatives() {
    // Upper-level keys that join nothing.
    check(
        is_stack_join,
        &[CUT_PINNED_B2_2, PINNED_A1_1, QUIET_C1_1, CUT_A2_2],
        false,
    );
}

#[test]
fn margo_themes_lists_exactly_the_detectors_that_fire_in_order() {
    let case = solved(&SURROUND_ZOMBIES_A3);
    let themes = margo_themes(&case.case(), oracle());
    assert!(themes.contains(&Theme::SurroundCapture));
    assert!(!themes.contains(&Theme::StackJoin));
    for (t, detector) in [
        (Theme::ZombieReversal, is_zombie_reversal as Detector),
        (Theme::OverUnderCut, is_over_under_cut),
        (Theme::PinnedSuicide, is_pinned_suicide),
    ] {
        assert_eq!(themes.contains(&t), detector(&case.case(), oracle()), "{t}");
    }
    assert!(themes.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn forced_eye_filling_positives() {
    check(
        is_forced_eye_filling,
        &[EYE_A1_2, EYE_WHITE_A1_2, EYE_A2_2],
        true,
    );
}

#[test]
fn forced_eye_filling_negatives() {
    // The oracle settles each position with passing allowed, and finds the
    // same result as without.
    for p in [
        SURROUND_CUT_D3,
        SURROUND_ZOMBIES_A3,
        CUT_PINNED_B2_2,
        PINNED_A1_1,
    ] {
        let case = solved(&p);
        let passing = with_rules(&case.position, |r| r.can_pass = true).unwrap();
        assert!(oracle().result(&passing).is_some(), "{}", p.1);
        assert!(!is_forced_eye_filling(&case.case(), oracle()), "{}", p.1);
    }
}

/// Whether one of the main line's first six moves leaves a ko point.
fn line_leaves_ko(case: &Owned) -> bool {
    let mut pos = case.position.clone();
    case.line.iter().take(6).any(|&m| {
        pos.play(m).expect("the main line is legal");
        pos.ko_point().is_some()
    })
}

#[test]
fn ko_positives() {
    for p in [KO_A2, KO_A1, KO_D1] {
        let case = solved(&p);
        assert!(line_leaves_ko(&case), "{}", p.1);
        assert!(is_ko(&case.case(), oracle()), "{}", p.1);
    }
}

#[test]
fn ko_negatives() {
    // No ko point in the main line.
    check(is_ko, &[SURROUND_D1, SURROUND_CUT_D3, PINNED_A1_1], false);
    // Ko points in the main line, but the result is the same without ko.
    for p in &KO_NEAR {
        let case = solved(p);
        assert!(line_leaves_ko(&case), "{}", p.1);
        let no_ko = with_rules(&case.position, |r| r.ko = Ko::None).unwrap();
        assert!(oracle().result(&no_ko).is_some(), "{}", p.1);
        assert!(!is_ko(&case.case(), oracle()), "{}", p.1);
    }
}
