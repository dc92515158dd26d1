"""Duplicate matches between two bot levels: each deal is played again with the sides swapped, so
the luck of the cards cancels out, and the result is a win rate and a mean score margin with 95%
confidence intervals.

    python -m pygames.arena GAME --a hard --b normal --matches N [--players P] [--option k=v]

A duplicate set plays the same seed once for every side level A can hold (the two sides of a
partnership or a two-player game; every seat of a game where each plays alone), level B holding the
rest. A wins the set when its summed ``returns()`` over the set's matches are positive (half a win
when they are zero); the margin is that sum per match.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from typing import Any, Callable, Iterable

from . import new_game
from .ai import LEVELS, choose_move
from .engine import Game
from .games import game_class, registered


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (``wins`` may count halves)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_match(game_id: str, levels: list[str], seed: int, players: int | None = None,
               options: dict[str, Any] | None = None, budget: int | None = None, max_moves: int = 200_000) -> Game:
    """One match to its end, ``levels[seat]`` playing each seat. Returns the final game."""
    game = new_game(game_id, seed=seed, players=players, options=options)
    for n in range(max_moves):
        if game.is_over:
            return game
        seat = game.current_player
        assert seat is not None             # a match not over has a seat to act
        move = choose_move(game.view(seat), level=levels[seat], seed=seed * 100_003 + n, budget=budget)
        game.play(move)
    raise RuntimeError(f"{game_id} match {seed} did not end in {max_moves} moves")


def duplicate_set(game_id: str, level_a: str, level_b: str, seed: int, players: int | None = None,
                  options: dict[str, Any] | None = None, budget: int | None = None) -> tuple[float, int]:
    """A's summed returns over the matches of one duplicate set, and how many matches it played."""
    cls = game_class(game_id)
    n = players or cls.DEFAULT_PLAYERS
    sides = cls.sides(n)
    total = 0.0
    for side in sides:
        levels = [level_a if s in side else level_b for s in range(n)]
        game = play_match(game_id, levels, seed, players, options, budget)
        total += game.returns()[side[0]]
    return total, len(sides)


def _set(args: tuple[Any, ...]) -> tuple[float, int]:
    return duplicate_set(*args)


def run(game_id: str, level_a: str, level_b: str, matches: int = 20, players: int | None = None,
        options: dict[str, Any] | None = None, budget: int | None = None, first_seed: int = 1,
        progress: Callable[[int, float, list[float]], None] | None = None, jobs: int = 1) -> dict[str, Any]:
    """``matches`` duplicate sets on seeds ``first_seed``, ``first_seed + 1``, ...; ``jobs``
    processes play them side by side (each set is seeded, so the figures do not depend on it)."""
    wins = 0.0
    margins: list[float] = []
    sets = [(game_id, level_a, level_b, first_seed + i, players, options, budget) for i in range(matches)]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor
        pool = ProcessPoolExecutor(jobs)
        results: Iterable[tuple[float, int]] = pool.map(_set, sets)
    else:
        pool, results = None, map(_set, sets)
    for i, (total, count) in enumerate(results):
        wins += 1.0 if total > 0 else 0.5 if total == 0 else 0.0
        margins.append(total / count)
        if progress:
            progress(i + 1, wins, margins)
    if pool:
        pool.shutdown()
    low, high = wilson(wins, matches)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else math.inf
    return {"game": game_id, "a": level_a, "b": level_b, "sets": matches, "wins": wins,
            "rate": wins / matches, "rate_low": low, "rate_high": high,
            "margin": mean, "margin_low": mean - half, "margin_high": mean + half}


def _option(text: str) -> tuple[str, Any]:
    name, _, raw = text.partition("=")
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw
    return name, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pygames.arena", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=registered())
    parser.add_argument("--a", default="hard", choices=LEVELS)
    parser.add_argument("--b", default="normal", choices=LEVELS)
    parser.add_argument("--matches", type=int, default=20, help="duplicate sets to play")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--option", action="append", type=_option, default=[],
                        help="a game option, e.g. --option target=200")
    parser.add_argument("--budget", type=int, default=None, help="search iterations a move (hard)")
    parser.add_argument("--seed", type=int, default=1, help="the first set's seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing sets side by side")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()

    def progress(i: int, wins: float, margins: list[float]) -> None:
        print(f"\r{i}/{args.matches} sets, A wins {wins:g}, mean margin {statistics.fmean(margins):+.1f}",
              end="", file=sys.stderr, flush=True)

    r = run(args.game, args.a, args.b, args.matches, args.players, dict(args.option) or None,
            args.budget, args.seed, progress, args.jobs)
    print(file=sys.stderr)
    print(f"{r['game']}: {r['a']} against {r['b']}, {r['sets']} duplicate sets "
          f"({time.perf_counter() - t0:.0f} s)")
    print(f"  {r['a']} wins {r['wins']:g} of {r['sets']} = {r['rate']:.0%} "
          f"(95% CI {r['rate_low']:.0%}-{r['rate_high']:.0%})")
    print(f"  mean margin a match {r['margin']:+.1f} (95% CI {r['margin_low']:+.1f} to {r['margin_high']:+.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
