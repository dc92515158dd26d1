"""Leopard bots.

On the last deal going out (or a partner's yes) ends the match at once: no level above random ends
it behind, since playing on can still turn it, and normal and hard end it when that wins
(``match_verdict``); hard's judge counts the match's result there, not only the margin.

Every level looks at the squares as the seat sees them: only top cards count, and a face-down top
(whoever placed it) breaks a line now but lets a numbered card or a 10 build there later, so what a
hidden card is never matters to the evaluation. The bots work on a state dealt from the seat's view
(``Leopard.determinize``); the hidden cards of that sample are never looked at.

* ``easy``: builds its own lines (a noisy guess), discards at random, goes out as soon as it leads.
* ``normal``: values each placement by what it does to both squares - completing or spoiling suit
  and colour lines, a J covering an opponent's scoring card, a Q covering its own card that breaks a
  line so a numbered card can build there later - discards the card it can use least, and goes out
  when what it holds beats what more turns would likely bring, and asks its partner only then.
  As a partner it answers "may I go out?" from the shared search's estimate (``answer_estimate``:
  paired playouts of both answers): the match margin if the asker goes out now against the mean
  margin of playing the deal on.
* ``hard``: plays the normal bot's placement when it stands out (better than the next by
  ``CLEAR_MARGIN``, going out not on offer); otherwise the shared information-set search
  (``ismcts.py``, paired: every candidate tried on the same sampled deals) between going out and the
  normal bot's best few placements. Each playout is the normal policy itself, for ``HORIZON``
  actions (the opponent's replies to the move and the seat's own follow-up, on deals sampled from
  its view), and is then judged by ``estimate``: the match margin so far plus the margin the two
  squares promise (score now and hope) - far less noise than playing the whole deal out, so a few
  dozen samples separate the candidates. Going out ends the deal, so its value is exact. As a
  partner it answers "may I go out?" as normal does, from more samples.
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

from ..cards import JACK, KING, QUEEN, RED, SUIT_OF, TEN, Rng, is_red, rank_of
from ..engine import Message, Move, View
from ..text import message
from ..games.leopard import (DEALS, DISCARD, DOWN, GO_OUT, LINES, LINES0, LINES_THROUGH, NO, OUT_AT, YES, Leopard,
                             deal_score, entry_of, line_kind, placements)
from .ismcts import Search, search_move

HOPE_FEW = (0.04, 0.12)         # hope of a line with no / one face-up card
# what holding a card is worth when nothing better comes of it: a K goes anywhere on its own square,
# a J spoils anywhere, a Q repairs, a 10 builds anywhere; a numbered card has one place per square
KEEP = {TEN: 0.25, JACK: 0.4, QUEEN: 0.3, KING: 0.6}
HARD_BUDGET = 96
HINT_BUDGET = None      # a hint searches with the hard bot's own budget
CLEAR_MARGIN = 0.35     # a placement this much better than the next needs no search
HARD_CANDIDATES = 4     # the normal policy's best placements that the hard bot searches between
ROLLOUT_CANDIDATES = 3
ANSWER_SAMPLES = {"normal": 40, "hard": 120}    # playouts of "play on" behind a partner's answer
SURE_THING = 0.5        # going out now is certain, playing on an estimate: "no" must beat "yes" by this
HORIZON = 8             # actions a hard search's playout looks ahead before ``estimate`` judges
MATCH_WIN = 30          # what winning the match (on its last deal) is worth beyond the margin


def line_value(a: int, b: int, c: int, suit_line: int) -> tuple[int, float]:
    """``(points it scores now, hope of scoring later)`` of a line whose top entries are a, b, c
    (-1 empty, >= DOWN face down)."""
    up = [e for e in (a, b, c) if 0 <= e < DOWN]
    n = len(up)
    if n == 3:
        return line_kind(up, suit_line)[1], 0.0
    if n == 2:
        s0, s1 = SUIT_OF[up[0]], SUIT_OF[up[1]]
        if s0 == s1:
            return 0, 0.45 * suit_line
        if RED[s0] == RED[s1]:
            return 0, 0.35
        return 0, 0.0
    return 0, HOPE_FEW[n]


# The fast path of line_value: an entry's class (0 empty, 1 face down, 2 + suit face up), and per
# suit_line option a table of line_value over the 6 x 6 x 6 classes of a line's three entries.
ENTRY_CLASS = tuple(0 if e < 0 else 1 if e >= DOWN else 2 + SUIT_OF[e % 52] for e in range(-1, DOWN * 5))
_SAMPLE_ENTRY = (-1, DOWN) + tuple(SUIT_OF.index(s) for s in range(4))
LINE_TABLE = {suit_line: tuple(line_value(_SAMPLE_ENTRY[i], _SAMPLE_ENTRY[j], _SAMPLE_ENTRY[k], suit_line)
                               for i in range(6) for j in range(6) for k in range(6))
              for suit_line in (2, 3)}


def square_lines(tops: Sequence[int], side: int, suit_line: int) -> tuple[int, float]:
    """Points now and hope of a side's square."""
    base = side * 9
    table = LINE_TABLE[suit_line]
    c = [ENTRY_CLASS[e + 1] for e in tops[base:base + 9]]
    points, hope = 0, 0.0
    for i, j, k in LINES0:
        p, h = table[c[i] * 36 + c[j] * 6 + c[k]]
        points += p
        hope += h
    return points, hope


