"""N games of one game stepped together inside Rust, with the GIL released (self-play: you choose for the
seat to act in each game). Finished games report their returns and start again at once.

    env = plunder.vector.VectorEnv("liars-dice", 1024, seed=1)
    obs, mask, players = env.reset()
    rng = np.random.default_rng(0)
    obs, mask, rewards, dones, players = env.step(env.random_actions(rng))

``obs`` is ``[n, observation_tensor_size]`` float32 (the seat to act's observation tensor), ``mask`` ``[n,
num_distinct_actions]`` int8 (as Gymnasium's ``sample(mask=...)`` takes it), ``rewards`` ``[n, players]``
float32 (the returns of games that ended in this step, else 0), ``dones`` ``[n]`` bool, ``players`` ``[n]``
int32 (the seat to act).
``legal_actions()`` gives each game's legal actions as a padded list, for sampling without scanning masks.
"""

import numpy as np

from . import load_game


class VectorEnv:
    def __init__(self, game_id, n, seed=0, players=None, threads=1, **options):
        """``n`` games of ``game_id``; ``threads`` > 1 steps them on that many threads (same results)."""
        self.game = load_game(game_id, players=players, **options)
        self.n = n
        self.num_actions = self.game.num_distinct_actions()
        self.num_players = self.game.num_players()
        self.obs_size = self.game.observation_tensor_shape()[0]
        self._core = self.game._core.vector(n, seed, threads)

    def _read(self):
        obs, mask, rewards, dones, players, legal, counts = self._core.buffers()
        n, a = self.n, self.num_actions
        self._legal = np.frombuffer(legal, dtype="<i4").reshape(n, a)
        self._counts = np.frombuffer(counts, dtype="<i4")
        self._last = (
            np.frombuffer(obs, dtype="<f4").reshape(n, self.obs_size),
            np.frombuffer(mask, dtype=np.int8).reshape(n, a),
            np.frombuffer(rewards, dtype="<f4").reshape(n, self.num_players),
            np.frombuffer(dones, dtype=np.uint8).view(bool),
            np.frombuffer(players, dtype="<i4"),
        )
        return self._last

    def reset(self):
        """Starts all games again; returns (obs, mask, players)."""
        self._core.reset()
        obs, mask, _, _, players = self._read()
        return obs, mask, players

    def step(self, actions):
        """Plays one action per game; raises ValueError (changing nothing) if any is illegal."""
        actions = np.ascontiguousarray(actions, dtype="<i8")
        self._core.step(actions.tobytes())
        return self._read()

    def mask(self):
        """The legal-action masks of the seats to act, ``[n, num_distinct_actions]``."""
        return self._last[1]

    def legal_actions(self):
        """The legal actions, ascending, ``[n, num_distinct_actions]`` int32 padded with -1, and their counts."""
        return self._legal, self._counts

    def random_actions(self, rng):
        """A uniformly random legal action for every game (``rng``: a numpy Generator)."""
        picks = (rng.random(self.n) * self._counts).astype(np.intp)
        return self._legal[np.arange(self.n), picks]

    def games_done(self):
        """Games finished since the start."""
        return self._core.games_done()
