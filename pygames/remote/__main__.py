"""``python -m pygames.remote selfplay GAME --players N --seed S [--option K=V] [--cheat KIND] [--deals D]``

N simulated players exchange nothing but message links through a whole match of GAME, each moving
with the Normal bot from its own view; the match is verified deal by deal. Prints the number of
messages, the longest in characters (and the longest that carries a move), the links a shuffle needs,
the time of each shuffle made in this process, and ``verified``; exit 0. With ``--cheat``, one player cheats once:
the run ends with the cheat caught and the cheater named, exit 1. ``--seed`` seeds only the
simulated players' secrets, so a run repeats exactly.

``python -m pygames.remote shuffle-step [--cards 52 104 156 208]`` times making and checking one shuffle
with its proof, and says how many links it travels in.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from ..games import GAME_IDS
from .deck import shuffle_step_seconds
from .party import shuffle_links
from .selfplay import CHEATS, selfplay


def _option(text: str) -> tuple[str, object]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"an option is NAME=VALUE, not {text!r}")
    name, value = text.split("=", 1)
    try:
        return name, json.loads(value)
    except ValueError:
        return name, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pygames.remote", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("selfplay", help="simulated players play a verified match by messages alone")
    sp.add_argument("game", choices=GAME_IDS)
    sp.add_argument("--players", type=int)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--option", type=_option, action="append", default=[])
    sp.add_argument("--cheat", choices=CHEATS)
    sp.add_argument("--deals", type=int, help="stop once the first DEALS deals are verified")
    st = sub.add_parser("shuffle-step", help="time making and checking one shuffle with its proof")
    st.add_argument("--cards", type=int, nargs="+", default=[52, 104, 156, 208])
    args = parser.parse_args(argv)
    if args.command == "shuffle-step":
        for cards in args.cards:
            make, check = shuffle_step_seconds(cards)
            print(f"one shuffle of {cards} cards with its proof: made in {make * 1000:.0f} ms, checked in "
                  f"{check * 1000:.0f} ms (CPython); {shuffle_links(cards)} links of up to 8,000 characters")
        return 0
    try:
        report = selfplay(args.game, args.players, seed=args.seed, options=dict(args.option) or None,
                          cheat=args.cheat, deals=args.deals)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"{report.game}, {report.players} players: {report.messages} messages, {report.moves} moves, "
          f"{report.deals} deals verified")
    print(f"longest message: {report.longest} characters; longest move message: {report.longest_move} characters")
    sizes = sorted(set(report.deck_sizes))
    print("links a shuffle needs: " + ", ".join(f"{shuffle_links(n)} for {n} cards" for n in sizes))
    if report.pass_seconds:
        print(f"shuffles made in this process (CPython): {len(report.pass_seconds)}, median "
              f"{statistics.median(report.pass_seconds) * 1000:.0f} ms, longest "
              f"{max(report.pass_seconds) * 1000:.0f} ms")
    print(f"took {report.seconds:.1f} s")
    for note in report.notes:
        print(note)
    if report.caught is not None:
        print(f"caught: {report.caught}")
        return 1
    if not report.verified:
        print("not verified: the match did not reach a verified end")
        return 1
    print("verified")
    return 0


if __name__ == "__main__":
    sys.exit(main())
