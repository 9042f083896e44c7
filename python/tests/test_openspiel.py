"""The OpenSpiel registration: OpenSpiel's CFR on Plunder's liar's dice matches CFR on OpenSpiel's own."""

import pytest

pyspiel = pytest.importorskip("pyspiel")


def test_cfr_on_plunders_liars_dice_matches_openspiels():
    from open_spiel.python.algorithms import cfr, exploitability

    import plunder.openspiel

    ours = pyspiel.load_game(plunder.openspiel.register("liars-dice", faces=2))
    theirs = pyspiel.load_game("liars_dice", {"dice_sides": 2})
    assert ours.num_distinct_actions() == theirs.num_distinct_actions()
    values = []
    for game in (ours, theirs):
        solver = cfr.CFRSolver(game)
        for _ in range(5):
            solver.evaluate_and_update_policy()
        values.append(exploitability.nash_conv(game, solver.average_policy()))
    assert values[0] == pytest.approx(values[1], abs=1e-12)
    assert values[0] > 0
