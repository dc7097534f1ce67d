//! PGN (the export format of the PGN standard): every tag in its order (the seven-tag roster,
//! TimeControl, Termination, SetUp and FEN among them); every move with the mover's clock as
//! `[%clk H:MM:SS]`, a draw offer made with it as `(=)` (Appendix C.13), its comment, its move marks
//! (`!`, `?!`, `$1` …, kept as NAGs) and the variations that follow it; a comment before the first
//! move. Reading goes through pgn-reader; nothing a game holds is lost, and a game read and written
//! again gives the same text.

use std::ops::ControlFlow;
use std::time::Duration;

use pgn_reader::{Nag, Outcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{Chess, Move, Position};

pub use super::pgn_games::PgnError;
use super::pgn_games::{games, playable_variant, standard_text, tag_value, Listed};
use crate::notation::MovetextError;
use crate::rules::{parse_fen, to_fen};

/// The PGN tag that names the player at the tactile board.
pub const BLIND_TAG: &str = "BlindPlayer";

/// One move of a PGN game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnMove {
    /// The move.
    pub mv: Move,
    /// The mover's time after the move.
    pub clock: Option<Duration>,
    /// A draw offer was made with this move.
    pub offer: bool,
    /// The comment after the move, without the clock and the offer.
    pub comment: Option<String>,
    /// Its move marks as NAGs (`!` is 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6 …).
    pub nags: Vec<u8>,
    /// The variations after it, each as movetext without its parentheses.
    pub variations: Vec<String>,
    /// The comment as read, clock and offer included: written back as it was while they agree
    /// with it.
    pub read: Option<String>,
}

impl PgnMove {
    /// A move with nothing else.
    pub fn new(mv: Move) -> PgnMove {
        PgnMove { mv, clock: None, offer: false, comment: None, nags: Vec::new(), variations: Vec::new(), read: None }
    }

    /// The comment to write: as read, when the clock, the offer and the words still agree with
    /// it; else made of them.
    fn written_comment(&self) -> Option<String> {
        if let Some(read) =
            self.read.as_ref().filter(|r| split_comment(r) == (self.clock, self.offer, self.comment.clone()))
        {
            return Some(read.clone());
        }
        let mut parts = Vec::new();
        if let Some(c) = self.clock {
            parts.push(format!("[%clk {}]", clock_text(c)));
        }
        if self.offer {
            parts.push("(=)".into());
        }
        if let Some(c) = &self.comment {
            parts.push(c.clone());
        }
        (!parts.is_empty()).then(|| parts.join(" "))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
/// A game read from or written as PGN.
pub struct PgnGame {
    /// The tags in order, the seven-tag roster first.
    pub tags: Vec<(String, String)>,
    /// The start position, when not the initial one.
    pub start: Option<String>,
    /// The moves.
    pub moves: Vec<PgnMove>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The comment before the first move.
    pub intro: Option<String>,
}

/// A clock reading as `[%clk]` writes it: `H:MM:SS`, with the tenths or hundredths it was read
/// with (`0:10:01.7`), never cut to whole seconds.
fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    let whole = format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    match d.subsec_millis() {
        0 => whole,
        ms => format!("{whole}.{}", format!("{ms:03}").trim_end_matches('0')),
    }
}

fn parse_clock(text: &str) -> Option<Duration> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    let [h, m, s] = parts[..] else { return None };
    let secs: f64 = s.parse().ok()?;
    let total = h.parse::<u64>().ok()? * 3600 + m.parse::<u64>().ok()? * 60;
    Some(Duration::from_millis(total * 1000 + (secs * 1000.0).round() as u64))
}

