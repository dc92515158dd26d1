"""The proofs remote messages carry, each with known answers and a tamper test for every part: a key
share's proof of knowledge, and the one proof that covers all of a message's decryption shares, in the
clear (Chaum-Pedersen) and sealed to a recipient (a verifiable ElGamal encryption of the share)."""

import hashlib
import random

import pytest

from pygames.remote import curve, proofs
from pygames.remote.curve import N, P

X = 0x5EED5EED * 7919 % N           # the prover's key share
Y1, Y2 = 1234567, 7654321           # two recipients' key shares
CONTEXT = b"shares" + b"T" * 12 + bytes([1]) + (0).to_bytes(4, "big")

# known answers: this code's own outputs, pinned so that a change to any hash, encoding or nonce shows
KNOWN_KEY_PROOF = "d582f1352450"                  # prove_key(X, b"key-context"), first 6 bytes
KNOWN_SHARES_PROOF = "e6a2bbb9d582"               # sha256 of the statement()'s proof, first 6 bytes


def point(label):
    return curve.hash_to_point("test", label.encode())


def key(x):
    return curve.affine(curve.mul_g(x))


def statement(x=X):
    """Two shares in the clear and three sealed, to two recipients: (relations, labels, secrets)."""
    bases = [point(f"card {i}") for i in range(5)]
    relations, labels, secrets = [], [], []
    for i, base in enumerate(bases[:2]):
        relations.append(proofs.Clear(base, curve.affine(curve.mul(base, x))))
        labels.append(bytes([0, i, 255]))
        secrets.append(None)
    for i, (base, to) in enumerate(zip(bases[2:], [key(Y1), key(Y2), key(Y1)])):
        t = 1000 + i
        relations.append(proofs.seal(x, base, to, t))
        labels.append(bytes([0, 2 + i, 1 + i % 2]))
        secrets.append(t)
    return relations, labels, secrets


def proven(x=X):
    relations, labels, secrets = statement(x)
    return relations, labels, proofs.prove_shares(x, CONTEXT, relations, labels, secrets)


def negate(p):
    return p[0], P - p[1]


# ---- a key share's proof of knowledge --------------------------------------------------------------
def test_a_key_share_proof_checks_and_has_its_known_answer():
    proof = proofs.prove_key(X, b"key-context")
    assert proof.hex()[:12] == KNOWN_KEY_PROOF
    assert proof == proofs.prove_key(X, b"key-context")          # nonces from the secret and statement
    assert proofs.check_key(key(X), b"key-context", proof)


@pytest.mark.parametrize("part", ["challenge", "response", "key", "parity", "context", "length", "range"])
def test_a_key_share_proof_fails_with_any_part_changed(part):
    proof = proofs.prove_key(X, b"key-context")
    k, context = key(X), b"key-context"
    if part == "challenge":
        proof = proofs.scalar_out(int.from_bytes(proof[:32], "big") + 1) + proof[32:]
    elif part == "response":
        proof = proof[:32] + proofs.scalar_out(int.from_bytes(proof[32:], "big") + 1)
    elif part == "key":
        k = key(X + 1)
    elif part == "parity":
        k = negate(k)
    elif part == "context":
        context = b"key-context, another seat"
    elif part == "length":
        proof = proof[:63]
    elif part == "range":
        proof = proof[:32] + N.to_bytes(32, "big")
    assert not proofs.check_key(k, context, proof)


# ---- shares ------------------------------------------------------------------------------------------
def test_a_message_of_shares_proves_and_has_its_known_answer():
    relations, labels, proof = proven()
    assert hashlib.sha256(proof).hexdigest()[:12] == KNOWN_SHARES_PROOF
    assert len(proof) == proofs.shares_proof_bytes(relations) == 64 + 2 * 32
    assert proofs.check_shares(key(X), CONTEXT, relations, labels, proof)


def test_a_sealed_share_opens_to_its_recipient_only():
    relations, _, _ = statement()
    sealed = relations[2]
    share = curve.affine(curve.mul(sealed.base, X))
    assert proofs.unseal(sealed.t1, sealed.t2, Y1) == share
    assert proofs.unseal(sealed.t1, sealed.t2, Y2) != share


