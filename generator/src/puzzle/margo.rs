//! Margo and Spargo positions to and from the puzzle file's `position:`
//! mapping, and the canonical orientation that puzzle ids are computed from.

use cannonball_rules::Game;
use cannonball_rules::margo::{
    AnyPosition, Color, Coords, Preset, Rules, RulesError, Setup, Symmetry,
};

use super::position::{MargoPosition, PositionError};

/// The rules a puzzle of `game` is played under on a `size` board: Spargo's
/// preset, or Margo's (simple ko, no passing) without the swap, which only
/// matters at the first move.
#[must_use]
pub fn puzzle_rules(game: Game, size: u8) -> Rules {
    match game {
        Game::Spargo => Preset::Spargo.rules(),
        _ => {
            let mut r = Preset::Margo.rules();
            r.size = size;
            r.swap = false;
            r
        }
    }
}

fn words(pts: &[Coords]) -> String {
    pts.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn sorted(mut pts: Vec<Coords>) -> Vec<Coords> {
    pts.sort_by_key(|c| (c.level, c.y, c.x));
    pts
}

/// The file's mapping for `pos`.
#[must_use]
pub fn spec_of(pos: &AnyPosition) -> MargoPosition {
    let setup = pos.to_setup();
    let of = |col: Color| {
        sorted(
            setup
                .pieces
                .iter()
                .filter(|(_, c)| *c == col)
                .map(|(p, _)| *p)
                .collect(),
        )
    };
    MargoPosition {
        rules: format!("{:#}", setup.rules),
        black: words(&of(Color::Black)),
        white: words(&of(Color::White)),
        zombies: words(&sorted(setup.zombies.clone())),
        ko: setup.ko_point.map(|k| k.to_string()).unwrap_or_default(),
        to_move: setup.to_move.to_string(),
    }
}

/// The position a file's mapping describes.
///
/// # Errors
/// The rules, a point or the position itself cannot be used (the field is named).
pub fn position_of(spec: &MargoPosition) -> Result<AnyPosition, PositionError> {
    let bad = |field: &'static str, reason: String| PositionError { field, reason };
    let rules: Rules = spec
        .rules
        .parse()
        .map_err(|e: RulesError| bad("rules", e.to_string()))?;
    let mut text = format!(
        "black {}; white {}; to-move {}",
        spec.black, spec.white, spec.to_move
    );
    if !spec.zombies.is_empty() {
        text.push_str(&format!("; zombies {}", spec.zombies));
    }
    if !spec.ko.is_empty() {
        text.push_str(&format!("; ko {}", spec.ko));
    }
    let setup = Setup::parse(rules, &text).map_err(|e| bad("black", e.message))?;
    AnyPosition::from_setup(&setup).map_err(|e| bad("black", e.to_string()))
}

/// The canonical text of a position: its setup text with the mover shown as
/// Black (colours exchanged when White moves), in the orientation of the eight
/// whose text sorts first. Positions equal up to symmetry and colour exchange
/// have the same canonical text.
#[must_use]
pub fn canonical(pos: &AnyPosition) -> (AnyPosition, String) {
    let base = if pos.to_move() == Color::White {
        // Exchanged colours, as if the game had started that way (no swap).
        let mut setup = pos.with_colors_exchanged().to_setup();
        setup.swapped = false;
        AnyPosition::from_setup(&setup).unwrap_or_else(|_| pos.with_colors_exchanged())
    } else {
        pos.clone()
    };
    Symmetry::ALL
        .iter()
        .map(|&s| {
            let p = base.transformed(s);
            let t = p.to_setup().to_text();
            (p, t)
        })
        .min_by(|a, b| a.1.cmp(&b.1))
        .unwrap_or_else(|| (base.clone(), base.to_setup().to_text()))
}

/// The position as a puzzle shows it: the canonical orientation, with the
/// colours exchanged for about half of all puzzles (those whose canonical
/// text hashes to an odd number), so that White is to play in those. The
/// choice depends only on the position, so a puzzle always looks the same and
/// its id (from the canonical text) does not change.
#[must_use]
pub fn presented(pos: &AnyPosition) -> AnyPosition {
    let (base, text) = canonical(pos);
    if crate::fnv::fnv1a(text.as_bytes()) % 2 == 0 {
        return base;
    }
    let mut setup = base.with_colors_exchanged().to_setup();
    setup.swapped = false;
    AnyPosition::from_setup(&setup).unwrap_or(base)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> AnyPosition {
        let setup = Setup::parse(puzzle_rules(Game::Margo, 5), text).unwrap();
        AnyPosition::from_setup(&setup).unwrap()
    }

    #[test]
    fn presented_positions_keep_their_canonical_text_and_about_half_show_white() {
        let texts = [
            "black a1 b1 c2; white c1 d1 d2; to-move black",
            "black a1 b2; white c3; to-move black",
            "black a1 b2 c3; white d4; to-move white",
            "black c3; white a1 e5; to-move black",
            "black a2 b3; white a1; to-move black",
            "black a5 e1; white c3 c4; to-move white",
        ];
        let mut white = 0;
        for t in texts {
            let p = pos(t);
            let shown = presented(&p);
            assert_eq!(canonical(&shown).1, canonical(&p).1, "{t}");
            assert_eq!(presented(&shown), shown, "{t}: presenting twice changes it");
            white += usize::from(shown.to_move() == Color::White);
        }
        assert!(
            (1..texts.len()).contains(&white),
            "{white} of {} show White",
            texts.len()
        );
    }

    #[test]
    fn canonical_text_is_the_same_for_mirror_images_and_colour_exchange() {
        let a = pos("black a1 b1 c2; white c1 d1 d2; to-move black");
        let b = pos("black e1 d1 c2; white c1 b1 b2; to-move black");
        let c = pos("white a1 b1 c2; black c1 d1 d2; to-move white");
        let d = pos("black a1 b1 c2; white c1 d1 d2; to-move white");
        assert_eq!(canonical(&a).1, canonical(&b).1);
        assert_eq!(canonical(&a).1, canonical(&c).1);
        assert_ne!(canonical(&a).1, canonical(&d).1);
        assert!(canonical(&c).1.contains("to-move black"));
    }

    #[test]
    fn spec_round_trips() {
        let p = pos("black a1 b1 c2 b2; white c1 d1 d2 a2 b1+1; to-move white");
        let s = spec_of(&p);
        assert_eq!(s.rules, "margo size=5 swap=off");
        let q = position_of(&s).unwrap();
        assert_eq!(q.to_setup().to_text(), p.to_setup().to_text());
        let mut broken = s.clone();
        broken.black.push_str(" z9");
        let err = position_of(&broken).unwrap_err().to_string();
        assert!(err.contains("position.black"), "{err}");
    }
}
