//! The one bounded reader of input text: every file the project reads (puzzle
//! files, figure files, annotated games, Margrites transcripts, move lists,
//! templates) comes through here, and so does standard input where a command
//! reads `-`.
//!
//! Limits, chosen far above every real input (measured on the repository:
//! the largest puzzle file is 7 KB, the largest annotated game 6 KB, the
//! largest transcript 2.4 KB, the largest test fixture 31 KB, real YAML
//! nests at most 6 levels deep):
//!
//! - [`MAX_INPUT_BYTES`]: 16 MiB per input. A longer input is refused with
//!   the file's name and the limit, after reading at most one byte more.
//! - Only regular files (or symbolic links to them) are read: a device such
//!   as `/dev/zero`, a FIFO, a socket or a folder is refused before it is
//!   opened. Standard input is read only where a command asks for `-`, and is
//!   capped the same way.
//! - Text must be UTF-8; a byte-order mark at the start is dropped.
//! - [`MAX_YAML_DEPTH`]: YAML texts (puzzle files, figure bodies, annotated
//!   games) are pre-scanned by [`check_yaml_depth`] before the YAML parser
//!   sees them; a line nested deeper than 64 levels is refused with its line.
//!
//! ```
//! use cannonball::input;
//! let err = input::read_text(std::path::Path::new("/dev/zero")).unwrap_err();
//! assert!(err.to_string().contains("not a regular file"));
//! assert!(input::check_yaml_depth("a:\n  b: [1, 2]\n", "f.yaml").is_ok());
//! let deep = format!("x: {}1{}\n", "[".repeat(100), "]".repeat(100));
//! assert_eq!(input::check_yaml_depth(&deep, "f.yaml").unwrap_err().line, Some(1));
//! ```

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

use thiserror::Error;

/// The most bytes any one input may hold: 16 MiB.
pub const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// The deepest nesting [`check_yaml_depth`] lets through: 64 levels.
pub const MAX_YAML_DEPTH: usize = 64;

/// An input that cannot be read as text, with the file (and the line where
/// there is one) and the reason.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("{file}{}: {reason}", line.map(|l| format!(":{l}")).unwrap_or_default())]
pub struct InputError {
    /// The file as named to the program (`<stdin>` for standard input).
    pub file: String,
    /// The 1-based line, where the problem has one.
    pub line: Option<usize>,
    /// What is wrong.
    pub reason: String,
}

impl InputError {
    fn new(file: &str, reason: String) -> InputError {
        InputError {
            file: file.to_owned(),
            line: None,
            reason,
        }
    }
}

/// Reads a whole text file, refusing anything but a regular file of at most
/// [`MAX_INPUT_BYTES`] bytes of UTF-8 (a leading byte-order mark is dropped).
///
/// # Errors
/// The file is missing or unreadable, not a regular file, too large, or not
/// UTF-8.
pub fn read_text(path: &Path) -> Result<String, InputError> {
    read_text_limited(path, MAX_INPUT_BYTES)
}

/// [`read_text`] with another size limit (for tests of the limit itself).
///
/// # Errors
/// As [`read_text`].
pub fn read_text_limited(path: &Path, limit: u64) -> Result<String, InputError> {
    let name = path.display().to_string();
    let io_err = |e: io::Error| InputError::new(&name, format!("cannot read: {e}"));
    // Look before opening: opening a FIFO for reading waits for a writer.
    let meta = fs::metadata(path).map_err(io_err)?;
    refuse_non_regular(&name, &meta)?;
    let file = File::open(path).map_err(io_err)?;
    // The file may have been replaced between the look and the opening.
    refuse_non_regular(&name, &file.metadata().map_err(io_err)?)?;
    read_limited(file, &name, limit)
}

/// Reads standard input (for a command given `-`), capped at
/// [`MAX_INPUT_BYTES`]; it is named `<stdin>` in errors.
///
/// # Errors
/// Standard input cannot be read, is too large or is not UTF-8.
pub fn read_stdin() -> Result<String, InputError> {
    read_limited(io::stdin().lock(), "<stdin>", MAX_INPUT_BYTES)
}

/// Reads at most `limit` bytes of UTF-8 text from `reader`; `name` names it in
/// errors.
///
/// # Errors
/// The reader fails, holds more than `limit` bytes, or is not UTF-8.
pub fn read_limited(reader: impl Read, name: &str, limit: u64) -> Result<String, InputError> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| InputError::new(name, format!("cannot read: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(InputError::new(
            name,
            format!("larger than the input limit of {limit} bytes"),
        ));
    }
    text_of(bytes, name)
}

fn refuse_non_regular(name: &str, meta: &fs::Metadata) -> Result<(), InputError> {
    let t = meta.file_type();
    if t.is_file() {
        return Ok(());
    }
    let kind = if t.is_dir() {
        "a folder"
    } else {
        special_kind(&t)
    };
    Err(InputError::new(
        name,
        format!("not a regular file ({kind}); only regular files are read"),
    ))
}

#[cfg(unix)]
fn special_kind(t: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_char_device() || t.is_block_device() {
        "a device"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &fs::FileType) -> &'static str {
    "a special file"
}

