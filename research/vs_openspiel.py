"""Hard against DeepMind OpenSpiel's ISMCTS bot, on OpenSpiel's own Spades (docs/bots.md).

    python3 build.py bench --only openspiel [--pairs 40]      (installs open_spiel into .cache/open-spiel)
    .cache/open-spiel/bin/python research/vs_openspiel.py --pairs 40 [--sims 1000] [--first 1] [--jobs 2] [--budget N] [--oracle [partner | honours | lengths | spades] | --read | --signal | --carding] [--exact-bids [STEPSxCHAINS]] [--nil]

OpenSpiel's Spades is the referee: every card is played on its state, and a hand's score is its
``returns()`` (a team's points for the hand). Our engine plays alongside as a mirror, for what our side
needs: the hard bot's view, the bidder and the sampler of unseen cards.

* Deals: the first deal of ``pygames.new_game("spades", seed=k)``, dealt into OpenSpiel's chance
  nodes so every seat holds the same cards in both engines (OpenSpiel's player 0 is our first bidder).
* Duplicate: each deal is played twice, hard holding one partnership and OpenSpiel's bot the other,
  then the sides swapped; a pair's margin is hard's team points minus the other team's, summed.
* Bids: both sides bid as our normal bidder does (seeded by deal and seat, so both plays bid alike).
* OpenSpiel's bot: ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (UCT, most visited move, a fresh
  world sample each simulation), ``--sims`` simulations a move, random rollouts to the hand's end
  (the same as its RandomRolloutEvaluator, with Python's generator instead of numpy's per action:
  numpy's ``choice`` alone would take most of a move's time). OpenSpiel's Spades cannot resample a
  state from an information state, so the bot is given a resampler: every deal consistent with the
  mirror's view of that seat alike (``Spades.hidden_frame``: own hand, cards played, voids shown),
  dealt back into a fresh OpenSpiel state and replayed to the same point. (Hard's own sampler also
  weighs the deals by how well each hidden hand fits its bid - ``pygames.ai.spades.bid_sampler``.)
* Hard's side plays the experimental hard bot (``research/spades_experiments.py``: ``hard_move``),
  which with no experiment chosen plays exactly the page's hard bot; what an option varies reaches
  it as a ``Reading`` (``reading_of``), never by changing the page's bot.
* ``--oracle``: hard's search is dealt the true hands instead (``oracle_sampler``). Not a fair match:
  the ceiling of what reading the hidden hands better could give this search and its playouts.
  ``--oracle partner``: it is told only its partner's hand (``partner_told``), the opponents' cards
  dealt as ``bid_sampler`` deals them. ``--oracle honours``: it is told only where its partner's
  queens, kings and aces are (``honours_told``): how much of the partner's hand is its high cards;
  ``--oracle lengths``: only how many cards of each suit its partner holds (``lengths_told``);
  ``--oracle spades``: only how many spades.
* ``--read``: hard's sampler also reads the other seats' follows (``Reading.read``, ``follow_reads``).
* ``--signal``: both hard seats play the count signal and read it in each other (``Reading.signals``).
* ``--carding``: both hard seats tell their hand's shape by which of equal cards they play, and read
  it in each other (``Reading.carding``).
* ``--exact-bids``: hidden hands dealt to fit their bids as the normal bidder (which every seat of the
  match bids by) would bid them, by a chain of card swaps (``Reading.chain``); alone, or with
  ``--signal`` or ``--carding`` (the chains then weigh the partner's hands by its signals or carding
  as well).
* ``--nil``: only the deals in which a seat bids nil (``nil_deals``): a change that touches only nil
  play (the nil bidder's, its partner's cover, the opponents' attack) turns nothing else, so its
  paired difference is measured on a sixth of the deals, in a sixth of the time.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygames.ai import choose_move                      # noqa: E402
from pygames.cards import CODES, IDS, Rng               # noqa: E402
from pygames.games.spades import SORT_KEY, STRENGTH, Spades, deal_with_voids  # noqa: E402
from research.spades_experiments import Reading, hard_move  # noqa: E402

OS_SUITS = "CDHS"            # OpenSpiel's card index = suit * 13 + rank, clubs first, twos first
OS_RANKS = "23456789TJQKA"
OS_BID = 52                  # OpenSpiel's bid actions: 52 + tricks (52 = nil)


def to_os(card: int) -> int:
    """Our card id -> OpenSpiel's card index (its action when played, its chance outcome when dealt)."""
    code = CODES[card]
    return OS_SUITS.index(code[1]) * 13 + OS_RANKS.index(code[0])


