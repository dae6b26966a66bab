//! Sets of keys: a growable set that many threads insert into during
//! enumeration, and the sorted index that numbers the positions afterwards.
//!
//! The index sorts keys by a bijective 60-bit mix, so that the top bits of the
//! mixed key spread evenly over buckets: a lookup is a bucket read and a short
//! binary search, and a position's number is its rank in that order.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use rayon::prelude::*;

use super::key::Key;

const EMPTY: u64 = u64::MAX;
const MASK60: u64 = (1 << 60) - 1;
const MUL: u64 = 0x0ED5_1F21_5F4B_7A35 & MASK60 | 1;

/// A bijection of the 60-bit keys that spreads them evenly.
#[inline]
#[must_use]
pub fn mix(k: u64) -> u64 {
    let mut x = k & MASK60;
    x ^= x >> 31;
    x = x.wrapping_mul(MUL) & MASK60;
    x ^= x >> 29;
    x = x.wrapping_mul(MUL) & MASK60;
    x ^ (x >> 32)
}

/// The inverse of [`mix`].
#[inline]
#[must_use]
pub fn unmix(m: u64) -> u64 {
    let inv = inverse_mod_2_60(MUL);
    let mut x = m & MASK60;
    x ^= x >> 32;
    x = x.wrapping_mul(inv) & MASK60;
    x = undo_xorshift(x, 29);
    x = x.wrapping_mul(inv) & MASK60;
    undo_xorshift(x, 31)
}

fn undo_xorshift(y: u64, s: u32) -> u64 {
    let mut x = y;
    let mut shift = s;
    while shift < 60 {
        x = y ^ (x >> s);
        shift += s;
    }
    y ^ (x >> s)
}

const fn inverse_mod_2_60(a: u64) -> u64 {
    // Newton's iteration doubles the correct low bits each step.
    let mut x = a;
    let mut i = 0;
    while i < 6 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x & MASK60
}

/// A set of keys into which many threads insert at once; each key gets a slot.
#[derive(Debug)]
pub struct KeySet {
    slots: Vec<AtomicU64>,
    len: AtomicU64,
}

impl KeySet {
    /// An empty set with room for about `expected` keys before growing.
    #[must_use]
    pub fn with_capacity(expected: usize) -> KeySet {
        let cap = (expected.max(1024) * 2).next_power_of_two();
        KeySet {
            slots: (0..cap).map(|_| AtomicU64::new(EMPTY)).collect(),
            len: AtomicU64::new(0),
        }
    }

