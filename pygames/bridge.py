"""The thin JSON API the web worker calls: ``call(method, args_json) -> result_json``.

It holds the one game of the page and the seat of the person at the table; everything it returns is
that seat's view (plus what the page needs: the share link, which is also the page's save, and
whether undo is possible). Nothing in an answer grows with the whole match's move record but the
link's one or two characters a move.
Errors come back as ``{"ok": false, "error": "..."}`` with a readable message, never an exception.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from . import __version__, ai, from_json, links, new_game
from .engine import Game, IllegalMove, bot_seed
from .games import english_catalogue, game_class, registered

Args = dict[str, Any]      # a call's arguments (a JSON object)

_session: dict[str, Any] = {"game": None, "seat": 0, "people": None}  # people: pass-and-play seats


def _game() -> Game:
    game = _session["game"]
    if game is None:
        raise ValueError("no game is open")
    return game


def _state(game: Game | None = None) -> dict[str, Any]:
    game = game or _game()
    seat = _session["seat"]
    return {
        "view": game.view(seat),
        "seat": seat,
        # the save: a position link; it names the person's seat (w) when not 0, except in pass-and-play
        "link": links.encode(game, seat=0 if _session.get("people") else seat),
        "can_undo": _undo_point(game) is not None,
        "can_restart": not game.is_over and game.move_count > game.deal_start,
        # how the match (and its first deal) went for the person's side: statistics, the daily deal
        "result": game.match_result(min(_session["people"] or (seat,))),
    }


def _undo_point(game: Game) -> int | None:
    """How many moves to keep so the person (any person, in pass-and-play) is back at their last
    decision (None: nothing to undo)."""
    people = _session["people"] or (_session["seat"],)
    for i in range(len(game.movers) - 1, -1, -1):
        if game.movers[i] in people:
            return i
    return None


def _seat(args: Args, game: Game) -> int:
    """The person's seat from the arguments (default 0), checked before the session changes."""
    seat = args.get("seat", 0)
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(game.players):
        raise ValueError(f"seat must be 0..{game.players - 1}, not {str(seat)[:20]}")
    return seat


def _rebuild(game: Game, keep: int) -> Game:
    fresh = type(game)(players=game.players, options=game.options, seed=game.seed)
    for index, _ in game.move_choices[:keep]:
        fresh.play_index(index)
    return fresh


def info(_args: Args) -> Any:
    games = []
    for game_id in registered():
        cls = game_class(game_id)
        games.append({"id": game_id, "title": cls.TITLE, "players": list(cls.PLAYERS),
                      "default_players": cls.DEFAULT_PLAYERS,
                      "options": {k: list(v) for k, v in cls.OPTIONS.items()},
                      "default_options": cls.default_options(),
                      "sides": {str(p): [list(side) for side in cls.sides(p)] for p in cls.PLAYERS}})  # partners
    return {"version": __version__, "link_version": links.VERSION, "games": games,
            "levels": list(ai.LEVELS), "text": english_catalogue()}


def new(args: Args) -> Any:
    game = new_game(args["game"], seed=args.get("seed"), players=args.get("players"),
                    options=args.get("options"))
    _session.update(game=game, seat=_seat(args, game), people=None)
    return _state()


def state(_args: Args) -> Any:
    return _state()


def view(args: Args) -> Any:
    """Any seat's view (the page asks for the bots' seats when it runs them)."""
    return _game().view(args.get("seat"))


def play(args: Args) -> Any:
    game = _game()
    game.play(args["move"])
    return _state()


def bot(args: Args) -> Any:
    """Let the bot of the seat to act choose and play one move; ``budget`` bounds a searching
    bot's work (iterations, so the same seed gives the same move everywhere; the page leaves it to
    each game, which plays the budget the arena and the bench measure)."""
    game = _game()
    seat = game.current_player
    if seat is None:
        raise ValueError("the match is over")
    budget = args.get("budget")
    if budget is not None and (type(budget) is not int or not 1 <= budget <= 100_000):
        raise ValueError(f"budget must be a whole number from 1 to 100000, not {budget!r}")
    move = ai.choose_move(game.view(seat), level=args.get("level", "normal"),
                          seed=args.get("seed", bot_seed(game)), budget=budget)
    game.play(move)
    return {"move": move, "seat": seat, "state": _state()}


