//! Reading rendered SVG back for the render tests: elements with their attributes
//! and text, checked to be well nested.

#![allow(dead_code, reason = "each test file uses part of this module")]

use std::collections::BTreeMap;

use svg::node::element::tag::Type;
use svg::parser::Event;

/// One element as parsed: name, attributes (sorted), its direct text, and its
/// position in document order.
#[derive(Clone, Debug)]
pub struct El {
    pub name: String,
    pub attrs: BTreeMap<String, String>,
    pub text: String,
    pub order: usize,
}

impl El {
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.get(name).map(String::as_str)
    }

    pub fn num(&self, name: &str) -> f64 {
        let v = self
            .attr(name)
            .unwrap_or_else(|| panic!("{} has no {name}", self.name));
        v.parse()
            .unwrap_or_else(|_| panic!("{name}='{v}' is not a number"))
    }

    /// The classes, in order.
    pub fn classes(&self) -> Vec<&str> {
        self.attr("class")
            .map_or(Vec::new(), |c| c.split(' ').collect())
    }

    pub fn has_class(&self, class: &str) -> bool {
        self.classes().contains(&class)
    }
}

/// Parses `svg` strictly: every tag closed in order, no parse error, one root.
/// Panics with the reason otherwise.
pub fn parse(svg: &str) -> Vec<El> {
    let mut out: Vec<El> = Vec::new();
    let mut open: Vec<(String, usize)> = Vec::new();
    let mut roots = 0;
    for event in svg::read(svg).expect("readable") {
        match event {
            Event::Tag(name, kind, attrs) => {
                let attrs: BTreeMap<String, String> =
                    attrs.into_iter().map(|(k, v)| (k, v.to_string())).collect();
                match kind {
                    Type::Start | Type::Empty => {
                        if open.is_empty() {
                            roots += 1;
                        }
                        out.push(El {
                            name: name.to_owned(),
                            attrs,
                            text: String::new(),
                            order: out.len(),
                        });
                        if kind == Type::Start {
                            open.push((name.to_owned(), out.len() - 1));
                        }
                    }
                    Type::End => {
                        let (top, _) = open
                            .pop()
                            .unwrap_or_else(|| panic!("</{name}> closes nothing"));
                        assert_eq!(top, name, "<{top}> closed by </{name}>");
                    }
                }
            }
            Event::Text(t) => {
                let (_, i) = open.last().expect("text outside the root");
                let decoded = t
                    .trim()
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&quot;", "\"")
                    .replace("&apos;", "'")
                    .replace("&amp;", "&");
                out[*i].text.push_str(&decoded);
            }
            Event::Error(e) => panic!("SVG does not parse: {e}"),
            Event::Comment(_) | Event::Declaration(_) | Event::Instruction(_) => {}
        }
    }
    assert!(open.is_empty(), "unclosed: {open:?}");
    assert_eq!(roots, 1, "one root element");
    assert_eq!(out[0].name, "svg");
    out
}

/// The `viewBox` as (x, y, width, height).
pub fn view_box(root: &El) -> (f64, f64, f64, f64) {
    let v: Vec<f64> = root
        .attr("viewBox")
        .expect("viewBox")
        .split(' ')
        .map(|s| s.parse().expect("number"))
        .collect();
    assert_eq!(v.len(), 4);
    (v[0], v[1], v[2], v[3])
}

/// The points of a path made of absolute `M`, `L` and `Z` commands.
pub fn path_points(d: &str) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for cmd in d.split(['M', 'L', 'Z']) {
        let nums: Vec<f64> = cmd
            .split_whitespace()
            .map(|s| s.parse().expect("path number"))
            .collect();
        assert!(nums.len() % 2 == 0, "odd path numbers in '{d}'");
        out.extend(nums.chunks(2).map(|c| (c[0], c[1])));
    }
    out
}

/// The points that stand for where an element is drawn: a circle's centre, a
/// rectangle's centre, a text's anchor, every vertex of a path.
pub fn anchors(el: &El) -> Vec<(f64, f64)> {
    match el.name.as_str() {
        "circle" => vec![(el.num("cx"), el.num("cy"))],
        "rect" => vec![(
            el.num("x") + el.num("width") / 2.0,
            el.num("y") + el.num("height") / 2.0,
        )],
        "text" => vec![(el.num("x"), el.num("y"))],
        "path" => path_points(el.attr("d").expect("d")),
        _ => Vec::new(),
    }
}

/// Checks the things every diagram must have: role, title, ids starting with the
/// prefix and unique, every drawn element's anchor inside the viewBox, a class on
/// every drawn element and no colour in attributes.
pub fn check_common(els: &[El], prefix: &str) {
    let root = &els[0];
    assert_eq!(root.attr("role"), Some("img"));
    assert_eq!(root.attr("id"), Some(prefix));
    let title = els.iter().find(|e| e.name == "title").expect("a title");
    assert!(!title.text.is_empty());
    assert_eq!(root.attr("aria-labelledby"), title.attr("id"));
    let mut ids = std::collections::BTreeSet::new();
    for e in els {
        if let Some(id) = e.attr("id") {
            assert!(
                id == prefix || id.starts_with(&format!("{prefix}-")),
                "id '{id}' does not start with '{prefix}-'"
            );
            assert!(ids.insert(id.to_owned()), "id '{id}' twice");
        }
    }
    let (x0, y0, w, h) = view_box(root);
    for e in els {
        for (x, y) in anchors(e) {
            assert!(
                x >= x0 && x <= x0 + w && y >= y0 && y <= y0 + h,
                "{} at ({x}, {y}) outside the viewBox {w}x{h}",
                e.name
            );
        }
        if matches!(
            e.name.as_str(),
            "circle" | "rect" | "path" | "text" | "g" | "stop"
        ) {
            assert!(e.attr("class").is_some(), "{} without a class", e.name);
        }
        for a in ["fill", "stroke", "stop-color", "style", "color"] {
            if let Some(v) = e.attr(a) {
                assert!(v.starts_with("url(#"), "{} has {a}='{v}'", e.name);
            }
        }
    }
}

use cannonball_rules::margo::{AnyPosition, Point, Preset, Rules, Setup};

/// Margo rules of `preset` at `size` with `players`.
pub fn rules(preset: Preset, size: u8, players: u8) -> Rules {
    let mut r = preset.rules();
    r.size = size;
    r.players = players;
    r
}

/// The position a setup text describes (panics with the reason if illegal).
pub fn margo(rules: Rules, text: &str) -> AnyPosition {
    let setup = Setup::parse(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    AnyPosition::from_setup(&setup).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The point written `text` (human notation).
pub fn pt(pos: &AnyPosition, text: &str) -> Point {
    pos.geometry()
        .point(text.parse().expect("notation"))
        .unwrap_or_else(|| panic!("{text} is not on the board"))
}

/// The Margrites square written `text`.
pub fn sq(text: &str) -> cannonball_rules::margrites::Square {
    text.parse()
        .unwrap_or_else(|_| panic!("{text} is not a square"))
}
