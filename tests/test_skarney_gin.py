"""Skarney Gin: melds, every rule, the worked examples of docs/rules/skarney_gin.md and seeded random matches."""

import json
from itertools import combinations

import pytest

import pygames
from pygames.cards import IDS, Rng
from pygames.games import skarney_gin as sg
from pygames.text import render
from tests.gameprops import matches, play_random_match
from tests.helpers.skarney_gin import hand_order, ids, position


def types(game):
    return {m["type"] for m in game.legal_moves()}


def refusal(game, move):
    """The English text of the refusal (the state unchanged); every key has a template."""
    before = json.dumps(game.view(None), sort_keys=True)
    with pytest.raises(pygames.IllegalMove) as e:
        game.play(move)
    assert json.dumps(game.view(None), sort_keys=True) == before
    assert e.value.key in sg.SkarneyGin.TEXTS or e.value.key.startswith("engine.")
    return str(e.value)


def key_of(game, move):
    with pytest.raises(pygames.IllegalMove) as e:
        game.play(move)
    return e.value.key


# ---- melds ------------------------------------------------------------------------------------
def test_worked_example_melds():
    assert sg.meld_kind(["QS", "KH", "AD"]) == "straight"
    assert sg.meld_kind(["KS", "AH", "2D"]) is None
    assert sg.meld_kind(["5C", "6C", "7C"]) == "sequence"


@pytest.mark.parametrize("cards, kind", [
    ("7H 7S 7D", "group"),
    ("7H 7S 7D 7C", "group"),
    ("AS AH AD", "group"),
    ("AS 2S 3S", "sequence"),
    ("QH KH AH", "sequence"),
    ("AH QH KH", "sequence"),
    ("2H 3H 4H 5H 6H 7H 8H", "sequence"),
    ("AD 2S 3H", "straight"),
    ("QS KH AD", "straight"),
    ("TS JH QD KC AS", "straight"),
    ("TS JS QS KS AS", "sequence"),
    ("8C 9D TC", "straight"),
    ("AS 2H 3D 4C 5S 6H 7D 8C 9S TH JD QC KS", "straight"),
    ("2H 3D 4C 5S 6H 7D 8C 9S TH JD QC KS AH", "straight"),
])
def test_valid_melds(cards, kind):
    assert sg.meld_kind(cards.split()) == kind
    assert sg.meld_problem(ids(cards)) is None


@pytest.mark.parametrize("cards", [
    "KS AH 2D", "KH AH 2H", "QS KH AD 2C", "JS QS KS AS 2S",   # round the corner
    "7H 7S", "7H", "",                                       # too few
    "7H 7S 7D 7C 7H", "7H 7H 7S", "5C 6C 6C 7C",             # the same card twice (a group of 5)
    "7H 7S 8H", "5C 6C 8C", "2S 4H 6D", "AS 3S 4S", "QS KS 2S", "7H 7S 8H 8S 9H",
])
def test_invalid_melds(cards):
    assert sg.meld_kind(cards.split()) is None
    assert sg.meld_problem(ids(cards)) is not None


def test_meld_kind_rejects_garbage():
    assert sg.meld_kind(["XX", "7H", "7S"]) is None
    assert sg.meld_kind(None) is None
    assert sg.why_not_meld(["KH", "AD", "2C"]) == {"key": "skarney_gin.meld.corner", "cards": ["KH", "AD", "2C"]}
    assert render(sg.why_not_meld(["KH", "AD", "2C"])) == "K\u2665 A\u2666 2\u2663 is not a meld: the Ace cannot turn the corner."
    assert sg.why_not_meld(["7H", "7S", "7D"]) is None
    assert sg.why_not_meld(["7H", "7S", "ZZ"]) == {"key": "engine.not_a_card", "card": "ZZ"}
    assert sg.why_not_meld(None)["key"] == "skarney_gin.refuse.cards_list"


def test_front_end_queries_through_the_bridge():
    from pygames import bridge
    ask = {"game": "skarney_gin", "name": "meld_kind", "args": [["QS", "KH", "AD"]]}
    assert json.loads(bridge.call("query", json.dumps(ask))) == {"ok": True, "result": "straight"}
    ask = {"game": "skarney_gin", "name": "why_not_meld", "args": [["KS", "AH", "2D"]]}
    assert json.loads(bridge.call("query", json.dumps(ask)))["result"]["key"] == "skarney_gin.meld.corner"


def test_meld_problem_reasons():
    def key(cards):
        return sg.meld_problem(ids(cards))["key"].rsplit(".", 1)[1]

    assert sg.meld_problem(ids("KH AD 2C"))["cards"] == ["KH", "AD", "2C"]      # read round the corner
    assert sg.meld_problem(ids("QS KH AD 2C"))["cards"] == ["QS", "KH", "AD", "2C"]
    assert [key(c) for c in ("KH AD 2C", "5C 6C 8C", "5C 6C", "5C 5C 5H", "7H 7S 7D 7C 7H", "7H 7S 8H")] == [
        "corner", "gap", "too_few", "twice", "twice", "mixed"]


