//! Canonical Huffman codes of 16-bit symbols, for the compact tablebase file:
//! the code lengths are stored, the codes follow from them (shorter first, then
//! by symbol), and the first bit of a code is written first.

use std::collections::{BinaryHeap, HashMap};

use std::cmp::Reverse;

use super::bits::{BitReader, BitWriter, Damaged, PEEK};

/// The longest code (so that one peek of the stream holds any code).
pub const MAX_LEN: u32 = 30;
const _: () = assert!(MAX_LEN <= PEEK);

/// Code lengths for symbols seen `count` times each (all counts at least 1),
/// none longer than [`MAX_LEN`], sorted by symbol. The same counts always give
/// the same lengths.
#[must_use]
pub fn code_lengths(counts: &[(u16, u64)]) -> Vec<(u16, u8)> {
    let mut sorted = counts.to_vec();
    sorted.sort_unstable();
    let mut weights: Vec<u64> = sorted.iter().map(|&(_, c)| c.max(1)).collect();
    loop {
        let depths = huffman_depths(&weights);
        if depths.iter().all(|&d| d <= MAX_LEN) {
            return sorted
                .iter()
                .zip(depths)
                .map(|(&(s, _), d)| (s, d as u8))
                .collect();
        }
        // Flatter weights give a shallower tree; all ones give a balanced one.
        for w in &mut weights {
            *w = (*w).div_ceil(2);
        }
    }
}

/// The depth of each leaf of a Huffman tree over `weights` (at least 1 each).
fn huffman_depths(weights: &[u64]) -> Vec<u32> {
    if weights.len() == 1 {
        return vec![1];
    }
    let mut parent = vec![usize::MAX; weights.len()];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = weights
        .iter()
        .enumerate()
        .map(|(i, &w)| Reverse((w, i)))
        .collect();
    while heap.len() > 1 {
        let Some(Reverse((wa, a))) = heap.pop() else {
            break;
        };
        let Some(Reverse((wb, b))) = heap.pop() else {
            break;
        };
        let node = parent.len();
        parent.push(usize::MAX);
        parent[a] = node;
        parent[b] = node;
        heap.push(Reverse((wa + wb, node)));
    }
    // Parents come after their children, so depths fill from the root down.
    let mut depth = vec![0u32; parent.len()];
    for i in (0..parent.len()).rev() {
        if parent[i] != usize::MAX {
            depth[i] = depth[parent[i]] + 1;
        }
    }
    depth.truncate(weights.len());
    depth
}

/// The canonical codes of `lengths`, in the order of the list given: shorter
/// codes first, equal lengths by symbol.
fn canonical(lengths: &[(u16, u8)]) -> Vec<(u16, u8, u32)> {
    let mut order: Vec<(u8, u16)> = lengths.iter().map(|&(s, l)| (l, s)).collect();
    order.sort_unstable();
    let mut code = 0u32;
    let mut prev_len = 0u8;
    let mut out = Vec::with_capacity(order.len());
    for (len, sym) in order {
        code <<= len - prev_len;
        prev_len = len;
        out.push((sym, len, code));
        code += 1;
    }
    out
}

/// Writes symbols with the codes of one table of lengths.
pub struct Encoder {
    codes: HashMap<u16, (u32, u32)>,
}

impl Encoder {
    /// The encoder of `lengths` (from [`code_lengths`]).
    #[must_use]
    pub fn new(lengths: &[(u16, u8)]) -> Encoder {
        let codes = canonical(lengths)
            .into_iter()
            .map(|(sym, len, code)| {
                // The stream is read from the low bit: reverse the code so
                // that its first bit goes first.
                let reversed = code.reverse_bits() >> (32 - u32::from(len));
                (sym, (reversed, u32::from(len)))
            })
            .collect();
        Encoder { codes }
    }

    /// Writes `sym`, which must have a length in the table.
    pub fn put(&self, w: &mut BitWriter, sym: u16) {
        let (code, len) = self.codes[&sym];
        w.put(u64::from(code), len);
    }
}

/// Codes up to this long are read with one table lookup.
const FAST: u32 = 10;

/// Reads symbols with the codes of one table of lengths.
#[derive(Clone, Debug)]
pub struct Decoder {
    /// How many codes have each length (index 0 unused).
    count: [u32; MAX_LEN as usize + 1],
    /// The symbols in code order.
    symbols: Vec<u16>,
    /// For each [`FAST`]-bit window of the stream whose first code is that
    /// short: the symbol and the code's length; 0 for longer codes.
    fast: Vec<u32>,
}

