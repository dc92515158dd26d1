"""High Card: a tiny two-player game that exists only for the tests - the proof that a sixth game
costs only its own files.

Each deal, both players get three cards from a shuffled deck (the rest is a face-down stock). Players
take turns laying a card face up on the table, the dealer's opponent first; once both have laid one,
the higher rank (Ace high) scores a point for its player and the cards go to the discard pile (a tie
scores nobody). After three rounds the next deal; the match is two deals. It uses what a real game
uses: a hidden hand and stock (``SECRETS``), a shuffle and a public draw for the dealer, messages
(``TEXTS``), move shapes, ``determinize`` through ``_from_view``, and a bots module with
``choose_move`` and ``hint_reason``.

``register()`` adds it through the same one registration as the five shipped games
(``pygames.games.register``); ``tests/conftest.py`` does that for the whole test session, so every
generic test that walks the registry plays it too.
"""

import pygames.games
from pygames.cards import CODES, HIDDEN, IDS, rank_of
from pygames.engine import EVERYONE, OTHERS, Game
from pygames.text import message

GAME_ID = "highcard"
HAND = 3
DEALS = 2


def strength(card):
    """Ace high: 2 is weakest (1), Ace strongest (13)."""
    r = rank_of(card)
    return 13 if r == 0 else r


class HighCard(Game):
    GAME_ID = GAME_ID
    TITLE = "High Card"
    PLAYERS = (2,)
    DEFAULT_PLAYERS = 2
    SECRETS = {"hand#": OTHERS, "stock": EVERYONE}
    MOVES = {"lay": {"card": None}}
    TEXTS = {
        "highcard.refuse.shape": "A High Card move is a lay with a card.",
    }

    def _setup(self):
        self.points = [0, 0]
        self.dealer = self.chance.below(2)
        self.deal_number = 0
        self.over = False
        self._deal()

    def _deal(self):
        self.deal_number += 1
        deck = self.chance.shuffle(list(range(52)))
        first = 1 - self.dealer
        self.hands = [[], []]
        for i in range(2 * HAND):
            self.hands[(first + i) % 2].append(deck.pop())
        for hand in self.hands:
            hand.sort()
        self.stock = deck
        self.table = []          # (seat, card) laid this round
        self.discard = []
        self.turn = first

    def _clone_nested(self, g):
        g.hands = [h[:] for h in self.hands]

    # ---- the action interface ----------------------------------------------------------------
    @property
    def current_player(self):
        return None if self.over else self.turn

    @property
    def is_over(self):
        return self.over

    @property
    def scores(self):
        return list(self.points)

    def legal_actions(self):
        return [] if self.over else list(self.hands[self.turn])

    def apply_action(self, card):
        seat = self.turn
        self.hands[seat].remove(card)
        self.table.append((seat, card))
        self.turn = 1 - seat
        if len(self.table) < 2:
            return
        (a, ca), (b, cb) = self.table
        if strength(ca) != strength(cb):
            winner = a if strength(ca) > strength(cb) else b
            self.points[winner] += 1
            self.turn = winner
        self.discard += [ca, cb]
        self.table = []
        if not self.hands[0] and not self.hands[1]:
            if self.deal_number == DEALS:
                self.over = True
            else:
                self.dealer = 1 - self.dealer
                self._deal()

    def action_to_move(self, card):
        return {"type": "lay", "card": CODES[card]}

    def move_to_action(self, move):
        return IDS[move["card"]] if move.get("type") == "lay" else None

    def returns(self):
        diff = self.points[0] - self.points[1]
        return [diff, -diff]

    def _why_illegal(self, move):
        if move.get("type") != "lay" or not isinstance(move.get("card"), str):
            return message("highcard.refuse.shape")
        return message("engine.not_in_hand", card=move["card"][:2])

    # ---- views ---------------------------------------------------------------------------------
    def _zones(self):
        zones = {f"hand{s}": [CODES[c] for c in self.hands[s]] for s in range(2)}
        zones["stock"] = [CODES[c] for c in self.stock]
        zones["table"] = [CODES[c] for _, c in self.table]
        zones["discard"] = [CODES[c] for c in self.discard]
        return zones

    def _view_fields(self, seat):
        return {"dealer": self.dealer, "turn": self.turn, "points": list(self.points),
                "table_seats": [s for s, _ in self.table], "over": self.over}

    @classmethod
    def deck(cls, players, options):
        return list(CODES)

    @classmethod
    def _from_view(cls, view, zones):
        g = cls._blank(view)
        g.hands = [sorted(IDS[c] for c in zones[f"hand{s}"]) for s in range(2)]
        g.stock = [IDS[c] for c in zones["stock"]]
        g.table = list(zip(view["table_seats"], (IDS[c] for c in zones["table"])))
        g.discard = [IDS[c] for c in zones["discard"]]
        g.points = list(view["points"])
        g.dealer, g.turn, g.over = view["dealer"], view["turn"], view["over"]
        return g


GAME = HighCard


# ---- its bots (the same module serves as its bots module: pygames.games.Bots) ----------------------
HINT_BUDGET = None      # a hint searches with the hard bot's own budget


def choose_move(view, level, rng, budget=None):
    """Easy lays its lowest card; normal and hard the lowest card that beats the table, else the
    lowest (hard through the shared search, which must work on any registered game)."""
    if level == "hard":
        from pygames.ai.ismcts import search_move
        return search_move(view, rng, budget=budget or 24)
    hand = sorted((IDS[m["card"]] for m in view["legal_moves"]), key=strength)
    table = [IDS[c] for c in view["zones"]["table"] if c != HIDDEN]
    if level == "normal" and table:
        beats = [c for c in hand if strength(c) > strength(table[0])]
        if beats:
            return {"type": "lay", "card": CODES[beats[0]]}
    return {"type": "lay", "card": CODES[hand[0]]}


def hint_reason(view, move, after):
    table = view["zones"]["table"]
    if table and strength(IDS[move["card"]]) > strength(IDS[table[0]]):
        return message("hint.highcard.beats")
    return None


def register():
    """Register High Card (rules and bots: this module) for the test session."""
    pygames.games.register(GAME_ID, __name__, __name__)
