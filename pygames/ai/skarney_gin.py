"""Skarney Gin bots. They read one seat's view and nothing else.

* normal: covers its hand with the best set of new melds and lay-offs (a search over card masks), makes
  the initial meld as soon as its hand allows, melds and lays off all the cover holds, offers the card it
  needs least that the opponent's melds cannot use, takes an offer only when it raises its hand's value.
  The initial meld is chosen whole (the best three 3-card melds the hand holds) and then laid one
  meld at a time (``initial_part``) and committed (``initial_meld``); it never takes a meld back.
* easy: the first table play it finds, offers its loneliest card, takes only a card that melds at once.
* hard: normal, counting the cards seen this deal (outs already dead do not count, cards known to be
  in the opponent's hand make an offer that fits them risky), and it asks the shared search
  (``pygames/ai/ismcts.py``) whether to take every offer but an Ace, and which card to offer when
  normal's few cheapest offers cost nearly the same (``OFFER_CHOICES``, ``CLOSE_OFFER``). Each
  candidate - normal's choice first, kept unless beaten by more than ``KEEP`` - is played out on the
  same deals sampled from the view (``SkarneyGin.determinize``, which keeps the cards seen going into
  the opponent's hand and gives it no meld it would have laid) with a quick greedy policy
  (``rollout``) for up to ``HORIZON`` actions; a deal still running there is judged by its hands as
  the stock's end would count them (``deal_value``). Table plays and the initial meld stay normal's.
  Take or refuse is where the search gains most, so it searches every answer: searching only the
  answers near normal's margin gains far less, and searching every offer as well gains nothing more
  (the arena's figures: docs/bots.md). Before its initial meld it takes more than normal does: a card
  that starts a meld is often worth its points. Every decision is not searched, and never with
  unpaired samples: a deal's outcome varies too much for a few samples per choice, and such a search
  plays worse than the heuristic.

No bot takes an offered Ace unless it melds at once: the rules set no limit on Aces offered to and fro
(an accepted Ace skips the taker's draw, so the stock need not shrink), and this keeps two bots from
passing them for ever.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

from ..cards import ACE, CODES, IDS, Rng
from ..engine import Message, Move, View
from ..text import message
from ..games import skarney_gin as sg
from ..games.skarney_gin import (INITIAL_MELD_SIZE, INITIAL_MELDS, LAYOFF_LIMIT, SKIPS_DRAW, STOCK_END, card_points,
                                 hand_points, kind_of, melds_in)
from .ismcts import search_move

CONTRACT = 30          # value of each 3-card meld towards the initial meld
PRE_POINTS = 1         # weight of hand points before the initial meld
OUT_WEIGHT = {False: 0.5, True: 0.75}   # value of one live card that would complete a partial meld
FUTURE_ROOM = 3        # lay-off room assumed for future turns
ACE_SKIP = 3           # taking an Ace costs the next draw
TAKE_MARGIN = 1
HOPE_STOCK = 24        # stock size below which partial melds lose value
CLOSE_HAND, CLOSE_HOPE = 2, 0.3
INITIAL_CHOICES = 12   # initial melds judged in full
INITIAL_SCAN = 4000    # initial melds looked at (the ones shedding most points come first)
HARD_BUDGET = 150      # search iterations of the hard bot per search (an answer, or a close offer)
BUDGET_CAP = 200       # at most this many, whatever the caller offers (a move within about a second)
OFFER_CHOICES = 3      # the hard bot weighs at most this many offers ...
CLOSE_OFFER = 6        # ... those whose cost is this near the cheapest's
KEEP = 2.0             # the heuristic's choice stands unless the search finds one better by more
HORIZON = 30           # playout actions before a running deal is judged by its hands (deal_value)
FITS_THEIR_MELD = 5    # offering a card the opponent can lay off (it grows their meld)
MELD_SWING = 40        # offering a card that makes a meld with the opponent's hand (times its chance)
HINT_BUDGET = None     # a hint searches with the hard bot's own budget

Unit = tuple[Any, ...]  # a cover's unit: ("meld", cards) or ("layoff", meld index, cards)


def _ids(codes: Sequence[str]) -> list[int]:
    return [IDS[c] for c in codes]


def _positions(card: int) -> tuple[int, ...]:
    """A card's rank positions in a run: the Ace low (0) or high (13)."""
    r = card % 13
    return (0, 13) if r == ACE else (r,)


