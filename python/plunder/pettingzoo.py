"""PettingZoo environments for every Plunder game with integer actions: ``env`` (AEC) and ``parallel_env``.

    env = plunder.pettingzoo.env("liars-dice", dice=2)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Agents are ``player_0`` ... ; an observation is ``{"observation": the seat's observation tensor, "action_mask":
its legal actions}`` (all zero when it is not the seat's turn). Chance is drawn inside Rust from the seed given
to ``reset``. Simultaneous decisions are taken one seat at a time, none seeing the others' (hidden) choices.
A game stopped by a safety limit of its options (a round or turn cap such as ``max_rounds``) ends in
``truncations``, a game ended by its rules in ``terminations``.

``parallel_env`` steps every agent at once, as PettingZoo's ``ParallelEnv``: the seats that decide now (one on
a turn, several at a simultaneous node such as Loot Pirates' aim) play their actions together; the others'
actions are not read (a no-op: send anything, e.g. what ``sample(mask=...)`` gives for their all-zero mask).
``info[agent]["deciding"]`` says whether the agent's action will be read. PettingZoo's ``aec_to_parallel``
cannot do this for turn-based games, which is why the parallel environment is its own class.

    env = plunder.pettingzoo.parallel_env("loot-pirates")
    obs, infos = env.reset(seed=1)
    while env.agents:
        actions = {a: env.action_space(a).sample(obs[a]["action_mask"]) for a in env.agents}
        obs, rewards, terminations, truncations, infos = env.step(actions)
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from . import load_game


class _AgentSpaces:
    """The spaces both environments give each agent (built by ``_spaces``), and its observation."""

    def _observe(self, agent):
        seat = self._seat[agent]
        mask = np.zeros(self.action_spaces[agent].n, dtype=np.int8)
        if seat in self.state.deciding():
            mask[self.state.legal_actions(seat)] = 1
        obs = np.frombuffer(self.state.tensor(seat, "observation"), dtype="<f4").copy()
        return {"observation": obs, "action_mask": mask}

    def observation_space(self, agent):
        """The agent's observation space: ``{"observation": Box, "action_mask": Box of int8}``."""
        return self.observation_spaces[agent]

    def action_space(self, agent):
        """The agent's action space: ``Discrete(num_distinct_actions)``."""
        return self.action_spaces[agent]


class PlunderEnv(_AgentSpaces, AECEnv):
    """The AEC environment of one game (see the module's doc); ``env(game_id, **options)`` makes one."""

    metadata = {"render_modes": ["ansi"], "name": "plunder_v0", "is_parallelizable": False}

    def __init__(self, game_id, players=None, render_mode=None, **options):
        super().__init__()
        self.game = load_game(game_id, players=players, **options)
        self.metadata = dict(self.metadata, name=f"plunder_{game_id.replace('-', '_')}_v0")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces, self.action_spaces = _spaces(self.game, self.possible_agents)
        self._next_seed = 0
        self.state = None

    def _select(self):
        deciding = self.state.deciding()
        if deciding:
            self.agent_selection = self.possible_agents[deciding[0]]

    def reset(self, seed=None, options=None):
        """A new game, seeded by ``seed`` (by default one more than the last game's seed, from 0)."""
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        self.state = self.game.new_initial_state(seed, sampled=True)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._select()

    def observe(self, agent):
        """The agent's ``{"observation", "action_mask"}`` (the mask all zero unless it decides now)."""
        return self._observe(agent)

    def step(self, action):
        """Plays ``action`` for the selected agent (None once it is done) and selects the next one to decide."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.state.apply_action(int(action), self._seat[agent])
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_terminal():
            returns = self.state.returns()
            truncated = self.state.is_truncated()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.truncations[a] = truncated
                self.terminations[a] = not truncated
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self._select()
        self._accumulate_rewards()

    def render(self):
        """The spectator's view as JSON text with ``render_mode="ansi"``, else None."""
        if self.render_mode == "ansi":
            return str(self.state)
        return None

    def close(self):
        """Nothing to release: the game lives in Rust memory freed with the environment."""
        pass


def _spaces(game, agents):
    size = game.observation_tensor_shape()[0]
    actions = game.num_distinct_actions()
    observation_spaces = {
        agent: spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        for agent in agents
    }
    return observation_spaces, {agent: spaces.Discrete(actions) for agent in agents}


class PlunderParallelEnv(_AgentSpaces, ParallelEnv):
    """Every agent steps at once; only the deciding seats' actions are read (see the module's doc)."""

    metadata = {"render_modes": ["ansi"], "name": "plunder_v0"}

    def __init__(self, game_id, players=None, render_mode=None, **options):
        self.game = load_game(game_id, players=players, **options)
        self.metadata = dict(self.metadata, name=f"plunder_{game_id.replace('-', '_')}_v0")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        self.agents = []
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces, self.action_spaces = _spaces(self.game, self.possible_agents)
        self._next_seed = 0
        self.state = None


    def _observations(self):
        deciding = set(self.state.deciding())
        observations = {agent: self._observe(agent) for agent in self.agents}
        infos = {agent: {"deciding": self._seat[agent] in deciding} for agent in self.agents}
        return observations, infos

    def reset(self, seed=None, options=None):
        """A new game, seeded by ``seed`` (by default one more than the last game's seed, from 0); returns
        ``(observations, infos)``."""
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        self.state = self.game.new_initial_state(seed, sampled=True)
        self.agents = self.possible_agents[:]
        return self._observations()

    def step(self, actions):
        """Plays the deciding seats' actions together (all or none: an illegal one raises ValueError and
        changes nothing); the other agents' actions are not read."""
        deciding = self.state.deciding()
        missing = [self.possible_agents[seat] for seat in deciding if self.possible_agents[seat] not in actions]
        if missing:
            raise ValueError(f"{', '.join(missing)} must act now but sent no action")
        joint = [0] * self.game.num_players()
        for seat in deciding:
            joint[seat] = int(actions[self.possible_agents[seat]])
        self.state.apply_actions(joint)
        agents = self.agents
        if self.state.is_terminal():
            returns = self.state.returns()
            truncated = self.state.is_truncated()
            observations = {agent: self._observe(agent) for agent in agents}
            infos = {agent: {"deciding": False} for agent in agents}
            rewards = {agent: float(returns[self._seat[agent]]) for agent in agents}
            terminations = {agent: not truncated for agent in agents}
            truncations = {agent: truncated for agent in agents}
            self.agents = []
        else:
            observations, infos = self._observations()
            rewards = {agent: 0.0 for agent in agents}
            terminations = {agent: False for agent in agents}
            truncations = {agent: False for agent in agents}
        return observations, rewards, terminations, truncations, infos

    def render(self):
        """The spectator's view as JSON text with ``render_mode="ansi"``, else None."""
        if self.render_mode == "ansi":
            return str(self.state)
        return None

    def close(self):
        """Nothing to release: the game lives in Rust memory freed with the environment."""
        pass


def env(game_id, **kwargs):
    """The AEC environment of game ``game_id`` (options as keyword arguments)."""
    return PlunderEnv(game_id, **kwargs)


def parallel_env(game_id, **kwargs):
    """The parallel environment of game ``game_id`` (options as keyword arguments): every agent steps at once,
    the deciding seats' actions are played together and the others' are not read."""
    return PlunderParallelEnv(game_id, **kwargs)
