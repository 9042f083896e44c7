"""Plunder's pirate dice games for Python, shaped like OpenSpiel's pyspiel.

    import plunder
    game = plunder.load_game("liars-dice", dice=2)     # or pyspiel's way: load_game("liars_dice", {"dice": 2})
    state = game.new_initial_state(seed=1)             # no seed: a fresh one, as pyspiel
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()   # or state.apply_action(i) for an i of state.chance_outcomes()
        else:
            state.apply_action(state.legal_actions()[0])
    print(state.returns())

Actions are stable integers per game (``game.num_distinct_actions()``); ``state.action_to_json(a)`` gives the
typed JSON action and ``state.action_from_json(text)`` the integer back. Chance outcomes are the positions in
``state.chance_outcomes()``. ``current_player()`` is a seat, or CHANCE (-1), SIMULTANEOUS (-2) or
TERMINAL (-4) as in pyspiel; ``state.is_truncated()`` says whether a safety cap of the options
(``max_rounds``, ``max_turns``) rather than the rules ended the game. Records are the JSON of ``plunder
replay``: ``state.record_json()`` and ``plunder.state_from_record(text)``.

Adapters: ``plunder.pettingzoo`` (AEC and parallel), ``plunder.gym`` (one seat against Plunder's bots),
``plunder.vector`` (a Gymnasium ``VectorEnv`` of N games stepped in Rust), ``plunder.ray`` (simulations sharded
over a Ray cluster), ``plunder.openspiel`` (registers Plunder's games with pyspiel so OpenSpiel's algorithms run on them).
"""

import json as _json

from . import _core
from ._core import CHANCE, SIMULTANEOUS, TERMINAL, State, state_from_record
from .game_type import GameType, game_type
from .observer import Observer, wants_perfect_recall

