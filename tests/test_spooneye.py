"""Spooneye rules (docs/rules/spooneye.md): every worked example, each ruling, the standard rules, and the
shared property checks over seeded random matches with 2, 3 and 4 players and both rule sets."""

import json
import random

import pytest

import pygames
from pygames.cards import HIDDEN, Rng
from pygames.games.spooneye import Spooneye, is_three_sevens, mast_of_cards, mast_total
from tests.gameprops import matches, play_random_match
from tests.helpers.spooneye import ids, play, table


def codes(g, zone):
    return g.view(None)["zones"][zone]


def masts(g, seat):
    return [[c for c in codes(g, f"mast{seat}_{i}")] for i in range(4) if codes(g, f"mast{seat}_{i}")]


# ---- card values ------------------------------------------------------------------------------------
def test_worked_example_jack_values():
    five_jack = mast_of_cards(ids(["5H", "JS"]))
    assert [e & 15 for e in five_jack] == [5, 5] and mast_total(five_jack) == 10
    assert mast_total(mast_of_cards(ids(["JD"]))) == 10
    sevens = mast_of_cards(ids(["7C", "JH", "JD"]))
    assert mast_total(sevens) == 21 and is_three_sevens(sevens)


def test_jack_on_jack_on_five_is_worth_five_each():
    chain = mast_of_cards(ids(["5C", "JH", "JS"]))
    assert [e & 15 for e in chain] == [5, 5, 5] and mast_total(chain) == 15
    # a J takes the value of whatever it is played on
    g = table([[["5C", "JH"], ["8D"]], [["2S"]]], [["JS"], ["3C"]])
    g.play(play("JS", 0, 1))
    assert g.view(None)["masts"][0][1] == {"values": [8, 8], "total": 16}


def test_picture_cards_ace_and_pips():
    assert mast_total(mast_of_cards(ids(["AS", "QH", "KD"]))) == 21
    assert mast_total(mast_of_cards(ids(["9S", "TC"]))) == 19


def test_worked_example_nineteen_takes_an_ace_or_a_two_but_not_a_three():
    g = table([[["TS", "9H"], ["KD"], ["QC"], ["KC"]], [["5D"], ["6D"], ["7D"], ["8D"]]],
              [["3C", "AC", "2C"], ["4H"]])
    targets = {(m["card"], m["to"]["player"], m["to"]["mast"]) for m in g.legal_moves()}
    assert ("3C", 0, 0) not in targets and ("AC", 0, 0) in targets and ("2C", 0, 0) in targets
    with pytest.raises(pygames.IllegalMove, match="22"):
        g.play(play("3C", 0, 0))
    ace = g.clone(history=True)
    ace.play(play("AC", 0, 0))
    assert ace.view(None)["masts"][0][0]["total"] == 20
    g.play(play("2C", 0, 0))                   # 21: raised
    assert len(masts(g, 0)) == 3 and g.phase == "capture" and g.current_player == 0


# ---- the cut and the deal ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_cut_lowest_deals_ties_cut_again_and_the_deal_alternates(players):
    for seed in range(40):
        g = pygames.new_game("spooneye", seed=seed, players=players)
        rounds = g.view(None)["cut"]
        for earlier, later in zip(rounds, rounds[1:]):
            low = min("A23456789TJQK".index(e["card"][0]) for e in earlier)
            tied = [e["seat"] for e in earlier if "A23456789TJQK".index(e["card"][0]) == low]
            assert len(tied) > 1 and [e["seat"] for e in later] == tied
        last = rounds[-1]
        ranks = ["A23456789TJQK".index(e["card"][0]) for e in last]
        assert ranks.count(min(ranks)) == 1
        assert g.dealer == last[ranks.index(min(ranks))]["seat"]
    g = pygames.new_game("spooneye", seed=5, players=players)
    first_dealer = g.dealer
    rng = Rng(1)
    while g.deal_number == 1:
        legal = g.legal_actions()
        g.apply_action(legal[rng.below(len(legal))])
    assert g.dealer == (first_dealer + 1) % players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal_four_masts_face_up_four_hand_cards_and_the_stock(players):
    g = pygames.new_game("spooneye", seed=11, players=players, options={"rules": "basic"})
    v = g.view(None)
    first = (g.dealer + 1) % players
    assert g.current_player == first
    for s in range(players):
        assert len(masts(g, s)) == 4 and all(len(m) == 1 for m in masts(g, s))
        assert len(v["zones"][f"hand{s}"]) == (5 if s == first else 4)   # the first player has drawn
    assert len(v["zones"]["stock"]) == 52 - 8 * players - 1
    # a seat sees every mast but no other hand and not the stock
    mine = g.view((first + 1) % players)["zones"]
    assert set(mine[f"hand{first}"]) == {HIDDEN} and set(mine["stock"]) == {HIDDEN}
    assert mine[f"mast{first}_0"] == v["zones"][f"mast{first}_0"]


