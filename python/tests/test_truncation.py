"""A game stopped by a safety cap of its options (a round or turn limit) is truncated, not terminated, in every
environment; a game ended by its rules is terminated."""

import random

import numpy as np
import pytest

import plunder

#: The smallest cap of each game that has one: a game played under it ends at the cap.
TINY_CAPS = {
    "liars-dice": {"length": "to_last_die", "dice": 3, "max_rounds": 1},
    "loot-pirates": {"max_rounds": 1},
    "lying-pirates": {"max_rounds": 1},
    "pirates-flag": {"max_rounds": 1},
    "scallywager": {"max_turns": 1},
}


def play_out(state, seed):
    rng = random.Random(seed)
    while not state.is_terminal():
        assert not state.is_truncated(), "a game going on is not truncated"
        seat = state.deciding()[0]
        legal = state.legal_actions(seat)
        state.apply_action(legal[rng.randrange(len(legal))], seat)
    return state


@pytest.mark.parametrize("game_id", sorted(TINY_CAPS))
def test_a_game_played_to_its_cap_is_truncated(game_id):
    game = plunder.load_game(game_id, **TINY_CAPS[game_id])
    for seed in range(5):
        assert play_out(game.new_initial_state(seed, sampled=True), seed).is_truncated()


def test_games_ended_by_their_rules_are_not_truncated():
    for game in [plunder.load_game("liars-dice"), plunder.load_game("liars-dice", length="to_last_die"),
                 plunder.load_game("pirate-haven"), plunder.load_game("loot-pirates")]:
        for seed in range(5):
            assert not play_out(game.new_initial_state(seed, sampled=True), seed).is_truncated(), game


@pytest.mark.parametrize("game_id", sorted(TINY_CAPS))
def test_the_gymnasium_environment_reports_the_cap_as_truncation(game_id):
    import plunder.gym

    env = plunder.gym.SeatEnv(game_id, **TINY_CAPS[game_id])
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    terminated = truncated = False
    while not (terminated or truncated):
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert truncated and not terminated


def test_the_gymnasium_environment_reports_a_rules_end_as_termination():
    import plunder.gym

    env = plunder.gym.SeatEnv("liars-dice")
    obs, info = env.reset(seed=3)
    terminated = truncated = False
    while not (terminated or truncated):
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert terminated and not truncated


@pytest.mark.parametrize("game_id", sorted(TINY_CAPS))
def test_pettingzoo_reports_the_cap_in_truncations(game_id):
    import plunder.pettingzoo

    env = plunder.pettingzoo.env(game_id, **TINY_CAPS[game_id])
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    ends = []
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            ends.append((termination, truncation))
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert ends and all(end == (False, True) for end in ends)

    parallel = plunder.pettingzoo.parallel_env(game_id, **TINY_CAPS[game_id])
    obs, _ = parallel.reset(seed=1)
    while parallel.agents:
        actions = {a: parallel.action_space(a).sample(obs[a]["action_mask"]) for a in parallel.agents}
        obs, rewards, terminations, truncations, _ = parallel.step(actions)
    assert all(truncations.values()) and not any(terminations.values())


def test_the_vector_environment_reports_the_cap_in_truncations():
    import plunder.vector

    env = plunder.vector.VectorEnv("scallywager", 8, seed=1, max_turns=1)
    env.reset()
    rng = np.random.default_rng(0)
    truncated = 0
    for _ in range(200):
        obs, rewards, terminations, truncations, info = env.step(env.random_actions(rng))
        assert not (terminations & truncations).any()
        truncated += truncations.sum()
        assert not terminations.any(), "one turn never ends a game by its rules here"
    assert truncated == env.games_done() > 0
