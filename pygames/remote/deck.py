"""The joint deck: two-pass commutative masking (SRA, done in the prime-order group of secp256k1)
with a lock per card, every secret derived from a per-deck seed that its player reveals when the
deal is over, so every page can replay every step.

A deck of ``n`` items (card ids) starts as their public points (hash-to-curve, see ``CardPoints``).
With the players in pass order ``o0 .. o(m-1)``:

* stage i < m-1 (``MASK``): ``o_i`` permutes the deck and multiplies every point by one scalar (its
  mask). One scalar for all cards, so it can later be removed wherever the cards went; the decisional
  Diffie-Hellman assumption keeps masked cards from being told apart;
* stage m-1 (``LOCK``): the last player permutes and multiplies position ``j`` by its own scalar
  ``lock_j``. After this no one permutes again: positions ("slots") are final;
* stages m .. 2m-2 (``UNMASK``): ``o0 .. o(m-2)`` in turn multiply slot ``j`` by ``lock_j / mask``.

The final deck holds ``(prod of every player's lock_j) * card point`` at slot ``j``. A slot is
opened to a player when every other player hands it its ``lock_j`` (in clear when everyone may see
the card, else encrypted to that player, see ``seal``); the player removes its own lock last and
looks the point up among the deck's card points. A false lock gives a point that is no card.

Every scalar of a player for a deck (mask, locks, permutation, the key that seals its shares) comes
from that player's deck seed by HMAC-SHA256; revealing the seed at the deal's end lets every page
recompute every pass and every share of that player.
"""

from __future__ import annotations

import hashlib
import hmac
import time

from . import curve
from .curve import N

MASK, LOCK, UNMASK = 0, 1, 2


def _h(seed: bytes, label: bytes, i: int = 0) -> bytes:
    return hmac.new(seed, label + i.to_bytes(4, "big"), hashlib.sha256).digest()


def _nonzero_scalar(data: bytes) -> int:
    return int.from_bytes(data, "big") % (N - 1) + 1


class DeckKeys:
    """One player's secrets for one deck, all derived from its 32-byte deck seed."""

    __slots__ = ("seed", "mask", "box", "_locks")

    def __init__(self, seed: bytes):
        if len(seed) != 32:
            raise ValueError("a deck seed is 32 bytes")
        self.seed = seed
        self.mask = _nonzero_scalar(_h(seed, b"mask"))
        self.box = _nonzero_scalar(_h(seed, b"box"))
        self._locks: dict[int, int] = {}

    def lock(self, slot: int) -> int:
        k = self._locks.get(slot)
        if k is None:
            k = self._locks[slot] = _nonzero_scalar(_h(self.seed, b"lock", slot))
        return k

    def box_public(self) -> int:
        """The x of the public key this player's shares of this deck are sealed with."""
        return curve.x_of(curve.mul_g(self.box))

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


def deck_seed(master: bytes, table_id: bytes, deck: int) -> bytes:
    """A player's seed for one deck of one table, from its master secret (which never leaves its page)."""
    return hmac.new(master, b"deck" + table_id + deck.to_bytes(4, "big"), hashlib.sha256).digest()


# ---- the passes ----------------------------------------------------------------------------------
def _multiply(xs: list[int], scalars: list[int]) -> list[int]:
    """x(scalars[i] * lift(xs[i])) for every i: the points as x-only ints."""
    out = []
    for x, k in zip(xs, scalars):
        point = curve.lift_x(x)
        if point is None:
            raise curve.BadPoint("not a curve point")
        out.append(curve.mul(point, k))
    return curve.xs_of(out)


def mask_pass(xs: list[int], keys: DeckKeys) -> list[int]:
    """Stage MASK: permute, then multiply every point by the mask."""
    order = keys.permutation(len(xs))
    return _multiply([xs[i] for i in order], [keys.mask] * len(xs))


def lock_pass(xs: list[int], keys: DeckKeys) -> list[int]:
    """Stage LOCK (the last player): permute, then lock each slot with its own scalar."""
    order = keys.permutation(len(xs))
    return _multiply([xs[i] for i in order], [keys.lock(j) for j in range(len(xs))])


def unmask_pass(xs: list[int], keys: DeckKeys) -> list[int]:
    """Stage UNMASK: take the mask off and lock each slot."""
    inverse = pow(keys.mask, -1, N)
    return _multiply(xs, [keys.lock(j) * inverse % N for j in range(len(xs))])


def run_pass(kind: int, xs: list[int], keys: DeckKeys) -> list[int]:
    return (mask_pass, lock_pass, unmask_pass)[kind](xs, keys)


def stage_kinds(players: int) -> list[int]:
    """The pass kind of each stage for ``players`` players (2 * players - 1 stages)."""
    return [MASK] * (players - 1) + [LOCK] + [UNMASK] * (players - 1)


def stage_seats(order: list[int]) -> list[int]:
    """Who does each stage, for a pass order: everyone once, then all but the last again."""
    return list(order) + list(order[:-1])


# ---- opening a slot ------------------------------------------------------------------------------
def open_slot(x: int, locks: list[int]) -> int:
    """The x of the card point under a slot's final point ``x``, given every player's lock."""
    product = 1
    for k in locks:
        product = product * k % N
    point = curve.lift_x(x)
    if point is None:
        raise curve.BadPoint("not a curve point")
    return curve.x_of(curve.mul(point, pow(product, -1, N)))


class CardPoints:
    """The public point of every card id at one table (hash-to-curve, domain-separated by the table
    id), and the way back from an x to a card id."""

    def __init__(self, table_id: bytes):
        self.table_id = table_id
        self._x: dict[int, int] = {}
        self._card: dict[int, int] = {}

    def x(self, card: int) -> int:
        x = self._x.get(card)
        if x is None:
            if not 0 <= card < 256:
                raise ValueError(f"card id {card} is outside 0..255")
            x = self._x[card] = curve.hash_to_x(self.table_id, bytes([card]))
            self._card[x] = card
        return x

    def card(self, x: int, items: list[int]) -> int | None:
        """The card id among ``items`` whose point has this x, or None (a false lock)."""
        for c in set(items):
            self.x(c)
        found = self._card.get(x)
        return found if found is not None and found in items else None


# ---- shares sealed to one player -------------------------------------------------------------------
def seal_pad(shared_x: int, table_id: bytes, deck: int, slot: int, sender: int, recipient: int) -> bytes:
    return curve.tagged_hash("pygames/share", curve.x_bytes(shared_x) + table_id
                             + bytes([sender, recipient]) + deck.to_bytes(4, "big") + slot.to_bytes(2, "big"))


def shared_x(own_box: int, other_box_x: int) -> int:
    """The Diffie-Hellman x shared by two players' box keys for one deck."""
    point = curve.lift_x(other_box_x)
    if point is None:
        raise curve.BadPoint("not a curve point")
    return curve.x_of(curve.mul(point, own_box))


def xor32(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def shuffle_step_seconds(cards: int = 104) -> float:
    """Seconds for one shuffle-and-encrypt step over ``cards`` cards (the heaviest kind: a scalar
    multiplication per card), timed where it runs: ``python -m pygames.remote shuffle-step`` in
    CPython, the bridge's ``remote_bench`` in the page."""
    points = CardPoints(bytes(12))
    xs = [points.x(c % 52) for c in range(cards)]
    keys = DeckKeys(bytes(range(32)))
    began = time.perf_counter()
    lock_pass(xs, keys)
    return time.perf_counter() - began
