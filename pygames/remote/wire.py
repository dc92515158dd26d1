"""Messages between the pages of a remote table: a compact binary layout, signed, as a link fragment
``r.<base64url>``. Parsing is strict and bounded: every length and count has a limit, varints must be
minimal, nothing may trail, names are short plain text; a message that breaks any of it is refused
with ``BadMessage`` before anything else looks at it.

Layout: ``A7 02 | table id (12) | sender seat (1) | sequence (varint) | acks: count (1), varints |
item count (varint) | items | BIP-340 signature (64)`` over ``b"pygames-remote/2\\0"`` + all before it.
Points travel as 33 bytes with their y's parity (``curve.encode``); scalars as 32 bytes below N.
The sequence numbers the sender's messages from 0 (the host's invitation, a guest's join); ack ``t``
is how many of seat ``t``'s messages the sender had applied when it wrote this one, so a page applies
a message only after everything its sender had seen.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import unicodedata
from dataclasses import dataclass, field

from . import schnorr

PREFIX = "r."
MAGIC = b"\xa7\x02"
DOMAIN = b"pygames-remote/2\0"
TABLE_ID_BYTES = 12
MAX_LINK_CHARS = 8200            # longest link accepted (the longest we write is 8,000)
OPENING_LIMIT = 8000             # characters of a message that carries a shuffle pass
MOVE_LIMIT = 1500                # characters of any other message
MAX_SEATS = 8
MAX_NAME = 24
MAX_ITEMS = 64
MAX_DECK = 4096                  # deck index
MAX_SLOTS = 512                  # cards in one deck
MAX_MOVES = 50_000
MAX_JSON = 1000                  # bytes of a move's JSON
MAX_PART = 6000                  # bytes of one part of a shuffle (a message of at most 8,000 characters)
MAX_PARTS = 32                   # parts of one shuffle
CLEAR = 255                      # a share's recipient when it travels in the clear
FORWARD = 128                    # FORWARD + seat: that seat's share, sealed to the sender, passed on in the clear
SEAT_TAG_BYTES = 16              # a join's proof that it came from its seat's own invitation
POINT = 33
SCALAR = 32
KEY_PROOF = 64

INVITE, JOIN, START, MOVE, SHUFFLE, SHARES, REVEAL = range(1, 8)


class BadMessage(ValueError):
    """A link that is not a well-formed, correctly signed remote-table message."""


# ---- items ----------------------------------------------------------------------------------------
@dataclass
class KeyShare:
    """A player's key share for a deal (a point) and its proof of knowledge."""

    point: bytes                 # 33 bytes
    proof: bytes                 # 64 bytes


@dataclass
class Invite:
    game: str
    players: int
    options: dict
    names: list[str]
    host_key: bytes
    commitment: bytes            # SHA-256 of the host's beacon nonce
    key: KeyShare                # the host's key share for the first deal


@dataclass
class Join:
    key: bytes
    nonce: bytes                 # the guest's beacon nonce, revealed at once (the host's is committed)
    share: KeyShare              # the guest's key share for the first deal
    tag: bytes = b""             # from a seat's own invitation: a MAC of the key under the seat's secret


@dataclass
class Start:
    nonce: bytes                 # the host's beacon nonce
    joins: list[bytes]           # per seat: digest of the accepted join (the host's own: 32 zero bytes)


@dataclass
class Move:
    index: int                   # the move's number in the whole match
    move: dict                   # the move with every card some seat may not see as "??"
    # per card the move takes from a deck: (its position in the move's cards, deck, slot, bit mask of
    # the seats it is hidden from: 0 for a card everyone sees, which the move then names)
    slots: list[tuple[int, int, int, int]]


@dataclass
class Shuffle:
    """One part of a player's shuffle of a deck (``deck.Shuffled``'s bytes, cut to fit messages)."""

    deck: int
    stage: int
    part: int
    parts: int
    data: bytes


@dataclass
class Shares:
    """A player's decryption shares for cards of one deal, with one proof for all of them: each entry
    (deck, slot, recipient, value): its own share in the clear (recipient CLEAR, 33 bytes), sealed to a
    seat (the seat, 66 bytes: t1 then t2), or another seat's share that seat sealed to the sender,
    passed on in the clear (FORWARD + that seat, 33 bytes)."""

    deal: int
    entries: list[tuple[int, int, int, bytes]]
    proof: bytes


@dataclass
class Reveal:
    """A deal's end: the player's key share secret for it, and its key share for the next deal."""

    deal: int
    secret: bytes
    next: KeyShare


