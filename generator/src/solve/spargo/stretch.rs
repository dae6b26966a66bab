//! Following many moves into tables far bigger than the caches: each move
//! taken in the order it comes lands on its own page and misses the caches and
//! the address translation caches alike. Taken by stretches of neighbouring
//! slots, the moves of one stretch touch the same few pages one after the
//! other. A counting sort by stretch costs two sequential passes, far less
//! than a full sort, and is all the order the tables need.

/// `items` reordered by the stretch of `1 << bits` slots their slot (`at`)
/// falls in, keeping their order within a stretch.
pub fn by_stretch<T: Copy>(items: &[T], bits: u32, at: impl Fn(&T) -> u32) -> Vec<T> {
    let mut out = Vec::new();
    Stretches::default().order(items, bits, at, &mut out);
    out
}

/// Room for [`by_stretch`] that is kept from one batch to the next: fresh
/// buffers of tens of megabytes for every batch cost a page fault and a
/// zeroed page every 4 kB.
#[derive(Debug, Default)]
pub struct Stretches {
    starts: Vec<usize>,
}

impl Stretches {
    /// [`by_stretch`] into `out` (emptied first).
    pub fn order<T: Copy>(
        &mut self,
        items: &[T],
        bits: u32,
        at: impl Fn(&T) -> u32,
        out: &mut Vec<T>,
    ) {
        out.clear();
        let Some(top) = items.iter().map(&at).max() else {
            return;
        };
        let starts = &mut self.starts;
        starts.clear();
        starts.resize((top >> bits) as usize + 2, 0);
        for x in items {
            starts[(at(x) >> bits) as usize + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        out.extend_from_slice(items);
        for x in items {
            let s = &mut starts[(at(x) >> bits) as usize];
            out[*s] = *x;
            *s += 1;
        }
    }
}

/// `slot`'s offset in the range of `len` slots from `lo`, if it is in it.
#[inline]
#[must_use]
pub fn offset(slot: u32, lo: usize, len: usize) -> Option<u32> {
    (slot as usize)
        .checked_sub(lo)
        .filter(|&i| i < len)
        .map(|i| i as u32)
}

/// A thread's moves of one batch, as gathered (`mine`) and by stretch
/// (`ordered`), in buffers kept from one batch to the next.
#[derive(Debug)]
pub struct Room<T> {
    /// The items as gathered.
    pub mine: Vec<T>,
    /// The same by stretch, after [`Room::order`].
    pub ordered: Vec<T>,
    stretches: Stretches,
}

impl<T> Default for Room<T> {
    fn default() -> Self {
        Room {
            mine: Vec::new(),
            ordered: Vec::new(),
            stretches: Stretches::default(),
        }
    }
}

impl<T: Copy> Room<T> {
    /// `mine` by stretches of `1 << bits` slots into `ordered`.
    pub fn order(&mut self, bits: u32, at: impl Fn(&T) -> u32) {
        self.stretches
            .order(&self.mine, bits, at, &mut self.ordered);
    }
}

impl Room<u32> {
    /// The offsets of the `slots` within the range of `len` slots from `lo`
    /// (the others left out), gathered and then ordered by stretches of
    /// `1 << bits`.
    pub fn gather(
        &mut self,
        slots: impl IntoIterator<Item = u32>,
        lo: usize,
        len: usize,
        bits: u32,
    ) {
        self.mine.clear();
        self.mine
            .extend(slots.into_iter().filter_map(|s| offset(s, lo, len)));
        self.order(bits, |&i| i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cannonball_rules::rng::Rng;

    #[test]
    fn items_come_out_by_stretch_and_in_order_within_one() {
        let mut rng = Rng::seed_from(9);
        let items: Vec<(u32, u32)> = (0..20_000)
            .map(|i| ((rng.next_u64() % 1_000_000) as u32, i))
            .collect();
        let out = by_stretch(&items, 12, |&(slot, _)| slot);
        // The same items, by stretch, and in the order given within a stretch
        // (the second number counts up).
        let mut stable = items.clone();
        stable.sort_by_key(|&(slot, _)| slot >> 12);
        assert_eq!(out, stable);
        assert!(by_stretch(&[] as &[u32], 4, |&x| x).is_empty());
        assert_eq!(by_stretch(&[7u32, 3, 5, 1], 0, |&x| x), vec![1, 3, 5, 7]);
        // Room kept between batches gives the same orders.
        let (mut room, mut out) = (Stretches::default(), vec![(5, 5)]);
        room.order(&items, 12, |&(slot, _)| slot, &mut out);
        assert_eq!(out, stable);
        room.order(&items[..10], 3, |&(slot, _)| slot, &mut out);
        assert_eq!(out, by_stretch(&items[..10], 3, |&(slot, _)| slot));
    }
}
