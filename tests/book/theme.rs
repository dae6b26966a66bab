//! The book's stylesheet files are the library's stylesheet (diagrams and figure
//! layout), byte for byte. `UPDATE_THEME=1 cargo test --test book_theme` rewrites them.

use std::fs;
use std::path::Path;

#[test]
fn theme_files_are_the_library_stylesheet() {
    let want = cannonball::book::stylesheet();
    assert!(want.contains(cannonball::render::STYLESHEET.trim_end()));
    assert!(want.contains("figure.cannonball-figure"));
    let root = Path::new(crate::ROOT);
    for rel in [
        "book/theme/cannonball.css",
        "tests/fixtures/book-mini/theme/cannonball.css",
    ] {
        let path = root.join(rel);
        if std::env::var_os("UPDATE_THEME").is_some() {
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(&path, &want).unwrap();
        }
        let have = fs::read_to_string(&path).unwrap_or_default();
        assert!(
            have == want,
            "{rel} differs from cannonball::book::stylesheet(); run UPDATE_THEME=1 cargo test --test book_theme"
        );
    }
}