def hint(args: Args) -> Any:
    """What the hard bot would play for the person, from the person's own view (``ai.hint``: the
    move and a reason message, or None): a hint never uses a card the person cannot see."""
    game = _game()
    seat = _session["seat"]
    if game.is_over or game.current_player != seat:
        raise ValueError("a hint is given only when it is your turn")
    budget = args.get("budget")
    if budget is not None and (type(budget) is not int or not 1 <= budget <= 100_000):
        raise ValueError(f"budget must be a whole number from 1 to 100000, not {str(budget)[:20]}")
    view = game.view(seat)
    # the search's seed comes from the view alone: the same position seen the same way, the same hint
    seed = zlib.crc32(json.dumps(view, sort_keys=True).encode())
    return ai.hint(view, seed=seed, budget=budget)


def why(args: Args) -> Any:
    """Why a bot made move number ``index`` of the game (``ai.why``: its heuristics' reason from its
    own view before the move, said to the person only about the move itself and what is public):
    ``{"index", "seat", "reason"}``, the reason a message or None."""
    game = _game()
    index = args.get("index")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < game.move_count:
        raise ValueError(f"index must be a move of the game, 0..{game.move_count - 1}, not {str(index)[:20]}")
    mover = game.movers[index]
    if mover in (_session["people"] or (_session["seat"],)):
        raise ValueError("why? is asked only of a bot's move")
    before = _rebuild(game, index)
    seed = zlib.crc32(json.dumps(before.view(mover), sort_keys=True).encode())
    return {"index": index, "seat": mover, "reason": ai.why(before, game.history[index], _session["seat"], seed=seed)}


def undo(args: Args) -> Any:
    game = _game()
    if "people" in args:
        _session["people"] = _people(args, game)
    keep = _undo_point(game)
    if keep is None:
        raise ValueError("there is nothing to undo")
    _session["game"] = fresh = _rebuild(game, keep)
    if _session["people"] and fresh.current_player in _session["people"]:
        _session["seat"] = fresh.current_player      # pass-and-play: that person's view again
    return _state()


def _people(args: Args, game: Game) -> tuple[int, ...]:
    """The seats people play, from the arguments' ``people`` (pass-and-play); the person's seat is
    always one of them, seats beyond this game's players are left out."""
    people = args.get("people") or []
    if not isinstance(people, list) or any(isinstance(s, bool) or not isinstance(s, int) for s in people):
        raise ValueError("people must be a list of seat numbers")
    return tuple(sorted({s for s in people if s in range(game.players)} | {_session["seat"]}))


def seat(args: Args) -> Any:
    """Pass-and-play: show the table to another person (``seat``; ``people``: the seats people play)."""
    game = _game()
    _session["seat"] = _seat(args, game)
    _session["people"] = _people(args, game)
    return _state()


def open_link(args: Args) -> Any:
    share = links.decode_share(args["fragment"])      # the recipient sits in the sharer's seat (w)
    game = share.game
    _session.update(game=game, seat=_seat({"seat": share.seat, **args}, game), people=None)
    return _state()


def load(args: Args) -> Any:
    """Restore the page's save: a share link (what the page keeps) or a ``to_json()`` save."""
    save = args["save"]
    if not isinstance(save, str):
        raise ValueError("the save is not text")
    if save.lstrip().startswith("{"):
        game, seat = from_json(save), 0
    else:
        share = links.decode_share(save)
        game, seat = share.game, share.seat
    _session.update(game=game, seat=_seat({"seat": seat, **args}, game), people=None)
    return _state()


def query(args: Args) -> Any:
    """A game's own helper for the front end (e.g. 'does this selection form a meld?')."""
    cls = game_class(args["game"])
    fn = cls.QUERIES.get(args["name"])
    if fn is None:
        raise ValueError(f"{cls.TITLE} has no query {args['name']!r}")
    return fn(*args.get("args", []))


