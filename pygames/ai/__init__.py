"""Bots. ``choose_move(view, level, seed)`` sees only one seat's view and returns one of its legal moves.

Levels: ``random`` (any legal move), ``easy``, ``normal``, ``hard``. Each game's module
``pygames.ai.<game_id>`` provides ``choose_move(view, level, rng)`` for the other levels; a module
whose ``choose_move`` takes ``budget`` (search iterations for ``hard``) is given the caller's.
"""

import importlib
import inspect

from ..cards import Rng

LEVELS = ("random", "easy", "normal", "hard")


def choose_move(view, level="normal", seed=None, budget=None):
    legal = view.get("legal_moves") or []
    if not legal:
        raise ValueError("this view has no legal move to choose (not this seat's turn, or the match is over)")
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    rng = Rng(0 if seed is None else seed)
    if level == "random" or len(legal) == 1:
        return legal[rng.below(len(legal))]
    module = importlib.import_module(f"{__name__}.{view['game']}")
    if budget is not None and "budget" in inspect.signature(module.choose_move).parameters:
        return module.choose_move(view, level, rng, budget=budget)
    return module.choose_move(view, level, rng)
