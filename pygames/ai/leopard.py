"""Leopard bots.

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

from ..cards import rank_of, suit_of
from ..text import message
from ..games.leopard import (DEALS, DISCARD, DOWN, GO_OUT, JACK, LINES, LINES0, LINES_THROUGH, NO, QUEEN, TEN,
                             YES, Leopard, deal_score)
from .ismcts import Search, search_move

RED = (False, True, True, False)
SUIT = tuple(suit_of(c) for c in range(52))
HOPE_FEW = (0.04, 0.12)         # hope of a line with no / one face-up card
# what holding a card is worth when nothing better comes of it: a K goes anywhere on its own square,
# a J spoils anywhere, a Q repairs, a 10 builds anywhere; a numbered card has one place per square
KEEP = {9: 0.25, 10: 0.4, 11: 0.3, 12: 0.6}
HARD_BUDGET = 96
CLEAR_MARGIN = 0.35     # a placement this much better than the next needs no search
HARD_CANDIDATES = 4     # the normal policy's best placements that the hard bot searches between
ROLLOUT_CANDIDATES = 3
ANSWER_SAMPLES = {"normal": 40, "hard": 120}    # playouts of "play on" behind a partner's answer
SURE_THING = 0.5        # going out now is certain, playing on an estimate: "no" must beat "yes" by this
HORIZON = 8             # actions a hard search's playout looks ahead before ``estimate`` judges
MATCH_WIN = 30          # what winning the match (on its last deal) is worth beyond the margin


def line_value(a, b, c, suit_line):
    """``(points it scores now, hope of scoring later)`` of a line whose top entries are a, b, c
    (-1 empty, >= DOWN face down)."""
    up = [e for e in (a, b, c) if 0 <= e < DOWN]
    n = len(up)
    if n == 3:
        s0, s1, s2 = SUIT[a], SUIT[b], SUIT[c]
        if s0 == s1 == s2:
            return suit_line, 0.0
        if RED[s0] == RED[s1] == RED[s2]:
            return 1, 0.0
        return 0, 0.0
    if n == 2:
        s0, s1 = SUIT[up[0]], SUIT[up[1]]
        if s0 == s1:
            return 0, 0.45 * suit_line
        if RED[s0] == RED[s1]:
            return 0, 0.35
        return 0, 0.0
    return 0, HOPE_FEW[n]


# The fast path of line_value: an entry's class (0 empty, 1 face down, 2 + suit face up), and per
# suit_line option a table of line_value over the 6 x 6 x 6 classes of a line's three entries.
ENTRY_CLASS = tuple(0 if e < 0 else 1 if e >= DOWN else 2 + SUIT[e % 52] for e in range(-1, DOWN * 5))
_SAMPLE_ENTRY = (-1, DOWN) + tuple(SUIT.index(s) for s in range(4))
LINE_TABLE = {suit_line: tuple(line_value(_SAMPLE_ENTRY[i], _SAMPLE_ENTRY[j], _SAMPLE_ENTRY[k], suit_line)
                               for i in range(6) for j in range(6) for k in range(6))
              for suit_line in (2, 3)}


def square_lines(tops, side, suit_line):
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


def worth(points, hope):
    """What a square is worth to its owner: its deal score now plus part of its hope."""
    return deal_score(points, False) + hope


def placement_gain(g, tops, points, hopes, t, entry):
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


def action_score(g, a, points, hopes, own_only=False):
    """The normal bot's value of a placement or discard action for the seat to act."""
    seat = g.turn
    card, t = divmod(a, 32)
    rank = rank_of(card)
    keep = KEEP.get(rank, 0.1)
    if t == DISCARD:
        return -keep
    entry = DOWN * (seat + 1) + card if rank in (10, 11) else card
    gain = placement_gain(g, g.tops, points, hopes, t, entry)
    if own_only and t // 9 != g.side_of(seat):
        gain = 0.0
    return gain - keep * 0.5


