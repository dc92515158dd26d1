"""Hard's dealer of the unseen cards (``pygames.ai.spades.bid_sampler``): every deal it makes agrees
with what the seat has seen, exactly as ``Spades.determinize``'s do, and its hidden hands fit their
bids - a seat that bid 5 is dealt a hand worth about five tricks, a nil bidder a hand that can duck -
where a plain deal gives every consistent hand alike. With ``read`` (an experiment, not the page's
bot) it also reads the follows (``follow_reads``): a seat that followed with a card other than its
lowest held no lower card, unless the card was the cheapest winner. With ``CHAIN`` (an experiment too,
``tools/vs_openspiel.py --exact-bids``) the deals are a chain of card swaps that read the bids as the
normal bidder makes them."""

import statistics

import pytest

import pygames
from pygames.ai import choose_move
from pygames.ai import spades as bot
from pygames.ai.spades import bid_sampler, can_duck, estimate_tricks, follow_reads
from pygames.cards import HIDDEN, IDS, Rng
from pygames.games.spades import Spades


def positions(count, seed=0):
    """Seeded games in the play phase, bids and cards played by the normal bots (bids as people make
    them), stopped at a point from the first lead to the last trick."""
    out = []
    rng = Rng(seed)
    for i in range(count):
        g = pygames.new_game("spades", seed=seed * 1000 + i)
        stop = rng.below(48)
        n = 0
        while g.phase != "play" or len(g.view(None)["log"]) - 4 < stop:
            g.play(choose_move(g.view(g.turn), "normal", seed=n))
            n += 1
        out.append(g)
    return out


def whole_hand(game, view, seat):
    """A seat's 13 cards of this deal in a sampled ``game``: what it holds and what it has played."""
    played = [e["move"]["card"] for e in view["log"] if e["move"]["type"] == "play" and e["seat"] == seat]
    return game.hands[seat] + [IDS[c] for c in played if IDS[c] not in game.hands[seat]]


