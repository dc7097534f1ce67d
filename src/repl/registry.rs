//! The command registry: one record per command with its English name, short aliases, the
//! names in every UI language, the argument synopsis and the help key. Parsing, `help` and
//! completion all come from this table.

use crate::messages::Lang;
use crate::notation::fold;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
/// Every command, by its English name.
pub enum CommandId {
    /// `move`.
    Move,
    /// `draw`.
    Draw,
    /// `accept`.
    Accept,
    /// `decline`.
    Decline,
    /// `claim`.
    Claim,
    /// `resign`.
    Resign,
    /// `repeat`.
    Repeat,
    /// `last`.
    Last,
    /// `legal`.
    Legal,
    /// `fen`.
    Fen,
    /// `help`.
    Help,
    /// `new`.
    New,
    /// `quit`.
    Quit,
    /// `time`.
    Time,
    /// `pause`.
    Pause,
    /// `resume`.
    Resume,
    /// `advance`.
    Advance,
    /// `set-time`.
    SetTime,
    /// `set-moves`.
    SetMoves,
    /// `add-time`.
    AddTime,
    /// `illegal`.
    Illegal,
    /// `flag`.
    Flag,
    /// `ok`.
    Ok,
    /// `relay`.
    Relay,
    /// `correct`.
    Correct,
    /// `board`.
    Board,
    /// `reconcile`.
    Reconcile,
    /// `sheet`.
    Sheet,
    /// `touched`.
    Touched,
    /// `count-downtime`.
    CountDowntime,
    /// `seal`.
    Seal,
    /// `adjourn`.
    Adjourn,
    /// `open`.
    Open,
    /// `pgn`.
    Pgn,
    /// `export`.
    Export,
    /// `analyse`.
    Analyse,
    /// `rules`.
    Rules,
    /// `pieces`.
    Pieces,
    /// `square`.
    SquareInfo,
    /// `scan`.
    Scan,
    /// `attackers`.
    Attackers,
    /// `defenders`.
    Defenders,
    /// `check`.
    Check,
    /// `captured`.
    Captured,
    /// `turn`.
    Turn,
    /// `more`.
    More,
    /// `explain`.
    Explain,
    /// `rate`.
    Rate,
    /// `volume`.
    Volume,
    /// `voice`.
    Voice,
    /// `verbosity`.
    Verbosity,
    /// `history`.
    History,
}

#[derive(Debug, Clone, Copy)]
/// One command as the registry has it.
pub struct CommandSpec {
    /// Which command.
    pub id: CommandId,
    /// The English name, which always works.
    pub name: &'static str,
    /// Short English aliases.
    pub aliases: &'static [&'static str],
    /// Names in the other UI languages.
    pub localized: &'static [(Lang, &'static str)],
    /// What follows the name, as shown in help ("" for nothing).
    pub args: &'static str,
    /// The catalogue key of the help text.
    pub help: &'static str,
}

use CommandId as C;
use Lang::{De, Et};

