"""Hints: what the hard bot would play from the person's own view, with a one-line reason.

``hint(view, seed)`` asks the hard bot and explains the move where the game's bots can: a reason is a
message ``{key, ...params}`` (words in each game's web/lang/*/<game>.json) or None. Everything here reads only the
view, so a hint can never tell the person a card they cannot see: two states that differ only in
hidden cards give the same hint for the same seed.

A game's bots module (see :func:`pygames.games.bots_module`) explains its moves with
``hint_reason(view, move, after)``, where ``after()`` gives the seat's view once the move is played
(on a state rebuilt from the view alone), and may set ``HINT_BUDGET``: the search iterations of a hint
where the hard bot's own budget would keep the person waiting. A game without ``hint_reason`` gets
hints without reasons.
"""

from __future__ import annotations

from typing import Any

from ..cards import Rng
from ..games import bots_module, game_class
from .play import choose_move


def hint(view: dict[str, Any], seed: int = 0, budget: int | None = None) -> dict[str, Any]:
    """``{"move", "reason"}``: the hard bot's move for the view's seat, and why (or None)."""
    bots = bots_module(view["game"])
    move = choose_move(view, "hard", seed=seed, budget=budget or getattr(bots, "HINT_BUDGET", None))
    return {"move": move, "reason": reason(view, move, seed)}


def reason(view: dict[str, Any], move: dict[str, Any], seed: int = 0) -> dict[str, Any] | None:
    """Why ``move`` is good for the view's seat, as a message, or None when no heuristic says."""
    explain = getattr(bots_module(view["game"]), "hint_reason", None)
    if explain is None:
        return None
    cache: list[dict[str, Any]] = []

    def after() -> dict[str, Any]:
        if not cache:
            state = game_class(view["game"]).determinize(view, Rng(seed))
            state.play(move)
            cache.append(state.view(view["seat"]))
        return cache[0]

    return explain(view, move, after)
