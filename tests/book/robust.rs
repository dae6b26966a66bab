//! The book under bad input (issue 18): a falsified puzzle stops the build
//! (item 5), a tampered cache entry is never published (item 9), directives
//! come from the cache on a rebuild (item 16), a figure file linked out of the
//! book is refused unread (item 17), and a killed build's staging folder is
//! cleaned by the next build (item 18).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use cannonball::book::{self, BookError, Prover};
use cannonball::forge::verify::{VerifyLimits, verify};
use cannonball::puzzle::Puzzle;

use super::support::{self, build, edit, mini, options, page};

/// A puzzle that re-proves in a moment.
const PUZZLE: &str = "margo/margo-00740d8542f8.yaml";

/// The puzzle's text with its key and values swapped: the file says c1 takes
/// three pieces and c4 none; the engine finds the opposite.
fn falsified(text: &str) -> String {
    let t = text.replacen("key: c4", "key: c1", 1);
    let t = t.replacen("- move: c1\n  value: '0'", "- move: c1\n  value: 'X'", 1);
    let t = t.replacen("- move: c4\n  value: '3'", "- move: c4\n  value: '0'", 1);
    assert_ne!(t, text);
    t.replacen("value: 'X'", "value: '3'", 1)
}

/// A mini book with a Puzzles part holding the one puzzle (as given), its
/// templates named by absolute path so that the binary finds them.
fn with_puzzle(text: &str) -> tempfile::TempDir {
    let dir = mini();
    let book = dir.path().join("book");
    let file = dir.path().join("puzzles").join(PUZZLE);
    fs::create_dir_all(file.parent().unwrap()).unwrap();
    fs::write(&file, text).unwrap();
    support::number_puzzles(&dir.path().join("puzzles"));
    fs::create_dir_all(book.join("src/puzzles")).unwrap();
    fs::write(
        book.join("src/puzzles/index.md"),
        "# Puzzles\n\n{{#puzzle-index}}\n",
    )
    .unwrap();
    edit(
        &book.join("src/SUMMARY.md"),
        "- [Margo](margo.md)",
        "- [Margo](margo.md)\n- [Puzzles](puzzles/index.md)",
    );
    let templates = support::templates().to_string_lossy().replace('\\', "/");
    edit(
        &book.join("book.toml"),
        "templates = \"../../../templates\"",
        &format!("templates = \"{templates}\""),
    );
    dir
}

fn committed_puzzle() -> String {
    fs::read_to_string(support::repo().join("puzzles").join(PUZZLE)).unwrap()
}

/// The forge's verifier, counting its calls.
fn counting_prover(calls: &Arc<AtomicUsize>) -> Prover {
    let calls = calls.clone();
    Prover::new(
        "test",
        Arc::new(move |file: &str, text: &str, p: &Puzzle| {
            calls.fetch_add(1, Ordering::SeqCst);
            verify(file, text, p, &VerifyLimits::default())
        }),
    )
}

