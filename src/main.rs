//! The annabella binary only wires: the command line → the subcommand it names (a game by
//! default; a command line that cannot be read is refused in words), with the flags of how
//! things are said → the exit code. Everything it calls lives in the library.

use std::process::ExitCode;

use clap::FromArgMatches;

use annabella::cli::{Cli, Command};
use annabella::subcommands;

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        eprintln!("annabella: internal error ({info}); please report it");
    }));
    // Options of `play` typed before a subcommand's name are read as typed after it.
    let args = annabella::cli::in_place(std::env::args_os().collect());
    // The help is printed in the interface language the flags or the configuration ask for.
    let command = annabella::cli::command_in(subcommands::Talk::language_of(&args));
    let read = command.try_get_matches_from(&args).and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match read {
        Ok(cli) => cli,
        // Help and the version are printed as asked.
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => return subcommands::Talk::refuse_command_line(&e, &args),
    };
    let global = &cli.global;
    match &cli.command {
        Some(Command::Play(args)) => subcommands::play(global, args, false),
        Some(Command::Resume(args)) => match &args.envelope {
            Some(envelope) => subcommands::resume_envelope(global, &args.play, envelope),
            None => subcommands::play(global, &args.play, true),
        },
        Some(Command::Say(args)) => subcommands::say(global, args),
        Some(Command::Listen(args)) if args.enrol.is_some() => subcommands::enrol(global, args),
        Some(Command::Listen(args)) => subcommands::listen(global, args),
        Some(Command::Engine(args)) => subcommands::engine(global, args),
        Some(Command::Games(args)) => subcommands::games(global, args),
        Some(Command::Review(args)) => subcommands::review(global, args),
        Some(Command::Online(args)) => subcommands::online(global, args),
        Some(Command::Puzzle(args)) => subcommands::puzzle(global, args),
        Some(Command::Drill(args)) => subcommands::drill(global, args),
        Some(Command::Clips(args)) => subcommands::clips(global, args),
        Some(Command::Manual(args)) => subcommands::manual(args),
        Some(Command::Pairings(args)) => subcommands::pairings(global, args),
        Some(Command::Export(args)) => exit(subcommands::export(global, args)),
        Some(Command::Analyse(args)) => exit(subcommands::analyse(global, args)),
        None => subcommands::play(global, &cli.play, false),
    }
}

/// A subcommand that writes to standard output: a failure of the output is said and exits 1.
fn exit(result: Result<ExitCode, subcommands::OutputError>) -> ExitCode {
    result.unwrap_or_else(|e| {
        eprintln!("annabella: {e}");
        ExitCode::from(1)
    })
}
