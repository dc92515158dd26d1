"""A verifiable shuffle of ElGamal ciphertexts: each player in turn permutes the deck and re-encrypts
every card, and proves it did nothing else (Terelius and Wikstrom 2010, "Proofs of restricted
shuffles", in the form Haenni, Locher, Koenig and Dubuis 2017 give as pseudo-code; additive notation
here).

A card is a ciphertext ``(a, b) = (r*G, M + r*Y)`` under the deal's joint key ``Y`` (the sum of every
player's key share), ``M`` the card's own point. A shuffle turns ``e_j = (a_j, b_j)`` into
``e'_i = (a_psi(i) + s_i*G, b_psi(i) + s_i*Y)`` for a secret permutation ``psi`` and secret scalars
``s_i``. The proof commits to ``psi`` with independent generators ``H_0 .. H_n`` (hashed to the curve in
a domain of their own: nobody knows a relation between them and ``G``), draws 128-bit challenges ``u``
from the statement, and shows in zero knowledge that the committed matrix is a permutation and that
``sum u'_i * e'_i = sum u_j * e_j + (re-encryption of 0)`` with ``u'`` the permuted ``u``. A false
shuffle (a card replaced, dropped or doubled) passes with probability about n / 2^128.

What a proof carries (``n`` cards): the permutation commitment (n points), the commitment chain (n
points), the challenge, four scalars, and two scalars a card: about 130 bytes a card. The verifier
recomputes the prover's commitments from the responses and compares the challenge.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from . import curve
from .curve import N, Affine, Jacobian
from .proofs import BadProof, Nonces, Transcript, point_bytes, scalar_of, scalar_out

Cipher = tuple[Affine | None, Affine]          # (a, b); a is None (infinity) only in a deck's first form


@functools.lru_cache(maxsize=8)
def generators(n: int) -> tuple[Affine, tuple[Affine, ...]]:
    """H_0 and H_1 .. H_n: independent generators for the permutation commitment."""
    gens = tuple(curve.hash_to_point("shuffle-generator", i.to_bytes(4, "big")) for i in range(n + 1))
    return gens[0], gens[1:]


@dataclass
class Proof:
    commitments: list[Affine]      # c_j, one per input card: r_j*G + H_i where psi(i) = j
    chain: list[Affine]            # c^_i, i = 1..n
    challenge: int
    s1: int
    s2: int
    s3: int
    s4: int
    s_hat: list[int]
    s_prime: list[int]

    def encode(self) -> bytes:
        out = b"".join(curve.encode(p) for p in self.commitments + self.chain)
        out += b"".join(scalar_out(k) for k in (self.challenge, self.s1, self.s2, self.s3, self.s4))
        return out + b"".join(scalar_out(k) for k in self.s_hat + self.s_prime)

    @staticmethod
    def size(n: int) -> int:
        return 2 * n * curve.POINT_BYTES + 5 * 32 + 2 * n * 32

    @classmethod
    def decode(cls, data: bytes, n: int) -> "Proof":
        if len(data) != cls.size(n):
            raise BadProof(f"a shuffle proof of {n} cards is {cls.size(n)} bytes, not {len(data)}")
        pb = curve.POINT_BYTES
        try:
            points = [curve.decode(data[i * pb:(i + 1) * pb]) for i in range(2 * n)]
        except curve.BadPoint as e:
            raise BadProof(f"a shuffle proof holds a bad point ({e})") from None
        rest = data[2 * n * pb:]
        scalars = [scalar_of(rest[i * 32:(i + 1) * 32]) for i in range(5 + 2 * n)]
        return cls(points[:n], points[n:], scalars[0], scalars[1], scalars[2], scalars[3], scalars[4],
                   scalars[5:5 + n], scalars[5 + n:])


def _statement(context: bytes, key: Affine, inputs: list[Cipher], outputs: list[Cipher],
               commitments: list[Affine]) -> Transcript:
    t = Transcript("shuffle").data("context", context).point("key", key).number("cards", len(inputs))
    t.data("inputs", b"".join(point_bytes(a) + point_bytes(b) for a, b in inputs))
    t.data("outputs", b"".join(point_bytes(a) + point_bytes(b) for a, b in outputs))
    return t.points("commitments", commitments)


def reencrypt(inputs: list[Cipher], order: list[int], scalars: list[int], key_table: curve.FixedBase) -> list[Cipher]:
    """``e'_i = e_order[i] + (s_i*G, s_i*Y)`` for every i (``key_table``: multiples of Y)."""
    jac: list[Jacobian] = []
    for i, j in enumerate(order):
        a, b = inputs[j]
        s = scalars[i]
        ga = curve.mul_g(s)
        jac.append(ga if a is None else curve.add(ga, curve.jacobian(a)))
        jac.append(curve.add(key_table.mul(s), curve.jacobian(b)))
    flat = curve.affines(jac)
    return [(flat[2 * i], flat[2 * i + 1]) for i in range(len(order))]


