"""Share links: the URL fragment ``<game>?v=<format>&p=<players>&o=<options>&s=<seed>&n=<move count>&m=<moves>``.

``v`` is the link format version (a link without one is version 1). A game whose deals or move lists
changed says from which version its links replay (``Game.LINK_SINCE``); an older link of it is refused
with a message that says so, never opened at a different position.

Moves are recorded as indexes into the legal-move list at each step, each written with just as many
base-64 (URL-safe) digits as that list needs - a forced move costs nothing. ``o`` lists only options
that differ from the defaults, as ``name.value`` pairs joined by ``,``. A link with only a seed deals
that exact deal afresh (a challenge).

Version 3 adds, after those, how the link was shared: ``w=<seat>`` the sharer's seat (the recipient
sits there; a replay shows that seat's view), ``r=1`` open it in the replay viewer, ``h=1`` (replays
only) the sharer chose to show every seat's cards. A link without them is still written as v=2, byte
for byte as before; one with them is v=3, which a page from before version 3 refuses ("made by a newer
version") rather than open it in seat 0. :func:`decode_share` reads them; :func:`decode` the game.
"""

from __future__ import annotations

from typing import Any

from .engine import Game
from .games import game_class

VERSION = 3            # the newest format this engine reads (see encode: which one a link is written in)
PLAIN_VERSION = 2      # a link without w/r/h is written as v=2, exactly as before; they need v=3
MAX_MOVES = 50_000      # a link asking for more is refused before anything is replayed
DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {c: i for i, c in enumerate(DIGITS)}


def _query_fields(query: str) -> dict[str, str]:
    """The link's ``name=value`` pairs. Links we write never need percent-decoding, so the common case
    avoids importing urllib (it costs the page's first load a noticeable moment in Pyodide)."""
    if "%" in query or "+" in query:
        from urllib.parse import parse_qsl
        return dict(parse_qsl(query, keep_blank_values=True))
    return dict(part.partition("=")[::2] for part in query.split("&") if part)


def version_of(fragment: str) -> int:
    """The format version a link is written in (its ``v``; a link without one is version 1)."""
    version = _query_fields(fragment.partition("?")[2]).get("v", "1")
    return int(version) if _is_number(version, 3) else 1


class BadLink(ValueError):
    """A share link that cannot be opened; the message says why."""


def _is_number(text: str, digits: int) -> bool:
    """Whether ``text`` is 1..``digits`` ASCII digits (str.isdigit also takes '²' and '١')."""
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


def _width(n: int) -> int:
    """Digits needed to write an index below n (0 when there is a single choice)."""
    width, span = 0, 1
    while span < n:
        width, span = width + 1, span * 64
    return width


def _write(index: int, width: int) -> str:
    out = []
    for _ in range(width):
        out.append(DIGITS[index % 64])
        index //= 64
    return "".join(reversed(out))


