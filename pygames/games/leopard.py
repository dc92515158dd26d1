"""Leopard (Robert Abbott, 1963): build suit and colour lines in your 3x3 square, spoil your opponent's.

Two 52-card decks shuffled together. Each side (a player, or a partnership of two seated opposite)
owns a square of nine positions numbered from its owner's side (1 2 3 nearest, 7 8 9 far). A turn
draws the top stock card, then either goes out (square worth 5 or more; with four players only after
the partner says yes) or puts one hand card on a square or on the dead discard pile:

    A-9  either square, only its numbered position (A = 1), empty or on a face-down card, face up
    10   own square, anywhere, empty or on a face-down card, face up
    J    either square, anywhere, on a card (never empty), face DOWN
    Q    own square, anywhere, on a card, face DOWN
    K    own square, anywhere, empty or on any card, face up

A face-down card is seen only by the seat that placed it. Only the top card of a position counts.

State for speed: a card is an int id (cards.py); a position's pile is a list of entries, an entry
being the card id when face up and ``DOWN * (placer + 1) + card`` when face down; ``tops`` keeps the
18 top entries (-1 for empty), index ``side * 9 + pos - 1``. Actions are ints: ``card * 32 + target``
(target 0..17 a position, 18 the discard pile), ``GO_OUT``, ``YES`` and ``NO``.
"""

from __future__ import annotations

from typing import Any, Self, Sequence

from ..cards import CODES, HIDDEN, IDS, JACK, QUEEN, RANKS, RED, SUIT_OF, TEN, Rng, rank_of, suit_of
from ..engine import CUSTOM, EVERYONE, OTHERS, Game, Message, Move, View
from ..text import message

DOWN = 64                      # entries >= DOWN are face-down cards
DISCARD = 18                   # the target index of the discard pile
GO_OUT, YES, NO = 2000, 2001, 2002
PLACE, ANSWER, OVER = "place", "answer", "over"
DEALS = 4
HAND_SIZE = 8
OUT_AT = 5                     # a square worth this many points may go out
BONUS_ABOVE = 5                # each square point above this scores one more at the deal's end
FACE_DOWN = (JACK, QUEEN)      # the ranks placed face down
_FACE_DOWN_RANKS = [RANKS[r] for r in FACE_DOWN]     # as code letters ("J", "Q")

# the eight lines of a square, as positions 1..9
LINES = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7))
LINES_THROUGH = tuple(tuple(i for i, line in enumerate(LINES) if p in line) for p in range(10))
LINES0 = tuple(tuple(p - 1 for p in line) for line in LINES)


def card_of(entry: int) -> int:
    return entry % DOWN


def placer_of(entry: int) -> int:
    return entry // DOWN - 1


def line_kind(cards: Sequence[int], suit_line: int = 2) -> tuple[str | None, int]:
    """``(kind, points)`` of three face-up card ids in a line: ("suit", suit_line), ("colour", 1) or
    (None, 0)."""
    a, b, c = (suit_of(x) for x in cards)
    if a == b == c:
        return "suit", suit_line
    if RED[a] == RED[b] == RED[c]:
        return "colour", 1
    return None, 0


def scoring_lines(tops9: Sequence[int], suit_line: int = 2) -> list[tuple[int, str, int]]:
    """Lines of one square that score now: ``[(line index, kind, points)]``. ``tops9`` are the nine
    top entries of positions 1..9 (-1 empty, face-down entries break a line)."""
    out = []
    for i, line in enumerate(LINES):
        cards = [tops9[p - 1] for p in line]
        if any(e < 0 or e >= DOWN for e in cards):
            continue
        kind, points = line_kind(cards, suit_line)
        if kind is not None:
            out.append((i, kind, points))
    return out


def square_points(tops9: Sequence[int], suit_line: int = 2) -> int:
    """A square's points now (the fast path of :func:`scoring_lines`)."""
    total = 0
    for i, j, k in LINES0:
        a, b, c = tops9[i], tops9[j], tops9[k]
        if a < 0 or b < 0 or c < 0 or a >= DOWN or b >= DOWN or c >= DOWN:
            continue
        sa, sb, sc = SUIT_OF[a], SUIT_OF[b], SUIT_OF[c]
        if sa == sb == sc:
            total += suit_line
        elif RED[sa] == RED[sb] == RED[sc]:
            total += 1
    return total


