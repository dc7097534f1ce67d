//! The grammar of one position: every legal move said in the words of a phrase pack, in the forms
//! a player uses (the announcement as annabella makes it, with or without the pawn, with the
//! departure square, without the check), each form naming exactly one move; the last move said
//! again (the opponent's repetition, E.2.1) or corrected (a slip of the tongue, E.2.6); and the
//! spoken commands. Written as JSGF for the recogniser, so that it can hear nothing else, the
//! phrases that begin alike sharing their first words, so that each beginning is searched once.
//! Beside it, in a grammar of its own, the moves a player may say that are not legal here (any
//! piece of theirs to any square), which mean nothing: where one of them fits the voice as well as
//! the move heard, that move may not be what was said.

use std::collections::{BTreeMap, BTreeSet};

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use super::vocabulary::{near, vocabulary, Phones, Vocabulary};
use crate::notation::{spoken, PhrasePack, SpokenStyle};

/// What a phrase of the grammar means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Meaning {
    /// A legal move of the side to move.
    Move(Move),
    /// The last move said again, as it was or otherwise (the opponent's repetition).
    Repeated(Move),
    /// The last move corrected to this one (a slip of the tongue).
    Corrected(Move),
    /// A spoken command: the English name of its record.
    Command(&'static str),
    /// A colour said alone (the answer to "who resigns?").
    Colour(Color),
}

impl Meaning {
    /// Whether it names a move (played, repeated or corrected) rather than a command.
    pub fn names_a_move(&self) -> bool {
        matches!(self, Meaning::Move(_) | Meaning::Repeated(_) | Meaning::Corrected(_))
    }
}

/// The phrases of a position and of the move before it, and the spoken commands.
#[derive(Debug, Clone)]
pub struct MoveGrammar {
    /// Each phrase of the side to move (lower case, single spaces) and the one move it names.
    phrases: BTreeMap<String, Move>,
    /// Each phrase of the position before the last move and the move it names.
    previous: BTreeMap<String, Move>,
    /// The pack's spoken words.
    vocabulary: Vocabulary,
    /// Phrases of moves the side to move may say that are not legal here.
    elsewhere: Vec<String>,
    /// The word said after a move that gives check.
    check: String,
    /// Each word said for a command, and the command's English name.
    commands: Vec<(String, &'static str)>,
}

impl MoveGrammar {
    /// The phrases of every legal move of `pos` in the words of `pack` (the German words of
    /// Appendix E for a pack that cannot be heard).
    pub fn for_position(pos: &Chess, pack: &PhrasePack) -> MoveGrammar {
        let vocabulary = vocabulary(&pack.name).unwrap_or(super::vocabulary::VOCABULARIES[0]);
        let mut grammar = MoveGrammar {
            phrases: phrases(pos, pack, &vocabulary),
            previous: BTreeMap::new(),
            vocabulary,
            elsewhere: Vec::new(),
            check: vocabulary.said(&pack.check),
            commands: Vec::new(),
        };
        grammar.elsewhere = not_legal(pos, pack, &vocabulary, &grammar.phrases);
        grammar
    }

    /// The same, with the position before the last move, so that the last move can be said again
    /// or corrected.
    pub fn with_previous(mut self, before: &Chess, pack: &PhrasePack) -> MoveGrammar {
        self.previous = phrases(before, pack, &self.vocabulary);
        self
    }

    /// The same, hearing the commands said with `words` (each word with its command's English
    /// name).
    pub fn with_commands(mut self, words: &[(&'static str, &'static str)]) -> MoveGrammar {
        self.commands = words.iter().map(|&(word, name)| (self.vocabulary.said(word), name)).collect();
        self
    }

    /// The phrase pack whose words these are.
    pub fn pack(&self) -> &'static str {
        self.vocabulary.pack
    }