def test_table_meld_may_change_kind():
    # ruling: a meld stays valid while it forms any kind, so a sequence may grow into a straight
    assert sg.kind_of(ids("5C 6C 7C 8H")) == "straight"
    assert sg.natural_order(ids("AS KH QD")) == ids("QD KH AS")
    assert sg.natural_order(ids("3S AS 2S")) == ids("AS 2S 3S")


def test_melds_in_lists_every_meld_once():
    rng = Rng(5)
    for _ in range(200):
        hand = rng.shuffle(list(range(52)))[:9]
        found = sg.melds_in(hand)
        expected = {frozenset(s) for n in range(3, 10) for s in combinations(hand, n) if sg.kind_of(list(s))}
        assert len(found) == len(expected) and {frozenset(m) for m in found} == expected


def test_initial_parts_are_the_triples_that_can_complete_the_initial_meld():
    """initial_parts lists exactly the 3-card melds that belong to some set of three disjoint 3-card
    melds together with the pending ones (brute force over the hand's triples)."""
    rng = Rng(9)
    for _ in range(80):
        hand = rng.shuffle(list(range(52)))[:13]
        triples = [frozenset(t) for t in combinations(hand, 3) if sg.kind_of(list(t))]
        ways = [(a, b, c) for a, b, c in combinations(triples, 3) if not (a & b or a & c or b & c)]
        found = [frozenset(t) for t in sg.initial_parts(hand)]
        assert len(found) == len(set(found)) and set(found) == {t for w in ways for t in w}
        if ways:
            first = sorted(ways[0][0])
            after = {frozenset(t) for t in sg.initial_parts(hand, [first])}
            assert after == {t for w in ways if frozenset(first) in w for t in w} - {frozenset(first)}


def test_a_25_card_hand_lists_few_moves():
    """A hand grown to 25 cards once listed 31,244 whole initial melds; one meld at a time keeps the
    list short (and fast) at every step of building it."""
    hand = ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH")
    g = position([hand, "AD 2D 3D"])
    moves = g.legal_moves()
    parts = [m for m in moves if m["type"] == "initial_part"]
    assert 0 < len(parts) <= 150 and len(moves) == len(parts) + 25     # the parts and 25 offers
    for _ in range(3):
        g.play([m for m in g.legal_moves() if m["type"] == "initial_part"][-1])
        assert len(g.legal_moves()) <= 150
    assert {m["type"] for m in g.legal_moves()} == {"take_back", "initial_meld"}
    g.play({"type": "initial_meld"})
    assert g.initial_done[0] and len(g.hands[0]) == 16


def test_the_whole_initial_meld_in_one_move_is_its_parts_and_the_commit():
    """play() takes the whole initial meld at once when none is chosen yet: the same as its three
    parts and the commit; a bad meld among them is refused with its reason and nothing is played."""
    hand = "7H 7S 7D 4C 5C 6C 9D TS JH 2S KD"
    melds = [["7H", "7S", "7D"], ["4C", "5C", "6C"], ["9D", "TS", "JH"]]
    one = position([hand, "AD 2D 3D"])
    stepwise = position([hand, "AD 2D 3D"])
    before = one.to_json()
    bad = [["7H", "7S", "KD"], melds[1], melds[2]]
    with pytest.raises(pygames.IllegalMove) as refused:
        one.play({"type": "initial_meld", "melds": bad})
    assert "is not a meld" in str(refused.value) and one.to_json() == before
    with pytest.raises(pygames.IllegalMove) as refused:    # nothing rides along, as on any move
        one.play({"type": "initial_meld", "melds": melds, "junk": 1})
    assert refused.value.key == "engine.unknown_key" and "junk" in str(refused.value) and one.to_json() == before
    one.play({"type": "initial_meld", "melds": melds})
    for part in melds:
        stepwise.play({"type": "initial_part", "cards": part})
    stepwise.play({"type": "initial_meld"})
    assert one.to_json() == stepwise.to_json() and one.initial_done[0]
    assert [m["type"] for m in one.history][-4:] == ["initial_part"] * 3 + ["initial_meld"]


# ---- scoring: the worked examples ---------------------------------------------------------------
def test_card_points():
    assert [sg.card_points(c) for c in ids("AS 2H 9D TC JS QH KD")] == [15, 2, 9, 10, 10, 10, 10]


def test_skarney_against_an_opponent_who_never_melded():
    assert sg.skarney_points(ids("AS KD 5C"), opponent_melded=False) == 70
    assert sg.skarney_points(ids("AS KD 5C"), opponent_melded=True) == 50


