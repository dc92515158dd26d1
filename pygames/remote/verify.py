"""Checking a deck once its players have revealed their seeds for it: the true order of its cards,
every lock share against the lock its owner's seed gives, and (when the cards do not come out
right, or on request) every pass recomputed, to name who broke it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from . import deck as deck_mod
from .deck import CardPoints, DeckKeys


@dataclass
class DeckRecord:
    """What the messages hold about one deck."""

    index: int
    stages: dict[int, list[int | None]]                 # stage -> its points (None where missing)
    stage_seat: dict[int, int]                          # stage -> who sent it
    boxes: dict[int, int]                               # seat -> box public x
    clear: dict[tuple[int, int], tuple[bytes, int]]     # (slot, owner) -> (lock, who published it)
    sealed: dict[tuple[int, int, int], bytes]           # (slot, owner, recipient) -> sealed lock
    reveals: dict[int, bytes]                           # seat -> deck seed

    def stage_points(self, stage: int) -> list[int] | None:
        points = self.stages.get(stage)
        if points is None or None in points:
            return None
        return points  # type: ignore[return-value]


class Culprit(Exception):
    """A deal's check found who broke it: ``seat``, what (English ``text``) and which kind of
    breach (``kind``: a ``remote.why.<kind>`` message the page says in its own language)."""

    def __init__(self, seat: int, text: str, kind: str = "protocol"):
        super().__init__(text)
        self.seat = seat
        self.kind = kind


def _keys(record: DeckRecord, players: int) -> dict[int, DeckKeys]:
    keys = {}
    for s in range(players):
        seed = record.reveals.get(s)
        if seed is None:
            continue
        k = DeckKeys(seed)
        if record.boxes.get(s) is not None and k.box_public() != record.boxes[s]:
            raise Culprit(s, f"its revealed secret for deck {record.index + 1} does not match the key it sealed with", "secret")
        keys[s] = k
    return keys


def replay_passes(record: DeckRecord, items: list[int], order: list[int], points: CardPoints,
                  keys: dict[int, DeckKeys]) -> None:
    """Recompute every pass whose author revealed its seed; the first that differs names its author."""
    kinds = deck_mod.stage_kinds(len(order))
    seats = deck_mod.stage_seats(order)
    xs = [points.x(c) for c in items]
    for stage, (kind, seat) in enumerate(zip(kinds, seats)):
        got = record.stage_points(stage)
        if got is None:
            raise Culprit(seat, f"its pass {stage + 1} of deck {record.index + 1} is missing", "shuffle")
        if seat in keys and deck_mod.run_pass(kind, xs, keys[seat]) != got:
            raise Culprit(seat, f"its pass {stage + 1} of deck {record.index + 1} is not what its secret gives", "shuffle")
        xs = got


def check_shares(record: DeckRecord, table_id: bytes, keys: dict[int, DeckKeys]) -> None:
    for (slot, owner), (value, publisher) in sorted(record.clear.items()):
        if owner in keys and int.from_bytes(value, "big") != keys[owner].lock(slot):
            raise Culprit(publisher, f"it published a false lock for card {slot + 1} of deck {record.index + 1}", "lock")
    for (slot, owner, recipient), sealed in sorted(record.sealed.items()):
        if owner not in keys or recipient not in record.boxes:
            continue
        shared = deck_mod.shared_x(keys[owner].box, record.boxes[recipient])
        pad = deck_mod.seal_pad(shared, table_id, record.index, slot, owner, recipient)
        if int.from_bytes(deck_mod.xor32(sealed, pad), "big") != keys[owner].lock(slot):
            raise Culprit(owner, f"it sent a false lock for card {slot + 1} of deck {record.index + 1}", "lock")


def deck_truth(record: DeckRecord, items: list[int], order: list[int], points: CardPoints, table_id: bytes,
               players: int, full: bool = False) -> list[int]:
    """The deck's card order from every player's revealed seed, every share checked; Culprit names
    the first player whose part is wrong. ``full``: also recompute every pass."""
    keys = _keys(record, players)
    final = record.stage_points(2 * players - 2)
    if final is None or len(final) != len(items):
        raise Culprit(order[-2] if players > 1 else order[0], f"deck {record.index + 1} was never finished", "shuffle")
    missing = [s for s in range(players) if s not in keys]
    values: list[int | None] = []
    if not missing:
        for j, x in enumerate(final):
            try:
                values.append(points.card(deck_mod.open_slot(x, [keys[s].lock(j) for s in range(players)]), items))
            except ValueError:
                values.append(None)
    if missing or None in values or Counter(values) != Counter(items) or full:
        replay_passes(record, items, order, points, keys)
    check_shares(record, table_id, keys)
    if missing:
        raise Culprit(missing[0], f"it has not revealed its secret for deck {record.index + 1}", "secret")
    if None in values or Counter(values) != Counter(items):
        raise Culprit(order[0], f"deck {record.index + 1} does not hold the cards it should", "shuffle")
    return values  # type: ignore[return-value]
