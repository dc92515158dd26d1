"""Leopard rules: the worked examples of docs/rules/leopard.md, the placement table rank by rank, line
scoring, going out (and asking a partner), the deal's end, the match, secrecy, and random matches."""

import pytest

import pygames
from pygames.cards import HIDDEN, IDS, Rng, rank_of
from pygames.games.leopard import (DOWN, LINES, Leopard, bonus, deal_score, scoring_lines,
                                   square_points)
from tests.gameprops import check_view_secrecy, matches, play_random_match
from tests.helpers.leopard import give, put


# ---- helpers: set up positions -----------------------------------------------------------------


def fresh(players=2, seed=1, **options):
    return Leopard(players=players, seed=seed, options=options or None)


def tops(*codes):
    """Nine top entries from codes for positions 1..9 (None empty, "??" a face-down card)."""
    out = []
    for c in codes:
        out.append(-1 if c is None else (DOWN + IDS["JS"] if c == "??" else IDS[c]))
    return out + [-1] * (9 - len(out))


def row(positions, codes):
    t = [None] * 9
    for p, c in zip(positions, codes):
        t[p - 1] = c
    return tops(*t)


def moves_for(g, code):
    return [m for m in g.legal_moves() if m.get("card") == code]


def places(g, code):
    return {(m["square"], m["pos"]) for m in moves_for(g, code) if m["type"] == "place"}


# ---- cards and the deal -------------------------------------------------------------------------
def test_two_decks_of_104_cards_and_eight_cards_each_then_the_draw():
    for players in (2, 4):
        g = fresh(players)
        full = g.view(None)["zones"]
        cards = sorted(c for z in full.values() for c in z)
        assert len(cards) == 104 and all(cards.count(c) == 2 for c in set(cards))
        first = (g.dealer + 1) % players
        assert g.current_player == first                       # the dealer's left plays first
        for s in range(players):
            assert len(g.hands[s]) == (9 if s == first else 8)    # the first player has drawn
        assert len(g.stock) == 104 - 8 * players - 1


def test_the_cut_higher_card_deals_ace_low_ties_cut_again():
    tied = 0
    for seed in range(200):
        g = fresh(2 if seed % 2 else 4, seed=seed)
        rounds = g.cut
        last = rounds[-1]
        high = max(rank_of(c) for _, c in last)
        assert [s for s, c in last if rank_of(c) == high] == [g.dealer]
        for r, nxt in zip(rounds, rounds[1:]):
            top = max(rank_of(c) for _, c in r)
            assert sorted(s for s, c in r if rank_of(c) == top) == sorted(s for s, _ in nxt)
            assert len(nxt) >= 2
        tied += len(rounds) > 1
        assert g.view(0)["cut"] == [[{"seat": s, "card": pygames.cards.CODES[c]} for s, c in r] for r in rounds]
    assert tied, "no cut was tied in 200 seeds"


def test_the_deal_alternates_with_two_and_goes_clockwise_with_four():
    for players in (2, 4):
        g = fresh(players, seed=9)
        rng = Rng(3)
        dealers = [g.dealer]
        while not g.is_over:
            deal = g.deal_number
            while g.deal_number == deal and not g.is_over:
                legal = [a for a in g.legal_actions()]
                g.apply_action(legal[rng.below(len(legal))])
            if not g.is_over:
                dealers.append(g.dealer)
                assert g.current_player == (g.dealer + 1) % players
        assert len(dealers) == 4
        for a, b in zip(dealers, dealers[1:]):
            assert b == (a + 1) % players


# ---- the worked examples ------------------------------------------------------------------------
@pytest.mark.parametrize("codes, points", [(("4H", "9H", "KH"), 2), (("4H", "9D", "KH"), 1),
                                           (("4H", "9S", "KH"), 0)])
def test_worked_example_row_1_2_3(codes, points):
    assert square_points(row((1, 2, 3), codes)) == points
    g = fresh()
    for pos, code in zip((1, 2, 3), codes):
        put(g, 0, pos, code)
    assert g.view(0)["squares"][0]["points"] == points


def test_worked_example_a_seven_goes_only_on_position_7_empty_or_face_down():
    g = fresh()
    seat = g.current_player
    me, opp = seat, 1 - seat
    give(g, seat, "7C")
    assert places(g, "7C") == {(me, 7), (opp, 7)}
    put(g, me, 7, "7H")                        # face up: closed to a 7
    put(g, opp, 7, "QS", placer=opp)           # face down: open
    assert places(g, "7C") == {(opp, 7)}
    with pytest.raises(pygames.IllegalMove, match="empty position or a face-down card"):
        g.play({"type": "place", "card": "7C", "square": me, "pos": 7})
    with pytest.raises(pygames.IllegalMove, match="only on position 7"):
        g.play({"type": "place", "card": "7C", "square": me, "pos": 5})


