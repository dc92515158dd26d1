"""Skarney Gin: John Scarne's two-handed rummy (docs/rules/skarney_gin.md).

Cards are ints (``suit * 13 + rank_index``, rank_index 0 = Ace) inside; codes only at the API edge.
A rank *position* puts the Ace at 0 (low) or 13 (high); runs are consecutive positions. A set of
cards is also kept as a bit mask (bit ``c`` for card ``c``).

Actions (the engine's action interface) are ints:

* ``OFFER + card`` (0..51), ``TAKE``, ``REFUSE``, ``LAST_CARD``, ``END_DEAL``;
* the initial meld is built one 3-card meld at a time: ``PART | mask`` adds a meld to the pending
  initial meld, ``TAKE_BACK + i`` takes its i-th meld back, ``COMMIT`` lays the three down together;
* ``MELD | mask`` a new meld, ``LAYOFF_0 + (i << 52) | mask`` a lay-off onto the player's meld i.

Rulings taken here, where the source is silent (docs/rules/skarney_gin.md lists them with the others):

* the turn ending a deal on the stock (2 cards left after the draw) closes with ``{"type": "end_deal"}``
  instead of an offer;
* a deal that scores nothing (equal hands) is dealt again by the same dealer;
* melds are indexed per player in the order they were laid (``view["melds"][seat][i]["index"] == i``);
* the 2-card limit counts lay-offs only: a meld laid this turn may still take 2 lay-off cards;
* the initial meld is one act: its melds are chosen one by one (``initial_part``), stay in the hand
  until they are laid down together (``initial_meld``), and only the player choosing them sees them
  (the opponent's view has ``pending: None`` and its log shows ``initial_part`` moves without cards).
  A part is listed only when the rest of the hand can still complete the three, so building never
  runs into a dead end. While melds are pending the player lays them down or takes them back
  before offering;
* an Ace accepted from an offer may not be offered again in the same deal (a ruling of docs/rules/skarney_gin.md:
  otherwise two players could pass Aces to and fro for ever, each skipping the draw); the Aces taken
  so far are public (``aces_taken`` in the view: both players saw them taken). When no other card is
  left to offer (the source is silent), the card accepted last turn and then a taken Ace may go again.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any, Iterable, Self, Sequence

from ..cards import ACE, CODES, HIDDEN, IDS, RANKS, Rng, rank_of
from ..engine import EVERYONE, OTHERS, Game, Message, Move, View
from ..text import message

HAND_SIZE = 10
STOCK_END = 2             # a draw leaving this many cards ends the deal unless the drawer goes out
CARD_POINTS = (15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)   # by rank index: A=15, 2-10 pips, JQK=10
SKARNEY_BONUS, SKARNEY_BONUS_UNMELDED = 20, 40
BOX_BONUS, GAME_BONUS, SHUTOUT_BONUS = 25, 200, 200
MELD_MIN = 3              # a meld is at least this many cards
INITIAL_MELDS = 3         # the initial meld: exactly this many melds ...
INITIAL_MELD_SIZE = 3     # ... of exactly this many cards each
LAYOFF_LIMIT = 2          # cards a player may lay off onto one meld in a turn (and at a time)
SKIPS_DRAW = ACE          # a card of this rank taken from an offer skips the taker's draw, and goes round once a deal

# ---- action keys ----------------------------------------------------------------------------------
OFFER = 0
TAKE, REFUSE, LAST_CARD, END_DEAL, COMMIT = 52, 53, 54, 55, 56
TAKE_BACK = 60
SHIFT = 52
MELD, PART, LAYOFF_0 = 1 << SHIFT, 2 << SHIFT, 3 << SHIFT
CARDS = (1 << SHIFT) - 1


# ---- cards and melds (ints) -------------------------------------------------------------------
def card_points(card: int) -> int:
    return CARD_POINTS[card % 13]


def hand_points(cards: Iterable[int]) -> int:
    return sum(CARD_POINTS[c % 13] for c in cards)


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _ace_high(ranks: Sequence[int] | set[int]) -> bool:
    """True when a run of these distinct rank indexes needs the Ace above the King."""
    return 0 in ranks and 12 in ranks and 1 not in ranks


def _is_run(ranks: list[int]) -> bool:
    n = len(ranks)
    if len(set(ranks)) != n:
        return False
    if max(ranks) - min(ranks) == n - 1:
        return True
    if _ace_high(ranks):
        rest = [r for r in ranks if r]
        return min(rest) == 14 - n
    return False


def kind_of(cards: Sequence[int]) -> str | None:
    """The kind of meld these card ids form ("group" | "sequence" | "straight") or None."""
    n = len(cards)
    if n < MELD_MIN or len(set(cards)) != n:
        return None
    ranks = [c % 13 for c in cards]
    if ranks.count(ranks[0]) == n:
        return "group" if n <= 4 else None
    if not _is_run(ranks):
        return None
    return "sequence" if len({c // 13 for c in cards}) == 1 else "straight"


def natural_order(cards: Iterable[int]) -> list[int]:
    """A meld's cards as a person lays them: a group by suit, a run by rank (Ace where it plays)."""
    ranks = {c % 13 for c in cards}
    if len(ranks) == 1:
        return sorted(cards, key=lambda c: c // 13)
    high = _ace_high(ranks)
    return sorted(cards, key=lambda c: 13 if high and c % 13 == 0 else c % 13)


def _sort_key(card: int) -> tuple[int, int]:
    return card % 13, card // 13


def _near(meld: Sequence[int], hand: Sequence[int]) -> list[int]:
    """The hand cards that could ever fit ``meld``: its rank for a group, within 2 places of a run's ends."""
    ranks = {c % 13 for c in meld}
    if len(ranks) == 1:
        return [c for c in hand if c % 13 in ranks]
    high = _ace_high(ranks)
    spots = [13 if high and r == 0 else r for r in ranks]
    lo, hi = min(spots), max(spots)
    wanted = {p % 13 for p in (lo - 2, lo - 1, hi + 1, hi + 2) if 0 <= p <= 13} - ranks
    return [c for c in hand if c % 13 in wanted]


_ZONE_NAMES = ("hand0", "hand1", "stock", "melds0", "melds1", "offer")


def _codes(cards: Iterable[int]) -> list[str]:
    return [CODES[c] for c in cards]


def meld_problem(cards: Sequence[int]) -> Message | None:
    """Why these card ids are not a meld (a message), or None when they are one."""
    if len(cards) < MELD_MIN:
        return message("skarney_gin.meld.too_few", n=MELD_MIN)
    if len(set(cards)) != len(cards):
        return message("skarney_gin.meld.twice")
    if kind_of(cards):
        return None
    ranks = sorted({c % 13 for c in cards})
    shown = _codes(sorted(cards, key=_sort_key))
    if len(ranks) == 1:
        return message("skarney_gin.meld.big_group", cards=shown)
    if len(ranks) != len(cards):
        return message("skarney_gin.meld.mixed", cards=shown)
    for start in range(1, 13):   # a run only when read round the corner (K-A-2)
        rotated = sorted((r - start) % 13 for r in ranks)
        if rotated[-1] - rotated[0] == len(ranks) - 1 and 0 in ranks:
            order = sorted(cards, key=lambda c: (c % 13 - start) % 13)
            return message("skarney_gin.meld.corner", cards=_codes(order))
    return message("skarney_gin.meld.gap", cards=shown)


def melds_in(hand: Iterable[int], max_len: int | None = None) -> list[tuple[int, ...]]:
    """Every valid meld (a tuple of card ids in natural order) among ``hand``'s cards, sorted."""
    by_rank: list[list[int]] = [[] for _ in range(13)]
    for c in sorted(hand, key=_SUIT_OF.__getitem__):
        by_rank[c % 13].append(c)
    top = max_len or 13
    found: list[tuple[int, ...]] = []
    for cards in by_rank:
        if len(cards) >= 3:
            for n in (3, 4):
                if n <= top:
                    found += combinations(cards, n)
    for start in range(12):                      # rank positions: 0 = Ace low ... 13 = Ace high
        # the run of all 13 ranks is listed once, from the Ace low
        limit = min(top, 13 if start == 0 else 12 if start == 1 else 14 - start)
        length = 0
        while length < limit and by_rank[(start + length) % 13]:
            length += 1
            if length >= 3:
                found += product(*(by_rank[p % 13] for p in range(start, start + length)))
    found.sort(key=_meld_key)
    return found


_SUIT_OF = tuple(c // 13 for c in range(52))
_SORT_RANK = tuple(c % 13 * 4 + c // 13 for c in range(52))


def _meld_key(meld: Sequence[int]) -> list[int]:
    return [_SORT_RANK[c] for c in meld]


def _has_disjoint(masks: list[int], count: int, used: int = 0, start: int = 0) -> bool:
    """Whether ``count`` pairwise disjoint masks, none touching ``used``, can be picked from masks[start:]."""
    if count == 0:
        return True
    for j in range(start, len(masks)):
        m = masks[j]
        if not m & used and _has_disjoint(masks, count - 1, used | m, j + 1):
            return True
    return False


def initial_parts(hand: Sequence[int], pending: Sequence[Sequence[int]] = ()) -> list[tuple[int, ...]]:
    """The 3-card melds (tuples in natural order) that may join a pending initial meld: disjoint from
    it, and leaving in the hand enough other separate 3-card melds to complete the three."""
    need = INITIAL_MELDS - len(pending)
    if need <= 0:
        return []
    taken = mask_of(c for part in pending for c in part)
    triples = [t for t in melds_in([c for c in hand if not taken >> c & 1], max_len=INITIAL_MELD_SIZE)]
    masks = [mask_of(t) for t in triples]
    out = []
    for t, m in zip(triples, masks):
        rest = [u for u in masks if not u & m]
        if _has_disjoint(rest, need - 1):
            out.append(t)
    return out


def meld_kind(codes: Any) -> str | None:
    """The kind of meld the card codes form ("group" | "sequence" | "straight") or None."""
    try:
        return kind_of([IDS[c] for c in codes])
    except (KeyError, TypeError):
        return None


def why_not_meld(codes: Any) -> Message | None:
    """Why the card codes are not a meld (a message), or None when they are one."""
    if not isinstance(codes, list):
        return message("skarney_gin.refuse.cards_list")
    for c in codes:
        if not isinstance(c, str) or c not in IDS:
            return message("engine.not_a_card", card=str(c)[:10])
    return meld_problem([IDS[c] for c in codes])


# ---- scoring ----------------------------------------------------------------------------------
def skarney_points(opponent_hand: Sequence[int], opponent_melded: bool) -> int:
    return (SKARNEY_BONUS if opponent_melded else SKARNEY_BONUS_UNMELDED) + hand_points(opponent_hand)


def stock_end_points(hand0: Sequence[int], hand1: Sequence[int]) -> list[int]:
    """Points [p0, p1] when no one went out: the lower hand scores the difference."""
    a, b = hand_points(hand0), hand_points(hand1)
    return [max(b - a, 0), max(a - b, 0)]


def match_result(totals: list[int], deals_scored: list[int]) -> dict[str, Any]:
    """Bonuses and the final result once a player has reached the target."""
    winner = 0 if totals[0] > totals[1] else 1
    loser = 1 - winner
    box = [BOX_BONUS * n for n in deals_scored]
    game = [GAME_BONUS if s == winner else 0 for s in (0, 1)]
    shutout = [SHUTOUT_BONUS if s == winner and totals[loser] == 0 else 0 for s in (0, 1)]
    final = [totals[s] + box[s] + game[s] + shutout[s] for s in (0, 1)]
    lines = [message("skarney_gin.result.seat", seat=s, points=totals[s], box=box[s], deals=deals_scored[s],
                     game=game[s], shutout=shutout[s], final=final[s]) for s in (0, 1)]
    lines.append(message("skarney_gin.result.winner", winner=winner, difference=final[winner] - final[loser]))
    return {"winner": winner, "totals": list(totals), "deals_scored": list(deals_scored),
            "box_bonus": box, "game_bonus": game, "shutout_bonus": shutout, "final": final,
            "difference": final[winner] - final[loser], "lines": lines}


def deal_lines(hands: list[list[int]], points: list[int], skarney: int | None, melded: list[bool]) -> list[Message]:
    """The end-of-deal explanation as messages: ``hands`` per seat (ids), ``points`` scored, the
    seat that went out (or None), whether each seat had made its initial meld."""
    if skarney is not None:
        other = 1 - skarney
        bonus = SKARNEY_BONUS if melded[other] else SKARNEY_BONUS_UNMELDED
        key = "skarney_gin.line.skarney" if melded[other] else "skarney_gin.line.skarney_unmelded"
        return [message(key, seat=skarney, other=other, bonus=bonus, hand=hand_points(hands[other]),
                        cards=_codes(hands[other]), points=points[skarney])]
    lines = [message("skarney_gin.line.stock_end", n=STOCK_END)]
    lines += [message("skarney_gin.line.hand", seat=s, cards=_codes(hands[s]), points=hand_points(hands[s]))
              for s in (0, 1)]
    if points[0] == points[1]:
        lines.append(message("skarney_gin.line.equal"))
    else:
        w = 0 if points[0] else 1
        lines.append(message("skarney_gin.line.difference", seat=w, high=hand_points(hands[1 - w]),
                             low=hand_points(hands[w]), points=points[w]))
    return lines


# ---- the game ---------------------------------------------------------------------------------
MOVE_TYPES = ("initial_part", "take_back", "initial_meld", "meld", "layoff", "offer", "last_card",
              "end_deal", "take", "refuse")


class SkarneyGin(Game):
    GAME_ID = "skarney_gin"
    TITLE = "Skarney Gin"
    PLAYERS = (2,)
    DEFAULT_PLAYERS = 2
    OPTIONS = {"target": (200, 100, 300)}
    LINK_SINCE = 2        # the initial meld is a sequence of moves, which format 1 links do not record
    SECRETS = {"stock": EVERYONE, "hand#": OTHERS}
    # what a move is refused for that the named cards, the melds on the table, the counts and the offer
    # decide (the hand, and the initial melds chosen but not yet laid, stay hidden)
    PUBLIC_REFUSALS = frozenset([f"skarney_gin.refuse.{k}" for k in (
        "answer_offer", "no_offer", "initial_first", "initial_this_turn", "initial_already", "parts_full",
        "no_melds", "layoff_which", "layoff_count", "layoff_limit", "layoff_no_fit", "stock_end",
        "last_card_now", "ace_taken", "reoffer", "last_card_when", "end_deal_when", "finish_initial")]
        + [f"skarney_gin.meld.{k}" for k in ("big_group", "corner", "gap", "mixed", "too_few", "twice")])
    MOVES = {"initial_part": {"cards": None}, "take_back": {"part": None}, "initial_meld": {"melds": None},
             "meld": {"cards": None}, "layoff": {"meld": None, "cards": None}, "offer": {"card": None},
             "take": {}, "refuse": {}, "last_card": {}, "end_deal": {}}
    TEXTS = {
        "skarney_gin.meld.too_few": "A meld needs at least {n} {n|card|cards}.",
        "skarney_gin.meld.twice": "A meld cannot hold the same card twice.",
        "skarney_gin.meld.big_group": "{cards:cards} is not a meld: a group has at most 4 cards.",
        "skarney_gin.meld.mixed": "{cards:cards} is not a meld: a group needs one rank, a run needs "
                                  "different ranks.",
        "skarney_gin.meld.corner": "{cards:cards} is not a meld: the Ace cannot turn the corner.",
        "skarney_gin.meld.gap": "{cards:cards} is not a meld: the ranks are not consecutive.",
        "skarney_gin.refuse.not_a_move": "A Skarney Gin move is one of: initial_part, take_back, "
                                         "initial_meld, meld, layoff, offer, last_card, end_deal, take, refuse.",
        "skarney_gin.refuse.answer_offer": "{card:card} is on offer: take it or refuse it.",
        "skarney_gin.refuse.no_offer": "There is no offer to answer.",
        "skarney_gin.refuse.cards_list": "List the cards as card codes, e.g. [\"7H\", \"7S\", \"7D\"].",
        "skarney_gin.refuse.twice": "The same card is listed twice.",
        "skarney_gin.refuse.initial_first": "Make your initial meld first: exactly three 3-card melds.",
        "skarney_gin.refuse.initial_this_turn": "You made your initial meld this turn: nothing else goes "
                                                "on the table until your next turn.",
        "skarney_gin.refuse.initial_already": "You have already made your initial meld.",
        "skarney_gin.refuse.part_size": "Each meld of the initial meld is exactly three cards.",
        "skarney_gin.refuse.parts_full": "Your initial meld has its three melds: lay it down or take one back.",
        "skarney_gin.refuse.part_overlap": "{card:card} is already in your initial meld.",
        "skarney_gin.refuse.part_dead_end": "{cards:cards} is a meld, but the rest of your hand holds no "
                                            "{need} other separate 3-card {need|meld|melds} to go with it.",
        "skarney_gin.refuse.commit_short": "Your initial meld needs three 3-card melds; {count} chosen so far.",
        "skarney_gin.refuse.commit_other": "Lay down the melds you have chosen (initial_meld) as they are.",
        "skarney_gin.refuse.take_back_none": "Your initial meld has no meld {part} to take back.",
        "skarney_gin.refuse.finish_initial": "Lay your chosen initial meld down, or take its melds back, first.",
        "skarney_gin.refuse.no_melds": "You have no meld to lay off to.",
        "skarney_gin.refuse.layoff_which": "You have no meld {meld}: lay off to your own melds, numbered 0 "
                                           "to {last} in the order you laid them.",
        "skarney_gin.refuse.layoff_count": "Lay off 1 to {n} {n|card|cards} at a time.",
        "skarney_gin.refuse.layoff_limit": "You may add at most {n} {n|card|cards} to a meld per turn.",
        "skarney_gin.refuse.layoff_no_fit": "Adding {cards:cards} to {meld:cards} does not leave a meld.",
        "skarney_gin.refuse.stock_end": "The stock is down to {n} {n|card|cards}: no offer this turn; end the deal.",
        "skarney_gin.refuse.last_card_now": "With one card left you make no offer: announce last card.",
        "skarney_gin.refuse.reoffer": "You accepted {card:card} last turn: offer another card.",
        "skarney_gin.refuse.ace_taken": "{card:card} was taken from an offer this deal: an Ace goes round only once.",
        "skarney_gin.refuse.last_card_when": "You may announce last card only with one card left.",
        "skarney_gin.refuse.end_deal_when": "The deal ends this way only when your draw left {n} {n|card|cards} "
                                            "in the stock.",
        "skarney_gin.line.skarney": "{seat:seat} went out (Skarney): bonus {bonus} + {hand} for the "
                                    "cards left in the other hand ({cards:cards}) = {points}.",
        "skarney_gin.line.skarney_unmelded": "{seat:seat} went out (Skarney): bonus {bonus} (doubled: "
                                             "{other:seat} had made no initial meld) + {hand} for the cards "
                                             "left in that hand ({cards:cards}) = {points}.",
        "skarney_gin.line.stock_end": "The stock is down to {n} {n|card|cards} and no one went out: each hand is "
                                      "counted, and the lower one scores the difference.",
        "skarney_gin.line.hand": "{seat:seat}: {cards:cards} = {points}",
        "skarney_gin.line.equal": "The hands are equal: no one scores, and the same dealer deals again.",
        "skarney_gin.line.difference": "{high} \u2212 {low} = {points} to {seat:seat}.",
        "skarney_gin.result.seat": "{seat:seat}: {points} points + box bonus {box} ({deals} "
                                   "{deals|deal|deals} scored) + game bonus {game} + shutout bonus "
                                   "{shutout} = {final}",
        "skarney_gin.result.winner": "Winner: {winner:seat}, by {difference} points.",
    }

    QUERIES = {"meld_kind": meld_kind, "why_not_meld": why_not_meld}   # for the front end (bridge.query)

    totals: list[int]
    deals_scored: list[int]
    last_deal: dict[str, Any] | None
    deal_log: list[dict[str, Any]]      # the score sheet: one row per deal played
    result: dict[str, Any] | None
    over: bool
    cut: list[list[str]]
    dealer: int
    hands: list[list[int]]
    stock: list[int]                    # top = last
    melds: list[list[list[int]]]        # per player, its melds in the order laid
    laid: list[list[int]]               # per meld: cards laid off to it this turn
    initial_done: list[bool]
    initial_now: bool                   # the initial meld was made this turn
    pending: list[tuple[int, ...]]      # the initial meld being chosen: its 3-card melds so far
    offer: int | None
    accepted: list[int | None]          # the card each player took on the opponent's last turn
    aces_taken: int                     # bit per card: Aces accepted from an offer this deal
    skip_draw: list[bool]
    last_card: list[bool]
    shown: list[list[int]]              # cards of each hand the other player saw go there
    turn: int                           # whose turn it is (the offerer while the other answers)
    phase: str
    stock_end: bool
    drew: bool
    _legal: list[int] | None            # legal_actions, worked out once a position

    # ---- setup ---------------------------------------------------------------------------------
    def _setup(self) -> None:
        self.totals = [0, 0]
        self.deals_scored = [0, 0]
        self.deal_number = 0
        self.last_deal = None
        self.deal_log = []                 # the score sheet: one row per deal played
        self.result = None
        self.over = False
        self.cut = []
        while True:
            a, b = self.chance.face_up(list(range(52)), 2)
            self.cut.append([CODES[a], CODES[b]])
            if a % 13 != b % 13:
                break
        self.dealer = 0 if a % 13 < b % 13 else 1
        self._deal()

    def _deal(self) -> None:
        deck = self.chance.shuffle(list(range(52)))
        self.hands = [[], []]
        for i in range(2 * HAND_SIZE):
            self.hands[(self.dealer + 1 + i) % 2].append(deck.pop())
        for hand in self.hands:
            hand.sort(key=_sort_key)
        self.stock = deck                  # top = last
        self.melds = [[], []]
        self.laid = [[], []]               # per meld: cards laid off to it this turn
        self.initial_done = [False, False]
        self.initial_now = False           # the initial meld was made this turn
        self.pending = []                  # the initial meld being chosen: up to three 3-card melds
        self.offer = None
        self.accepted = [None, None]       # the card each player took on the opponent's last turn
        self.aces_taken = 0                # bit per card: Aces accepted from an offer this deal
        self.skip_draw = [False, False]
        self.last_card = [False, False]
        self.shown = [[], []]              # cards of each hand the other player saw go there
        self.deal_number += 1
        self._start_turn(1 - self.dealer)

    @classmethod
    def condensed(cls, moves: list[Move]) -> list[Move]:
        """A part of the initial meld chosen and taken back again, among moves sent together, is left
        out with its take-back: the opponent learns which cards make the initial meld when it is laid
        down (its parts travel with it), and nothing of the parts given up."""
        out: list[Move | None] = list(moves)
        pending: list[int] = []            # where in ``out`` each chosen part is
        for i, move in enumerate(moves):
            kind = move.get("type")
            if kind == "initial_part":
                pending.append(i)
            elif kind == "take_back":
                part = move.get("part")
                if type(part) is not int or not 0 <= part < len(pending):
                    return moves              # a part chosen in an earlier message: nothing to fold
                out[pending.pop(part)] = out[i] = None
            elif kind == "initial_meld":
                pending = []
        return [m for m in out if m is not None]

    def sure_draws(self) -> list[tuple[str, int, int]]:
        """Answering an offer of anything but a card that skips the draw, the answerer draws the top
        stock card next, whether it takes or refuses."""
        if self.phase == "answer" and self.offer is not None and rank_of(self.offer) != SKIPS_DRAW and self.stock:
            return [("stock", len(self.stock) - 1, 1 - self.turn)]
        return []

    def _clone_nested(self, g: Self) -> None:
        g.hands = [h[:] for h in self.hands]
        g.melds = [[m[:] for m in ms] for ms in self.melds]
        g.laid = [n[:] for n in self.laid]
        g.shown = [s[:] for s in self.shown]

    # ---- state the engine reads ----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        return 1 - self.turn if self.phase == "answer" else self.turn

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list[int]:
        return list(self.result["final"]) if self.result else list(self.totals)

    def returns(self) -> list[float]:
        """The match margin: final scores once over; before that the totals plus the box bonuses
        already earned (25 per deal scored in), which the final result is sure to count."""
        if self.result:
            a, b = self.result["final"]
        else:
            a, b = (self.totals[s] + BOX_BONUS * self.deals_scored[s] for s in (0, 1))
        return [a - b, b - a]

    # ---- turns ---------------------------------------------------------------------------------
    def _start_turn(self, player: int) -> None:
        self.turn = player
        self.phase = "play"
        self.initial_now = False
        self.pending = []
        self.last_card[player] = False
        self.laid[player] = [0] * len(self.melds[player])
        self.stock_end = False
        self._legal = None
        self.drew = not self.skip_draw[player]
        if self.drew:
            card = self.stock.pop()
            self._add_to_hand(player, card)
            self._drew(player, CODES[card])
            self.stock_end = len(self.stock) <= STOCK_END

    def _add_to_hand(self, player: int, card: int) -> None:
        hand = self.hands[player]
        hand.append(card)
        hand.sort(key=_sort_key)

    def _end_turn(self) -> None:
        player = self.turn
        self.accepted[player] = None
        self.skip_draw[player] = False
        self._start_turn(1 - player)

    # ---- legal actions -------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        if self._legal is None:
            self._legal = [TAKE, REFUSE] if self.phase == "answer" else self._play_actions()
        return list(self._legal)

    def _play_actions(self) -> list[int]:
        p = self.turn
        hand = self.hands[p]
        acts = []
        if not self.initial_done[p]:
            pending = self.pending
            acts += [PART | mask_of(t) for t in initial_parts(hand, pending)]
            acts += [TAKE_BACK + i for i in range(len(pending))]
            if len(pending) == INITIAL_MELDS:
                acts.append(COMMIT)
            if pending:
                return acts
        elif not self.initial_now:
            acts += [MELD | mask_of(m) for m in melds_in(hand)]
            acts += self._layoff_actions(p)
        if self.stock_end:
            acts.append(END_DEAL)
        elif len(hand) == 1:
            acts.append(LAST_CARD)
        else:
            acts += [OFFER + c for c in self._offerable(p)]
        return acts

    def _offerable(self, p: int) -> list[int]:
        """The hand cards ``p`` may offer: not the card accepted last turn, not an Ace taken from an
        offer this deal. When that leaves nothing (the source is silent on it), the last turn's
        card may go again, and then the taken Aces: a hand is never stuck (and cannot loop: it
        shrinks by the card given)."""
        hand = self.hands[p]
        taken = self.aces_taken
        cards = [c for c in hand if c != self.accepted[p] and not taken >> c & 1]
        return cards or [c for c in hand if not taken >> c & 1] or list(hand)

    def _layoff_actions(self, p: int) -> list[int]:
        hand = self.hands[p]
        acts = []
        for i, meld in enumerate(self.melds[p]):
            room = LAYOFF_LIMIT - self.laid[p][i]
            if room <= 0:
                continue
            near = _near(meld, hand)
            singles = [c for c in near if kind_of(meld + [c])]
            base = LAYOFF_0 + (i << SHIFT)
            acts += [base | 1 << c for c in singles]
            if room >= 2:
                # a valid pair always holds a card that fits alone (the one next to the meld)
                pairs = {tuple(sorted((a, b), key=_sort_key)) for a in singles for b in near
                         if b != a and kind_of(meld + [a, b])}
                acts += [base | mask_of(pair)
                         for pair in sorted(pairs, key=lambda pair: [_sort_key(c) for c in pair])]
        return acts

    # ---- applying actions ----------------------------------------------------------------------
    def apply_action(self, a: int) -> None:
        self._legal = None
        p = self.turn
        if a >= MELD:
            kind, cards = a >> SHIFT, cards_of(a & CARDS)
            if kind == 1:
                self._lay(p, cards)
            elif kind == 2:
                self.pending.append(tuple(natural_order(cards)))
                return
            else:
                i = kind - 3
                self._take_from_hand(p, cards)
                self.melds[p][i] = natural_order(self.melds[p][i] + cards)
                self.laid[p][i] += len(cards)
            if not self.hands[p]:
                self._finish_deal(p)
        elif a < TAKE:
            self.hands[p].remove(a)
            self._forget_shown(p, (a,))
            self.offer = a
            self.phase = "answer"
        elif a == TAKE:
            card = self._answered()
            taker = 1 - p
            self._add_to_hand(taker, card)
            self.shown[taker].append(card)
            self.accepted[taker] = card
            self.skip_draw[taker] = rank_of(card) == SKIPS_DRAW
            if rank_of(card) == SKIPS_DRAW:
                self.aces_taken |= 1 << card
            self._end_turn()
        elif a == REFUSE:
            card = self._answered()
            self._add_to_hand(p, card)
            self.shown[p].append(card)
            self._end_turn()
        elif a == COMMIT:
            for part in self.pending:
                self._lay(p, list(part))
            self.pending = []
            self.initial_done[p] = True
            self.initial_now = True
            if not self.hands[p]:
                self._finish_deal(p)
        elif a == LAST_CARD:
            self.last_card[p] = True
            self._end_turn()
        elif a == END_DEAL:
            self._finish_deal(None)
        else:
            del self.pending[a - TAKE_BACK]

    def _answered(self) -> int:
        """The card on offer, off the table: the offer is answered."""
        card = self.offer
        assert card is not None
        self.offer = None
        return card

    def _lay(self, p: int, cards: list[int]) -> None:
        self._take_from_hand(p, cards)
        self.melds[p].append(natural_order(cards))
        self.laid[p].append(0)

    def _take_from_hand(self, p: int, cards: Sequence[int]) -> None:
        for c in cards:
            self.hands[p].remove(c)
        self._forget_shown(p, cards)

    def _forget_shown(self, p: int, cards: Sequence[int]) -> None:
        shown = self.shown[p]
        if shown:
            self.shown[p] = [c for c in shown if c not in cards]

    # ---- end of a deal -------------------------------------------------------------------------
    def _finish_deal(self, skarney: int | None) -> None:
        hands = self.hands
        if skarney is not None:
            other = 1 - skarney
            points = [0, 0]
            points[skarney] = skarney_points(hands[other], self.initial_done[other])
        else:
            points = stock_end_points(*hands)
        for s in (0, 1):
            self.totals[s] += points[s]
            self.deals_scored[s] += points[s] > 0
        self.deal_log.append({"deal": self.deal_number, "points": list(points), "skarney": skarney,
                              "totals": list(self.totals)})
        self.last_deal = {"deal": self.deal_number, "points": points, "skarney": skarney,
                          "melded": list(self.initial_done), "hands": [_codes(h) for h in hands],
                          "hand_points": [hand_points(h) for h in hands],
                          "lines": deal_lines(hands, points, skarney, self.initial_done)}
        if max(self.totals) >= self.options["target"]:
            self.result = match_result(self.totals, self.deals_scored)
            self.over = True
            self.phase = "over"
            self.pending = []
            return
        if points[0] != points[1]:
            self.dealer = 0 if points[0] < points[1] else 1     # the loser deals
        self._deal()

    # ---- the JSON edge -------------------------------------------------------------------------
    def action_to_move(self, a: int) -> Move:
        if a >= MELD:
            kind, cards = a >> SHIFT, cards_of(a & CARDS)
            if kind == 1:
                return {"type": "meld", "cards": _codes(natural_order(cards))}
            if kind == 2:
                return {"type": "initial_part", "cards": _codes(natural_order(cards))}
            return {"type": "layoff", "meld": kind - 3, "cards": _codes(sorted(cards, key=_sort_key))}
        if a < TAKE:
            return {"type": "offer", "card": CODES[a]}
        if a == COMMIT:
            return {"type": "initial_meld", "melds": [_codes(part) for part in self.pending]}
        if a >= TAKE_BACK:
            return {"type": "take_back", "part": a - TAKE_BACK}
        return {"type": ("take", "refuse", "last_card", "end_deal")[a - TAKE]}

    def move_to_action(self, move: Move) -> int | None:
        kind = move["type"]
        if kind in ("meld", "initial_part", "layoff"):
            mask = _cards_mask(move["cards"])
            if mask is None:
                return None
            if kind == "meld":
                return MELD | mask
            if kind == "initial_part":
                return PART | mask
            i = move["meld"]
            if type(i) is not int or not 0 <= i < 52:
                return None
            return LAYOFF_0 + (i << SHIFT) | mask
        if kind == "offer":
            return OFFER + IDS[move["card"]]
        if kind == "initial_meld":
            if "melds" in move:
                parts = [_cards_mask(m) for m in move["melds"]]
                masks = [m for m in parts if m is not None]
                if len(masks) < len(parts) or sorted(masks) != sorted(mask_of(p) for p in self.pending):
                    return None
            return COMMIT
        if kind == "take_back":
            i = move["part"]
            return TAKE_BACK + i if type(i) is int and 0 <= i < INITIAL_MELDS else None
        simple = {"take": TAKE, "refuse": REFUSE, "last_card": LAST_CARD, "end_deal": END_DEAL}
        return simple.get(kind)

    def log(self, seat: int | None = None) -> list[dict[str, Any]]:
        """The current deal's moves; the opponent sees that initial melds were chosen, not which."""
        entries = super().log(seat)
        if seat is not None:
            for e in entries:
                move = e["move"]
                if e["seat"] != seat and move["type"] == "initial_part":
                    move["cards"] = [HIDDEN] * len(move["cards"])
        return entries

    def play(self, move: Any) -> None:
        """As ``Game.play``; also the whole initial meld in one move when none is chosen yet,
        ``{"type": "initial_meld", "melds": [[...], [...], [...]]}``: played as its three parts and
        the commit (so the record and the opponent's view are as if chosen one by one), all or
        nothing - a part that is refused is refused with its reason and nothing is played."""
        parts = self._whole_initial_meld(move)
        if parts is None:
            return super().play(move)
        steps = [{"type": "initial_part", "cards": part} for part in parts] + [{"type": "initial_meld"}]
        trial = self.clone()
        for step in steps:
            trial.play(step)                 # raises IllegalMove with the reason; self is untouched
        for step in steps:
            super().play(step)

    def _whole_initial_meld(self, move: Any) -> list[Any] | None:
        """The three melds of a whole initial meld given at once, or None for any other move."""
        if not (isinstance(move, dict) and move.get("type") == "initial_meld" and "melds" in move):
            return None
        if self.check_shape(move) is not None:
            return None                      # Game.play refuses it, naming the key it lacks
        melds = move["melds"]
        if self.pending or self.is_over or self.current_player is None or self.initial_done[self.current_player]:
            return None
        if not (isinstance(melds, list) and len(melds) == INITIAL_MELDS and all(isinstance(m, list) for m in melds)):
            return None
        return melds

    # ---- refusals ------------------------------------------------------------------------------
    def _why_illegal(self, move: Move) -> Message | None:
        kind = move.get("type")
        if kind not in MOVE_TYPES:
            return message("skarney_gin.refuse.not_a_move")
        if self.phase == "answer":
            assert self.offer is not None            # a card is on offer
            if kind not in ("take", "refuse"):
                return message("skarney_gin.refuse.answer_offer", card=CODES[self.offer])
            return None
        if kind in ("take", "refuse"):
            return message("skarney_gin.refuse.no_offer")
        try:
            return getattr(self, f"_why_{kind}")(move)
        except _Refusal as e:
            return e.msg

    def _hand_cards(self, codes: Any) -> list[int]:
        if not isinstance(codes, list):
            raise _Refusal(message("skarney_gin.refuse.cards_list"))
        for c in codes:
            if not isinstance(c, str) or c not in IDS:
                raise _Refusal(message("engine.not_a_card", card=str(c)[:10]))
        cards = [IDS[c] for c in codes]
        if len(set(cards)) != len(cards):
            raise _Refusal(message("skarney_gin.refuse.twice"))
        for c in cards:
            if c not in self.hands[self.turn]:
                raise _Refusal(message("engine.not_in_hand", card=CODES[c]))
        return cards

    def _why_building(self) -> Message | None:
        """Refusal for a move other than building while initial melds are pending."""
        return message("skarney_gin.refuse.finish_initial") if self.pending else None

    def _why_table_play(self) -> Message | None:
        p = self.turn
        if not self.initial_done[p]:
            return message("skarney_gin.refuse.initial_first")
        if self.initial_now:
            return message("skarney_gin.refuse.initial_this_turn")
        return None

    def _why_initial_part(self, move: Move) -> Message | None:
        if self.initial_done[self.turn]:
            return message("skarney_gin.refuse.initial_already")
        if len(self.pending) >= INITIAL_MELDS:
            return message("skarney_gin.refuse.parts_full")
        cards = self._hand_cards(move.get("cards"))
        if len(cards) != INITIAL_MELD_SIZE:
            return message("skarney_gin.refuse.part_size")
        for part in self.pending:
            for c in cards:
                if c in part:
                    return message("skarney_gin.refuse.part_overlap", card=CODES[c])
        problem = meld_problem(cards)
        if problem:
            return problem
        return message("skarney_gin.refuse.part_dead_end", cards=_codes(natural_order(cards)),
                       need=INITIAL_MELDS - 1 - len(self.pending))

    def _why_initial_meld(self, move: Move) -> Message | None:
        if self.initial_done[self.turn]:
            return message("skarney_gin.refuse.initial_already")
        if len(self.pending) < INITIAL_MELDS:
            return message("skarney_gin.refuse.commit_short", count=len(self.pending))
        return message("skarney_gin.refuse.commit_other")

    def _why_take_back(self, move: Move) -> Message | None:
        return message("skarney_gin.refuse.take_back_none", part=str(move.get("part"))[:10])

    def _why_meld(self, move: Move) -> Message | None:
        problem = self._why_building() or self._why_table_play()
        return problem or meld_problem(self._hand_cards(move.get("cards")))

    def _why_layoff(self, move: Move) -> Message | None:
        problem = self._why_building() or self._why_table_play()
        if problem:
            return problem
        melds, i = self.melds[self.turn], move.get("meld")
        if not melds:
            return message("skarney_gin.refuse.no_melds")
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(melds):
            return message("skarney_gin.refuse.layoff_which", meld=str(i)[:10], last=len(melds) - 1)
        cards = self._hand_cards(move.get("cards"))
        if not 1 <= len(cards) <= LAYOFF_LIMIT:
            return message("skarney_gin.refuse.layoff_count", n=LAYOFF_LIMIT)
        if self.laid[self.turn][i] + len(cards) > LAYOFF_LIMIT:
            return message("skarney_gin.refuse.layoff_limit", n=LAYOFF_LIMIT)
        return message("skarney_gin.refuse.layoff_no_fit", cards=_codes(cards), meld=_codes(melds[i]))

    def _why_offer(self, move: Move) -> Message | None:
        problem = self._why_building()
        if problem:
            return problem
        if self.stock_end:
            return message("skarney_gin.refuse.stock_end", n=STOCK_END)
        if len(self.hands[self.turn]) == 1:
            return message("skarney_gin.refuse.last_card_now")
        card = self._hand_cards([move.get("card")])[0]
        if self.aces_taken >> card & 1 and card != self.accepted[self.turn]:
            return message("skarney_gin.refuse.ace_taken", card=CODES[card])
        return message("skarney_gin.refuse.reoffer", card=CODES[card])

    def _why_last_card(self, move: Move) -> Message | None:
        problem = self._why_building()
        if problem:
            return problem
        if self.stock_end:
            return message("skarney_gin.refuse.stock_end", n=STOCK_END)
        return message("skarney_gin.refuse.last_card_when")

    def _why_end_deal(self, move: Move) -> Message | None:
        return self._why_building() or message("skarney_gin.refuse.end_deal_when", n=STOCK_END)

    # ---- views ---------------------------------------------------------------------------------
    def _piles(self) -> list[list[int]]:
        """Every zone's cards (ids), in the order of ``_ZONE_NAMES``."""
        return [self.hands[0], self.hands[1], self.stock, [c for m in self.melds[0] for c in m],
                [c for m in self.melds[1] for c in m], [] if self.offer is None else [self.offer]]

    def _zones(self) -> dict[str, list[str]]:
        return dict(zip(_ZONE_NAMES, map(_codes, self._piles())))

    def _zone_sizes(self) -> dict[str, int]:      # a remote table's replay counts them every move; the stock is long
        return dict(zip(_ZONE_NAMES, map(len, self._piles())))

    def _view_fields(self, seat: int | None) -> dict[str, Any]:
        melds = [[{"index": i, "cards": _codes(m), "kind": kind_of(m), "laid_this_turn": self.laid[s][i]}
                  for i, m in enumerate(self.melds[s])] for s in (0, 1)]
        own = seat is None or seat == self.turn
        return {
            "phase": self.phase,
            "turn_of": self.turn,            # whose turn it is (the offerer while the other answers)
            "dealer": self.dealer,
            "cut": self.cut,
            "melds": melds,
            "initial_done": self.initial_done,
            "initial_this_turn": self.initial_now,
            # the initial meld being chosen: seen by its player only (None: not this seat's to see)
            "pending": [_codes(part) for part in self.pending] if own else None,
            "offer": None if self.offer is None else CODES[self.offer],
            "accepted": [None if c is None else CODES[c] for c in self.accepted],
            "aces_taken": [CODES[c] for c in range(52) if self.aces_taken >> c & 1],
            "skip_draw": self.skip_draw,
            "drew": self.drew,
            "last_card": self.last_card,
            "stock_count": len(self.stock),
            "stock_end": self.stock_end,
            "hand_counts": [len(h) for h in self.hands],
            # cards of each hand that the other player saw go there (taken or refused offers)
            "shown": [_codes(sorted(s, key=_sort_key)) for s in self.shown],
            "target": self.options["target"],
            "meld_min": MELD_MIN,                       # the fewest cards of a meld
            "initial_melds": INITIAL_MELDS,             # the initial meld: this many melds ...
            "initial_meld_size": INITIAL_MELD_SIZE,     # ... of this many cards each
            "box_bonus": BOX_BONUS,                     # the box bonus for each deal scored in
            "skips_draw": RANKS[SKIPS_DRAW],            # the rank that, taken from an offer, skips the draw
            "totals": self.totals,
            "deals_scored": self.deals_scored,
            "last_deal": self.last_deal,
            "deal_log": self.deal_log,       # the score sheet: {deal, points, skarney, totals}
            "result": self.result,
        }

    def info_key(self, seat: int) -> tuple[Any, ...]:
        own = seat == self.turn
        return (seat, self.deal_number, self.phase, self.turn, self.dealer, tuple(self.hands[seat]),
                tuple(self.pending) if own else None, len(self.hands[1 - seat]), len(self.stock),
                tuple(tuple(m) for ms in self.melds for m in ms), tuple(map(len, self.melds)),
                tuple(map(tuple, self.laid)), self.offer, tuple(self.accepted), self.aces_taken, tuple(self.skip_draw),
                tuple(self.last_card), tuple(self.initial_done), self.initial_now, self.drew,
                self.stock_end, tuple(tuple(sorted(s)) for s in self.shown), tuple(self.totals),
                tuple(self.deals_scored), self.over)

    # ---- determinization -----------------------------------------------------------------------
    @classmethod
    def deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return list(CODES)

    @classmethod
    def _deal_hidden(cls, view: View, rng: Rng) -> dict[str, list[str]]:
        """The opponent's hand gets the cards this seat saw go there (offers it took or refused)
        and the rest at random from the unseen cards - redrawn, up to ``PLAUSIBLE_TRIES`` times,
        until the hand agrees with what the opponent's play has shown (``hand_clues``); the stock
        takes what is left, shuffled."""
        zones = {name: list(cards) for name, cards in view["zones"].items()}
        unseen = set(cls.unseen_cards(view))
        for s in (0, 1):
            hand = zones[f"hand{s}"]
            if not hand or hand[0] != HIDDEN:
                continue
            fixed = [c for c in view["shown"][s] if c in unseen][:len(hand)]
            unseen -= set(fixed)
            zones[f"hand{s}"] = fixed
        pool = sorted(unseen)
        for s in (0, 1):
            hand = view["zones"][f"hand{s}"]
            if hand and hand[0] == HIDDEN:
                extra = len(hand) - len(zones[f"hand{s}"])
                fixed = [IDS[c] for c in zones[f"hand{s}"]]
                clues = hand_clues(view, s)
                for _ in range(PLAUSIBLE_TRIES if clues else 1):
                    rest = rng.shuffle(list(pool))
                    cards = fixed + [IDS[c] for c in rest[:extra]]
                    if not clues or plausible(cards, clues):
                        break
                del rest[:extra]
                pool = sorted(rest)
                zones[f"hand{s}"] = _codes(sorted(cards, key=_sort_key))
        zones["stock"] = rng.shuffle(pool)
        return zones

    @classmethod
    def _from_view(cls, view: View, zones: dict[str, list[str]]) -> Self:
        g = cls._blank(view)
        g.hands = [[IDS[c] for c in zones[f"hand{s}"]] for s in (0, 1)]
        for hand in g.hands:
            hand.sort(key=_sort_key)
        g.stock = [IDS[c] for c in zones["stock"]]
        g.melds = [[[IDS[c] for c in m["cards"]] for m in view["melds"][s]] for s in (0, 1)]
        g.laid = [[m["laid_this_turn"] for m in view["melds"][s]] for s in (0, 1)]
        g.offer = None if view["offer"] is None else IDS[view["offer"]]
        g.initial_done = list(view["initial_done"])
        g.initial_now = view["initial_this_turn"]
        g.pending = [tuple(IDS[c] for c in part) for part in (view["pending"] or [])]
        g.accepted = [None if c is None else IDS[c] for c in view["accepted"]]
        g.aces_taken = sum(1 << IDS[c] for c in view.get("aces_taken", ()))
        g.skip_draw = list(view["skip_draw"])
        g.last_card = list(view["last_card"])
        g.shown = [[IDS[c] for c in s] for s in view["shown"]]
        g.turn = view["turn_of"]
        g.phase = view["phase"]
        g.dealer = view["dealer"]
        g.drew = view["drew"]
        g.stock_end = view["stock_end"]
        g.cut = view["cut"]
        g.totals = list(view["totals"])
        g.deals_scored = list(view["deals_scored"])
        g.last_deal = view["last_deal"]
        g.deal_log = list(view["deal_log"])
        g.result = view["result"]
        g.over = view["is_over"]
        g._legal = None
        return g


PLAUSIBLE_TRIES = 24      # hands drawn for an opponent before one that breaks a clue is let through


def hand_clues(view: View, s: int) -> dict[str, Any] | None:
    """What player ``s``'s last turn showed of the hand ``s`` holds now, for a sample of it:
    ``{"no_contract"}`` - it holds no three separate 3-card melds (else it would have made its
    initial meld); ``{"no_meld": melds}`` - after its initial meld (made on an earlier turn), it
    holds no meld and no card that fits one of its ``melds`` (else it would have laid them). An
    offer it refused says little: it has drawn since, and may now hold a pair for it. Read only
    while the viewer is to move (``s`` has played since), and only after ``s`` has had a turn this
    deal. A careful player infers this; a player who holds melds back on purpose breaks it, and
    then the samples fall back to chance. None when nothing is known."""
    log = view["log"]
    viewer = view["seat"]
    to_move = 1 - view["turn_of"] if view["phase"] == "answer" else view["turn_of"]
    if view["is_over"] or to_move != viewer or viewer == s:
        return None
    end = max((i for i, e in enumerate(log) if e["seat"] == s
               and e["move"]["type"] in ("offer", "last_card")), default=None)
    if end is None:
        return None
    start = end
    while start > 0 and log[start - 1]["seat"] == s \
            and log[start - 1]["move"]["type"] not in ("take", "refuse"):
        start -= 1
    turn = {e["move"]["type"] for e in log[start:end + 1]}
    clues: dict[str, Any] = {}
    if not view["initial_done"][s]:
        clues["no_contract"] = True
    elif "initial_meld" not in turn:
        clues["no_meld"] = [[IDS[c] for c in m["cards"]] for m in view["melds"][s]]
    return clues or None


def plausible(hand: Sequence[int], clues: dict[str, Any]) -> bool:
    """Whether a sampled ``hand`` agrees with ``clues`` (see ``hand_clues``)."""
    if "no_contract" in clues:
        triples = [mask_of(t) for t in melds_in(hand, max_len=INITIAL_MELD_SIZE)]
        if len(triples) >= INITIAL_MELDS and _has_disjoint(triples, INITIAL_MELDS):
            return False
    if "no_meld" in clues:
        if melds_in(hand, max_len=MELD_MIN):
            return False
        for meld in clues["no_meld"]:
            if any(kind_of(meld + [c]) for c in _near(meld, hand)):
                return False
    return True


class _Refusal(Exception):
    def __init__(self, msg: Message) -> None:
        super().__init__(msg["key"])
        self.msg = msg


def _cards_mask(codes: Any) -> int | None:
    """The mask of a list of distinct card codes, or None."""
    if type(codes) is not list:
        return None
    mask = 0
    for c in codes:
        bit = 1 << IDS[c]
        if mask & bit:
            return None
        mask |= bit
    return mask or None


GAME = SkarneyGin
