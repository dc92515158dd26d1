"""The one entry to every bot: ``choose_move(view, level, seed, budget)`` sees only one seat's view and
returns one of its legal moves.

Levels: ``random`` (any legal move), ``easy``, ``normal``, ``hard``. Each game's bots module (see
:func:`pygames.games.bots_module`) provides ``choose_move(view, level, rng, budget)`` for the levels
above random, with one signature for every game: ``budget`` bounds a searching bot's work (search
iterations for ``hard``, so a seed gives the same move everywhere), None for the game's own.
"""

from __future__ import annotations

from typing import Any

from ..cards import Rng
from ..games import bots_module

LEVELS = ("random", "easy", "normal", "hard")


def choose_move(view: dict[str, Any], level: str = "normal", seed: int | None = None,
                budget: int | None = None) -> dict[str, Any]:
    legal = view.get("legal_moves") or []
    if not legal:
        raise ValueError("this view has no legal move to choose (not this seat's turn, or the match is over)")
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {str(level)[:20]!r} (levels: {', '.join(LEVELS)})")
    rng = Rng(0 if seed is None else seed)
    if level == "random" or len(legal) == 1:
        return legal[rng.below(len(legal))]
    return bots_module(view["game"]).choose_move(view, level, rng, budget)
