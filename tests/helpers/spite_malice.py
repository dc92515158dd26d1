"""Spite and Malice positions set by hand (tests of the rules and the bots)."""

from pygames.cards import IDS
from pygames.games.spite_malice import SpiteMalice, _hand_key


def ids(codes):
    return [IDS[c] for c in codes]


def position(players=2, options=None, seed=1, turn=0, payoff=None, hands=None, discards=None,
             centre=None, completed=(), stock=None):
    """A game set to a given position (tests only). Lists of codes; discards per seat as 4 lists."""
    g = SpiteMalice(players=players, options=options, seed=seed)
    if payoff is not None:
        g.payoff = [ids(p) for p in payoff]
    if hands is not None:
        g.hands = [sorted(ids(h), key=_hand_key) for h in hands]
    if discards is not None:
        g.discards = [[ids(p) for p in piles] for piles in discards]
    if centre is not None:
        g.centre = [ids(p) for p in centre] + [[] for _ in range(4 - len(centre))]
    g.completed = ids(completed)
    if stock is not None:
        g.stock = ids(stock)
    g.turn = turn
    return g


NO_DISCARDS = [[], [], [], []]
