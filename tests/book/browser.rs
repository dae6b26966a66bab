//! The mini book in a real browser: headless Chromium loads a built chapter,
//! a script in the page measures every figure's SVG, and the test reads the
//! measurements from the dumped DOM. Without `/usr/bin/chromium` the test is
//! skipped, except under CI (env `CI` set), where it fails
//! ([`support::chromium_present`]).

use super::support;

use support::{attr, build, chromium_present, mini};

#[test]
fn every_figure_is_drawn_at_a_readable_size() {
    if !chromium_present() {
        return;
    }
    let dir = mini();
    build(dir.path()).unwrap();
    let page = dir.path().join("book/build/margo.html");
    let profile = dir.path().join("chromium-profile");
    let dom = support::dump_dom(&page, &profile, "1200,2000", 5000);
    let at = dom
        .find("id=\"svg-report\"")
        .unwrap_or_else(|| panic!("no report in the page: {dom}"));
    let start = dom[..at].rfind('<').unwrap();
    let element = &dom[start..start + dom[start..].find('>').unwrap()];
    let count: usize = attr(element, "data-count")
        .expect("the page's script ran")
        .parse()
        .unwrap();
    assert_eq!(count, 3, "three figures on the page");
    let sizes: Vec<(f64, f64)> = attr(element, "data-sizes")
        .unwrap()
        .split_whitespace()
        .map(|s| {
            let (w, h) = s.split_once('x').unwrap();
            (w.parse().unwrap(), h.parse().unwrap())
        })
        .collect();
    assert_eq!(sizes.len(), 3);
    for (w, h) in sizes {
        assert!(w > 100.0 && h > 100.0, "a diagram drawn at {w}x{h}");
    }
}
