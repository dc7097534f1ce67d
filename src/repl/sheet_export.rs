//! `export [FORMAT] [FILE]`: the player's scoresheet as a file — plain text in the player's
//! letters, the 1953 full notation (the default under the 1953 code), Unicode braille or BRF for
//! an embosser, or spoken from the voice clips into a WAV file (E.2.5's tape recorder).

use shakmaty::Color;

use super::session::Session;
use super::{Document, Effect, Response, SheetContent, SheetFile};
use crate::rules::Ruleset;
use crate::table::{export_sheet, spoken_sheet, SheetFormat, SheetHeading};

impl Session {
    /// The scoresheet of the game so far in `format`, headed by the players and closed by the result.
    pub fn scoresheet(&self, format: SheetFormat) -> String {
        let name = |c: Color| match self.settings.name(c) {
            "" => self.tr("export.unnamed", &[]),
            name => name.to_string(),
        };
        let title = match (self.settings.white.is_empty(), self.settings.black.is_empty()) {
            (true, true) => self.tr("export.title_unnamed", &[]),
            _ => self.tr("export.title", &[("white", &name(Color::White)), ("black", &name(Color::Black))]),
        };
        let braille_table = crate::notation::louis_table(self.lang().code(), self.settings.braille_grade).into();
        let heading = SheetHeading { title, result: self.pgn().result, braille_table };
        let reader = self.settings.blind.unwrap_or(Color::White);
        let moves: Vec<_> = self.game.moves().collect();
        export_sheet(self.game.start(), &moves, &heading, format, self.settings.letters(reader))
    }

    /// Exported scoresheets are written in `letters` from now on, whoever reads them.
    pub fn write_sheets_in(&mut self, letters: crate::notation::LetterSet) {
        (self.settings.sighted_letters, self.settings.blind_letters) = (letters, letters);
    }

    /// The audio scoresheet: the moves in the words that announce them, with move numbers.
    pub fn spoken_scoresheet(&self) -> SheetContent {
        let moves: Vec<_> = self.game.moves().collect();
        let parts = spoken_sheet(self.game.start(), &moves, self.wording().pack(), self.settings.style);
        SheetContent::Spoken { pack: self.wording().pack().name.clone(), parts }
    }

    /// Where the voice clips are, if the settings say.
    pub fn clips_dir(&self) -> Option<&std::path::Path> {
        self.settings.clips.as_deref()
    }

    /// The form used when none is named: the full notation under the 1953 code, else text.
    fn default_sheet_format(&self) -> SheetFormat {
        match self.settings.ruleset {
            Ruleset::Ussr1953 => SheetFormat::Full,
            _ => SheetFormat::Text,
        }
    }

    /// `export [FORMAT] [FILE]`: the scoresheet, to be written (beside the journal unless a file
    /// is named).
    pub(super) fn export_command(&mut self, format: Option<SheetFormat>, path: Option<String>) -> Response {
        let format = format.unwrap_or_else(|| self.default_sheet_format());
        let content = match format {
            SheetFormat::Wav => self.spoken_scoresheet(),
            _ => SheetContent::Text(self.scoresheet(format)),
        };
        let file = SheetFile { content, extension: format.extension(), path };
        Response { lines: Vec::new(), effects: vec![Effect::Write(Box::new(Document::Sheet(file)))] }
    }
}
