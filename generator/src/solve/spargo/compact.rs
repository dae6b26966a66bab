//! The compact form of a tablebase's positions and values (file format 2).
//!
//! A key is taken apart into its *shape* (the occupied points), the ko point,
//! and which occupied points are the mover's. Positions are stored in groups
//! of equal shape, ko point and number of mover's pieces `j`; within a group of
//! shape size `k` a position is the rank of its mover's points among the
//! `C(k, j)` ways to choose them (colex order, which is the order of the bit
//! masks), and a group's ranks are stored as Rice-coded gaps. On the full 4x4
//! table this takes about 6 bits a position, against 37 for the sorted keys of
//! format 1.
//!
//! Values (margin and distance, one 16-bit symbol) follow in the same order in
//! a second stream, Huffman-coded with one table per `(k, j)`: how full the
//! board is and who is ahead on it say much about the result.
//!
//! Positions come in chunks of about a million, each coded on its own and
//! starting with how many of its positions fall in each of 4096 ranges of
//! mixed keys; so chunks are read in parallel, each position is written
//! straight into its range, and each range is sorted into the order of the
//! mixed key that [`SortedIndex`] wants. Reading needs the memory of the
//! finished table and of the file.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::bits::{BitReader, BitWriter, Damaged};
use super::huffman::{Decoder, Encoder, code_lengths};
use super::index::{SortedIndex, mix};
use super::retro::Solution;

const M30: u64 = (1 << 30) - 1;
const M48: u64 = (1 << 48) - 1;

/// Value tables: one for each `(k, j)` with `j <= k <= 30`.
pub const CONTEXTS: usize = 31 * 32 / 2;

/// A run of whole groups, coded on its own so that chunks are read in parallel.
#[derive(Debug, Default)]
pub struct Chunk {
    /// Positions in it.
    pub positions: u32,
    /// Groups in it.
    pub groups: u32,
    /// Group headers and ranks (the first group's shape is coded from 0).
    pub keys: Vec<u8>,
    /// Values, in the order of the keys.
    pub values: Vec<u8>,
}

/// The value tables and the chunks.
#[derive(Debug, Default)]
pub struct Compact {
    /// Code lengths of the values of each context, by symbol.
    pub tables: Vec<Vec<(u16, u8)>>,
    /// The positions in order, about [`CHUNK`] a chunk.
    pub chunks: Vec<Chunk>,
}

/// Positions a chunk holds at least (but the last), unless one group is larger.
pub const CHUNK: usize = 1 << 20;

const BINOMIAL: [[u64; 31]; 31] = binomials();

const fn binomials() -> [[u64; 31]; 31] {
    let mut c = [[0u64; 31]; 31];
    let mut n = 0;
    while n < 31 {
        c[n][0] = 1;
        let mut r = 1;
        while r <= n {
            c[n][r] = c[n - 1][r - 1] + if r < n { c[n - 1][r] } else { 0 };
            r += 1;
        }
        n += 1;
    }
    c
}

fn context(k: u32, j: u32) -> usize {
    (k * (k + 1) / 2 + j) as usize
}

/// The bits of `x` at the points of `mask`, packed together (lowest first).
fn extract(x: u64, mut mask: u64) -> u64 {
    let (mut out, mut bit) = (0, 0);
    while mask != 0 {
        let p = mask & mask.wrapping_neg();
        if x & p != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        mask &= mask - 1;
    }
    out
}

/// The points of a mask, lowest first, for spreading packed bits over them.
struct Spread {
    points: [u64; 30],
}

impl Spread {
    fn new(mut mask: u64) -> Spread {
        let mut points = [0; 30];
        for p in &mut points {
            *p = mask & mask.wrapping_neg();
            mask &= mask.wrapping_sub(1);
        }
        Spread { points }
    }

    /// The inverse of [`extract`]: packed bits spread over the mask's points.
    #[inline]
    fn deposit(&self, mut packed: u64) -> u64 {
        let mut out = 0;
        while packed != 0 {
            out |= self.points[packed.trailing_zeros() as usize];
            packed &= packed - 1;
        }
        out
    }
}

/// The next larger number with as many one bits (the next set in colex order).
#[inline]
fn next_set(x: u64) -> u64 {
    let t = x | (x - 1);
    (t + 1) | (((!t & (t + 1)) - 1) >> (x.trailing_zeros() + 1))
}