# ---- sharing: links of each kind, the replay viewer, restart this deal -----------------------------
def share_links(_args: Args) -> Any:
    """The open game's links: a challenge (the deal from the start), its position, a replay as the
    person's seat saw it, and a replay with all hands shown."""
    game, seat = _game(), _session["seat"]
    challenge = links.encode(game, moves=False, seat=seat)
    return {"challenge": challenge,
            "position": links.encode(game, seat=seat),
            "replay": links.encode(game, seat=seat, replay=True),
            "replay_all": links.encode(game, seat=seat, replay=True, reveal=True),
            "seed": game.seed, "link_version": links.version_of(challenge)}   # the format the challenge is in


def restart_deal(_args: Args) -> Any:
    """Back to the start of the current deal (the same cards); earlier deals' moves are kept."""
    game = _game()
    if game.is_over:
        raise ValueError("the match is over: start a new game")
    if game.move_count == game.deal_start:
        raise ValueError("this deal has not started yet: there is nothing to restart")
    _session["game"] = _rebuild(game, game.deal_start)
    return _state()


_REPLAY_EVERY = 32      # the viewer keeps a copy of the game every this many moves, to step back fast


def _replay(link: str) -> dict[str, Any]:
    """The replay of ``link`` (cached for the viewer's next step): its moves, where each deal
    starts, whether the match is over, and copies of the game along the way."""
    cached = _session.get("replay")
    if cached and cached["link"] == link:
        return cached
    share = links.decode_share(link)
    final = share.game
    game = type(final)(players=final.players, options=final.options, seed=final.seed)
    checkpoints, deal_starts, deal_of_step = {0: game.clone(history=True)}, [0], [game.deal_number]
    for step, (index, _) in enumerate(final.move_choices, 1):
        game.play_index(index)
        if game.deal_number != deal_of_step[-1]:
            deal_starts.append(step)
        deal_of_step.append(game.deal_number)
        if step % _REPLAY_EVERY == 0:
            checkpoints[step] = game.clone(history=True)
    cached = {"link": link, "share": share, "choices": final.move_choices, "deal_starts": deal_starts,
              "deal_of_step": deal_of_step, "checkpoints": checkpoints, "over": final.is_over,
              "last_deal": final.deal_number}
    _session["replay"] = cached
    return cached


def replay_view(args: Args) -> Any:
    """One step of a replay: ``{link, step, reveal}`` -> the sharer's seat's view after ``step`` moves
    (the table draws it), and with ``reveal`` every hidden card, which is refused unless the link
    shows all hands (h=1) or the deal on show is over."""
    link, step, reveal = args["link"], args.get("step", 0), args.get("reveal", False)
    if not isinstance(link, str):
        raise ValueError("the link must be text")
    if type(reveal) is not bool:
        raise ValueError(f"reveal must be true or false, not {str(reveal)[:20]}")
    r = _replay(link)
    steps = len(r["choices"])
    if type(step) is not int or not 0 <= step <= steps:
        raise ValueError(f"step must be a whole number from 0 to {steps}, not {str(step)[:20]}")
    deal = r["deal_of_step"][step]
    deal_over = r["over"] or deal < r["last_deal"]
    if reveal and not (r["share"].reveal or deal_over):
        raise ValueError("all hands are shown only when the link's sharer chose so, or once the deal is over")
    base = max(k for k in r["checkpoints"] if k <= step)
    game = r["checkpoints"][base].clone(history=True)
    for index, _ in r["choices"][base:step]:
        game.play_index(index)
    seat = r["share"].seat
    shown = game.view(seat)
    hands = {}
    if reveal:   # each seat's own zones (hand#, ...) the viewed seat could not see, unmasked
        full = game.view(seat, reveal=True)["zones"]
        hands = {zone: cards for zone, cards in full.items() if cards != shown["zones"][zone]
                 and game.zone_owner(zone) is not None}
    return {"view": shown, "hands": hands, "reveal": reveal, "seat": seat, "step": step, "steps": steps,
            "deal": deal, "deal_starts": r["deal_starts"], "deal_over": deal_over, "over": r["over"],
            "shows_all": r["share"].reveal, "seed": game.seed, "link_version": links.VERSION}