# ---- playing cards ----------------------------------------------------------------------------------
def test_new_masts_at_either_end_of_any_row_with_a_free_slot():
    g = table([[["5H"], ["6H"], ["7H"]], [["2S"], ["3S"], ["4S"], ["8S"]]], [["KD"], ["QC"]])
    to = {(m["to"]["player"], m["to"]["mast"]) for m in g.legal_moves()}
    assert (0, "new-left") in to and (0, "new-right") in to
    assert (1, "new-left") not in to and (1, "new-right") not in to    # a full row
    g.play(play("KD", 0, "new-left"))
    assert masts(g, 0) == [["KD"], ["5H"], ["6H"], ["7H"]]
    g2 = table([[["5H"], ["6H"]], [["2S"]]], [["KD"], []], stock=["QS"])
    g2.play(play("KD", 1, "new-right"))          # a new mast in the opponent's row
    assert masts(g2, 1) == [["2S"], ["KD"]]
    empty = table([[["5H"]], []], [["KD"], ["2C"]])
    assert [m["to"]["mast"] for m in empty.legal_moves() if m["to"]["player"] == 1] == ["new-left"]


def test_raising_your_own_mast_takes_it_and_an_opponent_mast_of_your_choice():
    g = table([[["TS", "9H"], ["5C"]], [["2D", "3D"], ["KH", "4C", "2H"]]], [["2C"], ["AH"]])
    g.play(play("2C", 0, 0))
    assert g.phase == "capture" and g.current_player == 0
    assert {(m["player"], m["mast"]) for m in g.legal_moves()} == {(1, 0), (1, 1)}
    g.play({"type": "capture", "player": 1, "mast": 1})
    assert masts(g, 0) == [["5C"]] and masts(g, 1) == [["2D", "3D"]]        # rows closed up
    assert sorted(codes(g, "down0") + codes(g, "up0")) == sorted(["TS", "9H", "2C", "KH", "4C", "2H"])
    assert g.view(None)["last_raise"]["victim"] == 1


def test_completing_an_opponents_mast_raises_it_for_the_opponent_who_captures_yours():
    g = table([[["5C"], ["8S", "8H"]], [["TS", "9H"], ["4D"]]], [["2C", "KD"], ["AH"]], stock=["QS"])
    g.play(play("2C", 1, 0))
    assert g.phase == "capture" and g.current_player == 1      # the owner chooses
    assert {(m["player"], m["mast"]) for m in g.legal_moves()} == {(0, 0), (0, 1)}
    g.play({"type": "capture", "player": 0, "mast": 1})
    assert sorted(codes(g, "down1") + codes(g, "up1")) == sorted(["TS", "9H", "2C", "8S", "8H"])
    assert codes(g, "down0") == [] and codes(g, "up0") == []
    assert g.current_player == 1 and g.actor == 1                # then it is the opponent's turn


def test_a_single_possible_capture_is_taken_at_once_and_none_when_the_opponents_have_no_mast():
    g = table([[["TS", "9H"], ["5C"]], [["4D", "4S"]]], [["2C"], ["AH"]], stock=["QS", "KS"])
    g.play(play("2C", 0, 0))
    assert masts(g, 1) == [] and len(codes(g, "down0") + codes(g, "up0")) == 5
    g = table([[["TS", "9H"], ["5C"]], []], [["2C"], ["AH"]], stock=["QS", "KS"])
    g.play(play("2C", 0, 0))
    assert len(codes(g, "down0") + codes(g, "up0")) == 3 and g.actor == 1


