#!/usr/bin/env bash
# Test-only: the voices that say the moves the recognition tests hear (espeak-ng's own voice is too
# synthetic to be a fair test): flite (Debian main) for English, and the MBROLA voices de6
# (German) for the Appendix E words and ee1 for Estonian. MBROLA is in
# Debian contrib and its voices in non-free (Ubuntu: multiverse), which a fresh machine does not
# enable: the two packages are fetched with a private sources list, leaving the system's alone,
# and installed. Safe to run again; uses sudo when not root.
set -euo pipefail
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
if ! command -v flite >/dev/null; then
  echo "test-voices: installing flite"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y -qq flite >/dev/null || { $sudo apt-get update -qq && $sudo apt-get install -y -qq flite >/dev/null; }
fi
if command -v mbrola >/dev/null && [ -e /usr/share/mbrola/de6/de6 ] && [ -e /usr/share/mbrola/ee1/ee1 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "test-voices: need root or sudo to install mbrola-de6" >&2; exit 1; }
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
echo "test-voices: fetching mbrola, mbrola-de6 and mbrola-ee1"
apt-get "${private[@]}" update -qq
(cd "$dir" && apt-get "${private[@]}" download mbrola mbrola-de6 mbrola-ee1 2>/dev/null)
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get install -y -qq "$dir"/mbrola_*.deb "$dir"/mbrola-de6_*.deb "$dir"/mbrola-ee1_*.deb >/dev/null
