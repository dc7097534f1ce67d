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
    /// `listen`.
    Listen,
    /// `eboard`.
    Eboard,
    /// `braille`.
    Braille,
    /// `engine`.
    Engine,
    /// `next` (review).
    Next,
    /// `back` (review).
    Back,
    /// `first` (review).
    First,
    /// `end` (review).
    End,
    /// `goto` (review).
    Goto,
    /// `variation` (review).
    Variation,
    /// `mainline` (review).
    Mainline,
    /// `play` (review): play on from here.
    PlayHere,
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

/// One entry of the table.
const fn spec(
    id: CommandId,
    name: &'static str,
    aliases: &'static [&'static str],
    localized: &'static [(Lang, &'static str)],
    args: &'static str,
    help: &'static str,
) -> CommandSpec {
    CommandSpec { id, name, aliases, localized, args, help }
}

/// Every command: its names, synopsis and help.
pub const REGISTRY: &[CommandSpec] = &[
    // id, English name, aliases, names in the other languages, synopsis, help key
    spec(C::Move, "move", &["m"], &[(Et, "käik"), (De, "zug")], "MOVE", "help.move"),
    spec(C::Draw, "draw", &["offer"], &[(Et, "viik"), (De, "remis")], "[white|black]", "help.draw"),
    spec(C::Accept, "accept", &["yes", "jah", "ja"], &[(Et, "nõus"), (De, "annehmen")], "", "help.accept"),
    spec(C::Decline, "decline", &["no", "ei", "nein"], &[(Et, "keeldun"), (De, "ablehnen")], "", "help.decline"),
    spec(C::Claim, "claim", &[], &[(Et, "nõue"), (De, "reklamieren")], "[MOVE]", "help.claim"),
    spec(C::Resign, "resign", &[], &[(Et, "alistun"), (De, "aufgeben")], "[white|black]", "help.resign"),
    spec(C::Repeat, "repeat", &["r"], &[(Et, "korda"), (De, "wiederholen")], "", "help.repeat"),
    spec(C::Last, "last", &["l"], &[(Et, "viimane"), (De, "letzter")], "[N]", "help.last"),
    spec(C::Legal, "legal", &["moves"], &[(Et, "käigud"), (De, "züge")], "[SQUARE]", "help.legal"),
    spec(C::Fen, "fen", &[], &[], "", "help.fen"),
    spec(C::Help, "help", &["?"], &[(Et, "abi"), (De, "hilfe")], "[COMMAND]", "help.help"),
    spec(C::New, "new", &[], &[(Et, "uus"), (De, "neu")], "[FEN]", "help.new"),
    spec(C::Quit, "quit", &["exit", "q"], &[(Et, "lõpp"), (De, "ende")], "", "help.quit"),
    spec(C::Time, "time", &["t"], &[(Et, "aeg"), (De, "zeit")], "[me|opponent|white|black]", "help.time"),
    spec(C::Pause, "pause", &[], &[(Et, "paus"), (De, "anhalten")], "", "help.pause"),
    spec(C::Resume, "resume", &[], &[(Et, "jätka"), (De, "weiter")], "", "help.resume"),
    spec(C::Advance, "advance", &[], &[(Et, "edasi"), (De, "vorstellen")], "DURATION", "help.advance"),
    spec(
        C::SetTime,
        "set-time",
        &[],
        &[(Et, "määra-aeg"), (De, "zeit-setzen")],
        "white|black DURATION",
        "help.set_time",
    ),
    spec(
        C::SetMoves,
        "set-moves",
        &[],
        &[(Et, "määra-käigud"), (De, "züge-setzen")],
        "white|black N",
        "help.set_moves",
    ),
    spec(C::AddTime, "add-time", &[], &[(Et, "lisa-aeg"), (De, "zeit-geben")], "white|black DURATION", "help.add_time"),
    spec(C::Illegal, "illegal", &[], &[(Et, "reeglivastane"), (De, "regelwidrig")], "[white|black]", "help.illegal"),
    spec(C::Flag, "flag", &[], &[(Et, "aegumine"), (De, "zeitüberschreitung")], "", "help.flag"),
    spec(C::Ok, "ok", &["done"], &[(Et, "korras"), (De, "erledigt")], "", "help.ok"),
    spec(C::Listen, "listen", &["hear"], &[(Et, "kuula"), (De, "zuhören")], "", "help.listen"),
    spec(C::Braille, "braille", &[], &[(Et, "punktkiri"), (De, "punktschrift")], "", "help.braille"),
    spec(C::Eboard, "eboard", &[], &[(Et, "elaud"), (De, "ebrett")], "", "help.eboard"),
    spec(C::Engine, "engine", &[], &[(Et, "mootor"), (De, "schachengine")], "", "help.engine"),
    spec(C::Next, "next", &[], &[(Et, "järgmine"), (De, "vor")], "", "help.next"),
    spec(C::Back, "back", &[], &[(Et, "tagasi"), (De, "zurück")], "", "help.back"),
    spec(C::First, "first", &[], &[(Et, "algus"), (De, "anfang")], "", "help.first"),
    spec(C::End, "end", &[], &[(Et, "lõppu"), (De, "schluss")], "", "help.end"),
    spec(C::Goto, "goto", &[], &[(Et, "mine"), (De, "gehe")], "N", "help.goto"),
    spec(C::Variation, "variation", &["var"], &[(Et, "variant"), (De, "variante")], "[N]", "help.variation"),
    spec(C::Mainline, "mainline", &[], &[(Et, "põhiliin"), (De, "hauptzug")], "", "help.mainline"),
    spec(C::PlayHere, "play", &[], &[(Et, "mängi"), (De, "spielen")], "", "help.play"),
    spec(C::Relay, "relay", &[], &[(Et, "edastatud"), (De, "ausgeführt")], "MOVE", "help.relay"),
    spec(C::Correct, "correct", &["slip"], &[(Et, "paranda"), (De, "korrigieren")], "MOVE", "help.correct"),
    spec(
        C::Board,
        "board",
        &["bd"],
        &[(Et, "laud"), (De, "brett")],
        "[check [tactile|sighted] [pieces] | report SQUARE PIECE|empty [tactile|sighted]]",
        "help.board",
    ),
    spec(C::Reconcile, "reconcile", &[], &[(Et, "võrdle"), (De, "abgleichen")], "", "help.reconcile"),
    spec(
        C::Sheet,
        "sheet",
        &[],
        &[(Et, "blankett"), (De, "formular")],
        "[white|black] [from N] | white|black N. MOVE | white|black MOVETEXT",
        "help.sheet",
    ),
    spec(C::Touched, "touched", &[], &[(Et, "puudutatud"), (De, "berührt")], "SQUARE", "help.touched"),
    spec(
        C::CountDowntime,
        "count-downtime",
        &[],
        &[(Et, "arvesta-paus"), (De, "ausfall-anrechnen")],
        "",
        "help.count_downtime",
    ),
    spec(C::Seal, "seal", &[], &[(Et, "pitseeri"), (De, "versiegeln")], "MOVE", "help.seal"),
    spec(C::Adjourn, "adjourn", &[], &[(Et, "katkesta"), (De, "vertagen")], "[DATE TIME PLACE]", "help.adjourn"),
    spec(C::Open, "open", &[], &[(Et, "ava"), (De, "öffnen")], "", "help.open"),
    spec(C::Pgn, "pgn", &[], &[], "[FILE]", "help.pgn"),
    spec(
        C::Export,
        "export",
        &[],
        &[(Et, "ekspordi"), (De, "exportieren")],
        "[text|full|braille|brf|wav] [FILE]",
        "help.export",
    ),
    spec(C::Analyse, "analyse", &["analyze"], &[(Et, "analüüsi"), (De, "analysieren")], "", "help.analyse"),
    spec(C::Rules, "rules", &[], &[(Et, "reeglid"), (De, "regeln")], "", "help.rules"),
    spec(C::Pieces, "pieces", &["p"], &[(Et, "nupud"), (De, "figuren")], "[white|black] [PIECE]", "help.pieces"),
    spec(C::SquareInfo, "square", &["sq"], &[(Et, "väli"), (De, "feld")], "SQUARE", "help.square"),
    spec(
        C::Scan,
        "scan",
        &["s"],
        &[(Et, "skanni"), (De, "abtasten")],
        "rank N | file F | diagonal SQUARE",
        "help.scan",
    ),
    spec(C::Attackers, "attackers", &["at"], &[(Et, "ründajad"), (De, "angreifer")], "SQUARE", "help.attackers"),
    spec(C::Defenders, "defenders", &["df"], &[(Et, "kaitsjad"), (De, "verteidiger")], "SQUARE", "help.defenders"),
    spec(C::Check, "check", &["ch"], &[(Et, "tules"), (De, "imschach")], "", "help.check"),
    spec(C::Captured, "captured", &["cp"], &[(Et, "löödud"), (De, "geschlagen")], "", "help.captured"),
    spec(C::Turn, "turn", &["tu"], &[(Et, "käigul"), (De, "amzug")], "", "help.turn"),
    spec(C::More, "more", &["mo"], &[(Et, "veel"), (De, "mehr")], "", "help.more"),
    spec(C::Explain, "explain", &["ex"], &[(Et, "selgita"), (De, "erkläre")], "[TOPIC]", "help.explain"),
    spec(C::Rate, "rate", &["ra"], &[(Et, "kiirus"), (De, "tempo")], "[-100..100]", "help.rate"),
    spec(C::Volume, "volume", &["vo"], &[(Et, "valjus"), (De, "lautstärke")], "[0..100]", "help.volume"),
    spec(C::Voice, "voice", &[], &[(Et, "hääl"), (De, "stimme")], "[NAME|auto]", "help.voice"),
    spec(
        C::Verbosity,
        "verbosity",
        &["vb"],
        &[(Et, "jutukus"), (De, "ausführlichkeit")],
        "[brief|normal|verbose]",
        "help.verbosity",
    ),
    spec(C::History, "history", &["hi"], &[(Et, "ajalugu"), (De, "verlauf")], "[N]", "help.history"),
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
