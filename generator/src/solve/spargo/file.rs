//! The tablebase file: a versioned header naming the rules, then the positions
//! and their values in the compact form of [`super::compact`].
//!
//! Layout of format 2, little-endian:
//!
//! | field | size |
//! |---|---|
//! | magic `CNBLTB` + two spaces | 8 bytes |
//! | format version (2) | u32 |
//! | flags (bit 0: margins exact) | u32 |
//! | rules: size, players, swap, ko, max height (0 = none), can pass, all freedoms, single capture, capture scope | 9 bytes |
//! | rules fingerprint | u64 |
//! | roots: count, then keys | u32 + u64 each |
//! | positions `n` | u64 |
//! | value code lengths, for each of the 496 contexts: count, then (symbol, length) | u32 + (u16 + u8) each |
//! | chunks: count, then each chunk's positions, groups, key bytes `a`, value bytes `b`, keys, values | u32, then (u32 + u32 + u64 + u64 + `a` + `b` bytes) each |
//! | checksum of the table | u64 |
//!
//! The checksum is the table's, not the file's bytes': FNV-1a over the table
//! written in format 1's layout (below), so a table keeps its checksum whichever
//! format holds it, and reading checks the decoded table end to end.
//!
//! Format 1 (still read) held the header above (version 1), then `n`, bucket
//! bits `b` (u32), the first position of each bucket ((2^b + 1) x u32), the
//! low `60 - b` bits of each mixed key packed into u64 words, the margins
//! (n x i8), the distances (n x u8, 255: none) and that checksum. Its positions
//! are in the order of their mixed key (see [`super::index`]); the bucket of a
//! position is the top `b` bits of its mixed key.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use super::bits::Damaged;
use super::compact::{CONTEXTS, Chunk, Compact};
use super::index::{SortedIndex, bucket_bits};
use super::key::Key;
use super::retro::Solution;
use super::tablebase::{Tablebase, TablebaseError};
use cannonball_rules::margo::{CaptureScope, Ko, Rules};
use cannonball_rules::rng::splitmix64;

use crate::fnv::Fnv1a;

const MAGIC: &[u8; 8] = b"CNBLTB  ";
/// The file format version this code writes (it reads this one and 1).
pub const FORMAT_VERSION: u32 = 2;
/// The format whose layout the checksum is computed over.
const CHECKSUM_LAYOUT: u32 = 1;

fn rules_bytes(r: &Rules) -> [u8; 9] {
    [
        r.size,
        r.players,
        u8::from(r.swap),
        Ko::ALL.iter().position(|k| *k == r.ko).unwrap_or(0) as u8,
        r.max_height.unwrap_or(0),
        u8::from(r.can_pass),
        u8::from(r.all_freedoms),
        u8::from(r.single_capture),
        u8::from(r.capture_scope == CaptureScope::Adjacent),
    ]
}

fn rules_from(b: [u8; 9]) -> Option<Rules> {
    Some(Rules {
        size: b[0],
        players: b[1],
        swap: b[2] != 0,
        ko: *Ko::ALL.get(b[3] as usize)?,
        max_height: (b[4] != 0).then_some(b[4]),
        can_pass: b[5] != 0,
        all_freedoms: b[6] != 0,
        single_capture: b[7] != 0,
        capture_scope: if b[8] != 0 {
            CaptureScope::Adjacent
        } else {
            CaptureScope::All
        },
        zombies: true,
        cuts: true,
    })
}

/// A fingerprint of the rule options (the same options give the same number).
#[must_use]
pub fn fingerprint(r: &Rules) -> u64 {
    let mut h = 0x5450_4152_474F_0001;
    for b in rules_bytes(r) {
        h ^= u64::from(b);
        h = splitmix64(&mut h);
    }
    h
}

/// Hashes everything written through it: FNV-1a over every byte, so the sum
/// does not depend on how the bytes were split into writes.
struct Checked<T> {
    inner: T,
    sum: Fnv1a,
}

impl<T> Checked<T> {
    fn new(inner: T) -> Checked<T> {
        Checked {
            inner,
            sum: Fnv1a::default(),
        }
    }

    fn add(&mut self, bytes: &[u8]) {
        self.sum = self.sum.write(bytes);
    }
}

