//! Why the recogniser cannot listen: the model missing or damaged, the pronunciations not
//! written, the library refusing its set-up.

use std::path::PathBuf;

/// Why the recogniser cannot listen.
#[derive(Debug, thiserror::Error)]
pub enum ListenError {
    /// The acoustic model is not installed.
    #[error("the speech recognition model is missing ({0}); scripts/setup.sh installs it")]
    NoModel(PathBuf),
    /// A file of the acoustic model is not what the recogniser reads (the recogniser would end
    /// the program on reading it).
    #[error("the speech recognition model in {0} is damaged; scripts/setup.sh installs it again")]
    Damaged(PathBuf),
    /// The pronunciations could not be written where the recogniser reads them.
    #[error("the pronunciations cannot be written: {0}")]
    Write(#[from] std::io::Error),
    /// PocketSphinx refused its configuration or the grammar.
    #[error("the recogniser refused its set-up")]
    Refused,
}
