#!/usr/bin/env bash
# Renders the voice clips of every phrase pack with espeak-ng (German for the Appendix E pack,
# Estonian and English for theirs) into voices/clips/PACK/KEY.wav, for speaking moves without a
# speech engine and for the spoken scoresheet. Clips already there (hand-recorded ones, say) are
# kept unless FORCE=1.
#   scripts/render-clips.sh [PROGRAM [DIR]]   PROGRAM: the annabella binary (default
#                                             target/release/annabella); DIR: voices/clips
set -euo pipefail
cd "$(dirname "$0")/.."
program=${1:-target/release/annabella}
out=${2:-voices/clips}
command -v espeak-ng >/dev/null || { echo "render-clips: espeak-ng is missing (scripts/setup.sh installs it)" >&2; exit 1; }
list=$("$program" clips)
made=0
while IFS=$'\t' read -r pack language key text; do
  file="$out/$pack/$key.wav"
  if [ -s "$file" ] && [ -z "${FORCE:-}" ]; then continue; fi
  mkdir -p "$out/$pack"
  espeak-ng -v "$language" -w "$file" "$text"
  made=$((made + 1))
done <<<"$list"
echo "render-clips: $made clips written, $(wc -l <<<"$list") in $out"
