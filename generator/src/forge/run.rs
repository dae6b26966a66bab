//! The forge's driver: candidates of one seed worked through in parallel,
//! in fixed batches, with quotas per theme, shards, and resumption.
//!
//! - Candidate `i` is a function of the seed and `i` only; shard `k/N` takes the
//!   candidates with `i % N == k - 1`.
//! - Each batch is solved in parallel ([`crate::jobs::map`]) and its results are taken in
//!   candidate order, so what is written does not depend on thread timing.
//! - A puzzle file is written atomically as soon as its batch is done; the
//!   shard's finished candidates are then appended to
//!   `OUT/.forge/GAME-seed-S-shard-K-of-N-HASH.done` ([`state_file`]). A run
//!   stopped at any moment loses at most the batch in progress; the next run
//!   with the same arguments skips the candidates already done, and a run with
//!   other result-changing options (HASH) starts afresh.
//! - With a quota, a puzzle is written only when one of its themes has fewer
//!   than the quota among the puzzles already in `OUT/GAME/`, and the run stops
//!   once every theme of the game has its quota.
//! - Shards write to the same folder layout; a puzzle two shards both find has
//!   one id, and [`crate::puzzle::write`] keeps the copy with the smaller seed
//!   and candidate index, so merging shard outputs in any order gives the same
//!   files.
//! - Each new puzzle gets its stable number ([`crate::puzzle::Numbers`]):
//!   before its file is written, its id is appended to `OUT/numbers.yaml`
//!   (re-read just then, so shards sharing a folder keep each other's
//!   numbers), so a run stopped at any moment leaves no puzzle without a
//!   number (at worst a number whose puzzle was never written: a gap, like a
//!   deleted puzzle's). A puzzle turned down (a duplicate, the motif cap, not
//!   wanted by the quota) gets none. Numbers are given in the order puzzles
//!   are found; shard outputs made in separate folders are merged by copying
//!   the puzzle files and running `cannonball number-puzzles`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use thiserror::Error;

use super::ForgeError;
use super::Forged;
use super::Reject;
use crate::fnv::Fnv1a;
use crate::puzzle::{
    self, Likeness, MOTIF_CAP, Numbers, NumbersError, Puzzle, PuzzleError, Theme, Written, io,
};
use cannonball_rules::Game;

/// A shard `k/N` (1-based `k`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, from 1.
    pub k: u64,
    /// Number of shards.
    pub n: u64,
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("shard `{s}`: expected K/N with 1 <= K <= N");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || n == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

/// What to run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The game.
    pub game: Game,
    /// The seed.
    pub seed: u64,
    /// Candidates `0..candidates` of the seed (before sharding).
    pub candidates: u64,
    /// This run's shard.
    pub shard: Shard,
    /// The puzzles folder (`puzzles/`).
    pub out: PathBuf,
    /// Puzzles wanted per theme (`None`: keep every puzzle).
    pub quota: Option<usize>,
    /// Themes the quota is about (the game's themes).
    pub themes: Vec<Theme>,
    /// Candidates per batch.
    pub batch: usize,
    /// Where candidates come from when not the game's default source (for
    /// example `scan-stack-join`): part of the state file's name, so runs
    /// over different candidate lists resume separately.
    pub source: Option<String>,
    /// Every other option that changes what a candidate gives (the solver's
    /// budget, the tablebase's checksum), as `name=value` words: with the
    /// quota and the batch size, part of the state file's name.
    pub settings: String,
}

/// A run's counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunReport {
    /// Candidates worked on in this run.
    pub candidates: u64,
    /// Candidates skipped because an earlier run finished them.
    pub resumed: u64,
    /// Puzzles found (before the quota, the duplicates and the motif cap).
    pub found: u64,
    /// Candidates turned down, by reason (duplicates and the motif cap
    /// included).
    pub rejected: BTreeMap<Reject, u64>,
    /// New files written.
    pub written: u64,
    /// Puzzles per theme in the folder at the end, by slug (so listed in
    /// the slugs' alphabetical order).
    pub per_theme: BTreeMap<String, usize>,
    /// Puzzle files in the folder at the end.
    pub total: usize,
    /// Time the workers spent on candidates (CPU time when the threads are not
    /// oversubscribed).
    pub worker_time: Duration,
    /// Wall time.
    pub wall: Duration,
}

