"""pyspiel for the OpenSpiel tests: python/test.sh installs open-spiel unless PLUNDER_TEST_OPENSPIEL=0. Where it
is missing the tests skip, except with PLUNDER_REQUIRE_PYTHON=1 (CI), where a missing pyspiel fails them."""

import importlib
import os

import pytest


def import_pyspiel():
    if os.environ.get("PLUNDER_REQUIRE_PYTHON") and os.environ.get("PLUNDER_TEST_OPENSPIEL") != "0":
        return importlib.import_module("pyspiel")
    return pytest.importorskip("pyspiel")
