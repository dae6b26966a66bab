//! Independent jobs (puzzles to prove, figures to check, candidates to forge)
//! run on threads of their own, one per core.
//!
//! Every solver runs its search inside a rayon pool of its own (for the stack
//! a deep search needs, and so that a one-thread solve is deterministic). A job
//! run on a worker of rayon's global pool that waits for such a pool does not
//! just wait: rayon keeps the worker busy with other jobs of the outer loop
//! meanwhile, so jobs end up nested one inside another, each finishing only
//! when the one it stole finishes. Cores then idle while one job chain runs,
//! and a job's measured time includes the jobs it stole. [`map`] runs the jobs
//! on plain threads instead: a job that waits for its solver's pool only
//! waits.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// Stack of each job's thread: reserved, and used only as deep as a job's
/// search recurses (the solvers recurse once per ply, and lines can be long).
const STACK: usize = 256 << 20;

/// `f` applied to every item, on up to as many threads as rayon would use
/// (`RAYON_NUM_THREADS`, else one per core), each with a deep stack; the
/// results in the items' order. Items are handed out one at a
/// time, so a long job does not hold back the others. When no thread can be
/// started the jobs run here, one after another.
///
/// # Panics
/// When a job panics (the panic is passed on once every thread has stopped).
pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = rayon::current_num_threads().clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else {
                return done;
            };
            done.push((i, f(item)));
        }
    };
    let mut all: Vec<(usize, R)> = thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .filter_map(|_| {
                thread::Builder::new()
                    .stack_size(STACK)
                    .spawn_scoped(s, work)
                    .ok()
            })
            .collect();
        // No thread could be started: the jobs run on this one.
        let mut all = if handles.is_empty() {
            work()
        } else {
            Vec::new()
        };
        for h in handles {
            match h.join() {
                Ok(mut part) => all.append(&mut part),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        all
    });
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_the_items_order_each_item_once() {
        let items: Vec<u64> = (0..100).collect();
        // Uneven job lengths, so threads finish out of order.
        let out = map(&items, |&i| {
            let mut x = i;
            for _ in 0..(i % 7) * 10_000 {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            }
            (i, x)
        });
        assert_eq!(out.len(), 100);
        assert!(out.iter().enumerate().all(|(k, (i, _))| *i == k as u64));
        assert!(map(&[] as &[u8], |_| 0).is_empty());
    }

    #[test]
    fn a_job_that_waits_for_a_pool_of_its_own_runs_no_other_job_meanwhile() {
        // Each job installs into a pool of its own, as the solvers do, and
        // notes whether another job was already running on its thread (which
        // is what happens on rayon's global pool).
        thread_local!(static RUNNING: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });
        let items: Vec<usize> = (0..16).collect();
        let out = map(&items, |&i| {
            let nested = RUNNING.with(|r| {
                r.set(r.get() + 1);
                r.get() > 1
            });
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .build()
                .unwrap();
            let inside = pool.install(|| {
                thread::sleep(std::time::Duration::from_millis(2));
                i * 2
            });
            RUNNING.with(|r| r.set(r.get() - 1));
            (inside, nested)
        });
        assert_eq!(
            out.iter().map(|o| o.0).collect::<Vec<_>>(),
            (0..16).map(|i| i * 2).collect::<Vec<_>>()
        );
        assert!(out.iter().all(|o| !o.1), "a job ran inside another");
    }
}
