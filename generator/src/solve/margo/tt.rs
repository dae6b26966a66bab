//! The transposition table: what is known about positions already searched,
//! shared between threads without locks.
//!
//! An entry holds bounds on a position's value and the best move found there.
//! A *proven* entry's bounds hold for the position's true value, whatever path
//! led to it (the search stores only such facts, see `search.rs`); a
//! *heuristic* entry comes from a depth-limited iteration and only guides move
//! ordering and later iterations of at most the same depth.
//!
//! Each entry is two 64-bit words, the key XOR the data and the data, so that a
//! torn write by two threads at once fails the key check and reads as a miss
//! (the "lockless hashing" of Hyatt and Mann). Buckets of four entries fill one
//! cache line; a new position replaces the entry of least worth in its bucket.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use cannonball_rules::margo::{Move, Point};

/// `depth` of a proven entry.
pub(crate) const PROVEN: u8 = u8::MAX;

const WAYS: usize = 4;

/// One entry, unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// Lower bound (raw score).
    pub lower: i16,
    /// Upper bound (raw score).
    pub upper: i16,
    /// Best move in the table's frame (see `MoveCode`), 0 for none.
    pub mv: u16,
    /// [`PROVEN`], or the remaining depth of a heuristic result.
    pub depth: u8,
    /// 1 + log2 of the nodes the result cost: the worth kept on replacement.
    pub work: u8,
}

impl Entry {
    pub fn is_proven(&self) -> bool {
        self.depth == PROVEN
    }

    fn pack(&self) -> u64 {
        u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.mv) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.work.max(1)) << 56
    }

    fn unpack(d: u64) -> Entry {
        Entry {
            lower: d as u16 as i16,
            upper: (d >> 16) as u16 as i16,
            mv: (d >> 32) as u16,
            depth: (d >> 48) as u8,
            work: (d >> 56) as u8,
        }
    }

    fn worth(&self) -> u32 {
        u32::from(self.work) + if self.is_proven() { 4 } else { 0 }
    }

    /// `self` updated with `new` for the same position.
    fn merge(self, new: Entry) -> Entry {
        let mv = if new.mv != 0 { new.mv } else { self.mv };
        let work = self.work.max(new.work);
        match (self.is_proven(), new.is_proven()) {
            (true, true) => {
                let lower = self.lower.max(new.lower);
                let upper = self.upper.min(new.upper);
                // Both are proven, so they cannot contradict; keep the newer
                // if they ever do (a key collision).
                let (lower, upper) = if lower <= upper {
                    (lower, upper)
                } else {
                    (new.lower, new.upper)
                };
                Entry {
                    lower,
                    upper,
                    mv,
                    depth: PROVEN,
                    work,
                }
            }
            (true, false) => Entry {
                mv: if self.mv != 0 { self.mv } else { new.mv },
                ..self
            },
            (false, true) => Entry { mv, work, ..new },
            (false, false) if new.depth >= self.depth => Entry { mv, work, ..new },
            (false, false) => Entry {
                mv: if self.mv != 0 { self.mv } else { new.mv },
                ..self
            },
        }
    }
}

/// Moves as 16 bits: 0 none, 1 pass, 2 swap, 3 + point number.
pub(crate) struct MoveCode;

impl MoveCode {
    pub fn encode(m: Option<Move>) -> u16 {
        match m {
            None => 0,
            Some(Move::Pass) => 1,
            Some(Move::Swap) => 2,
            Some(Move::Place(p)) => 3 + p.index() as u16,
        }
    }

    pub fn decode(c: u16) -> Option<Move> {
        match c {
            0 => None,
            1 => Some(Move::Pass),
            2 => Some(Move::Swap),
            _ => Some(Move::Place(Point::new(usize::from(c - 3)))),
        }
    }
}

