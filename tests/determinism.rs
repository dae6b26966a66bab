//! Seeded randomness must give the same numbers on every machine and in every
//! version: every seeded artefact of the project (self-play games, samples, puzzle
//! collections) depends on it.

use cannonball_rules::rng::Rng;

#[test]
fn seeded_stream_is_pinned() {
    let mut r = Rng::seed_from(2026);
    let got: Vec<u64> = (0..4).map(|_| r.next_u64()).collect();
    assert_eq!(got, PINNED);
}

// Checked against an independent Python transcription of SplitMix64 + xoshiro256**.
const PINNED: [u64; 4] = [
    10_583_478_199_052_185_109,
    5_232_962_402_658_359_512,
    14_988_153_452_874_227_418,
    16_485_387_573_092_771_586,
];
