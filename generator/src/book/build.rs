//! Building the book in-process: mdBook with the `cannonball` preprocessor
//! registered in place of the command `book.toml` names (so it runs once),
//! rendered into a fresh folder beside the destination and swapped in only when
//! everything succeeded, so a failed build never leaves half a book behind.
//!
//! A build that is killed (SIGINT, SIGKILL, a crash) leaves its staging folder
//! `.cannonball-build-XXXX` behind. Each build writes its process id beside its
//! staging folder (`.cannonball-build-XXXX.pid`), and the next build removes
//! the staging folders (and the `.cannonball-old-*` folders of an interrupted
//! swap) whose build is no longer running: those whose process id names no
//! running process, or, without a readable id (killed before it was written,
//! or a system without `/proc`), those untouched for [`STALE_AFTER`]. Only
//! names with these prefixes, beside the destination, are ever removed.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

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
    remove_stale(&parent);
    let staging = tempfile::Builder::new()
        .prefix(STAGING)
        .tempdir_in(&parent)
        .map_err(io(&parent))?;
    let _pid = PidFile::write(staging.path()).map_err(io(&parent))?;
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

/// The prefix of a build's staging folder.
const STAGING: &str = ".cannonball-build-";

/// The prefix of a previous build moved aside during the swap.
const OLD: &str = ".cannonball-old-";

/// How long a leftover folder without a readable process id is left alone
/// (a build that has just made its folder has not written its id yet).
pub const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

/// `.cannonball-build-XXXX.pid` beside the staging folder, holding this
/// process's id; removed when the build ends (a killed build leaves it, and
/// the next build sees a dead process).
struct PidFile(PathBuf);

impl PidFile {
    fn write(staging: &Path) -> std::io::Result<PidFile> {
        let path = pid_path(staging);
        fs::write(&path, std::process::id().to_string())?;
        Ok(PidFile(path))
    }
}

impl Drop for PidFile {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

fn pid_path(staging: &Path) -> PathBuf {
    let mut name = staging.file_name().unwrap_or_default().to_os_string();
    name.push(".pid");
    staging.with_file_name(name)
}

/// Whether process `pid` is running: `Some` where `/proc` tells, else `None`.
fn running(pid: u32) -> Option<bool> {
    let proc = Path::new("/proc");
    proc.join("self")
        .exists()
        .then(|| proc.join(pid.to_string()).exists())
}

/// Whether the leftover `path`, whose build's process id is `pid` (if known),
/// belongs to no running build.
fn is_stale(path: &Path, pid: Option<u32>) -> bool {
    if let Some(alive) = pid.and_then(running) {
        return !alive;
    }
    let modified = fs::symlink_metadata(path).and_then(|m| m.modified());
    modified.is_ok_and(|m| {
        SystemTime::now()
            .duration_since(m)
            .is_ok_and(|age| age > STALE_AFTER)
    })
}

/// Removes the leftovers of killed builds in `parent` (see the module's
/// documentation). Best effort: a folder that cannot be removed stays.
pub fn remove_stale(parent: &Path) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
        let path = e.path();
        let pid = if let Some(rest) = name.strip_prefix(OLD) {
            // `.cannonball-old-DEST-PID`.
            rest.rsplit_once('-').and_then(|(_, p)| p.parse().ok())
        } else if name.starts_with(STAGING) && is_dir {
            fs::read_to_string(pid_path(&path))
                .ok()
                .and_then(|t| t.trim().parse().ok())
        } else {
            continue;
        };
        if is_dir && is_stale(&path, pid) {
            let _ = fs::remove_dir_all(&path);
            let _ = fs::remove_file(pid_path(&path));
        }
    }
    // Process-id files whose folder is gone.
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if let Some(dir) = name.strip_suffix(".pid").filter(|d| d.starts_with(STAGING)) {
            let pid = fs::read_to_string(e.path())
                .ok()
                .and_then(|t| t.trim().parse().ok());
            if !parent.join(dir).exists() && is_stale(&e.path(), pid) {
                let _ = fs::remove_file(e.path());
            }
        }
    }
}

/// Puts the finished build at `dest`: the old one is moved aside first and
/// removed only once the new one is in place.
fn swap_in(fresh: PathBuf, dest: &Path) -> Result<(), BookError> {
    let old = dest.with_file_name(format!(
        "{OLD}{}-{}",
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