# ---- remote tables: play friends from afar by messages (pygames/remote) --------------------------------
# Every remote call is stateless: it takes the table's ``state`` (the text an earlier call returned; the
# page keeps it in localStorage under the table's id) and returns ``{"table": id, "state": new text,
# "status": ...}``. ``status``: ``table``, ``game``, ``players``, ``options``, ``names`` (plain text:
# show it as text), ``seat`` (mine), ``host``, ``started``, ``over``, ``turn``, ``can_move``,
# ``waiting`` ([{"seat", "name", "for"}], "for" one of join, confirm, start, move, shuffle, cards,
# reveal), ``fingerprint`` (this player's key as four words, to read to the host), ``joins`` (before the
# start: every join the host has, [{"seat", "name", "digest", "words", "confirmed"}]), ``private``
# (the host makes a seat's own invitation for each seat),
# ``verified_deals``, ``stopped`` (None, or {"seat": the player named or None, "text"} once a cheat
# was caught or the table cannot go on), ``held`` (messages waiting for an earlier one), ``messages``,
# ``view`` (this seat's ``Game.view(seat)``, cards it may see but has not opened yet as "??", legal
# moves only when it can move; None until the game begins) and ``outbox`` ([{"seq", "link", "chars",
# "part", "parts"}]: this player's messages not yet marked posted, a shuffle that travels as several
# numbered; ``link`` is a fragment, ``r.`` + base64url: the page puts it after ``index.html#``). The
# remote package is imported on first use (the page boots without it).

def remote_link(args):
    """``{link}`` (a whole URL or its fragment) -> what it is, with no state: ``{kind: "invitation",
    table, game, players, options, names, host, seat}`` (``seat``: the seat a seat's own invitation is
    for, else None) or ``{kind: "message", table, seat}``. The page finds the table's state by ``table``
    (none for an invitation it has not joined: offer the free seats, or the invitation's own seat)."""
    from .remote import api
    return api.link_info(args["link"])


def remote_create(args):
    """``{game, players, options, names (one per seat), seat (mine)}`` -> a new table hosted from that
    seat; its invitation is the first message in ``status.outbox`` (post it for the others)."""
    from .remote import api
    return api.create(args["game"], args.get("players"), args.get("options"), args["names"], args["seat"])


def remote_join(args):
    """``{link (the invitation), seat}`` -> this page's new state at that seat; the join message to post
    is in ``status.outbox``."""
    from .remote import api
    return api.join(args["link"], args["seat"])


def remote_open(args):
    """``{state, link}`` -> the message applied to this table (and any that waited for it), plus
    ``outcome`` ("applied", "already", "held" (waits for an earlier message), "other" (another
    table's), "refused" (forged or damaged: nothing changed), "cheat" (the table stopped, naming
    someone)), ``text`` (an English sentence), and ``new``: links this page wrote in reply (also in
    the outbox). ``carried: true`` (a live table whose every seat this page reaches): this page's
    messages are marked posted, and ``carry`` lists the links to send on the channels."""
    from .remote import api
    return api.open_link(args["state"], args["link"], args.get("carried", False))


def remote_play(args):
    """``{state, move, carried}`` -> my move made (IllegalMove when it is not legal or not my turn); when
    my turn is over the message to post is in ``new`` and the outbox (``carried`` as for remote_open)."""
    from .remote import api
    return api.play(args["state"], args["move"], args.get("carried", False))


def remote_state(args):
    """``{state}`` -> the status, for drawing a stored table."""
    from .remote import api
    return api.state(args["state"])


def remote_confirm(args):
    """``{state, seat, digest}`` (the host) -> that seat's join confirmed (``status.joins`` lists them
    with their words); once every seat is, the table starts and its first messages are in ``new``."""
    from .remote import api
    return api.confirm(args["state"], args["seat"], args.get("digest"))