/// Why a run stopped.
#[derive(Debug, Error)]
pub enum RunError {
    /// A puzzle file or the state file could not be read or written.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// The registry of puzzle numbers could not be read or written.
    #[error(transparent)]
    Numbers(#[from] NumbersError),
    /// A candidate failed (not "no puzzle": an engine or solver failure).
    #[error("candidate {index}: {reason}")]
    Candidate {
        /// The candidate.
        index: u64,
        /// What went wrong.
        reason: ForgeError,
    },
}

/// Progress reports: candidates done so far, and the run's current counts.
pub type Progress<'a> = &'a (dyn Fn(u64, &RunReport) + Sync);

/// The file where a run records the candidates it has finished, so that the
/// same command resumes where it stopped:
/// `OUT/.forge/GAME[-SOURCE]-seed-S-shard-K-of-N-HASH.done`. HASH is the
/// FNV-1a hash of everything else that changes the run's result (the quota,
/// the batch size and [`RunOptions::settings`]), so a run with other options
/// starts afresh instead of skipping candidates it never worked on.
#[must_use]
pub fn state_file(o: &RunOptions) -> PathBuf {
    let quota = o.quota.map_or_else(|| "none".to_owned(), |q| q.to_string());
    let key = Fnv1a::parts(&[
        quota.as_bytes(),
        o.batch.to_string().as_bytes(),
        o.settings.as_bytes(),
    ]);
    o.out.join(".forge").join(format!(
        "{}{}-seed-{}-shard-{}-of-{}-{key:016x}.done",
        o.game.slug(),
        o.source
            .as_ref()
            .map(|s| format!("-{s}"))
            .unwrap_or_default(),
        o.seed,
        o.shard.k,
        o.shard.n
    ))
}

/// The candidates an earlier run finished (none when there is no state file).
/// The file is read as any input is (a regular file, bounded: a link to a
/// device is refused, not read for ever), with room for a billion indices.
fn done_indices(path: &Path) -> Result<BTreeSet<u64>, PuzzleError> {
    // No entry at all (not even a dangling link): no earlier run.
    if fs::symlink_metadata(path).is_err() {
        return Ok(BTreeSet::new());
    }
    let text = crate::input::read_text_limited(path, 1 << 33).map_err(|e| PuzzleError::Io {
        file: path.display().to_string(),
        reason: e.reason,
    })?;
    Ok(text
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect())
}

/// The game's puzzles already in the folder: their likeness and themes.
fn kept_puzzles(out: &Path, game: Game) -> Result<Vec<Kept>, PuzzleError> {
    let mut kept = Vec::new();
    for path in puzzle::files(out)? {
        let p = puzzle::read(&path)?;
        if p.game == game {
            kept.push(Kept::of(&p));
        }
    }
    Ok(kept)
}

/// What the driver remembers of a kept puzzle.
struct Kept {
    id: String,
    likeness: Likeness,
    themes: Vec<Theme>,
}

impl Kept {
    fn of(p: &Puzzle) -> Kept {
        Kept {
            id: p.id.clone(),
            likeness: Likeness::of(p),
            themes: p.themes.clone(),
        }
    }
}

/// Puzzles per theme slug among `kept`.
fn theme_counts(kept: &[Kept]) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for k in kept {
        for t in &k.themes {
            *counts.entry(t.slug().to_owned()).or_insert(0) += 1;
        }
    }
    counts
}

/// Why `p` may not join `kept`: the same puzzle is there under another id,
/// or one of its themes (or, without a theme, the themeless puzzles) already
/// has [`MOTIF_CAP`] puzzles of its motif. A puzzle whose id is kept is
/// always let through: writing it merges the two files, whatever the order
/// the shards ran in.
fn likeness_reject(kept: &[Kept], p: &Puzzle) -> Option<Reject> {
    if kept.iter().any(|k| k.id == p.id) {
        return None;
    }
    let me = Likeness::of(p);
    if kept.iter().any(|k| me.same_puzzle(&k.likeness)) {
        return Some(Reject::Duplicate);
    }
    let alike: Vec<&Vec<Theme>> = kept
        .iter()
        .filter(|k| me.same_motif(&k.likeness))
        .map(|k| &k.themes)
        .collect();
    let over = |shares: &dyn Fn(&Vec<Theme>) -> bool| {
        alike.iter().filter(|t| shares(t)).count() >= MOTIF_CAP
    };
    let capped = if p.themes.is_empty() {
        over(&|t| t.is_empty())
    } else {
        p.themes.iter().any(|th| over(&|t| t.contains(th)))
    };
    capped.then_some(Reject::MotifCap)
}