def test_no_skarney_lower_hand_scores_the_difference():
    first, second = ids("KS QS 3D"), ids("KH QH 9C 2D")            # 23 and 31
    assert sg.stock_end_points(first, second) == [8, 0]
    assert sg.stock_end_points(first, first[:]) == [0, 0]


def test_game_over_bonuses():
    result = sg.match_result([215, 60], [6, 2])
    assert result["final"] == [565, 110] and result["difference"] == 455 and result["winner"] == 0
    assert result["box_bonus"] == [150, 50] and result["game_bonus"] == [200, 0]
    assert result["shutout_bonus"] == [0, 0]
    shutout = sg.match_result([0, 204], [0, 5])
    assert shutout["final"] == [0, 204 + 125 + 200 + 200] and shutout["shutout_bonus"] == [0, 200]


# ---- the game in play ---------------------------------------------------------------------------
def test_options_and_players():
    assert pygames.new_game("skarney_gin", seed=1, options={"target": 100}).options["target"] == 100
    with pytest.raises(ValueError):
        pygames.new_game("skarney_gin", seed=1, options={"target": 150})
    with pytest.raises(ValueError):
        pygames.new_game("skarney_gin", seed=1, players=3)


def test_first_deal():
    g = pygames.new_game("skarney_gin", seed=3)
    view = g.view(None)
    cut = view["cut"][-1]
    assert IDS[cut[view["dealer"]]] % 13 < IDS[cut[1 - view["dealer"]]] % 13
    first = 1 - g.dealer
    assert g.current_player == first and view["phase"] == "play" and view["turn_of"] == first
    assert len(g.hands[first]) == 11 and len(g.hands[g.dealer]) == 10 and len(g.stock) == 31
    assert view["stock_count"] == 31 and view["drew"]


def test_cut_ties_are_recut():
    g = pygames.new_game("skarney_gin", seed=20)
    assert g.cut == [["KH", "KD"], ["JD", "3H"]] and g.dealer == 1


def test_initial_meld_is_exactly_three_three_card_melds_laid_together():
    g = position(["7H 7S 7D 4C 5C 6C 9D TS JH 2S KD AS", "2H 3D 4D 5D 8C 9C TC QD QS"])
    legal = g.legal_moves()
    assert types(g) == {"initial_part", "offer"}
    # only the melds of the one way to lay three separate 3-card melds are offered
    assert [m["cards"] for m in legal if m["type"] == "initial_part"] == [
        ["4C", "5C", "6C"], ["7S", "7H", "7D"], ["9D", "TS", "JH"]]
    assert "first" in refusal(g, {"type": "meld", "cards": ["7H", "7S", "7D"]})
    assert "corner" in refusal(g, {"type": "initial_part", "cards": ["KD", "AS", "2S"]})
    assert "exactly three cards" in refusal(g, {"type": "initial_part", "cards": ["9D", "TS", "JH", "KD"]})
    assert "needs three 3-card melds; 0 chosen" in refusal(g, {"type": "initial_meld"})
    # any order of cards is the same move; the melds stay in the hand until laid down together
    g.play({"type": "initial_part", "cards": ["7D", "7H", "7S"]})
    assert g.view(0)["pending"] == [["7S", "7H", "7D"]] and len(g.hands[0]) == 12
    assert types(g) == {"initial_part", "take_back"}                # no offer while melds are pending
    assert "Lay your chosen initial meld down" in refusal(g, {"type": "offer", "card": "KD"})
    g.play({"type": "take_back", "part": 0})
    assert g.pending == [] and "offer" in types(g)
    for part in (["JH", "9D", "TS"], ["6C", "4C", "5C"], ["7D", "7H", "7S"]):
        g.play({"type": "initial_part", "cards": part})
    assert types(g) == {"take_back", "initial_meld"}
    assert "has its three melds" in refusal(g, {"type": "initial_part", "cards": ["2S", "KD", "AS"]})
    commit = g.legal_moves()[-1]
    assert commit == {"type": "initial_meld", "melds": [["9D", "TS", "JH"], ["4C", "5C", "6C"], ["7S", "7H", "7D"]]}
    assert key_of(g, {"type": "initial_meld", "melds": [["9D", "TS", "JH"]]}) == "skarney_gin.refuse.commit_other"
    g.play({"type": "initial_meld"})
    assert g.initial_done[0] and len(g.melds[0]) == 3 and g.hands[0] == ids("AS 2S KD")
    assert types(g) == {"offer"}                        # nothing else that turn
    assert "nothing else" in refusal(g, {"type": "meld", "cards": ["2S", "3S", "4S"]})
    assert "already" in refusal(g, {"type": "initial_part", "cards": ["2S", "KD", "AS"]})


