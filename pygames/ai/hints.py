"""Hints: what the hard bot would play from the person's own view, with a one-line reason.

``hint(view, seed)`` asks the hard bot (at a budget small enough to answer quickly in the browser)
and explains the move where a game's heuristics can: a reason is a message ``{key, ...params}``
(words in web/lang/*/hint.json) or None. Everything here reads only the view, so a hint can never
tell the person a card they cannot see: two states that differ only in hidden cards give the same
hint for the same seed.

A game explains its moves with ``hint_reason(view, move, after)`` in its bot module
(``pygames.ai.<game>``) or, failing that, with a function of :data:`REASONS` below; ``after`` is a
function giving the seat's view once the move is played (on a state rebuilt from the view alone).
A game with neither gets hints without reasons.
"""

import importlib

from ..cards import IDS, Rng, rank_of, suit_of
from ..games import game_class

# search iterations of a hint where the hard bot's own budget would keep the person waiting: Spooneye's
# search plays each sample to the end of the deal with the normal policy, about 70 ms an iteration in
# CPython (three times that in the browser's Pyodide), so a hint there searches only a few samples
HINT_BUDGETS = {"spooneye": 8}


def hint(view, seed=0, budget=None):
    """``{"move", "reason"}``: the hard bot's move for the view's seat, and why (or None)."""
    from . import choose_move
    move = choose_move(view, "hard", seed=seed, budget=budget or HINT_BUDGETS.get(view["game"]))
    return {"move": move, "reason": reason(view, move, seed)}


def reason(view, move, seed=0):
    """Why ``move`` is good for the view's seat, as a message, or None when no heuristic says."""
    explain = None
    try:
        explain = getattr(importlib.import_module(f"{__package__}.{view['game']}"), "hint_reason", None)
    except ImportError:
        pass
    explain = explain or REASONS.get(view["game"])
    if explain is None:
        return None
    cache = []

    def after():
        if not cache:
            state = game_class(view["game"]).determinize(view, Rng(seed))
            state.play(move)
            cache.append(state.view(view["seat"]))
        return cache[0]

    return explain(view, move, after)


def _msg(key, **params):
    return {"key": f"hint.{key}", **params}


# ---- Spades ------------------------------------------------------------------------------------
def spades_reason(view, move, after):
    from ..games.spades import SPADE, STRENGTH, trick_winner
    seat = view["seat"]
    partner = (seat + 2) % 4
    bids, tricks = view["bids"], view["tricks"]
    kind = move.get("type")
    if kind == "look":
        return _msg("spades.look")
    if kind == "bid":
        bid = move["bid"]
        if bid == "double_nil":
            return _msg("spades.double_nil")
        if bid == "nil":
            return _msg("spades.bid_nil")
        return _msg("spades.bid", n=bid)
    if kind == "pass_cards":
        return _msg("spades.pass_danger" if view.get("double_nil_seat") == seat else "spades.pass_low")
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
            return _msg("spades.nil_safe")
        return None
    if nil_alive(partner):
        if trick and wins and (best_seat == partner or partner not in trick_seats):
            return _msg("spades.cover_nil")
        if not trick and STRENGTH[card] >= 9:
            return _msg("spades.cover_nil")
    team_bid = sum(b for b in (bids[seat], bids[partner]) if isinstance(b, int))
    made = tricks[seat] + tricks[partner] >= team_bid
    if not trick:
        if master(card):
            return _msg("spades.master")
        return None
    if not wins:
        if best_seat == partner:
            return _msg("spades.partner_wins")
        if made and winners:
            return _msg("spades.avoid_bags")
        if card == min(legal, key=low_key):
            return _msg("spades.save_high" if winners else "spades.throw_low")
        return None
    if card == min(winners, key=low_key):
        if suit_of(card) == SPADE and suit_of(trick[0]) != SPADE:
            return _msg("spades.trump")
        if len(trick) == 3 or master(card):
            return _msg("spades.lowest_winner")
    return None


# ---- Spite and Malice ----------------------------------------------------------------------------
_SM_RANKS = "A23456789TJQK"


