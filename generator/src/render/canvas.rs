//! Drawing helpers shared by every diagram: number formatting, ids, the root
//! element and the few shapes used.

use svg::Document;
use svg::Node;
use svg::node::element::{Circle, Element, Group, Path, Rectangle, Style, Title};

use super::{RenderError, STYLESHEET};

/// Pixels per unit (one board point or square) in the `width` and `height`
/// attributes; the `viewBox` stays in units.
pub const SCALE: f64 = 36.0;

/// A number as written in the SVG: at most three decimals, no trailing zeros, no
/// negative zero. The one place floats become text, so output is byte-stable.
pub(crate) fn num(v: f64) -> String {
    let mut s = format!("{:.3}", v);
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" { "0".to_owned() } else { s }
}

/// Checks that `prefix` can start an XML id and stays readable in CSS selectors.
pub(crate) fn check_prefix(prefix: &str) -> Result<(), RenderError> {
    let mut chars = prefix.chars();
    let ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(RenderError::BadIdPrefix(prefix.to_owned()))
    }
}

/// The root `<svg>`: `viewBox` from the origin to `(width, height)` in units,
/// `role="img"`, the title, and the stylesheet when asked for.
pub(crate) fn document(
    prefix: &str,
    classes: &str,
    (width, height): (f64, f64),
    title: &str,
    embed_style: bool,
) -> Document {
    let title_id = format!("{prefix}-title");
    let mut doc = Document::new()
        .set("id", prefix)
        .set("class", classes)
        .set("role", "img")
        .set("aria-labelledby", title_id.as_str())
        .set("viewBox", format!("0 0 {} {}", num(width), num(height)))
        .set("width", num(width * SCALE))
        .set("height", num(height * SCALE))
        .add(Title::new(title).set("id", title_id));
    if embed_style {
        doc = doc.add(Style::new(STYLESHEET));
    }
    doc
}

/// A group with a class (and an id when given).
pub(crate) fn group(class: &str, id: Option<String>) -> Group {
    let g = Group::new().set("class", class);
    match id {
        Some(id) => g.set("id", id),
        None => g,
    }
}

/// A circle.
pub(crate) fn circle((cx, cy): (f64, f64), r: f64, class: &str) -> Circle {
    Circle::new()
        .set("class", class)
        .set("cx", num(cx))
        .set("cy", num(cy))
        .set("r", num(r))
}

/// An axis-aligned rectangle.
pub(crate) fn rect((x, y): (f64, f64), (w, h): (f64, f64), class: &str) -> Rectangle {
    Rectangle::new()
        .set("class", class)
        .set("x", num(x))
        .set("y", num(y))
        .set("width", num(w))
        .set("height", num(h))
}

/// Path data built from absolute moves and lines.
#[derive(Default)]
pub(crate) struct PathData(String);

impl PathData {
    /// Starts a new subpath at `p`.
    pub(crate) fn move_to(mut self, (x, y): (f64, f64)) -> PathData {
        self.push('M', x, y);
        self
    }

    /// A straight line to `p`.
    pub(crate) fn line_to(mut self, (x, y): (f64, f64)) -> PathData {
        self.push('L', x, y);
        self
    }

    /// Closes the subpath.
    pub(crate) fn close(mut self) -> PathData {
        self.0.push('Z');
        self
    }

    fn push(&mut self, command: char, x: f64, y: f64) {
        if !self.0.is_empty() {
            self.0.push(' ');
        }
        self.0.push(command);
        self.0.push_str(&num(x));
        self.0.push(' ');
        self.0.push_str(&num(y));
    }

    /// The path element.
    pub(crate) fn into_path(self, class: &str) -> Path {
        Path::new().set("class", class).set("d", self.0)
    }
}

/// Text centred on `(x, y)`. Built as a plain element: the svg crate's `Text`
/// puts line breaks around its content.
pub(crate) fn centred_text((x, y): (f64, f64), size: f64, class: &str, content: &str) -> Element {
    let mut e = Element::new("text");
    for (name, value) in [
        ("class", class.to_owned()),
        ("x", num(x)),
        ("y", num(y)),
        ("font-size", num(size)),
        ("text-anchor", "middle".to_owned()),
        ("dominant-baseline", "central".to_owned()),
    ] {
        e.assign(name, value);
    }
    e.append(svg::node::Text::new(content));
    e
}

/// An X of half-width `half` centred on `c`.
pub(crate) fn cross((x, y): (f64, f64), half: f64, class: &str) -> Path {
    PathData::default()
        .move_to((x - half, y - half))
        .line_to((x + half, y + half))
        .move_to((x - half, y + half))
        .line_to((x + half, y - half))
        .into_path(class)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(num(1.0 / 3.0), "0.333");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(-2.25), "-2.25");
        assert_eq!(num(12.3456), "12.346");
    }

    #[test]
    fn prefixes_must_start_ids() {
        assert!(check_prefix("fig-3_a").is_ok());
        for bad in ["", "3fig", "a b", "x\"", "é"] {
            assert_eq!(
                check_prefix(bad),
                Err(RenderError::BadIdPrefix(bad.to_owned()))
            );
        }
    }
}
