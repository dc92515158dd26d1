"""The cryptography of remote tables: secp256k1 arithmetic (one product, sums of many, tables of
multiples), strict point decoding with the parity of y, hash-to-curve, and BIP-340 Schnorr
signatures checked against the standard's own test vectors."""

import csv
import io
import os

import pytest

from pygames.remote import curve, schnorr
from pygames.remote.curve import GX, GY, N, P

# bip-0340/test-vectors.csv from github.com/bitcoin/bips (index, secret key, public key, aux_rand,
# message, signature, verification result), comments left out
BIP340_VECTORS = """\
0,0000000000000000000000000000000000000000000000000000000000000003,F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9,0000000000000000000000000000000000000000000000000000000000000000,0000000000000000000000000000000000000000000000000000000000000000,E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA821525F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0,TRUE
1,B7E151628AED2A6ABF7158809CF4F3C762E7160F38B4DA56A784D9045190CFEF,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,0000000000000000000000000000000000000000000000000000000000000001,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,6896BD60EEAE296DB48A229FF71DFE071BDE413E6D43F917DC8DCF8C78DE33418906D11AC976ABCCB20B091292BFF4EA897EFCB639EA871CFA95F6DE339E4B0A,TRUE
2,C90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B14E5C9,DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EB8,C87AA53824B4D7AE2EB035A2B5BBBCCC080E76CDC6D1692C4B0B62D798E6D906,7E2D58D8B3BCDF1ABADEC7829054F90DDA9805AAB56C77333024B9D0A508B75C,5831AAEED7B44BB74E5EAB94BA9D4294C49BCF2A60728D8B4C200F50DD313C1BAB745879A5AD954A72C45A91C3A51D3C7ADEA98D82F8481E0E1E03674A6F3FB7,TRUE
3,0B432B2677937381AEF05BB02A66ECD012773062CF3FA2549E44F58ED2401710,25D1DFF95105F5253C4022F628A996AD3A0D95FBF21D468A1B33F8C160D8F517,FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF,FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF,7EB0509757E246F19449885651611CB965ECC1A187DD51B64FDA1EDC9637D5EC97582B9CB13DB3933705B32BA982AF5AF25FD78881EBB32771FC5922EFC66EA3,TRUE
4,,D69C3509BB99E412E68B0FE8544E72837DFA30746D8BE2AA65975F29D22DC7B9,,4DF3C3F68FCC83B27E9D42C90431A72499F17875C81A599B566C9889B9696703,00000000000000000000003B78CE563F89A0ED9414F5AA28AD0D96D6795F9C6376AFB1548AF603B3EB45C9F8207DEE1060CB71C04E80F593060B07D28308D7F4,TRUE
5,,EEFDEA4CDB677750A420FEE807EACF21EB9898AE79B9768766E4FAA04A2D4A34,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E17776969E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B,FALSE
6,,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,FFF97BD5755EEEA420453A14355235D382F6472F8568A18B2F057A14602975563CC27944640AC607CD107AE10923D9EF7A73C643E166BE5EBEAFA34B1AC553E2,FALSE
7,,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,1FA62E331EDBC21C394792D2AB1100A7B432B013DF3F6FF4F99FCB33E0E1515F28890B3EDB6E7189B630448B515CE4F8622A954CFE545735AAEA5134FCCDB2BD,FALSE
8,,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E177769961764B3AA9B2FFCB6EF947B6887A226E8D7C93E00C5ED0C1834FF0D0C2E6DA6,FALSE
9,,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,0000000000000000000000000000000000000000000000000000000000000000123DDA8328AF9C23A94C1FEECFD123BA4FB73476F0D594DCB65C6425BD186051,FALSE
10,,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,00000000000000000000000000000000000000000000000000000000000000017615FBAF5AE28864013C099742DEADB4DBA87F11AC6754F93780D5A1837CF197,FALSE
11,,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,4A298DACAE57395A15D0795DDBFD1DCB564DA82B0F269BC70A74F8220429BA1D69E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B,FALSE
12,,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F69E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B,FALSE
13,,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E177769FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141,FALSE
14,,FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC30,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E17776969E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B,FALSE
15,0340034003400340034003400340034003400340034003400340034003400340,778CAA53B4393AC467774D09497A87224BF9FAB6F6E68B23086497324D6FD117,0000000000000000000000000000000000000000000000000000000000000000,,71535DB165ECD9FBBC046E5FFAEA61186BB6AD436732FCCC25291A55895464CF6069CE26BF03466228F19A3A62DB8A649F2D560FAC652827D1AF0574E427AB63,TRUE
16,0340034003400340034003400340034003400340034003400340034003400340,778CAA53B4393AC467774D09497A87224BF9FAB6F6E68B23086497324D6FD117,0000000000000000000000000000000000000000000000000000000000000000,11,08A20A0AFEF64124649232E0693C583AB1B9934AE63B4C3511F3AE1134C6A303EA3173BFEA6683BD101FA5AA5DBC1996FE7CACFC5A577D33EC14564CEC2BACBF,TRUE
17,0340034003400340034003400340034003400340034003400340034003400340,778CAA53B4393AC467774D09497A87224BF9FAB6F6E68B23086497324D6FD117,0000000000000000000000000000000000000000000000000000000000000000,0102030405060708090A0B0C0D0E0F1011,5130F39A4059B43BC7CAC09A19ECE52B5D8699D1A71E3C52DA9AFDB6B50AC370C4A482B77BF960F8681540E25B6771ECE1E5A37FD80E5A51897C5566A97EA5A5,TRUE
18,0340034003400340034003400340034003400340034003400340034003400340,778CAA53B4393AC467774D09497A87224BF9FAB6F6E68B23086497324D6FD117,0000000000000000000000000000000000000000000000000000000000000000,99999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999,403B12B0D8555A344175EA7EC746566303321E5DBFA8BE6F091635163ECA79A8585ED3E3170807E7C03B720FC54C7B23897FCBA0E9D0B4A06894CFD249F22367,TRUE
"""

