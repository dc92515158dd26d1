"""Spooneye tables set by hand (tests of the rules and the bots)."""

from pygames.cards import IDS
from pygames.games.spooneye import Spooneye, mast_of_cards


def table(rows, hands, stock=(), rules="standard", actor=0, begin=False, first_play=False):
    """A game at a chosen position: ``rows`` per player (masts of card codes, bottom to top),
    ``hands``, ``stock`` (its top is the last card). ``begin`` starts ``actor``'s turn (drawing or
    offering the move); otherwise ``actor`` is about to play a hand card."""
    n = len(rows)
    g = Spooneye(players=n, options={"rules": rules}, seed=1)
    g.rows = [[mast_of_cards(ids(m)) for m in row] for row in rows]
    g.hands = [ids(h) for h in hands]
    g.stock = ids(stock)
    g.down = [[] for _ in range(n)]
    g.up = [[] for _ in range(n)]
    g.known = [[[] for _ in range(n)] for _ in range(n)]
    g.moved_last = [False] * n
    g.first_play = first_play
    g.extra, g.pending, g.raised = False, None, None
    if begin:
        g._begin_turn(actor)
    else:
        g.actor = g.decider = actor
        g.phase = "play"
    return g


def play(card, player, mast):
    return {"type": "play", "card": card, "to": {"player": player, "mast": mast}}


def ids(codes):
    return [IDS[c] for c in codes]
