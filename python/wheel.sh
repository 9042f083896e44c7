#!/usr/bin/env bash
# Builds the `plunder` Python package as a release wheel, manylinux-tagged and abi3 (one wheel for every CPython
# from 3.8 on this platform), into target/wheels, and checks it. The release wheel is linked by zig (maturin's
# `--zig`; the `ziglang` package from PyPI, about 400 MB, installed into target/py-venv the first time) against
# glibc 2.17's symbols, so it is manylinux_2_17 (manylinux2014: any x86_64 Linux from about 2014 on) rather than
# tied to this machine's newer glibc. Checks:
#   - maturin's built-in auditwheel check (`--auditwheel check`: the extension links only libraries and glibc
#     symbol versions the manylinux tag allows, else the build fails), and `auditwheel show` (auditwheel from PyPI)
#     agreeing on the tag;
#   - the wheel's tags, from its file name and its .dist-info/WHEEL: cp38-abi3 and manylinux_*;
#   - it installs into a fresh virtual environment (numpy from PyPI) where `import plunder` plays a game.
# Then it prints the wheel's path and size. It exits non-zero if any check fails.
#
# Usage: python/wheel.sh            the release wheel, to publish (a few minutes of compiling on 2 cores)
#        python/wheel.sh --native   the release wheel linked by the system's linker: tagged with the lowest manylinux
#                                   this machine's glibc allows (manylinux_2_34 on Debian 12), no zig needed
#        python/wheel.sh --debug    a native wheel compiled without optimization, into target/py-build/debug-wheels
#                                   (never target/wheels), through the same checks: python/test.sh (so
#                                   `cargo test -p plunder-py` and CI) runs this and tests the wheel it made; a release
#                                   compile there would cost more than it saves (BENCHMARKS.md, "Python tests:
#                                   release wheel or debug build").
# maturin and auditwheel come from target/py-venv, made here if python/test.sh has not made it.
#
# Publishing (not done by this script or CI; a maintainer, with a PyPI API token in MATURIN_PYPI_TOKEN or
# TWINE_PASSWORD, after a clean `python/wheel.sh`):
#   target/py-venv/bin/maturin upload target/wheels/plunder-<version>-*.whl
# or, equivalently, `twine upload target/wheels/plunder-<version>-*.whl`. Add `--repository-url
# https://test.pypi.org/legacy/` (maturin: `--repository testpypi`) for a trial run on TestPyPI first. The wheel is
# for x86_64 Linux with glibc (the machine's architecture); other platforms build from the sdist
# (`maturin sdist`), which needs Rust.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
venv=$root/target/py-venv
python=${PYTHON:-python3}
# The same target folder as python/test.sh's (its own: `cargo test` may hold the workspace's while this runs).
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}/py-build
case "${1:-}" in
  "") profile=(--release --zig --compatibility manylinux_2_17); wheels=$root/target/wheels ;;
  --native) profile=(--release); wheels=$root/target/wheels ;;
  --debug) profile=(); wheels=$CARGO_TARGET_DIR/debug-wheels ;;
  *) echo "usage: python/wheel.sh [--native | --debug]" >&2; exit 2 ;;
esac

if [ ! -x "$venv/bin/python" ]; then
  echo "Creating $venv ..." >&2
  "$python" -m venv "$venv"
fi
need=()
[ -x "$venv/bin/maturin" ] || need+=("maturin>=1.5,<2")
[ -x "$venv/bin/auditwheel" ] || need+=("auditwheel")
if [ -z "${1:-}" ] && ! "$venv/bin/python" -c "import ziglang" 2>/dev/null; then
  need+=("ziglang")
fi
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing ${need[*]} into $venv ..." >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check "${need[@]}"
fi

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' python/pyproject.toml | head -1)
rm -f "$wheels"/plunder-"$version"-*.whl
# Without --compatibility (--native, --debug) maturin tags the lowest manylinux the extension's glibc symbols allow;
# --auditwheel check fails the build if the extension needs a library or symbol outside the tag's policy (it
# repairs nothing).
(cd python && VIRTUAL_ENV=$venv PATH=$venv/bin:$PATH "$venv/bin/maturin" build "${profile[@]}" --quiet \
  --auditwheel check --out "$wheels")

