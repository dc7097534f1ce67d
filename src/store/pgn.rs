//! PGN (the export format of the PGN standard): the seven-tag roster, TimeControl, Termination,
//! SetUp and FEN; every move with the mover's clock as `[%clk H:MM:SS]`, a draw offer made with
//! it as `(=)` (Appendix C.13), and its comment. Reading goes through pgn-reader; a game read and
//! written again gives the same text.

use std::ops::ControlFlow;
use std::time::Duration;

use pgn_reader::{Outcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{Chess, Move, Position};

use crate::notation::{standard_movetext, MoveReader, MovetextError, PhrasePack};
use crate::rules::{parse_fen, to_fen};

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
}

/// Why a PGN was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    #[error("the text holds no game")]
    /// The text holds no game.
    NoGame,
    #[error("the FEN tag is refused: {0}")]
    /// The FEN tag is refused.
    Fen(String),
    #[error("move {number}, {san}, is not legal in that position")]
    /// A move is not legal.
    IllegalMove {
        /// Its move number.
        number: String,
        /// The move as written.
        san: String,
    },
    #[error("the PGN cannot be read: {0}")]
    /// The PGN cannot be read.
    Unreadable(String),
    /// A brace or parenthesis is stray or never closed.
    #[error("{0}")]
    Movetext(MovetextError),
    /// There is no game of that number.
    #[error("there is no game {number}; the file holds {count}")]
    NoSuchGame {
        /// The number asked for.
        number: usize,
        /// How many games there are.
        count: usize,
    },
    /// The text is larger than [`MAX_PGN`].
    #[error("the PGN is {0} bytes long; at most 64 MB are read")]
    TooLarge(usize),
}

fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
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
    /// The game as PGN text, lines of at most 79 characters.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (name, value) in self.tags.iter().filter(|(n, _)| valid_tag_name(n)) {
            out.push_str(&format!("[{name} \"{}\"]\n", escape_tag(value)));
        }
        out.push('\n');
        let mut pos: Chess = self.start.as_deref().and_then(|f| parse_fen(f).ok()).unwrap_or_default();
        let mut tokens: Vec<String> = Vec::new();
        for (i, m) in self.moves.iter().enumerate() {
            let number = pos.fullmoves().get();
            if pos.turn().is_white() {
                tokens.push(format!("{number}."));
            } else if i == 0 || self.moves[i - 1].comment.is_some() || self.moves[i - 1].clock.is_some() {
                tokens.push(format!("{number}..."));
            }
            tokens.push(SanPlus::from_move_and_play_unchecked(&mut pos, m.mv).to_string());
            let mut parts = Vec::new();
            if let Some(c) = m.clock {
                parts.push(format!("[%clk {}]", clock_text(c)));
            }
            if m.offer {
                parts.push("(=)".into());
            }
            if let Some(c) = &m.comment {
                parts.push(c.clone());
            }
            if !parts.is_empty() {
                tokens.push(format!("{{{}}}", parts.join(" ")));
            }
        }
        tokens.push(self.result.clone());
        let mut line = String::new();
        for token in tokens {
            if !line.is_empty() && line.len() + 1 + token.len() > 79 {
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
        PgnGame::read_game(games(text).first().copied().unwrap_or(text))
    }

    /// The games of a PGN text, each named by its number, players and result (for choosing one).
    pub fn list(text: &str) -> Vec<String> {
        games(text)
            .iter()
            .enumerate()
            .map(|(i, game)| {
                let tag = |name: &str| {
                    game.lines()
                        .find_map(|l| {
                            l.trim().strip_prefix(&format!("[{name} \"")).map(|v| v.trim_end_matches("\"]").to_string())
                        })
                        .unwrap_or_else(|| "?".into())
                };
                format!("{}. {} – {}, {}", i + 1, tag("White"), tag("Black"), tag("Result"))
            })
            .collect()
    }

    fn read_game(text: &str) -> Result<PgnGame, PgnError> {
        if text.len() > MAX_PGN {
            return Err(PgnError::TooLarge(text.len()));
        }
        let text = standard_text(text)?;
        let mut reader = Reader::new(text.as_bytes());
        let mut visitor = Collect;
        match reader.read_game(&mut visitor) {
            Ok(Some(result)) => result,
            Ok(None) => Err(PgnError::NoGame),
            Err(e) => Err(PgnError::Unreadable(e.to_string())),
        }
    }
}