Item = Invite | Join | Start | Move | Shuffle | Shares | Reveal


@dataclass
class Message:
    table: bytes
    seat: int
    seq: int
    acks: list[int]
    items: list = field(default_factory=list)
    signature: bytes = b""
    raw: bytes = b""             # the whole encoded message (digest, size)

    @property
    def digest(self) -> bytes:
        return hashlib.sha256(self.raw).digest()

    def link(self) -> str:
        return PREFIX + base64.urlsafe_b64encode(self.raw).rstrip(b"=").decode("ascii")


# ---- names -----------------------------------------------------------------------------------------
def check_name(name: object) -> str:
    """A player's name: 1-24 characters of plain text (no control or format characters, no < or >)."""
    if not isinstance(name, str):
        raise BadMessage("a name must be text")
    name = name.strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise BadMessage(f"a name has 1 to {MAX_NAME} characters")
    for ch in name:
        if unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in ("Zl", "Zp") or ch in "<>":
            raise BadMessage(f"a name may not contain {ch!r}")
    return name


# ---- writing ---------------------------------------------------------------------------------------
def _varint(n: int) -> bytes:
    if n < 0:
        raise ValueError("varints are not negative")
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _str(text: str, width: int) -> bytes:
    data = text.encode("utf-8")
    return len(data).to_bytes(width, "big") + data


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _key_share(share: KeyShare) -> bytes:
    return share.point + share.proof


def _item(item) -> bytes:
    if isinstance(item, Invite):
        out = bytes([INVITE]) + _str(item.game, 1) + bytes([item.players]) + _str(_canonical(item.options), 2)
        out += b"".join(_str(n, 1) for n in item.names)
        return out + item.host_key + item.commitment + _key_share(item.key)
    if isinstance(item, Join):
        tag = bytes([1]) + item.tag if item.tag else bytes([0])
        return bytes([JOIN]) + item.key + item.nonce + _key_share(item.share) + tag
    if isinstance(item, Start):
        return bytes([START]) + item.nonce + b"".join(item.joins)
    if isinstance(item, Move):
        out = bytes([MOVE]) + _varint(item.index) + _str(_canonical(item.move), 2) + _varint(len(item.slots))
        return out + b"".join(_varint(p) + _varint(d) + _varint(s) + bytes([m]) for p, d, s, m in item.slots)
    if isinstance(item, Shuffle):
        out = bytes([SHUFFLE]) + _varint(item.deck) + bytes([item.stage, item.part, item.parts])
        return out + _varint(len(item.data)) + item.data
    if isinstance(item, Shares):
        out = bytes([SHARES]) + _varint(item.deal) + _varint(len(item.entries))
        out += b"".join(_varint(d) + _varint(s) + bytes([r]) + v for d, s, r, v in item.entries)
        return out + item.proof
    if isinstance(item, Reveal):
        return bytes([REVEAL]) + _varint(item.deal) + item.secret + _key_share(item.next)
    raise TypeError(f"not an item: {item!r}")


def sealed_to(recipient: int) -> bool:
    """Whether a share entry's recipient byte names a seat it is sealed to."""
    return recipient < FORWARD


def shares_proof_bytes(entries: list[tuple[int, int, int, bytes]]) -> int:
    """The length of a Shares item's proof: two scalars, and one more for each sealed recipient."""
    return 64 + 32 * len({r for _, _, r, _ in entries if sealed_to(r)})


def encode_items(items: list) -> bytes:
    """Items alone (a page keeps its unsent draft this way)."""
    return _varint(len(items)) + b"".join(_item(i) for i in items)


def decode_items(data: bytes, seats: int) -> list:
    r = _Reader(data)
    items = [_read_item(r, r.byte(), seats) for _ in range(r.varint(10_000, "the item count"))]
    if r.pos != len(data):
        raise BadMessage("bytes after the items")
    return items


def body(table: bytes, seat: int, seq: int, acks: list[int], items: list) -> bytes:
    out = MAGIC + table + bytes([seat]) + _varint(seq) + bytes([len(acks)])
    out += b"".join(_varint(a) for a in acks) + _varint(len(items))
    return out + b"".join(_item(i) for i in items)


def encode(table: bytes, seat: int, seq: int, acks: list[int], items: list, secret: int, aux: bytes) -> Message:
    """A signed message (``secret``: the sender's signing scalar; ``aux``: 32 bytes for the nonce)."""
    data = body(table, seat, seq, acks, items)
    signature = schnorr.sign(secret, DOMAIN + data, aux)
    raw = data + signature
    return Message(table, seat, seq, list(acks), list(items), signature, raw)


