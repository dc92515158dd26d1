"""Spooneye: the pirate card game. Masts of face-up cards in front of each player; a card played onto a
mast (anyone's) must keep it at 21 or under, and exactly 21 raises the mast: its owner takes its cards
and one opponent mast. The 3 draws again, the 4 plays again, the 9 steals a crow's nest. The standard
rules add the move, double cards, three sevens and a match to 100 with suit bonuses.

State in ints and lists: a mast is a list of entries ``card * 16 + value`` (value = what the card is
worth where it stands: a J takes the value of the card beneath), bottom to top. Actions are ints:

* ``PASS``, ``DRAW``;
* ``MOVE + from * 4 + to`` (standard rules: own crow's nest onto another own mast);
* ``CAPTURE + player * 4 + mast`` (the opponent mast taken after a raise);
* ``SWAP + player`` (three sevens with 3-4 players);
* ``PLAY + card * 32 + player * 6 + slot`` (slot 0-3 a mast, 4 new-left, 5 new-right);
* ``STEAL + (player * 4 + mast) * 8 + slot`` (the 9: slot 0-3 an own mast, 4 new-left, 5 new-right).
"""

from __future__ import annotations

from typing import Any, Self, Sequence

from ..cards import CODES, FOUR, HIDDEN, IDS, JACK, NINE, RANKS, THREE, Rng, rank_of, suit_of
from ..engine import EVERYONE, OTHERS, Game, Message, Move, View
from ..text import message

PASS, DRAW, MOVE, CAPTURE, SWAP, PLAY, STEAL = 0, 1, 10, 30, 50, 100, 2000
NEW_LEFT, NEW_RIGHT = 4, 5
SLOT_NAMES = {NEW_LEFT: "new-left", NEW_RIGHT: "new-right"}
SLOT_OF = {"new-left": NEW_LEFT, "new-right": NEW_RIGHT}
MAX_MASTS = 4
LIMIT = 21
SPECIAL = (THREE, FOUR, NINE)  # the ranks with an effect: the 3 draws again, the 4 plays again, the 9 steals
RANK_VALUE = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 10, 10)   # the J's 0 is never used
TOP_VALUE = max(RANK_VALUE)    # the most one card is worth
SUIT_BONUS = (1, 0, 2, -1)    # per suit index S H D C: spades +1, hearts 0, diamonds +2, clubs -1
TARGET = 100

# phases
START, PLAY_PHASE, CAPTURE_PHASE, SWAP_PHASE, STEAL_PHASE, OVER = (
    "start", "play", "capture", "swap", "steal", "over")


def value_on(card: int, top_entry: int | None) -> int:
    """What ``card`` is worth placed on a mast whose top entry is ``top_entry`` (None: empty mast)."""
    r = card % 13
    if r == JACK:
        return 10 if top_entry is None else top_entry & 15
    return RANK_VALUE[r]


def entry(card: int, top_entry: int | None) -> int:
    return card * 16 + value_on(card, top_entry)


def mast_total(mast: Sequence[int]) -> int:
    return sum(e & 15 for e in mast)


def mast_of_cards(cards: Sequence[int]) -> list[int]:
    """Entries of a mast built from card ids bottom to top (tests and rebuilding)."""
    mast: list[int] = []
    for c in cards:
        mast.append(entry(c, mast[-1] if mast else None))
    return mast


def is_three_sevens(mast: Sequence[int]) -> bool:
    return len(mast) == 3 and all(e & 15 == 7 for e in mast)


def doubled_positions(cards: Sequence[int]) -> set[int]:
    """Indexes of a raised mast's cards (ids, bottom to top) worth 2 by cases 1 and 2 (beyond the
    third; one suit)."""
    if len({suit_of(c) for c in cards}) == 1:
        return set(range(len(cards)))
    return set(range(3, len(cards)))


def bonus_of(cards: Sequence[int]) -> int:
    return sum(SUIT_BONUS[suit_of(c)] for c in cards)


def final_score(base: int, bonus: int) -> int:
    return base + (bonus if base >= TARGET else 0)