/// Gaps up to this are stepped through set by set; longer ones unranked.
const STEP_GAPS: u64 = 6;

/// The colex rank of a set of bits among those of the same size.
fn rank_of(mut set: u64) -> u64 {
    let (mut rank, mut i) = (0, 1);
    while set != 0 {
        rank += BINOMIAL[set.trailing_zeros() as usize][i];
        i += 1;
        set &= set - 1;
    }
    rank
}

/// The set of `j` bits below bit `k` with colex rank `rank` (less than `C(k, j)`).
fn set_of(mut rank: u64, k: u32, j: u32) -> u64 {
    let (mut set, mut top) = (0, k as usize);
    for t in (1..=j as usize).rev() {
        top -= 1;
        while BINOMIAL[top][t] > rank {
            top -= 1;
        }
        set |= 1 << top;
        rank -= BINOMIAL[top][t];
    }
    set
}

/// A key's group (shape, ko code, `j`) and place in it, as one sortable number:
/// shape in bits 72–101, ko code (0 for none, else point + 1) in 67–71, `j` in
/// 62–66, the packed mover's points in 32–61 and the value's symbol below.
fn sort_key(key: u64, symbol: u16) -> u128 {
    let (high, low) = (key >> 30 & M30, key & M30);
    let ko = high & low;
    let shape = (high | low) & !ko;
    let mover = low & !ko;
    let ko_code = if ko == 0 { 0 } else { ko.trailing_zeros() + 1 };
    u128::from(shape) << 72
        | u128::from(ko_code) << 67
        | u128::from(mover.count_ones()) << 62
        | u128::from(extract(mover, shape)) << 32
        | u128::from(symbol)
}

/// The group fields of a sort key: shape, ko code, `j`.
fn group_of(s: u128) -> (u64, u32, u32) {
    (
        (s >> 72) as u64,
        (s >> 67) as u32 & 31,
        (s >> 62) as u32 & 31,
    )
}

fn join(shape: u64, ko_code: u32, mover: u64) -> u64 {
    let ko = if ko_code == 0 { 0 } else { 1 << (ko_code - 1) };
    ((shape & !mover) | ko) << 30 | mover | ko
}

fn symbol(solution: &Solution, rank: usize) -> u16 {
    u16::from(solution.margin[rank] as u8) << 8 | u16::from(solution.distance[rank])
}

fn rice_parameter(universe: u64, count: u64) -> u32 {
    63 - (universe / count).max(1).leading_zeros()
}

/// Codes every position of `index` with its value.
#[must_use]
pub fn encode(index: &SortedIndex, solution: &Solution) -> Compact {
    encode_in_chunks(index, solution, CHUNK)
}

/// As [`encode`], with chunks of at least `chunk` positions.
fn encode_in_chunks(index: &SortedIndex, solution: &Solution, chunk: usize) -> Compact {
    let mut sorted: Vec<u128> = (0..index.len() as u32)
        .into_par_iter()
        .map(|r| sort_key(index.key(r).0, symbol(solution, r as usize)))
        .collect();
    sorted.par_sort_unstable();
    // Symbol counts by context: 2^25 counters (context below 512, 16-bit symbol).
    let mut counts = vec![0u32; 1 << 25];
    for &s in &sorted {
        let (shape, _, j) = group_of(s);
        let ctx = context(shape.count_ones(), j);
        counts[ctx << 16 | usize::from(s as u16)] += 1;
    }
    let tables: Vec<Vec<(u16, u8)>> = counts
        .chunks(1 << 16)
        .take(CONTEXTS)
        .map(|c| {
            let seen: Vec<(u16, u64)> = c
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(|(sym, &n)| (sym as u16, u64::from(n)))
                .collect();
            if seen.is_empty() {
                Vec::new()
            } else {
                code_lengths(&seen)
            }
        })
        .collect();
    drop(counts);
    let encoders: Vec<Encoder> = tables.iter().map(|t| Encoder::new(t)).collect();
    let groups: Vec<&[u128]> = sorted
        .chunk_by(|a, b| group_of(*a) == group_of(*b))
        .collect();
    let mut runs = Vec::new();
    let (mut from, mut size) = (0, 0);
    for (i, g) in groups.iter().enumerate() {
        size += g.len();
        if size >= chunk || i + 1 == groups.len() {
            runs.push(&groups[from..=i]);
            (from, size) = (i + 1, 0);
        }
    }
    let chunks = runs
        .par_iter()
        .map(|run| encode_chunk(run, &encoders))
        .collect();
    Compact { tables, chunks }
}

