//! The preprocessor as a command: mdBook's JSON (recorded from the mini book in
//! `tests/fixtures/book-mini/preprocess-input.json`) piped through it gives the
//! book back with the figures expanded; a false claim fails with its line.
//! `RECORD_PREPROCESS=1 cargo test --test book_preprocess` records the input again.

use super::support;

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use cannonball::book::{BookError, preprocessor};
use serde_json::Value;
use support::{mini, repo, templates};

const RECORDED: &str = "tests/fixtures/book-mini/preprocess-input.json";
const ROOT: &str = "RECORDED-ROOT";

/// The recorded input, pointed at the copy of the book in `dir`.
fn input(dir: &Path) -> String {
    let text = fs::read_to_string(repo().join(RECORDED)).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    let ctx = &mut v[0];
    assert_eq!(ctx["root"], ROOT);
    ctx["root"] = Value::from(dir.join("book").to_string_lossy().into_owned());
    let table = &mut ctx["config"]["preprocessor"]["cannonball"];
    table["templates"] = Value::from(templates().to_string_lossy().into_owned());
    table["cache"] = Value::from(dir.join("cache").to_string_lossy().into_owned());
    v.to_string()
}

fn chapter<'a>(book: &'a Value, name: &str) -> &'a str {
    fn find<'a>(items: &'a Value, name: &str) -> Option<&'a str> {
        items.as_array()?.iter().find_map(|item| {
            let ch = item.get("Chapter")?;
            if ch["name"] == name {
                ch["content"].as_str()
            } else {
                find(&ch["sub_items"], name)
            }
        })
    }
    find(&book["items"], name).unwrap_or_else(|| panic!("no chapter {name}"))
}

#[test]
fn the_recording_is_of_the_fixture_as_it_is() {
    let fixture = repo().join("tests/fixtures/book-mini");
    if std::env::var_os("RECORD_PREPROCESS").is_some() {
        let json = preprocessor::input_json(&fixture, "html").unwrap();
        let json = json.replace(
            &serde_json::to_string(&fixture.to_string_lossy()).unwrap(),
            &format!("\"{ROOT}\""),
        );
        fs::write(repo().join(RECORDED), json).unwrap();
    }
    let v: Value =
        serde_json::from_str(&fs::read_to_string(repo().join(RECORDED)).unwrap()).unwrap();
    let book = &v[1];
    for (name, file) in [
        ("Margo", "src/margo.md"),
        ("Margrites", "src/margrites/game.md"),
    ] {
        let now = fs::read_to_string(fixture.join(file)).unwrap();
        assert!(
            chapter(book, name) == now,
            "{file} changed since the recording; run RECORD_PREPROCESS=1 cargo test --test book_preprocess"
        );
    }
    assert_eq!(v[0]["renderer"], "html");
}

#[test]
fn piping_the_recorded_input_expands_every_figure() {
    let dir = mini();
    let mut out = Vec::new();
    let stats = preprocessor::run_json(input(dir.path()).as_bytes(), &mut out, None).unwrap();
    assert_eq!(stats.figures, 4);
    let book: Value = serde_json::from_slice(&out).unwrap();
    let margo = chapter(&book, "Margo");
    assert_eq!(
        margo.matches("<figure class=\"cannonball-figure\"").count(),
        3
    );
    assert!(!margo.contains("```margo"));
    assert!(margo.contains("| 5×5 | 5 | 25, 16, 9, 4, 1 | 55 |"));
    let game = chapter(&book, "Margrites");
    assert_eq!(
        game.matches("<figure class=\"cannonball-figure\"").count(),
        5
    );
}

#[test]
fn a_false_claim_in_the_input_fails_with_its_line() {
    let dir = mini();
    let text = input(dir.path()).replace("  - score is 2-7", "  - score is 3-7");
    let mut out = Vec::new();
    match preprocessor::run_json(text.as_bytes(), &mut out, None) {
        Err(BookError::Failures(f)) => {
            let line = fs::read_to_string(dir.path().join("book/src/margo.md"))
                .unwrap()
                .lines()
                .position(|l| l.contains("score is 2-7"))
                .unwrap()
                + 1;
            assert_eq!(f.0.len(), 1);
            let msg = f.0[0].to_string();
            assert!(
                msg.ends_with(&format!(
                    "src/margo.md:{line}: claim \"score is 3-7\": engine found score 2-7"
                )),
                "{msg}"
            );
        }
        other => panic!("expected a failure, got {:?}", other.map(|_| ())),
    }
    assert!(out.is_empty(), "nothing is written for a failing book");
}

#[test]
fn input_that_is_not_mdbooks_is_refused() {
    let mut out = Vec::new();
    let err = preprocessor::run_json(&b"{\"not\": \"a book\"}"[..], &mut out, None).unwrap_err();
    assert!(matches!(err, BookError::Json(_)), "{err}");
}

/// The `cannonball` binary built beside this test, when the workspace build made
/// it (a plain `cargo test` does).
fn binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?;
    let bin = dir.join(format!("cannonball{}", std::env::consts::EXE_SUFFIX));
    bin.is_file().then_some(bin)
}

#[test]
fn the_command_answers_mdbook() {
    let Some(bin) = binary() else {
        eprintln!("skipped: the cannonball binary is not built beside the tests");
        return;
    };
    let status = Command::new(&bin)
        .args(["preprocess", "supports", "html"])
        .status()
        .unwrap();
    assert!(status.success());
    let dir = mini();
    let mut child = Command::new(&bin)
        .arg("preprocess")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input(dir.path()).as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let book: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        chapter(&book, "Margo")
            .matches("<figure class=\"cannonball-figure\"")
            .count(),
        3
    );
}

#[test]
fn a_plain_mdbook_build_runs_the_command() {
    let Some(bin) = binary() else {
        eprintln!("skipped: the cannonball binary is not built beside the tests");
        return;
    };
    // mdBook's own driver, with nothing registered in-process: it runs the
    // command of book.toml, as `mdbook build` does.
    let dir = mini();
    let toml = dir.path().join("book/book.toml");
    let text = fs::read_to_string(&toml).unwrap();
    let text = text
        .replace(
            "command = \"cannonball-must-not-be-run preprocess\"",
            &format!("command = {:?}", format!("{} preprocess", bin.display())),
        )
        .replace(
            "templates = \"../../../templates\"",
            &format!(
                "templates = {:?}\ncache = {:?}",
                templates(),
                dir.path().join("cache")
            ),
        );
    fs::write(&toml, text).unwrap();
    let md = mdbook_driver::MDBook::load(dir.path().join("book")).unwrap();
    md.build().unwrap();
    let html = fs::read_to_string(dir.path().join("book/build/margo.html")).unwrap();
    assert_eq!(
        html.matches("<figure class=\"cannonball-figure\"").count(),
        3
    );
}