def test_a_part_that_leaves_no_initial_meld_is_refused_with_the_reason():
    g = position(["7H 7S 7D 7C 8C 9C 4H 5H 6H 2S KD", "2H 3D 4D 5D 8D 9D TC QD QS"])
    # 6-7-8 is a straight, but then the rest holds only one more separate 3-card meld (the 7s)
    assert sg.kind_of(ids("6H 7C 8C")) == "straight"
    assert {"type": "initial_part", "cards": ["6H", "7C", "8C"]} not in g.legal_moves()
    assert refusal(g, {"type": "initial_part", "cards": ["8C", "6H", "7C"]}) == (
        "6\u2665 7\u2663 8\u2663 is a meld, but the rest of your hand holds no 2 other separate 3-card "
        "melds to go with it.")
    g.play({"type": "initial_part", "cards": ["7C", "8C", "9C"]})
    assert "7\u2663 is already in your initial meld" in refusal(g, {"type": "initial_part", "cards": ["7S", "7D", "7C"]})
    g.play({"type": "initial_part", "cards": ["4H", "5H", "6H"]})
    # the last meld: only the group of the three other sevens completes it
    assert [m["cards"] for m in g.legal_moves() if m["type"] == "initial_part"] == [["7S", "7H", "7D"]]


def test_pending_melds_are_seen_only_by_their_player():
    g = position(["7H 7S 7D 4C 5C 6C 9D TS JH 2S KD AS", "2H 3D 4D 5D 8C 9C TC QD QS"])
    before = g.view(1)
    g.play({"type": "initial_part", "cards": ["7H", "7S", "7D"]})
    other = g.view(1)
    assert other["pending"] is None and g.view(0)["pending"] == [["7S", "7H", "7D"]]
    assert other["log"][-1] == {"seat": 0, "move": {"type": "initial_part", "cards": ["??", "??", "??"]}}
    assert g.view(0)["log"][-1]["move"]["cards"] == ["7S", "7H", "7D"]
    for key in ("zones", "hand_counts", "melds", "initial_done"):
        assert other[key] == before[key]
    assert g.info_key(1) == type(g).determinize(other, Rng(3)).info_key(1)


def test_cards_seen_going_into_a_hand_stay_there_when_sampling():
    g = position(["KD 3S 9H 4H", "4C 5C 6C 2D"], melds=[["7H 7S 7D", "4D 5D 6D", "9D TS JH"], []],
                 initial=(True, False))
    g.play({"type": "offer", "card": "KD"})
    g.play({"type": "take"})                       # player 0 saw KD go into player 1's hand
    g.play({"type": "offer", "card": "2D"})
    g.play({"type": "refuse"})                     # and player 1 saw 2D go back
    assert g.view(0)["shown"] == [[], ["2D", "KD"]]
    rng = Rng(1)
    for _ in range(20):
        sample = type(g).determinize(g.view(0), rng)
        assert {IDS["KD"], IDS["2D"]} <= set(sample.hands[1])
    # a card shown and then offered again is no longer known to be there
    g.play({"type": "offer", "card": "9H"})
    g.play({"type": "refuse"})
    g.play({"type": "offer", "card": "KD"})
    assert g.view(0)["shown"][1] == ["2D"]


def test_melds_and_layoffs_after_the_initial_meld():
    g = position(["7C 2H 3H 4H 5H KS", "AS 2C 3D"], melds=[["7H 7S 7D", "4C 5C 6C", "9D TS JH"], []],
                 initial=(True, False))
    legal = g.legal_moves()
    assert {"type": "meld", "cards": ["2H", "3H", "4H", "5H"]} in legal
    assert {"type": "layoff", "meld": 0, "cards": ["7C"]} in legal
    assert {"type": "layoff", "meld": 1, "cards": ["3H"]} in legal       # 3-4-5-6 of mixed suits
    assert {"type": "layoff", "meld": 2, "cards": ["KS"]} not in legal   # 9-10-J needs Q first
    g.play({"type": "meld", "cards": ["5H", "3H", "2H", "4H"]})
    assert g.view(0)["melds"][0][3] == {"index": 3, "cards": ["2H", "3H", "4H", "5H"],
                                        "kind": "sequence", "laid_this_turn": 0}
    g.play({"type": "layoff", "meld": 0, "cards": ["7C"]})
    assert g.view(0)["melds"][0][0]["cards"] == ["7S", "7H", "7D", "7C"]
    assert "does not leave a meld" in refusal(g, {"type": "layoff", "meld": 2, "cards": ["KS"]})
    assert "no meld" in refusal(g, {"type": "layoff", "meld": 7, "cards": ["KS"]})


