//! Configuration: the embedded `config/default.toml`, the user's file and `--config FILE`, each
//! overriding the one before; errors name the file, the line and the key. Every setting is one
//! row of the settings table (`table`).

mod file;
mod flags;
mod settings;
mod source;
mod table;
mod worded;

pub use file::DEFAULT;
pub use flags::{configured_lang, resolve, settle, Flags};
pub use settings::{Change, Settings};
pub use source::{whole_in, Accepted, ConfigError, OutOfRange, Source, ENGINE_DEPTHS, ENGINE_HASH, ENGINE_THREADS};
pub use table::{settings_to_toml, spoken, Row, Spoken, ROWS};
pub use worded::toml_words;