def worth(points: int, hope: float) -> float:
    """What a square is worth to its owner: its deal score now plus part of its hope."""
    return deal_score(points, False) + hope


def placement_gain(g: Leopard, tops: Sequence[int], points: list[int], hopes: list[float], t: int,
                   entry: int) -> float:
    """How much putting ``entry`` on target ``t`` changes (own side - opponent) for the seat's side.
    ``points`` / ``hopes`` are both squares' current figures."""
    side, i = divmod(t, 9)
    pos = i + 1
    suit_line = g.options["suit_line"]
    base = side * 9
    table = LINE_TABLE[suit_line]
    c = [ENTRY_CLASS[e + 1] for e in tops[base:base + 9]]
    old, new = c[i], ENTRY_CLASS[entry + 1]
    dp, dh = 0, 0.0
    for li in LINES_THROUGH[pos]:
        x, y, z = LINES0[li]
        before = table[c[x] * 36 + c[y] * 6 + c[z]]
        c[i] = new
        after = table[c[x] * 36 + c[y] * 6 + c[z]]
        c[i] = old
        dp += after[0] - before[0]
        dh += after[1] - before[1]
    change = worth(points[side] + dp, hopes[side] + dh) - worth(points[side], hopes[side])
    return change if side == g.side_of(g.turn) else -change


def action_score(g: Leopard, a: int, points: list[int], hopes: list[float], own_only: bool = False) -> float:
    """The normal bot's value of a placement or discard action for the seat to act."""
    seat = g.turn
    card, t = divmod(a, 32)
    rank = rank_of(card)
    keep = KEEP.get(rank, 0.1)
    if t == DISCARD:
        return -keep
    entry = entry_of(seat, card)
    gain = placement_gain(g, g.tops, points, hopes, t, entry)
    if own_only and t // 9 != g.side_of(seat):
        gain = 0.0
    return gain - keep * 0.5


def figures(g: Leopard) -> tuple[list[int], list[float]]:
    suit_line = g.options["suit_line"]
    a = square_lines(g.tops, 0, suit_line)
    b = square_lines(g.tops, 1, suit_line)
    return [a[0], b[0]], [a[1], b[1]]


def match_verdict(g: Leopard, seat: int, points: list[int] | None = None) -> bool | None:
    """On the last deal going out ends the match at once: True when going out now (or the partner's
    yes) wins it for the side of ``seat``, False when it would lose it - a certain loss, while playing
    on can still turn it - and None before the last deal or when it would end level (the deal's own
    judgement decides). Every level above random obeys it."""
    if g.deal_number < DEALS:
        return None
    if points is None:
        points, _ = figures(g)
    own, opp = g.side_of(seat), 1 - g.side_of(seat)
    totals = g.side_scores
    final = totals[own] + deal_score(points[own], True) - totals[opp] - deal_score(points[opp], False)
    return True if final > 0 else False if final < 0 else None


def wants_out(g: Leopard, seat: int, points: list[int] | None = None, hopes: list[float] | None = None) -> bool:
    """Would the side of ``seat`` rather end the deal now than play on? On the last deal, exactly
    when that wins the match (``match_verdict``), whatever the deal's margin."""
    if points is None or hopes is None:
        points, hopes = figures(g)
    own, opp = g.side_of(seat), 1 - g.side_of(seat)
    if points[own] < OUT_AT:
        return False
    verdict = match_verdict(g, seat, points)
    if verdict is not None:
        return verdict
    margin = deal_score(points[own], True) - deal_score(points[opp], False)
    if margin <= 0:
        return False
    turns_left = len(g.stock) / g.players
    outlook = (hopes[own] - hopes[opp]) * min(1.0, turns_left / 8)
    return margin >= 3 or outlook < margin * 0.5 or turns_left < 3