__all__ = [
    "load_game", "games", "Game", "GameType", "State", "state_from_record", "CHANCE", "SIMULTANEOUS", "TERMINAL",
]


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
        """How many seats the table has."""
        return self._core.num_players()

    def num_distinct_actions(self):
        """How many actions there are; raises ValueError if the game has no integer encoding yet."""
        n = self._core.num_distinct_actions()
        if n is None:
            raise ValueError(f"{self.id} has no integer action encoding yet (use the *_json methods)")
        return n

    def has_integer_actions(self):
        """Whether the game lists its actions as integers (every game does; the ``*_json`` calls work for all)."""
        return self._core.num_distinct_actions() is not None

    def information_state_tensor_shape(self):
        """The shape of ``state.information_state_tensor(p)``, as pyspiel's: ``[length]``."""
        return [self._core.tensor_size("information_state")]

    def observation_tensor_shape(self):
        """The shape of ``state.observation_tensor(p)``, as pyspiel's: ``[length]``."""
        return [self._core.tensor_size("observation")]

    def tensor_layout(self, kind="observation"):
        """The sections of the ``"observation"`` or ``"information_state"`` tensor under this game's options, in
        order: ``[{"name", "start", "len", "meaning"}]``, ``meaning`` saying what each number holds. The same
        tables are in each game's rules doc (docs/rules/GAME.md, "Tensors")."""
        return _json.loads(self._core.tensor_layout_json(kind))

    def min_utility(self):
        """The lowest payoff any seat can get (Plunder's ``min_payoff`` fact)."""
        return self.facts["min_payoff"]

    def max_utility(self):
        """The highest payoff any seat can get (Plunder's ``max_payoff`` fact)."""
        return self.facts["max_payoff"]

    def max_game_length(self):
        """An upper bound on the player actions of one game, as pyspiel's (chance steps not counted; one action
        per seat at a simultaneous node): Plunder's ``max_decisions`` fact, which the conformance suite checks
        against random play. It is a worst case, not an estimate. Liar's dice: every bid strictly rises, so a
        round holds at most ``dice x faces`` bids and one call (pyspiel's 13 for two players with one die each,
        25 with two, 61 with five); a to-the-last-die game multiplies that by ``max_rounds``. The board games'
        bounds come from their round or turn caps (``max_rounds``, ``max_turns``; Pirate Haven's fixed rounds)
        times the longest round or turn their rules allow, so they are far above real games: pass a smaller cap
        for a tighter bound. ``facts["max_steps"]`` bounds the steps with chance included."""
        return self.facts["max_decisions"]

    def get_type(self):
        """The game's ``GameType`` (pyspiel's fields; enumerations as strings)."""
        return game_type(self)

    def get_parameters(self):
        """The options in full, ``players`` among them: ``load_game(game.id, game.get_parameters())`` is this
        game again."""
        return dict(self.options)

    def make_observer(self, iig_obs_type=None, params=None):
        """pyspiel's observer: of the perfect-recall information state if ``iig_obs_type.perfect_recall``, else
        (also by default) of the present observation. Plunder's observers take no ``params``."""
        if params:
            raise ValueError(f"Plunder's observers take no parameters, got {sorted(params)}")
        return Observer(self, wants_perfect_recall(iig_obs_type))

    def deserialize_state(self, text):
        """The state ``state.serialize()`` wrote (its record, replayed and checked); it must be of this game."""
        state = state_from_record(text)
        record = _json.loads(text)
        if record.get("game") != self.id or record.get("options") != self.options:
            raise ValueError(f"that state is of {record.get('game')} {record.get('options')}, not of {self!r}")
        return state

    def __eq__(self, other):
        return isinstance(other, Game) and (self.id, self.options) == (other.id, other.options)

    def __hash__(self):
        return hash((self.id, _json.dumps(self.options, sort_keys=True)))

    def bots(self):
        """The bots this game offers (the first is its best)."""
        return self._core.bots()

    def action_space_json(self):
        """Every action as JSON text, in integer order."""
        return self._core.action_space_json()

    def new_initial_state(self, seed=None, sampled=False):
        """A new game. Chance nodes are yours to settle unless ``sampled`` (then drawn at once from ``seed``);
        ``state.sample_chance()`` draws one from the state's own seeded generator. Without a ``seed`` each call
        draws a fresh one (as pyspiel's games are unseeded); give one to repeat a game exactly."""
        return self._core.new_initial_state(seed, sampled)


def _parameter(text):
    """A value of pyspiel's ``name(key=value,...)`` form: an int, a float, true/false, or else a string."""
    for parse in (int, float):
        try:
            return parse(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def _split_name(name):
    """pyspiel's ``"liars_dice(dice=2,players=3)"`` as ("liars-dice", {"dice": 2, "players": 3})."""
    name = name.strip()
    params = {}
    if name.endswith(")") and "(" in name:
        name, inside = name[:-1].split("(", 1)
        for pair in filter(None, (p.strip() for p in inside.split(","))):
            key, sep, value = pair.partition("=")
            if not sep:
                raise ValueError(f"parameter '{pair}' is not key=value")
            params[key.strip()] = _parameter(value.strip())
    return name.strip().replace("_", "-"), params


def load_game(game, params=None, players=None, **options):
    """Game ``game`` (an id of ``plunder.games()``; pyspiel's spelling with underscores and its
    ``"name(key=value,...)"`` form work too) with its options: as pyspiel's dict ``params``, as keyword
    arguments, or both (the same names as ``plunder games`` lists and ``--options`` takes; ``players`` is the
    table size)."""
    game_id, named = _split_name(game)
    if params is not None and not isinstance(params, dict):
        raise ValueError(f"params must be a dict of parameters (pyspiel's form), not {type(params).__name__}")
    options = {**named, **(params or {}), **options}
    if players is not None:
        options["players"] = players
    players = options.pop("players", None)
    return Game(_core.load_game(game_id, players, _json.dumps(options)))
