"""OpenSpiel on the games with simultaneous decisions (Lying Pirates, Loot Pirates), at their smallest and their
default tables: the registered game is a pyspiel simultaneous game whose seats without a decision play ``wait``;
random games reach the end through ``apply_actions`` and through ``pyspiel.convert_to_turn_based``, with
Plunder's own returns; OpenSpiel's own checks (``pyspiel.random_sim_test``) and its outcome-sampling MCCFR run
on them. Registered in turn (``turn_based=True``), a seat never sees the choices made before its own, and
OpenSpiel's ``ISMCTSBot`` plays them.

Plunder's information-state keys cost more as a game grows (in the debug build the tests use), so the slow
checks play few games: ``random_sim_test`` one game a table (on the turn-based conversion only at the smallest
tables), MCCFR one iteration at the smallest tables."""

import random
import sys

import numpy as np
import pytest

import plunder

from openspiel_import import assert_first_policy_is_a_distribution, import_pyspiel

pyspiel = import_pyspiel()

import plunder.openspiel  # noqa: E402 (needs pyspiel)

GAMES = ["lying-pirates", "loot-pirates"]
TABLES = [(game_id, table) for game_id in GAMES for table in ("smallest", "default")]


def load(game_id, table, turn_based=False):
    """The registered pyspiel game (simultaneous, or in turn) and Plunder's own, at the game's smallest or default
    table."""
    name = plunder.openspiel.register(game_id, turn_based=turn_based)
    if table == "default":
        return pyspiel.load_game(name), plunder.load_game(game_id)
    players = plunder.load_game(game_id).facts["min_players"]
    return pyspiel.load_game(name, {"players": players}), plunder.load_game(game_id, players=players)


def check_returns(game, ours, returns):
    """The returns are within the game's bounds and add up as its utility kind says."""
    kind = {
        "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
        "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
        "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
    }[ours.facts["utility"]["kind"]]
    assert game.get_type().utility == kind
    assert len(returns) == game.num_players()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns), returns
    if kind == pyspiel.GameType.Utility.ZERO_SUM:
        assert sum(returns) == pytest.approx(0.0)
    elif kind == pyspiel.GameType.Utility.CONSTANT_SUM:
        assert sum(returns) == pytest.approx(game.utility_sum())


def chance(rng, state):
    outcomes, probs = zip(*state.chance_outcomes())
    return rng.choices(outcomes, probs)[0]


@pytest.mark.parametrize("game_id,table", TABLES)
def test_random_games_reach_the_end_through_apply_actions(game_id, table):
    game, ours = load(game_id, table)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert game.num_players() == ours.num_players()
    wait = game.num_distinct_actions() - 1
    assert wait == ours.num_distinct_actions() == game.wait_action
    players = range(game.num_players())
    several_deciding = 0
    for seed in range(3):
        rng = random.Random(seed)
        state, twin = game.new_initial_state(), ours.new_initial_state(seed=seed)
        while not state.is_terminal():
            assert not twin.is_terminal()
            if state.is_chance_node():
                assert twin.is_chance_node() and state.chance_outcomes() == twin.chance_outcomes()
                outcome = chance(rng, state)
                state.apply_action(outcome)
                twin.apply_action(outcome)
                continue
            assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS and state.is_simultaneous_node()
            deciding = twin.deciding()
            assert deciding
            several_deciding += len(deciding) > 1
            actions = []
            for p in players:
                legal = state.legal_actions(p)
                if p in deciding:
                    assert legal and legal == twin.legal_actions(p) and wait not in legal
                else:
                    assert legal == [wait] and state.action_to_string(p, wait) == "wait"
                actions.append(rng.choice(legal))
            state.apply_actions(actions)
            twin.apply_actions(actions)
        assert twin.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
        assert state.returns() == twin.returns()
        check_returns(game, ours, state.returns())
    assert several_deciding > 0, "no node where several seats decided at once: the test proves little"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_without_a_decision_may_only_wait_and_a_refusal_changes_nothing(game_id):
    game, _ = load(game_id, "smallest")
    wait = game.wait_action
    rng = random.Random(0)
    state = game.new_initial_state()
    while True:
        assert not state.is_terminal(), "no node where a seat did not decide"
        if state.is_chance_node():
            state.apply_action(chance(rng, state))
            continue
        legal = [state.legal_actions(p) for p in range(game.num_players())]
        if [wait] in legal:
            break
        state.apply_actions([rng.choice(actions) for actions in legal])
    idle = legal.index([wait])
    busy = next(p for p, actions in enumerate(legal) if actions != [wait])
    good = [actions[0] for actions in legal]
    before = (str(state), state.history())
    for seat, action in [(idle, legal[busy][0]), (busy, wait)]:
        bad = list(good)
        bad[seat] = action
        with pytest.raises(ValueError):
            state.apply_actions(bad)
        assert (str(state), state.history()) == before
    with pytest.raises(ValueError, match="apply_actions"):
        state.apply_action(legal[busy][0])
    state.apply_actions(good)
    assert state.history()[-len(good):] == good


