//! Standard output and standard error for the subcommands, without panics.
//!
//! `print!`/`println!` panic when standard output is closed or full. Every
//! subcommand writes instead through [`stdout`] (or the `out!`/`outln!`
//! macros), whose errors are `io::Result`s naming standard output; `main.rs`
//! maps them at the edge: a closed pipe (`cannonball perft ... | head -1`)
//! ends the program quietly with exit status 141 (128 + SIGPIPE, what a shell
//! shows for `ls` or `grep` killed by the same closed pipe), and any other
//! write error (a full disk: `>/dev/full`) is reported as an error, exit 1.
//! Messages on standard error go through `errln!`, which drops a write that
//! fails (there is nowhere left to report it).
//!
//! Text read from input (file names, moves, transcript lines) is printed
//! through [`escape`], so control characters and direction marks show as
//! `\u{1b}` and cannot move the cursor or reorder a terminal line.

use std::borrow::Cow;
use std::fmt;
use std::io::{self, Write};

/// Exit status after a closed standard output: 128 + SIGPIPE (13).
pub const BROKEN_PIPE_EXIT: u8 = 141;

/// A failed write to standard output (the reason is the system's).
#[derive(Debug)]
pub struct StdoutError(io::Error);

impl fmt::Display for StdoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write to standard output: {}", self.0)
    }
}

impl std::error::Error for StdoutError {}

fn wrap(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), StdoutError(e))
}

/// Standard output, locked; its errors keep their kind and say "standard output".
pub struct Out(io::StdoutLock<'static>);

/// Standard output for writing with `write!`/`writeln!`.
#[must_use]
pub fn stdout() -> Out {
    Out(io::stdout().lock())
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(wrap)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(wrap)
    }
}

/// Flushes standard output (at the end of the program).
///
/// # Errors
/// The write error of what was still buffered.
pub fn flush() -> io::Result<()> {
    stdout().flush()
}

/// Whether `e` comes from a closed standard output (a broken pipe).
#[must_use]
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Whether `c` is shown escaped: control characters (but the line feed, which
/// the callers' own line breaks use) and the bidirectional formatting marks.
fn needs_escape(c: char) -> bool {
    (c.is_control() && c != '\n')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with control characters and direction marks written as `\u{..}`
/// (ESC is `\u{1b}`), everything else unchanged.
#[must_use]
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut s = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if needs_escape(c) {
            s.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            s.push(c);
        }
    }
    Cow::Owned(s)
}

/// Writes to standard output like `print!`; an `io::Result` instead of a panic.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!($crate::cmd::output::stdout(), $($arg)*)
    }};
}

/// Writes a line to standard output like `println!`; an `io::Result` instead
/// of a panic.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!($crate::cmd::output::stdout(), $($arg)*)
    }};
}

/// Writes a line to standard error like `eprintln!`, with input text escaped
/// (see [`escape`]); a failed write is dropped.
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let line = format!($($arg)*);
        let _ = writeln!(std::io::stderr(), "{}", $crate::cmd::output::escape(&line));
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_control_characters_and_direction_marks_only() {
        assert_eq!(escape("b2 c3"), "b2 c3");
        assert_eq!(escape("a\u{1b}[31mb"), "a\\u{1b}[31mb");
        assert_eq!(escape("x\u{202e}y\tz"), "x\\u{202e}y\\u{9}z");
        assert_eq!(escape("one\ntwo é"), "one\ntwo é");
    }
}