/// The largest PGN read, in bytes (a file of thousands of games is far smaller).
pub const MAX_PGN: usize = 64 << 20;

/// The games of a PGN text: each is its tag section and the movetext after it.
pub fn games(text: &str) -> Vec<&str> {
    let mut starts = vec![0];
    let mut in_movetext = false;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let tag = line.trim_start().starts_with('[');
        if tag && in_movetext {
            starts.push(offset);
            in_movetext = false;
        } else if !tag && !line.trim().is_empty() {
            in_movetext = true;
        }
        offset += line.len();
    }
    starts.push(text.len());
    starts.windows(2).map(|w| &text[w[0]..w[1]]).filter(|g| !g.trim().is_empty()).collect()
}

/// The first game of the text with its movetext in SAN.
fn standard_text(text: &str) -> Result<String, PgnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut head = String::new();
    let mut lines = text.split_inclusive('\n').peekable();
    while let Some(line) = lines.next_if(|l| l.trim().is_empty() || l.trim_start().starts_with('[')) {
        head.push_str(line);
    }
    let mut movetext = String::new();
    while let Some(line) = lines.next_if(|l| !l.trim_start().starts_with('[')) {
        movetext.push_str(line);
    }
    let fen = head.lines().find_map(|l| {
        let rest = l.trim().strip_prefix("[FEN")?;
        Some(rest.trim().trim_end_matches(']').trim().trim_matches('"').to_string())
    });
    let start = match fen {
        Some(fen) => parse_fen(&fen).map_err(|e| PgnError::Fen(e.to_string()))?,
        None => Chess::default(),
    };
    let reader = MoveReader::new(&PhrasePack::builtin()).map_err(|e| PgnError::Unreadable(e.to_string()))?;
    // A place in the movetext, counted from the top of the file.
    let lines_above = head.matches('\n').count();
    let movetext = standard_movetext(&movetext, &start, &reader).map_err(|e| match e {
        MovetextError::Illegal { number, text } => PgnError::IllegalMove { number, san: text },
        MovetextError::Stray { mark, mut at } => {
            at.line += lines_above;
            PgnError::Movetext(MovetextError::Stray { mark, at })
        }
        MovetextError::Unclosed { mark, mut at } => {
            at.line += lines_above;
            PgnError::Movetext(MovetextError::Unclosed { mark, at })
        }
    })?;
    Ok(head + &movetext)
}

struct Collect;

struct Moves {
    game: PgnGame,
    pos: Chess,
    error: Option<PgnError>,
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
                Err(e) => return ControlFlow::Break(Err(PgnError::Fen(e.to_string()))),
            },
            None => Chess::default(),
        };
        let game = PgnGame { tags, start, moves: Vec::new(), result: "*".into() };
        ControlFlow::Continue(Moves { game, pos, error: None })
    }

    fn san(&mut self, m: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if m.error.is_some() {
            return ControlFlow::Continue(());
        }
        match san_plus.san.to_move(&m.pos) {
            Ok(mv) => {
                m.pos.play_unchecked(mv);
                m.game.moves.push(PgnMove { mv, clock: None, offer: false, comment: None });
            }
            Err(_) => {
                let number = format!("{}{}", m.pos.fullmoves(), if m.pos.turn().is_white() { "." } else { "..." });
                m.error = Some(PgnError::IllegalMove { number, san: san_plus.to_string() });
            }
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, m: &mut Self::Movetext, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        let text = String::from_utf8_lossy(comment.as_bytes()).into_owned();
        if let Some(last) = m.game.moves.last_mut() {
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

    fn begin_variation(&mut self, _m: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn outcome(&mut self, m: &mut Self::Movetext, outcome: Outcome) -> ControlFlow<Self::Output> {
        m.game.result = outcome.to_string();
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, m: Self::Movetext) -> Self::Output {
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
        };
        let again = PgnGame::read(&game.write()).unwrap();
        assert_eq!(again.tags, vec![("Event".to_string(), "a \"b\" [c \\".to_string())]);
        assert!(again.moves.is_empty());
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
        assert_eq!(PgnGame::read(""), Err(PgnError::NoGame));
    }
}
