"""Card codes, decks, and where a game's chance comes from: the ``Chance`` interface and the seeded
generator ``Rng`` that implements it for every local table.

A card code is rank + suit: ranks ``A 2 3 4 5 6 7 8 9 T J Q K``, suits ``S H D C`` ("QS", "TD").
Internally a card is an int ``suit * 13 + rank_index`` (rank_index 0 = Ace ... 12 = King), so the hot
paths of the games work on ints and tuples; codes appear only at the API edge.
"""

from __future__ import annotations

from typing import Protocol, Sequence, TypeVar

T = TypeVar("T")

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
HIDDEN = "??"

CODES = tuple(r + s for s in SUITS for r in RANKS)   # card id -> code
IDS = {c: i for i, c in enumerate(CODES)}            # code -> card id


def code(card_id: int) -> str:
    return CODES[card_id]


def card_id(card_code: str) -> int:
    try:
        return IDS[card_code]
    except (KeyError, TypeError):
        raise ValueError(f"{card_code!r} is not a card code (rank A23456789TJQK + suit SHDC, e.g. 'QS')")


def rank_of(card_id: int) -> int:
    """0 = Ace, 1 = Two ... 12 = King."""
    return card_id % 13


def suit_of(card_id: int) -> int:
    """0 = spades, 1 = hearts, 2 = diamonds, 3 = clubs."""
    return card_id // 13


# rank indexes (``rank_of``), the Ace low; the colour of each suit index (S H D C: hearts and
# diamonds are red); and both by card id, for the hot paths
ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING = range(13)
RED = (False, True, True, False)
RANK_OF = tuple(c % 13 for c in range(52))
SUIT_OF = tuple(c // 13 for c in range(52))


def is_red(card_code: str) -> bool:
    """Whether the card of a code is red (a heart or a diamond)."""
    return RED[SUITS.index(card_code[1])]


def deck_ids(decks: int = 1) -> list[int]:
    """Card ids of ``decks`` standard 52-card decks, in a fixed order (shuffle it with an Rng)."""
    return list(range(52)) * decks


_MASK64 = (1 << 64) - 1


class Chance(Protocol):
    """Every chance event of the rules, as a game asks for it (``Game.chance``). A game says what
    the event is - a deck shuffled face down, cards turned face up, a number everyone sees - and
    never how it is drawn: ``Rng`` draws from a seed (local tables, search, replays); a remote
    table's source answers from the players' jointly shuffled encrypted deck. Who may see which
    card of a shuffled deck afterwards is the game's ``SECRETS``, not the source's business."""

    def shuffle(self, items: list[T]) -> list[T]:
        """``items`` in a random order, in place (and returned): a deck dealt face down."""
        ...

    def face_up(self, items: list[T], k: int) -> list[T]:
        """``k`` cards turned face up from ``items`` freshly shuffled (a cut): everyone sees them."""
        ...

    def below(self, n: int) -> int:
        """A uniform number in [0, n) that every player sees (who deals first)."""
        ...

    def copy(self) -> Chance:
        """An independent source that will answer exactly as this one would from now on."""
        ...


# below(n)'s rejection limit for the deck sizes a shuffle meets (up to three decks and more)
_LIMITS = tuple(18446744073709551616 - 18446744073709551616 % n if n else 0 for n in range(320))


class Rng:
    """SplitMix64: small, fast and fully specified, so a seed gives the same stream in CPython and
    Pyodide whatever their ``random`` module does. Its whole state is one int (``state``)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = int(seed) & _MASK64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n), by rejection so there is no modulo bias. (next64 is written out
        here and in shuffle: these two are the hottest lines of every playout.)"""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = 18446744073709551616 - 18446744073709551616 % n
        state = self.state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def shuffle(self, items: list[T]) -> list[T]:
        """Fisher-Yates in place (the same draws as ``below(i + 1)`` for i from the top down)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < 320 else 18446744073709551616 - 18446744073709551616 % n
            while True:
                state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state
        return items

    def face_up(self, items: list[T], k: int) -> list[T]:
        """The first ``k`` of ``items`` shuffled (the same draws as a shuffle)."""
        return self.shuffle(items)[:k]

    def copy(self) -> Rng:
        twin = Rng()
        twin.state = self.state
        return twin

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)
