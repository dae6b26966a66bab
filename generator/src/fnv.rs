//! FNV-1a, 64 bits: a hash that is the same on every platform, Rust version
//! and run, for content ids and cache keys.
//!
//! ```
//! use cannonball::fnv::{Fnv1a, fnv1a};
//! assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
//! // Parts are separated, so ("ab", "c") and ("a", "bc") differ.
//! assert_ne!(Fnv1a::parts(&[b"ab", b"c"]), Fnv1a::parts(&[b"a", b"bc"]));
//! ```

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// An FNV-1a hash being computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a(OFFSET)
    }
}

impl Fnv1a {
    /// Adds `bytes`.
    #[must_use]
    pub fn write(mut self, bytes: &[u8]) -> Fnv1a {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(PRIME);
        }
        self
    }

    /// The hash so far.
    #[must_use]
    pub const fn finish(self) -> u64 {
        self.0
    }

    /// The hash of `parts`, each followed by the byte `0xff` (which no UTF-8
    /// text holds), so that moving bytes from one part to the next changes it.
    #[must_use]
    pub fn parts(parts: &[&[u8]]) -> u64 {
        parts
            .iter()
            .fold(Fnv1a::default(), |h, part| h.write(part).write(&[0xff]))
            .finish()
    }
}

/// The FNV-1a hash of `bytes`.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    Fnv1a::default().write(bytes).finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_matches_the_published_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
