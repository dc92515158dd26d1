"""Spite and Malice bots. They read only the seat's view.

easy:   plays the pay-off card when it can, sometimes a build from the hand, else a tidy discard.
normal: plans the turn: searches short sequences of builds (hand, discard tops, pay-off) on a rank-only
        model of the table, scoring pay-off cards played, Kings kept, cards shed, and a penalty for leaving
        the next player a pile that needs their pay-off card; then discards to keep its piles descending.
hard:   the shared search (``ismcts.search_move``) over the close calls of a deeper, wider planner.
        That planner (``LEVELS["hard"]``: a danger estimate for every opponent that counts the cards
        they would need to bridge the gap, our own chance to reach the pay-off card next turn, the
        closing discard folded into every plan) ranks the moves; its best few with distinct values
        within ``CLOSE`` of the best are the search's candidates, best first (when the call is clear
        - no other within ``CLOSE`` - the planner's move stands without a search). Each paired
        sample deals the hidden cards (``SpiteMalice.determinize``: an opponent's hand avoids the
        ranks it refused to build), plays
        every candidate and then both sides on with a shallow planner (``quick_action``) until our
        turn comes round again, and judges there (``_judge``): match returns plus pay-off cards ahead
        - so what the sampled opponent hands actually let through replaces the planner's guessed
        danger. A candidate must beat the planner's choice by ``KEEP`` to overrule it.

Why playouts stop after one round: a Spite and Malice deal runs to hundreds of moves and its margin
swings by tens of points on the cards still to come, so playouts to the end of the deal say next to
nothing about one move (a search with greedy playouts to the deal's end loses to ``normal``).
"""

from __future__ import annotations

import math
from typing import Any, Callable, Iterator, Sequence

from ..cards import ACE, KING, RANK_OF, RANKS, Rng
from ..engine import Message, Move, View
from ..text import message
from ..games.spite_malice import (COMPLETE, DISCARD as A_DISCARD, DISCARD_PILES, END_ACTION,
                                  FROM_DISCARD as A_FROM_DISCARD, FROM_HAND as A_FROM_HAND,
                                  FROM_PAYOFF as A_FROM_PAYOFF, NEW as A_NEW, NEW_PILE as NEW, WILD, SpiteMalice,
                                  may_start_pile, starting_ranks)
from .ismcts import search_move

BASE = dict(depth=6, nodes=600, bridge=False, all_opponents=False, plan_discard=False,
            king_spent=14.0,      # more than any gain but a pay-off card: Kings wait for the pay-off pile
            hand_emptied=6.0,     # five fresh cards
            shed_discard=1.0,     # a discard top played uncovers the card below
            shed_hand=0.4,
            danger=40.0,
            bridge_chance=0.3,    # rough chance a player holds a given rank it needs
            opportunity=0.0)      # weight of our own chance to reach the pay-off card next turn
LEVELS = {
    "normal": BASE,
    "hard": dict(BASE, depth=12, nodes=1500, bridge=True, all_opponents=True, plan_discard=True,
                 danger=80.0, hand_emptied=15.0, opportunity=10.0),
}
PAYOFF_CARD = 1000.0
WIN = 100000.0
HINT_BUDGET = None      # a hint searches with the hard bot's own budget

Level = dict[str, Any]                        # a planner's settings (LEVELS, ROLLOUT)
Piles = tuple[tuple[int, ...], ...]           # discard piles in ranks, bottom to top
# A plan state: (hand ranks sorted, discard piles, pay-off top rank or -1 unknown, pay-off cards
# played, sorted needs of the centre piles on the table).
State = tuple[tuple[int, ...], Piles, int, int, tuple[int, ...]]
Source = str | tuple[str, int]                # "payoff", ("discard", d) or ("hand", rank)
Target = int | str                            # the need of the pile built on, or NEW


def rank(code: str) -> int:
    return RANKS.index(code[0])


