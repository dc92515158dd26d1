"""Checks of a Spades deal sampler (the hard bot's, and the research's): seeded positions, every sampled
deal agrees with the view and keeps every void, determinism from the seed."""

import pygames
from pygames.ai import choose_move
from pygames.ai.spades import estimate_tricks
from pygames.cards import HIDDEN, IDS, Rng
from pygames.games.spades import Spades


def positions(count, seed=0):
    """Seeded games in the play phase, bids and cards played by the normal bots (bids as people make
    them), stopped at a point from the first lead to the last trick."""
    out = []
    rng = Rng(seed)
    for i in range(count):
        g = pygames.new_game("spades", seed=seed * 1000 + i)
        stop = rng.below(48)
        n = 0
        while g.phase != "play" or len(g.view(None)["log"]) - 4 < stop:
            g.play(choose_move(g.view(g.turn), "normal", seed=n))
            n += 1
        out.append(g)
    return out


def whole_hand(game, view, seat):
    """A seat's 13 cards of this deal in a sampled ``game``: what it holds and what it has played."""
    played = [e["move"]["card"] for e in view["log"] if e["move"]["type"] == "play" and e["seat"] == seat]
    return game.hands[seat] + [IDS[c] for c in played if IDS[c] not in game.hands[seat]]


def deals_agree_with_the_view_and_keep_every_void(make_sampler):
    """Over seeded positions and every seat: each deal ``make_sampler(view)`` makes looks the same to
    the seat, holds the whole deck, keeps every void the seat has seen; and the deals vary."""
    rng = Rng(3)
    varied = 0
    for g in positions(24, seed=1):
        for seat in range(4):
            view = g.view(seat)
            sample = make_sampler(view)
            deals = [sample(view, rng) for _ in range(4)]
            for s in deals:
                assert s.view(seat) == view, "a sampled deal must look the same to the seat"
                truth = s.view(None)["zones"]
                for name, cards in view["zones"].items():
                    assert all(c == HIDDEN or c == t for c, t in zip(cards, truth[name]))
                assert sorted(c for z in truth.values() for c in z) == sorted(Spades.deck(4, {}))
                for other, suits in enumerate(Spades.hidden_frame(view)[3]):
                    assert not any(c // 13 in suits for c in s.hands[other]), "a shown void was dealt a card"
            varied += len({str(s.hands) for s in deals}) > 1
    assert varied > 48


def sampler_is_deterministic_from_its_seed(make_sampler):
    for g in positions(6, seed=2):
        view = g.view(g.turn)
        sample_a, sample_b, rng_a, rng_b = make_sampler(view), make_sampler(view), Rng(9), Rng(9)
        for _ in range(3):
            assert sample_a(view, rng_a).hands == sample_b(view, rng_b).hands


def normal_bid(hand):
    """What the normal bidder bids with a 13-card hand (no nil, no partner's nil)."""
    return max(1, min(13, int(estimate_tricks(hand) + 0.5)))
