"""N games of one game stepped together inside Rust: a ``gymnasium.vector.VectorEnv``
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
observation, and the final one in ``info["final_obs"]``, as Gymnasium's ``SyncVectorEnv`` gives it: when a game
ended, an object array of ``n`` entries, each game's final observation where it ended (marked by
``info["_final_obs"]``; a copy, whatever ``copy`` says) and None elsewhere; neither key is there when no game
ended. No step is spent
restarting, which on short games such as one-round liar's dice is a fifth of all steps. ``legal_actions()`` gives
each game's legal actions as a padded list, for sampling without scanning masks. The environment pickles and
deep-copies (each game is replayed from its chance stream and its actions).

Copies: numpy reads the games' buffers where Rust writes them. By default (``copy=True``, as Gymnasium's
``SyncVectorEnv``) ``reset`` and ``step`` return copies, which stay as they are; with ``copy=False`` they return
read-only arrays over the environment's own buffers, which the next ``step`` or ``reset`` overwrites (faster on
games with long observations: copy what you keep). ``mask()`` and ``legal_actions()`` are always the current
step's, overwritten by the next.
"""

import sys

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from . import load_game


def _references(given, turn):
    """``sys.getrefcount`` of ``given[turn]`` read by this one code path, so that a count here compares with
    :data:`_UNHELD`, measured the same way (interpreters differ in which temporary references they count)."""
    return sys.getrefcount(given[turn])


#: What :func:`_references` counts for an object held by nothing but its list.
_UNHELD = _references([object()], 0)


class _Copies:
    """The copies ``copy=True`` hands out of one buffer: a new array each step, except that the memory of the one
    handed out two steps ago is written again when nothing refers to it any more (the caller has let go of it),
    which spares allocating, and the kernel zeroing, megabytes each step. An array still referred to (kept in a
    list, viewed by a slice, wrapped by another library) is never written again."""

    def __init__(self):
        self._given = [None, None]
        self._turn = 0

    def of(self, array):
        # Counted before anything here names it (a name of our own would be one more reference).
        unheld = self._given[self._turn] is not None and _references(self._given, self._turn) <= _UNHELD
        if unheld and self._given[self._turn].shape == array.shape:
            fresh = self._given[self._turn]
            np.copyto(fresh, array)
        else:
            fresh = array.copy()
        self._given[self._turn] = fresh
        self._turn ^= 1
        return fresh


class VectorEnv(gymnasium.vector.VectorEnv):
    """``n`` games of one game stepped together in Rust, for self-play (see the module's doc)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, game_id, n, seed=0, players=None, threads=1, autoreset_mode=AutoresetMode.NEXT_STEP,
                 copy=True, **options):
        """``n`` games of ``game_id`` with ``options``; chance streams from ``seed`` (``reset(seed=...)`` changes
        it); ``threads`` > 1 steps the games on that many threads (the same results); ``autoreset_mode``
        ``AutoresetMode.NEXT_STEP`` or ``SAME_STEP``; ``copy=False`` returns the environment's own arrays, which
        the next step overwrites (see the module's doc)."""
        if autoreset_mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
            raise ValueError(f"autoreset_mode must be AutoresetMode.NEXT_STEP or SAME_STEP, not {autoreset_mode!r}")
        self._args = dict(game_id=game_id, n=n, seed=seed, players=players, threads=threads,
                          autoreset_mode=autoreset_mode, copy=copy, **options)
        self._copy = bool(copy)
        self._obs_copies, self._mask_copies = _Copies(), _Copies()
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
        """numpy arrays over the games' buffers (read-only; every step rewrites them in place)."""
        obs, mask, returns, dones, truncations, players, legal, counts, final_obs = map(np.asarray,
                                                                                        self._core.buffers())
        n, a = self.num_envs, self.num_actions
        self._legal = legal.reshape(n, a)
        self._counts = counts
        self._obs = obs.reshape(n, self.obs_size)
        self._mask = mask.view(np.int8).reshape(n, a)
        self._returns = returns.reshape(n, self.num_players)
        self._dones = dones.view(bool)
        self._truncations = truncations.view(bool)
        self._players = players
        self._final_obs = final_obs.reshape(n, self.obs_size)

    def _out(self, array):
        return array.copy() if self._copy else array

    def _observations(self):
        return self._obs_copies.of(self._obs) if self._copy else self._obs

    def _info(self):
        mask = self._mask_copies.of(self._mask) if self._copy else self._mask
        return {"action_mask": mask, "player": self._out(self._players),
                "returns": self._out(self._returns)}

    def reset(self, *, seed=None, options=None):
        """Starts every game again and returns ``(obs, info)``: with ``seed``, from that seed's chance streams (the
        same games for the same seed); without, each game's chance stream goes on (new games, still determined by
        the constructor's or the last reset's seed)."""
        super().reset(seed=seed)
        self._core.reset(seed)
        return self._observations(), self._info()

    def step(self, actions):
        """Plays one action per game; returns ``(obs, rewards, terminations, truncations, info)``. Raises
        ValueError, changing nothing, if an action read is illegal (in next-step mode the actions of games that
        ended at the last step are not read: they start again)."""
        actions = np.asarray(actions)
        if actions.dtype.kind not in "iu":
            raise ValueError(f"actions must be integers, not {actions.dtype}")
        actions = np.ascontiguousarray(actions, dtype="<i8")
        acting = self._players.copy()
        self._core.step(actions.tobytes())
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        ended = np.flatnonzero(self._dones)
        rewards[ended] = self._returns[ended, acting[ended]]
        terminations = self._dones & ~self._truncations
        info = self._info()
        if self._same_step and len(ended):
            final_obs = np.empty(self.num_envs, dtype=object)  # None everywhere
            # One copy of the ended games' rows, each row an entry (numpy would read a list of rows as a 2-D array).
            for i, row in zip(ended.tolist(), self._final_obs[ended]):
                final_obs[i] = row
            info["final_obs"] = final_obs
            info["_final_obs"] = self._dones.copy()
        return self._observations(), rewards, terminations, self._truncations.copy(), info

    def mask(self):
        """The legal-action masks of the seats to act, ``[n, num_distinct_actions]`` int8 (read-only, rewritten
        by the next step)."""
        return self._mask

    def legal_actions(self):
        """The legal actions, ascending, ``[n, num_distinct_actions]`` int32 padded with -1, and their counts
        (read-only, rewritten by the next step)."""
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
