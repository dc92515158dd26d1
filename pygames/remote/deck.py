"""The joint deck (Barnett and Smart 2003): every card is an ElGamal ciphertext under a key the players
hold together, each player in turn shuffles the whole deck with a proof, and a card is opened by
every player's decryption share, each share proven.

* **Card points.** Each physical card - its id and its copy, so the two 7♥ of a two-deck game are two
  cards - has its own point, hashed to the curve in the table's domain (``CardPoints``). Nobody knows
  a discrete logarithm between two card points, between a card point and the generator, or between a
  card point and the proofs' generators (hashed in domains of their own); a deck's points are all
  different, so no published ciphertext lets anyone pair twin cards, and an opened point names one
  copy of one card.
* **Keys.** For each deal ``d`` every player ``i`` has a key share ``x_i,d`` (from its master secret)
  and publishes ``h_i,d = x_i,d * G`` with a proof of knowledge before any deck of that deal is
  shuffled: deal 0's with the invitation or the join, deal d+1's with its reveal of deal d. The deal's
  joint key is ``Y_d = sum of h_i,d``; nobody knows its secret alone.
* **Shuffles.** A deck starts as ``(infinity, M_c)`` for its cards in the game's order. Each player in
  the deck's pass order permutes it and re-encrypts every card (``shuffle.py``), proving it; once the
  last player's shuffle is on the table the deck is final and not before: no share of it exists or is
  accepted until then, so nobody can see a card before the order is fixed.
* **Opening.** ``D_i = x_i,d * a`` is player i's share for the card ``(a, b)``; with every share,
  ``M = b - sum of D_i``. A share travels in the clear (everyone can check it) or sealed to one player;
  both are proven (``proofs.py``). At a deal's end every player reveals ``x_i,d``: every page checks
  it against ``h_i,d`` and opens every card of the deal (``M = b - (sum of x_i,d) * a``).

Every secret of a player comes from its 32-byte master secret by HMAC-SHA256: its key shares, and
per deck a seed for the permutation, the re-encryption scalars and the proof's nonces.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from dataclasses import dataclass

from . import curve, proofs, shuffle
from .curve import N, Affine
from .shuffle import Cipher

DIGEST_BYTES = 32


def _h(seed: bytes, label: bytes, i: int = 0) -> bytes:
    return hmac.new(seed, label + i.to_bytes(4, "big"), hashlib.sha256).digest()


def _nonzero_scalar(data: bytes) -> int:
    return int.from_bytes(data, "big") % (N - 1) + 1


# ---- secrets ---------------------------------------------------------------------------------------
def deck_seed(master: bytes, table_id: bytes, deck: int) -> bytes:
    """A player's seed for one deck of one table, from its master secret (which never leaves its page)."""
    return hmac.new(master, b"deck" + table_id + deck.to_bytes(4, "big"), hashlib.sha256).digest()


def deal_secret(master: bytes, table_id: bytes, deal: int) -> int:
    """A player's key share for one deal (revealed at the deal's end, so one a deal)."""
    return _nonzero_scalar(hmac.new(master, b"deal-key" + table_id + deal.to_bytes(4, "big"), hashlib.sha256).digest())


def key_context(table_id: bytes, seat: int, deal: int) -> bytes:
    """What a key share's proof of knowledge is bound to."""
    return b"key" + table_id + bytes([seat]) + deal.to_bytes(4, "big")


class DeckKeys:
    """One player's secrets for shuffling one deck, all derived from its 32-byte deck seed."""

    __slots__ = ("seed",)

    def __init__(self, seed: bytes):
        if len(seed) != 32:
            raise ValueError("a deck seed is 32 bytes")
        self.seed = seed

    def permutation(self, n: int) -> list[int]:
        """A uniform permutation of range(n) (Fisher-Yates from an HMAC stream, rejection sampled)."""
        order = list(range(n))
        counter = 0
        pool = b""
        for i in range(n - 1, 0, -1):
            bound = i + 1
            limit = (1 << 32) - (1 << 32) % bound
            while True:
                if len(pool) < 4:
                    pool += _h(self.seed, b"perm", counter)
                    counter += 1
                r = int.from_bytes(pool[:4], "big")
                pool = pool[4:]
                if r < limit:
                    break
            j = r % bound
            order[i], order[j] = order[j], order[i]
        return order

    def scalars(self, n: int) -> list[int]:
        """The re-encryption scalar of each output card."""
        return [_nonzero_scalar(_h(self.seed, b"reencrypt", i)) for i in range(n)]


