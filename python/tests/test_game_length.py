"""`max_game_length` counts player actions as pyspiel does, bounds random play, and follows the games' caps."""

import random

import pytest

import plunder

GAMES = [g["id"] for g in plunder.games()]


def random_game_decisions(game, seed):
    """The player actions of one random game (chance sampled inside Rust)."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed, sampled=True)
    decisions = 0
    while not state.is_terminal():
        seat = state.deciding()[0]
        legal = state.legal_actions(seat)
        state.apply_action(legal[rng.randrange(len(legal))], seat)
        decisions += 1
    return decisions


@pytest.mark.parametrize("dice", [1, 2, 5])
def test_liars_dice_length_is_pyspiels_formula(dice):
    # pyspiel's liars_dice: every bid (quantity x face over all dice) at most once, then the call.
    for players in (2, 3):
        game = plunder.load_game("liars-dice", dice=dice, players=players)
        assert game.max_game_length() == players * dice * 6 + 1


@pytest.mark.parametrize("dice", [1, 2, 5])
def test_liars_dice_length_equals_the_real_pyspiels(dice):
    from openspiel_import import import_pyspiel

    pyspiel = import_pyspiel()
    import plunder.openspiel

    theirs = pyspiel.load_game("liars_dice", {"numdice": dice}).max_game_length()
    assert plunder.load_game("liars_dice", {"dice": dice}).max_game_length() == theirs
    name = plunder.openspiel.register("liars-dice")
    assert pyspiel.load_game(name, {"dice": dice}).max_game_length() == theirs


@pytest.mark.parametrize("game_id", GAMES)
def test_random_play_never_exceeds_the_bound(game_id):
    game = plunder.load_game(game_id)
    bound = game.max_game_length()
    assert bound <= game.facts["max_steps"], "decisions are steps"
    longest = max(random_game_decisions(game, seed) for seed in range(30))
    assert 0 < longest <= bound


@pytest.mark.parametrize("game_id", GAMES)
def test_random_play_on_sampled_options_never_exceeds_the_bound(game_id):
    # Short caps are where a bound that forgets a part of the game would show first.
    caps = {"liars-dice": {"length": "to_last_die", "max_rounds": 3}, "loot-pirates": {"max_rounds": 2},
            "lying-pirates": {"max_rounds": 2}, "pirates-flag": {"max_rounds": 2}, "scallywager": {"max_turns": 3}}
    game = plunder.load_game(game_id, **caps.get(game_id, {}))
    bound = game.max_game_length()
    assert all(random_game_decisions(game, seed) <= bound for seed in range(30))


@pytest.mark.parametrize("game_id,cap", [("liars-dice", "max_rounds"), ("loot-pirates", "max_rounds"),
                                         ("lying-pirates", "max_rounds"), ("pirates-flag", "max_rounds"),
                                         ("scallywager", "max_turns")])
def test_the_board_games_bounds_come_from_their_caps(game_id, cap):
    extra = {"length": "to_last_die"} if game_id == "liars-dice" else {}
    short = plunder.load_game(game_id, **{cap: 10}, **extra).max_game_length()
    long = plunder.load_game(game_id, **{cap: 20}, **extra).max_game_length()
    assert short < long <= 2 * short, "the bound grows with the cap, about in proportion"


def test_lying_pirates_bound_counts_each_round_once_for_the_table():
    # Each round's decisions are counted for the whole table, not once per captain.
    three = plunder.load_game("lying-pirates", players=3).max_game_length()
    five = plunder.load_game("lying-pirates", players=5).max_game_length()
    assert five < 1.2 * three
    assert plunder.load_game("lying-pirates").max_game_length() < 2_000_000
