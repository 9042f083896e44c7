"""N games of one game stepped together inside Rust, with the GIL released: a ``gymnasium.vector.VectorEnv``
for self-play (one policy chooses for whichever seat is to act in each game).

    env = plunder.vector.VectorEnv("liars-dice", 1024, seed=1)
    obs, info = env.reset()
    rng = np.random.default_rng(0)
    obs, rewards, terminations, truncations, info = env.step(env.random_actions(rng))
    # or env.action_space.sample(mask=tuple(info["action_mask"]))

Gymnasium's spaces: ``single_observation_space`` is the seat to act's observation tensor (float32),
``single_action_space`` ``Discrete(num_distinct_actions)``; ``observation_space`` and ``action_space`` batch
them over ``num_envs`` games. ``info`` holds ``action_mask`` ``[n, num_distinct_actions]`` int8 (the legal
actions of the seat to act, as ``sample(mask=...)`` takes them), ``player`` ``[n]`` int32 (that seat; -4 where
the game just ended) and ``returns`` ``[n, players]`` float32 (every seat's payoff in the games that ended at
this step, else 0).

``rewards`` ``[n]`` float32 is the payoff of the seat whose action ended the game (0 on other steps): Plunder
pays only at the end. For self-play, credit every seat from ``info["returns"]``. ``truncations`` marks games
stopped by a safety limit of their options (a round or turn cap such as ``max_rounds``), ``terminations`` games
that ended by their rules.

Auto-reset follows Gymnasium's modes (``metadata["autoreset_mode"]``). By default ``AutoresetMode.NEXT_STEP``:
the step that ends a game returns that game's final observation (of the seat that acted) with an empty mask;
the next step starts the game again, ignores its action, and returns the new game's first observation with
reward 0. With ``autoreset_mode=AutoresetMode.SAME_STEP`` the ending step already returns the new game's first
observation, and the final one in ``info["final_obs"]`` (``[n, observation size]``, rows marked by
``info["_final_obs"]``, zeros elsewhere, as Gymnasium's ``SyncVectorEnv`` gives it): no step is spent
restarting, which on short games such as one-round liar's dice is a fifth of all steps. ``legal_actions()`` gives each game's legal actions as a padded list, for sampling without scanning masks.
The environment pickles and deep-copies (each game is replayed from its chance stream and its actions).
"""

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from . import load_game


class VectorEnv(gymnasium.vector.VectorEnv):
    """``n`` games of one game stepped together in Rust, for self-play (see the module's doc)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, game_id, n, seed=0, players=None, threads=1, autoreset_mode=AutoresetMode.NEXT_STEP,
                 **options):
        """``n`` games of ``game_id`` with ``options``; chance streams from ``seed`` (``reset(seed=...)`` changes
        it); ``threads`` > 1 steps the games on that many threads (the same results); ``autoreset_mode``
        ``AutoresetMode.NEXT_STEP`` or ``SAME_STEP`` (see the module's doc)."""
        if autoreset_mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
            raise ValueError(f"autoreset_mode must be AutoresetMode.NEXT_STEP or SAME_STEP, not {autoreset_mode!r}")
        self._args = dict(game_id=game_id, n=n, seed=seed, players=players, threads=threads,
                          autoreset_mode=autoreset_mode, **options)
        self.metadata = {"autoreset_mode": autoreset_mode}
        self._same_step = autoreset_mode == AutoresetMode.SAME_STEP
        self.game = load_game(game_id, players=players, **options)
        self.num_envs = n
        self.num_actions = self.game.num_distinct_actions()
        self.num_players = self.game.num_players()
        self.obs_size = self.game.observation_tensor_shape()[0]
        self.single_observation_space = spaces.Box(-np.inf, np.inf, (self.obs_size,), np.float32)
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self._core = self.game._core.vector(n, seed, threads, self._same_step)
        self._read()

    @property
    def n(self):
        """The number of games (``num_envs``)."""
        return self.num_envs

    def _read(self):
        obs, mask, returns, dones, truncations, players, legal, counts, final_obs = self._core.buffers()
        n, a = self.num_envs, self.num_actions
        self._legal = np.frombuffer(legal, dtype="<i4").reshape(n, a)
        self._counts = np.frombuffer(counts, dtype="<i4")
        self._obs = np.frombuffer(obs, dtype="<f4").reshape(n, self.obs_size)
        self._mask = np.frombuffer(mask, dtype=np.int8).reshape(n, a)
        self._returns = np.frombuffer(returns, dtype="<f4").reshape(n, self.num_players)
        self._dones = np.frombuffer(dones, dtype=np.uint8).view(bool)
        self._truncations = np.frombuffer(truncations, dtype=np.uint8).view(bool)
        self._players = np.frombuffer(players, dtype="<i4")
        self._final_obs = np.frombuffer(final_obs, dtype="<f4").reshape(n, self.obs_size)

    def _info(self):
        return {"action_mask": self._mask, "player": self._players, "returns": self._returns}

    def reset(self, *, seed=None, options=None):
        """Starts every game again and returns ``(obs, info)``: with ``seed``, from that seed's chance streams (the
        same games for the same seed); without, each game's chance stream goes on (new games, still determined by
        the constructor's or the last reset's seed)."""
        super().reset(seed=seed)
        self._core.reset(seed)
        self._read()
        return self._obs, self._info()

    def step(self, actions):
        """Plays one action per game; returns ``(obs, rewards, terminations, truncations, info)``. Raises
        ValueError, changing nothing, if an action read is illegal (in next-step mode the actions of games that
        ended at the last step are not read: they start again)."""
        actions = np.ascontiguousarray(actions, dtype="<i8")
        acting = self._players.copy()
        self._core.step(actions.tobytes())
        self._read()
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        ended = np.flatnonzero(self._dones)
        rewards[ended] = self._returns[ended, acting[ended]]
        terminations = self._dones & ~self._truncations
        info = self._info()
        if self._same_step:
            info["final_obs"] = self._final_obs
            info["_final_obs"] = self._dones.copy()
        return self._obs, rewards, terminations, self._truncations.copy(), info

    def mask(self):
        """The legal-action masks of the seats to act, ``[n, num_distinct_actions]`` int8."""
        return self._mask

    def legal_actions(self):
        """The legal actions, ascending, ``[n, num_distinct_actions]`` int32 padded with -1, and their counts."""
        return self._legal, self._counts

    def random_actions(self, rng):
        """A uniformly random legal action for every game (``rng``: a numpy Generator); -1 for a game that just
        ended (its action is not read)."""
        picks = (rng.random(self.num_envs) * self._counts).astype(np.intp)
        return self._legal[np.arange(self.num_envs), picks]

    def games_done(self):
        """Games finished since the start."""
        return self._core.games_done()

    def __getstate__(self):
        return {"args": self._args, "games": self._core.snapshot(), "np_random": self._np_random,
                "np_random_seed": self._np_random_seed}

    def __setstate__(self, saved):
        self.__init__(**saved["args"])
        self._core.restore(*saved["games"])
        self._read()
        self._np_random = saved["np_random"]
        self._np_random_seed = saved["np_random_seed"]
