"""secp256k1 in pure Python: the prime-order group the remote tables' cryptography works in.

y^2 = x^3 + 7 over the field of ``P`` elements; the group has prime order ``N`` and cofactor 1, so
every point but infinity generates it and there is no small subgroup to leak a bit. Signatures
(BIP-340) use x-only points; everything the deck and its proofs add travels as a full point, 33 bytes
with the parity of y (``encode``), since an x alone stands for a point and its negation. Inside, points
are Jacobian ``(X, Y, Z)`` (affine x = X/Z^2, y = Y/Z^3; Z = 0 is infinity) so additions need no
inversion. Scalar multiplication splits the scalar in two halves of about 128 bits with the curve's
endomorphism (GLV: ``LAMBDA * (x, y) = (BETA * x, y)``), so ``k * Q = k1 * Q + k2 * (LAMBDA * Q)``
takes half the doublings; each half is a width-5 NAF over odd multiples made affine by one shared
inversion. Sums of many products share one chain of doublings (``multi_mul``); multiples of a point
used again and again (the generator, a deal's joint key) come from a table (``FixedBase``).
"""

from __future__ import annotations

import functools
import hashlib

P = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
GX = 0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798
GY = 0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8
_SQRT_EXP = (P + 1) // 4

Affine = tuple[int, int]            # (x, y); None stands for infinity where a point may be missing
Jacobian = tuple[int, int, int]
INFINITY: Jacobian = (1, 1, 0)


class BadPoint(ValueError):
    """Bytes that are not a valid point (not 32 bytes, x not below P, or no curve point has that x)."""


# ---- Jacobian arithmetic (a = 0) ----------------------------------------------------------------
def _double(p: Jacobian) -> Jacobian:
    x, y, z = p
    if not z or not y:
        return INFINITY
    a = x * x % P
    b = y * y % P
    c = b * b % P
    d = 2 * ((x + b) ** 2 - a - c) % P
    e = 3 * a
    f = e * e % P
    x3 = (f - 2 * d) % P
    return x3, (e * (d - x3) - 8 * c) % P, 2 * y * z % P


def _add_affine(p: Jacobian, qx: int, qy: int) -> Jacobian:
    """p + (qx, qy), the second point affine (mixed addition)."""
    x1, y1, z1 = p
    if not z1:
        return qx, qy, 1
    zz = z1 * z1 % P
    u2 = qx * zz % P
    s2 = qy * z1 * zz % P
    h = (u2 - x1) % P
    r = (s2 - y1) % P
    if not h:
        return _double(p) if not r else INFINITY
    hh = h * h % P
    hhh = h * hh % P
    v = x1 * hh % P
    x3 = (r * r - hhh - 2 * v) % P
    return x3, (r * (v - x3) - y1 * hhh) % P, z1 * h % P


def _add(p: Jacobian, q: Jacobian) -> Jacobian:
    x1, y1, z1 = p
    x2, y2, z2 = q
    if not z1:
        return q
    if not z2:
        return p
    z1z1 = z1 * z1 % P
    z2z2 = z2 * z2 % P
    u1 = x1 * z2z2 % P
    u2 = x2 * z1z1 % P
    s1 = y1 * z2 * z2z2 % P
    s2 = y2 * z1 * z1z1 % P
    h = (u2 - u1) % P
    r = (s2 - s1) % P
    if not h:
        return _double(p) if not r else INFINITY
    hh = h * h % P
    hhh = h * hh % P
    v = u1 * hh % P
    x3 = (r * r - hhh - 2 * v) % P
    return x3, (r * (v - x3) - s1 * hhh) % P, z1 * z2 * h % P


def to_affine(p: Jacobian) -> Affine | None:
    x, y, z = p
    if not z:
        return None
    zi = pow(z, -1, P)
    zi2 = zi * zi % P
    return x * zi2 % P, y * zi2 * zi % P