G = (GX, GY)
KNOWN_CARD_POINT = "02122fca5ee0b10d"       # hash_to_point("card", b""), first 8 bytes


def vectors():
    return list(csv.reader(io.StringIO(BIP340_VECTORS)))


@pytest.mark.parametrize("row", vectors(), ids=lambda row: f"vector{row[0]}")
def test_bip340_vector(row):
    _, secret, public, aux, message, signature, result = row
    public, message, signature = bytes.fromhex(public), bytes.fromhex(message), bytes.fromhex(signature)
    if secret:
        assert schnorr.public_key(int(secret, 16)) == public
        assert schnorr.sign(int(secret, 16), message, bytes.fromhex(aux)) == signature
    # a key seen once is multiplied as it is, a key seen again by its table of multiples: both agree
    schnorr._KEYS.pop(public, None)
    assert [schnorr.verify(public, message, signature) for _ in range(3)] == [result == "TRUE"] * 3


def test_a_signature_breaks_with_any_change():
    secret = int.from_bytes(os.urandom(32), "big") % (N - 1) + 1
    public = schnorr.public_key(secret)
    signature = schnorr.sign(secret, b"move 12", bytes(32))
    assert schnorr.verify(public, b"move 12", signature) and schnorr.verify(public, b"move 12", signature)
    assert schnorr._KEYS[public][1] is not None      # the checks below use the key's table of multiples
    assert not schnorr.verify(public, b"move 13", signature)
    assert not schnorr.verify(public, b"move 12", signature[:63] + bytes([signature[63] ^ 1]))
    assert not schnorr.verify(schnorr.public_key(secret + 1), b"move 12", signature)
    assert not schnorr.verify(public[:31], b"move 12", signature)


def test_scalar_multiplication_agrees_every_way():
    for k in (1, 2, 3, 15, 16, 17, N - 1, N - 2, int.from_bytes(os.urandom(32), "big")):
        by_table = curve.to_affine(curve.mul_g(k))
        by_naf = curve.to_affine(curve.mul(G, k))
        assert by_table == by_naf
    assert curve.to_affine(curve.mul(G, N)) is None                     # the group's order is N
    assert curve.to_affine(curve.mul_g(N - 1)) == (GX, P - GY)          # -G


def _double_and_add(point, k):
    """k * point the schoolbook way (affine, one inversion a step): the reference for ``mul``."""
    def add(a, b):
        if a is None:
            return b
        if b is None:
            return a
        (x1, y1), (x2, y2) = a, b
        if x1 == x2 and (y1 + y2) % P == 0:
            return None
        slope = (3 * x1 * x1 * pow(2 * y1, -1, P) if a == b else (y2 - y1) * pow(x2 - x1, -1, P)) % P
        x3 = (slope * slope - x1 - x2) % P
        return x3, (slope * (x1 - x3) - y1) % P
    out = None
    for bit in bin(k % N)[2:]:
        out = add(out, out)
        if bit == "1":
            out = add(out, point)
    return out


