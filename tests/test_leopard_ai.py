"""Leopard bots: legal moves from a seat's view alone at every level, the normal bot's judgement in
set positions (complete a suit line, spoil the opponent's with a J, go out or play on, a partner's
answer), and the levels' order over seeded matches."""

import pytest

import pygames
from pygames.ai import choose_move
from pygames.cards import Rng
from pygames.games.leopard import Leopard
from tests.gameprops import EachIndex, seeded_positions
from tests.helpers.leopard import give, put


def clear_hand(g, seat, keep=()):
    """Move the seat's hand to the discard pile (a dead pile: harmless for these positions)."""
    g.discard.extend(g.hands[seat])
    g.hands[seat] = []
    give(g, seat, *keep)


def bot(g, level="normal", seed=0):
    return choose_move(g.view(g.current_player), level=level, seed=seed)


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
@pytest.mark.parametrize("players", [2, 4])
def test_bots_choose_legal_moves_from_their_view(level, players):
    g = pygames.new_game("leopard", seed=3, players=players)
    rng = Rng(1)
    for step in range(8 if level == "hard" else 120):
        if g.is_over:
            break
        view = g.view(g.current_player)
        move = choose_move(view, level=level, seed=step)
        assert move in view["legal_moves"]
        assert choose_move(view, level=level, seed=step) == move        # same view and seed, same move
        g.play(move if rng.below(3) else view["legal_moves"][rng.below(len(view["legal_moves"]))])


def test_normal_completes_a_suit_line():
    g = Leopard(seed=2)
    seat = g.current_player
    put(g, seat, 1, "4H")
    put(g, seat, 2, "9H")
    clear_hand(g, seat, ["3H", "3S", "8C"])
    assert bot(g) == {"type": "place", "card": "3H", "square": seat, "pos": 3}


def test_normal_spoils_the_opponents_scoring_line_with_a_jack():
    g = Leopard(seed=2)
    seat = g.current_player
    opp = 1 - seat
    for pos, code in zip((7, 8, 9), ("7S", "8S", "9S")):
        put(g, opp, pos, code)
    clear_hand(g, seat, ["JD", "2C", "6D"])
    move = bot(g)
    assert move["card"] == "JD" and move["square"] == opp and move["pos"] in (7, 8, 9)


def test_normal_covers_its_own_bad_card_with_a_queen():
    g = Leopard(seed=2)
    seat = g.current_player
    # 1-2-3: hearts with a spade in the middle; 2-5-8 and the rest empty
    for pos, code in zip((1, 2, 3), ("4H", "9S", "KH")):
        put(g, seat, pos, code)
    clear_hand(g, seat, ["QC", "5C", "6C"])
    move = bot(g)
    assert move == {"type": "place", "card": "QC", "square": seat, "pos": 2}


def test_normal_goes_out_well_ahead_and_plays_on_when_behind():
    g = Leopard(seed=4)
    seat = g.current_player
    for pos, code in zip((1, 2, 3, 4, 7, 5), ("2S", "3S", "4S", "5S", "7S", "9C")):
        put(g, seat, pos, code)
    assert g.points_of(seat) == 5
    assert bot(g) == {"type": "go_out"}
    # the opponent's square scores as much: going out would lose the deal
    opp = 1 - seat
    for pos, code in zip((1, 2, 3, 4, 7, 5), ("2D", "3D", "4D", "5D", "7D", "9H")):
        put(g, opp, pos, code)
    assert bot(g)["type"] != "go_out"


def test_a_bot_partner_answers_by_the_same_judgement_and_asks_only_when_it_would_go_out():
    full = zip((1, 2, 3, 4, 5, 6, 7, 8, 9), ("2S", "3S", "4S", "5S", "9S", "6S", "7S", "8S", "TS"))
    g = Leopard(players=4, seed=21)
    seat = g.current_player
    side, partner = seat % 2, (seat + 2) % 4
    for pos, code in full:                      # every line one suit: 16 points, and nothing left to gain
        put(g, side, pos, code)
    assert bot(g) == {"type": "go_out"}          # would go out, so it asks
    g.play({"type": "go_out"})
    assert g.current_player == partner
    assert [bot(g, seed=seed) for seed in range(3)] == [{"type": "answer", "allow": True}] * 3
    # five points each: going out would lose the deal, so the bot would not ask and its partner says no
    g = Leopard(players=4, seed=21)
    for pos, code in zip((1, 2, 3, 4, 7, 5), ("2S", "3S", "4S", "5S", "7S", "9C")):
        put(g, side, pos, code)
    for pos, code in zip((1, 2, 3, 4, 7, 5), ("2D", "3D", "4D", "5D", "7D", "9H")):
        put(g, 1 - side, pos, code)
    assert bot(g)["type"] != "go_out"
    g.play({"type": "go_out"})
    assert g.current_player == partner
    assert [bot(g, seed=seed) for seed in range(3)] == [{"type": "answer", "allow": False}] * 3


