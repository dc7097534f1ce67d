#!/usr/bin/env bash
# Test-only: the voices that say the moves the recognition tests hear (espeak-ng's own voice is too
# synthetic to be a fair test): flite (Debian main, its voices slt, kal, rms and awb) for English,
# and the MBROLA voices de4, de5 and de6 (German) for the Appendix E words and ee1 for Estonian. MBROLA is in
# Debian contrib and its voices in non-free (Ubuntu: multiverse), which a fresh machine does not
# enable: the two packages are fetched with a private sources list, leaving the system's alone,
# and installed. `--fresh` also fetches the voices of the listening benchmark's fresh set (German
# de1, de2 and de7, American English us1, British English en1), which no rule is set by.
# Safe to run again; uses sudo when not root.
set -euo pipefail
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
if ! command -v flite >/dev/null; then
  echo "test-voices: installing flite"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -qq flite >/dev/null || { $sudo apt-get update -qq && $sudo apt-get install -y -qq flite >/dev/null; }
fi
voices=(de4 de5 de6 ee1)
if [ "${1:-}" = "--fresh" ]; then voices+=(de1 de2 de7 us1 en1); fi
missing=()
for v in "${voices[@]}"; do [ -e "/usr/share/mbrola/$v/$v" ] || missing+=("mbrola-$v"); done
if command -v mbrola >/dev/null && [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "test-voices: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  sudo=sudo
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. /etc/os-release
case "${ID:-debian}" in
  ubuntu) echo "deb http://archive.ubuntu.com/ubuntu ${VERSION_CODENAME} multiverse" >"$dir/sources.list" ;;
  *) echo "deb http://deb.debian.org/debian ${VERSION_CODENAME:-bookworm} contrib non-free" >"$dir/sources.list" ;;
esac
mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
private=(-o Dir::Etc::SourceList="$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
         -o Dir::State::Lists="$dir/lists" -o Dir::Cache="$dir/cache" -o Debug::NoLocking=1)
echo "test-voices: fetching mbrola and ${missing[*]}"
apt-get "${private[@]}" update -qq
(cd "$dir" && apt-get "${private[@]}" download mbrola "${missing[@]}" 2>/dev/null)
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get install -y -qq "$dir"/*.deb >/dev/null
