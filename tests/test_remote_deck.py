"""The joint deck: one point per physical card, shuffles by every player in turn, a card that opens
with every player's share and with nothing less, the revealed keys that open the whole deck, and
secrets derived from each player's master secret."""

import pytest

from pygames.remote import curve, deck
from pygames.remote.curve import N
from pygames.remote.verify import deck_truth

TABLE = b"test-table12"
ITEMS = [0, 13, 26, 39, 5, 5, 12]          # a small deck; a card twice, as in two-deck games


def shuffled(players, items=ITEMS):
    """A deck shuffled by ``players`` players in seat order: (points, key shares, final cards)."""
    points = deck.CardPoints(TABLE)
    masters = [bytes([s + 1]) * 32 for s in range(players)]
    xs = [deck.deal_secret(m, TABLE, 0) for m in masters]
    key = deck.joint_key([curve.affine(curve.mul_g(x)) for x in xs])
    cards = deck.initial(points, items)
    prior = deck.call_digest(TABLE, 0, 0, items)
    for s in range(players):
        context = deck.shuffle_context(TABLE, 0, s, s, 0, prior)
        made = deck.make_shuffle(cards, deck.deck_seed(masters[s], TABLE, 0), key, context, prior)
        assert deck.check_shuffle(cards, made, key, context)
        cards, prior = list(made.cards), deck.digest(made.encode())
    return points, xs, cards


@pytest.mark.parametrize("players", [2, 3])
def test_every_card_opens_with_every_share(players):
    points, xs, cards = shuffled(players)
    values = [points.card(deck.open_card(c, [deck.share_of(c, x) for x in xs]), ITEMS) for c in cards]
    assert sorted(values) == sorted({(5, 0), (5, 1)} | {(c, 0) for c in ITEMS if c != 5})
    assert [v[0] for v in values] != ITEMS                 # shuffled (these seeds move cards)


def test_a_card_missing_a_share_or_with_a_false_one_opens_to_no_card():
    points, xs, cards = shuffled(2)
    card = cards[0]
    assert points.card(deck.open_card(card, [deck.share_of(card, xs[0])]), ITEMS) is None
    assert points.card(deck.open_card(card, [deck.share_of(card, xs[0]), deck.share_of(card, xs[0])]), ITEMS) is None
    assert points.card(deck.open_card(card, [deck.share_of(card, xs[0]), deck.share_of(cards[1], xs[1])]), ITEMS) is None
    assert points.card(deck.open_card(card, [deck.share_of(card, x) for x in xs]), ITEMS) is not None


def test_the_revealed_keys_open_the_whole_deck_and_nothing_else_does():
    points, xs, cards = shuffled(3)
    truth = deck_truth(cards, ITEMS, points, sum(xs) % N)
    assert truth is not None and sorted(truth) == sorted(ITEMS)
    assert truth == [points.card(deck.open_card(c, [deck.share_of(c, x) for x in xs]), ITEMS)[0] for c in cards]
    assert deck_truth(cards, ITEMS, points, (sum(xs) + 1) % N) is None
    assert deck_truth(cards, ITEMS, points, sum(xs[:2]) % N) is None


def test_every_physical_card_has_a_point_of_its_own():
    points = deck.CardPoints(TABLE)
    two_decks = list(range(52)) * 2
    pts = points.deck(two_decks)
    assert len(set(pts)) == 104
    assert points.card(pts[0], two_decks) == (0, 0) and points.card(pts[52], two_decks) == (0, 1)
    assert points.card(pts[52], list(range(52))) is None                # a second copy is no card of one deck
    assert pts[:52] == deck.CardPoints(TABLE).deck(list(range(52)))
    assert not set(pts) & set(deck.CardPoints(b"other-table!").deck(two_decks))


def test_secrets_derive_from_the_master_and_differ():
    a, b = deck.DeckKeys(bytes(32)), deck.DeckKeys(bytes([1]) * 32)
    assert a.permutation(52) == deck.DeckKeys(bytes(32)).permutation(52)
    assert sorted(a.permutation(52)) == list(range(52)) and a.permutation(52) != b.permutation(52)
    assert len(set(a.scalars(52))) == 52 and all(0 < s < N for s in a.scalars(52))
    assert deck.deck_seed(bytes(32), TABLE, 0) != deck.deck_seed(bytes(32), TABLE, 1)
    assert deck.deal_secret(bytes(32), TABLE, 0) != deck.deal_secret(bytes(32), TABLE, 1)
    assert deck.deal_secret(bytes(32), TABLE, 0) != deck.deal_secret(bytes([1]) * 32, TABLE, 0)


def test_a_sealed_share_decrypts_for_its_recipient():
    points, xs, cards = shuffled(2)
    from pygames.remote import proofs
    recipient = curve.affine(curve.mul_g(xs[1]))
    t = deck.seal_secret(xs[0], TABLE, 0, 3, 1)
    sealed = proofs.seal(xs[0], cards[3][0], recipient, t)
    assert proofs.unseal(sealed.t1, sealed.t2, xs[1]) == deck.share_of(cards[3], xs[0])
    assert t != deck.seal_secret(xs[0], TABLE, 0, 4, 1) != deck.seal_secret(xs[0], TABLE, 0, 3, 0)
