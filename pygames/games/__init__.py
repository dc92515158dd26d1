"""The registry of games: id -> class. A game is available once its module defines ``GAME``."""

import importlib

GAME_IDS = ("spades", "spite_malice", "skarney_gin", "leopard", "spooneye")


def game_class(game_id):
    """The Game subclass for an id; ValueError for an unknown or not yet playable game."""
    if game_id not in GAME_IDS:
        raise ValueError(f"unknown game {game_id!r} (games: {', '.join(GAME_IDS)})")
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError:
        module = None
    cls = getattr(module, "GAME", None)
    if cls is None:
        raise ValueError(f"{game_id!r} is not playable yet (playable: {', '.join(available())})")
    return cls


def available():
    """Ids of the games that can be played now, in GAME_IDS order."""
    found = []
    for game_id in GAME_IDS:
        try:
            module = importlib.import_module(f"{__name__}.{game_id}")
        except ModuleNotFoundError:
            continue
        if getattr(module, "GAME", None) is not None:
            found.append(game_id)
    return tuple(found)
