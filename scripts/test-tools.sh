#!/usr/bin/env bash
# Test-only packages beside the voices: BRLTTY, whose `tt` driver on a pseudo-terminal is the
# braille display of the braille test. Installed only when missing; uses sudo when not root.
set -euo pipefail
missing=()
for p in brltty; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "test-tools: installed ${missing[*]}"