def figures(g):
    suit_line = g.options["suit_line"]
    a = square_lines(g.tops, 0, suit_line)
    b = square_lines(g.tops, 1, suit_line)
    return [a[0], b[0]], [a[1], b[1]]


def wants_out(g, seat, points=None, hopes=None):
    """Would the side of ``seat`` rather end the deal now than play on?"""
    if points is None:
        points, hopes = figures(g)
    own, opp = g.side_of(seat), 1 - g.side_of(seat)
    if points[own] < 5:
        return False
    margin = deal_score(points[own], True) - deal_score(points[opp], False)
    if margin <= 0:
        return False
    if g.deal_number >= DEALS:
        totals = g.side_scores
        final = totals[own] + deal_score(points[own], True) - totals[opp] - deal_score(points[opp], False)
        if final > 0 and totals[own] <= totals[opp]:
            return True          # going out now wins the match
    turns_left = len(g.stock) / g.players
    outlook = (hopes[own] - hopes[opp]) * min(1.0, turns_left / 8)
    return margin >= 3 or outlook < margin * 0.5 or turns_left < 3


def normal_action(g, rng, candidates=None, own_only=False, noise=0.0):
    """The normal policy on a full state: an action key."""
    legal = g.legal_actions()
    if g.phase == "answer":
        return YES if wants_out(g, g.asker) else NO
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


def ranked_actions(g):
    """``[(value, action)]`` of the seat's placements and discards, best first by the normal policy's
    value (no chance: every sample the seat cannot tell apart ranks them alike)."""
    points, hopes = figures(g)
    scored = [(action_score(g, a, points, hopes), a) for a in g.legal_actions() if a != GO_OUT]
    scored.sort(key=lambda va: (-va[0], va[1]))
    return scored


def hard_candidates(g):
    """What the hard bot searches: going out (when it may), or its partner's yes and no, and the
    normal policy's best few placements."""
    legal = g.legal_actions()
    if g.phase == "answer":
        return legal
    best = [a for _, a in ranked_actions(g)[:HARD_CANDIDATES]]
    return ([GO_OUT] if legal[0] == GO_OUT else []) + best


def clear_choice(g):
    """The normal policy's placement when it stands out and going out is not on offer, else None:
    the hard bot spends its search only on close calls."""
    if g.phase == "answer" or g.legal_actions()[0] == GO_OUT:
        return None
    ranked = ranked_actions(g)
    if len(ranked) == 1 or ranked[0][0] - ranked[1][0] >= CLEAR_MARGIN:
        return ranked[0][1]
    return None


def random_targets(g, card, rng):
    """One legal target of ``card`` for the seat to act, at random (the discard pile included)."""
    seat = g.turn
    own = g.side_of(seat) * 9
    tops = g.tops
    rank = card % 13
    if rank <= 8:
        spots = [t for t in (own + rank, (9 - own) + rank) if tops[t] < 0 or tops[t] >= DOWN]
    elif rank == TEN:
        spots = [t for t in range(own, own + 9) if tops[t] < 0 or tops[t] >= DOWN]
    elif rank == JACK:
        spots = [t for t in range(18) if tops[t] >= 0]
    elif rank == QUEEN:
        spots = [t for t in range(own, own + 9) if tops[t] >= 0]
    else:
        spots = list(range(own, own + 9))
    spots.append(DISCARD)
    return card * 32 + spots[rng.below(len(spots))]


def rollout(g, rng):
    """Quick playouts of whole deals behind a partner's answer (``answer_estimate``): the normal
    judgement over a few random legal actions, built without listing every legal action."""
    points, hopes = figures(g)
    if g.phase == "answer":
        return YES if wants_out(g, g.asker, points, hopes) else NO
    seat = g.turn
    if not g.refused and points[g.side_of(seat)] >= 5 and wants_out(g, seat, points, hopes):
        return GO_OUT
    hand = g.hands[seat]
    best, best_score = None, None
    for _ in range(ROLLOUT_CANDIDATES):
        a = random_targets(g, hand[rng.below(len(hand))], rng)
        score = action_score(g, a, points, hopes)
        if best_score is None or score > best_score:
            best, best_score = a, score
    return best