def normal_action(g: Leopard, rng: Rng, candidates: int | None = None, own_only: bool = False,
                  noise: float = 0.0) -> int:
    """The normal policy on a full state: an action key."""
    legal = g.legal_actions()
    if g.phase == "answer":
        return YES if wants_out(g, g.asking()) else NO
    points, hopes = figures(g)
    if legal[0] == GO_OUT:
        if wants_out(g, g.turn, points, hopes):
            return GO_OUT
        legal = legal[1:]
    if candidates and len(legal) > candidates:
        legal = [legal[rng.below(len(legal))] for _ in range(candidates)]
    best, best_score = legal[0], None
    for a in legal:
        s = action_score(g, a, points, hopes, own_only)
        if noise:
            s += (rng.random() - 0.5) * noise
        else:
            s += rng.random() * 1e-6           # ties broken at random
        if best_score is None or s > best_score:
            best, best_score = a, s
    return best


def ranked_actions(g: Leopard) -> list[tuple[float, int]]:
    """``[(value, action)]`` of the seat's placements and discards, best first by the normal policy's
    value (no chance: every sample the seat cannot tell apart ranks them alike)."""
    points, hopes = figures(g)
    scored = [(action_score(g, a, points, hopes), a) for a in g.legal_actions() if a != GO_OUT]
    scored.sort(key=lambda va: (-va[0], va[1]))
    return scored


def may_weigh_out(g: Leopard) -> bool:
    """Going out is on offer and does not lose the match (``match_verdict``)."""
    return g.legal_actions()[0] == GO_OUT and match_verdict(g, g.turn) is not False


def hard_candidates(g: Leopard) -> list[int]:
    """What the hard bot searches: going out (when it may, and it does not lose the match), or its
    partner's yes and no, and the normal policy's best few placements."""
    if g.phase == "answer":
        return g.legal_actions()
    best = [a for _, a in ranked_actions(g)[:HARD_CANDIDATES]]
    return ([GO_OUT] if may_weigh_out(g) else []) + best


def clear_choice(g: Leopard) -> int | None:
    """The normal policy's placement when it stands out and going out is not worth weighing, else
    None: the hard bot spends its search only on close calls."""
    if g.phase == "answer" or may_weigh_out(g):
        return None
    ranked = ranked_actions(g)
    if len(ranked) == 1 or ranked[0][0] - ranked[1][0] >= CLEAR_MARGIN:
        return ranked[0][1]
    return None


def random_target(g: Leopard, card: int, rng: Rng) -> int:
    """One legal target of ``card`` for the seat to act, at random (the discard pile included): the
    game's own placements (``placements``), drawn as they always have been - a numbered card's own
    square first - so a seed plays the same rollouts."""
    side = g.side_of(g.turn)
    spots = placements(side, card % 13, g.tops)
    if side and card % 13 < TEN:
        spots.reverse()
    spots.append(DISCARD)
    return card * 32 + spots[rng.below(len(spots))]


def rollout(g: Leopard, rng: Rng) -> int:
    """Quick playouts of whole deals behind a partner's answer (``answer_estimate``): the normal
    judgement over a few random legal actions, built without listing every legal action."""
    points, hopes = figures(g)
    if g.phase == "answer":
        return YES if wants_out(g, g.asking(), points, hopes) else NO
    seat = g.turn
    if g.may_go_out() and wants_out(g, seat, points, hopes):
        return GO_OUT
    hand = g.hands[seat]
    best, best_score = DISCARD, -math.inf
    for _ in range(ROLLOUT_CANDIDATES):
        a = random_target(g, hand[rng.below(len(hand))], rng)
        score = action_score(g, a, points, hopes)
        if score > best_score:
            best, best_score = a, score
    return best


PROJECTED_WIN = 4       # on the last deal, a projected match margin counts as a win from this many points


def estimate(g: Leopard) -> list[float]:
    """Each seat's worth of a state where a hard search's playout stopped: the match margin so far,
    plus - while a deal is under way - the two squares' worth (score now and the hope of their open
    lines, as the normal policy weighs them) as the margin the deal would likely add. On the last
    deal the result counts too (``MATCH_WIN`` beyond the margin, as in ``outcome``), and a projected
    margin stands for it in part, up to ``PROJECTED_WIN`` points: so the search weighs the chance of
    turning the match, and never buys a narrower loss with a certain one."""
    r = g.returns()
    if g.is_over:
        return [x + (MATCH_WIN if x > 0 else -MATCH_WIN if x < 0 else 0) for x in r]
    points, hopes = figures(g)
    lead = worth(points[0], hopes[0]) - worth(points[1], hopes[1])
    projected = [x + (lead if g.side_of(s) == 0 else -lead) for s, x in enumerate(r)]
    if g.deal_number < DEALS:
        return projected
    return [x + MATCH_WIN * max(-1.0, min(1.0, x / PROJECTED_WIN)) for x in projected]


