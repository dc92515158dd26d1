"""Spades: partnership trick taking, bids, nil and double nil, bags, a match to the target.

The state is kept in ints and lists so bots can play fast: a card is an int id (see cards.py), and a
move has an int form - ``PLAY + card``, ``BID + n`` (n 1..13), ``NIL``, ``DOUBLE_NIL``, ``LOOK`` and
``PASS + a * 52 + b`` (a < b) - used by ``fast_legal`` / ``fast_apply``. The JSON moves of the
contract are translated at the edge.
"""

from ..cards import CODES, HIDDEN, card_id, rank_of, suit_of
from ..engine import Game

SPADE = 0
PLAY, BID, NIL, DOUBLE_NIL, LOOK, PASS = 0, 100, 100, 114, 115, 200
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
# A high: strength 0 (two) .. 12 (ace)
STRENGTH = tuple(12 if rank_of(c) == 0 else rank_of(c) - 1 for c in range(52))
# hands are kept sorted: spades, hearts, clubs, diamonds (alternating colours), high to low
_SUIT_ORDER = (0, 1, 3, 2)
SORT_KEY = tuple(_SUIT_ORDER[suit_of(c)] * 13 + (12 - STRENGTH[c]) for c in range(52))
SEAT_NAMES = ("South", "West", "North", "East")


def trick_winner(cards):
    """Index into ``cards`` (in play order, first = led) of the winning card."""
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        cs, bs = suit_of(c), suit_of(b)
        if cs == bs:
            if STRENGTH[c] > STRENGTH[b]:
                best = i
        elif cs == SPADE:
            best = i
    return best


def bid_text(bid):
    return {"nil": "Nil", "double_nil": "Double Nil", None: "-"}.get(bid, str(bid))


def score_team(bids, tricks, bags):
    """One team's deal: ``bids``/``tricks`` of its two seats, its bags before the deal.
    Returns (points, new bags, explanation lines)."""
    lines = []
    number_bids = [b for b in bids if isinstance(b, int)]
    team_bid = sum(number_bids)
    team_tricks = sum(tricks)
    points = 0
    if team_tricks >= team_bid:
        over = team_tricks - team_bid
        points += 10 * team_bid + over
        if team_bid:
            lines.append(f"Bid {team_bid}, took {team_tricks}: made, {team_bid} \u00d7 10"
                         + (f" + {over} overtrick{'s' if over != 1 else ''}" if over else "")
                         + f" = {10 * team_bid + over}")
        else:
            lines.append(f"No number bid; {team_tricks} trick{'s' if team_tricks != 1 else ''} taken, "
                         f"each an overtrick = {over}")
        bags += over
    else:
        over = 0
        points -= 10 * team_bid
        lines.append(f"Bid {team_bid}, took {team_tricks}: set, \u2212{team_bid} \u00d7 10 = {-10 * team_bid}")
    for bid, took in zip(bids, tricks):
        if bid in ("nil", "double_nil"):
            value = 100 if bid == "nil" else 200
            name = bid_text(bid)
            if took == 0:
                points += value
                lines.append(f"{name} made: +{value}")
            else:
                points -= value
                lines.append(f"{name} failed ({took} trick{'s' if took != 1 else ''}): \u2212{value}")
    while bags >= 10:
        bags -= 10
        points -= 100
        lines.append("10 bags reached: \u2212100")
    if over:
        lines.append(f"Bags: {bags} now")
    return points, bags, lines


