"""Spades: every worked example and ruling of docs/rules/spades.md, and properties over seeded matches."""

import pytest

import pygames
from pygames.cards import IDS, CODES
from pygames.games.spades import SORT_KEY, Spades, score_team, trick_winner
from pygames.text import render
from tests.gameprops import matches, play_random_match


def ids(*codes):
    return [IDS[c] for c in codes]


def to_play(game):
    """A game forced into its play phase with no bids left to make."""
    for s in range(4):
        game.bids[s] = 3
    game.looked = [True] * 4
    game.phase = "play"
    game.turn = game.leader
    return game


def set_hands(game, hands):
    game.hands = [sorted(ids(*h), key=SORT_KEY.__getitem__) for h in hands]


# ---- the source's scoring examples ------------------------------------------------------------
def test_bid_6_took_8_scores_62():
    points, bags, _ = score_team([4, 2], [5, 3], 0)
    assert (points, bags) == (62, 2)


def test_bid_7_took_5_scores_minus_70():
    points, bags, _ = score_team([4, 3], [3, 2], 0)
    assert (points, bags) == (-70, 0)


def test_nil_made_and_partner_contract():
    # North bids nil and takes nothing; South bid 4, took 5: 41 + 100
    points, bags, lines = score_team([4, "nil"], [5, 0], 0)
    assert (points, bags) == (141, 1)
    assert any("Nil made" in render(l) for l in lines)


def test_failed_nil_tricks_count_for_the_partner():
    # nil bidder takes 2, partner bid 5 and took 3: 5 together, contract made, nil fails
    points, bags, _ = score_team([5, "nil"], [3, 2], 0)
    assert points == 50 - 100


def test_double_nil_is_worth_200():
    assert score_team(["double_nil", 4], [0, 4], 0)[0] == 240
    assert score_team(["double_nil", 4], [1, 3], 0)[0] == -200 + 40


def test_both_nil_every_trick_is_an_overtrick():
    points, bags, _ = score_team(["nil", "nil"], [0, 2], 0)
    assert points == 100 - 100 + 2 and bags == 2


def test_ten_bags_cost_100_and_are_removed():
    points, bags, _ = score_team([3, 3], [5, 4], 7)       # 3 overtricks: 7 + 3 = 10 bags
    assert (points, bags) == (63 - 100, 0)
    points, bags, _ = score_team([1, 1], [7, 6], 9)       # 11 overtricks -> 20 bags: two penalties
    assert (points, bags) == (31 - 200, 0)


def test_bags_kept_apart_from_negative_scores():
    game = Spades(seed=1)
    game.team_scores = [-95, 0]
    game.team_bags = [9, 0]
    pts, bags, _ = score_team([2, 2], [3, 2], game.team_bags[0])
    assert (pts, bags) == (41 - 100, 0)


# ---- trick taking -----------------------------------------------------------------------------
def test_highest_of_led_suit_wins_and_spade_trumps():
    assert trick_winner(ids("5H", "KH", "AD", "2H")) == 1
    assert trick_winner(ids("5H", "KH", "2S", "AH")) == 2
    assert trick_winner(ids("5H", "3S", "QS", "AH")) == 2
    assert trick_winner(ids("TC", "JC", "AC", "2C")) == 2   # the ace is high


def test_must_follow_suit():
    game = to_play(Spades(seed=3))
    set_hands(game, [["2H", "9H", "AS"] + ["3C"] * 0, ["5H", "KS", "2D"], ["7C", "8C", "9C"], ["4D", "5D", "6D"]])
    game.leader = game.turn = 1
    game.play({"type": "play", "card": "5H"})
    assert sorted(m["card"] for m in game.legal_moves()) == ["7C", "8C", "9C"]   # seat 2 has no heart
    game.play({"type": "play", "card": "7C"})
    game.play({"type": "play", "card": "4D"})
    assert sorted(m["card"] for m in game.legal_moves()) == ["2H", "9H"]
    before = game.to_json(), game.view(None)
    with pytest.raises(pygames.IllegalMove, match="follow hearts"):
        game.play({"type": "play", "card": "AS"})
    assert (game.to_json(), game.view(None)) == before


def test_spades_not_led_until_broken():
    game = to_play(Spades(seed=4))
    set_hands(game, [["2S", "9H"], ["5H", "KS"], ["7H", "8C"], ["4D", "5D"]])
    game.leader = game.turn = 0
    assert [m["card"] for m in game.legal_moves()] == ["9H"]
    with pytest.raises(pygames.IllegalMove, match="not broken"):
        game.play({"type": "play", "card": "2S"})


