"""Skarney Gin: John Scarne's two-handed rummy (rules/skarney_gin.md).

Cards are ints (``suit * 13 + rank_index``, rank_index 0 = Ace) inside; codes only at the API edge.
A rank *position* puts the Ace at 0 (low) or 13 (high); runs are consecutive positions.

Rulings taken here (besides the ones in the rules file):
* the turn ending a deal on the stock (2 cards left after the draw) closes with ``{"type": "end_deal"}``
  instead of an offer;
* a deal that scores nothing (equal hands) is dealt again by the same dealer;
* melds are indexed per player in the order they were laid (``view["melds"][seat][i]["index"] == i``);
* the 2-card limit counts lay-offs only: a meld laid this turn may still take 2 lay-off cards.
"""

import copy
from itertools import combinations, product

from ..cards import CODES, HIDDEN, IDS, RANKS
from ..engine import Game

HAND_SIZE = 10
STOCK_END = 2             # a draw leaving this many cards ends the deal unless the drawer goes out
CARD_POINTS = (15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)   # by rank index: A=15, 2-10 pips, JQK=10
SKARNEY_BONUS, SKARNEY_BONUS_UNMELDED = 20, 40
BOX_BONUS, GAME_BONUS, SHUTOUT_BONUS = 25, 200, 200


# ---- cards and melds (ints) -------------------------------------------------------------------
def card_points(card):
    return CARD_POINTS[card % 13]


def hand_points(cards):
    return sum(CARD_POINTS[c % 13] for c in cards)


def _ace_high(ranks):
    """True when a run of these distinct rank indexes needs the Ace above the King."""
    return 0 in ranks and 12 in ranks and 1 not in ranks


def _is_run(ranks):
    n = len(ranks)
    if len(set(ranks)) != n:
        return False
    if max(ranks) - min(ranks) == n - 1:
        return True
    if _ace_high(ranks):
        rest = [r for r in ranks if r]
        return min(rest) == 14 - n
    return False


