"""pyspiel's ``GameType`` for a Plunder game: what the game declares about itself, under pyspiel's field names.

The enumerations are strings (``"sequential"``, ``"explicit_stochastic"``, ...) so that the type reads the
same without OpenSpiel installed; ``plunder.openspiel`` maps them to pyspiel's enums when it registers a game.
"""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class GameType:
    """``Game.get_type()``: the game's kind, as pyspiel describes a game."""

    short_name: str
    long_name: str
    #: "sequential", or "simultaneous" when several seats can owe a decision at once.
    dynamics: str
    #: "explicit_stochastic" (chance nodes are the caller's) or "deterministic".
    chance_mode: str
    #: "imperfect_information" or "perfect_information".
    information: str
    #: "zero_sum", "constant_sum" or "general_sum".
    utility: str
    #: Always "terminal": Plunder pays only at the end.
    reward_model: str
    min_num_players: int
    max_num_players: int
    provides_information_state_string: bool = True
    provides_information_state_tensor: bool = True
    provides_observation_string: bool = True
    provides_observation_tensor: bool = True
    #: The options with their values in this game (pyspiel's parameter names are Plunder's option names).
    parameter_specification: dict = field(default_factory=dict)


def game_type(game):
    """The ``GameType`` of a ``plunder.Game``."""
    facts = game.facts
    return GameType(
        short_name=game.id,
        long_name=game.name,
        dynamics="simultaneous" if facts["simultaneous"] else "sequential",
        chance_mode="explicit_stochastic" if facts["chance"] else "deterministic",
        information="imperfect_information" if facts["hidden_information"] else "perfect_information",
        utility=facts["utility"]["kind"],
        reward_model="terminal",
        min_num_players=facts["min_players"],
        max_num_players=facts["max_players"],
        parameter_specification=dict(game.options),
    )
