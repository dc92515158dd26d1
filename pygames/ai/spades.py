"""Spades bots: sensible bidding (likely tricks; nil only with a hand that can duck), then play that
follows the team's goal - make the bid, protect a partner's nil, duck once the bid is made (hard),
and lead winners it can count (normal and hard track every card played).

A partner never works against its partner (``partner_choice``, shared by normal and hard): it covers
a partner's nil - winning the tricks the nil bidder might be forced to take, leading high or into a
suit the nil bidder has shown void in - and does not bid nil on top of it without a hand that takes
nothing; it never overtakes a trick its partner has surely won; and once its own bid is safe it goes
on taking tricks while that can still set the opponents. The hard bot plays its cards through the
shared search (``pygames/ai/ismcts.py``, paired samples, the quick policy below as playouts), only
among the cards these rules allow.

On its own live nil no bot wins a trick it could lose: normal plays the highest card that stays
under the trick, hard weighs only the cards that do (``ducking_cards``), and in its playouts the nil
bidder ducks and its partner covers, so the search sees what a live nil is worth.

Experiments with the hard bot (partnership signals and carding, other ways of reading the hidden
hands) are research, apart from this module: ``research/spades_experiments.py`` plays this bot with
them, passing what it varies through ``search_card``'s sampler.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..cards import CODES, IDS, Rng, suit_of
from ..engine import Message, Move, View
from ..text import message
from ..games.spades import (NIL_BIDS, SORT_KEY, SPADE, STRENGTH, TRICKS, Spades, deal_with_voids, shown_voids,
                            trick_winner)
from .ismcts import Sample, search_move


def _hand(view: View) -> list[int]:
    return [IDS[c] for c in view["zones"][f"hand{view['seat']}"] if c != "??"]


def _by_suit(cards: Sequence[int]) -> list[list[int]]:
    suits: list[list[int]] = [[], [], [], []]
    for c in cards:
        suits[suit_of(c)].append(c)
    for s in suits:
        s.sort(key=STRENGTH.__getitem__, reverse=True)
    return suits


def estimate_tricks(hand: Sequence[int]) -> float:
    """Likely tricks of a 13-card hand: high cards by suit length, long and ruffing spades. (Counts
    and bits, no sorting: the search's dealer weighs thousands of hands a move with it.)"""
    n = [0, 0, 0, 0]
    top = [0, 0, 0, 0]              # bit r set: a card of strength r held (A = 12, K = 11, Q = 10)
    for c in hand:
        s = c // 13
        n[s] += 1
        r = STRENGTH[c]
        if r >= 10:
            top[s] |= 1 << r
    spades = n[SPADE]
    tricks = 0.0
    t = top[SPADE]
    if t & 4096:
        tricks += 1.0
    tricks += 0.9 if t & 2048 and spades >= 2 else (0.4 if t & 2048 else 0)
    tricks += 0.7 if t & 1024 and spades >= 3 else 0
    tricks += max(0, spades - 3) * 0.9
    for s in (1, 2, 3):
        k, t = n[s], top[s]
        if t & 4096:
            tricks += 1.0 if k <= 5 else 0.7
        if t & 2048:
            tricks += 0.8 if 2 <= k <= 5 else 0.3
        if t & 1024 and 3 <= k <= 4:
            tricks += 0.3
        if k <= 1 and spades >= 2:
            tricks += 0.8 if k == 0 else 0.5      # a void or singleton to ruff with
    return tricks


def can_duck(hand: Sequence[int]) -> bool:
    """A hand fit for nil: low spades only, and no high card without low cards to cover it."""
    suits = _by_suit(hand)
    spades = suits[SPADE]
    if len(spades) > 3 or (spades and STRENGTH[spades[0]] >= 9):      # J or higher spade
        return False
    for s in (1, 2, 3):
        cards = suits[s]
        low = sum(1 for c in cards if STRENGTH[c] <= 5)                 # 7 or lower
        if cards and STRENGTH[cards[0]] >= 11 and low < 3:
            return False
        if cards and STRENGTH[cards[0]] == 12:
            return False
    return True


def hopeless(hand: Sequence[int]) -> bool:
    """A hand that takes nothing even when the team has no one to cover it: no card above a 9, no
    more than three spades (bid nil on top of a partner's nil only with this)."""
    suits = _by_suit(hand)
    return len(suits[SPADE]) <= 3 and all(STRENGTH[c] <= 7 for c in hand)


def bid_of(est: float) -> int:
    """The bid a hand worth ``est`` likely tricks makes: the nearest whole number, 1 to ``TRICKS``."""
    return max(1, min(TRICKS, int(est + 0.5)))


def choose_bid(view: View, level: str, rng: Rng) -> Move:
    legal = view["legal_moves"]
    seat = view["seat"]
    if legal[0]["type"] in ("look",) or any(m.get("bid") == "double_nil" for m in legal):
        # hand unseen: bid double nil only when far behind (normal/hard), else look
        scores = view["team_scores"]
        behind = scores[1 - seat % 2] - scores[seat % 2]
        if level != "easy" and behind >= 200 and {"type": "bid", "bid": "double_nil"} in legal:
            return {"type": "bid", "bid": "double_nil"}
        return {"type": "look"}
    hand = _hand(view)
    partner_bid = view["bids"][(seat + 2) % 4]
    est = estimate_tricks(hand)
    if level == "easy":
        est += (rng.random() - 0.5) * 2
    partner_nil = partner_bid in NIL_BIDS
    if level != "easy" and can_duck(hand) and (est < 0.6 and hopeless(hand) if partner_nil else est < 2.5):
        return {"type": "bid", "bid": "nil"}
    if level != "easy" and partner_nil:
        est += 0.5              # covering the nil, it plays its high cards to win rather than to duck
    bid = bid_of(est)
    if level == "hard" and isinstance(partner_bid, int) and partner_bid + bid > TRICKS:
        bid = max(1, TRICKS - partner_bid)
    return {"type": "bid", "bid": bid}


def choose_pass(view: View) -> Move:
    """Double nil exchange: the nil bidder gives away its two most dangerous cards, the partner
    returns its two lowest."""
    seat = view["seat"]
    hand = _hand(view)
    nil_bidder = view["double_nil_seat"] == seat
    danger = sorted(hand, key=lambda c: (STRENGTH[c] + (6 if suit_of(c) == SPADE else 0)), reverse=nil_bidder)
    pair = sorted(CODES[c] for c in danger[:2])
    return {"type": "pass_cards", "cards": pair}


class Table:
    """What a seat can work out from its view: the trick so far, who still needs what, the cards gone."""

    def __init__(self, view: View) -> None:
        self.seat = view["seat"]
        self.hand = _hand(view)
        self.trick = [IDS[t["card"]] for t in view["trick"]]
        self.trick_seats = [t["seat"] for t in view["trick"]]
        self.bids = view["bids"]
        self.tricks = view["tricks"]
        played: set[int] = set()
        for s in range(4):
            played.update(IDS[c] for c in view["zones"][f"won{s}"])
        played.update(self.trick)
        self.played = played
        self.broken = view["spades_broken"]
        self.voids = shown_voids(deal_plays(view))
        self.left = TRICKS - sum(self.tricks)    # tricks still to be won, this one included

    def nil_alive(self, s: int) -> bool:
        return self.bids[s] in NIL_BIDS and self.tricks[s] == 0

    def team_need(self, s: int) -> int:
        bid = sum(b for b in (self.bids[s], self.bids[(s + 2) % 4]) if isinstance(b, int))
        return bid - self.tricks[s] - self.tricks[(s + 2) % 4]

    def winner_so_far(self) -> tuple[int | None, int | None]:
        if not self.trick:
            return None, None
        i = trick_winner(self.trick)
        return self.trick_seats[i], self.trick[i]

    def beats(self, c: int, best: int | None) -> bool:
        """Would c beat the current best card of the trick (any card leads)?"""
        return best is None or trick_winner([best, c]) == 1

    def is_master(self, c: int) -> bool:
        """No unseen card of its suit is higher (unseen = not played and not in my hand)."""
        mine = set(self.hand)
        s = suit_of(c)
        for other in range(s * 13, s * 13 + 13):
            if STRENGTH[other] > STRENGTH[c] and other not in self.played and other not in mine:
                return False
        return True


def _lowest(cards: Sequence[int]) -> int:
    return min(cards, key=lambda c: (STRENGTH[c] + (13 if suit_of(c) == SPADE else 0)))


def _highest(cards: Sequence[int]) -> int:
    return max(cards, key=lambda c: (STRENGTH[c] + (13 if suit_of(c) == SPADE else 0)))


SET_REACH = 0.5    # chase a set when the tricks it takes are at most this share of the tricks left (+1)


def partner_is_sure(t: Table, win_seat: int | None, best: int | None) -> bool:
    """The partner's card wins this trick whatever comes after: it is last to be beaten (this seat
    plays last), or no unseen card can beat it - the highest spade out, or the highest of a suit led
    and not trumped, with the opponent still to play not shown void in it."""
    if best is None or win_seat != (t.seat + 2) % 4:
        return False
    if len(t.trick) == 3:
        return True
    if not t.is_master(best):
        return False
    led = suit_of(t.trick[0])
    if suit_of(best) == SPADE:
        return True
    return suit_of(best) == led and led not in t.voids[(t.seat + 1) % 4]


def chases_set(t: Table) -> bool:
    """Own bid made and no nil of the team at stake, while taking tricks can still set the
    opponents: go on winning tricks rather than ducking the bags."""
    me = t.seat
    if t.team_need(me) > 0 or any(t.bids[s] in NIL_BIDS and t.tricks[s] == 0 for s in (me, (me + 2) % 4)):
        return False
    need = t.team_need((me + 1) % 4)
    if need <= 0 or need > t.left:
        return False
    return t.left - need + 1 <= max(1, SET_REACH * t.left + 1)


def cover_card(t: Table, legal: list[int], winning: list[int], win_seat: int | None) -> int | None:
    """The card that protects the partner's live nil: lead high (or into a suit the partner has shown
    void in, where it can throw its dangerous cards); before the partner plays, win the trick with the
    highest card so the partner can play under it; after it, overtake the partner when it is winning."""
    partner = (t.seat + 2) % 4
    if not t.trick:
        void_leads = [c for c in legal if suit_of(c) in t.voids[partner] and suit_of(c) != SPADE]
        if void_leads:
            return max(void_leads, key=STRENGTH.__getitem__)
        side = [c for c in legal if suit_of(c) != SPADE]
        masters = [c for c in side if t.is_master(c)]
        if masters:
            return max(masters, key=STRENGTH.__getitem__)
        return max(side, key=STRENGTH.__getitem__) if side else _highest(legal)
    if partner not in t.trick_seats or win_seat == partner:
        if winning:
            return _highest(winning)
    return None


def ducking_cards(t: Table, legal: list[int], winning: list[int]) -> list[int] | None:
    """A live nil's safe cards: following, the cards that lose to the trick so far (the best card only
    gets better, so they lose in the end). None when every card might win: a lead, or no card stays
    under."""
    if not t.trick:
        return None
    return [c for c in legal if c not in winning] or None


def partner_choice(t: Table, legal: list[int]) -> list[int] | None:
    """The cards the team's rules allow (a subset of ``legal``), or None when none applies: on its own
    live nil, never a card that wins a trick it could lose (the search weighs only the cards that stay
    under it); the cover card of a partner's live nil; never a card that overtakes the partner's sure
    winner; the cards that win the trick while a set is on."""
    me, partner = t.seat, (t.seat + 2) % 4
    win_seat, best = t.winner_so_far()
    winning = [c for c in legal if t.beats(c, best)] if t.trick else list(legal)
    if t.nil_alive(me):
        return ducking_cards(t, legal, winning)
    if t.nil_alive(partner):
        card = cover_card(t, legal, winning, win_seat)
        if card is not None:
            return [card]
    if t.trick and partner_is_sure(t, win_seat, best):
        under = [c for c in legal if c not in winning]
        return under or None
    if t.trick and winning and chases_set(t):
        return winning
    return None


def choose_card(view: View, level: str, rng: Rng) -> int:
    t = Table(view)
    legal = [IDS[m["card"]] for m in view["legal_moves"]]
    me, partner = t.seat, (t.seat + 2) % 4
    win_seat, best = t.winner_so_far()
    winning = [c for c in legal if t.beats(c, best)] if t.trick else list(legal)
    losing = [c for c in legal if c not in winning]
    last_to_play = len(t.trick) == 3

    if level == "easy":
        if t.trick and winning and rng.random() < 0.5:
            return min(winning, key=STRENGTH.__getitem__)
        return _lowest(legal)

    if t.nil_alive(me):                      # duck: highest card that still loses
        if losing:
            return _highest(losing)
        return _highest(legal)

    if t.nil_alive(partner):                 # cover the partner's nil
        card = cover_card(t, legal, winning, win_seat)
        if card is not None:
            return card

    if t.trick and partner_is_sure(t, win_seat, best):
        return _lowest(losing or legal)      # never overtake it: the lowest card that stays under

    need = t.team_need(me)
    setting = chases_set(t)
    bagging = level == "hard" and need <= 0 and not setting
    if not t.trick:                          # leading
        masters = [c for c in legal if t.is_master(c)]
        side_masters = [c for c in masters if suit_of(c) != SPADE]
        if not bagging:
            if side_masters:
                return max(side_masters, key=STRENGTH.__getitem__)
            if masters:
                return max(masters, key=STRENGTH.__getitem__)
        # lead low from the longest side suit
        suits = _by_suit(legal)
        side = [s for s in (1, 2, 3) if suits[s]] or [SPADE]
        longest = max(side, key=lambda s: len(suits[s]))
        return suits[longest][-1]

    if win_seat == partner and (last_to_play or bagging):
        return _highest(losing) if bagging and losing else _lowest(losing or legal)
    if bagging:
        # opponents' nil still alive? make them take it only by playing low; otherwise duck
        return _highest(losing) if losing else _lowest(legal)
    if winning:
        if last_to_play:
            return min(winning, key=lambda c: (suit_of(c) == SPADE, STRENGTH[c]))
        sure = [c for c in winning if t.is_master(c)]
        if sure:
            return min(sure, key=lambda c: (suit_of(c) == SPADE, STRENGTH[c]))
        cheap = min(winning, key=lambda c: (suit_of(c) == SPADE, STRENGTH[c]))
        if suit_of(cheap) == SPADE and suit_of(t.trick[0]) != SPADE:
            return cheap                     # a ruff wins unless over-ruffed
        if setting:
            return cheap
        return cheap if STRENGTH[cheap] >= 9 else _lowest(legal)
    return _lowest(legal)


QUEEN, KING = STRENGTH[IDS["QS"]], STRENGTH[IDS["KS"]]     # a card's STRENGTH: 2 is 0, ace 12

HARD_BUDGET = 1000     # playouts of the hard bot per card it searches (spread over the cards it weighs)
HINT_BUDGET = None     # a hint searches with the hard bot's own budget
BUDGET_CAP = 2000      # at most this many, whatever the caller offers (a move within about a second)


def choose_move(view: View, level: str, rng: Rng, budget: int | None = None) -> Move:
    phase = view["phase"]
    if phase == "bid":
        return choose_bid(view, level, rng)
    if phase == "pass":
        return choose_pass(view)
    if level == "hard" and len(view["legal_moves"]) > 1:
        allowed = partner_choice(Table(view), [IDS[m["card"]] for m in view["legal_moves"]])
        if allowed and len(allowed) == 1:
            return {"type": "play", "card": CODES[allowed[0]]}
        playouts = min(budget or HARD_BUDGET, BUDGET_CAP)
        return {"type": "play", "card": CODES[search_card(view, rng, cards=allowed, playouts=playouts)]}
    return {"type": "play", "card": CODES[choose_card(view, level, rng)]}


# ---- hard: card play by sampling the unseen hands and playing each card out --------------------
def _rollout_card(g: Spades, rng: Rng) -> int:
    """A quick policy for playouts that values a live nil as the bots do: the nil bidder ducks (the
    highest card that stays under, a low lead), its partner covers it (leads high, wins the trick
    before the nil bidder plays or over it), and otherwise: third hand high (over a partner's low
    lead, its lowest queen, king or ace of the suit), let a winning partner be, second hand low (no
    king or ace over the lead: its lowest), win cheaply, else go low. Without the cover a nil fails
    in most playouts whatever its bidder plays, and the search would see no reason to keep it
    alive."""
    legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = g.turn
    bids, tricks = g.bids, g.tricks
    nil = bids[seat] in NIL_BIDS and tricks[seat] == 0
    partner = (seat + 2) % 4
    cover = not nil and bids[partner] in NIL_BIDS and tricks[partner] == 0
    trick = g.trick
    if not trick:
        if nil:
            return min(legal, key=STRENGTH.__getitem__)
        if cover:
            side = [c for c in legal if c // 13 != SPADE] or legal
            return max(side, key=STRENGTH.__getitem__)
        return legal[rng.below(len(legal))]
    best_i = trick_winner(trick)
    best = trick[best_i]
    winner_seat = (g.leader + best_i) % 4
    beats = [c for c in legal if trick_winner([best, c]) == 1]
    if nil:
        lose = [c for c in legal if c not in beats]
        return max(lose, key=STRENGTH.__getitem__) if lose else max(legal, key=STRENGTH.__getitem__)
    if cover and beats and (winner_seat == partner or (partner - g.leader) % 4 >= len(trick)):
        return max(beats, key=lambda c: (suit_of(c) == SPADE, STRENGTH[c]))
    if winner_seat == partner and len(trick) == 2 and STRENGTH[best] < QUEEN and suit_of(best) == suit_of(trick[0]):
        # third hand high: the partner's low lead would fall to the last seat; its lowest honour
        honours = [c for c in legal if suit_of(c) == suit_of(best) and STRENGTH[c] >= QUEEN]
        if honours:
            return min(honours, key=STRENGTH.__getitem__)
    if winner_seat == partner or not beats:
        return _lowest(legal)
    cheap = _lowest(beats)
    if len(trick) == 1 and suit_of(cheap) == suit_of(best) and STRENGTH[cheap] < KING:
        return _lowest(legal)     # second hand low
    return cheap


def deal_plays(view: View) -> list[tuple[int, int]]:
    """Every card played this deal, in order, as ``(seat, card id)``: the log's, and the trick's
    that the log does not hold yet (the engine's log holds the trick's cards too: once each)."""
    plays = [(e["seat"], IDS[e["move"]["card"]]) for e in view.get("log") or [] if e["move"]["type"] == "play"]
    logged = {c for _, c in plays}
    return plays + [(t["seat"], IDS[t["card"]]) for t in view["trick"] if IDS[t["card"]] not in logged]


# ---- hard: dealing the unseen cards as the bids suggest --------------------------------------
DEALS_DRAWN = 8        # deals drawn for each sample: one is kept, as likely as the bids make it
# a hand's weight (of 1000) by how far its likely tricks are from its bid, in quarter tricks: a
# normal curve with a spread of one trick (integers, so CPython and the browser draw alike)
BID_FIT = (1000, 969, 882, 755, 607, 458, 325, 216, 135, 80, 44, 23, 11, 5, 2, 1)
NIL_MISFIT = 50    # the weight of a hand no one would bid nil with


def bid_fit(hand: Sequence[int], bid: Any) -> int:
    """How well a whole 13-card hand fits its bid, of 1000."""
    if bid in NIL_BIDS:
        return 1000 if can_duck(hand) else NIL_MISFIT
    if not isinstance(bid, int):
        return 1000
    return bid_curve(estimate_tricks(hand), bid)


def bid_curve(est: float, bid: int) -> int:
    """``BID_FIT``'s weight for likely tricks ``est`` against a bid."""
    quarters = int(abs(est - bid) * 4)
    return BID_FIT[quarters] if quarters < len(BID_FIT) else 1


class BidDealer:
    """What ``bid_sampler`` deals from, worked out once a view: the hidden frame (``frame``: what the
    view fixes of the hands - ``Spades.hidden_frame``), each seat's cards known to be in its hand
    (``held``) and those with the cards it has played this deal (``shown``: what its bid was made
    with), and the rest of the state. ``deal(rng)`` deals the unseen cards to the hidden hands
    (``deal``: ``deal_with_voids``), ``fit(hands)`` weighs a deal by its hands' bids and
    ``state(hands, rng)`` is the full state with those hands."""

    def __init__(self, view: View, frame: Callable[[View], Any] = Spades.hidden_frame,
                 deal: Callable[..., list[list[int]]] = deal_with_voids) -> None:
        self.zones, self.unseen, self.slots, self.voids = frame(view)
        self.hidden = [s for s in range(4) if self.slots[s]]
        self.bids = view["bids"]
        self.held = [[IDS[c] for c in self.zones[f"hand{s}"]] for s in range(4)]   # own hand, known cards
        self.shown = [list(cards) for cards in self.held]
        for who, c in deal_plays(view):
            self.shown[who].append(c)
        self._deal = deal
        self._base = Spades._from_view(view, self.zones)     # the rest of the state, built once

    def deal(self, rng: Rng) -> list[list[int]]:
        """The unseen cards dealt to the hidden hands, every void kept."""
        return self._deal(list(self.unseen), self.slots, self.voids, rng)

    def fit(self, hands: list[list[int]]) -> int:
        """How well the hidden hands of a deal fit their bids: the product of their ``bid_fit``."""
        weight = 1
        for s in self.hidden:
            weight *= bid_fit(hands[s] + self.shown[s], self.bids[s])
        return weight

    def state(self, hands: list[list[int]], rng: Rng) -> Spades:
        """The state with the hidden hands ``hands`` (the unseen cards of each seat), a fresh stream."""
        g = self._base.clone(history=True)
        g.hands = [sorted(self.held[s] + hands[s], key=SORT_KEY.__getitem__) if self.slots[s] else self.held[s][:]
                   for s in range(4)]
        g.chance = Rng(rng.next64())
        return g


def pick(deals: list[list[list[int]]], weights: list[int], rng: Rng) -> list[list[int]]:
    """One of ``deals``, with a chance in proportion to its weight (the last one if none weighs)."""
    left = rng.below(sum(weights) or 1)
    for hands, weight in zip(deals, weights):
        left -= weight
        if left < 0:
            break
    return hands


def bid_sampler(view: View) -> Sample:
    """A sampler for the search (``Search(sample=...)``) that deals the unseen cards so each hidden
    hand - what it holds now and what it has played this deal - fits its bid: of ``DEALS_DRAWN``
    deals that keep every void, one is kept with a chance in proportion to the product of its hands'
    ``bid_fit``. A seat that bid 5 is dealt likely five-trick hands, a nil bidder low cards."""
    dealer = BidDealer(view)
    if DEALS_DRAWN <= 1 or not dealer.hidden:
        return Spades.determinize

    def sample(view: View, rng: Rng) -> Spades:
        deals = [dealer.deal(rng) for _ in range(DEALS_DRAWN)]
        return dealer.state(pick(deals, [dealer.fit(hands) for hands in deals], rng), rng)
    return sample


def search_card(view: View, rng: Rng, cards: list[int] | None = None, playouts: int = HARD_BUDGET,
                sample: Sample | None = None) -> int:
    """The card the shared search likes best among ``cards`` (default: every legal card): each is
    played on the same deals sampled from the view (``sample``, by default ``bid_sampler``'s: voids
    and passed cards kept, hidden hands as their bids suggest) and played out by the quick policy.
    (A tree below the root played worse than these plain paired playouts, against OpenSpiel's ISMCTS
    at 1,000 playouts.)"""
    seat = view["seat"]
    ducking = view["trick"] and view["bids"][seat] in NIL_BIDS and view["tricks"][seat] == 0
    # ties go to the cheapest card, or following on a live nil to the highest (the danger shed)
    legal = sorted(cards or [IDS[m["card"]] for m in view["legal_moves"]], key=STRENGTH.__getitem__,
                   reverse=bool(ducking))
    move = search_move(view, rng, budget=playouts, rollout=_rollout_card, actions=legal, tree=False,
                       sample=sample or bid_sampler(view))
    return IDS[move["card"]]


# ---- hints: why a move is good, for the person's Hint (pygames.ai.hints) ----------------------
def hint_reason(view: View, move: Move, after: Callable[[], View]) -> Message | None:
    seat = view["seat"]
    partner = (seat + 2) % 4
    bids, tricks = view["bids"], view["tricks"]
    kind = move.get("type")
    if kind == "look":
        return message("hint.spades.look")
    if kind == "bid":
        bid = move["bid"]
        if bid == "double_nil":
            return message("hint.spades.double_nil")
        if bid == "nil":
            return message("hint.spades.bid_nil")
        return message("hint.spades.bid", n=bid)
    if kind == "pass_cards":
        return message("hint.spades.pass_danger" if view.get("double_nil_seat") == seat else "hint.spades.pass_low")
    if kind != "play":
        return None

    def nil_alive(s: int) -> bool:
        return bids[s] in NIL_BIDS and tricks[s] == 0

    def low_key(c: int) -> tuple[bool, int]:
        return (suit_of(c) == SPADE, STRENGTH[c])

    card = IDS[move["card"]]
    legal = [IDS[m["card"]] for m in view["legal_moves"]]
    hand = [IDS[c] for c in view["zones"][f"hand{seat}"] if c != "??"]
    trick = [IDS[t["card"]] for t in view["trick"]]
    trick_seats = [t["seat"] for t in view["trick"]]
    played = set(trick)
    for s in range(4):
        played.update(IDS[c] for c in view["zones"][f"won{s}"])

    def master(c: int) -> bool:
        s = suit_of(c)
        return all(STRENGTH[o] < STRENGTH[c] or o in played or o in hand for o in range(s * 13, s * 13 + 13))

    if trick:
        best_i = trick_winner(trick)
        best, best_seat = trick[best_i], trick_seats[best_i]
        winners = [c for c in legal if trick_winner([best, c]) == 1]
    else:
        best_seat, winners = None, []
    wins = card in winners
    if nil_alive(seat):
        if not wins:
            return message("hint.spades.nil_safe")
        return None
    if nil_alive(partner):
        if trick and wins and (best_seat == partner or partner not in trick_seats):
            return message("hint.spades.cover_nil")
        if not trick and STRENGTH[card] >= 9:
            return message("hint.spades.cover_nil")
    team_bid = sum(b for b in (bids[seat], bids[partner]) if isinstance(b, int))
    made = tricks[seat] + tricks[partner] >= team_bid
    if not trick:
        if master(card):
            return message("hint.spades.master")
        return None
    if not wins:
        if best_seat == partner:
            return message("hint.spades.partner_wins")
        if made and winners:
            return message("hint.spades.avoid_bags")
        if card == min(legal, key=low_key):
            return message("hint.spades.save_high" if winners else "hint.spades.throw_low")
        return None
    if card == min(winners, key=low_key):
        if suit_of(card) == SPADE and suit_of(trick[0]) != SPADE:
            return message("hint.spades.trump")
        if len(trick) == 3 or master(card):
            return message("hint.spades.lowest_winner")
    return None
