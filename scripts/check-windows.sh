#!/usr/bin/env bash
# The Windows build, checked from Linux: everything but the screen-reader bridge (Tolk, whose C++
# needs MSVC; the `screen-reader` feature) and the recogniser (PocketSphinx, Linux only), for the
# x86_64-pc-windows-gnu target with the distribution's MinGW toolchain. Installs the toolchain and
# the target's standard library when missing; `--prepare` only installs them (the tests start it
# early, beside other work, and wait for it before the check).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}
if ! dpkg -s gcc-mingw-w64-x86-64 >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq gcc-mingw-w64-x86-64 >/dev/null
fi
command -v rustup >/dev/null || { echo "check-windows: rustup is needed to add the Windows target" >&2; exit 1; }
rustup target list --installed | grep -qx x86_64-pc-windows-gnu || rustup target add x86_64-pc-windows-gnu
[ "${1:-}" = "--prepare" ] && { echo "check-windows: the MinGW toolchain and the target are ready"; exit 0; }
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
RUSTFLAGS="-D warnings" cargo check -j"$jobs" --quiet --target x86_64-pc-windows-gnu \
  --no-default-features --features speech,audio --lib --bins
echo "check-windows: the Windows build checks"