def remote_seat_links(args):
    """``{state}`` (the host, before the start) -> ``links``: one invitation a seat, each carrying that
    seat's secret, to send to each friend alone; from then on only joins made from them are taken."""
    from .remote import api
    return api.seat_links(args["state"])


def remote_posted(args):
    """``{state, seq}`` -> my messages numbered below ``seq`` marked posted (they leave the outbox)."""
    from .remote import api
    return api.posted(args["state"], args["seq"])


# A live table (web/features/live.js) connects the players' pages directly; what it says beside the game's
# messages (an offer to connect, its answer, a chat line) travels as signed *signals* (pygames/remote/
# signals.py) that never enter the table's log.

def remote_signal_make(args):
    """``{state, kind ("offer", "answer", "chat"), session (16 hex digits), entries ([{seat, text}];
    a chat line: [{text}])}`` -> ``{signal}``: a link fragment ``s.`` + base64url, signed by my seat."""
    from .remote import api
    return api.signal_make(args["state"], args["kind"], args["session"], args["entries"])


def remote_signal_open(args):
    """``{state, signal}`` -> ``{signal: {seat, name, kind, session, text}}`` once its signature is
    checked (``text``: what it says to my seat, or None); BadSignal for another table's or a forgery."""
    from .remote import api
    return api.signal_open(args["state"], args["signal"])


def remote_attach(args):
    """``{state, seq, signal}`` -> my message ``seq`` carries ``signal`` after ``~`` in its outbox link
    (the invitation its offers, a join its answer)."""
    from .remote import api
    return api.attach(args["state"], args["seq"], args["signal"])


def remote_missing(args):
    """``{state, counts}`` (another page's ``status.counts``: the messages it applied per seat) ->
    ``{links}``: the messages of my log and what I hold that it lacks, in order."""
    from .remote import api
    return api.missing(args["state"], args["counts"])


def remote_bench(args):
    """``{cards}`` (1..208) -> ``{"make_ms", "check_ms"}``: one shuffle of that many cards made with its
    proof, and checked, timed here (the bench calls it in the page)."""
    from .remote.deck import shuffle_step_seconds
    cards = args["cards"]
    if type(cards) is not int or not 1 <= cards <= 208:
        raise ValueError("cards must be a whole number from 1 to 208")
    make, check = shuffle_step_seconds(cards)
    return {"cards": cards, "make_ms": round(make * 1000, 1), "check_ms": round(check * 1000, 1)}


METHODS = {f.__name__: f for f in (info, new, state, view, play, bot, undo, open_link, load, query, seat,
                                   share_links, restart_deal, replay_view, remote_link, remote_create,
                                   remote_join, remote_open, remote_play, remote_state, remote_posted,
                                   remote_confirm, remote_seat_links, remote_bench, remote_signal_make,
                                   remote_signal_open, remote_attach, remote_missing)}
METHODS["hint"] = hint
METHODS["why"] = why


def _not_json(constant: str) -> Any:
    raise ValueError(f"the arguments hold {constant}, which JSON cannot")


def _finite(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"the arguments hold a number too large for a float ({text[:20]})")
    return value


def _arguments(args_json: str | None) -> Args:
    """The call's arguments: a JSON object, strictly (no NaN or Infinity, bounded nesting)."""
    try:
        args = json.loads(args_json or "{}", parse_constant=_not_json, parse_float=_finite)
    except RecursionError:
        raise ValueError("the arguments are nested too deeply") from None
    if not isinstance(args, dict):
        raise ValueError("the arguments must be a JSON object")
    return args


def call(method: object, args_json: str | None = "{}") -> str:
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


def _error(text: str, kind: str, **extra: Any) -> str:
    try:
        return json.dumps({"ok": False, "error": text[:500], "kind": kind, **extra}, allow_nan=False)
    except (TypeError, ValueError, RecursionError):  # a message parameter JSON cannot hold
        return json.dumps({"ok": False, "error": text[:500], "kind": kind})


__all__ = ["call", "METHODS"]