# ---- special cards ----------------------------------------------------------------------------------
def test_a_three_draws_one_more_card_and_nothing_from_an_empty_stock():
    g = table([[["5C"]], [["6D"]]], [["3H", "KS"], ["AH"]], stock=["QS", "2D", "7C"])
    g.play(play("3H", 0, 0))
    assert sorted(codes(g, "hand0")) == ["7C", "KS"]
    assert g.actor == 1 and codes(g, "stock") == ["QS"] and sorted(codes(g, "hand1")) == ["2D", "AH"]
    g = table([[["5C"]], [["6D"]]], [["3H", "KS"], ["AH"]], stock=[])
    g.play(play("3H", 0, 0))
    assert codes(g, "hand0") == ["KS"] and g.actor == 1


def test_a_four_plays_one_more_card_whose_effect_applies_too_a_three():
    g = table([[["5C"]], [["6D"]]], [["4H", "3S", "KS"], ["AH"]], stock=["QS", "2D", "7C"])
    g.play(play("4H", 0, 0))
    assert g.actor == 0 and g.phase == "play" and g.view(None)["extra_play"]
    g.play(play("3S", 1, 0))
    assert sorted(codes(g, "hand0")) == ["7C", "KS"] and g.actor == 1


def test_a_four_then_a_nine_steals():
    g = table([[["5C"], ["TD"]], [["6D", "8S"]]], [["4H", "9S", "KS"], ["AH"]], stock=["QS", "2D"])
    g.play(play("4H", 0, 0))
    g.play(play("9S", 0, 0))                        # 5 + 4 + 9 = 18
    assert g.phase == "steal" and g.current_player == 0
    g.play({"type": "steal", "player": 1, "mast": 0, "to": 1})
    assert masts(g, 0) == [["5C", "4H", "9S"], ["TD", "8S"]] and masts(g, 1) == [["6D"]]


def test_a_four_then_a_four_then_another_card():
    g = table([[["5C"]], [["6D"]]], [["4H", "4S", "2S", "KS"], ["AH"]], stock=["QS"])
    g.play(play("4H", 0, "new-left"))
    g.play(play("4S", 0, "new-left"))
    assert g.actor == 0 and g.phase == "play"
    g.play(play("2S", 1, 0))
    assert g.actor == 1


def test_a_four_with_nothing_left_to_play_lapses():
    g = table([[["5C"]], [["6D"]]], [["4H"], ["AH"]], stock=["QS"])
    g.play(play("4H", 0, 0))
    assert g.actor == 1


def test_the_nine_takes_a_crows_nest_onto_an_own_mast_or_a_new_one():
    g = table([[["TD"], ["5C"]], [["6D", "2S"], ["KH"]]], [["9C", "8H"], ["AH"]], stock=["QS", "4D"])
    g.play(play("9C", 1, 0))                        # 6 + 2 + 9 = 17 on the opponent's mast
    moves = g.legal_moves()
    assert all(m["type"] == "steal" for m in moves)
    stolen = {(m["player"], m["mast"], m["to"]) for m in moves}
    assert (1, 1, 0) in stolen and (1, 1, 1) in stolen          # K onto 10 = 20, onto 5 = 15
    assert (1, 1, "new-left") in stolen and (1, 1, "new-right") in stolen
    assert (1, 0, 0) in stolen                      # the 9 on top of 6 2 9, onto 10 = 19
    assert not any(p == 0 for p, _, _ in stolen)    # never from your own masts
    g.play({"type": "steal", "player": 1, "mast": 1, "to": "new-right"})
    assert masts(g, 0) == [["TD"], ["5C"], ["KH"]] and masts(g, 1) == [["6D", "2S", "9C"]]
    assert g.actor == 1


def test_a_stolen_special_card_has_no_effect_and_a_steal_to_21_raises():
    g = table([[["TD", "8C"], ["5C"]], [["6D", "3S"]]], [["9C", "8H"], ["AH"]], stock=["QS", "4D"])
    g.play(play("9C", 0, 1))                        # 5 + 9 = 14
    g.play({"type": "steal", "player": 1, "mast": 0, "to": 0})     # the 3 onto 18 = 21
    assert masts(g, 0) == [["5C", "9C"]]
    assert sorted(codes(g, "down0") + codes(g, "up0")) == sorted(["TD", "8C", "3S", "6D"])
    assert codes(g, "hand0") == ["8H"] and codes(g, "stock") == ["QS"]   # the 3 drew nothing; 1 drew


