"""pyspiel for the OpenSpiel tests: python/test.sh installs open-spiel unless PLUNDER_TEST_OPENSPIEL=0. Where it
is missing the tests skip, except with PLUNDER_REQUIRE_PYTHON=1 (CI), where a missing pyspiel fails them. Also
the checks those tests share."""

import importlib
import os

import pytest


def import_pyspiel():
    if os.environ.get("PLUNDER_REQUIRE_PYTHON") and os.environ.get("PLUNDER_TEST_OPENSPIEL") != "0":
        return importlib.import_module("pyspiel")
    return pytest.importorskip("pyspiel")


def assert_first_policy_is_a_distribution(game, solver):
    """A CFR-family solver's average policy at the game's first decision: a probability for each legal action,
    summing to 1."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probabilities = solver.average_policy().action_probabilities(state)
    assert sorted(probabilities) == state.legal_actions()
    assert sum(probabilities.values()) == pytest.approx(1.0)
