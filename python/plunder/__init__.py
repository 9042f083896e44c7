"""Plunder's pirate dice games for Python, shaped like OpenSpiel's pyspiel.

    import plunder
    game = plunder.load_game("liars-dice", dice=2)
    state = game.new_initial_state(seed=1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()   # or state.apply_action(i) for an i of state.chance_outcomes()
        else:
            state.apply_action(state.legal_actions()[0])
    print(state.returns())

Actions are stable integers per game (``game.num_distinct_actions()``); ``state.action_to_json(a)`` gives the
typed JSON action and ``state.action_from_json(text)`` the integer back. Chance outcomes are the positions in
``state.chance_outcomes()``. ``current_player()`` is a seat, or CHANCE (-1), SIMULTANEOUS (-2) or
TERMINAL (-4) as in pyspiel. Records are the JSON of ``plunder replay``: ``state.record_json()`` and
``plunder.state_from_record(text)``.

Adapters: ``plunder.pettingzoo`` (AEC), ``plunder.gym`` (one seat against Plunder's bots),
``plunder.vector`` (N games stepped in Rust), ``plunder.ray`` (simulations sharded over a Ray cluster),
``plunder.openspiel`` (registers Plunder's games with pyspiel so OpenSpiel's algorithms run on them).
"""

import json as _json

from . import _core
from ._core import CHANCE, SIMULTANEOUS, TERMINAL, State, state_from_record

__all__ = ["load_game", "games", "Game", "State", "state_from_record", "CHANCE", "SIMULTANEOUS", "TERMINAL"]


def games():
    """Every game: a list of dicts with id, name, min_players and max_players."""
    return _json.loads(_core.games_json())


class Game:
    """A game under one set of options (pyspiel's ``Game``)."""

    def __init__(self, core):
        self._core = core
        self.id = core.id
        self.name = core.name
        self.facts = _json.loads(core.facts_json())
        self.options = _json.loads(core.options_json())

    def __repr__(self):
        return f"plunder.Game({self.id!r}, {self.options!r})"

    def num_players(self):
        return self._core.num_players()

    def num_distinct_actions(self):
        """How many actions there are; raises ValueError if the game has no integer encoding yet."""
        n = self._core.num_distinct_actions()
        if n is None:
            raise ValueError(f"{self.id} has no integer action encoding yet (use the *_json methods)")
        return n

    def has_integer_actions(self):
        return self._core.num_distinct_actions() is not None

    def information_state_tensor_shape(self):
        return [self._core.tensor_size("information_state")]

    def observation_tensor_shape(self):
        return [self._core.tensor_size("observation")]

    def min_utility(self):
        return self.facts["min_payoff"]

    def max_utility(self):
        return self.facts["max_payoff"]

    def max_game_length(self):
        return self.facts["max_steps"]

    def bots(self):
        """The bots this game offers (the first is its best)."""
        return self._core.bots()

    def action_space_json(self):
        """Every action as JSON text, in integer order."""
        return self._core.action_space_json()

    def new_initial_state(self, seed=0, sampled=False):
        """A new game. Chance nodes are yours to settle unless ``sampled`` (then drawn at once from ``seed``);
        ``state.sample_chance()`` draws one from the state's own seeded generator."""
        return self._core.new_initial_state(seed, sampled)


def load_game(game_id, players=None, **options):
    """Game ``game_id`` (see ``plunder.games()``) with ``players`` seats and its options as keyword arguments
    (the same names as ``plunder games`` lists and ``--options`` takes)."""
    return Game(_core.load_game(game_id, players, _json.dumps(options)))
