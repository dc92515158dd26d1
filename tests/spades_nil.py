"""How often a Spades bot throws away its own live nil: seeded first deals bid and played by the
normal bots, except that a seat with a live nil (no trick taken yet) plays at the level under test
(or every seat does, ``--everyone``).
A turn counts where that seat follows a trick and some legal card stays under the trick so far; the
bot rises when the card it plays beats the trick so far (it may still be overtaken), and it blunders
when that card wins the trick in the end.

One deal in four starts with one team 200 behind, so the normal bots bid double nil there too.

    python -m tests.spades_nil [GAMES] [--level hard] [--first-seed 0] [--budget N] [--everyone]
"""

from __future__ import annotations

import argparse
import sys

import pygames
from pygames.cards import IDS
from pygames.games.spades import Spades, trick_winner


def first_deal(seed: int) -> Spades:
    g = Spades(seed=seed)
    if seed % 4 == 3:                    # one team far behind: double nil is open to it
        behind = seed // 4 % 2
        g.team_scores[behind] = -200
        g.deal_number = 0
        g._deal()                        # deal 1 again, now with double nil open
    return g


def nil_turns(seeds, level: str = "hard", budget: int | None = None, everyone: bool = False):
    """Yields ``(seed, seat, card, rose, blunder)`` for every counted turn (see the module's docstring);
    ``everyone``: every seat plays at ``level``, not only a live nil."""
    for seed in seeds:
        g = first_deal(seed)
        n = 0
        while g.deal_number == 1 and not g.is_over:
            s = g.current_player
            live = g.phase == "play" and g.bids[s] in ("nil", "double_nil") and g.tricks[s] == 0
            view = g.view(s)
            mine = live or everyone
            move = pygames.ai.choose_move(view, level=level if mine else "normal", seed=seed * 1000 + n,
                                          budget=budget if mine else None)
            n += 1
            counted = rose = False
            if live and g.trick:
                best = g.trick[trick_winner(g.trick)]
                legal = [IDS[m["card"]] for m in view["legal_moves"]]
                counted = any(trick_winner([best, c]) == 0 for c in legal)
                rose = trick_winner([best, IDS[move["card"]]]) == 1
            before = g.tricks[s]
            g.play(move)
            if counted:
                while g.trick and g.deal_number == 1:     # the trick is played out by the others
                    t = g.current_player
                    g.play(pygames.ai.choose_move(g.view(t), level=level if everyone else "normal",
                                                  seed=seed * 1000 + n, budget=budget if everyone else None))
                    n += 1
                yield seed, s, move["card"], rose, g.tricks[s] > before


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games", type=int, nargs="?", default=1000)
    p.add_argument("--level", default="hard")
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--budget", type=int, default=None)
    p.add_argument("--everyone", action="store_true", help="every seat plays at the level, not only a live nil")
    a = p.parse_args(argv)
    turns = rises = blunders = 0
    for seed, seat, card, rose, blunder in nil_turns(range(a.first_seed, a.first_seed + a.games), a.level, a.budget,
                                                     a.everyone):
        turns += 1
        rises += rose
        if rose and not blunder:
            print(f"seed {seed}: seat {seat} rose on its live nil with {card}", file=sys.stderr)
        if blunder:
            blunders += 1
            print(f"seed {seed}: seat {seat} won a trick on its live nil with {card}", file=sys.stderr)
    def share(n: int) -> str:
        return f"{n} ({100 * n / turns:.1f}%)" if turns else "0"
    print(f"{a.level}, {a.games} deals: {turns} turns on a live nil with a card under the trick legal; "
          f"rose over the trick in {share(rises)}, won it in {share(blunders)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
