#!/usr/bin/env bash
# Builds the Debian package into target/debian/: the release binary, the manual pages and shell
# completions generated from the command-line definitions (annabella manual), the voice clips of
# every phrase pack rendered with espeak-ng, then `cargo deb` (installed with cargo if missing).
#   scripts/package.sh              prints the package's path on its last line
#   PROFILE=dev scripts/package.sh  the same around the debug build (what `make test` installs
#                                   and tries: the package's making, not the optimiser, is tested)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}
command -v cargo-deb >/dev/null || cargo install cargo-deb --locked --quiet -j"$jobs"
profile=${PROFILE:-release}
cargo build --profile "$profile" -j"$jobs" --quiet
[ "$profile" = dev ] && dir=debug || dir=$profile
program="${CARGO_TARGET_DIR:-target}/$dir/annabella"
rm -rf target/manual
"$program" manual target/manual >/dev/null
bash scripts/render-clips.sh "$program" voices/clips >/dev/null
cargo deb --no-build --profile "$profile" --quiet --output target/debian/
ls -t target/debian/annabella_*.deb | head -1