def test_the_nine_has_no_effect_when_no_opponent_has_a_mast_or_nothing_fits():
    g = table([[["TD"], ["5C"]], []], [["9C", "8H"], ["AH"]], stock=["QS", "4D"])
    g.play(play("9C", 0, 1))
    assert g.actor == 1
    full = [["TD", "KC"], ["QD", "KH"], ["TC", "QC"], ["KS", "QS"]]
    g = table([full, [["9D"]]], [["9C", "8H"], ["AH"]], stock=["2S", "4D"])
    g.play(play("9C", 1, "new-right"))              # the 9 lands; no own mast can take a 9 or a J
    assert g.actor == 1


def _raise_with(card, extra_hand=("2C", "KC")):
    base = {"3H": ["TS", "8H"], "4H": ["TS", "7H"], "9H": ["TS", "2H"]}[card]
    g = table([[base, ["5C"]], [["6D", "2S"], ["KH", "AS"]]], [[card, *extra_hand], ["AH"]],
              stock=["QS", "4D"])
    g.play(play(card, 0, 0))
    assert g.phase == "capture" and g.current_player == 0
    g.play({"type": "capture", "player": 1, "mast": 1})
    return g


def test_a_three_that_raises_draws_after_the_capture():
    g = _raise_with("3H")
    assert sorted(codes(g, "down0") + codes(g, "up0")) == sorted(["TS", "8H", "3H", "KH", "AS"])
    assert sorted(codes(g, "hand0")) == ["2C", "4D", "KC"] and g.actor == 1


def test_a_four_that_raises_plays_again_after_the_capture():
    g = _raise_with("4H")
    assert g.actor == 0 and g.phase == "play" and g.current_player == 0


def test_a_nine_that_raises_steals_after_the_capture():
    g = _raise_with("9H")
    assert g.phase == "steal" and {(m["player"], m["mast"]) for m in g.legal_moves()} == {(1, 0)}


# ---- the end of the deal ----------------------------------------------------------------------------
def test_with_the_stock_empty_play_goes_on_and_an_empty_hand_is_skipped():
    g = table([[["5C"]], [["6D"]], [["7H"]]], [["2S", "3D"], [], ["AH"]], stock=[])
    g.play(play("2S", 0, 0))
    assert g.actor == 2 and g.view(None)["skipped"] == [1]
    g.play(play("AH", 2, 0))
    assert g.actor == 0


def test_a_player_who_cannot_play_passes_after_drawing():
    full = [["TD", "KC"], ["QD", "KH"], ["TC", "QC"], ["KS", "QS"]]
    g = table([full, full[:0] + [["9D", "TH"], ["8D", "KD"], ["9S", "JC"], ["TS", "JD"]]],
              [["5C"], ["AH"]], stock=["7C", "6C"], rules="basic", actor=0, begin=True)
    assert codes(g, "hand0") == ["5C", "6C"]
    assert g.legal_moves() == [{"type": "pass"}]
    g.play({"type": "pass"})
    assert g.actor == 1


def test_the_deal_ends_when_stock_and_hands_are_empty():
    g = table([[["5C"]], [["6D"]]], [["2S"], []], stock=[], rules="basic")
    g.play(play("2S", 0, 0))
    assert g.is_over and g.deals[0]["reason"]["key"] == "spooneye.end.empty"


def test_the_deal_ends_when_nobody_can_play():
    full = [["TD", "KC"], ["QD", "KH"], ["TC", "QC"], ["KS", "QS"]]
    other = [["9D", "TH"], ["8D", "KD"], ["9S", "JC"], ["TS", "8C"]]
    g = table([full, other], [["5C", "AC"], ["6H"]], stock=[], rules="basic")
    g.play(play("AC", 1, 3))            # 10 + 8 + 1 = 19: now nobody can play the 5 or the 6
    assert g.is_over and g.deals[0]["reason"]["key"] == "spooneye.end.blocked"


