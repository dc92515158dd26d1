"""Skarney Gin positions set by hand (tests of the rules and the bots)."""

import pygames
from pygames.cards import IDS
from pygames.games import skarney_gin as sg


def ids(text):
    return [IDS[c] for c in text.split()]


def hand_order(cards):
    return sorted(cards, key=lambda c: (c % 13, c // 13))


def position(hands, melds=((), ()), initial=(False, False), turn=0, stock=None, seed=1, target=200):
    """A deal in progress, ``turn`` to act having drawn; the stock holds every other card (top last)."""
    g = pygames.new_game("skarney_gin", seed=seed, options={"target": target})
    g.hands = [hand_order(ids(h)) for h in hands]
    g.melds = [[natural(m) for m in ms] for ms in melds]
    g.laid = [[0] * len(ms) for ms in g.melds]
    used = {c for h in g.hands for c in h} | {c for ms in g.melds for m in ms for c in m}
    g.stock = ids(stock) if stock is not None else [c for c in range(52) if c not in used]
    g.initial_done = list(initial)
    g.turn, g.dealer, g.phase, g.offer = turn, 1 - turn, "play", None
    g.initial_now = g.stock_end = False
    g.pending, g.shown, g.drew = [], [[], []], True
    g.accepted, g.skip_draw, g.last_card = [None, None], [False, False], [False, False]
    g._legal = None
    return g


def natural(text):
    return sg.natural_order(ids(text))
