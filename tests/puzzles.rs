//! Puzzle files and their verification: every committed Margo-family puzzle
//! re-proves from scratch; a changed value, a bad field or bad YAML is reported
//! at its file and line; the Puzzles part of the book is generated from the
//! files with solutions folded away.

use std::fs;
use std::path::{Path, PathBuf};

use cannonball::book::Pages;
use cannonball::book::puzzles::generate;
use cannonball::forge::verify::{VerifyLimits, verify, verify_file};
use cannonball::puzzle::{Move, Value};
use cannonball::{puzzle, yaml};
use cannonball_rules::Game;

fn root() -> PathBuf {
    Path::new(crate::ROOT).join("puzzles")
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cannonball-puzzles-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

fn files_of(game: &str) -> Vec<PathBuf> {
    puzzle::files(&root())
        .unwrap()
        .into_iter()
        .filter(|p| {
            p.parent()
                .and_then(|d| d.file_name())
                .is_some_and(|n| n == game)
        })
        .collect()
}

fn spargo_files() -> Vec<PathBuf> {
    files_of("spargo")
}

/// The committed Margo capture puzzles.
fn capture_files() -> Vec<PathBuf> {
    files_of("margo")
        .into_iter()
        .filter(|f| fs::read_to_string(f).is_ok_and(|t| t.contains("objective: capture:")))
        .collect()
}

/// Every committed Spargo and Margo puzzle is recomputed by the search
/// solver from its position alone by `cannonball verify` (which CI runs on
/// the whole collection); here one file in [`SAMPLE`] of each game, in file
/// order, must equal its file line for line, so that `cargo test` alone
/// catches a change to the forge that rewrites puzzles.
#[test]
fn committed_margo_family_puzzles_reprove() {
    let spargo = spargo_files();
    assert!(spargo.len() >= 10, "only {} Spargo puzzles", spargo.len());
    let margo = files_of("margo");
    let files: Vec<PathBuf> = spargo
        .iter()
        .step_by(SAMPLE)
        .chain(margo.iter().step_by(SAMPLE))
        .cloned()
        .collect();
    let limits = VerifyLimits::default();
    let failures: Vec<String> = cannonball::jobs::map(&files, |f| {
        verify_file(f, &limits).err().unwrap_or_default()
    })
    .into_iter()
    .flatten()
    .map(|e| e.to_string())
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// One committed puzzle in this many is re-proved by `cargo test`; `verify`
/// re-proves them all.
pub const SAMPLE: usize = 5;

/// Each Spargo theme with puzzles in the collection is one the detectors know,
/// and every puzzle names the key among its first moves, winning.
#[test]
fn committed_puzzles_are_consistent() {
    let all = puzzle::read_all(&root()).unwrap();
    for (path, p) in &all {
        for t in &p.themes {
            assert!(
                t.games().contains(&p.game.slug()),
                "{}: {t}",
                path.display()
            );
        }
        // One to three genuine tries, each with its reason.
        assert!(
            (1..=3).contains(&p.tries.len()),
            "{}: {} tries",
            path.display(),
            p.tries.len()
        );
        assert!(
            p.tries
                .iter()
                .all(|t| !t.tempting.is_empty() && !t.tempting.contains("closest")),
            "{}",
            path.display()
        );
        if let puzzle::Objective::Capture(k) = p.objective {
            if p.game != Game::Margrites {
                // The key forces k pieces off, every other first move fewer.
                let count = |v: &puzzle::MoveValue| match v.value {
                    Value::Pieces(n) => n,
                    other => panic!("{}: {other}", path.display()),
                };
                for v in &p.values {
                    assert_eq!(
                        count(v) == u32::from(k),
                        v.mv == p.key,
                        "{}: {} {}",
                        path.display(),
                        p.notation(&v.mv),
                        v.value
                    );
                    assert!(count(v) <= u32::from(k), "{}", path.display());
                }
                assert!(p.turns >= 1, "{}", path.display());
            }
        } else if p.objective == puzzle::Objective::Save {
            // The key loses nothing, every other first move at least one piece.
            for v in &p.values {
                assert_eq!(
                    v.value == Value::Pieces(0),
                    v.mv == p.key,
                    "{}: {}",
                    path.display(),
                    p.notation(&v.mv)
                );
            }
            assert!(p.turns >= 1, "{}", path.display());
        } else if p.game != Game::Margrites {
            let key = p
                .values
                .iter()
                .find(|v| v.mv == p.key)
                .expect("the key is a first move");
            let wins_value = |v: Value| match v {
                Value::Result(w) => w == cannonball::solve::Wld::Win,
                Value::Margin(m) => m > 0,
                _ => false,
            };
            let wins = p.values.iter().filter(|v| wins_value(v.value)).count();
            if p.objective == puzzle::Objective::Win {
                assert!(wins_value(key.value), "{}", path.display());
                assert_eq!(wins, 1, "{}: not a unique win", path.display());
            } else {
                // Best margin: the key's margin beats every other move's
                // (a bound below it is enough).
                let margin = |v: Value| match v {
                    Value::Margin(m) | Value::AtMost(m) => m,
                    Value::ByCapture(cannonball::solve::Wld::Win) => i32::MAX,
                    Value::ByCapture(_) => i32::MIN,
                    other => panic!("{}: {other}", path.display()),
                };
                assert!(
                    p.values
                        .iter()
                        .all(|v| v.mv == p.key || margin(v.value) < margin(key.value)),
                    "{}",
                    path.display()
                );
            }
        }
        assert_eq!(path.file_stem().unwrap().to_str().unwrap(), p.id);
    }
}

/// A value changed in a file is caught at its line, and the message says what
/// the engine finds.
#[test]
fn a_changed_value_is_reported_at_its_line() {
    let src = spargo_files().into_iter().next().unwrap();
    let text = fs::read_to_string(&src).unwrap();
    let p = puzzle::parse(&text, "x.yaml").unwrap();
    // Change the value of the first wrong first move.
    let wrong = p.values.iter().position(|v| v.mv != p.key).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with("value:"))
        .nth(wrong)
        .map(|(i, _)| i)
        .unwrap();
    let old = p.values[wrong].value.to_string();
    let new = if old == "draw" { "loss" } else { "draw" };
    let mut changed: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    changed[at] = changed[at].replace(&old, new);
    let changed = changed.join("\n") + "\n";
    let q = puzzle::parse(&changed, "x.yaml").unwrap();
    let errors = verify("x.yaml", &changed, &q, &VerifyLimits::default()).unwrap_err();
    let first = errors[0].to_string();
    assert!(first.starts_with(&format!("x.yaml:{}:", at + 1)), "{first}");
    assert!(
        first.contains(&format!("value: {new}")) && first.contains(&old),
        "{first}"
    );
}

/// A file edited by hand only to reorder its points still reads, but `verify`
/// checks the file's own bytes and names the line.
#[test]
fn a_reordered_file_is_reported_at_its_line() {
    let src = spargo_files().into_iter().next().unwrap();
    let text = fs::read_to_string(&src).unwrap();
    let at = text
        .lines()
        .position(|l| l.trim_start().starts_with("black: ") && l.split(' ').count() > 3)
        .expect("a black line with two points or more");
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let (head, points) = lines[at].split_once(": ").unwrap();
    let mut words: Vec<&str> = points.split(' ').collect();
    words.reverse();
    lines[at] = format!("{head}: {}", words.join(" "));
    let changed = lines.join("\n") + "\n";
    let q = puzzle::parse(&changed, "r.yaml").unwrap();
    let errors = verify("r.yaml", &changed, &q, &VerifyLimits::default()).unwrap_err();
    let first = errors[0].to_string();
    assert!(first.starts_with(&format!("r.yaml:{}:", at + 1)), "{first}");
}

/// A puzzle forged with a larger node budget records it, and `verify`
/// re-proves it with that budget: without the record, the default budget does
/// not settle every puzzle that has one.
#[test]
fn a_recorded_budget_is_the_one_verify_uses() {
    let with_budget: Vec<(String, puzzle::Puzzle)> = spargo_files()
        .into_iter()
        .filter_map(|f| {
            let text = fs::read_to_string(&f).unwrap();
            let p = puzzle::parse(&text, "x.yaml").unwrap();
            p.provenance.budget.map(|_| (text, p))
        })
        .collect();
    assert!(
        !with_budget.is_empty(),
        "no committed puzzle records a budget"
    );
    let mut unsettled = 0;
    for (text, p) in &with_budget {
        let budget = p.provenance.budget.unwrap();
        assert!(budget > VerifyLimits::default().margo.nodes, "{}", p.id);
        assert!(
            verify("x.yaml", text, p, &VerifyLimits::default()).is_ok(),
            "{}",
            p.id
        );
        let mut without = p.clone();
        without.provenance.budget = None;
        let stripped = puzzle::to_text(&without).unwrap();
        if verify("x.yaml", &stripped, &without, &VerifyLimits::default()).is_err() {
            unsettled += 1;
        }
    }
    assert!(
        unsettled > 0,
        "every budgeted puzzle also re-proves with the default budget"
    );
}

/// Schema errors name the file and the line.
#[test]
fn bad_files_are_reported_with_file_and_line() {
    let src = spargo_files().into_iter().next().unwrap();
    let text = fs::read_to_string(&src).unwrap();
    let bad_objective = text.replace("objective: win", "objective: lose");
    let e = puzzle::parse(&bad_objective, "p.yaml")
        .unwrap_err()
        .to_string();
    let line = yaml::first_key_line(&text, "objective").unwrap_or(1);
    assert!(
        e.starts_with(&format!("p.yaml:{line}")) && e.contains("unknown objective"),
        "{e}"
    );
    let bad_id = text.replacen("id: spargo-", "id: margo-", 1);
    let e = puzzle::parse(&bad_id, "p.yaml").unwrap_err().to_string();
    assert!(e.starts_with("p.yaml:1:") && e.contains("twelve"), "{e}");
    let e = puzzle::parse("id: [", "q.yaml").unwrap_err().to_string();
    assert!(e.starts_with("q.yaml:1:"), "{e}");
    let unknown = text.replace("question:", "colour: red\nquestion:");
    let e = puzzle::parse(&unknown, "p.yaml").unwrap_err().to_string();
    assert!(e.contains("colour"), "{e}");
    // A capture puzzle needs its turns, and a Margo file no Margrites objective.
    let cap = fs::read_to_string(&capture_files()[0]).unwrap();
    let turns_line = yaml::first_key_line(&cap, "turns").unwrap_or(1);
    let no_turns = cap.replace(
        &cap.lines().nth(turns_line - 1).unwrap().to_owned(),
        "turns: 0",
    );
    let e = puzzle::parse(&no_turns, "c.yaml").unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("c.yaml:{turns_line}")) && e.contains("turns"),
        "{e}"
    );
    let objective_line = yaml::first_key_line(&cap, "objective").unwrap_or(1);
    let trap = cap.replace(
        &cap.lines().nth(objective_line - 1).unwrap().to_owned(),
        "objective: trap",
    );
    let e = puzzle::parse(&trap, "c.yaml").unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("c.yaml:{objective_line}"))
            && e.contains("not an objective of Margo"),
        "{e}"
    );
    // A file whose name is not its id.
    let dir = temp("name");
    fs::create_dir_all(dir.join("spargo")).unwrap();
    let wrong = dir.join("spargo").join("spargo-000000000000.yaml");
    fs::write(&wrong, &text).unwrap();
    let e = puzzle::read(&wrong).unwrap_err().to_string();
    assert!(
        e.contains("spargo-000000000000.yaml:") && e.contains("holds puzzle"),
        "{e}"
    );
    let _ = fs::remove_dir_all(&dir);
}

