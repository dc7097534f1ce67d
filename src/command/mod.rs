//! The command language, pure: it knows no session. Each front end declares its commands with
//! `commands!` — one record per command (names and aliases in every language, typed arguments,
//! help key, group, handler, and the question asked first where the action cannot be undone) —
//! and reads lines with `parse_line`.
//!
//! - `record`: [`Record`], [`Group`], [`CommandSet`]; `table`: the `commands!` macro;
//! - `params`, `asks`: the argument types and how each is read; `shape`: how a signature is
//!   shown, said and completed; `keywords`: the argument words in every language;
//! - `line`: a typed line read once ([`Input`]), the keys that stand for commands; `phrases`: the
//!   sentences that stand for a command ("whose move?");
//! - `completion`: what the terminal offers for the word being typed; `topics`: `explain`'s topics;
//! - `help`: the groups a front end offers, a group's commands, one command.

mod completion;
mod compound;
mod declare;
mod help;
mod keywords;
mod line;
mod misread;
mod params;
mod phrases;
mod record;
mod shape;
mod topics;

pub use completion::{completions, nearest, nearest_commands};
pub use compound::{
    piece_word, read_man, BoardCommand, BoardSide, ExportAsk, LettersAsk, PiecesAsk, ScanLine, SheetCommand,
    VoiceChoice, Whose,
};
pub(crate) use declare::commands;
pub use help::{group_named, help};
pub use keywords::Keyword;
pub use line::{
    control_name, line_problem, names_command, parse_line, read_command, Input, Key, LineProblem, Refusal, MAX_LINE,
};
pub use misread::{topic_list, usage, which_one, Slip};
pub use params::{
    color, read_square, ArgError, Args, ChatText, CommandWord, EveryMoves, Fen, FileName, IntendedMove, Level,
    MoveText, Param, Rate, Resumption, Topic, Volume, LEVELS,
};
pub use record::{lookup, lookup_among, CommandSet, Group, Place, Places, Record};
pub use shape::{Part, Placeholder, Shape};
pub use topics::TOPICS;
