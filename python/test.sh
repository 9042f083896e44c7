#!/usr/bin/env bash
# Builds the `plunder` Python package into a virtual environment under target/py-venv and runs its pytest suite
# (python/tests). `cargo test -p plunder-py` runs this script. Re-runs are fast: the venv's packages are installed
# once (again only when the list below changes) and the Rust build is cached in target/py-build. The package is
# a wheel built and checked by `python/wheel.sh --debug`: the release wheel's packaging and checks (manylinux and
# abi3 tags, auditwheel, a game in a fresh venv), compiled without optimization, since a release compile costs
# more than its faster tests save (BENCHMARKS.md, "Python tests: release wheel or debug build").
#
# Usage: python/test.sh [pytest arguments]
#   PLUNDER_TEST_RAY=1 python/test.sh        also installs Ray (large) and runs the local-Ray simulation test.
#   PLUNDER_TEST_OPENSPIEL=0 python/test.sh  leaves out OpenSpiel (installed by default, with SciPy: about
#                                            200 MB), whose tests (python/tests/test_openspiel*.py) then skip.
# Where the packages cannot be installed (offline), it exits 77 (skipped), or with PLUNDER_REQUIRE_PYTHON=1 (CI) 1.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
venv=$root/target/py-venv
# The venv and its packages (CI starts this early, beside the builds); 77: skipped (offline).
python/venv.sh || exit $?

# The wheel, installed into the venv in place of any earlier build (`maturin develop`'s included).
python/wheel.sh --debug
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' python/pyproject.toml | head -1)
wheel=$(ls "${CARGO_TARGET_DIR:-$root/target}"/py-build/debug-wheels/plunder-"$version"-*.whl)
"$venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheel"
cd python
# pytest's script, not `python -m pytest`, which would put python/ first on sys.path and import the source tree's
# plunder/ instead of the installed wheel. PLUNDER_WHEEL tells test_wheel.py to check the installed package is it.
# The tests are independent: pytest-xdist runs them on every core (`-n 0` in the arguments runs them in one).
PLUNDER_WHEEL=$wheel exec "$venv/bin/pytest" -q -p no:cacheprovider -n auto tests "$@"
