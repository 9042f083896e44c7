"""Plunder's games inside OpenSpiel: ``register`` makes any game a pyspiel game, so OpenSpiel's own algorithms
(CFR, MCCFR, exploitability, ISMCTS ...) run on it.

    import pyspiel, plunder.openspiel
    name = plunder.openspiel.register("liars-dice")               # "python_plunder_liars_dice"
    game = pyspiel.load_game(name, {"faces": 3, "dice": 2})       # or pyspiel.load_game(f"{name}(faces=3)")

The registered game takes Plunder's options as OpenSpiel parameters (``players`` among them; the parameter
specification lists every option whose value is a number, a truth value or a text, with the default game's
values). Options given to ``register`` are fixed for that registration (its name then ends with their digest).
Every step goes through Plunder's Rust rules; the information-state string is Plunder's perfect-recall key,
the tensors are Plunder's. ``resample_from_infostate`` draws a world from what the player knows
(``Game::determinize`` in Rust), so OpenSpiel's ``ISMCTSBot`` runs on the sequential games with hidden
information. ``game.get_type()`` is that of the options the game was loaded with (two-seat Lying Pirates is
general-sum, its larger tables constant-sum); pyspiel's registry holds the default game's.
``max_chance_outcomes`` is the most outcomes seen at one chance node in 200 random games (Plunder's facts do
not state it); ``max_game_length`` is Plunder's ``max_decisions`` fact (player actions, chance not counted, as
pyspiel's).

Games with simultaneous decisions (Lying Pirates, Loot Pirates) are registered as pyspiel simultaneous games
(``GameType.Dynamics.SIMULTANEOUS``), as OpenSpiel's own are: every player node is a simultaneous node
(``current_player()`` is ``pyspiel.PlayerId.SIMULTANEOUS``) and is played with ``state.apply_actions`` and one
action per player. Where Plunder has one seat deciding, that node is a simultaneous node where only that seat
has a real choice. A seat that does not decide at a node has exactly one legal action there, ``wait``: the
registered game's last action, ``game.num_distinct_actions() - 1`` (one past Plunder's own actions, so
``num_distinct_actions()`` is Plunder's plus one; ``game.wait_action`` holds it). A deciding seat never has
``wait``. ``pyspiel.convert_to_turn_based(game)`` turns such a game into a sequential one (each player in turn,
``wait`` being the only choice of those with none), for the algorithms that take only sequential games:

    name = plunder.openspiel.register("loot-pirates")
    game = pyspiel.load_game(name, {"players": 3})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_actions([state.legal_actions(p)[0] for p in range(game.num_players())])
    turns = pyspiel.convert_to_turn_based(game)     # for MCCFR and the like

OpenSpiel's conversion does not carry ``resample_from_infostate``, so ``ISMCTSBot`` refuses it. For that,
``register(game_id, turn_based=True)`` registers the game as a sequential one of its own
(``python_plunder_<id>_turn_based``): where several seats decide at once they choose one after another, in
seat order, and none sees what the seats before it chose (Plunder keeps each choice hidden until all are in, as
at the table), so the information a seat has is the same as in the simultaneous game; there is no ``wait``
action, and ``resample_from_infostate`` redraws the choices a seat has not seen. For a game without
simultaneous decisions ``turn_based=True`` is its usual registration, so a loop over every game may pass it:

    for game_id in ("liars-dice", "loot-pirates", "scallywager", "lying-pirates", "pirates-flag"):
        game = pyspiel.load_game(plunder.openspiel.register(game_id, turn_based=True))
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=100)
"""

import hashlib
import json
import random

import pyspiel

from . import load_game
from .observer import Observer, wants_perfect_recall

_UTILITY = {
    "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
    "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
}

#: pyspiel's parameters are numbers, truth values and texts; other options are fixed at ``register``.
_PARAMETER_TYPES = (bool, int, float, str)


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


def _game_info(game, chance_outcomes, simultaneous):
    facts = game.facts
    utility = facts["utility"]
    return pyspiel.GameInfo(
        # A simultaneous game has one more action: ``wait``, for the seats without a decision.
        num_distinct_actions=game.num_distinct_actions() + (1 if simultaneous else 0),
        max_chance_outcomes=chance_outcomes,
        num_players=game.num_players(),
        min_utility=float(facts["min_payoff"]),
        max_utility=float(facts["max_payoff"]),
        # pyspiel states a sum only for zero-sum and constant-sum games.
        utility_sum=None if utility["kind"] == "general_sum" else float(utility.get("total", 0.0)),
        # At a simultaneous node at least one seat decides, so the decisions bound the joint moves too; in turn,
        # each seat's decision is a move.
        max_game_length=int(facts["max_decisions"]),
    )


