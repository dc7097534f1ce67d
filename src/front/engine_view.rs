//! The chess engine asked about a position after the game (Art. 11.3 forbids it during one): the
//! engine started on first use and kept, its evaluation said in words and its best line in the
//! announcing pack's words (SAN printed).

use shakmaty::{Chess, Position};

use crate::audio::Cue;
use crate::engine::{find_engine, Engine, EngineError, EngineSettings, Limits};
use crate::messages::Catalog;
use crate::notation::{san, spoken, LetterSet, PhrasePack, SpokenStyle};
use crate::wording::{Line, Wording, Words};

/// The engine of the configuration, asked about positions.
pub struct EngineView {
    settings: EngineSettings,
    wording: Wording,
    engine: Option<Engine>,
}

impl EngineView {
    /// The engine `settings` name, with its answers worded by `wording`; not started yet.
    pub fn new(settings: EngineSettings, wording: Wording) -> EngineView {
        EngineView { settings, wording, engine: None }
    }

    /// How far the engine searches each position.
    pub fn limits(&self) -> Limits {
        let c = &self.settings;
        Limits { depth: c.depth, time: c.time, threads: c.threads, hash: c.hash }
    }

    /// What the engine thinks of the position `fen`, printed and spoken; why not, when it cannot.
    pub fn answer(&mut self, fen: &str) -> Vec<Line> {
        let pos: Chess = crate::rules::parse_fen(fen).unwrap_or_default();
        let limits = self.limits();
        let engine = match self.engine.take() {
            Some(engine) => Ok(engine),
            None => start(Some(self.settings.path.as_str()).filter(|p| !p.is_empty()), limits),
        };
        let answer = engine.and_then(|mut engine| {
            let lines = evaluation(&mut engine, &pos, &limits, &self.wording);
            self.engine = Some(engine);
            lines
        });
        answer.unwrap_or_else(|e| vec![self.wording.say_text(worded(&e, self.wording.catalog())).with_cue(Cue::Error)])
    }
}

/// Starts the engine named (or Stockfish) with `limits`.
pub fn start(named: Option<&str>, limits: Limits) -> Result<Engine, EngineError> {
    let path = find_engine(named)?;
    Engine::start(&path, limits)
}

/// Why the engine cannot answer, in `catalog`'s language.
pub fn worded(error: &EngineError, catalog: &Catalog) -> String {
    match error {
        EngineError::Missing => catalog.text("engine.missing", &[]),
        EngineError::NotThere(path) => catalog.text("engine.not_there", &[("path", path)]),
        EngineError::Folder(path) => catalog.text("engine.folder", &[("path", path)]),
        EngineError::Start { path, source } => {
            catalog.text("engine.cannot_start", &[("path", path), ("reason", &start_reason(catalog, source))])
        }
        EngineError::Silent(_) => catalog.text("engine.silent", &[]),
        EngineError::Nonsense(_) => catalog.text("engine.nonsense", &[]),
    }
}

/// Why a program could not be started: not allowed to run (not marked executable), not a program
/// this system runs, else as a file's reason.
fn start_reason(catalog: &Catalog, error: &std::io::Error) -> String {
    // ENOEXEC: a file that is no program for this system.
    const NOT_A_PROGRAM: i32 = 8;
    match error.kind() {
        std::io::ErrorKind::PermissionDenied => catalog.text("engine.reason.not_executable", &[]),
        _ if error.raw_os_error() == Some(NOT_A_PROGRAM) => catalog.text("engine.reason.not_a_program", &[]),
        _ => crate::messages::io_read_reason(catalog, error),
    }
}

/// How many half-moves of the best line are said: six, or the whole way to a mate the engine
/// sees (at most twenty).
fn shown(evaluation: &crate::engine::Evaluation) -> usize {
    let to_mate = match evaluation.score {
        crate::engine::Score::Mate(n) => 2 * n.unsigned_abs() as usize,
        _ => 0,
    };
    evaluation.line.len().min(to_mate.clamp(6, 20))
}

/// What the engine thinks of `pos`: the evaluation in words and the best line (SAN printed, the
/// words of the announcing pack spoken).
pub fn evaluation(engine: &mut Engine, pos: &Chess, limits: &Limits, w: &Wording) -> Result<Vec<Line>, EngineError> {
    // A position the Laws have already decided is said as decided: an engine would only score it.
    if let Some(decided) = crate::rules::Outcome::of_position(pos, crate::rules::Ruleset::default()) {
        return Ok(vec![w.say_text(w.outcome(decided))]);
    }
    let evaluation = engine.evaluate(pos, limits, limits.deadline())?;
    let (key, args) = evaluation.words();
    let args: Vec<(&str, String)> = args
        .into_iter()
        .map(|(k, v)| if k == "color" { (k, w.text(&format!("color.{v}"), &[])) } else { (k, v) })
        .collect();
    let mut lines = vec![w.line_of(key, &args)];
    if !evaluation.line.is_empty() {
        let best = line_words(pos, &evaluation.line[..shown(&evaluation)], w.pack());
        lines.push(w.say(w.words("engine.best_line", &[("line", best)])));
    }
    Ok(lines)
}

/// A line of moves in SAN, and in the words of `pack`.
pub fn line_words(pos: &Chess, line: &[shakmaty::Move], pack: &PhrasePack) -> Words {
    let mut pos = pos.clone();
    let (mut printed, mut said) = (Vec::new(), Vec::new());
    for &mv in line {
        printed.push(san(&pos, mv, LetterSet::English));
        said.push(spoken(&pos, mv, pack, SpokenStyle::default()));
        pos.play_unchecked(mv);
    }
    Words::new(printed.join(" "), said.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Evaluation, Score};

    fn line_of(len: usize) -> Vec<shakmaty::Move> {
        let mut pos = Chess::default();
        (0..len)
            .map(|_| {
                let mv = pos.legal_moves()[0];
                pos.play_unchecked(mv);
                mv
            })
            .collect()
    }

    #[test]
    fn the_best_line_is_said_to_its_mate_and_otherwise_six_half_moves() {
        let evaluation = |score, len| Evaluation { score, line: line_of(len), depth: 20 };
        assert_eq!(shown(&evaluation(Score::Centipawns(30), 12)), 6);
        assert_eq!(shown(&evaluation(Score::Centipawns(30), 4)), 4);
        // Black mates in 5: nine half-moves and the mate, all said.
        assert_eq!(shown(&evaluation(Score::Mate(-5), 10)), 10);
        assert_eq!(shown(&evaluation(Score::Mate(2), 3)), 3);
        assert_eq!(shown(&evaluation(Score::Mate(30), 60)), 20);
    }
}
