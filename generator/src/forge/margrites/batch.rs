//! A forge run for development (ignored test): candidates `FROM..TO` of
//! `SEED` on `THREADS` threads, the kept puzzles written under `OUT`, with
//! the motif cap (at most [`MOTIF_CAP`] kept puzzles per theme share a key
//! motif), the reasons for every rejection and the CPU time.
//!
//! `SEED=1 FROM=0 TO=400 OUT=/tmp/m-new cargo test -p cannonball --lib
//! forge_batch -- --ignored --nocapture`

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Instant;

use super::{Limits, Reject, forge_candidate, motif};
use crate::puzzle::{self, Puzzle};

/// Kept puzzles that may share one key motif within one theme.
pub const MOTIF_CAP: usize = 3;

fn env(k: &str, d: u64) -> u64 {
    std::env::var(k)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(d)
}

#[derive(Default)]
struct Tally {
    kept: Vec<Puzzle>,
    rejects: BTreeMap<Reject, u64>,
    motifs: BTreeMap<(String, String), usize>,
    ids: std::collections::BTreeSet<String>,
}

impl Tally {
    fn take(&mut self, p: Puzzle) -> Result<Puzzle, Reject> {
        if !self.ids.insert(p.id.clone()) {
            return Err(Reject::Duplicate);
        }
        let m = motif(&p).unwrap_or_default();
        let themes: Vec<String> = if p.themes.is_empty() {
            vec![String::new()]
        } else {
            p.themes.iter().map(|t| t.slug().to_string()).collect()
        };
        if themes.iter().any(|t| {
            self.motifs
                .get(&(t.clone(), m.clone()))
                .copied()
                .unwrap_or(0)
                >= MOTIF_CAP
        }) {
            return Err(Reject::MotifCap);
        }
        for t in themes {
            *self.motifs.entry((t, m.clone())).or_default() += 1;
        }
        Ok(p)
    }
}

#[test]
#[ignore = "a forge run; slow"]
fn forge_batch() {
    let (seed, from, to) = (env("SEED", 1), env("FROM", 0), env("TO", 40));
    let threads = env("THREADS", 1);
    let want = usize::try_from(env("WANT", 1000)).unwrap_or(1000);
    let out = std::path::PathBuf::from(std::env::var("OUT").unwrap_or("/tmp/m-new".into()));
    let next = Mutex::new(from);
    let tally = Mutex::new(Tally::default());
    let started = Instant::now();
    let cpu = Mutex::new(0.0f64);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().unwrap();
                        if *n >= to || tally.lock().unwrap().kept.len() >= want {
                            return;
                        }
                        *n += 1;
                        *n - 1
                    };
                    let t = Instant::now();
                    let r = forge_candidate(seed, i, &Limits::MARGRITES).expect("forge");
                    *cpu.lock().unwrap() += t.elapsed().as_secs_f64();
                    let mut tl = tally.lock().unwrap();
                    let r = r.and_then(|p| tl.take(p));
                    match r {
                        Ok(p) => {
                            puzzle::write(&out, &p).expect("write");
                            println!(
                                "{i} {:.1}s KEPT {} {} {} {:?} band {} {:?} {} tries {}",
                                t.elapsed().as_secs_f64(),
                                p.id,
                                p.objective,
                                p.turns,
                                p.themes,
                                p.difficulty.band.0,
                                p.difficulty.found_by,
                                p.game_value,
                                p.tries.len()
                            );
                            tl.kept.push(p);
                        }
                        Err(why) => {
                            println!("{i} {:.1}s {why}", t.elapsed().as_secs_f64());
                            *tl.rejects.entry(why).or_default() += 1;
                        }
                    }
                }
            });
        }
    });
    let tl = tally.into_inner().unwrap();
    let cpu = cpu.into_inner().unwrap();
    println!(
        "seed {seed} {from}..{to}: {} kept in {:?}",
        tl.kept.len(),
        started.elapsed()
    );
    println!("rejects {:?}", tl.rejects);
    println!(
        "cpu {cpu:.0}s, {:.1}s per kept",
        cpu / tl.kept.len().max(1) as f64
    );
    summary(&tl.kept);
}

/// Counts by objective x turns x themes x band, average tries, known values.
fn summary(kept: &[Puzzle]) {
    let mut by: BTreeMap<String, usize> = BTreeMap::new();
    for p in kept {
        let themes: Vec<&str> = p.themes.iter().map(|t| t.slug()).collect();
        let k = format!(
            "{} x{} [{}] band {}",
            p.objective,
            p.turns,
            themes.join(","),
            p.difficulty.band.0
        );
        *by.entry(k).or_default() += 1;
    }
    for (k, n) in by {
        println!("  {n:3} {k}");
    }
    let n = kept.len().max(1) as f64;
    let tries: usize = kept.iter().map(|p| p.tries.len()).sum();
    let known = kept
        .iter()
        .filter(|p| p.game_value != puzzle::GameValue::Unknown)
        .count();
    println!(
        "average tries {:.2}, known game value {known}/{}",
        tries as f64 / n,
        kept.len()
    );
}

/// Reanalyses every puzzle under `OUT` with the current code: a file that
/// still makes a puzzle is rewritten as recomputed, one that does not is
/// removed; prints the time per puzzle and the summary.
#[test]
#[ignore = "rewrites a forge run's files"]
fn refresh_batch() {
    let out = std::path::PathBuf::from(std::env::var("OUT").unwrap_or("/tmp/m-new".into()));
    let all = puzzle::read_all(&out).expect("read");
    let mut kept = Vec::new();
    let started = Instant::now();
    let n = all.len();
    for (path, p) in all {
        let t = Instant::now();
        match super::reanalyse(&p, &Limits::MARGRITES) {
            Ok(q) => {
                let same = q == p;
                if !same {
                    std::fs::remove_file(&path).expect("remove");
                    puzzle::write(&out, &q).expect("write");
                }
                println!(
                    "{} {:.1}s ok{}",
                    p.id,
                    t.elapsed().as_secs_f64(),
                    if same { "" } else { " (rewritten)" }
                );
                kept.push(q);
            }
            Err(e) => {
                std::fs::remove_file(&path).expect("remove");
                println!("{} {:.1}s dropped: {e}", p.id, t.elapsed().as_secs_f64());
            }
        }
    }
    println!(
        "reanalysed {n} in {:.1}s, {:.2}s each",
        started.elapsed().as_secs_f64(),
        started.elapsed().as_secs_f64() / n.max(1) as f64
    );
    summary(&kept);
}
