//! Questions and answers said as a sentence rather than a command's name ("whose move", "ich gebe
//! auf", "kui palju aega"): a whole line, its case, accents and closing ?, ! or . set aside, that
//! stands for one command line. Only whole lines are taken, so a move or a command with its
//! arguments is never changed.

use crate::notation::fold;

/// Each sentence, in every language, and the command line it stands for.
const PHRASES: &[(&[&str], &str)] = &[
    (&["last move", "the last move", "letzter zug", "der letzte zug", "viimane käik"], "last"),
    (
        &[
            "whose move",
            "whose turn",
            "who is to move",
            "who moves",
            "wer ist am zug",
            "wer zieht",
            "kes on käigul",
            "kelle käik",
        ],
        "turn",
    ),
    (
        &[
            "accept the draw",
            "accept draw",
            "draw accepted",
            "i accept",
            "remis annehmen",
            "remis angenommen",
            "ich nehme an",
            "ich nehme remis an",
            "võtan viigi vastu",
            "viik vastu võetud",
            "nõustun",
        ],
        "accept",
    ),
    (
        &[
            "decline the draw",
            "decline draw",
            "draw declined",
            "no draw",
            "i decline",
            "remis ablehnen",
            "remis abgelehnt",
            "kein remis",
            "ich lehne ab",
            "ei võta viiki vastu",
            "viigist keeldun",
        ],
        "decline",
    ),
    (&["i resign", "ich gebe auf", "ma alistun", "annan alla"], "resign"),
    (&["offer a draw", "offer draw", "i offer a draw", "remis anbieten", "ich biete remis an", "pakun viiki"], "draw"),
    (&["how much time", "time left", "wie viel zeit", "wieviel zeit", "restzeit", "kui palju aega"], "time"),
    (
        &[
            "how much time do i have",
            "my time",
            "wie viel zeit habe ich",
            "meine zeit",
            "kui palju mul aega on",
            "minu aeg",
        ],
        "time me",
    ),
    (
        &["what", "say again", "say that again", "pardon", "wie bitte", "noch einmal", "nochmal", "mida", "veel kord"],
        "repeat",
    ),
    (
        &["brief", "be brief", "less detail", "kürzer", "weniger ausführlich", "lühemalt", "vähem üksikasju"],
        "verbosity brief",
    ),
    (
        &["verbose", "more detail", "in detail", "ausführlich", "ausführlicher", "pikemalt", "põhjalikult"],
        "verbosity verbose",
    ),
];

/// The command line `line` stands for when it is one of the sentences, else `None`.
pub fn sentence(line: &str) -> Option<&'static str> {
    let folded = fold(line.trim().trim_end_matches(['?', '!', '.']).trim());
    let folded: Vec<&str> = folded.split_whitespace().collect();
    PHRASES.iter().find_map(|(said, command)| {
        said.iter().any(|s| fold(s).split_whitespace().eq(folded.iter().copied())).then_some(*command)
    })
}

/// `line` without a closing ?, ! or . after a command's name or its arguments ("time?", "wo ist
/// der König?"), when `is_command` says its first word, so bared, is a command; a move keeps its
/// marks (`e4!?`).
pub fn bared(line: &str, is_command: impl Fn(&str) -> bool) -> &str {
    let trimmed = line.trim_end_matches(['?', '!', '.']).trim_end();
    let first = trimmed.split_whitespace().next().unwrap_or("");
    match trimmed.len() < line.len() && is_command(first) {
        true => trimmed,
        false => line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_stands_for_its_command_in_every_language() {
        assert_eq!(sentence("Whose move?"), Some("turn"));
        assert_eq!(sentence("  wer ist am Zug "), Some("turn"));
        assert_eq!(sentence("Ich gebe auf."), Some("resign"));
        assert_eq!(sentence("kui palju aega"), Some("time"));
        assert_eq!(sentence("Wie viel Zeit habe ich?"), Some("time me"));
        assert_eq!(sentence("võtan viigi vastu"), Some("accept"));
        assert_eq!(sentence("Kein Remis!"), Some("decline"));
        assert_eq!(sentence("what?"), Some("repeat"));
        assert_eq!(sentence("Verbose."), Some("verbosity verbose"));
        assert_eq!(sentence("kürzer"), Some("verbosity brief"));
        assert_eq!(sentence("pikemalt"), Some("verbosity verbose"));
        // Only whole lines: a longer or other line is left as it is.
        assert_eq!(sentence("last move e4"), None);
        assert_eq!(sentence("e4"), None);
        assert_eq!(sentence("whose"), None);
    }

    #[test]
    fn a_closing_mark_is_set_aside_after_a_command_only() {
        let command = |w: &str| ["time", "wo", "check"].contains(&w);
        assert_eq!(bared("time?", command), "time");
        assert_eq!(bared("wo ist der König?", command), "wo ist der König");
        assert_eq!(bared("check!", command), "check");
        assert_eq!(bared("e4!?", command), "e4!?");
        assert_eq!(bared("Qh4#", command), "Qh4#");
        assert_eq!(bared("time", command), "time");
    }
}
