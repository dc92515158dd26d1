"""Spite and Malice: every worked example, option and ruling of docs/rules/spite_malice.md, and properties
over seeded random matches."""

import json
import time
from collections import Counter

import pytest

import pygames
from pygames.cards import HIDDEN, Rng
from pygames.games.spite_malice import SpiteMalice
from pygames.text import fields, render
from tests.gameprops import all_cards, check_view_secrecy, matches, play_random_match
from tests.helpers.spite_malice import NO_DISCARDS, ids, position


A_TO_J = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS"]


def builds_onto(game, pile):
    return [m for m in game.legal_moves() if m["type"] == "build" and m["pile"] == pile]


def refusal(game, move):
    """The IllegalMove a move gets; the state must be untouched."""
    before = game.to_json(), json.dumps(game.view(None), sort_keys=True)
    with pytest.raises(pygames.IllegalMove) as info:
        game.play(move)
    assert (game.to_json(), json.dumps(game.view(None), sort_keys=True)) == before
    return info.value


def line_keys(result):
    return [line["key"].rsplit(".", 1)[-1] for line in result["lines"]]


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
    assert result["ending"] == "payoff" and result["winners"] == [1]
    assert result["points"] == [0, 14] and 14 == 5 + 9
    assert g.scores == [0, 14]
    texts = [render(line) for line in result["lines"]]
    assert "Bonus for going out: 5" in texts
    assert "Player 1: 9 pay-off cards left, +9" in texts
    assert texts[-1] == "Points to Player 2: 14"


# ---- the deal and the turn ---------------------------------------------------------------------
@pytest.mark.parametrize("players, decks", [(2, 2), (3, 3), (4, 4)])
def test_a_deck_per_player_two_three_or_four(players, decks):
    g = pygames.new_game("spite_malice", seed=3, players=players)
    cards = all_cards(g.view(None))
    assert sum(cards.values()) == 52 * decks and set(cards.values()) == {decks}
    assert sorted(SpiteMalice.deck(players, g.options)) == sorted(cards.elements())
    assert g.view(None)["payoff_counts"] == [26] * players
    # four players: 104 pay-off cards and 20 in hand leave an 84-card stock (47 with three decks)
    assert g.view(None)["stock_count"] == 52 * decks - 26 * players - 5


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
        assert g.current_player == v["dealer"] and v["deal"] == 1
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
    assert not g.is_over and v["deal"] == 2 and g.scores == [0, 8]
    assert v["dealer"] == 1 == g.current_player
    assert v["payoff_counts"] == [26, 26] and v["hand_counts"] == [0, 5]
    assert v["last_result"]["deal"] == 1 and v["last_result"]["points"] == [0, 8]
    assert v["last_result"]["totals"] == [0, 8] and v["results"] == [v["last_result"]]
    assert v["log"] == [] and v["move_count"] == 1     # the log is the current deal's
    assert sum(all_cards(v).values()) == 104


