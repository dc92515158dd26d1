"""The zero-knowledge proofs a remote table's messages carry, made non-interactive by Fiat-Shamir, and
the transcript they hash.

Every challenge hashes the *whole statement*: the table, the sender, what the proof is about (deal,
deck, stage, slots), every public point it speaks of, and the prover's commitments. A proof moved onto
any other statement - another slot, another sender, a point of the other parity - hashes to another
challenge and fails. A prover's nonces come from its secret and the statement (as BIP-340's do), never
from a clock or a random source, so a page signs the same proof again after a reload.

* ``prove_key`` / ``check_key``: a Schnorr proof of knowledge of a key share ``x`` (``h = x*G``), sent
  with the share before any deck uses it, so nobody can choose its share as a function of the others'
  (the rogue-key attack on a joint key).
* ``prove_shares`` / ``check_shares``: one proof for every decryption share a message carries, in the
  clear (``D = x*A``: Chaum-Pedersen) or sealed to one recipient by ElGamal under the recipient's key
  (``T1 = t*G, T2 = x*A + t*Y``: a verifiable encryption of the share, which every page checks, so a
  false sealed share is named on arrival without a dispute). The relations are combined with
  coefficients hashed from the statement (a batch of n relations costs two sums of n products, not
  n proofs); a false relation survives the batch with probability 2^-128.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from . import curve
from .curve import N, Affine, Jacobian

SCALAR_BYTES = 32
_INFINITY_BYTES = bytes(curve.POINT_BYTES)


class BadProof(ValueError):
    """Bytes that are not a proof of the expected form (the check of a well-formed proof returns False)."""


# ---- the transcript --------------------------------------------------------------------------------
class Transcript:
    """SHA-256 over labelled, length-prefixed parts: what Fiat-Shamir hashes."""

    def __init__(self, domain: str):
        self._h = hashlib.sha256(curve.tagged_hash("pygames/transcript", domain.encode()))

    def data(self, label: str, data: bytes) -> "Transcript":
        tag = label.encode()
        self._h.update(len(tag).to_bytes(1, "big") + tag + len(data).to_bytes(4, "big") + data)
        return self

    def number(self, label: str, n: int) -> "Transcript":
        return self.data(label, n.to_bytes(8, "big"))

    def point(self, label: str, point: Affine | Jacobian | None) -> "Transcript":
        return self.data(label, point_bytes(point))

    def points(self, label: str, points: list) -> "Transcript":
        return self.data(label, b"".join(point_bytes(p) for p in points))

    def digest(self) -> bytes:
        return self._h.copy().digest()

    def challenge(self, label: str) -> int:
        """A scalar challenge from everything absorbed so far (the transcript goes on unchanged)."""
        h = self._h.copy()
        h.update(b"challenge:" + label.encode())
        return int.from_bytes(h.digest(), "big") % N

    def challenges(self, label: str, count: int, bits: int = 128) -> list[int]:
        """``count`` challenges of ``bits`` bits (nonzero), from everything absorbed so far."""
        seed = self._h.copy()
        seed.update(b"challenges:" + label.encode())
        base = seed.digest()
        out: list[int] = []
        block = b""
        i = 0
        while len(out) < count:
            if not block:
                block = hashlib.sha256(base + i.to_bytes(4, "big")).digest()
                i += 1
            value = int.from_bytes(block[:bits // 8], "big")
            block = block[bits // 8:]
            out.append(value or 1)
        return out


def point_bytes(point: Any) -> bytes:
    """A point's bytes for a transcript: affine or Jacobian, infinity as 33 zero bytes."""
    if point is None:
        return _INFINITY_BYTES
    if len(point) == 3:
        affine = curve.to_affine(point)
        if affine is None:
            return _INFINITY_BYTES
        return curve.encode(affine)
    return curve.encode(point)


class Nonces:
    """A prover's nonces: HMAC-SHA256 of its secret and the statement's digest, by label and index."""

    def __init__(self, secret: bytes, statement: bytes):
        self._key = hmac.new(secret, b"pygames/nonce" + statement, hashlib.sha256).digest()

    def __call__(self, label: str, i: int = 0) -> int:
        data = hmac.new(self._key, label.encode() + i.to_bytes(4, "big"), hashlib.sha256).digest()
        return int.from_bytes(data, "big") % (N - 1) + 1


