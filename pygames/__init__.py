"""pygames: the rules engine of five card games, pure standard-library Python.

See the engine contract in docs/design.md: ``new_game``, ``from_json``, ``links``, ``ai``.
"""

from __future__ import annotations

import json
from typing import Any

from . import ai, links
from .engine import BadSave, Game, IllegalMove
from .games import GAME_IDS, game_class, registered
from .links import BadLink

__all__ = ["GAME_IDS", "new_game", "from_json", "registered", "IllegalMove", "BadLink", "BadSave",
           "Game", "links", "ai"]
__version__ = "0.1.0"


def new_game(game_id: str, seed: int | None = None, players: int | None = None,
             options: dict[str, Any] | None = None) -> Game:
    """A new match of ``game_id``; ValueError names what is allowed when players/options are not."""
    return game_class(game_id)(players=players, options=options, seed=seed)


def from_json(text: str) -> Game:
    """Restore a game saved with ``to_json()``; BadSave (a ValueError) says what is wrong."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as e:
        raise BadSave(f"the saved game is not valid JSON ({str(e)[:200]})") from None
    except RecursionError:
        raise BadSave("the saved game is nested too deeply to be a save") from None
    if not isinstance(data, dict):
        raise BadSave("the saved game is not a JSON object")
    missing = [k for k in ("game", "seed", "moves") if k not in data]
    if missing:
        raise BadSave(f"the saved game lacks {', '.join(missing)}")
    if not isinstance(data["moves"], list):
        raise BadSave("the saved game's moves are not a list")
    if len(data["moves"]) > links.MAX_MOVES:
        raise BadSave(f"the saved game has {len(data['moves'])} moves; a save holds at most {links.MAX_MOVES}")
    try:
        game = new_game(data["game"], seed=data["seed"], players=data.get("players"),
                        options=data.get("options"))
        game.replay(data["moves"])
    except ValueError as e:
        raise BadSave(f"the saved game cannot be restored: {e}") from None
    except RecursionError:
        raise BadSave("the saved game cannot be restored: a move is nested too deeply") from None
    return game
