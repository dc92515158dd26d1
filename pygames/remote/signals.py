"""Signals: what a live table's pages say to each other beside the game's messages - an offer to
connect, its answer, a chat line. A signal is signed by its sender's table key like a message but
never enters the table's log: a connection is remade by fresh signals after a reload, and a chat line
changes nothing in the game. The page (``web/features/live.js``) turns a connection's description into the
short text a signal carries and back; this module only binds that text to a sender, a table and
the seats it is for, and checks it strictly.

Layout: ``A7 53 | table id (12) | sender seat (1) | kind (1) | session (8) | entry count (1) |
entries: seat (1), length (2), bytes | BIP-340 signature (64)`` over ``b"pygames-signal/1\\0"`` +
all before it, as the link fragment ``s.<base64url>`` (or, riding on a message's link, after ``~``).
``session`` is the sender's random connection attempt: an answer names the offer's session, so an
answer to an offer made before a reload is told apart from one to the offer on show.
"""

from __future__ import annotations

import base64
import unicodedata
from dataclasses import dataclass

from . import schnorr, wire

PREFIX = "s."
MAGIC = b"\xa7\x53"
DOMAIN = b"pygames-signal/1\0"
OFFER, ANSWER, CHAT = 1, 2, 3
KINDS = {"offer": OFFER, "answer": ANSWER, "chat": CHAT}
EVERYONE = 255                  # a chat line's one entry is for every seat
SESSION_BYTES = 8
MAX_ENTRIES = wire.MAX_SEATS
MAX_DESCRIPTION = 700           # bytes of one connection description (a few candidates)
MAX_CHAT_CHARS = 200            # a chat line, as a person types it
MAX_CHARS = 4000                # a signal's link (an offer to each of seven seats fits)


class BadSignal(ValueError):
    """Text that is not a well-formed signal of this table, signed by its sender."""


@dataclass
class Signal:
    table: bytes
    seat: int                    # the sender
    kind: int
    session: bytes
    entries: list[tuple[int, bytes]]     # (seat it is for, its bytes)
    signature: bytes
    raw: bytes

    def link(self) -> str:
        return PREFIX + base64.urlsafe_b64encode(self.raw).decode().rstrip("=")

    def for_seat(self, seat: int) -> bytes | None:
        return next((data for to, data in self.entries if to in (seat, EVERYONE)), None)


def check_chat(text: object) -> str:
    """A chat line as it may travel: text of 1 to 200 characters with no control characters."""
    if not isinstance(text, str):
        raise ValueError("a chat line is text")
    line = unicodedata.normalize("NFC", text).strip()
    if not line:
        raise ValueError("a chat line is not empty")
    if len(line) > MAX_CHAT_CHARS:
        raise ValueError(f"a chat line is at most {MAX_CHAT_CHARS} characters")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in line):
        raise ValueError("a chat line is plain text on one line")
    return line


def _body(table: bytes, seat: int, kind: int, session: bytes, entries: list[tuple[int, bytes]]) -> bytes:
    out = MAGIC + table + bytes([seat, kind]) + session + bytes([len(entries)])
    for to, data in entries:
        out += bytes([to]) + len(data).to_bytes(2, "big") + data
    return out


def make(table: bytes, seat: int, kind: str, session: bytes, entries: list[tuple[int, bytes]], secret: int,
         aux: bytes) -> Signal:
    """A signed signal from ``seat`` (``secret``: its signing scalar; ``aux``: 32 bytes for the nonce)."""
    code = KINDS[kind]
    if len(session) != SESSION_BYTES:
        raise ValueError("a session is 8 bytes")
    if not 1 <= len(entries) <= MAX_ENTRIES:
        raise ValueError("a signal is for 1 to 8 seats")
    for to, data in entries:
        if code == CHAT and (to != EVERYONE or len(entries) != 1):
            raise ValueError("a chat line is one entry for everyone")
        if code != CHAT and not 0 <= to < wire.MAX_SEATS:
            raise ValueError("an offer or answer is for a seat")
        if len(data) > (MAX_CHAT_CHARS * 4 if code == CHAT else MAX_DESCRIPTION):
            raise ValueError("a signal's entry is too long")
    data = _body(table, seat, code, session, entries)
    signature = schnorr.sign(secret, DOMAIN + data, aux)
    return Signal(table, seat, code, session, list(entries), signature, data + signature)


def parse(text: object) -> Signal:
    """A signal's fields from its link (or the part after a message link's ``~``), strictly; its
    signature is not checked here (see ``verify``: the key depends on the table)."""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        raise BadSignal("a connection link is text of at most 4,000 characters")
    data = text.strip()
    if "#" in data:
        data = data[data.rindex("#") + 1:]
    if data.startswith(PREFIX):
        data = data[len(PREFIX):]
    raw = wire.unb64url(data, BadSignal, "the connection link")
    r = wire._Reader(raw)
    try:
        if r.take(2) != MAGIC:
            raise BadSignal("this is not a connection link (or a newer version)")
        table = r.take(wire.TABLE_ID_BYTES)
        seat, kind = r.byte(), r.byte()
        if seat >= wire.MAX_SEATS or kind not in (OFFER, ANSWER, CHAT):
            raise BadSignal("the connection link's sender or kind is damaged")
        session = r.take(SESSION_BYTES)
        count = r.byte()
        if not 1 <= count <= MAX_ENTRIES:
            raise BadSignal("the connection link has no seats or too many")
        entries: list[tuple[int, bytes]] = []
        for _ in range(count):
            to = r.byte()
            size = int.from_bytes(r.take(2), "big")
            if size > (MAX_CHAT_CHARS * 4 if kind == CHAT else MAX_DESCRIPTION):
                raise BadSignal("an entry of the connection link is too long")
            if (kind == CHAT) != (to == EVERYONE) or any(t == to for t, _ in entries):
                raise BadSignal("the connection link's seats are damaged")
            entries.append((to, r.take(size)))
        signature = r.take(64)
        if r.pos != len(raw):
            raise BadSignal("the connection link has bytes after its signature")
    except wire.BadMessage as e:
        raise BadSignal(f"the connection link is damaged ({e})") from None
    if kind == CHAT:
        try:
            check_chat(entries[0][1].decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            raise BadSignal(f"the chat line is not plain text ({e})") from None
    return Signal(table, seat, kind, session, entries, signature, raw)


def verify(signal: Signal, keys: list[bytes]) -> bool:
    """True when one of ``keys`` (the sender seat's table keys as this page knows them) signed it."""
    return any(schnorr.verify(key, DOMAIN + signal.raw[:-64], signal.signature) for key in keys)