@pytest.mark.parametrize("read, chain", [(False, 0), (True, 0), (False, 8)], ids=["bids", "read", "chain"])
def test_its_deals_agree_with_the_view_and_keep_every_void(read, chain, monkeypatch):
    monkeypatch.setattr(bot, "CHAIN", chain)
    rng = Rng(3)
    varied = 0
    for g in positions(24, seed=1):
        for seat in range(4):
            view = g.view(seat)
            sample = bid_sampler(view, read=read)
            deals = [sample(view, rng) for _ in range(4)]
            for s in deals:
                assert s.view(seat) == view, "a sampled deal must look the same to the seat"
                truth = s.view(None)["zones"]
                for name, cards in view["zones"].items():
                    assert all(c == HIDDEN or c == t for c, t in zip(cards, truth[name]))
                assert sorted(c for z in truth.values() for c in z) == sorted(Spades.deck(4, {}))
                for other, suits in enumerate(Spades.hidden_frame(view)[3]):
                    assert not any(c // 13 in suits for c in s.hands[other]), "a shown void was dealt a card"
            varied += len({str(s.hands) for s in deals}) > 1
    assert varied > 48


@pytest.mark.parametrize("chain", [0, 8])
def test_it_is_deterministic_from_its_seed(chain, monkeypatch):
    monkeypatch.setattr(bot, "CHAIN", chain)
    for g in positions(6, seed=2):
        view = g.view(g.turn)
        sample_a, sample_b, rng_a, rng_b = bid_sampler(view), bid_sampler(view), Rng(9), Rng(9)
        for _ in range(3):
            assert sample_a(view, rng_a).hands == sample_b(view, rng_b).hands


def normal_bid(hand):
    """What the normal bidder bids with a 13-card hand (no nil, no partner's nil)."""
    return max(1, min(13, int(estimate_tricks(hand) + 0.5)))


def test_the_chain_deals_hands_that_bid_what_their_seats_bid_far_more_often(monkeypatch):
    """The bids are the normal bidder's here: the chain's hidden hands would bid what their seats bid
    in most samples; the draws weighed by ``bid_fit`` deal such hands much less often."""
    share = {}
    for chain in (0, 8):
        monkeypatch.setattr(bot, "CHAIN", chain)
        exact = total = 0
        for g in positions(30, seed=4):
            seat = g.turn
            view = g.view(seat)
            sample = bid_sampler(view)
            rng = Rng(len(view["log"]))
            for _ in range(20):
                dealt = sample(view, rng)
                for other in range(4):
                    if other != seat and isinstance(view["bids"][other], int):
                        exact += normal_bid(whole_hand(dealt, view, other)) == view["bids"][other]
                        total += 1
        share[chain] = exact / total
    assert share[8] > 0.6 and share[8] > 1.5 * share[0], share


def test_hidden_hands_fit_their_bids_better_than_a_plain_deal():
    """Over many positions early in the play, the sampled hands' likely tricks sit near their bids and
    nil bidders get hands that can duck, far more often than in a plain deal (the same positions)."""
    off_fit, off_plain, duck_fit, duck_plain, nils = [], [], 0, 0, 0
    for g in positions(40, seed=3):
        seat = g.turn
        view = g.view(seat)
        if len(view["log"]) > 12:            # early in the deal: the bids still say most of it
            continue
        sample = bid_sampler(view)
        rng = Rng(len(view["log"]))
        for _ in range(20):
            fit, plain = sample(view, rng), Spades.determinize(view, rng)
            for other in range(4):
                if other == seat:
                    continue
                bid = view["bids"][other]
                if bid == "nil":
                    nils += 1
                    duck_fit += can_duck(whole_hand(fit, view, other))
                    duck_plain += can_duck(whole_hand(plain, view, other))
                else:
                    off_fit.append(abs(estimate_tricks(whole_hand(fit, view, other)) - bid))
                    off_plain.append(abs(estimate_tricks(whole_hand(plain, view, other)) - bid))
    assert len(off_fit) > 300
    assert statistics.fmean(off_fit) < 0.6 * statistics.fmean(off_plain)
    assert nils and duck_fit > 1.5 * duck_plain


def plays(*seat_cards):
    return [{"seat": s, "move": {"type": "play", "card": c}} for s, c in seat_cards]


def mask(*codes):
    return sum(1 << IDS[c] for c in codes)


def test_a_follow_reads_as_no_lower_card_or_no_cheaper_winner():
    """West leads the 5 of hearts, North plays the 9, East the king, South (the reader) the 2: North
    held no heart below the 9 unless it had no winner cheaper than the 9 (6, 7, 8), East none below
    the king unless none of 10 to queen. A card North plays later rules its lowest out, or its cheapest."""
    first = plays((1, "5H"), (2, "9H"), (3, "KH"), (0, "2H"))
    view = {"seat": 0, "log": first, "trick": []}
    below_9 = mask("2H", "3H", "4H", "5H", "6H", "7H", "8H")
    assert follow_reads(view) == [
        (2, below_9, mask("6H", "7H", "8H")),
        (3, below_9 | mask("9H", "TH", "JH", "QH"), mask("TH", "JH", "QH"))]
    # North plays the 3 of hearts later: it was not its lowest, so only the cheapest winner explains it
    later = plays((3, "AC"), (0, "2C"), (1, "3C"), (2, "3H"))
    assert follow_reads({"seat": 0, "log": first + later, "trick": []})[0] == (2, -1, mask("6H", "7H", "8H"))
    # ... and the 7 as well: no hand explains the follow, so it says nothing about the deal
    more = plays((3, "KC"), (0, "4C"), (1, "5C"), (2, "7H"))
    assert [r[0] for r in follow_reads({"seat": 0, "log": first + later + more, "trick": []})] == [3, 1, 1]
    # a follow in the trick on the table is read too; a card of another suit is not read
    assert follow_reads({"seat": 1, "log": [], "trick": [{"seat": 2, "card": "4D"}, {"seat": 3, "card": "3D"},
                                                         {"seat": 0, "card": "2S"}]}) == [
        (3, mask("2D"), None)]


def unexplained(game, view, seat_reads):
    """How many of the reads a sampled ``game``'s hidden hands leave unexplained."""
    misses = 0
    for s, lower, gap in seat_reads:
        held = sum(1 << c for c in game.hands[s])
        misses += bool(held & lower and (gap is None or held & gap))
    return misses


def test_reading_the_follows_deals_hands_that_explain_them():
    """Later in the play, the hands the reading sampler deals leave far fewer follows unexplained than
    the bids alone do (the same positions and streams)."""
    plain = reading = 0
    for g in positions(30, seed=4):
        seat = g.turn
        view = g.view(seat)
        reads = [r for r in follow_reads(view) if r[0] != seat and len(g.hands[r[0]])]
        if not reads:
            continue
        by_bids, by_reading = bid_sampler(view), bid_sampler(view, read=True)
        for i in range(10):
            plain += unexplained(by_bids(view, Rng(i)), view, reads)
            reading += unexplained(by_reading(view, Rng(i)), view, reads)
    assert plain > 50
    assert reading < 0.75 * plain, (reading, plain)