def _option_token(value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def encode(game: Game, moves: bool = True, seat: int = 0, replay: bool = False, reveal: bool = False) -> str:
    """The fragment (without '#') that reopens ``game`` at its position (``moves=False``: the deal afresh).
    ``seat`` (``w``, written when not 0): the sharer's seat, where the recipient sits and whose view a
    replay shows; ``replay`` (``r=1``): open it in the replay viewer; ``reveal`` (``h=1``, replays only):
    the sharer chose to show every seat's cards. A link with any of these is v=3, so a page from
    before them refuses it ("made by a newer version") instead of opening it in seat 0."""
    if reveal and not replay:
        raise ValueError("only a replay link can show all hands")
    extras = ([f"w={seat}"] if seat else []) + (["r=1"] if replay else []) + (["h=1"] if reveal else [])
    parts = [f"v={VERSION if extras else PLAIN_VERSION}", f"p={game.players}"]
    defaults = game.default_options()
    changed = [f"{k}.{_option_token(v)}" for k, v in game.options.items() if v != defaults[k]]
    if changed:
        parts.append("o=" + ",".join(changed))
    parts.append(f"s={game.seed}")
    choices = game.move_choices if moves else []       # (not ``history``: that decodes every move)
    if choices:
        parts.append(f"n={len(choices)}")
        parts.append("m=" + "".join(_write(i, _width(n)) for i, n in choices))
    return f"{game.GAME_ID}?" + "&".join(parts + extras)


def _parse_options(cls: type[Game], text: str) -> dict[str, Any]:
    options = {}
    for pair in filter(None, text.split(",")):
        name, _, token = pair.partition(".")
        if name not in cls.OPTIONS:
            raise BadLink(f"the link names an option {name[:30]!r} that {cls.TITLE} does not have")
        for allowed in cls.OPTIONS[name]:
            if _option_token(allowed) == token:
                options[name] = allowed
                break
        else:
            raise BadLink(f"the link's {name!r} option value {token[:30]!r} is not one {cls.TITLE} allows")
    return options


def decode(fragment: str) -> Game:
    """The game a fragment describes, replayed to its position. BadLink says what is wrong."""
    if not isinstance(fragment, str) or not fragment.strip("#"):
        raise BadLink("the link is empty")
    game_id, _, query = fragment.lstrip("#").partition("?")
    try:
        cls = game_class(game_id)
    except ValueError:
        raise BadLink(f"the link names a game we don't have ({game_id[:30]!r})") from None
    fields = _query_fields(query)
    version = fields.get("v", "1")
    if not _is_number(version, 3):
        raise BadLink(f"the link's format version {version[:10]!r} is not a number")
    if int(version) > VERSION:
        raise BadLink("the link was made by a newer version of pygames: reload the page to update")
    if int(version) < cls.LINK_SINCE:
        raise BadLink(f"the link is from an older version of pygames whose {cls.TITLE} games can no "
                      "longer be replayed")
    players = None
    if "p" in fields:
        if not _is_number(fields["p"], 3):
            raise BadLink(f"the link's player count {fields['p'][:10]!r} is not a number")
        players = int(fields["p"])
    options = _parse_options(cls, fields.get("o", ""))
    if "s" not in fields or not _is_number(fields["s"], 20):
        raise BadLink("the link has no valid seed (s=<number>)")
    try:
        game = cls(players=players, options=options, seed=int(fields["s"]))
    except ValueError as e:
        raise BadLink(f"the link's settings are not allowed: {e}") from None
    count = fields.get("n", "0")
    if not _is_number(count, 7):
        raise BadLink(f"the link's move count {count[:10]!r} is not a number")
    if int(count) > MAX_MOVES:
        raise BadLink(f"the link asks for {int(count)} moves; a link holds at most {MAX_MOVES}")
    digits, pos = fields.get("m", ""), 0
    for step in range(int(count)):
        legal = game.legal_actions() if not game.is_over else []
        if not legal:
            raise BadLink(f"the link has moves after the end of the game (move {step + 1})")
        width = _width(len(legal))
        chunk = digits[pos:pos + width]
        if len(chunk) < width or any(c not in _VALUE for c in chunk):
            raise BadLink(f"the link's move list is cut short or garbled at move {step + 1}")
        index = 0
        for c in chunk:
            index = index * 64 + _VALUE[c]
        if index >= len(legal):
            raise BadLink(f"the link's move {step + 1} is not a legal move in that position")
        game.play_index(index, legal)
        pos += width
    if pos != len(digits):
        raise BadLink("the link's move list is longer than its move count")
    return game


class Share:
    """A decoded share link: the game at its position, and how it was shared (see :func:`encode`)."""

    def __init__(self, game: Game, seat: int = 0, replay: bool = False, reveal: bool = False) -> None:
        self.game, self.seat, self.replay, self.reveal = game, seat, replay, reveal


def _flag(fields: dict[str, str], name: str, what: str) -> bool:
    value = fields.get(name)
    if value is None:
        return False
    if value != "1":
        raise BadLink(f"the link's {what} mark {name}={value[:10]!r} is not 1")
    return True


def decode_share(fragment: str) -> Share:
    """The game a link describes and how it was shared: the sharer's seat (``w``), replay (``r``),
    all hands shown (``h``). BadLink says what is wrong."""
    game = decode(fragment)
    fields = _query_fields(fragment.lstrip("#").partition("?")[2])
    seat = fields.get("w", "0")
    if not _is_number(seat, 3) or int(seat) >= game.players:
        raise BadLink(f"the link's seat {seat[:10]!r} is not one of the game's {game.players} seats")
    replay = _flag(fields, "r", "replay")
    reveal = _flag(fields, "h", "show-all-hands")
    if reveal and not replay:
        raise BadLink("the link shows all hands but is not a replay (h=1 needs r=1)")
    return Share(game, int(seat), replay, reveal)