class Table:
    """What the bot knows, in ranks: read from a seat's view (``from_view``) or, inside the search,
    from a sampled full state (``from_state``)."""

    def __init__(self, hand: Sequence[int], discards: Piles, payoff: tuple[int, int], centre: Sequence[int],
                 options: dict[str, Any], opponents: list[tuple[int, Piles]]) -> None:
        """``hand`` and ``discards`` (four piles) in ranks, ``payoff`` (cards left, top rank or -1),
        ``centre`` the centre piles' sizes, ``opponents`` (pay-off top rank, discard piles) from the
        next player on."""
        self.hand = tuple(sorted(hand))
        self.discards = discards
        self.payoff_left, self.payoff_top = payoff
        self.needs = tuple(sorted(n for n in centre if n))
        self.options = options
        self.starters = starting_ranks(options)
        self.opponents = opponents
        self.kings_held = self.hand.count(KING) + sum(p.count(KING) for p in self.discards)
        self.cards_held = len(self.hand), sum(len(p) for p in self.discards)

    @classmethod
    def from_view(cls, view: View) -> Table:
        seat, n, zones = view["seat"], view["players"], view["zones"]

        def piles(s: int) -> Piles:
            return tuple(tuple(rank(c) for c in zones[f"discard{s}_{d}"]) for d in range(DISCARD_PILES))

        def top(s: int) -> int:
            pay = zones[f"payoff{s}"]
            return rank(pay[-1]) if pay else -1

        others = [(seat + k) % n for k in range(1, n)]
        return cls([rank(c) for c in zones[f"hand{seat}"]], piles(seat), (len(zones[f"payoff{seat}"]), top(seat)),
                   [len(p["cards"]) for p in view["centre"]], view["options"], [(top(s), piles(s)) for s in others])

    @classmethod
    def from_state(cls, g: SpiteMalice, seat: int) -> Table:
        n = g.players

        def piles(s: int) -> Piles:
            return tuple(tuple(RANK_OF[c] for c in p) for p in g.discards[s])

        def top(s: int) -> int:
            pay = g.payoff[s]
            return RANK_OF[pay[-1]] if pay else -1

        others = [(seat + k) % n for k in range(1, n)]
        return cls([RANK_OF[c] for c in g.hands[seat]], piles(seat), (len(g.payoff[seat]), top(seat)),
                   [len(p) for p in g.centre], g.options, [(top(s), piles(s)) for s in others])

    def root(self) -> State:
        return (self.hand, self.discards, self.payoff_top, 0, self.needs)


def can_start(table: Table, needs: tuple[int, ...]) -> bool:
    return may_start_pile(table.options, len(needs))


def targets(table: Table, r: int, needs: tuple[int, ...]) -> list[Target]:
    """The plan model's targets of a card of rank ``r``: the needs of the piles it goes on (a pile
    needing it, or any pile for the wild King), and NEW when it may start one (the game's rules on
    ranks alone: ``WILD``, ``starting_ranks``, ``may_start_pile``)."""
    out: list[Target] = sorted({n for n in needs if r in (n, WILD)})
    if r in table.starters and can_start(table, needs):
        out.append(NEW)
    return out


def place(needs: tuple[int, ...], target: Target) -> tuple[int, ...]:
    lst = list(needs)
    if not isinstance(target, int):          # NEW: a pile starts
        lst.append(1)
    else:
        i = lst.index(target)
        if target + 1 == COMPLETE:
            del lst[i]
        else:
            lst[i] = target + 1
    return tuple(sorted(lst))


def play(state: State, source: Source, target: Target) -> State:
    """The state after building ``source`` ("payoff", ("discard", d) or ("hand", rank)) on ``target``."""
    hand, discards, top, played, needs = state
    if isinstance(source, str):              # "payoff"
        top, played = -1, played + 1
    elif source[0] == "discard":
        d = source[1]
        discards = discards[:d] + (discards[d][:-1],) + discards[d + 1:]
    else:
        i = hand.index(source[1])
        hand = hand[:i] + hand[i + 1:]
    return (hand, discards, top, played, place(needs, target))


def builds(table: Table, state: State) -> Iterator[tuple[Source, Target]]:
    hand, discards, top, played, needs = state
    if top >= 0:
        for t in targets(table, top, needs):
            yield "payoff", t
    for d, pile in enumerate(discards):
        if pile:
            for t in targets(table, pile[-1], needs):
                yield ("discard", d), t
    for i, r in enumerate(hand):
        if i == 0 or hand[i - 1] != r:
            for t in targets(table, r, needs):
                yield ("hand", r), t