def test_at_most_two_cards_per_meld_per_turn():
    g = position(["8C 9C TC JC QH", "AS 2C 3D"], melds=[["5C 6C 7C", "2H 3H 4H"], []],
                 initial=(True, False))
    assert {"type": "layoff", "meld": 0, "cards": ["8C", "9C"]} in g.legal_moves()
    g.play({"type": "layoff", "meld": 0, "cards": ["8C"]})
    assert g.view(0)["melds"][0][0]["laid_this_turn"] == 1
    assert {"type": "layoff", "meld": 0, "cards": ["9C", "TC"]} not in g.legal_moves()
    g.play({"type": "layoff", "meld": 0, "cards": ["9C"]})
    assert not any(m["type"] == "layoff" and m["meld"] == 0 for m in g.legal_moves())
    assert refusal(g, {"type": "layoff", "meld": 0, "cards": ["TC"]}) == \
        "You may add at most 2 cards to a meld per turn."
    # next turn the meld takes cards again
    g.play({"type": "offer", "card": "QH"})
    g.play({"type": "refuse"})
    g.play({"type": "offer", "card": g.view(1)["zones"]["hand1"][0]})
    g.play({"type": "refuse"})
    assert {"type": "layoff", "meld": 0, "cards": ["TC"]} in g.legal_moves()


def test_layoffs_only_to_own_melds():
    g = position(["7C 2S", "AS 2C 3D"], melds=[["JH QH KH"], ["7H 7S 7D"]], initial=(True, True))
    assert not any(m["type"] == "layoff" for m in g.legal_moves())    # 7C fits only the opponent's group
    assert "does not leave a meld" in refusal(g, {"type": "layoff", "meld": 0, "cards": ["7C"]})


def codes(cards):
    return " ".join(sg.CODES[c] for c in cards)


def test_layoff_moves_match_brute_force():
    rng = Rng(11)
    checked = 0
    while checked < 100:
        deck = rng.shuffle(list(range(52)))
        melds = sg.melds_in(deck[:15])
        if not melds:
            continue
        meld = list(rng.choice(melds))
        near = [c for c in deck if c not in meld and min(abs(c % 13 - m % 13) for m in meld) <= 2]
        hand = near[:8]
        g = position([codes(hand), codes([c for c in deck if c not in meld and c not in hand][:3])],
                     melds=[[codes(meld)], []], initial=(True, False))
        found = {tuple(m["cards"]) for m in g.legal_moves() if m["type"] == "layoff"}
        expected = {tuple(sg.CODES[c] for c in hand_order(s)) for n in (1, 2) for s in combinations(hand, n)
                    if sg.kind_of(meld + list(s))}
        assert found == expected
        checked += 1


def test_offer_take_and_no_reoffer():
    g = position(["KD 3S 9H", "4C 5C 6C"], melds=[["7H 7S 7D", "4H 5H 6H", "9D TS JH"], []],
                 initial=(True, False))
    g.play({"type": "offer", "card": "KD"})
    view = g.view(1)
    assert view["phase"] == "answer" and view["offer"] == "KD" and view["zones"]["offer"] == ["KD"]
    assert view["turn_of"] == 0 and g.current_player == 1 and types(g) == {"take", "refuse"}
    assert "K\u2666 is on offer" in refusal(g, {"type": "offer", "card": "4C"})
    g.play({"type": "take"})
    assert g.turn == 1 and len(g.hands[1]) == 5 and IDS["KD"] in g.hands[1]
    assert g.view(1)["accepted"] == [None, "KD"]
    assert {"type": "offer", "card": "KD"} not in g.legal_moves()
    assert refusal(g, {"type": "offer", "card": "KD"}) == "You accepted K\u2666 last turn: offer another card."
    g.play({"type": "offer", "card": "4C"})
    g.play({"type": "refuse"})
    assert g.view(0)["accepted"] == [None, None]
    g.play({"type": "offer", "card": "3S"})
    g.play({"type": "refuse"})
    assert {"type": "offer", "card": "KD"} in g.legal_moves()       # only the previous turn counts
    assert "no offer to answer" in refusal(g, {"type": "take"}).lower()


def test_refused_offer_goes_back():
    g = position(["KD 3S", "4C 5C 6C"], stock="2C 8D QC")
    g.play({"type": "offer", "card": "3S"})
    assert g.hands[0] == ids("KD")
    g.play({"type": "refuse"})
    assert g.hands[0] == hand_order(ids("3S KD")) and g.accepted == [None, None] and g.turn == 1


def test_an_accepted_ace_skips_the_next_draw():
    g = position(["AD 3S 4H", "4C 5C 6C"], stock="2C 8D QC")
    g.play({"type": "offer", "card": "AD"})
    g.play({"type": "take"})
    view = g.view(1)
    assert g.hands[1] == hand_order(ids("4C 5C 6C AD")) and view["stock_count"] == 3
    assert not view["drew"] and view["skip_draw"] == [False, True]
    g.play({"type": "offer", "card": "4C"})
    g.play({"type": "take"})
    assert g.view(0)["skip_draw"] == [False, False]                                 # not an Ace: the draw follows
    assert g.view(0)["drew"] and len(g.stock) == 2


