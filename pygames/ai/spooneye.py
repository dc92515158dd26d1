"""Spooneye bots. Every level sees only its seat's view: the policies below read a state sampled from
that view (``Spooneye.determinize``), and only what the seat knows of it - its hand, the masts, the
captured piles, the stock's size.

* easy: raises a mast of its own when it can and never completes an opponent's; otherwise random.
* normal: scores each action - raising (the mast's cards, doubles, the best capture: the opponent's
  most dangerous mast, nearest 21), how likely each
  mast is to be completed next (its own masts up, the opponents' down: no easy 21 left to them), a 4
  kept for a double play, a 9 for a useful crow's nest, a 3 for tempo, one-suit and long masts in the
  standard rules - and plays the best.
* hard: the shared search (``pygames/ai/ismcts.py``) among normal's best few actions, each played on
  the same sampled deals to the end of the deal by the normal policy; normal's favourite stands
  unless another is clearly better. With a raise of its own on offer it weighs only raises, and a
  favourite that stands out needs no search (``hard_candidates``).
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..cards import FOUR, IDS, JACK, NINE, THREE, Rng, rank_of, suit_of
from ..engine import Message, Move, View
from ..games.spooneye import (CAPTURE, DRAW, LIMIT, MAX_MASTS, MOVE, NEW_LEFT, PLAY, RANK_VALUE, SPECIAL, STEAL,
                              SWAP, TOP_VALUE, Spooneye, bonus_of, doubled_positions, is_three_sevens,
                              mast_total, value_on)
from ..text import message
from .ismcts import search_move

HARD_BUDGET = 36       # search iterations of the hard bot per decision (12 samples for each of 3 actions)
BUDGET_CAP = 80        # at most this many, whatever the caller offers: an iteration plays a long deal
                       # out, and a move must stay within about a second (CPython) at the page's budget
HARD_CANDIDATES = 3    # normal's best actions that the hard bot weighs against each other
KEEP = 1.0             # normal's favourite stands unless another is this much better (points a deal)


# ---- what the seat knows ---------------------------------------------------------------------------
def unseen_values(game: Spooneye, seat: int) -> tuple[list[int], int, int]:
    """(count of unseen cards per value 1..10 as a list of 11, unseen Js, unseen total): every card the
    seat has not seen - the other hands and the stock."""
    seen = set(game.hands[seat])
    for row in game.rows:
        for m in row:
            seen.update(e >> 4 for e in m)
    for pile in game.down:
        seen.update(pile)
    for pile in game.up:
        seen.update(pile)
    if game.raised:
        seen.update(e >> 4 for e in game.raised[1])
    counts = [0] * 11
    jacks = 0
    total = 0
    for c in range(52):
        if c in seen:
            continue
        total += 1
        r = c % 13
        if r == JACK:
            jacks += 1
        else:
            counts[RANK_VALUE[r]] += 1
    return counts, jacks, max(total, 1)


class Knowledge:
    """The odds a random unseen card completes a mast, and the seat's own hand."""

    def __init__(self, game: Spooneye, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.counts, self.jacks, self.total = unseen_values(game, seat)
        self.standard = game.standard
        self.hand = game.hands[seat]

    def completes(self, gap: int, top_value: int | None) -> float:
        """Probability that one unseen card is worth exactly ``gap`` on a mast topped by ``top_value``."""
        if gap < 1 or gap > TOP_VALUE:
            return 0.0
        n = self.counts[gap] + (self.jacks if top_value == gap else 0)
        return n / self.total

    def own_completes(self, gap: int, top_value: int | None) -> bool:
        """Whether the seat holds a card that completes this gap."""
        if gap < 1 or gap > TOP_VALUE:
            return False
        for c in self.hand:
            if value_on(c, top_value) == gap:
                return True
        return False

    def worth(self, mast_cards: Sequence[int], raised: bool = True) -> float:
        """What a mast's cards bring their taker: a point each, doubles for a raised mast in the
        standard rules (beyond the third, all one suit), and the suit bonus."""
        n = len(mast_cards)
        if not self.standard:
            return float(n)
        points = n
        if raised:
            points += len(doubled_positions(mast_cards))
        return points + 0.5 * bonus_of(mast_cards)


def _cards(mast: Sequence[int]) -> list[int]:
    return [e >> 4 for e in mast]


def best_capture_worth(game: Spooneye, know: Knowledge, owner: int, exclude: tuple[int, int] | None = None) -> float:
    best = 0.0
    for p in range(game.players):
        if p == owner:
            continue
        for i, m in enumerate(game.rows[p]):
            if (p, i) == exclude:
                continue
            best = max(best, know.worth(_cards(m), raised=False))
    return best


def mast_threat(know: Knowledge, mast: Sequence[int], extra: int | None = None) -> float:
    """How likely the mast (with ``extra`` card on top, if given) is completed by one unseen card."""
    total = mast_total(mast)
    top = mast[-1] & 15 if mast else None
    if extra is not None:
        v = value_on(extra, mast[-1] if mast else None)
        total += v
        top = v
    return know.completes(LIMIT - total, top)


# ---- the normal policy --------------------------------------------------------------------------------
def score_play(game: Spooneye, know: Knowledge, seat: int, card: int, p: int, slot: int) -> float:
    row = game.rows[p]
    opponents_cards = sum(len(game.hands[q]) for q in range(game.players) if q != seat)
    if slot >= NEW_LEFT:
        v = value_on(card, None)
        risk = know.completes(LIMIT - v, v)
        score = (1.0 + 3 * risk) if p == seat else (-3.0 - 6 * risk)
        if len(row) == 0 and p != seat:
            score -= 2
    else:
        mast = row[slot]
        t0 = mast_total(mast)
        v = value_on(card, mast[-1])
        t = t0 + v
        cards = _cards(mast) + [card]
        if t == LIMIT:
            gain = know.worth(cards) + best_capture_worth(game, know, p, exclude=(p, slot))
            if p == seat:
                score = 50 + 4 * gain
                if know.standard and is_three_sevens(mast + [card * 16 + v]):
                    score += 2 * (opponents_cards - len(game.hands[seat]) + 1)
            else:
                mine = max((know.worth(_cards(m), raised=False) for m in game.rows[seat]), default=0)
                score = -50 - 4 * (know.worth(cards) + mine) / (game.players - 1)
            return score + _special_bonus(game, know, seat, card)
        before = know.completes(LIMIT - t0, mast[-1] & 15)
        after = know.completes(LIMIT - t, v)
        if p == seat:
            score = 2.0 + 12 * (after - before) + 0.5 * len(mast)
            if know.own_completes(LIMIT - t, v) and card not in _completing(know, LIMIT - t, v):
                score += 4
            if know.standard and len({suit_of(c) for c in cards}) == 1:
                score += 3
        else:
            weight = 1 + len(mast) / 3
            score = -1.0 - 20 * weight * (after - before)
    score += _special_bonus(game, know, seat, card)
    # keep cards that complete one of the seat's own masts
    for i, m in enumerate(game.rows[seat]):
        if (p, slot) == (seat, i):
            continue
        if value_on(card, m[-1]) + mast_total(m) == LIMIT:
            score -= 15
    return score


def _completing(know: Knowledge, gap: int, top: int) -> list[int]:
    return [c for c in know.hand if value_on(c, top) == gap]


def _special_bonus(game: Spooneye, know: Knowledge, seat: int, card: int) -> float:
    r = card % 13
    if r == FOUR:
        return 6.0 if len(know.hand) >= 2 else 0.0
    if r == THREE:
        return 2.0 if game.stock else 0.0
    if r == NINE:
        best = 0.0
        own = game.rows[seat]
        for q in range(game.players):
            if q == seat:
                continue
            for m in game.rows[q]:
                c = m[-1] >> 4
                for dst in own:
                    if mast_total(dst) + value_on(c, dst[-1]) == LIMIT:
                        best = max(best, 25.0)
                if best == 0 and (own or len(own) < MAX_MASTS):
                    best = 2.0
        return best
    return 0.0


def score_steal(game: Spooneye, know: Knowledge, seat: int, victim: int, i: int, slot: int) -> float:
    vm = game.rows[victim][i]
    card = vm[-1] >> 4
    own = game.rows[seat]
    if slot >= NEW_LEFT:
        v = value_on(card, None)
        score = 1.0 + 3 * know.completes(LIMIT - v, v)
    else:
        dst = own[slot]
        v = value_on(card, dst[-1])
        t = mast_total(dst) + v
        if t == LIMIT:
            return 60 + 4 * (know.worth(_cards(dst) + [card]) + best_capture_worth(game, know, seat))
        score = 2.0 + 12 * (know.completes(LIMIT - t, v) - know.completes(LIMIT - mast_total(dst), dst[-1] & 15))
    # what the victim's mast looks like without its crow's nest
    before = know.completes(LIMIT - mast_total(vm), vm[-1] & 15)
    rest = vm[:-1]
    after = mast_threat(know, rest) if rest else 0.0
    return score + 15 * (before - after)


def score_capture(game: Spooneye, know: Knowledge, owner: int, p: int, i: int) -> float:
    """Taking an opponent's mast after a raise: its cards, and the raise it would otherwise give its
    owner - how likely that owner completes it soon (a mast near 21 is the dangerous one: the chance
    one of their cards, with the next draw, makes the gap) times what that raise would bring them (the
    mast's cards as raised, and the best of our masts they would capture with it)."""
    mast = game.rows[p][i]
    cards = _cards(mast)
    worth = know.worth(cards, raised=False)
    danger = 1 - (1 - mast_threat(know, mast)) ** (len(game.hands[p]) + 1)
    ours = max((know.worth(_cards(m), raised=False) for m in game.rows[owner]), default=0.0)
    score = worth + danger * (know.worth(cards) + ours) + 0.01 * mast_total(mast)    # nearest 21 on a tie
    # case 3: nobody keeps a mast
    if know.standard and sum(len(r) for r in game.rows) == 1:
        score += len(mast) + (len(game.raised[1]) if game.raised else 0)
    return score


def score_action(game: Spooneye, know: Knowledge, seat: int, a: int) -> float:
    if a >= STEAL:
        q, slot = divmod(a - STEAL, 8)
        victim, i = divmod(q, 4)
        return score_steal(game, know, seat, victim, i, slot)
    if a >= PLAY:
        card, target = divmod(a - PLAY, 32)
        p, slot = divmod(target, 6)
        return score_play(game, know, seat, card, p, slot)
    if a >= SWAP:
        q = a - SWAP
        return len(game.hands[q]) + 0.1 * q
    if a >= CAPTURE:
        p, i = divmod(a - CAPTURE, 4)
        return score_capture(game, know, seat, p, i)
    if a >= MOVE:
        i, j = divmod(a - MOVE, 4)
        row = game.rows[seat]
        card = row[i][-1] >> 4
        t = mast_total(row[j]) + value_on(card, row[j][-1])
        if t == LIMIT:
            return 60 + 4 * (know.worth(_cards(row[j]) + [card]) + best_capture_worth(game, know, seat))
        return -5.0
    if a == DRAW:
        return 0.0
    return 0.0   # pass: the only action when it is legal


def normal_action(game: Spooneye, rng: Rng) -> int:
    seat = game.decider                  # the seat to act
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    know = Knowledge(game, seat)
    best, best_score = legal[0], None
    for a in legal:
        s = score_action(game, know, seat, a) + rng.random() * 0.01
        if best_score is None or s > best_score:
            best, best_score = a, s
    return best


# ---- the easy policy (and the search's rollout) -------------------------------------------------------
def easy_action(game: Spooneye, rng: Rng) -> int:
    """Raise an own mast when possible, never complete an opponent's mast; otherwise at random."""
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = game.decider                  # the seat to act
    rows = game.rows
    safe = []
    totals = [[mast_total(m) for m in row] for row in rows]
    for a in legal:
        if PLAY <= a < STEAL:
            card, target = divmod(a - PLAY, 32)
            p, slot = divmod(target, 6)
            if slot < NEW_LEFT:
                m = rows[p][slot]
                if totals[p][slot] + value_on(card, m[-1]) == LIMIT:
                    if p == seat:
                        return a
                    continue
            safe.append(a)
        elif a >= STEAL:
            q, slot = divmod(a - STEAL, 8)
            victim, i = divmod(q, 4)
            if slot < NEW_LEFT:
                m = rows[seat][slot]
                if totals[seat][slot] + value_on(rows[victim][i][-1] >> 4, m[-1]) == LIMIT:
                    return a
            safe.append(a)
        elif MOVE <= a < CAPTURE:
            i, j = divmod(a - MOVE, 4)
            row = rows[seat]
            if totals[seat][j] + value_on(row[i][-1] >> 4, row[j][-1]) == LIMIT:
                return a
        else:
            safe.append(a)
    pool = safe or legal
    return pool[rng.below(len(pool))]


def rollout(game: Spooneye, rng: Rng) -> int:
    return normal_action(game, rng)


# ---- the hard bot: the shared search among normal's best few actions ------------------------------------
CLEAR_MARGIN = 20.0    # normal's favourite this far above the next (a raise against any other move): no search


def scored_actions(game: Spooneye) -> list[tuple[float, int]]:
    """``[(score, action)]`` of the seat's legal actions by normal's judgement (without its
    tie-breaking noise), best first."""
    seat = game.decider                  # the seat to act
    know = Knowledge(game, seat)
    scored = sorted((-score_action(game, know, seat, a), a) for a in game.legal_actions())
    return [(-s, a) for s, a in scored]


def ranked_actions(game: Spooneye) -> list[int]:
    """The seat's legal actions, normal's favourite first."""
    return [a for _, a in scored_actions(game)]


def raises_own_mast(game: Spooneye, a: int) -> bool:
    """Does action ``a`` make 21 on one of the seat's own masts (a card played, a crow's nest stolen
    or moved onto it)?"""
    seat = game.decider                  # the seat to act
    row = game.rows[seat]
    if a >= STEAL:
        q, slot = divmod(a - STEAL, 8)
        victim, i = divmod(q, 4)
        card = game.rows[victim][i][-1] >> 4
    elif a >= PLAY:
        card, target = divmod(a - PLAY, 32)
        p, slot = divmod(target, 6)
        if p != seat:
            return False
    elif MOVE <= a < CAPTURE:
        i, slot = divmod(a - MOVE, 4)
        card = row[i][-1] >> 4
    else:
        return False
    if slot >= NEW_LEFT:
        return False
    return mast_total(row[slot]) + value_on(card, row[slot][-1]) == LIMIT


def hard_candidates(game: Spooneye) -> list[int]:
    """The actions the hard bot weighs, normal's favourite first: only the raises of its own masts when
    it has one (no other move is worth leaving a raise for); one alone, or a favourite ahead of the
    next by ``CLEAR_MARGIN``, needs no search - so a clear position gets the same answer whatever the
    seed, and the few samples of a hint cannot talk it out of a raise."""
    scored = scored_actions(game)
    raising = [(v, a) for v, a in scored if raises_own_mast(game, a)]
    if raising:
        scored = raising
    if len(scored) == 1 or scored[0][0] - scored[1][0] >= CLEAR_MARGIN:
        return [scored[0][1]]
    return [a for _, a in scored[:HARD_CANDIDATES]]


# ---- entry point ---------------------------------------------------------------------------------------
def choose_move(view: View, level: str, rng: Rng, budget: int | None = None) -> Move:
    game = Spooneye.determinize(view, rng)
    if level == "hard":
        actions = hard_candidates(game)
        if len(actions) == 1:
            return game.action_to_move(actions[0])
        return search_move(view, rng, budget=min(budget or HARD_BUDGET, BUDGET_CAP), rollout=rollout,
                           actions=actions, keep=KEEP)
    action = easy_action(game, rng) if level == "easy" else normal_action(game, rng)
    return game.action_to_move(action)


# ---- hints: why a move is good, for the person's Hint (pygames.ai.hints) ----------------------
# Spooneye's search plays each sample to the end of the deal with the normal policy, about 70 ms an
# iteration in CPython (three times that in the browser's Pyodide): a hint searches only a few samples
HINT_BUDGET = 8


def hint_reason(view: View, move: Move, after: Callable[[], View]) -> Message | None:
    seat = view["seat"]
    kind = move.get("type")
    masts = view["masts"]
    if kind == "draw":
        return message("hint.spooneye.draw")
    if kind == "capture":
        mine = masts[move["player"]]
        if len(mine) > 1 and move["mast"] == max(range(len(mine)), key=lambda i: len(mine[i]["values"])):
            return message("hint.spooneye.capture_biggest")
        return message("hint.spooneye.capture")
    if kind == "steal":
        return message("hint.spooneye.steal")
    if kind == "play":
        to = move["to"]
        card_rank = rank_of(IDS[move["card"]])
        if isinstance(to["mast"], int) and to["player"] == seat:
            if after()["captured"][seat]["points"] > view["captured"][seat]["points"] or \
                    after().get("raised") or (after().get("last_raise") or {}) != (view.get("last_raise") or {}):
                return message("hint.spooneye.raise")
        if to["player"] != seat and isinstance(to["mast"], int) and card_rank not in SPECIAL:
            return message("hint.spooneye.load")
    return None