/// The Puzzles part: one page per puzzle with the question's figure, the
/// solution inside `<details>`, every first move listed, and an index row per
/// theme.
#[test]
fn puzzle_pages_fold_the_solution_away() {
    let templates = Path::new(crate::ROOT).join("templates");
    let pages = Pages::load(&templates).unwrap();
    let generated = generate(&root(), &pages).unwrap();
    let all = puzzle::read_all(&root()).unwrap();
    let n: usize = generated.games.iter().map(|g| g.puzzles.len()).sum();
    assert_eq!(n, all.len());
    for g in &generated.games {
        for page in &g.puzzles {
            let c = &page.content;
            let details = c
                .find("<details class=\"cb-solution\">")
                .expect("a <details> block");
            let fig = c.find("```").expect("a figure");
            assert!(
                fig < details,
                "{}: the question's figure comes first",
                page.path.display()
            );
            // No spoilers: themes and difficulty only inside the solution.
            let themes = c.find("- Themes: ").expect("the themes");
            let band = c.find("- Band ").expect("the band");
            assert!(
                themes > details && band > details,
                "{}",
                page.path.display()
            );
            // Every page carries the player's data, and the static page beside it.
            assert!(
                c.contains("<script type=\"application/json\" class=\"cb-play-data\">")
                    && c.contains("<div class=\"cb-static\">"),
                "{}",
                page.path.display()
            );
            assert!(
                c.contains("</details>") && c.contains("Tempting tries"),
                "{}",
                page.path.display()
            );
        }
    }
    // Each page is titled with its stable number from puzzles/numbers.yaml.
    let numbers = puzzle::Numbers::read(&root()).unwrap();
    for (_, p) in &all {
        let page = generated
            .games
            .iter()
            .flat_map(|g| &g.puzzles)
            .find(|pg| pg.path.to_string_lossy().contains(&p.id))
            .unwrap();
        let n = numbers.number(p.game, &p.id).unwrap();
        assert_eq!(page.name, format!("{} puzzle {n}", p.game.title()));
    }
    for (_, p) in &all {
        if p.game == Game::Spargo {
            let page = &generated
                .games
                .iter()
                .flat_map(|g| &g.puzzles)
                .find(|pg| pg.path.to_string_lossy().contains(&p.id))
                .unwrap()
                .content;
            for v in &p.values {
                assert!(
                    page.contains(&format!("| {} | {} |", p.notation(&v.mv), v.value)),
                    "{}: {}",
                    p.id,
                    p.notation(&v.mv)
                );
            }
        }
    }
    assert!(generated.index.contains("Zombie reversal"));
}

