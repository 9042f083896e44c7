"""The pyspiel-shaped core: facts, chance, actions as integers and JSON, tensors, clone, records."""

import json
import random

import pytest

import plunder


def play_to_end(state, pick=lambda legal: legal[0]):
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        else:
            state.apply_action(pick(state.legal_actions()))
    return state


def test_every_game_loads_with_its_facts():
    ids = [g["id"] for g in plunder.games()]
    assert "liars-dice" in ids and len(ids) == len(set(ids))
    for game_id in ids:
        game = plunder.load_game(game_id)
        assert game.id == game_id
        assert game.facts["min_players"] <= game.num_players() <= game.facts["max_players"]
        assert game.min_utility() <= game.max_utility()
        assert game.observation_tensor_shape()[0] > 0


def test_unknown_games_and_bad_options_are_refused():
    with pytest.raises(ValueError, match="unknown game"):
        plunder.load_game("no-such-game")
    with pytest.raises(ValueError):
        plunder.load_game("liars-dice", faces=99)
    with pytest.raises(ValueError):
        plunder.load_game("liars-dice", no_such_option=1)


def test_liars_dice_is_openspiels_game_in_numbers():
    # pyspiel 2.0.2, liars_dice: 13 actions, tensors of 21, dice 3 and 5, bids 1-4 and 2-2, Liar -> [1, -1].
    game = plunder.load_game("liars-dice")
    assert game.num_distinct_actions() == 13
    assert game.information_state_tensor_shape() == [21] == game.observation_tensor_shape()
    state = game.new_initial_state(seed=1)
    assert state.current_player() == plunder.CHANCE
    assert [i for i, _ in state.chance_outcomes()] == list(range(6))
    state.apply_action(2)  # the first cup shows 3
    state.apply_action(4)  # the second shows 5
    assert state.current_player() == 0
    assert state.legal_actions() == list(range(12))
    assert state.action_to_string(0, 3) == state.action_to_string(3)
    assert json.loads(state.action_to_json(12)) == {"type": "liar"}
    assert state.action_from_json('{"type": "bid", "quantity": 1, "face": 4}') == 3
    state.apply_action(3)
    state.apply_action(7)
    ones = lambda t: [i for i, x in enumerate(t) if x == 1.0]
    assert ones(state.observation_tensor(0)) == [0, 4, 11, 15]  # the last two bids, as pyspiel's
    assert 12 in state.legal_actions() and 0 not in state.legal_actions()
    state.apply_action(12)
    assert state.is_terminal() and state.current_player() == plunder.TERMINAL
    assert state.returns() == [1.0, -1.0]
    assert ones(state.information_state_tensor(0)) == [0, 4, 11, 15, 20]
    assert ones(state.observation_tensor(1)) == [1, 6, 15, 20]


def test_illegal_input_is_refused_and_changes_nothing():
    state = plunder.load_game("liars-dice").new_initial_state(seed=1, sampled=True)
    before = state.record_json()
    for bad in (-1, 13, 12):  # out of range, out of range, liar with no bid yet
        with pytest.raises(ValueError):
            state.apply_action(bad)
    with pytest.raises(ValueError):
        state.apply_json(0, '{"type": "bid", "quantity": 0, "face": 1}')
    with pytest.raises(ValueError):
        state.legal_actions(7)
    assert state.record_json() == before


def test_clone_is_independent_and_cheap_to_take():
    state = plunder.load_game("liars-dice", dice=3).new_initial_state(seed=5, sampled=True)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert copy.record_json() != state.record_json()
    assert state.legal_actions() == state.clone().legal_actions()


def test_legal_actions_mask_marks_exactly_the_legal_actions():
    state = plunder.load_game("liars-dice").new_initial_state(seed=3, sampled=True)
    state.apply_action(4)
    mask = state.legal_actions_mask()
    assert [i for i, m in enumerate(mask) if m] == state.legal_actions()
    assert len(mask) == 13


