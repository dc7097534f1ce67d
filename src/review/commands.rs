//! The commands of a review, one record each; every other line goes to the game at the position
//! reached, as a question about the board (the game's records say which of its commands work in a
//! review: `engine` and `help` among them, answered by the review). `quit` is the review's own:
//! its German and Estonian names at a game (`ende`, `lõpp`) name the end of the game here.

use crate::command::commands;
use crate::session::Response;

use super::Review;

commands! {
    /// A command of a review, with its arguments read.
    pub enum ReviewCommand for Review => Response;

    /// `next`: the next move (also the words for forward, which at a game move the clock on:
    /// a review has no clock).
    Next {} = "next" | "forward" | "edasi" | "weiter" | "vorwärts", et "järgmine", de "vor",
        help "help.next", group Review, at Review, run Review::next;
    /// `back`: back one move.
    Back {} = "back", et "tagasi", de "zurück",
        help "help.back", group Review, at Review, run Review::back;
    /// `first`: back to the start.
    First {} = "first", et "algus", de "anfang",
        help "help.first", group Review, at Review, run Review::first;
    /// `end`: to the last move (in German and Estonian also the word a game quits with, which
    /// names the end of the game here).
    End {} = "end", et "lõppu", de "schluss",
        help "help.end", group Review, at Review, run Review::end;
    /// `goto N`: White's move N.
    Goto { number: usize } = "goto", et "mine", de "gehe",
        help "help.goto", group Review, at Review, run Review::goto;
    /// `variation [N]`: into variation N (the first) of the move just said.
    Variation { number: Option<usize> } = "variation" | "var", et "variant", de "variante",
        help "help.variation", group Review, at Review, run Review::variation;
    /// `mainline`: out of the variation.
    Mainline {} = "mainline", et "põhiliin", de "hauptzug",
        help "help.mainline", group Review, at Review, run Review::mainline;
    /// `play`: a new game from the position reached.
    PlayHere {} = "play", et "mängi", de "spielen",
        help "help.play", group Review, at Review, run Review::play_here;
    /// `quit`: the review ends.
    Quit {} = "quit" | "exit" | "q" | "lahku" | "lõpeta" | "bye" | "goodbye" | "tschüss" | "ende" | "lõpp", et "välju", de "beenden",
        help "help.quit", group Review, at Review, run Review::quit;
}
