#!/usr/bin/env bash
# Installs what annabella needs on Debian or Ubuntu, and only what is missing: the speech
# engine (speech-dispatcher with espeak-ng), the recogniser (PocketSphinx and its US English
# model), the libraries and the C compiler the build needs (liblouis for braille words, BrlAPI
# for braille displays; build.rs compiles one small C file against ALSA), and the tools the
# speech tests and the fuzz run use (g++ builds libFuzzer).
# Safe to run again; uses sudo when not root.
set -euo pipefail

packages=(speech-dispatcher speech-dispatcher-espeak-ng espeak-ng libspeechd-dev libclang-dev
          libasound2-dev pkg-config gcc g++ alsa-utils sox tmux
          libpocketsphinx-dev libsphinxbase-dev pocketsphinx-en-us stockfish liblouis-dev libbrlapi-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo=sudo
  fi
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null; then
  echo "setup: Rust is missing: install it from https://rustup.rs (rustc 1.95 or newer), then run this again." >&2
  exit 1
fi
