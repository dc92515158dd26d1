"""A Spades bot never throws away its own live nil (no trick taken yet): it never wins a trick it could
lose, nil or double nil, at every level above easy. Scenario positions (seat 0, South, to play; built
as in test_spades_partner) and a property over seeded deals (tests/spades_nil.py; the long count runs
with ``-m soak`` or ``python -m tests.spades_nil 1000``)."""

import pytest

from pygames.cards import IDS
from pygames.games.spades import trick_winner
from tests.spades_nil import nil_turns
from tests.helpers.spades import play, position

LEVELS = ("normal", "hard")
SEEDS = (1, 2, 3, 4, 5)


def stays_under(g, card):
    return trick_winner([g.trick[trick_winner(g.trick)], IDS[card]]) == 0


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("bid", ["nil", "double_nil"])
def test_a_nil_that_looks_lost_still_throws_its_ace_rather_than_trump(level, seed, bid):
    """Void in clubs, second to play, with two low spades and five hearts: the ace of hearts goes,
    not the 2 of spades. (A seeded game reaches this position. Its playouts lose the nil whatever the bot plays, as no
    partner covers it there, so every card looks the same to the search: the cards it may weigh decide,
    and a trump that wins the trick is not among them.)"""
    g = position(["5S", "2S", "AH", "TH", "5H", "3H", "2H"], [bid, 1, 3, 3], trick=("8C",), leader=3,
                 tricks=(0, 4, 1, 1))
    card = play(g, level, seed)
    assert card[1] != "S" and stays_under(g, card)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("bid", ["nil", "double_nil"])
def test_a_nil_void_in_the_suit_led_discards_rather_than_trump(level, seed, bid):
    """Void in hearts, second to play, two players still to come: not the 2 of spades but a card
    that cannot win."""
    mine = ["2S", "KC", "9C", "7C", "5C", "4C", "3C", "JD", "8D", "6D", "4D", "2D", "QD"]
    g = position(mine, [bid, 3, 4, 3], trick=("KH",), leader=3)
    card = play(g, level, seed)
    assert card != "2S" and stays_under(g, card)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_double_nil_does_not_overruff(level, seed):
    """Third to play over a ruff by the 2 of spades, with clubs and a diamond to throw: no spade
    (a seeded game reaches such a position, where the queen of spades would overruff)."""
    g = position(["QS", "5S", "AC", "4C", "3C", "3D"], ["double_nil", 2, 2, 2], trick=("9H", "2S"),
                 leader=2, tricks=(0, 3, 3, 1))
    card = play(g, level, seed)
    assert card[1] != "S" and stays_under(g, card)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_nil_following_suit_plays_under_the_king(level, seed):
    g = position(["AH", "5H", "3H", "KC", "9C", "5C", "3C", "JD", "8D", "6D", "4D", "2D", "4S"],
                 ["nil", 3, 4, 3], trick=("KH",), leader=3)
    assert play(g, level, seed) in ("5H", "3H")


@pytest.mark.parametrize("level", LEVELS)
def test_seeded_deals_never_win_a_trick_on_a_live_nil_that_a_card_could_lose(level):
    turns = 0
    for seed, seat, card, rose, won in nil_turns(range(24), level, budget=60):
        turns += 1
        assert not rose and not won, (seed, seat, card)
    assert turns >= 40, "the seeded deals should hold enough live-nil turns to say something"


@pytest.mark.soak
def test_a_thousand_seeded_deals_never_win_a_trick_on_a_live_nil_that_a_card_could_lose():
    bad = [(seed, seat, card) for seed, seat, card, rose, won in nil_turns(range(1000), "hard") if rose or won]
    assert not bad
