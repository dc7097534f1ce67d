#!/usr/bin/env bash
# Builds the Debian package into target/debian/: the release binary, the manual pages and shell
# completions generated from the command-line definitions (annabella manual), the voice clips of
# every phrase pack rendered with espeak-ng, then `cargo deb` (installed with cargo if missing).
#   scripts/package.sh        prints the package's path on its last line
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}
command -v cargo-deb >/dev/null || cargo install cargo-deb --locked --quiet -j"$jobs"
cargo build --release -j"$jobs" --quiet
program="${CARGO_TARGET_DIR:-target}/release/annabella"
rm -rf target/manual
"$program" manual target/manual >/dev/null
bash scripts/render-clips.sh "$program" voices/clips >/dev/null
cargo deb --no-build --quiet --output target/debian/
ls -t target/debian/annabella_*.deb | head -1
