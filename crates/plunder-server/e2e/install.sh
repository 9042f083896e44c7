#!/usr/bin/env bash
# Installs what the browser tests need, where missing: Debian's chromium and fonts-noto-color-emoji (the boards
# draw some pieces as emoji: a colour emoji font makes the screenshots show them as a phone would), playwright-core
# and typescript from npm (into node_modules here), and schemathesis from PyPI (for fuzz_api.sh, into a virtual
# environment under the target folder). Usage: install.sh [browser|fuzz] (both by default); run.sh and fuzz_api.sh
# call it for their part; CI runs it early, beside the builds.
set -euo pipefail
part="${1:-all}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
if [ "$part" != fuzz ] && { ! command -v chromium > /dev/null || [ ! -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]; }; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-color-emoji > /dev/null
fi
[ "$part" = fuzz ] || (cd "$here" && npm install --silent --no-audit --no-fund > /dev/null)
venv="${CARGO_TARGET_DIR:-$root/target}/schemathesis-venv"
[ "$part" = browser ] || [ -x "$venv/bin/schemathesis" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q "schemathesis==4.32.5"; }
