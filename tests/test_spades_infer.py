"""Hard's dealer of the unseen cards (``pygames.ai.spades.bid_sampler``): every deal it makes agrees
with what the seat has seen, exactly as ``Spades.determinize``'s do, and its hidden hands fit their
bids - a seat that bid 5 is dealt a hand worth about five tricks, a nil bidder a hand that can duck -
where a plain deal gives every consistent hand alike. (Its experiments - reading the follows, exact
bids - are tested with them, in research/tests/test_spades_reading.py.)"""

import statistics

from pygames.ai.spades import bid_sampler, can_duck, estimate_tricks
from pygames.cards import Rng
from pygames.games.spades import Spades
from tests.helpers.spades_infer import deals_agree_with_the_view_and_keep_every_void, positions, sampler_is_deterministic_from_its_seed, whole_hand


def test_its_deals_agree_with_the_view_and_keep_every_void():
    deals_agree_with_the_view_and_keep_every_void(bid_sampler)


def test_it_is_deterministic_from_its_seed():
    sampler_is_deterministic_from_its_seed(bid_sampler)


def test_hidden_hands_fit_their_bids_better_than_a_plain_deal():
    """Over many positions early in the play, the sampled hands' likely tricks sit near their bids and
    nil bidders get hands that can duck, far more often than in a plain deal (the same positions)."""
    off_fit, off_plain, duck_fit, duck_plain, nils = [], [], 0, 0, 0
    for g in positions(40, seed=3):
        seat = g.turn
        view = g.view(seat)
        if len(view["log"]) > 12:            # early in the deal: the bids still say most of it
            continue
        sample = bid_sampler(view)
        rng = Rng(len(view["log"]))
        for _ in range(20):
            fit, plain = sample(view, rng), Spades.determinize(view, rng)
            for other in range(4):
                if other == seat:
                    continue
                bid = view["bids"][other]
                if bid == "nil":
                    nils += 1
                    duck_fit += can_duck(whole_hand(fit, view, other))
                    duck_plain += can_duck(whole_hand(plain, view, other))
                else:
                    off_fit.append(abs(estimate_tricks(whole_hand(fit, view, other)) - bid))
                    off_plain.append(abs(estimate_tricks(whole_hand(plain, view, other)) - bid))
    assert len(off_fit) > 300
    assert statistics.fmean(off_fit) < 0.6 * statistics.fmean(off_plain)
    assert nils and duck_fit > 1.5 * duck_plain