def scalar_of(data: bytes) -> int:
    """A 32-byte scalar strictly below N (BadProof otherwise)."""
    if len(data) != SCALAR_BYTES:
        raise BadProof("a scalar is 32 bytes")
    k = int.from_bytes(data, "big")
    if k >= N:
        raise BadProof("a scalar must be below the group order")
    return k


def scalar_out(k: int) -> bytes:
    return (k % N).to_bytes(SCALAR_BYTES, "big")


# ---- a key share's proof of knowledge ---------------------------------------------------------------
KEY_PROOF_BYTES = 64


def _key_transcript(context: bytes, key: Affine) -> Transcript:
    return Transcript("key-share").data("context", context).point("key", key)


def prove_key(x: int, context: bytes) -> bytes:
    """Proof that the sender knows ``x`` of its key share ``x*G`` (``context``: table, seat, deal)."""
    key = curve.affine(curve.mul_g(x))
    t = _key_transcript(context, key)
    w = Nonces(scalar_out(x), t.digest())("w")
    t.point("commitment", curve.mul_g(w))
    e = t.challenge("e")
    return scalar_out(e) + scalar_out(w + e * x)


def check_key(key: Affine, context: bytes, proof: bytes) -> bool:
    if len(proof) != KEY_PROOF_BYTES:
        return False
    try:
        e, s = scalar_of(proof[:32]), scalar_of(proof[32:])
    except BadProof:
        return False
    commitment = curve.add(curve.mul_g(s), curve.neg(curve.mul(key, e)))
    t = _key_transcript(context, key).point("commitment", commitment)
    return t.challenge("e") == e


# ---- decryption shares, clear or sealed, one proof a message ----------------------------------------
@dataclass(frozen=True)
class Clear:
    """A share in the clear: ``share = x*base`` (``base``: the first part of the slot's ciphertext)."""

    base: Affine
    share: Affine


@dataclass(frozen=True)
class Sealed:
    """A share sealed to the holder of ``to`` (a recipient's key share): ``t1 = t*G``,
    ``t2 = x*base + t*to``; the recipient reads the share as ``t2 - y*t1``."""

    base: Affine
    to: Affine
    t1: Affine
    t2: Affine


Relation = Clear | Sealed


def _shares_transcript(context: bytes, key: Affine, relations: list[Relation], labels: list[bytes]) -> Transcript:
    t = Transcript("shares").data("context", context).point("key", key).number("count", len(relations))
    for label, rel in zip(labels, relations):
        t.data("entry", label)
        if isinstance(rel, Clear):
            t.data("kind", b"clear").point("base", rel.base).point("share", rel.share)
        else:
            t.data("kind", b"sealed").point("base", rel.base).point("to", rel.to).point("t1", rel.t1)
            t.point("t2", rel.t2)
    return t


def _combined(relations: list[Relation], coefficients: list[int]) -> tuple[Jacobian, Jacobian, dict[Affine, Jacobian]]:
    """(sum of c*base, sum of c*result, per recipient the sum of c*t1) over the relations."""
    base = curve.multi_mul([(r.base, c) for r, c in zip(relations, coefficients)])
    result = curve.multi_mul([(r.share if isinstance(r, Clear) else r.t2, c) for r, c in zip(relations, coefficients)])
    t1s: dict[Affine, list[tuple[Affine, int]]] = {}
    for r, c in zip(relations, coefficients):
        if isinstance(r, Sealed):
            t1s.setdefault(r.to, []).append((r.t1, c))
    return base, result, {to: curve.multi_mul(terms) for to, terms in t1s.items()}