def _match(levels, seed, players=2):
    g = pygames.new_game("leopard", seed=seed, players=players)
    n = 0
    while not g.is_over:
        s = g.current_player
        g.play(choose_move(g.view(s), level=levels[s % 2], seed=seed * 1000 + n))
        n += 1
    return g.side_scores


@pytest.mark.parametrize("players", [2, 4])
def test_normal_beats_random_and_easy(players):
    for weaker in ("random", "easy"):
        wins = 0
        for seed in range(6):
            a = _match(("normal", weaker) if seed % 2 else (weaker, "normal"), seed, players)
            mine = 1 if seed % 2 == 0 else 0
            wins += a[mine] > a[1 - mine]
        assert wins >= 5, (weaker, wins)


def test_easy_beats_random():
    wins = 0
    for seed in range(6):
        a = _match(("easy", "random") if seed % 2 == 0 else ("random", "easy"), seed)
        mine = 0 if seed % 2 == 0 else 1
        wins += a[mine] > a[1 - mine]
    assert wins >= 5


def test_hard_searches_among_the_normal_bots_best_moves_and_beats_random():
    g = Leopard(seed=2)
    seat = g.current_player
    put(g, seat, 1, "4H")
    put(g, seat, 2, "9H")
    clear_hand(g, seat, ["3H", "3S", "8C"])
    assert bot(g, "hard") == {"type": "place", "card": "3H", "square": seat, "pos": 3}
    a = _match(("hard", "random"), 5)
    assert a[0] > a[1]


@pytest.mark.parametrize("suit_line", [2, 3])
def test_the_fast_line_table_agrees_with_line_value_on_every_line(suit_line):
    from pygames.ai.leopard import ENTRY_CLASS, LINE_TABLE, line_value
    from pygames.games.leopard import DOWN
    # every kind of entry: empty, face down (by each seat), and each card face up
    entries = [-1] + [DOWN * (seat + 1) + c for seat in range(4) for c in (0, 37)] + list(range(52))
    table = LINE_TABLE[suit_line]
    for a in entries:
        for b in entries[::3]:
            for c in entries[::5]:
                key = ENTRY_CLASS[a + 1] * 36 + ENTRY_CLASS[b + 1] * 6 + ENTRY_CLASS[c + 1]
                assert table[key] == line_value(a, b, c, suit_line), (a, b, c)


def test_the_hard_searchs_judge_counts_the_squares_mid_deal_and_the_score_once_it_ends():
    from pygames.ai.leopard import estimate
    g = Leopard(seed=4)
    seat = g.current_player
    for pos, code in zip((1, 2, 3, 4, 7, 5), ("2S", "3S", "4S", "5S", "7S", "9C")):
        put(g, seat, pos, code)                 # 5 points (two spade lines, and a black diagonal)
    mid = estimate(g)
    assert mid[seat] >= 5 and mid[1 - seat] == -mid[seat]
    g.play({"type": "go_out"})                  # the deal ends: 5 - 1 = 4, the next deal starts empty
    assert g.deal_number == 2
    assert estimate(g) == g.returns() == [4 if s == seat else -4 for s in range(2)]


def test_the_rollouts_quick_target_draw_agrees_with_legal_actions():
    """``random_target``, the rollouts' quick path to one legal target, can draw exactly the card's
    legal placements and its discard - the game's own ``placements``, in the order it always drew
    them - on thousands of seeded positions of both table sizes."""
    from pygames.ai.leopard import random_target
    from pygames.games.leopard import GO_OUT
    checked = 0
    for players in (2, 4):
        for g in seeded_positions("leopard", range(1, 7), players):
            if g.phase != "place":
                continue
            legal = [a for a in g.legal_actions() if a < GO_OUT]
            for card in set(g.hands[g.turn]):
                drawn = {random_target(g, card, EachIndex(i)) for i in range(19)}
                assert drawn == {a for a in legal if a // 32 == card}, (card, g.turn, g.tops)
                checked += 1
    assert checked > 5000

