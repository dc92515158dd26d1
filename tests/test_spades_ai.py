"""Spades bots: sensible bids, nil only with a hand that can duck, and levels that beat weaker ones."""

import pygames
from pygames.ai import choose_move
from pygames.ai.spades import can_duck, estimate_tricks
from pygames.cards import IDS
from pygames.games.spades import Spades


def hand(*codes):
    return [IDS[c] for c in codes]


def play_match(levels, seed, target=300):
    """Seats 0/2 play at levels[0], 1/3 at levels[1]. Returns the winning team."""
    g = pygames.new_game("spades", seed=seed, options={"target": target})
    n = 0
    while not g.is_over:
        s = g.current_player
        g.play(pygames.ai.choose_move(g.view(s), level=levels[s % 2], seed=seed * 1000 + n))
        n += 1
        assert g.deal_number < 80, "the match should end"
    return g.winner


def test_estimate_counts_high_cards_and_long_spades():
    strong = hand("AS", "KS", "QS", "JS", "TS", "AH", "KH", "AD", "KD", "AC", "2C", "3C", "4C")
    weak = hand("2S", "3H", "4H", "5H", "6D", "7D", "8D", "2C", "3C", "4C", "5C", "6C", "7C")
    assert estimate_tricks(strong) >= 9
    assert estimate_tricks(weak) < 1
    assert can_duck(weak) and not can_duck(strong)


def test_nil_needs_low_spades_and_covered_high_cards():
    assert not can_duck(hand("AS", "3H", "4H", "5H", "6D", "7D", "8D", "2C", "3C", "4C", "5C", "6C", "7C"))
    assert not can_duck(hand("2S", "AH", "4H", "5H", "6D", "7D", "8D", "2C", "3C", "4C", "5C", "6C", "7C"))
    assert not can_duck(hand("2S", "3S", "4S", "5S", "6D", "7D", "8D", "2C", "3C", "4C", "5C", "6C", "7C"))


def test_bots_bid_nil_only_with_a_hand_that_can_duck():
    nils = 0
    for seed in range(150):
        g = Spades(seed=seed)
        while g.phase == "bid":
            s = g.current_player
            view = g.view(s)
            move = pygames.ai.choose_move(view, level="normal", seed=seed)
            if move.get("bid") == "nil":
                nils += 1
                assert can_duck(g.hands[s])
            g.play(move)
    assert nils >= 1


def test_normal_bids_track_the_tricks_taken():
    """Over many deals, each team's bid is close to what it takes (a sensible bidder)."""
    diffs = []
    for seed in range(60):
        g = Spades(seed=seed)
        n = 0
        while g.deal_number == 1:
            s = g.current_player
            g.play(pygames.ai.choose_move(g.view(s), level="normal", seed=n))
            n += 1
        deal = g.deals[0]
        for t in (0, 1):
            bid = sum(b for b in (deal["bids"][t], deal["bids"][t + 2]) if isinstance(b, int))
            took = deal["tricks"][t] + deal["tricks"][t + 2]
            diffs.append(took - bid)
    mean = sum(diffs) / len(diffs)
    within = sum(1 for d in diffs if abs(d) <= 3) / len(diffs)
    assert abs(mean) < 1.5 and within > 0.7, (mean, within)


def test_a_nil_bidder_ducks():
    """The normal bot playing a nil, with a hand that allows it, plays under the trick."""
    from pygames.ai.spades import choose_card
    from pygames.cards import Rng
    view = {
        "seat": 0, "phase": "play", "bids": ["nil", 3, 4, 3], "tricks": [0, 0, 0, 0],
        "trick": [{"seat": 1, "card": "9H"}, {"seat": 2, "card": "QH"}, {"seat": 3, "card": "2H"}],
        "spades_broken": False,
        "zones": {"hand0": ["KH", "JH", "3H", "2C"], "won0": [], "won1": [], "won2": [], "won3": [], "trick": ["9H", "QH", "2H"]},
        "legal_moves": [{"type": "play", "card": c} for c in ("KH", "JH", "3H")],
    }
    assert pygames.cards.CODES[choose_card(view, "normal", Rng(1))] == "JH"   # the highest card that loses


def test_levels_beat_weaker_levels():
    wins = sum(1 for seed in range(24) if play_match(("normal", "random"), seed) == 0)
    assert wins >= 21
    wins = sum(1 for seed in range(24) if play_match(("normal", "easy"), seed) == 0)
    assert wins >= 15


def test_the_cards_played_this_deal_are_each_listed_once_in_order_mid_trick():
    """The engine's log holds the trick on the table as well: ``deal_plays`` (the hard bot's record
    of the deal's plays, its voids read from it) lists each card once, in the order played."""
    from pygames.ai.spades import deal_plays
    for seed in range(1, 4):
        g = pygames.new_game("spades", seed=seed)
        played = []
        while g.phase != "play" or len(played) < 17 + 2 * seed:       # an odd count: mid-trick
            move = choose_move(g.view(g.current_player), level="normal", seed=len(played))
            if move["type"] == "play":
                played.append((g.current_player, IDS[move["card"]]))
            g.play(move)
        assert deal_plays(g.view(0)) == played and g.trick