def test_worked_example_no_jack_on_empty_and_no_queen_on_the_opponents_square():
    g = fresh()
    seat = g.current_player
    me, opp = seat, 1 - seat
    give(g, seat, "JD", "QD")
    assert places(g, "JD") == set() and places(g, "QD") == set()
    put(g, opp, 5, "5H")
    put(g, me, 5, "5S")
    assert places(g, "JD") == {(me, 5), (opp, 5)}
    assert places(g, "QD") == {(me, 5)}
    with pytest.raises(pygames.IllegalMove, match="never on an empty position"):
        g.play({"type": "place", "card": "JD", "square": opp, "pos": 4})
    with pytest.raises(pygames.IllegalMove, match="only on your own square"):
        g.play({"type": "place", "card": "QD", "square": opp, "pos": 5})


# ---- the placement table, rank by rank ----------------------------------------------------------
# rank -> (own square allowed, opponent's square allowed, {"empty", "up", "down"} allowed on)
RULES_TABLE = {
    **{r: (True, True, {"empty", "down"}) for r in "A23456789"},
    "T": (True, False, {"empty", "down"}),
    "J": (True, True, {"up", "down"}),
    "Q": (True, False, {"up", "down"}),
    "K": (True, False, {"empty", "up", "down"}),
}


@pytest.mark.parametrize("rank", list("A23456789TJQK"))
@pytest.mark.parametrize("whose", ["own", "opp"])
@pytest.mark.parametrize("holding", ["empty", "up", "down"])
def test_placement_table(rank, whose, holding):
    g = fresh(seed=5)
    seat = g.current_player
    side = seat if whose == "own" else 1 - seat
    code = rank + "C"
    give(g, seat, code)
    numbered = rank in "A23456789"
    home = "A23456789".index(rank) + 1 if numbered else 4
    other = 6 if home != 6 else 2
    for pos in (home, other):
        if holding == "up":
            put(g, side, pos, "8H")
        elif holding == "down":
            put(g, side, pos, "QH", placer=side)
    own_ok, opp_ok, on = RULES_TABLE[rank]
    allowed = (own_ok if whose == "own" else opp_ok) and holding in on
    for pos in (home, other):
        ok = allowed and (pos == home or not numbered)
        move = {"type": "place", "card": code, "square": side, "pos": pos}
        assert (move in g.legal_moves()) == ok, (move, holding)
        if not ok:
            before = g.to_json(), g.view(None)
            with pytest.raises(pygames.IllegalMove):
                g.play(move)
            assert (g.to_json(), g.view(None)) == before
    if allowed:
        g.play({"type": "place", "card": code, "square": side, "pos": home})
        v = g.view(None)
        assert v["zones"][f"square{side}_{home}"][-1] == code
        face_down = v["placers"][side * 9 + home - 1][-1] is not None
        assert face_down == (rank in "JQ")
    # the discard pile takes any card
    g2 = fresh(seed=5)
    give(g2, g2.current_player, code)
    assert {"type": "discard", "card": code} in g2.legal_moves()


def test_a_discarded_card_is_dead_and_face_up():
    g = fresh()
    seat = g.current_player
    give(g, seat, "KS")
    g.play({"type": "discard", "card": "KS"})
    for s in range(2):
        assert g.view(s)["zones"]["discard"][-1] == "KS"
    assert all(m["type"] != "take" for m in g.legal_moves())


def test_only_the_top_card_counts_and_the_pile_below_stays():
    g = fresh()
    seat = g.current_player
    for pos, code in zip((1, 2, 3), ("4H", "9H", "KH")):
        put(g, seat, pos, code)
    assert g.points_of(seat) == 2
    give(g, seat, "QS")
    g.play({"type": "place", "card": "QS", "square": seat, "pos": 2})      # face down on the 9
    assert g.points_of(seat) == 0
    assert g.view(None)["zones"][f"square{seat}_2"] == ["9H", "QS"]
    assert g.view(seat)["zones"][f"square{seat}_2"] == ["9H", "QS"]        # the placer sees it
    assert g.view(1 - seat)["zones"][f"square{seat}_2"] == ["9H", HIDDEN]  # the opponent does not
    # a 2 on the face-down card restores a line: 4H 2H KH
    g.turn = seat
    give(g, seat, "2H")
    g.play({"type": "place", "card": "2H", "square": seat, "pos": 2})
    assert g.points_of(seat) == 2
    assert g.view(1 - seat)["zones"][f"square{seat}_2"] == ["9H", HIDDEN, "2H"]


