"""A Gymnasium environment: one seat against Plunder's bots, which (with chance) play inside Rust until the
seat must decide. The reward is the seat's payoff when the game ends (0 before).

    env = plunder.gym.SeatEnv("liars-dice", seat=0, bots=["odds"])
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))

``info["action_mask"]`` marks the legal actions; an illegal action raises ValueError.
"""

import gymnasium
import numpy as np
from gymnasium import spaces

from . import load_game


class SeatEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game_id, seat=0, bots=None, players=None, render_mode=None, **options):
        self.game = load_game(game_id, players=players, **options)
        self.seat = seat
        self.bots = list(bots or [])
        self.render_mode = render_mode
        size = self.game.observation_tensor_shape()[0]
        self.observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self._duel = self.game._core.duel(seat, self.bots, 0)

    def _obs(self):
        return np.frombuffer(self._duel.observation(), dtype="<f4").copy()

    def _info(self):
        return {"action_mask": np.frombuffer(self._duel.mask(), dtype=np.uint8).copy()}

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**63))
        self._duel.reset(seed)
        return self._obs(), self._info()

    def step(self, action):
        reward = self._duel.step(int(action))
        return self._obs(), reward, self._duel.done(), False, self._info()

    def state(self):
        """The game as a ``plunder.State`` (a copy: the whole table, for analysis, not for the agent)."""
        return self._duel.state()

    def render(self):
        if self.render_mode == "ansi":
            return self._duel.state().observation_string(self.seat)
        return None
