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
"""

from ..cards import CODES, IDS, suit_of
from ..text import message
from ..games.spades import SPADE, STRENGTH, trick_winner
from .ismcts import search_move


def _hand(view):
    return [IDS[c] for c in view["zones"][f"hand{view['seat']}"] if c != "??"]


def _by_suit(cards):
    suits = [[], [], [], []]
    for c in cards:
        suits[suit_of(c)].append(c)
    for s in suits:
        s.sort(key=STRENGTH.__getitem__, reverse=True)
    return suits


def estimate_tricks(hand):
    """Likely tricks of a 13-card hand: high cards by suit length, long and ruffing spades."""
    suits = _by_suit(hand)
    spades = suits[SPADE]
    tricks = 0.0
    for s, cards in enumerate(suits):
        n = len(cards)
        ranks = [STRENGTH[c] for c in cards]
        if s == SPADE:
            tricks += sum(1.0 for r in ranks if r == 12)
            tricks += 0.9 if 11 in ranks and n >= 2 else (0.4 if 11 in ranks else 0)
            tricks += 0.7 if 10 in ranks and n >= 3 else 0
            tricks += max(0, n - 3) * 0.9
            continue
        if 12 in ranks:
            tricks += 1.0 if n <= 5 else 0.7
        if 11 in ranks:
            tricks += 0.8 if n >= 2 and n <= 5 else 0.3
        if 10 in ranks and n >= 3 and n <= 4:
            tricks += 0.3
        if n <= 1 and len(spades) >= 2:
            tricks += 0.8 if n == 0 else 0.5      # a void or singleton to ruff with
    return tricks


def can_duck(hand):
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


def hopeless(hand):
    """A hand that takes nothing even when the team has no one to cover it: no card above a 9, no
    more than three spades (bid nil on top of a partner's nil only with this)."""
    suits = _by_suit(hand)
    return len(suits[SPADE]) <= 3 and all(STRENGTH[c] <= 7 for c in hand)


def shown_voids(view):
    """The suits each seat has shown it lacks this deal (it did not follow a lead)."""
    voids = [set() for _ in range(4)]
    trick = []
    for entry in view.get("log") or []:
        move = entry["move"]
        if move.get("type") != "play":
            continue
        c = IDS[move["card"]]
        if trick and suit_of(c) != suit_of(trick[0]):
            voids[entry["seat"]].add(suit_of(trick[0]))
        trick.append(c)
        if len(trick) == 4:
            trick = []
    for t in view["trick"][1:]:
        if suit_of(IDS[t["card"]]) != suit_of(IDS[view["trick"][0]["card"]]):
            voids[t["seat"]].add(suit_of(IDS[view["trick"][0]["card"]]))
    return voids


def choose_bid(view, level, rng):
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
    partner_nil = partner_bid in ("nil", "double_nil")
    if level != "easy" and can_duck(hand) and (est < 0.6 and hopeless(hand) if partner_nil else est < 2.5):
        return {"type": "bid", "bid": "nil"}
    if level != "easy" and partner_nil:
        est += 0.5              # covering the nil, it plays its high cards to win rather than to duck
    bid = max(1, min(13, int(est + 0.5)))
    if level == "hard" and isinstance(partner_bid, int) and partner_bid + bid > 13:
        bid = max(1, 13 - partner_bid)
    return {"type": "bid", "bid": bid}


def choose_pass(view):
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

    def __init__(self, view):
        self.seat = view["seat"]
        self.hand = _hand(view)
        self.trick = [IDS[t["card"]] for t in view["trick"]]
        self.trick_seats = [t["seat"] for t in view["trick"]]
        self.bids = view["bids"]
        self.tricks = view["tricks"]
        played = set()
        for s in range(4):
            played.update(IDS[c] for c in view["zones"][f"won{s}"])
        played.update(self.trick)
        self.played = played
        self.broken = view["spades_broken"]
        self.voids = shown_voids(view)
        self.left = 13 - sum(self.tricks)        # tricks still to be won, this one included

    def nil_alive(self, s):
        return self.bids[s] in ("nil", "double_nil") and self.tricks[s] == 0

    def team_need(self, s):
        bid = sum(b for b in (self.bids[s], self.bids[(s + 2) % 4]) if isinstance(b, int))
        return bid - self.tricks[s] - self.tricks[(s + 2) % 4]

    def winner_so_far(self):
        if not self.trick:
            return None, None
        i = trick_winner(self.trick)
        return self.trick_seats[i], self.trick[i]

    def beats(self, c, best):
        """Would c beat the current best card of the trick?"""
        return trick_winner([best, c]) == 1 if self.trick else True

    def is_master(self, c):
        """No unseen card of its suit is higher (unseen = not played and not in my hand)."""
        mine = set(self.hand)
        s = suit_of(c)
        for other in range(s * 13, s * 13 + 13):
            if STRENGTH[other] > STRENGTH[c] and other not in self.played and other not in mine:
                return False
        return True


def _lowest(cards):
    return min(cards, key=lambda c: (STRENGTH[c] + (13 if suit_of(c) == SPADE else 0)))


def _highest(cards):
    return max(cards, key=lambda c: (STRENGTH[c] + (13 if suit_of(c) == SPADE else 0)))


SET_REACH = 0.5    # chase a set when the tricks it takes are at most this share of the tricks left (+1)


def partner_is_sure(t, win_seat, best):
    """The partner's card wins this trick whatever comes after: it is last to be beaten (this seat
    plays last), or no unseen card can beat it - the highest spade out, or the highest of a suit led
    and not trumped, with the opponent still to play not shown void in it."""
    if win_seat != (t.seat + 2) % 4:
        return False
    if len(t.trick) == 3:
        return True
    if not t.is_master(best):
        return False
    led = suit_of(t.trick[0])
    if suit_of(best) == SPADE:
        return True
    return suit_of(best) == led and led not in t.voids[(t.seat + 1) % 4]


def chases_set(t):
    """Own bid made and no nil of the team at stake, while taking tricks can still set the
    opponents: go on winning tricks rather than ducking the bags."""
    me = t.seat
    if t.team_need(me) > 0 or any(t.bids[s] in ("nil", "double_nil") and t.tricks[s] == 0 for s in (me, (me + 2) % 4)):
        return False
    need = t.team_need((me + 1) % 4)
    if need <= 0 or need > t.left:
        return False
    return t.left - need + 1 <= max(1, SET_REACH * t.left + 1)


def cover_card(t, legal, winning, win_seat):
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


def partner_choice(t, legal):
    """The cards the partner rules allow (a subset of ``legal``), or None when none applies: the cover
    card of a partner's live nil; never a card that overtakes the partner's sure winner; the cards that
    win the trick while a set is on."""
    me, partner = t.seat, (t.seat + 2) % 4
    win_seat, best = t.winner_so_far()
    winning = [c for c in legal if t.beats(c, best)] if t.trick else list(legal)
    if t.nil_alive(me):
        return None
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


def choose_card(view, level, rng):
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


HARD_BUDGET = 200      # playouts of the hard bot per card it searches (spread over the cards it weighs)
BUDGET_CAP = 400       # at most this many, whatever the caller offers (a move within about a second)


def choose_move(view, level, rng, budget=None):
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
def _rollout_card(g, rng):
    """A quick policy for playouts: duck when nil, let a winning partner be, win cheaply, else go low."""
    legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = g.turn
    nil = g.bids[seat] in ("nil", "double_nil") and g.tricks[seat] == 0
    trick = g.trick
    if not trick:
        return min(legal, key=STRENGTH.__getitem__) if nil else legal[rng.below(len(legal))]
    best_i = trick_winner(trick)
    best = trick[best_i]
    winner_seat = (g.leader + best_i) % 4
    beats = [c for c in legal if trick_winner([best, c]) == 1]
    lose = [c for c in legal if c not in beats]
    if nil:
        return max(lose, key=STRENGTH.__getitem__) if lose else max(legal, key=STRENGTH.__getitem__)
    if winner_seat == (seat + 2) % 4 or not beats:
        return min(legal, key=lambda c: (suit_of(c) == SPADE, STRENGTH[c]))
    return min(beats, key=lambda c: (suit_of(c) == SPADE, STRENGTH[c]))


def search_card(view, rng, cards=None, playouts=HARD_BUDGET):
    """The card the shared search likes best among ``cards`` (default: every legal card): each is
    played on the same deals sampled from the view (Spades.determinize: voids and passed cards
    kept) and played out by the quick policy; ties go to the cheapest card. (A tree below the root
    played no better than plain paired playouts at this budget, measured in duplicate matches.)"""
    legal = sorted(cards or [IDS[m["card"]] for m in view["legal_moves"]], key=STRENGTH.__getitem__)
    move = search_move(view, rng, budget=playouts, rollout=_rollout_card, actions=legal, tree=False)
    return IDS[move["card"]]


# ---- hints: why a move is good, for the person's Hint (pygames.ai.hints) ----------------------
def hint_reason(view, move, after):
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

    def nil_alive(s):
        return bids[s] in ("nil", "double_nil") and tricks[s] == 0

    def low_key(c):
        return (suit_of(c) == SPADE, STRENGTH[c])

    card = IDS[move["card"]]
    legal = [IDS[m["card"]] for m in view["legal_moves"]]
    hand = [IDS[c] for c in view["zones"][f"hand{seat}"] if c != "??"]
    trick = [IDS[t["card"]] for t in view["trick"]]
    trick_seats = [t["seat"] for t in view["trick"]]
    played = set(trick)
    for s in range(4):
        played.update(IDS[c] for c in view["zones"][f"won{s}"])

    def master(c):
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