def prove_shares(x: int, context: bytes, relations: list[Relation], labels: list[bytes],
                 seal_secrets: list[int | None]) -> bytes:
    """One proof for all of a message's shares by the holder of key share ``x``: ``labels`` name each
    relation (deck, slot, recipient: bound into the challenge), ``seal_secrets`` give each sealed
    share's ``t`` (None for a clear one). Returns e, s_x, then one response per recipient (sorted by
    the recipient's key)."""
    key = curve.affine(curve.mul_g(x))
    t = _shares_transcript(context, key, relations, labels)
    coefficients = t.challenges("coefficients", len(relations))
    base, result, t1s = _combined(relations, coefficients)
    recipients = sorted(t1s, key=curve.encode)
    taus = {to: 0 for to in recipients}
    for r, c, secret in zip(relations, coefficients, seal_secrets):
        if isinstance(r, Sealed):
            assert secret is not None
            taus[r.to] = (taus[r.to] + c * secret) % N
    nonce = Nonces(scalar_out(x), t.digest())
    wx = nonce("x")
    ws = {to: nonce("t", i) for i, to in enumerate(recipients)}
    base_affine = curve.to_affine(base)
    k1 = curve.multi_mul(([(base_affine, wx)] if base_affine else []) + [(to, ws[to]) for to in recipients])
    t.point("combined-base", base).point("combined-result", result).points("combined-t1", [t1s[to] for to in recipients])
    t.point("k0", curve.mul_g(wx)).point("k1", k1).points("kt", [curve.mul_g(ws[to]) for to in recipients])
    e = t.challenge("e")
    out = scalar_out(e) + scalar_out(wx + e * x)
    return out + b"".join(scalar_out(ws[to] + e * taus[to]) for to in recipients)


def shares_proof_bytes(relations: list[Relation]) -> int:
    return 64 + 32 * len({r.to for r in relations if isinstance(r, Sealed)})


_CHECKED: dict[bytes, bool] = {}


def check_shares(key: Affine, context: bytes, relations: list[Relation], labels: list[bytes], proof: bytes) -> bool:
    """Whether ``proof`` shows every relation holds for the holder of ``key``. The answer is a function
    of the arguments alone and is remembered by their digest (simulated players in one process meet
    each message's proof once a player)."""
    memo = _shares_transcript(context, key, relations, labels).data("proof", proof).digest()
    found = _CHECKED.get(memo)
    if found is None:
        found = _check_shares(key, context, relations, labels, proof)
        if len(_CHECKED) > 4096:
            _CHECKED.clear()
        _CHECKED[memo] = found
    return found


def _check_shares(key: Affine, context: bytes, relations: list[Relation], labels: list[bytes], proof: bytes) -> bool:
    if not relations or len(proof) != shares_proof_bytes(relations):
        return False
    try:
        e, sx = scalar_of(proof[:32]), scalar_of(proof[32:64])
        responses = [scalar_of(proof[64 + 32 * i:96 + 32 * i]) for i in range((len(proof) - 64) // 32)]
    except BadProof:
        return False
    t = _shares_transcript(context, key, relations, labels)
    coefficients = t.challenges("coefficients", len(relations))
    base, result, t1s = _combined(relations, coefficients)
    recipients = sorted(t1s, key=curve.encode)
    base_affine = curve.to_affine(base)
    result_affine = curve.to_affine(result)
    k0 = curve.add(curve.mul_g(sx), curve.neg(curve.mul(key, e)))
    terms = ([(base_affine, sx)] if base_affine else []) + list(zip(recipients, responses))
    if result_affine:
        terms.append((result_affine, N - e))
    k1 = curve.multi_mul(terms)
    kts = []
    for to, s in zip(recipients, responses):
        combined = curve.to_affine(t1s[to])
        kt = curve.mul_g(s)
        if combined is not None:
            kt = curve.add(kt, curve.neg(curve.mul(combined, e)))
        kts.append(kt)
    t.point("combined-base", base).point("combined-result", result).points("combined-t1", [t1s[to] for to in recipients])
    t.point("k0", k0).point("k1", k1).points("kt", kts)
    return t.challenge("e") == e


def seal(x: int, base: Affine, to: Affine, t: int) -> Sealed:
    """The share ``x*base`` sealed to the holder of ``to`` with randomness ``t``."""
    share = curve.mul(base, x)
    return Sealed(base, to, curve.affine(curve.mul_g(t)), curve.affine(curve.add(share, curve.mul(to, t))))


def unseal(t1: Affine, t2: Affine, y: int) -> Affine:
    """The share sealed as ``(t1, t2)``, read with the recipient's key share ``y``."""
    return curve.affine(curve.add(curve.jacobian(t2), curve.neg(curve.mul(t1, y))))
