"""Spades positions set by hand, and the card a bot plays from one (tests of the partner bot, nil, research)."""

import pygames
from pygames.cards import CODES, IDS
from pygames.engine import MoveRecord, _dumps
from pygames.games.spades import SORT_KEY, Spades


def position(mine, bids, trick=(), leader=0, tricks=(0, 0, 0, 0), others=None, history=(), broken=True):
    """Seat 0 to play ``trick`` (cards played so far from ``leader`` on) holding ``mine``. ``others``
    fixes other seats' hands; the rest of the deck fills the hidden hands and the won tricks.
    ``history``: earlier tricks of this deal as ``(leader, [4 cards])``, for the voids they show."""
    g = Spades(seed=1)
    g.phase, g.broken, g.looked = "play", broken, [True] * 4
    g.bids, g.tricks = list(bids), list(tricks)
    others = dict(others or {})
    played = [(leader + i) % 4 for i in range(len(trick))]
    sizes = [13 - sum(tricks) - (1 if s in played else 0) for s in range(4)]
    assert len(mine) == sizes[0]
    hands = {0: list(mine), **others}
    used = set(trick) | {c for h in hands.values() for c in h} | {c for _, cs in history for c in cs}
    rest = [c for c in CODES if c not in used]
    for s in range(1, 4):
        if s not in hands:
            hands[s], rest = rest[:sizes[s]], rest[sizes[s]:]
    rest += [c for _, cs in history for c in cs]
    g.won = []
    for s in range(4):
        n = 4 * tricks[s]
        g.won.append([IDS[c] for c in rest[:n]])
        rest = rest[n:]
    assert not rest, "the position must account for all 52 cards"
    g.hands = [sorted((IDS[c] for c in hands[s]), key=SORT_KEY.__getitem__) for s in range(4)]
    g.trick = [IDS[c] for c in trick]
    g.leader, g.turn = leader, (leader + len(trick)) % 4
    assert g.turn == 0
    g._record = [MoveRecord(s, None, None, _dumps({"type": "bid", "bid": bids[s]})) for s in range(4)]
    for lead, cards in list(history) + [(leader, list(trick))]:
        g._record += [MoveRecord((lead + i) % 4, None, None, _dumps({"type": "play", "card": c}))
                      for i, c in enumerate(cards)]
    g._deal_start = 0
    return g


def play(g, level, seed=3):
    return pygames.ai.choose_move(g.view(0), level=level, seed=seed, budget=60)["card"]
