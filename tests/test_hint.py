"""Hints (pygames.ai.hints, the bridge's "hint"): the hard bot's move for the person, from the
person's own view, with a one-line reason where the game's heuristics give one.

A hint is a legal move in every game; two states that differ only in cards hidden from the person
give the same hint (asked through the bridge, as the page asks); every reason is a message the page
has words for in both languages; and the reasons say what the scenario calls for.
"""

import json
import re
from pathlib import Path

import pytest

import pygames
from pygames import ai, bridge
from pygames.ai import hints
from pygames.cards import IDS, Rng
from pygames.games import GAME_IDS, bots_module, game_class, registered
from tests.gameprops import positions_with_a_choice

ROOT = Path(__file__).resolve().parent.parent
# each language's words as the page gets them: every file of web/lang/<lang>/ merged (a game's hint
# reasons live in its own file, the Hint's own words in hint.json)
WORDS = {lang: {k: v for path in sorted((ROOT / "web" / "lang" / lang).glob("*.json"))
                for k, v in json.loads(path.read_text("utf-8")).items()} for lang in ("en", "ja")}
BUDGET = 12          # search iterations: enough to run the hard bots' search, kept quick


def positions(gid, players=None, count=4, first=1):
    """Seeded positions where the seat to act has a real choice, spread over the deal."""
    return positions_with_a_choice(gid, players, count, first, spread=(3, 5, 31))


def bridge_hint(monkeypatch, game, seat):
    """The hint the page gets for ``seat`` at ``game`` (the link, not checked here, is left out)."""
    monkeypatch.setattr(bridge.links, "encode", lambda *_a, **_k: "")
    monkeypatch.setitem(bridge._session, "game", game)
    monkeypatch.setitem(bridge._session, "seat", seat)
    answer = json.loads(bridge.call("hint", json.dumps({"budget": BUDGET})))
    assert answer["ok"], answer
    return answer["result"]


def check_reason(gid, reason):
    if reason is None:
        return
    assert isinstance(reason, dict) and reason["key"].startswith("hint."), reason
    if gid not in GAME_IDS:
        return          # a test-only game has no page, so no words
    assert reason["key"] in WORDS["en"] and reason["key"] in WORDS["ja"], f"no words for {reason['key']}"
    fields = set(re.findall(r"\{(\w+)", WORDS["en"][reason["key"]]))
    assert fields <= set(reason), f"{reason['key']} needs {fields}, has {set(reason)}"


@pytest.mark.parametrize("gid", registered())
def test_a_hint_is_a_legal_move_with_a_known_reason(gid):
    for i, g in enumerate(positions(gid)):
        view = g.view(g.current_player)
        answer = ai.hint(view, seed=i, budget=BUDGET)
        assert answer["move"] in view["legal_moves"]
        check_reason(gid, answer["reason"])
        g.play(answer["move"])          # the engine takes it


@pytest.mark.parametrize("gid", registered())
def test_hidden_cards_do_not_change_the_hint(monkeypatch, gid):
    for g in positions(gid, count=3):
        seat = g.current_player
        view = g.view(seat)
        other = next(o for o in (game_class(gid).determinize(view, Rng(500 + k)) for k in range(20))
                     if o.zones(None) != g.zones(None))
        assert other.view(seat) == view
        assert bridge_hint(monkeypatch, g, seat) == bridge_hint(monkeypatch, other, seat)


def test_no_hint_when_it_is_not_your_turn(monkeypatch):
    g = positions("spades", count=1)[0]
    monkeypatch.setitem(bridge._session, "game", g)
    monkeypatch.setitem(bridge._session, "seat", (g.current_player + 1) % 4)
    answer = json.loads(bridge.call("hint", "{}"))
    assert not answer["ok"] and "your turn" in answer["error"]


def test_every_reason_has_words_in_both_languages():
    keys = set()
    for gid in pygames.GAME_IDS:     # every "hint.<key>" a game's bots module can give as a reason
        source = Path(bots_module(gid).__file__).read_text("utf-8")
        keys.update(re.findall(r'"(hint\.[\w.]+)"', source))
    assert len(keys) >= 10
    for lang, words in WORDS.items():
        assert keys <= set(words), f"{lang}: no words for {sorted(keys - set(words))}"
    hint_words = {lang: {k: v for k, v in words.items() if k.startswith("hint.")} for lang, words in WORDS.items()}
    assert set(hint_words["en"]) == set(hint_words["ja"])
    for key, text in hint_words["en"].items():
        assert set(re.findall(r"\{(\w+)", text)) == set(re.findall(r"\{(\w+)", WORDS["ja"][key])), key