# ---- card points -----------------------------------------------------------------------------------
class CardPoints:
    """The point of every physical card at one table - card id and copy - hashed to the curve in the
    table's domain, and the way back from a point to the card."""

    def __init__(self, table_id: bytes):
        self.table_id = table_id
        self._points: dict[tuple[int, int], Affine] = {}
        self._cards: dict[Affine, tuple[int, int]] = {}

    def point(self, card: int, copy: int) -> Affine:
        key = (card, copy)
        found = self._points.get(key)
        if found is None:
            if not 0 <= card < 256 or not 0 <= copy < 256:
                raise ValueError(f"card {card} copy {copy} is outside 0..255")
            found = self._points[key] = curve.hash_to_point("card", self.table_id + bytes([card, copy]))
            self._cards[found] = key
        return found

    def deck(self, items: list[int]) -> list[Affine]:
        """The points of a deck's cards in the game's order, copies numbered in order of appearance."""
        seen: dict[int, int] = {}
        out = []
        for card in items:
            copy = seen.get(card, 0)
            seen[card] = copy + 1
            out.append(self.point(card, copy))
        return out

    def card(self, point: Affine, items: list[int]) -> tuple[int, int] | None:
        """(card id, copy) of ``point`` if it is one of the cards of ``items``, else None."""
        self.deck(items)
        found = self._cards.get(point)
        if found is None:
            return None
        card, copy = found
        return found if items.count(card) > copy else None


def initial(points: CardPoints, items: list[int]) -> list[Cipher]:
    """A deck before its first shuffle: each card in the clear (its point, under no randomness)."""
    return [(None, m) for m in points.deck(items)]


def call_digest(table_id: bytes, deck: int, deal: int, items: list[int]) -> bytes:
    """What a deck's first shuffle builds on: the deck as the rules called it."""
    return curve.tagged_hash("pygames/deck-call", table_id + deck.to_bytes(4, "big") + deal.to_bytes(4, "big")
                             + bytes([len(items) >> 8, len(items) & 255]) + bytes(items))


def joint_key(shares: list[Affine]) -> Affine:
    total = curve.INFINITY
    for share in shares:
        total = curve.add(total, curve.jacobian(share))
    return curve.affine(total)


# ---- one shuffle -----------------------------------------------------------------------------------
def shuffle_context(table_id: bytes, deck: int, stage: int, seat: int, deal: int, prior: bytes) -> bytes:
    """Everything a shuffle's proof is bound to besides the ciphertexts and the key."""
    return (b"shuffle" + table_id + deck.to_bytes(4, "big") + bytes([stage, seat]) + deal.to_bytes(4, "big")
            + prior)


@dataclass
class Shuffled:
    """One player's shuffle of one deck, as it travels: what it builds on (the digest of the deck
    before it), the new deck, and the proof."""

    prior: bytes
    cards: list[tuple[Affine, Affine]]
    proof: shuffle.Proof

    def encode(self) -> bytes:
        n = len(self.cards)
        out = self.prior + n.to_bytes(2, "big")
        out += b"".join(curve.encode(a) + curve.encode(b) for a, b in self.cards)
        return out + self.proof.encode()

    @staticmethod
    def size(n: int) -> int:
        return DIGEST_BYTES + 2 + 2 * n * curve.POINT_BYTES + shuffle.Proof.size(n)

    @classmethod
    def decode(cls, data: bytes, n: int) -> "Shuffled":
        """Strictly: a shuffle of exactly ``n`` cards (proofs.BadProof when the bytes are not one)."""
        if len(data) != cls.size(n) or int.from_bytes(data[32:34], "big") != n:
            raise proofs.BadProof(f"a shuffle of {n} cards is {cls.size(n)} bytes")
        pb = curve.POINT_BYTES
        at = DIGEST_BYTES + 2
        try:
            points = [curve.decode(data[at + i * pb:at + (i + 1) * pb]) for i in range(2 * n)]
        except curve.BadPoint as e:
            raise proofs.BadProof(f"a shuffled card is not a point ({e})") from None
        cards = [(points[2 * i], points[2 * i + 1]) for i in range(n)]
        return cls(data[:DIGEST_BYTES], cards, shuffle.Proof.decode(data[at + 2 * n * pb:], n))