def test_basic_scoring_is_one_point_per_captured_card_in_a_single_deal():
    g = table([[["TS", "9H"], ["5C"]], [["6D", "2S"]]], [["2C"], []], stock=[], rules="basic")
    g.play(play("2C", 0, 0))             # raises 3 cards and captures 2; then the deal ends (6D 2S gone)
    assert g.is_over
    p = g.deals[0]["players"]
    assert p[0]["base"] == 5 and p[0]["bonus"] == 0 and p[1]["base"] == 0
    assert g.scores == [5, 0] and g.winners == [0]


# ---- standard rules: the move --------------------------------------------------------------------
def test_the_move_replaces_draw_and_play():
    g = table([[["TS", "5H"], ["6C"], ["2D"]], [["3S"]]], [["KD"], ["AH"]], stock=["QS", "4C"],
              begin=True)
    assert g.phase == "start"
    moves = g.legal_moves()
    assert moves[0] == {"type": "draw"}
    pairs = {(m["from"], m["to"]) for m in moves[1:]}
    assert (1, 0) in pairs and (2, 0) in pairs and (0, 1) in pairs and (1, 2) in pairs
    assert all(m["type"] != "play" or m["to"]["mast"] not in ("new-left", "new-right") for m in moves)
    g.play({"type": "move", "from": 1, "to": 0})           # 15 + 6 = 21: raised
    assert codes(g, "hand0") == ["KD"]                     # no card drawn
    assert codes(g, "stock") == ["QS"]                     # (the opponent then drew the 4C)
    assert sorted(codes(g, "down0") + codes(g, "up0")) == sorted(["TS", "5H", "6C", "3S"])


def test_the_move_is_not_allowed_with_an_empty_stock_nor_two_turns_in_a_row():
    g = table([[["TS"], ["6C"]], [["3S"]]], [["KD"], ["AH"]], stock=[], begin=True)
    assert g.phase == "play"
    with pytest.raises(pygames.IllegalMove, match="move"):
        g.play({"type": "move", "from": 1, "to": 0})
    g = table([[["TS"], ["6C"]], [["3S"]]], [["KD"], ["AH"]], stock=["QS", "4C", "5C"], begin=True)
    g.play({"type": "move", "from": 1, "to": 0})
    assert g.actor == 1 and g.phase == "play"
    g.play(play("AH", 1, 0))
    assert g.actor == 0 and g.phase == "play"             # moved last turn: draws this one
    assert sorted(codes(g, "hand0")) == ["4C", "KD"]


def test_a_moved_special_card_has_no_effect_except_on_the_first_play_of_the_deal():
    later = table([[["TS"], ["5C", "3C"]], [["3S"]]], [["KD"], ["AH"]], stock=["QS", "4C"], begin=True)
    later.play({"type": "move", "from": 1, "to": 0})
    assert codes(later, "hand0") == ["KD"] and later.actor == 1
    first = table([[["TS"], ["5C", "3C"]], [["3S"]]], [["KD"], ["AH"]], stock=["QS", "4C"], begin=True,
                  first_play=True)
    first.play({"type": "move", "from": 1, "to": 0})
    assert sorted(codes(first, "hand0")) == ["4C", "KD"]       # the 3 drew a card
    four = table([[["TS"], ["5C", "4C"]], [["3S"]]], [["KD"], ["AH"]], stock=["QS", "2C"], begin=True,
                 first_play=True)
    four.play({"type": "move", "from": 1, "to": 0})
    assert four.actor == 0 and four.phase == "play"


def test_moving_a_single_card_mast_closes_the_row_up():
    g = table([[["2S"], ["TS"], ["6C"]], [["3S"]]], [["KD"], ["AH"]], stock=["QS", "4C"], begin=True)
    g.play({"type": "move", "from": 0, "to": 2})
    assert masts(g, 0) == [["TS"], ["6C", "2S"]]


