"""Spades: partnership trick taking, bids, nil and double nil, bags, a match to the target.

The state is kept in ints and lists so bots can play fast: a card is an int id (see cards.py), and a
move has an int form - ``PLAY + card``, ``BID + n`` (n 1..13), ``NIL``, ``DOUBLE_NIL``, ``LOOK`` and
``PASS + a * 52 + b`` (a < b) - the action keys of the engine's action interface. The JSON moves of
the contract are translated at the edge.
"""

from __future__ import annotations

from typing import Any, Self, Sequence

from ..cards import CODES, HIDDEN, IDS, SUITS, Rng, rank_of, suit_of
from ..engine import CUSTOM, Game, Message, Move, View
from ..text import message

Bid = int | str | None          # a number of tricks, "nil" or "double_nil"; None before the seat bids

SPADE = 0                      # the trump suit
TRICKS = 13                    # tricks a deal (each hand's cards): the most a bid names
# the action keys: a card played is PLAY + its id (0-51); a bid of n tricks is BID + n (1-13), and nil,
# a bid of no trick, is BID + 0 itself; DOUBLE_NIL and LOOK come after the bids; passing cards a and b
# (a < b) is PASS + a * 52 + b
PLAY = 0
BID = 100
NIL = BID + 0
DOUBLE_NIL = BID + 14
LOOK = BID + 15
PASS = 200
# A high: strength 0 (two) .. 12 (ace)
STRENGTH = tuple(12 if rank_of(c) == 0 else rank_of(c) - 1 for c in range(52))
# hands are kept sorted: spades, hearts, clubs, diamonds (alternating colours), high to low
_SUIT_ORDER = (0, 1, 3, 2)
SORT_KEY = tuple(_SUIT_ORDER[suit_of(c)] * 13 + (12 - STRENGTH[c]) for c in range(52))


def trick_winner(cards: Sequence[int]) -> int:
    """Index into ``cards`` (in play order, first = led) of the winning card."""
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        cs, bs = c // 13, b // 13              # suit_of, written out: the hottest loop
        if cs == bs:
            if STRENGTH[c] > STRENGTH[b]:
                best = i
        elif cs == SPADE:
            best = i
    return best


NIL_VALUE = {"nil": 100, "double_nil": 200}
NIL_BIDS = tuple(NIL_VALUE)    # the bids of no trick
_ZONE_NAMES = (*(f"hand{s}" for s in range(4)), "trick", *(f"won{s}" for s in range(4)))


def shown_voids(plays: Sequence[tuple[int, int]]) -> list[set[int]]:
    """The suits each seat has shown it lacks this deal: it played another suit to a lead. ``plays``:
    the deal's cards played so far, in order, as ``(seat, card id)``."""
    voids: list[set[int]] = [set() for _ in range(4)]
    led = -1                   # the suit led: each trick's first card sets it
    for i, (seat, card) in enumerate(plays):
        if i % 4 == 0:
            led = suit_of(card)
        elif suit_of(card) != led:
            voids[seat].add(led)
    return voids


def score_team(bids: list[Bid], tricks: list[int], bags: int) -> tuple[int, int, list[Message]]:
    """One team's deal: ``bids``/``tricks`` of its two seats, its bags before the deal.
    Returns (points, new bags, explanation lines as messages)."""
    lines = []
    team_bid = sum(b for b in bids if isinstance(b, int))
    team_tricks = sum(tricks)
    points = 0
    over = 0
    if team_tricks >= team_bid:
        over = team_tricks - team_bid
        made = 10 * team_bid + over
        points += made
        if not team_bid:
            lines.append(message("spades.line.no_bid", took=team_tricks, points=made))
        elif over:
            lines.append(message("spades.line.made_over", bid=team_bid, took=team_tricks, over=over,
                                 points=made))
        else:
            lines.append(message("spades.line.made", bid=team_bid, took=team_tricks, points=made))
        bags += over
    else:
        points -= 10 * team_bid
        lines.append(message("spades.line.set", bid=team_bid, took=team_tricks, points=-10 * team_bid))
    for bid, took in zip(bids, tricks):
        if bid in NIL_VALUE:
            value = NIL_VALUE[bid]
            if took == 0:
                points += value
                lines.append(message(f"spades.line.{bid}_made", points=value))
            else:
                points -= value
                lines.append(message(f"spades.line.{bid}_failed", took=took, points=-value))
    while bags >= 10:
        bags -= 10
        points -= 100
        lines.append(message("spades.line.bag_penalty", points=-100))
    if over:
        lines.append(message("spades.line.bags", bags=bags))
    return points, bags, lines


