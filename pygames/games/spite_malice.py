"""Spite and Malice: a competitive patience. Build shared centre piles A..Q (Kings wild) from your hand,
your discard piles and your pay-off pile; the first to empty their pay-off pile wins the game.

Cards are int ids (see cards.py). A centre pile is a list of the cards on it, so the rank it has reached
is ``len(pile) - 1`` (0 = Ace) whatever Kings it holds, and the rank it needs is ``len(pile)``.
Centre and discard piles live in fixed slots: an empty list is an empty slot, and move ``"pile"``
indexes are slot numbers. Moves have a tuple form ``(kind, source, discard index, card, pile)`` used by
``fast_legal`` / ``fast_apply``; the JSON moves of the contract are translated at the edge.
"""

from ..cards import CODES, HIDDEN, RANKS, card_id, deck_ids, rank_of
from ..engine import Game

ACE, KING = 0, 12
COMPLETE = 12                      # cards on a finished pile: A..Q
HAND_SIZE = 5
DISCARD_PILES = 4
BUILD, DISCARD, END = "build", "discard", "end_turn"
FROM_HAND, FROM_PAYOFF, FROM_DISCARD = "hand", "payoff", "discard"
NEW = "new"
RANK_NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")
WIN_BONUS = 5


def rank_name(rank, article=False):
    name = RANK_NAMES[rank]
    if not article:
        return name
    return ("an " if name[0] in "A8" else "a ") + name


def player_name(seat):
    return f"Player {seat + 1}"


def _is_index(value, size):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def _copy_result(result):
    return dict(result, explanation=list(result["explanation"]))


def _hand_key(card):
    return rank_of(card), card


