//! One module per subcommand, and the checked values and output they share.

#[macro_use]
pub mod output;

pub mod annotate;
pub mod bench;
mod bench_solver;
pub mod build;
pub mod diagram;
pub mod forge;
pub mod game_args;
pub mod limits;
pub mod margrites;
pub mod number_puzzles;
pub mod perft;
pub mod preprocess;
pub mod replay;
pub mod selfplay;
pub mod show;
pub mod solve;
pub mod tablebase;
pub mod verify;

use std::process::ExitCode;

/// Prints a command-line usage error as one line (help and version print whole).
pub fn report_usage_error(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        _ => {
            errln!("{} (see --help)", first_paragraph(&e.to_string()));
            ExitCode::from(2)
        }
    }
}

/// Clap's message without its usage part, on one line: the first line and the
/// indented lines that list what it is about (missing arguments).
fn first_paragraph(text: &str) -> String {
    let mut lines = text.lines();
    let mut line = lines
        .next()
        .unwrap_or("invalid arguments")
        .trim_end()
        .to_owned();
    for more in lines.take_while(|l| l.starts_with("  ")) {
        line.push(' ');
        line.push_str(more.trim());
    }
    line
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_usage_error_lists_the_missing_arguments_on_its_line() {
        let text = "error: the following required arguments were not provided:\n  --tablebase <TABLEBASE>\n\nUsage: cannonball forge\n";
        assert_eq!(
            super::first_paragraph(text),
            "error: the following required arguments were not provided: --tablebase <TABLEBASE>"
        );
        assert_eq!(
            super::first_paragraph("error: bad\n\nUsage: x"),
            "error: bad"
        );
    }
}
