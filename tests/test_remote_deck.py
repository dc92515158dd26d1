"""The joint deck: passes that commute, slots that open only with every lock, a false lock that
opens to no card, a deck recomputed from revealed seeds, and the player who broke it named."""

import pytest

from pygames.remote import curve, deck
from pygames.remote.deck import MASK, LOCK, UNMASK, CardPoints, DeckKeys
from pygames.remote.verify import Culprit, DeckRecord, deck_truth, replay_passes

TABLE = b"test-table12"
ITEMS = [0, 13, 26, 39, 5, 5, 12]          # a small deck; a card twice, as in two-deck games


def shuffled(players, items=ITEMS):
    """Every stage of a deck shuffled by ``players`` players in seat order: (keys, stages)."""
    points = CardPoints(TABLE)
    keys = [DeckKeys(deck.deck_seed(bytes([s]) * 32, TABLE, 0)) for s in range(players)]
    order = list(range(players))
    xs = [points.x(c) for c in items]
    stages = []
    for kind, seat in zip(deck.stage_kinds(players), deck.stage_seats(order)):
        xs = deck.run_pass(kind, xs, keys[seat])
        stages.append(xs)
    return points, keys, stages


@pytest.mark.parametrize("players", [2, 3])
def test_every_slot_opens_to_its_card_with_every_lock(players):
    points, keys, stages = shuffled(players)
    final = stages[-1]
    values = [points.card(deck.open_slot(x, [k.lock(j) for k in keys]), ITEMS) for j, x in enumerate(final)]
    assert sorted(values) == sorted(ITEMS)
    assert values != ITEMS or players == 0          # shuffled (this seed moves cards)


def test_a_slot_missing_one_lock_or_holding_a_false_one_opens_to_no_card():
    points, keys, stages = shuffled(2)
    x = stages[-1][0]
    assert points.card(deck.open_slot(x, [keys[0].lock(0)]), ITEMS) is None
    assert points.card(deck.open_slot(x, [keys[0].lock(0), keys[1].lock(1)]), ITEMS) is None
    assert points.card(deck.open_slot(x, [keys[0].lock(0), 12345]), ITEMS) is None
    assert points.card(deck.open_slot(x, [keys[0].lock(0), keys[1].lock(0)]), ITEMS) is not None


def test_slot_order_is_final_after_the_lock_stage():
    """After the last player's LOCK pass, unmasking changes points, never positions."""
    points, keys, stages = shuffled(3)
    lock_stage = stages[2]
    partial = [points.card(deck.open_slot(x, [keys[2].lock(j), keys[0].mask, keys[1].mask]), ITEMS)
               for j, x in enumerate(lock_stage)]
    final = [points.card(deck.open_slot(x, [k.lock(j) for k in keys]), ITEMS) for j, x in enumerate(stages[-1])]
    assert partial == final


def test_seeds_derive_everything_and_differ():
    a, b = DeckKeys(bytes(32)), DeckKeys(bytes([1]) * 32)
    assert a.permutation(52) == DeckKeys(bytes(32)).permutation(52)
    assert sorted(a.permutation(52)) == list(range(52)) and a.permutation(52) != b.permutation(52)
    assert a.mask != b.mask and a.lock(0) != a.lock(1) and 0 < a.lock(7) < curve.N
    assert deck.deck_seed(bytes(32), TABLE, 0) != deck.deck_seed(bytes(32), TABLE, 1)


def test_a_sealed_lock_opens_only_for_its_recipient():
    a, b, c = (DeckKeys(bytes([s]) * 32) for s in (1, 2, 3))
    shared_ab = deck.shared_x(a.box, b.box_public())
    assert shared_ab == deck.shared_x(b.box, a.box_public())
    pad = deck.seal_pad(shared_ab, TABLE, 0, 5, 0, 1)
    sealed = deck.xor32(curve.scalar_bytes(a.lock(5)), pad)
    assert int.from_bytes(deck.xor32(sealed, pad), "big") == a.lock(5)
    wrong = deck.seal_pad(deck.shared_x(c.box, a.box_public()), TABLE, 0, 5, 0, 1)
    assert int.from_bytes(deck.xor32(sealed, wrong), "big") != a.lock(5)


