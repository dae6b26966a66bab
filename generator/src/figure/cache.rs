//! Checked work kept between builds, so a rebuild checks only what changed:
//! figures, expanded directives and puzzle proofs.
//!
//! An entry is a figure's HTML (or a directive's expansion, or a proof's
//! verdict), stored under a key made from everything it depends on: the
//! figure's text and id, the solver budget, and a hash of the library's source,
//! rules crate included (computed when the library is compiled), so a change to
//! the engine, the solvers or the drawing makes every entry stale. Only work
//! that succeeded is stored; failures are checked again every time.
//!
//! Each entry file starts with a header line naming its key, its length and a
//! checksum of its content (`cannonball-cache 1 KEY LEN SUM`); an entry whose
//! header does not match (tampered, truncated, another key's, an older
//! format) is ignored and recomputed, never used. The checksum guards against
//! damage and hand edits, not against someone who recomputes it.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::fnv::Fnv1a;

/// A hash of the library's source files, set by the build script.
pub const SOURCE_HASH: &str = env!("CANNONBALL_SOURCE_HASH");

/// The figure cache: one file per entry in a folder (or no cache at all).
#[derive(Clone, Debug, Default)]
pub struct Cache {
    dir: Option<PathBuf>,
}

impl Cache {
    /// A cache in `dir` (created on first store).
    #[must_use]
    pub fn at(dir: impl Into<PathBuf>) -> Cache {
        Cache {
            dir: Some(dir.into()),
        }
    }

    /// No cache: every figure is checked every time.
    #[must_use]
    pub fn none() -> Cache {
        Cache { dir: None }
    }

    /// The folder, if any.
    #[must_use]
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The key of any other entry: `kind` (`directive`, `puzzle-proof`, ...)
    /// and the bytes it depends on, with the library's source hash.
    #[must_use]
    pub fn key_of(kind: &str, parts: &[&[u8]]) -> String {
        let mut all: Vec<&[u8]> = vec![SOURCE_HASH.as_bytes(), kind.as_bytes()];
        all.extend_from_slice(parts);
        format!("{:016x}", Fnv1a::parts(&all))
    }

    /// The key of a figure's HTML.
    #[must_use]
    pub fn key(game: &str, body: &str, id: &str, budget: &str) -> String {
        let h = Fnv1a::parts(&[
            SOURCE_HASH.as_bytes(),
            game.as_bytes(),
            body.as_bytes(),
            id.as_bytes(),
            budget.as_bytes(),
        ]);
        format!("{h:016x}")
    }

    /// The stored content for `key`, if there is an entry and its header
    /// matches it (key, length and checksum).
    #[must_use]
    pub fn get(&self, key: &str) -> Option<String> {
        let text = crate::input::read_text(&self.dir.as_ref()?.join(format!("{key}.html"))).ok()?;
        let (header, content) = text.split_once('\n')?;
        (header == Cache::header(key, content)).then(|| content.to_string())
    }

    /// An entry's header line: the format, the key, the content's length and
    /// its checksum (FNV-1a of the key and the content).
    fn header(key: &str, content: &str) -> String {
        let sum = Fnv1a::parts(&[key.as_bytes(), content.as_bytes()]);
        format!("cannonball-cache 1 {key} {} {sum:016x}", content.len())
    }

    /// Stores `html` under `key` with its header (written to a temporary file,
    /// then renamed, so a reader never sees half an entry).
    ///
    /// # Errors
    /// The folder or file cannot be written.
    pub fn put(&self, key: &str, html: &str) -> io::Result<()> {
        let Some(dir) = &self.dir else {
            return Ok(());
        };
        fs::create_dir_all(dir)?;
        let tmp = dir.join(format!("{key}.tmp{}", std::process::id()));
        fs::write(&tmp, format!("{}\n{html}", Cache::header(key, html)))?;
        fs::rename(&tmp, dir.join(format!("{key}.html")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_change_with_every_part() {
        let k = Cache::key("margo", "white: c3", "ch-fig1", "1");
        assert_eq!(k.len(), 16);
        assert_ne!(k, Cache::key("spargo", "white: c3", "ch-fig1", "1"));
        assert_ne!(k, Cache::key("margo", "white: c4", "ch-fig1", "1"));
        assert_ne!(k, Cache::key("margo", "white: c3", "ch-fig2", "1"));
        assert_ne!(k, Cache::key("margo", "white: c3", "ch-fig1", "2"));
        assert_eq!(k, Cache::key("margo", "white: c3", "ch-fig1", "1"));
    }

    #[test]
    fn stores_and_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::at(dir.path().join("figures"));
        assert_eq!(cache.get("abc"), None);
        cache.put("abc", "<figure/>").unwrap();
        assert_eq!(cache.get("abc").as_deref(), Some("<figure/>"));
        assert_eq!(Cache::none().get("abc"), None);
    }

    #[test]
    fn a_tampered_truncated_or_misplaced_entry_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::at(dir.path());
        let html = "<figure>claims hold</figure>";
        cache.put("k1", html).unwrap();
        cache.put("k2", html).unwrap();
        let file = dir.path().join("k1.html");
        let good = fs::read_to_string(&file).unwrap();
        assert_eq!(cache.get("k1").as_deref(), Some(html));
        // Tampered: same length, another word.
        fs::write(&file, good.replace("hold", "fail")).unwrap();
        assert_eq!(cache.get("k1"), None);
        // Truncated.
        fs::write(&file, &good[..good.len() - 3]).unwrap();
        assert_eq!(cache.get("k1"), None);
        // Another key's entry copied over this one.
        fs::copy(dir.path().join("k2.html"), &file).unwrap();
        assert_eq!(cache.get("k1"), None);
        // Bare content, as an older cache stored it.
        fs::write(&file, html).unwrap();
        assert_eq!(cache.get("k1"), None);
        // Stored again, it is used again.
        cache.put("k1", html).unwrap();
        assert_eq!(cache.get("k1").as_deref(), Some(html));
    }
}