/// Every committed puzzle file, read into the typed model and written back,
/// gives its bytes again.
#[test]
fn every_committed_file_round_trips_byte_for_byte() {
    let files = puzzle::files(&root()).unwrap();
    assert!(files.len() >= 100, "only {} puzzle files", files.len());
    for f in &files {
        let text = fs::read_to_string(f).unwrap();
        let p = puzzle::read(f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(puzzle::to_text(&p).unwrap(), text, "{}", f.display());
    }
    let census = root().join("census").join("spargo.yaml");
    let c = puzzle::Census::read(&census).unwrap().unwrap();
    assert_eq!(c.to_text().unwrap(), fs::read_to_string(&census).unwrap());
}

/// The line of `text` that holds `needle` first (1-based).
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

/// A bad theme, objective, move or value is named at its line.
#[test]
fn bad_typed_fields_are_reported_at_their_lines() {
    let src = spargo_files().into_iter().next().unwrap();
    let text = fs::read_to_string(&src).unwrap();
    let p = puzzle::parse(&text, "p.yaml").unwrap();
    let expect = |changed: &str, line: usize, words: &str| {
        let e = puzzle::parse(changed, "p.yaml").unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("p.yaml:{line}:")) && e.contains(words),
            "{e}"
        );
    };
    // A theme that is no theme, and one of another game.
    let theme = p.themes[0].slug();
    let at = line_of(&text, &format!("- {theme}"));
    expect(
        &text.replace(&format!("- {theme}"), "- zombie"),
        at,
        "unknown theme 'zombie'",
    );
    expect(
        &text.replace(&format!("- {theme}"), "- score-race"),
        at,
        "not a theme of Spargo",
    );
    // An objective.
    let at = line_of(&text, "objective:");
    expect(
        &text.replace("objective: win", "objective: capture:0"),
        at,
        "from 1 to 255",
    );
    // A move off the board, in the first value.
    let first = p.notation(&p.values[0].mv);
    let at = line_of(&text, &format!("move: {first}"));
    expect(
        &text.replacen(&format!("move: {first}"), "move: z9", 1),
        at,
        "move `z9`",
    );
    // A value that is not a result.
    // (Indented, so as not to match `game-value:`.)
    let value = p.values[0].value.to_string();
    let at = line_of(&text, &format!("  value: {value}"));
    expect(
        &text.replacen(&format!("  value: {value}"), "  value: '+3'", 1),
        at,
        "value `+3` is not one of a Spargo `win` puzzle",
    );
    // A Margrites turn that does not read.
    let mg = files_of("margrites").into_iter().next().unwrap();
    let text = fs::read_to_string(&mg).unwrap();
    let q = puzzle::parse(&text, "m.yaml").unwrap();
    let Move::Margrites(key) = &q.key else {
        panic!("a Margrites key")
    };
    let key = key.to_string();
    let broken = text.replacen(&format!("key: {key}"), "key: 1. a1>a2", 1);
    let e = puzzle::parse(&broken, "m.yaml").unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("m.yaml:{}:", line_of(&text, "key:")))
            && e.contains("move `1. a1>a2`"),
        "{e}"
    );
}