fn encode_chunk(groups: &[&[u128]], encoders: &[Encoder]) -> Chunk {
    let (mut keys, mut values) = (BitWriter::default(), BitWriter::default());
    let mut counts = [0u64; RANGES];
    for group in groups {
        let (shape, ko_code, _) = group_of(group[0]);
        let spread = Spread::new(shape);
        for &s in *group {
            let key = join(shape, ko_code, spread.deposit((s >> 32) as u64 & M30));
            counts[range_of(mix(key))] += 1;
        }
    }
    for c in counts {
        keys.gamma(c + 1);
    }
    let mut prev_shape = 0;
    for group in groups {
        let (shape, ko_code, j) = group_of(group[0]);
        let k = shape.count_ones();
        keys.gamma(shape - prev_shape + 1);
        keys.put(u64::from(ko_code), 5);
        keys.put(u64::from(j), 5);
        keys.gamma(group.len() as u64);
        let universe = BINOMIAL[k as usize][j as usize];
        let param = rice_parameter(universe, group.len() as u64);
        let mut next = 0;
        let encoder = &encoders[context(k, j)];
        for &s in *group {
            let rank = rank_of((s >> 32) as u64 & M30);
            keys.rice(rank - next, param);
            next = rank + 1;
            encoder.put(&mut values, s as u16);
        }
        prev_shape = shape;
    }
    Chunk {
        positions: groups.iter().map(|g| g.len() as u32).sum(),
        groups: groups.len() as u32,
        keys: keys.finish(),
        values: values.finish(),
    }
}

/// A group's shape, ko code and number of mover's pieces.
type Group = (u64, u32, u32);

/// Ranges of mixed keys (by their top bits) that positions are placed in
/// before each range is sorted.
const RANGES: usize = 4096;

fn range_of(mixed: u64) -> usize {
    (mixed >> 48) as usize
}

/// How many of a chunk's positions fall in each range of mixed keys (the
/// start of its key stream).
fn range_counts(r: &mut BitReader<'_>, positions: u32) -> Result<Vec<usize>, Damaged> {
    let mut counts = Vec::with_capacity(RANGES);
    let mut sum = 0;
    for _ in 0..RANGES {
        let c = r.gamma()? - 1;
        sum += c;
        if sum > u64::from(positions) {
            return Err(Damaged("a chunk's counts pass its positions"));
        }
        counts.push(c as usize);
    }
    if sum == u64::from(positions) {
        Ok(counts)
    } else {
        Err(Damaged("a chunk's counts do not add up"))
    }
}

/// Reads a chunk's key stream, calling `f` with each key and its value
/// context; returns the chunk's first and last groups.
fn for_each_key(
    c: &Chunk,
    mut f: impl FnMut(u64, usize) -> Result<(), Damaged>,
) -> Result<(Group, Group), Damaged> {
    let mut r = BitReader::new(&c.keys);
    range_counts(&mut r, c.positions)?;
    let n = c.positions as usize;
    let (mut seen, mut prev, mut first) = (0usize, None, None);
    let bad = |what| Err(Damaged(what));
    for _ in 0..c.groups {
        let shape = prev.map_or(0, |(s, _, _)| s) + r.gamma()? - 1;
        let ko_code = r.get(5)? as u32;
        let j = r.get(5)? as u32;
        let count = r.gamma()?;
        let k = shape.count_ones();
        let ko_clash = ko_code > 0 && (ko_code > 30 || shape >> (ko_code - 1) & 1 != 0);
        if shape > M30 || ko_clash || j > k || prev >= Some((shape, ko_code, j)) {
            return bad("a group of positions is out of order or impossible");
        }
        let universe = BINOMIAL[k as usize][j as usize];
        if count > universe || count > (n - seen) as u64 {
            return bad("a group holds more positions than it can");
        }
        let param = rice_parameter(universe, count);
        let ctx = context(k, j);
        let spread = Spread::new(shape);
        let (mut next, mut set) = (0, 0);
        for left in (1..=count).rev() {
            let gap = r.rice(param, universe - left - next)?;
            set = if next > 0 && gap < STEP_GAPS {
                (0..=gap).fold(set, |s, _| next_set(s))
            } else {
                set_of(next + gap, k, j)
            };
            f(join(shape, ko_code, spread.deposit(set)), ctx)?;
            next += gap + 1;
        }
        seen += count as usize;
        prev = Some((shape, ko_code, j));
        first = first.or(prev);
    }
    match (first, prev) {
        (Some(first), Some(last)) if seen == n && r.at_end() => Ok((first, last)),
        _ => bad("the number of positions does not match"),
    }
}

