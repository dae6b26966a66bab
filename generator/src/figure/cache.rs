//! Checked figures kept between builds, so a rebuild checks only what changed.
//!
//! An entry is the figure's HTML, stored under a key made from everything the
//! HTML depends on: the figure's text and id, the solver budget, and a hash of
//! the library's source (computed when the library is compiled), so a change to
//! the engine, the solvers or the drawing makes every entry stale. Only figures
//! whose claims all hold are stored; failures are checked again every time.

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

    /// The stored HTML for `key`, if any.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<String> {
        crate::input::read_text(&self.dir.as_ref()?.join(format!("{key}.html"))).ok()
    }

    /// Stores `html` under `key` (written to a temporary file, then renamed, so
    /// a reader never sees half an entry).
    ///
    /// # Errors
    /// The folder or file cannot be written.
    pub fn put(&self, key: &str, html: &str) -> io::Result<()> {
        let Some(dir) = &self.dir else {
            return Ok(());
        };
        fs::create_dir_all(dir)?;
        let tmp = dir.join(format!("{key}.tmp{}", std::process::id()));
        fs::write(&tmp, html)?;
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
}