shopt -s nullglob
built=("$wheels"/plunder-"$version"-*.whl)
if [ ${#built[@]} -ne 1 ]; then
  echo "python/wheel.sh: expected one plunder-$version wheel in $wheels, found ${#built[@]}" >&2
  exit 1
fi
wheel=${built[0]}
name=$(basename "$wheel")
fail() { echo "python/wheel.sh: $name: $*" >&2; exit 1; }

# plunder-0.1.0-cp38-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl: python tag, abi tag, platform tag(s).
IFS=- read -r _ _ python_tag abi_tag platform_tag <<< "${name%.whl}"
[ "$abi_tag" = abi3 ] || fail "ABI tag $abi_tag, not abi3"
[ "$python_tag" = cp38 ] || fail "Python tag $python_tag, not cp38 (pyo3's abi3-py38)"
# The PEP 600 tag (manylinux_2_N_arch), beside any legacy alias (manylinux2014_arch).
pep600=$(tr . '\n' <<< "$platform_tag" | grep -m1 '^manylinux_2_[0-9]*_' || true)
[ -n "$pep600" ] || fail "platform tag $platform_tag, no manylinux_2_*"
if [ -z "${1:-}" ] && [ "$pep600" != manylinux_2_17_x86_64 ]; then
  fail "platform tag $platform_tag, not manylinux_2_17_x86_64 (zig's glibc 2.17)"
fi
# The tags inside the wheel (what pip and PyPI read) say the same as its name.
"$venv/bin/python" - "$wheel" "$python_tag-$abi_tag" "$platform_tag" <<'EOF' || fail "its WHEEL file disagrees with its name"
import sys, zipfile
wheel, interpreter, platforms = sys.argv[1:]
with zipfile.ZipFile(wheel) as z:
    [meta] = [n for n in z.namelist() if n.endswith(".dist-info/WHEEL")]
    tags = {line.split(": ", 1)[1] for line in z.read(meta).decode().splitlines() if line.startswith("Tag: ")}
expected = {f"{interpreter}-{platform}" for platform in platforms.split(".")}
if tags != expected:
    sys.exit(f"Tag lines {sorted(tags)}, expected {sorted(expected)}")
EOF
# auditwheel's own reading: the extension is consistent with the wheel's manylinux tag.
show=$("$venv/bin/auditwheel" show "$wheel")
tr -s ' \n' '  ' <<< "$show" | grep -q "consistent with the following platform tag: \"$pep600\"" ||
  fail "auditwheel show does not find it consistent with $pep600:"$'\n'"$show"

# A fresh virtual environment, outside the source tree so `import plunder` can only find the installed wheel.
check=$root/target/wheel-check-venv
rm -rf "$check"
"$python" -m venv "$check"
if [ "${1:-}" = --debug ]; then
  # For the tests (python/test.sh): the wheel alone, with numpy from target/py-venv (a .pth line, read after the
  # venv's own packages), so a machine offline with its venv made still runs them.
  "$check/bin/pip" install --quiet --disable-pip-version-check --no-deps --no-index "$wheel"
  "$venv/bin/python" -c 'import numpy, os; print(os.path.dirname(os.path.dirname(numpy.__file__)))' \
    > "$("$check/bin/python" -c 'import site; print(site.getsitepackages()[0])')/py-venv.pth"
else
  "$check/bin/pip" install --quiet --disable-pip-version-check "$wheel"
fi
(cd "$check" && "$check/bin/python" - <<'EOF') || fail "the installed wheel does not play a game"
import os, sys
import plunder
assert os.path.abspath(plunder.__file__).startswith(sys.prefix), plunder.__file__
game = plunder.load_game("liars-dice")
state = game.new_initial_state(seed=1)
while not state.is_terminal():
    if state.is_chance_node():
        state.sample_chance()
    else:
        state.apply_action(state.legal_actions()[0])
assert sum(state.returns()) == 0 and max(state.returns()) > 0, state.returns()
print(f"installed wheel played liar's dice: returns {state.returns()}")
EOF
rm -rf "$check"
echo "$wheel: $(du -k "$wheel" | cut -f1) KiB ($(stat -c %s "$wheel") bytes), tags $python_tag-$abi_tag-$platform_tag"
