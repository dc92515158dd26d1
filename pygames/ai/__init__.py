"""Bots: ``choose_move(view, level, seed, budget)`` (:mod:`pygames.ai.play`) and ``hint(view, seed)``
(:mod:`pygames.ai.hints`). Each game's own heuristics live in its bots module; the shared search is
:mod:`pygames.ai.ismcts`."""

from .hints import hint, why
from .play import LEVELS, choose_move

__all__ = ["LEVELS", "choose_move", "hint", "why"]