    /// What a phrase means, if it is one of the grammar's: a move of the side to move comes
    /// first, then the last move said again, a correction, a command.
    pub fn meaning(&self, phrase: &str) -> Option<Meaning> {
        let phrase = self.vocabulary.said(phrase);
        if let Some(&mv) = self.phrases.get(&phrase) {
            return Some(Meaning::Move(mv));
        }
        if let Some(&mv) = self.previous.get(&phrase) {
            return Some(Meaning::Repeated(mv));
        }
        let corrected = phrase.strip_prefix(self.vocabulary.correct).and_then(|rest| rest.strip_prefix(' '));
        if let Some(&mv) = corrected.and_then(|rest| self.previous.get(rest)) {
            return Some(Meaning::Corrected(mv));
        }
        if let Some((_, name)) = self.commands.iter().find(|(word, _)| *word == phrase) {
            return Some(Meaning::Command(name));
        }
        let colour = self.vocabulary.colours.iter().position(|c| *c == phrase)?;
        Some(Meaning::Colour([Color::White, Color::Black][colour]))
    }

    /// The move of the side to move a phrase names, if it names one.
    pub fn move_of(&self, phrase: &str) -> Option<Move> {
        match self.meaning(phrase)? {
            Meaning::Move(mv) => Some(mv),
            _ => None,
        }
    }

    /// How many phrases name moves of the side to move.
    pub fn len(&self) -> usize {
        self.phrases.len()
    }

    /// Whether no phrase names a move of the side to move (the game is over).
    pub fn is_empty(&self) -> bool {
        self.phrases.is_empty()
    }

    /// Every phrase the grammar holds.
    fn alternatives(&self) -> Vec<String> {
        let mut all: Vec<String> = self.phrases.keys().cloned().collect();
        all.extend(self.previous.keys().filter(|p| !self.phrases.contains_key(*p)).cloned());
        all.extend(self.previous.keys().map(|p| format!("{} {p}", self.vocabulary.correct)));
        all.extend(self.commands.iter().map(|(w, _)| w.clone()));
        all.extend(self.vocabulary.colours.iter().map(|c| c.to_string()));
        all
    }

    /// Every word the phrases use.
    pub fn words(&self) -> Vec<String> {
        let mut words: Vec<String> =
            self.alternatives().iter().flat_map(|p| p.split(' ').map(String::from).collect::<Vec<_>>()).collect();
        words.sort_unstable();
        words.dedup();
        words
    }

    /// The words without a pronunciation (a grammar holding one cannot be loaded): none.
    pub fn unknown_words(&self) -> Vec<String> {
        let known: BTreeSet<&str> = self.vocabulary.dictionary.lines().filter_map(|l| l.split(' ').next()).collect();
        self.words().into_iter().filter(|w| !known.contains(w.as_str())).collect()
    }

    /// The grammar in JSGF: one public rule with every phrase, those that begin alike sharing
    /// their first words (each beginning is searched once, not once a phrase).
    pub fn jsgf(&self) -> String {
        jsgf(&tree(self.alternatives().iter().map(String::as_str)))
    }

    /// The moves the side to move may say that are not legal here and are no phrase of the
    /// grammar, in JSGF (their first words shared, each with or without check): what the
    /// recogniser would have heard had the speaker said a move they cannot make. `None` when
    /// there are none.
    pub fn jsgf_not_legal(&self) -> Option<String> {
        let all = self.alternatives();
        let taken: BTreeSet<&str> = all.iter().map(String::as_str).collect();
        let phrases: Vec<&str> = self.elsewhere.iter().map(String::as_str).filter(|p| !taken.contains(p)).collect();
        (!phrases.is_empty()).then(|| jsgf(&format!("{} [{}]", tree(phrases), self.check)))
    }

    /// Whether words heard with confidence `margin` are sure enough to be acted on without a
    /// question: the margin reaches `threshold`, and no phrase of another meaning sounds almost
    /// the same (one phone more, less or other: "e four" and "b four", "c four" and "d four"),
    /// which the recogniser is known to mistake for each other however sure it is.
    pub fn sure(&self, words: &str, margin: f32, threshold: f32) -> bool {
        if margin < threshold {
            return false;
        }
        let Some(meaning) = self.meaning(words) else { return false };
        let phones = Phones::new(self.vocabulary.dictionary);
        let heard = phones.of(&self.vocabulary.said(words));
        !self.alternatives().iter().any(|p| self.meaning(p) != Some(meaning) && near(&heard, &phones.of(p)))
    }

    /// The grammar without the phrases that mean `meaning`: what the recogniser would have heard
    /// had the speaker not meant it (the margin between the two is its confidence). `None` when
    /// nothing else is left.
    pub fn jsgf_without(&self, meaning: Meaning) -> Option<String> {
        let rest = self.without(meaning);
        (!rest.is_empty()).then(|| jsgf(&tree(rest.iter().map(String::as_str))))
    }

