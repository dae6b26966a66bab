//! Temporary files for the parts of a build that are written once and read back
//! later in order: the moves found while enumerating (read back to turn them
//! around) and the key table (read back at the end, once the move graph is
//! gone). Keeping them on disk instead of in memory is what holds a full
//! Spargo build under 4 GB: the moves alone take 1.6 GB.
//!
//! The files are anonymous (deleted when dropped, whatever happens). Numbers
//! are little-endian.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};

use super::file::read_u32;
use super::tablebase::TablebaseError;

fn spill_error(e: &std::io::Error) -> TablebaseError {
    TablebaseError::File {
        path: format!("temporary file in {}", std::env::temp_dir().display()),
        reason: e.to_string(),
    }
}

/// Moves written as blocks: each block is the parents of one piece of work (in
/// order) and their children, the children of each parent together. How many
/// children each parent has is kept by the caller.
pub struct MoveSpill {
    out: BufWriter<File>,
    blocks: u64,
}

/// A block read back: the parents, and the children of all of them in order.
#[derive(Debug, Default)]
pub struct Block {
    /// The parents, in the order they were written.
    pub parents: Vec<u32>,
    /// Their children, parent by parent.
    pub kids: Vec<u32>,
}

impl MoveSpill {
    /// A new, empty spill.
    ///
    /// # Errors
    /// When no temporary file can be made.
    pub fn new() -> Result<MoveSpill, TablebaseError> {
        let file = tempfile::tempfile().map_err(|e| spill_error(&e))?;
        Ok(MoveSpill {
            out: BufWriter::with_capacity(1 << 22, file),
            blocks: 0,
        })
    }

    /// Appends one block.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn write(&mut self, parents: &[u32], kids: &[u32]) -> Result<(), TablebaseError> {
        let mut put = || -> std::io::Result<()> {
            self.out.write_all(&(parents.len() as u32).to_le_bytes())?;
            self.out.write_all(&(kids.len() as u32).to_le_bytes())?;
            write_u32s(&mut self.out, parents)?;
            write_u32s(&mut self.out, kids)
        };
        put().map_err(|e| spill_error(&e))?;
        self.blocks += 1;
        Ok(())
    }

    /// Reads the blocks back in order, in batches of about `batch` numbers, and
    /// hands each batch to `f` (as often as wanted).
    ///
    /// # Errors
    /// When the file cannot be read back.
    pub fn read_back(
        &mut self,
        batch: usize,
        mut f: impl FnMut(&[Block]),
    ) -> Result<(), TablebaseError> {
        self.out.flush().map_err(|e| spill_error(&e))?;
        let mut file: &File = self.out.get_ref();
        file.seek(SeekFrom::Start(0)).map_err(|e| spill_error(&e))?;
        let mut r = BufReader::with_capacity(1 << 22, file);
        let mut pending: Vec<Block> = Vec::new();
        let mut size = 0usize;
        for _ in 0..self.blocks {
            let mut read = || -> std::io::Result<Block> {
                let n = read_u32(&mut r)? as usize;
                let m = read_u32(&mut r)? as usize;
                Ok(Block {
                    parents: read_u32s(&mut r, n)?,
                    kids: read_u32s(&mut r, m)?,
                })
            };
            let block = read().map_err(|e| spill_error(&e))?;
            size += block.parents.len() + block.kids.len();
            pending.push(block);
            if size >= batch {
                f(&pending);
                pending.clear();
                size = 0;
            }
        }
        if !pending.is_empty() {
            f(&pending);
        }
        file.seek(SeekFrom::End(0)).map_err(|e| spill_error(&e))?;
        Ok(())
    }
}

/// A table of 64-bit words kept on disk until it is needed again.
pub struct WordSpill {
    file: File,
    len: usize,
}

impl WordSpill {
    /// Writes `words` to a new temporary file.
    ///
    /// # Errors
    /// When no temporary file can be made or written.
    pub fn write(words: &[u64]) -> Result<WordSpill, TablebaseError> {
        let file = tempfile::tempfile().map_err(|e| spill_error(&e))?;
        let mut w = BufWriter::with_capacity(1 << 22, file);
        for chunk in words.chunks(1 << 16) {
            let bytes: Vec<u8> = chunk.iter().flat_map(|x| x.to_le_bytes()).collect();
            w.write_all(&bytes).map_err(|e| spill_error(&e))?;
        }
        let file = w.into_inner().map_err(|e| spill_error(e.error()))?;
        Ok(WordSpill {
            file,
            len: words.len(),
        })
    }

    /// Reads the words back.
    ///
    /// # Errors
    /// When the file cannot be read back.
    pub fn read(mut self) -> Result<Vec<u64>, TablebaseError> {
        self.file
            .seek(SeekFrom::Start(0))
            .map_err(|e| spill_error(&e))?;
        let mut r = BufReader::with_capacity(1 << 22, self.file);
        let mut out = Vec::with_capacity(self.len);
        let mut buf = vec![0u8; 8 << 16];
        while out.len() < self.len {
            let k = (self.len - out.len()).min(1 << 16);
            r.read_exact(&mut buf[..k * 8])
                .map_err(|e| spill_error(&e))?;
            out.extend(
                buf[..k * 8]
                    .chunks_exact(8)
                    .map(|b| u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])),
            );
        }
        Ok(out)
    }
}

fn write_u32s(w: &mut impl Write, xs: &[u32]) -> std::io::Result<()> {
    for chunk in xs.chunks(1 << 14) {
        let bytes: Vec<u8> = chunk.iter().flat_map(|x| x.to_le_bytes()).collect();
        w.write_all(&bytes)?;
    }
    Ok(())
}

fn read_u32s(r: &mut impl Read, n: usize) -> std::io::Result<Vec<u32>> {
    let mut bytes = vec![0u8; n * 4];
    r.read_exact(&mut bytes)?;
    Ok(bytes
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_and_words_read_back_in_order() {
        let mut spill = MoveSpill::new().unwrap();
        let blocks: Vec<(Vec<u32>, Vec<u32>)> = (0..50u32)
            .map(|b| ((0..b % 7).map(|i| b * 100 + i).collect(), (0..b).collect()))
            .collect();
        for (p, k) in &blocks {
            spill.write(p, k).unwrap();
        }
        for _ in 0..2 {
            let mut back = Vec::new();
            spill
                .read_back(40, |batch| {
                    assert!(!batch.is_empty());
                    back.extend(batch.iter().map(|b| (b.parents.clone(), b.kids.clone())));
                })
                .unwrap();
            assert_eq!(back, blocks);
        }
        let words: Vec<u64> = (0..200_000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        assert_eq!(WordSpill::write(&words).unwrap().read().unwrap(), words);
    }
}