def test_spade_played_on_another_suit_breaks_spades():
    game = to_play(Spades(seed=5))
    set_hands(game, [["9H", "2S"], ["KS", "5H"], ["8C", "3S"], ["4D", "5D"]])
    game.leader = game.turn = 0
    for card in ("9H", "5H", "3S", "4D"):                # North ruffs with the 3 of spades
        game.play({"type": "play", "card": card})
    assert game.broken and game.turn == 2
    game.hands[2].append(IDS["4S"])                      # now North may lead a spade
    assert {m["card"] for m in game.legal_moves()} == {"8C", "4S"}


def test_leader_with_only_spades_may_lead_one_and_that_breaks():
    game = to_play(Spades(seed=6))
    set_hands(game, [["2S", "9S"], ["5H", "KH"], ["7C", "8C"], ["4D", "5D"]])
    game.leader = game.turn = 0
    assert [m["card"] for m in game.legal_moves()] == ["9S", "2S"]
    game.play({"type": "play", "card": "2S"})
    assert game.broken


# ---- bidding ----------------------------------------------------------------------------------
def test_bids_are_nil_or_1_to_13_and_zero_is_refused():
    game = Spades(seed=7)
    assert game.phase == "bid" and game.turn == (game.dealer + 1) % 4
    bids = [m["bid"] for m in game.legal_moves()]
    assert bids == ["nil"] + list(range(1, 14))
    with pytest.raises(pygames.IllegalMove, match="Nil"):
        game.play({"type": "bid", "bid": 0})
    with pytest.raises(pygames.IllegalMove):
        game.play({"type": "bid", "bid": 14})


def test_bidding_runs_clockwise_from_dealers_left_and_leader_leads():
    game = Spades(seed=8)
    first = (game.dealer + 1) % 4
    order = []
    for n in (3, 4, 2, 3):
        order.append(game.turn)
        game.play({"type": "bid", "bid": n})
    assert order == [(first + i) % 4 for i in range(4)]
    assert game.phase == "play" and game.turn == first


def start_trailing(seed=9, behind=100):
    game = Spades(seed=seed)
    game.team_scores = [0, behind]
    game.deal_number = 1
    game._deal()
    return game


def test_double_nil_only_for_a_team_trailing_by_100():
    game = start_trailing(behind=99)
    assert all(m["type"] == "bid" and m["bid"] != "double_nil" for m in game.legal_moves())
    game = start_trailing(behind=100)
    for _ in range(4):
        seat = game.turn
        legal = game.legal_moves()
        if seat % 2 == 0:
            assert legal == [{"type": "bid", "bid": "double_nil"}, {"type": "look"}]
            assert game.view(seat)["zones"][f"hand{seat}"] == ["??"] * 13
            game.play({"type": "look"})
            assert "??" not in game.view(seat)["zones"][f"hand{seat}"]
        else:
            assert all(m.get("bid") != "double_nil" for m in legal)
        game.play({"type": "bid", "bid": 3})


def test_double_nil_once_per_team_then_the_exchange():
    game = start_trailing(seed=10)
    while game.turn % 2 == 1:
        game.play({"type": "bid", "bid": 3})
    bidder = game.turn
    partner = (bidder + 2) % 4
    game.play({"type": "bid", "bid": "double_nil"})
    while game.phase == "bid":
        seat = game.turn
        if seat == partner:
            assert {"type": "bid", "bid": "double_nil"} not in game.legal_moves()
            assert game.legal_moves() == [{"type": "look"}]
            game.play({"type": "look"})
            assert {"type": "bid", "bid": "nil"} in game.legal_moves()   # the partner may still bid nil
        game.play({"type": "bid", "bid": 2})
    assert game.phase == "pass" and game.turn == bidder
    assert len(game.legal_moves()) == 78                      # any two of 13 cards
    give = [CODES[c] for c in game.hands[bidder][:2]]
    game.play({"type": "pass_cards", "cards": list(reversed(give))})   # order does not matter
    assert len(game.hands[bidder]) == 11 and len(game.hands[partner]) == 15
    assert game.turn == partner
    # the same two may go back; opponents do not see which cards were passed
    opponent_view = game.view((bidder + 1) % 4)
    assert opponent_view["log"][-1]["move"]["cards"] == ["??", "??"]
    assert sorted(game.view(partner)["log"][-1]["move"]["cards"]) == sorted(give)
    game.play({"type": "pass_cards", "cards": give})
    assert len(game.hands[bidder]) == 13 and game.phase == "play"
    assert game.turn == (game.dealer + 1) % 4


def test_double_nil_scores_200():
    points, _, _ = score_team(["double_nil", 5], [0, 6], 0)
    assert points == 200 + 51