def kind_of(cards):
    """The kind of meld these card ids form ("group" | "sequence" | "straight") or None."""
    n = len(cards)
    if n < 3 or len(set(cards)) != n:
        return None
    ranks = [c % 13 for c in cards]
    if ranks.count(ranks[0]) == n:
        return "group" if n <= 4 else None
    if not _is_run(ranks):
        return None
    return "sequence" if len({c // 13 for c in cards}) == 1 else "straight"


def natural_order(cards):
    """A meld's cards as a person lays them: a group by suit, a run by rank (Ace where it plays)."""
    ranks = {c % 13 for c in cards}
    if len(ranks) == 1:
        return sorted(cards, key=lambda c: c // 13)
    high = _ace_high(ranks)
    return sorted(cards, key=lambda c: 13 if high and c % 13 == 0 else c % 13)


def _sort_key(card):
    return card % 13, card // 13


def _rank_text(card):
    return "10" if RANKS[card % 13] == "T" else RANKS[card % 13]


def _near(meld, hand):
    """The hand cards that could ever fit ``meld``: its rank for a group, within 2 ranks of a run."""
    ranks = {c % 13 for c in meld}
    if len(ranks) == 1:
        return [c for c in hand if c % 13 in ranks]
    return [c for c in hand if c % 13 not in ranks
            and any(min((c % 13 - r) % 13, (r - c % 13) % 13) <= 2 for r in ranks)]


def meld_problem(cards):
    """Why these card ids are not a meld (a readable sentence), or None when they are one."""
    if len(cards) < 3:
        return "A meld needs at least 3 cards."
    if len(set(cards)) != len(cards):
        return "A meld cannot hold the same card twice."
    if kind_of(cards):
        return None
    ranks = sorted({c % 13 for c in cards})
    shown = "-".join(CODES[c] for c in sorted(cards, key=_sort_key))
    if len(ranks) == 1:
        return f"{shown} is not a meld: a group has at most 4 cards."
    if len(ranks) != len(cards):
        return f"{shown} is not a meld: a group needs one rank, a run needs different ranks."
    for start in range(1, 13):   # a run only when read round the corner (K-A-2)
        rotated = sorted((r - start) % 13 for r in ranks)
        if rotated[-1] - rotated[0] == len(ranks) - 1 and 0 in ranks:
            order = sorted(cards, key=lambda c: (c % 13 - start) % 13)
            corner = "-".join(_rank_text(c) for c in order)
            return f"{corner} is not a meld: the Ace cannot turn the corner."
    return f"{shown} is not a meld: the ranks are not consecutive."


def melds_in(hand, max_len=None):
    """Every valid meld (a tuple of card ids in natural order) among ``hand``'s cards, sorted."""
    by_rank = [[] for _ in range(13)]
    for c in sorted(hand, key=lambda c: c // 13):
        by_rank[c % 13].append(c)
    top = max_len or 13
    found = {}
    for cards in by_rank:
        for n in (3, 4):
            if n <= top:
                for combo in combinations(cards, n):
                    found[frozenset(combo)] = combo
    for start in range(12):                      # rank positions: 0 = Ace low ... 13 = Ace high
        limit = min(top, (13 if start == 0 else 14) - start)
        length = 0
        while length < limit and by_rank[(start + length) % 13]:
            length += 1
            if length >= 3:
                for combo in product(*(by_rank[p % 13] for p in range(start, start + length))):
                    found.setdefault(frozenset(combo), combo)
    return sorted(found.values(), key=lambda m: [_sort_key(c) for c in m])


def initial_meld_choices(hand):
    """All ways to lay exactly three disjoint 3-card melds, each as a tuple of 3 melds (sorted)."""
    melds = [(sum(1 << c for c in m), m) for m in melds_in(hand, max_len=3)]
    choices = []
    for i, (mask_a, a) in enumerate(melds):
        for j in range(i + 1, len(melds)):
            mask_b, b = melds[j]
            if mask_a & mask_b:
                continue
            both = mask_a | mask_b
            for mask_c, c in melds[j + 1:]:
                if not both & mask_c:
                    choices.append((a, b, c))
    return choices


def meld_kind(codes):
    """The kind of meld the card codes form ("group" | "sequence" | "straight") or None."""
    try:
        return kind_of([IDS[c] for c in codes])
    except (KeyError, TypeError):
        return None


def why_not_meld(codes):
    """Why the card codes are not a meld (a sentence), or None when they are one."""
    try:
        return meld_problem([_card(c) for c in codes])
    except (ValueError, TypeError) as e:
        return str(e) if isinstance(e, ValueError) else "List the cards as card codes."


# ---- scoring ----------------------------------------------------------------------------------
def skarney_points(opponent_hand, opponent_melded):
    return (SKARNEY_BONUS if opponent_melded else SKARNEY_BONUS_UNMELDED) + hand_points(opponent_hand)


def stock_end_points(hand0, hand1):
    """Points [p0, p1] when no one went out: the lower hand scores the difference."""
    a, b = hand_points(hand0), hand_points(hand1)
    return [max(b - a, 0), max(a - b, 0)]


def match_result(totals, deals_scored):
    """Bonuses and the final result once a player has reached the target."""
    winner = 0 if totals[0] > totals[1] else 1
    loser = 1 - winner
    box = [BOX_BONUS * n for n in deals_scored]
    game = [GAME_BONUS if s == winner else 0 for s in (0, 1)]
    shutout = [SHUTOUT_BONUS if s == winner and totals[loser] == 0 else 0 for s in (0, 1)]
    final = [totals[s] + box[s] + game[s] + shutout[s] for s in (0, 1)]
    lines = []
    for s in (0, 1):
        parts = [f"{totals[s]} points", f"box bonus {box[s]} ({deals_scored[s]} deals scored)"]
        if game[s]:
            parts.append(f"game bonus {game[s]}")
        if shutout[s]:
            parts.append(f"shutout bonus {shutout[s]}")
        lines.append(f"{_name(s)}: " + " + ".join(parts) + f" = {final[s]}")
    lines.append(f"{_name(winner)} wins by {final[winner] - final[loser]}.")
    return {"winner": winner, "totals": list(totals), "deals_scored": list(deals_scored),
            "box_bonus": box, "game_bonus": game, "shutout_bonus": shutout, "final": final,
            "difference": final[winner] - final[loser], "explanation": lines}


def _name(seat):
    return f"Player {seat + 1}"


def _codes(cards):
    return [CODES[c] for c in cards]


# ---- the game ---------------------------------------------------------------------------------
class SkarneyGin(Game):
    GAME_ID = "skarney_gin"
    TITLE = "Skarney Gin"
    PLAYERS = (2,)
    DEFAULT_PLAYERS = 2
    OPTIONS = {"target": (200, 100, 300)}

    QUERIES = {"meld_kind": meld_kind, "why_not_meld": why_not_meld}   # for the front end (bridge.query)

    def _setup(self):
        self.totals = [0, 0]
        self.deals_scored = [0, 0]
        self.deal_no = 0
        self.last_deal = None
        self.deal_log = []                 # the score sheet: one row per deal played
        self.result = None
        self.over = False
        self.cut = []
        while True:
            deck = self.rng.shuffle(list(range(52)))
            a, b = deck[0], deck[1]
            self.cut.append([CODES[a], CODES[b]])
            if a % 13 != b % 13:
                break
        self.dealer = 0 if a % 13 < b % 13 else 1
        self._deal()

    def _deal(self):
        deck = self.rng.shuffle(list(range(52)))
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
        self.offer = None
        self.accepted = [None, None]       # the card each player took on the opponent's last turn
        self.skip_draw = [False, False]
        self.last_card = [False, False]
        self.deal_no += 1
        self.deal_start = len(self.history) + (self.deal_no > 1)   # the ending move is not yet in history
        self._start_turn(1 - self.dealer)

    def _clone_nested(self, g):
        g.hands = [h[:] for h in self.hands]
        g.melds = [[m[:] for m in ms] for ms in self.melds]
        g.laid = [n[:] for n in self.laid]

    # ---- state the engine reads ----------------------------------------------------------------
    @property
    def current_player(self):
        if self.over:
            return None
        return 1 - self.turn if self.phase == "answer" else self.turn

    @property
    def is_over(self):
        return self.over

    @property
    def scores(self):
        return list(self.result["final"]) if self.result else list(self.totals)

    # ---- turns ---------------------------------------------------------------------------------
    def _start_turn(self, player):
        self.turn = player
        self.phase = "play"
        self.initial_now = False
        self.last_card[player] = False
        self.laid[player] = [0] * len(self.melds[player])
        self.stock_end = False
        self._legal_cache = None
        self.drew = not self.skip_draw[player]
        if self.drew:
            self._add_to_hand(player, self.stock.pop())
            self.stock_end = len(self.stock) <= STOCK_END

    def _add_to_hand(self, player, card):
        hand = self.hands[player]
        hand.append(card)
        hand.sort(key=_sort_key)

    def _end_turn(self):
        player = self.turn
        self.accepted[player] = None
        self.skip_draw[player] = False
        self._start_turn(1 - player)

    # ---- legal moves ---------------------------------------------------------------------------
    def _legal(self):
        if self._legal_cache is None:
            answer = [{"type": "take"}, {"type": "refuse"}]
            self._legal_cache = answer if self.phase == "answer" else self._play_moves()
        return list(self._legal_cache)

    def _play_moves(self):
        p = self.turn
        hand = self.hands[p]
        moves = []
        if not self.initial_done[p]:
            moves += [{"type": "initial_meld", "melds": [_codes(m) for m in choice]}
                      for choice in initial_meld_choices(hand)]
        elif not self.initial_now:
            moves += [{"type": "meld", "cards": _codes(m)} for m in melds_in(hand)]
            moves += self._layoff_moves(p)
        if self.stock_end:
            moves.append({"type": "end_deal"})
        elif len(hand) == 1:
            moves.append({"type": "last_card"})
        else:
            moves += [{"type": "offer", "card": CODES[c]} for c in hand if c != self.accepted[p]]
        return moves

    def _layoff_moves(self, p):
        hand = self.hands[p]
        moves = []
        for i, meld in enumerate(self.melds[p]):
            room = 2 - self.laid[p][i]
            if room <= 0:
                continue
            near = _near(meld, hand)
            singles = [c for c in near if kind_of(meld + [c])]
            moves += [{"type": "layoff", "meld": i, "cards": [CODES[c]]} for c in singles]
            if room == 2:
                # a valid pair always holds a card that fits alone (the one next to the meld)
                pairs = {tuple(sorted((a, b), key=_sort_key)) for a in singles for b in near
                         if b != a and kind_of(meld + [a, b])}
                moves += [{"type": "layoff", "meld": i, "cards": _codes(pair)}
                          for pair in sorted(pairs, key=lambda pair: [_sort_key(c) for c in pair])]
        return moves

    def _canonical(self, move):
        kind = move.get("type")
        if kind == "initial_meld":
            return {**move, "melds": sorted(sorted(m) for m in move["melds"])}
        if kind in ("meld", "layoff"):
            return {**move, "cards": sorted(move["cards"])}
        return move

    # ---- applying moves ------------------------------------------------------------------------
    def _apply(self, move):
        self._legal_cache = None
        p = self.turn
        kind = move["type"]
        if kind == "take":
            card, self.offer = self.offer, None
            taker = 1 - p
            self._add_to_hand(taker, card)
            self.accepted[taker] = card
            self.skip_draw[taker] = card % 13 == 0
            self._end_turn()
        elif kind == "refuse":
            card, self.offer = self.offer, None
            self._add_to_hand(p, card)
            self._end_turn()
        elif kind == "offer":
            card = IDS[move["card"]]
            self.hands[p].remove(card)
            self.offer = card
            self.phase = "answer"
        elif kind == "last_card":
            self.last_card[p] = True
            self._end_turn()
        elif kind == "end_deal":
            self._finish_deal(None)
        elif kind == "initial_meld":
            for meld in move["melds"]:
                self._lay(p, [IDS[c] for c in meld])
            self.initial_done[p] = True
            self.initial_now = True
        elif kind == "meld":
            self._lay(p, [IDS[c] for c in move["cards"]])
        else:   # layoff
            cards = [IDS[c] for c in move["cards"]]
            i = move["meld"]
            self._take_from_hand(p, cards)
            self.melds[p][i] = natural_order(self.melds[p][i] + cards)
            self.laid[p][i] += len(cards)
        if kind in ("meld", "layoff") and not self.hands[p]:
            self._finish_deal(p)

    def _lay(self, p, cards):
        self._take_from_hand(p, cards)
        self.melds[p].append(natural_order(cards))
        self.laid[p].append(0)

    def _take_from_hand(self, p, cards):
        for c in cards:
            self.hands[p].remove(c)

    # ---- end of a deal -------------------------------------------------------------------------
    def _finish_deal(self, skarney):
        hands = self.hands
        if skarney is not None:
            other = 1 - skarney
            points = [0, 0]
            points[skarney] = skarney_points(hands[other], self.initial_done[other])
            bonus = SKARNEY_BONUS if self.initial_done[other] else SKARNEY_BONUS_UNMELDED
            why = "" if self.initial_done[other] else f" ({_name(other)} had not made the initial meld)"
            lines = [f"{_name(skarney)} went out (Skarney): {bonus}{why} + {hand_points(hands[other])}"
                     f" for {_name(other)}'s hand {' '.join(_codes(hands[other])) or '(empty)'}"
                     f" = {points[skarney]}."]
        else:
            points = stock_end_points(*hands)
            lines = ["The stock is down to 2 cards: no one went out."]
            lines += [f"{_name(s)}'s hand {' '.join(_codes(hands[s]))} counts {hand_points(hands[s])}."
                      for s in (0, 1)]
            if points[0] == points[1]:
                lines.append("The hands are equal: no one scores.")
            else:
                w = 0 if points[0] else 1
                lines.append(f"{_name(w)} scores the difference, {points[w]}.")
        for s in (0, 1):
            self.totals[s] += points[s]
            self.deals_scored[s] += points[s] > 0
        lines.append(f"Totals: {self.totals[0]} to {self.totals[1]}.")
        self.deal_log.append({"deal": self.deal_no, "points": list(points), "skarney": skarney,
                              "totals": list(self.totals)})
        self.last_deal = {"deal": self.deal_no, "explanation": lines, "points": points,
                          "skarney": skarney, "hands": [_codes(h) for h in hands],
                          "hand_points": [hand_points(h) for h in hands]}
        if max(self.totals) >= self.options["target"]:
            self.result = match_result(self.totals, self.deals_scored)
            self.over = True
            self.phase = "over"
            return
        if points[0] != points[1]:
            self.dealer = 0 if points[0] < points[1] else 1     # the loser deals
        self._deal()

    # ---- refusals ------------------------------------------------------------------------------
    def _why_illegal(self, move):
        if not isinstance(move, dict):
            return "A move is a JSON object with a \"type\"."
        kind = move.get("type")
        known = ("initial_meld", "meld", "layoff", "offer", "last_card", "end_deal", "take", "refuse")
        if kind not in known:
            return f"Unknown move type {kind!r} (moves: {', '.join(known)})."
        if self.phase == "answer":
            if kind not in ("take", "refuse"):
                return f"{CODES[self.offer]} is on offer: take it or refuse it."
            return None
        if kind in ("take", "refuse"):
            return "There is no offer to answer."
        try:
            return getattr(self, f"_why_{kind}")(move)
        except ValueError as e:
            return str(e)

    def _hand_cards(self, codes):
        if not isinstance(codes, list):
            raise ValueError("List the cards as card codes, e.g. [\"7H\", \"7S\", \"7D\"].")
        cards = [_card(c) for c in codes]
        if len(set(cards)) != len(cards):
            raise ValueError("The same card is listed twice.")
        for c in cards:
            if c not in self.hands[self.turn]:
                raise ValueError(f"You do not hold {CODES[c]}.")
        return cards

    def _why_table_play(self):
        p = self.turn
        if not self.initial_done[p]:
            return "Make your initial meld first: exactly three 3-card melds."
        if self.initial_now:
            return "You made your initial meld this turn: nothing else until your next turn."
        return None

    def _why_initial_meld(self, move):
        p = self.turn
        if self.initial_done[p]:
            return "You have already made your initial meld."
        melds = move.get("melds")
        if not isinstance(melds, list) or len(melds) != 3 or any(
                not isinstance(m, list) or len(m) != 3 for m in melds):
            return "Your first meld must be exactly three 3-card melds."
        cards = self._hand_cards([c for m in melds for c in m])
        for i in range(3):
            problem = meld_problem(cards[3 * i:3 * i + 3])
            if problem:
                return problem
        return None

    def _why_meld(self, move):
        problem = self._why_table_play()
        return problem or meld_problem(self._hand_cards(move.get("cards")))

    def _why_layoff(self, move):
        problem = self._why_table_play()
        if problem:
            return problem
        melds, i = self.melds[self.turn], move.get("meld")
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(melds):
            return (f"You have no meld {i!r}: lay off to your own melds, numbered 0 to {len(melds) - 1}"
                    " in the order you laid them.")
        cards = self._hand_cards(move.get("cards"))
        if not 1 <= len(cards) <= 2:
            return "Lay off 1 or 2 cards at a time."
        if self.laid[self.turn][i] + len(cards) > 2:
            return "You may add at most 2 cards to a meld per turn."
        if not kind_of(melds[i] + cards):
            shown = "-".join(_codes(melds[i]))
            return f"Adding {' '.join(_codes(cards))} to {shown} does not leave a meld."
        return None

    def _why_offer(self, move):
        if self.stock_end:
            return "The stock is down to 2 cards: no offer this turn; end the deal (end_deal)."
        if len(self.hands[self.turn]) == 1:
            return "With one card left you make no offer: announce last card."
        card = self._hand_cards([move.get("card")])[0]
        if card == self.accepted[self.turn]:
            return "You accepted that card last turn: offer another."
        return None

    def _why_last_card(self, move):
        if self.stock_end:
            return "The stock is down to 2 cards: end the deal (end_deal)."
        return "You may announce last card only with one card left."

    def _why_end_deal(self, move):
        return "The deal ends this way only when your draw left 2 cards in the stock."

    # ---- views ---------------------------------------------------------------------------------
    def _view(self, seat):
        def hand(s):
            shown = seat is None or seat == s or self.over
            return _codes(self.hands[s]) if shown else [HIDDEN] * len(self.hands[s])

        zones = {
            "hand0": hand(0),
            "hand1": hand(1),
            "stock": _codes(self.stock) if seat is None else [HIDDEN] * len(self.stock),
            "melds0": [CODES[c] for m in self.melds[0] for c in m],
            "melds1": [CODES[c] for m in self.melds[1] for c in m],
            "offer": [] if self.offer is None else [CODES[self.offer]],
        }
        melds = [[{"index": i, "cards": _codes(m), "kind": kind_of(m), "laid_this_turn": self.laid[s][i]}
                  for i, m in enumerate(self.melds[s])] for s in (0, 1)]
        return {
            "zones": zones,
            "phase": self.phase,
            "turn_of": self.turn,            # whose turn it is (the offerer while the other answers)
            "dealer": self.dealer,
            "cut": [list(c) for c in self.cut],
            "deal": self.deal_no,
            "deal_start": self.deal_start,
            "melds": melds,
            "meld_indexing": "melds[seat][i]: i counts that player's melds in the order laid, from 0",
            "initial_done": list(self.initial_done),
            "initial_this_turn": self.initial_now,
            "offer": None if self.offer is None else CODES[self.offer],
            "accepted": [None if c is None else CODES[c] for c in self.accepted],
            "skip_draw": list(self.skip_draw),
            "drew": self.drew,
            "last_card": list(self.last_card),
            "stock_count": len(self.stock),
            "stock_end": self.stock_end,
            "hand_counts": [len(h) for h in self.hands],
            "target": self.options["target"],
            "totals": list(self.totals),
            "deals_scored": list(self.deals_scored),
            "last_deal": copy.deepcopy(self.last_deal),
            "deal_log": copy.deepcopy(self.deal_log),   # the score sheet: {deal, points, skarney, totals}
            "result": copy.deepcopy(self.result),
        }


def _card(code):
    if not isinstance(code, str) or code not in IDS:
        raise ValueError(f"{code!r} is not a card code (rank A23456789TJQK + suit SHDC, e.g. 'QS').")
    return IDS[code]


GAME = SkarneyGin
