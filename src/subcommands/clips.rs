//! `annabella clips [PACK…]`: the voice clips each phrase pack needs, one per line — pack,
//! language, file name (without .wav) and the words to record, separated by tabs — for
//! `scripts/render-clips.sh`.

use std::process::ExitCode;

use super::talk::Talk;
use crate::cli::{ClipsArgs, GlobalArgs};
use crate::notation::PhrasePack;

/// Lists the clips of the packs named (all when none is); an unknown pack is said, in the
/// interface language and beside the list's output, and exits 2.
pub fn clips(global: &GlobalArgs, args: &ClipsArgs) -> ExitCode {
    let packs = PhrasePack::builtin();
    if let Some(unknown) = args.packs.iter().find(|n| !packs.iter().any(|p| p.name.eq_ignore_ascii_case(n))) {
        let mut talk = match Talk::aside(global) {
            Ok(talk) => talk,
            Err(code) => return code,
        };
        let w = talk.wording();
        let line = w.say(w.words("clips.no_pack", &[("pack", w.typed(unknown))]));
        return talk.refuse(&[line]);
    }
    let wanted = |p: &&PhrasePack| args.packs.is_empty() || args.packs.iter().any(|n| p.name.eq_ignore_ascii_case(n));
    for pack in packs.iter().filter(wanted) {
        for entry in crate::speech::clip_list(pack) {
            println!("{}\t{}\t{}\t{}", pack.name, pack.language, entry.key, entry.text);
        }
    }
    ExitCode::SUCCESS
}