_PARTNERS: dict[int, list[tuple[int, int]]] = {}


def _partners(card: int) -> list[tuple[int, int]]:
    """The pairs of other cards that make a 3-card meld with ``card``."""
    if card not in _PARTNERS:
        near = [c for c in range(52) if c != card and any(
            abs(p - q) <= 2 for p in _positions(c) for q in _positions(card))]
        _PARTNERS[card] = [(a, b) for i, a in enumerate(near) for b in near[i + 1:] if kind_of([card, a, b])]
    return _PARTNERS[card]


def _span(spots: list[int], length: int) -> tuple[int, int]:
    """(lowest, highest) rank position of a run laid on the table, the Ace where it plays."""
    for lo in sorted(set(spots)):
        if all(p in spots for p in range(lo, lo + length)):
            return lo, lo + length - 1
    return min(spots), max(spots)


def _pair_outs(a: int, b: int, live: list[int]) -> int:
    """Live cards that would make a 3-card meld with loose cards a and b (0 when none can)."""
    if a % 13 == b % 13:
        return live[a % 13]
    outs = 0
    for p in _positions(a):
        for q in _positions(b):
            lo, hi = min(p, q), max(p, q)
            if hi - lo == 1:
                outs = max(outs, (live[lo - 1] if lo else 0) + (live[hi + 1] if hi < 13 else 0))
            elif hi - lo == 2:
                outs = max(outs, live[lo + 1])
    return outs


# ---- covering a hand with melds and lay-offs --------------------------------------------------
def extensions(meld: list[int], hand: Sequence[int], room: int) -> set[tuple[int, ...]]:
    """Every set of up to ``room`` hand cards (a sorted tuple) that leaves ``meld`` valid."""
    found: set[tuple[int, ...]] = set()
    frontier: list[tuple[int, ...]] = [()]
    for _ in range(room):
        grown = []
        for sub in frontier:
            for c in hand:
                if c not in sub:
                    ext = tuple(sorted(sub + (c,)))
                    if ext not in found and kind_of(meld + list(ext)):
                        found.add(ext)
                        grown.append(ext)
        frontier = grown
    return found


def cover(hand: Sequence[int], table: Sequence[list[int]], room: Sequence[int]) -> tuple[int, list[Unit], list[int]]:
    """The least deadwood: (points left, units, uncovered cards); a unit is ("meld", cards) or
    ("layoff", meld index, cards), at most one unit per table meld."""
    cards = sorted(hand)
    place = {c: k for k, c in enumerate(cards)}
    starts: list[list[tuple[int, int, Unit]]] = [[] for _ in cards]   # units by their lowest card's place

    def add(unit_cards: Sequence[int], table_bit: int, unit: Unit) -> None:
        mask = sum(1 << place[c] for c in unit_cards)
        starts[(mask & -mask).bit_length() - 1].append((mask, table_bit, unit))

    for m in melds_in(cards, max_len=5):
        add(m, 0, ("meld", m))
    for i, meld in enumerate(table):
        for ext in extensions(meld, cards, room[i]):
            add(ext, 1 << i, ("layoff", i, ext))
    points = [card_points(c) for c in cards]
    full = (1 << len(cards)) - 1
    memo = {}

    def best(used: int, tables: int) -> tuple[int, tuple[Unit, ...]]:
        if used == full:
            return 0, ()
        key = (used, tables)
        if key not in memo:
            k = (~used & (used + 1)).bit_length() - 1     # the first uncovered card
            rest, units = best(used | (1 << k), tables)
            result = (rest + points[k], units)
            for mask, table_bit, unit in starts[k]:
                if not (mask & used or table_bit & tables):
                    rest, units = best(used | mask, tables | table_bit)
                    if rest < result[0]:
                        result = (rest, (unit,) + units)
            memo[key] = result
        return memo[key]

    left, units = best(0, 0)
    covered = {c for unit in units for c in unit[-1]}
    return left, list(units), [c for c in cards if c not in covered]