def missing_cards(need: int, goal: int, piles: Piles, hand: Sequence[int] = ()) -> int:
    """How many cards a player lacks to build a pile from ``need`` up to just below ``goal`` with
    their discard piles (tops first, Kings as wild) and ``hand``; a greedy estimate."""
    stacks = [list(p) for p in piles if p]
    spare = list(hand)
    missing = 0
    for x in range(need, goal):
        if x in spare:
            spare.remove(x)
            continue
        for stack in stacks:
            if stack and stack[-1] == x:
                stack.pop()
                break
        else:
            if KING in spare:
                spare.remove(KING)
            else:
                for stack in stacks:
                    if stack and stack[-1] == KING:
                        stack.pop()
                        break
                else:
                    missing += 1
    return missing


def reach(table: Table, r: int, needs: tuple[int, ...], piles: Piles, hand: Sequence[int], bridge: bool,
          chance: float) -> float:
    """Chance-like weight (0..1) that a player with pay-off top ``r`` can play it on these piles."""
    if r == ACE:
        return 1.0 if can_start(table, needs) else 0.0
    if r < 0 or r == KING:
        return 0.0
    if not bridge:
        return 1.0 if r in needs else 0.0
    best = 0.0
    for n in needs:
        if n <= r:
            best = max(best, chance ** missing_cards(n, r, piles, hand))
    return best


def danger(table: Table, needs: tuple[int, ...], level: Level) -> float:
    total = 0.0
    opponents = table.opponents if level["all_opponents"] else table.opponents[:1]
    for k, (r, piles) in enumerate(opponents):
        weight = level["danger"] if k == 0 else level["danger"] / 2
        total += weight * reach(table, r, needs, piles, (), level["bridge"], level["bridge_chance"])
    return total


def opportunity(table: Table, state: State, level: Level) -> float:
    """Our own chance to reach the pay-off card next turn, if the piles stay as they are."""
    hand, discards, top, played, needs = state
    if not level["opportunity"] or top in (-1, ACE, KING):
        return 0.0
    below = [n for n in needs if n <= top]
    if not below:
        return 0.0
    missing = missing_cards(max(below), top, discards, hand)
    return level["opportunity"] * level["bridge_chance"] ** missing


def discard_value(card: int, top: int | None, empty_slots: int) -> float:
    """How good it is to discard ``card`` on a pile whose top is ``top`` (None = a new pile)."""
    if top is None:
        v = 4.0 if empty_slots >= 2 else 1.5
    elif top == card:
        v = 5.0
    elif top == card + 1:
        v = 6.0
    elif top > card:
        v = 3.0 - 0.5 * (top - card - 1)
    else:
        v = -3.0 - 0.3 * (card - top)
    if card == KING:
        v -= 30.0
    return v + 0.1 * card


def best_discard_value(state: State) -> float:
    hand, discards = state[0], state[1]
    empty = sum(1 for p in discards if not p)
    best = None
    for r in set(hand):
        if r == ACE:
            continue
        options = [p[-1] for p in discards if p] + ([None] if empty else [])
        for top in options:
            v = discard_value(r, top, empty)
            if best is None or v > best:
                best = v
    return best or 0.0


def evaluate(table: Table, state: State, level: Level, dangers: dict[tuple[int, ...], float]) -> float:
    hand, discards, top, played, needs = state
    if played and played >= table.payoff_left:
        return WIN
    v = PAYOFF_CARD * played
    kings_left = hand.count(KING) + sum(p.count(KING) for p in discards)
    v -= level["king_spent"] * (table.kings_held - kings_left)
    hand_played = table.cards_held[0] - len(hand)
    discard_played = table.cards_held[1] - sum(len(p) for p in discards)
    v += level["shed_hand"] * hand_played + level["shed_discard"] * discard_played
    if not hand:
        v += level["hand_emptied"]
    elif level["plan_discard"]:
        v += best_discard_value(state)
    risk = dangers.get(needs)
    if risk is None:
        risk = dangers[needs] = danger(table, needs, level)
    return v - risk + opportunity(table, state, level)