def digest(data: bytes) -> bytes:
    """The digest the next shuffle builds on."""
    return hashlib.sha256(data).digest()


def make_shuffle(inputs: list[Cipher], seed: bytes, key: Affine, context: bytes, prior: bytes,
                 key_table: curve.FixedBase | None = None) -> Shuffled:
    """Shuffle ``inputs`` with the secrets of ``seed`` under the joint ``key``, with its proof."""
    keys = DeckKeys(seed)
    n = len(inputs)
    order = keys.permutation(n)
    scalars = keys.scalars(n)
    outputs = shuffle.reencrypt(inputs, order, scalars, key_table or curve.FixedBase(key))
    proof = shuffle.prove(context, key, inputs, outputs, order, scalars, seed)
    return Shuffled(prior, outputs, proof)  # type: ignore[arg-type]


_CHECKED: dict[bytes, bool] = {}


def check_shuffle(inputs: list[Cipher], shuffled: Shuffled, key: Affine, context: bytes) -> bool:
    """Whether ``shuffled`` is a proven shuffle of ``inputs`` under ``key``. The answer is a function
    of its arguments alone and is remembered by their digest (a page meets the same shuffle again
    when it replays a table; simulated players in one process share it)."""
    memo = hashlib.sha256(context + curve.encode(key)
                          + b"".join(proofs.point_bytes(a) + proofs.point_bytes(b) for a, b in inputs)
                          + shuffled.encode()).digest()
    found = _CHECKED.get(memo)
    if found is None:
        found = shuffle.check(context, key, inputs, list(shuffled.cards), shuffled.proof)
        if len(_CHECKED) > 256:
            _CHECKED.clear()
        _CHECKED[memo] = found
    return found


# ---- opening -----------------------------------------------------------------------------------------
def share_of(card: tuple[Affine, Affine], x: int) -> Affine:
    """A player's decryption share of a card: ``x * a``."""
    return curve.affine(curve.mul(card[0], x))


def open_card(card: tuple[Affine, Affine], shares: list[Affine]) -> Affine | None:
    """The card point under ``card`` given every player's share (None where they cancel to nothing)."""
    total = curve.jacobian(card[1])
    for share in shares:
        total = curve.add(total, curve.neg(curve.jacobian(share)))
    return curve.to_affine(total)


def open_with_key(cards: list[tuple[Affine, Affine]], x: int) -> list[Affine | None]:
    """Every card point of a deck, given the sum of every player's key share for its deal."""
    out = [curve.add(curve.jacobian(b), curve.neg(curve.mul(a, x))) for a, b in cards]
    return [curve.to_affine(p) for p in out]


def seal_secret(x: int, table_id: bytes, deck: int, slot: int, recipient: int) -> int:
    """The randomness of the share of ``slot`` sealed to ``recipient`` (from the sender's key share)."""
    return _nonzero_scalar(hmac.new(proofs.scalar_out(x), b"seal" + table_id + deck.to_bytes(4, "big")
                                    + slot.to_bytes(2, "big") + bytes([recipient]), hashlib.sha256).digest())


def shuffle_step_seconds(cards: int = 104) -> tuple[float, float]:
    """Seconds to make one shuffle of ``cards`` cards with its proof, and to check it, timed where it
    runs: ``python -m pygames.remote shuffle-step`` in CPython, the bridge's ``remote_bench`` in the page."""
    points = CardPoints(bytes(12))
    items = [c % 52 for c in range(cards)]
    key = curve.affine(curve.mul_g(12345))
    inputs = initial(points, items)
    context = shuffle_context(bytes(12), 0, 0, 0, 0, bytes(32))
    began = time.perf_counter()
    made = make_shuffle(inputs, bytes(range(32)), key, context, bytes(32))
    middle = time.perf_counter()
    ok = shuffle.check(context, key, inputs, list(made.cards), made.proof)
    ended = time.perf_counter()
    if not ok:
        raise RuntimeError("a shuffle's own proof did not check")
    return middle - began, ended - middle
