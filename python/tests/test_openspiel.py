"""The OpenSpiel registration: OpenSpiel's CFR on Plunder's liar's dice matches CFR on OpenSpiel's own."""

import numpy as np
import pytest

import plunder

from openspiel_import import assert_first_policy_is_a_distribution, import_pyspiel

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


GAMES = [info["id"] for info in plunder.games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiels_search_bot_plays_every_game(game_id):
    """OpenSpiel's ISMCTSBot where information is hidden (through ``resample_from_infostate``; the games with
    simultaneous decisions registered in turn), its MCTSBot on Pirate Haven (ISMCTS refuses perfect information)."""
    from open_spiel.python.algorithms import ismcts, mcts

    import plunder.openspiel

    game = smallest(game_id)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        assert game_id == "pirate-haven"
        bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rng)
    else:
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


def smallest(game_id):
    """Every game as a sequential pyspiel game (simultaneous decisions in turn) at its smallest table, a game with
    a round cap stopped after 5 rounds (a random game of The Pirate's Flag runs thousands of decisions)."""
    import plunder.openspiel

    ours = plunder.load_game(game_id)
    params = {"players": ours.facts["min_players"]}
    if "max_rounds" in ours.options:
        params["max_rounds"] = 5
    return pyspiel.load_game(plunder.openspiel.register(game_id, turn_based=True), params)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiels_rl_environment_plays_every_game_with_random_agents(game_id):
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent

    game = smallest(game_id)
    env = rl_environment.Environment(game, seed=1)
    num_actions = env.action_spec()["num_actions"]
    assert num_actions == game.num_distinct_actions()
    agents = [random_agent.RandomAgent(player_id=p, num_actions=num_actions) for p in range(game.num_players())]
    np.random.seed(1)
    time_step = env.reset()
    decisions = 0
    while not time_step.last():
        player = time_step.observations["current_player"]
        assert len(time_step.observations["info_state"][player]) == game.information_state_tensor_size()
        action = agents[player].step(time_step).action
        assert action in time_step.observations["legal_actions"][player]
        time_step = env.step([action])
        decisions += 1
    assert decisions > 0
    returns = env.get_state.returns()
    assert time_step.rewards == pytest.approx(returns)
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiels_random_simulation_checks_with_serialization_pass_on_every_game(game_id):
    # Clones, histories, serialization round trips, legal-action masks, tensor sizes, returns within bounds.
    pyspiel.random_sim_test(smallest(game_id), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiels_outcome_sampling_mccfr_runs_on_every_game(game_id):
    import sys

    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = smallest(game_id)
    np.random.seed(0)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))  # one frame per decision: a board game is longer than the default
    try:
        with np.errstate(all="ignore"):  # reach probabilities of a long sampled game may underflow
            solver.iteration()
    finally:
        sys.setrecursionlimit(limit)
    assert len(solver._infostates) > 1  # information-state key -> [regrets, average policy]
    assert_first_policy_is_a_distribution(game, solver)


# The tables where one external-sampling iteration is a walk a test can wait for: it takes every action of the
# learning seat at each of its decisions, so its cost is the product of their counts. A round of Lying Pirates
# (two captains) is 10^6-10^7 such walks, one of The Pirate's Flag (three) up to 10^7 and a whole game of Pirate
# Haven 10^10 (measured over random games), which no test or researcher waits for.
EXTERNAL_SAMPLING_TABLES = {
    "loot-pirates": {"players": 3, "max_rounds": 1},
    "scallywager": {"players": 2, "dice": 1, "max_turns": 2},
}


@pytest.mark.parametrize("game_id", sorted(EXTERNAL_SAMPLING_TABLES))
def test_openspiels_external_sampling_mccfr_runs_where_an_iteration_is_a_short_walk(game_id):
    import plunder.openspiel
    from open_spiel.python.algorithms import external_sampling_mccfr

    params = EXTERNAL_SAMPLING_TABLES[game_id]
    game = pyspiel.load_game(plunder.openspiel.register(game_id, turn_based=True), params)
    np.random.seed(0)
    solver = external_sampling_mccfr.ExternalSamplingSolver(game)
    solver.iteration()
    # Each seat's walk met many of its information sets, each with a regret per legal action.
    assert len(solver._infostates) > 10
    assert_first_policy_is_a_distribution(game, solver)


def test_openspiels_external_sampling_mccfr_on_liars_dice_approaches_openspiels_own():
    from open_spiel.python.algorithms import exploitability, external_sampling_mccfr

    import plunder.openspiel

    ours = pyspiel.load_game(plunder.openspiel.register("liars-dice", faces=2))
    theirs = pyspiel.load_game("liars_dice", {"dice_sides": 2})
    values = []
    for game in (ours, theirs):
        np.random.seed(3)
        solver = external_sampling_mccfr.ExternalSamplingSolver(game)
        for _ in range(30):
            solver.iteration()
        values.append(exploitability.nash_conv(game, solver.average_policy()))
    # The same sampled walk over the same game: the same NashConv (the games' action and chance orders agree).
    assert values[0] == pytest.approx(values[1], abs=1e-9)
    start = exploitability.nash_conv(ours, external_sampling_mccfr.ExternalSamplingSolver(ours).average_policy())
    assert values[0] < start