/// The positions and values of `c`, which holds `n` positions.
///
/// # Errors
/// When the streams or tables are damaged (a checksum of the result, checked
/// by the caller, catches what decodes but is wrong).
pub fn decode(c: &Compact, n: usize) -> Result<(SortedIndex, Solution), Damaged> {
    if c.tables.len() != CONTEXTS {
        return Err(Damaged("the value tables are incomplete"));
    }
    let decoders = c
        .tables
        .iter()
        .map(|t| Decoder::new(t))
        .collect::<Result<Vec<_>, _>>()?;
    let mut total = 0usize;
    for c in &c.chunks {
        total += c.positions as usize;
    }
    if total != n {
        return Err(Damaged("the chunks hold another number of positions"));
    }
    // How many of each chunk's positions fall in each range of mixed keys.
    let counted = c
        .chunks
        .iter()
        .map(|chunk| range_counts(&mut BitReader::new(&chunk.keys), chunk.positions))
        .collect::<Result<Vec<_>, Damaged>>()?;
    // Where each chunk's positions of each range go: ranges in order, and
    // within a range the chunks in order.
    let mut start = vec![0usize; RANGES + 1];
    let mut cursors: Vec<Vec<(usize, usize)>> = vec![vec![(0, 0); RANGES]; counted.len()];
    for b in 0..RANGES {
        let mut at = start[b];
        for (i, counts) in counted.iter().enumerate() {
            cursors[i][b] = (at, at + counts[b]);
            at += counts[b];
        }
        start[b + 1] = at;
    }
    // Each position in its place, with its value in the low bits.
    let placed: Vec<AtomicU64> = (0..n).map(|_| AtomicU64::new(0)).collect();
    let ends = c
        .chunks
        .par_iter()
        .zip(cursors.par_iter_mut())
        .map(|(chunk, cursor)| {
            let mut values = BitReader::new(&chunk.values);
            let ends = for_each_key(chunk, |key, ctx| {
                let sym = decoders[ctx].get(&mut values)?;
                let m = mix(key);
                let (at, end) = &mut cursor[range_of(m)];
                if at == end {
                    return Err(Damaged("a chunk's counts are wrong"));
                }
                placed[*at].store((m & M48) << 16 | u64::from(sym), Ordering::Relaxed);
                *at += 1;
                Ok(())
            })?;
            if values.at_end() {
                Ok(ends)
            } else {
                Err(Damaged("the values run past the positions"))
            }
        })
        .collect::<Result<Vec<_>, Damaged>>()?;
    if ends.windows(2).any(|w| w[0].1 >= w[1].0) {
        return Err(Damaged("the chunks are out of order"));
    }
    let mut placed: Vec<u64> = placed.into_iter().map(AtomicU64::into_inner).collect();
    // Sort each range, then split the words into mixed keys and values.
    let mut ranges = Vec::with_capacity(RANGES);
    let mut rest = placed.as_mut_slice();
    for b in 0..RANGES {
        let (range, tail) = rest.split_at_mut(start[b + 1] - start[b]);
        ranges.push((b as u64, range));
        rest = tail;
    }
    let mut margin = vec![0i8; n];
    let mut distance = vec![0u8; n];
    let mut outs = Vec::with_capacity(RANGES);
    let (mut ms, mut ds) = (margin.as_mut_slice(), distance.as_mut_slice());
    for (_, range) in &ranges {
        let (m, mt) = ms.split_at_mut(range.len());
        let (d, dt) = ds.split_at_mut(range.len());
        outs.push((m, d));
        (ms, ds) = (mt, dt);
    }
    ranges
        .par_iter_mut()
        .zip(outs.par_iter_mut())
        .for_each(|((b, range), (m, d))| {
            range.sort_unstable();
            for (i, w) in range.iter_mut().enumerate() {
                m[i] = (*w >> 8) as u8 as i8;
                d[i] = *w as u8;
                *w = *b << 48 | *w >> 16;
            }
        });
    drop(ranges);
    if placed.par_windows(2).any(|w| w[0] >= w[1]) {
        return Err(Damaged("a position is stored twice"));
    }
    let solution = Solution { margin, distance };
    Ok((SortedIndex::from_sorted_mixed(placed), solution))
}

