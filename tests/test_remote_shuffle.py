"""The verifiable shuffle (Terelius-Wikstrom): a true shuffle proves and decrypts to the permuted
deck; every part of the proof, every output card and the statement it is bound to, changed alone,
makes it fail - a card substituted, doubled or dropped, two cards swapped after proving, a point's
parity flipped, the proof moved onto another deck, stage or sender."""

import hashlib

import pytest

from pygames.remote import curve, deck, shuffle
from pygames.remote.curve import N, P
from pygames.remote.proofs import BadProof

TABLE = b"shuffle-test"
ITEMS = [0, 13, 26, 39, 5, 5, 12, 51]     # a small deck with a card twice, as in two-deck games
SECRETS = [0x1111, 0x2222]                # two players' key shares
KEY = curve.affine(curve.mul_g(sum(SECRETS)))
CONTEXT = deck.shuffle_context(TABLE, 0, 0, 0, 0, bytes(32))
KNOWN_PROOF = "970e31309ff0"              # sha256 of the first shuffle's proof, first 6 bytes


def first_shuffle(seed=bytes(range(32))):
    points = deck.CardPoints(TABLE)
    inputs = deck.initial(points, ITEMS)
    made = deck.make_shuffle(inputs, seed, KEY, CONTEXT, bytes(32))
    return points, inputs, made


@pytest.fixture(scope="module")
def shuffled():
    return first_shuffle()


def opened(cards):
    total = sum(SECRETS) % N
    return deck.open_with_key(cards, total)


def test_a_shuffle_proves_and_opens_to_the_permuted_deck(shuffled):
    points, inputs, made = shuffled
    assert hashlib.sha256(made.proof.encode()).hexdigest()[:12] == KNOWN_PROOF
    assert deck.check_shuffle(inputs, made, KEY, CONTEXT)
    order = deck.DeckKeys(bytes(range(32))).permutation(len(ITEMS))
    assert opened(made.cards) == [inputs[j][1] for j in order]
    assert order != list(range(len(ITEMS)))


def test_a_second_shuffle_on_the_first_proves_too(shuffled):
    _, _, made = shuffled
    context = deck.shuffle_context(TABLE, 0, 1, 1, 0, deck.digest(made.encode()))
    second = deck.make_shuffle(list(made.cards), bytes([7]) * 32, KEY, context, deck.digest(made.encode()))
    assert deck.check_shuffle(list(made.cards), second, KEY, context)
    assert sorted(opened(second.cards)) == sorted(opened(made.cards))


def test_no_published_deck_repeats_a_point_even_for_twin_cards(shuffled):
    """Both copies of a card have points of their own, and every ciphertext is freshly randomised:
    nothing in a published deck pairs the two 5♠."""
    points, inputs, made = shuffled
    assert len({m for _, m in inputs}) == len(ITEMS)
    published = [p for card in made.cards for p in card]
    assert len(set(published)) == len(published)
    assert points.card(inputs[4][1], ITEMS) == (5, 0) and points.card(inputs[5][1], ITEMS) == (5, 1)


def with_proof(made, **changes):
    proof = shuffle.Proof(**{**made.proof.__dict__, **changes})
    return deck.Shuffled(made.prior, list(made.cards), proof)


def bump(k):
    return (k + 1) % N


def other_point(p):
    return curve.affine(curve.add(curve.jacobian(p), curve.mul_g(1)))


PARTS = {
    "commitment": lambda m: with_proof(m, commitments=[other_point(m.proof.commitments[0])] + m.proof.commitments[1:]),
    "chain": lambda m: with_proof(m, chain=m.proof.chain[:3] + [other_point(m.proof.chain[3])] + m.proof.chain[4:]),
    "challenge": lambda m: with_proof(m, challenge=bump(m.proof.challenge)),
    "s1": lambda m: with_proof(m, s1=bump(m.proof.s1)),
    "s2": lambda m: with_proof(m, s2=bump(m.proof.s2)),
    "s3": lambda m: with_proof(m, s3=bump(m.proof.s3)),
    "s4": lambda m: with_proof(m, s4=bump(m.proof.s4)),
    "s_hat": lambda m: with_proof(m, s_hat=m.proof.s_hat[:-1] + [bump(m.proof.s_hat[-1])]),
    "s_prime": lambda m: with_proof(m, s_prime=[bump(m.proof.s_prime[0])] + m.proof.s_prime[1:]),
}


@pytest.mark.parametrize("part", sorted(PARTS))
def test_a_shuffle_fails_with_any_part_of_its_proof_changed(shuffled, part):
    _, inputs, made = shuffled
    assert not deck.check_shuffle(inputs, PARTS[part](made), KEY, CONTEXT)


