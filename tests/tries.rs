//! The Margo family's try reasons, read from the committed files and checked
//! against the ladder of simple players through the library's public API
//! (not the forge's own code that wrote them).

use cannonball::forge::margo::ladder;
use cannonball::puzzle::{self, Finder, Move};

const OPPONENTS_POINT: &str = "takes the point the opponent would play (its one-ply choice)";

/// "Takes the point the opponent would play": every try that says so is a
/// placement the opponent's one-ply player chooses with the other side to
/// move; the reason adds tries that nothing else makes tempting; and where
/// the key itself is the opponent's point the reason is never given, the
/// key being no try.
#[test]
fn the_opponents_point_is_the_opponents_one_ply_choice() {
    let all = puzzle::read_all(&crate::root().join("puzzles")).unwrap();
    let (mut said, mut alone, mut keys) = (0, 0, 0);
    for (path, p) in &all {
        let puzzle::Position::Margo(pos) = &p.position else {
            continue;
        };
        let other = pos.other_to_move();
        let wanted = other
            .as_ref()
            .map(|o| ladder::choices(Finder::OnePly, o))
            .unwrap_or_default();
        if matches!(&p.key, Move::Margo(k) if wanted.contains(k)) {
            keys += 1;
        }
        for t in &p.tries {
            let Move::Margo(m) = &t.mv else {
                panic!("{}: a Margrites try", path.display())
            };
            let says = t.tempting.contains(OPPONENTS_POINT);
            assert_eq!(
                says,
                wanted.contains(m) && matches!(m, cannonball_rules::margo::Move::Place(_)),
                "{}: try {:?} ({})",
                path.display(),
                m,
                t.tempting
            );
            if says {
                said += 1;
                alone += usize::from(t.tempting == OPPONENTS_POINT);
            }
        }
    }
    assert!(said >= 50, "{said} tries take the opponent's point");
    assert!(alone >= 25, "{alone} tries tempt for that reason alone");
    assert!(keys >= 3, "{keys} keys are the opponent's point");
}
