"""A deal's second check, once every player has revealed its key for the deal: every card of the
deal's decks opened, and every move replayed against the rules with the true cards. The proofs
checked on arrival already hold every shuffle and share to account; this names whoever made a move
that only the hidden cards show to be wrong (a card held back that the rules made it play, a card
hidden from the wrong players)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Callable

from ..cards import CODES
from ..engine import IllegalMove
from . import beacon, deck as deck_mod
from .curve import Affine
from .sim import card_spots, masked_seats


class Culprit(Exception):
    """A deal's check found who broke it: ``seat``, what (English ``text``) and which kind of
    breach (``kind``: a ``remote.why.<kind>`` message the page says in its own language)."""

    def __init__(self, seat: int, text: str, kind: str = "protocol"):
        super().__init__(text)
        self.seat = seat
        self.kind = kind


def deck_truth(cards: list[tuple[Affine, Affine]], items: list[int], points: deck_mod.CardPoints,
               secret: int) -> list[int] | None:
    """Every card of a final deck, given the sum of the deal's revealed keys; None when they do not
    open to the deck's cards each once (which the proofs checked on arrival rule out)."""
    opened = deck_mod.open_with_key(cards, secret)
    found = [None if p is None else points.card(p, items) for p in opened]
    if None in found or len(set(found)) != len(found):
        return None
    values = [f[0] for f in found]  # type: ignore[index]
    return values if Counter(values) == Counter(items) else None


def short(move: dict) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))[:120]


class _Truth:
    """The rules' chance with the true cards: the k-th shuffle is deck k's true order, face-up cards
    and public numbers come from the beacon."""

    def __init__(self, truth: Callable[[int], list[int] | None], beacon_value: bytes | None, deck: int = 0, draw: int = 0):
        self.truth = truth
        self.beacon = beacon_value
        self.deck = deck
        self.draw = draw

    def shuffle(self, items: list) -> list:
        k = self.deck
        self.deck += 1
        known = self.truth(k)
        if known is not None:
            items[:] = known
        return items

    def face_up(self, items: list, k: int) -> list:
        i = self.draw
        self.draw += 1
        return beacon.Stream(self.beacon, i).shuffle(list(items))[:k]  # type: ignore[arg-type]

    def below(self, n: int) -> int:
        i = self.draw
        self.draw += 1
        return beacon.Stream(self.beacon, i).below(n)  # type: ignore[arg-type]

    def copy(self) -> "_Truth":
        return _Truth(self.truth, self.beacon, self.deck, self.draw)


def true_moves(cls: Any, options: dict, players: int, moves: list, beacon_value: bytes | None, last: int,
               truth: Callable[[int], list[int] | None], checkpoint: Any = None):
    """The game with the true cards, move by move up to step ``last`` (from ``checkpoint`` where it
    stands just before a deal): yields (move number, mover, the move with its true cards, the game
    before it); Culprit names a mover whose named card is not the card in its slot."""
    if checkpoint is not None:
        game = checkpoint.game.clone(history=True)
        game.chance = _Truth(truth, beacon_value, checkpoint.deck, checkpoint.draw)
        begin = checkpoint.step - 1
    else:
        game = cls(players=players, options=options, seed=0, chance=_Truth(truth, beacon_value))
        game._zones()
        begin = 0
    for m in range(begin, last):
        seat, item = moves[m]
        move = json.loads(json.dumps(item.move))
        spots = card_spots(move)
        for p, k, j, mask in item.slots:
            container, key = spots[p]
            true = truth(k)[j]  # type: ignore[index]
            if not mask and container[key] != CODES[true]:
                raise Culprit(seat, f"move {m + 1} named {container[key]} but played {CODES[true]}", "move_card")
            container[key] = CODES[true]
        yield m, seat, move, game
        game._zones()


def check_moves(cls: Any, options: dict, players: int, moves: list, beacon_value: bytes | None,
                first: int, last: int, truth: Callable[[int], list[int] | None], checkpoint: Any) -> None:
    """Replay the moves up to step ``last`` with the true cards (``truth(k)``: deck k's cards), from
    ``checkpoint`` where it stands just before this deal's first step: every move from step ``first``
    on must be legal for its mover, every card it named the card in the slot it named, every card it
    hid hidden from the seats it said. Culprit names the first mover who broke that."""
    for m, seat, move, game in true_moves(cls, options, players, moves, beacon_value, last, truth, checkpoint):
        if m + 1 > first:
            if game.current_player != seat:
                raise Culprit(seat, f"move {m + 1} was played out of turn", "move_rules")
            try:
                game.play(move)
            except IllegalMove as e:
                raise Culprit(seat, f"move {m + 1} ({short(move)}) breaks the rules: {e}", "move_rules") from None
            item = moves[m][1]
            for p, k, j, mask in item.slots:
                if mask and masked_seats(game, p, players, seat) != mask:
                    raise Culprit(seat, f"move {m + 1} hid a card from the wrong seats", "move_hides")
        else:
            game.play_unchecked(game.move_to_action(move))