def _batch_affine(points: list[Jacobian]) -> list[Affine]:
    """Many finite Jacobian points made affine with one inversion (Montgomery's trick)."""
    prefix = []
    acc = 1
    for _, _, z in points:
        prefix.append(acc)
        acc = acc * z % P
    inv = pow(acc, -1, P)
    out: list[Affine] = [(0, 0)] * len(points)
    for i in range(len(points) - 1, -1, -1):
        x, y, z = points[i]
        zi = inv * prefix[i] % P
        inv = inv * z % P
        zi2 = zi * zi % P
        out[i] = (x * zi2 % P, y * zi2 * zi % P)
    return out


# ---- scalar multiplication ----------------------------------------------------------------------
_W = 5
_HALF = 1 << (_W - 1)


def _naf(k: int) -> list[int]:
    """Width-5 non-adjacent form of k, least significant digit first (digits odd, |d| < 16)."""
    digits = []
    while k:
        if k & 1:
            d = k & 31
            if d >= _HALF:
                d -= 32
            k -= d
        else:
            d = 0
        digits.append(d)
        k >>= 1
    return digits


def _naf_terms(k: int) -> list[tuple[int, int]]:
    """The nonzero digits of k's width-5 NAF as (position, digit), skipping the zeros at once."""
    terms = []
    i = 0
    while k:
        zeros = (k & -k).bit_length() - 1
        k >>= zeros
        i += zeros
        d = k & 31
        if d >= _HALF:
            d -= 32
        terms.append((i, d))
        k -= d
    return terms


