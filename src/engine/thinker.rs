//! The engine as a player at home: a thread of its own that owns the engine's process and answers
//! each request (the engine's own move, a hint, an evaluation) with the move it chose and its
//! score, or why it could not, as a report on a channel. A report is plain data with a journal
//! line of its own, so that a practice game resumed from its journal reads exactly what the live
//! one read. Every search has a limit: an engine that stops answering is reported, never waited on
//! for ever.

use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};

use super::evaluation::Score;
use super::strength::Strength;
use super::uci::{Engine, Go};

/// A move asked of the engine.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// Its number: the answer carries it, and an answer to a request given up is let go.
    pub id: u64,
    /// The game's start position (FEN).
    pub fen: String,
    /// The game's moves from there, as UCI writes them (the engine sees repetitions).
    pub moves: Vec<String>,
    /// Whether the game is Chess960 (castling written as the king taking its rook).
    pub chess960: bool,
    /// How strongly to play.
    pub strength: Strength,
    /// How to search.
    pub go: Go,
}

/// The engine's answer to a request.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The request answered.
    pub id: u64,
    /// What the engine answered.
    pub answer: Answer,
}

/// What the engine answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// The move it chose (UCI) and its score for the side to move, when it gave one.
    Chose {
        /// The move.
        best: String,
        /// The score, for the side to move.
        score: Option<Score>,
    },
    /// It could not answer: it stopped answering, or chose a move the game does not have.
    Failed,
}

impl Report {
    /// The report as one journal line: `7 chose e2e4 cp 35`, `7 chose g1f3 mate -3`, `7 chose
    /// e2e4 none`, `7 failed`.
    pub fn record(&self) -> String {
        match &self.answer {
            Answer::Chose { best, score } => {
                let score = match score {
                    Some(Score::Centipawns(cp)) => format!("cp {cp}"),
                    Some(Score::Mate(m)) => format!("mate {m}"),
                    None => "none".into(),
                };
                format!("{} chose {best} {score}", self.id)
            }
            Answer::Failed => format!("{} failed", self.id),
        }
    }

    /// A report from its journal line.
    pub fn from_record(text: &str) -> Option<Report> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let id = words.first()?.parse().ok()?;
        let answer = match words[1..] {
            ["failed"] => Answer::Failed,
            ["chose", best, "none"] => Answer::Chose { best: best.into(), score: None },
            ["chose", best, "cp", cp] => {
                Answer::Chose { best: best.into(), score: Some(Score::Centipawns(cp.parse().ok()?)) }
            }
            ["chose", best, "mate", m] => {
                Answer::Chose { best: best.into(), score: Some(Score::Mate(m.parse().ok()?)) }
            }
            _ => return None,
        };
        Some(Report { id, answer })
    }
}

/// The longest an engine may take over a search beyond what it was given, before it has failed.
const GRACE: Duration = Duration::from_secs(10);

/// The engine's thread, answering requests.
pub struct Thinker {
    requests: Sender<Request>,
    name: String,
}

impl Thinker {
    /// Starts answering requests with `engine`, each answer sent to `reports`.
    pub fn start(mut engine: Engine, reports: Sender<Report>) -> Thinker {
        let name = engine.name().to_string();
        let (requests, asked): (Sender<Request>, Receiver<Request>) = mpsc::channel();
        let _ = std::thread::Builder::new().name("engine".into()).spawn(move || {
            let mut set = None;
            for request in asked {
                let answer = answer(&mut engine, &request, &mut set);
                if reports.send(Report { id: request.id, answer }).is_err() {
                    break;
                }
            }
        });
        Thinker { requests, name }
    }

    /// What the engine calls itself.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Asks the engine for a move; its answer comes as a report.
    pub fn ask(&self, request: Request) {
        let _ = self.requests.send(request);
    }
}

/// The engine's answer to `request`, its options set first where they changed (`set`: the
/// strength and the variant they were last set for).
fn answer(engine: &mut Engine, request: &Request, set: &mut Option<(Strength, bool)>) -> Answer {
    if *set != Some((request.strength, request.chess960)) {
        let range = engine.offers("UCI_Elo").flatten();
        let mut options = request.strength.options(range);
        options.push(("UCI_Chess960", request.chess960.to_string()));
        for (name, value) in options {
            if engine.offers(name).is_some() && engine.set_option(name, &value).is_err() {
                return Answer::Failed;
            }
        }
        *set = Some((request.strength, request.chess960));
    }
    let mode = if request.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    let Ok(start) = shakmaty::fen::Fen::from_ascii(request.fen.as_bytes())
        .map_err(|_| ())
        .and_then(|fen| fen.into_position::<Chess>(mode).map_err(|_| ()))
    else {
        return Answer::Failed;
    };
    let moves: Vec<UciMove> = request.moves.iter().filter_map(|m| UciMove::from_ascii(m.as_bytes()).ok()).collect();
    match engine.choose(&start, &moves, &request.go, limit(&request.go)) {
        Ok(chosen) => Answer::Chose { best: chosen.best.to_string(), score: chosen.score },
        Err(_) => Answer::Failed,
    }
}

/// How long a search may take before the engine has failed: what it was given, and some.
fn limit(go: &Go) -> Duration {
    let given = match (go.clock, go.movetime) {
        (Some(clock), _) => clock.white.max(clock.black),
        (None, Some(time)) => time,
        (None, None) => Duration::from_secs(50),
    };
    given + GRACE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_report_reads_back_from_its_journal_line() {
        let reports = [
            Report { id: 3, answer: Answer::Chose { best: "e2e4".into(), score: Some(Score::Centipawns(-35)) } },
            Report { id: 4, answer: Answer::Chose { best: "e7e8q".into(), score: Some(Score::Mate(-2)) } },
            Report { id: 5, answer: Answer::Chose { best: "g1f3".into(), score: None } },
            Report { id: 6, answer: Answer::Failed },
        ];
        for report in reports {
            assert_eq!(Report::from_record(&report.record()), Some(report.clone()), "{}", report.record());
        }
        assert_eq!(Report::from_record("x chose e2e4 none"), None);
        assert_eq!(Report::from_record("3 chose e2e4 cp many"), None);
    }
}
