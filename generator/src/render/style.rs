//! The diagrams' stylesheet: every colour of every diagram lives here.

/// CSS for every diagram: the light look, and a dark look under mdBook's `.coal`,
/// `.navy` and `.ayu` theme classes. Include it once per page (the book adds it as
/// additional CSS); its rules apply to inline SVG only, not to `<img>` files.
///
/// Selectors all start with `.cb-diagram`, the class of every diagram's root, so
/// the rules touch nothing else on the page.
pub const STYLESHEET: &str = r#"/* Cannonball diagrams: light look */
.cb-diagram { font-family: "Open Sans", "DejaVu Sans", Arial, sans-serif; }
.cb-diagram text { font-weight: 600; }
.cb-diagram .coord { fill: #5b4630; font-weight: 400; }

/* Margo family */
.cb-margo .board { fill: #e3c08d; stroke: #a47c48; stroke-width: 0.04; }
.cb-margo .hole { fill: #a97f49; stroke: #8d6633; stroke-width: 0.02; }
.cb-margo .shadow { fill: #000; fill-opacity: 0.28; }
.cb-margo .marble { stroke-width: 0.035; }
.cb-margo .marble.white { fill: #f7f5ef; stroke: #77746c; }
.cb-margo .marble.black { fill: #26282d; stroke: #000; }
.cb-margo .marble.grey { fill: #9aa0a6; stroke: #50545a; }
.cb-margo .marble.red { fill: #c8372d; stroke: #74170f; }
.cb-margo .marble.ghost { fill-opacity: 0.28; stroke-dasharray: 0.09 0.06; stroke-width: 0.04; }
.cb-margo .gloss { opacity: 0.9; }
.cb-margo .level-ring { fill: none; stroke-width: 0.035; }
.cb-margo .level-ring.white { stroke: #6f6a5e; }
.cb-margo .level-ring.black { stroke: #b9bec6; }
.cb-margo .level-ring.grey { stroke: #2f3236; }
.cb-margo .level-ring.red { stroke: #f4c1bb; }
.cb-margo .gloss.black, .cb-margo .gloss.red { opacity: 0.45; }
.cb-diagram .gloss-0 { stop-color: #fff; stop-opacity: 0.9; }
.cb-diagram .gloss-1 { stop-color: #fff; stop-opacity: 0; }
.cb-margo .playable { fill: none; stroke: #1f4e8c; stroke-width: 0.05; stroke-dasharray: 0.07 0.05; }
.cb-margo .buried { fill-opacity: 0.35; stroke: #d08c00; stroke-width: 0.045; stroke-dasharray: 0.08 0.05; }
.cb-margo .buried.white { fill: #f7f5ef; }
.cb-margo .buried.black { fill: #26282d; }
.cb-margo .buried.grey { fill: #9aa0a6; }
.cb-margo .buried.red { fill: #c8372d; }
.cb-margo .zombie { fill: none; stroke-width: 0.07; stroke-linecap: round; }
.cb-margo .zombie.on-white, .cb-margo .zombie.on-grey { stroke: #c0180c; }
.cb-margo .zombie.on-black { stroke: #ff7a6e; }
.cb-margo .zombie.on-red { stroke: #fff; }
.cb-margo .last-move { fill: none; stroke-width: 0.06; }
.cb-margo .last-move.on-white, .cb-margo .last-move.on-grey { stroke: #1b1b1b; }
.cb-margo .last-move.on-black, .cb-margo .last-move.on-red { stroke: #fff; }
.cb-margo .freedom { fill: #2e7d32; stroke: #fff; stroke-width: 0.025; }
.cb-margo .cut-link { fill: none; stroke: #d3200f; stroke-width: 0.07; stroke-dasharray: 0.1 0.06; stroke-linecap: round; }
.cb-margo .cut-bar { fill: none; stroke: #d3200f; stroke-width: 0.09; stroke-linecap: round; }
.cb-diagram .label { font-weight: 700; }
.cb-diagram .label.on-white, .cb-diagram .label.on-grey { fill: #111; }
.cb-diagram .label.on-black, .cb-diagram .label.on-red { fill: #fff; }
.cb-diagram .label.on-empty { fill: #2b1d0e; }
.cb-margo .label-back { fill: #e3c08d; }

/* Margrites */
.cb-margrites .board { fill: #f4eedd; }
.cb-margrites .board-edge { fill: none; stroke: #6d6250; stroke-width: 0.04; }
.cb-margrites .home { fill: #e2d4b0; }
.cb-margrites .grid { fill: none; stroke: #9c8f74; stroke-width: 0.02; }
.cb-margrites .shade { fill-opacity: 0.55; }
.cb-margrites .shade.legal { fill: #43a047; }
.cb-margrites .shade.illegal { fill: #e53935; }
.cb-margrites .shade.capture { fill: #fdd835; fill-opacity: 0.75; }
.cb-margrites .piece { stroke-width: 0.035; }
.cb-margrites .piece.black { fill: #26282d; stroke: #000; }
.cb-margrites .piece.white { fill: #fbfaf6; stroke: #55524b; }
.cb-margrites .piece.ghost { fill-opacity: 0.3; stroke-dasharray: 0.09 0.06; stroke-width: 0.04; }
.cb-margrites .capture-cross { fill: none; stroke: #c62828; stroke-width: 0.08; stroke-linecap: round; }
.cb-margrites .arrow { fill: none; stroke: #1565c0; stroke-width: 0.09; stroke-opacity: 0.85; stroke-linejoin: round; stroke-linecap: round; }
.cb-margrites .arrow-head { fill: #1565c0; fill-opacity: 0.85; }
.cb-margrites .label-back { fill: #f4eedd; }
.cb-margrites .score-line { fill: #2b2b2b; font-weight: 600; }

/* Dark themes */
.coal .cb-diagram .coord, .navy .cb-diagram .coord, .ayu .cb-diagram .coord { fill: #c9b9a0; }
.coal .cb-margo .board, .navy .cb-margo .board, .ayu .cb-margo .board { fill: #4a3c2c; stroke: #7a6448; }
.coal .cb-margo .hole, .navy .cb-margo .hole, .ayu .cb-margo .hole { fill: #2b2219; stroke: #1d1711; }
.coal .cb-margo .label-back, .navy .cb-margo .label-back, .ayu .cb-margo .label-back { fill: #4a3c2c; }
.coal .cb-margo .marble.black, .navy .cb-margo .marble.black, .ayu .cb-margo .marble.black { stroke: #8d9299; }
.coal .cb-margo .playable, .navy .cb-margo .playable, .ayu .cb-margo .playable { stroke: #8ab4f8; }
.coal .cb-diagram .label.on-empty, .navy .cb-diagram .label.on-empty, .ayu .cb-diagram .label.on-empty { fill: #f1e6d2; }
.coal .cb-margrites .board, .navy .cb-margrites .board, .ayu .cb-margrites .board { fill: #2f2b25; }
.coal .cb-margrites .board-edge, .navy .cb-margrites .board-edge, .ayu .cb-margrites .board-edge { stroke: #8a7d66; }
.coal .cb-margrites .home, .navy .cb-margrites .home, .ayu .cb-margrites .home { fill: #443d31; }
.coal .cb-margrites .grid, .navy .cb-margrites .grid, .ayu .cb-margrites .grid { stroke: #6f6656; }
.coal .cb-margrites .label-back, .navy .cb-margrites .label-back, .ayu .cb-margrites .label-back { fill: #2f2b25; }
.coal .cb-margrites .piece.black, .navy .cb-margrites .piece.black, .ayu .cb-margrites .piece.black { stroke: #9a9a9a; }
.coal .cb-margrites .arrow, .navy .cb-margrites .arrow, .ayu .cb-margrites .arrow { stroke: #64b5f6; }
.coal .cb-margrites .arrow-head, .navy .cb-margrites .arrow-head, .ayu .cb-margrites .arrow-head { fill: #64b5f6; }
.coal .cb-margrites .score-line, .navy .cb-margrites .score-line, .ayu .cb-margrites .score-line { fill: #e0d8c8; }
"#;

#[cfg(test)]
mod tests {
    use super::STYLESHEET;

    #[test]
    fn every_rule_is_scoped_to_diagrams() {
        for rule in STYLESHEET.split('}') {
            let selectors = rule.split('{').next().unwrap_or("");
            let selectors = selectors
                .lines()
                .filter(|l| !l.trim_start().starts_with("/*"))
                .collect::<String>();
            for sel in selectors
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
            {
                assert!(sel.contains(".cb-"), "unscoped selector '{sel}'");
            }
        }
    }

    #[test]
    fn every_dark_rule_covers_all_three_dark_themes() {
        let dark: Vec<&str> = STYLESHEET
            .lines()
            .filter(|l| [".coal ", ".navy ", ".ayu "].iter().any(|t| l.contains(t)))
            .collect();
        assert!(dark.len() > 10);
        for line in dark {
            for theme in [".coal ", ".navy ", ".ayu "] {
                assert_eq!(line.matches(theme).count(), 1, "{theme} in {line}");
            }
        }
        // No '>' (the svg crate escapes it inside an embedded <style>).
        assert!(!STYLESHEET.contains('>'));
    }
}