def tampered(part):
    """The proven statement with one part changed: (key, context, relations, labels, proof)."""
    relations, labels, proof = proven()
    k, context = key(X), CONTEXT
    relations, labels = list(relations), list(labels)
    other = point("another card")
    if part == "clear share":                      # a false share: another card's
        relations[0] = proofs.Clear(relations[0].base, curve.affine(curve.mul(other, X)))
    elif part == "clear base":
        relations[0] = proofs.Clear(other, relations[0].share)
    elif part == "clear parity":
        relations[1] = proofs.Clear(relations[1].base, negate(relations[1].share))
    elif part == "sealed t1":
        r = relations[2]
        relations[2] = proofs.Sealed(r.base, r.to, negate(r.t1), r.t2)
    elif part == "sealed t2":
        r = relations[3]
        relations[3] = proofs.Sealed(r.base, r.to, r.t1, curve.affine(curve.add(curve.jacobian(r.t2), curve.mul_g(1))))
    elif part == "sealed recipient":
        r = relations[4]
        relations[4] = proofs.Sealed(r.base, key(Y2), r.t1, r.t2)
    elif part == "sealed base":
        r = relations[2]
        relations[2] = proofs.Sealed(other, r.to, r.t1, r.t2)
    elif part == "label":                          # the proof moved onto another slot
        labels[1] = bytes([0, 9, 255])
    elif part == "order":
        relations[0], relations[1] = relations[1], relations[0]
    elif part == "extra":
        relations.append(proofs.Clear(other, curve.affine(curve.mul(other, X))))
        labels.append(bytes([0, 7, 255]))
    elif part == "dropped":
        relations, labels = relations[1:], labels[1:]
    elif part == "context":                        # the same shares in another sender's name
        context = CONTEXT[:-5] + bytes([2]) + CONTEXT[-4:]
    elif part == "key":
        k = key(Y1)
    elif part in ("e", "s_x", "s_recipient"):
        at = {"e": 0, "s_x": 32, "s_recipient": 64}[part]
        value = (int.from_bytes(proof[at:at + 32], "big") + 1) % N
        proof = proof[:at] + proofs.scalar_out(value) + proof[at + 32:]
    elif part == "short":
        proof = proof[:-1]
    return k, context, relations, labels, proof


@pytest.mark.parametrize("part", ["clear share", "clear base", "clear parity", "sealed t1", "sealed t2",
                                  "sealed recipient", "sealed base", "label", "order", "extra", "dropped",
                                  "context", "key", "e", "s_x", "s_recipient", "short"])
def test_shares_fail_with_any_part_changed(part):
    assert not proofs.check_shares(*tampered(part))


def test_one_false_share_among_many_fails_the_batch():
    rng = random.Random(4)
    bases = [point(f"many {i}") for i in range(30)]
    relations = [proofs.Clear(b, curve.affine(curve.mul(b, X))) for b in bases]
    labels = [bytes([0, i, 255]) for i in range(30)]
    bad = rng.randrange(30)
    relations[bad] = proofs.Clear(bases[bad], curve.affine(curve.add(curve.mul(bases[bad], X), curve.mul_g(1))))
    proof = proofs.prove_shares(X, CONTEXT, relations, labels, [None] * 30)
    assert not proofs.check_shares(key(X), CONTEXT, relations, labels, proof)


def test_another_players_share_copied_into_ones_own_message_fails():
    """Framing: a share that is another player's (made with its key) proves nothing under the
    sender's key, so the copy names the copier, never the player it was copied from."""
    relations, labels, secrets = statement(x=Y2)          # Y2's true shares and proof
    proof = proofs.prove_shares(Y2, CONTEXT, relations, labels, secrets)
    assert proofs.check_shares(key(Y2), CONTEXT, relations, labels, proof)
    assert not proofs.check_shares(key(X), CONTEXT, relations, labels, proof)
    own_proof = proofs.prove_shares(X, CONTEXT, relations, labels, secrets)
    assert not proofs.check_shares(key(X), CONTEXT, relations, labels, own_proof)
