"""The adapters: PettingZoo's API test, the Gymnasium environment against bots, the vectorized environment."""

import numpy as np
import pytest

import plunder
import plunder.vector

GAMES = [g["id"] for g in plunder.games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_test_passes(game_id):
    pettingzoo_test = pytest.importorskip("pettingzoo.test")
    import plunder.pettingzoo

    pettingzoo_test.api_test(plunder.pettingzoo.env(game_id), num_cycles=200)


def test_pettingzoo_random_games_end_with_the_games_returns():
    pytest.importorskip("pettingzoo")
    import plunder.pettingzoo

    env = plunder.pettingzoo.env("liars-dice", dice=2, players=3)
    rng = np.random.default_rng(0)
    for seed in range(5):
        env.reset(seed=seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, _ = env.last()
            totals[agent] += reward
            if termination or truncation:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert abs(sum(totals.values())) < 1e-9, "liar's dice is zero-sum"
        assert sorted(totals.values())[0] == -1.0


def test_gymnasium_seat_against_bots():
    pytest.importorskip("gymnasium")
    import plunder.gym

    env = plunder.gym.SeatEnv("liars-dice", seat=1, bots=["odds"], dice=2)
    # Gymnasium's check_env steps random actions, which here may be illegal (they raise): checked by hand.
    first, _ = env.reset(seed=5)
    again, _ = env.reset(seed=5)
    assert (first == again).all() and first.dtype == np.float32
    rewards = []
    for seed in range(40):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            assert env.observation_space.contains(obs)
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, done, _, info = env.step(int(legal[0]))
        rewards.append(reward)
    assert set(rewards) <= {-1.0, 1.0}
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state().record_json()
    with pytest.raises(ValueError):
        env.step(illegal)
    assert env.state().record_json() == before, "a refused action changes nothing"


def test_vector_env_plays_many_games_and_refuses_illegal_steps():
    env = plunder.vector.VectorEnv("liars-dice", 64, seed=3)
    obs, info = env.reset()
    mask, players = info["action_mask"], info["player"]
    assert obs.shape == (64, 21) and mask.shape == (64, 13)
    assert (players == 0).all(), "the first seat opens every game"
    before = mask.copy()
    with pytest.raises(ValueError):
        env.step(np.full(64, 12))  # liar with no bid: illegal everywhere
    with pytest.raises(ValueError, match="integers"):
        env.step(env.random_actions(np.random.default_rng(0)).astype(float))  # legal, but not integers
    assert (env.mask() == before).all(), "a refused step changes nothing"
    rng = np.random.default_rng(1)
    total = np.zeros(2)
    for _ in range(300):
        obs, rewards, terminations, truncations, info = env.step(env.random_actions(rng))
        ended = terminations | truncations
        assert not truncations.any(), "a one-round game has no cap"
        assert (info["action_mask"][~ended].sum(axis=1) > 0).all(), "every game going on has a move"
        assert (info["action_mask"][ended] == 0).all() and (info["player"][ended] == plunder.TERMINAL).all()
        assert (rewards[~ended] == 0).all() and (info["returns"][~ended] == 0).all()
        assert set(np.abs(rewards[ended])) <= {1.0}, "the seat that ended the game gets its payoff"
        total += info["returns"].sum(axis=0)
    assert env.games_done() > 64
    assert abs(total.sum()) < 1e-3, "zero-sum"


def test_vector_env_is_deterministic_for_a_seed_whatever_the_threads():
    def run(seed, threads=1):
        env = plunder.vector.VectorEnv("liars-dice", 200, seed=seed, dice=2, threads=threads)
        env.reset()
        rng = np.random.default_rng(0)
        return [env.step(env.random_actions(rng))[0].copy() for _ in range(20)]

    assert all((a == b).all() for a, b in zip(run(1), run(1)))
    assert all((a == b).all() for a, b in zip(run(1), run(1, threads=2)))
    assert any((a != b).any() for a, b in zip(run(1), run(2)))


@pytest.mark.parametrize("game_id", ["liars-dice", "pirate-haven"])
def test_vector_env_returns_copies_that_stay_or_with_copy_false_its_own_arrays(game_id):
    from gymnasium.vector import AutoresetMode

    def run(copy):
        env = plunder.vector.VectorEnv(game_id, 8, seed=4, autoreset_mode=AutoresetMode.SAME_STEP, copy=copy)
        kept = [env.reset()[0]]
        rng = np.random.default_rng(5)
        finals = []
        for _ in range(300):
            obs, rewards, terminations, truncations, info = env.step(env.random_actions(rng))
            kept.append(obs)
            finals += [final for final in info.get("final_obs", ()) if final is not None]
        return env, kept, finals

    env, copies, finals = run(copy=True)
    assert finals, "no game ended: the final observations were not checked"
    _, own, own_finals = run(copy=False)
    # The copies stay as each step returned them: the same as a step's own arrays, read as it returned them.
    fresh = plunder.vector.VectorEnv(game_id, 8, seed=4, autoreset_mode=AutoresetMode.SAME_STEP, copy=False)
    as_returned = [fresh.reset()[0].copy()]
    rng = np.random.default_rng(5)
    for _ in range(300):
        as_returned.append(fresh.step(fresh.random_actions(rng))[0].copy())
    assert all((a == b).all() for a, b in zip(copies, as_returned))
    assert len({id(a) for a in copies}) == len(copies) and all(a.flags.writeable for a in copies)
    # Without copies every step returns the same read-only array, over the environment's buffer, now the last step's.
    assert all(a is own[0] for a in own) and not own[0].flags.writeable
    assert (own[0] == as_returned[-1]).all()
    with pytest.raises(ValueError):
        own[0][0, 0] = 1.0
    assert len(own_finals) == len(finals)


def test_vector_env_copies_reuse_the_memory_of_a_copy_only_once_nothing_refers_to_it():
    env = plunder.vector.VectorEnv("pirate-haven", 4, seed=1)
    env.reset()
    rng = np.random.default_rng(0)
    first = env.step(env.random_actions(rng))[0]
    address, expected = first.ctypes.data, first.copy()
    row = first[1]  # a view: it refers to the copy
    del first
    later = [env.step(env.random_actions(rng))[0].ctypes.data for _ in range(4)]
    assert address not in later and (row == expected[1]).all(), "a copy still referred to was written again"
    del row
    # Nothing refers to the copies any more: the two in turn are written again, step after step.
    later = [env.step(env.random_actions(rng))[0].ctypes.data for _ in range(6)]
    assert len(set(later)) == 2, "the memory of copies let go is not used again"


def test_a_vector_envs_own_arrays_keep_it_alive():
    import gc

    env = plunder.vector.VectorEnv("pirate-haven", 4, seed=1, copy=False)
    obs, info = env.reset()
    expected = obs.copy()
    mask = env.mask()
    del env, info
    gc.collect()
    # numpy reads the buffers in place: the arrays hold the environment's buffers, which outlive the environment.
    assert (obs == expected).all() and mask.any()
    [np.ones(obs.shape) for _ in range(100)]  # what a freed buffer would be reused for
    assert (obs == expected).all()


def test_vector_env_legal_lists_agree_with_the_masks():
    env = plunder.vector.VectorEnv("loot-pirates", 16, seed=2)
    env.reset()
    rng = np.random.default_rng(3)
    for _ in range(50):
        legal, counts = env.legal_actions()
        mask = env.mask()
        for row in range(16):
            assert list(legal[row, : counts[row]]) == list(np.flatnonzero(mask[row]))
            assert (legal[row, counts[row]:] == -1).all()
        env.step(env.random_actions(rng))


def test_vector_env_is_a_gymnasium_vector_env_with_next_step_autoreset():
    import gymnasium
    from gymnasium.vector import AutoresetMode

    env = plunder.vector.VectorEnv("liars-dice", 8, seed=1, dice=2)
    assert isinstance(env, gymnasium.vector.VectorEnv) and env.num_envs == 8
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert env.single_action_space == gymnasium.spaces.Discrete(env.game.num_distinct_actions())
    assert env.action_space == gymnasium.spaces.MultiDiscrete([env.game.num_distinct_actions()] * 8)
    obs, info = env.reset(seed=4)
    assert env.observation_space.contains(obs) and info["action_mask"].dtype == np.int8
    again, _ = env.reset(seed=4)
    assert (again == obs).all(), "a seed repeats the games"
    env.action_space.seed(0)
    ended_before = np.zeros(8, bool)
    for _ in range(200):
        # A game that just ended has an empty mask (its next action is not read): Gymnasium samples 0 for it.
        actions = env.action_space.sample(mask=tuple(info["action_mask"]))
        obs, rewards, terminations, truncations, info = env.step(actions)
        assert env.observation_space.contains(obs)
        ended = terminations | truncations
        # The step after an end starts that game again: a first observation, no reward, not over.
        assert (info["player"][ended_before] == 0).all() and (rewards[ended_before] == 0).all()
        assert not ended[ended_before].any()
        ended_before = ended


def test_vector_env_runs_under_gymnasiums_episode_statistics():
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    env = RecordEpisodeStatistics(plunder.vector.VectorEnv("liars-dice", 16, seed=2))
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(0)
    episodes = 0
    for _ in range(100):
        obs, rewards, terminations, truncations, info = env.step(env.unwrapped.random_actions(rng))
        if "episode" in info:
            ended = info["_episode"]
            episodes += ended.sum()
            assert (info["episode"]["l"][ended] >= 2).all(), "a game lasts at least a bid and a call"
            assert set(np.abs(info["episode"]["r"][ended])) <= {1.0}
    assert episodes == env.unwrapped.games_done() > 0
    assert len(env.length_queue) > 0


def test_vector_env_same_step_autoreset_keeps_final_observations_apart():
    from gymnasium.vector import AutoresetMode
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    env = plunder.vector.VectorEnv("liars-dice", 32, seed=5, autoreset_mode=AutoresetMode.SAME_STEP)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    stats = RecordEpisodeStatistics(env)
    stats.reset(seed=5)
    rng = np.random.default_rng(2)
    episodes = 0
    for _ in range(100):
        obs, rewards, terminations, truncations, info = stats.step(env.random_actions(rng))
        ended = terminations | truncations
        assert (info["action_mask"].sum(axis=1) > 0).all(), "a game that ended has already started again"
        assert (info["player"] >= 0).all()
        if ended.any():  # as Gymnasium's SyncVectorEnv: an object array, the final observations where games ended
            assert (info["_final_obs"] == ended).all() and info["final_obs"].dtype == object
            assert all(info["final_obs"][i].shape == obs[i].shape and info["final_obs"][i].any()
                       for i in np.flatnonzero(ended))
            assert all(final is None for final in info["final_obs"][~ended])
        else:
            assert "final_obs" not in info and "_final_obs" not in info
        assert set(np.abs(rewards[ended])) <= {1.0} and (rewards[~ended] == 0).all()
        if "episode" in info:
            episodes += info["_episode"].sum()
    assert episodes == env.games_done() > 32
    with pytest.raises(ValueError, match="autoreset_mode"):
        plunder.vector.VectorEnv("liars-dice", 2, autoreset_mode=AutoresetMode.DISABLED)


@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_check_env_passes_when_illegal_actions_lose(game_id):
    from gymnasium.utils.env_checker import check_env

    import plunder.gym

    check_env(plunder.gym.SeatEnv(game_id, illegal_action="lose"), skip_render_check=True)


def test_masks_are_int8_and_gymnasium_samples_legal_actions_with_them():
    import plunder.gym

    env = plunder.gym.SeatEnv("scallywager", illegal_action="lose")
    obs, info = env.reset(seed=4)
    assert info["action_mask"].dtype == np.int8
    done = False
    while not done:
        action = env.action_space.sample(mask=info["action_mask"])
        obs, reward, done, _, info = env.step(action)
        assert "illegal_action" not in info, "a masked sample is always legal"
    _, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert done and info["illegal_action"] and reward == env.game.min_utility()
    with pytest.raises(ValueError, match="reset"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    with pytest.raises(ValueError, match="illegal_action"):
        plunder.gym.SeatEnv("scallywager", illegal_action="ignore")
    vector = plunder.vector.VectorEnv("liars-dice", 8, seed=1)
    _, info = vector.reset()
    assert info["action_mask"].dtype == np.int8


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_parallel_api_test_passes(game_id):
    pettingzoo_test = pytest.importorskip("pettingzoo.test")
    import plunder.pettingzoo

    pettingzoo_test.parallel_api_test(plunder.pettingzoo.parallel_env(game_id), num_cycles=300)


def test_the_parallel_environment_plays_simultaneous_seats_together_and_ignores_the_others():
    import plunder.pettingzoo

    env = plunder.pettingzoo.parallel_env("loot-pirates", players=3)
    obs, infos = env.reset(seed=3)
    rng = np.random.default_rng(0)
    seen_together = False
    while env.agents:
        deciding = [a for a in env.agents if infos[a]["deciding"]]
        assert deciding and all(obs[a]["action_mask"].any() == infos[a]["deciding"] for a in env.agents)
        seen_together |= len(deciding) > 1
        history = len(env.state.history())
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in deciding}
        # Whatever the others send is not read, even an action that would be illegal for them.
        actions.update({a: env.game.num_distinct_actions() - 1 for a in env.agents if a not in deciding})
        obs, rewards, terminations, truncations, infos = env.step(actions)
        assert len(env.state.history()) > history
    assert seen_together, "Loot Pirates' aim is a simultaneous decision"
    assert abs(sum(rewards.values()) - 1.0) < 1e-9 and all(terminations.values())
    env.reset(seed=3)
    with pytest.raises(ValueError, match="must act"):
        env.step({})