def swapped(m):
    cards = list(m.cards)
    cards[0], cards[1] = cards[1], cards[0]
    return deck.Shuffled(m.prior, cards, m.proof)


def substituted(m):
    """A card turned into another (the ciphertext of the Ace of spades, freshly encrypted)."""
    points = deck.CardPoints(TABLE)
    ace = points.point(0, 0)
    r = 99
    cards = list(m.cards)
    cards[2] = (curve.affine(curve.mul_g(r)), curve.affine(curve.add(curve.jacobian(ace), curve.mul(KEY, r))))
    return deck.Shuffled(m.prior, cards, m.proof)


def doubled(m):
    cards = list(m.cards)
    cards[3] = cards[4]
    return deck.Shuffled(m.prior, cards, m.proof)


def flipped(m):
    cards = list(m.cards)
    a, b = cards[5]
    cards[5] = (a, (b[0], P - b[1]))
    return deck.Shuffled(m.prior, cards, m.proof)


def reencrypted_again(m):
    cards = list(m.cards)
    a, b = cards[6]
    cards[6] = (curve.affine(curve.add(curve.jacobian(a), curve.mul_g(5))), curve.affine(curve.add(curve.jacobian(b), curve.mul(KEY, 5))))
    return deck.Shuffled(m.prior, cards, m.proof)


@pytest.mark.parametrize("cheat", [swapped, substituted, doubled, flipped, reencrypted_again],
                         ids=lambda f: f.__name__)
def test_a_shuffle_fails_with_any_card_of_its_deck_changed(shuffled, cheat):
    _, inputs, made = shuffled
    assert not deck.check_shuffle(inputs, cheat(made), KEY, CONTEXT)


def test_a_stacked_deck_cannot_be_proven():
    """The last shuffler who would like to choose the order: it makes the deck it wants (its own
    choice of cards, fresh ciphertexts) and proves its real permutation for it: the proof fails."""
    points, inputs, made = first_shuffle()
    wanted = [points.point(0, 0)] * 2 + [m for _, m in inputs[2:]]
    cards = [(curve.affine(curve.mul_g(10 + i)), curve.affine(curve.add(curve.jacobian(p), curve.mul(KEY, 10 + i))))
             for i, p in enumerate(wanted)]
    keys = deck.DeckKeys(bytes(range(32)))
    proof = shuffle.prove(CONTEXT, KEY, inputs, cards, keys.permutation(len(ITEMS)), keys.scalars(len(ITEMS)), bytes(32))
    assert not shuffle.check(CONTEXT, KEY, inputs, cards, proof)


@pytest.mark.parametrize("what", ["deck", "stage", "sender", "deal", "prior", "key", "inputs"])
def test_a_shuffle_proof_moved_onto_another_statement_fails(shuffled, what):
    points, inputs, made = shuffled
    context, key = CONTEXT, KEY
    if what == "deck":
        context = deck.shuffle_context(TABLE, 1, 0, 0, 0, bytes(32))
    elif what == "stage":
        context = deck.shuffle_context(TABLE, 0, 1, 0, 0, bytes(32))
    elif what == "sender":
        context = deck.shuffle_context(TABLE, 0, 0, 1, 0, bytes(32))
    elif what == "deal":
        context = deck.shuffle_context(TABLE, 0, 0, 0, 1, bytes(32))
    elif what == "prior":
        context = deck.shuffle_context(TABLE, 0, 0, 0, 0, bytes([1]) * 32)
    elif what == "key":
        key = curve.affine(curve.mul_g(sum(SECRETS) + 1))
    elif what == "inputs":
        inputs = deck.initial(points, ITEMS[::-1])
    assert not deck.check_shuffle(inputs, made, key, context)


def test_a_shuffle_decodes_strictly(shuffled):
    _, _, made = shuffled
    data = made.encode()
    n = len(ITEMS)
    assert deck.Shuffled.decode(data, n).encode() == data
    for bad in (data[:-1], data + b"\0"):
        with pytest.raises(BadProof):
            deck.Shuffled.decode(bad, n)
    with pytest.raises(BadProof):
        deck.Shuffled.decode(data, n - 1)
    at = 34                                    # the first card's first point
    with pytest.raises(BadProof):
        deck.Shuffled.decode(data[:at] + bytes([4]) + data[at + 1:], n)
    end = len(data) - 32                       # the last response, made out of range
    with pytest.raises(BadProof):
        deck.Shuffled.decode(data[:end] + N.to_bytes(32, "big"), n)


def test_generators_are_independent_points():
    h0, hs = shuffle.generators(20)
    assert len({h0, *hs}) == 21 and (curve.GX, curve.GY) not in {h0, *hs}
    assert shuffle.generators(20)[1][:5] == shuffle.generators(5)[1]
