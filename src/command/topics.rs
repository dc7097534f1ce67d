//! The topics of `explain`: a short spoken rules reference drawn from the Laws and the beginners'
//! leaflet — how each piece moves, the special moves, check and mate, draws, the clock, and the
//! Appendix E procedures at the table — in the interface language. Topics are named in any of the
//! three languages.

use crate::messages::{Catalog, Lang};
use crate::notation::fold;

/// The topics, by their catalogue names.
pub const TOPICS: [&str; 18] = [
    "king",
    "queen",
    "rook",
    "bishop",
    "knight",
    "pawn",
    "castling",
    "en_passant",
    "promotion",
    "check",
    "checkmate",
    "stalemate",
    "draws",
    "clock",
    "announcing",
    "relaying",
    "correcting",
    "touch",
];

/// The topic named by `text` in any interface language.
pub(crate) fn topic(text: &str) -> Option<&'static str> {
    let wanted = fold(text);
    Lang::ALL.into_iter().find_map(|lang| {
        let catalog = Catalog::shipped(lang);
        TOPICS
            .into_iter()
            .find(|t| fold(&catalog.text(&format!("explain.topic.{t}"), &[])) == wanted || fold(t) == wanted)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn topics_are_found_in_every_language_and_every_topic_has_a_text() {
        assert_eq!(topic("Castling"), Some("castling"));
        assert_eq!(topic("vangerdus"), Some("castling"));
        assert_eq!(topic("Rochade"), Some("castling"));
        assert_eq!(topic("en passant"), Some("en_passant"));
        assert_eq!(topic("Laeufer"), Some("bishop"));
        assert_eq!(topic("dragon"), None);
        for lang in Lang::ALL {
            let catalog = Catalog::new(lang);
            for t in TOPICS {
                let text = catalog.text(&format!("explain.text.{t}"), &[]);
                assert!(!text.starts_with('['), "{lang:?} lacks the text of {t}");
                assert!(text.split_whitespace().count() <= 70, "{lang:?} {t} is too long to listen to");
            }
        }
    }
}