def from_os(index: int) -> int:
    suit, rank = divmod(index, 13)
    return IDS[OS_RANKS[rank] + OS_SUITS[suit]]


def os_player(game: Spades, seat: int) -> int:
    """OpenSpiel's player of our ``seat``: its player 0 bids and leads first, as our first bidder."""
    return (seat - (game.dealer + 1)) % 4


def our_seat(game: Spades, player: int) -> int:
    return (game.dealer + 1 + player) % 4


def deal_actions(game: Spades, hands: list[list[int]]) -> list[int]:
    """OpenSpiel's chance actions dealing ``hands`` (ours, by our seat): its i-th card goes to player i % 4."""
    by_player = [hands[our_seat(game, p)] for p in range(4)]
    return [to_os(by_player[i % 4][i // 4]) for i in range(52)]


def action_of(move: dict) -> int:
    """Our JSON move (a bid or a card) -> OpenSpiel's action."""
    if move["type"] == "bid":
        return OS_BID + (0 if move["bid"] == "nil" else move["bid"])
    return to_os(IDS[move["card"]])


def move_of(action: int) -> dict:
    if action >= OS_BID:
        n = action - OS_BID
        return {"type": "bid", "bid": "nil" if n == 0 else n}
    return {"type": "play", "card": CODES[from_os(action)]}


# ---- the match (needs open_spiel) ---------------------------------------------------------------
class RolloutEvaluator:
    """OpenSpiel's RandomRolloutEvaluator (one random rollout to the end of the hand, equal priors),
    drawing with Python's ``random`` instead of numpy's ``choice``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def evaluate(self, state):
        state = state.clone()
        choice = self.rng.choice
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        return state.returns()

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def resampler(pyspiel_game, mirror: Spades, os_history: list[int], seat: int, seed: int):
    """A resampler for OpenSpiel's ISMCTS at our ``seat``: each call deals the unseen cards afresh,
    every deal that agrees with the seat's view alike (``Spades.hidden_frame``: its own hand, the
    cards played, the voids shown - what a standard ISMCTS knows), and replays the hand's bids and
    cards on them."""
    zones, unseen, slots, voids = Spades.hidden_frame(mirror.view(seat))
    rng = Rng(seed)
    after_deal = os_history[52:]
    played = [[] for _ in range(4)]                     # by OpenSpiel player: the cards they have played
    for p, a in _plays_by_player(pyspiel_game, os_history):
        played[p].append(from_os(a))
    held = [[IDS[c] for c in zones[f"hand{s}"]] for s in range(4)]    # the seat's own hand, cards it knows

    def sample(state, player):
        dealt = deal_with_voids(list(unseen), slots, voids, rng)
        hands = [sorted(held[s] + dealt[s] + played[os_player(mirror, s)]) for s in range(4)]
        fresh = pyspiel_game.new_initial_state()
        for a in deal_actions(mirror, hands):
            fresh.apply_action(a)
        for a in after_deal:
            fresh.apply_action(a)
        return fresh
    return sample


def oracle_sampler(mirror: Spades):
    """A sampler for hard's search (``--oracle``) that deals every sample as ``mirror`` holds it:
    the true hands, a fresh random stream for each playout's chance."""
    def sample(view, rng):
        state = mirror.clone(history=True)
        state.chance = Rng(rng.next64())
        return state
    return sample


def partner_told(mirror: Spades):
    """``Spades.hidden_frame`` for hard's search (``--oracle partner``): the partner's true hand as
    cards the seat knows are there, so only the opponents' hands are dealt."""
    frame = Spades.hidden_frame

    def told(view):
        zones, unseen, slots, voids = frame(view)
        partner = (view["seat"] + 2) % 4
        if slots[partner]:
            true = mirror.hands[partner]
            zones[f"hand{partner}"] = [CODES[c] for c in sorted(true, key=SORT_KEY.__getitem__)]
            slots[partner] = 0
            unseen = [c for c in unseen if c not in true]
        return zones, unseen, slots, voids
    return told


HONOURS = frozenset(c for c in range(52) if STRENGTH[c] >= 10)     # Q, K, A of every suit


def honours_told(mirror: Spades) -> Reading:
    """``--oracle honours``: the searcher is told where the unseen queens, kings and aces are, as far
    as its partner is concerned - its partner's as known cards, the others dealt to the opponents
    only; every other card as ``bid_sampler`` deals it. How much of ``--oracle partner``'s gain is the
    partner's high cards alone."""
    frame = Spades.hidden_frame
    deal = deal_with_voids
    seat = mirror.turn
    partner = (seat + 2) % 4
    true = set(mirror.hands[partner])

    def told(view):
        zones, unseen, slots, voids = frame(view)
        if slots[partner]:
            mine = [c for c in unseen if c in HONOURS and c in true]
            zones[f"hand{partner}"] = zones[f"hand{partner}"] + [CODES[c] for c in mine]
            slots[partner] -= len(mine)
            unseen = [c for c in unseen if c not in mine]
        return zones, unseen, slots, voids

    def dealer(cards, slots, voids, rng):
        high = [c for c in cards if c in HONOURS and c not in true]
        if not slots[partner] or not high:
            return deal(cards, slots, voids, rng)
        rest = [c for c in cards if c not in high]
        left = list(slots)
        hands = [[] for _ in range(4)]
        for c in high:
            seats = [s for s in range(4) if s not in (seat, partner) and left[s] and c // 13 not in voids[s]]
            seats = seats or [s for s in range(4) if s not in (seat, partner) and left[s]]
            s = seats[rng.below(len(seats))]
            hands[s].append(c)
            left[s] -= 1
        dealt = deal(rest, left, voids, rng)
        return [hands[s] + dealt[s] for s in range(4)]

    return Reading(frame=told, deal=dealer)


def lengths_told(mirror: Spades, suits: tuple[int, ...] = (0, 1, 2, 3)) -> Reading:
    """``--oracle lengths``: the searcher is told how many cards of each suit its partner still
    holds (not which): each sample deals the partner that many unseen cards of each suit, and the
    opponents the rest (their voids kept, their hands as ``bid_sampler`` weighs them). ``--oracle
    spades`` (``suits=(0,)``): only how many spades."""
    deal = deal_with_voids
    seat = mirror.turn
    partner = (seat + 2) % 4
    counts = [0, 0, 0, 0]
    for c in mirror.hands[partner]:
        counts[c // 13] += 1

    def dealer(cards, slots, voids, rng):
        if slots[partner] != len(mirror.hands[partner]):      # it knows some of them (passed): plain
            return deal(cards, slots, voids, rng)
        mine = []
        for suit in suits:
            pool = [c for c in cards if c // 13 == suit]
            if len(pool) < counts[suit]:
                return deal(cards, slots, voids, rng)
            rng.shuffle(pool)
            mine += pool[:counts[suit]]
        rest = [c for c in cards if c not in mine]
        left = list(slots)
        left[partner] -= len(mine)
        shut = [set(v) for v in voids]
        shut[partner] |= set(suits)             # the told suits are complete: no more of them
        dealt = deal(rest, left, shut, rng)
        dealt[partner] += mine
        return dealt

    return Reading(deal=dealer)


PLAYED_EXPERIMENTS = {"signal": "signals", "carding": "carding"}   # conventions both hard seats play: their switch


def reading_of(reading: str | None, mirror: Spades) -> Reading:
    """What ``reading`` changes in hard's card reading for one move, as the experimental bot's
    ``Reading``: "all", "partner", "honours", "lengths" or "spades" (``--oracle``, ``--oracle partner``
    and so on), "read" (``--read``), "signal" or "carding" (``--signal``, ``--carding``: a convention
    played and read), or "exact-bids STEPSxCHAINS", with "+signal" or "+carding" when paired
    (``--exact-bids``); None, nothing (the page's hard bot)."""
    if reading == "read":
        return Reading(read=True)
    if reading in PLAYED_EXPERIMENTS:
        return Reading(**{PLAYED_EXPERIMENTS[reading]: True})
    if reading and reading.startswith("exact-bids"):
        size, _, also = reading.partition(" ")[2].partition("+")
        steps, chains = size.split("x")
        switches: dict = {"chain": int(steps), "chains": int(chains)}
        if also:
            switches[PLAYED_EXPERIMENTS[also]] = True
        return Reading(**switches)
    if reading == "all":
        return Reading(sample=lambda view: oracle_sampler(mirror))
    if reading == "honours":
        return honours_told(mirror)
    if reading == "lengths":
        return lengths_told(mirror)
    if reading == "spades":
        return lengths_told(mirror, suits=(0,))
    if reading == "partner":
        return Reading(frame=partner_told(mirror))
    return Reading()


def _plays_by_player(pyspiel_game, os_history):
    """(OpenSpiel player, card action) of every card played so far, by replaying the history."""
    state = pyspiel_game.new_initial_state()
    out = []
    for a in os_history:
        if not state.is_chance_node() and a < OS_BID:
            out.append((state.current_player(), a))
        state.apply_action(a)
    return out


def match_bid(view: dict, deal_seed: int) -> dict:
    """The bid both sides make in the match: our normal bidder's, seeded by the deal and the seat."""
    return choose_move(view, level="normal", seed=deal_seed * 10 + view["seat"])


def nil_deals(first: int, count: int) -> list[int]:
    """The first ``count`` deal seeds from ``first`` on in which a seat bids nil in the match (the
    bids need no OpenSpiel: ``match_bid`` on our engine). A change to how nils are played or
    attacked turns only these deals, so it is measured on them alone (``--nil``)."""
    seeds, k = [], first
    while len(seeds) < count:
        game = Spades(seed=k)
        while game.phase == "bid":
            game.play(match_bid(game.view(game.turn), k))
        if "nil" in game.bids:
            seeds.append(k)
        k += 1
    return seeds


def play_hand(pyspiel, ismcts, deal_seed: int, hard_team: int, sims: int, uct: float,
              verbose: bool = False, budget: int | None = None, reading: str | None = None) -> list[float]:
    """One hand of deal ``deal_seed``, hard holding OpenSpiel's players ``hard_team`` and ``hard_team + 2``.
    Returns OpenSpiel's returns by its player."""
    game = pyspiel.load_game("spades")
    mirror = Spades(seed=deal_seed)
    state = game.new_initial_state()
    for a in deal_actions(mirror, mirror.hands):
        state.apply_action(a)
    our_seat_at_start = [our_seat(mirror, p) for p in range(4)]     # the mirror deals on at the end
    n = 0
    while not state.is_terminal():
        player = state.current_player()
        seat = our_seat(mirror, player)
        view = mirror.view(seat)
        ours = sorted(action_of(m) for m in view["legal_moves"])
        legal = state.legal_actions()
        if view["phase"] == "bid":
            # OpenSpiel keeps a team's bids to 13 at most: a bid over that is cut to its highest
            action = min(action_of(match_bid(view, deal_seed)), max(legal))
        elif not set(legal) <= set(ours):
            raise AssertionError(f"deal {deal_seed}: OpenSpiel allows a card we do not: {ours} {legal}\n{state}")
        elif len(legal) == 1:
            action = legal[0]
        elif player % 2 == hard_team:
            # OpenSpiel's Spades may refuse a spade lead that ours allows (it does not count a ruff as
            # breaking spades): hard weighs only the cards OpenSpiel's rules allow
            view["legal_moves"] = [m for m in view["legal_moves"] if action_of(m) in legal]
            action = action_of(hard_move(view, seed=deal_seed * 1000 + n, budget=budget,
                                         reading=reading_of(reading, mirror)))
        else:
            bot = ismcts.ISMCTSBot(game, RolloutEvaluator(deal_seed * 1000 + n), uct, sims,
                                   random_state=__import__("numpy").random.RandomState(deal_seed * 1000 + n),
                                   final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                                   use_observation_string=True)
            bot.set_resampler(resampler(game, mirror, state.history(), seat, deal_seed * 1000 + n))
            action = bot.step(state)
        state.apply_action(action)
        mirror.play(move_of(action))
        n += 1
    deal = mirror.deals[-1]
    bids = [deal["bids"][our_seat_at_start[p]] for p in range(4)]
    tricks = [deal["tricks"][our_seat_at_start[p]] for p in range(4)]
    if verbose:
        print(f"  deal {deal_seed}, hard as OpenSpiel's players {hard_team} and {hard_team + 2}: bids "
              f"{bids}, tricks {tricks} (by OpenSpiel player), returns {state.returns()[:2]}", flush=True)
    return state.returns(), bids, tricks


def contract_outcome(bids: list, tricks: list[int], team: int) -> str:
    """What OpenSpiel players ``team`` and ``team + 2`` did with their bids: each nil kept or lost,
    then the rest of the team's bid made or set and by how many tricks ("nil kept, made +1",
    "set -1")."""
    parts = []
    for p in (team, team + 2):
        if bids[p] in ("nil", "double_nil", 0):
            parts.append("nil " + ("kept" if tricks[p] == 0 else "lost"))
    bid = sum(b for b in (bids[team], bids[team + 2]) if isinstance(b, int))
    if bid:
        over = tricks[team] + tricks[team + 2] - bid
        parts.append(f"made {over:+d}" if over >= 0 else f"set {over:+d}")
    return ", ".join(parts)


SWING = 20       # a pair's margin beyond this: one side made a contract or nil that the other did not


def interval90(values):
    mean = statistics.fmean(values)
    half = 1.645 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def play_pair(k: int, sims: int, uct: float, verbose: bool = False, budget: int | None = None,
              reading: str | None = None) -> tuple[float, str]:
    """Deal ``k`` played twice, the sides swapped: hard's team points minus the other team's, summed;
    and, side by side, what each side did with the same cards: for OpenSpiel's players 0 and 2, then
    1 and 3, the contract's outcome when hard held them and when OpenSpiel's bot did."""
    import pyspiel
    from open_spiel.python.algorithms import ismcts
    margin = 0.0
    plays = []
    for hard_team in (0, 1):
        r, bids, tricks = play_hand(pyspiel, ismcts, k, hard_team, sims, uct, verbose, budget, reading)
        margin += r[hard_team] - r[1 - hard_team]
        plays.append((bids, tricks))
    sides = "; ".join(f"players {t} and {t + 2}: hard {contract_outcome(*plays[t], t)}, "
                      f"OpenSpiel {contract_outcome(*plays[1 - t], t)}" for t in (0, 1))
    return margin, sides


def _play_pair_star(args):
    return args[0], *play_pair(*args)


def options(argv=None):
    """The command line's options; ``reading`` names every reading experiment at once (``reading_patch``)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=40, help="deals, each played twice (sides swapped)")
    parser.add_argument("--first", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--sims", type=int, default=1000, help="OpenSpiel ISMCTS simulations a move")
    parser.add_argument("--uct", type=float, default=100.0,
                        help="OpenSpiel's UCT constant, in its returns' units (points)")
    parser.add_argument("--budget", type=int, default=None, help="hard's playouts a move (default: the page's)")
    parser.add_argument("--oracle", nargs="?", const="all", dest="reading",
                        choices=("all", "partner", "honours", "lengths", "spades"),
                        help="deal hard's search the true hands, or tell it its partner's, or only where "
                             "its partner's queens, kings and aces are, or how many cards of each suit (or "
                             "spades) it holds (not a fair match: a ceiling for its card reading)")
    parser.add_argument("--signal", action="store_const", const="signal", dest="reading",
                        help="an experiment in partnership: both hard seats give and read the count signal "
                             "(research/spades_experiments.py: Reading.signals)")
    parser.add_argument("--carding", action="store_const", const="carding", dest="reading",
                        help="an experiment in partnership: both hard seats tell their shape by which of "
                             "equal cards they play, and read it in each other (Reading.carding)")
    parser.add_argument("--exact-bids", nargs="?", const="16x8", metavar="STEPSxCHAINS",
                        help="an experiment in card reading: hidden hands dealt to fit their bids as the "
                             "normal bidder bids, by chains of card swaps (Reading.chain swaps "
                             "proposed a sample, Reading.chains chains in turn; default 16x8)")
    parser.add_argument("--read", action="store_const", const="read", dest="reading",
                        help="an experiment in card reading: hard's sampler also reads the follows "
                             "(Reading.read)")
    parser.add_argument("--nil", action="store_true",
                        help="only deals in which a seat bids nil (the first PAIRS of them from FIRST on): "
                             "for a change that touches only nil play")
    parser.add_argument("--jobs", type=int, default=1, help="pairs played at once, a process each")
    parser.add_argument("--verbose", action="store_true", help="each hand's bids, tricks and returns")
    args = parser.parse_args(argv)
    if args.exact_bids:
        if args.reading not in (None, "signal", "carding"):
            parser.error("--exact-bids goes alone or with --signal or --carding: not with --oracle or --read")
        args.reading = f"exact-bids {args.exact_bids}" + (f"+{args.reading}" if args.reading else "")
    return args


def main(argv=None):
    args = options(argv)
    margins = []
    t0 = time.perf_counter()
    seeds = nil_deals(args.first, args.pairs) if args.nil else range(args.first, args.first + args.pairs)
    work = [(k, args.sims, args.uct, args.verbose, args.budget, args.reading) for k in seeds]
    if args.jobs > 1:
        import multiprocessing
        pool = multiprocessing.get_context("spawn").Pool(args.jobs)
        results = pool.imap(_play_pair_star, work)     # in deal order: the running figures are reproducible
    else:
        pool, results = None, map(_play_pair_star, work)
    swings = [0, 0]          # pairs won and lost by more than SWING points
    for k, margin, sides in results:
        margins.append(margin)
        mean, low, high = interval90(margins)
        if abs(margin) > SWING:
            swings[margin < 0] += 1
        print(f"deal {k}: hard's margin {margin:+.0f}; after {len(margins)} pairs mean {mean:+.1f} "
              f"(90% CI {low:+.1f} to {high:+.1f}), {time.perf_counter() - t0:.0f} s"
              + (f"\n    {sides}" if abs(margin) > SWING else ""), flush=True)
    if pool is not None:
        pool.close()
    mean, low, high = interval90(margins)
    wins = sum(m > 0 for m in margins) + 0.5 * sum(m == 0 for m in margins)
    told = {"all": " (oracle: dealt the true hands)", "partner": " (oracle: told its partner's hand)",
            "honours": " (oracle: told its partner's queens, kings and aces)",
            "lengths": " (oracle: told its partner's suit lengths)",
            "spades": " (oracle: told how many spades its partner holds)",
            "read": " (reading the follows)", "signal": " (the count signal)",
            "carding": " (shape by carding)"}
    label = told.get(args.reading, "")
    if args.exact_bids:
        also = args.reading.partition("+")[2]
        label = f" (bids read exactly, {args.exact_bids}" + (f", with {told[also].strip(' ()')})" if also else ")")
    print(f"hard{label} against OpenSpiel ISMCTS "
          f"({args.sims} simulations a move, uct {args.uct:g}) on OpenSpiel's "
          f"Spades, {len(margins)} duplicate deal pairs: mean margin {mean:+.1f} points a pair "
          f"(90% CI {low:+.1f} to {high:+.1f}); hard ahead in {wins:g} pairs; by more than {SWING} points "
          f"(a contract or a nil that one side made and the other did not) in {swings[0]}, behind in {swings[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