# ---- standard rules: double cards -----------------------------------------------------------------
def test_worked_example_a_raised_mixed_five_card_mast_is_worth_seven():
    g = table([[["5S", "4H", "3D", "2C"], ["KC"]], [["QD", "KD", "TD", "JD"]]], [["7S"], ["AH"]],
              stock=["QS", "8S"])
    g.play(play("7S", 0, 0))
    assert sorted(codes(g, "up0")) == ["2C", "7S"]          # the 4th and 5th cards
    assert len(codes(g, "down0")) == 3 + 4                    # the captured one-suit mast is not doubled
    assert g.deal_points(0)[0] == 3 + 2 * 2 + 4


def test_worked_example_an_all_hearts_four_card_mast_is_worth_eight():
    g = table([[["5H", "4H", "3H"], ["KC"]], [["QD", "KD"]]], [["9H"], ["AH"]], stock=["QS", "8S"])
    g.play(play("9H", 0, 0))
    assert sorted(codes(g, "up0")) == sorted(["5H", "4H", "3H", "9H"])
    assert sorted(codes(g, "down0")) == ["KD", "QD"]
    assert g.deal_points(0)[0] == 8 + 2


def test_doubling_when_nobody_has_a_mast_left_doubles_the_captured_mast_too():
    g = table([[["TS", "9H"]], [["5D", "4S", "3C", "2C"]]], [["2D"], ["AH"]], stock=["QS", "8S"])
    g.play(play("2D", 0, 0))
    assert codes(g, "down0") == [] and len(codes(g, "up0")) == 7
    assert g.deal_points(0)[0] == 14
    assert g.view(None)["last_raise"]["captured_doubled"]


def test_basic_rules_have_no_double_cards():
    g = table([[["5H", "4H", "3H"]], []], [["9H"], ["AH"]], stock=["QS", "8S"], rules="basic")
    g.play(play("9H", 0, 0))
    assert codes(g, "up0") == [] and len(codes(g, "down0")) == 4


# ---- standard rules: three sevens -----------------------------------------------------------------
def test_three_sevens_swap_the_hands_jacks_valued_seven_count():
    g = table([[["7C", "JH"], ["2S"]], [["KD"], ["5S"]]], [["JD", "AS"], ["4C", "5C", "6C"]],
              stock=["QS", "8S"])
    g.play(play("JD", 0, 0))                      # 7, J=7, J=7: three sevens
    g.play({"type": "capture", "player": 1, "mast": 0})
    assert sorted(codes(g, "hand0")) == ["4C", "5C", "6C"]
    assert codes(g, "hand1") == ["AS", "8S"]      # the raiser's hand, then the opponent's draw
    assert g.view(None)["last_raise"]["three_sevens"] and g.view(None)["last_raise"]["swapped_with"] == 1
    assert g.view(0)["known"][1] == ["AS"]        # the raiser knows where its old hand went


def test_three_sevens_on_an_opponents_mast_the_owner_raises_and_swaps():
    g = table([[["2S"]], [["7C", "7H"], ["5S"]]], [["7D", "AS"], ["4C", "5C"]], stock=["QS", "8S"])
    g.play(play("7D", 1, 0))
    assert codes(g, "hand0") == ["4C", "5C"] and codes(g, "hand1") == ["AS", "8S"]


def test_not_three_sevens_when_not_exactly_three_cards_of_seven():
    assert not is_three_sevens(mast_of_cards(ids(["7C", "7H", "4D", "3D"])))
    assert not is_three_sevens(mast_of_cards(ids(["TC", "4H", "7D"])))
    g = table([[["7C", "7H"]], [["5S"]]], [["7D", "AS"], ["4C"]], stock=["QS"], rules="basic")
    g.play(play("7D", 0, 0))
    assert codes(g, "hand0") == ["AS"]            # basic rules: no swap


def test_three_sevens_with_three_players_choose_the_opponent():
    g = table([[["7C", "7H"], ["2S"]], [["KD"]], [["9D"]]], [["7D", "AS"], ["4C"], ["5C", "6C"]],
              stock=["QS", "8S"])
    g.play(play("7D", 0, 0))
    g.play({"type": "capture", "player": 2, "mast": 0})
    assert g.phase == "swap" and g.current_player == 0
    assert g.legal_moves() == [{"type": "swap_with", "player": 1}, {"type": "swap_with", "player": 2}]
    g.play({"type": "swap_with", "player": 2})
    assert sorted(codes(g, "hand0")) == ["5C", "6C"] and codes(g, "hand2") == ["AS"]
    assert codes(g, "hand1") == ["4C", "8S"]      # untouched, then its own draw


