"""The OpenSpiel registration: OpenSpiel's CFR on Plunder's liar's dice matches CFR on OpenSpiel's own."""

import numpy as np
import pytest

import plunder

from openspiel_import import import_pyspiel

pyspiel = import_pyspiel()


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


def test_pyspiel_parameters_and_serialization_on_the_registered_game():
    import plunder.openspiel

    name = plunder.openspiel.register("liars-dice")
    game = pyspiel.load_game(name, {"dice": 2, "faces": 3})
    assert game.num_distinct_actions() == plunder.load_game("liars-dice", dice=2, faces=3).num_distinct_actions()
    assert pyspiel.load_game(f"{name}(dice=2,faces=3)").num_distinct_actions() == game.num_distinct_actions()
    state = game.new_initial_state()
    for action in [0, 1, 2, 0, 3]:
        state.apply_action(action)
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history() and str(again) == str(state)
    assert again.information_state_string(1) == state.information_state_string(1)


def test_the_default_observer_is_the_observation_not_the_information_state():
    import plunder.openspiel

    game = pyspiel.load_game(plunder.openspiel.register("liars-dice"), {"dice": 1})
    state = game.new_initial_state()
    for action in [2, 4, 0, 3, 7]:
        state.apply_action(action)
    ours = plunder.load_game("liars-dice", dice=1).new_initial_state(seed=0)
    for action in [2, 4, 0, 3, 7]:
        ours.apply_action(action)
    assert state.observation_tensor(0) == ours.observation_tensor(0)
    assert state.information_state_tensor(0) == ours.information_state_tensor(0)
    assert state.observation_tensor(0) != state.information_state_tensor(0)


@pytest.mark.parametrize("game_id", ["liars-dice", "scallywager", "pirates-flag"])
def test_openspiels_ismcts_bot_plays_every_registered_game_with_hidden_information(game_id):
    from open_spiel.python.algorithms import ismcts, mcts

    import plunder.openspiel

    game = pyspiel.load_game(plunder.openspiel.register(game_id))
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 3:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 3 or state.is_terminal()

