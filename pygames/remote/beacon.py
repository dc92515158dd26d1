"""Public randomness for a remote table (who deals, the cut): commit, then reveal.

The host commits to a random nonce (its SHA-256) in the invitation; each guest reveals its own nonce
in its join message; the host reveals its nonce when the table is full. The beacon is a hash of all
the nonces. No guest can steer it (the host's nonce is fixed and unknown to it), and the host
cannot either (its nonce was fixed before any guest's). The host sees the result first and could
refuse to go on, which stops the table like any player who stops answering. Public draws need no
encryption: every page computes them alike from the beacon.
"""

from __future__ import annotations

import hashlib

from .curve import tagged_hash


def commitment(nonce: bytes) -> bytes:
    return hashlib.sha256(b"pygames/beacon-commit" + nonce).digest()


def value(table_id: bytes, nonces: list[bytes]) -> bytes:
    return tagged_hash("pygames/beacon", table_id + b"".join(nonces))


class Stream:
    """The ``index``-th public draw's numbers: uniform by rejection, from the beacon in counter mode."""

    def __init__(self, beacon: bytes, index: int):
        self.seed = beacon + index.to_bytes(4, "big")
        self.counter = 0
        self.pool = b""

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            if len(self.pool) < 8:
                self.pool += tagged_hash("pygames/draw", self.seed + self.counter.to_bytes(4, "big"))
                self.counter += 1
            r = int.from_bytes(self.pool[:8], "big")
            self.pool = self.pool[8:]
            if r < limit:
                return r % n

    def shuffle(self, items: list) -> list:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items
