"""The registry of games: id -> the module with its rules (``GAME``, a :class:`pygames.engine.Game`
subclass) and the module with its bots (``choose_move``, ``hint_reason``, see :mod:`pygames.ai`).

Registering is the one step that makes a game exist for everything generic: the engine's
``new_game``, links and saves, the bridge, the bots, hints, the arena, the tests' generic checks and
the site's build. The games this package ships register below; a test registers its own with the
same call (``tests/highcard.py``).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import NamedTuple

from .. import text
from ..engine import Game

GAME_IDS = ("spades", "spite_malice", "skarney_gin", "leopard", "spooneye")   # the games the package ships


class Entry(NamedTuple):
    rules: str      # module path defining GAME
    bots: str       # module path defining choose_move (and optionally hint_reason, HINT_BUDGET)


_REGISTRY: dict[str, Entry] = {}


def register(game_id: str, rules: str, bots: str) -> None:
    """Make ``game_id`` playable: its rules in module ``rules``, its bots in module ``bots``."""
    if not game_id.isidentifier() or not game_id.islower():
        raise ValueError(f"a game id is a lower-case identifier, not {game_id!r}")
    _REGISTRY[game_id] = Entry(rules, bots)
    _CATALOGUE.clear()


def unregister(game_id: str) -> None:
    """Forget a game registered with :func:`register` (tests clean up with it)."""
    _REGISTRY.pop(game_id, None)
    _CATALOGUE.clear()


def registered() -> tuple[str, ...]:
    """Every registered game id, in registration order (the shipped games first)."""
    return tuple(_REGISTRY)


def _module(game_id: str, which: str) -> ModuleType:
    """The rules or bots module of a registered game. A module that fails to import raises its own
    error with its traceback: a registered game is always playable, never quietly left out."""
    entry = _REGISTRY.get(game_id)
    if entry is None:
        raise ValueError(f"unknown game {str(game_id)[:40]!r} (games: {', '.join(_REGISTRY)})")
    return importlib.import_module(getattr(entry, which))


def game_class(game_id: str) -> type[Game]:
    """The Game subclass for an id (ValueError for an unknown one)."""
    cls: type[Game] = _module(game_id, "rules").GAME
    return cls


def bots_module(game_id: str) -> ModuleType:
    """The module of a game's bots (``choose_move``; optionally ``hint_reason`` and ``HINT_BUDGET``)."""
    return _module(game_id, "bots")


_CATALOGUE: dict[str, str] = {}


def english_catalogue() -> dict[str, str]:
    """Every English template: the engine's own (``Game.TEXTS``) and each registered game's."""
    if not _CATALOGUE:
        _CATALOGUE.update(Game.TEXTS)
        for game_id in _REGISTRY:
            _CATALOGUE.update(game_class(game_id).TEXTS)
    return _CATALOGUE


text.use_catalogue(english_catalogue)
for _id in GAME_IDS:
    register(_id, f"{__name__}.{_id}", f"pygames.ai.{_id}")