class Search:
    def __init__(self, table: Table, level: Level) -> None:
        self.table, self.level = table, level
        self.memo: dict[State, float] = {}
        self.dangers: dict[tuple[int, ...], float] = {}      # needs -> danger: the opponents' side of a position depends on nothing else
        self.nodes = 0

    def value(self, state: State, depth: int = 0) -> float:
        known = self.memo.get(state)
        if known is not None:
            return known
        self.nodes += 1
        best = evaluate(self.table, state, self.level, self.dangers)
        if best < WIN and state[0] and depth < self.level["depth"]:
            for source, target in builds(self.table, state):
                if self.nodes >= self.level["nodes"]:
                    break
                best = max(best, self.value(play(state, source, target), depth + 1))
        self.memo[state] = best
        return best


def move_step(view: View, move: Move) -> tuple[Source, Target]:
    """(source, target) of a legal build move in the plan model."""
    centre = view["centre"]
    target = NEW if move["pile"] == NEW else len(centre[move["pile"]]["cards"])
    if move["from"] == "payoff":
        return "payoff", target
    if move["from"] == "discard":
        return ("discard", move["discard"]), target
    return ("hand", rank(move["card"])), target


def best_discard_move(view: View, moves: list[Move]) -> Move:
    seat = view["seat"]
    zones = view["zones"]
    piles = [zones[f"discard{seat}_{d}"] for d in range(DISCARD_PILES)]
    empty = sum(1 for p in piles if not p)

    def value(m: Move) -> float:
        top = None if m["pile"] == NEW else rank(piles[m["pile"]][-1])
        return discard_value(rank(m["card"]), top, empty)
    return max(moves, key=value)             # the first of the best


def close_turn(view: View, legal: list[Move]) -> Move:
    discards = [m for m in legal if m["type"] == "discard"]
    if discards:
        return best_discard_move(view, discards)
    return next(m for m in legal if m["type"] == "end_turn")


def choose_easy(view: View, rng: Rng) -> Move:
    legal = view["legal_moves"]
    for m in legal:
        if m["type"] == "build" and m["from"] == "payoff":
            return m
    from_hand = [m for m in legal if m["type"] == "build" and m["from"] == "hand" and rank(m["card"]) != KING]
    if from_hand and rng.below(2) == 0:
        return from_hand[rng.below(len(from_hand))]
    return close_turn(view, legal)


def choose_planned(view: View, level: Level) -> Move:
    """The planner's best move (``ranked_moves``): a build worth more than closing the turn now."""
    return ranked_moves(view, level)[0][1]


# ---- hard: the shared search over the planner's close calls -------------------------------------

HARD_BUDGET = 36      # paired samples x candidates of one close call (what the arena measured)
BUDGET_CAP = HARD_BUDGET  # the page offers 300: capped so the page plays what the arena measured, quickly
CLOSE = 20.0          # planner points: candidates this near the planner's best are searched
MAX_CANDIDATES = 3
KEEP = 0.5            # mean returns (pay-off cards) another candidate must gain to overrule the planner
ROLLOUT = dict(BASE, depth=3, nodes=30)     # the quick normal of the playouts
LOOKAHEAD = 1         # value: play on until the searching seat's turn comes round this many times


def ranked_moves(view: View, level: Level) -> list[tuple[float, Move]]:
    """The planner's options for this view, best first: (value, move) for every build, and the
    turn's close (its best discard, or end_turn) valued as stopping here. A pay-off build, when
    legal, is always played: then only pay-off builds are ranked."""
    legal = view["legal_moves"]
    table = Table.from_view(view)
    search = Search(table, level)
    root = table.root()
    build_moves = [m for m in legal if m["type"] == "build"]
    payoff_moves = [m for m in build_moves if m["from"] == "payoff"]
    ranked = [(search.value(play(root, *move_step(view, m)), 1), m) for m in payoff_moves or build_moves]
    if not payoff_moves:
        ranked.append((evaluate(table, root, level, search.dangers) + 1e-9, close_turn(view, legal)))
    ranked.sort(key=lambda vm: -vm[0])          # stable: ties keep the planner's order
    return ranked


