//! The first word: the speaker is started (with the braille display's echo) as soon as the
//! settings are known, and the program's name is said and printed at once, while the game is
//! still being opened. Nothing of the game is announced before it is durable; the name is not
//! about the game, and a short utterance is heard soonest (speech-dispatcher with espeak-ng plays
//! nothing of an utterance until all of it is made).

use std::io::{self, Write};

use crate::config::Settings;
use crate::front::same_speaker;
use crate::front::speaker_for;
use crate::front::speaker_saying;
use crate::messages::Catalog;
use crate::speech::{Speaker, Transcript, Utterance};

/// The speaker started before the game was opened, with the transcript it writes to.
pub struct Greeted {
    /// The speaker, connecting or connected.
    pub speaker: Box<dyn Speaker>,
    /// Where every utterance is also written, when asked.
    pub transcript: Option<Transcript>,
    /// The settings the speaker was started with.
    started_for: Settings,
}

impl Greeted {
    /// Starts the speaker for `settings`, and says and prints the program's name (to `out`, and
    /// in `transcript`).
    pub fn start(settings: &Settings, mut transcript: Option<Transcript>, out: &mut dyn Write) -> io::Result<Greeted> {
        let name = Catalog::single(settings.lang, "start.name");
        writeln!(out, "{name}")?;
        out.flush()?;
        let first = Utterance::new(name.as_str(), settings.lang.code());
        let speaker = speaker_saying(settings, &first);
        // The braille display is looked for once the name is on its way (that may take a while),
        // and shows it too.
        let mut speaker = crate::braille_display::echoed(speaker, settings);
        speaker.echo(&first);
        if let Some(t) = transcript.as_mut() {
            t.say(&name);
        }
        Ok(Greeted { speaker, transcript, started_for: settings.clone() })
    }

    /// The speaker for the game as opened: this one, unless the game (resumed) asks for other
    /// speech or braille settings; then one started for those.
    pub fn speaker_for(self, game: &Settings) -> (Box<dyn Speaker>, Option<Transcript>) {
        let Greeted { mut speaker, transcript, started_for } = self;
        if !same_speaker(&started_for, game) {
            // The name is let finish before the other speaker starts.
            speaker.finish(std::time::Duration::from_secs(1));
            speaker = crate::braille_display::echoed(speaker_for(game), game);
        }
        (speaker, transcript)
    }
}