class Spooneye(Game):
    GAME_ID = "spooneye"
    TITLE = "Spooneye"
    PLAYERS = (2, 3, 4)
    DEFAULT_PLAYERS = 2
    OPTIONS = {"rules": ("standard", "basic")}
    SECRETS = {"hand#": OTHERS, "stock": EVERYONE, "down#": EVERYONE}
    # what a move is refused for that the phase, the rows and the card decide (the hand stays hidden)
    PUBLIC_REFUSALS = frozenset(f"spooneye.refuse.{k}" for k in (
        "capture_now", "steal_now", "swap_now", "capture_not_now", "capture_own", "steal_not_now", "swap_not_now",
        "move_not_now", "draw_or_move", "empty_row", "row_full", "over_21", "no_mast"))
    MOVES = {"draw": {}, "pass": {}, "play": {"card": None, "to": {"player": None, "mast": None}},
             "move": {"from": None, "to": None}, "steal": {"player": None, "mast": None, "to": None},
             "capture": {"player": None, "mast": None}, "swap_with": {"player": None}}
    TEXTS = {
        "spooneye.line.down": "Face-down cards: {count} \u00d7 1 = {points}",
        "spooneye.line.up": "Face-up (double) cards: {count} \u00d7 2 = {points}",
        "spooneye.line.base": "Base: {points}",
        "spooneye.line.bonus": "Bonus: \u2666 {d} \u00d7 2 + \u2660 {s} \u00d7 1 \u2212 \u2663 {c} = {points}",
        "spooneye.line.cards": "Captured cards: {count} = {points}",
        "spooneye.bonus_counts": "Bonus counts only at 100 or more base points",
        "spooneye.end.empty": "The stock and all hands are empty.",
        "spooneye.end.blocked": "Nobody can play a card.",
        "spooneye.result.win": "{seat:seat} wins with {score}",
        "spooneye.result.win.you": "{seat:seat} win with {score}",   # the person's form (web/shell/i18n.js)
        "spooneye.result.tie": "A tie at {score}: {seats}",
        "spooneye.seat": "{seat:seat}",
        "spooneye.raise": "{owner:seat} raised a mast of {count} {count|card|cards}",
        "spooneye.capture": "{owner:seat} took a mast of {count} {count|card|cards} from {victim:seat}",
        "spooneye.double": "{count} {count|card is|cards are} worth double",
        "spooneye.three_sevens": "Three sevens: {owner:seat} and {other:seat} swapped hands",
        "spooneye.refuse.not_a_move": "A Spooneye move is play, draw, move, capture, steal, swap_with or pass.",
        "spooneye.refuse.no_mast": "There is no such mast.",
        "spooneye.refuse.over_21": "{card:card} would take that mast to {total}: a mast may not pass 21.",
        "spooneye.refuse.row_full": "That row already has four masts.",
        "spooneye.refuse.empty_row": "An empty row has one place: play to new-left.",
        "spooneye.refuse.draw_or_move": "Draw a card or move a crow's nest first.",
        "spooneye.refuse.no_draw_now": "You cannot choose to draw now.",
        "spooneye.refuse.move_not_now": "A move replaces draw-and-play: only at the start of your turn, "
                                        "in the standard rules, while the stock lasts and not two turns in a row.",
        "spooneye.refuse.move_own": "A move takes the crow's nest of one of your masts onto another of yours.",
        "spooneye.refuse.capture_now": "Choose the opponent mast you capture.",
        "spooneye.refuse.capture_not_now": "There is no mast to capture now.",
        "spooneye.refuse.capture_own": "Capture a mast of an opponent.",
        "spooneye.refuse.steal_now": "Your 9: take the crow's nest of an opponent mast.",
        "spooneye.refuse.steal_not_now": "Only a 9 steals a crow's nest.",
        "spooneye.refuse.swap_now": "Three sevens: choose the opponent to swap hands with.",
        "spooneye.refuse.swap_not_now": "Hands are swapped only after three sevens.",
        "spooneye.refuse.pass": "You may pass only when you cannot play.",
    }

    standard: bool                   # the standard rules (else the basic ones)
    base_totals: list[int]
    bonus_totals: list[int]
    deals: list[dict[str, Any]]
    winners: list[int] | None
    cut: list[list[tuple[int, int]]]
    dealer: int
    rows: list[list[list[int]]]      # per seat, its masts: entries bottom to top
    dealt: list[list[int]]           # per seat, the cards its masts were dealt
    hands: list[list[int]]
    stock: list[int]
    down: list[list[int]]            # per seat, captured cards face down
    up: list[list[int]]              # per seat, captured cards face up (double)
    known: list[list[list[int]]]     # known[v][h]: cards seat v knows to be in seat h's hand (three sevens)
    moved_last: list[bool]
    first_play: bool
    actor: int                       # whose turn it is
    decider: int                     # who decides now (the owner of a raised mast chooses its capture)
    extra: bool                      # playing the card a 4 asks for
    pending: int | None              # the special effect (rank index) waiting for a raise to resolve
    raised: tuple[int, list[int]] | None     # (owner, mast entries) of a raise waiting for its capture
    last_raise: dict[str, Any] | None        # public summary of the latest raise
    skipped: list[int]
    phase: str

    # ---- setup ---------------------------------------------------------------------------------
    def _setup(self) -> None:
        n = self.players
        self.standard = self.options["rules"] == "standard"
        self.base_totals = [0] * n
        self.bonus_totals = [0] * n
        self.deals = []
        self.winners = None
        self.cut = self._cut()
        low = min(rank_of(c) for _, c in self.cut[-1])
        self.dealer = [s for s, c in self.cut[-1] if rank_of(c) == low][0]
        self.deal_number = 0
        self._deal()

    def _cut(self) -> list[list[tuple[int, int]]]:
        """Every player draws a card; the lowest deals (Ace lowest); players tied for lowest cut again."""
        rounds = []
        cutting = list(range(self.players))
        while True:
            cards = list(zip(cutting, self.chance.face_up(list(range(52)), len(cutting))))
            rounds.append(cards)
            low = min(rank_of(c) for _, c in cards)
            cutting = [s for s, c in cards if rank_of(c) == low]
            if len(cutting) == 1:
                return rounds

    def _deal(self) -> None:
        n = self.players
        self.deal_number += 1
        deck = self.chance.shuffle(list(range(52)))
        first = (self.dealer + 1) % n
        order = [(first + i) % n for i in range(n)]
        self.rows = [[] for _ in range(n)]
        for _ in range(MAX_MASTS):
            for s in order:
                self.rows[s].append([entry(deck.pop(), None)])
        self.dealt = [[e >> 4 for m in row for e in m] for row in self.rows]
        self.hands = [[] for _ in range(n)]
        for _ in range(4):
            for s in order:
                self.hands[s].append(deck.pop())
        self.stock = deck
        self.down = [[] for _ in range(n)]
        self.up = [[] for _ in range(n)]
        # known[v][h]: cards seat v knows to be in seat h's hand (after a three-sevens swap)
        self.known = [[[] for _ in range(n)] for _ in range(n)]
        self.moved_last = [False] * n
        self.first_play = True
        self.actor = first           # whose turn it is
        self.decider = first         # who decides now (the owner of a raised mast chooses its capture)
        self.extra = False           # playing the card a 4 asks for
        self.pending = None          # the special effect (rank index) waiting for a raise to resolve
        self.raised = None           # (owner, mast entries) of a raise waiting for its capture
        self.last_raise = None       # public summary of the latest raise
        self.skipped = []
        self._begin_turn(first)

    # ---- small facts ---------------------------------------------------------------------------
    def opponents(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat]

    def play_targets(self, card: int) -> list[tuple[int, int]]:
        """(player, slot) pairs where ``card`` may be played now."""
        out = []
        for p, row in enumerate(self.rows):
            for i, mast in enumerate(row):
                if mast_total(mast) + value_on(card, mast[-1]) <= LIMIT:
                    out.append((p, i))
            if len(row) < MAX_MASTS:
                out.append((p, NEW_LEFT))
                if row:
                    out.append((p, NEW_RIGHT))
        return out

    def can_play(self, seat: int) -> bool:
        hand = self.hands[seat]
        if not hand:
            return False
        if any(len(row) < MAX_MASTS for row in self.rows):
            return True
        room = [(LIMIT - mast_total(m), m[-1]) for row in self.rows for m in row]
        return any(value_on(c, top) <= r for c in hand for r, top in room)

    def _move_actions(self, seat: int) -> list[int]:
        row = self.rows[seat]
        out = []
        totals = [mast_total(m) for m in row]
        for i, src in enumerate(row):
            card = src[-1] >> 4
            for j, dst in enumerate(row):
                if i != j and totals[j] + value_on(card, dst[-1]) <= LIMIT:
                    out.append(MOVE + i * 4 + j)
        return out

    def _steal_actions(self, seat: int) -> list[int]:
        own = self.rows[seat]
        totals = [mast_total(m) for m in own]
        free = len(own) < MAX_MASTS
        out = []
        for p in self.opponents(seat):
            for i, mast in enumerate(self.rows[p]):
                card = mast[-1] >> 4
                base = STEAL + (p * 4 + i) * 8
                for j, dst in enumerate(own):
                    if totals[j] + value_on(card, dst[-1]) <= LIMIT:
                        out.append(base + j)
                if free:
                    out.append(base + NEW_LEFT)
                    if own:
                        out.append(base + NEW_RIGHT)
        return out

    def _capture_actions(self, owner: int) -> list[int]:
        return [CAPTURE + p * 4 + i for p in self.opponents(owner) for i in range(len(self.rows[p]))]

    # ---- the action interface ------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PLAY_PHASE:
            seat = self.actor
            out: list[int] = []
            for card in sorted(self.hands[seat]):
                base = PLAY + card * 32
                out.extend(base + p * 6 + slot for p, slot in self.play_targets(card))
            return out or [PASS]
        if phase == START:
            return [DRAW] + self._move_actions(self.actor)
        if phase == CAPTURE_PHASE:
            return self._capture_actions(self.decider)
        if phase == STEAL_PHASE:
            return self._steal_actions(self.actor)
        if phase == SWAP_PHASE:
            return [SWAP + p for p in self.opponents(self.decider)]
        return []

    def apply_action(self, a: int) -> None:
        seat = self.actor
        if a >= STEAL:
            q, slot = divmod(a - STEAL, 8)
            victim, i = divmod(q, 4)
            card = self._take_top(victim, i)
            self._land(seat, slot, card, None)
        elif a >= PLAY:
            card, target = divmod(a - PLAY, 32)
            p, slot = divmod(target, 6)
            self.hands[seat].remove(card)
            self._forget(seat, card)
            self.first_play = False
            self.extra = False
            r = rank_of(card)
            self._land(p, slot, card, r if r in SPECIAL else None)
        elif a >= SWAP:
            self._swap(self.decider, a - SWAP)
            self._effect(self.pending)
        elif a >= CAPTURE:
            p, i = divmod(a - CAPTURE, 4)
            self._capture(p, i)
        elif a >= MOVE:
            i, j = divmod(a - MOVE, 4)
            self.moved_last[seat] = True
            emptied = len(self.rows[seat][i]) == 1
            card = self._take_top(seat, i)
            if emptied and i < j:
                j -= 1
            r = rank_of(card)
            effect = r if self.first_play and r in SPECIAL else None
            self.first_play = False
            self._land(seat, j, card, effect)
        elif a == DRAW:
            self.moved_last[seat] = False
            self._draw(seat)
            self.phase = PLAY_PHASE
        else:   # PASS
            self.first_play = False
            self._end_turn()

    # ---- the turn ------------------------------------------------------------------------------
    def _draw(self, seat: int) -> None:
        if self.stock:
            self.hands[seat].append(self.stock.pop())
            self._drew(seat, CODES[self.hands[seat][-1]])

    def _begin_turn(self, seat: int) -> None:
        self.actor = self.decider = seat
        self.extra = False
        if self.standard and self.stock and not self.moved_last[seat] and self._move_actions(seat):
            self.phase = START
            return
        if self.stock:
            self.moved_last[seat] = False
            self._draw(seat)
        self.phase = PLAY_PHASE

    def _end_turn(self) -> None:
        n = self.players
        self.extra = False
        self.pending = None
        if not self.stock:
            if not any(self.hands):
                self._end_deal("spooneye.end.empty")
                return
            if not any(self.can_play(s) for s in range(n)):
                self._end_deal("spooneye.end.blocked")
                return
        seat = self.actor
        self.skipped = []
        for _ in range(n):
            seat = (seat + 1) % n
            if self.stock or self.hands[seat]:
                break
            self.skipped.append(seat)
        self._begin_turn(seat)

    def _take_top(self, p: int, i: int) -> int:
        """Remove the crow's nest of mast ``i`` of ``p``; an emptied mast goes and the row closes up."""
        mast = self.rows[p][i]
        card = mast.pop() >> 4
        if not mast:
            del self.rows[p][i]
        return card

    def _land(self, p: int, slot: int, card: int, effect: int | None) -> None:
        """Put ``card`` on ``p``'s mast or new mast at ``slot``; raise at 21; then the effect."""
        row = self.rows[p]
        if slot == NEW_LEFT:
            row.insert(0, [entry(card, None)])
            i = 0
        elif slot == NEW_RIGHT:
            row.append([entry(card, None)])
            i = len(row) - 1
        else:
            mast = row[slot]
            mast.append(entry(card, mast[-1]))
            i = slot
        if mast_total(row[i]) == LIMIT:
            self._raise(p, i, effect)
        else:
            self._effect(effect)

    def _raise(self, owner: int, i: int, effect: int | None) -> None:
        mast = self.rows[owner].pop(i)
        self.raised = (owner, mast)
        self.pending = effect
        choices = self._capture_actions(owner)
        if len(choices) > 1:
            self.phase = CAPTURE_PHASE
            self.decider = owner
            return
        if choices:
            p, i = divmod(choices[0] - CAPTURE, 4)
            self._capture(p, i)
        else:
            self._capture(None, None)

    def _capture(self, p: int | None, i: int | None) -> None:
        assert self.raised is not None           # a raise waits for its capture
        owner, mast = self.raised
        self.raised = None
        taken = self.rows[p].pop(i) if p is not None and i is not None else []
        up = doubled_positions([e >> 4 for e in mast]) if self.standard else set()
        if self.standard and not any(self.rows):
            up = set(range(len(mast)))
            taken_up = True
        else:
            taken_up = False
        for k, e in enumerate(mast):
            (self.up if k in up else self.down)[owner].append(e >> 4)
        for e in taken:
            (self.up if taken_up else self.down)[owner].append(e >> 4)
        self.last_raise = {
            "owner": owner, "cards": [CODES[e >> 4] for e in mast],
            "doubled": [CODES[mast[k] >> 4] for k in sorted(up)],
            "victim": p, "captured": [CODES[e >> 4] for e in taken], "captured_doubled": taken_up,
            "three_sevens": False, "swapped_with": None, "raiser": self.actor,
        }
        self.decider = raiser = self.actor    # the raiser: whose card made 21, whoever owns the mast
        if self.standard and is_three_sevens(mast):
            self.last_raise["three_sevens"] = True
            if self.players == 2:
                self._swap(raiser, 1 - raiser)
            else:
                self.phase = SWAP_PHASE       # the raiser chooses the opponent to swap hands with
                return
        self._effect(self.pending)

    def _swap(self, a: int, b: int) -> None:
        hands = self.hands
        old_a, old_b = hands[a], hands[b]
        hands[a], hands[b] = old_b, old_a
        for v in range(self.players):
            k = self.known[v]
            k[a], k[b] = k[b], k[a]
        self.known[a][b] = sorted(old_a)
        self.known[b][a] = sorted(old_b)
        self.known[a][a] = []
        self.known[b][b] = []
        if self.last_raise is not None:
            self.last_raise["swapped_with"] = b
        self.decider = self.actor

    def _forget(self, seat: int, card: int) -> None:
        for v in range(self.players):
            k = self.known[v][seat]
            if card in k:
                k.remove(card)

    def _effect(self, effect: int | None) -> None:
        """The special effect of the card just played (after any raise), then the turn goes on."""
        self.pending = None
        self.decider = seat = self.actor
        if effect == THREE:
            self._draw(seat)
        elif effect == FOUR:
            if any(self.play_targets(c) for c in self.hands[seat]):
                self.phase = PLAY_PHASE
                self.extra = True
                return
        elif effect == NINE:
            if self._steal_actions(seat):
                self.phase = STEAL_PHASE
                return
        self._end_turn()

    # ---- scoring -------------------------------------------------------------------------------
    def deal_points(self, seat: int) -> tuple[int, int]:
        """(base, bonus) of ``seat``'s captured cards so far this deal."""
        down, up = self.down[seat], self.up[seat]
        if not self.standard:
            return len(down) + len(up), 0
        return len(down) + 2 * len(up), bonus_of(down) + bonus_of(up)

    def _end_deal(self, reason: str) -> None:
        n = self.players
        players = []
        for s in range(n):
            base, bonus = self.deal_points(s)
            self.base_totals[s] += base
            self.bonus_totals[s] += bonus
            down, up = self.down[s], self.up[s]
            lines = []
            if self.standard:
                lines.append(message("spooneye.line.down", count=len(down), points=len(down)))
                lines.append(message("spooneye.line.up", count=len(up), points=2 * len(up)))
                suits = [c // 13 for c in down + up]
                lines.append(message("spooneye.line.bonus", d=suits.count(2), s=suits.count(0),
                                     c=suits.count(3), points=bonus))
            else:
                lines.append(message("spooneye.line.cards", count=len(down) + len(up), points=base))
            players.append({"down": len(down), "up": len(up), "base": base, "bonus": bonus,
                            "base_total": self.base_totals[s], "bonus_total": self.bonus_totals[s],
                            "cards": [CODES[c] for c in down + up], "lines": lines})
        summary = {"deal": self.deal_number, "dealer": self.dealer, "reason": message(reason),
                   "players": players}
        self.deals.append(summary)
        over = not self.standard or max(self.base_totals) >= TARGET
        if over:
            final = self.scores
            best = max(final)
            self.winners = [s for s in range(n) if final[s] == best]
            if len(self.winners) == 1:
                summary["result"] = message("spooneye.result.win", seat=self.winners[0], score=best)
            else:
                summary["result"] = message("spooneye.result.tie", score=best,
                                            seats=[message("spooneye.seat", seat=s) for s in self.winners])
            summary["final"] = final
            self.phase = OVER
            return
        self.dealer = (self.dealer + 1) % n
        self._deal()

    def _clone_nested(self, g: Self) -> None:
        g.rows = [[m[:] for m in row] for row in self.rows]
        g.hands = [h[:] for h in self.hands]
        g.down = [d[:] for d in self.down]
        g.up = [u[:] for u in self.up]
        g.known = [[k[:] for k in row] for row in self.known]

    # ---- the contract --------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.decider

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[int]:
        if not self.standard:
            return list(self.base_totals)
        return [final_score(b, x) for b, x in zip(self.base_totals, self.bonus_totals)]

    def returns(self) -> list[float]:
        """Match score (with the current deal's captures counted in) less the others' mean."""
        n = self.players
        if self.phase == OVER:
            points = self.scores
        else:
            points = []
            for s in range(n):
                base, bonus = self.deal_points(s)
                points.append(final_score(self.base_totals[s] + base, self.bonus_totals[s] + bonus)
                              if self.standard else self.base_totals[s] + base)
        total = sum(points)
        return [p - (total - p) / (n - 1) for p in points]

    # ---- the JSON edge -------------------------------------------------------------------------
    @staticmethod
    def _slot_json(slot: int) -> int | str:
        return SLOT_NAMES.get(slot, slot)

    def action_to_move(self, a: int) -> Move:
        if a >= STEAL:
            q, slot = divmod(a - STEAL, 8)
            p, i = divmod(q, 4)
            return {"type": "steal", "player": p, "mast": i, "to": self._slot_json(slot)}
        if a >= PLAY:
            card, target = divmod(a - PLAY, 32)
            p, slot = divmod(target, 6)
            return {"type": "play", "card": CODES[card], "to": {"player": p, "mast": self._slot_json(slot)}}
        if a >= SWAP:
            return {"type": "swap_with", "player": a - SWAP}
        if a >= CAPTURE:
            p, i = divmod(a - CAPTURE, 4)
            return {"type": "capture", "player": p, "mast": i}
        if a >= MOVE:
            i, j = divmod(a - MOVE, 4)
            return {"type": "move", "from": i, "to": j}
        return {"type": "draw"} if a == DRAW else {"type": "pass"}

    @staticmethod
    def _slot(value: Any, free_ok: bool = True) -> int:
        if type(value) is int and 0 <= value < MAX_MASTS:
            return value
        if free_ok and value in SLOT_OF:
            return SLOT_OF[value]
        raise ValueError("not a mast")

    @staticmethod
    def _seat(value: Any) -> int:
        if type(value) is int and 0 <= value < 4:
            return value
        raise ValueError("not a seat")

    def move_to_action(self, move: Move) -> int | None:
        kind = move["type"]
        if kind == "play":
            to = move["to"]
            return PLAY + IDS[move["card"]] * 32 + self._seat(to["player"]) * 6 + self._slot(to["mast"])
        if kind == "steal":
            return (STEAL + (self._seat(move["player"]) * 4 + self._slot(move["mast"], False)) * 8
                    + self._slot(move["to"]))
        if kind == "capture":
            return CAPTURE + self._seat(move["player"]) * 4 + self._slot(move["mast"], False)
        if kind == "swap_with":
            return SWAP + self._seat(move["player"])
        if kind == "move":
            return MOVE + self._slot(move["from"], False) * 4 + self._slot(move["to"], False)
        if kind == "draw":
            return DRAW
        if kind == "pass":
            return PASS
        return None

    def _why_illegal(self, move: Move) -> Message | None:
        kind = move.get("type")
        phase = self.phase
        if kind not in ("play", "draw", "move", "capture", "steal", "swap_with", "pass"):
            return message("spooneye.refuse.not_a_move")
        if phase == CAPTURE_PHASE and kind != "capture":
            return message("spooneye.refuse.capture_now")
        if phase == STEAL_PHASE and kind != "steal":
            return message("spooneye.refuse.steal_now")
        if phase == SWAP_PHASE and kind != "swap_with":
            return message("spooneye.refuse.swap_now")
        if kind == "capture":
            if phase != CAPTURE_PHASE:
                return message("spooneye.refuse.capture_not_now")
            if move.get("player") == self.decider:
                return message("spooneye.refuse.capture_own")
            return message("spooneye.refuse.no_mast")
        if kind == "steal":
            return message("spooneye.refuse.steal_not_now")
        if kind == "swap_with":
            return message("spooneye.refuse.swap_not_now")
        if kind == "draw":
            return message("spooneye.refuse.no_draw_now")
        if kind == "move":
            if phase != START:
                return message("spooneye.refuse.move_not_now")
            return message("spooneye.refuse.move_own")
        if kind == "pass":
            return message("spooneye.refuse.pass")
        # play
        if phase == START:
            return message("spooneye.refuse.draw_or_move")
        code = move.get("card")
        if code not in IDS:
            return message("engine.not_a_card", card=str(code)[:10])
        card = IDS[code]
        if card not in self.hands[self.actor]:
            return message("engine.not_in_hand", card=code)
        raw = move.get("to")
        to = raw if isinstance(raw, dict) else {}
        p, m = to.get("player"), to.get("mast")
        if type(p) is not int or not 0 <= p < self.players:
            return message("spooneye.refuse.no_mast")
        row = self.rows[p]
        if m == "new-right" and not row:
            return message("spooneye.refuse.empty_row")
        if m in SLOT_OF:
            return message("spooneye.refuse.row_full")
        if type(m) is not int or not 0 <= m < len(row):
            return message("spooneye.refuse.no_mast")
        total = mast_total(row[m]) + value_on(card, row[m][-1])
        return message("spooneye.refuse.over_21", card=code, total=total)

    # ---- views and secrets ---------------------------------------------------------------------
    def _zones(self) -> dict[str, list[str]]:
        zones = {"stock": [CODES[c] for c in self.stock],
                 "raised": [CODES[e >> 4] for e in self.raised[1]] if self.raised else []}
        for s in range(self.players):
            zones[f"hand{s}"] = [CODES[c] for c in self.hands[s]]
            row = self.rows[s]
            for i in range(MAX_MASTS):
                zones[f"mast{s}_{i}"] = [CODES[e >> 4] for e in row[i]] if i < len(row) else []
            zones[f"down{s}"] = [CODES[c] for c in self.down[s]]
            zones[f"up{s}"] = [CODES[c] for c in self.up[s]]
        return zones

    def _view_fields(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        masts = [[{"values": [e & 15 for e in m], "total": mast_total(m)} for m in row]
                 for row in self.rows]
        known: list[Any]
        if seat is None:
            known = [[[CODES[c] for c in k] for k in row] for row in self.known]
        else:
            known = [[CODES[c] for c in k] for k in self.known[seat]]
        return {
            "phase": self.phase,
            "rules": self.options["rules"],
            "dealer": self.dealer,
            "actor": self.actor,
            "turn": self.current_player,
            "extra_play": self.extra,
            "first_play": self.first_play,
            "moved_last": self.moved_last,
            "pending_effect": None if self.pending is None else RANKS[self.pending],
            "raised": (None if self.raised is None else
                       {"owner": self.raised[0], "values": [e & 15 for e in self.raised[1]]}),
            "last_raise": self.last_raise,
            "masts": masts,
            "hand_counts": [len(h) for h in self.hands],
            "stock_count": len(self.stock),
            "captured": [{"down": len(self.down[s]), "up": len(self.up[s]),
                          "points": self.deal_points(s)[0]} for s in range(n)],
            "dealt": [[CODES[c] for c in d] for d in self.dealt],
            "known": known,
            "skipped": self.skipped,
            "base_totals": self.base_totals,
            "bonus_totals": self.bonus_totals,
            "target": TARGET if self.standard else None,
            "limit": LIMIT,                 # a mast's most, and what raises it
            "max_masts": MAX_MASTS,         # masts a row may hold
            "top_value": TOP_VALUE,         # the most one card is worth
            "cut": [[{"seat": s, "card": CODES[c]} for s, c in r] for r in self.cut],
            "deals": self.deals,
            "winners": self.winners,
        }

    # ---- determinization -----------------------------------------------------------------------
    @classmethod
    def deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return list(CODES)

    @classmethod
    def _deal_hidden(cls, view: View, rng: Rng) -> dict[str, list[str]]:
        """Hidden cards dealt afresh: the face-down captured piles get exactly the cards everyone saw
        go there (dealt face up or played this deal, no longer on a mast or face up); cards the seat
        knows to be in a hand (a three-sevens swap) stay there; the rest fill hands and stock."""
        zones = {name: list(cards) for name, cards in view["zones"].items()}
        n = view["players"]
        me = view["seat"]
        unseen = set(cls.unseen_cards(view))
        seen_on_masts = {c for row in view["dealt"] for c in row}
        for e in view["log"]:
            if e["move"]["type"] == "play":
                seen_on_masts.add(e["move"]["card"])
        in_view = {c for name, cards in zones.items() if not name.startswith("down") for c in cards}
        captured = sorted((seen_on_masts - in_view) & unseen)
        if len(captured) == sum(len(zones[f"down{s}"]) for s in range(n)):
            rng.shuffle(captured)
            for s in range(n):
                zones[f"down{s}"] = [captured.pop() for _ in zones[f"down{s}"]]
            unseen -= {c for s in range(n) for c in zones[f"down{s}"]}
        captured = []
        for s in range(n):
            if s == me:
                continue
            fixed = [c for c in view["known"][s] if c in unseen]
            hand = zones[f"hand{s}"]
            hand[:len(fixed)] = fixed
            unseen -= set(fixed)
            zones[f"hand{s}"] = hand
        rest = rng.shuffle(sorted(unseen) + captured)
        for name, cards in zones.items():
            zones[name] = [rest.pop() if c == HIDDEN else c for c in cards]
        return zones

    @classmethod
    def _from_view(cls, view: View, zones: dict[str, list[str]]) -> Self:
        g = cls._blank(view)
        n = g.players
        g.standard = g.options["rules"] == "standard"
        g.stock = [IDS[c] for c in zones["stock"]]
        g.hands = [[IDS[c] for c in zones[f"hand{s}"]] for s in range(n)]
        g.rows = [[mast_of_cards([IDS[c] for c in zones[f"mast{s}_{i}"]])
                   for i in range(MAX_MASTS) if zones[f"mast{s}_{i}"]] for s in range(n)]
        g.down = [[IDS[c] for c in zones[f"down{s}"]] for s in range(n)]
        g.up = [[IDS[c] for c in zones[f"up{s}"]] for s in range(n)]
        g.known = [[[] for _ in range(n)] for _ in range(n)]
        g.known[view["seat"]] = [[IDS[c] for c in k] for k in view["known"]]
        g.dealt = [[IDS[c] for c in d] for d in view["dealt"]]
        g.phase = view["phase"]
        g.dealer = view["dealer"]
        g.actor = view["actor"]
        g.decider = view["turn"] if view["turn"] is not None else view["actor"]
        g.extra = view["extra_play"]
        g.first_play = view["first_play"]
        g.moved_last = list(view["moved_last"])
        g.pending = None if view["pending_effect"] is None else RANKS.index(view["pending_effect"])
        r = view["raised"]
        g.raised = None if r is None else (r["owner"], mast_of_cards([IDS[c] for c in zones["raised"]]))
        g.last_raise = view["last_raise"]
        g.skipped = list(view["skipped"])
        g.base_totals = list(view["base_totals"])
        g.bonus_totals = list(view["bonus_totals"])
        g.cut = [[(e["seat"], IDS[e["card"]]) for e in rnd] for rnd in view["cut"]]
        g.deals = view["deals"]
        g.winners = view["winners"]
        return g


GAME = Spooneye
