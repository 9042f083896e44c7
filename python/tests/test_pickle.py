"""Pickling and deep copies of games, states and environments, as multiprocessing and checkpointing use them."""

import copy
import pickle

import numpy as np
import pytest

import plunder


def test_games_and_states_pickle_and_deepcopy_mid_game():
    game = plunder.load_game("liars-dice", dice=2, faces=4)
    state = game.new_initial_state(seed=3)
    while state.is_chance_node():
        state.sample_chance()
    state.apply_action(state.legal_actions()[2])
    for copied_game, copied_state in [pickle.loads(pickle.dumps((game, state))), copy.deepcopy((game, state))]:
        assert copied_game == game and copied_game.options == game.options
        assert copied_state.history() == state.history()
        assert copied_state.information_state_string(0) == state.information_state_string(0)
        assert copied_state.observation_tensor(1) == state.observation_tensor(1)
        copied_state.apply_action(copied_state.legal_actions()[0])
        assert copied_state.history() != state.history(), "the copy is its own game"
    core = pickle.loads(pickle.dumps(game._core))
    assert core.id == "liars-dice" and core.num_distinct_actions() == game.num_distinct_actions()


def test_the_gymnasium_environment_copies_go_on_as_the_original():
    import plunder.gym

    env = plunder.gym.SeatEnv("loot-pirates", seat=0, players=3)
    obs, info = env.reset(seed=11)
    rng = np.random.default_rng(0)
    for _ in range(3):
        obs, *_, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    twins = [pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]
    for step in range(20):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        results = [e.step(action) for e in [env, *twins]]
        for result in results[1:]:
            assert (result[0] == results[0][0]).all() and result[1:4] == results[0][1:4]
        obs, reward, done, _, info = results[0]
        if done:
            break


def test_the_pettingzoo_environment_pickles_mid_game():
    import plunder.pettingzoo

    env = plunder.pettingzoo.env("scallywager", players=3)
    env.reset(seed=2)
    for _ in range(5):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    twin = pickle.loads(pickle.dumps(env))
    assert twin.agent_selection == env.agent_selection
    assert twin.state.history() == env.state.history()
    obs, *_ = env.last()
    action = int(np.flatnonzero(obs["action_mask"])[-1])
    env.step(action)
    twin.step(action)
    assert twin.state.history() == env.state.history()


def test_a_resampled_state_refuses_to_pickle_clearly():
    state = plunder.load_game("liars-dice").new_initial_state(seed=1, sampled=True)
    drawn = state.resample_from_infostate(0, 5)
    with pytest.raises(ValueError, match="no known past"):
        pickle.dumps(drawn)


@pytest.mark.parametrize("mode", ["next_step", "same_step"])
def test_the_vector_environment_pickles_and_its_copies_go_on_as_the_original(mode):
    from gymnasium.vector import AutoresetMode

    import plunder.vector

    autoreset = AutoresetMode.SAME_STEP if mode == "same_step" else AutoresetMode.NEXT_STEP
    env = plunder.vector.VectorEnv("loot-pirates", 6, seed=4, players=3, autoreset_mode=autoreset)
    env.reset()
    rng = np.random.default_rng(0)
    for _ in range(40):
        env.step(env.random_actions(rng))
    twins = [pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]
    for twin in twins:
        assert (twin.mask() == env.mask()).all() and twin.games_done() == env.games_done()
    for _ in range(400):
        actions = env.random_actions(rng)
        results = [e.step(actions) for e in [env, *twins]]
        for result in results[1:]:
            for mine, theirs in zip(result[:4], results[0][:4]):
                assert (mine == theirs).all()
            assert (result[4]["returns"] == results[0][4]["returns"]).all()
    assert env.games_done() > 6, "the copies went on across auto-resets"  # a random game: about 200 steps
    assert all(twin.games_done() == env.games_done() for twin in twins)