/// Every command: its names, synopsis and help.
pub const REGISTRY: &[CommandSpec] = &[
    CommandSpec {
        id: C::Move,
        name: "move",
        aliases: &["m"],
        localized: &[(Et, "käik"), (De, "zug")],
        args: "MOVE",
        help: "help.move",
    },
    CommandSpec {
        id: C::Draw,
        name: "draw",
        aliases: &["offer"],
        localized: &[(Et, "viik"), (De, "remis")],
        args: "[white|black]",
        help: "help.draw",
    },
    CommandSpec {
        id: C::Accept,
        name: "accept",
        aliases: &["yes", "jah", "ja"],
        localized: &[(Et, "nõus"), (De, "annehmen")],
        args: "",
        help: "help.accept",
    },
    CommandSpec {
        id: C::Decline,
        name: "decline",
        aliases: &["no", "ei", "nein"],
        localized: &[(Et, "keeldun"), (De, "ablehnen")],
        args: "",
        help: "help.decline",
    },
    CommandSpec {
        id: C::Claim,
        name: "claim",
        aliases: &[],
        localized: &[(Et, "nõue"), (De, "reklamieren")],
        args: "[MOVE]",
        help: "help.claim",
    },
    CommandSpec {
        id: C::Resign,
        name: "resign",
        aliases: &[],
        localized: &[(Et, "alistun"), (De, "aufgeben")],
        args: "[white|black]",
        help: "help.resign",
    },
    CommandSpec {
        id: C::Repeat,
        name: "repeat",
        aliases: &["r"],
        localized: &[(Et, "korda"), (De, "wiederholen")],
        args: "",
        help: "help.repeat",
    },
    CommandSpec {
        id: C::Last,
        name: "last",
        aliases: &["l"],
        localized: &[(Et, "viimane"), (De, "letzter")],
        args: "[N]",
        help: "help.last",
    },
    CommandSpec {
        id: C::Legal,
        name: "legal",
        aliases: &["moves"],
        localized: &[(Et, "käigud"), (De, "züge")],
        args: "[SQUARE]",
        help: "help.legal",
    },
    CommandSpec { id: C::Fen, name: "fen", aliases: &[], localized: &[], args: "", help: "help.fen" },
    CommandSpec {
        id: C::Help,
        name: "help",
        aliases: &["?"],
        localized: &[(Et, "abi"), (De, "hilfe")],
        args: "[COMMAND]",
        help: "help.help",
    },
    CommandSpec {
        id: C::New,
        name: "new",
        aliases: &[],
        localized: &[(Et, "uus"), (De, "neu")],
        args: "[FEN]",
        help: "help.new",
    },
    CommandSpec {
        id: C::Quit,
        name: "quit",
        aliases: &["exit", "q"],
        localized: &[(Et, "lõpp"), (De, "ende")],
        args: "",
        help: "help.quit",
    },
    CommandSpec {
        id: C::Time,
        name: "time",
        aliases: &["t"],
        localized: &[(Et, "aeg"), (De, "zeit")],
        args: "[me|opponent|white|black]",
        help: "help.time",
    },
    CommandSpec {
        id: C::Pause,
        name: "pause",
        aliases: &[],
        localized: &[(Et, "paus"), (De, "anhalten")],
        args: "",
        help: "help.pause",
    },
    CommandSpec {
        id: C::Resume,
        name: "resume",
        aliases: &[],
        localized: &[(Et, "jätka"), (De, "weiter")],
        args: "",
        help: "help.resume",
    },
    CommandSpec {
        id: C::Advance,
        name: "advance",
        aliases: &[],
        localized: &[(Et, "edasi"), (De, "vorstellen")],
        args: "DURATION",
        help: "help.advance",
    },
    CommandSpec {
        id: C::SetTime,
        name: "set-time",
        aliases: &[],
        localized: &[(Et, "määra-aeg"), (De, "zeit-setzen")],
        args: "white|black DURATION",
        help: "help.set_time",
    },
    CommandSpec {
        id: C::SetMoves,
        name: "set-moves",
        aliases: &[],
        localized: &[(Et, "määra-käigud"), (De, "züge-setzen")],
        args: "white|black N",
        help: "help.set_moves",
    },
    CommandSpec {
        id: C::AddTime,
        name: "add-time",
        aliases: &[],
        localized: &[(Et, "lisa-aeg"), (De, "zeit-geben")],
        args: "white|black DURATION",
        help: "help.add_time",
    },
    CommandSpec {
        id: C::Illegal,
        name: "illegal",
        aliases: &[],
        localized: &[(Et, "reeglivastane"), (De, "regelwidrig")],
        args: "[white|black]",
        help: "help.illegal",
    },
    CommandSpec {
        id: C::Flag,
        name: "flag",
        aliases: &[],
        localized: &[(Et, "aegumine"), (De, "zeitüberschreitung")],
        args: "",
        help: "help.flag",
    },
    CommandSpec {
        id: C::Ok,
        name: "ok",
        aliases: &["done"],
        localized: &[(Et, "korras"), (De, "erledigt")],
        args: "",
        help: "help.ok",
    },
    CommandSpec {
        id: C::Relay,
        name: "relay",
        aliases: &[],
        localized: &[(Et, "edastatud"), (De, "ausgeführt")],
        args: "MOVE",
        help: "help.relay",
    },
    CommandSpec {
        id: C::Correct,
        name: "correct",
        aliases: &["slip"],
        localized: &[(Et, "paranda"), (De, "korrigieren")],
        args: "MOVE",
        help: "help.correct",
    },
    CommandSpec {
        id: C::Board,
        name: "board",
        aliases: &["bd"],
        localized: &[(Et, "laud"), (De, "brett")],
        args: "[check [tactile|sighted] [pieces] | report SQUARE PIECE|empty [tactile|sighted]]",
        help: "help.board",
    },
    CommandSpec {
        id: C::Reconcile,
        name: "reconcile",
        aliases: &[],
        localized: &[(Et, "võrdle"), (De, "abgleichen")],
        args: "",
        help: "help.reconcile",
    },
    CommandSpec {
        id: C::Sheet,
        name: "sheet",
        aliases: &[],
        localized: &[(Et, "blankett"), (De, "formular")],
        args: "[white|black] [from N] | white|black N. MOVE | white|black MOVETEXT",
        help: "help.sheet",
    },
    CommandSpec {
        id: C::Touched,
        name: "touched",
        aliases: &[],
        localized: &[(Et, "puudutatud"), (De, "berührt")],
        args: "SQUARE",
        help: "help.touched",
    },
    CommandSpec {
        id: C::CountDowntime,
        name: "count-downtime",
        aliases: &[],
        localized: &[(Et, "arvesta-paus"), (De, "ausfall-anrechnen")],
        args: "",
        help: "help.count_downtime",
    },
    CommandSpec {
        id: C::Seal,
        name: "seal",
        aliases: &[],
        localized: &[(Et, "pitseeri"), (De, "versiegeln")],
        args: "MOVE",
        help: "help.seal",
    },
    CommandSpec {
        id: C::Adjourn,
        name: "adjourn",
        aliases: &[],
        localized: &[(Et, "katkesta"), (De, "vertagen")],
        args: "[DATE TIME PLACE]",
        help: "help.adjourn",
    },
    CommandSpec {
        id: C::Open,
        name: "open",
        aliases: &[],
        localized: &[(Et, "ava"), (De, "öffnen")],
        args: "",
        help: "help.open",
    },
    CommandSpec { id: C::Pgn, name: "pgn", aliases: &[], localized: &[], args: "[FILE]", help: "help.pgn" },
    CommandSpec {
        id: C::Export,
        name: "export",
        aliases: &[],
        localized: &[(Et, "ekspordi"), (De, "exportieren")],
        args: "[text|full|braille|brf|wav] [FILE]",
        help: "help.export",
    },
    CommandSpec {
        id: C::Analyse,
        name: "analyse",
        aliases: &["analyze"],
        localized: &[(Et, "analüüsi"), (De, "analysieren")],
        args: "",
        help: "help.analyse",
    },
    CommandSpec {
        id: C::Rules,
        name: "rules",
        aliases: &[],
        localized: &[(Et, "reeglid"), (De, "regeln")],
        args: "",
        help: "help.rules",
    },
    CommandSpec {
        id: C::Pieces,
        name: "pieces",
        aliases: &["p"],
        localized: &[(Et, "nupud"), (De, "figuren")],
        args: "[white|black] [PIECE]",
        help: "help.pieces",
    },
    CommandSpec {
        id: C::SquareInfo,
        name: "square",
        aliases: &["sq"],
        localized: &[(Et, "väli"), (De, "feld")],
        args: "SQUARE",
        help: "help.square",
    },
    CommandSpec {
        id: C::Scan,
        name: "scan",
        aliases: &["s"],
        localized: &[(Et, "skanni"), (De, "abtasten")],
        args: "rank N | file F | diagonal SQUARE",
        help: "help.scan",
    },
    CommandSpec {
        id: C::Attackers,
        name: "attackers",
        aliases: &["at"],
        localized: &[(Et, "ründajad"), (De, "angreifer")],
        args: "SQUARE",
        help: "help.attackers",
    },
    CommandSpec {
        id: C::Defenders,
        name: "defenders",
        aliases: &["df"],
        localized: &[(Et, "kaitsjad"), (De, "verteidiger")],
        args: "SQUARE",
        help: "help.defenders",
    },
    CommandSpec {
        id: C::Check,
        name: "check",
        aliases: &["ch"],
        localized: &[(Et, "tules"), (De, "imschach")],
        args: "",
        help: "help.check",
    },
    CommandSpec {
        id: C::Captured,
        name: "captured",
        aliases: &["cp"],
        localized: &[(Et, "löödud"), (De, "geschlagen")],
        args: "",
        help: "help.captured",
    },
    CommandSpec {
        id: C::Turn,
        name: "turn",
        aliases: &["tu"],
        localized: &[(Et, "käigul"), (De, "amzug")],
        args: "",
        help: "help.turn",
    },
    CommandSpec {
        id: C::More,
        name: "more",
        aliases: &["mo"],
        localized: &[(Et, "veel"), (De, "mehr")],
        args: "",
        help: "help.more",
    },
    CommandSpec {
        id: C::Explain,
        name: "explain",
        aliases: &["ex"],
        localized: &[(Et, "selgita"), (De, "erkläre")],
        args: "[TOPIC]",
        help: "help.explain",
    },
    CommandSpec {
        id: C::Rate,
        name: "rate",
        aliases: &["ra"],
        localized: &[(Et, "kiirus"), (De, "tempo")],
        args: "[-100..100]",
        help: "help.rate",
    },
    CommandSpec {
        id: C::Volume,
        name: "volume",
        aliases: &["vo"],
        localized: &[(Et, "valjus"), (De, "lautstärke")],
        args: "[0..100]",
        help: "help.volume",
    },
    CommandSpec {
        id: C::Voice,
        name: "voice",
        aliases: &[],
        localized: &[(Et, "hääl"), (De, "stimme")],
        args: "[NAME|auto]",
        help: "help.voice",
    },
    CommandSpec {
        id: C::Verbosity,
        name: "verbosity",
        aliases: &["vb"],
        localized: &[(Et, "jutukus"), (De, "ausführlichkeit")],
        args: "[brief|normal|verbose]",
        help: "help.verbosity",
    },
    CommandSpec {
        id: C::History,
        name: "history",
        aliases: &["hi"],
        localized: &[(Et, "ajalugu"), (De, "verlauf")],
        args: "[N]",
        help: "help.history",
    },
];
impl CommandSpec {
    /// The entry of command `id`.
    pub fn of(id: CommandId) -> &'static CommandSpec {
        REGISTRY.iter().find(|s| s.id == id).expect("every command id is in the registry")
    }

    /// Every name this command answers to.
    pub fn names(&self) -> impl Iterator<Item = &'static str> {
        std::iter::once(self.name).chain(self.aliases.iter().copied()).chain(self.localized.iter().map(|(_, n)| *n))
    }

    /// The name in a UI language (the English name where there is none).
    pub fn name_in(&self, lang: Lang) -> &'static str {
        self.localized.iter().find(|(l, _)| *l == lang).map_or(self.name, |(_, n)| n)
    }

    /// `name args`, for help.
    pub fn usage(&self, lang: Lang) -> String {
        let name = self.name_in(lang);
        if self.args.is_empty() {
            name.to_string()
        } else {
            format!("{name} {}", super::keywords::localized_synopsis(self.args, lang))
        }
    }
}