/// UTF-8 text of `bytes`, without a leading byte-order mark.
fn text_of(bytes: Vec<u8>, name: &str) -> Result<String, InputError> {
    match String::from_utf8(bytes) {
        Ok(mut s) => {
            if s.starts_with('\u{feff}') {
                s.drain(..'\u{feff}'.len_utf8());
            }
            Ok(s)
        }
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let bytes = e.as_bytes();
            let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
            Err(InputError {
                file: name.to_owned(),
                line: Some(line),
                reason: "not UTF-8 text".into(),
            })
        }
    }
}

/// Refuses a YAML text nested deeper than [`MAX_YAML_DEPTH`], before a YAML
/// parser spends time (and stack) on it. The depth of a line is over-counted
/// on purpose, so that no way of nesting escapes: its indentation in spaces,
/// plus its leading `- `/`? ` indicators, plus the flow brackets (`[`, `{`)
/// open at its end outside quotes and comments.
///
/// # Errors
/// The first line nested too deep, with `file` and the line.
pub fn check_yaml_depth(text: &str, file: &str) -> Result<(), InputError> {
    let mut flow = 0usize;
    for (i, line) in text.lines().enumerate() {
        let rest = line.trim_start_matches(' ');
        let indent = line.len() - rest.len();
        let indicators = leading_indicators(rest);
        let mut deepest = flow;
        flow = flow_after(rest, flow, &mut deepest);
        let depth = indent + indicators + deepest;
        if depth > MAX_YAML_DEPTH {
            return Err(InputError {
                file: file.to_owned(),
                line: Some(i + 1),
                reason: format!("nested deeper than {MAX_YAML_DEPTH} levels"),
            });
        }
    }
    Ok(())
}

/// How many `- ` or `? ` indicators begin `rest` (each opens a level).
fn leading_indicators(mut rest: &str) -> usize {
    let mut n = 0;
    while let Some(r) = rest
        .strip_prefix('-')
        .or_else(|| rest.strip_prefix('?'))
        .filter(|r| r.is_empty() || r.starts_with([' ', '\t']))
    {
        n += 1;
        rest = r.trim_start_matches([' ', '\t']);
    }
    n
}

/// The flow depth after `line`, starting at `flow`; `deepest` records the
/// deepest point reached on the line.
fn flow_after(line: &str, mut flow: usize, deepest: &mut usize) -> usize {
    let mut quote: Option<char> = None;
    let mut prev = ' ';
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None => match c {
                '#' if prev == ' ' || prev == '\t' => break,
                '"' | '\'' => quote = Some(c),
                '[' | '{' => {
                    flow += 1;
                    *deepest = (*deepest).max(flow);
                }
                ']' | '}' => flow = flow.saturating_sub(1),
                _ => {}
            },
        }
        prev = c;
    }
    flow
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_longer_input_is_refused_with_its_name_and_the_limit() {
        let err = read_limited(&b"abcdef"[..], "moves.txt", 5).unwrap_err();
        assert_eq!(
            err.to_string(),
            "moves.txt: larger than the input limit of 5 bytes"
        );
        assert_eq!(read_limited(&b"abcde"[..], "m", 5).unwrap(), "abcde");
    }

    #[test]
    fn an_endless_reader_stops_at_the_limit() {
        let err = read_limited(io::repeat(0), "<stdin>", 1000).unwrap_err();
        assert!(err.reason.contains("limit of 1000 bytes"), "{err}");
    }

    #[test]
    fn devices_and_folders_are_refused_before_reading() {
        let err = read_text(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(err.file, "/dev/zero");
        assert!(
            err.reason.contains("not a regular file (a device)"),
            "{err}"
        );
        let err = read_text(Path::new("/")).unwrap_err();
        assert!(err.reason.contains("a folder"), "{err}");
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_bad_utf8_names_its_line() {
        assert_eq!(read_limited(&b"\xEF\xBB\xBFa1"[..], "m", 99).unwrap(), "a1");
        let err = read_limited(&b"a\nb\n\xFF"[..], "m", 99).unwrap_err();
        assert_eq!((err.line, err.reason.as_str()), (Some(3), "not UTF-8 text"));
    }

    #[test]
    fn deep_yaml_is_refused_at_its_line_in_every_form() {
        let flow = format!("a: 1\nb: {}", "[".repeat(65));
        assert_eq!(check_yaml_depth(&flow, "f").unwrap_err().line, Some(2));
        let items = format!("a: 1\n{}x\n", "- ".repeat(65));
        assert_eq!(check_yaml_depth(&items, "f").unwrap_err().line, Some(2));
        let indent: String = (0..70).map(|i| format!("{}k:\n", " ".repeat(i))).collect();
        assert_eq!(check_yaml_depth(&indent, "f").unwrap_err().line, Some(66));
        // Brackets in quotes and comments do not count.
        let quiet = format!("a: '{}' # {}\n", "[".repeat(99), "{".repeat(99));
        assert!(check_yaml_depth(&quiet, "f").is_ok());
    }
}
