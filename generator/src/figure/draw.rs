//! Drawing a checked figure as SVG. A plain stand-in until the `render` module
//! (SVG diagrams in the book's style) is merged: points, pieces, labels and the
//! last move, enough for the build and its tests.

use std::fmt::Write as _;

use crate::margo::{Color, Point};
use crate::margrites::{self, Square};

use super::margo::MargoFigure;
use super::margrites::MargritesFigure;

const CELL: f64 = 40.0;
const MARGIN: f64 = 30.0;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn colour_class(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
        Color::Grey => "grey",
        Color::Red => "red",
    }
}

fn open_svg(out: &mut String, prefix: &str, w: f64, h: f64, title: &str) {
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="cannonball-diagram" role="img" viewBox="0 0 {w} {h}" width="{w}" height="{h}" aria-labelledby="{prefix}title"><title id="{prefix}title">{}</title>"#,
        esc(title)
    );
}

/// The SVG of a Margo figure, every id starting with `prefix`.
#[must_use]
pub fn margo_svg(fig: &MargoFigure, prefix: &str) -> String {
    let pos = &fig.pos;
    let geo = pos.geometry();
    let n = geo.size() as f64;
    let side = 2.0 * MARGIN + (n - 1.0) * CELL;
    let centre = |p: Point| {
        let c = geo.coords(p);
        let half = f64::from(c.level) / 2.0;
        (
            MARGIN + (f64::from(c.x) + half) * CELL,
            MARGIN + (n - 1.0 - f64::from(c.y) - half) * CELL,
        )
    };
    let mut title = format!(
        "Margo {0}x{0}, {1} to move",
        geo.size(),
        pos.to_move().name()
    );
    for c in Color::ALL {
        let mine: Vec<String> = pos
            .occupied()
            .into_iter()
            .filter(|&p| pos.color_at(p) == Some(c))
            .map(|p| fig.name(p))
            .collect();
        if !mine.is_empty() {
            let _ = write!(title, "; {} {}", c.name(), mine.join(" "));
        }
    }
    let mut out = String::new();
    open_svg(&mut out, prefix, side, side, &title);
    out.push_str(r#"<g class="holes">"#);
    for p in geo.level_points(0) {
        let (x, y) = centre(p);
        let _ = write!(out, r#"<circle class="hole" cx="{x}" cy="{y}" r="4"/>"#);
    }
    out.push_str("</g><g class=\"pieces\">");
    let zombies = pos.zombies();
    for p in pos.occupied() {
        let (x, y) = centre(p);
        let c = pos.color_at(p).map_or("none", colour_class);
        let z = if zombies.contains(&p) { " zombie" } else { "" };
        let level = geo.level(p);
        let _ = write!(
            out,
            r#"<circle class="piece {c}{z} level{level}" cx="{x}" cy="{y}" r="{}"/>"#,
            CELL * 0.45
        );
    }
    for &(p, c) in &fig.ghosts {
        let (x, y) = centre(p);
        let _ = write!(
            out,
            r#"<circle class="ghost {}" cx="{x}" cy="{y}" r="{}"/>"#,
            colour_class(c),
            CELL * 0.45
        );
    }
    out.push_str("</g><g class=\"labels\">");
    for (label, &p) in &fig.labels {
        let (x, y) = centre(p);
        let _ = write!(
            out,
            r#"<text class="label" x="{x}" y="{}" text-anchor="middle">{}</text>"#,
            y + 5.0,
            esc(label)
        );
    }
    out.push_str("</g></svg>");
    out
}

fn square_centre(sq: Square) -> (f64, f64) {
    (
        MARGIN + f64::from(sq.file()) * CELL,
        MARGIN + f64::from(7 - sq.rank()) * CELL,
    )
}

/// The SVG of a Margrites position with the steps drawn as lines, captured
/// pieces as ghosts, shaded squares and labels; every id starts with `prefix`.
#[must_use]
pub fn margrites_svg(fig: &MargritesFigure, prefix: &str) -> String {
    let pos = &fig.pos;
    let (w, h) = (2.0 * MARGIN + 8.0 * CELL, 2.0 * MARGIN + 7.0 * CELL);
    let title = format!("Margrites, {} to move", pos.to_move());
    let mut out = String::new();
    open_svg(&mut out, prefix, w, h + 20.0, &title);
    for (class, squares) in [
        ("legal", &fig.legal),
        ("illegal", &fig.illegal),
        ("capture", &fig.capture),
    ] {
        for &sq in squares {
            let (x, y) = square_centre(sq);
            let _ = write!(
                out,
                r#"<rect class="shade {class}" x="{}" y="{}" width="{CELL}" height="{CELL}"/>"#,
                x - CELL / 2.0,
                y - CELL / 2.0
            );
        }
    }
    for c in margrites::Color::ALL {
        for sq in pos.pieces(c) {
            let (x, y) = square_centre(sq);
            let _ = write!(
                out,
                r#"<circle class="piece {}" cx="{x}" cy="{y}" r="{}"/>"#,
                c.name().to_lowercase(),
                CELL * 0.4
            );
        }
    }
    for (sq, c) in fig.captured() {
        let (x, y) = square_centre(sq);
        let _ = write!(
            out,
            r#"<circle class="ghost {}" cx="{x}" cy="{y}" r="{}"/>"#,
            c.name().to_lowercase(),
            CELL * 0.4
        );
    }
    for (_, step, _) in &fig.steps {
        if let (Some(a), Some(b)) = (step.from(), step.to()) {
            let ((x1, y1), (x2, y2)) = (square_centre(a), square_centre(b));
            let _ = write!(
                out,
                r#"<line class="step" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#
            );
        }
    }
    for (label, &sq) in &fig.labels {
        let (x, y) = square_centre(sq);
        let _ = write!(
            out,
            r#"<text class="label" x="{x}" y="{}" text-anchor="middle">{}</text>"#,
            y + 5.0,
            esc(label)
        );
    }
    let s = pos.standings();
    let _ = write!(
        out,
        r#"<text class="score" x="{MARGIN}" y="{}">{}({})-{}({})</text></svg>"#,
        h + 10.0,
        s.black.points,
        s.black.captures,
        s.white.points,
        s.white.captures
    );
    out
}