def _odd_multiples(x: int, y: int) -> list[Affine]:
    """[P, 3P, 5P, ..., 15P] affine, for the NAF digits."""
    p1: Jacobian = (x, y, 1)
    two = _double(p1)
    out = [p1]
    for _ in range(_HALF // 2 - 1):
        out.append(_add(out[-1], two))
    if any(not z for _, _, z in out):      # only if P has tiny order: impossible on this curve
        raise BadPoint("degenerate point")
    return _batch_affine(out)


# the endomorphism: LAMBDA * (x, y) = (BETA * x, y), LAMBDA^3 = 1 mod N, BETA^3 = 1 mod P
BETA = 0x7AE96A2B657C07106E64479EAC3434E99CF0497512F58995C1396C28719501EE
LAMBDA = 0x5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72
# a short basis of the lattice {(a, b): a + b * LAMBDA = 0 mod N} (Guide to ECC, algorithm 3.74)
_A1, _B1 = 0x3086D221A7D46BCDE86C90E49284EB15, -0xE4437ED6010E88286F547FA90ABFE4C3
_A2, _B2 = 0x114CA50F7A8E2F3F657C1108D9D44CFD8, 0x3086D221A7D46BCDE86C90E49284EB15
_HALF_N = N // 2


def split_scalar(k: int) -> tuple[int, int]:
    """(k1, k2) with k1 + k2 * LAMBDA = k mod N and |k1|, |k2| below about 2^128 (for 0 <= k < N)."""
    c1 = (_B2 * k + _HALF_N) // N
    c2 = (-_B1 * k + _HALF_N) // N
    return k - c1 * _A1 - c2 * _A2, -c1 * _B1 - c2 * _B2


def mul(point: Affine, k: int) -> Jacobian:
    """k * point (affine in, Jacobian out): k1 * point + k2 * (LAMBDA * point), the two NAFs
    sharing their doublings."""
    k %= N
    if not k:
        return INFINITY
    k1, k2 = split_scalar(k)
    table = _odd_multiples(*point)
    halves = []          # each half: its NAF, and its point's odd multiples signed for +d and for -d
    for half, odd in ((k1, table), (k2, [(x * BETA % P, y) for x, y in table])):
        plus = [(x, y if half >= 0 else P - y) for x, y in odd]
        halves.append((_naf(abs(half)), plus, [(x, P - y) for x, y in plus]))
    acc = INFINITY
    for i in range(max(len(naf) for naf, _, _ in halves) - 1, -1, -1):
        acc = _double(acc)
        for naf, plus, minus in halves:
            d = naf[i] if i < len(naf) else 0
            if d:
                x, y = plus[d >> 1] if d > 0 else minus[(-d) >> 1]
                acc = _add_affine(acc, x, y)
    return acc


class FixedBase:
    """Multiples of one point from a table: ``rows[i][j] = (j + 1) * 2^(bits*i) * point``, so
    ``k * point`` is at most 256/bits mixed additions and no doubling. Worth its points where one base
    is multiplied many times: the generator (8-bit windows, 8,160 points: 32 additions a product), a
    deal's joint key (4-bit, 960 points: every card's re-encryption in a shuffle)."""

    __slots__ = ("point", "rows", "bits")

    def __init__(self, point: Affine, bits: int = 4):
        self.point = point
        self.bits = bits
        size = (1 << bits) - 1
        windows = -(-256 // bits)
        rows: list[list[Jacobian]] = []
        base: Jacobian = (point[0], point[1], 1)
        for _ in range(windows):
            row = [base]
            for _ in range(size - 1):
                row.append(_add(row[-1], base))
            rows.append(row)
            for _ in range(bits):
                base = _double(base)
        flat = _batch_affine([p for row in rows for p in row])
        self.rows = [flat[i * size:(i + 1) * size] for i in range(windows)]

    def mul(self, k: int) -> Jacobian:
        k %= N
        acc = INFINITY
        rows = self.rows
        bits = self.bits
        mask = (1 << bits) - 1
        i = 0
        while k:
            d = k & mask
            if d:
                x, y = rows[i][d - 1]
                acc = _add_affine(acc, x, y)
            k >>= bits
            i += 1
        return acc


_G_TABLE: FixedBase | None = None


def mul_g(k: int) -> Jacobian:
    """k * G, from a table built on first use."""
    global _G_TABLE
    if _G_TABLE is None:
        _G_TABLE = FixedBase((GX, GY), bits=8)
    return _G_TABLE.mul(k)


def multi_mul(terms: list[tuple[Affine, int]]) -> Jacobian:
    """The sum of ``k * point`` over ``terms`` (Straus): one chain of doublings for all of them, each
    scalar split in two halves of about 128 bits by the endomorphism, each half a width-5 NAF over
    its point's odd multiples, every table made affine with one shared inversion. A sum of n
    products costs about as much as n / 3 separate multiplications (the shuffle proofs' sums)."""
    tables: list[Jacobian] = []
    halves: list[tuple[int, int, bool]] = []      # (signed half, its point's first table entry, times LAMBDA)
    for (x, y), k in terms:
        k %= N
        if not k:
            continue
        p1: Jacobian = (x, y, 1)
        two = _double(p1)
        base = len(tables)
        tables.append(p1)
        for _ in range(_HALF // 2 - 1):
            tables.append(_add(tables[-1], two))
        k1, k2 = split_scalar(k)
        halves.append((k1, base, False))
        halves.append((k2, base, True))
    if not halves:
        return INFINITY
    if any(not z for _, _, z in tables):       # only for a point of tiny order: impossible on this curve
        raise BadPoint("degenerate point")
    odd = _batch_affine(tables)
    adds: list[list[Affine]] = [[] for _ in range(132)]
    top = 0
    for half, base, beta in halves:
        negative = half < 0
        for i, d in _naf_terms(-half if negative else half):
            x, y = odd[base + ((d if d > 0 else -d) >> 1)]
            if beta:
                x = x * BETA % P
            if (d < 0) != negative:
                y = P - y
            adds[i].append((x, y))
            if i > top:
                top = i
    acc = INFINITY
    for i in range(top, -1, -1):
        acc = _double(acc)
        for x, y in adds[i]:
            acc = _add_affine(acc, x, y)
    return acc


def add(p: Jacobian, q: Jacobian) -> Jacobian:
    return _add(p, q)


def neg(p: Jacobian) -> Jacobian:
    x, y, z = p
    return x, (P - y) % P, z


# ---- encoding ------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=4096)
def lift_x(x: int) -> Affine | None:
    """The point with this x and an even y, or None when no curve point has that x. (Remembered: a
    table's pages lift the same points again as they check each message and deal; a square root
    costs as much as a tenth of a scalar multiplication.)"""
    if not 0 <= x < P:
        return None
    v = (x * x * x + 7) % P
    y = pow(v, _SQRT_EXP, P)
    if y * y % P != v:
        return None
    return (x, y) if not y & 1 else (x, P - y)


def decode_x(data: bytes) -> Affine:
    """Strictly decode a 32-byte x-only point (BadPoint when it is not one)."""
    if len(data) != 32:
        raise BadPoint(f"a point is 32 bytes, not {len(data)}")
    x = int.from_bytes(data, "big")
    if x >= P:
        raise BadPoint("a point's x must be below the field size")
    point = lift_x(x)
    if point is None:
        raise BadPoint("no curve point has that x")
    return point


def x_bytes(x: int) -> bytes:
    return x.to_bytes(32, "big")


def x_of(p: Jacobian) -> int:
    """The affine x of a finite Jacobian point."""
    x, _, z = p
    if not z:
        raise BadPoint("the point at infinity has no x")
    zi = pow(z, -1, P)
    return x * zi * zi % P


def scalar(data: bytes) -> int:
    """A 32-byte big-endian scalar, strictly below N."""
    if len(data) != 32:
        raise ValueError(f"a scalar is 32 bytes, not {len(data)}")
    k = int.from_bytes(data, "big")
    if k >= N:
        raise ValueError("a scalar must be below the group order")
    return k


def scalar_bytes(k: int) -> bytes:
    return (k % N).to_bytes(32, "big")


def tagged_hash(tag: str, data: bytes) -> bytes:
    """BIP-340's tagged hash: SHA256(SHA256(tag) || SHA256(tag) || data)."""
    t = _TAG_CACHE.get(tag)
    if t is None:
        t = _TAG_CACHE[tag] = hashlib.sha256(tag.encode()).digest() * 2
    return hashlib.sha256(t + data).digest()


_TAG_CACHE: dict[str, bytes] = {}


# ---- full points: a point with the parity of its y ------------------------------------------------
# The proofs add points, and an x alone stands for two points (a point and its negation), so every
# point a proof or a ciphertext uses travels as 33 bytes: 02 or 03 (y even or odd), then x (SEC1's
# compressed form). The point at infinity is never a valid message point.
POINT_BYTES = 33


def lift(x: int, odd: bool) -> Affine | None:
    """The point with this x and a y of that parity, or None when no curve point has that x."""
    point = lift_x(x)
    if point is None:
        return None
    return (point[0], P - point[1]) if odd else point


def encode(point: Affine) -> bytes:
    """A finite affine point as 33 bytes."""
    x, y = point
    return bytes([2 + (y & 1)]) + x.to_bytes(32, "big")


def decode(data: bytes) -> Affine:
    """Strictly decode 33 bytes into a point (BadPoint when they are not one)."""
    if len(data) != POINT_BYTES:
        raise BadPoint(f"a point is {POINT_BYTES} bytes, not {len(data)}")
    if data[0] not in (2, 3):
        raise BadPoint("a point starts with 02 or 03")
    x = int.from_bytes(data[1:], "big")
    if x >= P:
        raise BadPoint("a point's x must be below the field size")
    point = lift(x, data[0] == 3)
    if point is None:
        raise BadPoint("no curve point has that x")
    return point


def affine(p: Jacobian) -> Affine:
    """A finite Jacobian point made affine (BadPoint for infinity)."""
    out = to_affine(p)
    if out is None:
        raise BadPoint("the point at infinity")
    return out


def affines(points: list[Jacobian]) -> list[Affine]:
    """Many finite Jacobian points made affine with one inversion (BadPoint if one is infinity)."""
    if any(not z for _, _, z in points):
        raise BadPoint("the point at infinity")
    return _batch_affine(points) if points else []


def jacobian(point: Affine) -> Jacobian:
    return point[0], point[1], 1


def hash_to_point(domain: str, data: bytes) -> Affine:
    """A point from bytes, by try-and-increment over a tagged SHA-256 of its own domain (y even).
    Nobody knows the discrete logarithm of such a point relative to the generator or to any other
    hashed point: card points and the proofs' generators are made this way, each in a domain of its
    own, and everything the deck proves rests on it."""
    tag = "pygames/h2c/" + domain
    for counter in range(256):
        x = int.from_bytes(tagged_hash(tag, data + bytes([counter])), "big")
        if x < P:
            point = lift_x(x)
            if point is not None:
                return point
    raise RuntimeError("hash_to_point found no point in 256 tries (probability 2^-256)")
