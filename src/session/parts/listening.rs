//! The listening of a session: whether moves said aloud are heard at all, the grammar each
//! position is heard in (the moves of the side to move in that player's words, the last move said
//! again or corrected, the spoken commands), and whether words were heard surely enough to be
//! acted on without asking back.

use shakmaty::{Color, Position};

use crate::listen::{ListenMode, ListenProblem, ListenSettings, MoveGrammar};
use crate::notation::PhrasePack;
use crate::rules::Game;

/// How the session listens.
#[derive(Debug, Clone)]
pub struct Listening {
    settings: ListenSettings,
    blind: Option<Color>,
    /// Why nothing can be heard, since the ears said so (until they hear again).
    deaf: Option<ListenProblem>,
}

impl Listening {
    /// Listening as `settings` ask, with `blind` the player at the tactile board.
    pub fn new(settings: ListenSettings, blind: Option<Color>) -> Listening {
        Listening { settings, blind, deaf: None }
    }

    /// The ears said why they cannot hear.
    pub fn cannot_hear(&mut self, problem: ListenProblem) {
        self.deaf = Some(problem);
    }

    /// The ears heard something: they work.
    pub fn heard(&mut self) {
        self.deaf = None;
    }

    /// Why nothing can be heard, if the ears said so.
    pub fn why_deaf(&self) -> Option<&ListenProblem> {
        self.deaf.as_ref()
    }

    /// Whether moves said aloud are heard at all.
    pub fn is_on(&self) -> bool {
        self.settings.mode != ListenMode::Off
    }

    /// The phrase pack the player of `color` speaks in.
    fn pack_of(&self, color: Color) -> &str {
        if self.blind == Some(color) {
            &self.settings.blind
        } else {
            &self.settings.sighted
        }
    }

    /// The grammar the position of `game` is heard in; a pack that cannot be heard is heard as
    /// `announcing`.
    pub fn grammar(&self, game: &Game, announcing: &PhrasePack) -> MoveGrammar {
        let pos = game.position();
        let pack = PhrasePack::named(self.pack_of(pos.turn())).unwrap_or_else(|| announcing.clone());
        let grammar =
            MoveGrammar::for_position(pos, &pack).with_commands(&crate::session::Command::heard_in(&pack.name));
        match game.ply_count().checked_sub(1) {
            Some(last) => grammar.with_previous(game.position_before(last), &pack),
            None => grammar,
        }
    }

    /// Whether `words` were heard with a margin sure enough to act on them unasked.
    pub fn sure(&self, grammar: &MoveGrammar, words: &str, margin: f32) -> bool {
        grammar.sure(words, margin, self.settings.threshold)
    }
}