# ---- standard rules: scoring and the match ---------------------------------------------------------
def test_base_and_bonus_are_kept_apart_and_the_bonus_counts_only_at_100():
    g = table([[["TS", "9H"]], [["5D"]]], [["2C"], []], stock=[])
    g.base_totals = [95, 30]
    g.bonus_totals = [-4, 12]
    g.play(play("2C", 0, 0))       # raises TS 9H 2C, captures 5D, none left: all 4 doubled = 8
    assert g.is_over
    p0, p1 = g.deals[0]["players"]
    assert (p0["base"], p0["bonus"]) == (8, 1 + 0 - 1 + 2)
    assert p0["base_total"] == 103 and p0["bonus_total"] == -2
    assert g.scores == [101, 30]   # player 2 has 12 bonus points but less than 100 base
    assert g.winners == [0]


def test_the_match_goes_on_until_a_base_total_reaches_100():
    g = pygames.new_game("spooneye", seed=3)
    rng = Rng(3)
    while not g.is_over:
        before = list(g.base_totals)
        deal = g.deal_number
        legal = g.legal_actions()
        g.apply_action(legal[rng.below(len(legal))])
        if g.deal_number != deal or g.is_over:
            assert max(before) < 100
    assert max(g.base_totals) >= 100 and len(g.deals) > 1
    assert g.scores == [b + (x if b >= 100 else 0) for b, x in zip(g.base_totals, g.bonus_totals)]


def test_returns_are_the_margin_over_the_others_mean():
    g = table([[["TS", "9H"]], [["5D"]], [["6D"]]], [["2C"], ["AS"], ["3S"]], stock=["QS"])
    g.play(play("2C", 0, 0))
    g.play({"type": "capture", "player": 1, "mast": 0})
    r = g.returns()
    assert r[0] > 0 and abs(sum(r)) < 1e-9 and r[1] == r[2]


# ---- moves, refusals, secrets ----------------------------------------------------------------------
def test_refusals_say_why_and_change_nothing():
    g = table([[["TS", "9H"], ["5C"], ["6C"], ["7C"]], [["3S"]]], [["3C", "KD"], ["AH"]], stock=["QS"])
    before = g.to_json(), json.dumps(g.view(None), sort_keys=True)
    for move, text in [(play("3C", 0, 0), "22"), (play("AS", 0, 0), "not in your hand"),
                       (play("KD", 0, "new-left"), "four masts"), ({"type": "move", "from": 0, "to": 1}, "move"),
                       ({"type": "capture", "player": 1, "mast": 0}, "no mast"),
                       ({"type": "steal", "player": 1, "mast": 0, "to": 0}, "9"),
                       ({"type": "pass"}, "cannot play"), ({"type": "fly"}, "Spooneye move")]:
        with pytest.raises(pygames.IllegalMove, match=text):
            g.play(move)
    assert (g.to_json(), json.dumps(g.view(None), sort_keys=True)) == before


def test_an_empty_row_has_one_place_and_new_right_there_is_refused_saying_so():
    g = table([[["TS", "9H"]], []], [["3C", "KD"], ["AH"]], stock=["QS"])
    before = g.to_json()
    with pytest.raises(pygames.IllegalMove, match="one place: play to new-left"):
        g.play(play("3C", 1, "new-right"))
    assert g.to_json() == before
    assert play("3C", 1, "new-left") in g.legal_moves()


def test_every_message_key_has_an_english_text():
    rng = Rng(12)
    for seed in range(6):
        g = pygames.new_game("spooneye", seed=seed, players=2 + seed % 3)
        while not g.is_over:
            legal = g.legal_actions()
            g.apply_action(legal[rng.below(len(legal))])
        for deal in g.deals:
            for key in [deal["reason"]["key"], deal["result"]["key"] if "result" in deal else "spooneye.seat"]:
                assert key in Spooneye.TEXTS
            for p in deal["players"]:
                assert all(line["key"] in Spooneye.TEXTS for line in p["lines"])