class Spades(Game):
    GAME_ID = "spades"
    TITLE = "Spades"
    PLAYERS = (4,)
    DEFAULT_PLAYERS = 4
    OPTIONS = {"target": (200, 250, 300, 500, 1000), "mercy": (False, True)}
    DEFAULT_OPTIONS = {"target": 500}
    # a hand is seen by its owner only, and by the owner only once looked at (double nil is bid blind)
    SECRETS = {"hand#": CUSTOM}
    # what a bid is refused for that the bidding so far decides (following suit and breaking spades
    # rest on the hand, which only the deal's end shows)
    PUBLIC_REFUSALS = frozenset(f"spades.refuse.{k}" for k in (
        "bidding_over", "pass_only_after_double_nil", "play_after_bidding", "already_looked", "zero_bid",
        "double_nil_after_look", "double_nil_closed", "look_first", "bid_range"))
    MOVES = {"bid": {"bid": None}, "look": {}, "pass_cards": {"cards": None}, "play": {"card": None}}
    TEXTS = {
        "spades.line.made": "Bid {bid}, took {took}: made, {bid} \u00d7 10 = {points}",
        "spades.line.made_over": "Bid {bid}, took {took}: made, {bid} \u00d7 10 + {over} "
                                 "{over|overtrick|overtricks} = {points}",
        "spades.line.no_bid": "No number bid; {took} {took|trick|tricks} taken, each an overtrick = {points}",
        "spades.line.set": "Bid {bid}, took {took}: set, \u2212{bid} \u00d7 10 = {points}",
        "spades.line.nil_made": "Nil made: +{points}",
        "spades.line.nil_failed": "Nil failed ({took} {took|trick|tricks}): {points}",
        "spades.line.double_nil_made": "Double Nil made: +{points}",
        "spades.line.double_nil_failed": "Double Nil failed ({took} {took|trick|tricks}): {points}",
        "spades.line.bag_penalty": "10 bags reached: {points}",
        "spades.line.bags": "Bags: {bags} now",
        "spades.result": "{winners} win {high} to {low}",
        "spades.team.0": "South & North",
        "spades.team.1": "West & East",
        "spades.suit.S": "spades", "spades.suit.H": "hearts", "spades.suit.D": "diamonds",
        "spades.suit.C": "clubs",
        "spades.refuse.not_a_move": "A Spades move is a bid, look, pass_cards or play.",
        "spades.refuse.bidding_over": "Bidding is over.",
        "spades.refuse.pass_only_after_double_nil": "Cards are passed only after a Double Nil bid.",
        "spades.refuse.play_after_bidding": "Play starts when bidding (and any Double Nil exchange) is over.",
        "spades.refuse.already_looked": "You have already seen your hand.",
        "spades.refuse.zero_bid": "\"0\" is not a bid: bid Nil to take no tricks.",
        "spades.refuse.double_nil_after_look": "Double Nil must be bid before looking at your hand.",
        "spades.refuse.double_nil_closed": "Double Nil is open only to a team trailing by 100 or more, "
                                           "once per team.",
        "spades.refuse.look_first": "Look at your hand first (or bid Double Nil).",
        "spades.refuse.bid_range": "A bid is Nil or a number of tricks from 1 to {most}.",
        "spades.refuse.pass_two": "Pass exactly two different cards from your hand.",
        "spades.refuse.follow": "You must follow {suit}.",
        "spades.refuse.not_broken": "Spades are not broken yet: lead another suit.",
    }

    # ---- setup ---------------------------------------------------------------------------------
    team_scores: list[int]
    team_bags: list[int]
    deals: list[dict[str, Any]]      # summaries of finished deals
    over: bool
    winner: int | None               # team index once over
    dealer: int
    last_trick: tuple[int, tuple[int, ...], int] | None   # (leader, cards, winner) of the latest trick
    _hands: list[list[int]] | None   # None: the deal is not shuffled yet (see ``hands``)
    won: list[list[int]]             # cards of the tricks each seat won, in order
    tricks: list[int]
    bids: list[Bid]
    trick: list[int]                 # cards of the current trick in play order
    leader: int
    turn: int                        # the seat to act (current_player: None once the match is over)
    broken: bool
    phase: str
    may_double_nil: list[bool]
    looked: list[bool]
    dn_seat: int | None              # the double nil bidder
    pass_stage: int

    def _setup(self) -> None:
        self.team_scores = [0, 0]
        self.team_bags = [0, 0]
        self.deals = []          # summaries of finished deals
        self.over = False
        self.winner = None       # team index once over
        self.deal_number = 0
        self.dealer = self.chance.below(4)
        self.last_trick = None   # (leader, cards, winner) of the latest trick, kept across deals
        self._deal()

    def _deal(self) -> None:
        self.deal_number += 1
        self._hands = None               # shuffled when first looked at (see ``hands``)
        self.won = [[], [], [], []]      # cards of the tricks each seat won, in order
        self.tricks = [0, 0, 0, 0]
        self.bids = [None, None, None, None]
        self.trick = []                  # cards of the current trick in play order
        self.leader = (self.dealer + 1) % 4
        self.turn = self.leader
        self.broken = False
        self.phase = "bid"
        trailing = [self.team_scores[t] <= self.team_scores[1 - t] - 100 for t in (0, 1)]
        self.may_double_nil = [trailing[s % 2] for s in range(4)]
        self.looked = [not m for m in self.may_double_nil]
        self.dn_seat = None
        self.pass_stage = 0

    @property
    def hands(self) -> list[list[int]]:
        """The four hands. A new deal is shuffled only when something first looks at it: a playout
        that stops at the end of a deal never pays for the next one. Nothing else draws from the
        game's generator, so the cards are the same whenever the shuffle happens."""
        hands = self._hands
        if hands is None:
            deck = self.chance.shuffle(list(range(52)))
            # dealt one at a time from the dealer's left: seat s gets every fourth card from its first
            hands = self._hands = [sorted(deck[(s - self.dealer - 1) % 4::4], key=SORT_KEY.__getitem__)
                                   for s in range(4)]
        return hands

    @hands.setter
    def hands(self, hands: list[list[int]]) -> None:
        self._hands = hands

    # ---- fast int moves ------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        seat = self.turn
        if self.phase == "play":
            hand = (self._hands or self.hands)[seat]
            if self.trick:
                low = self.trick[0] // 13 * 13            # the led suit's ids: low .. low + 12
                follow = [c for c in hand if low <= c < low + 13]
                return follow or list(hand)
            if not self.broken:
                others = [c for c in hand if c >= 13]     # spades are ids 0-12
                if others:
                    return others
            return list(hand)
        if self.phase == "bid":
            if not self.looked[seat]:
                return [DOUBLE_NIL, LOOK] if self._double_nil_open(seat) else [LOOK]
            return [NIL] + [BID + n for n in range(1, TRICKS + 1)]
        # pass: any 2 cards of the hand
        hand = sorted(self.hands[seat])
        return [PASS + a * 52 + b for i, a in enumerate(hand) for b in hand[i + 1:]]

    def _double_nil_open(self, seat: int) -> bool:
        partner = (seat + 2) % 4
        return self.may_double_nil[seat] and self.bids[partner] != "double_nil"

    def apply_action(self, m: int) -> None:
        seat = self.turn
        if self.phase == "play":
            hands = self._hands or self.hands
            hands[seat].remove(m)
            if m < 13:                                    # a spade
                # a spade is led only once broken or from a hand of spades, and followed only
                # after a spade lead: any spade played leaves spades broken
                self.broken = True
            self.trick.append(m)
            if len(self.trick) < 4:
                self.turn = (seat + 1) % 4
                return
            w = (self.leader + trick_winner(self.trick)) % 4
            self.last_trick = (self.leader, tuple(self.trick), w)
            self.won[w].extend(self.trick)
            self.tricks[w] += 1
            self.trick = []
            self.leader = self.turn = w
            if not hands[w]:
                self._end_deal()
            return
        if self.phase == "bid":
            if m == LOOK:
                self.looked[seat] = True
                return
            if m == DOUBLE_NIL:
                self.bids[seat] = "double_nil"
                self.looked[seat] = True
                self.dn_seat = seat
            else:
                self.bids[seat] = "nil" if m == NIL else m - BID
                self.looked[seat] = True
            self.turn = (seat + 1) % 4
            if self.turn == self.leader:  # everybody has bid
                if self.dn_seat is not None:
                    self.phase = "pass"
                    self.pass_stage = 0
                    self.turn = self.dn_seat
                else:
                    self.phase = "play"
            return
        # pass two cards to the partner
        a, b = divmod(m - PASS, 52)
        partner = (seat + 2) % 4
        for c in (a, b):
            self.hands[seat].remove(c)
            self.hands[partner].append(c)
        self.hands[partner].sort(key=SORT_KEY.__getitem__)
        if self.pass_stage == 0:
            self.pass_stage = 1
            self.turn = partner
        else:
            self.phase = "play"
            self.turn = self.leader

    def _end_deal(self) -> None:
        summary: dict[str, Any] = {"deal": self.deal_number, "dealer": self.dealer, "bids": list(self.bids),
                   "tricks": list(self.tricks), "teams": []}
        for t in (0, 1):
            seats = (t, t + 2)
            points, self.team_bags[t], lines = score_team(
                [self.bids[s] for s in seats], [self.tricks[s] for s in seats], self.team_bags[t])
            self.team_scores[t] += points
            summary["teams"].append({"points": points, "lines": lines, "total": self.team_scores[t],
                                     "bags": self.team_bags[t]})
        self.deals.append(summary)
        target = self.options["target"]
        a, b = self.team_scores
        if max(a, b) >= target and a != b:
            self.over, self.winner = True, (0 if a > b else 1)
        elif self.options["mercy"] and min(a, b) <= -200 and a != b:
            self.over, self.winner = True, (0 if a > b else 1)
        if self.over:
            self.phase = "over"
            summary["result"] = message("spades.result", winners=message(f"spades.team.{self.winner}"),
                                        high=max(a, b), low=min(a, b))
            return
        self.dealer = (self.dealer + 1) % 4
        self._deal()

    def _clone_nested(self, g: Self) -> None:
        if self._hands is not None:          # an unshuffled deal stays so: the copy has the same generator
            g._hands = [h[:] for h in self._hands]
        g.won = [w[:] for w in self.won]

    # ---- the contract ------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.turn

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> list[int]:
        a, b = self.team_scores
        return [a, b, a, b]

    @classmethod
    def sides(cls, players: int) -> list[tuple[int, ...]]:
        return [(0, 2), (1, 3)]

    def returns(self) -> list[float]:
        a, b = self.team_scores
        return [a - b, b - a, a - b, b - a]

    # ---- the JSON edge -------------------------------------------------------------------------
    def action_to_move(self, m: int) -> Move:
        if m < BID:
            return {"type": "play", "card": CODES[m]}
        if m == LOOK:
            return {"type": "look"}
        if m == NIL:
            return {"type": "bid", "bid": "nil"}
        if m == DOUBLE_NIL:
            return {"type": "bid", "bid": "double_nil"}
        if m < PASS:
            return {"type": "bid", "bid": m - BID}
        a, b = divmod(m - PASS, 52)
        return {"type": "pass_cards", "cards": [CODES[a], CODES[b]]}

    def move_to_action(self, move: Move) -> int | None:
        kind = move["type"]
        if kind == "play":
            return PLAY + IDS[move["card"]]
        if kind == "look":
            return LOOK
        if kind == "bid":
            bid = move["bid"]
            if bid in NIL_BIDS:
                return NIL if bid == "nil" else DOUBLE_NIL
            if type(bid) is int and 1 <= bid <= TRICKS:
                return BID + bid
            return None
        if kind == "pass_cards":
            cards = move["cards"]
            if type(cards) is not list or len(cards) != 2:
                return None
            a, b = sorted(IDS[c] for c in cards)
            return PASS + a * 52 + b if a != b else None
        return None

    def _why_illegal(self, move: Move) -> Message | None:
        if move.get("type") not in ("bid", "look", "pass_cards", "play"):
            return message("spades.refuse.not_a_move")
        kind = move["type"]
        seat = self.turn
        if kind in ("bid", "look") and self.phase != "bid":
            return message("spades.refuse.bidding_over")
        if kind == "pass_cards" and self.phase != "pass":
            return message("spades.refuse.pass_only_after_double_nil")
        if kind == "play" and self.phase != "play":
            return message("spades.refuse.play_after_bidding")
        if kind == "look":
            return message("spades.refuse.already_looked")
        if kind == "bid":
            bid = move.get("bid")
            if bid == 0:
                return message("spades.refuse.zero_bid")
            if bid == "double_nil":
                if self.looked[seat] and self.may_double_nil[seat]:
                    return message("spades.refuse.double_nil_after_look")
                return message("spades.refuse.double_nil_closed")
            if not self.looked[seat]:
                return message("spades.refuse.look_first")
            return message("spades.refuse.bid_range", most=TRICKS)
        if kind == "pass_cards":
            return message("spades.refuse.pass_two")
        code = move.get("card")
        if code not in IDS:
            return message("engine.not_a_card", card=str(code)[:10])
        if IDS[code] not in self.hands[seat]:
            return message("engine.not_in_hand", card=code)
        if self.trick:
            return message("spades.refuse.follow", suit=message(f"spades.suit.{CODES[self.trick[0]][1]}"))
        return message("spades.refuse.not_broken")

    def _public_move(self, move: Move, seat: int | None, mover: int) -> Move:
        if move["type"] == "pass_cards" and seat is not None:
            # only the two partners of the exchange see the cards (the bidder passes, then the partner)
            if self.dn_seat is None or seat % 2 != self.dn_seat % 2:
                return {"type": "pass_cards", "cards": [HIDDEN, HIDDEN]}
        return move

    # ---- views and secrets ---------------------------------------------------------------------
    def _hidden_in(self, zone: str, size: int, seat: int, owner: int | None) -> range | tuple[int, ...]:
        return () if seat == owner and self.looked[owner] else range(size)

    def _piles(self) -> list[list[int]]:
        """Every zone's cards (ids), in the order of ``_ZONE_NAMES``."""
        return [*self.hands, self.trick, *self.won]

    def _zones(self) -> dict[str, list[str]]:
        return {name: [CODES[c] for c in pile] for name, pile in zip(_ZONE_NAMES, self._piles())}

    def _zone_sizes(self) -> dict[str, int]:      # a remote table's replay counts them every move
        return dict(zip(_ZONE_NAMES, map(len, self._piles())))

    def _view_fields(self, seat: int | None) -> dict[str, Any]:
        last = None
        if self.last_trick:
            leader, cards, winner = self.last_trick
            last = {"leader": leader, "cards": [CODES[c] for c in cards], "winner": winner}
        return {
            "phase": self.phase,
            "dealer": self.dealer,
            "turn": self.current_player,
            "leader": self.leader,
            "bids": self.bids,
            "tricks": self.tricks,
            "trick": [{"seat": (self.leader + i) % 4, "card": CODES[c]} for i, c in enumerate(self.trick)],
            "last_trick": last,
            "spades_broken": self.broken,
            "looked": self.looked,
            "may_double_nil": self.may_double_nil,
            "trump": SUITS[SPADE],                  # the trump suit
            "tricks_per_deal": TRICKS,
            "double_nil_seat": self.dn_seat,
            "pass_stage": self.pass_stage if self.phase == "pass" else None,
            "team_scores": self.team_scores,
            "team_bags": self.team_bags,
            "target": self.options["target"],
            "deals": self.deals,
            "winner": self.winner,
        }

    def info_key(self, seat: int) -> tuple[Any, ...]:
        hand = tuple(self.hands[seat]) if self.looked[seat] else len(self.hands[seat])
        return (seat, self.phase, self.turn, hand, tuple(self.trick), tuple(map(tuple, self.won)),
                tuple(self.bids), tuple(self.looked), tuple(map(len, self.hands)), self.deal_number,
                tuple(self.team_scores), tuple(self.team_bags),
                self.pass_stage if self.phase == "pass" else None, self.dn_seat,
                self.leader)

    # ---- determinization -----------------------------------------------------------------------
    @classmethod
    def deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return list(CODES)

    @classmethod
    def hidden_frame(cls, view: View) -> tuple[dict[str, list[str]], list[int], list[int], list[set[int]]]:
        """What a view fixes about the hands it does not show: ``(zones, unseen, slots, voids)`` - the
        zones with each hidden hand holding only the cards the seat knows are there (passed in a
        Double Nil exchange), the other unseen cards (sorted ids), how many each hidden hand still
        lacks, and the suits each seat has shown void in this deal."""
        zones = {name: list(cards) for name, cards in view["zones"].items()}
        known: list[list[int]] = [[] for _ in range(4)]     # cards this seat knows to be in another hand
        for entry in view["log"]:
            move, who = entry["move"], entry["seat"]
            if move["type"] == "pass_cards" and HIDDEN not in move["cards"]:
                partner = (who + 2) % 4
                known[partner].extend(IDS[c] for c in move["cards"])
                known[who] = [c for c in known[who] if CODES[c] not in move["cards"]]
            elif move["type"] == "play":
                c = IDS[move["card"]]
                for hand in known:
                    if c in hand:
                        hand.remove(c)
        voids = shown_voids([(e["seat"], IDS[e["move"]["card"]]) for e in view["log"] if e["move"]["type"] == "play"])
        unseen = {IDS[c] for c in cls.unseen_cards(view)}
        slots = [0] * 4
        for s in range(4):
            hand = zones[f"hand{s}"]
            if hand and hand[0] == HIDDEN:
                fixed = [c for c in known[s] if c in unseen]
                unseen -= set(fixed)
                zones[f"hand{s}"] = [CODES[c] for c in fixed]
                slots[s] = len(hand) - len(fixed)
        return zones, sorted(unseen), slots, voids

    @staticmethod
    def fill_hidden(zones: dict[str, list[str]], slots: list[int], hands: list[list[int]]) -> dict[str, list[str]]:
        """``zones`` (a frame's) with the dealt ``hands`` added to the hidden ones (a new dict)."""
        zones = dict(zones)
        for s in range(4):
            if slots[s]:
                cards = [IDS[c] for c in zones[f"hand{s}"]] + hands[s]
                cards.sort(key=SORT_KEY.__getitem__)
                zones[f"hand{s}"] = [CODES[c] for c in cards]
        return zones

    @classmethod
    def _deal_hidden(cls, view: View, rng: Rng) -> dict[str, list[str]]:
        """Hidden cards dealt so that every void a seat has shown this deal is kept, and cards the
        seat passed (or was passed) in a Double Nil exchange stay where it knows they went."""
        zones, unseen, slots, voids = cls.hidden_frame(view)
        return cls.fill_hidden(zones, slots, deal_with_voids(unseen, slots, voids, rng))

    @classmethod
    def _from_view(cls, view: View, zones: dict[str, list[str]]) -> Self:
        g = cls._blank(view)
        g.hands = [[IDS[c] for c in zones[f"hand{s}"]] for s in range(4)]
        g.won = [[IDS[c] for c in zones[f"won{s}"]] for s in range(4)]
        g.trick = [IDS[c] for c in zones["trick"]]
        g.tricks = list(view["tricks"])
        g.bids = list(view["bids"])
        g.leader = view["leader"]
        g.phase = view["phase"]
        g.over = view["is_over"]
        g.turn = view["turn"]
        g.broken = view["spades_broken"]
        g.team_scores = list(view["team_scores"])
        g.team_bags = list(view["team_bags"])
        g.deals = view["deals"]
        g.winner = view["winner"]
        g.dealer = view["dealer"]
        last = view["last_trick"]
        g.last_trick = (last["leader"], tuple(IDS[c] for c in last["cards"]), last["winner"]) if last else None
        g.dn_seat = view["double_nil_seat"]
        g.pass_stage = view["pass_stage"] or 0
        g.may_double_nil = list(view["may_double_nil"])
        g.looked = list(view["looked"])
        return g