def contract(hand: Sequence[int]) -> tuple[int, list[int]]:
    """(how many of the three 3-card melds of the initial meld the hand holds, the cards left)."""
    melds = [(sum(1 << c for c in m), m) for m in melds_in(hand, max_len=INITIAL_MELD_SIZE)]
    best = (0, 0)

    def search(start: int, used: int, count: int) -> None:
        nonlocal best
        if count > best[0]:
            best = (count, used)
        if count == INITIAL_MELDS or best[0] == INITIAL_MELDS:
            return
        for j in range(start, len(melds)):
            if not melds[j][0] & used:
                search(j + 1, used | melds[j][0], count + 1)

    search(0, 0, 0)
    return best[0], [c for c in hand if not best[1] >> c & 1]


# ---- what the bot knows ----------------------------------------------------------------------
class Knowledge:
    """The seat's cards, melds and what it may infer of the opponent's hand this deal."""

    def __init__(self, view: View, track: bool) -> None:
        self.seat = seat = view["seat"]
        self.hand = _ids(view["zones"][f"hand{seat}"])
        self.mine = [_ids(m["cards"]) for m in view["melds"][seat]]
        self.room = [LAYOFF_LIMIT - m["laid_this_turn"] for m in view["melds"][seat]]
        self.theirs = [_ids(m["cards"]) for m in view["melds"][1 - seat]]
        self.melded = view["initial_done"][seat]
        # partial melds are worth less as the draws run out
        self.hope = min(1.0, (view["stock_count"] - STOCK_END) / HOPE_STOCK)
        if track and view["initial_done"][1 - seat] and view["hand_counts"][1 - seat] <= CLOSE_HAND:
            self.hope *= CLOSE_HOPE          # the opponent may go out any turn now
        self.track = track
        self.their_known = self._their_cards(view) if track else set()
        dead = set(self.hand) | {c for m in self.mine + self.theirs for c in m} | self.their_known
        if view["offer"]:
            dead.add(IDS[view["offer"]])
        unknown = 52 - len(dead)
        hidden = view["hand_counts"][1 - seat] - len(self.their_known)
        self.chance = [1.0 if c in self.their_known else 0.0 if c in dead else hidden / unknown
                       for c in range(52)]   # that the opponent holds each card
        self.live = [0] * 14                      # live cards per rank position (Ace at 0 and 13)
        for c in range(52):
            if c not in dead:
                for p in _positions(c):
                    self.live[p] += 1

    def _their_cards(self, view: View) -> set[int]:
        """Cards the opponent took or got back this deal and has not laid or offered since."""
        return set(_ids(view["shown"][1 - self.seat])) - set(self.hand)

    # ---- values --------------------------------------------------------------------------------
    def value(self, hand: list[int], melded: bool | None = None, mine: list[list[int]] | None = None) -> float:
        """How good a hand is, in points (higher is better)."""
        melded = self.melded if melded is None else melded
        if melded:
            mine = self.mine if mine is None else mine
            left, _, rest = cover(hand, mine, [FUTURE_ROOM] * len(mine))
            return -left + self.potential(rest, mine, True)
        count, rest = contract(hand)
        return CONTRACT * count + self.potential(rest, (), False) - PRE_POINTS * hand_points(hand)

    def potential(self, rest: list[int], mine: Sequence[list[int]], melded: bool) -> float:
        """Credit for partial melds among loose cards: live cards that would complete them."""
        live, total = self.live, 0
        gaps = []                                  # (loose position, live rank it needs) beyond a run
        for meld in mine:
            if kind_of(meld) != "group":
                spots = [p for c in meld for p in _positions(c)]
                lo, hi = _span(spots, len(meld))
                gaps += [(lo - 2, lo - 1), (hi + 2, hi + 1)]
        for a in rest:
            outs = 0
            for b in rest:
                if b != a:
                    outs = max(outs, _pair_outs(a, b, live))
            for p in _positions(a):
                outs = max([outs] + [live[need] for spot, need in gaps if spot == p])
            total += outs
        return OUT_WEIGHT[melded] * self.hope * total

    def danger(self, card: int) -> float:
        """How much offering ``card`` may help the opponent."""
        risk: float = 0
        if any(kind_of(m + [card]) for m in self.theirs):
            risk += FITS_THEIR_MELD + card_points(card)
        if self.track:
            miss = 1.0
            for a, b in _partners(card):
                miss *= 1 - self.chance[a] * self.chance[b]
            risk += MELD_SWING * (1 - miss)
        return risk


