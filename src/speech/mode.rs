//! How speech is produced: the speech engine, recorded voice clips, or text alone.

/// How speech is produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, strum::EnumIter, strum::IntoStaticStr, strum::VariantNames)]
#[strum(serialize_all = "lowercase")]
pub enum SpeechMode {
    /// The speech engine if it starts, else recorded voice clips for moves if there are any, else
    /// text.
    #[default]
    Auto,
    /// The speech engine; a warning if it cannot start.
    Tts,
    /// Recorded voice clips played through the sound device (moves only; the rest is printed).
    Clips,
    /// No speech: the printed lines are the output, for a screen reader or braille display.
    Text,
    /// No speech at all (the same output as `text`).
    Off,
}

crate::choice::choice!(SpeechMode, "speech mode");