class SpiteMalice(Game):
    GAME_ID = "spite_malice"
    TITLE = "Spite and Malice"
    PLAYERS = (2, 3, 4)
    DEFAULT_PLAYERS = 2
    OPTIONS = {
        "payoff": (26, 13),
        "kings_start_piles": (True, False),
        "centre_limit": (4, "unlimited"),
        "target": (50, 25, 100, 0),
    }

    # ---- setup ---------------------------------------------------------------------------------
    def _setup(self):
        self.match_scores = [0] * self.players
        self.results = []            # one {"game", "winner", "points", "explanation"} per finished game
        self.over = False
        self.winner = None           # match winner once over
        self.game_number = 0
        self.dealer = self.rng.below(self.players)
        self._deal()

    def _deal(self):
        n = self.players
        self.game_number += 1
        cards = self.rng.shuffle(deck_ids(2 if n == 2 else 3))
        self.payoff = [[] for _ in range(n)]          # bottom -> top; the top is face up
        for i in range(self.options["payoff"] * n):
            self.payoff[(self.dealer + 1 + i) % n].append(cards.pop())
        self.stock = cards                             # top = end
        self.hands = [[] for _ in range(n)]
        self.discards = [[[] for _ in range(DISCARD_PILES)] for _ in range(n)]
        self.centre = [[] for _ in range(4)]
        self.completed = []
        self.turn = self.dealer
        self._start_turn()

    # ---- rules helpers -------------------------------------------------------------------------
    @property
    def unlimited(self):
        return self.options["centre_limit"] == "unlimited"

    def _can_start_pile(self):
        return self.unlimited or any(not p for p in self.centre)

    def _targets(self, rank, can_new):
        """Centre slots (and NEW) a card of ``rank`` may be built on."""
        if rank == KING:
            out = [i for i, p in enumerate(self.centre) if p]
        else:
            out = [i for i, p in enumerate(self.centre) if p and len(p) == rank]
        if can_new and (rank == ACE or (rank == KING and self.options["kings_start_piles"])):
            out.append(NEW)
        return out

    def _draw_to_five(self):
        """Draw until the hand holds 5; False when a needed card cannot be drawn (stock and completed
        piles both empty: the exhausted-stock ending)."""
        hand = self.hands[self.turn]
        while len(hand) < HAND_SIZE:
            if not self.stock:
                if not self.completed:
                    return False
                self.stock, self.completed = self.completed, []
                self.rng.shuffle(self.stock)
            hand.append(self.stock.pop())
        hand.sort(key=_hand_key)
        return True

    def _start_turn(self):
        if not self._draw_to_five():
            self._exhausted_ending()

    # ---- fast tuple moves ----------------------------------------------------------------------
    def fast_legal(self):
        """Legal moves as tuples ``(kind, source, discard index, card, pile)``, in a stable order:
        builds from the pay-off pile, the discard tops, the hand; then discards or end_turn."""
        if self.over:
            return []
        seat = self.turn
        can_new = self._can_start_pile()
        moves = []
        pay = self.payoff[seat]
        if pay:
            c = pay[-1]
            moves += [(BUILD, FROM_PAYOFF, None, c, t) for t in self._targets(rank_of(c), can_new)]
        for d, pile in enumerate(self.discards[seat]):
            if pile:
                c = pile[-1]
                moves += [(BUILD, FROM_DISCARD, d, c, t) for t in self._targets(rank_of(c), can_new)]
        hand = self.hands[seat]
        distinct = [c for i, c in enumerate(hand) if i == 0 or hand[i - 1] != c]   # hand is sorted
        for c in distinct:
            moves += [(BUILD, FROM_HAND, None, c, t) for t in self._targets(rank_of(c), can_new)]
        piles = self.discards[seat]
        spots = [d for d in range(DISCARD_PILES) if piles[d]]
        if len(spots) < DISCARD_PILES:
            spots.append(NEW)
        discardable = [c for c in distinct if rank_of(c) != ACE]
        for c in discardable:
            moves += [(DISCARD, FROM_HAND, None, c, d) for d in spots]
        if not discardable:
            moves.append((END, None, None, None, None))
        return moves

    def fast_apply(self, move):
        kind, source, d, card, pile = move
        seat = self.turn
        if kind == DISCARD:
            self.hands[seat].remove(card)
            piles = self.discards[seat]
            piles[piles.index([]) if pile == NEW else pile].append(card)
            self._next_turn()
        elif kind == END:
            self._next_turn()
        else:
            self._build(seat, source, d, card, pile)

    def _build(self, seat, source, d, card, pile):
        if source == FROM_HAND:
            self.hands[seat].remove(card)
        elif source == FROM_PAYOFF:
            self.payoff[seat].pop()
        else:
            self.discards[seat][d].pop()
        if pile == NEW:
            if [] in self.centre:
                pile = self.centre.index([])
            else:
                pile = len(self.centre)
                self.centre.append([])
        target = self.centre[pile]
        target.append(card)
        if len(target) == COMPLETE:
            self.completed.extend(target)
            self.centre[pile] = []
        if not self.payoff[seat]:
            self._payoff_win(seat)
        elif not self.hands[seat] and not self._draw_to_five():
            self._exhausted_ending()

    def _next_turn(self):
        self.turn = (self.turn + 1) % self.players
        self._start_turn()

    # ---- end of a game and of the match ----------------------------------------------------------
    def _payoff_win(self, seat):
        lines = [f"{player_name(seat)} played their last pay-off card."]
        points = WIN_BONUS
        lines.append(f"Bonus for going out: {WIN_BONUS}")
        for s in range(self.players):
            if s != seat:
                left = len(self.payoff[s])
                points += left
                lines.append(f"{player_name(s)} has {left} pay-off card{'s' if left != 1 else ''} left: +{left}")
        lines.append(f"{player_name(seat)} scores {points}.")
        self._finish_game(seat, points, lines)

    def _exhausted_ending(self):
        counts = [len(p) for p in self.payoff]
        fewest = min(counts)
        leaders = [s for s in range(self.players) if counts[s] == fewest]
        lines = ["The stock ran out with no completed piles left to reshuffle."]
        if len(leaders) > 1:
            names = ", ".join(player_name(s) for s in leaders[:-1]) + " and " + player_name(leaders[-1])
            lines.append(f"{names} have the fewest pay-off cards ({fewest}); equal counts score nothing.")
            self._finish_game(None, 0, lines)
            return
        seat = leaders[0]
        lines.append(f"{player_name(seat)} has the fewest pay-off cards left ({fewest}).")
        points = 0
        for s in range(self.players):
            if s != seat:
                points += counts[s] - fewest
                lines.append(f"{player_name(s)} has {counts[s]}: +{counts[s] - fewest}")
        lines.append(f"{player_name(seat)} scores {points}.")
        self._finish_game(seat, points, lines)

    def _finish_game(self, winner, points, lines):
        if winner is not None:
            self.match_scores[winner] += points
        self.results.append({"game": self.game_number, "winner": winner, "points": points,
                             "explanation": lines})
        target = self.options["target"]
        if target == 0 or max(self.match_scores) >= target:
            self.over = True
            self.winner = winner
            return
        self.dealer = (self.dealer + 1) % self.players
        self._deal()

    def _clone_nested(self, g):
        g.payoff = [list(p) for p in self.payoff]
        g.hands = [list(h) for h in self.hands]
        g.discards = [[list(p) for p in piles] for piles in self.discards]
        g.centre = [list(p) for p in self.centre]

    # ---- the contract --------------------------------------------------------------------------
    @property
    def current_player(self):
        return None if self.over else self.turn

    @property
    def is_over(self):
        return self.over

    @property
    def scores(self):
        return list(self.match_scores)

    def _legal(self):
        return [self.move_dict(m) for m in self.fast_legal()]

    def _apply(self, move):
        self.fast_apply(self.move_tuple(move))

    @staticmethod
    def move_dict(m):
        kind, source, d, card, pile = m
        if kind == END:
            return {"type": END}
        if kind == DISCARD:
            return {"type": DISCARD, "card": CODES[card], "pile": pile}
        move = {"type": BUILD, "from": source, "card": CODES[card]}
        if source == FROM_DISCARD:
            move["discard"] = d
        move["pile"] = pile
        return move

    @staticmethod
    def move_tuple(move):
        kind = move["type"]
        if kind == END:
            return (END, None, None, None, None)
        if kind == DISCARD:
            return (DISCARD, FROM_HAND, None, card_id(move["card"]), move["pile"])
        return (BUILD, move["from"], move.get("discard"), card_id(move["card"]), move["pile"])

    def _canonical(self, move):
        # a move may name its seat; it must then be the seat to play (otherwise it matches nothing)
        if "seat" in move and move["seat"] == self.turn and not self.over:
            move = {k: v for k, v in move.items() if k != "seat"}
        return move

    # ---- refusals --------------------------------------------------------------------------------
    def _why_illegal(self, move):
        if not isinstance(move, dict) or move.get("type") not in (BUILD, DISCARD, END):
            return "A Spite and Malice move is a build, a discard or end_turn."
        if "seat" in move and move["seat"] != self.turn:
            return f"It is not your turn: {player_name(self.turn)} is playing."
        seat = self.turn
        kind = move["type"]
        hand = self.hands[seat]
        if kind == END:
            if any(rank_of(c) != ACE for c in hand):
                return "You can still discard, and a turn ends with a discard; end_turn is only for when you cannot."
            return None
        try:
            card = card_id(move.get("card"))
        except ValueError as e:
            return str(e)
        rank = rank_of(card)
        code = CODES[card]
        if kind == DISCARD:
            return self._why_not_discard(seat, card, move.get("pile"))
        source = move.get("from")
        if source == FROM_HAND:
            if card not in hand:
                return f"{code} is not in your hand."
        elif source == FROM_PAYOFF:
            pay = self.payoff[seat]
            if not pay or pay[-1] != card:
                top = CODES[pay[-1]] if pay else "gone"
                return f"Only the top card of your pay-off pile can be played, and it is {top}, not {code}."
        elif source == FROM_DISCARD:
            d = move.get("discard")
            if not _is_index(d, DISCARD_PILES):
                return "Name your discard pile as \"discard\": 0 to 3."
            pile = self.discards[seat][d]
            if not pile or pile[-1] != card:
                return f"{code} is not on top of your discard pile {d}."
        else:
            return "A build comes \"from\" the hand, the pay-off pile or a discard pile."
        return self._why_not_on_pile(rank, move.get("pile"))

    def _why_not_on_pile(self, rank, pile):
        if pile == NEW:
            if rank == KING and not self.options["kings_start_piles"]:
                return "In this game a King cannot start a centre pile; only an Ace can."
            if rank not in (ACE, KING):
                return f"Only an Ace (or a King as an Ace) can start a centre pile, not {rank_name(rank, True)}."
            if not self._can_start_pile():
                return "There are already 4 centre piles; a new one can start when one is completed."
            return None
        if not _is_index(pile, len(self.centre)) or not self.centre[pile]:
            return f"There is no centre pile {pile!r}; build on an existing pile or start a \"new\" one."
        need = len(self.centre[pile])
        if rank != need and rank != KING:
            card = rank_name(rank, True)
            return f"{card[0].upper()}{card[1:]} cannot go on a pile that needs {rank_name(need, True)}."
        return None

    def _why_not_discard(self, seat, card, pile):
        if rank_of(card) == ACE:
            return "An Ace cannot be discarded."
        if card not in self.hands[seat]:
            return f"{CODES[card]} is not in your hand; only hand cards are discarded."
        piles = self.discards[seat]
        if pile == NEW:
            if all(piles):
                return "You already have 4 discard piles; discard onto one of them."
            return None
        if not _is_index(pile, DISCARD_PILES):
            return "A discard goes on your discard pile 0 to 3 or a \"new\" one."
        if not piles[pile]:
            return f"Your discard pile {pile} is empty: start it with \"pile\": \"new\"."
        return None

    # ---- views -----------------------------------------------------------------------------------
    def _view(self, seat):
        def shown(cards, visible):
            return [CODES[c] for c in cards] if visible else [HIDDEN] * len(cards)

        n = self.players
        zones = {}
        for s in range(n):
            pay = self.payoff[s]
            if seat is None:
                zones[f"payoff{s}"] = shown(pay, True)
            else:
                zones[f"payoff{s}"] = [HIDDEN] * (len(pay) - 1) + [CODES[c] for c in pay[-1:]]
        for s in range(n):
            zones[f"hand{s}"] = shown(self.hands[s], seat is None or seat == s)
        for s in range(n):
            for d in range(DISCARD_PILES):
                zones[f"discard{s}_{d}"] = shown(self.discards[s][d], True)
        for i, pile in enumerate(self.centre):
            zones[f"centre{i}"] = shown(pile, True)
        zones["completed"] = shown(self.completed, True)
        zones["stock"] = shown(self.stock, seat is None)
        return {
            "zones": zones,
            "phase": "over" if self.over else "play",
            "turn": self.current_player,
            "game_number": self.game_number,
            "dealer": self.dealer,
            "centre": [{"cards": [CODES[c] for c in p],
                        "rank": RANKS[len(p) - 1] if p else None,
                        "needs": RANKS[len(p)] if p else None} for p in self.centre],
            "centre_limit": self.options["centre_limit"],
            "payoff_counts": [len(p) for p in self.payoff],
            "payoff_tops": [CODES[p[-1]] if p else None for p in self.payoff],
            "hand_counts": [len(h) for h in self.hands],
            "stock_count": len(self.stock),
            "completed_count": len(self.completed),
            "match_scores": list(self.match_scores),
            "target": self.options["target"],
            "last_result": _copy_result(self.results[-1]) if self.results else None,
            "results": [_copy_result(r) for r in self.results],
            "winner": self.winner,
        }


GAME = SpiteMalice
