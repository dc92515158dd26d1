"""Leopard positions set by hand: cards given to a hand or laid on a square (tests of the rules and the
bots); and for the page's tests, the person's turn, the table's settings and a link to a position
of a seeded bot match."""

import pygames
from pygames.ai import choose_move
from pygames.cards import IDS
from pygames.games.leopard import DOWN


def take(g, code):
    """Remove one copy of ``code`` from the stock (else from any hand or the discard pile)."""
    card = IDS[code]
    for pile in [g.stock, *g.hands, g.discard]:
        if card in pile:
            pile.remove(card)
            return card
    raise AssertionError(f"no free copy of {code}")


def give(g, seat, *codes):
    for code in codes:
        g.hands[seat].append(take(g, code))


def put(g, side, pos, code, placer=None):
    """Lay ``code`` on position ``pos`` of ``side``'s square, face down (by ``placer``) if given."""
    card = take(g, code)
    entry = card if placer is None else DOWN * (placer + 1) + card
    t = side * 9 + pos - 1
    g.piles[t].append(entry)
    g.tops[t] = entry


MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy"
           " && document.querySelector('#table:not(.waiting) [data-legal=true]')")


def settings(page, **values):
    import json
    page.add_init_script(f"localStorage.setItem('pygames:settings:leopard', JSON.stringify({json.dumps(values)}));")
    return page


def position_where(wanted, players=2, seed=1, limit=2000):
    """A share link to the first position of a seeded bot match (normal bots) where seat 0 is to act
    and ``wanted(game, move)`` holds for one of its legal moves; returns (link, move)."""
    for s in range(seed, seed + 40):
        g = pygames.new_game("leopard", seed=s, players=players)
        for step in range(limit):
            if g.is_over:
                break
            if g.current_player == 0:
                found = [m for m in g.legal_moves() if wanted(g, m)]
                if found:
                    return pygames.links.encode(g), found[0]
            g.play(choose_move(g.view(g.current_player), "normal", seed=step))
    raise AssertionError("no such position in 40 seeded matches")
