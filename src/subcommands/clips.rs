//! `annabella clips [PACK…]`: the voice clips each phrase pack needs, one per line — pack,
//! language, file name (without .wav) and the words to record, separated by tabs — for
//! `scripts/render-clips.sh`.

use std::process::ExitCode;

use crate::cli::ClipsArgs;
use crate::messages::{Catalog, Lang};
use crate::notation::PhrasePack;

/// Lists the clips of the packs named (all when none is); an unknown pack exits 2.
pub fn clips(args: &ClipsArgs) -> ExitCode {
    let packs = PhrasePack::builtin();
    if let Some(unknown) = args.packs.iter().find(|n| !packs.iter().any(|p| p.name.eq_ignore_ascii_case(n))) {
        let why = Catalog::shipped(Lang::from_environment()).text("clips.no_pack", &[("pack", unknown)]);
        eprintln!("annabella: {why}");
        return ExitCode::from(2);
    }
    let wanted = |p: &&PhrasePack| args.packs.is_empty() || args.packs.iter().any(|n| p.name.eq_ignore_ascii_case(n));
    for pack in packs.iter().filter(wanted) {
        for entry in crate::speech::clip_list(pack) {
            println!("{}\t{}\t{}\t{}", pack.name, pack.language, entry.key, entry.text);
        }
    }
    ExitCode::SUCCESS
}
