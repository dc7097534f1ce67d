#!/usr/bin/env bash
# Runs every check and test: formatting, lints, the tests with and without the speech feature
# (the speech tests start a private speech-dispatcher whose audio is captured to a file), and the
# documentation build.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}

cargo fmt --all -- --check
cargo clippy -j"$jobs" --all-targets -- -D warnings
cargo clippy -j"$jobs" --all-targets --no-default-features -- -D warnings
cargo test -j"$jobs" --no-default-features --lib
cargo test -j"$jobs"
RUSTDOCFLAGS="-D warnings" cargo doc -j"$jobs" --no-deps --quiet
