//! The `cannonball` command line: thin wrappers over the library. Errors are
//! reported here, at the edge, as one line each; the library returns typed errors.
//! Exit status: 0 success, 1 an error (or what a subcommand's help says), 2 a
//! usage error, 141 standard output closed early (see `cmd::output`).

#[macro_use]
mod cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Rules engines, solvers, puzzles and a verified book for Margo, Spargo and Margrites.
#[derive(Parser)]
#[command(name = "cannonball", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build the verified book: check every figure, then mdBook into book/build.
    Build(cmd::build::Args),
    /// The book's mdBook preprocessor (for a plain `mdbook build`).
    Preprocess(cmd::preprocess::Args),
    /// Measure engine speed (run on a release build).
    Bench(cmd::bench::Args),
    /// SVG diagram of a position (Margo family or Margrites).
    Diagram(Box<cmd::diagram::Args>),
    /// Count move sequences to each depth (Margo family).
    Perft(cmd::perft::Args),
    /// Replay a move list as JSON lines (Margo family).
    Replay(cmd::replay::Args),
    /// Seeded random games as JSON lines (Margo family).
    Selfplay(cmd::selfplay::Args),
    /// Text diagram of a position (Margo family).
    Show(cmd::show::Args),
    /// Spargo tablebase: build, probe, summarise.
    #[command(subcommand)]
    Tablebase(cmd::tablebase::Command),
    /// Solve a position exactly: value, every move's value, best line (Margo family).
    Solve(cmd::solve::Args),
    /// Find and prove puzzles and write them under puzzles/.
    Forge(cmd::forge::Args),
    /// Re-prove every committed puzzle and check every book figure afresh.
    Verify(cmd::verify::Args),
    /// Give every puzzle without a stable number one (appended to puzzles/numbers.yaml).
    NumberPuzzles(cmd::number_puzzles::Args),
    /// Annotated games: Spargo from a tablebase, Margo from the solver.
    #[command(subcommand)]
    Annotate(cmd::annotate::Command),
    /// Margrites: check transcripts, self-play.
    #[command(subcommand)]
    Margrites(cmd::margrites::Command),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return cmd::report_usage_error(&e),
    };
    let result = match cli.command {
        Command::Build(a) => cmd::build::run(&a),
        Command::Preprocess(a) => cmd::preprocess::run(&a),
        Command::Bench(a) => cmd::bench::run(&a).map(|()| ExitCode::SUCCESS),
        Command::Diagram(a) => cmd::diagram::run(&a).map(|()| ExitCode::SUCCESS),
        Command::Perft(a) => cmd::perft::run(&a).map(|()| ExitCode::SUCCESS),
        Command::Replay(a) => cmd::replay::run(&a).map(|()| ExitCode::SUCCESS),
        Command::Selfplay(a) => cmd::selfplay::run(&a).map(|()| ExitCode::SUCCESS),
        Command::Show(a) => cmd::show::run(&a).map(|()| ExitCode::SUCCESS),
        Command::Tablebase(c) => cmd::tablebase::run(c).map(|()| ExitCode::SUCCESS),
        Command::Solve(a) => cmd::solve::run(&a).map(|()| ExitCode::SUCCESS),
        Command::Margrites(c) => cmd::margrites::run(c),
        Command::Verify(a) => cmd::verify::run(&a),
        Command::NumberPuzzles(a) => cmd::number_puzzles::run(&a).map(|()| ExitCode::SUCCESS),
        Command::Forge(a) => cmd::forge::run(&a),
        Command::Annotate(c) => cmd::annotate::run(c).map(|()| ExitCode::SUCCESS),
    };
    // What is still buffered for standard output is written now, so that a
    // full disk is reported like any other write error.
    let result = result.and_then(|code| cmd::output::flush().map(|()| code).map_err(Into::into));
    match result {
        Ok(code) => code,
        // A closed pipe (`| head`) is not news: quiet, as `ls` and `grep` are.
        Err(e) if cmd::output::is_broken_pipe(&e) => ExitCode::from(cmd::output::BROKEN_PIPE_EXIT),
        Err(e) => {
            errln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
