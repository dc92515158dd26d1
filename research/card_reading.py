"""How well hard's dealer of the unseen cards reads the hidden hands, away from any match
(docs/bots.md, the Spades-against-OpenSpiel study):

    python3 research/card_reading.py [--first 1001] [--deals 30] [--budget 300] [--samples 60]

Seeded deals of hard self-play (the normal bidder bids) are played through; at each card hard
chooses among two or more, the seat's view is kept with the true hands. For each kept position, each
sampler deals ``--samples`` samples, and each unseen card's share of them in each hidden hand is
scored against where it really was: the Brier score, 0 when exact, for the partner's hand and the
opponents'. Samplers: every consistent deal alike (``Spades.determinize``), the bids
(``bid_sampler``, the page's) and the bids with the follows read (``research/spades_experiments.py``:
``sampler(view, Reading(read=True))``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygames                                       # noqa: E402
from pygames.ai import choose_move                   # noqa: E402
from pygames.ai.spades import bid_sampler            # noqa: E402
from pygames.cards import Rng                        # noqa: E402
from pygames.games.spades import Spades              # noqa: E402
from research.spades_experiments import Reading, sampler  # noqa: E402

SAMPLERS = {
    "every consistent deal alike": lambda view: Spades.determinize,
    "bids (the page's bot)": bid_sampler,
    "bids and follows (--read)": lambda view: sampler(view, Reading(read=True)),
}


def positions(first: int, deals: int, budget: int):
    """(view of the seat to choose a card, the true hands) at each card hard chose among several."""
    out = []
    for k in range(first, first + deals):
        g = pygames.new_game("spades", seed=k, options={"target": 200})
        deal = g.deal_number
        while not g.is_over and g.deal_number == deal:
            view = g.view(g.current_player)
            searched = view["phase"] == "play" and len(view["legal_moves"]) > 1
            if searched:
                out.append((view, [list(h) for h in g.hands]))
            level = "hard" if view["phase"] == "play" else "normal"
            g.play(choose_move(view, level, seed=k * 1000 + g.move_count, budget=budget))
    return out


def brier(kept, make_sampler, samples: int, seed: int = 1) -> tuple[float, float]:
    """The mean squared error of each unseen card's share of the samples in each hidden hand, for
    the partner's hand and for the opponents'."""
    errors = {True: [0.0, 0], False: [0.0, 0]}
    rng = Rng(seed)
    for view, hands in kept:
        seat = view["seat"]
        where = {c: s for s in range(4) if s != seat for c in hands[s]}
        counts = {c: [0, 0, 0, 0] for c in where}
        sample = make_sampler(view)
        for _ in range(samples):
            dealt = sample(view, rng).hands
            for s in range(4):
                if s != seat:
                    for c in dealt[s]:
                        if c in counts:
                            counts[c][s] += 1
        for c, truth in where.items():
            for s in range(4):
                if s != seat:
                    total = errors[s == (seat + 2) % 4]
                    total[0] += (counts[c][s] / samples - (s == truth)) ** 2
                    total[1] += 1
    return errors[True][0] / max(errors[True][1], 1), errors[False][0] / max(errors[False][1], 1)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=1001, help="the first deal's seed")
    parser.add_argument("--deals", type=int, default=30, help="deals of hard self-play")
    parser.add_argument("--budget", type=int, default=300, help="hard's playouts a card in the self-play")
    parser.add_argument("--samples", type=int, default=60, help="samples a sampler deals at each position")
    args = parser.parse_args(argv)
    kept = positions(args.first, args.deals, args.budget)
    print(f"{len(kept)} positions of {args.deals} deals (seeds {args.first}-{args.first + args.deals - 1}); "
          f"Brier score of each sampler's reading, 0 is exact (partner's hand / opponents'):")
    for name, make in SAMPLERS.items():
        partner, opponents = brier(kept, make, args.samples)
        print(f"  {name}: {partner:.4f} / {opponents:.4f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
