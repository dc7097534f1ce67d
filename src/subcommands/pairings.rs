//! `annabella pairings N`: the round-robin schedule, round by round, printed and spoken in the
//! user's language.

use std::process::ExitCode;

use super::talk::Talk;
use crate::cli::{GlobalArgs, PairingsArgs};
use crate::messages::Lang;
use crate::rules::berger;
use crate::session::Response;
use crate::wording::Wording;

/// Prints and speaks the schedule; a field size without a table exits 2.
pub fn pairings(global: &GlobalArgs, args: &PairingsArgs) -> ExitCode {
    let mut talk = match Talk::open(global) {
        Ok(talk) => talk,
        Err(code) => return code,
    };
    let response = schedule(talk.settings().lang, args.players);
    talk.say(&response.lines);
    let code = if (3..=20).contains(&args.players) { ExitCode::SUCCESS } else { ExitCode::from(2) };
    talk.finish(code)
}

/// The schedule for `players`, or why there is none.
pub fn schedule(lang: Lang, players: usize) -> Response {
    let w = Wording::in_language(lang);
    let catalog = w.catalog();
    let count = players.to_string();
    let Ok(rounds) = berger(players) else {
        return Response::lines(vec![w.line("pairings.bad", &[("players", &count)])]);
    };
    let mut lines = vec![w.line("pairings.title", &[("players", &count)])];
    for (r, round) in rounds.iter().enumerate() {
        let games: Vec<String> = round
            .iter()
            .map(|&(w, b)| match (w > players, b > players) {
                (false, false) => {
                    catalog.text("pairings.game", &[("white", &w.to_string()), ("black", &b.to_string())])
                }
                (true, _) => catalog.text("pairings.bye", &[("player", &b.to_string())]),
                (_, true) => catalog.text("pairings.bye", &[("player", &w.to_string())]),
            })
            .collect();
        lines.push(w.line("pairings.round", &[("round", &(r + 1).to_string()), ("games", &games.join("; "))]));
    }
    Response::lines(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_players_have_byes() {
        let r = schedule(Lang::En, 5);
        assert_eq!(r.lines.len(), 6);
        assert_eq!(r.lines[1].text, "Round 1: 1 has a bye; 2 against 5; 3 against 4.");
        assert_eq!(r.lines[2].text, "Round 2: 4 has a bye; 5 against 3; 1 against 2.");
        assert!(schedule(Lang::En, 2).lines[0].text.contains("3 to 20"));
    }
}
