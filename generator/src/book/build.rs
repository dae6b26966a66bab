//! Building the book in-process: mdBook with the `cannonball` preprocessor
//! registered in place of the command `book.toml` names (so it runs once),
//! rendered into a fresh folder beside the destination and swapped in only when
//! everything succeeded, so a failed build never leaves half a book behind.

use std::fs;
use std::path::{Path, PathBuf};

use mdbook_driver::MDBook;
use mdbook_preprocessor::PreprocessorContext;

use super::preprocessor::{Cannonball, Overrides};
use super::{BookError, Progress, Stats};

/// How to build.
#[derive(Clone, Default)]
pub struct BuildOptions {
    /// The book's root (where `book.toml` is).
    pub book: PathBuf,
    /// Only check the figures and expand the directives; write nothing.
    pub check_only: bool,
    /// Settings that take precedence over `book.toml`.
    pub overrides: Overrides,
    /// Where the HTML goes; default: the book's `build-dir`.
    pub dest: Option<PathBuf>,
    /// Progress reports.
    pub progress: Option<Progress>,
}

/// What a successful build did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildReport {
    /// Counts of figures, claims, directives and chapters.
    pub stats: Stats,
    /// Where the HTML was written (`None` with `check_only`).
    pub dest: Option<PathBuf>,
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> BookError + '_ {
    move |e| BookError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// Builds (or with `check_only`, checks) the book.
///
/// # Errors
/// [`BookError::Failures`] listing every failing figure and directive; other
/// variants for a book that cannot be loaded or written.
pub fn build(opts: &BuildOptions) -> Result<BuildReport, BookError> {
    let mut md = MDBook::load(&opts.book).map_err(|e| BookError::MdBook(format!("{e:#}")))?;
    let mut pre = Cannonball::new().with_overrides(opts.overrides.clone());
    if let Some(p) = &opts.progress {
        pre = pre.with_progress(p.clone());
    }
    if opts.check_only {
        let ctx = PreprocessorContext::new(md.root.clone(), md.config.clone(), "html".into());
        pre.expand_book(&ctx, md.book.clone())?;
        return Ok(BuildReport {
            stats: pre.stats(),
            dest: None,
        });
    }
    let dest = opts
        .dest
        .clone()
        .unwrap_or_else(|| md.root.join(&md.config.build.build_dir));
    let parent = dest
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    fs::create_dir_all(&parent).map_err(io(&parent))?;
    let staging = tempfile::Builder::new()
        .prefix(".cannonball-build-")
        .tempdir_in(&parent)
        .map_err(io(&parent))?;
    md.config.build.build_dir = staging.path().to_path_buf();
    md.with_preprocessor(pre.clone());
    md.build().map_err(|e| match e.downcast::<BookError>() {
        Ok(b) => b,
        Err(e) => BookError::MdBook(format!("{e:#}")),
    })?;
    swap_in(staging.keep(), &dest)?;
    Ok(BuildReport {
        stats: pre.stats(),
        dest: Some(dest),
    })
}

/// Puts the finished build at `dest`: the old one is moved aside first and
/// removed only once the new one is in place.
fn swap_in(fresh: PathBuf, dest: &Path) -> Result<(), BookError> {
    let old = dest.with_file_name(format!(
        ".cannonball-old-{}-{}",
        dest.file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        std::process::id()
    ));
    let had_old = dest.exists();
    if had_old {
        fs::rename(dest, &old).map_err(io(dest))?;
    }
    if let Err(e) = fs::rename(&fresh, dest) {
        if had_old {
            // Put the old build back; the fresh one stays where it is.
            let _ = fs::rename(&old, dest);
        }
        return Err(io(dest)(e));
    }
    if had_old {
        fs::remove_dir_all(&old).map_err(io(&old))?;
    }
    Ok(())
}
