//! Phrase packs: the words used to speak moves (files, ranks, pieces, castling, capture, check),
//! read from the TOML files under `voices/`. The Appendix E pack is the default for moves.

use std::collections::BTreeMap;

use serde::Deserialize;
use shakmaty::{File, Rank, Role, Square};

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pieces {
    pub king: String,
    pub queen: String,
    pub rook: String,
    pub bishop: String,
    pub knight: String,
    pub pawn: String,
}

impl Pieces {
    pub fn of(&self, role: Role) -> &str {
        match role {
            Role::King => &self.king,
            Role::Queen => &self.queen,
            Role::Rook => &self.rook,
            Role::Bishop => &self.bishop,
            Role::Knight => &self.knight,
            Role::Pawn => &self.pawn,
        }
    }
}

/// One phrase pack (see `voices/appendix-e.toml` for the meaning of every key).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhrasePack {
    /// The pack's name (`appendix-e`, `et`, `en`).
    pub name: String,
    /// What the pack is, in a line.
    pub description: String,
    /// The speech language to announce this pack's words in (e.g. `de`).
    pub language: String,
    /// The words of the files a to h.
    pub files: [String; 8],
    /// The words of the ranks 1 to 8.
    pub ranks: [String; 8],
    /// How a square is said, with `{file}` and `{rank}`.
    pub square: String,
    /// The words for castling short.
    pub castle_short: String,
    /// The words for castling long.
    pub castle_long: String,
    /// The word said for a capture.
    pub capture: String,
    /// The word said for en passant.
    pub en_passant: String,
    /// The word said for check.
    pub check: String,
    /// The word said for mate.
    pub mate: String,
    /// Said with the recorded clips when the speech engine stops answering.
    #[serde(default)]
    pub stalled: String,
    /// The piece words.
    pub pieces: Pieces,
    /// White's and Black's pieces as a repair step names them ("weißen Bauern"), where a piece
    /// is put on or taken off a board; without them the piece alone is said.
    #[serde(default)]
    pub white: Option<Pieces>,
    /// Black's pieces as a repair step names them (see `white`).
    #[serde(default)]
    pub black: Option<Pieces>,
    #[serde(default)]
    /// Other words read as these (a spelling to its word).
    pub aliases: BTreeMap<String, String>,
}

const BUILTIN: [(&str, &str); 3] = [
    ("appendix-e.toml", include_str!("../../voices/appendix-e.toml")),
    ("et.toml", include_str!("../../voices/et.toml")),
    ("en.toml", include_str!("../../voices/en.toml")),
];

/// The shipped packs, read once.
fn shipped() -> &'static [PhrasePack] {
    static PACKS: std::sync::OnceLock<Vec<PhrasePack>> = std::sync::OnceLock::new();
    PACKS.get_or_init(|| {
        BUILTIN
            .iter()
            // The shipped packs are checked by the tests; a broken one is a build defect.
            .map(|(origin, text)| PhrasePack::from_toml(origin, text).expect("shipped phrase pack"))
            .collect()
    })
}

impl PhrasePack {
    /// Reads a pack from TOML text; `origin` names the file in errors.
    pub fn from_toml(origin: &str, text: &str) -> Result<PhrasePack, crate::messages::TomlError> {
        toml::from_str(text).map_err(|e| crate::messages::TomlError::new(origin, text, &e))
    }

    /// The packs shipped with the program: Appendix E (German), Estonian, English.
    pub fn builtin() -> Vec<PhrasePack> {
        shipped().to_vec()
    }

    /// The shipped pack of that name (`appendix-e`, `et`, `en`).
    pub fn named(name: &str) -> Option<PhrasePack> {
        shipped().iter().find(|p| p.name.eq_ignore_ascii_case(name)).cloned()
    }

    /// The word for a piece.
    pub fn piece(&self, role: Role) -> &str {
        self.pieces.of(role)
    }

    /// A piece with its colour, as a repair step puts it on or takes it off ("weißen Bauern").
    pub fn man(&self, piece: shakmaty::Piece) -> &str {
        let side = if piece.color.is_white() { &self.white } else { &self.black };
        side.as_ref().map_or(self.piece(piece.role), |pieces| pieces.of(piece.role))
    }

    /// The word for a file.
    pub fn file(&self, file: File) -> &str {
        &self.files[file.to_usize()]
    }

    /// The word for a rank.
    pub fn rank(&self, rank: Rank) -> &str {
        &self.ranks[rank.to_usize()]
    }

    /// How a square is said.
    pub fn square(&self, square: Square) -> String {
        self.square.replace("{file}", self.file(square.file())).replace("{rank}", self.rank(square.rank()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_packs_load() {
        let packs = PhrasePack::builtin();
        assert_eq!(packs.len(), 3);
        let e = PhrasePack::named("appendix-e").unwrap();
        assert_eq!(e.square(Square::F3), "Felix drei");
        assert_eq!(e.piece(Role::Knight), "Springer");
        assert_eq!(PhrasePack::named("et").unwrap().square(Square::F3), "f3");
    }

    #[test]
    fn unknown_keys_are_reported_with_line() {
        let err = PhrasePack::from_toml("x.toml", "name = \"x\"\nbogus = 1\n").unwrap_err();
        assert!(err.to_string().contains("x.toml:2"), "{err}");
        assert!(err.to_string().contains("bogus"), "{err}");
    }
}