impl Decoder {
    /// The decoder of `lengths` (as stored in a file: to be checked).
    ///
    /// # Errors
    /// A length of 0 or over [`MAX_LEN`], a symbol twice, or lengths no
    /// prefix code can have.
    pub fn new(lengths: &[(u16, u8)]) -> Result<Decoder, Damaged> {
        let mut count = [0u32; MAX_LEN as usize + 1];
        let mut kraft = 0u64;
        for w in lengths.windows(2) {
            if w[0].0 >= w[1].0 {
                return Err(Damaged("a code table's symbols are out of order"));
            }
        }
        for &(_, len) in lengths {
            if len == 0 || u32::from(len) > MAX_LEN {
                return Err(Damaged("a code length is out of range"));
            }
            count[len as usize] += 1;
            kraft += 1 << (MAX_LEN - u32::from(len));
        }
        if kraft > 1 << MAX_LEN {
            return Err(Damaged("a code table has too many short codes"));
        }
        let codes = canonical(lengths);
        let mut fast = vec![0u32; 1 << FAST];
        for &(sym, len, code) in codes.iter().filter(|c| u32::from(c.1) <= FAST) {
            let len = u32::from(len);
            let reversed = code.reverse_bits() >> (32 - len);
            for high in 0..1u32 << (FAST - len) {
                fast[(high << len | reversed) as usize] = u32::from(sym) << 8 | len;
            }
        }
        let symbols = codes.into_iter().map(|(s, _, _)| s).collect();
        Ok(Decoder {
            count,
            symbols,
            fast,
        })
    }

    /// Reads one symbol.
    ///
    /// # Errors
    /// A code not in the table, or the end of the stream.
    #[inline]
    pub fn get(&self, r: &mut BitReader<'_>) -> Result<u16, Damaged> {
        let bits = r.peek();
        let hit = self.fast[(bits & ((1 << FAST) - 1)) as usize];
        if hit != 0 {
            r.skip(hit & 0xFF)?;
            return Ok((hit >> 8) as u16);
        }
        let (mut code, mut first, mut index) = (0u32, 0u32, 0u32);
        for len in 1..=MAX_LEN {
            code |= ((bits >> (len - 1)) & 1) as u32;
            let count = self.count[len as usize];
            if code >= first && code - first < count {
                r.skip(len)?;
                return Ok(self.symbols[(index + code - first) as usize]);
            }
            index += count;
            first = (first + count) << 1;
            code <<= 1;
        }
        Err(Damaged("a value's code is not in its table"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_read_back_and_frequent_ones_are_short() {
        let counts: Vec<(u16, u64)> = (0..300u16)
            .map(|s| (s * 211, 1 + u64::from(s % 17).pow(5)))
            .collect();
        let lengths = code_lengths(&counts);
        assert!(
            lengths
                .iter()
                .all(|&(_, l)| l >= 1 && u32::from(l) <= MAX_LEN)
        );
        let len = |s: u16| lengths.iter().find(|&&(x, _)| x == s).unwrap().1;
        assert!(
            len(16 * 211) < len(0),
            "the most frequent symbol is shortest"
        );
        let (enc, dec) = (Encoder::new(&lengths), Decoder::new(&lengths).unwrap());
        let mut w = BitWriter::default();
        let message: Vec<u16> = (0..5000u32).map(|i| (i * 7 % 300) as u16 * 211).collect();
        for &s in &message {
            enc.put(&mut w, s);
        }
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        for &s in &message {
            assert_eq!(dec.get(&mut r).unwrap(), s);
        }
        assert!(r.at_end());
    }

    #[test]
    fn skewed_counts_are_capped_and_one_symbol_works() {
        // Fibonacci counts make the deepest plain Huffman tree.
        let mut fib = vec![1u64, 1];
        while fib.len() < 60 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        let counts: Vec<(u16, u64)> = fib
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as u16, c))
            .collect();
        let lengths = code_lengths(&counts);
        let longest = lengths.iter().map(|&(_, l)| u32::from(l)).max().unwrap();
        assert!((20..=MAX_LEN).contains(&longest), "{longest}");
        assert!(Decoder::new(&lengths).is_ok());
        let one = code_lengths(&[(7, 1000)]);
        assert_eq!(one, vec![(7, 1)]);
        let mut w = BitWriter::default();
        Encoder::new(&one).put(&mut w, 7);
        let bytes = w.finish();
        assert_eq!(
            Decoder::new(&one).unwrap().get(&mut BitReader::new(&bytes)),
            Ok(7)
        );
    }

    #[test]
    fn bad_tables_and_codes_are_errors() {
        assert!(
            Decoder::new(&[(1, 1), (2, 1), (3, 1)]).is_err(),
            "not a prefix code"
        );
        assert!(Decoder::new(&[(1, 0)]).is_err());
        assert!(Decoder::new(&[(2, 1), (1, 2)]).is_err(), "out of order");
        // A one-symbol table knows only the code 0.
        let dec = Decoder::new(&[(5, 1)]).unwrap();
        assert!(dec.get(&mut BitReader::new(&[0xFF; 8])).is_err());
        assert!(dec.get(&mut BitReader::new(&[])).is_err());
    }
}
