"""pyspiel's observer for a Plunder game: a reusable tensor that ``set_from(state, player)`` fills with the
player's information-state tensor (when pyspiel asks for perfect recall) or observation tensor, and ``string_from``
the matching string (the perfect-recall key, or the view). ``Game.make_observer`` makes one; ``plunder.openspiel``
hands the same to OpenSpiel.
"""

import numpy as np


class Observer:
    """An observer of one game, of the information state (``perfect_recall``) or of the present observation."""

    def __init__(self, game, perfect_recall=False):
        self.perfect_recall = perfect_recall
        self._kind = "information_state" if perfect_recall else "observation"
        shape = game.information_state_tensor_shape() if perfect_recall else game.observation_tensor_shape()
        self.tensor = np.zeros(shape, np.float32)
        #: pyspiel's observers name their tensor's pieces; Plunder's tensor is one piece.
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        """Fills ``self.tensor`` with ``player``'s tensor in ``state`` (a ``plunder.State``), from its bytes: no
        Python float is made for each number, as a list of them would (the fast way to read tensors)."""
        self.tensor[:] = np.frombuffer(state.tensor(player, self._kind), dtype="<f4")

    def string_from(self, state, player):
        """``player``'s information-state key (perfect recall) or its view as JSON."""
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


def wants_perfect_recall(iig_obs_type):
    """Whether pyspiel's observation type (``None``: the default, the observation) asks for perfect recall."""
    return bool(iig_obs_type is not None and getattr(iig_obs_type, "perfect_recall", False))
