"""Who gives which decryption share of a card, and when a page can open it.

A card (a slot of a final deck) needs every player's share to open. Once the rules let anyone see it,
every player but one gives its share in the clear; the one left, the slot's *keeper* (the lowest of
those who could see it first), seals its share to each other player who may see the card. So a card
opens exactly to the players the rules show it to: a card of one player's hand to that player alone,
a card two partners see to the two of them, a card all players see to all of them and to no onlooker
of the chat. A move that names a card opens it to everyone in its own message - the mover's own
share, and the keeper's share sealed to the mover passed on with a proof - so every page checks the
named card against the deck on arrival.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import wire
from .ledger import DeckShares


@dataclass(frozen=True)
class Owed:
    """A share a seat owes: of slot ``slot`` of deck ``deck`` (deal ``deal``), to ``recipient`` (a
    seat) or in the clear (``wire.CLEAR``); ``due`` is the step that made it owed."""

    due: int
    deal: int
    deck: int
    slot: int
    recipient: int


def members(bits: int, players: int) -> list[int]:
    return [s for s in range(players) if bits >> s & 1]


def open_to_all(shares: DeckShares, slot: int, keeper: int | None, players: int) -> bool:
    """Whether every player can open the slot from the messages: every share in the clear, or every
    share but the keeper's in the clear and the keeper's sealed to each other player."""
    clear = shares.clear.get(slot, {})
    if len(clear) == players:
        return True
    if keeper is None:
        return False
    sealed = shares.sealed.get(slot, {})
    return all(s in clear for s in range(players) if s != keeper) and \
        all((keeper, s) in sealed for s in range(players) if s != keeper)


def owed_by(seat: int, slot: int, bits: int, keeper: int | None, show_all: bool, shares: DeckShares,
            players: int) -> list[int]:
    """What ``seat`` owes for one slot that ``bits`` may see: recipients, ``wire.CLEAR`` for a share
    in the clear (``show_all``: the seat shows every card it keeps)."""
    if not bits or keeper is None:
        return []
    clear = shares.clear.get(slot, {})
    if seat in clear:
        return []
    if seat != keeper or show_all:
        return [wire.CLEAR]
    sealed = shares.sealed.get(slot, {})
    return [s for s in members(bits, players) if s != seat and (seat, s) not in sealed]


def named_owed(seat: int, slot: int, keeper: int | None, shares: DeckShares, players: int) -> list[int]:
    """What ``seat`` owes for a card its move names, so that every page can open it on arrival: its
    own share in the clear, and each share sealed to it whose owner has not given it in the clear,
    passed on (``wire.FORWARD`` + the owner)."""
    if open_to_all(shares, slot, keeper, players):
        return []
    clear = shares.clear.get(slot, {})
    sealed = shares.sealed.get(slot, {})
    out = [] if seat in clear else [wire.CLEAR]
    return out + [wire.FORWARD + t for t in range(players) if t != seat and t not in clear and (t, seat) in sealed]

