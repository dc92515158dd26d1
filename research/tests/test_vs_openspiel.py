"""research/vs_openspiel.py's mapping between our Spades and OpenSpiel's (no open_spiel needed: the
match itself runs in its own venv, ``python3 build.py bench --only openspiel``). OpenSpiel's card
index is suit * 13 + rank with clubs, diamonds, hearts, spades and twos first (its
``action_to_string``: 0 = C2, 13 = D2, 26 = H2, 39 = S2, 51 = SA); its bids are 52 + tricks (52 = nil);
its i-th chance outcome deals to player i % 4, and player 0 bids and leads first."""

import pytest

import pygames
from pygames.ai import choose_move
from pygames.ai.spades import bid_sampler
from pygames.cards import IDS, Rng
from research import vs_openspiel as vs
from research.spades_experiments import Reading, sampler


def test_cards_map_to_openspiel_indexes_and_back():
    assert [vs.to_os(IDS[c]) for c in ("2C", "2D", "2H", "2S", "AC", "AS", "TH")] == [0, 13, 26, 39, 12, 51, 34]
    assert sorted(vs.to_os(c) for c in range(52)) == list(range(52))
    assert all(vs.from_os(vs.to_os(c)) == c for c in range(52))


def test_bids_and_cards_map_to_actions_and_back():
    for move in ({"type": "bid", "bid": "nil"}, {"type": "bid", "bid": 1}, {"type": "bid", "bid": 13},
                 {"type": "play", "card": "QH"}):
        assert vs.move_of(vs.action_of(move)) == move
    assert vs.action_of({"type": "bid", "bid": "nil"}) == 52 and vs.action_of({"type": "bid", "bid": 13}) == 65


def test_openspiel_player_zero_is_our_first_bidder_and_the_deal_gives_each_its_hand():
    dealers = set()
    for seed in range(1, 9):
        g = pygames.new_game("spades", seed=seed)
        dealers.add(g.dealer)
        assert vs.os_player(g, g.turn) == 0
        assert all(vs.os_player(g, vs.our_seat(g, p)) == p for p in range(4))
        deal = vs.deal_actions(g, g.hands)
        assert sorted(deal) == list(range(52))
        for p in range(4):
            assert sorted(deal[p::4]) == sorted(vs.to_os(c) for c in g.hands[vs.our_seat(g, p)])
    assert len(dealers) > 1              # the seats are mapped from more than one dealer


def test_a_contracts_outcome_names_nils_and_the_tricks_over_or_short():
    bids = [4, 3, "nil", 5]           # OpenSpiel players 0 and 2 bid 4 and nil; 1 and 3 bid 3 and 5
    assert vs.contract_outcome(bids, [5, 3, 0, 5], 0) == "nil kept, made +1"
    assert vs.contract_outcome(bids, [2, 4, 1, 6], 0) == "nil lost, set -1"   # a lost nil's trick counts
    assert vs.contract_outcome(bids, [5, 3, 0, 5], 1) == "made +0"
    assert vs.contract_outcome(["nil", 6, "nil", 6], [0, 6, 1, 6], 0) == "nil kept, nil lost"


def test_nil_deals_are_the_deals_in_which_the_match_bids_a_nil():
    # the match's own record (--verbose, deals 601-623 against OpenSpiel): nils were bid in these
    # deals and no other, e.g. deal 604 "bids [2, 'nil', 5, 3]" and deal 623 "[7, 5, 1, 'nil']"
    assert vs.nil_deals(601, 5) == [604, 607, 610, 621, 623]
    assert vs.nil_deals(623, 1) == [623]


def mid_trick():
    """A Spades table whose first trick has two cards in it (normal bots bid and play)."""
    g = pygames.new_game("spades", seed=3)
    while g.view(g.turn)["phase"] != "play" or len(g.trick) < 2:
        g.play(choose_move(g.view(g.turn), level="normal", seed=1))
    return g


def test_the_oracle_deals_every_sample_as_the_table_holds_it():
    g = mid_trick()
    sample = vs.oracle_sampler(g)
    rng = Rng(7)
    first, second = sample(g.view(g.turn), rng), sample(g.view(g.turn), rng)
    assert first.hands == second.hands == g.hands and first.trick == g.trick
    assert first.chance.state != second.chance.state      # a fresh stream for each playout
    first.apply_action(first.legal_actions()[0])
    assert len(g.trick) == 2                                # the table itself is untouched


def test_the_partner_oracle_deals_only_the_opponents_hands():
    g = mid_trick()
    seat = g.turn
    partner, opponents = (seat + 2) % 4, [(seat + 1) % 4, (seat + 3) % 4]
    zones, unseen, slots, voids = vs.partner_told(g)(g.view(seat))
    assert sorted(IDS[c] for c in zones[f"hand{partner}"]) == sorted(g.hands[partner]) and slots[partner] == 0
    assert sorted(unseen) == sorted(c for s in opponents for c in g.hands[s])
    assert [slots[s] for s in opponents] == [len(g.hands[s]) for s in opponents]