/// The command a name stands for, in any language, ignoring case and diacritics.
pub fn lookup(name: &str) -> Option<&'static CommandSpec> {
    static NAMES: std::sync::OnceLock<std::collections::HashMap<String, usize>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        let mut names = std::collections::HashMap::new();
        for (i, spec) in REGISTRY.iter().enumerate() {
            for n in spec.names() {
                names.entry(fold(n)).or_insert(i);
            }
        }
        names
    });
    names.get(&fold(name)).map(|&i| &REGISTRY[i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{MoveReader, PhrasePack};

    #[test]
    fn no_name_is_claimed_twice_or_is_a_move_word() {
        let mut seen = std::collections::HashMap::new();
        let reader = MoveReader::new(&PhrasePack::builtin()).unwrap();
        for spec in REGISTRY {
            for name in spec.names() {
                if let Some(other) = seen.insert(fold(name), spec.id) {
                    assert_eq!(other, spec.id, "{name} names two commands");
                }
                // "check" is also the word said after a checking move, but no move starts with it.
                let allowed = name == "check";
                assert!(allowed || !reader.knows_word(name), "{name} is also a move word");
            }
        }
    }

    /// The argument words of one command never read as two different words, in any language or
    /// spelling; and every argument word a command reads is in its synopsis, so help shows it.
    #[test]
    fn no_argument_word_of_a_command_is_read_two_ways() {
        use super::super::keywords::Keyword;
        for spec in REGISTRY {
            let words = Keyword::in_synopsis(spec.args);
            let mut seen = std::collections::HashMap::new();
            for keyword in &words {
                for spelling in keyword.spellings() {
                    if let Some(other) = seen.insert(fold(spelling), *keyword) {
                        assert_eq!(other, *keyword, "{}: {spelling} reads as {other:?} and {keyword:?}", spec.name);
                    }
                }
            }
        }
        let board = Keyword::in_synopsis(CommandSpec::of(CommandId::Board).args);
        for word in
            [Keyword::Check, Keyword::Report, Keyword::Tactile, Keyword::Sighted, Keyword::Pieces, Keyword::Empty]
        {
            assert!(board.contains(&word), "board's synopsis lacks {word:?}");
        }
    }
}
