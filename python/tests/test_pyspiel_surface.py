"""pyspiel's calls on Plunder's states and games, used as a pyspiel script would use them, and the clear
refusals of bad input."""

import random

import numpy as np
import pytest

import plunder

GAMES = [g["id"] for g in plunder.games()]


def random_game(game, seed):
    """A game played at random to its end with pyspiel's loop; returns the states along the way."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p) or [0]) for p in range(state.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def test_a_pyspiel_script_runs_on_liars_dice_with_pyspiels_calls():
    game = plunder.load_game("liars_dice", {"players": 2, "dice": 1})  # pyspiel's spelling and dict
    assert game.get_parameters()["dice"] == 1 and game.get_parameters()["players"] == 2
    assert plunder.load_game(game.id, game.get_parameters()) == game
    assert plunder.load_game("liars_dice(dice=2,faces=3)").options["faces"] == 3
    kind = game.get_type()
    assert (kind.dynamics, kind.chance_mode, kind.information, kind.utility) == (
        "sequential", "explicit_stochastic", "imperfect_information", "zero_sum")
    state = game.new_initial_state(seed=1)
    assert state.num_players() == 2 and not state.is_player_node()
    state.apply_action(2)
    state.apply_action(4)
    assert state.is_player_node() and state.move_number() == 2
    bid = state.string_to_action(state.action_to_string(3))
    assert bid == 3 and state.string_to_action(0, state.action_to_string(0, 3)) == 3
    state.apply_action(bid)
    assert state.history() == [2, 4, 3] and state.history_str() == "2, 4, 3"
    # Tensors and strings default to the seat to act, as pyspiel's.
    assert state.current_player() == 1
    assert state.observation_tensor() == state.observation_tensor(1)
    assert state.information_state_tensor() == state.information_state_tensor(1)
    assert state.information_state_string() == state.information_state_string(1)
    assert state.observation_string() == state.observation_string(1)
    text = state.information_state_text(1)
    assert '"action"' not in text.splitlines()[0] and text.count("\n") >= 1
    assert 'action {"type":"bid","quantity":1,"face":4}' in state.information_state_text(0).splitlines()  # its bid
    assert state.rewards() == [0.0, 0.0] and not state.is_terminal()
    state.apply_action(12)  # liar
    assert state.is_terminal() and state.rewards() == state.returns()
    assert state.player_return(0) == state.returns()[0] and sorted(state.returns()) == [-1.0, 1.0]
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and again.returns() == state.returns()
    with pytest.raises(ValueError):
        plunder.load_game("liars-dice", dice=3).deserialize_state(state.serialize())


def test_the_information_state_text_separates_what_the_key_separates():
    game = plunder.load_game("liars-dice", dice=2, faces=3)
    keys, texts = {}, {}
    for seed in range(120):
        for state in random_game(game, seed):
            if state.is_player_node():
                seat = state.current_player()
                keys.setdefault(state.information_state_string(seat), set()).add(state.information_state_text(seat))
                texts.setdefault(state.information_state_text(seat), set()).add(state.information_state_string(seat))
    assert all(len(k) == 1 for k in texts.values()), "one text, one key"
    assert len(texts) >= len(keys) > 50


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_answers_pyspiels_calls_along_random_games(game_id):
    game = plunder.load_game(game_id)
    assert game.get_type().max_num_players >= game.num_players()
    observer = game.make_observer()
    recall = game.make_observer(type("IIG", (), {"perfect_recall": True})())
    for seed in range(2):
        states = random_game(game, seed)
        last = states[-1]
        assert last.move_number() == len(last.history())
        if not game.facts["simultaneous"]:  # apply_actions plays one step per deciding seat
            assert last.move_number() == len(states) - 1
        assert game.deserialize_state(last.serialize()).history() == last.history()
        assert last.move_number() <= game.max_game_length()
        for state in states[:: max(1, len(states) // 30)]:
            if state.is_player_node():
                seat = state.current_player()
                observer.set_from(state, seat)
                assert list(observer.tensor) == state.observation_tensor()
                recall.set_from(state, seat)
                assert list(recall.tensor) == state.information_state_tensor()
                assert recall.string_from(state, seat) == state.information_state_string()


def test_simultaneous_decisions_take_apply_actions_all_or_none():
    game = plunder.load_game("loot-pirates", players=3)
    state = game.new_initial_state(seed=4, sampled=True)
    while not state.is_simultaneous_node():
        state.apply_action(state.legal_actions()[0])
    deciding = state.deciding()
    assert len(deciding) > 1
    with pytest.raises(ValueError, match="name the seat"):
        state.legal_actions()  # several seats decide: whose?
    good = [state.legal_actions(p)[0] if p in deciding else 0 for p in range(3)]
    bad = list(good)
    bad[deciding[-1]] = game.num_distinct_actions() + 5
    before = state.serialize()
    with pytest.raises(ValueError):
        state.apply_actions(bad)
    assert state.serialize() == before, "a refused apply_actions changes nothing"
    with pytest.raises(ValueError):
        state.apply_actions(good[:-1])
    state.apply_actions(good)
    assert state.move_number() > len(__import__("json").loads(before)["events"])


def test_bad_input_gets_clear_value_errors():
    game = plunder.load_game("liars-dice")
    state = game.new_initial_state(seed=1)
    assert state.is_chance_node()
    with pytest.raises(ValueError, match="chance node"):
        state.apply_action(0, 1)  # a seat named at a chance node
    with pytest.raises(ValueError, match="negative"):
        state.legal_actions(-1)
    with pytest.raises(ValueError, match="negative"):
        plunder.load_game("liars-dice", players=-2)
    with pytest.raises(ValueError, match="negative"):
        game.new_initial_state(seed=-5)
    state.apply_action(0)
    state.apply_action(0)
    with pytest.raises(ValueError, match="not an integer"):
        state.apply_action(1.0)
    with pytest.raises(ValueError, match="not an integer"):
        state.apply_action(np.float64(1.7))
    state.apply_action(np.int64(1))  # numpy integers are integers
    assert state.history() == [0, 0, 1]
    with pytest.raises(ValueError, match="params must be a dict"):
        plunder.load_game("liars-dice", [("dice", 2)])


def test_new_initial_state_is_fresh_by_default_and_repeats_with_a_seed():
    game = plunder.load_game("liars-dice", dice=5)
    unseeded = {tuple(game.new_initial_state(sampled=True).history()) for _ in range(5)}
    assert len(unseeded) > 1, "no seed: a fresh deal each time"
    seeded = {tuple(game.new_initial_state(seed=7, sampled=True).history()) for _ in range(3)}
    assert len(seeded) == 1


def test_a_resampled_state_keeps_the_players_information_and_redraws_the_rest():
    game = plunder.load_game("liars-dice", dice=3)
    state = game.new_initial_state(seed=2, sampled=True)
    state.apply_action(state.legal_actions()[4])
    seat = state.current_player()
    draws = [state.resample_from_infostate(seat, seed) for seed in range(20)]
    for drawn in draws:
        assert drawn.information_state_string(seat) == state.information_state_string(seat)
        assert drawn.observation_string(seat) == state.observation_string(seat)
        assert drawn.legal_actions() == state.legal_actions()
        twin = drawn.clone()  # a copy of a drawn world plays on with its own information states
        twin.apply_action(twin.legal_actions()[-1])
        assert twin.information_state_string(seat) != drawn.information_state_string(seat)
    hidden = {d.observation_string(1 - seat) for d in draws}
    assert len(hidden) > 1, "the other cups are redrawn"


def test_a_seat_asking_for_its_own_actions_gets_its_own_words_and_no_other_seat_does():
    # Lying Pirates says a card's price to the seat that would pay it ("buy a card for 2 coins"); asked with no
    # seat, or by a seat not deciding, the words need no view.
    game = plunder.load_game("lying-pirates")
    own_words = 0
    for state in random_game(game, 3):
        if not state.is_player_node() or state.is_simultaneous_node():
            continue
        seat = state.current_player()
        for action in state.legal_actions():
            mine = state.action_to_string(seat, action)
            plain = state.action_to_string(action)
            other = state.action_to_string((seat + 1) % state.num_players(), action)
            assert other == plain
            assert state.action_to_string(seat, state.string_to_action(seat, mine)) == mine
            own_words += mine != plain
    assert own_words > 0, "no action read differently in its seat's own words: the test proves nothing"