    /// The same in two grammars of half the phrases each (those that begin alike kept together as
    /// far as they can be), to be searched at once: the best of the two is the best of the whole.
    /// `None` when nothing else is left, or too little to halve.
    pub fn jsgf_without_halved(&self, meaning: Meaning) -> Option<(String, String)> {
        let mut rest = self.without(meaning);
        rest.sort_unstable();
        let (first, second) = rest.split_at(rest.len() / 2);
        let half = |phrases: &[String]| jsgf(&tree(phrases.iter().map(String::as_str)));
        (!first.is_empty()).then(|| (half(first), half(second)))
    }

    /// Every phrase that does not mean `meaning`.
    fn without(&self, meaning: Meaning) -> Vec<String> {
        self.alternatives().into_iter().filter(|p| self.meaning(p) != Some(meaning)).collect()
    }
}

/// Phrases (words with single spaces) as one JSGF expansion in which those that begin alike
/// share their first words: the same phrases, each with the same score (no word of a grammar
/// weighs more than another), in a fraction of the recogniser's time.
fn tree<'a>(phrases: impl IntoIterator<Item = &'a str>) -> String {
    let phrases: Vec<Vec<&str>> = phrases.into_iter().map(|p| p.split(' ').collect()).collect();
    shared(&phrases)
}

/// A grammar whose one public rule is `expansion`.
fn jsgf(expansion: &str) -> String {
    format!("#JSGF V1.0;\ngrammar moves;\npublic <move> = {expansion};\n")
}

/// Phrases (each at least one word) as one JSGF expansion in which those that begin alike share
/// their first words: "a ( b | c [d] )".
fn shared(phrases: &[Vec<&str>]) -> String {
    let mut after: BTreeMap<&str, Vec<Vec<&str>>> = BTreeMap::new();
    for phrase in phrases {
        if let Some((first, rest)) = phrase.split_first() {
            after.entry(first).or_default().push(rest.to_vec());
        }
    }
    let alternatives: Vec<String> = after
        .into_iter()
        .map(|(word, rests)| {
            let ends_here = rests.iter().any(Vec::is_empty);
            let longer: Vec<Vec<&str>> = rests.into_iter().filter(|r| !r.is_empty()).collect();
            match (longer.is_empty(), ends_here) {
                (true, _) => word.to_string(),
                (false, true) => format!("{word} [{}]", shared(&longer)),
                (false, false) => format!("{word} {}", shared(&longer)),
            }
        })
        .collect();
    match alternatives.len() {
        1 => alternatives.into_iter().next().unwrap_or_default(),
        _ => format!("( {} )", alternatives.join(" | ")),
    }
}

/// What the side to move may say of a move that is not legal in `pos`: each kind of piece they
/// have to any square (a pawn one or two squares on, or taking from its file), taking or not,
/// and castling, in each form players use, less the phrases of legal moves (`legal`).
fn not_legal(pos: &Chess, pack: &PhrasePack, vocabulary: &Vocabulary, legal: &BTreeMap<String, Move>) -> Vec<String> {
    let capture = vocabulary.said(&pack.capture);
    let mut out: BTreeSet<String> = BTreeSet::new();
    let mut say = |phrase: String, quiet_to: Option<&str>| {
        out.extend(vocabulary.also_said(&phrase, quiet_to));
        out.insert(phrase);
    };
    for castle in [&pack.castle_short, &pack.castle_long] {
        say(vocabulary.said(castle), None);
    }
    let board = pos.board();
    for from in board.by_color(pos.turn()) {
        let Some(role) = board.role_at(from) else { continue };
        let piece = vocabulary.said(pack.piece(role));
        let squares = if role == Role::Pawn { reach(pos.turn(), from) } else { anywhere() };
        for (to, takes) in squares {
            let square = vocabulary.said(&to.to_string());
            let said = match (role, takes) {
                (Role::Pawn, false) => vec![square.clone(), format!("{piece} {square}")],
                (Role::Pawn, true) => {
                    let file = vocabulary.said(pack.file(from.file()));
                    vec![format!("{file} {capture} {square}"), format!("{piece} {file} {capture} {square}")]
                }
                (_, false) => vec![format!("{piece} {square}")],
                (_, true) => vec![format!("{piece} {capture} {square}")],
            };
            for phrase in said {
                say(phrase, (!takes).then_some(square.as_str()));
            }
        }
    }
    out.into_iter().filter(|p| !legal.contains_key(p)).collect()
}

