//! The one wording layer: every utterance in its two forms, printed for the eye (notation kept
//! where it helps a sighted reader) and spoken for the ear (words only: moves and squares in the
//! announcing pack's words, no signs). A catalogue key `K` may have a spoken form `K.spoken`; the
//! printed form is `K`.
//!
//! - [`Words`]: a piece of an answer in both forms; [`Line`]: one line of output (printed,
//!   spoken, sounded).
//! - [`Wording`]: the interface catalogue and the announcing pack, through which every answer is
//!   worded — messages, lists, colours and pieces, durations (`time`), moves and squares
//!   (`moves`), rule facts (`keys`), what the dead-position analyser found (`analysis`).
//! - [`Verbosity`]: how much is spoken.

mod analysis;
mod files;
mod keys;
mod line;
mod moves;
mod time;
mod words;

pub use analysis::{line_text, verdict_code};
pub use files::{file_name, file_name_whole, shell_word};
pub use keys::{color_key, piece_key, reason_key, reason_line_key, role_name, ORDER};
pub use line::Line;
pub use words::{joined, Words};

use shakmaty::{Color, Piece, Role};

use crate::messages::{Catalog, Lang};
use crate::notation::{PhrasePack, SpokenStyle};
use crate::speech::Utterance;

/// A player's name, or the catalogue's words (`unnamed`) for a player whose name the game does
/// not give (`?`, `-` or nothing, as PGN writes it).
pub fn player_name(name: &str, unnamed: &str, catalog: &Catalog) -> String {
    match name.trim() {
        "" | "?" | "-" => catalog.text(unnamed, &[]),
        name => name.to_string(),
    }
}

/// How much is spoken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::EnumIter, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
pub enum Verbosity {
    /// The game's introduction and hints are printed, not spoken.
    Brief,
    #[default]
    /// The brief answers, spoken.
    Normal,
    /// Answers to questions about the board come with their details at once.
    Verbose,
}

impl Verbosity {
    /// The level's word in the configuration.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

crate::choice::choice!(Verbosity, "verbosity");

/// The catalogue of the interface language and the announcing pack, through which answers are
/// worded.
#[derive(Debug, Clone)]
pub struct Wording {
    catalog: &'static Catalog,
    pack: PhrasePack,
    style: SpokenStyle,
}

impl Wording {
    /// Answers in `lang`, moves announced in `pack`'s words with `style`.
    pub fn new(lang: Lang, pack: PhrasePack, style: SpokenStyle) -> Wording {
        Wording { catalog: Catalog::shipped(lang), pack, style }
    }

    /// Answers in `lang`, moves in the Appendix E words.
    pub fn in_language(lang: Lang) -> Wording {
        Wording::new(lang, PhrasePack::builtin().remove(0), SpokenStyle::default())
    }

    /// The interface catalogue.
    pub fn catalog(&self) -> &'static Catalog {
        self.catalog
    }

    /// The interface language.
    pub fn lang(&self) -> Lang {
        self.catalog.lang()
    }

    /// The announcing pack.
    pub fn pack(&self) -> &PhrasePack {
        &self.pack
    }

    /// How moves are announced.
    pub fn style(&self) -> SpokenStyle {
        self.style
    }

    /// The message `key` with plain values, as text.
    pub fn text(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.catalog.text(key, args)
    }