/// The 3x3 board's table under simple ko, from the empty board (for tests).
#[cfg(test)]
pub(super) fn three_by_three() -> super::Tablebase {
    let mut rules = cannonball_rules::margo::Preset::Margo.rules();
    (rules.size, rules.swap) = (3, false);
    let root = cannonball_rules::margo::Position::<1>::new(rules).unwrap();
    let options = super::BuildOptions {
        max_positions: 1 << 20,
        ..Default::default()
    };
    super::Tablebase::build(rules, &[root], options).unwrap().0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_packed_points_invert() {
        for set in [0u64, 1, 0b1011, 0b1110_0000_0001, M30, M30 & !0b100] {
            let (k, j) = (30, set.count_ones());
            let r = rank_of(set);
            assert!(r < BINOMIAL[k][j as usize]);
            assert_eq!(set_of(r, k as u32, j), set);
        }
        // Colex rank is the order of the bit masks among sets of one size.
        let sets: Vec<u64> = (0u64..1 << 10).filter(|s| s.count_ones() == 4).collect();
        for (i, &s) in sets.iter().enumerate() {
            assert_eq!(rank_of(s), i as u64);
        }
        let mask = 0b1_0110_1101_0001_u64;
        for packed in 0..1 << mask.count_ones() {
            assert_eq!(extract(Spread::new(mask).deposit(packed), mask), packed);
        }
        for w in sets.windows(2) {
            assert_eq!(next_set(w[0]), w[1]);
        }
    }

    #[test]
    fn tables_read_back_from_any_number_of_chunks() {
        let tb = three_by_three();
        let n = tb.index.len();
        for chunk in [1, 100, 5000, CHUNK] {
            let c = encode_in_chunks(&tb.index, &tb.solution, chunk);
            // One chunk for the whole table, or many: each at least `chunk`
            // positions but the last.
            assert_eq!(c.chunks.len() == 1, chunk >= n, "{chunk} of {n}");
            let sizes: Vec<usize> = c.chunks.iter().map(|c| c.positions as usize).collect();
            assert!(sizes[..sizes.len() - 1].iter().all(|&p| p >= chunk));
            let (index, solution) = decode(&c, n).unwrap();
            assert_eq!(index.mixed, tb.index.mixed);
            assert_eq!(solution.margin, tb.solution.margin);
            assert_eq!(solution.distance, tb.solution.distance);
        }
        // Chunks out of order, a chunk lost, another count: refused.
        let mut c = encode_in_chunks(&tb.index, &tb.solution, 100);
        c.chunks.swap(3, 4);
        assert!(decode(&c, n).is_err());
        c.chunks.swap(3, 4);
        let lost = c.chunks.remove(2);
        assert!(decode(&c, n).is_err());
        c.chunks.insert(2, lost);
        assert!(decode(&c, n + 1).is_err());
        assert!(decode(&c, n).is_ok());
        // A chunk's values that do not match its keys.
        let values = std::mem::take(&mut c.chunks[1].values);
        c.chunks[1].values = values[..values.len() / 2].to_vec();
        assert!(decode(&c, n).is_err());
    }

    #[test]
    fn keys_survive_their_sort_key() {
        // Mover b0 b3, opponent b1, ko point b7 (marked in both halves).
        let key = (0b10 | 1 << 7) << 30 | 0b1001 | 1 << 7;
        let s = sort_key(key, 42);
        let (shape, ko_code, j) = group_of(s);
        assert_eq!((shape, ko_code, j, s as u16), (0b1011, 8, 2, 42));
        let mover = Spread::new(shape).deposit((s >> 32) as u64 & M30);
        assert_eq!(join(shape, ko_code, mover), key);
    }
}
