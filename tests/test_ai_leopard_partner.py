"""The Leopard partner's answer to "may I go out?" (four players), from sampled playouts of the
deal: the sure result of going out now against the estimated result of playing on."""

import pytest

from pygames.ai import choose_move
from pygames.ai.leopard import answer_estimate
from pygames.cards import Rng
from pygames.games.leopard import DEALS, Leopard
from tests.helpers.leopard import put

SPADE_SQUARE = (("2S", 1), ("3S", 2), ("4S", 3), ("5S", 4), ("7S", 7), ("9C", 5))     # 5 points


def asking(other_square=(), deal=1, totals=(0, 0), seed=21):
    """Four players; the seat to act asks to go out with a 5-point square; its partner answers."""
    g = Leopard(players=4, seed=seed)
    asker = g.current_player
    side = g.side_of(asker)
    for code, pos in SPADE_SQUARE:
        put(g, side, pos, code)
    for code, pos in other_square:
        put(g, 1 - side, pos, code)
    g.deal_number = deal
    g.side_scores = list(totals) if side == 0 else list(reversed(totals))
    g.play({"type": "go_out"})
    assert g.phase == "answer" and g.current_player == g.partner_of(asker)
    return g


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_lets_the_partner_out_when_that_wins_the_match(level):
    g = asking(deal=DEALS, totals=(10, 13))        # going out scores 4: the side wins by one
    yes, no = answer_estimate(g.view(g.current_player), Rng(2), 40)
    assert yes > no
    assert choose_move(g.view(g.current_player), level, seed=4) == {"type": "answer", "allow": True}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_says_no_when_going_out_now_loses_the_deal(level):
    six = (("2D", 1), ("3D", 2), ("4D", 3), ("5D", 4), ("7D", 7), ("9H", 5), ("6H", 6), ("8H", 8))
    g = asking(other_square=six)
    yes, no = answer_estimate(g.view(g.current_player), Rng(2), 40)
    assert yes < 0 and no > yes
    assert choose_move(g.view(g.current_player), level, seed=4) == {"type": "answer", "allow": False}


def test_the_answer_is_the_same_from_the_same_seed_and_sees_only_the_view():
    g = asking()
    view = g.view(g.current_player)
    other = Leopard.determinize(view, Rng(7))
    assert other.view(g.current_player) == view
    for seed in range(3):
        assert choose_move(view, "normal", seed=seed) == choose_move(other.view(g.current_player), "normal", seed=seed)
