#!/usr/bin/env bash
# The Debian package, built, installed on this machine and used: `annabella --help` (also in
# German), the manual pages (English, German, Estonian), the completions, and `annabella say`
# speaking through speech-dispatcher and from the installed voice clips (captured headless with
# ../shared/tools/headless-audio.sh); then removed.
# Needs root or sudo (dpkg).
set -euo pipefail
cd "$(dirname "$0")/.."
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
fail() { echo "test-package: $*" >&2; exit 1; }

# The package around the debug build the tests made: its making is what is tested here.
deb=$(PROFILE=dev bash scripts/package.sh | tail -1)
[ -s "$deb" ] || fail "no package was built"
contents=$(dpkg-deb --contents "$deb")
for f in usr/bin/annabella usr/share/man/man1/annabella.1 usr/share/man/man1/annabella-play.1 \
         usr/share/man/de/man1/annabella-play.1 usr/share/man/et/man1/annabella-play.1 \
         usr/share/bash-completion/completions/annabella usr/share/annabella/config.toml \
         usr/share/annabella/voices/appendix-e.toml usr/share/annabella/voices/clips/appendix-e/; do
  grep -q "$f" <<<"$contents" || fail "$f is not in $deb"
done
depends=$(dpkg-deb --field "$deb" Depends)
for d in speech-dispatcher espeak-ng; do
  grep -q "$d" <<<"$depends" || fail "the package does not depend on $d: $depends"
done

$sudo dpkg -i "$deb" >/dev/null
trap '$sudo dpkg -r annabella >/dev/null 2>&1 || true' EXIT
[ "$(command -v annabella)" = /usr/bin/annabella ] || fail "annabella is not /usr/bin/annabella"
/usr/bin/annabella --help | grep -q -- "--eboard" || fail "annabella --help does not list --eboard"
man -w annabella >/dev/null 2>&1 || [ -f /usr/share/man/man1/annabella.1.gz ] || fail "no manual page installed"
grep -q -- "--eboard" /usr/share/bash-completion/completions/annabella || fail "the bash completion lacks --eboard"
/usr/bin/annabella --lang de --help | grep -q "^Aufruf: annabella" || fail "annabella --lang de --help is not German"
zcat -f /usr/share/man/de/man1/annabella-play.1* | grep -q "^.SH BESCHREIBUNG" || fail "the German manual page is not German"

# Spoken from the installed program: through speech-dispatcher, and from the installed clips.
audio=$(mktemp -d)
tool=../shared/tools/headless-audio.sh
eval "$(bash "$tool" start "$audio")"
trap 'bash "$tool" stop "$audio" >/dev/null 2>&1 || true; $sudo dpkg -r annabella >/dev/null 2>&1 || true' EXIT
capture=$(bash "$tool" speechd-capture "$audio")
before=$(stat -c %s "$capture" 2>/dev/null || echo 0)
(cd / && timeout 30 /usr/bin/annabella say "Springer Felix drei") >/dev/null || fail "annabella say failed"
sleep 1
read -r seconds _ < <(bash "$tool" measure "$capture" "$before")
awk -v s="$seconds" 'BEGIN { exit !(s > 0.5) }' || fail "annabella say was not heard ($seconds s)"
export ALSA_CAPTURE_FILE="$audio/clips.raw"
(cd / && env -u ANNABELLA_CLIPS timeout 30 /usr/bin/annabella say --speech clips "Springer Felix drei") >/dev/null \
  || fail "annabella say --speech clips failed"
read -r seconds _ < <(bash "$tool" measure "$ALSA_CAPTURE_FILE")
awk -v s="$seconds" 'BEGIN { exit !(s > 0.5) }' || fail "the installed clips were not heard ($seconds s)"
echo "test-package: $deb installed; --help, the manual, the completions and both voices work"