# ---- scenarios -----------------------------------------------------------------------------------
def spades_nil_positions(count=3):
    """Spades positions where seat 0 bid nil, has taken no trick and can follow suit under the trick."""
    from pygames.games.spades import trick_winner
    found = []
    for seed in range(1, 200):
        g = pygames.new_game("spades", seed=seed)
        while not g.is_over and g.deal_number == 1:
            seat = g.current_player
            view = g.view(seat)
            legal = view["legal_moves"]
            if seat == 0 and {"type": "bid", "bid": "nil"} in legal:
                g.play({"type": "bid", "bid": "nil"})
                continue
            if seat == 0 and view["phase"] == "play" and view["tricks"][0] == 0 and view["trick"] and len(legal) > 1:
                trick = [IDS[t["card"]] for t in view["trick"]]
                best = trick[trick_winner(trick)]
                losers = [m for m in legal if trick_winner([best, IDS[m["card"]]]) == 0]
                led = view["trick"][0]["card"][1]
                # a nil still worth keeping (no ace, no high spade) and a low card of the led suit to follow with
                hand = view["zones"]["hand0"]
                if not any(c[0] == "A" or c in ("KS", "QS") for c in hand) and any(m["card"][1] == led for m in losers) \
                        and len(losers) < len(legal):
                    found.append(g)
                    break
            if seat == 0 and view["phase"] == "play" and view["tricks"][0] > 0:
                break
            g.play(ai.choose_move(view, "normal", seed=seed))
        if len(found) == count:
            return found
    raise AssertionError("no nil positions found")


def test_spades_hint_keeps_your_nil_safe():
    from pygames.games.spades import trick_winner
    for g in spades_nil_positions():
        view = g.view(0)
        answer = ai.hint(view, seed=3)
        trick = [IDS[t["card"]] for t in view["trick"]]
        assert trick_winner(trick + [IDS[answer["move"]["card"]]]) != len(trick), "the hint takes the trick"
        assert answer["reason"] == {"key": "hint.spades.nil_safe"}


def test_spades_reasons_for_bids_and_for_following_partner():
    g = pygames.new_game("spades", seed=5)
    while g.view(g.current_player)["phase"] != "bid":
        g.play(ai.choose_move(g.view(g.current_player), "normal", seed=1))
    view = g.view(g.current_player)
    assert hints.reason(view, {"type": "bid", "bid": 4}) == {"key": "hint.spades.bid", "n": 4}
    assert hints.reason(view, {"type": "bid", "bid": "nil"}) == {"key": "hint.spades.bid_nil"}


def first_reason(gid, pick, want, players=None):
    """Over seeded bot-played positions, the reason of the first legal move ``pick(view, move)`` likes."""
    for seed in range(1, 40):
        g = pygames.new_game(gid, seed=seed, players=players)
        for step in range(200):
            if g.is_over:
                break
            view = g.view(g.current_player)
            for move in view["legal_moves"]:
                if pick(view, move):
                    got = hints.reason(view, move, seed)
                    if got and got["key"] in want:
                        return got
            g.play(ai.choose_move(view, "normal", seed=step))
    raise AssertionError(f"{gid}: no move found giving {want}")


def test_leopard_reasons_name_the_line_completed_and_the_discard():
    got = first_reason("leopard", lambda v, m: m["type"] == "place" and m["square"] == v["sides"][v["seat"]],
                       {"hint.leopard.suit_line", "hint.leopard.colour_line"})
    assert got.get("points", 1) >= 1
    assert first_reason("leopard", lambda v, m: m["type"] == "discard", {"hint.leopard.discard"})


def test_spite_malice_reasons_for_the_payoff_card_and_discards():
    assert first_reason("spite_malice", lambda v, m: m.get("from") == "payoff", {"hint.spite_malice.payoff"})
    assert first_reason("spite_malice", lambda v, m: m["type"] == "discard",
                        {"hint.spite_malice.discard_new", "hint.spite_malice.discard_order"})