def test_records_round_trip_through_json_and_replay_the_same_game():
    state = play_to_end(plunder.load_game("liars-dice", dice=2).new_initial_state(seed=9), lambda legal: legal[len(legal) // 2])
    record = state.record_json()
    again = plunder.state_from_record(record)
    assert again.is_terminal() and again.returns() == state.returns()
    assert json.loads(again.record_json()) == json.loads(record)
    with pytest.raises(ValueError):
        plunder.state_from_record('{"format": "nonsense"}')


def test_information_states_differ_only_by_what_the_seat_knows():
    game = plunder.load_game("liars-dice")
    a, b = game.new_initial_state(), game.new_initial_state()
    for state, second in ((a, 0), (b, 5)):
        state.apply_action(2)
        state.apply_action(second)  # only the second seat's die differs
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.information_state_string(1) != b.information_state_string(1)


def test_every_game_plays_through_json_actions_and_their_integers():
    for info in plunder.games():
        game = plunder.load_game(info["id"])
        state = game.new_initial_state(seed=2, sampled=True)
        steps = 0
        while not state.is_terminal() and steps < 300:
            seat = state.deciding()[0]
            legal = state.legal_actions_json(seat)
            assert legal, info["id"]
            assert game.has_integer_actions(), info["id"]
            assert sorted(state.action_from_json(a) for a in legal) == state.legal_actions(seat)
            mask = state.legal_actions_mask(seat)
            assert len(mask) == game.num_distinct_actions()
            assert [a for a, m in enumerate(mask) if m] == state.legal_actions(seat)
            state.apply_json(seat, legal[steps % len(legal)])
            assert len(state.observation_tensor(seat)) == game.observation_tensor_shape()[0]
            steps += 1
        assert steps > 0


@pytest.mark.parametrize("game_id", [g["id"] for g in plunder.games()])
def test_every_game_plays_to_the_end_by_integers(game_id):
    game = plunder.load_game(game_id)
    rng = random.Random(game_id)
    state = game.new_initial_state(seed=3)
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
            continue
        seat = state.deciding()[0]
        action = rng.choice(state.legal_actions(seat))
        assert state.action_to_string(action)
        assert state.action_from_json(state.action_to_json(action)) == action
        state.apply_action(action, seat)
        steps += 1
    assert steps > 0 and len(state.returns()) == game.num_players()


def test_a_bots_suggestion_is_legal():
    state = plunder.load_game("liars-dice", dice=2).new_initial_state(seed=4, sampled=True)
    seat = state.current_player()
    for bot in plunder.load_game("liars-dice").bots():
        assert state.suggest(seat, bot, 1) in state.legal_actions()


def test_a_researcher_reads_what_each_seat_was_told():
    """Events as a seat sees them: its own roll in full, the other's as a count, every cup at the call."""
    game = plunder.load_game("liars-dice", dice=2)
    state = game.new_initial_state(seed=3)
    mine, theirs, seen = [], [], 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        else:
            legal = state.legal_actions()
            state.apply_action(legal[-1] if len(legal) < 40 else legal[0])
        mine += state.events(0, since=seen)
        theirs += state.events(1, since=seen)
        seen = state.num_events()
    rolled = [e["event"] for e in mine if e["event"]["type"] == "rolled"]
    assert [r["seat"] for r in rolled] == [0, 1]
    assert len(rolled[0]["faces"]) == 2 and rolled[1]["faces"] is None, rolled
    assert [e["event"] for e in theirs if e["event"]["type"] == "rolled"][0]["faces"] is None
    showdown = [e["event"] for e in mine if e["event"]["type"] == "showdown"]
    assert len(showdown) == 1 and sorted(showdown[0]["cups"][0]) == sorted(rolled[0]["faces"])
    # Public events are told alike to both seats and to a spectator, with words for people.
    public = [e for e in mine if e["event"]["type"] in ("bid", "showdown", "won")]
    assert public == [e for e in theirs if e["event"]["type"] in ("bid", "showdown", "won")]
    assert public == [e for e in state.events() if e["event"]["type"] in ("bid", "showdown", "won")]
    assert all(e["text"] and "_" not in e["text"] for e in mine)
    assert mine[-1]["text"].startswith("Winner")


@pytest.mark.parametrize("game_id", [g["id"] for g in plunder.games()])
def test_a_researcher_reads_each_tensor_by_its_layout(game_id):
    game = plunder.load_game(game_id)
    for kind, shape in [("observation", game.observation_tensor_shape()),
                        ("information_state", game.information_state_tensor_shape())]:
        layout = game.tensor_layout(kind)
        assert [s["start"] for s in layout] == [sum(s["len"] for s in layout[:i]) for i in range(len(layout))]
        assert sum(s["len"] for s in layout) == shape[0], kind
        assert all(s["meaning"] and s["len"] > 0 for s in layout)
        assert len({s["name"] for s in layout}) == len(layout)
    # Where the game has no information-state tensor of its own, the information state is the observation
    # followed by how many times the seat took each action.
    info = {s["name"]: s for s in game.tensor_layout("information_state")}
    if "my_actions" in info:
        mine = info["my_actions"]
        assert mine["len"] == game.num_distinct_actions()
        state = game.new_initial_state(seed=5, sampled=True)
        taken = []
        while not state.is_terminal() and len(taken) < 6:
            seat = state.deciding()[0]
            if seat == 0:
                taken.append(state.legal_actions(0)[0])
            state.apply_action(state.legal_actions(seat)[0], seat)
        tensor = state.information_state_tensor(0)
        counts = tensor[mine["start"]:mine["start"] + mine["len"]]
        assert counts == [float(taken.count(a)) for a in range(mine["len"])]
        assert tensor[:mine["start"]] == state.observation_tensor(0)