/// `verify` and the readers refuse a puzzles folder that is missing, not a
/// folder, empty, or holding anything that is not a puzzle file, naming each
/// stray file and why (issue 18, items 6 and 7).
#[test]
fn a_puzzles_folder_holds_puzzles_and_nothing_else() {
    let dir = temp("stray");
    let run = |folder: &Path| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_cannonball"))
            .args(["verify", "--puzzles-only", "--quiet", "--puzzles"])
            .arg(folder)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run(&dir.join("missing"));
    assert_eq!(code, Some(1));
    assert!(err.contains("missing: no such folder"), "{err}");
    fs::write(dir.join("plain"), "").unwrap();
    let (code, err) = run(&dir.join("plain"));
    assert_eq!(code, Some(1));
    assert!(err.contains("plain: not a folder"), "{err}");
    fs::create_dir_all(dir.join("empty")).unwrap();
    let (code, err) = run(&dir.join("empty"));
    assert_eq!(code, Some(1));
    assert!(err.contains("empty: no puzzle files to verify"), "{err}");

    let p = dir.join("p");
    let src = spargo_files().into_iter().next().unwrap();
    let good = fs::read_to_string(&src).unwrap();
    for d in ["spargo", "census", ".forge"] {
        fs::create_dir_all(p.join(d)).unwrap();
    }
    fs::write(p.join("spargo").join(src.file_name().unwrap()), &good).unwrap();
    fs::write(p.join(".forge/spargo-seed-1.done"), "1 2 3").unwrap();
    fs::write(p.join("spargo/.x.yaml.tmp"), "half").unwrap();
    assert_eq!(
        puzzle::files(&p).unwrap().len(),
        1,
        "hidden entries are not content"
    );
    // An unknown folder is a stray entry: made only now.
    fs::create_dir_all(p.join("go")).unwrap();
    for stray in [
        "spargo/x.yml",
        "spargo/y.YAML",
        "top.yaml",
        "go/a.yaml",
        "census/notes.txt",
    ] {
        fs::create_dir_all(p.join(stray).parent().unwrap()).unwrap();
        fs::write(p.join(stray), &good).unwrap();
    }
    fs::create_dir_all(p.join("spargo/deeper")).unwrap();
    let e = puzzle::files(&p).unwrap_err().to_string();
    for (file, why) in [
        ("spargo/x.yml", "ends in `.yaml`"),
        ("spargo/y.YAML", "ends in `.yaml`"),
        ("top.yaml", "not a puzzle file"),
        ("/go:", "an unknown folder"),
        ("census/notes.txt", "not a census file"),
        ("spargo/deeper", "a folder inside a game's folder"),
    ] {
        let line = e
            .lines()
            .find(|l| l.contains(file))
            .unwrap_or_else(|| panic!("{file} not named in: {e}"));
        assert!(line.contains(why), "{line}");
    }
    let (code, err) = run(&p);
    assert_eq!(code, Some(1));
    assert!(err.contains("holds what is not a puzzle"), "{err}");
}

