//! The exact solver and the retrograde tablebase agree: on every position of
//! 3x3 Margo (simple ko and no ko) and on every position of tablebases built
//! from late Spargo positions, both the position's value and the value of each
//! legal move. The full Spargo check is `cannonball tablebase check`.

use crate::support;

use cannonball::solve::agreement::{self, Agreement};
use cannonball::solve::margo::Options;
use cannonball::solve::spargo::Tablebase;
use cannonball_rules::margo::{Ko, Position, Preset, Rules};
use support::spargo::{late_positions, small};

fn options() -> Options {
    Options {
        nodes: Some(2_000_000),
        table_bits: 18,
        threads: 1,
        principal_variation: false,
        ..Options::default()
    }
}

fn check_all(tb: &Tablebase) -> Agreement {
    let ranks: Vec<u32> = (0..tb.len() as u32).collect();
    agreement::check(tb, &ranks, &options(), |_| {}).unwrap()
}

fn assert_agree(what: &str, report: &Agreement) {
    assert!(
        report.disagreements.is_empty(),
        "{what}: {} disagreements, first {:?}",
        report.disagreements.len(),
        report.disagreements.first()
    );
    assert_eq!(report.unknown, 0, "{what}: the budget should settle these");
    assert!(report.agreed > report.positions, "{what}: {report:?}");
}

fn margo3(ko: Ko) -> Rules {
    let mut r = Preset::Margo.rules();
    r.size = 3;
    r.swap = false;
    r.ko = ko;
    r
}

#[test]
fn every_3x3_position_agrees() {
    for ko in [Ko::Simple, Ko::None] {
        let rules = margo3(ko);
        let root = Position::<1>::new(rules).unwrap();
        let (tb, _) = Tablebase::build(rules, &[root], small(100_000)).unwrap();
        let report = check_all(&tb);
        assert_eq!(report.positions, tb.len());
        assert_agree(&format!("3x3 ko {ko:?}"), &report);
    }
}

#[test]
fn late_spargo_positions_agree() {
    for ko in [Ko::Simple, Ko::None] {
        let mut rules = Preset::Spargo.rules();
        rules.ko = ko;
        let mut positions = 0;
        for (_, tb) in late_positions(rules, 23, 15) {
            let report = check_all(&tb);
            positions += report.positions;
            assert_agree(&format!("Spargo ko {ko:?}"), &report);
        }
        assert!(positions >= 60, "ko {ko:?}: only {positions} positions");
    }
}

#[test]
fn an_exhausted_budget_is_unknown_not_agreement() {
    // A solver stopped before it proves anything leaves every value unknown:
    // never counted as agreement, never as disagreement (its bounds hold).
    let rules = margo3(Ko::Simple);
    let root = Position::<1>::new(rules).unwrap();
    let (tb, _) = Tablebase::build(rules, &[root], small(100_000)).unwrap();
    let ranks = agreement::sample_ranks(&tb, 200, 3);
    assert_eq!(ranks.len(), 200);
    assert!(ranks.windows(2).all(|w| w[0] < w[1]));
    let starved = Options {
        nodes: Some(0),
        ..options()
    };
    let report = agreement::check(&tb, &ranks, &starved, |_| {}).unwrap();
    assert!(
        report.disagreements.is_empty(),
        "{:?}",
        report.disagreements.first()
    );
    assert!(report.unknown > 0, "{report:?}");
}
