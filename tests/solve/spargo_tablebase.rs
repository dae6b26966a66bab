//! The retrograde tablebase: built completely for 3x3 Margo and for Spargo
//! positions part-way through seeded games, every value checked against the
//! values of the position's moves (the negamax equation, distances included),
//! files written and read back, damaged files refused.

use crate::support;

use cannonball::solve::Wld;
use cannonball::solve::spargo::{Entry, Tablebase, TablebaseError};
use cannonball_rules::margo::{Ko, Position, Preset, Rules};
use support::spargo::{late_positions, small};

fn margo3(ko: Ko) -> Rules {
    let mut r = Preset::Margo.rules();
    r.size = 3;
    r.swap = false;
    r.ko = ko;
    r
}

fn spargo(ko: Ko) -> Rules {
    let mut r = Preset::Spargo.rules();
    r.ko = ko;
    r
}

/// Every position's value follows from its moves' values: the margin is the
/// best of the negated child margins; a win's distance is one more than the
/// quickest losing child's, a loss's one more than the slowest winning child's.
fn check_consistency(tb: &Tablebase) -> (usize, usize, usize) {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for rank in 0..tb.len() as u32 {
        let pos = tb.position(rank);
        let e = tb.entry(rank);
        let children: Vec<Entry> = tb
            .move_values(&pos)
            .unwrap()
            .into_iter()
            .map(|(_, v)| v)
            .collect();
        match e.wld {
            Wld::Win => wins += 1,
            Wld::Draw => draws += 1,
            Wld::Loss => losses += 1,
        }
        if children.is_empty() {
            let score = pos.scores();
            assert_eq!(
                i32::from(e.margin),
                score[0] as i32 - score[1] as i32,
                "terminal {rank}"
            );
            assert_eq!(e.distance, if e.margin == 0 { None } else { Some(0) });
            continue;
        }
        let best = children.iter().map(|c| c.margin).max().unwrap();
        assert_eq!(e.margin, best, "margin of {rank}:\n{}", pos.diagram());
        match e.wld {
            Wld::Win => {
                let quickest = children
                    .iter()
                    .filter(|c| c.wld == Wld::Win)
                    .filter_map(|c| c.distance)
                    .min();
                assert_eq!(e.distance, quickest, "win distance of {rank}");
            }
            Wld::Loss => {
                assert!(children.iter().all(|c| c.wld == Wld::Loss));
                let slowest = children.iter().filter_map(|c| c.distance).max();
                assert_eq!(e.distance, slowest, "loss distance of {rank}");
            }
            Wld::Draw => assert_eq!(e.distance, None),
        }
    }
    (wins, draws, losses)
}

#[test]
fn three_by_three_is_solved_consistently_under_both_ko_rules() {
    for ko in [Ko::Simple, Ko::None] {
        let rules = margo3(ko);
        let root = Position::<1>::new(rules).unwrap();
        let (tb, stats) =
            Tablebase::build(rules, std::slice::from_ref(&root), small(100_000)).unwrap();
        assert_eq!(stats.positions, tb.len());
        assert!(tb.len() > 1000, "{ko:?}: {} positions", tb.len());
        let (w, d, l) = check_consistency(&tb);
        assert!(w > 0 && l > 0, "{ko:?}: {w} wins {d} draws {l} losses");
        // The empty board's value agrees with its moves'.
        let e = tb.probe(&root).unwrap();
        let best = tb
            .move_values(&root)
            .unwrap()
            .iter()
            .map(|(_, v)| v.margin)
            .max()
            .unwrap();
        assert_eq!(e.margin, best);
    }
}

#[test]
fn three_by_three_variants_are_solved_consistently() {
    let variants: [fn(&mut Rules); 4] = [
        |r| r.all_freedoms = true,
        |r| r.capture_scope = cannonball_rules::margo::CaptureScope::Adjacent,
        |r| r.max_height = Some(2),
        |r| r.ko = Ko::None,
    ];
    for f in variants {
        let mut rules = margo3(Ko::Simple);
        f(&mut rules);
        let root = Position::<1>::new(rules).unwrap();
        let (tb, _) = Tablebase::build(rules, &[root], small(100_000)).unwrap();
        let (w, _, l) = check_consistency(&tb);
        assert!(w > 0 && l > 0, "{rules:?}");
    }
}

#[test]
fn spargo_endgame_tablebases_are_consistent() {
    let mut checked = 0;
    for ko in [Ko::Simple, Ko::None] {
        let rules = spargo(ko);
        for (root, tb) in late_positions(rules, 11, 6) {
            check_consistency(&tb);
            checked += tb.len();
            // Every reachable position can be probed; symmetric images too.
            let e = tb.probe(&root).unwrap();
            for s in cannonball_rules::margo::Symmetry::ALL {
                assert_eq!(tb.probe(&root.transformed(s)).unwrap(), e);
            }
        }
    }
    assert!(checked >= 12, "{checked}");
    // Early positions reach too many positions for a small build.
    let early = Position::<1>::new(spargo(Ko::Simple)).unwrap();
    let err = Tablebase::build(spargo(Ko::Simple), &[early], small(50_000)).unwrap_err();
    assert!(matches!(err, TablebaseError::TooMany(_)), "{err}");
}