/// The census holds only what a census run wrote: `verify --tablebase`
/// recounts it from the tablebase file and names every count that differs at
/// its line; without the tablebase an edited count fails its checksum
/// (issue 18, item 8).
#[test]
fn the_census_is_checked_and_recounted() {
    use cannonball::forge::spargo;
    use cannonball_rules::margo::Preset;
    let (_, tb) = crate::support::spargo::late_positions(Preset::Spargo.rules(), 11, 1)
        .pop()
        .unwrap();
    let dir = temp("census");
    let p = dir.join("p");
    fs::create_dir_all(p.join("spargo")).unwrap();
    fs::create_dir_all(p.join("census")).unwrap();
    let src = spargo_files().into_iter().next().unwrap();
    fs::copy(&src, p.join("spargo").join(src.file_name().unwrap())).unwrap();
    // The puzzle has its number, so that only the census can fail.
    let mut numbers = puzzle::Numbers::default();
    numbers.assign(Game::Spargo, &puzzle::read(&src).unwrap().id);
    numbers.write(&p).unwrap();
    let tb_file = dir.join("late.tb");
    tb.save(&tb_file).unwrap();
    let census_file = p.join("census").join("spargo.yaml");
    let counted = spargo::census(&tb, &|_| {});
    fs::write(&census_file, counted.to_text().unwrap()).unwrap();
    let run = |with_tablebase: bool| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_cannonball"));
        cmd.args(["verify", "--puzzles-only", "--quiet", "--puzzles"])
            .arg(&p);
        if with_tablebase {
            cmd.arg("--tablebase").arg(&tb_file);
        }
        let out = cmd.output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.code(), text)
    };
    let (code, out) = run(true);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("0 differences"), "{out}");

    // A count changed and sealed again is caught by the recount, at its line.
    let mut forged = counted.clone();
    forged.finished += 1;
    let text = forged.to_text().unwrap();
    fs::write(&census_file, &text).unwrap();
    let (code, out) = run(true);
    assert_eq!(code, Some(1), "{out}");
    let line = yaml::top_key_line(&text, "finished").unwrap();
    let want = format!(
        "spargo.yaml:{line}: the file says {} but the recount finds {}",
        counted.finished + 1,
        counted.finished
    );
    assert!(out.contains(&want), "{want} not in {out}");

    // A count changed by hand fails its checksum even without the tablebase.
    let text = counted.to_text().unwrap().replacen(
        &format!("positions: {}", counted.positions),
        "positions: 9999999999",
        1,
    );
    fs::write(&census_file, &text).unwrap();
    let (code, out) = run(false);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("changed after the census run"), "{out}");
}