impl<W: Write> Write for Checked<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.add(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

fn file_error(path: &Path, reason: impl ToString) -> TablebaseError {
    TablebaseError::File {
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

impl Tablebase {
    /// Writes the tablebase to `path` in format 2 (through a temporary file, so
    /// a failed write never leaves a half file under the name).
    ///
    /// # Errors
    /// [`TablebaseError::File`].
    pub fn save(&self, path: &Path) -> Result<(), TablebaseError> {
        let tmp = path.with_extension("partial");
        let file = File::create(&tmp).map_err(|e| file_error(&tmp, e))?;
        let mut w = BufWriter::with_capacity(1 << 20, file);
        let compact = super::compact::encode(&self.index, &self.solution);
        self.write_compact(&mut w, &compact)
            .and_then(|()| w.flush())
            .map_err(|e| file_error(&tmp, e))?;
        drop(w);
        std::fs::rename(&tmp, path).map_err(|e| file_error(path, e))
    }

    fn write_compact(&self, w: &mut impl Write, c: &Compact) -> std::io::Result<()> {
        self.write_header(w, FORMAT_VERSION)?;
        w.write_all(&(self.index.len() as u64).to_le_bytes())?;
        for table in &c.tables {
            w.write_all(&(table.len() as u32).to_le_bytes())?;
            for &(sym, len) in table {
                w.write_all(&sym.to_le_bytes())?;
                w.write_all(&[len])?;
            }
        }
        w.write_all(&(c.chunks.len() as u32).to_le_bytes())?;
        for chunk in &c.chunks {
            w.write_all(&chunk.positions.to_le_bytes())?;
            w.write_all(&chunk.groups.to_le_bytes())?;
            w.write_all(&(chunk.keys.len() as u64).to_le_bytes())?;
            w.write_all(&(chunk.values.len() as u64).to_le_bytes())?;
            w.write_all(&chunk.keys)?;
            w.write_all(&chunk.values)?;
        }
        w.write_all(&self.checksum().to_le_bytes())
    }

    /// The table's checksum, which [`Tablebase::save`] writes at the end of
    /// the file and [`Tablebase::load`] checks: FNV-1a over the table in
    /// format 1's layout. It names the exact table, so that what was counted
    /// or solved from a file can say which.
    #[must_use]
    pub fn checksum(&self) -> u64 {
        *self.checksum.get_or_init(|| {
            let mut w = Checked::new(std::io::sink());
            // Writing to a sink cannot fail.
            let _ = self.write_v1(&mut w);
            w.sum.finish()
        })
    }

    fn write_header(&self, w: &mut impl Write, version: u32) -> std::io::Result<()> {
        w.write_all(MAGIC)?;
        w.write_all(&version.to_le_bytes())?;
        w.write_all(&u32::from(self.margins_exact).to_le_bytes())?;
        w.write_all(&rules_bytes(&self.rules))?;
        w.write_all(&fingerprint(&self.rules).to_le_bytes())?;
        w.write_all(&(self.roots.len() as u32).to_le_bytes())?;
        for r in &self.roots {
            w.write_all(&r.0.to_le_bytes())?;
        }
        Ok(())
    }

    /// The table in format 1's layout (without its checksum): what the
    /// checksum is computed over.
    fn write_v1(&self, w: &mut impl Write) -> std::io::Result<()> {
        self.write_header(w, CHECKSUM_LAYOUT)?;
        let n = self.index.len();
        w.write_all(&(n as u64).to_le_bytes())?;
        w.write_all(&self.index.bits.to_le_bytes())?;
        for b in &self.index.buckets {
            w.write_all(&b.to_le_bytes())?;
        }
        let low_bits = 60 - self.index.bits;
        let mut packer = BitPacker::default();
        for &m in &self.index.mixed {
            packer.push(m & ((1 << low_bits) - 1), low_bits, w)?;
        }
        packer.finish(w)?;
        let margins: Vec<u8> = self.solution.margin.iter().map(|&m| m as u8).collect();
        w.write_all(&margins)?;
        w.write_all(&self.solution.distance)
    }

    /// Reads a tablebase written by [`Tablebase::save`] (format 2, or format
    /// 1 of earlier versions), checking its format version and checksum, and
    /// that it was built for `rules` when given.
    ///
    /// # Errors
    /// [`TablebaseError::File`] naming what is wrong.
    pub fn load(path: &Path, rules: Option<&Rules>) -> Result<Tablebase, TablebaseError> {
        Tablebase::load_unhinted(path, rules).map_err(|e| match e {
            TablebaseError::File { path: p, reason } => TablebaseError::File {
                reason: format!("{reason}; {}", remake_hint(path, rules)),
                path: p,
            },
            other => other,
        })
    }

    fn load_unhinted(path: &Path, rules: Option<&Rules>) -> Result<Tablebase, TablebaseError> {
        let file = File::open(path).map_err(|e| file_error(path, e))?;
        let mut r = BufReader::with_capacity(1 << 20, file);
        let header = read_header(&mut r, path, rules)?;
        let (index, solution, stored) = if header.version == 1 {
            read_v1_body(&mut r, path)?
        } else {
            read_compact_body(&mut r, path)?
        };
        let tb = Tablebase::assemble(
            header.rules,
            index,
            solution,
            header.roots,
            header.flags & 1 != 0,
        )?;
        if tb.checksum() != stored {
            return Err(file_error(path, "checksum mismatch: the file is damaged"));
        }
        Ok(tb)
    }
}

fn truncated(path: &Path) -> impl Fn(std::io::Error) -> TablebaseError + Copy + '_ {
    move |e| file_error(path, format!("truncated or unreadable ({e})"))
}

/// Format 1 after its header: the index, the values and the checksum.
fn read_v1_body(
    r: &mut impl Read,
    path: &Path,
) -> Result<(SortedIndex, Solution, u64), TablebaseError> {
    let err = truncated(path);
    let mixed = read_index(r, path)?;
    let n = mixed.len();
    let mut margins = vec![0u8; n];
    r.read_exact(&mut margins).map_err(&err)?;
    let mut distance = vec![0u8; n];
    r.read_exact(&mut distance).map_err(&err)?;
    let stored = read_u64(r).map_err(&err)?;
    let solution = Solution {
        margin: margins.into_iter().map(|m| m as i8).collect(),
        distance,
    };
    Ok((SortedIndex::from_sorted_mixed(mixed), solution, stored))
}

/// Format 2 after its header: sizes, value tables, the two streams and the
/// checksum, each size checked against the file before anything is allocated.
fn read_compact_body(
    r: &mut impl Read,
    path: &Path,
) -> Result<(SortedIndex, Solution, u64), TablebaseError> {
    let err = truncated(path);
    let damaged = |what: &str| file_error(path, format!("{what}: the file is damaged"));
    let file_len = std::fs::metadata(path)
        .map_err(|e| file_error(path, e))?
        .len();
    let n = read_u64(r).map_err(&err)?;
    if n > u64::from(u32::MAX) || n > file_len.saturating_mul(8) {
        return Err(damaged("unexpected number of positions"));
    }
    let mut tables = Vec::with_capacity(CONTEXTS);
    for _ in 0..CONTEXTS {
        let len = read_u32(r).map_err(&err)? as usize;
        if len > 1 << 16 {
            return Err(damaged("a value table is too long"));
        }
        let mut bytes = vec![0u8; len * 3];
        r.read_exact(&mut bytes).map_err(&err)?;
        let table = bytes
            .chunks_exact(3)
            .map(|c| (u16::from_le_bytes([c[0], c[1]]), c[2]))
            .collect();
        tables.push(table);
    }
    let count = read_u32(r).map_err(&err)?;
    if u64::from(count) > file_len {
        return Err(damaged("unexpected number of chunks"));
    }
    let mut chunks = Vec::new();
    for _ in 0..count {
        let positions = read_u32(r).map_err(&err)?;
        let groups = read_u32(r).map_err(&err)?;
        let (key_len, value_len) = (read_u64(r).map_err(&err)?, read_u64(r).map_err(&err)?);
        if key_len.saturating_add(value_len) > file_len {
            return Err(damaged("a chunk is longer than the file"));
        }
        let mut keys = vec![0u8; key_len as usize];
        r.read_exact(&mut keys).map_err(&err)?;
        let mut values = vec![0u8; value_len as usize];
        r.read_exact(&mut values).map_err(&err)?;
        chunks.push(Chunk {
            positions,
            groups,
            keys,
            values,
        });
    }
    let stored = read_u64(r).map_err(&err)?;
    let compact = Compact { tables, chunks };
    let (index, solution) =
        super::compact::decode(&compact, n as usize).map_err(|Damaged(what)| damaged(what))?;
    Ok((index, solution, stored))
}

/// How to make the file again, for the errors of [`Tablebase::load`]: the
/// command for the wanted rules when they are known (only the full Spargo
/// table has such a command; other tables come from the program that built
/// them).
fn remake_hint(path: &Path, rules: Option<&Rules>) -> String {
    let (ko, note) = match rules {
        Some(r) if r.ko == Ko::None => (" --ko none", ""),
        Some(_) => ("", ""),
        None => ("", "; add `--ko none` for the table without ko"),
    };
    let spargo = cannonball_rules::margo::Preset::Spargo.rules();
    let full_spargo = rules.is_none_or(|r| {
        r.size == spargo.size
            && r.capture_scope == spargo.capture_scope
            && r.all_freedoms == spargo.all_freedoms
            && r.max_height.is_none()
    });
    if full_spargo {
        format!(
            "make it again with `cannonball tablebase build --game spargo{ko} --out {}` (about 4 minutes{note})",
            path.display()
        )
    } else {
        "make it again from the same roots and rules".to_owned()
    }
}

/// What a tablebase file says before its positions.
struct Header {
    version: u32,
    flags: u32,
    rules: Rules,
    roots: Vec<Key>,
}

/// Reads and checks the magic, the format version, the flags, the rules (and
/// that they are `want`'s, when given) and the roots.
fn read_header(
    r: &mut impl Read,
    path: &Path,
    want: Option<&Rules>,
) -> Result<Header, TablebaseError> {
    let err = truncated(path);
    let mut magic = [0u8; 8];
    r.read_exact(&mut magic).map_err(err)?;
    if &magic != MAGIC {
        return Err(file_error(path, "not a Cannonball tablebase"));
    }
    let version = read_u32(r).map_err(err)?;
    if version != FORMAT_VERSION && version != 1 {
        return Err(file_error(
            path,
            format!("format version {version}, this build reads 1 and {FORMAT_VERSION}"),
        ));
    }
    let flags = read_u32(r).map_err(err)?;
    let mut rb = [0u8; 9];
    r.read_exact(&mut rb).map_err(err)?;
    let rules = rules_from(rb).ok_or_else(|| file_error(path, "unknown rule options"))?;
    if read_u64(r).map_err(err)? != fingerprint(&rules) {
        return Err(file_error(path, "rules fingerprint does not match"));
    }
    if let Some(want) = want {
        if fingerprint(want) != fingerprint(&rules) {
            return Err(file_error(
                path,
                format!(
                    "built for {}, not {}",
                    super::tablebase::describe_rules(&rules),
                    super::tablebase::describe_rules(want)
                ),
            ));
        }
    }
    let roots = (0..read_u32(r).map_err(err)?)
        .map(|_| read_u64(r).map(Key))
        .collect::<Result<Vec<_>, _>>()
        .map_err(err)?;
    Ok(Header {
        version,
        flags,
        rules,
        roots,
    })
}

/// Reads the sorted keys (bucketed high bits, packed low bits), checking the
/// layout before allocating anything it decides.
fn read_index(r: &mut impl Read, path: &Path) -> Result<Vec<u64>, TablebaseError> {
    let err = truncated(path);
    let n = read_u64(r).map_err(err)? as usize;
    let bits = read_u32(r).map_err(err)?;
    let file_len = std::fs::metadata(path)
        .map_err(|e| file_error(path, e))?
        .len() as usize;
    if bits != bucket_bits(n) || n > u32::MAX as usize || n > file_len {
        return Err(file_error(
            path,
            "unexpected index layout: the file is damaged",
        ));
    }
    let mut buckets = vec![0u32; (1usize << bits) + 1];
    let mut buf = vec![0u8; buckets.len() * 4];
    r.read_exact(&mut buf).map_err(err)?;
    for (b, c) in buckets.iter_mut().zip(buf.chunks_exact(4)) {
        *b = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    }
    let ordered = buckets.windows(2).all(|w| w[0] <= w[1]);
    if buckets[0] != 0 || buckets[buckets.len() - 1] as usize != n || !ordered {
        return Err(file_error(
            path,
            "bucket table is inconsistent: the file is damaged",
        ));
    }
    let low_bits = 60 - bits;
    let words = (n * low_bits as usize).div_ceil(64);
    let mut packed = vec![0u8; words * 8];
    r.read_exact(&mut packed).map_err(err)?;
    let mut mixed = Vec::with_capacity(n);
    for b in 0..(1usize << bits) {
        for i in buckets[b]..buckets[b + 1] {
            let low = unpack(&packed, i as usize, low_bits);
            mixed.push(((b as u64) << low_bits) | low);
        }
    }
    Ok(mixed)
}

pub(super) fn read_u32(r: &mut impl Read) -> std::io::Result<u32> {
    let mut b = [0u8; 4];
    r.read_exact(&mut b)?;
    Ok(u32::from_le_bytes(b))
}

fn read_u64(r: &mut impl Read) -> std::io::Result<u64> {
    let mut b = [0u8; 8];
    r.read_exact(&mut b)?;
    Ok(u64::from_le_bytes(b))
}

/// Writes fixed-width fields one after another into 64-bit little-endian words.
#[derive(Default)]
struct BitPacker {
    word: u64,
    used: u32,
}

impl BitPacker {
    fn push(&mut self, value: u64, bits: u32, w: &mut impl Write) -> std::io::Result<()> {
        let free = 64 - self.used;
        if bits < free {
            self.word |= value << self.used;
            self.used += bits;
            return Ok(());
        }
        self.word |= value << self.used;
        w.write_all(&self.word.to_le_bytes())?;
        self.word = if free < 64 && bits > free {
            value >> free
        } else {
            0
        };
        self.used = bits - free;
        Ok(())
    }

    fn finish(self, w: &mut impl Write) -> std::io::Result<()> {
        if self.used > 0 {
            w.write_all(&self.word.to_le_bytes())?;
        }
        Ok(())
    }
}

fn unpack(packed: &[u8], i: usize, bits: u32) -> u64 {
    let start = i * bits as usize;
    let word = |k: usize| -> u64 {
        let b = &packed[k * 8..k * 8 + 8];
        u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
    };
    let (k, off) = (start / 64, (start % 64) as u32);
    let mut v = word(k) >> off;
    if off + bits > 64 {
        v |= word(k + 1) << (64 - off);
    }
    v & ((1u64 << bits) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_fields_read_back() {
        let mut out = Vec::new();
        let mut p = BitPacker::default();
        let values: Vec<u64> = (0..200u64)
            .map(|i| (i * 0x1234_5678_9ABC) & ((1 << 38) - 1))
            .collect();
        for &v in &values {
            p.push(v, 38, &mut out).unwrap();
        }
        p.finish(&mut out).unwrap();
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(unpack(&out, i, 38), v);
        }
    }

    #[test]
    fn format_1_files_are_still_read() {
        let tb = super::super::compact::three_by_three();
        let mut bytes = Vec::new();
        tb.write_v1(&mut bytes).unwrap();
        bytes.extend(tb.checksum().to_le_bytes());
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.tb");
        std::fs::write(&path, &bytes).unwrap();
        let back = Tablebase::load(&path, Some(&tb.rules)).unwrap();
        assert_eq!(back.index.mixed, tb.index.mixed);
        assert_eq!(back.solution.margin, tb.solution.margin);
        assert_eq!(back.solution.distance, tb.solution.distance);
        // Written again, it is format 2, smaller, with the same checksum.
        tb.save(&path).unwrap();
        let new = std::fs::read(&path).unwrap();
        assert_eq!(new[8..12], FORMAT_VERSION.to_le_bytes());
        assert!(new.len() < bytes.len() / 2, "{} {}", new.len(), bytes.len());
        assert_eq!(new[new.len() - 8..], bytes[bytes.len() - 8..]);
        // A damaged format 1 file is refused by the checksum.
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let err = Tablebase::load(&path, None).unwrap_err().to_string();
        assert!(err.contains("checksum mismatch"), "{err}");
    }

    #[test]
    fn rules_survive_the_header() {
        for ko in [Ko::Simple, Ko::None] {
            let mut r = cannonball_rules::margo::Preset::Spargo.rules();
            r.ko = ko;
            r.all_freedoms = true;
            assert_eq!(rules_from(rules_bytes(&r)), Some(r));
        }
    }
}