# ---- choosing a move -------------------------------------------------------------------------
def _key(move: Move) -> tuple[Hashable, ...]:
    kind = move["type"]
    if kind in ("meld", "layoff", "initial_part"):
        return kind, move.get("meld"), tuple(sorted(move["cards"]))
    return kind, move.get("card")


def _unit_move(unit: Unit) -> Move:
    if unit[0] == "meld":
        return {"type": "meld", "cards": [CODES[c] for c in unit[1]]}
    return {"type": "layoff", "meld": unit[1], "cards": [CODES[c] for c in unit[2]]}


def choose_move(view: View, level: str, rng: Rng, budget: int | None = None) -> Move:
    legal = view["legal_moves"]
    by_key = {_key(m): m for m in legal}
    know = Knowledge(view, track=level == "hard")
    table = _table_play(know, view, legal, by_key, level)
    if table is not None:
        return table
    budget = min(budget or HARD_BUDGET, BUDGET_CAP)
    if view["phase"] == "answer":
        offer = IDS[view["offer"]]
        take = _wants(know, offer, level)
        if level == "hard" and offer % 13 != SKIPS_DRAW:
            return _search(view, rng, budget, [sg.TAKE, sg.REFUSE] if take else [sg.REFUSE, sg.TAKE])
        return by_key[("take", None) if take else ("refuse", None)]
    for kind in ("end_deal", "last_card"):
        if (kind, None) in by_key:
            return by_key[(kind, None)]
    offers = [IDS[m["card"]] for m in legal if m["type"] == "offer"]
    if level == "easy":
        card = _loneliest(know.hand, offers, rng)
    elif level == "hard":
        ranked = _ranked_offers(know, offers)
        close = [c for cost, c in ranked[:OFFER_CHOICES] if cost - ranked[0][0] <= CLOSE_OFFER]
        if len(close) > 1:
            return _search(view, rng, budget, [sg.OFFER + c for c in close])
        card = ranked[0][1]
    else:
        card = _ranked_offers(know, offers)[0][1]
    return by_key[("offer", CODES[card])]


def _search(view: View, rng: Rng, budget: int, actions: list[int]) -> Move:
    """The shared search's pick among ``actions`` (the heuristic's choice first, kept unless
    another does better by more than ``KEEP``), each tried on the same sampled deals."""
    return search_move(view, rng, budget, rollout, keep=KEEP,
                       actions=actions, value=deal_value(view["deal"]),
                       horizon=HORIZON)


def deal_value(deal: int) -> Callable[[sg.SkarneyGin], list[float]]:
    """Each seat's worth of a playout stopped at the horizon: the match margin so far, and while
    ``deal`` still runs, the count the stock's end would make (the lower hand scores the difference)."""
    def value(game: sg.SkarneyGin) -> list[float]:
        worth = game.returns()
        if not game.is_over and game.deal_number == deal:
            a, b = sg.stock_end_points(*game.hands)
            worth = [worth[0] + a - b, worth[1] + b - a]
        return worth
    return value


