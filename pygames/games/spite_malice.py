"""Spite and Malice: a competitive patience. Build shared centre piles A..Q (Kings wild) from your hand,
your discard piles and your pay-off pile; the first to empty their pay-off pile wins the game (a deal
of the match).

Cards are int ids (see cards.py). A centre pile is a list of the cards on it, so the rank it has reached
is ``len(pile) - 1`` (0 = Ace) whatever Kings it holds, and the rank it needs is ``len(pile)``.
Centre and discard piles live in fixed slots: an empty list is an empty slot, and move ``"pile"``
indexes are slot numbers. Hands are kept sorted by rank, then card.

Actions (the engine's action interface) are ints ``source << 12 | card << 6 | target``:
``source`` is ``FROM_PAYOFF`` (0), ``FROM_DISCARD + d`` (1..4), ``FROM_HAND`` (5) for a build,
``DISCARD`` (6) for a discard and ``END_TURN`` (7); ``target`` is a centre (or, for a discard, a
discard) slot, or ``NEW`` (63). An action names everything its JSON move names, so it means the same
move wherever it is legal.

Rulings taken here, where the source is silent (docs/rules/spite_malice.md lists them with the others):

* the exhausted-stock ending counts turns: a turn that ends with the stock and the completed piles
  both empty and in which nobody built on a centre pile is a quiet turn; ``players`` quiet turns in a
  row (a whole round) end the game. A build, or cards to draw at a turn's end, start the count again;
* the match ends after a game in which someone reaches the target while one player alone has the
  highest total; while the highest totals are equal another game is played (with target 0, one game
  whatever the totals: equal leaders share the result and the match has no single winner).
"""

from __future__ import annotations

from typing import Any, Self, Sequence, TypeGuard

from ..cards import ACE, CODES, HIDDEN, IDS, KING, RANK_OF, RANKS, Rng, deck_ids
from ..engine import EVERYONE, OTHERS, UNDER_TOP, Game, Message, Move, View
from ..text import message

WILD = KING                        # a King plays as any rank
COMPLETE = 12                      # cards on a finished pile: A..Q
CENTRE_PILES = 4                   # centre piles built at once, unless the option lifts the limit
HAND_SIZE = 5
DISCARD_PILES = 4
WIN_BONUS = 5
BUILD, DISCARD_MOVE, END = "build", "discard", "end_turn"
HAND, PAYOFF, DISCARD_PILE = "hand", "payoff", "discard"
NEW_PILE = "new"

# ---- action keys ------------------------------------------------------------------------------------
FROM_PAYOFF, FROM_DISCARD, FROM_HAND, DISCARD, END_TURN = 0, 1, 5, 6, 7
NEW = 63
END_ACTION = END_TURN << 12
DECKS = {2: 2, 3: 3, 4: 4}
SLIP = 10          # determinize: 1 hidden hand card in SLIP ignores what its holder seemed to refuse


def _is_index(value: Any, size: int) -> TypeGuard[int]:
    return type(value) is int and 0 <= value < size


def _hand_key(card: int) -> tuple[int, int]:
    return RANK_OF[card], card


_ZONE_NAMES: dict[tuple[int, int], list[str]] = {}    # (players, centre piles) -> zone names, in _piles' order


def _codes(cards: Sequence[int]) -> list[str]:
    return [CODES[c] for c in cards]


def _target(pile: Any) -> int | None:
    """The target field of a JSON move's ``"pile"``: a slot number or NEW; None if neither."""
    if pile == NEW_PILE:
        return NEW
    return pile if type(pile) is int and 0 <= pile < NEW else None


def starting_ranks(options: dict[str, Any]) -> tuple[int, ...]:
    """The ranks that may start a centre pile: an Ace, and a King when the option allows it."""
    return (ACE, KING) if options["kings_start_piles"] else (ACE,)


def may_start_pile(options: dict[str, Any], building: int) -> bool:
    """May a new centre pile start while ``building`` piles are being built?"""
    return options["centre_limit"] == "unlimited" or building < CENTRE_PILES


def _rank_message(rank: int) -> Message:
    return message(f"spite_malice.rank.{RANKS[rank]}")


