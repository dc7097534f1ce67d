//! Answers about the game: `last` (the last moves as announced), `legal` (the legal moves, or a
//! piece's), `help` (the commands, or one), `explain` (a topic of the rules), and the usage line
//! of a command given bad arguments.

use shakmaty::{Position, Square};

use super::registry::{CommandId, CommandSpec, REGISTRY};
use super::session::Session;
use super::Line;
use crate::audio::Cue;
use crate::wording::Words;

impl Session {
    /// `engine`: no engine while the game goes on (Art. 11.3); after it, how to analyse it.
    pub(super) fn engine_command(&self) -> Vec<Line> {
        if self.game.is_over() {
            vec![self.line("engine.after_game", &[])]
        } else {
            vec![self.line("engine.in_game", &[]).with_cue(crate::audio::Cue::Error)]
        }
    }

    /// The topics, named in the interface language.
    pub(super) fn topic_list(&self) -> String {
        let names: Vec<String> =
            super::explain::TOPICS.iter().map(|t| self.tr(&format!("explain.topic.{t}"), &[])).collect();
        names.join(", ")
    }

    /// `explain [TOPIC]`: the topic's text, or the topics.
    pub(super) fn explain(&self, topic: Option<&str>) -> Vec<Line> {
        match topic {
            Some(t) => vec![self.line(&format!("explain.text.{t}"), &[])],
            None => vec![self.line("explain.topics", &[("topics", &self.topic_list())])],
        }
    }

    /// `last [N]`: the last N moves (one by default), as they were announced.
    pub(super) fn last(&self, count: usize) -> Vec<Line> {
        if self.announced.is_empty() {
            return vec![self.line("last.none", &[])];
        }
        let from = self.announced.len().saturating_sub(count);
        let shown = &self.announced[from..];
        let mut lines = Vec::new();
        if shown.len() > 1 {
            lines.push(self.line("last.moves", &[("count", &shown.len().to_string())]));
        }
        for (ply, a) in (from..).zip(shown) {
            if shown.len() == 1 {
                let text = self.tr("last.move", &[("line", &a.text)]);
                lines.push(self.wording().announce(text, a.words.clone()));
                continue;
            }
            // Several: each with its side and number in words ("Black's move 12"), then the move
            // in the announcement words.
            let label = self.say(self.ply_label(ply).spoken);
            lines.push(Line { text: a.text.clone(), ..label });
            lines.push(self.wording().announce(String::new(), a.words.clone()));
        }
        lines
    }

    /// `legal [SQUARE]`: every legal move, or those of the piece on the square.
    pub(super) fn legal(&self, square: Option<Square>) -> Vec<Line> {
        let pos = self.game.position();
        let w = self.wording();
        let letters = self.printed_letters(pos.turn());
        let color = self.color(pos.turn());
        let Some(square) = square else {
            let moves: Vec<Words> = pos.legal_moves().iter().map(|m| w.mv(pos, *m, letters)).collect();
            if moves.is_empty() {
                return vec![self.line("legal.none", &[("color", &color)])];
            }
            let args = [("color", color.into()), ("count", moves.len().to_string().into()), ("moves", w.list(&moves))];
            return vec![self.say_words(w.words("legal.count", &args))];
        };
        let Some(piece) = pos.board().piece_at(square) else {
            return vec![self.say_words(w.words("illegal.empty_square", &[("square", w.square(square))]))];
        };
        if piece.color != pos.turn() {
            let args =
                [("piece", self.piece(piece.role).into()), ("square", w.square(square)), ("color", color.into())];
            return vec![self.say_words(w.words("legal.not_to_move", &args))];
        }
        let moves = w.moves_from(pos, square, letters);
        let args = [("piece", self.piece(piece.role).into()), ("square", w.square(square)), ("moves", w.list(&moves))];
        let key = if moves.is_empty() { "error.piece_no_moves" } else { "legal.piece" };
        vec![self.say_words(w.words(key, &args))]
    }

    /// "time takes me, opponent, white or black": what a command takes, printed as its synopsis
    /// and spoken in words.
    pub(super) fn usage(&self, id: CommandId) -> Vec<Line> {
        let spec = CommandSpec::of(id);
        let name = Words::plain(spec.name_in(self.lang()));
        let printed = super::keywords::localized_synopsis(spec.args, self.lang());
        let expected = Words::new(printed, super::keywords::spoken_args(spec.name, spec.args, self.catalog()));
        let text = self.wording().words("error.bad_argument", &[("command", name), ("expected", expected)]);
        vec![self.say_words(text).with_cue(Cue::Error)]
    }

    /// `help [COMMAND]`: the commands, or what one takes and does.
    pub(super) fn help(&self, about: Option<CommandId>) -> Vec<Line> {
        let lang = self.lang();
        let Some(spec) = about.map(CommandSpec::of) else {
            let names: Vec<&str> = REGISTRY.iter().map(|s| s.name_in(lang)).collect();
            return vec![self.line("help.intro", &[("commands", &names.join(", "))])];
        };
        let spoken_usage = match spec.args {
            "" => spec.name_in(lang).to_string(),
            _ => self.tr(
                "help.takes",
                &[
                    ("command", spec.name_in(lang)),
                    ("expected", &super::keywords::spoken_args(spec.name, spec.args, self.catalog())),
                ],
            ),
        };
        let usage = Words::new(spec.usage(lang), spoken_usage);
        let help = self.wording().words(spec.help, &[]);
        let mut lines = vec![self.say_words(self.wording().words("help.usage", &[("usage", usage), ("text", help)]))];
        let others: Vec<&str> = spec.names().filter(|n| *n != spec.name_in(lang)).collect();
        if !others.is_empty() {
            lines.push(self.line("help.aliases", &[("aliases", &others.join(", "))]));
        }
        lines
    }
}