def _table_play(know: Knowledge, view: View, legal: list[Move], by_key: dict[tuple[Hashable, ...], Move],
                level: str) -> Move | None:
    """The next initial-meld step, meld or lay-off to make, or None to close the turn."""
    if view["phase"] != "play":
        return None
    building = [m for m in legal if m["type"] in ("initial_part", "initial_meld")]
    if building:
        if level == "easy" or len(building) == 1:
            return building[0]
        return _initial_step(know, view, building)
    table = [m for m in legal if m["type"] in ("meld", "layoff")]
    if not table:
        return None
    if level == "easy":
        return table[0]
    _, units, _ = cover(know.hand, know.mine, know.room)
    for unit in units:
        move = by_key.get(_key(_unit_move(unit)))
        if move is not None:
            return move
    return None


def initial_melds(parts: list[list[int]], pending: list[list[int]], limit: int = INITIAL_SCAN) -> list[tuple[list[int], ...]]:
    """Ways to complete the initial meld: tuples of 3-card melds (card-id tuples) that, with the
    ``pending`` ones, make three disjoint melds. ``parts`` are the melds that may join; those
    shedding most points are tried first, and at most ``limit`` ways are listed."""
    need = INITIAL_MELDS - len(pending)
    order = sorted(parts, key=lambda t: -hand_points(t))
    masks = [sg.mask_of(t) for t in order]
    found: list[tuple[list[int], ...]] = []

    def pick(start: int, used: int, chosen: list[list[int]]) -> None:
        if len(found) >= limit:
            return
        if len(chosen) == need:
            found.append(tuple(chosen))
            return
        for j in range(start, len(order)):
            if not masks[j] & used:
                pick(j + 1, used | masks[j], chosen + [order[j]])

    pick(0, 0, [])
    return found


def _initial_step(know: Knowledge, view: View, building: list[Move]) -> Move:
    """Lay the next meld of the best initial meld the hand allows (or commit the three)."""
    commit = next((m for m in building if m["type"] == "initial_meld"), None)
    if commit is not None:
        return commit
    pending = [_ids(p) for p in view["pending"] or []]
    parts = {tuple(sorted(_ids(m["cards"]))): m for m in building}
    ways = initial_melds([list(p) for p in parts], pending)

    def after(way: tuple[list[int], ...]) -> float:
        melds = pending + [list(t) for t in way]
        laid = {c for m in melds for c in m}
        return know.value([c for c in know.hand if c not in laid], True, know.mine + melds)

    shed = sorted(ways, key=lambda w: -hand_points([c for t in w for c in t]))
    best = max(shed[:INITIAL_CHOICES], key=after)
    first = max(best, key=lambda t: (hand_points(t), sorted(t)))
    return parts[tuple(sorted(first))]


def _wants(know: Knowledge, card: int, level: str) -> bool:
    if level == "easy":
        return _melds_now(know, card)
    gain = _gain(know, card)
    if card % 13 == SKIPS_DRAW:
        # an Ace costs the next draw; taking only Aces that meld at once also keeps two bots from
        # passing three Aces to and fro without drawing for ever
        return gain - ACE_SKIP > TAKE_MARGIN and _melds_now(know, card)
    return gain > TAKE_MARGIN


def _gain(know: Knowledge, card: int) -> float:
    """How much taking ``card`` raises the hand's value."""
    return know.value(know.hand + [card]) - know.value(know.hand)


def _melds_now(know: Knowledge, card: int) -> bool:
    """Whether ``card`` would be used at once: it fits a meld of mine, or it makes a meld (after the
    initial meld) or another 3-card meld towards it (before)."""
    if know.melded:
        return any(kind_of(m + [card]) for m in know.mine) or any(
            card in m for m in melds_in(know.hand + [card], max_len=5))
    return contract(know.hand + [card])[0] > contract(know.hand)[0]


