"""Tabula from Python: board games from rules written as data.

The API has OpenSpiel's shape::

    import tabula
    game = tabula.load_game("breakthrough")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()      # [(action, probability)]
            ...
        state.apply_action(state.legal_actions()[0])
    state.returns()

Actions are integer ids, the same for one action in every position; ``legal_tokens`` and
``apply_token`` use the game's notation (``e2-e4``, ``roll:3-1``) instead.
"""

from __future__ import annotations

import numpy as np

from ._tabula import GameHandle as Game, StateHandle as State

__all__ = ["Game", "State", "load_game", "game_names", "observation_tensor", "observation_planes"]

#: The player id of a chance node and of a finished game, as in OpenSpiel.
CHANCE_PLAYER_ID = -1
TERMINAL_PLAYER_ID = -4


def load_game(name: str, **options) -> Game:
    """A game by its name in ``games/`` or the path of its file; keyword arguments set its
    options (``load_game("hold-pley", max_plies=200)``)."""
    return Game.load(name, [(key, str(value).lower() if isinstance(value, bool) else str(value))
                            for key, value in options.items()])


def game_names() -> list[str]:
    """The names of the games in ``games/``."""
    return Game.names()


def observation_tensor(state: State, player: int) -> np.ndarray:
    """What ``player`` may see of the position, as one flat float32 array: the planes of
    :func:`observation_planes`, then its scalars."""
    return np.asarray(state.observation(player), dtype=np.float32)


def observation_planes(game: Game, state: State, player: int) -> tuple[np.ndarray, np.ndarray]:
    """What ``player`` may see, as ``(planes, scalars)``: ``planes[kind * players + owner, cell]``
    is the number of pieces of that kind and owner on the cell (0 or 1 but on stacks);
    ``scalars`` are the player to move, the ply, the four counters, the men borne off and on the
    bar of each player, and up to four dice left. A face-down piece is of the kind that hides it:
    nothing hidden from ``player`` is in either."""
    flat = observation_tensor(state, player)
    size = len(game.piece_kinds) * len(game.players) * game.num_cells
    planes = flat[:size].reshape(len(game.piece_kinds) * len(game.players), game.num_cells)
    return planes, flat[size:]