/// The squares a pawn of `color` on `from` could go to on an empty board, and whether it would
/// take there: one or two squares on, or aside, taking.
fn reach(color: shakmaty::Color, from: Square) -> Vec<(Square, bool)> {
    let on = |n: i32| from.offset(if color.is_white() { 8 * n } else { -8 * n });
    let first = from.rank() == if color.is_white() { shakmaty::Rank::Second } else { shakmaty::Rank::Seventh };
    let pushes = [on(1), on(2).filter(|_| first)].into_iter().flatten().map(|to| (to, false));
    pushes.chain(shakmaty::attacks::pawn_attacks(color, from).into_iter().map(|to| (to, true))).collect()
}

/// Every square, going there and taking there: where a piece may be said to go.
fn anywhere() -> Vec<(Square, bool)> {
    Square::ALL.into_iter().flat_map(|to| [(to, false), (to, true)]).collect()
}

/// The phrases of the legal moves of `pos`: a form that could be two moves ("Springer Felix drei"
/// with two knights) is left out, the form with the departure square names each.
fn phrases(pos: &Chess, pack: &PhrasePack, vocabulary: &Vocabulary) -> BTreeMap<String, Move> {
    let mut named: BTreeMap<String, Vec<Move>> = BTreeMap::new();
    for mv in pos.legal_moves() {
        for phrase in forms(pos, mv, pack, vocabulary) {
            let moves = named.entry(phrase).or_default();
            if !moves.contains(&mv) {
                moves.push(mv);
            }
        }
    }
    named.into_iter().filter_map(|(p, m)| (m.len() == 1).then(|| (p, m[0]))).collect()
}