def deal_with_voids(cards: list[int], slots: list[int], voids: list[set[int]], rng: Rng) -> list[list[int]]:
    """Deal ``cards`` into hands of ``slots[s]`` cards, no card to a seat void in its suit (most
    constrained cards first); if the voids cannot all be kept, deal plainly. ``cards`` is shuffled."""
    open_seats = [s for s in range(4) if slots[s]]
    allowed = [[s for s in open_seats if suit not in voids[s]] for suit in range(4)]
    if all(len(seats) == len(open_seats) for seats in allowed):     # no void to keep: deal in turn
        rng.shuffle(cards)
        return _slices(cards, slots)
    width = [len(seats) for seats in allowed]
    for _ in range(30):
        rng.shuffle(cards)
        hands: list[list[int]] = [[] for _ in range(4)]
        left = list(slots)
        live = [seats[:] for seats in allowed]       # each suit's seats with room left
        for c in sorted(cards, key=lambda c: width[c // 13]):
            seats = live[c // 13]
            if not seats:
                break
            s = seats[rng.below(len(seats))] if len(seats) > 1 else seats[0]
            hands[s].append(c)
            left[s] -= 1
            if not left[s]:
                for others in live:
                    if s in others:
                        others.remove(s)
        else:
            return hands
    return _slices(cards, slots)


def _slices(cards: list[int], slots: list[int]) -> list[list[int]]:
    hands: list[list[int]] = [[] for _ in range(4)]
    i = 0
    for s in range(4):
        hands[s] = cards[i:i + slots[s]]
        i += slots[s]
    return hands


GAME = Spades
