"""The Spades partner bot never works against its partner: scenario tests, each a position built by
hand, for the normal and hard bots (seat 0, South; its partner is seat 2, North; seats 1 and 3 are
the opponents, East and West)."""

import pytest

from pygames.ai.spades import choose_bid
from pygames.cards import CODES, IDS, Rng
from pygames.games.spades import Spades
from tests.helpers.spades import play, position

LEVELS = ("normal", "hard")


def bid_view(mine, bids):
    g = Spades(seed=1)
    g.phase, g.looked, g.bids = "bid", [True] * 4, list(bids)
    g.dealer, g.turn = 3, 0
    rest = [c for c in CODES if c not in mine]
    g.hands = [[IDS[c] for c in mine]] + [[IDS[c] for c in rest[i * 13:(i + 1) * 13]] for i in range(3)]
    return g.view(0)


# ---- bidding ---------------------------------------------------------------------------------------
NIL_HAND = ["2S", "5S", "8S", "QH", "4H", "3H", "2H", "9D", "5D", "3D", "8C", "6C", "4C"]
HOPELESS = ["2S", "3S", "4S", "7H", "4H", "3H", "2H", "9D", "5D", "3D", "8C", "6C", "4C"]


@pytest.mark.parametrize("level", LEVELS)
def test_no_nil_on_top_of_the_partners_nil_without_a_hand_for_it(level):
    # alone, this hand bids nil
    assert choose_bid(bid_view(NIL_HAND, [None, None, 3, None]), level, Rng(1))["bid"] == "nil"
    # on top of the partner's nil it bids tricks: the team would have no one to cover
    move = choose_bid(bid_view(NIL_HAND, [None, None, "nil", None]), level, Rng(1))
    assert isinstance(move["bid"], int) and move["bid"] >= 1
    # a hand that takes nothing may still bid nil beside it
    assert choose_bid(bid_view(HOPELESS, [None, None, "nil", None]), level, Rng(1))["bid"] == "nil"


@pytest.mark.parametrize("level", LEVELS)
def test_covering_partner_bids_for_the_tricks_it_will_take(level):
    hand = ["AS", "KS", "7S", "AH", "KH", "5H", "AD", "8D", "4D", "JC", "9C", "6C", "3C"]
    alone = choose_bid(bid_view(hand, [None, 3, 3, None]), level, Rng(1))["bid"]
    covering = choose_bid(bid_view(hand, [None, 3, "nil", None]), level, Rng(1))["bid"]
    assert covering >= alone


# ---- covering a partner's nil -------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_wins_the_trick_before_the_nil_partner_must_play(level):
    """West leads a low heart; North (nil) plays after South: South wins it high, so North can duck."""
    g = position(["AH", "9H", "2H", "5D", "4D", "3D", "8C", "7C", "6C", "5C", "4C", "3C"],
                 bids=[4, 3, "nil", 3], leader=3, trick=["4H"], tricks=(0, 0, 0, 1))
    assert play(g, level) == "AH"


@pytest.mark.parametrize("level", LEVELS)
def test_overtakes_the_nil_partner_who_is_winning(level):
    """East led, North (nil) was forced to win with the 9♦, West followed low: South overtakes."""
    g = position(["KD", "2D", "9H", "5H", "3H", "8C", "7C", "6C", "5C", "4C", "3C", "2C"],
                 bids=[4, 3, "nil", 3], leader=1, trick=["3D", "9D", "5D"], tricks=(0, 0, 0, 1))
    assert play(g, level) == "KD"


@pytest.mark.parametrize("level", LEVELS)
def test_leads_into_the_suit_the_nil_partner_is_void_in(level):
    """North showed out of clubs on the first trick: South leads a club, where North discards its
    dangerous cards, rather than even its A♥."""
    g = position(["KC", "8C", "5C", "2C", "AH", "8H", "7H", "6D", "5D", "4D", "3D", "2D"],
                 bids=[4, 3, "nil", 3], leader=0, tricks=(1, 0, 0, 0), broken=False,
                 history=[(0, ["AC", "TC", "QH", "3C"])])
    card = play(g, level)
    assert card[-1] == "C"


@pytest.mark.parametrize("level", LEVELS)
def test_leads_high_not_low_for_the_nil_partner(level):
    g = position(["AH", "KH", "3H", "2H", "8D", "7D", "6D", "5D", "4D", "3D", "2D", "9C"],
                 bids=[4, 3, "nil", 3], leader=0, tricks=(1, 0, 0, 0), broken=False,
                 history=[(0, ["AC", "KC", "QC", "JC"])])
    card = play(g, level)
    assert card == "AH"


# ---- the partner's sure winner ------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_does_not_trump_the_partners_ace(level):
    """North led the A♥, East followed; South, void in hearts, discards rather than trumps."""
    g = position(["AS", "KS", "5S", "2S", "9D", "8D", "7D", "6D", "9C", "8C", "7C", "6C"],
                 bids=[4, 3, 4, 2], leader=2, trick=["AH", "4H"], tricks=(0, 0, 0, 1))
    card = play(g, level)
    assert card[-1] != "S"


@pytest.mark.parametrize("level", LEVELS)
def test_plays_last_under_the_partners_winning_card(level):
    """East led the 3♦, North won it with the Q♦, West followed: South, last, keeps its A♦."""
    g = position(["AD", "4D", "9H", "5H", "3H", "8C", "7C", "6C", "5C", "4C", "3C", "2C"],
                 bids=[4, 3, 4, 2], leader=1, trick=["3D", "QD", "5D"], tricks=(0, 0, 0, 1))
    assert play(g, level) == "4D"


# ---- setting the opponents once the own bid is safe ------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_takes_the_trick_that_sets_the_opponents(level):
    """North-South bid 3 and have 5; East-West bid 8 and have 5, so they need all 3 tricks left:
    South, last to play, takes this one (the set) instead of ducking a bag."""
    g = position(["AD", "3D", "9C"], bids=[2, 4, 1, 4],
                 leader=1, trick=["JD", "4D", "8D"], tricks=(3, 3, 2, 2))
    assert play(g, level) == "AD"
