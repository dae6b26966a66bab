//! The HTML of a checked figure: `<figure>` with the SVG and a caption, written
//! so that Markdown passes it through as one HTML block (no blank lines).

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd, html};

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

/// Escapes text from a file for a Markdown page, so that it reads as plain
/// text: no raw HTML (`<`, `>` and `&` become entities), no Markdown markup
/// (links, emphasis, code, table cells: their characters are backslashed),
/// no mdBook `{{#...}}` link, and one line (line breaks become spaces).
#[must_use]
pub fn markdown_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '{' | '}' | '~' | '#' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// Whether a link's destination may stay a link: relative, an anchor, or
/// http(s)/mailto (not `javascript:`, `data:`, ...).
fn safe_destination(dest: &str) -> bool {
    let lower = dest.trim().to_ascii_lowercase();
    match lower.find(':') {
        None => true,
        Some(i) => {
            let scheme = &lower[..i];
            // A colon after a path or query separator is not a scheme.
            scheme.contains(['/', '?', '#']) || ["http", "https", "mailto"].contains(&scheme)
        }
    }
}

/// A caption's Markdown as inline HTML (one paragraph's content). Raw HTML in
/// the caption is shown as text, not passed through, and a link or image to
/// anything but a plain web address or a relative path is dropped (its text
/// kept).
#[must_use]
pub fn inline_markdown(text: &str) -> String {
    // Whether each open link or image is dropped (an image may sit in a link).
    let mut open: Vec<bool> = Vec::new();
    let events = Parser::new_ext(text.trim(), Options::empty()).filter_map(|e| match e {
        Event::Html(h) | Event::InlineHtml(h) => Some(Event::Text(h)),
        Event::Start(Tag::Link { ref dest_url, .. } | Tag::Image { ref dest_url, .. }) => {
            let keep = safe_destination(dest_url);
            open.push(keep);
            keep.then_some(e)
        }
        Event::End(TagEnd::Link | TagEnd::Image) => open.pop().unwrap_or(true).then_some(e),
        other => Some(other),
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    let trimmed = out.trim();
    let inner = trimmed
        .strip_prefix("<p>")
        .and_then(|s| s.strip_suffix("</p>"))
        .unwrap_or(trimmed);
    // mdBook's `{{#include}}` runs after the figures: no `{{` may reach it.
    without_blank_lines(inner).replace('{', "&#123;")
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
        // mdBook's `{{#include}}` runs after the figures: no `{{` may reach it.
        without_blank_lines(svg).replace("{{", "&#123;&#123;"),
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
