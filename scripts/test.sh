#!/usr/bin/env bash
# Runs every check and test: formatting, lints with and without the features, the tests (the
# speech tests start a private speech-dispatcher whose audio is captured to a file), and the
# documentation build, a short run of every fuzz target, the dead-position analyser over the
# whole labelled set in a release build, the Windows build checked with MinGW, and the Debian
# package built, installed, used and removed. Ends with one line counting every test that ran.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}
# Every build here starts from nothing on a fresh machine: incremental compilation only costs.
export CARGO_INCREMENTAL=0
log=$(mktemp)
trap 'rm -f "$log" "${windows_log:-}"' EXIT
# Each step timed: `step NAME command…` prints how long it took.
step() {
  local name=$1 started=$SECONDS
  shift
  "$@"
  echo "step: $name took $((SECONDS - started)) s"
}

# The recognition tests say moves with a natural German voice (MBROLA de6).
step voices bash scripts/test-voices.sh
# The braille test drives a real BRLTTY.
step tools bash scripts/test-tools.sh
# The Windows check's toolchain is installed meanwhile (downloads, beside the compiler's work).
windows_log=$(mktemp)
bash scripts/check-windows.sh --prepare >"$windows_log" 2>&1 &
windows_prepared=$!
# The PGN test reads exported games with an independent reader, python-chess.
python3 -c "import chess.pgn" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check chess

step fmt cargo fmt --all -- --check
step clippy cargo clippy -j"$jobs" --workspace --all-targets -- -D warnings
step clippy-no-features cargo clippy -j"$jobs" --all-targets --no-default-features -- -D warnings
step doc env RUSTDOCFLAGS="-D warnings" cargo doc -j"$jobs" --workspace --no-deps --quiet
# Without the features the build is checked and linted (clippy above, every target); its tests
# are the same as with them (none is for a build without features), so they run once, below.
# One test thread more than the cores, and for the integration tests two more: many of them wait
# on the program they started (speech, the emulated board, the engine); with four threads on two
# cores they take about two thirds of the time they take with three.
# The library's own tests are quick and built unoptimised (a third of the library's build); the
# program, its integration tests and the analyser's tests, which decode speech and search
# positions, optimised a little (the test profile).
started=$SECONDS
threads=--test-threads="$((jobs + 1))"
CARGO_PROFILE_TEST_OPT_LEVEL=0 cargo test -j"$jobs" -p annabella --lib -- "$threads" 2>&1 | tee -a "$log"
cargo test -j"$jobs" -p annabella --bins --test it -- --test-threads="$((jobs + 2))" 2>&1 | tee -a "$log"
cargo test -j"$jobs" -p unwinnability --lib -- "$threads" 2>&1 | tee -a "$log"
echo "step: tests took $((SECONDS - started)) s"
# The fuzz targets, briefly, with a time-out per input that catches hangs.
step fuzz env JOBS="$jobs" bash scripts/fuzz-smoke.sh
# The dead-position analyser against all 3,414 labelled positions (and 65,536 of real games)
# needs an optimised build: of the analyser's crate alone.
started=$SECONDS
cargo test -j"$jobs" --release -p unwinnability --test labelled_positions -- --ignored 2>&1 | tee -a "$log"
echo "step: unwinnability took $((SECONDS - started)) s"
# Windows: everything but the MSVC-only screen-reader bridge, checked with the MinGW target.
wait "$windows_prepared" || { cat "$windows_log"; exit 1; }
step windows bash scripts/check-windows.sh
# The Debian package (a release build, the manual, the completions, the clips).
step package bash scripts/test-package.sh

passed=$(grep -oE 'test result: [a-zA-Z]+\. [0-9]+ passed' "$log" | awk '{s += $4} END {print s + 0}')
failed=$(grep -oE '[0-9]+ failed' "$log" | awk '{s += $1} END {print s + 0}')
echo "tests: $passed passed, $failed failed"