# ---- match end --------------------------------------------------------------------------------
def test_match_ends_after_a_deal_reaching_target_higher_wins():
    game = Spades(seed=11)
    game.team_scores = [495, 480]
    game.bids = [1, 1, 1, 1]
    game.tricks = [7, 2, 2, 2]
    game.hands = [[], [], [], []]
    game._end_deal()       # team 0: bid 2 took 9 -> 27; team 1: bid 2 took 4 -> 22
    assert game.is_over and game.winner == 0 and game.current_player is None
    assert game.scores == [522, 502, 522, 502]
    assert game.legal_moves() == []


def test_tie_at_or_above_target_plays_another_deal():
    game2 = Spades(seed=12)
    game2.team_scores = [490, 491]
    game2.bids = [1, 1, 1, 1]
    game2.tricks = [4, 3, 3, 3]     # team 0 +25 -> 515; team 1 +24 -> 515: equal -> go on
    game2.hands = [[], [], [], []]
    game2._end_deal()
    assert game2.team_scores == [515, 515] and not game2.is_over and game2.phase == "bid"


def test_mercy_option_is_off_by_default_and_ends_below_minus_200():
    game = Spades(seed=13)
    game.team_scores = [-150, 0]
    game.bids = [7, 1, 7, 1]
    game.tricks = [2, 5, 2, 4]
    game.hands = [[], [], [], []]
    game._end_deal()
    assert game.team_scores[0] == -290 and not game.is_over
    mercy = Spades(seed=13, options={"mercy": True})
    mercy.team_scores = [-150, 0]
    mercy.bids, mercy.tricks, mercy.hands = [7, 1, 7, 1], [2, 5, 2, 4], [[], [], [], []]
    mercy._end_deal()
    assert mercy.is_over and mercy.winner == 1


def test_dealer_rotates_clockwise_and_deal_is_13_each():
    game = Spades(seed=14)
    first = game.dealer
    assert [len(h) for h in game.hands] == [13] * 4
    while game.deal_number == 1:
        game.play(game.legal_moves()[0])
    assert game.dealer == (first + 1) % 4


# ---- the contract -----------------------------------------------------------------------------
def test_options_and_players_are_checked():
    with pytest.raises(ValueError, match="4"):
        pygames.new_game("spades", players=3)
    with pytest.raises(ValueError, match="target"):
        pygames.new_game("spades", options={"target": 7})
    with pytest.raises(ValueError, match="mercy"):
        pygames.new_game("spades", options={"colour": 1})
    assert pygames.new_game("spades", seed=1, options={"target": 300}).options["target"] == 300


def test_same_seed_same_deal_and_first_dealer():
    a, b = Spades(seed=99), Spades(seed=99)
    assert a.hands == b.hands and a.dealer == b.dealer
    assert Spades(seed=100).hands != a.hands


def test_views_hide_other_hands_and_show_played_cards():
    game = Spades(seed=15)
    for _ in range(4):
        game.play({"type": "bid", "bid": 3})
    game.play(game.legal_moves()[0])
    for seat in range(4):
        v = game.view(seat)
        for s in range(4):
            hand = v["zones"][f"hand{s}"]
            assert (hand == ["??"] * len(hand)) == (s != seat)
        assert v["zones"]["trick"] == game.view(None)["zones"]["trick"]
        assert "seed" not in v


BAD = [{"type": "bid", "bid": 0}, {"type": "bid", "bid": 14}, {"type": "play", "card": "ZZ"},
       {"type": "pass_cards", "cards": ["AS"]}, {"type": "look"}, {"type": "nonsense"}]


@pytest.mark.parametrize("block", range(5))
def test_random_matches_keep_every_property(block):
    for seed in range(block * 100, block * 100 + matches(100)):   # 500 matches, well over a thousand deals
        play_random_match("spades", seed, options={"mercy": True, "target": 200},
                          check_every=11, link_every=97, bad_moves=BAD)


def test_random_matches_with_double_nil_reach_the_exchange():
    # random bidding often leaves a team 100 behind: the exchange must then be played and conserved
    exchanges = 0
    for seed in range(1000, 1120):
        game = play_random_match("spades", seed, options={"mercy": True, "target": 200},
                                 check_every=31, bad_moves=BAD[:2])
        exchanges += sum(1 for m in game.history if m["type"] == "pass_cards")
    assert exchanges >= 4


def test_clone_plays_on_independently_and_identically():
    game = Spades(seed=16)
    for _ in range(10):
        game.play(game.legal_moves()[0])
    copy = game.clone(history=True)
    while game.deal_number == 1:                  # the original finishes the deal and deals again
        game.play(game.legal_moves()[-1])
    assert copy.deal_number == 1 and len(copy.history) == 10
    while copy.deal_number == 1:
        copy.play(copy.legal_moves()[-1])
    assert copy.view(None) == game.view(None)     # same moves, same seeded next deal