def link_chars(raw_len: int) -> int:
    """Characters of the link of a message of ``raw_len`` bytes."""
    return len(PREFIX) + (raw_len * 4 + 2) // 3


# ---- reading ---------------------------------------------------------------------------------------
class _Reader:
    def __init__(self, data: bytes):
        self.data = data
        self.pos = 0

    def take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise BadMessage("the message is cut short")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def byte(self) -> int:
        return self.take(1)[0]

    def varint(self, limit: int, what: str) -> int:
        n = shift = 0
        for i in range(5):
            b = self.byte()
            n |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                if i and not b:
                    raise BadMessage(f"{what} is not written in its shortest form")
                if n > limit:
                    raise BadMessage(f"{what} is too large ({n} > {limit})")
                return n
        raise BadMessage(f"{what} is too long")

    def text(self, width: int, limit: int, what: str) -> str:
        n = int.from_bytes(self.take(width), "big")
        if n > limit:
            raise BadMessage(f"{what} is too long")
        try:
            return self.take(n).decode("utf-8")
        except UnicodeDecodeError:
            raise BadMessage(f"{what} is not UTF-8 text") from None

    def json(self, limit: int, what: str):
        text = self.text(2, limit, what)
        try:
            value = json.loads(text, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            raise BadMessage(f"{what} is not JSON") from None
        if _depth(value) > 6:
            raise BadMessage(f"{what} is nested too deeply")
        if _canonical(value) != text:
            raise BadMessage(f"{what} is not in canonical form")
        return value


def _no_constant(name: str):
    raise ValueError(name)


def _depth(value, level: int = 0) -> int:
    if level > 6:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level


def _read_key_share(r: _Reader) -> KeyShare:
    point = r.take(POINT)
    if point[0] not in (2, 3):
        raise BadMessage("a key share is not a point")
    return KeyShare(point, r.take(KEY_PROOF))


def _read_item(r: _Reader, kind: int, seats: int):
    if kind == INVITE:
        game = r.text(1, 40, "the game")
        players = r.byte()
        if not 1 <= players <= MAX_SEATS:
            raise BadMessage("the number of players is out of range")
        options = r.json(500, "the options")
        if not isinstance(options, dict):
            raise BadMessage("the options are not an object")
        names = [check_name(r.text(1, 4 * MAX_NAME, "a name")) for _ in range(players)]
        return Invite(game, players, options, names, r.take(32), r.take(32), _read_key_share(r))
    if kind == JOIN:
        key, nonce, share = r.take(32), r.take(32), _read_key_share(r)
        flag = r.byte()
        if flag not in (0, 1):
            raise BadMessage("a join's seat tag is malformed")
        return Join(key, nonce, share, r.take(SEAT_TAG_BYTES) if flag else b"")
    if kind == START:
        return Start(r.take(32), [r.take(32) for _ in range(seats)])
    if kind == MOVE:
        index = r.varint(MAX_MOVES, "a move number")
        move = r.json(MAX_JSON, "a move")
        if not isinstance(move, dict):
            raise BadMessage("a move is not an object")
        count = r.varint(64, "the number of a move's cards")
        slots = [(r.varint(63, "a card position"), r.varint(MAX_DECK, "a deck number"),
                  r.varint(MAX_SLOTS - 1, "a slot"), r.byte()) for _ in range(count)]
        if any(m >> seats for _, _, _, m in slots):
            raise BadMessage("a move hides a card from a seat that is not at the table")
        return Move(index, move, slots)
    if kind == SHUFFLE:
        deck = r.varint(MAX_DECK, "a deck number")
        stage, part, parts = r.byte(), r.byte(), r.byte()
        if stage >= MAX_SEATS:
            raise BadMessage("a shuffle's stage is out of range")
        if not 0 < parts <= MAX_PARTS or part >= parts:
            raise BadMessage("a shuffle's part does not fit its parts")
        size = r.varint(MAX_PART, "a shuffle part's length")
        if not size:
            raise BadMessage("a shuffle part is empty")
        return Shuffle(deck, stage, part, parts, r.take(size))
    if kind == SHARES:
        deal = r.varint(MAX_MOVES, "a deal number")
        count = r.varint(4 * MAX_SLOTS, "a share count")
        if not count:
            raise BadMessage("a share item has no shares")
        entries = []
        for _ in range(count):
            deck = r.varint(MAX_DECK, "a deck number")
            slot = r.varint(MAX_SLOTS - 1, "a slot")
            recipient = r.byte()
            if recipient != CLEAR and recipient % FORWARD >= seats:
                raise BadMessage("a share names a seat that is not at the table")
            entries.append((deck, slot, recipient, r.take(2 * POINT if sealed_to(recipient) else POINT)))
        return Shares(deal, entries, r.take(shares_proof_bytes(entries)))
    if kind == REVEAL:
        return Reveal(r.varint(MAX_MOVES, "a deal number"), r.take(SCALAR), _read_key_share(r))
    raise BadMessage(f"unknown item type {kind}")


def split_seat(link: object) -> tuple[object, int | None, bytes | None]:
    """A seat's own invitation is the invitation's link, then ``.<seat>.<secret>``: (the invitation's
    link, the seat, its secret); any other link comes back whole with (None, None)."""
    if not isinstance(link, str):
        return link, None, None
    parts = link.rsplit(".", 2)
    if len(parts) != 3 or not parts[1].isdigit() or len(parts[1]) > 1:
        return link, None, None
    secret = parts[2]
    if len(secret) != 22 or any(c not in _B64 for c in secret):
        raise BadMessage("the seat's part of this invitation is damaged")
    return parts[0], int(parts[1]), base64.urlsafe_b64decode(secret + "==")


def seat_link(invite_link: str, seat: int, secret: bytes) -> str:
    return f"{invite_link}.{seat}.{base64.urlsafe_b64encode(secret).decode().rstrip('=')}"


def link_bytes(link: object) -> bytes:
    """The bytes of a link (a whole URL or its fragment), strictly: BadMessage when it is not one."""
    if not isinstance(link, str):
        raise BadMessage("a link is text")
    if len(link) > MAX_LINK_CHARS + 2000:
        raise BadMessage(f"the link is too long to be a message ({len(link)} characters)")
    text = link.strip()
    if "#" in text:
        text = text[text.rindex("#") + 1:]
    if not text.startswith(PREFIX):
        raise BadMessage("this is not a remote-table link")
    data = text[len(PREFIX):]
    if len(text) > MAX_LINK_CHARS:
        raise BadMessage(f"the link is too long to be a message ({len(text)} characters)")
    return unb64url(data, BadMessage, "the link")


def unb64url(data: str, error: type[ValueError], what: str) -> bytes:
    """The bytes of unpadded base64url text, strictly (only its alphabet, in canonical form): else
    ``error`` saying that ``what`` is damaged."""
    if len(data) % 4 == 1 or any(c not in _B64 for c in data):
        raise error(f"{what} is damaged (not base64url)")
    try:
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise error(f"{what} is damaged (not base64url)") from None
    if base64.urlsafe_b64encode(raw).rstrip(b"=").decode() != data:
        raise error(f"{what} is damaged (not canonical base64url)")
    return raw


_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def decode(raw: bytes, seats: int | None = None) -> Message:
    """Parse a message's bytes (no signature check: see ``verify``). ``seats``: the table's player
    count when known (an invitation carries its own)."""
    r = _Reader(raw)
    if r.take(2) != MAGIC:
        raise BadMessage("this is not a remote-table message (or a newer version)")
    table = r.take(TABLE_ID_BYTES)
    seat = r.byte()
    seq = r.varint(1_000_000, "the message number")
    nacks = r.byte()
    if nacks > MAX_SEATS:
        raise BadMessage("too many acknowledgements")
    acks = [r.varint(1_000_000, "an acknowledgement") for _ in range(nacks)]
    count = r.varint(MAX_ITEMS, "the item count")
    items: list[Item] = []
    for _ in range(count):
        kind = r.byte()
        if kind == INVITE:
            if items or seq:
                raise BadMessage("an invitation stands alone")
        elif seats is None:
            raise BadMessage("this message needs its table's invitation first")
        item = _read_item(r, kind, 0 if kind == INVITE or seats is None else seats)
        if isinstance(item, Invite):
            seats = item.players
        items.append(item)
    if seats is None:
        raise BadMessage("this message has no items")
    if seat >= seats:
        raise BadMessage("the sender's seat is not at the table")
    if nacks not in (0, seats):
        raise BadMessage("the acknowledgements do not match the table")
    signature = r.take(64)
    if r.pos != len(raw):
        raise BadMessage("the message has bytes after its signature")
    return Message(table, seat, seq, acks, items, signature, raw)


def verify(message: Message, key: bytes) -> bool:
    return schnorr.verify(key, DOMAIN + message.raw[:-64], message.signature)