@pytest.mark.parametrize("before, over", [([25, 17], False), ([24, 17], True), ([30, 17], True)])
def test_a_tie_for_the_lead_at_the_target_plays_another_game(before, over):
    """Ruling: if two or more players are tied for the highest total at or above the target, another
    game is played until one leads."""
    g = position(options={"target": 25}, turn=1, payoff=[["5S"] * 3, ["4C"]],
                 hands=[[], ["9H"]], discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AS", "2H", "3D"]])
    g.match_scores = list(before)
    g.play({"type": "build", "from": "payoff", "card": "4C", "pile": 0})      # seat 1 scores 8
    assert g.scores == [before[0], before[1] + 8]
    assert g.is_over == over
    if not over:
        assert g.view(None)["deal"] == 2 and g.current_player is not None


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
    actions = g.legal_actions()
    assert [g.action_to_move(a) for a in actions] == legal and len(set(actions)) == len(actions)


def test_only_the_discard_top_and_the_payoff_top_can_be_built():
    g = position(payoff=[["2C", "3C"], ["9C"]], hands=[["5H", "5D", "5C", "5S", "6S"], []],
                 discards=[[["3H", "2H"], [], [], []], NO_DISCARDS], centre=[["AS"], ["AD", "2D"], [], []])
    sources = {(m["from"], m["card"]) for m in g.legal_moves() if m["type"] == "build"}
    assert sources == {("payoff", "3C"), ("discard", "2H")}
    e = refusal(g, {"type": "build", "from": "payoff", "card": "2C", "pile": 0})
    assert e.message == {"key": "spite_malice.refuse.payoff_top", "top": "3C", "card": "2C"}
    assert "top card of your pay-off pile" in str(e)
    e = refusal(g, {"type": "build", "from": "discard", "discard": 0, "card": "3H", "pile": 1})
    assert e.key == "spite_malice.refuse.not_discard_top" and e.params == {"card": "3H", "pile": 0}


def test_aces_cannot_be_discarded():
    g = position(payoff=[["QD"], ["QC"]], hands=[["AS", "AD", "5C", "5D", "5H"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AH"], ["AC"], ["AS"], ["AD"]])
    assert not any(m["type"] == "discard" and m["card"][0] == "A" for m in g.legal_moves())
    assert refusal(g, {"type": "discard", "card": "AS", "pile": "new"}).key == "spite_malice.refuse.ace_discard"


def test_end_turn_only_when_no_discard_is_possible():
    g = position(payoff=[["QD"], ["QC"]], hands=[["AS", "AD", "5C"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AH"], ["AC"], ["AS"], ["AD"]])
    assert {"type": "end_turn"} not in g.legal_moves()
    assert refusal(g, {"type": "end_turn"}).key == "spite_malice.refuse.can_discard"
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
    assert refusal(g, {"type": "discard", "card": "9S", "pile": "new"}).key == "spite_malice.refuse.discards_full"


def test_discard_onto_an_empty_pile_by_number_is_refused():
    g = position(payoff=[["QD"], ["QC"]], hands=[["9S", "9H", "9D", "9C", "TC"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS])
    e = refusal(g, {"type": "discard", "card": "9S", "pile": 2})
    assert e.message == {"key": "spite_malice.refuse.discard_empty", "pile": 2}
    assert str(e) == 'Your discard pile 2 is empty: start it with "pile": "new".'


def test_refusals_say_why():
    g = position(payoff=[["QD"], ["QC"]], hands=[["9S", "5H", "9D", "9C", "TC"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AS", "2H", "3D", "4C"], [], [], []])
    cases = [
        ({"type": "build", "from": "hand", "card": "9S", "pile": 0}, "wrong_rank",
         "9♠ cannot go on a pile that needs a 5."),
        ({"type": "build", "from": "hand", "card": "9S", "pile": "new"}, "only_ace_starts",
         "Only an Ace (or a King as an Ace) can start a centre pile, not 9♠."),
        ({"type": "build", "from": "hand", "card": "KS", "pile": 0}, "engine.not_in_hand", "K♠ is not in your hand."),
        ({"type": "build", "from": "hand", "card": "5H", "pile": 3}, "no_pile", None),
        ({"type": "build", "from": "deck", "card": "5H", "pile": 0}, "build_from", None),
        ({"type": "build", "from": "discard", "discard": 7, "card": "5H", "pile": 0}, "discard_which", None),
        ({"type": "discard", "card": "5H", "pile": 9}, "discard_where", None),
        ({"type": "shuffle"}, "not_a_move", "A Spite and Malice move is a build, a discard or end_turn."),
        ({"type": "build", "from": "hand", "card": "XX", "pile": 0}, "engine.not_a_card", None),
    ]
    for move, key, text in cases:
        e = refusal(g, move)
        assert e.key == (key if key.startswith("engine.") else f"spite_malice.refuse.{key}"), (move, e.key)
        if text:
            assert str(e) == text
    assert refusal(g, {"type": "build", "from": "hand", "card": "5H", "pile": 0, "seat": 1}).key == "engine.wrong_seat"
    g.play({"type": "build", "from": "hand", "card": "5H", "pile": 0, "seat": 0})   # naming your seat is fine
    assert g.history[-1] == {"type": "build", "from": "hand", "card": "5H", "pile": 0}


def test_every_refusal_and_line_has_an_english_text_with_its_parameters():
    texts = SpiteMalice.TEXTS
    g = play_random_match("spite_malice", 3, players=3, options={"payoff": 13, "target": 25},
                          secrecy=False, check_every=1000)
    seen = [line for r in g.results for line in r["lines"]] + [g.view(None)["result"]]
    bad = [{"type": "build", "from": f, "card": c, "pile": p, "discard": d}
           for f in ("hand", "payoff", "discard", "x") for c in ("AS", "KS", "7C", "ZZ")
           for p in (0, 5, "new", "x") for d in (0, 3, 9)]
    bad += [{"type": "discard", "card": c, "pile": p} for c in ("AS", "7C", "QH") for p in (0, 3, "new", 7)]
    bad += [{"type": "end_turn"}, {"type": "x"}, {"type": "end_turn", "seat": 5}]
    h = pygames.new_game("spite_malice", seed=8)
    for move in bad:
        if h.find_legal(move) is None:
            seen.append(refusal(h, move).message)
    assert len({m["key"] for m in seen}) >= 15
    for msg in seen:
        assert msg["key"] in texts or msg["key"].startswith("engine."), msg
        template = texts.get(msg["key"]) or pygames.Game.TEXTS[msg["key"]]
        assert fields(template) <= set(msg), msg
        assert "{" not in render(msg)


# ---- stock: recycling and the exhausted stock ----------------------------------------------------
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


def test_exhausted_stock_play_goes_on_without_drawing():
    """The next player cannot fill the hand, yet plays on - here, the pay-off card that fits."""
    g = position(players=3, options={"target": 0}, payoff=[["QD"] * 4, ["QC"] * 6 + ["5C"], ["QH"] * 10],
                 hands=[["9S", "9H", "9D", "9C", "TC"], ["7D"], []],
                 discards=[NO_DISCARDS] * 3, centre=[["AS", "2S", "3S", "4S"]], stock=["2C", "3C"])
    g.play({"type": "discard", "card": "TC", "pile": "new"})   # player 2 needs 4 cards, 2 are left
    assert not g.is_over and g.current_player == 1
    assert sorted(g.view(1)["zones"]["hand1"]) == ["2C", "3C", "7D"] and g.view(None)["stock_count"] == 0
    g.play({"type": "build", "from": "payoff", "card": "5C", "pile": 0})
    assert g.view(None)["payoff_counts"][1] == 6
    g.play({"type": "discard", "card": "7D", "pile": "new"})
    assert g.current_player == 2 and g.hands[2] == []          # nothing to draw, and play goes on
    assert g.legal_moves() == [{"type": "end_turn"}]


def test_exhausted_stock_a_whole_round_without_a_build_ends_the_game():
    g = position(players=3, options={"target": 0}, payoff=[["QD"] * 4, ["QC"] * 7, ["QH"] * 10],
                 hands=[["9S", "9H"], ["5C"], []], discards=[NO_DISCARDS] * 3,
                 centre=[["AS", "2S"]], stock=[])
    g.play({"type": "discard", "card": "9S", "pile": "new"})   # quiet turn 1
    g.play({"type": "discard", "card": "5C", "pile": "new"})   # quiet turn 2
    assert not g.is_over and g.view(None)["quiet_turns"] == 2
    g.play({"type": "end_turn"})                               # player 2 holds nothing: quiet turn 3
    assert g.is_over and g.current_player is None and g.legal_moves() == []
    result = g.view(0)["last_result"]
    assert result["ending"] == "exhausted" and result["points"] == [(7 - 4) + (10 - 4), 0, 0]
    assert g.scores == [9, 0, 0] and g.view(0)["winner"] == 0 and g.view(0)["phase"] == "over"
    assert line_keys(result) == ["exhausted", "fewest", "more", "more", "points"]


def test_exhausted_stock_a_build_starts_the_round_again():
    g = position(options={"target": 0}, payoff=[["QD"] * 4, ["QC"] * 4],
                 hands=[["9S", "3H"], ["5C", "8C"]], discards=[NO_DISCARDS] * 2,
                 centre=[["AS", "2S"]], stock=[])
    g.play({"type": "discard", "card": "9S", "pile": "new"})   # quiet turn 1
    g.play({"type": "discard", "card": "5C", "pile": "new"})   # quiet turn 2: a round, the game is over
    assert g.is_over
    g = position(options={"target": 0}, payoff=[["QD"] * 4, ["QC"] * 4],
                 hands=[["9S", "3H"], ["5C", "8C"]], discards=[NO_DISCARDS] * 2,
                 centre=[["AS", "2S"]], stock=[])
    g.play({"type": "build", "from": "hand", "card": "3H", "pile": 0})
    g.play({"type": "discard", "card": "9S", "pile": "new"})   # a build this turn: not quiet
    g.play({"type": "discard", "card": "5C", "pile": "new"})   # quiet turn 1
    assert not g.is_over and g.view(None)["quiet_turns"] == 1
    g.play({"type": "end_turn"})                               # quiet turn 2
    assert g.is_over and g.scores == [0, 0]


def test_a_turn_ending_with_cards_left_to_draw_is_not_quiet():
    g = position(options={"target": 0}, payoff=[["QD"] * 4, ["QC"] * 5],
                 hands=[["9S", "9H", "9D", "9C", "TC"], ["5C", "6C", "7C", "8C"]],
                 discards=[NO_DISCARDS] * 2, stock=["2D"])
    g.play({"type": "discard", "card": "TC", "pile": "new"})   # a card is left to draw: not quiet
    assert g.view(None)["quiet_turns"] == 0 and g.view(None)["stock_count"] == 0
    g.play({"type": "discard", "card": "8C", "pile": "new"})   # quiet 1
    assert not g.is_over
    g.play({"type": "discard", "card": "9S", "pile": 0})       # quiet 2
    assert g.is_over and g.scores == [1, 0]


def test_exhausted_stock_players_tied_for_the_fewest_each_score():
    g = position(players=4, options={"target": 0}, payoff=[["QD"] * 3, ["QC"] * 5, ["QH"] * 3, ["QS"] * 9],
                 hands=[[], [], [], []], discards=[NO_DISCARDS] * 4, stock=[])
    for _ in range(4):
        g.play({"type": "end_turn"})
    result = g.view(None)["last_result"]
    assert result["points"] == [2 + 6, 0, 8, 0] and g.scores == [8, 0, 8, 0]
    assert result["winners"] == [0, 2]
    assert line_keys(result) == ["exhausted", "fewest", "more", "fewest", "more", "points", "points"]
    assert g.view(None)["winner"] is None               # one game (target 0) shared at the top
    assert g.view(None)["result"] == {"key": "spite_malice.result.shared", "points": 8}


def test_exhausted_stock_equal_counts_score_nothing():
    g = position(options={"target": 0}, payoff=[["QD"] * 4, ["QC"] * 4],
                 hands=[["TC"], []], discards=[NO_DISCARDS] * 2, stock=[])
    g.play({"type": "discard", "card": "TC", "pile": "new"})
    g.play({"type": "end_turn"})
    assert g.is_over and g.scores == [0, 0] and g.view(None)["winner"] is None
    assert g.view(None)["last_result"]["points"] == [0, 0]
    assert line_keys(g.view(None)["last_result"]) == ["exhausted", "all_equal"]


# ---- options -----------------------------------------------------------------------------------
def test_centre_limit_four_blocks_a_fifth_pile():
    g = position(payoff=[["QD"], ["QC"]], hands=[["AS", "KD", "5C", "5D", "5H"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AH"], ["AC"], ["AS"], ["AD"]])
    assert not any(m.get("pile") == "new" and m["type"] == "build" for m in g.legal_moves())
    e = refusal(g, {"type": "build", "from": "hand", "card": "AS", "pile": "new"})
    assert e.key == "spite_malice.refuse.centre_full" and "already 4 centre piles" in str(e)


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
    sample = SpiteMalice.determinize(g.view(0), Rng(3))
    assert sample.view(0) == g.view(0)


def test_kings_start_piles_false():
    g = position(options={"kings_start_piles": False}, payoff=[["KC"], ["QC"]],
                 hands=[["KS", "5C", "5D", "5H", "6H"], []], discards=[NO_DISCARDS, NO_DISCARDS],
                 centre=[["AS", "2S"], [], [], []])
    builds = [m for m in g.legal_moves() if m["type"] == "build"]
    assert {(m["card"], m["pile"]) for m in builds} == {("KC", 0), ("KS", 0)}
    assert refusal(g, {"type": "build", "from": "hand", "card": "KS", "pile": "new"}).key \
        == "spite_malice.refuse.king_no_start"
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
    assert g.view(0)["result"] == {"key": "spite_malice.result.winner", "seat": 1, "points": 30}
    assert refusal(g, {"type": "end_turn"}).key == "engine.match_over"
    one = play_random_match("spite_malice", 2, options={"target": 0, "payoff": 13}, check_every=10)
    assert one.deal_number == 1 and len(one.results) == 1


def test_a_tie_at_the_top_past_the_target_plays_another_game():
    g = position(players=3, options={"target": 25}, payoff=[["QD"] * 3, ["QC"] * 3, ["QH"] * 30],
                 hands=[[], [], []], discards=[NO_DISCARDS] * 3, stock=[])
    g.match_scores = [0, 0, 10]
    for _ in range(3):
        g.play({"type": "end_turn"})
    assert g.scores == [27, 27, 10] and not g.is_over and g.deal_number == 2
    g.match_scores = [27, 26, 10]      # (a position) one leader past the target ends the match
    g.payoff = [ids(["QD"] * 3), ids(["QC"] * 4), ids(["QH"] * 4)]
    g.hands = [[], [], []]
    g.stock, g.completed, g.built, g.quiet = [], [], False, 0
    for _ in range(3):
        g.play({"type": "end_turn"})
    assert g.is_over and g.view(None)["winner"] == 0 and g.scores == [29, 26, 10]


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


def test_links_from_before_the_new_deals_are_refused_as_older():
    g = pygames.new_game("spite_malice", seed=9, players=4)
    g.play(g.legal_moves()[0])
    fragment = pygames.links.encode(g)
    assert pygames.links.decode(fragment).view(None) == g.view(None)
    old = fragment.replace("v=2&", "")                  # a link of the format before this version
    with pytest.raises(pygames.BadLink, match="older version"):
        pygames.links.decode(old)


# ---- views, actions and clone --------------------------------------------------------------------
def test_view_zones_fields_and_secrecy():
    g = pygames.new_game("spite_malice", seed=11, players=3)
    v = g.view(1)
    expected = {f"payoff{s}" for s in range(3)} | {f"hand{s}" for s in range(3)} \
        | {f"discard{s}_{d}" for s in range(3) for d in range(4)} \
        | {f"centre{i}" for i in range(4)} | {"completed", "stock"}
    assert set(v["zones"]) == expected
    for key in ("phase", "deal", "dealer", "centre", "payoff_counts", "payoff_tops", "hand_counts",
                "stock_count", "completed_count", "match_scores", "scores", "target", "last_result",
                "results", "winner", "legal_moves", "log", "move_count", "quiet_turns", "built_this_turn"):
        assert key in v
    assert "history" not in v and "seed" not in v and "seed" in g.view(None)
    assert list(g.hidden_positions("payoff0", 26, 1)) == list(range(25))
    assert list(g.hidden_positions("hand0", 5, 1)) == [0, 1, 2, 3, 4] and not g.hidden_positions("hand1", 5, 1)
    assert list(g.hidden_positions("stock", 3, 0)) == [0, 1, 2] and not g.hidden_positions("completed", 12, 0)
    check_view_secrecy(g)
    json.dumps(v)


def test_the_view_log_is_the_current_deals_moves():
    g = pygames.new_game("spite_malice", seed=21, options={"payoff": 13})
    for _ in range(6):
        g.play(g.legal_moves()[0])
    v = g.view(1)
    assert v["move_count"] == 6 and [e["move"] for e in v["log"]] == g.history
    assert [e["seat"] for e in v["log"]] == g.movers


def test_clone_is_independent_and_plays_on_identically():
    g = pygames.new_game("spite_malice", seed=21, options={"payoff": 13})
    for _ in range(5):
        g.play(g.legal_moves()[0])
    c = g.clone()
    before = json.dumps(g.view(None), sort_keys=True)
    while not c.is_over and c.deal_number == 1:
        c.apply_action(c.legal_actions()[-1])
    assert json.dumps(g.view(None), sort_keys=True) == before
    while not g.is_over and g.deal_number == 1:
        g.play(g.legal_moves()[-1])
    mine, theirs = g.view(None), c.view(None)
    for v in (mine, theirs):
        del v["log"], v["move_count"]          # apply_action keeps no record
    assert mine == theirs


def test_returns_are_the_margin_over_the_mean_of_the_others():
    g = position(players=3)
    g.match_scores = [12, 3, 0]
    assert g.returns() == [12 - 1.5, 3 - 6, 0 - 7.5]


def test_determinize_keeps_the_seats_cards_and_deals_the_rest():
    g = pygames.new_game("spite_malice", seed=5, players=4)
    for _ in range(30):
        g.play(g.legal_moves()[-1])
    seat = g.current_player
    view = g.view(seat)
    tops = set()
    for i in range(6):
        s = SpiteMalice.determinize(view, Rng(i))
        assert s.view(seat) == view
        assert s.hands[seat] == g.hands[seat]
        tops.add(tuple(s.stock[-5:]))
    assert len(tops) > 1


def refusing_position(seed, players=2):
    """A seeded bot game played on until the seat to move saw the next player close a turn while a
    centre pile wanted a 5 or higher (the normal bot builds whatever it safely can)."""
    from pygames.ai import choose_move
    g = pygames.new_game("spite_malice", seed=seed, players=players, options={"target": 0})
    while not g.is_over:
        seat = g.current_player
        view = g.view(seat)
        opponent = (seat + 1) % players
        if not g.built and max(SpiteMalice.refused_ranks(view)[opponent], default=0) >= 4:
            return g, view, opponent
        g.play(choose_move(view, "normal", seed=g.move_count))
    raise AssertionError("no refusal seen")


def test_refused_ranks_are_the_ranks_the_centre_wanted_at_the_last_discard():
    g, view, opponent = refusing_position(3)
    last = next(e for e in reversed(view["log"]) if e["seat"] == opponent)
    assert last["move"]["type"] == "discard"
    wanted = {len(p["cards"]) for p in view["centre"] if p["cards"]}   # nothing built since that discard
    refused = SpiteMalice.refused_ranks(view)[opponent]
    assert refused - {0} == wanted
    assert 12 not in refused                                           # Kings are kept on purpose
    assert SpiteMalice.refused_ranks(view)[view["seat"]] == set()      # the seat to move: nothing
    broken = dict(view, log=view["log"][5:])                           # a log that does not lead here
    assert SpiteMalice.refused_ranks(broken) == [set(), set()]


@pytest.mark.parametrize("seed,players", [(3, 2), (11, 2), (4, 3)])
def test_determinize_deals_refused_ranks_elsewhere_and_agrees_with_the_view(seed, players):
    """Over many samples a refused rank lands in that opponent's hand far less often than a uniform
    deal puts it there, while every sample shows the seat exactly its view."""
    g, view, opponent = refusing_position(seed, players)
    seat = view["seat"]
    refused = SpiteMalice.refused_ranks(view)[opponent]
    uniform = super(SpiteMalice, SpiteMalice)._deal_hidden

    def rate(deal):
        found = 0
        for i in range(300):
            hand = deal(view, Rng(i))[f"hand{opponent}"]
            found += sum(pygames.cards.RANKS.index(c[0]) in refused for c in hand)
        return found / 300

    inferred, baseline = rate(SpiteMalice._deal_hidden), rate(uniform)
    print(f"\nrefused ranks {sorted(refused)} per hand: inferred {inferred:.2f}, uniform {baseline:.2f}")
    assert baseline > 0.1 and inferred < 0.5 * baseline
    for i in range(60):
        sample = SpiteMalice.determinize(view, Rng(i))
        assert sample.view(seat) == view
        assert all_cards(sample.view(None)) == all_cards(g.view(None))


# ---- properties over seeded random matches ---------------------------------------------------------
BAD_MOVES = (
    {"type": "discard", "card": "AS", "pile": "new"},
    {"type": "build", "from": "hand", "card": "QS", "pile": "new"},
    {"type": "build", "from": "payoff", "card": "2H", "pile": 7},
    {"type": "build", "from": "discard", "discard": 9, "card": "2H", "pile": 0},
    {"type": "end_turn"},
    {"type": "draw"},
    {"type": "discard", "card": "7C", "pile": 1.0},
    {"type": "build", "from": "discard", "discard": True, "card": "2H", "pile": 0},
)

SHORT = [
    {"payoff": 13, "target": 0},
    {"payoff": 13, "target": 0, "centre_limit": "unlimited"},
    {"payoff": 13, "target": 0, "kings_start_piles": False},
    {"target": 0},
]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_single_games_keep_every_property(players):
    for seed in range(matches(16)):
        options = SHORT[seed % len(SHORT)]
        play_random_match("spite_malice", seed, players=players, options=options,
                          check_every=12, link_every=90, bad_moves=BAD_MOVES)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_full_matches_end(players):
    g = play_random_match("spite_malice", 1000, players=players,
                          options={"payoff": 13, "target": 25}, check_every=2500)
    top = max(g.scores)
    assert top >= 25 and g.scores.count(top) == 1 and g.view(None)["winner"] == g.scores.index(top)
    assert len(g.results) == g.deal_number
    assert all(r["totals"] == [sum(x["points"][s] for x in g.results[:i + 1]) for s in range(players)]
               for i, r in enumerate(g.results))


def bot_match(seed, players, levels, options, check_every=25):
    """A match between bots, checking conservation and secrecy now and then; returns the game."""
    g = pygames.new_game("spite_malice", seed=seed, players=players, options=options)
    expected = all_cards(g.view(None))
    g.recycles = 0
    while not g.is_over:
        if g.move_count % check_every == 0:
            assert all_cards(g.view(None)) == expected
            check_view_secrecy(g)
        s = g.current_player
        before = g.deal_number, len(g.completed)
        g.play(pygames.ai.choose_move(g.view(s), levels[s], seed=seed * 7 + g.move_count))
        g.recycles += before[0] == g.deal_number and before[1] > 0 and not g.completed
    assert all_cards(g.view(None)) == expected
    return g


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_matches_complete_piles_recycle_and_win_by_payoff(players):
    """Bots build far more than random play does: completed piles, recycling and pay-off wins."""
    wins = recycled = 0
    start = time.perf_counter()
    for seed in range(3):
        # four decks: with 13-card pay-off piles a game ends before the stock runs out
        options = {"payoff": 26 if players == 4 else 13, "target": 25,
                   "centre_limit": ("unlimited" if seed == 2 else 4)}
        g = bot_match(seed, players, ["normal", "easy", "normal", "easy"][:players], options)
        wins += sum(r["ending"] == "payoff" for r in g.results)
        recycled += g.recycles
    print(f"\n{players} players: 3 bot matches in {time.perf_counter() - start:.2f}s, {wins} pay-off wins")
    assert wins >= 3 and recycled
