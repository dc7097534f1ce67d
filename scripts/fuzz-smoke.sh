#!/usr/bin/env bash
# A short run of every fuzz target (the move reader with the session, the journal, PGN and FEN),
# each for SECONDS_PER_TARGET (default 10) with a time-out per input that catches hangs: any crash,
# panic or input taking over two seconds fails. The targets are built as cargo-fuzz builds them
# (libFuzzer through libfuzzer-sys, coverage instrumented, no sanitizer), with cargo alone; each
# runs on a copy of its corpus, so the checkout is left as it was. Findings go to
# target/fuzz/artifacts/TARGET/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${SECONDS_PER_TARGET:-10}
jobs=${JOBS:-2}
host=$(rustc -vV | sed -n 's/^host: //p')
flags=(
  -Cpasses=sancov-module
  -Cllvm-args=-sanitizer-coverage-level=4
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters
  -Cllvm-args=-sanitizer-coverage-pc-table
  -Cllvm-args=-sanitizer-coverage-trace-compares
  -Cllvm-args=-simplifycfg-branch-fold-threshold=0
  --cfg fuzzing
  -Cdebug-assertions
  -Coverflow-checks
)
# The target triple keeps the flags off build scripts and procedural macros, as cargo-fuzz does.
RUSTFLAGS="${flags[*]}" cargo build -j"$jobs" --quiet --release --manifest-path fuzz/Cargo.toml \
  --target "$host" --target-dir target/fuzz --bins
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Two targets at a time (one a core), each as long as before.
run() {
  local target=$1
  mkdir -p "$work/$target" "target/fuzz/artifacts/$target"
  cp -r "fuzz/corpus/$target/." "$work/$target/" 2>/dev/null || true
  local status=0
  "target/fuzz/$host/release/$target" "$work/$target" -max_total_time="$seconds" -timeout=2 \
    -rss_limit_mb=2048 -print_final_stats=0 -artifact_prefix="target/fuzz/artifacts/$target/" \
    >"$work/$target.log" 2>&1 || status=$?
  echo "fuzz: $target for ${seconds}s"
  tail -n 2 "$work/$target.log"
  return $status
}
failed=0
for pair in "read_move journal" "pgn fen"; do
  pids=()
  for target in $pair; do
    run "$target" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
done
exit $failed