def prove(context: bytes, key: Affine, inputs: list[Cipher], outputs: list[Cipher], order: list[int],
          scalars: list[int], secret: bytes) -> Proof:
    """The proof that ``outputs`` are ``inputs`` permuted by ``order`` (output i is input order[i])
    and re-encrypted with ``scalars`` under ``key``; ``secret`` seeds the prover's nonces."""
    n = len(inputs)
    h0, hs = generators(n)
    nonce = Nonces(secret, _statement(context, key, inputs, outputs, []).digest())
    r = [nonce("r", j) for j in range(n)]
    where = [0] * n
    for i, j in enumerate(order):
        where[j] = i
    commitments = curve.affines([curve.add(curve.mul_g(r[j]), curve.jacobian(hs[where[j]])) for j in range(n)])
    t = _statement(context, key, inputs, outputs, commitments)
    u = t.challenges("u", n)
    u_prime = [u[j] for j in order]
    r_hat = [nonce("r^", i) for i in range(n)]
    chain: list[Affine] = []
    previous = h0
    for i in range(n):
        previous = curve.affine(curve.add(curve.mul_g(r_hat[i]), curve.mul(previous, u_prime[i])))
        chain.append(previous)
    v = [1] * n
    for i in range(n - 2, -1, -1):
        v[i] = u_prime[i + 1] * v[i + 1] % N
    r_bar = sum(r) % N
    r_hat_sum = sum(a * b for a, b in zip(r_hat, v)) % N
    r_tilde = sum(a * b for a, b in zip(r, u)) % N
    r_prime = sum(a * b for a, b in zip(scalars, u_prime)) % N
    w1, w2, w3, w4 = (nonce("w", k) for k in range(4))
    w_hat = [nonce("w^", i) for i in range(n)]
    w_prime = [nonce("w'", i) for i in range(n)]
    gen = (curve.GX, curve.GY)
    t1 = curve.mul_g(w1)
    t2 = curve.mul_g(w2)
    t3 = curve.multi_mul([(gen, w3)] + list(zip(hs, w_prime)))
    t41 = curve.multi_mul([(key, N - w4)] + [(b, w) for (_, b), w in zip(outputs, w_prime)])
    t42 = curve.multi_mul([(gen, N - w4)] + [(a, w) for (a, _), w in zip(outputs, w_prime)])  # type: ignore[misc]
    t_hat = []
    previous = h0
    for i in range(n):
        t_hat.append(curve.add(curve.mul_g(w_hat[i]), curve.mul(previous, w_prime[i])))
        previous = chain[i]
    t.points("chain", chain).point("t1", t1).point("t2", t2).point("t3", t3).point("t41", t41).point("t42", t42)
    t.points("t^", t_hat)
    c: int = t.challenge("c")
    return Proof(commitments, chain, c, (w1 + c * r_bar) % N, (w2 + c * r_hat_sum) % N, (w3 + c * r_tilde) % N,
                 (w4 + c * r_prime) % N, [(w + c * rh) % N for w, rh in zip(w_hat, r_hat)],
                 [(w + c * up) % N for w, up in zip(w_prime, u_prime)])


def check(context: bytes, key: Affine, inputs: list[Cipher], outputs: list[Cipher], proof: Proof) -> bool:
    """Whether ``proof`` shows ``outputs`` are a permutation of ``inputs``, re-encrypted under ``key``."""
    n = len(inputs)
    if not n or len(outputs) != n or len(proof.commitments) != n or len(proof.chain) != n \
            or len(proof.s_hat) != n or len(proof.s_prime) != n:
        return False
    if any(a is None for a, _ in outputs):
        return False
    h0, hs = generators(n)
    t = _statement(context, key, inputs, outputs, proof.commitments)
    u = t.challenges("u", n)
    c = proof.challenge
    minus_c = N - c
    gen = (curve.GX, curve.GY)
    u_product = 1
    for x in u:
        u_product = u_product * x % N
    c_bar = curve.INFINITY
    for p in proof.commitments:
        c_bar = curve.add(c_bar, curve.jacobian(p))
    for h in hs:
        c_bar = curve.add(c_bar, curve.neg(curve.jacobian(h)))
    c_hat = curve.add(curve.jacobian(proof.chain[-1]), curve.neg(curve.mul(h0, u_product)))
    t1 = _minus_c_times(curve.mul_g(proof.s1), c_bar, c)
    t2 = _minus_c_times(curve.mul_g(proof.s2), c_hat, c)
    cu = [minus_c * x % N for x in u]
    t3 = curve.multi_mul([(gen, proof.s3)] + list(zip(hs, proof.s_prime)) + list(zip(proof.commitments, cu)))
    t41 = curve.multi_mul([(key, N - proof.s4)] + [(b, s) for (_, b), s in zip(outputs, proof.s_prime)]
                          + [(b, k) for (_, b), k in zip(inputs, cu)])
    t42_terms = [(gen, N - proof.s4)] + [(a, s) for (a, _), s in zip(outputs, proof.s_prime)]
    t42_terms += [(a, k) for (a, _), k in zip(inputs, cu) if a is not None]
    t42 = curve.multi_mul(t42_terms)  # type: ignore[arg-type]
    t_hat = []
    previous = h0
    for i in range(n):
        t_hat.append(curve.add(curve.mul_g(proof.s_hat[i]),
                               curve.multi_mul([(previous, proof.s_prime[i]), (proof.chain[i], minus_c)])))
        previous = proof.chain[i]
    t.points("chain", proof.chain).point("t1", t1).point("t2", t2).point("t3", t3).point("t41", t41)
    t.point("t42", t42).points("t^", t_hat)
    return t.challenge("c") == c


def _minus_c_times(base: Jacobian, point: Jacobian, c: int) -> Jacobian:
    """base - c*point (point Jacobian, possibly infinity)."""
    affine = curve.to_affine(point)
    if affine is None:
        return base
    return curve.add(base, curve.neg(curve.mul(affine, c)))