def easy_leads(g: Leopard, seat: int) -> bool:
    """Easy's going out: when the match hangs on it, its verdict; else whenever the deal leads."""
    points, _ = figures(g)
    verdict = match_verdict(g, seat, points)
    if verdict is not None:
        return verdict
    own = g.side_of(seat)
    return deal_score(points[own], True) > deal_score(points[1 - own], False)


def easy_action(g: Leopard, rng: Rng) -> int:
    legal = g.legal_actions()
    if g.phase == "answer":
        return YES if easy_leads(g, g.asking()) else NO
    if legal[0] == GO_OUT and easy_leads(g, g.turn):
        return GO_OUT
    return normal_action(g, rng, own_only=True, noise=1.5)


def outcome(g: Leopard, seat: int) -> float:
    """The seat's side's match margin once the deal is over, plus the win itself on the last deal."""
    margin = g.returns()[seat]
    if g.is_over and margin:
        margin += MATCH_WIN if margin > 0 else -MATCH_WIN
    return margin


def answer_estimate(view: View, rng: Rng, samples: int) -> tuple[float, float]:
    """``(yes, no)``: the answering seat's expected outcome if it lets its partner go out now, and if
    it says no and the deal plays on - the shared search's means over ``samples`` deals sampled from
    its view, each answer tried on the same deal with the same stream (paired), played out by the
    quick policy. Going out ends the deal at once, so "yes" needs no playout."""
    search = Search(view, rng, rollout, value=lambda g: [outcome(g, s) for s in range(g.players)], tree=False)
    search.run(2 * samples, paired=True, actions=[YES, NO])
    return search.root.children[YES].mean, search.root.children[NO].mean


def choose_move(view: View, level: str, rng: Rng, budget: int | None = None) -> Move:
    if view["phase"] == "answer" and level in ANSWER_SAMPLES:
        verdict = match_verdict(Leopard.determinize(view, rng), view["asker"])
        if verdict is not None:
            return {"type": "answer", "allow": verdict}
        yes, no = answer_estimate(view, rng, ANSWER_SAMPLES[level])
        return {"type": "answer", "allow": yes + SURE_THING >= no}
    g = Leopard.determinize(view, rng)
    if level == "hard":
        if g.legal_actions()[0] == GO_OUT and match_verdict(g, g.turn):
            return {"type": "go_out"}           # it wins the match now
        clear = clear_choice(g)
        if clear is not None:
            return g.action_to_move(clear)
        return search_move(view, rng, budget=budget or HARD_BUDGET, rollout=normal_action, candidates=hard_candidates,
                           value=estimate, horizon=HORIZON)
    if level == "easy":
        return g.action_to_move(easy_action(g, rng))
    return g.action_to_move(normal_action(g, rng))


# ---- hints: why a move is good, for the person's Hint (pygames.ai.hints) ----------------------
def hint_reason(view: View, move: Move, after: Callable[[], View]) -> Message | None:
    kind = move.get("type")
    if kind == "go_out":
        return message("hint.leopard.go_out")
    if kind == "answer":
        return message("hint.leopard.allow" if move["allow"] else "hint.leopard.refuse")
    if kind == "discard":
        return message("hint.leopard.discard")
    if kind != "place":
        return None
    side = view["sides"][view["seat"]]
    before = view["squares"][side]["lines"]
    now = after()["squares"][side]["lines"]
    new = [line for line in now if line not in before]
    if move["square"] == side and new:
        line = max(new, key=lambda line: line["points"])
        return message("hint.leopard.suit_line" if line["kind"] == "suit" else "hint.leopard.colour_line", points=line["points"])
    if move["square"] == side and _toward_line(view, move):
        return message("hint.leopard.toward_line")
    if move["square"] != side:
        theirs = view["squares"][move["square"]]
        if len(after()["squares"][move["square"]]["lines"]) < len(theirs["lines"]) or theirs["points"] > \
                after()["squares"][move["square"]]["points"]:
            return message("hint.leopard.spoil")
    return None


def _toward_line(view: View, move: Move) -> bool:
    """Does the card go beside a face-up card of its colour, in a line whose third place is empty?"""
    zones = view["zones"]

    def top(pos: int) -> str | None:
        pile = zones.get(f"square{move['square']}_{pos}") or []
        return pile[-1] if pile else None

    red = is_red(move["card"])
    for line in LINES:
        if move["pos"] not in line:
            continue
        others = [top(p) for p in line if p != move["pos"]]
        empty = [c for c in others if c is None]
        shown = [c for c in others if c is not None and c != "??"]
        if len(empty) == 1 and len(shown) == 1 and is_red(shown[0]) == red:
            return True
    return False