# ---- line scoring --------------------------------------------------------------------------------
@pytest.mark.parametrize("line", LINES)
def test_every_line_scores_suit_2_colour_1(line):
    assert scoring_lines(row(line, ("2S", "5S", "9S"))) == [(LINES.index(line), "suit", 2)]
    assert scoring_lines(row(line, ("2S", "5C", "9S"))) == [(LINES.index(line), "colour", 1)]
    assert scoring_lines(row(line, ("2S", "5H", "9S"))) == []
    assert scoring_lines(row(line, ("2S", "5S", "9S")), suit_line=3) == [(LINES.index(line), "suit", 3)]
    # a face-down card or an empty position breaks the line
    for broken in (("2S", "??", "9S"), ("2S", None, "9S")):
        assert scoring_lines(row(line, broken)) == []


def test_a_full_square_scores_all_eight_lines():
    assert square_points(tops(*["5D"] * 9)) == 16                   # eight suit lines
    mixed = tops("2H", "3H", "4D", "5H", "6H", "7D", "8D", "9D", "TD")
    # rows: H H D colour, H H D colour, D D D suit; columns: H H D, H H D, D D D; diagonals H H D, D H D
    assert square_points(mixed) == 1 + 1 + 2 + 1 + 1 + 2 + 1 + 1


def test_bonus_above_five_and_none_at_exactly_five():
    assert bonus(5) == 0 and deal_score(5, False) == 5 and deal_score(5, True) == 4
    assert bonus(7) == 2
    assert deal_score(7, True) == 8                   # the source's example: 7 + (7 - 5) - 1
    assert deal_score(3, False) == 3


def test_seven_points_and_out_scores_8_in_play():
    g = fresh(seed=11)
    seat = g.current_player
    # rows 1-2-3 and 4-5-6 one suit each: 4 points
    for pos, code in zip((1, 2, 3, 4, 5, 6), ("2S", "3S", "4S", "2C", "3C", "4C")):
        put(g, seat, pos, code)
    assert g.points_of(seat) == 4
    put(g, seat, 7, "5C")        # column 1-4-7 S C C colour 1, diagonal 3-5-7 S C C colour 1
    put(g, seat, 9, "6H")        # breaks nothing, completes nothing but 1-5-9 (S C H): 0
    assert g.points_of(seat) == 6
    put(g, seat, 8, "7S")        # row 7-8-9 C S H: 0; column 2-5-8 S C S: colour 1
    assert g.points_of(seat) == 7
    opp_points = g.points_of(1 - seat)
    g.play({"type": "go_out"})
    deal = g.deals[-1]
    assert deal["out"] == seat and deal["sides"][seat]["points"] == 8
    assert deal["sides"][seat]["bonus"] == 2 and deal["sides"][seat]["out"] == -1
    assert deal["sides"][1 - seat]["points"] == deal_score(opp_points, False)
    assert g.side_scores[seat] == 8 and g.deal_number == 2


def test_suit_line_option_three_scores_a_suit_line_3():
    g = fresh(suit_line=3)
    seat = g.current_player
    for pos, code in zip((1, 2, 3), ("4H", "9H", "KH")):
        put(g, seat, pos, code)
    assert g.view(0)["squares"][seat]["points"] == 3
    for pos, code in zip((4, 5, 6), ("4H", "9D", "KH")):
        put(g, seat, pos, code)
    assert g.points_of(seat) == 4
    with pytest.raises(ValueError, match="suit_line"):
        fresh(suit_line=4)


# ---- going out ----------------------------------------------------------------------------------
def test_going_out_is_refused_below_five_and_allowed_at_five():
    g = fresh(seed=4)
    seat = g.current_player
    for pos, code in zip((1, 2, 3, 4, 7), ("2S", "3S", "4S", "5S", "7S")):
        put(g, seat, pos, code)
    assert g.points_of(seat) == 4
    assert {"type": "go_out"} not in g.legal_moves()
    before = g.to_json(), g.view(None)
    with pytest.raises(pygames.IllegalMove, match="5 or more"):
        g.play({"type": "go_out"})
    assert (g.to_json(), g.view(None)) == before
    put(g, seat, 5, "9C")            # 3-5-7: S C S colour = 1 more: 5
    assert g.points_of(seat) == 5
    assert g.legal_moves()[0] == {"type": "go_out"} and g.view(seat)["can_go_out"]
    g.play({"type": "go_out"})
    assert g.deals[-1]["sides"][seat]["points"] == 4        # 5 + 0 - 1


