"""Engine speed figures for ``build.py bench``: random playouts through the action interface.

A playout is one deal from a fresh match (every player count's default), random legal actions to its
end - the unit a search bot spends. The same code runs in CPython and in Pyodide.
"""

import time

from .cards import Rng
from .games import available, game_class


def playouts_per_second(game_id, seconds=1.0, seed=1, players=None, options=None):
    """``(deals per second, actions per second)`` of random full deals of ``game_id``."""
    cls = game_class(game_id)
    rng = Rng(seed)
    deals = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = cls(seed=rng.below(1 << 30), players=players, options=options)
        first = g.deal_number
        while g.deal_number == first and not g.is_over:
            legal = g.legal_actions()
            g.apply_action(legal[rng.below(len(legal))])
            actions += 1
        deals += 1
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed


def report(seconds=1.0):
    """One line a playable game: its random deals and actions per second."""
    lines = []
    for game_id in available():
        deals, actions = playouts_per_second(game_id, seconds)
        lines.append(f"  {game_id:<13} {deals:9.1f} deals/s {actions:11.0f} actions/s")
    return "\n".join(lines)