@pytest.mark.parametrize("game_id,table", TABLES)
def test_the_turn_based_conversion_plays_to_the_end_with_plunders_returns(game_id, table):
    game, ours = load(game_id, table)
    turns = pyspiel.convert_to_turn_based(game)
    assert turns.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    wait = game.wait_action
    n = game.num_players()
    for seed in range(3):
        rng = random.Random(seed)
        state, twin = turns.new_initial_state(), ours.new_initial_state(seed=seed)
        chosen = []  # the actions of this simultaneous node so far, in seat order
        waits = 0
        while not state.is_terminal():
            if state.is_chance_node():
                assert not chosen and twin.is_chance_node()
                outcome = chance(rng, state)
                state.apply_action(outcome)
                twin.apply_action(outcome)
                continue
            seat = state.current_player()
            assert seat == len(chosen), "the conversion asks every seat in turn, waiting ones too"
            legal = state.legal_actions()
            if seat in twin.deciding():
                assert legal == twin.legal_actions(seat)
            else:
                assert legal == [wait]
                waits += 1
            action = rng.choice(legal)
            state.apply_action(action)
            chosen.append(action)
            if len(chosen) == n:
                twin.apply_actions(chosen)
                chosen = []
        assert not chosen and twin.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
        assert state.returns() == twin.returns()
        check_returns(game, ours, state.returns())
        assert waits > 0


@pytest.mark.parametrize(
    "game_id,table,turn_based",
    [(g, t, False) for g, t in TABLES] + [(g, "smallest", True) for g in GAMES],
)
def test_openspiels_random_simulation_checks_pass(game_id, table, turn_based):
    game, _ = load(game_id, table)
    if turn_based:
        game = pyspiel.convert_to_turn_based(game)
    # Clones, histories, legal-action masks and sorting, tensor sizes, returns within bounds: a failure raises.
    # (serialize=False: pyspiel's deserialization replays histories, which it refuses for simultaneous games.)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiels_outcome_sampling_mccfr_runs_on_the_turn_based_conversion(game_id):
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game, _ = load(game_id, "smallest")
    turns = pyspiel.convert_to_turn_based(game)
    np.random.seed(0)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(turns)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))  # one frame per turn: a game is longer than Python's default
    try:
        with np.errstate(all="ignore"):  # reach probabilities of a long sampled game may underflow
            solver.iteration()  # one game for each seat as the one learning
    finally:
        sys.setrecursionlimit(limit)
    tables = solver._infostates  # information-state key -> [regrets, average policy], one entry per action
    assert len(tables) > game.num_players()
    sizes = {len(regrets) for regrets, _ in tables.values()}
    assert 1 in sizes, "the turns of seats that only wait have one action"
    assert max(sizes) > 1
    assert_first_policy_is_a_distribution(turns, solver)


@pytest.mark.parametrize("game_id", GAMES)
def test_information_states_observations_and_resampling_are_plunders_at_simultaneous_nodes(game_id):
    game, ours = load(game_id, "smallest")
    players = range(game.num_players())
    seen = 0
    for seed in range(20):
        rng = random.Random(seed)
        state, twin = game.new_initial_state(), ours.new_initial_state(seed=seed)
        while not state.is_terminal() and seen < 3:
            if state.is_chance_node():
                outcome = chance(rng, state)
                state.apply_action(outcome)
                twin.apply_action(outcome)
                continue
            if len(twin.deciding()) > 1:
                seen += 1
                waiting = [state.legal_actions(q) == [game.wait_action] for q in players]
                for p in players:
                    assert state.information_state_string(p) == twin.information_state_string(p)
                    assert state.information_state_tensor(p) == pytest.approx(twin.information_state_tensor(p))
                    assert state.observation_string(p) == twin.observation_string(p)
                    assert state.observation_tensor(p) == pytest.approx(twin.observation_tensor(p))
                    drawn = state.resample_from_infostate(p, rng.random)
                    assert drawn.current_player() == pyspiel.PlayerId.SIMULTANEOUS
                    assert drawn.information_state_string(p) == state.information_state_string(p)
                    assert drawn.legal_actions(p) == state.legal_actions(p)
                    assert [drawn.legal_actions(q) == [game.wait_action] for q in players] == waiting
            actions = [rng.choice(state.legal_actions(p)) for p in players]
            state.apply_actions(actions)
            twin.apply_actions(actions)
        if seen == 3:
            break
    assert seen == 3, "fewer than three nodes where several seats decided at once"


