"""A Gymnasium environment: one seat against Plunder's bots, which (with chance) play inside Rust until the
seat must decide. The reward is the seat's payoff when the game ends (0 before). A game stopped by a safety
limit of its options (a round or turn cap such as ``max_rounds``) ends with ``truncated=True,
terminated=False``; a game ended by its rules with ``terminated=True``.

    env = plunder.gym.SeatEnv("liars-dice", seat=0, bots=["odds"])
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))

``info["action_mask"]`` (int8, as ``Discrete.sample(mask=...)`` takes it) marks the legal actions. An illegal
action raises ValueError, or with ``illegal_action="lose"`` ends the episode with the game's lowest payoff and
``info["illegal_action"] = True`` (what Gymnasium's ``check_env``, which steps random actions, needs). The
environment pickles and deep-copies: a copy replays the episode's seed and the seat's actions, so it goes on
exactly as the original would.
"""

import gymnasium
import numpy as np
from gymnasium import spaces

from . import load_game

#: What an illegal action does: raise ValueError, or end the episode as a loss.
ILLEGAL_ACTION_POLICIES = ("raise", "lose")


class SeatEnv(gymnasium.Env):
    """Seat ``seat`` of ``game_id`` against ``bots`` (by default the game's best; names cycle over the other
    seats), with the game's ``options``; ``illegal_action`` is ``"raise"`` or ``"lose"`` (see the module's doc)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game_id, seat=0, bots=None, players=None, render_mode=None, illegal_action="raise",
                 **options):
        if illegal_action not in ILLEGAL_ACTION_POLICIES:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_ACTION_POLICIES}, not {illegal_action!r}")
        self._args = dict(game_id=game_id, seat=seat, bots=bots, players=players, render_mode=render_mode,
                          illegal_action=illegal_action, **options)
        self.game = load_game(game_id, players=players, **options)
        self.seat = seat
        self.bots = list(bots or [])
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        size = self.game.observation_tensor_shape()[0]
        self.observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self._duel = self.game._core.duel(seat, self.bots, 0)
        # The episode so far (its seed and the seat's actions), from which a copy replays it.
        self._seed = 0
        self._actions = []
        self._lost = False

    def _obs(self):
        return np.frombuffer(self._duel.observation(), dtype="<f4").copy()

    def _info(self):
        return {"action_mask": np.frombuffer(self._duel.mask(), dtype=np.int8).copy()}

    def reset(self, seed=None, options=None):
        """A new game (seeded by ``seed``, else from the environment's generator); returns ``(obs, info)``."""
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**63))
        self._seed = seed
        self._actions = []
        self._lost = False
        self._duel.reset(seed)
        return self._obs(), self._info()

    def step(self, action):
        """Plays the seat's ``action``, then the bots and chance until the seat must decide again or the game
        ends; returns ``(obs, reward, terminated, truncated, info)``."""
        if self._lost:
            raise ValueError("the episode ended on an illegal action: reset the environment")
        mask = self._duel.mask()
        legal = 0 <= action < len(mask) and mask[action] == 1 if isinstance(action, (int, np.integer)) else None
        if legal is False and self.illegal_action == "lose":
            self._lost = True
            info = dict(self._info(), illegal_action=True)
            return self._obs(), float(self.game.min_utility()), True, False, info
        reward = self._duel.step(action)
        self._actions.append(action)
        # A game stopped by a round or turn cap of its options is truncated, not terminated.
        truncated = self._duel.done() and self._duel.truncated()
        return self._obs(), reward, self._duel.done() and not truncated, truncated, self._info()

    def state(self):
        """The game as a ``plunder.State`` (a copy: the whole table, for analysis, not for the agent)."""
        return self._duel.state()

    def render(self):
        """The seat's view as JSON text with ``render_mode="ansi"``, else None."""
        if self.render_mode == "ansi":
            return self._duel.state().observation_string(self.seat)
        return None

    def __getstate__(self):
        return {"args": self._args, "seed": self._seed, "actions": list(self._actions), "lost": self._lost,
                "np_random": self._np_random}

    def __setstate__(self, saved):
        self.__init__(**saved["args"])
        self._np_random = saved["np_random"]
        self._duel.reset(saved["seed"])
        self._seed = saved["seed"]
        for action in saved["actions"]:
            self._duel.step(action)
        self._actions = list(saved["actions"])
        self._lost = saved["lost"]