def test_the_endomorphism_split_is_exact_and_short():
    """mul's GLV split: LAMBDA * (x, y) = (BETA * x, y), and every k = k1 + k2 * LAMBDA with halves
    of at most 129 bits."""
    import random
    assert curve.to_affine(curve.mul_g(curve.LAMBDA)) == (curve.BETA * GX % P, GY)
    rng = random.Random(22)
    edge = [0, 1, curve.LAMBDA, N - curve.LAMBDA, N - 1, N // 2, (N + 1) // 2, 2 ** 128, 2 ** 255 % N]
    for k in edge + [rng.randrange(N) for _ in range(2000)]:
        k1, k2 = curve.split_scalar(k)
        assert (k1 + k2 * curve.LAMBDA - k) % N == 0
        assert abs(k1).bit_length() <= 129 and abs(k2).bit_length() <= 129, (k, k1, k2)


def test_mul_agrees_with_double_and_add():
    """Both halves' signs, short and long scalars, on the generator and on hashed points."""
    import random
    rng = random.Random(7)
    points = [G] + [curve.hash_to_point("test", bytes([i])) for i in range(3)]
    scalars = [1, 2, 3, 31, 32, curve.LAMBDA, N - curve.LAMBDA, curve.LAMBDA + 1, N - 1, 2 ** 128 - 1]
    for point in points:
        for k in scalars + [rng.randrange(1, N) for _ in range(12)]:
            assert curve.to_affine(curve.mul(point, k)) == _double_and_add(point, k), (point, k)
    signs = {tuple(x > 0 for x in curve.split_scalar(k)) for k in scalars + [rng.randrange(N) for _ in range(40)]}
    assert len(signs) == 4                                 # every pair of signs was among them


def test_a_sum_of_products_agrees_with_the_products_one_by_one():
    """multi_mul against mul and add: short and long scalars, zero, repeated points, cancelling terms."""
    import random
    rng = random.Random(11)
    points = [G] + [curve.hash_to_point("test", bytes([i])) for i in range(40)]
    for size in (1, 2, 3, 17, 41):
        terms = [(rng.choice(points), rng.choice([0, 1, N - 1, rng.randrange(1 << 128), rng.randrange(N)]))
                 for _ in range(size)]
        expected = curve.INFINITY
        for point, k in terms:
            expected = curve.add(expected, curve.mul(point, k))
        assert curve.to_affine(curve.multi_mul(terms)) == curve.to_affine(expected)
    p = points[3]
    assert curve.to_affine(curve.multi_mul([(p, 5), (p, N - 5)])) is None
    assert curve.to_affine(curve.multi_mul([])) is None


def test_a_table_of_multiples_agrees_with_mul():
    import random
    rng = random.Random(3)
    point = curve.hash_to_point("test", b"table")
    table = curve.FixedBase(point)
    for k in [0, 1, 15, 16, 17, N - 1, 2 ** 255 % N] + [rng.randrange(N) for _ in range(20)]:
        assert curve.to_affine(table.mul(k)) == curve.to_affine(curve.mul(point, k))


def test_full_points_travel_with_their_parity():
    """A point and its negation share an x: the 33-byte form tells them apart, and nothing else
    decodes (a wrong prefix, a short or long string, an x of no point, infinity)."""
    point = curve.hash_to_point("test", b"parity")
    negated = (point[0], P - point[1])
    assert curve.decode(curve.encode(point)) == point and curve.decode(curve.encode(negated)) == negated
    assert curve.encode(point)[1:] == curve.encode(negated)[1:] and curve.encode(point) != curve.encode(negated)
    data = curve.encode(point)
    for bad in (bytes([4]) + data[1:], bytes([0]) + data[1:], data[:32], data + b"\0", bytes(33),
                bytes([2]) + P.to_bytes(32, "big")):
        with pytest.raises(curve.BadPoint):
            curve.decode(bad)
    off = next(x for x in range(1, 100) if curve.lift_x(x) is None)
    with pytest.raises(curve.BadPoint):
        curve.decode(bytes([2]) + off.to_bytes(32, "big"))


def test_points_decode_strictly():
    good = curve.x_bytes(GX)
    assert curve.decode_x(good) == (GX, GY if GY % 2 == 0 else P - GY)
    with pytest.raises(curve.BadPoint):
        curve.decode_x(good[:31])
    with pytest.raises(curve.BadPoint):
        curve.decode_x(good + b"\x00")
    with pytest.raises(curve.BadPoint):
        curve.decode_x(P.to_bytes(32, "big"))                           # not below the field size
    off = next(x for x in range(1, 100) if curve.lift_x(x) is None)
    with pytest.raises(curve.BadPoint):
        curve.decode_x(off.to_bytes(32, "big"))                         # no curve point has this x
    with pytest.raises(ValueError):
        curve.scalar(N.to_bytes(32, "big"))


def test_hashed_points_are_distinct_per_domain_and_repeatable():
    one = [curve.hash_to_point("card", b"table-one" + bytes([c])) for c in range(52)]
    two = [curve.hash_to_point("card", b"table-two" + bytes([c])) for c in range(52)]
    gens = [curve.hash_to_point("shuffle-generator", b"table-one" + bytes([c])) for c in range(52)]
    assert len(set(one)) == 52 and not set(one) & set(two) and not set(one) & set(gens)
    assert one == [curve.hash_to_point("card", b"table-one" + bytes([c])) for c in range(52)]
    assert all(y % 2 == 0 for _, y in one)
    # known answer: the domain and the counter are part of what is hashed
    assert curve.encode(curve.hash_to_point("card", b"")).hex()[:16] == KNOWN_CARD_POINT
