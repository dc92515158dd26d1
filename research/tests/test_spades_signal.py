"""The count signal (``research/spades_experiments.py``: ``Reading.signals``): an experiment, not in
the page's bot, measured against OpenSpiel with ``research/vs_openspiel.py --signal``. On its first follow to a suit, when its
card would not take the trick, a seat of hard's side plays its lowest card of the suit with an odd
number of them and its second lowest with an even number; its partner reads it so. Seat 0 (South)
plays; its partner is seat 2 (North)."""

from pygames.ai.spades import bid_sampler
from pygames.cards import CODES, IDS, Rng
from research import spades_experiments as bot
from research.spades_experiments import Reading, sampler
from tests.helpers.spades import position


def ids(*codes):
    return [IDS[c] for c in codes]


def mask(*codes):
    return sum(1 << IDS[c] for c in codes)


def test_the_signal_is_the_lowest_card_with_an_odd_count_and_the_second_lowest_with_an_even_one():
    hearts = ids("9H", "2H", "QH")
    assert bot.signal_card(hearts + ids("AS"), suit=IDS["2H"] // 13) == IDS["2H"]
    assert bot.signal_card(hearts + ids("5H", "AS"), suit=IDS["2H"] // 13) == IDS["5H"]
    assert bot.signal_card(ids("KD", "AS"), suit=IDS["KD"] // 13) == IDS["KD"]      # a singleton


def test_a_hand_fits_a_signal_by_its_count_and_what_lies_below_the_card():
    assert bot.fits_signal(mask("3H", "8H", "KH"), IDS["3H"])            # three: the lowest
    assert not bot.fits_signal(mask("3H", "8H", "KH"), IDS["8H"])
    assert bot.fits_signal(mask("3H", "8H", "KH", "AH"), IDS["8H"])      # four: the second lowest
    assert not bot.fits_signal(mask("3H", "8H", "KH", "AH"), IDS["3H"])
    assert not bot.fits_signal(mask("2H", "3H", "8H", "AS"), IDS["8H"])   # two lower: no count fits


def test_hard_signals_its_count_on_a_first_follow_it_does_not_win():
    # West leads the ace of hearts; South holds four hearts: second lowest, the 5
    g = position(["2H", "5H", "9H", "JH", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC"],
                 bids=[3, 3, 3, 3], trick=["AH"], leader=3)
    view = g.view(0)
    assert bot.signalled(view, IDS["9H"], None) == IDS["5H"]
    assert bot.signalled(view, IDS["2H"], None) == IDS["5H"]
    # a card that takes the trick is no signal: it stands
    g = position(["2H", "5H", "9H", "AH", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC"],
                 bids=[3, 3, 3, 3], trick=["KH"], leader=3)
    assert bot.signalled(g.view(0), IDS["AH"], None) == IDS["AH"]


def test_the_signal_is_given_only_on_the_first_follow_and_never_beside_a_nil():
    hand = ["2H", "5H", "9H", "JH", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC"]
    history = [(0, ["QH", "KH", "AH", "3H"])]                       # South has played a heart
    g = position(hand, bids=[3, 3, 3, 3], trick=["TH", "4H"], leader=2, tricks=(0, 0, 1, 0), history=history)
    assert bot.signalled(g.view(0), IDS["9H"], None) == IDS["9H"]
    full = hand + ["JC"]
    g = position(full, bids=[3, 3, "nil", 3], trick=["AH"], leader=3)
    assert bot.signalled(g.view(0), IDS["9H"], None) == IDS["9H"]


def test_the_partner_reads_the_signal_and_deals_its_hand_to_fit_it():
    # North (the partner) followed West's ace of clubs with the 6: a signal South reads
    history = [(3, ["AC", "2D", "3C", "6C"])]
    hand = ["2H", "5H", "9H", "JH", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD"]
    g = position(hand, bids=[3, 3, 3, 3], trick=["KH"], leader=3, tricks=(0, 0, 0, 1), history=history)
    view = g.view(0)
    signals = bot.partner_signals(view)
    assert [(CODES[c], later) for c, later in signals] == [("6C", 1 << IDS["6C"])]

    def fitting(share_of):
        sample = share_of(view)
        hands = [sample(view, Rng(i)).hands[2] for i in range(300)]
        return sum(bot.fits_signal(sum(1 << c for c in h) | signals[0][1], IDS["6C"]) for h in hands) / 300

    plain = fitting(bid_sampler)
    read = fitting(lambda view: sampler(view, Reading(signals=True)))
    assert read > 0.8 and read > plain + 0.2, (plain, read)


def test_the_exact_bid_chains_read_the_signal_too():
    """With ``--exact-bids`` (``Reading.chain``) a sample after the first is the last one with a few card
    swaps; with the signal read as well, the chains go on (each swap weighs the partner's hand by
    the signals it fits as well as by its bid) and the partner's hands fit the signal."""
    history = [(3, ["AC", "2D", "3C", "6C"])]
    hand = ["2H", "5H", "9H", "JH", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD"]
    g = position(hand, bids=[3, 3, 3, 3], trick=["KH"], leader=3, tricks=(0, 0, 0, 1), history=history)
    view = g.view(0)
    later = bot.partner_signals(view)[0][1]
    sample = sampler(view, Reading(signals=True, chain=4, chains=1))
    hands = [set(sample(view, Rng(i)).hands[2]) for i in range(300)]
    kept = sum(len(a & b) for a, b in zip(hands, hands[1:])) / 299       # of 12 cards: a chain's step
    assert kept > 9, kept
    fit = sum(bot.fits_signal(sum(1 << c for c in h) | later, IDS["6C"]) for h in hands) / 300
    assert fit > 0.8, fit