def first_node_where_several_decide(game, ours, seeds=range(20), choice=False):
    """A state of the in-turn registration (and Plunder's twin) at the first node where several seats decide (and,
    with ``choice``, the first of them has more than one move), in the first random game of ``seeds`` to reach one."""
    for seed in seeds:
        rng = random.Random(seed)
        state, twin = game.new_initial_state(), ours.new_initial_state(seed=seed)
        while not state.is_terminal():
            if len(twin.deciding()) > 1 and (not choice or len(state.legal_actions()) > 1):
                return state, twin
            step(rng, state, twin)
    pytest.fail("no node where several seats decided at once")


def step(rng, state, twin):
    """One random step of the in-turn registration's ``state`` and Plunder's ``twin``."""
    if state.is_chance_node():
        action = chance(rng, state)
        twin.apply_action(action)
    else:
        assert state.current_player() == twin.deciding()[0]
        action = rng.choice(state.legal_actions())
        twin.apply_action(action, state.current_player())
    state.apply_action(action)


@pytest.mark.parametrize("game_id,table", TABLES)
def test_in_turn_the_seats_deciding_at_once_choose_one_by_one_and_none_sees_the_earlier_choices(game_id, table):
    game, ours = load(game_id, table, turn_based=True)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.get_type().short_name.endswith("_turn_based")
    assert game.num_distinct_actions() == ours.num_distinct_actions()  # no wait action
    state, twin = first_node_where_several_decide(game, ours)
    first, second = twin.deciding()[:2]
    assert state.current_player() == first
    assert state.legal_actions() == twin.legal_actions(first)
    assert state.legal_actions(second) == [], "a seat waiting for its turn has no move yet"
    # Whatever the first seat chooses, the next one is asked the same, and knows the same.
    seen_by_second = set()
    for action in state.legal_actions():
        child = state.child(action)
        assert child.current_player() == second
        seen_by_second.add(
            (
                child.information_state_string(second),
                tuple(child.information_state_tensor(second)),
                child.observation_string(second),
                tuple(child.observation_tensor(second)),
                tuple(child.legal_actions()),
            )
        )
    assert len(seen_by_second) == 1, "the second seat's information depends on the first seat's hidden choice"
    # A random game reaches the end with Plunder's returns.
    rng = random.Random(2)
    while not state.is_terminal():
        step(rng, state, twin)
    assert state.returns() == twin.returns()
    check_returns(game, ours, state.returns())


@pytest.mark.parametrize("game_id", GAMES)
def test_in_turn_resampling_redraws_the_choices_a_seat_has_not_seen(game_id):
    game, ours = load(game_id, "smallest", turn_based=True)
    rng = random.Random(0)
    state, twin = first_node_where_several_decide(game, ours, choice=True)
    first, second = twin.deciding()[:2]
    legal = state.legal_actions()
    # The first seat chooses, then the second is asked. A world drawn for either seat keeps what that seat knows
    # (the first its choice) and redraws what it does not (the worlds the second draws differ in what the first
    # knows); in the second's worlds it is still the second's turn, with the same moves. (Which hidden choices
    # Rust redraws is tested with each game's determinization.)
    state.apply_action(legal[-1])
    worlds = [state.resample_from_infostate(second, rng.random) for _ in range(100)]
    for world in worlds:
        assert world.information_state_string(second) == state.information_state_string(second)
        assert world.current_player() == second and world.legal_actions() == state.legal_actions()
    assert len({world.information_state_string(first) for world in worlds}) > 1
    kept = {state.resample_from_infostate(first, rng.random).information_state_string(first) for _ in range(20)}
    assert kept == {state.information_state_string(first)}


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiels_ismcts_bot_plays_the_in_turn_registration(game_id):
    from open_spiel.python.algorithms import ismcts, mcts

    game, ours = load(game_id, "smallest", turn_based=True)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng)
    state, _ = first_node_where_several_decide(game, ours)
    for _ in range(2):  # the first two of the seats deciding at once
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiels_random_simulation_checks_pass_in_turn_with_serialization(game_id):
    game, _ = load(game_id, "smallest", turn_based=True)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
