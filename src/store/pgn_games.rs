//! The games of a PGN text as a file holds them: where each begins (a tag section after
//! movetext), a tag's value read from a game's tag lines, the games offered for choosing by their
//! players and result, and which `Variant` tags name a game played by the rules of chess.

/// A game of a PGN file as it is offered for choosing: its players and its result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// White's name (`?` when not known).
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The result as a score (`1-0`, `*` …).
    pub result: String,
}

/// The games of a PGN text: each is its tag section and the movetext after it.
pub fn games(text: &str) -> Vec<&str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
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

/// The value of the tag `name` in a game's tag section.
pub(super) fn tag_value(game: &str, name: &str) -> Option<String> {
    let prefix = format!("[{name} \"");
    game.lines()
        .take_while(|l| l.trim().is_empty() || l.trim_start().starts_with('['))
        .find_map(|l| l.trim().strip_prefix(&prefix).map(|v| v.trim_end_matches("\"]").to_string()))
}

/// A `Variant` tag of a game played by the rules of chess: standard chess, a set-up position
/// or Chess960 under any of its names.
pub(super) fn playable_variant(variant: &str) -> bool {
    let name: String = variant.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
    ["", "standard", "normal", "chess", "fromposition", "chess960", "960", "fischerandom", "fischerrandom", "frc"]
        .contains(&name.as_str())
}