def test_going_out_is_only_before_placing_the_turn_ends_with_the_card():
    g = fresh(seed=4)
    seat = g.current_player
    for pos, code in zip((1, 2, 3, 4, 7, 5), ("2S", "3S", "4S", "5S", "7S", "9C")):
        put(g, seat, pos, code)
    assert {"type": "go_out"} in g.legal_moves()
    hand_before = len(g.hands[1 - seat])
    g.play({"type": "discard", "card": pygames.cards.CODES[g.hands[seat][0]]})
    # placing ended the turn: the opponent has drawn and acts; the placer cannot go out now
    assert g.current_player == 1 - seat and len(g.hands[1 - seat]) == hand_before + 1
    assert g.view(seat)["legal_moves"] == []
    assert g.points_of(1 - seat) < 5
    with pytest.raises(pygames.IllegalMove, match="5 or more"):
        g.play({"type": "go_out"})


def test_four_players_ask_the_partner_and_only_a_yes_ends_the_deal():
    g = fresh(4, seed=21)
    seat = g.current_player
    side, partner = seat % 2, (seat + 2) % 4
    for pos, code in zip((1, 2, 3, 4, 7, 5), ("2S", "3S", "4S", "5S", "7S", "9C")):
        put(g, side, pos, code)
    assert g.points_of(side) == 5
    g.play({"type": "go_out"})
    assert g.current_player == partner and g.phase == "answer" and g.deal_number == 1
    assert g.legal_moves() == [{"type": "answer", "allow": True}, {"type": "answer", "allow": False}]
    assert g.view(partner)["asker"] == seat
    with pytest.raises(pygames.IllegalMove, match="answer yes or no"):
        g.play({"type": "discard", "card": pygames.cards.CODES[g.hands[partner][0]]})
    g.play({"type": "answer", "allow": False})
    # no: the asker places a card as usual and may not ask again this turn
    assert g.current_player == seat and g.refused
    assert {"type": "go_out"} not in g.legal_moves()
    with pytest.raises(pygames.IllegalMove, match="partner said no"):
        g.play({"type": "go_out"})
    g.play(next(m for m in g.legal_moves() if m["type"] == "discard"))
    assert g.current_player == (seat + 1) % 4
    # round the table back to the asker's side: the partner may ask, the asker answers yes
    while g.current_player != partner:
        g.play(next(m for m in g.legal_moves() if m["type"] == "discard"))
    assert {"type": "go_out"} in g.legal_moves()
    g.play({"type": "go_out"})
    assert g.current_player == seat
    g.play({"type": "answer", "allow": True})
    deal = g.deals[-1]
    assert deal["out"] == partner and deal["sides"][side]["out"] == -1
    assert deal["sides"][side]["points"] == 4
    assert g.scores == [g.side_scores[s % 2] for s in range(4)]
    assert g.scores[seat] == g.scores[partner]


def test_two_players_go_out_without_asking():
    g = fresh(2, seed=21)
    seat = g.current_player
    for pos, code in zip((1, 2, 3, 4, 7, 5), ("2S", "3S", "4S", "5S", "7S", "9C")):
        put(g, seat, pos, code)
    g.play({"type": "go_out"})
    assert g.deal_number == 2 and g.deals[-1]["out"] == seat


# ---- the end of a deal and of the match ---------------------------------------------------------
def test_the_deal_ends_when_the_player_who_drew_the_last_card_has_placed():
    g = fresh(seed=6)
    while len(g.stock) > 0:
        g.play(next(m for m in g.legal_moves() if m["type"] == "discard"))
    assert g.deal_number == 1 and len(g.hands[g.current_player]) == 9    # drew the last card
    g.play(next(m for m in g.legal_moves() if m["type"] == "discard"))
    assert g.deal_number == 2 and g.deals[0]["out"] is None
    assert g.deals[0]["end"] == {"key": "leopard.end.stock"}


def test_four_deals_make_the_match_and_equal_totals_are_a_draw():
    g = fresh(seed=8)
    while not g.is_over:
        g.play(next(m for m in g.legal_moves() if m["type"] == "discard"))
    assert len(g.deals) == 4 and g.current_player is None and g.legal_moves() == []
    assert g.side_scores == [0, 0] and g.winner == -1
    assert g.deals[-1]["result"]["key"] == "leopard.result.draw"
    assert g.returns() == [0, 0]
    with pytest.raises(pygames.IllegalMove, match="over"):
        g.play({"type": "go_out"})