def quick_action(g: SpiteMalice, rng: Rng | None = None) -> int:
    """The playout policy: the normal planner, shallower, on a full state (a sampled deal)."""
    legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = g.turn
    table = Table.from_state(g, seat)
    search = Search(table, ROLLOUT)
    root = table.root()
    builds: list[int] = []
    closes: list[int] = []
    for a in legal:
        (builds if a >> 12 < A_DISCARD else closes).append(a)
    payoff = [a for a in builds if a >> 12 == A_FROM_PAYOFF]
    best, best_v = None, -math.inf
    for a in payoff or builds:
        source, target = a >> 12, a & 63
        need = NEW if target == A_NEW else len(g.centre[target])
        r = RANK_OF[a >> 6 & 63]
        step = ("payoff" if source == A_FROM_PAYOFF else ("hand", r) if source == A_FROM_HAND
                else ("discard", source - A_FROM_DISCARD))
        v = search.value(play(root, step, need), 1)
        if v > best_v:
            best, best_v = a, v
    if best is not None and (payoff or best_v > evaluate(table, root, ROLLOUT, search.dangers) + 1e-9):
        return best
    if closes[0] == END_ACTION:
        return END_ACTION
    piles = g.discards[seat]
    empty = sum(1 for p in piles if not p)

    def worth(a: int) -> float:
        target = a & 63
        return discard_value(RANK_OF[a >> 6 & 63], None if target == A_NEW else RANK_OF[piles[target][-1]], empty)
    return max(closes, key=worth)


def _judge(seat: int, turns: int) -> Callable[[SpiteMalice], list[float]]:
    """The playouts' judge: the state is played on (quick policy) until ``seat``'s turn has come
    round ``turns`` more times (the others' replies included), then each seat's worth is its match
    returns plus the pay-off cards it is ahead of the others' mean - so a pay-off card played (or let
    through) counts as about a point."""
    def value(g: SpiteMalice) -> list[float]:
        rounds = 0
        for _ in range(400):
            if g.over or rounds >= turns:
                break
            mover = g.turn
            g.apply_action(quick_action(g))
            if g.turn == seat and mover != seat:
                rounds += 1
        worth = g.returns()
        n = g.players
        left = [len(p) for p in g.payoff]
        total = sum(left)
        return [worth[s] - left[s] + (total - left[s]) / (n - 1) for s in range(n)]
    return value


def choose_hard(view: View, rng: Rng, budget: int | None = None) -> Move:
    """The planner's choice, unless its best options are close: then the shared search weighs them
    (paired samples of the hidden cards, each played on by the quick planner for both sides)."""
    ranked = ranked_moves(view, LEVELS["hard"])
    best_v = ranked[0][0]
    close: list[Move] = []
    seen: list[float] = []
    for v, m in ranked:                 # one move per distinct value: equal values are one plan reordered
        if v >= best_v - CLOSE and len(close) < MAX_CANDIDATES and all(abs(v - w) > 1e-6 for w in seen):
            close.append(m)
            seen.append(v)
    if len(close) == 1:                 # a clear call: the planner's move stands, nothing to weigh
        return close[0]
    sample = SpiteMalice.determinize(view, rng)
    actions = [sample.move_to_action(m) for m in close]
    budget = min(budget or HARD_BUDGET, BUDGET_CAP)
    return search_move(view, rng, budget=budget, rollout=quick_action, value=_judge(view["seat"], LOOKAHEAD),
                       horizon=1, actions=actions, keep=KEEP)


def choose_move(view: View, level: str, rng: Rng, budget: int | None = None) -> Move:
    if level == "easy":
        return choose_easy(view, rng)
    if level == "hard":
        return choose_hard(view, rng, budget)
    return choose_planned(view, LEVELS[level])


