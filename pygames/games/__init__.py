"""The registry of games: id -> the module with its rules (``GAME``, a :class:`pygames.engine.Game`
subclass) and the module with its bots (what :class:`Bots` names, see :mod:`pygames.ai`).

Registering is the one step that makes a game exist for everything generic: the engine's
``new_game``, links and saves, the bridge, the bots, hints, the arena, the tests' generic checks and
the site's build. The games this package ships register below; a test registers its own with the
same call (``tests/highcard.py``).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Callable, NamedTuple, Protocol, cast

from .. import text
from ..engine import Game, Message, Move, View

if TYPE_CHECKING:
    from ..cards import Rng

GAME_IDS = ("spades", "spite_malice", "skarney_gin", "leopard", "spooneye")   # the games the package ships


class Bots(Protocol):
    """What a game's bots module provides, every one of them (checked when it is first imported)."""

    HINT_BUDGET: int | None
    """The search iterations of a hint, where the hard bot's own budget would keep the person
    waiting; None: the hard bot's own."""

    def choose_move(self, view: View, level: str, rng: Rng, budget: int | None = None) -> Move:
        """The move of the bot of ``level`` (above random) from one seat's view; ``budget`` bounds a
        searching bot's work (None: the game's own), see :mod:`pygames.ai.play`."""
        ...

    def hint_reason(self, view: View, move: Move, after: Callable[[], View]) -> Message | None:
        """Why ``move`` is good for the view's seat (a message), or None where no heuristic says;
        ``after()`` is the seat's view once it is played, see :mod:`pygames.ai.hints`."""
        ...


BOTS_MEMBERS = ("HINT_BUDGET", "choose_move", "hint_reason")      # the names of Bots


class Entry(NamedTuple):
    rules: str      # module path defining GAME
    bots: str       # module path providing Bots


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


def bots_module(game_id: str) -> Bots:
    """The module of a game's bots; TypeError when it lacks a name of :class:`Bots`."""
    module = _module(game_id, "bots")
    missing = [name for name in BOTS_MEMBERS if not hasattr(module, name)]
    if missing:
        raise TypeError(f"{module.__name__}, the bots of {game_id!r}, lacks {', '.join(missing)} "
                        "(a bots module provides pygames.games.Bots)")
    return cast(Bots, module)


_CATALOGUE: dict[str, str] = {}


def english_catalogue() -> dict[str, str]:
    """Every English template: the engine's own (``Game.TEXTS``), the remote table's
    (``pygames.remote.texts``) and each registered game's."""
    if not _CATALOGUE:
        from ..remote.texts import TEXTS as REMOTE_TEXTS
        _CATALOGUE.update(Game.TEXTS)
        _CATALOGUE.update(REMOTE_TEXTS)
        for game_id in _REGISTRY:
            _CATALOGUE.update(game_class(game_id).TEXTS)
    return _CATALOGUE


text.use_catalogue(english_catalogue)
for _id in GAME_IDS:
    register(_id, f"{__name__}.{_id}", f"pygames.ai.{_id}")
