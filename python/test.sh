#!/usr/bin/env bash
# Builds the `plunder` Python package into a virtual environment under target/py-venv and runs its pytest suite
# (python/tests). `cargo test -p plunder-py` runs this script. Re-runs are fast: the venv's packages are installed
# once (again only when the list below changes) and the Rust build is cached in target/py-build.
#
# Usage: python/test.sh [pytest arguments]
#   PLUNDER_TEST_RAY=1 python/test.sh        also installs Ray (large) and runs the local-Ray simulation test.
#   PLUNDER_TEST_OPENSPIEL=1 python/test.sh  also installs OpenSpiel (large) and checks CFR on Plunder's liar's
#                                            dice against CFR on OpenSpiel's own.
# Where the packages cannot be installed (offline), it exits 77 (skipped), or with PLUNDER_REQUIRE_PYTHON=1 (CI) 1.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
venv=$root/target/py-venv
python=${PYTHON:-python3}
packages="maturin>=1.5,<2 numpy pytest gymnasium>=1.1 pettingzoo>=1.24"
if [ -n "${PLUNDER_TEST_RAY:-}" ]; then
  packages="$packages ray"
fi
if [ -n "${PLUNDER_TEST_OPENSPIEL:-}" ]; then
  packages="$packages open-spiel"
fi

if [ ! -x "$venv/bin/python" ]; then
  echo "Creating $venv ..." >&2
  "$python" -m venv "$venv"
fi
stamp=$venv/.plunder-packages
if [ "$(cat "$stamp" 2>/dev/null)" != "$packages" ]; then
  echo "Installing $packages into $venv ..." >&2
  # shellcheck disable=SC2086
  if ! "$venv/bin/pip" install --quiet --disable-pip-version-check $packages; then
    # Offline, or PyPI unreachable: the README's test command stays usable; CI (PLUNDER_REQUIRE_PYTHON=1) fails.
    if [ -n "${PLUNDER_REQUIRE_PYTHON:-}" ]; then
      echo "python/test.sh: could not install $packages from PyPI" >&2
      exit 1
    fi
    echo "SKIPPED: could not install $packages from PyPI (offline?), so the Python package is not tested" >&2
    exit 77
  fi
  echo "$packages" > "$stamp"
fi

# A target folder of its own: `cargo test` may still hold the workspace's while this runs.
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}/py-build
(cd python && VIRTUAL_ENV=$venv PATH=$venv/bin:$PATH "$venv/bin/maturin" develop --quiet)
cd python
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider tests "$@"