def bonus(points: int) -> int:
    """One extra point for each square point above ``BONUS_ABOVE`` (none at exactly that)."""
    return max(0, points - BONUS_ABOVE)


def deal_score(points: int, went_out: bool) -> int:
    return points + bonus(points) - (1 if went_out else 0)


# what a position must hold for a card to go on it: empty or a face-down top, any card, or anything
OPEN, CARD, ANY = "open", "card", "any"


def _placement_rule(rank: int) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    """Where a card of ``rank`` goes: (own-square positions, opponent-square positions) as position
    indexes 0..8, and what the position must hold (``OPEN``, ``CARD`` or ``ANY``)."""
    if rank < TEN:                                 # its number, either square
        return (rank,), (rank,), OPEN
    if rank == TEN:
        return tuple(range(9)), (), OPEN
    if rank == JACK:
        return tuple(range(9)), tuple(range(9)), CARD
    if rank == QUEEN:
        return tuple(range(9)), (), CARD
    return tuple(range(9)), (), ANY                # the K


PLACEMENT = tuple(_placement_rule(r) for r in range(13))     # by rank: the placement rule, written once
# by side and rank: the rule's targets (side * 9 + position index) in target order, and the need
_SPOTS = tuple(tuple((tuple(sorted([side * 9 + p for p in own] + [(1 - side) * 9 + p for p in opp])), need)
                     for own, opp, need in PLACEMENT) for side in (0, 1))


def placements(side: int, rank: int, tops: Sequence[int]) -> list[int]:
    """The targets (0..17, in order) a card of ``rank`` may go on now for a seat of ``side``, with
    ``tops`` the 18 top entries (-1 empty): the placement rule applied (``PLACEMENT``)."""
    spots, need = _SPOTS[side][rank]
    if need == OPEN:
        return [t for t in spots if tops[t] < 0 or tops[t] >= DOWN]
    if need == CARD:
        return [t for t in spots if tops[t] >= 0]
    return list(spots)


def entry_of(seat: int, card: int) -> int:
    """The pile entry ``card`` makes when ``seat`` places it: face down for a ``FACE_DOWN`` rank."""
    return DOWN * (seat + 1) + card if card % 13 in FACE_DOWN else card