def spite_malice_claim_holds(view, move, reason):
    """Whether what a Spite and Malice reason says is true of ``view`` and ``move``."""
    seat, key = view["seat"], reason["key"].split(".")[-1]
    rank = "A23456789TJQK".index
    pile = view["centre"][move["pile"]] if move.get("pile") not in (None, "new") and move["type"] == "build" else None
    below = (view["zones"][f"discard{seat}_{move['pile']}"] or [None])[-1] \
        if move["type"] == "discard" and move["pile"] != "new" else None
    hand = view["zones"][f"hand{seat}"]
    after = game_class("spite_malice").determinize(view, Rng(0))
    after.play(move)
    after = after.view(seat)
    nxt = view["payoff_tops"][(seat + 1) % view["players"]]
    claims = {
        "end_turn": lambda: move["type"] == "end_turn",
        "payoff": lambda: move.get("from") == "payoff",
        "toward_payoff": lambda: not fits_a_pile(view, view["payoff_tops"][seat]) and fits_a_pile(after, view["payoff_tops"][seat]),
        "block": lambda: reason.get("card") == nxt and fits_a_pile(view, nxt) and not fits_a_pile(after, nxt),
        "complete": lambda: pile is not None and pile["needs"] == "Q",
        "from_discard": lambda: move.get("from") == "discard",
        "empty_hand": lambda: move.get("from") == "hand" and len(hand) == 1,
        "ace": lambda: move.get("card", "")[0:1] == "A" and move.get("pile") == "new",
        "king": lambda: move.get("card", "")[0:1] == "K" and reason["rank"]["key"].endswith("." + (pile["needs"] if pile else "A")),
        "from_hand": lambda: move.get("from") == "hand" and len(hand) > 1,
        "discard_new": lambda: move["type"] == "discard" and below is None,
        "discard_order": lambda: below is not None and "K" not in (move["card"][0], below[0])
        and rank(below[0]) - rank(move["card"][0]) in (0, 1),
        "discard_below": lambda: below is not None and "K" not in (move["card"][0], below[0])
        and rank(below[0]) > rank(move["card"][0]),
        "discard_high": lambda: move["type"] == "discard" and move["card"][0] != "K"
        and rank(move["card"][0]) == max(rank(c[0]) for c in hand if c[0] != "K"),
        "discard_least": lambda: move["type"] == "discard" and not any(
            m["pile"] == "new" or not view["zones"][f"discard{seat}_{m['pile']}"]
            or "K" not in (m["card"][0], view["zones"][f"discard{seat}_{m['pile']}"][-1][0])
            and rank(m["card"][0]) <= rank(view["zones"][f"discard{seat}_{m['pile']}"][-1][0])
            for m in view["legal_moves"] if m["type"] == "discard"),
    }
    return claims[key]()


def fits_a_pile(view, top):
    """The referee's own reading of the rules: could ``top`` go on a centre pile of ``view`` now
    (Kings wild, an Ace on an empty place)?"""
    if top[0] == "K":
        return True
    return any((pile["needs"] if pile["cards"] else "A") == top[0] for pile in view["centre"])


def test_spite_malice_gives_a_reason_true_to_the_position_for_every_hint():
    """Every move the Hard bot hints gets a reason (it said only "the move the Hard bot would make"
    for most builds from the hand, most discards and the end of a turn), and every reason any legal
    move gets says what is true: the pile it completes needs a Queen, the card it blocks is the next
    player's pay-off card and fits nowhere after the move, a discard "in order" goes on its own
    rank or the next one up, and so on."""
    seen = set()
    hinted = 0
    for i, g in enumerate(positions_with_a_choice("spite_malice", count=12, spread=(4, 9, 41))):
        view = g.view(g.current_player)
        answer = ai.hint(view, seed=i, budget=BUDGET)
        assert answer["reason"] is not None, (i, answer["move"])
        hinted += 1
        for move in view["legal_moves"]:
            got = hints.reason(view, move, seed=i)
            if got is None:
                continue
            check_reason("spite_malice", got)
            seen.add(got["key"])
            assert spite_malice_claim_holds(view, move, got), (i, move, got)
    assert hinted == 12
    assert {"hint.spite_malice.from_hand", "hint.spite_malice.discard_high", "hint.spite_malice.discard_below",
            "hint.spite_malice.ace"} <= seen, seen


def test_skarney_gin_and_spooneye_give_reasons():
    assert first_reason("skarney_gin", lambda v, m: m["type"] == "meld", {"hint.skarney_gin.meld"})
    assert first_reason("skarney_gin", lambda v, m: m["type"] in ("take", "refuse"),
                        {"hint.skarney_gin.take", "hint.skarney_gin.refuse"})
    assert first_reason("spooneye", lambda v, m: m["type"] == "draw", {"hint.spooneye.draw"})
    assert first_reason("spooneye", lambda v, m: m["type"] == "play" and m["to"]["player"] == v["seat"],
                        {"hint.spooneye.raise"})


def test_spades_trick_reasons_say_what_the_card_does():
    """Over many tricks: "cannot win" only when no card can, "wins"/"trumps" only for a card that beats
    the trick so far, "leaves it to your partner" only when the partner is winning it."""
    from pygames.games.spades import trick_winner
    seen = set()
    for seed in range(1, 8):
        g = pygames.new_game("spades", seed=seed)
        while not g.is_over and g.deal_number == 1:
            view = g.view(g.current_player)
            if view["phase"] == "play" and view["trick"]:
                trick = [IDS[t["card"]] for t in view["trick"]]
                best_i = trick_winner(trick)
                beats = {m["card"] for m in view["legal_moves"] if trick_winner([trick[best_i], IDS[m["card"]]]) == 1}
                for move in view["legal_moves"]:
                    got = (hints.reason(view, move) or {}).get("key")
                    seen.add(got)
                    if got == "hint.spades.throw_low":
                        assert not beats
                    if got in ("hint.spades.lowest_winner", "hint.spades.trump"):
                        assert move["card"] in beats
                    if got == "hint.spades.partner_wins":
                        assert view["trick"][best_i]["seat"] == (view["seat"] + 2) % 4
            g.play(ai.choose_move(view, "normal", seed=seed))
    assert {"hint.spades.throw_low", "hint.spades.lowest_winner", "hint.spades.partner_wins"} <= seen