/// The forms of one move: with and without the pawn, with and without the departure square,
/// with and without the check, and each as players also say it ("captures", "castles
/// kingside", "knight to f three").
fn forms(pos: &Chess, mv: Move, pack: &PhrasePack, vocabulary: &Vocabulary) -> Vec<String> {
    let mut out = Vec::new();
    for say_pawn in [false, true] {
        for from_square in [false, true] {
            let style = SpokenStyle { say_pawn, from_square, square_letters: false };
            let words = vocabulary.said(&spoken(pos, mv, pack, style));
            for suffix in [&pack.check, &pack.mate] {
                if let Some(bare) = words.strip_suffix(&format!(" {}", vocabulary.said(suffix))) {
                    out.push(bare.to_string());
                }
            }
            out.push(words);
        }
    }
    let square = vocabulary.said(&mv.to().to_string());
    let quiet_to = (!mv.is_capture() && !mv.is_castle()).then_some(square.as_str());
    let others: Vec<String> = out.iter().flat_map(|phrase| vocabulary.also_said(phrase, quiet_to)).collect();
    out.extend(others);
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_fen;

    fn pack(name: &str) -> PhrasePack {
        PhrasePack::named(name).unwrap()
    }

    fn uci(mv: Option<Move>) -> Option<String> {
        mv.map(|m| m.to_string())
    }

    #[test]
    fn every_legal_move_is_named_and_only_legal_moves() {
        let pos = Chess::default();
        let g = MoveGrammar::for_position(&pos, &pack("appendix-e"));
        assert_eq!(uci(g.move_of("Springer Felix drei")), Some("Ng1-f3".into()));
        assert_eq!(uci(g.move_of("springer gustav eins felix drei")), Some("Ng1-f3".into()));
        assert_eq!(uci(g.move_of("Eva vier")), Some("e2-e4".into()));
        assert_eq!(uci(g.move_of("Bauer Eva vier")), Some("e2-e4".into()));
        assert_eq!(g.move_of("Eva fünf"), None);
        let named: std::collections::HashSet<Move> = g.phrases.values().copied().collect();
        assert_eq!(named.len(), 20);
        assert!(g.jsgf().starts_with("#JSGF V1.0;\ngrammar moves;\npublic <move> = "));
    }

    #[test]
    fn english_squares_are_said_as_letter_and_number() {
        let g = MoveGrammar::for_position(&Chess::default(), &pack("en"));
        assert_eq!(uci(g.move_of("knight f three")), Some("Ng1-f3".into()));
        assert_eq!(uci(g.move_of("e four")), Some("e2-e4".into()));
        assert!(g.words().iter().all(|w| !w.chars().any(|c| c.is_ascii_digit())), "{:?}", g.words());
    }

    #[test]
    fn estonian_squares_are_said_with_the_letters_estonian_names() {
        let g = MoveGrammar::for_position(&Chess::default(), &pack("et"));
        assert_eq!(uci(g.move_of("ratsu eff kolm")), Some("Ng1-f3".into()));
        assert_eq!(uci(g.move_of("ee neli")), Some("e2-e4".into()));
    }

    #[test]
    fn the_forms_players_use_name_the_same_moves() {
        let pos = parse_fen("r3k2r/8/8/3p4/4P3/8/6N1/R3K2R w KQkq - 0 1").unwrap();
        let en = MoveGrammar::for_position(&pos, &pack("en"));
        assert_eq!(uci(en.move_of("knight to e three")), Some("Ng2-e3".into()));
        assert_eq!(uci(en.move_of("knight g two to e three")), Some("Ng2-e3".into()));
        assert_eq!(uci(en.move_of("pawn e takes d five")), Some("e4xd5".into()));
        assert_eq!(uci(en.move_of("e captures d five")), Some("e4xd5".into()));
        assert_eq!(uci(en.move_of("castles kingside")), Some("O-O".into()));
        assert_eq!(uci(en.move_of("castle queenside")), Some("O-O-O".into()));
        assert_eq!(en.move_of("e to d five"), None, "a capture takes no 'to'");
        assert_eq!(en.move_of("to e five"), None, "'to' comes after a piece");
        let et = MoveGrammar::for_position(&pos, &pack("et"));
        assert_eq!(uci(et.move_of("lühike vangerdus")), Some("O-O".into()));
        assert_eq!(uci(et.move_of("lühike")), Some("O-O".into()));
        assert_eq!(uci(et.move_of("ettur ee võtab dee viis")), Some("e4xd5".into()));
        let de = MoveGrammar::for_position(&pos, &pack("appendix-e"));
        assert_eq!(uci(de.move_of("springer nach eva drei")), Some("Ng2-e3".into()));
        assert_eq!(uci(de.move_of("kleine rochade")), Some("O-O".into()));
        assert_eq!(uci(de.move_of("eva nimmt david fünf")), Some("e4xd5".into()));
    }

    #[test]
    fn spoken_commands_stand_for_their_records_and_colours_for_themselves() {
        let words = [("zeit", "time"), ("ja", "accept")];
        let g = MoveGrammar::for_position(&Chess::default(), &pack("appendix-e")).with_commands(&words);
        assert_eq!(g.meaning("zeit"), Some(Meaning::Command("time")));
        assert_eq!(g.meaning("ja"), Some(Meaning::Command("accept")));
        assert_eq!(g.meaning("schwarz"), Some(Meaning::Colour(Color::Black)));
    }

    #[test]
    fn the_last_move_can_be_said_again_or_corrected() {
        let before = Chess::default();
        let mut after = before.clone();
        let nf3 = g1f3(&before);
        after.play_unchecked(nf3);
        let g = MoveGrammar::for_position(&after, &pack("appendix-e")).with_previous(&before, &pack("appendix-e"));
        assert_eq!(g.meaning("Springer Felix drei"), Some(Meaning::Repeated(nf3)));
        assert!(matches!(g.meaning("Springer Hector drei"), Some(Meaning::Repeated(m)) if m != nf3));
        assert!(matches!(g.meaning("korrigieren Springer Hector drei"), Some(Meaning::Corrected(_))));
        // A move of the side to move comes first: Black's "Eva fünf" is Black's move.
        assert!(matches!(g.meaning("Eva fünf"), Some(Meaning::Move(_))));
        assert!(said(&g.jsgf()).contains("korrigieren springer hector drei"));
    }

    fn g1f3(pos: &Chess) -> Move {
        pos.legal_moves().into_iter().find(|m| m.to_string() == "Ng1-f3").unwrap()
    }

    #[test]
    fn moves_not_legal_here_are_any_piece_to_any_square_and_a_pawn_within_its_reach() {
        let pos = Chess::default();
        let g = MoveGrammar::for_position(&pos, &pack("appendix-e"));
        let not_legal = g.jsgf_not_legal().unwrap();
        // The bishop on f1 cannot go to c4 yet, nor the queen to h5, nor a rook to b5; the knight
        // on g1 cannot take its own pawn on e2, nor castle.
        for said in
            ["läufer cesar vier", "dame hector fünf", "turm bella fünf", "springer schlägt eva zwei", "kurze rochade"]
        {
            assert!(g.elsewhere.iter().any(|p| p == said), "{said}");
            assert_eq!(g.meaning(said), None, "{said}");
        }
        // A pawn takes aside: "eva schlägt felix drei". Nothing legal, and no pawn three squares
        // on.
        assert!(g.elsewhere.iter().any(|p| p == "eva schlägt felix drei"));
        for said in ["springer felix drei", "eva vier", "eva fünf"] {
            assert!(!g.elsewhere.iter().any(|p| p == said), "{said}");
        }
        assert!(not_legal.contains("läufer") && !not_legal.contains("zeit"), "{not_legal}");
        // After 1. e4 they are Black's.
        let mut after = pos.clone();
        after.play_unchecked(after.legal_moves().into_iter().find(|m| m.to_string() == "e2-e4").unwrap());
        let black = MoveGrammar::for_position(&after, &pack("en")).with_previous(&pos, &pack("en"));
        assert!(black.elsewhere.iter().any(|p| p == "bishop c five") && black.move_of("knight f six").is_some());
        assert!(black.jsgf_not_legal().unwrap().ends_with(" [check];\n"), "each with or without check");
    }

    /// Every phrase a JSGF rule of words, groups and options (as the grammar writes it) accepts.
    fn said(jsgf: &str) -> BTreeSet<String> {
        let rule = jsgf.split_once(" = ").map_or("", |(_, r)| r).trim_end().trim_end_matches(';');
        let tokens: Vec<&str> = rule.split(' ').filter(|t| !t.is_empty()).collect();
        let (phrases, used) = expansion(&tokens);
        assert_eq!(used, tokens.len(), "{jsgf}");
        phrases.into_iter().map(|p| p.join(" ")).collect()
    }

    /// The phrases of the alternatives at the start of `tokens`, and how many tokens they take.
    fn expansion(tokens: &[&str]) -> (Vec<Vec<String>>, usize) {
        let mut alternatives = Vec::new();
        let mut current = vec![Vec::new()];
        let mut at = 0;
        while at < tokens.len() {
            let (parts, used) = match tokens[at] {
                ")" | "]" => break,
                "|" => {
                    alternatives.append(&mut current);
                    current = vec![Vec::new()];
                    at += 1;
                    continue;
                }
                open @ ("(" | "[") => {
                    let (mut inner, used) = expansion(&tokens[at + 1..]);
                    if open == "[" {
                        inner.push(Vec::new());
                    }
                    (inner, used + 2)
                }
                word => (vec![vec![word.to_string()]], 1),
            };
            current = current.iter().flat_map(|c| parts.iter().map(move |p| [c.clone(), p.clone()].concat())).collect();
            at += used;
        }
        alternatives.append(&mut current);
        (alternatives, at)
    }

    #[test]
    fn the_grammar_says_every_phrase_and_nothing_else() {
        let before = Chess::default();
        let mut after = before.clone();
        after.play_unchecked(g1f3(&before));
        for name in ["appendix-e", "en", "et"] {
            let g = MoveGrammar::for_position(&after, &pack(name)).with_previous(&before, &pack(name));
            let phrases: BTreeSet<String> = g.alternatives().into_iter().collect();
            let jsgf = g.jsgf();
            assert_eq!(said(&jsgf), phrases, "{name}");
            // Each beginning once: far fewer words to follow than in the phrases one by one.
            let flat: usize = phrases.iter().map(|p| p.split(' ').count()).sum();
            let words =
                jsgf.split([' ', ';', '\n']).filter(|t| t.chars().all(char::is_alphabetic) && !t.is_empty()).count();
            assert!(words < flat / 2, "shared: {jsgf}");
        }
    }

    #[test]
    fn the_rest_halved_is_the_rest_in_two_halves() {
        let pos = Chess::default();
        let g = MoveGrammar::for_position(&pos, &pack("appendix-e")).with_commands(&[("zeit", "time")]);
        let (first, second) = g.jsgf_without_halved(Meaning::Move(g1f3(&pos))).unwrap();
        let (first, second) = (said(&first), said(&second));
        assert!(first.is_disjoint(&second) && first.len().abs_diff(second.len()) <= 1, "{first:?} {second:?}");
        let whole = said(&g.jsgf_without(Meaning::Move(g1f3(&pos))).unwrap());
        assert_eq!(first.union(&second).cloned().collect::<BTreeSet<_>>(), whole);
    }

    #[test]
    fn phrases_that_begin_alike_share_their_first_words() {
        let phrases = [vec!["a", "b"], vec!["a", "c", "d"], vec!["a"], vec!["e"]];
        assert_eq!(shared(&phrases), "( a [( b | c d )] | e )");
        assert_eq!(shared(&[vec!["dame", "eva", "fünf"]]), "dame eva fünf");
    }

    #[test]
    fn the_grammar_without_a_meaning_keeps_everything_else() {
        let pos = Chess::default();
        let g = MoveGrammar::for_position(&pos, &pack("appendix-e")).with_commands(&[("zeit", "time")]);
        let rest = g.jsgf_without(Meaning::Move(g1f3(&pos))).unwrap();
        let rest = said(&rest);
        assert!(!rest.contains("springer felix drei") && !rest.contains("springer gustav eins felix drei"));
        assert!(rest.contains("springer hector drei") && rest.contains("zeit"));
        let knight: BTreeSet<String> =
            g.alternatives().into_iter().filter(|p| g.meaning(p) == Some(Meaning::Move(g1f3(&pos)))).collect();
        assert!(knight.len() >= 2, "{knight:?}");
        let all = said(&g.jsgf());
        assert_eq!(all.difference(&rest).cloned().collect::<BTreeSet<_>>(), knight, "only the knight's move left out");
        assert!(rest.is_subset(&all));
    }

    #[test]
    fn words_that_sound_almost_like_another_meaning_are_never_sure() {
        let pos = Chess::default();
        let en = MoveGrammar::for_position(&pos, &pack("en"));
        assert!(!en.sure("e four", 50.0, 1.0), "e four and d four differ by one phone");
        assert!(!en.sure("b three", 50.0, 1.0));
        assert!(en.sure("knight f three", 50.0, 1.0) || !en.sure("knight f three", 0.5, 1.0));
        let de = MoveGrammar::for_position(&pos, &pack("appendix-e"));
        assert!(de.sure("springer felix drei", 5.0, 1.0));
        assert!(!de.sure("springer felix drei", 0.5, 1.0), "below the threshold");
        assert!(near(&["a", "b"], &["a"]) && near(&["a", "b"], &["a", "c"]) && !near(&["a", "b"], &["c", "d"]));
    }

    #[test]
    fn a_form_that_names_two_moves_is_left_out() {
        // Both knights can go to d2: only the forms with the departure square name them.
        let pos = parse_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
        let g = MoveGrammar::for_position(&pos, &pack("appendix-e"));
        assert_eq!(g.move_of("Springer David zwei"), None);
        assert!(g.move_of("Springer Bella eins David zwei").is_some());
        assert!(g.move_of("Springer Felix eins David zwei").is_some());
    }

    #[test]
    fn every_word_of_each_vocabulary_is_in_its_pronunciation_dictionary() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/pP6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
            "r3k2r/1P6/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1",
        ];
        for name in ["appendix-e", "en", "et"] {
            let dict = vocabulary(name).unwrap().dictionary;
            let known: std::collections::HashSet<&str> = dict.lines().filter_map(|l| l.split(' ').next()).collect();
            for fen in fens {
                let pos = parse_fen(fen).unwrap();
                let g = MoveGrammar::for_position(&pos, &pack(name)).with_previous(&pos, &pack(name));
                for word in g.words() {
                    assert!(known.contains(word.as_str()), "{name}: {word} has no pronunciation");
                }
            }
        }
    }
}