class Leopard(Game):
    GAME_ID = "leopard"
    TITLE = "Leopard"
    PLAYERS = (2, 4)
    DEFAULT_PLAYERS = 2
    OPTIONS = {"suit_line": (2, 3)}
    SECRETS = {"hand#": OTHERS, "stock": EVERYONE,
               **{f"square{s}_{p}": CUSTOM for s in (0, 1) for p in range(1, 10)}}
    # what a placement is refused for that the card and the squares decide (the hand stays hidden)
    PUBLIC_REFUSALS = frozenset(f"leopard.refuse.{k}" for k in (
        "answer_first", "not_asked", "out_refused", "bad_position", "own_only", "number", "needs_open", "needs_card"))
    MOVES = {"place": {"card": None, "square": None, "pos": None}, "discard": {"card": None}, "go_out": {},
             "answer": {"allow": None}}
    TEXTS = {
        "leopard.line.suit": "Line {positions}: one suit = {points}",
        "leopard.line.colour": "Line {positions}: one colour = {points}",
        "leopard.square": "Square points: {points}",
        "leopard.bonus": "Bonus above {above}: +{bonus}",
        "leopard.bonus_none": "No bonus ({above} or less)",
        "leopard.went_out": "Went out: \u22121",
        "leopard.deal_points": "Deal: {points}",
        "leopard.no_lines": "No scoring line",
        "leopard.end.out": "{seat:seat} went out.",
        "leopard.end.stock": "The stock ran out.",
        "leopard.result.win": "Won by {seat:seat}, {high} to {low}",
        "leopard.result.team_win": "Won by {seat:seat} and {partner:seat}, {high} to {low}",
        "leopard.result.draw": "A draw at {score} each",
        "leopard.refuse.not_a_move": "A Leopard move is place, discard, go_out or answer.",
        "leopard.refuse.bad_position": "A position is a square (0 or 1) and a number from 1 to 9.",
        "leopard.refuse.number": "{card:card} may go only on position {pos} of either square.",
        "leopard.refuse.own_only": "{card:card} may go only on your own square.",
        "leopard.refuse.needs_open": "{card:card} goes on an empty position or a face-down card.",
        "leopard.refuse.needs_card": "{card:card} goes face down on a card, never on an empty position.",
        "leopard.refuse.out_low": "You may go out only when your square scores {need} or more (now {points}).",
        "leopard.refuse.out_refused": "Your partner said no: place a card.",
        "leopard.refuse.not_asked": "Nobody is asking to go out.",
        "leopard.refuse.answer_first": "Your partner asks to go out: answer yes or no.",
    }

    side_scores: list[int]              # by side: the match so far
    deals: list[dict[str, Any]]         # summaries of finished deals
    cut: list[list[tuple[int, int]]]    # [[(seat, card), ...] per round]
    dealer: int
    winner: int | None                  # side index, or -1 for a draw, once over
    hands: list[list[int]]
    stock: list[int]
    discard: list[int]
    piles: list[list[int]]              # per target: pile entries, bottom to top
    tops: list[int]                     # per target: the top entry, -1 empty
    phase: str
    turn: int                           # the seat to act (current_player: None once the match is over)
    asker: int | None                   # who asked "may I go out?" (four players)
    refused: bool                       # the partner said no this turn

    # ---- setup ---------------------------------------------------------------------------------
    def _setup(self) -> None:
        self.side_scores = [0, 0]
        self.deals = []           # summaries of finished deals
        self.cut = self._cut()    # [[(seat, card), ...] per round]
        self.dealer = max(self.cut[-1], key=lambda sc: rank_of(sc[1]))[0]
        self.winner = None        # side index, or -1 for a draw, once over
        self.deal_number = 0
        self._deal()

    def _cut(self) -> list[list[tuple[int, int]]]:
        """Each player cuts a card; the highest deals (Ace low); players tied for highest cut again."""
        rounds = []
        cutting = list(range(self.players))
        while True:
            cards = list(zip(cutting, self.chance.face_up(list(range(52)) * 2, len(cutting))))
            rounds.append(cards)
            high = max(rank_of(c) for _, c in cards)
            cutting = [s for s, c in cards if rank_of(c) == high]
            if len(cutting) == 1:
                return rounds

    def _deal(self) -> None:
        self.deal_number += 1
        deck = self.chance.shuffle(list(range(52)) * 2)
        self.hands = [[] for _ in range(self.players)]
        first = (self.dealer + 1) % self.players
        for i in range(HAND_SIZE * self.players):
            self.hands[(first + i) % self.players].append(deck.pop())
        self.stock = deck
        self.discard = []
        self.piles = [[] for _ in range(18)]
        self.tops = [-1] * 18
        self.phase = PLACE
        self.turn = first
        self.asker = None         # who asked "may I go out?" (four players)
        self.refused = False      # the partner said no this turn
        self._draw()

    def _draw(self) -> None:
        self.hands[self.turn].append(self.stock.pop())
        self._drew(self.turn, CODES[self.hands[self.turn][-1]])

    # ---- small facts ---------------------------------------------------------------------------
    def side_of(self, seat: int) -> int:
        return seat % 2

    def partner_of(self, seat: int) -> int:
        """The seat's partner, at a table of four."""
        return (seat + 2) % 4

    def asking(self) -> int:
        """Who asks "may I go out?" (while the partner answers)."""
        assert self.asker is not None
        return self.asker

    def square_tops(self, side: int) -> list[int]:
        return self.tops[side * 9:side * 9 + 9]

    def points_of(self, side: int) -> int:
        return square_points(self.square_tops(side), self.options["suit_line"])

    def may_go_out(self) -> bool:
        return (self.phase == PLACE and not self.refused
                and self.points_of(self.side_of(self.turn)) >= OUT_AT)

    # ---- the action interface ------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self.phase == ANSWER:
            return [YES, NO]
        seat = self.turn
        side = self.side_of(seat)
        tops = self.tops
        actions = [GO_OUT] if self.may_go_out() else []
        for card in sorted(set(self.hands[seat])):
            base = card * 32
            actions.extend(base + t for t in placements(side, card % 13, tops))
            actions.append(base + DISCARD)
        return actions

    def apply_action(self, a: int) -> None:
        seat = self.turn
        if a == GO_OUT:
            if self.players == 4:
                self.phase, self.asker, self.turn = ANSWER, seat, self.partner_of(seat)
                return
            self._end_deal(seat)
            return
        if a == YES:
            self._end_deal(self.asker)
            return
        if a == NO:
            asker = self.asker
            assert asker is not None                # an answer is asked for
            self.phase, self.turn, self.asker, self.refused = PLACE, asker, None, True
            return
        card, t = divmod(a, 32)
        self.hands[seat].remove(card)
        if t == DISCARD:
            self.discard.append(card)
        else:
            entry = entry_of(seat, card)
            self.piles[t].append(entry)
            self.tops[t] = entry
        if not self.stock:
            self._end_deal(None)
            return
        self.turn = (seat + 1) % self.players
        self.refused = False
        self._draw()

    def _end_deal(self, out_seat: int | None) -> None:
        suit_line = self.options["suit_line"]
        out_side = None if out_seat is None else self.side_of(out_seat)
        summary: dict[str, Any] = {"deal": self.deal_number, "dealer": self.dealer, "out": out_seat, "sides": []}
        for side in (0, 1):
            tops9 = self.square_tops(side)
            lines = scoring_lines(tops9, suit_line)
            points = sum(p for _, _, p in lines)
            went_out = side == out_side
            score = deal_score(points, went_out)
            self.side_scores[side] += score
            summary["sides"].append({
                "lines": [{"line": list(LINES[i]), "kind": kind, "points": p} for i, kind, p in lines],
                "square": points, "bonus": bonus(points), "out": -1 if went_out else 0,
                "points": score, "total": self.side_scores[side],
                "tops": [None if e < 0 else (HIDDEN if e >= DOWN else CODES[e]) for e in tops9],
                "text": self._side_text(lines, points, went_out, score),
            })
        summary["end"] = (message("leopard.end.out", seat=out_seat) if out_seat is not None
                          else message("leopard.end.stock"))
        self.deals.append(summary)
        if self.deal_number >= DEALS:
            self.phase, self.asker = OVER, None
            a, b = self.side_scores
            if a == b:
                self.winner = -1
                summary["result"] = message("leopard.result.draw", score=a)
            else:
                self.winner = 0 if a > b else 1
                if self.players == 4:
                    summary["result"] = message("leopard.result.team_win", seat=self.winner,
                                                partner=self.winner + 2, high=max(a, b), low=min(a, b))
                else:
                    summary["result"] = message("leopard.result.win", seat=self.winner,
                                                high=max(a, b), low=min(a, b))
            return
        self.dealer = (self.dealer + 1) % self.players
        self._deal()

    @staticmethod
    def _side_text(lines: list[tuple[int, str, int]], points: int, went_out: bool, score: int) -> list[Message]:
        """The deal's score of one side, line by line, as messages."""
        text = []
        for i, kind, p in lines:
            text.append(message(f"leopard.line.{kind}", positions="-".join(map(str, LINES[i])), points=p))
        if not lines:
            text.append(message("leopard.no_lines"))
        text.append(message("leopard.square", points=points))
        text.append(message("leopard.bonus", bonus=bonus(points), above=BONUS_ABOVE) if bonus(points)
                    else message("leopard.bonus_none", above=BONUS_ABOVE))
        if went_out:
            text.append(message("leopard.went_out"))
        text.append(message("leopard.deal_points", points=score))
        return text

    def _clone_nested(self, g: Self) -> None:
        g.hands = [h[:] for h in self.hands]
        g.piles = [p[:] for p in self.piles]

    # ---- the contract --------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[int]:
        return [self.side_scores[self.side_of(s)] for s in range(self.players)]

    @classmethod
    def sides(cls, players: int) -> list[tuple[int, ...]]:
        return [(0, 2), (1, 3)] if players == 4 else [(0,), (1,)]

    def returns(self) -> list[float]:
        a, b = self.side_scores
        return [(a - b) if self.side_of(s) == 0 else (b - a) for s in range(self.players)]

    # ---- the JSON edge -------------------------------------------------------------------------
    def action_to_move(self, a: int) -> Move:
        if a == GO_OUT:
            return {"type": "go_out"}
        if a in (YES, NO):
            return {"type": "answer", "allow": a == YES}
        card, t = divmod(a, 32)
        if t == DISCARD:
            return {"type": "discard", "card": CODES[card]}
        side, i = divmod(t, 9)
        return {"type": "place", "card": CODES[card], "square": side, "pos": i + 1}

    def move_to_action(self, move: Move) -> int | None:
        kind = move["type"]
        if kind == "go_out":
            return GO_OUT
        if kind == "answer":
            allow = move["allow"]
            return None if type(allow) is not bool else (YES if allow else NO)
        if kind == "discard":
            return IDS[move["card"]] * 32 + DISCARD
        if kind == "place":
            side, pos = move["square"], move["pos"]
            if type(side) is not int or type(pos) is not int or side not in (0, 1) or not 1 <= pos <= 9:
                return None
            return IDS[move["card"]] * 32 + side * 9 + pos - 1
        return None

    def _why_illegal(self, move: Move) -> Message | None:
        kind = move.get("type")
        if kind not in ("place", "discard", "go_out", "answer"):
            return message("leopard.refuse.not_a_move")
        if self.phase == ANSWER:
            return None if kind == "answer" else message("leopard.refuse.answer_first")
        if kind == "answer":
            return message("leopard.refuse.not_asked")
        seat = self.turn
        if kind == "go_out":
            if self.refused:
                return message("leopard.refuse.out_refused")
            return message("leopard.refuse.out_low", points=self.points_of(self.side_of(seat)), need=OUT_AT)
        code = move.get("card")
        if code not in IDS:
            return message("engine.not_a_card", card=str(code)[:10])
        card = IDS[code]
        if card not in self.hands[seat]:
            return message("engine.not_in_hand", card=code)
        if kind == "discard":
            return None
        side, pos = move.get("square"), move.get("pos")
        if type(side) is not int or type(pos) is not int or side not in (0, 1) or not 1 <= pos <= 9:
            return message("leopard.refuse.bad_position")
        rank = rank_of(card)
        own = side == self.side_of(seat)
        own_t, opp_t, need = PLACEMENT[rank]
        if not own and not opp_t:
            return message("leopard.refuse.own_only", card=code)
        if pos - 1 not in (own_t if own else opp_t):
            return message("leopard.refuse.number", card=code, pos=rank + 1)
        if need == OPEN:
            return message("leopard.refuse.needs_open", card=code)
        return message("leopard.refuse.needs_card", card=code)

    def _public_move(self, move: Move, seat: int | None, mover: int) -> Move:
        """A face-down card (a J or Q) placed by another seat shows as "??"."""
        if seat is not None and mover != seat and move["type"] == "place" and move["card"][0] in _FACE_DOWN_RANKS:
            return dict(move, card=HIDDEN)
        return move

    # ---- views and secrets ---------------------------------------------------------------------
    def _hidden_in(self, zone: str, size: int, seat: int, owner: int | None) -> list[int]:
        t = _ZONE_TARGET[zone]
        return [i for i, e in enumerate(self.piles[t]) if e >= DOWN and placer_of(e) != seat]

    def _zones(self) -> dict[str, list[str]]:
        zones = {f"hand{s}": [CODES[c] for c in self.hands[s]] for s in range(self.players)}
        zones["stock"] = [CODES[c] for c in self.stock]
        zones["discard"] = [CODES[c] for c in self.discard]
        for t, name in enumerate(ZONE_NAMES):
            zones[name] = [CODES[card_of(e)] for e in self.piles[t]]
        return zones

    def _view_fields(self, seat: int | None) -> dict[str, Any]:
        suit_line = self.options["suit_line"]
        squares = []
        for side in (0, 1):
            tops9 = self.square_tops(side)
            points = square_points(tops9, suit_line)
            squares.append({
                "lines": [{"line": list(LINES[i]), "kind": kind, "points": p}
                          for i, kind, p in scoring_lines(tops9, suit_line)],
                "points": points,
                "score_now": deal_score(points, False),
                "out_now": deal_score(points, True),
            })
        return {
            "phase": self.phase,
            "dealer": self.dealer,
            "turn": self.current_player,
            "asker": self.asker,
            "refused": self.refused,
            "side_scores": self.side_scores,
            "sides": [self.side_of(s) for s in range(self.players)],
            # per position (side * 9 + pos - 1), per card bottom to top: null face up, else who placed it
            "placers": [[placer_of(e) if e >= DOWN else None for e in pile] for pile in self.piles],
            "squares": squares,
            "hand_counts": [len(h) for h in self.hands],
            "stock_count": len(self.stock),
            "can_go_out": self.may_go_out(),
            "out_at": OUT_AT,                                   # the square points that may go out
            "face_down": list(_FACE_DOWN_RANKS),                # the ranks placed face down
            "cut": [[{"seat": s, "card": CODES[c]} for s, c in r] for r in self.cut],
            "deals": self.deals,
            "deals_total": DEALS,
            "winner": self.winner,
        }

    def info_key(self, seat: int) -> tuple[Any, ...]:
        def seen(e: int) -> int:
            return e if e < DOWN or placer_of(e) == seat else DOWN * (placer_of(e) + 1) - 1
        return (seat, self.phase, self.turn, self.asker, self.refused, self.deal_number, self.dealer,
                tuple(sorted(self.hands[seat])), tuple(len(h) for h in self.hands), len(self.stock),
                tuple(self.discard), tuple(tuple(seen(e) for e in p) for p in self.piles),
                tuple(self.side_scores), len(self.deals))

    # ---- determinization -----------------------------------------------------------------------
    @classmethod
    def deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return list(CODES) * 2

    @classmethod
    def _deal_hidden(cls, view: View, rng: Rng) -> dict[str, list[str]]:
        """Hidden cards dealt afresh from the unseen ones: a face-down card is a J or a Q, and a J
        when it lies on its placer's opponent's square (a Q goes only on its placer's own square);
        hands and the stock take the rest."""
        unseen = rng.shuffle(cls.unseen_cards(view))
        zones = {name: list(cards) for name, cards in view["zones"].items()}
        sides = view["sides"]
        slots = []                   # (must be a J, zone, index)
        for t, name in enumerate(ZONE_NAMES):
            side = t // 9
            for i, c in enumerate(zones[name]):
                if c == HIDDEN:
                    placer = view["placers"][t][i]
                    slots.append((sides[placer] != side, name, i))
        slots.sort(key=lambda s: not s[0])          # the J-only slots first
        for only_jack, name, i in slots:
            ranks = "J" if only_jack else "JQ"
            k = next(k for k in range(len(unseen) - 1, -1, -1) if unseen[k][0] in ranks)
            zones[name][i] = unseen.pop(k)
        for name, cards in zones.items():
            if HIDDEN in cards:
                zones[name] = [unseen.pop() if c == HIDDEN else c for c in cards]
        return zones

    @classmethod
    def _from_view(cls, view: View, zones: dict[str, list[str]]) -> Self:
        g = cls._blank(view)
        players = g.players
        g.hands = [[IDS[c] for c in zones[f"hand{s}"]] for s in range(players)]
        g.stock = [IDS[c] for c in zones["stock"]]
        g.discard = [IDS[c] for c in zones["discard"]]
        g.piles = []
        for t, name in enumerate(ZONE_NAMES):
            placers = view["placers"][t]
            g.piles.append([IDS[c] if p is None else DOWN * (p + 1) + IDS[c]
                            for c, p in zip(zones[name], placers)])
        g.tops = [p[-1] if p else -1 for p in g.piles]
        g.phase = view["phase"]
        g.turn = view["turn"]
        g.asker = view["asker"]
        g.refused = view["refused"]
        g.dealer = view["dealer"]
        g.side_scores = list(view["side_scores"])
        g.deals = list(view["deals"])
        g.winner = view["winner"]
        g.cut = [[(e["seat"], IDS[e["card"]]) for e in r] for r in view["cut"]]
        return g


ZONE_NAMES = tuple(f"square{s}_{p}" for s in (0, 1) for p in range(1, 10))
_ZONE_TARGET = {name: t for t, name in enumerate(ZONE_NAMES)}


GAME = Leopard
