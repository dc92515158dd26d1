"""Spite and Malice: every worked example, option and ruling of rules/spite_malice.md, and properties
over seeded random matches."""

import json
import time
from collections import Counter

import pytest

import pygames
from pygames.cards import HIDDEN, IDS
from pygames.games.spite_malice import SpiteMalice, _hand_key
from tests.gameprops import all_cards, check_view_secrecy, play_random_match


def ids(codes):
    return [IDS[c] for c in codes]


def position(players=2, options=None, seed=1, turn=0, payoff=None, hands=None, discards=None,
             centre=None, completed=(), stock=None):
    """A game set to a given position (tests only). Lists of codes; discards per seat as 4 lists."""
    g = SpiteMalice(players=players, options=options, seed=seed)
    if payoff is not None:
        g.payoff = [ids(p) for p in payoff]
    if hands is not None:
        g.hands = [sorted(ids(h), key=_hand_key) for h in hands]
    if discards is not None:
        g.discards = [[ids(p) for p in piles] for piles in discards]
    if centre is not None:
        g.centre = [ids(p) for p in centre] + [[] for _ in range(4 - len(centre))]
    g.completed = ids(completed)
    if stock is not None:
        g.stock = ids(stock)
    g.turn = turn
    return g


NO_DISCARDS = [[], [], [], []]
A_TO_J = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS"]


def builds_onto(game, pile):
    return [m for m in game.legal_moves() if m["type"] == "build" and m["pile"] == pile]


def secret(game, seat):
    """What a seat must not see: other hands, the stock, every pay-off card under the top."""
    hidden = [("stock", None)]
    for s in range(game.players):
        if s != seat:
            hidden.append((f"hand{s}", None))
        hidden += [(f"payoff{s}", i) for i in range(len(game.payoff[s]) - 1)]
    return hidden


