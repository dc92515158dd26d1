"""Shape by carding (``research/spades_experiments.py``: ``Reading.carding``): an experiment, not in
the page's bot, measured against OpenSpiel with ``research/vs_openspiel.py --carding``. Cards of a suit with every card between
them gone in finished tricks take the same tricks for the rest of the deal; which of them a hard
seat plays is free, so it tells its partner the shape it was dealt (four or more of each suit, then
each length's parity), and the partner deals its hand to fit."""

import random

import pygames
from pygames.ai.spades import bid_sampler, deal_plays
from pygames.cards import CODES, IDS, Rng
from pygames.games.spades import STRENGTH
from research import spades_experiments as bot
from research.spades_experiments import Reading, sampler


def mask(*codes):
    return sum(1 << IDS[c] for c in codes)


def test_equal_cards_are_those_with_every_card_between_them_gone_in_finished_tricks():
    hand = mask("7S", "9S", "JS", "2H")
    assert bot.equal_run(hand, 0, IDS["9S"]) == (IDS["9S"], IDS["9S"])
    assert bot.equal_run(hand, mask("8S"), IDS["9S"]) == (IDS["7S"], IDS["9S"])
    assert bot.equal_run(hand, mask("8S", "TS"), IDS["7S"]) == (IDS["7S"], IDS["JS"])
    assert bot.equal_run(hand, mask("8S", "TS", "3H"), IDS["2H"]) == (IDS["2H"], IDS["2H"])   # another suit


def test_the_code_is_four_or_more_of_each_suit_spades_first_then_each_lengths_parity():
    dealt = mask("2S", "3S", "4S", "5S", "6S", "2H", "3H", "4H", "2D", "3D", "4D", "2C", "3C")
    assert bot.shape_bits(dealt) == [True, False, False, False, True, True, True, False]


def test_a_choice_between_equal_cards_says_the_next_bit_and_a_hand_that_says_otherwise_misses():
    # South leads the 9 of spades after a trick of spades that took the 8 and the 10: with the 7 it
    # holds two equal cards, and its first choice says "four or more spades": the 9 if so, the 7 if not
    plays = [(1, IDS["8S"]), (2, IDS["TS"]), (3, IDS["QS"]), (0, IDS["3S"]), (0, IDS["9S"])]
    gone = mask("8S", "TS", "QS", "3S")
    own = bot.seat_plays(plays, 0)
    assert own == [[IDS["3S"], 0, mask("3S", "9S")], [IDS["9S"], gone, mask("9S")]]
    five = mask("5S", "7S", "KS", "2H", "3H", "4H", "2D", "3D", "4D", "2C", "3C")        # held now
    three = mask("7S", "2H", "3H", "4H", "5H", "6H", "2D", "3D", "4D", "2C", "3C")
    assert bot.carding_misses(five, own) == (0, None)
    assert bot.carding_misses(three, own) == (1, None)
    # its next choice says "four or more hearts": from the 2 and 3 of hearts, the 2 with three of
    # them; from the 2 to the 6 with five, the 6
    assert bot.carding_misses(five, own, IDS["3H"], gone | mask("9S"))[1] == IDS["2H"]
    assert bot.carding_misses(three, own, IDS["3H"], gone | mask("9S"))[1] == IDS["6H"]


def deal_with_carding(seed, stop=None):
    """A deal bid by the normal bot and played at random by every seat, each carding its card as a
    hard seat would; with ``stop``, it stops at South's first turn from that play on. Returns the
    game and each play as ``(seat, random card, card played, a mask of the cards then in the seat's
    hand or in finished tricks)``."""
    rng = random.Random(seed)
    g = pygames.new_game("spades", seed=seed)
    plays = []
    while g.phase != "play":
        g.play(pygames.ai.choose_move(g.view(g.current_player), level="normal", seed=seed))
    while g.phase == "play" and not (stop is not None and len(plays) >= stop and g.current_player == 0):
        seat = g.current_player
        view = g.view(seat)
        chosen = IDS[rng.choice(view["legal_moves"])["card"]]
        card = bot.carded(view, chosen)
        gone = sum(1 << c for _, _, c, _ in plays[:len(plays) - len(plays) % 4])
        held = sum(1 << IDS[c] for c in view["zones"][f"hand{seat}"])
        plays.append((seat, chosen, card, gone | held))
        g.play({"type": "play", "card": CODES[card]})
    return g, plays


def test_carding_keeps_the_cards_trick_and_every_seats_plays_fit_its_own_hand():
    """Over random deals: the carded card is the chosen one or an equal of it (the same suit, every
    card between them gone in finished tricks or in the seat's own hand), and each seat's plays, read
    with the hand it was dealt, break the code nowhere."""
    changed = 0
    for seed in range(60):
        _, plays = deal_with_carding(seed)
        assert len(plays) == 52
        for _, chosen, card, known in plays:
            low, high = sorted((chosen, card), key=STRENGTH.__getitem__)
            assert card // 13 == chosen // 13
            assert all(known >> c & 1 for c in range(52)
                       if c // 13 == low // 13 and STRENGTH[low] < STRENGTH[c] < STRENGTH[high]), (CODES[chosen], CODES[card])
            changed += card != chosen
        cards = [(seat, card) for seat, _, card, _ in plays]
        for seat in range(4):
            assert bot.carding_misses(0, bot.seat_plays(cards, seat)) == (0, None)
    assert changed > 20


def test_the_partner_reads_the_code_and_deals_its_hand_to_fit_it():
    """Mid-deal, South's sampler deals North hands that break North's code far less often with
    carding read than without (the same positions and streams)."""
    plain = read = 0
    for seed in range(12):
        g, _ = deal_with_carding(seed, stop=28 + seed % 8)
        view = g.view(0)
        own = bot.seat_plays(deal_plays(view), 2)
        for flag in (False, True):
            sample = sampler(view, Reading(carding=True)) if flag else bid_sampler(view)
            misses = sum(bot.carding_misses(sum(1 << c for c in sample(view, Rng(i)).hands[2]), own)[0]
                         for i in range(40))
            if flag:
                read += misses
            else:
                plain += misses
    assert read < 0.5 * plain, (plain, read)


def test_the_cards_played_this_deal_are_each_listed_once_in_order_mid_trick():
    """The engine's log holds the trick on the table as well: ``deal_plays`` must not list it twice
    (it did, until the carding experiment read trick boundaries from it)."""
    g, plays = deal_with_carding(5, stop=18)
    listed = deal_plays(g.view(0))
    assert listed == [(seat, card) for seat, _, card, _ in plays]
    assert len(listed) % 4 != 0 or g.view(0)["trick"] == []
