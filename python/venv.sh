#!/usr/bin/env bash
# Creates the virtual environment python/test.sh tests in (target/py-venv) and installs its packages there, once
# (again only when the list below changes). test.sh runs it; CI runs it early, beside the builds.
# Env: PLUNDER_TEST_RAY=1 adds Ray (large); PLUNDER_TEST_OPENSPIEL=0 leaves out OpenSpiel (with SciPy, about
# 200 MB). Where the packages cannot be installed (offline), it exits 77 (skipped), or with
# PLUNDER_REQUIRE_PYTHON=1 (CI) 1.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
venv=$root/target/py-venv
python=${PYTHON:-python3}
# One install at a time (CI's early one and the test's own may overlap).
mkdir -p "$root/target"
exec 9> "$root/target/py-venv.lock"
flock 9
packages="maturin>=1.5,<2 auditwheel numpy pytest pytest-xdist gymnasium>=1.1 pettingzoo>=1.24"
if [ -n "${PLUNDER_TEST_RAY:-}" ]; then
  packages="$packages ray"
fi
if [ "${PLUNDER_TEST_OPENSPIEL:-1}" != 0 ]; then
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
      echo "python/venv.sh: could not install $packages from PyPI" >&2
      exit 1
    fi
    echo "SKIPPED: could not install $packages from PyPI (offline?), so the Python package is not tested" >&2
    exit 77
  fi
  echo "$packages" > "$stamp"
fi