fn escape_tag(value: &str) -> String {
    let flat: String = value.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    flat.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Tag names are letters, digits and underscores (PGN 8.1.1); others are not written.
fn valid_tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl PgnGame {
    /// The game as PGN text, lines of at most 79 characters (longer only where a comment's word
    /// could not begin a line).
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (name, value) in self.tags.iter().filter(|(n, _)| valid_tag_name(n)) {
            out.push_str(&format!("[{name} \"{}\"]\n", escape_tag(value)));
        }
        out.push('\n');
        let mut pos: Chess = self.start.as_deref().and_then(|f| parse_fen(f).ok()).unwrap_or_default();
        let mut tokens: Vec<String> = Vec::new();
        if let Some(intro) = &self.intro {
            tokens.push(format!("{{{intro}}}"));
        }
        for (i, m) in self.moves.iter().enumerate() {
            let number = pos.fullmoves().get();
            let interrupted =
                |p: &PgnMove| p.comment.is_some() || p.clock.is_some() || p.offer || !p.variations.is_empty();
            if pos.turn().is_white() {
                tokens.push(format!("{number}."));
            } else if i == 0 || interrupted(&self.moves[i - 1]) {
                tokens.push(format!("{number}..."));
            }
            tokens.push(SanPlus::from_move_and_play_unchecked(&mut pos, m.mv).to_string());
            tokens.extend(m.nags.iter().map(|n| format!("${n}")));
            if let Some(comment) = m.written_comment() {
                tokens.push(format!("{{{comment}}}"));
            }
            for variation in &m.variations {
                tokens.extend(format!("({variation})").split(' ').map(String::from));
            }
        }
        tokens.push(self.result.clone());
        let mut line = String::new();
        for token in tokens {
            // A line that begins with `[` would begin a tag section (a new game), one that begins
            // with `%` is an escape: such a token (inside a comment) stays on the line before.
            let may_begin_a_line = !token.starts_with(['[', '%']);
            if !line.is_empty() && line.len() + 1 + token.len() > 79 && may_begin_a_line {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }

    /// Reads the first game of a PGN text, its moves in any notation (see `standard_movetext`).
    pub fn read(text: &str) -> Result<PgnGame, PgnError> {
        PgnGame::read_noting(text).map(|(game, _)| game)
    }

    /// Reads the first game of a PGN text, with the brackets left out of its moves (a `)` that
    /// closes nothing, a `(` before the first move), to be said.
    pub fn read_noting(text: &str) -> Result<(PgnGame, Vec<MovetextError>), PgnError> {
        PgnGame::read_game(games(text).first().copied().unwrap_or(text))
    }

    /// The games of a PGN text, each named by its players and result (for choosing one).
    pub fn list(text: &str) -> Vec<Listed> {
        games(text)
            .iter()
            .map(|game| {
                let tag = |name: &str| tag_value(game, name).unwrap_or_else(|| "?".into());
                Listed { white: tag("White"), black: tag("Black"), result: tag("Result") }
            })
            .collect()
    }

    fn read_game(text: &str) -> Result<(PgnGame, Vec<MovetextError>), PgnError> {
        if text.len() > MAX_PGN {
            return Err(PgnError::TooLarge(text.len()));
        }
        if let Some(variant) = tag_value(text, "Variant").filter(|v| !playable_variant(v)) {
            return Err(PgnError::Variant(variant));
        }
        let (text, left_out) = standard_text(text)?;
        // Tags are read whole however long: the reader's buffer holds the longest tag section.
        let head = text.find("\n\n").unwrap_or(text.len());
        let mut reader = Reader::build(text.as_bytes()).set_supported_tag_line_length(head).finish();
        let mut visitor = Collect;
        match reader.read_game(&mut visitor) {
            // The tags as read decide the variant, however the tag line was written.
            Ok(Some(Ok(game))) => match game.tags.iter().find(|(n, v)| n == "Variant" && !playable_variant(v)) {
                Some((_, variant)) => Err(PgnError::Variant(variant.clone())),
                None => Ok((game, left_out)),
            },
            Ok(Some(Err(e))) => Err(e),
            Ok(None) => Err(PgnError::NoGame),
            Err(e) => Err(PgnError::Unreadable(e.to_string())),
        }
    }
}

/// The largest PGN read, in bytes (a file of thousands of games is far smaller).
pub const MAX_PGN: usize = 64 << 20;

/// Marks of a nested variation's brackets while its text is joined (never in a PGN's text).
const OPEN: char = '\u{1}';
const CLOSE: char = '\u{2}';

struct Collect;

struct Moves {
    game: PgnGame,
    pos: Chess,
    error: Option<PgnError>,
    /// How deep in variations the reader is (0: the game's own moves).
    depth: usize,
    /// The variation being read, as movetext.
    variation: Vec<String>,
    /// The position before the last move of the game's own moves.
    before: Chess,
    /// For each variation being read, the position before its last move and after it, and
    /// whether its next move needs its number (at its start, after a comment or a variation).
    lines: Vec<(Chess, Chess, bool)>,
    /// The part of a long comment read so far (the reader hands it over in pieces).
    pending: Vec<u8>,
}

impl Moves {
    /// Adds a token to the variation being read.
    fn aside(&mut self, token: String) {
        self.variation.push(token);
        if let Some(line) = self.lines.last_mut() {
            line.2 = true;
        }
    }

    /// A move of the variation being read, with its number where one is wanted.
    fn aside_move(&mut self, san_plus: &SanPlus) {
        let Some((before, pos, numbered)) = self.lines.last_mut() else { return };
        let number = pos.fullmoves().get();
        if pos.turn().is_white() {
            self.variation.push(format!("{number}."));
        } else if *numbered {
            self.variation.push(format!("{number}..."));
        }
        *numbered = false;
        self.variation.push(san_plus.to_string());
        let after = match san_plus.san.to_move(pos) {
            Ok(mv) => {
                let mut after = pos.clone();
                after.play_unchecked(mv);
                Some(after)
            }
            // A null move (`--`, in an annotator's variation) passes the turn: the numbers of the
            // moves after it count on.
            Err(_) if matches!(san_plus.san, shakmaty::san::San::Null) => passed(pos),
            Err(_) => None,
        };
        if let Some(after) = after {
            *before = std::mem::replace(pos, after);
        }
    }
}

/// The position after a null move in `pos`: the other side to move, the move number counted on
/// after Black's; none where the side to move is in check.
fn passed(pos: &Chess) -> Option<Chess> {
    let mut setup = pos.to_setup(shakmaty::EnPassantMode::Legal);
    setup.ep_square = None;
    if setup.turn.is_black() {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = setup.turn.other();
    shakmaty::FromSetup::from_setup(setup, shakmaty::CastlingMode::Chess960).ok()
}

/// Splits a comment into its clock, its draw offer and the rest.
fn split_comment(text: &str) -> (Option<Duration>, bool, Option<String>) {
    let mut rest = text.to_string();
    let mut clock = None;
    if let Some(start) = rest.find("[%clk ") {
        if let Some(len) = rest[start..].find(']') {
            clock = parse_clock(&rest[start + 6..start + len]);
            rest.replace_range(start..start + len + 1, "");
        }
    }
    let offer = rest.contains("(=)");
    let rest = rest.replacen("(=)", "", 1);
    let rest = rest.split_whitespace().collect::<Vec<_>>().join(" ");
    (clock, offer, (!rest.is_empty()).then_some(rest))
}

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = Moves;
    type Output = Result<PgnGame, PgnError>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        tags.push((String::from_utf8_lossy(name).into_owned(), value.decode_utf8_lossy().into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let start = tags.iter().find(|(n, _)| n == "FEN").map(|(_, v)| v.clone());
        let pos = match &start {
            Some(fen) => match parse_fen(fen) {
                Ok(pos) => pos,
                Err(e) => return ControlFlow::Break(Err(PgnError::Fen(e))),
            },
            None => Chess::default(),
        };
        let game = PgnGame { tags, start, moves: Vec::new(), result: "*".into(), intro: None };
        let before = pos.clone();
        ControlFlow::Continue(Moves {
            game,
            pos,
            error: None,
            depth: 0,
            variation: Vec::new(),
            before,
            lines: Vec::new(),
            pending: Vec::new(),
        })
    }

    fn san(&mut self, m: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if m.depth > 0 {
            m.aside_move(&san_plus);
            return ControlFlow::Continue(());
        }
        if m.error.is_some() {
            return ControlFlow::Continue(());
        }
        match san_plus.san.to_move(&m.pos) {
            Ok(mv) => {
                m.before = m.pos.clone();
                m.pos.play_unchecked(mv);
                m.game.moves.push(PgnMove::new(mv));
            }
            Err(_) => {
                let number = format!("{}{}", m.pos.fullmoves(), if m.pos.turn().is_white() { "." } else { "..." });
                m.error = Some(PgnError::IllegalMove { number, san: san_plus.to_string() });
            }
        }
        ControlFlow::Continue(())
    }

    fn partial_comment(&mut self, m: &mut Self::Movetext, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        m.pending.extend_from_slice(comment.as_bytes());
        ControlFlow::Continue(())
    }

    fn comment(&mut self, m: &mut Self::Movetext, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        m.pending.extend_from_slice(comment.as_bytes());
        let text = String::from_utf8_lossy(&std::mem::take(&mut m.pending)).into_owned();
        if m.depth > 0 {
            m.aside(format!("{{{}}}", text.trim()));
            return ControlFlow::Continue(());
        }
        if m.game.moves.is_empty() {
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            m.game.intro = match (m.game.intro.take(), text.is_empty()) {
                (Some(a), false) => Some(format!("{a} {text}")),
                (a, true) => a,
                (None, false) => Some(text),
            };
        }
        if let Some(last) = m.game.moves.last_mut() {
            let trimmed = text.split_whitespace().collect::<Vec<_>>().join(" ");
            last.read = match last.read.take() {
                Some(before) => Some(format!("{before} {trimmed}")),
                None => Some(trimmed),
            };
            let (clock, offer, rest) = split_comment(&text);
            last.clock = last.clock.or(clock);
            last.offer |= offer;
            last.comment = match (last.comment.take(), rest) {
                (Some(a), Some(b)) => Some(format!("{a} {b}")),
                (a, b) => a.or(b),
            };
        }
        ControlFlow::Continue(())
    }

    fn nag(&mut self, m: &mut Self::Movetext, nag: Nag) -> ControlFlow<Self::Output> {
        if m.depth > 0 {
            m.aside(nag.to_string());
        } else if let Some(last) = m.game.moves.last_mut() {
            last.nags.push(nag.0);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, m: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        if m.depth > 0 {
            m.aside(format!("{OPEN}("));
        }
        m.depth += 1;
        // A variation replaces the last move of the line it is in.
        let start = m.lines.last().map_or_else(|| m.before.clone(), |(before, _, _)| before.clone());
        m.lines.push((start.clone(), start, true));
        // A variation before any move has nothing to follow: it is skipped (and said).
        ControlFlow::Continue(Skip(m.game.moves.is_empty()))
    }

    fn end_variation(&mut self, m: &mut Self::Movetext) -> ControlFlow<Self::Output> {
        m.depth = m.depth.saturating_sub(1);
        m.lines.pop();
        if m.depth > 0 {
            m.aside(format!("){CLOSE}"));
        } else {
            // Only the spaces joining a nested variation's brackets to its moves go, not a space
            // inside a comment before its own bracket.
            let text = std::mem::take(&mut m.variation).join(" ");
            let text = text.replace(&format!("{OPEN}( "), "(").replace(&format!(" ){CLOSE}"), ")");
            if let Some(last) = m.game.moves.last_mut().filter(|_| !text.is_empty()) {
                last.variations.push(text);
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, m: &mut Self::Movetext, outcome: Outcome) -> ControlFlow<Self::Output> {
        m.game.result = outcome.to_string();
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mut m: Self::Movetext) -> Self::Output {
        // Moves that end without a result (or with `*`) take the Result tag's, as other readers do.
        let tagged = m.game.tags.iter().find(|(k, _)| k == "Result").map(|(_, v)| v.trim());
        if let Some(result) = tagged.filter(|r| m.game.result == "*" && ["1-0", "0-1", "1/2-1/2"].contains(r)) {
            m.game.result = result.to_string();
        }
        match m.error {
            Some(e) => Err(e),
            None => Ok(m.game),
        }
    }
}

/// The FEN to write in a SetUp game: only when the start is not the initial position.
pub fn start_fen(start: &Chess) -> Option<String> {
    (start != &Chess::default()).then(|| to_fen(start))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = r#"[Event "Club"]
[Site "Tallinn"]
[Date "2026.11.21"]
[Round "1"]
[White "Anna"]
[Black "Bruno"]
[Result "0-1"]
[TimeControl "5400+30"]
[Termination "normal"]

1. f3 {[%clk 1:29:58]} 1... e5 {[%clk 1:29:50] (=) a bold offer} 2. g4
{[%clk 1:29:55]} 2... Qh4# {[%clk 1:29:40]} 0-1

"#;

    #[test]
    fn clock_readings_keep_their_tenths_and_hundredths() {
        assert_eq!(clock_text(Duration::from_millis(601_700)), "0:10:01.7");
        assert_eq!(clock_text(Duration::from_millis(601_730)), "0:10:01.73");
        assert_eq!(clock_text(Duration::from_secs(259_190)), "71:59:50");
        let game = PgnGame::read("1. e4 {[%clk 0:10:01.7]} 1... e5 {[%clk 0:10:02.25]} *\n").unwrap();
        let mut rebuilt = game.clone();
        // Written anew from the moves (as the engine's copy is), not from the text read.
        rebuilt.moves.iter_mut().for_each(|m| m.comment = None);
        let written = rebuilt.write();
        assert!(written.contains("[%clk 0:10:01.7]") && written.contains("[%clk 0:10:02.25]"), "{written}");
    }

    #[test]
    fn a_comment_ending_a_variation_keeps_its_spaces() {
        let game = PgnGame::read("1. e4 (1. d4 {x (a b )}) 1... e5 *\n").unwrap();
        assert_eq!(game.moves[0].variations, ["1. d4 {x (a b )}"]);
        let nested = PgnGame::read("1. e4 (1. d4 (1. c4 c5) 1... d5) 1... e5 *\n").unwrap();
        assert_eq!(nested.moves[0].variations, ["1. d4 (1. c4 c5) 1... d5"]);
    }

    #[test]
    fn moves_after_a_null_move_in_a_variation_are_numbered_on() {
        let game = PgnGame::read("1. e4 e5 2. Nf3 (2. -- Nc6 3. Nf3) 2... Nc6 *\n").unwrap();
        assert_eq!(game.moves[2].variations, ["2. -- Nc6 3. Nf3"]);
        let game = PgnGame::read("1. e4 e5 (1... -- 2. d4) 2. Nf3 *\n").unwrap();
        assert_eq!(game.moves[1].variations, ["1... -- 2. d4"]);
    }

    #[test]
    fn read_and_write_again_is_the_same() {
        let game = PgnGame::read(GAME).unwrap();
        assert_eq!(game.moves.len(), 4);
        assert_eq!(game.moves[1].clock, Some(Duration::from_secs(5390)));
        assert!(game.moves[1].offer);
        assert_eq!(game.moves[1].comment.as_deref(), Some("a bold offer"));
        assert_eq!(game.result, "0-1");
        assert_eq!(game.write(), GAME);
    }

    #[test]
    fn games_in_other_notations_read_as_the_same_game() {
        let german = "[Event \"Club\"]\n[Result \"1-0\"]\n\n1.e2-e4 e7-e5 2.Sg1-f3 Sb8-c6 3.Lf1-b5 a7-a6\n4.Lb5:c6 d7:c6 5.0-0 {castled} Dd8-f6 1-0\n";
        let san = "[Event \"Club\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O {castled} 5... Qf6 1-0\n\n";
        let game = PgnGame::read(german).unwrap();
        assert_eq!(game.moves.len(), 10);
        assert_eq!(game.moves[8].comment.as_deref(), Some("castled"));
        assert_eq!(game.write(), san);
        assert_eq!(PgnGame::read(san).unwrap(), game);
        let unreadable = "[Event \"?\"]\n\n1. e2-e4 e7-e5 2. Sg1-f4 *\n";
        assert_eq!(PgnGame::read(unreadable), Err(PgnError::IllegalMove { number: "2.".into(), san: "Sg1-f4".into() }));
    }

    #[test]
    fn odd_tags_cannot_break_the_movetext() {
        let game = PgnGame {
            tags: vec![("Event".into(), "a \"b\"\n[c \\".into()), ("Bad Name".into(), "x".into())],
            start: None,
            moves: Vec::new(),
            result: "*".into(),
            intro: None,
        };
        let again = PgnGame::read(&game.write()).unwrap();
        assert_eq!(again.tags, vec![("Event".to_string(), "a \"b\" [c \\".to_string())]);
        assert!(again.moves.is_empty());
    }

    #[test]
    fn text_the_fuzzer_found_is_refused_or_read_without_a_panic() {
        let found: &[u8] = b"[Variant\" H\x01Variant\" H\x01\0\0\0\0\0\0\0\0\0\0\0\0\x04\x080";
        let text = std::str::from_utf8(found).unwrap();
        if let Ok(game) = PgnGame::read(text) {
            PgnGame::read(&game.write()).expect("a written game reads back");
        }
    }

    /// The fuzzer's find: a variation's comment wrapped so that a line began with `[`, which
    /// reads as the next game's tags.
    #[test]
    fn no_written_line_begins_a_tag_section_or_an_escape() {
        // Comments of every length, so that the line is full just before `[` or `%`.
        for n in 0..20 {
            let words = "word ".repeat(n);
            let text = format!("1. h4 (1. h3 {{{words}[bracket %percent}} 1... h5) *\n");
            let game = PgnGame::read(&text).unwrap();
            let written = game.write();
            let starts = |l: &str| l.trim_start().starts_with(['[', '%']);
            assert!(written.lines().skip_while(|l| !l.is_empty()).all(|l| !starts(l)), "{written}");
            let again = PgnGame::read(&written).expect("a written game reads back");
            assert_eq!(again.moves.len(), game.moves.len());
            // The variation's words as they were (a line's end between them is a space).
            let words = |g: &PgnGame| g.moves[0].variations.join(" ").split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(words(&again), words(&game));
        }
    }

    #[test]
    fn setup_positions_and_errors() {
        let text = "[Event \"?\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *\n\n";
        let game = PgnGame::read(text).unwrap();
        assert_eq!(game.write(), text);
        let illegal = "[Event \"?\"]\n\n1. e4 e5 2. Ke3 *\n";
        assert_eq!(PgnGame::read(illegal), Err(PgnError::IllegalMove { number: "2.".into(), san: "Ke3".into() }));
        let bad_fen = "[FEN \"nonsense\"]\n\n1. e4 *\n";
        assert!(matches!(PgnGame::read(bad_fen), Err(PgnError::Fen(_))));
        let atomic = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 *\n";
        assert_eq!(PgnGame::read(atomic), Err(PgnError::Variant("Crazyhouse".into())));
        assert!(PgnGame::read("[Variant \"From Position\"]\n\n1. e4 *\n").is_ok());
        assert_eq!(PgnGame::read(""), Err(PgnError::NoGame));
    }
}
