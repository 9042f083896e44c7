"""Plunder's games inside OpenSpiel: ``register`` makes a game (with integer actions and turns, no
simultaneous decisions) a pyspiel game, so OpenSpiel's own algorithms (CFR, exploitability, MCTS ...) run on it.

    import pyspiel, plunder.openspiel
    name = plunder.openspiel.register("liars-dice", faces=3)     # "python_plunder_liars_dice_..."
    game = pyspiel.load_game(name)

Every step goes through Plunder's Rust rules; the information-state string is Plunder's perfect-recall key,
the tensors are Plunder's (liar's dice: OpenSpiel's own layout). ``max_chance_outcomes`` is the most outcomes
seen at one chance node in 200 random games (Plunder's facts do not state it).
"""

import hashlib
import json
import random

import numpy as np
import pyspiel

from . import load_game

_UTILITY = {
    "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
    "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
}


def _most_chance_outcomes(game, games=200):
    rng = random.Random(0)
    most = 0
    for seed in range(games):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                most = max(most, len(outcomes))
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                seat = state.deciding()[0]
                legal = state.legal_actions(seat)
                state.apply_action(legal[rng.randrange(len(legal))], seat)
    return most


def register(game_id, players=None, **options):
    """Registers Plunder's ``game_id`` under these options with pyspiel; returns the pyspiel short name."""
    game = load_game(game_id, players=players, **options)
    facts = game.facts
    if facts["simultaneous"]:
        raise ValueError(f"{game_id} has simultaneous decisions, which this registration does not map")
    digest = hashlib.sha1(json.dumps(game.options, sort_keys=True).encode()).hexdigest()[:8]
    short_name = f"python_plunder_{game_id.replace('-', '_')}_{digest}"
    if short_name in pyspiel.registered_names():
        return short_name
    n = game.num_players()
    utility = facts["utility"]
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=f"Plunder {game.name} {json.dumps(game.options, sort_keys=True)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        if facts["chance"]
        else pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if facts["hidden_information"]
        else pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=_UTILITY[utility["kind"]],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=game.num_distinct_actions(),
        max_chance_outcomes=_most_chance_outcomes(game),
        num_players=n,
        min_utility=float(facts["min_payoff"]),
        max_utility=float(facts["max_payoff"]),
        utility_sum=float(utility.get("total", 0.0)),
        max_game_length=int(facts["max_steps"]),
    )

    class Observer:
        """pyspiel's observer: the perfect-recall information state, or the present observation."""

        def __init__(self, perfect_recall):
            self.perfect_recall = perfect_recall
            shape = game.information_state_tensor_shape() if perfect_recall else game.observation_tensor_shape()
            self.tensor = np.zeros(shape, np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state, player):
            core = state._core
            values = core.information_state_tensor(player) if self.perfect_recall else core.observation_tensor(player)
            self.tensor[:] = values

        def string_from(self, state, player):
            if self.perfect_recall:
                return state._core.information_state_string(player)
            return state._core.observation_string(player)

    class PlunderState(pyspiel.State):
        def __init__(self, spiel_game, core=None):
            super().__init__(spiel_game)
            self._core = core if core is not None else game.new_initial_state(0)

        def current_player(self):
            return self._core.current_player()

        def _legal_actions(self, player):
            return self._core.legal_actions(player)

        def chance_outcomes(self):
            return self._core.chance_outcomes()

        def _apply_action(self, action):
            self._core.apply_action(action)

        def _action_to_string(self, player, action):
            if player == pyspiel.PlayerId.CHANCE:
                return self._core.chance_labels()[action]
            return self._core.action_to_string(action)

        def is_terminal(self):
            return self._core.is_terminal()

        def returns(self):
            return self._core.returns()

        def __str__(self):
            return str(self._core)


    class PlunderGame(pyspiel.Game):
        def __init__(self, params=None):
            super().__init__(game_type, game_info, params or dict())

        def new_initial_state(self):
            return PlunderState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return Observer(iig_obs_type is None or iig_obs_type.perfect_recall)

    pyspiel.register_game(game_type, PlunderGame)
    return short_name
