//! Re-proving the puzzles the book shows, at every build: a puzzle file whose
//! key or values the engine does not confirm stops the build at its line, like
//! a false figure claim. The proof itself belongs to the forge, a layer the
//! book may not use: the binary passes it in as a [`Prover`]. Each proof is
//! kept in the book's cache under a hash of the file's bytes, the prover's name
//! and the library's source, so a rebuild re-proves nothing and an edited file
//! (or a changed engine) is proved again.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use crate::figure::cache::Cache;
use crate::figure::{Failure, Problem};
use crate::puzzle::{Puzzle, PuzzleError};

use super::{Event, Progress};

/// Re-proves one puzzle: its file as shown in messages, its text, and the
/// puzzle read from it; every difference at its line.
pub type ProveFn = dyn Fn(&str, &str, &Puzzle) -> Result<(), Vec<PuzzleError>> + Send + Sync;

/// What re-proves a puzzle, with a name that is part of its cache key.
#[derive(Clone)]
pub struct Prover {
    name: String,
    prove: Arc<ProveFn>,
}

impl std::fmt::Debug for Prover {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prover").field("name", &self.name).finish()
    }
}

impl Prover {
    /// A prover called `name` (say, the forge's verifier and its limits).
    #[must_use]
    pub fn new(name: impl Into<String>, prove: Arc<ProveFn>) -> Prover {
        Prover {
            name: name.into(),
            prove,
        }
    }
}

/// What the cache holds for a proved file.
const PROVED: &str = "proved";

/// `path` as shown in messages: `..` folded away, relative to the working
/// folder when it is under it.
#[must_use]
pub fn shown(path: &Path) -> String {
    let mut clean = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir if clean.file_name().is_some() => {
                clean.pop();
            }
            Component::CurDir => {}
            other => clean.push(other),
        }
    }
    let cwd = std::env::current_dir().ok();
    let rel = cwd
        .as_deref()
        .and_then(|c| clean.strip_prefix(c).ok())
        .unwrap_or(&clean);
    rel.to_string_lossy().replace('\\', "/")
}

fn failure(file: &str, e: PuzzleError) -> Failure {
    let (file, line, reason) = match e {
        PuzzleError::At { file, line, reason } => (file, line, reason),
        other => (file.to_string(), 1, other.to_string()),
    };
    Failure {
        file,
        line,
        problem: Problem::Puzzle(reason),
    }
}

/// Re-proves every puzzle of `all` not already proved in `cache`, in
/// parallel; returns how many were proved now.
///
/// # Errors
/// Every failure of every puzzle that does not re-prove, at its line.
pub fn prove_all(
    all: &[(PathBuf, Puzzle)],
    prover: &Prover,
    cache: &Cache,
    progress: Option<&Progress>,
) -> Result<usize, Vec<Failure>> {
    if let Some(p) = progress {
        p(Event::Puzzles(all.len()));
    }
    let one = |(path, puzzle): &(PathBuf, Puzzle)| -> Result<bool, Vec<Failure>> {
        let file = shown(path);
        let text = crate::input::read_text(path).map_err(|e| {
            vec![failure(
                &file,
                PuzzleError::Io {
                    file: file.clone(),
                    reason: e.reason,
                },
            )]
        })?;
        let key = Cache::key_of(
            "puzzle-proof",
            &[
                prover.name.as_bytes(),
                path_key(path).as_bytes(),
                text.as_bytes(),
            ],
        );
        let cached = cache.get(&key).is_some_and(|v| v == PROVED);
        if !cached {
            (prover.prove)(&file, &text, puzzle).map_err(|es| {
                es.into_iter()
                    .map(|e| failure(&file, e))
                    .collect::<Vec<_>>()
            })?;
            // A cache that cannot be written only costs time next build.
            let _ = cache.put(&key, PROVED);
        }
        if let Some(p) = progress {
            p(Event::Puzzle { cached });
        }
        Ok(!cached)
    };
    let results = crate::jobs::map(all, one);
    let mut proved = 0;
    let mut failures = Vec::new();
    for r in results {
        match r {
            Ok(fresh) => proved += usize::from(fresh),
            Err(mut f) => failures.append(&mut f),
        }
    }
    if failures.is_empty() {
        Ok(proved)
    } else {
        Err(failures)
    }
}

/// The file's name under its game's folder (`spargo/ID.yaml`): a proof holds
/// for the bytes, wherever the puzzles folder is.
fn path_key(path: &Path) -> String {
    let mut parts: Vec<String> = path
        .components()
        .rev()
        .take(2)
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts.reverse();
    parts.join("/")
}