def _offer_cost(know: Knowledge, base: float, card: int) -> tuple[float, int, int]:
    keep = base - know.value([c for c in know.hand if c != card])
    return keep + know.danger(card), -card_points(card), card


def _ranked_offers(know: Knowledge, offers: list[int]) -> list[tuple[float, int]]:
    """(cost, card) for every offer, cheapest first (the first is normal's offer): the points its
    hand loses, plus the danger of feeding the opponent; ties go to the costlier card."""
    base = know.value(know.hand)
    costs = sorted(_offer_cost(know, base, card) for card in offers)
    return [(cost[0], cost[2]) for cost in costs]


def _loneliest(hand: Sequence[int], offers: list[int], rng: Rng) -> int:
    def friends(card: int) -> int:
        return sum(1 for c in hand if c != card and abs(c % 13 - card % 13) <= 1)

    fewest = min(friends(c) for c in offers)
    lonely = [c for c in offers if friends(c) == fewest]
    top = max(card_points(c) for c in lonely)
    return rng.choice([c for c in lonely if card_points(c) == top])


# ---- the hard bot's playout policy (over the action interface, on a sampled full state) ----------
def _ranks_held(hand: Sequence[int]) -> list[int]:
    held = [0] * 14
    for c in hand:
        r = c % 13
        held[r] += 1
        if r == ACE:
            held[13] += 1
    return held


def _fits(card: int, held: list[int]) -> bool:
    """Whether ``card`` makes a 3-card meld with two cards of a hand (``held``: cards per rank position)."""
    r = card % 13
    if held[r] >= 2:
        return True
    for p in _positions(card):
        near = [held[q] if 0 <= q <= 13 else 0 for q in (p - 2, p - 1, p + 1, p + 2)]
        if (near[1] and near[2]) or (near[0] and near[1]) or (near[2] and near[3]):
            return True
    return False


def _near_ranks(card: int, hand: Sequence[int]) -> int:
    """Other cards of ``hand`` that may meld with ``card``: its rank, or within two ranks (any suit:
    a straight mixes suits)."""
    n = 0
    for c in hand:
        if c != card:
            d = abs(c % 13 - card % 13)
            n += d <= 2 or d >= 11
    return n


def rollout(game: sg.SkarneyGin, rng: Rng) -> int:
    """A quick greedy policy: lay every meld and lay-off it can (the initial meld as soon as it can),
    take an offer that makes a meld or fits a meld of the taker's (an Ace only then too), offer its
    loneliest, costliest card, one that fits none of the opponent's melds if it can."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if game.phase == "answer":
        taker = 1 - game.turn
        card = game.offer
        assert card is not None                 # a card is on offer
        if _fits(card, _ranks_held(game.hands[taker])) or (
                game.initial_done[taker] and any(kind_of(m + [card]) for m in game.melds[taker])):
            return sg.TAKE
        return sg.REFUSE
    if sg.COMMIT in legal:
        return sg.COMMIT
    for a in legal:
        if a >= sg.MELD:
            return a
    offers = [a for a in legal if a < sg.TAKE]
    if not offers:
        return legal[0]
    hand = game.hands[game.turn]
    theirs = game.melds[1 - game.turn]
    return min(offers, key=lambda c: (any(kind_of(m + [c]) for m in theirs), _near_ranks(c, hand),
                                      -card_points(c), rng.below(4)))


# ---- hints: why a move is good, for the person's Hint (pygames.ai.hints) ----------------------
def hint_reason(view: View, move: Move, after: Callable[[], View]) -> Message | None:
    kind = move.get("type")
    if kind in ("initial_part", "initial_meld"):
        return message("hint.skarney_gin.initial")
    if kind == "meld":
        return message("hint.skarney_gin.meld", n=len(move["cards"]))
    if kind == "layoff":
        return message("hint.skarney_gin.layoff")
    if kind == "take":
        return message("hint.skarney_gin.take")
    if kind == "refuse":
        return message("hint.skarney_gin.refuse")
    if kind == "offer":
        return message("hint.skarney_gin.offer")
    return None
