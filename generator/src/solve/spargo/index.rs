//! Sets of keys: a growable set that many threads insert into during
//! enumeration, and the sorted index that numbers the positions afterwards.
//!
//! The index sorts keys by a bijective 60-bit mix, so that the top bits of the
//! mixed key spread evenly over buckets: a lookup is a bucket read and a short
//! binary search, and a position's number is its rank in that order.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use rayon::prelude::*;

use super::key::Key;
use super::stretch::by_stretch;

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

/// The set is too full to take more keys: the caller starts again with a
/// bigger one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full;

/// A set of keys into which many threads insert at once; each key gets a slot
/// that never changes (the set does not grow: when it fills up, the caller
/// starts again with a bigger one). Slots are found by linear probing from a
/// key's home slot, chosen by the mixed key's top bits scaled to the number of
/// slots, so any number of slots works.
#[derive(Debug)]
pub struct KeySet {
    slots: Vec<AtomicU64>,
    len: AtomicU64,
    limit: u64,
}

impl KeySet {
    /// An empty set with `slots` slots; it accepts keys up to 90% of them.
    #[must_use]
    pub fn with_slots(slots: usize) -> KeySet {
        let slots = slots.max(1024);
        KeySet {
            slots: (0..slots).map(|_| AtomicU64::new(EMPTY)).collect(),
            len: AtomicU64::new(0),
            limit: slots as u64 / 10 * 9,
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

    #[inline]
    fn home(&self, k: Key) -> usize {
        ((u128::from(mix(k.0)) * self.slots.len() as u128) >> 60) as usize
    }

    /// Inserts `k`; returns its slot and whether it was new.
    ///
    /// # Errors
    /// [`Full`] once the set holds 90% of its slots: the key may or may not
    /// have been added, and the set should be abandoned.
    #[inline]
    pub fn insert(&self, k: Key) -> Result<(usize, bool), Full> {
        self.insert_from(k, self.home(k))
    }

    /// [`KeySet::insert`], probing from `home` (the home slot of `k`).
    #[inline]
    fn insert_from(&self, k: Key, home: usize) -> Result<(usize, bool), Full> {
        let n = self.slots.len();
        let mut i = home;
        loop {
            let cur = self.slots[i].load(Ordering::Relaxed);
            if cur == k.0 {
                return Ok((i, false));
            }
            if cur == EMPTY {
                match self.slots[i].compare_exchange(
                    EMPTY,
                    k.0,
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                ) {
                    Ok(_) => {
                        if self.len.fetch_add(1, Ordering::Relaxed) >= self.limit {
                            return Err(Full);
                        }
                        return Ok((i, true));
                    }
                    Err(now) if now == k.0 => return Ok((i, false)),
                    Err(_) => {}
                }
            }
            i += 1;
            if i == n {
                i = 0;
            }
        }
    }

    /// Inserts every key of `keys` (fewer than 2^32): `slots` gets each key's
    /// slot, in the order of `keys`, and `new` the keys seen for the first time
    /// with their slots.
    ///
    /// The keys go in by stretches of home slots ([`by_stretch`]), not as
    /// given: a big batch then walks the table from one end to the other, so
    /// that neighbouring keys share pages, instead of each key missing the
    /// caches and the address translation caches on its own.
    ///
    /// # Errors
    /// [`Full`], as [`KeySet::insert`].
    pub fn insert_all(
        &self,
        keys: &[u64],
        slots: &mut Vec<u32>,
        new: &mut Vec<(u32, Key)>,
    ) -> Result<(), Full> {
        let homes: Vec<u64> = keys
            .iter()
            .enumerate()
            .map(|(i, &k)| (self.home(Key(k)) as u64) << 32 | i as u64)
            .collect();
        // Stretches of 4,096 slots: eight pages of the table.
        let order = by_stretch(&homes, 12, |&o| (o >> 32) as u32);
        slots.clear();
        slots.resize(keys.len(), 0);
        for &o in order.iter() {
            let (home, i) = ((o >> 32) as usize, (o & 0xFFFF_FFFF) as usize);
            let k = Key(keys[i]);
            let (slot, is_new) = self.insert_from(k, home)?;
            slots[i] = slot as u32;
            if is_new {
                new.push((slot as u32, k));
            }
        }
        Ok(())
    }

    /// The slot of `k`, if present.
    #[must_use]
    pub fn find(&self, k: Key) -> Option<usize> {
        let n = self.slots.len();
        let mut i = self.home(k);
        loop {
            let cur = self.slots[i].load(Ordering::Relaxed);
            if cur == k.0 {
                return Some(i);
            }
            if cur == EMPTY {
                return None;
            }
            i += 1;
            if i == n {
                i = 0;
            }
        }
    }

    /// The key in `slot`, if any.
    #[inline]
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

    /// The slots' contents, [`EMPTY_SLOT`] where there is no key.
    #[must_use]
    pub fn into_slots(self) -> Vec<u64> {
        self.slots.into_iter().map(AtomicU64::into_inner).collect()
    }
}

/// What an empty slot holds in [`KeySet::into_slots`].
pub const EMPTY_SLOT: u64 = EMPTY;

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
        let set = KeySet::with_slots(5600);
        let mut rng = Rng::seed_from(2);
        let keys: Vec<u64> = (0..5000).map(|_| rng.next_u64() & MASK60).collect();
        for &k in &keys {
            assert_eq!(set.insert(Key(k)).map(|(_, new)| new), Ok(true));
        }
        assert_eq!(set.len(), 5000);
        assert_eq!(
            set.insert(Key(keys[7])),
            Ok((set.find(Key(keys[7])).unwrap(), false))
        );
        // 90% of 5600 is 5040: the set says so when it gets there.
        let full = (0..100)
            .map(|_| set.insert(Key(rng.next_u64() & MASK60)))
            .filter(Result::is_err)
            .count();
        assert!(full > 0);
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

    #[test]
    fn keys_inserted_together_get_the_slots_of_keys_inserted_one_by_one() {
        let mut rng = Rng::seed_from(3);
        // 20,000 keys with repeats, some already in the set.
        let pool: Vec<u64> = (0..12_000).map(|_| rng.next_u64() & MASK60).collect();
        let keys: Vec<u64> = (0..20_000)
            .map(|_| pool[(rng.next_u64() % 12_000) as usize])
            .collect();
        let set = KeySet::with_slots(40_000);
        for &k in &pool[..1_000] {
            set.insert(Key(k)).unwrap();
        }
        let before = set.len();
        let (mut slots, mut new) = (Vec::new(), Vec::new());
        set.insert_all(&keys, &mut slots, &mut new).unwrap();
        assert_eq!(slots.len(), keys.len());
        for (&k, &slot) in keys.iter().zip(&slots) {
            assert_eq!(set.find(Key(k)), Some(slot as usize));
        }
        // Each key new to the set is reported once, with its slot, and only those.
        let mut distinct: Vec<u64> = keys.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let fresh: Vec<u64> = distinct
            .iter()
            .copied()
            .filter(|k| !pool[..1_000].contains(k))
            .collect();
        let mut reported: Vec<u64> = new.iter().map(|&(_, k)| k.0).collect();
        reported.sort_unstable();
        assert_eq!(reported, fresh);
        assert_eq!(set.len(), before + fresh.len());
        for &(slot, k) in &new {
            assert_eq!(set.key_at(slot as usize), Some(k));
        }
        // A set that fills up says so.
        let small = KeySet::with_slots(2_000);
        assert_eq!(small.insert_all(&keys, &mut slots, &mut new), Err(Full));
    }
}
