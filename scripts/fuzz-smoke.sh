#!/usr/bin/env bash
# A short run of every fuzz target (the move reader with the session, the journal, PGN and FEN),
# each for SECONDS (default 25) with a time-out per input that catches hangs: any crash, panic or
# input taking over two seconds fails. Installs cargo-fuzz, a test-only tool, when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${SECONDS_PER_TARGET:-25}
command -v cargo-fuzz >/dev/null || cargo install --locked --quiet cargo-fuzz
for target in read_move journal pgn fen; do
  echo "fuzz: $target for ${seconds}s"
  RUSTC_BOOTSTRAP=1 cargo fuzz run -s none "$target" -- \
    -max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 -print_final_stats=0 2>&1 | tail -n 2
done
