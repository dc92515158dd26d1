"""The soak: many seeded random matches of every playable game, every player count and rule set, each
checked by tests/gameprops.py's ``play_random_match`` (cards conserved, legal moves until the end,
refused moves leave the state untouched, JSON save and share-link round trips, no view shows a
hidden card), spread over the machine's cores. ``python3 build.py soak`` runs it; or directly:

    python3 tests/soak.py [--matches N] [--games spades,leopard] [--workers N]

Rule sets: every combination of a game's options except ``target`` (how long a match runs); most
matches use the shortest target, every tenth cycles through the others so each is played too. A
match is cut after ``--max-deals`` deals (random play never ends a Spades match without its mercy
rule); cut matches are checked all the same and counted apart. Exits 1 if any match failed, printing
the seed, players and options that reproduce it.
"""

import argparse
import itertools
import json
import multiprocessing
import os
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygames  # noqa: E402
from tests.gameprops import play_random_match  # noqa: E402

LENGTH_OPTIONS = ("target",)       # options that only say how long a match runs
BAD_MOVES = ({"type": "play", "card": "ZZ"}, {"type": "no such move"}, {})   # refused by every game
SEED_BASE = 1_000_000              # away from the seeds the unit tests use


def rule_sets(cls):
    """Every combination of the game's rule options, the length options at their shortest."""
    names = [n for n in cls.OPTIONS if n not in LENGTH_OPTIONS]
    combos = []
    for values in itertools.product(*(cls.OPTIONS[n] for n in names)):
        options = dict(zip(names, values))
        for n in LENGTH_OPTIONS:
            if n in cls.OPTIONS:
                options[n] = shortest(cls.OPTIONS[n])
        combos.append(options)
    return combos


def shortest(values):
    numbers = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    return min(numbers) if numbers else values[0]


def configurations(game_id):
    """``(players, options)`` for every player count and rule set of a game."""
    cls = pygames.game_class(game_id)
    return [(players, options) for players in cls.PLAYERS for options in rule_sets(cls)]


def match_options(game_id, options, index):
    """Every tenth match plays a longer target, cycling through them."""
    cls = pygames.game_class(game_id)
    out = dict(options)
    for n in LENGTH_OPTIONS:
        if n in cls.OPTIONS and index % 10 == 9:
            longer = [v for v in cls.OPTIONS[n] if v != options[n]]
            if longer:
                out[n] = longer[(index // 10) % len(longer)]
    return out


def probe_length(game_id, players, options, max_deals):
    """Moves in a typical unchecked random match of this configuration (to space the checks)."""
    lengths = [play_random_match(game_id, SEED_BASE - 1 - i, players=players, options=options,
                                 secrecy=False, check_every=10 ** 9, max_deals=max_deals).move_count
               for i in range(3)]
    return max(1, sum(lengths) // len(lengths))


def run_chunk(task):
    """Play a chunk of matches of one configuration: (game, players, options, seeds, spacing)."""
    game_id, players, options, seeds, check_every, max_deals = task
    played = cut = moves = 0
    failures = []
    start = time.perf_counter()
    for seed in seeds:
        opts = match_options(game_id, options, seed)
        try:
            game = play_random_match(game_id, seed, players=players, options=opts, check_every=check_every,
                                     link_every=check_every * 3 + 1, bad_moves=BAD_MOVES, max_deals=max_deals)
        except Exception as e:  # a failure is reported with what reproduces it; the soak goes on
            failures.append({"game": game_id, "seed": seed, "players": players, "options": opts,
                             "error": f"{type(e).__name__}: {e}"[:500],
                             "where": traceback.format_exc().strip().splitlines()[-3][:300]})
            continue
        played += 1
        cut += not game.is_over
        moves += game.move_count
    return game_id, played, cut, moves, time.perf_counter() - start, failures


def plan(game_id, matches, max_deals, chunk=10):
    """The tasks that play ``matches`` matches of a game, spread evenly over its configurations."""
    configs = configurations(game_id)
    tasks = []
    for c, (players, options) in enumerate(configs):
        count = matches // len(configs) + (c < matches % len(configs))
        if not count:
            continue
        length = probe_length(game_id, players, options, max_deals)
        check_every = max(7, length // 4) | 1          # about four full checks a match
        first = SEED_BASE + c * 10_000_000
        for start in range(0, count, chunk):
            seeds = range(first + start, first + min(count, start + chunk))
            tasks.append((game_id, players, options, seeds, check_every, max_deals))
    return configs, tasks


def soak(matches=10_000, games=None, workers=None, max_deals=25, out=sys.stdout):
    games = list(games or pygames.registered())
    workers = workers or os.cpu_count() or 1
    print(f"soak: {matches} random matches per game, {workers} worker processes, cut at {max_deals} deals",
          file=out, flush=True)
    failures = []
    totals = {}
    ctx = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    with ctx.Pool(workers) as pool:
        for game_id in games:
            configs, tasks = plan(game_id, matches, max_deals)
            print(f"  {game_id}: {len(configs)} configurations (players {sorted({p for p, _ in configs})}, "
                  f"options {', '.join(pygames.game_class(game_id).OPTIONS) or 'none'})", file=out, flush=True)
            start = time.perf_counter()
            played = cut = moves = 0
            for _, n, c, m, _, bad in pool.imap_unordered(run_chunk, tasks):
                played, cut, moves = played + n, cut + c, moves + m
                failures += bad
                for f in bad:
                    print(f"    FAILED {json.dumps(f)}", file=out, flush=True)
            seconds = time.perf_counter() - start
            totals[game_id] = {"matches": played, "cut": cut, "failed": sum(f["game"] == game_id for f in failures),
                               "moves": moves, "seconds": round(seconds, 2),
                               "matches_per_second": round(played / seconds, 2) if seconds else None}
            print(f"  {game_id}: {played} matches ({cut} cut at {max_deals} deals), {moves} moves, "
                  f"{seconds:.1f} s: {played / seconds:.1f} matches/s, {moves / seconds:.0f} moves/s, "
                  f"{totals[game_id]['failed']} failed", file=out, flush=True)
    if failures:
        print(f"soak: {len(failures)} failed matches; reproduce one with\n  python3 -c \"from tests.gameprops "
              f"import play_random_match as p; p({failures[0]['game']!r}, {failures[0]['seed']}, "
              f"players={failures[0]['players']}, options={failures[0]['options']!r}, bad_moves={list(BAD_MOVES)!r})\"",
              file=out, flush=True)
    else:
        print(f"soak: all {sum(t['matches'] for t in totals.values())} matches kept every property", file=out)
    return totals, failures


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=10_000, help="matches per game (default 10000)")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every playable game)")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: one a core)")
    parser.add_argument("--max-deals", type=int, default=25, help="cut a match after this many deals")
    parser.add_argument("--json", default="", help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g] or None
    totals, failures = soak(args.matches, games, args.workers, args.max_deals)
    if args.json:
        Path(args.json).write_text(json.dumps({"totals": totals, "failures": failures}, indent=1) + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