def test_an_ace_accepted_from_an_offer_is_never_offered_again_that_deal():
    """Ruling: an Ace taken from an offer goes round once - not back the next turn, nor ever later
    in the deal (each taken Ace skips a draw: passed to and fro, the stock would never shrink)."""
    g = position(["AD 3S 4H 9C", "4C 5C 6C 8S"], stock="2C 8D QC KC 7D")
    g.play({"type": "offer", "card": "AD"})
    g.play({"type": "take"})
    assert g.view(0)["aces_taken"] == ["AD"]
    g.play({"type": "offer", "card": "4C"})
    g.play({"type": "refuse"})
    g.play({"type": "offer", "card": "3S"})     # seat 0's turn: seat 1 still holds the Ace
    g.play({"type": "refuse"})
    assert IDS["AD"] in g.hands[1] and {"type": "offer", "card": "AD"} not in g.legal_moves()   # a turn later too
    before = g.to_json()
    assert refusal(g, {"type": "offer", "card": "AD"}).startswith("A\u2666 was taken from an offer this deal")
    assert g.to_json() == before


def test_no_deal_passes_aces_to_and_fro():
    """Over seeded random deals: no Ace is ever accepted twice in one deal."""
    for seed in range(60):
        g = pygames.new_game("skarney_gin", seed=seed)
        rng = Rng(seed)
        taken, deal = [], g.deal_number
        while not g.is_over and g.move_count < 600:
            if g.deal_number != deal:
                taken, deal = [], g.deal_number
            offer = g.offer
            legal = g.legal_actions()
            if not legal:
                break
            action = legal[rng.below(len(legal))]
            if offer is not None and action == sg.TAKE and offer % 13 == 0:
                assert offer not in taken, (seed, sg.CODES[offer])
                taken.append(offer)
            g.apply_action(action)


def test_last_card():
    g = position(["2S 3S", "4C 5C 6C"], melds=[["7H 7S 7D", "4H 5H 6H", "9D TS JH"], []],
                 initial=(True, False), stock="2C 8D QC KC")
    g.play({"type": "layoff", "meld": 1, "cards": ["3S"]})
    assert "last_card" in types(g) and "offer" not in types(g)
    assert "last card" in refusal(g, {"type": "offer", "card": "2S"})
    g.play({"type": "last_card"})
    assert g.view(1)["last_card"] == [True, False] and g.turn == 1 and g.offer is None
    assert "only with one card" in refusal(g, {"type": "last_card"})


def test_skarney_ends_the_deal_at_once():
    g = position(["2S 3S", "AS KD 5C"], melds=[["7H 7S 7D", "4H 5H 6H", "9D TS JH"], []],
                 initial=(True, False), stock="2C 8D QC KC")
    g.play({"type": "layoff", "meld": 1, "cards": ["3S", "2S"]})
    last = g.view(0)["last_deal"]
    assert last["points"] == [70, 0] and last["skarney"] == 0
    assert last["lines"] == [{"key": "skarney_gin.line.skarney_unmelded", "seat": 0, "other": 1, "bonus": 40,
                              "hand": 30, "cards": ["AS", "5C", "KD"], "points": 70}]
    assert render(last["lines"][0]).startswith("Player 1 went out (Skarney): bonus 40 (doubled")
    assert g.totals == [70, 0] and g.deals_scored == [1, 0]
    assert g.deal_number == 2 and g.dealer == 1                  # the loser deals
    assert g.view(0)["log"] == [] and g.view(0)["deal"] == 2
    assert len(g.hands[0]) == 11 and len(g.melds[0]) == 0 and g.initial_done == [False, False]


def test_stock_end():
    g = position(["2S 3S 9C", "AS KD 5C"], melds=[["7H 7S 7D", "4H 5H 6H", "9D TS JH"], []],
                 initial=(True, False), stock="2C 8D QC")
    g.play({"type": "offer", "card": "9C"})
    g.play({"type": "refuse"})
    assert len(g.stock) == 2 and g.view(1)["stock_end"]                 # player 1 drew QC
    assert types(g) == {"end_deal"}
    assert "end the deal" in refusal(g, {"type": "offer", "card": "AS"})
    g.play({"type": "end_deal"})
    assert g.last_deal["hand_points"] == [14, 40] and g.last_deal["points"] == [26, 0]
    assert g.totals == [26, 0] and g.dealer == 1                          # the loser deals


def test_going_out_on_the_turn_that_empties_the_stock():
    g = position(["2S", "AS KD 5C"], melds=[["7H 7S 7D", "4H 5H 6H", "9D TS JH"], []],
                 initial=(True, False), stock="2C 8D 3S")
    g._start_turn(0)
    assert g.stock_end and g.hands[0] == hand_order(ids("2S 3S"))
    assert {"type": "end_deal"} in g.legal_moves() and "offer" not in types(g)
    g.play({"type": "layoff", "meld": 1, "cards": ["3S", "2S"]})
    assert g.last_deal["skarney"] == 0 and g.last_deal["points"] == [70, 0]