def _game_type(short_name, game, parameters, simultaneous):
    """pyspiel's ``GameType`` of the Plunder game ``game``, whose parameters are ``parameters``, registered as a
    simultaneous game or not."""
    facts = game.facts
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"Plunder {game.name}" + (" (in turn)" if facts["simultaneous"] and not simultaneous else ""),
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        if facts["chance"]
        else pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if facts["hidden_information"]
        else pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=_UTILITY[facts["utility"]["kind"]],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=facts["max_players"],
        min_num_players=facts["min_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class _SpielObserver(Observer):
    """Plunder's observer, reading the Plunder state inside a registered pyspiel state."""

    def set_from(self, state, player):
        super().set_from(state._core, player)

    def string_from(self, state, player):
        return super().string_from(state._core, player)


def register(game_id, players=None, turn_based=False, **options):
    """Registers Plunder's ``game_id`` with pyspiel and returns its pyspiel short name:
    ``python_plunder_<id>``, whose OpenSpiel parameters are the game's options; or, with ``players`` or options
    given here, a registration with those fixed (its name ends with their digest). A game with simultaneous
    decisions is registered as a pyspiel simultaneous game, or with ``turn_based=True`` as a sequential one
    whose seats choose in turn without seeing each other's choices (``python_plunder_<id>_turn_based``; see the
    module's docstring)."""
    fixed = dict(options)
    if players is not None:
        fixed["players"] = players
    base = load_game(game_id, fixed)
    facts = base.facts
    # In turn: the seats deciding at once are asked one at a time, the first of Plunder's ``deciding()``.
    in_turn = bool(facts["simultaneous"]) and turn_based
    simultaneous = bool(facts["simultaneous"]) and not in_turn
    short_name = f"python_plunder_{game_id.replace('-', '_')}" + ("_turn_based" if in_turn else "")
    if fixed:
        short_name += "_" + hashlib.sha1(json.dumps(base.options, sort_keys=True).encode()).hexdigest()[:8]
    if short_name in pyspiel.registered_names():
        return short_name
    parameters = {k: v for k, v in base.options.items() if isinstance(v, _PARAMETER_TYPES)}
    # pyspiel's registry holds the default game's type; each game loaded states its own (its options can change
    # what it is: two-seat Lying Pirates is general-sum, larger tables constant-sum).
    registered_type = _game_type(short_name, base, parameters, simultaneous)
    # GameInfo per option set: the random games that measure chance outcomes run once for each.
    infos = {}

    class PlunderState(pyspiel.State):
        """A Plunder game in progress, as a pyspiel state; ``_core`` is the ``plunder.State``. In a simultaneous
        game every player node is a simultaneous node, where the seats not deciding play ``wait``."""

        def __init__(self, spiel_game, core=None):
            super().__init__(spiel_game)
            self._core = core if core is not None else spiel_game.plunder.new_initial_state()
            # Plunder's own actions are 0 .. wait - 1 (the same for every state of one game).
            self._wait = self._core.num_distinct_actions() if simultaneous else None

        def current_player(self):
            player = self._core.current_player()
            if player >= 0 or player == pyspiel.PlayerId.SIMULTANEOUS:
                if simultaneous:
                    return pyspiel.PlayerId.SIMULTANEOUS
                if in_turn:
                    return self._core.deciding()[0]
            return player

        def _legal_actions(self, player):
            legal = self._core.legal_actions(player)  # refuses a seat the table does not have
            if in_turn:
                # A seat also deciding now waits for its turn: it has no move yet.
                return legal if player == self.current_player() else []
            deciding = self._core.deciding() if simultaneous else ()
            if deciding and player not in deciding:
                return [self._wait]
            return legal

        def chance_outcomes(self):
            return self._core.chance_outcomes()

        def _apply_action(self, action):
            if simultaneous and self._core.deciding():
                raise ValueError("a player node of a simultaneous game takes apply_actions, one action per player")
            if in_turn and self._core.deciding():
                self._core.apply_action(action, self._core.deciding()[0])
                return
            self._core.apply_action(action)

        def _apply_actions(self, actions):
            """One action per player: the deciding seats' own, ``wait`` for the others (all or none)."""
            actions = [int(a) for a in actions]
            deciding = self._core.deciding()
            for seat, action in enumerate(actions):
                if seat not in deciding and action != self._wait:
                    raise ValueError(f"seat {seat} does not decide here: its action is wait ({self._wait}), "
                                     f"not {action}")
            self._core.apply_actions(actions)

        def _action_to_string(self, player, action):
            if player == pyspiel.PlayerId.CHANCE:
                return self._core.chance_labels()[action]
            if action == self._wait:
                return "wait"
            if player is not None and player >= 0:
                return self._core.action_to_string(player, action)
            return self._core.action_to_string(action)

        def is_terminal(self):
            return self._core.is_terminal()

        def returns(self):
            return self._core.returns()

        def resample_from_infostate(self, player_id, probability_sampler):
            """A state drawn from what ``player_id`` knows (for ISMCTS): hidden parts redrawn in Rust, from a
            seed taken from ``probability_sampler`` (pyspiel's sampler of [0, 1))."""
            seed = int(probability_sampler() * 2**53)
            return PlunderState(self.get_game(), self._core.resample_from_infostate(player_id, seed))

        def __str__(self):
            return str(self._core)

    class PlunderGame(pyspiel.Game):
        """A Plunder game as a pyspiel game; ``plunder`` is the ``plunder.Game``; ``wait_action`` is the action
        of the seats without a decision in a simultaneous game (None in a sequential one)."""

        def __init__(self, params=None):
            self.plunder = load_game(game_id, {**fixed, **(params or {})})
            if bool(self.plunder.facts["simultaneous"]) != (simultaneous or in_turn):
                raise ValueError(f"{game_id} with {params} is not of the registration's dynamics; register it apart")
            self.wait_action = self.plunder.num_distinct_actions() if simultaneous else None
            key = json.dumps(self.plunder.options, sort_keys=True)
            if key not in infos:
                infos[key] = _game_info(self.plunder, _most_chance_outcomes(self.plunder), simultaneous)
            super().__init__(
                _game_type(short_name, self.plunder, parameters, simultaneous), infos[key], params or dict()
            )

        def new_initial_state(self):
            return PlunderState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            """The information state if ``iig_obs_type.perfect_recall``, else (and by default) the observation."""
            return _SpielObserver(self.plunder, wants_perfect_recall(iig_obs_type))

    pyspiel.register_game(registered_type, PlunderGame)
    return short_name
