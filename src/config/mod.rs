//! Configuration: the embedded `config/default.toml`, the user's file and `--config FILE`, each
//! overriding the one before; errors name the file, the line and the key.

mod file;
mod flags;
mod sections;
mod settings;
mod source;
mod worded;

pub use file::{settings_to_toml, DEFAULT};
pub use flags::{configured_lang, resolve, settle, Flags};
pub use settings::{Change, Settings};
pub use source::{whole_in, Accepted, ConfigError, OutOfRange, Source, ENGINE_DEPTHS, ENGINE_HASH, ENGINE_THREADS};
pub use worded::toml_words;
