//! One module per subcommand.

pub mod annotate;
pub mod bench;
pub mod build;
pub mod diagram;
pub mod forge;
pub mod game_args;
pub mod margrites;
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
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("invalid arguments");
            eprintln!("{first} (see --help)");
            ExitCode::from(2)
        }
    }
}
