//! Files as they are named to the player: the path printed; spoken, the file's name in words and,
//! for the file a game is kept in, when it lies outside the current folder, the folder's name too;
//! and the command that goes back to it, printed whole so that it can be typed or copied.

use std::path::{Component, Path};

use super::{Line, Wording, Words};

/// A file: its path printed; spoken, its name without folder or extension, the signs between
/// its words said as pauses (`/home/a/Tallinn-round_3.pgn` is "Tallinn round 3").
pub fn file_name(path: &str) -> Words {
    let stem = Path::new(path).file_stem().map_or(path.into(), |n| n.to_string_lossy().into_owned());
    Words::new(path, spoken_words(&stem))
}

/// A file's path printed, and its name with its extension spoken ("en brf"): for documents of one
/// game, told apart by their kind.
pub fn file_name_whole(path: &str) -> Words {
    let name = Path::new(path).file_name().map_or(path.into(), |n| n.to_string_lossy().into_owned());
    Words::new(path, spoken_words(&name))
}

/// The words of a name, the signs between them left out (said as pauses).
fn spoken_words(name: &str) -> String {
    let words: Vec<&str> = name.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    words.join(" ")
}

/// The name of the folder a file lies in, when the path names one (`sub/x.journal` is in "sub";
/// `x.journal` is in the current folder, and `../x.journal` names none by a name).
fn folder_name(path: &str) -> Option<String> {
    let folder = Path::new(path).parent()?.components().next_back()?;
    match folder {
        Component::Normal(name) => Some(spoken_words(&name.to_string_lossy())).filter(|w| !w.is_empty()),
        _ => None,
    }
}

/// A path as one word of a command line: quoted when the shell would split or read it.
pub fn shell_word(path: &str) -> String {
    let plain = !path.is_empty() && path.chars().all(|c| c.is_alphanumeric() || "/._-+,:@%=".contains(c));
    match plain {
        true => path.to_string(),
        false => format!("'{}'", path.replace('\'', r"'\''")),
    }
}

impl Wording {
    /// A file named where it is: `name` (one of the forms above), and spoken after it the folder
    /// it lies in when that is not the current one ("x in the folder sub").
    pub fn file_placed(&self, path: &str, name: Words) -> Words {
        match folder_name(path) {
            None => name,
            Some(folder) => {
                let spoken = self.text("file.in_folder", &[("file", &name.spoken), ("folder", &folder)]);
                Words::new(name.printed, spoken)
            }
        }
    }

    /// The message `key` about a file: the full path printed, only the file's name spoken (a path
    /// would be read out sign by sign).
    pub fn file_line(&self, key: &str, path: &str, reason: Option<&str>) -> Line {
        let mut args = vec![("path", file_name(path))];
        args.extend(reason.map(|r| ("reason", Words::plain(r))));
        self.say(self.words(key, &args))
    }

    /// The message `key` about the file a game is kept in: the full path printed; spoken, the
    /// file's name and its folder's, for the way back to it.
    pub fn kept_line(&self, key: &str, path: &str) -> Line {
        self.say(self.words(key, &[("path", self.file_placed(path, file_name(path)))]))
    }

    /// The command that goes back to a file (`annabella play --journal sub/x.journal`), printed
    /// only: the line before it says it in words.
    pub fn command_line(&self, words: &[&str], path: &str) -> Line {
        let mut command = words.join(" ");
        command.push(' ');
        command.push_str(&shell_word(path));
        Line::printed(command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::Lang;

    #[test]
    fn a_file_outside_the_current_folder_is_said_with_its_folder() {
        let w = Wording::in_language(Lang::En);
        let placed = |path: &str| w.file_placed(path, file_name(path)).spoken;
        assert_eq!(placed("sub/x.journal"), "x in the folder sub");
        assert_eq!(placed("/home/anna/club games/x.journal"), "x in the folder club games");
        assert_eq!(placed("x.journal"), "x");
        assert_eq!(placed("../x.journal"), "x");
        let printed = w.file_placed("sub/x.journal", file_name("sub/x.journal")).printed;
        assert_eq!(printed, "sub/x.journal");
        let de = Wording::in_language(Lang::De);
        assert_eq!(de.file_placed("sub/x.journal", file_name("sub/x.journal")).spoken, "x im Ordner sub");
    }

    #[test]
    fn a_command_quotes_a_path_the_shell_would_split() {
        assert_eq!(shell_word("sub/x.journal"), "sub/x.journal");
        assert_eq!(shell_word("my games/x.journal"), "'my games/x.journal'");
        assert_eq!(shell_word("it's.journal"), r"'it'\''s.journal'");
        let w = Wording::in_language(Lang::En);
        let line = w.command_line(&["annabella", "play", "--journal"], "a b.journal");
        assert_eq!(line.text, "annabella play --journal 'a b.journal'");
        assert!(!line.is_spoken());
    }
}