def test_equal_hands_score_nothing_and_the_dealer_deals_again():
    g = position(["KS 9C", "KD 9H"], stock="2C 8D QC")
    g.dealer = 1
    g.stock_end = True
    g._legal_cache = None
    g.play({"type": "end_deal"})
    assert g.last_deal["points"] == [0, 0] and g.dealer == 1 and g.deals_scored == [0, 0]
    assert [m["key"] for m in g.last_deal["lines"]][-1] == "skarney_gin.line.equal"


def test_match_end():
    g = position(["2S 3S", "AS KD 5C"], melds=[["7H 7S 7D", "4H 5H 6H", "9D TS JH"], []],
                 initial=(True, False), target=100)
    g.totals, g.deals_scored = [40, 0], [2, 0]
    g.play({"type": "layoff", "meld": 1, "cards": ["3S", "2S"]})
    view = g.view(1)
    assert g.is_over and g.current_player is None and g.legal_moves() == []
    assert view["phase"] == "over" and view["totals"] == [110, 0]
    result = view["result"]
    assert result["box_bonus"] == [75, 0] and result["game_bonus"] == [200, 0]
    assert result["shutout_bonus"] == [200, 0] and result["final"] == [585, 0] and result["difference"] == 585
    assert view["scores"] == [585, 0] and view["zones"]["hand0"] == []
    assert result["lines"][0] == {"key": "skarney_gin.result.seat", "seat": 0, "points": 110, "box": 75,
                                  "deals": 3, "game": 200, "shutout": 200, "final": 585}
    assert render(result["lines"][2]) == "Winner: Player 1, by 585 points."
    assert "The match is over" in refusal(g, {"type": "offer", "card": "AS"})


def test_view_zones_and_fields():
    g = pygames.new_game("skarney_gin", seed=8)
    full, seat = g.view(None), g.view(g.dealer)
    assert set(full["zones"]) == {"hand0", "hand1", "stock", "melds0", "melds1", "offer"}
    assert sum(len(z) for z in full["zones"].values()) == 52
    mover = 1 - g.dealer
    assert set(seat["zones"][f"hand{mover}"]) == {"??"} and set(seat["zones"]["stock"]) == {"??"}
    assert seat["legal_moves"] == [] and g.view(mover)["legal_moves"] == g.legal_moves()
    for key in ("phase", "turn_of", "dealer", "cut", "deal", "log", "move_count", "melds", "initial_done",
                "pending", "offer", "accepted", "skip_draw", "last_card", "stock_count", "stock_end",
                "hand_counts", "shown", "target", "totals", "deals_scored", "last_deal", "result", "deal_log"):
        assert key in seat, key
    assert "history" not in seat
    assert "seed" not in seat
    json.dumps(full)


def test_why_illegal_messages():
    g = position(["7H 7S 7D 4C 5C 6C 9D TS JH 2S KD", "AS 2H 3D"])
    assert "A Skarney Gin move is one of" in refusal(g, {"type": "discard", "card": "KD"})
    assert key_of(g, "KD") == "engine.not_a_move"
    assert "is not in your hand" in refusal(g, {"type": "offer", "card": "AS"})
    assert "not a card code" in refusal(g, {"type": "offer", "card": "ZZ"})
    assert "no offer" in refusal(g, {"type": "refuse"}).lower()
    assert "2 cards in the stock" in refusal(g, {"type": "end_deal"})
    assert "twice" in refusal(g, {"type": "initial_part", "cards": ["7H", "7H", "7S"]})
    assert refusal(g, {"type": "take_back", "part": 0}) == "Your initial meld has no meld 0 to take back."
    assert "initial meld first" in refusal(g, {"type": "layoff", "meld": 0, "cards": ["2S"]})


def test_clone_is_independent():
    g = pygames.new_game("skarney_gin", seed=4)
    copy = g.clone()
    copy.play(copy.legal_moves()[-1])
    assert g.history == [] and len(copy.history) == 1
    assert json.dumps(g.view(None)) == json.dumps(pygames.new_game("skarney_gin", seed=4).view(None))
    again = g.clone()
    again.play(g.legal_moves()[-1])
    assert json.dumps(again.view(None)) == json.dumps(copy.view(None))


# ---- seeded random matches ------------------------------------------------------------------------
BAD_MOVES = [{"type": "take"}, {"type": "offer", "card": "AS"}, {"type": "last_card"}, {"type": "end_deal"},
             {"type": "meld", "cards": ["KS", "AS", "2S"]}, {"type": "layoff", "meld": 0, "cards": ["AS"]},
             {"type": "initial_meld", "melds": []}, {"type": "take_back", "part": 2},
             {"type": "initial_part", "cards": ["KS", "AS", "2S"]}]


