//! Impossible Margo setups are refused with their reason (item 19): a ko
//! point no capture could have made, a zombie label on a piece whose group
//! has freedom, a clause that says one thing twice, and a point listed many
//! times reported once with its count.

use cannonball_rules::margo::{AnyPosition, Preset, Rules, Setup};

use crate::support;

fn refused(rules: Rules, text: &str) -> String {
    let setup = Setup::parse(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    match AnyPosition::from_setup(&setup) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("`{text}` was accepted"),
    }
}

#[test]
fn a_ko_point_without_a_capture_that_made_it_is_refused() {
    let spargo = Preset::Spargo.rules();
    let err = refused(spargo, "white b2; black c3; to-move white; ko d4");
    assert_eq!(
        err,
        "impossible setup: ko point d4 is given but no last move could have made it: \
         that move must have captured a single piece there, which retaking would give back"
    );
    // After a pass there is no ko point, whatever was captured before.
    let rules = support::margo(5);
    let mut pos = support::position(rules, "black a2 b3 b1; white b2 c3 d2 c1; to-move black");
    support::play(&mut pos, "c2");
    let ko = pos.to_setup().to_text();
    assert!(ko.contains("; ko b2"), "{ko}");
    let err = refused(rules, &format!("{ko}; passes 1"));
    assert!(err.contains("the last move was a pass"), "{err}");
}

#[test]
fn a_real_ko_point_is_accepted_and_only_there() {
    let rules = support::margo(5);
    let mut pos = support::position(rules, "black a2 b3 b1; white b2 c3 d2 c1; to-move black");
    support::play(&mut pos, "c2");
    let text = pos.to_setup().to_text();
    let again = support::position(rules, &text);
    assert_eq!(again.ko_point(), pos.ko_point());
    // The same board with the ko point moved to another empty point.
    let elsewhere = text.replace("; ko b2", "; ko e5");
    let err = refused(rules, &elsewhere);
    assert!(
        err.contains("ko point e5 is given but no last move"),
        "{err}"
    );
}

#[test]
fn a_zombie_label_where_nothing_can_rest_is_refused() {
    // With a height limit of 1 nothing rests on anything: a captured piece is
    // always removed, so no piece is ever a zombie.
    let flat: Rules = "spargo max-height=1".parse().unwrap();
    let err = refused(flat, "white b2; black c3; zombies b2");
    assert_eq!(
        err,
        "impossible setup: zombie listed on b2, but nothing can rest on that point, \
         so a capture there always removes the piece"
    );
    // Without the limit a zombie with freedom can be reached: it was captured
    // under a piece since removed, and a removal beside it freed a point
    // (README, "Choices where the rulings leave room").
    let spargo = Preset::Spargo.rules();
    let pos = support::position(spargo, "white b2; black c3; zombies b2");
    assert_eq!(pos.zombies().len(), 1);
}

#[test]
fn to_move_ko_and_passes_given_twice_are_refused_at_the_second() {
    let spargo = Preset::Spargo.rules();
    let text = "white b2; to-move black; to-move white";
    let err = Setup::parse(spargo, text).unwrap_err();
    assert_eq!(err.column, text.rfind("to-move").unwrap() + 1);
    assert_eq!(err.message, "to-move is given twice");
    let err = Setup::parse(spargo, "ko a1; passes 1; ko b2").unwrap_err();
    assert_eq!(
        (err.column, err.message.as_str()),
        (18, "ko is given twice")
    );
    let err = Setup::parse(spargo, "passes 1; passes 0").unwrap_err();
    assert_eq!(err.message, "passes is given twice");
}

#[test]
fn a_point_listed_many_times_is_reported_once_with_its_count() {
    let spargo = Preset::Spargo.rules();
    let text = format!("white {}b2 b2; black a1", "a1 ".repeat(40_000));
    let err = refused(spargo, &text);
    assert_eq!(
        err,
        "impossible setup: 40001 pieces on a1; two pieces on b2"
    );
}

#[test]
fn a_byte_order_mark_before_a_setup_is_skipped() {
    let spargo = Preset::Spargo.rules();
    let setup = Setup::parse(spargo, "\u{feff}white b2; black c3").unwrap();
    assert_eq!(
        setup.to_text(),
        Setup::parse(spargo, "white b2; black c3")
            .unwrap()
            .to_text()
    );
}