def estimate(g):
    """Each seat's worth of a state where a hard search's playout stopped: the match margin so far,
    plus - while a deal is under way - the two squares' worth (score now and the hope of their open
    lines, as the normal policy weighs them) as the margin the deal would likely add."""
    r = g.returns()
    if g.is_over:
        return r
    points, hopes = figures(g)
    lead = worth(points[0], hopes[0]) - worth(points[1], hopes[1])
    return [x + (lead if g.side_of(s) == 0 else -lead) for s, x in enumerate(r)]


def easy_action(g, rng):
    legal = g.legal_actions()
    if g.phase == "answer":
        points, _ = figures(g)
        own = g.side_of(g.asker)
        return YES if deal_score(points[own], True) > deal_score(points[1 - own], False) else NO
    if legal[0] == GO_OUT:
        points, _ = figures(g)
        own = g.side_of(g.turn)
        if deal_score(points[own], True) > deal_score(points[1 - own], False):
            return GO_OUT
    return normal_action(g, rng, own_only=True, noise=1.5)


def outcome(g, seat):
    """The seat's side's match margin once the deal is over, plus the win itself on the last deal."""
    margin = g.returns()[seat]
    if g.is_over and margin:
        margin += MATCH_WIN if margin > 0 else -MATCH_WIN
    return margin


def answer_estimate(view, rng, samples):
    """``(yes, no)``: the answering seat's expected outcome if it lets its partner go out now, and if
    it says no and the deal plays on - the shared search's means over ``samples`` deals sampled from
    its view, each answer tried on the same deal with the same stream (paired), played out by the
    quick policy. Going out ends the deal at once, so "yes" needs no playout."""
    search = Search(view, rng, rollout, value=lambda g: [outcome(g, s) for s in range(g.players)], tree=False)
    search.run(2 * samples, paired=True, actions=[YES, NO])
    return search.root.children[YES].mean, search.root.children[NO].mean


def choose_move(view, level, rng, budget=None):
    if view["phase"] == "answer" and level in ANSWER_SAMPLES:
        yes, no = answer_estimate(view, rng, ANSWER_SAMPLES[level])
        return {"type": "answer", "allow": yes + SURE_THING >= no}
    g = Leopard.determinize(view, rng)
    if level == "hard":
        clear = clear_choice(g)
        if clear is not None:
            return g.action_to_move(clear)
        return search_move(view, rng, budget=budget or HARD_BUDGET, rollout=normal_action, candidates=hard_candidates,
                           value=estimate, horizon=HORIZON)
    if level == "easy":
        return g.action_to_move(easy_action(g, rng))
    return g.action_to_move(normal_action(g, rng))


# ---- hints: why a move is good, for the person's Hint (pygames.ai.hints) ----------------------
def hint_reason(view, move, after):
    kind = move.get("type")
    if kind == "go_out":
        return message("hint.leopard.go_out")
    if kind == "answer":
        return message("hint.leopard.allow" if move["allow"] else "hint.leopard.refuse")
    if kind == "discard":
        return message("hint.leopard.discard")
    if kind != "place":
        return None
    side = view["sides"][view["seat"]] if "sides" in view else view["seat"] % 2
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


def _toward_line(view, move):
    """Does the card go beside a face-up card of its colour, in a line whose third place is empty?"""
    zones = view["zones"]

    def top(pos):
        pile = zones.get(f"square{move['square']}_{pos}") or []
        return pile[-1] if pile else None

    red = move["card"][1] in "HD"
    for line in LINES:
        if move["pos"] not in line:
            continue
        others = [top(p) for p in line if p != move["pos"]]
        empty = [c for c in others if c is None]
        shown = [c for c in others if c is not None and c != "??"]
        if len(empty) == 1 and len(shown) == 1 and (shown[0][1] in "HD") == red:
            return True
    return False
