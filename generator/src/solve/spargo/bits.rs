//! Bit streams for the compact tablebase file: fields written least significant
//! bit first, unary, Elias gamma and Rice codes.
//!
//! The reader checks every read against the end of its bytes and every code
//! against a limit, so a damaged stream is an error ([`Damaged`]), never a
//! panic or a runaway allocation.

/// Why a stream cannot be decoded: what was wrong, for the file's error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Damaged(pub &'static str);

/// Collects fields into bytes.
#[derive(Default)]
pub struct BitWriter {
    bytes: Vec<u8>,
    word: u64,
    used: u32,
}

impl BitWriter {
    /// Appends the low `bits` bits of `value` (at most 64).
    pub fn put(&mut self, mut value: u64, mut bits: u32) {
        debug_assert!(bits == 64 || value >> bits == 0);
        while bits > 0 {
            let take = bits.min(32);
            self.word |= (value & ((1 << take) - 1)) << self.used;
            self.used += take;
            while self.used >= 8 {
                self.bytes.push(self.word as u8);
                self.word >>= 8;
                self.used -= 8;
            }
            value = value.checked_shr(take).unwrap_or(0);
            bits -= take;
        }
    }

    /// `count` one bits and a zero.
    pub fn unary(&mut self, mut count: u64) {
        while count >= 32 {
            self.put(u64::from(u32::MAX), 32);
            count -= 32;
        }
        self.put((1 << count) - 1, count as u32 + 1);
    }

    /// Elias gamma code of `x` (at least 1): the bit length as unary, then the
    /// bits below the leading one.
    pub fn gamma(&mut self, x: u64) {
        debug_assert!(x >= 1);
        let n = 63 - x.leading_zeros();
        self.unary(u64::from(n));
        self.put(x & ((1 << n) - 1), n);
    }

    /// Rice code of `x` with parameter `k`: `x >> k` as unary, then the low `k` bits.
    pub fn rice(&mut self, x: u64, k: u32) {
        self.unary(x >> k);
        self.put(x & ((1 << k) - 1), k);
    }

    /// The bytes written, the last one padded with zeros.
    #[must_use]
    pub fn finish(mut self) -> Vec<u8> {
        if self.used > 0 {
            self.bytes.push(self.word as u8);
        }
        self.bytes
    }
}

/// Reads fields back from bytes written by [`BitWriter`].
pub struct BitReader<'a> {
    bytes: &'a [u8],
    pos: u64,
    end: u64,
}

/// The most bits [`BitReader::peek`] returns at once.
pub const PEEK: u32 = 56;

impl<'a> BitReader<'a> {
    /// A reader at the start of `bytes`.
    #[must_use]
    pub fn new(bytes: &'a [u8]) -> BitReader<'a> {
        BitReader {
            bytes,
            pos: 0,
            end: bytes.len() as u64 * 8,
        }
    }

    /// The next [`PEEK`] bits, zeros past the end, without moving.
    #[inline]
    #[must_use]
    pub fn peek(&self) -> u64 {
        let byte = (self.pos / 8) as usize;
        let mut b = [0u8; 8];
        if let Some(s) = self.bytes.get(byte..byte + 8) {
            b.copy_from_slice(s);
        } else if let Some(s) = self.bytes.get(byte..) {
            b[..s.len()].copy_from_slice(s);
        }
        (u64::from_le_bytes(b) >> (self.pos % 8)) & ((1 << PEEK) - 1)
    }

    /// Moves past `bits` bits.
    ///
    /// # Errors
    /// When that is past the end.
    #[inline]
    pub fn skip(&mut self, bits: u32) -> Result<(), Damaged> {
        if self.pos + u64::from(bits) > self.end {
            return Err(Damaged("a stream ends early"));
        }
        self.pos += u64::from(bits);
        Ok(())
    }

    /// The next `bits` bits (at most [`PEEK`]).
    ///
    /// # Errors
    /// When the stream ends first.
    #[inline]
    pub fn get(&mut self, bits: u32) -> Result<u64, Damaged> {
        debug_assert!(bits <= PEEK);
        let v = self.peek() & ((1 << bits) - 1);
        self.skip(bits)?;
        Ok(v)
    }

    /// A unary count, at most `limit`.
    ///
    /// # Errors
    /// When the count passes `limit` or the stream ends first.
    #[inline]
    pub fn unary(&mut self, limit: u64) -> Result<u64, Damaged> {
        let mut count = 0;
        loop {
            let ones = (!self.peek()).trailing_zeros().min(PEEK);
            count += u64::from(ones);
            if count > limit {
                return Err(Damaged("a code is out of range"));
            }
            if ones < PEEK {
                self.skip(ones + 1)?;
                return Ok(count);
            }
            self.skip(PEEK)?;
        }
    }

    /// An Elias gamma code (see [`BitWriter::gamma`]).
    ///
    /// # Errors
    /// As [`BitReader::unary`].
    pub fn gamma(&mut self) -> Result<u64, Damaged> {
        let n = self.unary(u64::from(PEEK))? as u32;
        Ok(1 << n | self.get(n)?)
    }

    /// A Rice code with parameter `k` (at most [`PEEK`]) of a value at most `limit`.
    ///
    /// # Errors
    /// When the value passes `limit` or the stream ends first.
    #[inline]
    pub fn rice(&mut self, k: u32, limit: u64) -> Result<u64, Damaged> {
        let q = self.unary(limit >> k)?;
        let x = q << k | self.get(k)?;
        if x > limit {
            return Err(Damaged("a code is out of range"));
        }
        Ok(x)
    }

    /// Whether every bit has been read but the last byte's padding.
    #[must_use]
    pub fn at_end(&self) -> bool {
        self.end - self.pos < 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_reads_back() {
        let mut w = BitWriter::default();
        let values: Vec<u64> = (0..3000u64).map(|i| i * i * 7919 % 100_003).collect();
        for (i, &v) in values.iter().enumerate() {
            w.put(v & 0x1F_FFFF, 21);
            w.gamma(v + 1);
            w.rice(v, (i % 12) as u32);
            w.unary(v % 77);
        }
        w.put(u64::MAX, 64);
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(r.get(21).unwrap(), v & 0x1F_FFFF);
            assert_eq!(r.gamma().unwrap(), v + 1);
            assert_eq!(r.rice((i % 12) as u32, 100_003).unwrap(), v);
            assert_eq!(r.unary(76).unwrap(), v % 77);
        }
        assert_eq!(r.get(32).unwrap(), u64::from(u32::MAX));
        assert_eq!(r.get(32).unwrap(), u64::from(u32::MAX));
        assert!(r.at_end());
        assert_eq!(r.get(8), Err(Damaged("a stream ends early")));
    }

    #[test]
    fn damaged_codes_are_errors() {
        // All ones: no unary code ends, and the limit stops it.
        let ones = vec![0xFF; 64];
        assert!(BitReader::new(&ones).unary(1000).is_err());
        assert!(BitReader::new(&ones).gamma().is_err());
        assert!(BitReader::new(&ones[..2]).unary(u64::MAX).is_err());
        // A Rice value past its limit.
        let mut w = BitWriter::default();
        w.rice(40, 3);
        let bytes = w.finish();
        assert!(BitReader::new(&bytes).rice(3, 39).is_err());
        assert_eq!(BitReader::new(&bytes).rice(3, 40), Ok(40));
        assert!(BitReader::new(&[]).gamma().is_err());
    }
}
