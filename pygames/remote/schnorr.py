"""Schnorr signatures over secp256k1 as BIP-340 specifies them (x-only public keys, even-y nonces,
tagged hashes), so the standard's test vectors check this code. One key pair per player per table
signs every message that player sends."""

from __future__ import annotations

from . import curve
from .curve import N, P


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def public_key(secret: int) -> bytes:
    """The 32-byte x-only public key of a secret scalar in 1..N-1."""
    if not 1 <= secret < N:
        raise ValueError("a secret key is a scalar from 1 to N-1")
    return curve.x_bytes(curve.x_of(curve.mul_g(secret)))


def sign(secret: int, message: bytes, aux: bytes = bytes(32)) -> bytes:
    """The 64-byte signature of ``message`` (any length) by ``secret``; ``aux`` is BIP-340's auxiliary
    randomness (32 bytes): the nonce depends on it, the key and the message, never on a clock."""
    if not 1 <= secret < N:
        raise ValueError("a secret key is a scalar from 1 to N-1")
    if len(aux) != 32:
        raise ValueError("aux is 32 bytes")
    pub = curve.to_affine(curve.mul_g(secret))
    assert pub is not None
    d = secret if pub[1] % 2 == 0 else N - secret
    px = curve.x_bytes(pub[0])
    t = _xor(curve.scalar_bytes(d), curve.tagged_hash("BIP0340/aux", aux))
    k0 = int.from_bytes(curve.tagged_hash("BIP0340/nonce", t + px + message), "big") % N
    if not k0:
        raise RuntimeError("nonce is zero (probability 2^-256)")
    r = curve.to_affine(curve.mul_g(k0))
    assert r is not None
    k = k0 if r[1] % 2 == 0 else N - k0
    rx = curve.x_bytes(r[0])
    e = int.from_bytes(curve.tagged_hash("BIP0340/challenge", rx + px + message), "big") % N
    return rx + curve.scalar_bytes((k + e * d) % N)


_KEYS: dict[bytes, tuple[curve.Affine | None, curve.FixedBase | None]] = {}   # x-only key -> point, multiples
_KEYS_KEPT = 16      # a table's players' keys, and a few more tables'


def _public_point(public: bytes) -> tuple[curve.Affine | None, curve.FixedBase | None]:
    """A public key's point (None: not on the curve) and, for a key seen before, a table of its
    multiples. Each player signs every message of a table with one key, so its signatures are checked
    by table lookups with no doubling once the table is made (about four products); a key seen once
    (an invitation looked at) is multiplied as it is."""
    found = _KEYS.pop(public, None)
    if found is None:
        found = (curve.lift_x(int.from_bytes(public, "big")), None)
    elif found[1] is None and found[0] is not None:
        found = (found[0], curve.FixedBase(found[0]))
    while len(_KEYS) >= _KEYS_KEPT:
        _KEYS.pop(next(iter(_KEYS)))
    _KEYS[public] = found          # the newest last: the first is the one used longest ago
    return found


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is ``public``'s signature of ``message``; False for any malformed input."""
    if len(public) != 32 or len(signature) != 64:
        return False
    public = bytes(public)
    pub, multiples = _public_point(public)
    r = int.from_bytes(signature[:32], "big")
    s = int.from_bytes(signature[32:], "big")
    if pub is None or r >= P or s >= N:
        return False
    e = int.from_bytes(curve.tagged_hash("BIP0340/challenge", signature[:32] + public + message), "big") % N
    times = curve.mul(pub, e) if multiples is None else multiples.mul(e)
    point = curve.add(curve.mul_g(s), curve.neg(times))
    affine = curve.to_affine(point)
    return affine is not None and affine[1] % 2 == 0 and affine[0] == r