def test_read_makes_hards_sampler_read_the_follows():
    g = mid_trick()
    while len(g.view(None)["log"]) < 28:                  # six tricks in: follows to read
        g.play(choose_move(g.view(g.turn), level="normal", seed=2))
    view = g.view(g.turn)
    reading = [sampler(view, Reading(read=True))(view, Rng(i)).hands for i in range(4)]
    assert [bid_sampler(view)(view, Rng(i)).hands for i in range(4)] != reading
    assert [sampler(view, vs.reading_of("read", g))(view, Rng(i)).hands for i in range(4)] == reading
    # with nothing read, the experimental sampler deals as the page's bot does
    assert ([sampler(view, vs.reading_of(None, g))(view, Rng(i)).hands for i in range(4)]
            == [bid_sampler(view)(view, Rng(i)).hands for i in range(4)])


def test_the_honours_oracle_tells_where_the_partners_queens_kings_and_aces_are_and_nothing_else():
    g = mid_trick()
    seat = g.turn
    partner = (seat + 2) % 4
    view = g.view(seat)
    honours = {c for c in g.hands[partner] if c in vs.HONOURS}
    others = {c for s in (0, 1, 2, 3) if s not in (seat, partner) for c in g.hands[s]}
    assert honours and {c for c in others if c in vs.HONOURS}           # the deal tells both ways
    sample = sampler(view, vs.reading_of("honours", g))
    dealt = [sample(view, Rng(i)).hands for i in range(200)]
    for hands in dealt:
        assert {c for c in hands[partner] if c in vs.HONOURS} == honours
        assert sorted(c for hand in hands for c in hand) == sorted(c for hand in g.hands for c in hand)
        assert hands[seat] == g.hands[seat]
    # the rest of the partner's hand is still dealt: it differs between samples
    assert len({tuple(sorted(h[partner])) for h in dealt}) > 20


def test_the_lengths_oracle_tells_how_many_cards_of_each_suit_the_partner_holds_and_nothing_else():
    g = mid_trick()
    seat = g.turn
    partner = (seat + 2) % 4
    view = g.view(seat)

    def lengths(hand):
        return [sum(1 for c in hand if c // 13 == suit) for suit in range(4)]

    sample = sampler(view, vs.reading_of("lengths", g))
    dealt = [sample(view, Rng(i)).hands for i in range(100)]
    for hands in dealt:
        assert lengths(hands[partner]) == lengths(g.hands[partner])
        assert sorted(c for hand in hands for c in hand) == sorted(c for hand in g.hands for c in hand)
    assert len({tuple(sorted(h[partner])) for h in dealt}) > 20                 # which cards: still dealt
    plain = [bid_sampler(view)(view, Rng(i)).hands[partner] for i in range(100)]
    assert any(lengths(h) != lengths(g.hands[partner]) for h in plain)          # without it, not so
    sample = sampler(view, vs.reading_of("spades", g))                         # --oracle spades: the spades alone
    dealt = [sample(view, Rng(i)).hands[partner] for i in range(100)]
    assert all(lengths(h)[0] == lengths(g.hands[partner])[0] for h in dealt)
    assert any(lengths(h)[1:] != lengths(g.hands[partner])[1:] for h in dealt)
    assert any(lengths(h)[0] != lengths(g.hands[partner])[0] for h in plain)


def test_each_option_is_the_reading_it_names():
    g = mid_trick()
    assert vs.reading_of(None, g) == Reading()
    assert vs.reading_of("signal", g) == Reading(signals=True)
    assert vs.reading_of("carding", g) == Reading(carding=True)
    assert vs.reading_of("exact-bids 16x8", g) == Reading(chain=16, chains=8)       # --exact-bids (its default)
    assert vs.reading_of("exact-bids 16x8+signal", g) == Reading(chain=16, chains=8, signals=True)
    assert vs.reading_of("exact-bids 4x2+carding", g) == Reading(chain=4, chains=2, carding=True)
    assert vs.reading_of("partner", g).frame is not Reading().frame
    assert vs.reading_of("all", g).sample is not None


def test_exact_bids_go_with_the_signal_or_carding_and_nothing_else():
    assert vs.options(["--exact-bids", "--signal"]).reading == "exact-bids 16x8+signal"
    assert vs.options(["--carding", "--exact-bids", "4x2"]).reading == "exact-bids 4x2+carding"
    assert vs.options(["--exact-bids"]).reading == "exact-bids 16x8"
    assert vs.options(["--signal"]).reading == "signal"
    with pytest.raises(SystemExit):
        vs.options(["--exact-bids", "--read"])
