"""The thin JSON API the web worker calls: ``call(method, args_json) -> result_json``.

It holds the one game of the page and the seat of the person at the table; everything it returns is
that seat's view (plus what the page needs: the share link, which is also the page's save, and
whether undo is possible). Nothing in an answer grows with the whole match's move record but the
link's one or two characters a move.
Errors come back as ``{"ok": false, "error": "..."}`` with a readable message, never an exception.
"""

import json

from . import __version__, ai, from_json, links, new_game
from .engine import IllegalMove
from .games import GAME_IDS, available, game_class
from .text import english_catalogue

_session = {"game": None, "seat": 0}


def _game():
    game = _session["game"]
    if game is None:
        raise ValueError("no game is open")
    return game


def _state(game=None):
    game = game or _game()
    seat = _session["seat"]
    return {
        "view": game.view(seat),
        "seat": seat,
        "link": links.encode(game),
        "can_undo": _undo_point(game) is not None,
    }


def _undo_point(game):
    """How many moves to keep so the person is back at their last decision (None: nothing to undo)."""
    seat = _session["seat"]
    for i in range(len(game.movers) - 1, -1, -1):
        if game.movers[i] == seat:
            return i
    return None


def _seat(args, game):
    """The person's seat from the arguments (default 0), checked before the session changes."""
    seat = args.get("seat", 0)
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(game.players):
        raise ValueError(f"seat must be 0..{game.players - 1}, not {str(seat)[:20]}")
    return seat


def _rebuild(game, keep):
    fresh = type(game)(players=game.players, options=game.options, seed=game.seed)
    for index, _ in game.move_choices[:keep]:
        fresh.play_index(index)
    return fresh


def info(_args):
    games = []
    for game_id in GAME_IDS:
        entry = {"id": game_id, "available": game_id in available()}
        if entry["available"]:
            cls = game_class(game_id)
            entry.update(title=cls.TITLE, players=list(cls.PLAYERS), default_players=cls.DEFAULT_PLAYERS,
                         options={k: list(v) for k, v in cls.OPTIONS.items()},
                         default_options=cls.default_options())
        games.append(entry)
    return {"version": __version__, "link_version": links.VERSION, "games": games,
            "levels": list(ai.LEVELS), "text": english_catalogue()}


def new(args):
    game = new_game(args["game"], seed=args.get("seed"), players=args.get("players"),
                    options=args.get("options"))
    _session.update(game=game, seat=_seat(args, game))
    return _state()


def state(_args):
    return _state()


def view(args):
    """Any seat's view (the page asks for the bots' seats when it runs them)."""
    return _game().view(args.get("seat"))


def play(args):
    game = _game()
    game.play(args["move"])
    return _state()


def bot(args):
    """Let the bot of the seat to act choose and play one move; ``budget`` bounds a searching
    bot's work (iterations, so the same seed gives the same move everywhere)."""
    game = _game()
    seat = game.current_player
    if seat is None:
        raise ValueError("the match is over")
    budget = args.get("budget")
    if budget is not None and (type(budget) is not int or not 1 <= budget <= 100_000):
        raise ValueError(f"budget must be a whole number from 1 to 100000, not {budget!r}")
    move = ai.choose_move(game.view(seat), level=args.get("level", "normal"),
                          seed=args.get("seed", game.seed * 1009 + game.move_count), budget=budget)
    game.play(move)
    return {"move": move, "seat": seat, "state": _state()}


def undo(_args):
    game = _game()
    keep = _undo_point(game)
    if keep is None:
        raise ValueError("there is nothing to undo")
    _session["game"] = _rebuild(game, keep)
    return _state()


def open_link(args):
    game = links.decode(args["fragment"])
    _session.update(game=game, seat=_seat(args, game))
    return _state()


def load(args):
    """Restore the page's save: a share link (what the page keeps) or a ``to_json()`` save."""
    save = args["save"]
    if not isinstance(save, str):
        raise ValueError("the save is not text")
    game = from_json(save) if save.lstrip().startswith("{") else links.decode(save)
    _session.update(game=game, seat=_seat(args, game))
    return _state()


def query(args):
    """A game's own helper for the front end (e.g. 'does this selection form a meld?')."""
    cls = game_class(args["game"])
    fn = getattr(cls, "QUERIES", {}).get(args["name"])
    if fn is None:
        raise ValueError(f"{cls.TITLE} has no query {args['name']!r}")
    return fn(*args.get("args", []))


METHODS = {f.__name__: f for f in (info, new, state, view, play, bot, undo, open_link, load, query)}


def _not_json(constant):
    raise ValueError(f"the arguments hold {constant}, which JSON cannot")


def _finite(text):
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"the arguments hold a number too large for a float ({text[:20]})")
    return value


def _arguments(args_json):
    """The call's arguments: a JSON object, strictly (no NaN or Infinity, bounded nesting)."""
    try:
        args = json.loads(args_json or "{}", parse_constant=_not_json, parse_float=_finite)
    except RecursionError:
        raise ValueError("the arguments are nested too deeply") from None
    if not isinstance(args, dict):
        raise ValueError("the arguments must be a JSON object")
    return args


def call(method, args_json="{}"):
    fn = METHODS.get(method) if isinstance(method, str) else None
    if fn is None:
        return json.dumps({"ok": False, "error": f"unknown method {str(method)[:40]!r}"})
    try:
        return json.dumps({"ok": True, "result": fn(_arguments(args_json))}, allow_nan=False)
    except IllegalMove as e:
        return _error(str(e), "IllegalMove", message=e.message)
    except (ValueError, KeyError, TypeError) as e:
        message = str(e) if not isinstance(e, KeyError) else f"missing argument {e}"
        return _error(message, type(e).__name__)
    except RecursionError:
        return _error("the arguments are nested too deeply", "ValueError")
    except Exception as e:  # a bug: still an answer the page can show, never an escaped exception
        return _error(f"internal error ({type(e).__name__}: {str(e)[:200]})", "InternalError")


def _error(text, kind, **extra):
    try:
        return json.dumps({"ok": False, "error": text[:500], "kind": kind, **extra}, allow_nan=False)
    except (TypeError, ValueError, RecursionError):  # a message parameter JSON cannot hold
        return json.dumps({"ok": False, "error": text[:500], "kind": kind})


__all__ = ["call", "METHODS"]
