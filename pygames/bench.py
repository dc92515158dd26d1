"""Engine speed figures for ``build.py bench``: random playouts through the action interface, and
the hard bots' thinking time on the moves they search (``hard_search_figures``).

A playout is one deal from a fresh match (every player count's default), random legal actions to its
end - the unit a search bot spends. The same code runs in CPython and in Pyodide.
"""

from __future__ import annotations

import time
from typing import Any

from .cards import Rng
from .games import game_class, registered


def playouts_per_second(game_id: str, seconds: float = 1.0, seed: int = 1, players: int | None = None,
                        options: dict[str, Any] | None = None) -> tuple[float, float]:
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


def report(seconds: float = 1.0) -> str:
    """One line a playable game: its random deals and actions per second."""
    lines = []
    for game_id in registered():
        deals, actions = playouts_per_second(game_id, seconds)
        lines.append(f"  {game_id:<13} {deals:9.1f} deals/s {actions:11.0f} actions/s")
    return "\n".join(lines)


def hard_search_figures(game_id: str, searched: int = 20, seed: int = 5, max_moves: int = 2000) -> dict[str, Any]:
    """Hard's moves that search (``ismcts.Search.last`` set by the move), over one seeded match with
    hard in every seat, until ``searched`` of them: ``{"ms": [each move's time], "outcomes":
    {"clear"|"base"|"close": [each search's playouts]}}``. Forced and heuristic-only moves are left out:
    they take no thinking time worth the name."""
    from . import new_game
    from .ai import choose_move
    from .ai.ismcts import Search
    g = new_game(game_id, seed=seed)
    ms: list[float] = []
    outcomes: dict[str, list[int]] = {"clear": [], "base": [], "close": []}
    for n in range(max_moves):
        if g.is_over or len(ms) >= searched:
            break
        Search.last = None
        view = g.view(g.current_player)
        start = time.perf_counter()
        move = choose_move(view, level="hard", seed=n)
        elapsed = (time.perf_counter() - start) * 1000
        if Search.last is not None and len(view["legal_moves"]) > 1:
            ms.append(elapsed)
            outcomes[Search.last[0]].append(Search.last[3])
        g.play(move)
    return {"ms": ms, "outcomes": outcomes}


def hard_search_report(figures: dict[str, dict[str, Any]]) -> str:
    """One line a game from ``{game: hard_search_figures(...)}``: median and maximum ms a searched
    move, and the mean playouts of the clear, base and close searches (how many of each)."""
    lines = []
    for game_id, f in figures.items():
        ms = sorted(f["ms"])
        if not ms:
            lines.append(f"  {game_id:<13} no searched move")
            continue
        parts = []
        for kind in ("clear", "base", "close"):
            counts = f["outcomes"][kind]
            mean = sum(counts) / len(counts) if counts else 0
            parts.append(f"{kind} {len(counts)}x {mean:.0f}")
        lines.append(f"  {game_id:<13} median {ms[len(ms) // 2]:6.0f} ms  max {ms[-1]:6.0f} ms  "
                     f"({len(ms)} moves; playouts a move: " + ", ".join(parts) + ")")
    return "\n".join(lines)
