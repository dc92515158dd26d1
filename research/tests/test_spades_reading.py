"""Hard's experiments in reading the hidden hands (``research/spades_experiments.py``): with ``read``
the sampler also reads the follows (``follow_reads``): a seat that followed with a card other than
its lowest held no lower card, unless the card was the cheapest winner. With ``chain`` (exact bids,
``research/vs_openspiel.py --exact-bids``) the deals are a chain of card swaps that read the bids as
the normal bidder makes them. Either way the deals agree with the view as the page's ``bid_sampler``'s
do (the same checks, tests/test_spades_infer.py)."""

import pytest

from pygames.ai.spades import bid_sampler
from pygames.cards import IDS, Rng
from research.spades_experiments import Reading, follow_reads, sampler
from tests.helpers.spades_infer import (deals_agree_with_the_view_and_keep_every_void, normal_bid, positions,
                                     sampler_is_deterministic_from_its_seed, whole_hand)


@pytest.mark.parametrize("reading", [Reading(read=True), Reading(chain=8)], ids=["read", "chain"])
def test_its_deals_agree_with_the_view_and_keep_every_void(reading):
    deals_agree_with_the_view_and_keep_every_void(lambda view: sampler(view, reading))


def test_the_chain_is_deterministic_from_its_seed():
    sampler_is_deterministic_from_its_seed(lambda view: sampler(view, Reading(chain=8)))


def test_the_chain_deals_hands_that_bid_what_their_seats_bid_far_more_often():
    """The bids are the normal bidder's here: the chain's hidden hands would bid what their seats bid
    in most samples; the draws weighed by ``bid_fit`` deal such hands much less often."""
    share = {}
    for chain in (0, 8):
        exact = total = 0
        for g in positions(30, seed=4):
            seat = g.turn
            view = g.view(seat)
            sample = sampler(view, Reading(chain=chain))
            rng = Rng(len(view["log"]))
            for _ in range(20):
                dealt = sample(view, rng)
                for other in range(4):
                    if other != seat and isinstance(view["bids"][other], int):
                        exact += normal_bid(whole_hand(dealt, view, other)) == view["bids"][other]
                        total += 1
        share[chain] = exact / total
    assert share[8] > 0.6 and share[8] > 1.5 * share[0], share


def plays(*seat_cards):
    return [{"seat": s, "move": {"type": "play", "card": c}} for s, c in seat_cards]


def mask(*codes):
    return sum(1 << IDS[c] for c in codes)


def test_a_follow_reads_as_no_lower_card_or_no_cheaper_winner():
    """West leads the 5 of hearts, North plays the 9, East the king, South (the reader) the 2: North
    held no heart below the 9 unless it had no winner cheaper than the 9 (6, 7, 8), East none below
    the king unless none of 10 to queen. A card North plays later rules its lowest out, or its cheapest."""
    first = plays((1, "5H"), (2, "9H"), (3, "KH"), (0, "2H"))
    view = {"seat": 0, "log": first, "trick": []}
    below_9 = mask("2H", "3H", "4H", "5H", "6H", "7H", "8H")
    assert follow_reads(view) == [
        (2, below_9, mask("6H", "7H", "8H")),
        (3, below_9 | mask("9H", "TH", "JH", "QH"), mask("TH", "JH", "QH"))]
    # North plays the 3 of hearts later: it was not its lowest, so only the cheapest winner explains it
    later = plays((3, "AC"), (0, "2C"), (1, "3C"), (2, "3H"))
    assert follow_reads({"seat": 0, "log": first + later, "trick": []})[0] == (2, -1, mask("6H", "7H", "8H"))
    # ... and the 7 as well: no hand explains the follow, so it says nothing about the deal
    more = plays((3, "KC"), (0, "4C"), (1, "5C"), (2, "7H"))
    assert [r[0] for r in follow_reads({"seat": 0, "log": first + later + more, "trick": []})] == [3, 1, 1]
    # a follow in the trick on the table is read too; a card of another suit is not read
    assert follow_reads({"seat": 1, "log": [], "trick": [{"seat": 2, "card": "4D"}, {"seat": 3, "card": "3D"},
                                                         {"seat": 0, "card": "2S"}]}) == [
        (3, mask("2D"), None)]


def unexplained(game, view, seat_reads):
    """How many of the reads a sampled ``game``'s hidden hands leave unexplained."""
    misses = 0
    for s, lower, gap in seat_reads:
        held = sum(1 << c for c in game.hands[s])
        misses += bool(held & lower and (gap is None or held & gap))
    return misses


def test_reading_the_follows_deals_hands_that_explain_them():
    """Later in the play, the hands the reading sampler deals leave far fewer follows unexplained than
    the bids alone do (the same positions and streams)."""
    plain = reading = 0
    for g in positions(30, seed=4):
        seat = g.turn
        view = g.view(seat)
        reads = [r for r in follow_reads(view) if r[0] != seat and len(g.hands[r[0]])]
        if not reads:
            continue
        by_bids, by_reading = bid_sampler(view), sampler(view, Reading(read=True))
        for i in range(10):
            plain += unexplained(by_bids(view, Rng(i)), view, reads)
            reading += unexplained(by_reading(view, Rng(i)), view, reads)
    assert plain > 50
    assert reading < 0.75 * plain, (reading, plain)