    /// Number of keys.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed) as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of slots.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Inserts `k`; returns its slot and whether it was new. The set must not
    /// be full (keep the load under one half with [`KeySet::grow_if_needed`]).
    pub fn insert(&self, k: Key) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let mut i = (mix(k.0) as usize) & mask;
        loop {
            let cur = self.slots[i].load(Ordering::Relaxed);
            if cur == k.0 {
                return (i, false);
            }
            if cur == EMPTY {
                match self.slots[i].compare_exchange(
                    EMPTY,
                    k.0,
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                ) {
                    Ok(_) => {
                        self.len.fetch_add(1, Ordering::Relaxed);
                        return (i, true);
                    }
                    Err(now) if now == k.0 => return (i, false),
                    Err(_) => {}
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// The slot of `k`, if present.
    #[must_use]
    pub fn find(&self, k: Key) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut i = (mix(k.0) as usize) & mask;
        loop {
            let cur = self.slots[i].load(Ordering::Relaxed);
            if cur == k.0 {
                return Some(i);
            }
            if cur == EMPTY {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table while more than half full (call between rounds, when no
    /// other thread uses the set). Slots change when it grows.
    pub fn grow_if_needed(&mut self) -> bool {
        if self.len() * 2 <= self.slots.len() {
            return false;
        }
        let mut bigger = KeySet::with_capacity(self.slots.len());
        while bigger.slots.len() < self.len() * 4 {
            bigger = KeySet::with_capacity(bigger.slots.len());
        }
        self.slots.par_iter().for_each(|s| {
            let k = s.load(Ordering::Relaxed);
            if k != EMPTY {
                bigger.insert(Key(k));
            }
        });
        *self = bigger;
        true
    }

    /// The key in `slot`, if any.
    #[must_use]
    pub fn key_at(&self, slot: usize) -> Option<Key> {
        let k = self.slots[slot].load(Ordering::Relaxed);
        (k != EMPTY).then_some(Key(k))
    }

    /// Every key, in no particular order.
    #[must_use]
    pub fn keys(&self) -> Vec<u64> {
        self.slots
            .par_iter()
            .map(|s| s.load(Ordering::Relaxed))
            .filter(|&k| k != EMPTY)
            .collect()
    }
}

/// Bits of the mixed key that pick a bucket, for `n` keys: about eight keys a
/// bucket.
#[must_use]
pub fn bucket_bits(n: usize) -> u32 {
    (usize::BITS - n.leading_zeros())
        .saturating_sub(3)
        .clamp(4, 28)
}

/// Every position numbered 0..n by the order of its mixed key.
#[derive(Debug, Clone)]
pub struct SortedIndex {
    /// Mixed keys, sorted.
    pub mixed: Vec<u64>,
    /// Bits of the mixed key that pick a bucket.
    pub bits: u32,
    /// `buckets[b]..buckets[b+1]` is the range of mixed keys whose top bits are `b`.
    pub buckets: Vec<u32>,
}

impl SortedIndex {
    /// The index of the keys (distinct).
    #[must_use]
    pub fn new(keys: Vec<u64>) -> SortedIndex {
        let mut mixed = keys;
        mixed.par_iter_mut().for_each(|k| *k = mix(*k));
        mixed.par_sort_unstable();
        SortedIndex::from_sorted_mixed(mixed)
    }

    /// From mixed keys already sorted (as read from a file).
    #[must_use]
    pub fn from_sorted_mixed(mixed: Vec<u64>) -> SortedIndex {
        let bits = bucket_bits(mixed.len());
        let buckets = bucket_starts(&mixed, bits);
        SortedIndex {
            mixed,
            bits,
            buckets,
        }
    }

    /// Number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.mixed.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.mixed.is_empty()
    }

    /// The number of `k`, if it is in the index.
    #[inline]
    #[must_use]
    pub fn rank(&self, k: Key) -> Option<u32> {
        let m = mix(k.0);
        let b = (m >> (60 - self.bits)) as usize;
        let (lo, hi) = (self.buckets[b] as usize, self.buckets[b + 1] as usize);
        self.mixed[lo..hi]
            .binary_search(&m)
            .ok()
            .map(|i| (lo + i) as u32)
    }

    /// The key numbered `rank`.
    #[must_use]
    pub fn key(&self, rank: u32) -> Key {
        Key(unmix(self.mixed[rank as usize]))
    }
}

fn bucket_starts(mixed: &[u64], bits: u32) -> Vec<u32> {
    let n = 1usize << bits;
    let counts: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
    mixed.par_iter().for_each(|&m| {
        counts[(m >> (60 - bits)) as usize].fetch_add(1, Ordering::Relaxed);
    });
    let mut starts = Vec::with_capacity(n + 1);
    let mut sum = 0u32;
    starts.push(0);
    for c in &counts {
        sum += c.load(Ordering::Relaxed);
        starts.push(sum);
    }
    starts
}

#[cfg(test)]
mod tests {
    use super::*;
    use cannonball_rules::rng::Rng;

    #[test]
    fn mix_is_a_bijection_on_60_bits() {
        let mut rng = Rng::seed_from(1);
        for _ in 0..10_000 {
            let k = rng.next_u64() & MASK60;
            assert!(mix(k) <= MASK60);
            assert_eq!(unmix(mix(k)), k);
        }
        assert_eq!(unmix(mix(0)), 0);
        assert_eq!(unmix(mix(MASK60)), MASK60);
    }

    #[test]
    fn sets_and_indexes_find_every_key() {
        let mut set = KeySet::with_capacity(16);
        let mut rng = Rng::seed_from(2);
        let keys: Vec<u64> = (0..5000).map(|_| rng.next_u64() & MASK60).collect();
        for &k in &keys {
            set.insert(Key(k));
            set.grow_if_needed();
        }
        assert_eq!(set.len(), 5000);
        assert!(keys.iter().all(|&k| set.find(Key(k)).is_some()));
        assert!(set.find(Key(12345)).is_none());
        let index = SortedIndex::new(set.keys());
        let mut ranks: Vec<u32> = keys.iter().map(|&k| index.rank(Key(k)).unwrap()).collect();
        for (&k, &r) in keys.iter().zip(&ranks) {
            assert_eq!(index.key(r), Key(k));
        }
        ranks.sort_unstable();
        ranks.dedup();
        assert_eq!(ranks.len(), 5000);
        assert!(index.rank(Key(12345)).is_none());
    }
}
