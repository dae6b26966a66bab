//! A small seeded random number generator whose output never changes between
//! versions or platforms, so that self-play, sampling and puzzle generation are
//! reproducible byte for byte from a seed.
//!
//! The generator is xoshiro256** seeded through SplitMix64.

/// Deterministic pseudo-random generator (xoshiro256**).
///
/// ```
/// use cannonball_rules::rng::Rng;
/// let mut a = Rng::seed_from(7);
/// let mut b = Rng::seed_from(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    s: [u64; 4],
}

/// One step of SplitMix64: a good 64-bit mixer, also used to derive keys.
#[must_use]
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator whose whole output is fixed by `seed`.
    #[must_use]
    pub fn seed_from(seed: u64) -> Rng {
        let mut sm = seed;
        Rng {
            s: [
                splitmix64(&mut sm),
                splitmix64(&mut sm),
                splitmix64(&mut sm),
                splitmix64(&mut sm),
            ],
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..bound` (Lemire's method, unbiased).
    ///
    /// Returns 0 when `bound` is 0.
    pub fn below(&mut self, bound: u64) -> u64 {
        if bound == 0 {
            return 0;
        }
        let mut m = u128::from(self.next_u64()) * u128::from(bound);
        if (m as u64) < bound {
            let threshold = bound.wrapping_neg() % bound;
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(bound);
            }
        }
        (m >> 64) as u64
    }

    /// A uniform index into a slice of length `len` (`len` must be non-zero).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// A uniform float in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A new generator for an independent stream `k` derived from this one's seed
    /// state, without advancing this one (for splitting work across threads).
    #[must_use]
    pub fn fork(&self, k: u64) -> Rng {
        let mut sm = self.s[0] ^ self.s[2].rotate_left(17) ^ k.wrapping_mul(0xA24B_AED4_963E_E407);
        Rng::seed_from(splitmix64(&mut sm))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forks_differ_from_each_other_and_from_the_parent() {
        let parent = Rng::seed_from(5);
        let mut a = parent.fork(0);
        let mut b = parent.fork(1);
        let mut p = parent.clone();
        let (x, y, z) = (a.next_u64(), b.next_u64(), p.next_u64());
        assert!(x != y && y != z && x != z);
        assert_eq!(parent.fork(1).next_u64(), y);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = Rng::seed_from(42);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = r.below(7);
            assert!(v < 7);
            seen[v as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