def test_higher_total_wins_and_returns_are_the_margin():
    g = fresh(seed=8)
    while g.deal_number < 4:
        g.play(next(m for m in g.legal_moves() if m["type"] == "discard"))
    seat = g.current_player
    for pos, code in zip((1, 2, 3), ("4H", "9H", "KH")):
        put(g, seat, pos, code)
    while not g.is_over:
        g.play(next(m for m in g.legal_moves() if m["type"] == "discard"))
    assert g.side_scores[seat] == 2 and g.winner == seat
    assert g.returns()[seat] == 2 and g.returns()[1 - seat] == -2
    assert g.deals[-1]["result"]["key"] == "leopard.result.win"


# ---- secrets ------------------------------------------------------------------------------------
def test_a_face_down_card_is_seen_by_its_placer_only_not_even_the_partner():
    g = fresh(4, seed=13)
    seat = g.current_player
    side, partner = seat % 2, (seat + 2) % 4
    put(g, 1 - side, 5, "5H")
    give(g, seat, "JC")
    g.play({"type": "place", "card": "JC", "square": 1 - side, "pos": 5})
    zone = f"square{1 - side}_5"
    assert g.view(seat)["zones"][zone] == ["5H", "JC"]
    for other in (partner, (seat + 1) % 4, (seat + 3) % 4):
        assert g.view(other)["zones"][zone] == ["5H", HIDDEN]
        last = g.view(other)["log"][-1]
        assert (last["seat"], last["move"]) == (seat, {"type": "place", "card": HIDDEN, "square": 1 - side, "pos": 5})
        assert all(c == (HIDDEN if d["seat"] != other else c) for d in last.get("drew", []) for c in d["cards"])
    assert g.view(seat)["log"][-1]["move"]["card"] == "JC"
    assert g.view(partner)["placers"][(1 - side) * 9 + 4] == [None, seat]
    check_view_secrecy(g)


def test_determinize_deals_jacks_and_queens_into_face_down_places():
    g = fresh(2, seed=17)
    seat = g.current_player
    put(g, seat, 5, "5H")
    put(g, 1 - seat, 5, "5S")
    put(g, seat, 5, "QS", placer=seat)           # a Q on the placer's own square: J or Q
    put(g, seat, 4, "6S")
    put(g, seat, 4, "JD", placer=1 - seat)       # the opponent's J on this square: a J
    rng = Rng(2)
    seen = set()
    for _ in range(60):
        s = Leopard.determinize(g.view(1 - seat), rng)
        own_q = s.view(None)["zones"][f"square{seat}_5"][-1]
        opp_j = s.view(None)["zones"][f"square{seat}_4"][-1]
        assert own_q[0] in "JQ" and opp_j[0] == "J"
        assert opp_j == "JD"                    # the viewer placed it: it knows it
        seen.add(own_q)
    assert len(seen) > 3


# ---- random matches -----------------------------------------------------------------------------
BAD = ({"type": "go_out"}, {"type": "answer", "allow": True}, {"type": "place", "card": "KS", "square": 1, "pos": 1},
       {"type": "place", "card": "2H", "square": 0, "pos": 5}, {"type": "discard", "card": "ZZ"},
       {"type": "place", "card": "QC", "square": 0, "pos": 10})


@pytest.mark.parametrize("players", [2, 4])
def test_random_matches_keep_every_property(players):
    for seed in range(matches(4)):
        g = play_random_match("leopard", seed, players=players, check_every=13, link_every=97,
                              bad_moves=BAD, options={"suit_line": 2 + seed % 2})
        assert len(g.deals) == 4
        for d in g.deals:
            for side, s in enumerate(d["sides"]):
                assert s["points"] == s["square"] + s["bonus"] + s["out"]
                assert s["square"] == sum(line["points"] for line in s["lines"])


def test_many_fast_random_matches_conserve_cards_and_end():
    rng = Rng(99)
    for i in range(60):
        g = fresh(2 if i % 2 else 4, seed=1000 + i)
        while not g.is_over:
            legal = g.legal_actions()
            assert legal
            g.apply_action(legal[rng.below(len(legal))])
        cards = sorted(c for z in g.view(None)["zones"].values() for c in z)
        assert len(cards) == 104
        assert sum(g.returns()) == 0
