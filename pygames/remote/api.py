"""What the page calls for remote tables (through ``pygames.bridge``; see the ``remote_*`` methods
there): every call takes the table's stored state (JSON text the page keeps in localStorage under
the table's id) and returns the new state with a ``status`` to draw. Nothing here is kept between
calls but a cache of the last tables, for speed."""

from __future__ import annotations

import hashlib
from typing import Any

from . import signals, wire
from .party import Party, check_invitation

_CACHE: dict[str, Party] = {}       # sha256 of a state text this module returned -> its Party


def _party(state: object) -> Party:
    if not isinstance(state, str):
        raise ValueError("the table's state must be text (what an earlier call returned)")
    key = hashlib.sha256(state.encode()).hexdigest()
    party = _CACHE.pop(key, None)
    if party is None:
        party = Party.load(state)
    return party


def _answer(party: Party, **extra: Any) -> dict[str, Any]:
    text = party.dump()
    _CACHE[hashlib.sha256(text.encode()).hexdigest()] = party
    while len(_CACHE) > 4:
        _CACHE.pop(next(iter(_CACHE)))
    return {"table": party.table_id, "state": text, "status": status(party), **extra}


def status(party: Party) -> dict[str, Any]:
    """What the page draws: the table (game, names, seats), this player's view (``Game.view(seat)``'s
    shape; None until the game begins), whose turn, what the table waits for and from whom, and the
    messages this player still has to post."""
    out = party.summary()
    out["view"] = party.view()
    out["outbox"] = party.outbox()
    return out


def link_info(link: object) -> dict[str, Any]:
    """What a remote link is, without any table's state: ``kind`` ("invitation", "message" or
    "signal": a live table's connection link),
    ``table`` (the id to find its state under) and, for an invitation, the game, players, options,
    names and the host's seat (its signature is checked: it carries its own key)."""
    if isinstance(link, str) and link.strip().rpartition("#")[2].startswith(signals.PREFIX):
        return {"kind": "signal", "table": _table_id(signals.parse(link).table)}
    whole, seat, _secret = wire.split_seat(link)
    raw = wire.link_bytes(whole)
    try:
        wire.decode(raw)
    except wire.BadMessage as e:
        if "invitation first" not in str(e) or seat is not None:
            raise
        if len(raw) < 2 + wire.TABLE_ID_BYTES + 1:
            raise
        table = raw[2:2 + wire.TABLE_ID_BYTES]
        return {"kind": "message", "table": _table_id(table), "seat": raw[2 + wire.TABLE_ID_BYTES]}
    msg = check_invitation(whole)
    invite = msg.items[0]
    return {"kind": "invitation", "table": _table_id(msg.table), "game": invite.game, "players": invite.players,
            "options": invite.options, "names": invite.names, "host": msg.seat, "seat": seat}


def _table_id(table: bytes) -> str:
    import base64
    return base64.urlsafe_b64encode(table).decode().rstrip("=")


def create(game: object, players: object, options: object, names: object, seat: object) -> dict[str, Any]:
    if not isinstance(game, str):
        raise ValueError("game must be a game id")
    party = Party.create(game, players, options, names, seat)  # type: ignore[arg-type]
    return _answer(party)


def join(link: object, seat: object) -> dict[str, Any]:
    party = Party.join(link, seat)  # type: ignore[arg-type]
    return _answer(party)


def _carried(party: Party, carried: object) -> dict[str, Any]:
    """At a live table whose every seat the page reaches (``carried``), what this player wrote goes
    out on the channels at once: it is marked posted in the same call, and ``carry`` lists the links
    the page sends (one call, where a mark of its own would be a second)."""
    if carried is not True:
        return {}
    links = [m["link"].split("~")[0] for m in party.outbox()]
    party.mark_posted(party.ledger.count[party.seat])
    return {"carry": links}


def open_link(state: object, link: object, carried: object = False) -> dict[str, Any]:
    party = _party(state)
    result = party.open(link)  # type: ignore[arg-type]
    return _answer(party, outcome=result["outcome"], text=result["text"], new=result["new"],
                   **_carried(party, carried))


def play(state: object, move: object, carried: object = False) -> dict[str, Any]:
    party = _party(state)
    result = party.play(move)
    return _answer(party, new=result["new"], **_carried(party, carried))


def state(state: object) -> dict[str, Any]:
    return _answer(_party(state))


def confirm(state: object, seat: object, digest: object) -> dict[str, Any]:
    party = _party(state)
    result = party.confirm(seat, digest)
    return _answer(party, outcome=result["outcome"], text=result["text"], new=result["new"])


def seat_links(state: object) -> dict[str, Any]:
    party = _party(state)
    links = party.seat_links()
    return _answer(party, links=links)


def posted(state: object, seq: object) -> dict[str, Any]:
    party = _party(state)
    party.mark_posted(seq)  # type: ignore[arg-type]
    return _answer(party)


def signal_make(state: object, kind: object, session: object, entries: object) -> dict[str, Any]:
    return {"signal": _party(state).make_signal(kind, session, entries)}


def signal_open(state: object, signal: object) -> dict[str, Any]:
    return {"signal": _party(state).open_signal(signal)}


def attach(state: object, seq: object, signal: object) -> dict[str, Any]:
    party = _party(state)
    party.attach(seq, signal)
    return _answer(party)


def missing(state: object, counts: object) -> dict[str, Any]:
    return {"links": _party(state).missing(counts)}
