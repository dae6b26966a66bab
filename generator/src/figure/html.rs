//! The HTML of a checked figure: `<figure>` with the SVG and a caption, written
//! so that Markdown passes it through as one HTML block (no blank lines).

use pulldown_cmark::{Options, Parser, html};

/// Escapes text for HTML content and attribute values.
#[must_use]
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A caption's Markdown as inline HTML (one paragraph's content).
#[must_use]
pub fn inline_markdown(text: &str) -> String {
    let mut out = String::new();
    html::push_html(&mut out, Parser::new_ext(text.trim(), Options::empty()));
    let trimmed = out.trim();
    let inner = trimmed
        .strip_prefix("<p>")
        .and_then(|s| s.strip_suffix("</p>"))
        .unwrap_or(trimmed);
    without_blank_lines(inner)
}

/// The text with empty lines dropped, so that it stays one HTML block.
#[must_use]
pub fn without_blank_lines(s: &str) -> String {
    s.lines()
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// `<figure class="cannonball-figure" id=ID>SVG<figcaption>CAPTION</figcaption></figure>`.
#[must_use]
pub fn figure(id: &str, svg: &str, caption_markdown: &str) -> String {
    format!(
        "<figure class=\"cannonball-figure\" id=\"{}\">\n{}\n<figcaption>{}</figcaption>\n</figure>",
        escape(id),
        without_blank_lines(svg),
        inline_markdown(caption_markdown)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_are_inline_markdown_in_one_block() {
        let h = figure("ch-fig1", "<svg>\n\n</svg>", "Black's *a* captures <five>.");
        assert!(h.starts_with("<figure class=\"cannonball-figure\" id=\"ch-fig1\">"));
        assert!(
            h.contains("<figcaption>Black’s <em>a</em> captures")
                || h.contains("<figcaption>Black's <em>a</em> captures"),
            "{h}"
        );
        assert!(!h.contains("\n\n"), "{h}");
        assert!(h.ends_with("</figure>"));
    }
}
