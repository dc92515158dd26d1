"""Hints: what the hard bot would play from the person's own view, with a one-line reason.

``hint(view, seed)`` asks the hard bot and explains the move where the game's bots can: a reason is a
message ``{key, ...params}`` (words in each game's web/lang/*/<game>.json) or None. Everything here reads only the
view, so a hint can never tell the person a card they cannot see: two states that differ only in
hidden cards give the same hint for the same seed.

A game's bots module (:class:`pygames.games.Bots`) explains its moves with
``hint_reason(view, move, after)``, where ``after()`` gives the seat's view once the move is played
(on a state rebuilt from the view alone), and sets ``HINT_BUDGET``: the search iterations of a hint
where the hard bot's own budget would keep the person waiting (None: the hard bot's own).

``why(before, move, asker)`` gives the same reasons for a move a bot has made (the recent-moves line's
"why?"): worked out from the bot's own view before its move, worded as a purpose ("to win the trick")
under ``why.<game>.*``, and said to another seat only about the move itself - never about a card that
seat may not see.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..cards import HIDDEN, Rng
from ..games import bots_module, game_class
from .play import choose_move

if TYPE_CHECKING:
    from ..engine import Game

CARD = re.compile(r"^[2-9TJQKA][SHDC]$")


def hint(view: dict[str, Any], seed: int = 0, budget: int | None = None) -> dict[str, Any]:
    """``{"move", "reason"}``: the hard bot's move for the view's seat, and why (or None)."""
    bots = bots_module(view["game"])
    move = choose_move(view, "hard", seed=seed, budget=budget or bots.HINT_BUDGET)
    return {"move": move, "reason": reason(view, move, seed)}


def reason(view: dict[str, Any], move: dict[str, Any], seed: int = 0) -> dict[str, Any] | None:
    """Why ``move`` is good for the view's seat, as a message, or None when no heuristic says."""
    explain = bots_module(view["game"]).hint_reason
    cache: list[dict[str, Any]] = []

    def after() -> dict[str, Any]:
        if not cache:
            state = game_class(view["game"]).determinize(view, Rng(seed))
            state.play(move)
            cache.append(state.view(view["seat"]))
        return cache[0]

    return explain(view, move, after)


def _cards_named(value: Any, out: set[str]) -> set[str]:
    """Every card code in a (nested) message or move."""
    if isinstance(value, str) and CARD.match(value):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _cards_named(v, out)
    elif isinstance(value, list):
        for v in value:
            _cards_named(v, out)
    return out


def why(before: Game, move: dict[str, Any], asker: int, seed: int = 0) -> dict[str, Any] | None:
    """Why the seat to act in ``before`` chose ``move``, told to ``asker``: the game's hint reason,
    worked out from the mover's own view before the move, as ``{"key": "why.<game>.<x>", ...}`` (a
    purpose: "to win the trick"), or None when no heuristic says. The mover's view may hold cards the
    asker cannot see, so what is said is kept to the move as the asker sees it: a move with a card
    hidden from the asker (a face-down placement) gets ``why.hidden`` and nothing about its card, and
    a reason that would name a card the asker cannot see is not given."""
    mover = before.current_player
    if mover is None:
        raise ValueError("the game is over: no move to explain")
    public = before._public_move(move, asker, mover)
    if _cards_named(move, set()) - _cards_named(public, set()) or HIDDEN in str(public):
        return {"key": "why.hidden"}
    said = reason(before.view(mover), move, seed)
    if said is None or not said["key"].startswith("hint."):
        return None
    seen = _cards_named(before.view(asker)["zones"], set()) | _cards_named(public, set())
    if _cards_named(said, set()) - seen:
        return None
    return {**said, "key": "why." + said["key"][len("hint."):]}