fn cannonball(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cannonball"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

#[test]
fn a_falsified_puzzle_stops_the_build_at_its_line_and_the_old_build_stays() {
    let dir = with_puzzle(&committed_puzzle());
    let out = cannonball(dir.path(), &["build", "--book", "book"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("1 puzzles re-proved"), "{stdout}");
    let before = page(dir.path(), "puzzles/margo/margo-00740d8542f8.html");
    assert!(before.contains("The key is <strong>c4</strong>"));
    fs::write(
        dir.path().join("puzzles").join(PUZZLE),
        falsified(&committed_puzzle()),
    )
    .unwrap();
    let out = cannonball(dir.path(), &["build", "--book", "book"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let file = format!("puzzles/{PUZZLE}");
    let key_line = support::line_of(&falsified(&committed_puzzle()), "key: c1");
    assert!(
        stderr
            .lines()
            .any(|l| l.starts_with(&format!("{file}:{key_line}: ")) && l.contains("re-prove")),
        "{stderr}"
    );
    // The previous build is still there, key and all.
    assert_eq!(
        page(dir.path(), "puzzles/margo/margo-00740d8542f8.html"),
        before
    );
}

#[test]
fn a_puzzle_is_proved_once_and_again_when_its_file_changes() {
    let dir = with_puzzle(&committed_puzzle());
    let calls = Arc::new(AtomicUsize::new(0));
    let mut opts = options(dir.path());
    opts.overrides.prover = Some(counting_prover(&calls));
    let report = book::build(&opts).unwrap();
    assert_eq!((calls.load(Ordering::SeqCst), report.stats.proved), (1, 1));
    let report = book::build(&opts).unwrap();
    assert_eq!((calls.load(Ordering::SeqCst), report.stats.proved), (1, 0));
    // A falsified file is a new file: proved again, and refused every time.
    fs::write(
        dir.path().join("puzzles").join(PUZZLE),
        falsified(&committed_puzzle()),
    )
    .unwrap();
    for n in [2, 3] {
        match book::build(&opts) {
            Err(BookError::Failures(f)) => {
                assert!(f.0[0].to_string().contains("re-prove"), "{f}");
            }
            other => panic!("expected a failure, got {:?}", other.map(|r| r.stats)),
        }
        assert_eq!(calls.load(Ordering::SeqCst), n);
    }
}

/// The cache's entry files.
fn entries(cache: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(cache)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "html"))
        .collect();
    v.sort();
    v
}

#[test]
fn a_tampered_or_truncated_cache_entry_is_checked_again_not_published() {
    let dir = mini();
    build(dir.path()).unwrap();
    let clean = page(dir.path(), "margo.html");
    let cache = dir.path().join("cache");
    let mut tampered = 0;
    for (i, e) in entries(&cache).into_iter().enumerate() {
        let text = fs::read_to_string(&e).unwrap();
        // Figures only (a directive's expansion holds figures too).
        if !text
            .split_once('\n')
            .is_some_and(|(_, c)| c.starts_with("<figure class="))
        {
            continue;
        }
        if i % 2 == 0 {
            let bad = text.replacen("<figcaption>", "<figcaption>TAMPERED ", 1);
            fs::write(&e, bad).unwrap();
        } else {
            fs::write(&e, &text[..text.len() / 2]).unwrap();
        }
        tampered += 1;
    }
    assert!(tampered >= 2);
    let report = build(dir.path()).unwrap();
    assert_eq!(report.stats.cached, report.stats.figures - tampered);
    let html = page(dir.path(), "margo.html");
    assert!(!html.contains("TAMPERED"));
    assert_eq!(html, clean);
}

#[test]
fn directives_come_from_the_cache_on_a_rebuild_and_follow_their_files() {
    let dir = mini();
    let report = build(dir.path()).unwrap();
    assert!(report.stats.directives >= 2);
    assert_eq!(report.stats.cached_directives, 0);
    let first = page(dir.path(), "margrites/game.html");
    // A rebuild takes every directive from the cache and gives the same page.
    let again = build(dir.path()).unwrap();
    assert_eq!(again.stats.cached_directives, report.stats.directives);
    assert_eq!(page(dir.path(), "margrites/game.html"), first);
    // An edited game file is a new key: that directive is expanded again.
    let file = dir.path().join("book/games/margrites/mini.corrected.txt");
    let text = fs::read_to_string(&file).unwrap();
    fs::write(&file, format!("{text}\n")).unwrap();
    let edited = build(dir.path()).unwrap();
    assert_eq!(edited.stats.cached_directives, report.stats.directives - 1);
    assert_eq!(page(dir.path(), "margrites/game.html"), first);
}

#[cfg(unix)]
#[test]
fn a_figure_file_linked_out_of_the_book_is_refused_unread() {
    let dir = mini();
    let secret = dir.path().join("secret.yaml");
    fs::write(&secret, "TOP-SECRET-LINE: 1\nnot: [a figure\n").unwrap();
    let figures = dir.path().join("book/figures/spargo");
    fs::remove_file(figures.join("corner.yaml")).unwrap();
    std::os::unix::fs::symlink(&secret, figures.join("corner.yaml")).unwrap();
    let Err(BookError::Failures(f)) = build(dir.path()) else {
        panic!("the linked figure file was read");
    };
    let text = f.to_string();
    assert!(text.contains("leads outside"), "{text}");
    assert!(!text.contains("TOP-SECRET"), "{text}");
}

#[test]
fn a_killed_builds_staging_folder_is_removed_by_the_next_build() {
    let dir = mini();
    let book = dir.path().join("book");
    // A dead process: one that ran and ended.
    let mut child = Command::new(env!("CARGO_BIN_EXE_cannonball"))
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let leftover = |name: &str, pid: Option<u32>| {
        let d = book.join(name);
        fs::create_dir_all(d.join("margo")).unwrap();
        fs::write(d.join("margo/index.html"), "half a book").unwrap();
        if let Some(pid) = pid {
            fs::write(book.join(format!("{name}.pid")), pid.to_string()).unwrap();
        }
        d
    };
    let killed = leftover(".cannonball-build-KILLED", Some(dead));
    let running = leftover(".cannonball-build-RUNNING", Some(std::process::id()));
    let young = leftover(".cannonball-build-YOUNG", None);
    let old_swap = leftover(&format!(".cannonball-old-build-{dead}"), None);
    let other = leftover(".cannonball-mine", None);
    let ancient = leftover(".cannonball-build-ANCIENT", None);
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    fs::File::open(&ancient)
        .unwrap()
        .set_modified(hour_ago)
        .unwrap();
    build(dir.path()).unwrap();
    assert!(!killed.exists() && !book.join(".cannonball-build-KILLED.pid").exists());
    assert!(!old_swap.exists());
    assert!(running.exists(), "a running build's folder was removed");
    assert!(young.exists(), "a fresh folder without an id was removed");
    assert!(other.exists(), "a folder of another name was removed");
    assert!(!ancient.exists(), "an old folder without an id was kept");
    // No staging folder or id file of this build is left.
    let mut left: Vec<String> = fs::read_dir(&book)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".cannonball-build-"))
        .collect();
    left.sort();
    assert_eq!(
        left,
        [
            ".cannonball-build-RUNNING",
            ".cannonball-build-RUNNING.pid",
            ".cannonball-build-YOUNG"
        ]
    );
}