/// The shared table.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<AtomicU64>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries (at least one bucket), 16 bytes each.
    pub fn new(bits: u32) -> Table {
        let entries = 1usize << bits.clamp(2, 40);
        let buckets = entries / WAYS;
        Table {
            slots: (0..entries * 2).map(|_| AtomicU64::new(0)).collect(),
            mask: buckets - 1,
        }
    }

    /// Number of entries.
    pub fn capacity(&self) -> usize {
        self.slots.len() / 2
    }

    fn base(&self, key: u64) -> usize {
        ((key >> 17) as usize & self.mask) * WAYS * 2
    }

    fn read(&self, i: usize) -> (u64, u64) {
        (self.slots[i].load(Relaxed), self.slots[i + 1].load(Relaxed))
    }

    /// The entry for `key`, if present.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let base = self.base(key);
        (0..WAYS).find_map(|w| {
            let (k, d) = self.read(base + 2 * w);
            (d != 0 && k ^ d == key).then(|| Entry::unpack(d))
        })
    }

    /// Records `e` for `key`, merging with what is there for the same key, or
    /// replacing the bucket's entry of least worth.
    pub fn store(&self, key: u64, e: Entry) {
        let base = self.base(key);
        let mut victim = base;
        let mut least = u32::MAX;
        for w in 0..WAYS {
            let i = base + 2 * w;
            let (k, d) = self.read(i);
            if d != 0 && k ^ d == key {
                self.write(i, key, Entry::unpack(d).merge(e));
                return;
            }
            let worth = if d == 0 { 0 } else { Entry::unpack(d).worth() };
            if worth < least {
                least = worth;
                victim = i;
            }
        }
        self.write(victim, key, e);
    }

    fn write(&self, i: usize, key: u64, e: Entry) {
        let d = e.pack();
        self.slots[i].store(key ^ d, Relaxed);
        self.slots[i + 1].store(d, Relaxed);
    }

    /// Entries in use, in thousandths, estimated from the first buckets.
    pub fn used_permille(&self) -> u32 {
        let sample = self.capacity().min(4000);
        let used = (0..sample)
            .filter(|&e| self.slots[2 * e + 1].load(Relaxed) != 0)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proven(lower: i16, upper: i16) -> Entry {
        Entry {
            lower,
            upper,
            mv: 0,
            depth: PROVEN,
            work: 1,
        }
    }

    #[test]
    fn entries_pack_and_unpack() {
        let e = Entry {
            lower: -10_000,
            upper: 37,
            mv: 2470 + 3,
            depth: 17,
            work: 40,
        };
        assert_eq!(Entry::unpack(e.pack()), e);
        for m in [None, Some(Move::Pass), Some(Move::Swap)] {
            assert_eq!(MoveCode::decode(MoveCode::encode(m)), m);
        }
    }

    #[test]
    fn proven_bounds_intersect_and_heuristics_never_overwrite_them() {
        let t = Table::new(4);
        t.store(99, proven(-3, 5));
        t.store(99, proven(1, 9));
        assert_eq!(t.probe(99).map(|e| (e.lower, e.upper)), Some((1, 5)));
        t.store(
            99,
            Entry {
                depth: 3,
                ..proven(-20, -20)
            },
        );
        let e = t.probe(99).unwrap();
        assert!(e.is_proven());
        assert_eq!((e.lower, e.upper), (1, 5));
        assert_eq!(t.probe(100), None);
    }

    #[test]
    fn a_full_bucket_keeps_its_most_worthy_entries() {
        let t = Table::new(2); // one bucket of four
        for (k, work) in [(1u64 << 40, 9), (2 << 40, 1), (3 << 40, 7), (4 << 40, 8)] {
            t.store(
                k,
                Entry {
                    work,
                    ..proven(0, 0)
                },
            );
        }
        t.store(
            5 << 40,
            Entry {
                work: 5,
                ..proven(0, 0)
            },
        );
        assert!(t.probe(2 << 40).is_none());
        assert!(t.probe(5 << 40).is_some());
        assert!(t.probe(1 << 40).is_some());
    }
}