def spite_malice_reason(view, move, after):
    seat = view["seat"]
    kind = move.get("type")
    if kind == "build":
        if move["from"] == "payoff":
            return _msg("spite_malice.payoff")
        top = view["payoff_tops"][seat]
        if top and not _sm_playable(view, top) and _sm_playable(after(), top):
            return _msg("spite_malice.toward_payoff")
        if move["from"] == "discard":
            return _msg("spite_malice.from_discard")
        return None
    if kind == "discard":
        pile = view["zones"].get(f"discard{seat}_{move['pile']}") if move["pile"] != "new" else []
        if not pile:
            return _msg("spite_malice.discard_new")
        card, below = move["card"][0], pile[-1][0]
        if card != "K" and below in _SM_RANKS and (
                card == below or _SM_RANKS.index(below) == _SM_RANKS.index(card) + 1):
            return _msg("spite_malice.discard_order")
    return None


def _sm_playable(view, top):
    """Could the pay-off card ``top`` go on a centre pile now (Kings are wild)?"""
    if top[0] == "K":
        return True
    for pile in view["centre"]:
        need = pile["needs"] if pile["cards"] else "A"
        if need == top[0]:
            return True
    return False


# ---- Skarney Gin ---------------------------------------------------------------------------------
def skarney_gin_reason(view, move, after):
    kind = move.get("type")
    if kind in ("initial_part", "initial_meld"):
        return _msg("skarney_gin.initial")
    if kind == "meld":
        return _msg("skarney_gin.meld", n=len(move["cards"]))
    if kind == "layoff":
        return _msg("skarney_gin.layoff")
    if kind == "take":
        return _msg("skarney_gin.take")
    if kind == "refuse":
        return _msg("skarney_gin.refuse")
    if kind == "offer":
        return _msg("skarney_gin.offer")
    return None


# ---- Leopard -------------------------------------------------------------------------------------
def leopard_reason(view, move, after):
    kind = move.get("type")
    if kind == "go_out":
        return _msg("leopard.go_out")
    if kind == "answer":
        return _msg("leopard.allow" if move["allow"] else "leopard.refuse")
    if kind == "discard":
        return _msg("leopard.discard")
    if kind != "place":
        return None
    side = view["sides"][view["seat"]] if "sides" in view else view["seat"] % 2
    before = view["squares"][side]["lines"]
    now = after()["squares"][side]["lines"]
    new = [line for line in now if line not in before]
    if move["square"] == side and new:
        line = max(new, key=lambda line: line["points"])
        return _msg("leopard.suit_line" if line["kind"] == "suit" else "leopard.colour_line", points=line["points"])
    if move["square"] == side and _leopard_toward_line(view, move):
        return _msg("leopard.toward_line")
    if move["square"] != side:
        theirs = view["squares"][move["square"]]
        if len(after()["squares"][move["square"]]["lines"]) < len(theirs["lines"]) or theirs["points"] > \
                after()["squares"][move["square"]]["points"]:
            return _msg("leopard.spoil")
    return None


def _leopard_toward_line(view, move):
    """Does the card go beside a face-up card of its colour, in a line whose third place is empty?"""
    from ..games.leopard import LINES
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


# ---- Spooneye ------------------------------------------------------------------------------------
def spooneye_reason(view, move, after):
    seat = view["seat"]
    kind = move.get("type")
    masts = view["masts"]
    if kind == "draw":
        return _msg("spooneye.draw")
    if kind == "capture":
        mine = masts[move["player"]]
        if len(mine) > 1 and move["mast"] == max(range(len(mine)), key=lambda i: len(mine[i]["values"])):
            return _msg("spooneye.capture_biggest")
        return _msg("spooneye.capture")
    if kind == "steal":
        return _msg("spooneye.steal")
    if kind == "play":
        to = move["to"]
        card_rank = rank_of(IDS[move["card"]])
        if isinstance(to["mast"], int) and to["player"] == seat:
            if after()["captured"][seat]["points"] > view["captured"][seat]["points"] or \
                    after().get("raised") or (after().get("last_raise") or {}) != (view.get("last_raise") or {}):
                return _msg("spooneye.raise")
        if to["player"] != seat and isinstance(to["mast"], int) and card_rank not in (2, 3, 8):
            return _msg("spooneye.load")
    return None


REASONS = {
    "spades": spades_reason,
    "spite_malice": spite_malice_reason,
    "skarney_gin": skarney_gin_reason,
    "leopard": leopard_reason,
    "spooneye": spooneye_reason,
}