    /// The message `key` in both forms, each filled with the values' matching forms; the spoken
    /// form comes from `key.spoken` where the catalogue has one.
    pub fn words(&self, key: &str, args: &[(&str, Words)]) -> Words {
        let printed: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.printed.as_str())).collect();
        let spoken: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.spoken.as_str())).collect();
        let spoken_key = format!("{key}.spoken");
        let spoken_key = if self.catalog.has(&spoken_key) { spoken_key.as_str() } else { key };
        Words::new(self.catalog.text(key, &printed), self.catalog.text(spoken_key, &spoken))
    }

    /// A line printed and spoken in the interface language.
    pub fn say(&self, words: Words) -> Line {
        let speech = Utterance::new(words.spoken, self.catalog.lang().code());
        Line { text: words.printed, speech: vec![speech], cue: None, heading: None }
    }

    /// Text printed and spoken as it is.
    pub fn say_text(&self, text: String) -> Line {
        self.say(Words::plain(text))
    }

    /// The message `key` with plain values, as a line printed and spoken.
    pub fn line(&self, key: &str, args: &[(&str, &str)]) -> Line {
        let args: Vec<(&str, Words)> = args.iter().map(|(k, v)| (*k, Words::plain(*v))).collect();
        self.say(self.words(key, &args))
    }

    /// The message `key` with owned plain values, as a line printed and spoken.
    pub fn line_of(&self, key: &str, args: &[(&str, String)]) -> Line {
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        self.line(key, &args)
    }

    /// A move as announced: `printed` for the eye, `spoken` in the announcing pack's words and
    /// language (German for Appendix E).
    pub fn announce(&self, printed: String, spoken: String) -> Line {
        Line { text: printed, speech: vec![Utterance::new(spoken, &self.pack.language)], cue: None, heading: None }
    }

    /// "a, b or c" in both forms.
    pub fn list(&self, items: &[Words]) -> Words {
        let join = |form: fn(&Words) -> &str| self.or_list(&items.iter().map(form).collect::<Vec<_>>());
        Words::new(join(|w| &w.printed), join(|w| &w.spoken))
    }

    /// Words listed "a, b and c", printed and spoken alike.
    pub fn all_of(&self, items: &[Words]) -> Words {
        let join = |form: fn(&Words) -> &str| self.and_list(&items.iter().map(form).collect::<Vec<_>>());
        Words::new(join(|w| &w.printed), join(|w| &w.spoken))
    }

    /// "a, b or c": the parts joined with commas and the catalogue's word for "or".
    pub fn or_list<S: AsRef<str>>(&self, parts: &[S]) -> String {
        joined(parts, &self.catalog.text("word.or", &[]))
    }

    /// A number of half-moves in words of the catalogue: "1 half-move", "40 half-moves".
    pub fn half_moves(&self, count: usize) -> String {
        match count {
            1 => self.catalog.text("count.half_moves_one", &[]),
            n => self.catalog.text("count.half_moves", &[("count", &n.to_string())]),
        }
    }

    /// "a, b and c": the parts joined with commas and the catalogue's word for "and".
    pub fn and_list<S: AsRef<str>>(&self, parts: &[S]) -> String {
        joined(parts, &self.catalog.text("word.and", &[]))
    }

    /// Typed text quoted back: printed as typed, spoken as typed only when it is words.
    pub fn typed(&self, text: &str) -> Words {
        // A control character (a NUL in a file) is shown by its picture (␀), never echoed raw.
        if text.chars().any(char::is_control) {
            let shown: String = text.chars().map(control_picture).collect();
            return Words::new(shown, self.catalog.text("word.that", &[]));
        }
        match crate::speech::unspeakable(text) {
            None => Words::plain(text),
            Some(_) => match self.signs_said(text) {
                Some(spoken) => Words::new(text, spoken),
                None => Words::new(text, self.catalog.text("word.that", &[])),
            },
        }
    }

    /// Numbers joined by plus signs, the first perhaps with a minus, said with the words for the
    /// signs ("90+99999" is "90 plus 99999", "-5" is "minus 5"), when that is all the text holds.
    fn signs_said(&self, text: &str) -> Option<String> {
        // A minus only before the first number: "1-0" is a result, not a sum.
        let unsigned = text.strip_prefix('-').unwrap_or(text);
        let numbers_and_signs = unsigned.chars().all(|c| c.is_ascii_digit() || c == '+');
        let digit = |c: char| c.is_ascii_digit();
        if !numbers_and_signs || !unsigned.starts_with(digit) || !unsigned.ends_with(digit) {
            return None;
        }
        let (plus, minus) = (self.catalog.text("word.plus", &[]), self.catalog.text("word.minus", &[]));
        let spoken: String = text
            .chars()
            .map(|c| match c {
                '+' => format!(" {plus} "),
                '-' => format!(" {minus} "),
                digit => digit.to_string(),
            })
            .collect();
        Some(spoken.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    /// A letter named by itself (a piece letter): printed as typed, spoken in lower case, which a
    /// speech engine says as the letter's name rather than as a placeholder in capitals.
    pub fn letter(&self, letter: char) -> Words {
        Words::new(letter.to_string(), letter.to_lowercase().to_string())
    }

    /// A result as a score: printed `1-0` (`*` when the game is unfinished), spoken "White won".
    pub fn score(&self, result: Option<crate::rules::GameResult>) -> Words {
        use crate::rules::GameResult;
        let (score, key) = match result {
            Some(GameResult::WhiteWins) => ("1-0", "review.white_won"),
            Some(GameResult::BlackWins) => ("0-1", "review.black_won"),
            Some(GameResult::Draw) => ("1/2-1/2", "review.drawn"),
            Some(GameResult::NoResult) => ("*", "review.not_played"),
            None => ("*", "review.unfinished"),
        };
        Words::new(score, self.catalog.text(key, &[]))
    }

    /// The opening of a game so far, said on demand or when a review opens: "The opening:
    /// Ruy Lopez" (its ECO code printed too), or that no named opening was reached.
    pub fn opening(&self, opening: Option<&crate::openings::Opening>) -> Line {
        let Some(opening) = opening else { return self.line("opening.none", &[]) };
        let name = opening.name_in(self.lang());
        let said = Words::new(format!("{name} ({})", opening.eco), name);
        self.say(self.words("opening.is", &[("name", said)]))
    }

    /// What the engine thinks of a position, in words ("White is slightly better"), from its
    /// score seen from White.
    pub fn evaluation(&self, score: crate::engine::Score) -> Line {
        let (key, args) = crate::engine::Evaluation { score, line: Vec::new(), depth: 0 }.words();
        let args: Vec<(&str, String)> = args
            .into_iter()
            .map(|(k, v)| if k == "color" { (k, self.text(&format!("color.{v}"), &[])) } else { (k, v) })
            .collect();
        self.line_of(key, &args)
    }

    /// The name of a new named opening a move reached: "Opening: Ruy Lopez."
    pub fn opening_reached(&self, opening: &crate::openings::Opening) -> Line {
        self.line("opening.reached", &[("name", &opening.name_in(self.lang()))])
    }

    /// A whole number: printed with its sign (`-100`), spoken with the word for it ("minus 100").
    pub fn signed(&self, number: i64) -> Words {
        let spoken = match number < 0 {
            true => format!("{} {}", self.catalog.text("word.minus", &[]), number.unsigned_abs()),
            false => number.to_string(),
        };
        Words::new(number.to_string(), spoken)
    }

    /// A number with `places` decimals, with the language's decimal sign: `4.50`, `4,50`.
    pub fn decimal(&self, value: f32, places: usize) -> String {
        format!("{value:.places$}").replace('.', &self.catalog.text("word.decimal_point", &[]))
    }

    /// "White", "Weiß", "valge".
    pub fn color(&self, color: Color) -> String {
        self.catalog.text(color_key(color), &[])
    }

    /// "knight", "Springer", "ratsu".
    pub fn piece(&self, role: Role) -> String {
        self.catalog.text(piece_key(role), &[])
    }

    /// "white rook", "weißer Turm", "valge vanker".
    pub fn man(&self, piece: Piece) -> String {
        let side = if piece.color.is_white() { "white" } else { "black" };
        self.catalog.text(&format!("man.{side}.{}", role_name(piece.role)), &[])
    }

    /// "white rooks", "weiße Türme", "valged vankrid".
    pub fn men(&self, piece: Piece) -> String {
        let side = if piece.color.is_white() { "white" } else { "black" };
        self.catalog.text(&format!("men.{side}.{}", role_name(piece.role)), &[])
    }
}

/// A control character as its picture (U+2400 for NUL … U+2421 for DEL); any other character as
/// itself.
fn control_picture(c: char) -> char {
    match u32::from(c) {
        code @ 0..=0x1f => char::from_u32(0x2400 + code).unwrap_or(char::REPLACEMENT_CHARACTER),
        0x7f => '\u{2421}',
        _ if c.is_control() => char::REPLACEMENT_CHARACTER,
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decimal_has_the_languages_decimal_sign() {
        assert_eq!(Wording::in_language(Lang::En).decimal(4.5, 2), "4.50");
        assert_eq!(Wording::in_language(Lang::De).decimal(-0.56, 2), "-0,56");
        assert_eq!(Wording::in_language(Lang::Et).decimal(23.466, 1), "23,5");
    }

    /// Typed text quoted back: words as they are; numbers and plus signs (a minus first) with the
    /// words for the signs; anything else as "that".
    #[test]
    fn typed_text_is_quoted_back_in_words() {
        let (en, et) = (Wording::in_language(Lang::En), Wording::in_language(Lang::Et));
        assert_eq!(en.typed("90+99999"), Words::new("90+99999", "90 plus 99999"));
        assert_eq!(et.typed("90+30+5"), Words::new("90+30+5", "90 pluss 30 pluss 5"));
        assert_eq!(en.typed("-5"), Words::new("-5", "minus 5"));
        assert_eq!(en.typed("knight"), Words::plain("knight"));
        for other in ["1-0", "G/90", "Nbd2", "+5", "90+"] {
            assert_eq!(en.typed(other).spoken, "that", "{other}");
        }
        // A control character is shown by its picture, never echoed raw.
        assert_eq!(en.typed("N\u{0}f3"), Words::new("N\u{2400}f3", "that"));
    }

    #[test]
    fn one_half_move_is_said_in_the_singular() {
        let (en, de, et) =
            (Wording::in_language(Lang::En), Wording::in_language(Lang::De), Wording::in_language(Lang::Et));
        assert_eq!(
            [en.half_moves(1), en.half_moves(0), en.half_moves(40)],
            ["1 half-move", "0 half-moves", "40 half-moves"]
        );
        assert_eq!([de.half_moves(1), de.half_moves(3)], ["1 Halbzug", "3 Halbzüge"]);
        assert_eq!([et.half_moves(1), et.half_moves(3)], ["1 poolkäik", "3 poolkäiku"]);
    }

    #[test]
    fn a_player_the_game_leaves_unnamed_is_said_as_such() {
        let w = Wording::in_language(Lang::De);
        for unnamed in ["?", "", " - "] {
            assert_eq!(player_name(unnamed, "games.unnamed_white", w.catalog()), "ein Spieler ohne Namen");
        }
        assert_eq!(player_name("Bruno", "games.unnamed_white", w.catalog()), "Bruno");
    }
}