@pytest.mark.parametrize("seed", range(4))
def test_random_matches_checked_closely(seed):
    play_random_match("skarney_gin", seed, options={"target": 100}, check_every=37,
                      link_every=151, bad_moves=BAD_MOVES)


@pytest.mark.parametrize("target", [100, 200, 300])
def test_random_matches(target):
    for seed in range(100 + target, 100 + target + matches({100: 40, 200: 12, 300: 6}[target])):
        game = play_random_match("skarney_gin", seed, options={"target": target}, check_every=10 ** 6)
        result = game.result
        assert max(result["totals"]) >= target and game.scores == result["final"]
        assert sum(game.deals_scored) <= game.deal_number


def test_deal_log_rows_add_up_to_the_totals():
    """The score sheet's rows: one per deal, points adding up to the running totals."""
    import pygames
    from pygames.cards import Rng
    game = pygames.new_game("skarney_gin", seed=5, options={"target": 100})
    rng = Rng(5)
    while not game.is_over:
        seat = game.current_player
        game.play(pygames.ai.choose_move(game.view(seat), level="normal", seed=rng.below(1 << 30)))
    log = game.view(0)["deal_log"]
    assert [row["deal"] for row in log] == list(range(1, len(log) + 1))
    running = [0, 0]
    for row in log:
        running = [running[0] + row["points"][0], running[1] + row["points"][1]]
        assert row["totals"] == running
    assert running == game.view(0)["totals"]


def _opponent_turn_played(hands, melds, initial):
    """Player 0 offers (refused), player 1 draws and offers (refused): player 0 is to move, having
    seen player 1 end a turn holding what it holds now."""
    g = position(hands, melds=melds, initial=initial)
    g.stock.remove(IDS["5D"])
    g.stock.append(IDS["5D"])                      # player 1 draws 5D
    g.play({"type": "offer", "card": hands[0].split()[0]})
    g.play({"type": "refuse"})
    g.play({"type": "offer", "card": hands[1].split()[0]})
    g.play({"type": "refuse"})
    return g


def _samples(g, seat, n=40):
    rng = Rng(5)
    view = g.view(seat)
    out = []
    for _ in range(n):
        sample = type(g).determinize(view, rng)
        assert sample.info_key(seat) == g.info_key(seat)           # agrees with all the seat saw
        out.append(sample.hands[1 - seat])
    return out


def test_sampled_hands_hold_no_meld_the_opponent_would_have_laid():
    # player 1 made its initial meld on an earlier turn and ended a turn without laying anything
    # more: a careful player 0 infers that hand holds no meld and nothing that fits 1's melds
    g = _opponent_turn_played(["KC 3S 9H 4H 2C", "QC 4C 8D JS 2H"],
                              [[], ["7H 7S 7D", "4S 5S 6S", "KH KS KD"]], (False, True))
    clues = sg.hand_clues(g.view(0), 1)
    assert set(clues) == {"no_meld"}
    assert sg.plausible(g.hands[1], clues)
    hands = _samples(g, 0)
    assert all(IDS["QC"] in h for h in hands)                        # the refused offer went back there
    assert sum(not sg.plausible(h, clues) for h in hands) <= 1
    # drawn by chance, most such hands would break the clue: the inference narrows the samples
    rng, unseen = Rng(9), [IDS[c] for c in sg.SkarneyGin.unseen_cards(g.view(0))]
    chance = [[IDS["QC"]] + rng.shuffle(list(unseen))[:len(g.hands[1]) - 1] for _ in range(200)]
    assert sum(not sg.plausible(h, clues) for h in chance) > 60


def test_sampled_hands_cannot_make_the_initial_meld_the_opponent_did_not_make():
    g = _opponent_turn_played(["KD 3S 9H 4H 2C", "QC 4C 8D JS 2H 2D 6H 9S TC AD"],
                              [[], []], (False, False))
    clues = sg.hand_clues(g.view(0), 1)
    assert clues == {"no_contract": True}
    hands = _samples(g, 0)
    assert sum(not sg.plausible(h, clues) for h in hands) <= 1
    assert not any(len(sg.initial_parts(h)) for h in hands[:10] if sg.plausible(h, clues))


def test_nothing_is_inferred_before_the_opponent_has_played_a_turn_or_when_it_is_not_the_seats_move():
    g = position(["KD 3S 9H 4H 2C", "QC 4C 8D JS 2H"])
    assert sg.hand_clues(g.view(0), 1) is None                      # player 1 has not had a turn
    g = _opponent_turn_played(["KD 3S 9H 4H 2C", "QC 4C 8D JS 2H"], [[], []], (False, False))
    g.play({"type": "offer", "card": "KD"})
    assert sg.hand_clues(g.view(0), 1) is None                      # player 1 answers, then plays on