fn quota_met(o: &RunOptions, counts: &BTreeMap<String, usize>) -> bool {
    o.quota.is_some_and(|q| {
        o.themes
            .iter()
            .all(|t| counts.get(t.slug()).copied().unwrap_or(0) >= q)
    })
}

fn wanted(o: &RunOptions, counts: &BTreeMap<String, usize>, p: &Puzzle) -> bool {
    match o.quota {
        None => true,
        Some(q) => p
            .themes
            .iter()
            .any(|t| o.themes.contains(t) && counts.get(t.slug()).copied().unwrap_or(0) < q),
    }
}

/// Gives `p` its stable number in `out/numbers.yaml` when it has none yet:
/// the registry is read afresh, the id appended and the registry written
/// back (before the puzzle file is, so no puzzle is left without a number).
fn number(out: &Path, p: &Puzzle) -> Result<(), NumbersError> {
    let mut numbers = Numbers::read(out)?;
    if numbers.number(p.game, &p.id).is_none() {
        numbers.assign(p.game, &p.id);
        numbers.write(out)?;
    }
    Ok(())
}

/// Runs the forge: `forge(seed, index)` turns one candidate into a puzzle or
/// nothing.
///
/// # Errors
/// A file cannot be read or written, or a candidate fails.
pub fn run(
    o: &RunOptions,
    forge: &(dyn Fn(u64, u64) -> Result<Forged, ForgeError> + Sync),
    progress: Progress<'_>,
) -> Result<RunReport, RunError> {
    let started = Instant::now();
    let state = state_file(o);
    if let Some(dir) = state.parent() {
        fs::create_dir_all(dir).map_err(io(dir))?;
    }
    let done = done_indices(&state)?;
    // A registry that does not read stops the run before any work.
    Numbers::read(&o.out)?;
    let mut kept = kept_puzzles(&o.out, o.game)?;
    let mut counts = theme_counts(&kept);
    let mine: Vec<u64> = (0..o.candidates)
        .filter(|i| i % o.shard.n == o.shard.k - 1)
        .collect();
    let todo: Vec<u64> = mine.iter().copied().filter(|i| !done.contains(i)).collect();
    let mut report = RunReport {
        resumed: (mine.len() - todo.len()) as u64,
        ..RunReport::default()
    };
    for chunk in todo.chunks(o.batch.max(1)) {
        if quota_met(o, &counts) {
            break;
        }
        let results: Vec<(u64, Duration, Result<Forged, ForgeError>)> =
            crate::jobs::map(chunk, |&i| {
                let t = Instant::now();
                let r = forge(o.seed, i);
                (i, t.elapsed(), r)
            });
        for (i, took, r) in results {
            report.candidates += 1;
            report.worker_time += took;
            let found = r.map_err(|reason| RunError::Candidate { index: i, reason })?;
            let p = match found {
                Ok(p) => p,
                Err(why) => {
                    *report.rejected.entry(why).or_insert(0) += 1;
                    continue;
                }
            };
            report.found += 1;
            if let Some(why) = likeness_reject(&kept, &p) {
                *report.rejected.entry(why).or_insert(0) += 1;
                continue;
            }
            if !wanted(o, &counts, &p) {
                continue;
            }
            number(&o.out, &p)?;
            if puzzle::write(&o.out, &p)? == Written::New {
                report.written += 1;
                for t in &p.themes {
                    *counts.entry(t.slug().to_owned()).or_insert(0) += 1;
                }
                kept.push(Kept::of(&p));
            }
        }
        let mut f = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&state)
            .map_err(io(&state))?;
        let line: Vec<String> = chunk.iter().map(u64::to_string).collect();
        writeln!(f, "{}", line.join(" ")).map_err(io(&state))?;
        report.per_theme.clone_from(&counts);
        progress(report.candidates, &report);
    }
    let kept = kept_puzzles(&o.out, o.game)?;
    report.per_theme = theme_counts(&kept);
    report.total = kept.len();
    report.wall = started.elapsed();
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{
        Difficulty, Finder, GameValue, Line, MargoPosition, Minimal, Minimality, Objective,
        Position, PositionSpec, Provenance, puzzle_id,
    };

    fn fake(seed: u64, i: u64, theme: Theme) -> Puzzle {
        let canonical = format!("black a{}; to-move black", i % 3);
        let position = Position::from_spec(&PositionSpec::Margo(MargoPosition {
            rules: "spargo".into(),
            black: format!("a{}", 1 + i % 3),
            white: "d4".into(),
            to_move: "black".into(),
            ..MargoPosition::default()
        }))
        .unwrap();
        let a1 = position.parse_move("b2").unwrap();
        Puzzle {
            id: puzzle_id(Game::Spargo, Objective::Win, 0, &canonical),
            game: Game::Spargo,
            question: "q".into(),
            objective: Objective::Win,
            turns: 0,
            position,
            key: a1.clone(),
            game_value: GameValue::Win(None),
            values: Vec::new(),
            first_turns: 0,
            solution: Line {
                mv: a1,
                only: true,
                replies: Vec::new(),
                end: String::new(),
            },
            tries: Vec::new(),
            other_to_move: None,
            minimality: Minimality {
                minimal: Minimal::Yes,
                note: String::new(),
            },
            themes: vec![theme],
            difficulty: Difficulty::new(Finder::Nobody, 1, 1, 0),
            provenance: Provenance {
                generator: "t".into(),
                source: "t".into(),
                seed,
                candidate: i,
                solver_nodes: 0,
                budget: None,
            },
        }
    }

    fn opts(dir: &Path, shard: Shard, quota: Option<usize>) -> RunOptions {
        RunOptions {
            game: Game::Spargo,
            seed: 5,
            candidates: 12,
            shard,
            out: dir.to_path_buf(),
            quota,
            themes: vec![Theme::Ko],
            batch: 4,
            source: None,
            settings: String::new(),
        }
    }

    fn listing(dir: &Path) -> Vec<(String, String)> {
        puzzle::files(dir)
            .unwrap()
            .into_iter()
            .map(|p| {
                (
                    p.display()
                        .to_string()
                        .replace(&dir.display().to_string(), ""),
                    fs::read_to_string(&p).unwrap(),
                )
            })
            .collect()
    }

    #[test]
    fn shards_merge_to_the_single_run_and_resume_skips_done_work() {
        let base = std::env::temp_dir().join(format!("cannonball-run-{}", std::process::id()));
        let one = base.join("one");
        let two = base.join("two");
        let _ = fs::remove_dir_all(&base);
        let f = |s: u64, i: u64| Ok(Ok(fake(s, i, Theme::Ko)));
        let none = |_: u64, _: &RunReport| {};
        let r = run(&opts(&one, Shard { k: 1, n: 1 }, None), &f, &none).unwrap();
        assert_eq!((r.candidates, r.found, r.total), (12, 12, 3));
        assert!(r.rejected.is_empty(), "one id, merged: {:?}", r.rejected);
        // Every file written has its number, given in the order found.
        let numbers = Numbers::read(&one).unwrap();
        let found: Vec<String> = (0..3).map(|i| fake(5, i, Theme::Ko).id).collect();
        assert_eq!(numbers.ids(Game::Spargo), found);
        assert_eq!(listing(&one).len(), 3, "the registry is no puzzle file");
        // Reasons are counted: candidates the forge turns down, and puzzles
        // that repeat a kept one under another id.
        let apart = base.join("apart");
        let g = |s: u64, i: u64| match i % 3 {
            0 => Ok(Err(Reject::Greedy)),
            1 => Ok(Ok(fake(s, 0, Theme::Ko))),
            _ => {
                let mut twin = fake(s, 0, Theme::Ko);
                twin.id = format!("spargo-{i:012}");
                Ok(Ok(twin))
            }
        };
        let r = run(&opts(&apart, Shard { k: 1, n: 1 }, None), &g, &none).unwrap();
        assert_eq!(r.rejected.get(&Reject::Greedy), Some(&4));
        assert_eq!(r.rejected.get(&Reject::Duplicate), Some(&4));
        assert_eq!(r.total, 1);
        // The kept puzzle is numbered; the duplicates dropped are not.
        let numbers = Numbers::read(&apart).unwrap();
        assert_eq!(numbers.ids(Game::Spargo), [fake(5, 0, Theme::Ko).id]);
        // Two shards, the second first: same files, same bytes.
        for k in [2, 1] {
            run(&opts(&two, Shard { k, n: 2 }, None), &f, &none).unwrap();
        }
        assert_eq!(listing(&one), listing(&two));
        // Everything is done: a second run works on nothing.
        let again = run(&opts(&one, Shard { k: 1, n: 1 }, None), &f, &none).unwrap();
        assert_eq!((again.candidates, again.resumed), (0, 12));
        // Other settings (a larger budget, say) start afresh (issue 18, item 10).
        let more = RunOptions {
            settings: "nodes=2".into(),
            ..opts(&one, Shard { k: 1, n: 1 }, None)
        };
        let fresh = run(&more, &f, &none).unwrap();
        assert_eq!((fresh.candidates, fresh.resumed), (12, 0));
        let _ = fs::remove_dir_all(&base);
    }

    /// A state file that is a link to a device is refused by name, not read
    /// for ever.
    #[cfg(unix)]
    #[test]
    fn a_state_file_linked_to_a_device_is_refused() {
        let dir = std::env::temp_dir().join(format!("cannonball-state-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let o = opts(&dir, Shard { k: 1, n: 1 }, None);
        let state = state_file(&o);
        fs::create_dir_all(state.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink("/dev/zero", &state).unwrap();
        let f = |s: u64, i: u64| Ok(Ok(fake(s, i, Theme::Ko)));
        let e = run(&o, &f, &|_: u64, _: &RunReport| {})
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(".done") && e.contains("not a regular file"),
            "{e}"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    /// Every option that changes a run's result is in its state file's name.
    #[test]
    fn the_state_file_is_keyed_by_every_result_changing_option() {
        let dir = Path::new("out");
        let first = opts(dir, Shard { k: 1, n: 1 }, None);
        let variants = [
            RunOptions {
                seed: 6,
                ..opts(dir, Shard { k: 1, n: 1 }, None)
            },
            opts(dir, Shard { k: 1, n: 2 }, None),
            opts(dir, Shard { k: 1, n: 1 }, Some(3)),
            RunOptions {
                batch: 5,
                ..opts(dir, Shard { k: 1, n: 1 }, None)
            },
            RunOptions {
                source: Some("capture".into()),
                ..opts(dir, Shard { k: 1, n: 1 }, None)
            },
            RunOptions {
                settings: "nodes=1".into(),
                ..opts(dir, Shard { k: 1, n: 1 }, None)
            },
        ];
        let mut names = vec![state_file(&first)];
        for v in &variants {
            names.push(state_file(v));
        }
        let distinct: BTreeSet<&PathBuf> = names.iter().collect();
        assert_eq!(distinct.len(), names.len(), "{names:?}");
        // The number of candidates is not a setting: a longer run resumes.
        let longer = RunOptions {
            candidates: 99,
            ..opts(dir, Shard { k: 1, n: 1 }, None)
        };
        assert_eq!(state_file(&longer), state_file(&first));
    }

    #[test]
    fn quota_stops_the_run_and_failures_name_the_candidate() {
        let dir = std::env::temp_dir().join(format!("cannonball-quota-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let f = |s: u64, i: u64| Ok(Ok(fake(s, i, Theme::Ko)));
        let none = |_: u64, _: &RunReport| {};
        let r = run(&opts(&dir, Shard { k: 1, n: 1 }, Some(2)), &f, &none).unwrap();
        assert_eq!(r.candidates, 4, "one batch fills the quota of 2");
        assert_eq!(r.per_theme.get("ko"), Some(&2));
        // The puzzle the quota did not want has no number.
        let numbers = Numbers::read(&dir).unwrap();
        assert_eq!(numbers.ids(Game::Spargo).len(), 2);
        assert_eq!(
            numbers.number(Game::Spargo, &fake(5, 2, Theme::Ko).id),
            None
        );
        let bad = |_: u64, i: u64| {
            if i == 5 {
                Err(ForgeError::Inconsistent("boom".to_string()))
            } else {
                Ok(Err(Reject::NoQuestion))
            }
        };
        let e = run(&opts(&dir, Shard { k: 1, n: 1 }, None), &bad, &none).unwrap_err();
        assert_eq!(e.to_string(), "candidate 5: solver: boom");
        assert!("0/3".parse::<Shard>().is_err() && "4/3".parse::<Shard>().is_err());
        let _ = fs::remove_dir_all(&dir);
    }
}