#[test]
fn files_round_trip_and_damage_is_detected() {
    let rules = spargo(Ko::Simple);
    let (_, tb) = late_positions(rules, 7, 1).pop().unwrap();
    let dir = std::env::temp_dir().join(format!("cannonball-tb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mid.tb");
    tb.save(&path).unwrap();
    let back = Tablebase::load(&path, Some(&rules)).unwrap();
    assert_eq!(back.len(), tb.len());
    assert!(back.margins_exact());
    for rank in 0..tb.len() as u32 {
        let pos = tb.position(rank);
        assert_eq!(back.probe(&pos).unwrap(), tb.entry(rank));
    }
    assert_eq!(back.roots()[0].board(), tb.roots()[0].board());
    // The checksum names the file: it is the file's last eight bytes.
    let bytes = std::fs::read(&path).unwrap();
    let stored = u64::from_le_bytes(bytes[bytes.len() - 8..].try_into().unwrap());
    assert_eq!(tb.checksum(), stored);
    assert_eq!(back.checksum(), stored);

    // Other rules are refused, by name.
    let err = Tablebase::load(&path, Some(&spargo(Ko::None))).unwrap_err();
    assert!(
        err.to_string().contains("built for size=4 ko=simple"),
        "{err}"
    );
    // A flipped byte is caught by the checksum; a cut file is reported truncated.
    let mut bytes = std::fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();
    let err = Tablebase::load(&path, None).unwrap_err();
    assert!(
        err.to_string().contains("damaged") || err.to_string().contains("layout"),
        "{err}"
    );
    bytes[mid] ^= 0x40;
    std::fs::write(&path, &bytes[..bytes.len() - 100]).unwrap();
    let err = Tablebase::load(&path, None).unwrap_err();
    assert!(err.to_string().contains("truncated"), "{err}");
    std::fs::write(&path, b"hello").unwrap();
    let err = Tablebase::load(&path, None).unwrap_err().to_string();
    // Every failure names the file and says how to make it again.
    assert!(err.starts_with(&path.display().to_string()), "{err}");
    assert!(
        err.contains(&format!(
            "make it again with `cannonball tablebase build --game spargo --out {}`",
            path.display()
        )),
        "{err}"
    );
    let missing = dir.join("missing.tb");
    let err = Tablebase::load(&missing, Some(&spargo(Ko::None)))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with(&missing.display().to_string()), "{err}");
    assert!(
        err.contains("`cannonball tablebase build --game spargo --ko none --out"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Any byte of a file changed: the file is refused with an error naming it,
/// or (a change in a stream's padding bits) it reads back the same table.
/// Never a panic, never another table.
#[test]
fn every_damaged_byte_is_refused_or_harmless() {
    let rules = spargo(Ko::Simple);
    let (_, tb) = late_positions(rules, 7, 1).pop().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mid.tb");
    tb.save(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    // Every byte of the header and the value tables, then about 3,000 spread
    // over the streams, then the checksum.
    let step = (bytes.len() / 3000).max(1);
    let at: Vec<usize> = (0..bytes.len().min(4000))
        .chain((4000..bytes.len()).step_by(step))
        .chain(bytes.len().saturating_sub(8)..bytes.len())
        .collect();
    let (mut refused, mut harmless) = (0, 0);
    for i in at {
        for flip in [0x01u8, 0x80] {
            let mut bad = bytes.clone();
            bad[i] ^= flip;
            std::fs::write(&path, &bad).unwrap();
            match Tablebase::load(&path, None) {
                Err(e) => {
                    assert!(
                        e.to_string().starts_with(&path.display().to_string()),
                        "{e}"
                    );
                    refused += 1;
                }
                Ok(back) => {
                    assert_eq!(back.checksum(), tb.checksum(), "byte {i}");
                    for rank in (0..tb.len() as u32).step_by(97) {
                        assert_eq!(back.entry(rank), tb.entry(rank));
                    }
                    harmless += 1;
                }
            }
        }
    }
    assert!(refused > 5000, "{refused} refused, {harmless} harmless");
    assert!(
        harmless < refused / 100,
        "{refused} refused, {harmless} harmless"
    );
}

#[test]
fn positions_outside_and_unsupported_rules_are_refused() {
    let rules = spargo(Ko::Simple);
    let (_, tb) = late_positions(rules, 5, 1).pop().unwrap();
    let empty = Position::<1>::new(rules).unwrap();
    assert!(matches!(tb.probe(&empty), Err(TablebaseError::NotFound)));
    let other = Position::<1>::new(spargo(Ko::None)).unwrap();
    assert!(matches!(
        tb.probe(&other),
        Err(TablebaseError::OtherRules(_))
    ));
    for bad in [
        Rules {
            swap: true,
            ..rules
        },
        Rules {
            ko: Ko::PositionalSuperko,
            ..rules
        },
        Rules {
            can_pass: true,
            ..rules
        },
        Rules {
            players: 3,
            ..rules
        },
        Rules {
            single_capture: true,
            ..rules
        },
        Rules { size: 5, ..rules },
    ] {
        let err = Tablebase::build(bad, &[], small(10)).unwrap_err();
        assert!(
            matches!(err, TablebaseError::UnsupportedRules(_)),
            "{bad:?}"
        );
    }
}