def record(stages, keys, players):
    seats = deck.stage_seats(list(range(players)))
    return DeckRecord(0, {i: list(x) for i, x in enumerate(stages)}, dict(enumerate(seats)),
                      {s: k.box_public() for s, k in enumerate(keys)}, {}, {},
                      {s: k.seed for s, k in enumerate(keys)})


def test_revealed_seeds_give_the_deck_and_every_pass_replays():
    points, keys, stages = shuffled(2)
    rec = record(stages, keys, 2)
    values = deck_truth(rec, ITEMS, [0, 1], points, TABLE, 2, full=True)
    assert sorted(values) == sorted(ITEMS)
    replay_passes(rec, ITEMS, [0, 1], points, {s: k for s, k in enumerate(keys)})


def test_a_false_pass_names_its_author():
    points, keys, stages = shuffled(3)
    stages[1] = list(stages[1])
    i, j = next((i, j) for i in range(len(ITEMS)) for j in range(i) if stages[1][i] != stages[1][j])
    stages[1][i], stages[1][j] = stages[1][j], stages[1][i]     # seat 1 swapped two of its outputs
    stages[2:] = []
    xs = stages[1]
    for kind, seat in list(zip(deck.stage_kinds(3), deck.stage_seats([0, 1, 2])))[2:]:
        xs = deck.run_pass(kind, xs, keys[seat])
        stages.append(xs)
    with pytest.raises(Culprit) as caught:
        replay_passes(record(stages, keys, 3), ITEMS, [0, 1, 2], points, dict(enumerate(keys)))
    assert caught.value.seat == 1


def test_a_substituted_card_is_caught_and_named():
    """The first player puts one card's point in for another's: the deck opens to the wrong cards."""
    points, keys, _ = shuffled(2)
    forged = [points.x(c) for c in ITEMS]
    forged[0] = forged[1]
    stages = []
    xs = deck.mask_pass(forged, keys[0])
    stages.append(xs)
    stages.append(deck.lock_pass(xs, keys[1]))
    stages.append(deck.unmask_pass(stages[-1], keys[0]))
    with pytest.raises(Culprit) as caught:
        deck_truth(record(stages, keys, 2), ITEMS, [0, 1], points, TABLE, 2)
    assert caught.value.seat == 0


def test_a_false_share_is_named():
    points, keys, stages = shuffled(2)
    rec = record(stages, keys, 2)
    rec.clear[(3, 1)] = (curve.scalar_bytes(keys[1].lock(3) + 1), 0)        # seat 0 published it
    with pytest.raises(Culprit) as caught:
        deck_truth(rec, ITEMS, [0, 1], points, TABLE, 2)
    assert caught.value.seat == 0
    rec.clear.clear()
    shared = deck.shared_x(keys[1].box, keys[0].box_public())
    pad = deck.seal_pad(shared, TABLE, 0, 4, 1, 0)
    rec.sealed[(4, 1, 0)] = deck.xor32(curve.scalar_bytes(keys[1].lock(4) ^ 1), pad)
    with pytest.raises(Culprit) as caught:
        deck_truth(rec, ITEMS, [0, 1], points, TABLE, 2)
    assert caught.value.seat == 1


def test_a_missing_seed_is_named():
    points, keys, stages = shuffled(2)
    rec = record(stages, keys, 2)
    del rec.reveals[1]
    with pytest.raises(Culprit) as caught:
        deck_truth(rec, ITEMS, [0, 1], points, TABLE, 2)
    assert caught.value.seat == 1


def test_pass_kinds_and_seats():
    assert deck.stage_kinds(3) == [MASK, MASK, LOCK, UNMASK, UNMASK]
    assert deck.stage_seats([2, 0, 1]) == [2, 0, 1, 2, 0]