class Spades(Game):
    GAME_ID = "spades"
    TITLE = "Spades"
    PLAYERS = (4,)
    DEFAULT_PLAYERS = 4
    OPTIONS = {"target": (500, 200, 300, 250, 1000), "mercy": (False, True)}

    # ---- setup ---------------------------------------------------------------------------------
    def _setup(self):
        self.team_scores = [0, 0]
        self.team_bags = [0, 0]
        self.deals = []          # summaries of finished deals
        self.over = False
        self.winner = None       # team index once over
        self.deal_number = 0
        self.dealer = self.rng.below(4)
        self.last_trick = None   # (leader, cards, winner) of the latest trick, kept across deals
        self._deal()

    def _deal(self):
        self.deal_number += 1
        deck = self.rng.shuffle(list(range(52)))
        self.hands = [[], [], [], []]
        for i, c in enumerate(deck):
            self.hands[(self.dealer + 1 + i) % 4].append(c)
        for h in self.hands:
            h.sort(key=SORT_KEY.__getitem__)
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

    # ---- fast int moves ------------------------------------------------------------------------
    def fast_legal(self):
        if self.over:
            return []
        seat = self.turn
        if self.phase == "play":
            hand = self.hands[seat]
            if self.trick:
                led = suit_of(self.trick[0])
                follow = [c for c in hand if suit_of(c) == led]
                return follow or list(hand)
            if not self.broken:
                others = [c for c in hand if suit_of(c) != SPADE]
                if others:
                    return others
            return list(hand)
        if self.phase == "bid":
            if not self.looked[seat]:
                return [DOUBLE_NIL, LOOK] if self._double_nil_open(seat) else [LOOK]
            return [NIL] + [BID + n for n in range(1, 14)]
        # pass: any 2 cards of the hand
        hand = sorted(self.hands[seat])
        return [PASS + a * 52 + b for i, a in enumerate(hand) for b in hand[i + 1:]]

    def _double_nil_open(self, seat):
        partner = (seat + 2) % 4
        return self.may_double_nil[seat] and self.bids[partner] != "double_nil"

    def fast_apply(self, m):
        seat = self.turn
        if self.phase == "play":
            self.hands[seat].remove(m)
            if suit_of(m) == SPADE:
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
            if not self.hands[w]:
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

    def _end_deal(self):
        summary = {"deal": self.deal_number, "dealer": self.dealer, "bids": list(self.bids),
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
            self.turn = None
            summary["result"] = f"{('South & North', 'West & East')[self.winner]} win {max(a, b)} to {min(a, b)}"
            return
        self.dealer = (self.dealer + 1) % 4
        self._deal()

    def _clone_nested(self, g):
        g.hands = [list(h) for h in self.hands]
        g.won = [list(w) for w in self.won]

    # ---- the contract ------------------------------------------------------------------------
    @property
    def current_player(self):
        return None if self.over else self.turn

    @property
    def is_over(self):
        return self.over

    @property
    def scores(self):
        a, b = self.team_scores
        return [a, b, a, b]

    def _legal(self):
        return [self.move_dict(m) for m in self.fast_legal()]

    def _apply(self, move):
        self.fast_apply(self.move_int(move))

    @staticmethod
    def move_dict(m):
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

    @staticmethod
    def move_int(move):
        kind = move["type"]
        if kind == "play":
            return PLAY + card_id(move["card"])
        if kind == "look":
            return LOOK
        if kind == "bid":
            bid = move["bid"]
            return {"nil": NIL, "double_nil": DOUBLE_NIL}.get(bid, BID + bid if isinstance(bid, int) else None)
        a, b = sorted(card_id(c) for c in move["cards"])
        return PASS + a * 52 + b

    def _canonical(self, move):
        if move.get("type") == "pass_cards" and isinstance(move.get("cards"), list):
            return {"type": "pass_cards", "cards": sorted(move["cards"])}
        return move

    def _why_illegal(self, move):
        if not isinstance(move, dict) or move.get("type") not in ("bid", "look", "pass_cards", "play"):
            return "A Spades move is a bid, look, pass_cards or play."
        kind = move["type"]
        seat = self.turn
        if kind in ("bid", "look") and self.phase != "bid":
            return "Bidding is over."
        if kind == "pass_cards" and self.phase != "pass":
            return "Cards are passed only after a Double Nil bid."
        if kind == "play" and self.phase != "play":
            return "Play starts when bidding (and any Double Nil exchange) is over."
        if kind == "look":
            return "You have already seen your hand."
        if kind == "bid":
            bid = move.get("bid")
            if bid == 0:
                return "\"0\" is not a bid: bid Nil to take no tricks."
            if bid == "double_nil":
                if self.looked[seat] and self.may_double_nil[seat]:
                    return "Double Nil must be bid before looking at your hand."
                return "Double Nil is open only to a team trailing by 100 or more, once per team."
            if not self.looked[seat]:
                return "Look at your hand first (or bid Double Nil)."
            return "A bid is Nil or a number of tricks from 1 to 13."
        if kind == "pass_cards":
            return "Pass exactly two different cards from your hand."
        try:
            c = card_id(move.get("card"))
        except ValueError as e:
            return str(e)
        if c not in self.hands[seat]:
            return f"{move['card']} is not in your hand."
        if self.trick:
            return f"You must follow {SUIT_NAMES[suit_of(self.trick[0])]}."
        return "Spades are not broken yet: lead another suit."

    def _public_move(self, move, seat):
        if move["type"] == "pass_cards" and seat is not None:
            # only the two partners of the exchange see the cards (the bidder passes, then the partner)
            if self.dn_seat is None or seat % 2 != self.dn_seat % 2:
                return {"type": "pass_cards", "cards": [HIDDEN, HIDDEN]}
        return move

    def _view(self, seat):
        zones = {}
        for s in range(4):
            hand = [CODES[c] for c in self.hands[s]]
            visible = seat is None or (s == seat and self.looked[s])
            zones[f"hand{s}"] = hand if visible else [HIDDEN] * len(hand)
        zones["trick"] = [CODES[c] for c in self.trick]
        for s in range(4):
            zones[f"won{s}"] = [CODES[c] for c in self.won[s]]
        last = None
        if self.last_trick:
            leader, cards, winner = self.last_trick
            last = {"leader": leader, "cards": [CODES[c] for c in cards], "winner": winner}
        return {
            "zones": zones,
            "phase": self.phase,
            "deal": self.deal_number,
            "dealer": self.dealer,
            "turn": self.current_player,
            "leader": self.leader,
            "bids": list(self.bids),
            "tricks": list(self.tricks),
            "trick": [{"seat": (self.leader + i) % 4, "card": CODES[c]} for i, c in enumerate(self.trick)],
            "last_trick": last,
            "spades_broken": self.broken,
            "looked": list(self.looked),
            "double_nil_seat": self.dn_seat,
            "pass_stage": self.pass_stage if self.phase == "pass" else None,
            "team_scores": list(self.team_scores),
            "team_bags": list(self.team_bags),
            "target": self.options["target"],
            "deals": self.deals,
            "winner": self.winner,
        }


GAME = Spades


def random_deals_per_second(seconds=2.0, seed=1):
    """Benchmark: random full deals (bids + 52 cards) per second through the fast int path."""
    import time
    from ..cards import Rng
    rng = Rng(seed)
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Spades(seed=rng.below(1 << 30))
        first = g.deal_number
        while g.deal_number == first and not g.over:
            legal = g.fast_legal()
            g.fast_apply(legal[rng.below(len(legal))])
        deals += 1
    return deals / (time.perf_counter() - start)