# ---- hints: why a move is good, for the person's Hint (pygames.ai.hints) ----------------------
# Every move gets a reason, each true of the position it is given in (tests/test_hint.py checks
# each against the view): the planner's own values say why - pay-off cards first, then a pile kept
# from the next player's pay-off card, cards shed (a discard top uncovers the card below it, an
# emptied hand draws five fresh cards, every hand card played is one more drawn next turn), wild
# cards kept, and discards that keep a pile falling so it plays back in order.
def hint_reason(view: View, move: Move, after: Callable[[], View]) -> Message | None:
    seat = view["seat"]
    kind = move.get("type")
    if kind == "end_turn":
        return message("hint.spite_malice.end_turn")
    if kind == "discard":
        return _discard_reason(view, move)
    if move["from"] == "payoff":
        return message("hint.spite_malice.payoff")
    top = view["payoff_tops"][seat]
    if top and not _payoff_playable(view) and _payoff_playable(after()):
        return message("hint.spite_malice.toward_payoff")
    blocked = _blocked_card(view, after)
    if blocked:
        return message("hint.spite_malice.block", card=blocked)
    pile = view["centre"][move["pile"]] if move["pile"] != NEW else None
    if pile and pile["needs"] == RANKS[COMPLETE - 1]:
        return message("hint.spite_malice.complete")
    if move["from"] == "discard":
        return message("hint.spite_malice.from_discard")
    if view["hand_counts"][seat] == 1:
        return message("hint.spite_malice.empty_hand")
    if move["card"][0] == RANKS[ACE]:
        return message("hint.spite_malice.ace")
    if move["card"][0] == view["wild"]:
        needs = pile["needs"] if pile else RANKS[ACE]
        return message("hint.spite_malice.king", rank=message(f"spite_malice.rank.{needs}"))
    return message("hint.spite_malice.from_hand")


def _discard_reason(view: View, move: Move) -> Message | None:
    """A discard's reason: a new pile, a pile kept falling (the card goes on a higher one, best on the
    next rank up or its own), else the highest card (the centre piles need it last), else - when no
    discard keeps a pile falling - the least harm; None for a discard that breaks an order another
    discard would have kept."""
    seat, wild = view["seat"], view["wild"]
    pile = view["zones"].get(f"discard{seat}_{move['pile']}") if move["pile"] != NEW else []
    if not pile:
        return message("hint.spite_malice.discard_new")
    card, below = rank(move["card"]), rank(pile[-1])
    if move["card"][0] != wild and pile[-1][0] != wild:
        if card == below or below == card + 1:
            return message("hint.spite_malice.discard_order")
        if card < below:
            return message("hint.spite_malice.discard_below")
    hand = [rank(c) for c in view["zones"][f"hand{seat}"] if c[0] != wild]
    if move["card"][0] != wild and hand and card == max(hand):
        return message("hint.spite_malice.discard_high")
    if not any(_keeps_order(view, m) for m in view["legal_moves"] if m["type"] == "discard"):
        return message("hint.spite_malice.discard_least")
    return None


def _keeps_order(view: View, move: Move) -> bool:
    """Whether a discard starts a pile or goes on a higher card (no wild card): its pile stays falling."""
    wild = view["wild"]
    pile = view["zones"].get(f"discard{view['seat']}_{move['pile']}") if move["pile"] != NEW else []
    return not pile or (move["card"][0] != wild and pile[-1][0] != wild and rank(move["card"]) <= rank(pile[-1]))


def _blocked_card(view: View, after: Callable[[], View]) -> str | None:
    """The next player's pay-off card when this build takes away the only place it could go now
    (a centre pile needing its rank), else None."""
    nxt = (view["seat"] + 1) % view["players"]
    theirs = view["payoff_tops"][nxt]
    if not theirs or theirs[0] in view["starts"] or theirs[0] == view["wild"] or not _fits_a_pile(view, theirs):
        return None
    return None if _fits_a_pile(after(), theirs) else theirs


def _payoff_playable(view: View) -> bool:
    """Could the seat's pay-off card be built now (a legal move of the view builds it)?"""
    return any(m["type"] == "build" and m["from"] == "payoff" for m in view["legal_moves"])


def _fits_a_pile(view: View, top: str) -> bool:
    """Could a card ``top`` go on a centre pile now, as the view tells the rules: the wild rank goes
    anywhere, a starting rank starts a pile, any other the pile that needs its rank."""
    if top[0] == view["wild"]:
        return True
    return any(pile["needs"] == top[0] if pile["cards"] else top[0] in view["starts"] for pile in view["centre"])
