//! The grammar of one position: every legal move said in the words of a phrase pack, in the forms
//! a player uses (the announcement as annabella makes it, with or without "Bauer", with the
//! departure square, without the check), each form naming exactly one move; written as JSGF for
//! the recogniser, so that it can hear nothing but a legal move.

use std::collections::BTreeMap;

use shakmaty::{Chess, Move, Position};

use crate::notation::{spoken, PhrasePack, SpokenStyle};

/// The commands a player needs without the keyboard, said in the words of the German interface
/// (as the registry names them, so that the words heard are read as typed): time, last, repeat,
/// board, ok, yes, no, draw, resign and claim, and the colours that answer "who resigns?".
pub const SPOKEN_COMMANDS: [&str; 12] = [
    "zeit",
    "letzter",
    "wiederholen",
    "brett",
    "erledigt",
    "ja",
    "nein",
    "remis",
    "aufgeben",
    "reklamieren",
    "weiß",
    "schwarz",
];

/// The legal moves of a position as the phrases that name them, and the spoken commands.
#[derive(Debug, Clone)]
pub struct MoveGrammar {
    /// Each phrase (lower case, words separated by single spaces) and the one move it names.
    phrases: BTreeMap<String, Move>,
}

impl MoveGrammar {
    /// The phrases of every legal move of `pos` in the words of `pack`.
    pub fn for_position(pos: &Chess, pack: &PhrasePack) -> MoveGrammar {
        let mut named: BTreeMap<String, Vec<Move>> = BTreeMap::new();
        for mv in pos.legal_moves() {
            for phrase in forms(pos, mv, pack) {
                let moves = named.entry(phrase).or_default();
                if !moves.contains(&mv) {
                    moves.push(mv);
                }
            }
        }
        // A form that could be two moves ("Springer Felix drei" with two knights) is left out:
        // the form with the departure square names each.
        let phrases = named.into_iter().filter_map(|(p, m)| (m.len() == 1).then(|| (p, m[0]))).collect();
        MoveGrammar { phrases }
    }

    /// The move a phrase names, if it is one of the grammar's.
    pub fn move_of(&self, phrase: &str) -> Option<Move> {
        self.phrases.get(&normal(phrase)).copied()
    }

    /// How many phrases the grammar has.
    pub fn len(&self) -> usize {
        self.phrases.len()
    }

    /// Whether it has none (no legal move).
    pub fn is_empty(&self) -> bool {
        self.phrases.is_empty()
    }

    /// Every word the phrases use.
    pub fn words(&self) -> impl Iterator<Item = &str> {
        let mut words: Vec<&str> = self.phrases.keys().flat_map(|p| p.split(' ')).collect();
        words.sort_unstable();
        words.dedup();
        words.into_iter()
    }

    /// Whether a phrase is one of the spoken commands.
    pub fn is_command(phrase: &str) -> bool {
        SPOKEN_COMMANDS.contains(&normal(phrase).as_str())
    }

    /// The grammar in JSGF: one public rule with a phrase for each move and each spoken command.
    pub fn jsgf(&self) -> String {
        let mut alternatives: Vec<&str> = self.phrases.keys().map(String::as_str).collect();
        alternatives.extend(SPOKEN_COMMANDS);
        format!("#JSGF V1.0;\ngrammar moves;\npublic <move> = {};\n", alternatives.join(" | "))
    }
}

/// A phrase as the grammar keeps it: lower case, single spaces, no punctuation.
fn normal(text: &str) -> String {
    let cleaned: String = text.chars().map(|c| if c.is_alphanumeric() { c } else { ' ' }).collect();
    cleaned.split_whitespace().map(str::to_lowercase).collect::<Vec<_>>().join(" ")
}

/// The forms of one move: with and without "Bauer", with and without the departure square,
/// with and without the check.
fn forms(pos: &Chess, mv: Move, pack: &PhrasePack) -> Vec<String> {
    let mut out = Vec::new();
    for say_pawn in [false, true] {
        for from_square in [false, true] {
            let style = SpokenStyle { say_pawn, from_square, square_letters: false };
            let words = normal(&spoken(pos, mv, pack, style));
            for suffix in [&pack.check, &pack.mate] {
                let suffix = normal(suffix);
                if let Some(bare) = words.strip_suffix(&format!(" {suffix}")) {
                    out.push(bare.to_string());
                }
            }
            out.push(words);
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;

    fn appendix_e() -> PhrasePack {
        PhrasePack::named("appendix-e").unwrap()
    }

    #[test]
    fn every_legal_move_is_named_and_only_legal_moves() {
        let pos = Chess::default();
        let g = MoveGrammar::for_position(&pos, &appendix_e());
        assert_eq!(g.move_of("Springer Felix drei").map(|m| m.to_string()), Some("Ng1-f3".into()));
        assert_eq!(g.move_of("springer gustav eins felix drei").map(|m| m.to_string()), Some("Ng1-f3".into()));
        assert_eq!(g.move_of("Eva vier").map(|m| m.to_string()), Some("e2-e4".into()));
        assert_eq!(g.move_of("Bauer Eva vier").map(|m| m.to_string()), Some("e2-e4".into()));
        assert_eq!(g.move_of("Eva fünf"), None);
        let named: std::collections::HashSet<Move> = g.phrases.values().copied().collect();
        assert_eq!(named.len(), 20);
        assert!(g.jsgf().starts_with("#JSGF V1.0;\ngrammar moves;\npublic <move> = "));
    }

    #[test]
    fn the_spoken_commands_are_commands_of_the_registry() {
        for word in SPOKEN_COMMANDS {
            let input = crate::repl::parse_line(word, crate::messages::Lang::De);
            let is_colour = matches!(word, "weiß" | "schwarz");
            assert!(is_colour || matches!(input, crate::repl::Input::Command(_)), "{word}: {input:?}");
            assert!(MoveGrammar::is_command(word));
        }
    }

    #[test]
    fn a_form_that_names_two_moves_is_left_out() {
        // Both knights can go to d2: only the forms with the departure square name them.
        let pos = parse_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
        let g = MoveGrammar::for_position(&pos, &appendix_e());
        assert_eq!(g.move_of("Springer David zwei"), None);
        assert!(g.move_of("Springer Bella eins David zwei").is_some());
        assert!(g.move_of("Springer Felix eins David zwei").is_some());
    }

    #[test]
    fn every_word_of_appendix_e_is_in_the_pronunciation_dictionary() {
        let dict = include_str!("../../voices/listen/appendix-e.dict");
        let known: std::collections::HashSet<&str> = dict.lines().filter_map(|l| l.split(' ').next()).collect();
        for fen in
            ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "r3k2r/pP6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"]
        {
            let g = MoveGrammar::for_position(&parse_fen(fen).unwrap(), &appendix_e());
            for word in g.words().chain(SPOKEN_COMMANDS) {
                assert!(known.contains(word), "{word} has no pronunciation");
            }
        }
    }
}