# ---- worked examples ---------------------------------------------------------------------------
def test_pile_a23_takes_a_4_or_a_king_and_a_king_counts_as_4():
    g = position(payoff=[["9D"], ["9C"]], hands=[["4H", "KC", "9H", "5D", "7S"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AS", "2H", "3D"], [], [], []])
    assert sorted(m["card"] for m in builds_onto(g, 0)) == ["4H", "KC"]
    g.play({"type": "build", "from": "hand", "card": "KC", "pile": 0})
    pile = g.view(0)["centre"][0]
    assert pile == {"cards": ["AS", "2H", "3D", "KC"], "rank": "4", "needs": "5"}
    assert [m["card"] for m in builds_onto(g, 0)] == ["5D"]
    g.play({"type": "build", "from": "hand", "card": "5D", "pile": 0})
    assert g.view(None)["centre"][0]["rank"] == "5"


def test_a_king_on_a_jack_completes_the_pile():
    g = position(payoff=[["9D", "9H"], ["9C"]], hands=[["KC", "7S", "7D", "8D", "8H"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[A_TO_J, ["AD"], [], []])
    g.play({"type": "build", "from": "hand", "card": "KC", "pile": 0})
    v = g.view(None)
    assert v["zones"]["centre0"] == [] and v["centre"][0] == {"cards": [], "rank": None, "needs": None}
    assert v["zones"]["completed"] == A_TO_J + ["KC"] and v["completed_count"] == 12
    assert v["centre"][1]["cards"] == ["AD"]          # other piles stay in their slots


def test_payoff_win_scores_5_plus_cards_left():
    g = position(options={"payoff": 26}, turn=1,
                 payoff=[["5S"] * 9, ["4C"]], hands=[[], ["9H", "9D", "9C", "9S", "TC"]],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AS", "2H", "3D"], [], [], []])
    g.play({"type": "build", "from": "payoff", "card": "4C", "pile": 0})
    result = g.view(0)["last_result"]
    assert result["winner"] == 1 and result["points"] == 14 == 5 + 9
    assert g.scores == [0, 14]
    assert any("9 pay-off cards left" in line for line in result["explanation"])


# ---- the deal and the turn ---------------------------------------------------------------------
@pytest.mark.parametrize("players, decks", [(2, 2), (3, 3), (4, 3)])
def test_two_decks_for_two_players_three_for_three_or_four(players, decks):
    g = pygames.new_game("spite_malice", seed=3, players=players)
    cards = all_cards(g.view(None))
    assert sum(cards.values()) == 52 * decks and set(cards.values()) == {decks}
    assert g.view(None)["payoff_counts"] == [26] * players


def test_short_game_payoff_13_and_top_card_face_up():
    g = pygames.new_game("spite_malice", seed=4, options={"payoff": 13})
    v = g.view(0)
    for s in (0, 1):
        pile = v["zones"][f"payoff{s}"]
        assert len(pile) == 13 and pile[:-1] == [HIDDEN] * 12 and pile[-1] != HIDDEN
        assert v["payoff_tops"][s] == pile[-1] == g.view(None)["zones"][f"payoff{s}"][-1]


def test_dealer_is_seeded_random_plays_first_and_draws_five():
    dealers = set()
    for seed in range(12):
        g = pygames.new_game("spite_malice", seed=seed, players=3)
        v = g.view(None)
        dealers.add(v["dealer"])
        assert g.current_player == v["dealer"]
        assert v["hand_counts"][v["dealer"]] == 5 and sum(v["hand_counts"]) == 5
        assert pygames.new_game("spite_malice", seed=seed, players=3).view(None) == v
    assert dealers == {0, 1, 2}


def test_turn_passes_clockwise_and_next_player_draws_to_five():
    g = position(players=3, hands=[["9H", "9D", "9C", "9S", "TC"], ["5C", "6C"], []],
                 payoff=[["QC"], ["QD"], ["QH"]], discards=[NO_DISCARDS] * 3, stock=["2C"] * 20)
    g.play({"type": "discard", "card": "TC", "pile": "new"})
    assert g.current_player == 1
    assert [len(h) for h in g.hands] == [4, 5, 0]
    assert g.view(None)["zones"]["discard0_0"] == ["TC"]


def test_emptying_the_hand_by_builds_draws_five_more():
    g = position(payoff=[["QD", "QH"], ["QC"]], hands=[["AS", "2S"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], stock=["7C"] * 3 + ["8C"] * 5)
    g.play({"type": "build", "from": "hand", "card": "AS", "pile": "new"})
    g.play({"type": "build", "from": "hand", "card": "2S", "pile": 0})
    assert g.current_player == 0
    assert g.view(0)["zones"]["hand0"] == ["8C"] * 5 and len(g.stock) == 3


def test_dealer_rotates_and_a_new_game_is_dealt():
    g = position(options={"target": 25}, turn=1, payoff=[["5S"] * 3, ["4C"]],
                 hands=[[], ["9H"]], discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AS", "2H", "3D"]])
    g.dealer = 0
    g.play({"type": "build", "from": "payoff", "card": "4C", "pile": 0})
    v = g.view(None)
    assert not g.is_over and v["game_number"] == 2 and g.scores == [0, 8]
    assert v["dealer"] == 1 == g.current_player
    assert v["payoff_counts"] == [26, 26] and v["hand_counts"] == [0, 5]
    assert v["last_result"] == {"game": 1, "winner": 1, "points": 8, "explanation": v["last_result"]["explanation"]}
    assert v["results"] == [v["last_result"]]
    assert sum(all_cards(v).values()) == 104


# ---- moves and rulings --------------------------------------------------------------------------
def test_legal_moves_are_ordered_and_deduplicated():
    g = position(payoff=[["KD"], ["9C"]], hands=[["7C", "7C", "2H", "AS", "QS"], []],
                 discards=[[["8H"], ["2D"], [], []], NO_DISCARDS], centre=[["AS"], [], [], []])
    legal = g.legal_moves()
    assert legal == [
        {"type": "build", "from": "payoff", "card": "KD", "pile": 0},
        {"type": "build", "from": "payoff", "card": "KD", "pile": "new"},
        {"type": "build", "from": "discard", "card": "2D", "discard": 1, "pile": 0},
        {"type": "build", "from": "hand", "card": "AS", "pile": "new"},
        {"type": "build", "from": "hand", "card": "2H", "pile": 0},
        {"type": "discard", "card": "2H", "pile": 0},
        {"type": "discard", "card": "2H", "pile": 1},
        {"type": "discard", "card": "2H", "pile": "new"},
        {"type": "discard", "card": "7C", "pile": 0},
        {"type": "discard", "card": "7C", "pile": 1},
        {"type": "discard", "card": "7C", "pile": "new"},
        {"type": "discard", "card": "QS", "pile": 0},
        {"type": "discard", "card": "QS", "pile": 1},
        {"type": "discard", "card": "QS", "pile": "new"},
    ]
    assert len({json.dumps(m, sort_keys=True) for m in legal}) == len(legal)


def test_only_the_discard_top_and_the_payoff_top_can_be_built():
    g = position(payoff=[["2C", "3C"], ["9C"]], hands=[["5H", "5D", "5C", "5S", "6S"], []],
                 discards=[[["3H", "2H"], [], [], []], NO_DISCARDS], centre=[["AS"], ["AD", "2D"], [], []])
    sources = {(m["from"], m["card"]) for m in g.legal_moves() if m["type"] == "build"}
    assert sources == {("payoff", "3C"), ("discard", "2H")}
    with pytest.raises(pygames.IllegalMove, match="top card of your pay-off pile"):
        g.play({"type": "build", "from": "payoff", "card": "2C", "pile": 0})
    with pytest.raises(pygames.IllegalMove, match="not on top of your discard pile 0"):
        g.play({"type": "build", "from": "discard", "discard": 0, "card": "3H", "pile": 1})


def test_aces_cannot_be_discarded():
    g = position(payoff=[["QD"], ["QC"]], hands=[["AS", "AD", "5C", "5D", "5H"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AH"], ["AC"], ["AS"], ["AD"]])
    assert not any(m["type"] == "discard" and m["card"][0] == "A" for m in g.legal_moves())
    with pytest.raises(pygames.IllegalMove, match="An Ace cannot be discarded"):
        g.play({"type": "discard", "card": "AS", "pile": "new"})


def test_end_turn_only_when_no_discard_is_possible():
    g = position(payoff=[["QD"], ["QC"]], hands=[["AS", "AD", "5C"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AH"], ["AC"], ["AS"], ["AD"]])
    assert {"type": "end_turn"} not in g.legal_moves()
    with pytest.raises(pygames.IllegalMove, match="end_turn is only for when you cannot"):
        g.play({"type": "end_turn"})
    g.hands[0] = ids(["AS", "AD"])   # only Aces, and the four centre piles block them
    assert g.legal_moves() == [{"type": "end_turn"}]
    g.play({"type": "end_turn"})
    assert g.current_player == 1 and len(g.hands[0]) == 2


def test_discard_piles_at_most_four_and_new_fills_an_empty_slot():
    g = position(payoff=[["QD"], ["QC"]], hands=[["9S", "9H", "9D", "9C", "TC"], []],
                 discards=[[["5C"], [], ["6C"], ["7C"]], NO_DISCARDS], stock=["2C"] * 10)
    g.play({"type": "discard", "card": "TC", "pile": "new"})
    assert g.discards[0][1] == ids(["TC"])
    g.turn = 0
    targets = {m["pile"] for m in g.legal_moves() if m["type"] == "discard"}
    assert targets == {0, 1, 2, 3}
    with pytest.raises(pygames.IllegalMove, match="already have 4 discard piles"):
        g.play({"type": "discard", "card": "9S", "pile": "new"})


def test_discard_onto_an_empty_pile_by_number_is_refused():
    g = position(payoff=[["QD"], ["QC"]], hands=[["9S", "9H", "9D", "9C", "TC"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS])
    with pytest.raises(pygames.IllegalMove, match="pile 2 is empty"):
        g.play({"type": "discard", "card": "9S", "pile": 2})


def test_refusals_say_why():
    g = position(payoff=[["QD"], ["QC"]], hands=[["9S", "5H", "9D", "9C", "TC"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AS", "2H", "3D", "4C"], [], [], []])
    cases = [
        ({"type": "build", "from": "hand", "card": "9S", "pile": 0}, "A 9 cannot go on a pile that needs a 5"),
        ({"type": "build", "from": "hand", "card": "9S", "pile": "new"}, "Only an Ace"),
        ({"type": "build", "from": "hand", "card": "KS", "pile": 0}, "KS is not in your hand"),
        ({"type": "build", "from": "hand", "card": "5H", "pile": 3}, "no centre pile 3"),
        ({"type": "build", "from": "hand", "card": "5H", "pile": 0, "seat": 1}, "It is not your turn"),
        ({"type": "shuffle"}, "build, a discard or end_turn"),
        ({"type": "build", "from": "hand", "card": "XX", "pile": 0}, "not a card code"),
    ]
    before = json.dumps(g.view(None), sort_keys=True)
    for move, reason in cases:
        with pytest.raises(pygames.IllegalMove, match=reason):
            g.play(move)
    assert json.dumps(g.view(None), sort_keys=True) == before
    g.play({"type": "build", "from": "hand", "card": "5H", "pile": 0, "seat": 0})   # naming your seat is fine
    assert g.history[-1] == {"type": "build", "from": "hand", "card": "5H", "pile": 0}


# ---- stock: recycling and the exhausted-stock ending ---------------------------------------------
def test_completed_piles_are_shuffled_into_a_new_stock():
    g = position(payoff=[["QD"], ["QC"]], hands=[["9S", "9H", "9D", "9C", "TC"], ["5C", "6C"]],
                 discards=[NO_DISCARDS, NO_DISCARDS], stock=["2C"], completed=A_TO_J + ["QS"])
    g.play({"type": "discard", "card": "TC", "pile": "new"})
    v = g.view(None)
    assert v["completed_count"] == 0 and v["stock_count"] == 12 - 2
    assert Counter(v["zones"]["stock"] + v["zones"]["hand1"]) == Counter(A_TO_J + ["QS", "2C", "5C", "6C"])
    assert g.view(1)["zones"]["stock"] == [HIDDEN] * 10


def test_recycling_is_seeded():
    def after(seed):
        g = position(seed=seed, payoff=[["QD"], ["QC"]], hands=[["9S", "9H", "9D", "9C", "TC"], []],
                     discards=[NO_DISCARDS, NO_DISCARDS], stock=[], completed=A_TO_J + ["QS"])
        g.play({"type": "discard", "card": "TC", "pile": "new"})
        return g.view(None)["zones"]["stock"]
    assert after(5) == after(5)
    assert len({tuple(after(s)) for s in range(6)}) > 1


def test_exhausted_stock_fewest_payoff_cards_scores_the_differences():
    g = position(players=3, options={"target": 0}, payoff=[["QD"] * 4, ["QC"] * 7, ["QH"] * 10],
                 hands=[["9S", "9H", "9D", "9C", "TC"], ["5C"], []],
                 discards=[NO_DISCARDS] * 3, stock=["2C", "3C"], completed=[])
    g.play({"type": "discard", "card": "TC", "pile": "new"})   # player 2 needs 4 cards, 2 are left
    assert g.is_over and g.current_player is None and g.legal_moves() == []
    result = g.view(0)["last_result"]
    assert result["winner"] == 0 and result["points"] == (7 - 4) + (10 - 4)
    assert g.scores == [9, 0, 0] and g.view(0)["winner"] == 0 and g.view(0)["phase"] == "over"
    assert "ran out" in result["explanation"][0]


def test_exhausted_stock_equal_counts_score_nothing():
    g = position(options={"target": 0}, payoff=[["QD"] * 4, ["QC"] * 4],
                 hands=[["9S", "9H", "9D", "9C", "TC"], []], discards=[NO_DISCARDS] * 2, stock=[])
    g.play({"type": "discard", "card": "TC", "pile": "new"})
    assert g.is_over and g.scores == [0, 0] and g.view(None)["winner"] is None
    assert g.view(None)["last_result"]["points"] == 0


def test_no_draw_needed_means_no_ending_yet():
    g = position(payoff=[["QD"] * 4, ["QC"] * 4], hands=[["9S", "9H", "9D", "9C", "TC"], ["5C"] * 5],
                 discards=[NO_DISCARDS] * 2, stock=[])
    g.play({"type": "discard", "card": "TC", "pile": "new"})
    assert not g.is_over and g.current_player == 1


# ---- options -----------------------------------------------------------------------------------
def test_centre_limit_four_blocks_a_fifth_pile():
    g = position(payoff=[["QD"], ["QC"]], hands=[["AS", "KD", "5C", "5D", "5H"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AH"], ["AC"], ["AS"], ["AD"]])
    assert not any(m.get("pile") == "new" and m["type"] == "build" for m in g.legal_moves())
    with pytest.raises(pygames.IllegalMove, match="already 4 centre piles"):
        g.play({"type": "build", "from": "hand", "card": "AS", "pile": "new"})


def test_centre_limit_unlimited_grows_the_zones_in_every_view():
    g = position(options={"centre_limit": "unlimited"}, payoff=[["QD"], ["QC"]],
                 hands=[["AS", "AD", "5C", "5D", "5H"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AH"], ["AC"], ["AS"], ["AD"]])
    g.play({"type": "build", "from": "hand", "card": "AS", "pile": "new"})
    g.play({"type": "build", "from": "hand", "card": "AD", "pile": "new"})
    assert [m["pile"] for m in builds_onto(g, 5)] == []
    zones = [set(g.view(s)["zones"]) for s in (None, 0, 1)]
    assert zones[0] == zones[1] == zones[2] and {"centre4", "centre5"} <= zones[0]
    assert len(g.view(0)["centre"]) == 6
    g.centre[1] = []                     # a completed pile leaves an empty slot; "new" reuses it
    g.hands[0] = ids(["AC"])
    g.play({"type": "build", "from": "hand", "card": "AC", "pile": "new"})
    assert g.centre[1] == ids(["AC"]) and len(g.centre) == 6


def test_kings_start_piles_false():
    g = position(options={"kings_start_piles": False}, payoff=[["KC"], ["QC"]],
                 hands=[["KS", "5C", "5D", "5H", "6H"], []], discards=[NO_DISCARDS, NO_DISCARDS],
                 centre=[["AS", "2S"], [], [], []])
    builds = [m for m in g.legal_moves() if m["type"] == "build"]
    assert {(m["card"], m["pile"]) for m in builds} == {("KC", 0), ("KS", 0)}
    with pytest.raises(pygames.IllegalMove, match="cannot start a centre pile"):
        g.play({"type": "build", "from": "hand", "card": "KS", "pile": "new"})
    h = position(payoff=[["KC"], ["QC"]], hands=[["KS", "5C", "5D", "5H", "6H"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS])
    h.play({"type": "build", "from": "hand", "card": "KS", "pile": "new"})
    assert h.view(None)["centre"][0] == {"cards": ["KS"], "rank": "A", "needs": "2"}


def test_match_ends_at_the_target_and_target_0_is_one_game():
    g = position(options={"target": 25}, turn=1, payoff=[["5S"] * 20, ["4C"]],
                 hands=[[], ["9H"]], discards=[NO_DISCARDS] * 2, centre=[["AS", "2H", "3D"]])
    g.match_scores = [0, 5]
    g.play({"type": "build", "from": "payoff", "card": "4C", "pile": 0})
    assert g.is_over and g.scores == [0, 30] and g.view(0)["winner"] == 1
    with pytest.raises(pygames.IllegalMove, match="match is over"):
        g.play({"type": "end_turn"})
    one = play_random_match("spite_malice", 2, options={"target": 0, "payoff": 13}, check_every=10)
    assert one.game_number == 1 and len(one.results) == 1


@pytest.mark.parametrize("players, options, problem", [
    (5, None, "2 or 3 or 4 players"),
    (2, {"payoff": 20}, "payoff"),
    (2, {"centre_limit": 5}, "centre_limit"),
    (2, {"kings_start_piles": 1}, "kings_start_piles"),
    (2, {"target": 75}, "target"),
    (2, {"jokers": True}, "no option"),
])
def test_options_and_players_are_checked(players, options, problem):
    with pytest.raises(ValueError, match=problem):
        pygames.new_game("spite_malice", seed=1, players=players, options=options)


def test_option_values_in_links():
    g = pygames.new_game("spite_malice", seed=9, options={"centre_limit": "unlimited", "target": 0,
                                                         "kings_start_piles": False, "payoff": 13})
    g.play(g.legal_moves()[-1])
    again = pygames.links.decode(pygames.links.encode(g))
    assert again.options == g.options and again.view(None) == g.view(None)


# ---- views and clone ------------------------------------------------------------------------------
def test_view_zones_fields_and_secrecy():
    g = pygames.new_game("spite_malice", seed=11, players=3)
    v = g.view(1)
    expected = {f"payoff{s}" for s in range(3)} | {f"hand{s}" for s in range(3)} \
        | {f"discard{s}_{d}" for s in range(3) for d in range(4)} \
        | {f"centre{i}" for i in range(4)} | {"completed", "stock"}
    assert set(v["zones"]) == expected
    for key in ("phase", "game_number", "dealer", "centre", "payoff_counts", "payoff_tops", "hand_counts",
                "stock_count", "completed_count", "match_scores", "scores", "target", "last_result",
                "results", "winner", "legal_moves", "history"):
        assert key in v
    assert "seed" not in v and "seed" in g.view(None)
    check_view_secrecy(g, secret)
    json.dumps(v)


def test_clone_is_independent_and_plays_on_identically():
    g = pygames.new_game("spite_malice", seed=21, options={"payoff": 13})
    for _ in range(5):
        g.play(g.legal_moves()[0])
    c = g.clone()
    before = json.dumps(g.view(None), sort_keys=True)
    while not c.is_over and c.game_number == 1:
        c.play(c.legal_moves()[-1])
    assert json.dumps(g.view(None), sort_keys=True) == before
    while not g.is_over and g.game_number == 1:
        g.play(g.legal_moves()[-1])
    assert json.dumps(g.view(None), sort_keys=True) == json.dumps(c.view(None), sort_keys=True)


def test_fast_moves_match_json_moves():
    g = pygames.new_game("spite_malice", seed=8)
    for _ in range(40):
        fast = g.fast_legal()
        assert [g.move_tuple(g.move_dict(m)) for m in fast] == fast
        g.play(g.legal_moves()[len(fast) // 2])


# ---- properties over seeded random matches ---------------------------------------------------------
BAD_MOVES = (
    {"type": "discard", "card": "AS", "pile": "new"},
    {"type": "build", "from": "hand", "card": "QS", "pile": "new"},
    {"type": "build", "from": "payoff", "card": "2H", "pile": 7},
    {"type": "build", "from": "discard", "discard": 9, "card": "2H", "pile": 0},
    {"type": "end_turn"},
    {"type": "draw"},
    {"type": "discard", "card": "7C", "pile": 1.0},
)

SHORT = [
    {"payoff": 13, "target": 0},
    {"payoff": 13, "target": 0, "centre_limit": "unlimited"},
    {"payoff": 13, "target": 0, "kings_start_piles": False},
    {"target": 0},
]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_single_games_keep_every_property(players):
    for seed in range(120):
        options = SHORT[seed % len(SHORT)]
        play_random_match("spite_malice", seed, players=players, options=options, secret=secret,
                          check_every=12, link_every=90, bad_moves=BAD_MOVES)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_full_matches_end(players):
    for seed in range(2):
        g = play_random_match("spite_malice", 1000 + seed, players=players,
                              options={"payoff": 13, "target": 25}, secret=secret, check_every=2500)
        assert max(g.scores) >= 25 and g.view(None)["winner"] == g.scores.index(max(g.scores))


def bot_match(seed, players, levels, options, check_every=25):
    """A match between bots, checking conservation and secrecy now and then; returns the game."""
    g = pygames.new_game("spite_malice", seed=seed, players=players, options=options)
    expected = all_cards(g.view(None))
    g.recycles = 0
    while not g.is_over:
        if len(g.history) % check_every == 0:
            assert all_cards(g.view(None)) == expected
            check_view_secrecy(g, secret)
        s = g.current_player
        before = g.game_number, len(g.completed)
        g.play(pygames.ai.choose_move(g.view(s), levels[s], seed=seed * 7 + len(g.history)))
        g.recycles += before[0] == g.game_number and before[1] > 0 and not g.completed
    assert all_cards(g.view(None)) == expected
    return g


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_matches_complete_piles_recycle_and_win_by_payoff(players):
    """Bots build far more than random play does: completed piles, recycling and pay-off wins."""
    wins = recycled = 0
    start = time.perf_counter()
    for seed in range(4):
        options = {"payoff": 13, "target": 25, "centre_limit": ("unlimited" if seed == 3 else 4)}
        g = bot_match(seed, players, ["normal", "easy", "hard", "normal"][:players], options)
        wins += sum("last pay-off card" in r["explanation"][0] for r in g.results)
        recycled += g.recycles
    print(f"\n{players} players: 4 bot matches in {time.perf_counter() - start:.2f}s, {wins} pay-off wins")
    assert wins >= 4 and recycled