def test_determinize_puts_the_seen_captured_cards_in_the_face_down_piles():
    rng = Rng(5)
    for seed in range(20):
        g = pygames.new_game("spooneye", seed=seed, players=2 + seed % 3)
        for _ in range(rng.below(60)):
            legal = g.legal_moves()
            g.play(legal[rng.below(len(legal))])        # played, so the view's log has the moves
        seat = g.current_player
        truth = g.view(None)["zones"]
        captured = sorted(c for s in range(g.players) for c in truth[f"down{s}"])
        sample = Spooneye.determinize(g.view(seat), rng).view(None)["zones"]
        assert sorted(c for s in range(g.players) for c in sample[f"down{s}"]) == captured


def test_determinize_keeps_a_swapped_hand_where_the_raiser_knows_it_is():
    g = table([[["7C", "JH"], ["2S"]], [["KD"], ["5S"]]], [["JD", "AS", "8C"], ["4C", "5C", "6C"]],
              stock=["QS", "8S", "9S"])
    g.dealt = [ids(["7C", "JH", "2S"]), ids(["KD", "5S"])]
    g.play(play("JD", 0, 0))
    g.play({"type": "capture", "player": 1, "mast": 0})
    rng = Rng(2)
    for _ in range(5):
        s = Spooneye.determinize(g.view(0), rng)
        hand = s.view(None)["zones"]["hand1"]
        assert {"AS", "8C"} <= set(hand) and len(hand) == 3
    assert g.view(0)["known"][1] == ["AS", "8C"] and g.view(1)["known"][0] == ["4C", "5C", "6C"]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", ["standard", "basic"])
def test_random_matches_keep_every_property(players, rules):
    # a standard match runs to 100 over many deals (up to ~1000 moves with 4 players): checked more
    # sparsely, since each check replays the match from its save
    for seed in range(matches((4 - players // 2) if rules == "standard" else 8)):
        play_random_match("spooneye", 100 * players + seed, players=players, options={"rules": rules},
                          check_every=2 if rules == "basic" else 7 * players + 3, link_every=41 * players,
                          bad_moves=[{"type": "pass"}, {"type": "draw"}, play("ZZ", 0, 0),
                                     {"type": "capture", "player": 0, "mast": 0}])


def test_the_rules_option_and_player_counts():
    assert Spooneye.PLAYERS == (2, 3, 4) and Spooneye.DEFAULT_PLAYERS == 2
    assert pygames.new_game("spooneye", seed=1).options == {"rules": "standard"}
    with pytest.raises(ValueError, match="rules"):
        pygames.new_game("spooneye", options={"rules": "pirate"})


def test_the_three_sevens_swap_is_chosen_by_the_raiser_whoever_owns_the_mast():
    """Ruling: the raiser is the player whose card made 21, whoever owns the mast; with 3-4 players
    that player chooses the opponent to swap hands with, and the two swap."""
    seen_foreign = 0
    for players in (3, 4):
        for seed in range(400):
            g = pygames.new_game("spooneye", players=players, seed=seed)
            rng = random.Random(seed)
            raiser = owner = None
            while not g.is_over and g.move_count < 400:
                seat = g.current_player
                moves = g.legal_moves()
                move = rng.choice(moves)
                if move["type"] not in ("capture", "swap_with"):   # a card placed that may make 21
                    raiser = seat
                    owner = move["to"]["player"] if move["type"] == "play" else seat
                g.play(move)
                now = g.legal_moves()
                if now and all(m["type"] == "swap_with" for m in now):
                    seat = raiser
                    assert g.current_player == raiser, (seed, move)          # the raiser chooses
                    assert seat not in {m["player"] for m in now}
                    seen_foreign += owner is not None and owner != seat
                    before = {s: sorted(g.view(None)["zones"][f"hand{s}"]) for s in range(players)}
                    choice = now[0]
                    g.play(choice)
                    after = g.view(None)["zones"]
                    assert set(before[choice["player"]]) <= set(after[f"hand{seat}"])   # (a 3 may draw after)
            if seen_foreign >= 3:
                break
    assert seen_foreign >= 1, "no three sevens raised on another player's mast"
