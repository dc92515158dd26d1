"""Bots. ``choose_move(view, level, seed)`` sees only one seat's view and returns one of its legal moves.

Levels: ``random`` (any legal move), ``easy``, ``normal``, ``hard``. Each game's module
``pygames.ai.<game_id>`` provides ``choose_move(view, level, rng)`` for the other levels; a module
whose ``choose_move`` takes ``budget`` (search iterations for ``hard``) is given the caller's.
"""

import importlib

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
    if budget is not None and _takes(module.choose_move, "budget"):
        return module.choose_move(view, level, rng, budget=budget)
    return module.choose_move(view, level, rng)


def _takes(function, name):
    """Whether ``function`` has a parameter ``name`` (without importing inspect: it slows the page's load)."""
    code = function.__code__
    return name in code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]


from .hints import hint  # noqa: E402  (hints call choose_move above)