class SpiteMalice(Game):
    GAME_ID = "spite_malice"
    TITLE = "Spite and Malice"
    PLAYERS = (2, 3, 4)
    DEFAULT_PLAYERS = 2
    OPTIONS = {
        "payoff": (26, 13),
        "kings_start_piles": (True, False),
        "centre_limit": (CENTRE_PILES, "unlimited"),
        "target": (50, 25, 100, 0),
    }
    LINK_SINCE = 2      # format 1 links dealt four players three decks and had no exhausted-stock ruling
    # the stock is face down; a pay-off pile shows its top card only; a hand is its owner's. Completed
    # piles were built face up in front of everyone, so what waits aside is public.
    SECRETS = {"stock": EVERYONE, "payoff#": UNDER_TOP, "hand#": OTHERS}
    # what a build or a discard is refused for that the piles on the table and the card itself decide
    PUBLIC_REFUSALS = frozenset(f"spite_malice.refuse.{k}" for k in (
        "wrong_rank", "only_ace_starts", "king_no_start", "centre_full", "no_pile", "payoff_empty", "payoff_top",
        "not_discard_top", "discard_which", "build_from", "ace_discard", "discards_full", "discard_where"))
    # every move may name its seat ("seat"): the right one, or the move is refused as out of turn
    MOVES = {"build": {"from": None, "card": None, "pile": None, "discard": None, "seat": None},
             "discard": {"card": None, "pile": None, "seat": None}, "end_turn": {"seat": None}}
    TEXTS = {
        "spite_malice.line.went_out": "{seat:seat}: pay-off pile emptied.",
        "spite_malice.line.bonus": "Bonus for going out: {points}",
        "spite_malice.line.left": "{seat:seat}: {count} pay-off {count|card|cards} left, +{count}",
        "spite_malice.line.points": "Points to {seat:seat}: {points}",
        "spite_malice.line.exhausted": "The stock and the completed piles are used up, and a whole "
                                       "round passed without a build.",
        "spite_malice.line.fewest": "{seat:seat}: {count} pay-off {count|card|cards} left, the fewest",
        "spite_malice.line.more": "{seat:seat}: {count} pay-off {count|card|cards} left, {more} more "
                                  "than the fewest",
        "spite_malice.line.all_equal": "Every pay-off pile holds {count} {count|card|cards}: nobody scores.",
        "spite_malice.result.winner": "Match winner: {seat:seat}, with {points} points.",
        "spite_malice.result.shared": "No single winner: {points} points each at the top.",
        "spite_malice.refuse.not_a_move": "A Spite and Malice move is a build, a discard or end_turn.",
        "spite_malice.refuse.can_discard": "You can still discard, and a turn ends with a discard; "
                                           "end_turn is only for when you cannot.",
        "spite_malice.refuse.payoff_top": "Only the top card of your pay-off pile can be played, and it "
                                          "is {top:card}, not {card:card}.",
        "spite_malice.refuse.payoff_empty": "Your pay-off pile is empty.",
        "spite_malice.refuse.discard_which": "Name your discard pile as \"discard\": 0 to {last}.",
        "spite_malice.refuse.not_discard_top": "{card:card} is not on top of your discard pile {pile}.",
        "spite_malice.refuse.build_from": "A build comes \"from\" the hand, the pay-off pile or a discard pile.",
        "spite_malice.refuse.king_no_start": "In this game a King cannot start a centre pile; only an Ace can.",
        "spite_malice.refuse.only_ace_starts": "Only an Ace (or a King as an Ace) can start a centre "
                                               "pile, not {card:card}.",
        "spite_malice.refuse.centre_full": "There are already {n} centre piles; a new one can start when "
                                           "one is completed.",
        "spite_malice.refuse.no_pile": "There is no centre pile {pile}; build on an existing pile or "
                                       "start a \"new\" one.",
        "spite_malice.refuse.wrong_rank": "{card:card} cannot go on a pile that needs {need}.",
        "spite_malice.refuse.ace_discard": "An Ace cannot be discarded.",
        "spite_malice.refuse.discard_not_in_hand": "{card:card} is not in your hand; only hand cards "
                                                   "are discarded.",
        "spite_malice.refuse.discards_full": "You already have {n} discard piles; discard onto one of them.",
        "spite_malice.refuse.discard_where": "A discard goes on your discard pile 0 to {last} or a \"new\" one.",
        "spite_malice.refuse.discard_empty": "Your discard pile {pile} is empty: start it with "
                                             "\"pile\": \"new\".",
        "spite_malice.rank.A": "an Ace", "spite_malice.rank.2": "a 2", "spite_malice.rank.3": "a 3",
        "spite_malice.rank.4": "a 4", "spite_malice.rank.5": "a 5", "spite_malice.rank.6": "a 6",
        "spite_malice.rank.7": "a 7", "spite_malice.rank.8": "an 8", "spite_malice.rank.9": "a 9",
        "spite_malice.rank.T": "a 10", "spite_malice.rank.J": "a Jack", "spite_malice.rank.Q": "a Queen",
        "spite_malice.rank.K": "a King",
    }

    match_scores: list[int]
    results: list[dict[str, Any]]    # one summary per finished game (deal): see _finish_game
    over: bool
    winner: int | None               # the match winner once over (None: shared or nobody)
    result: Message | None           # the match's closing line once over
    dealer: int
    payoff: list[list[int]]          # bottom -> top; the top is face up
    stock: list[int]                 # top = end
    hands: list[list[int]]           # sorted by rank, then card
    discards: list[list[list[int]]]  # per seat, per discard pile
    centre: list[list[int]]          # the centre piles' slots (an empty list: an empty slot)
    completed: list[int]
    turn: int
    built: bool                      # a centre pile was built on this turn
    quiet: int                       # quiet turns in a row with nothing left to draw (see the ruling)

    # ---- setup ---------------------------------------------------------------------------------
    def _setup(self) -> None:
        self.match_scores = [0] * self.players
        self.results = []            # one summary per finished game (deal): see _finish_game
        self.over = False
        self.winner = None           # the match winner once over (None: shared or nobody)
        self.result = None           # the match's closing line (a message) once over
        self.deal_number = 0
        self.dealer = self.chance.below(self.players)
        self._deal()

    def _deal(self) -> None:
        n = self.players
        self.deal_number += 1
        cards = self.chance.shuffle(deck_ids(DECKS[n]))
        self.payoff = [[] for _ in range(n)]          # bottom -> top; the top is face up
        for i in range(self.options["payoff"] * n):
            self.payoff[(self.dealer + 1 + i) % n].append(cards.pop())
        self.stock = cards                             # top = end
        self.hands = [[] for _ in range(n)]
        self.discards = [[[] for _ in range(DISCARD_PILES)] for _ in range(n)]
        self.centre = [[] for _ in range(CENTRE_PILES)]
        self.completed = []
        self.turn = self.dealer
        self.built = False           # a centre pile was built on this turn
        self.quiet = 0               # quiet turns in a row with nothing left to draw (see the ruling)
        self._draw_to_five()

    def _clone_nested(self, g: Self) -> None:
        g.payoff = [p[:] for p in self.payoff]
        g.hands = [h[:] for h in self.hands]
        g.discards = [[p[:] for p in piles] for piles in self.discards]
        g.centre = [p[:] for p in self.centre]

    # ---- rules helpers -------------------------------------------------------------------------
    def _can_start_pile(self) -> bool:
        return may_start_pile(self.options, sum(1 for p in self.centre if p))

    def _draw_to_five(self) -> None:
        """Draw until the hand holds 5, reshuffling the completed piles into a new stock when the
        stock runs out; with both empty the hand stays short (the exhausted stock)."""
        hand = self.hands[self.turn]
        if len(hand) >= HAND_SIZE:
            return
        while len(hand) < HAND_SIZE:
            if not self.stock:
                if not self.completed:
                    break
                self.stock, self.completed = self.completed, []
                self.chance.shuffle(self.stock)
            hand.append(self.stock.pop())
            self._drew(self.turn, CODES[hand[-1]])
        hand.sort(key=_hand_key)

    # ---- the action interface ------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        """Builds from the pay-off pile, the discard tops, the hand; then discards or end_turn."""
        if self.over:
            return []
        seat = self.turn
        places = self._places()
        actions = []
        pay = self.payoff[seat]
        if pay:
            c = pay[-1]
            base = FROM_PAYOFF << 12 | c << 6
            actions += [base | t for t in places[RANK_OF[c]]]
        piles = self.discards[seat]
        for d in range(DISCARD_PILES):
            pile = piles[d]
            if pile:
                c = pile[-1]
                base = (FROM_DISCARD + d) << 12 | c << 6
                actions += [base | t for t in places[RANK_OF[c]]]
        hand = self.hands[seat]
        distinct = [c for i, c in enumerate(hand) if i == 0 or hand[i - 1] != c]   # hand is sorted
        for c in distinct:
            base = FROM_HAND << 12 | c << 6
            actions += [base | t for t in places[RANK_OF[c]]]
        spots = [d for d in range(DISCARD_PILES) if piles[d]]
        if len(spots) < DISCARD_PILES:
            spots.append(NEW)
        discardable = [c for c in distinct if RANK_OF[c] != ACE]
        for c in discardable:
            base = DISCARD << 12 | c << 6
            actions += [base | d for d in spots]
        if not discardable:
            actions.append(END_ACTION)
        return actions

    def _places(self) -> list[list[int]]:
        """For each rank, the centre slots (and NEW) a card of that rank may be built on."""
        places: list[list[int]] = [[] for _ in range(13)]
        wild = places[WILD]
        for i, p in enumerate(self.centre):
            if p:
                places[len(p)].append(i)
                wild.append(i)
        if self._can_start_pile():
            for rank in starting_ranks(self.options):
                places[rank].append(NEW)
        return places

    def apply_action(self, action: int) -> None:
        source, card, target = action >> 12, action >> 6 & 63, action & 63
        seat = self.turn
        if source == DISCARD:
            self.hands[seat].remove(card)
            piles = self.discards[seat]
            piles[piles.index([]) if target == NEW else target].append(card)
            self._end_turn()
        elif source == END_TURN:
            self._end_turn()
        else:
            self._build(seat, source, card, target)

    def _build(self, seat: int, source: int, card: int, target: int) -> None:
        if source == FROM_HAND:
            self.hands[seat].remove(card)
        elif source == FROM_PAYOFF:
            self.payoff[seat].pop()
        else:
            self.discards[seat][source - FROM_DISCARD].pop()
        centre = self.centre
        if target == NEW:
            if [] in centre:
                target = centre.index([])
            else:
                target = len(centre)
                centre.append([])
        pile = centre[target]
        pile.append(card)
        if len(pile) == COMPLETE:
            self.completed.extend(pile)
            centre[target] = []
        self.built = True
        if not self.payoff[seat]:
            self._payoff_win(seat)
        elif not self.hands[seat]:
            self._draw_to_five()

    def _end_turn(self) -> None:
        if self.stock or self.completed:
            self.quiet = 0
        else:
            self.quiet = 0 if self.built else self.quiet + 1
            if self.quiet >= self.players:
                self._exhausted_ending()
                return
        self.turn = (self.turn + 1) % self.players
        self.built = False
        self._draw_to_five()

    def action_to_move(self, action: int) -> Move:
        source, card, target = action >> 12, action >> 6 & 63, action & 63
        if source == END_TURN:
            return {"type": END}
        pile = NEW_PILE if target == NEW else target
        if source == DISCARD:
            return {"type": DISCARD_MOVE, "card": CODES[card], "pile": pile}
        if source == FROM_HAND:
            return {"type": BUILD, "from": HAND, "card": CODES[card], "pile": pile}
        if source == FROM_PAYOFF:
            return {"type": BUILD, "from": PAYOFF, "card": CODES[card], "pile": pile}
        return {"type": BUILD, "from": DISCARD_PILE, "card": CODES[card], "discard": source - FROM_DISCARD,
                "pile": pile}

    def move_to_action(self, move: Move) -> int | None:
        if "seat" in move and move["seat"] != self.turn:      # a move may name its seat, the right one
            return None
        kind = move["type"]
        if kind == END:
            return END_ACTION
        card = IDS[move["card"]]
        target = _target(move["pile"])
        if target is None:
            return None
        if kind == DISCARD_MOVE:
            return DISCARD << 12 | card << 6 | target
        if kind != BUILD:
            return None
        source = move["from"]
        if source == HAND:
            return FROM_HAND << 12 | card << 6 | target
        if source == PAYOFF:
            return FROM_PAYOFF << 12 | card << 6 | target
        if source == DISCARD_PILE and _is_index(move["discard"], DISCARD_PILES):
            return (FROM_DISCARD + move["discard"]) << 12 | card << 6 | target
        return None

    # ---- end of a game and of the match ----------------------------------------------------------
    def _payoff_win(self, seat: int) -> None:
        points = [0] * self.players
        lines = [message("spite_malice.line.went_out", seat=seat),
                 message("spite_malice.line.bonus", points=WIN_BONUS)]
        total = WIN_BONUS
        for s in range(self.players):
            if s != seat:
                left = len(self.payoff[s])
                total += left
                lines.append(message("spite_malice.line.left", seat=s, count=left))
        points[seat] = total
        lines.append(message("spite_malice.line.points", seat=seat, points=total))
        self._finish_game("payoff", points, lines)

    def _exhausted_ending(self) -> None:
        counts = [len(p) for p in self.payoff]
        fewest = min(counts)
        lines = [message("spite_malice.line.exhausted")]
        points = [0] * self.players
        if all(c == fewest for c in counts):
            lines.append(message("spite_malice.line.all_equal", count=fewest))
            self._finish_game("exhausted", points, lines)
            return
        gain = sum(c - fewest for c in counts)        # what each player tied for the fewest scores
        for s, c in enumerate(counts):
            if c == fewest:
                points[s] = gain
                lines.append(message("spite_malice.line.fewest", seat=s, count=c))
            else:
                lines.append(message("spite_malice.line.more", seat=s, count=c, more=c - fewest))
        for s in range(self.players):
            if points[s]:
                lines.append(message("spite_malice.line.points", seat=s, points=points[s]))
        self._finish_game("exhausted", points, lines)

    def _finish_game(self, ending: str, points: list[int], lines: list[Message]) -> None:
        for s, p in enumerate(points):
            self.match_scores[s] += p
        self.results.append({"deal": self.deal_number, "ending": ending, "points": points,
                             "winners": [s for s, p in enumerate(points) if p],
                             "lines": lines, "totals": list(self.match_scores)})
        scores = self.match_scores
        top = max(scores)
        leaders = [s for s, v in enumerate(scores) if v == top]
        target = self.options["target"]
        if target == 0 or (top >= target and len(leaders) == 1):
            self.over = True
            self.winner = leaders[0] if len(leaders) == 1 else None
            self.result = (message("spite_malice.result.winner", seat=self.winner, points=top)
                           if self.winner is not None else message("spite_malice.result.shared", points=top))
            return
        self.dealer = (self.dealer + 1) % self.players
        self._deal()

    # ---- state the engine reads ----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.turn

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list[int]:
        return list(self.match_scores)

    def returns(self) -> list[float]:
        """Each seat's match points minus the mean of the others'."""
        scores = self.match_scores
        total, others = sum(scores), self.players - 1
        return [s - (total - s) / others for s in scores]

    # ---- refusals --------------------------------------------------------------------------------
    def _why_illegal(self, move: Move) -> Message | None:
        kind = move.get("type")
        if kind not in (BUILD, DISCARD_MOVE, END):
            return message("spite_malice.refuse.not_a_move")
        if "seat" in move and move["seat"] != self.turn:
            return message("engine.wrong_seat")
        seat = self.turn
        if kind == END:
            return message("spite_malice.refuse.can_discard")
        code = move.get("card")
        if code not in IDS:
            return message("engine.not_a_card", card=str(code)[:10])
        card = IDS[code]
        if kind == DISCARD_MOVE:
            return self._why_not_discard(seat, card, move.get("pile"))
        source = move.get("from")
        if source == HAND:
            if card not in self.hands[seat]:
                return message("engine.not_in_hand", card=code)
        elif source == PAYOFF:
            pay = self.payoff[seat]
            if not pay:
                return message("spite_malice.refuse.payoff_empty")
            if pay[-1] != card:
                return message("spite_malice.refuse.payoff_top", top=CODES[pay[-1]], card=code)
        elif source == DISCARD_PILE:
            d = move.get("discard")
            if not _is_index(d, DISCARD_PILES):
                return message("spite_malice.refuse.discard_which", last=DISCARD_PILES - 1)
            pile = self.discards[seat][d]
            if not pile or pile[-1] != card:
                return message("spite_malice.refuse.not_discard_top", card=code, pile=d)
        else:
            return message("spite_malice.refuse.build_from")
        return self._why_not_on_pile(card, move.get("pile"))

    def _why_not_on_pile(self, card: int, pile: Any) -> Message:
        rank = RANK_OF[card]
        if pile == NEW_PILE:
            if rank == KING and not self.options["kings_start_piles"]:
                return message("spite_malice.refuse.king_no_start")
            if rank not in (ACE, KING):
                return message("spite_malice.refuse.only_ace_starts", card=CODES[card])
            return message("spite_malice.refuse.centre_full", n=CENTRE_PILES)
        if not _is_index(pile, len(self.centre)) or not self.centre[pile]:
            return message("spite_malice.refuse.no_pile", pile=str(pile)[:10])
        return message("spite_malice.refuse.wrong_rank", card=CODES[card],
                       need=_rank_message(len(self.centre[pile])))

    def _why_not_discard(self, seat: int, card: int, pile: Any) -> Message:
        if RANK_OF[card] == ACE:
            return message("spite_malice.refuse.ace_discard")
        if card not in self.hands[seat]:
            return message("spite_malice.refuse.discard_not_in_hand", card=CODES[card])
        if pile == NEW_PILE:
            return message("spite_malice.refuse.discards_full", n=DISCARD_PILES)
        if not _is_index(pile, DISCARD_PILES):
            return message("spite_malice.refuse.discard_where", last=DISCARD_PILES - 1)
        return message("spite_malice.refuse.discard_empty", pile=pile)

    # ---- views -----------------------------------------------------------------------------------
    def _piles(self) -> list[list[int]]:
        """Every zone's cards (ids), bottom to top, in the order of ``_zone_names``."""
        piles = [*self.payoff, *self.hands]
        for discards in self.discards:
            piles += discards
        return [*piles, *self.centre, self.completed, self.stock]

    def _zone_names(self) -> list[str]:
        names = _ZONE_NAMES.get((self.players, len(self.centre)))
        if names is None:
            n = self.players
            names = _ZONE_NAMES[(n, len(self.centre))] = (
                [f"payoff{s}" for s in range(n)] + [f"hand{s}" for s in range(n)]
                + [f"discard{s}_{d}" for s in range(n) for d in range(DISCARD_PILES)]
                + [f"centre{i}" for i in range(len(self.centre))] + ["completed", "stock"])
        return names

    def _zones(self) -> dict[str, list[str]]:
        return dict(zip(self._zone_names(), map(_codes, self._piles())))

    def _zone_sizes(self) -> dict[str, int]:      # a remote table's replay counts them every move; the stock is long
        return dict(zip(self._zone_names(), map(len, self._piles())))

    def _view_fields(self, seat: int | None) -> dict[str, Any]:
        return {
            "phase": "over" if self.over else "play",
            "turn": self.current_player,
            "dealer": self.dealer,
            "centre": [{"cards": _codes(p),
                        "rank": RANKS[len(p) - 1] if p else None,
                        "needs": RANKS[len(p)] if p else None} for p in self.centre],
            "centre_limit": self.options["centre_limit"],
            "centre_piles": CENTRE_PILES,           # centre piles at once, unless the option lifts the limit
            "discard_piles": DISCARD_PILES,         # each player's discard piles
            "wild": RANKS[WILD],                    # the rank that plays as any
            "starts": [RANKS[r] for r in starting_ranks(self.options)],   # the ranks that start a pile
            "payoff_counts": [len(p) for p in self.payoff],
            "payoff_tops": [CODES[p[-1]] if p else None for p in self.payoff],
            "hand_counts": [len(h) for h in self.hands],
            "stock_count": len(self.stock),
            "completed_count": len(self.completed),
            "built_this_turn": self.built,
            "quiet_turns": self.quiet,
            "match_scores": self.match_scores,
            "target": self.options["target"],
            "results": self.results,
            "last_result": self.results[-1] if self.results else None,
            "winner": self.winner,
            "result": self.result,
        }

    def info_key(self, seat: int) -> tuple[Any, ...]:
        return (seat, self.deal_number, self.turn, self.over, self.built, self.quiet,
                tuple(self.hands[seat]), tuple(map(len, self.hands)),
                tuple((len(p), p[-1] if p else -1) for p in self.payoff),
                tuple(tuple(p) for piles in self.discards for p in piles),
                tuple(tuple(p) for p in self.centre), tuple(self.completed), len(self.stock),
                tuple(self.match_scores), self.dealer, len(self.results))

    # ---- determinization -----------------------------------------------------------------------
    @classmethod
    def deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return [CODES[c] for c in deck_ids(DECKS[players])]

    @classmethod
    def refused_ranks(cls, view: View) -> list[set[int]]:
        """For each seat, the ranks it seems not to hold (a set), read from the deal's log: the ranks
        the centre piles wanted (an Ace too while a pile could start) when the seat last closed a
        turn with a discard. A player who could build rarely discards instead, and a hand is not
        touched between its owner's discard and their next turn, so those ranks are likely elsewhere.
        Kings are left out (they are kept for the pay-off card on purpose). Empty sets where the log
        says nothing or does not lead to the view's centre piles."""
        n = view["players"]
        needs: list[int] = []                    # the rank each centre slot needs; 0 = empty slot
        refused: list[set[int]] = [set() for _ in range(n)]
        for entry in view["log"]:
            seat, move = entry["seat"], entry["move"]
            kind = move.get("type")
            if kind == BUILD:
                pile = move["pile"]
                if pile == NEW_PILE:
                    pile = needs.index(0) if 0 in needs else len(needs)
                    if pile == len(needs):
                        needs.append(0)
                elif not _is_index(pile, len(needs)):
                    return [set() for _ in range(n)]
                needs[pile] = (needs[pile] + 1) % COMPLETE
            elif kind in (DISCARD_MOVE, END):
                wanted = {r for r in needs if r}
                if may_start_pile(view["options"], sum(1 for r in needs if r)):
                    wanted.add(ACE)
                refused[seat] = wanted if kind == DISCARD_MOVE else set()
        shown = [len(p["cards"]) for p in view["centre"]]
        if len(needs) > len(shown) or needs + [0] * (len(shown) - len(needs)) != shown:
            return [set() for _ in range(n)]
        if view["turn"] is not None:
            refused[view["turn"]] = set()        # the seat to move has drawn since, and may build
        return refused

    @classmethod
    def _deal_hidden(cls, view: View, rng: Rng) -> dict[str, list[str]]:
        """The hidden cards dealt afresh, with one soft preference: an opponent's hidden hand cards
        avoid the ranks it refused to build (``refused_ranks``) while other unseen cards remain -
        each card slips through with probability 1/SLIP, as a careful player would not be sure."""
        unseen = rng.shuffle(cls.unseen_cards(view))
        zones = dict(view["zones"])
        refused = cls.refused_ranks(view)
        for s in range(view["players"]):
            name = f"hand{s}"
            avoid = {RANKS[r] for r in refused[s]}
            if s == view["seat"] or not avoid or HIDDEN not in zones[name]:
                continue
            hand = []
            for c in zones[name]:
                if c == HIDDEN:
                    i = len(unseen) - 1
                    if rng.below(SLIP):
                        while i >= 0 and unseen[i][0] in avoid:
                            i -= 1
                        if i < 0:
                            i = len(unseen) - 1
                    c = unseen.pop(i)
                hand.append(c)
            zones[name] = hand
        for name, cards in zones.items():
            if HIDDEN in cards:
                zones[name] = [unseen.pop() if c == HIDDEN else c for c in cards]
        return zones

    @classmethod
    def _from_view(cls, view: View, zones: dict[str, list[str]]) -> Self:
        n = view["players"]
        g = cls._blank(view)
        g.payoff = [[IDS[c] for c in zones[f"payoff{s}"]] for s in range(n)]
        g.hands = [sorted((IDS[c] for c in zones[f"hand{s}"]), key=_hand_key) for s in range(n)]
        g.discards = [[[IDS[c] for c in zones[f"discard{s}_{d}"]] for d in range(DISCARD_PILES)]
                      for s in range(n)]
        g.centre = [[IDS[c] for c in zones[f"centre{i}"]] for i in range(len(view["centre"]))]
        g.completed = [IDS[c] for c in zones["completed"]]
        g.stock = [IDS[c] for c in zones["stock"]]
        g.turn = view["turn"] if view["turn"] is not None else 0
        g.dealer = view["dealer"]
        g.built = view["built_this_turn"]
        g.quiet = view["quiet_turns"]
        g.match_scores = list(view["match_scores"])
        g.results = list(view["results"])
        g.over = view["is_over"]
        g.winner = view["winner"]
        g.result = view["result"]
        return g


GAME = SpiteMalice