/// A forge run resumes only a run with the same result-changing options: after
/// `--nodes 1`, a run with another budget works on every candidate again
/// (issue 18, item 10).
#[test]
fn a_forge_run_with_another_budget_starts_afresh() {
    let dir = temp("resume");
    let forge = |nodes: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_cannonball"))
            .args([
                "forge",
                "--game",
                "spargo",
                "--seed",
                "3",
                "--candidates",
                "2",
            ])
            .args(["--quiet", "--nodes", nodes, "--out"])
            .arg(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert!(forge("1").contains("2 candidates (0 done before)"));
    let other = forge("2");
    assert!(other.contains("2 candidates (0 done before)"), "{other}");
    let same = forge("2");
    assert!(same.contains("0 candidates (2 done before)"), "{same}");
}

/// `verify --rewrite` writes only files whose content the engine no longer
/// finds, keeping the provenance but for the node count, which becomes the
/// recomputation's once the content comes from it;
/// whole-line comments are the reader's own: `verify` skips them, naming the
/// file's own lines, and an unchanged file keeps them (issue 18, item 11).
#[test]
fn rewrite_keeps_provenance_and_leaves_unchanged_files_alone() {
    use cannonball::forge::verify::{Rewrite, rewrite_file};
    let src = files_of("margrites").into_iter().next().unwrap();
    let text = fs::read_to_string(&src).unwrap();
    let dir = temp("rewrite");
    let path = dir.join(src.file_name().unwrap());
    let commented = format!("# from the 2026 collection\n\n{text}");
    fs::write(&path, &commented).unwrap();
    let limits = VerifyLimits::default();
    verify_file(&path, &limits).unwrap_or_else(|e| panic!("{e:?}"));
    let (_, done) = rewrite_file(&path, &limits).unwrap();
    assert_eq!(done, Rewrite::Same);
    assert_eq!(fs::read_to_string(&path).unwrap(), commented);

    // A stale node count is provenance: kept, and the file is not rewritten.
    let p = puzzle::parse(&text, "x").unwrap();
    let nodes = format!("solver-nodes: {}", p.provenance.solver_nodes);
    let stale = commented.replace(&nodes, "solver-nodes: 7");
    fs::write(&path, &stale).unwrap();
    assert_eq!(rewrite_file(&path, &limits).unwrap().1, Rewrite::Same);

    // A changed claim is reported at the file's own line, then rewritten
    // with the provenance as it was but for the recomputation's node count.
    let at = stale
        .lines()
        .position(|l| l.starts_with("question:"))
        .unwrap();
    let wrong = stale.replacen("question: ", "question: Not ", 1);
    fs::write(&path, &wrong).unwrap();
    let e = verify_file(&path, &limits).unwrap_err();
    assert!(
        e[0].to_string().contains(&format!(":{}:", at + 1)),
        "{}",
        e[0]
    );
    assert_eq!(rewrite_file(&path, &limits).unwrap().1, Rewrite::Written);
    let now = fs::read_to_string(&path).unwrap();
    assert!(
        now.contains(&format!("{nodes}\n")) && !now.contains("Not "),
        "{now}"
    );
    assert_eq!(puzzle::parse(&now, "x").unwrap().provenance, p.provenance);
    verify_file(&path, &limits).unwrap_or_else(|e| panic!("{e:?}"));
}

/// A position the forge now turns down is reported by `verify --rewrite`
/// and removed with `--prune`, each file named with why; a puzzle that is
/// the same as another up to symmetry and colours is found by `verify`.
#[test]
fn prune_removes_what_no_longer_makes_a_puzzle_and_repeats_are_reported() {
    use crate::support::cli::{cannonball, stderr, stdout};
    let dir = temp("prune");
    fs::create_dir_all(dir.join("spargo")).unwrap();
    // The only capture on the board wins: the greedy player finds it.
    let text = "id: spargo-000000000001\ngame: spargo\nquestion: q\nobjective: win\nposition:\n  rules: spargo\n  black: a2 b3 c2\n  white: b2 d4\n  to-move: black\nkey: b1\ngame-value: win\nvalues: []\nsolution:\n  move: b1\n  only: true\ntries: []\nminimality:\n  minimal: true\nthemes: []\ndifficulty:\n  band: 1\n  found-by: nobody\n  tree: 1\n  length: 1\n  tries: 0\nprovenance:\n  generator: t\n  source: t\n  seed: 1\n  candidate: 0\n  solver-nodes: 0\n";
    let file = dir.join("spargo").join("spargo-000000000001.yaml");
    fs::write(&file, text).unwrap();
    let d = dir.display().to_string();
    let o = cannonball(&[
        "verify",
        "--puzzles",
        &d,
        "--puzzles-only",
        "--rewrite",
        "--quiet",
    ]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("spargo-000000000001.yaml:1: not a puzzle:"),
        "{}",
        stderr(&o)
    );
    assert!(file.exists(), "without --prune the file stays");
    let o = cannonball(&[
        "verify",
        "--puzzles",
        &d,
        "--puzzles-only",
        "--rewrite",
        "--prune",
        "--quiet",
    ]);
    assert!(
        stdout(&o).contains("removed ") && stdout(&o).contains("not a puzzle"),
        "{}",
        stdout(&o)
    );
    assert!(!file.exists());

    // Two committed puzzles, one of them mirrored and its colours exchanged:
    // verify names the repeat.
    let src = files_of("spargo").into_iter().next().unwrap();
    let p = puzzle::read(&src).unwrap();
    let mut twin = p.clone();
    let puzzle::Position::Margo(pos) = &p.position else {
        panic!("a Spargo position")
    };
    twin.position = puzzle::Position::Margo(
        pos.transformed(cannonball_rules::margo::Symmetry::FlipX)
            .with_colors_exchanged(),
    );
    twin.id = "spargo-ffffffffffff".into();
    let all = vec![(src.clone(), p), (dir.join("twin.yaml"), twin)];
    let problems = cannonball::forge::verify::likeness_problems(&all);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].0, 1);
    assert!(
        problems[0].1.to_string().contains("the same puzzle as"),
        "{}",
        problems[0].1
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Every game's collection shows White to play in at least a third of its
/// puzzles (a puzzle is shown with its colours exchanged when its canonical
/// text hashes odd and the rules allow it).
#[test]
fn white_is_to_play_in_a_third_of_each_games_puzzles() {
    let all = puzzle::read_all(&root()).unwrap();
    for game in [Game::Spargo, Game::Margo, Game::Margrites] {
        let mine: Vec<&puzzle::Puzzle> = all
            .iter()
            .map(|(_, p)| p)
            .filter(|p| p.game == game)
            .collect();
        let white = mine
            .iter()
            .filter(|p| match &p.position {
                puzzle::Position::Margo(pos) => {
                    pos.to_move() == cannonball_rules::margo::Color::White
                }
                puzzle::Position::Margrites(pos) => {
                    pos.to_move() == cannonball_rules::margrites::Color::White
                }
            })
            .count();
        assert!(!mine.is_empty(), "{game:?}: no puzzles");
        assert!(
            3 * white >= mine.len(),
            "{game:?}: White to play in {white} of {}",
            mine.len()
        );
    }
}
