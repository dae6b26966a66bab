//! Endless or oversized input is refused, naming the file and the reason,
//! before it is read into memory (item 12).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use cannonball::input::{self, MAX_INPUT_BYTES};

use crate::support::cli::stderr;

/// Runs the binary; its output and how long it took.
fn timed(args: &[&str]) -> (Output, Duration) {
    let t = Instant::now();
    let o = crate::support::cli::cannonball(args);
    (o, t.elapsed())
}

/// The command failed at once with a message naming `file` and `reason`.
fn refused(args: &[&str], file: &str, reason: &str) {
    let (o, took) = timed(args);
    let err = stderr(&o);
    assert!(!o.status.success(), "{args:?} succeeded");
    assert!(
        err.contains(file) && err.contains(reason),
        "{args:?}: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(took < Duration::from_secs(10), "{args:?} took {took:?}");
}

#[test]
fn replay_refuses_a_device_as_moves_file() {
    refused(
        &["replay", "--game", "spargo", "--moves-file", "/dev/zero"],
        "/dev/zero",
        "not a regular file (a device)",
    );
}

#[test]
fn margrites_check_refuses_a_device() {
    refused(
        &["margrites", "check", "/dev/zero"],
        "/dev/zero",
        "not a regular file (a device)",
    );
}

#[test]
fn a_fifo_is_refused_without_waiting_for_a_writer() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("moves.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here: the device test covers the same check
    }
    let name = fifo.display().to_string();
    refused(
        &["replay", "--game", "spargo", "--moves-file", &name],
        &name,
        "not a regular file (a FIFO)",
    );
}

#[test]
fn endless_standard_input_is_capped() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cannonball"))
        .args(["replay", "--game", "spargo", "--moves-file", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    // Far more than the limit; the writer stops when the reader hangs up.
    let writer = std::thread::spawn(move || {
        let chunk = vec![b' '; 1 << 20];
        for _ in 0..(MAX_INPUT_BYTES >> 20) * 4 {
            if stdin.write_all(&chunk).is_err() {
                return;
            }
        }
    });
    let o = child.wait_with_output().expect("the binary finishes");
    writer.join().unwrap();
    let err = stderr(&o);
    assert!(!o.status.success());
    assert!(
        err.contains(&format!(
            "<stdin>: larger than the input limit of {MAX_INPUT_BYTES} bytes"
        )),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn a_puzzle_file_linked_to_a_device_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("spargo-000000000000.yaml");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    let err = cannonball::puzzle::read(&link).unwrap_err().to_string();
    assert!(err.contains(&link.display().to_string()), "{err}");
    assert!(err.contains("not a regular file (a device)"), "{err}");
}

#[cfg(unix)]
#[test]
fn verify_refuses_a_puzzle_linked_to_a_device() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("spargo");
    std::fs::create_dir_all(&games).unwrap();
    let link = games.join("spargo-000000000000.yaml");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    let puzzles = dir.path().display().to_string();
    refused(
        &["verify", "--puzzles", &puzzles, "--puzzles-only"],
        "spargo-000000000000.yaml",
        "not a regular file (a device)",
    );
}

#[cfg(unix)]
#[test]
fn a_figure_file_linked_to_a_device_fails_the_build_by_name() {
    use crate::book::support::{build, mini};
    let dir = mini();
    let figure = dir.path().join("book/figures/spargo/corner.yaml");
    std::fs::remove_file(&figure).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &figure).unwrap();
    let t = Instant::now();
    let err = build(dir.path()).unwrap_err().to_string();
    assert!(t.elapsed() < Duration::from_secs(30));
    assert!(
        err.contains("cannot read book/figures/spargo/corner.yaml"),
        "{err}"
    );
    // The link leads out of the book, which is refused before the device is
    // looked at (a device inside the book would be refused as not a regular
    // file: `a_puzzle_file_linked_to_a_device_is_refused_by_name`).
    assert!(err.contains("it leads outside"), "{err}");
}

#[test]
fn a_file_over_the_limit_is_refused_with_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.txt");
    std::fs::write(&path, "a1 ".repeat(100)).unwrap();
    let err = input::read_text_limited(&path, 299).unwrap_err();
    assert_eq!(err.file, path.display().to_string());
    assert_eq!(err.reason, "larger than the input limit of 299 bytes");
    assert_eq!(input::read_text_limited(&path, 300).unwrap().len(), 300);
    assert!(input::read_text(Path::new("/no/such/file")).is_err());
}
