"""What a table's applied messages say, gathered and checked for shape: who sits where with which
keys, the moves in order, every deck's shuffles, every decryption share and every revealed key. The
checks that need the game (whose turn, which deck belongs to which deal, the proofs of a deck the
rules called) are ``party``'s, after a replay; what arrived in a fresh message waits for them in
``unchecked``."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from . import beacon, curve, wire
from .curve import Affine
from .deck import Shuffled
from .proofs import BadProof, scalar_of
from .sim import Refused


@dataclass
class ShuffleRecord:
    """One stage of one deck: who sent it, its parts as they arrive, and once whole its bytes."""

    seat: int
    parts: list[bytes | None]
    data: bytes | None = None
    _decoded: Shuffled | None = None
    _sha: tuple[bytes, bytes] | None = None      # (data, its SHA-256): hashed once, not on every look

    def sha256(self) -> bytes:
        """The whole shuffle's SHA-256 (its bytes must be whole)."""
        data = self.data
        assert data is not None
        if self._sha is None or self._sha[0] is not data:
            self._sha = (data, hashlib.sha256(data).digest())
        return self._sha[1]

    def decoded(self, n: int) -> Shuffled:
        """The whole shuffle (proofs.BadProof when its bytes are not a shuffle of ``n`` cards)."""
        if self._decoded is None:
            assert self.data is not None
            self._decoded = Shuffled.decode(self.data, n)
        return self._decoded


@dataclass
class DeckShares:
    """The decryption shares of one deck's cards: in the clear by sender, sealed by (sender, recipient)."""

    clear: dict[int, dict[int, Affine]] = field(default_factory=dict)                     # slot -> seat -> D
    sealed: dict[int, dict[tuple[int, int], tuple[Affine, Affine]]] = field(default_factory=dict)


class Ledger:
    def __init__(self, invite: wire.Message):
        item = invite.items[0]
        if not isinstance(item, wire.Invite) or len(invite.items) != 1:
            raise wire.BadMessage("not an invitation")
        self.table = invite.table
        self.host = invite.seat
        self.invite = item
        self.players = n = item.players
        self.keys: list[bytes | None] = [None] * n
        self.keys[self.host] = item.host_key
        self.nonces: list[bytes | None] = [None] * n
        self.joins: dict[int, list[wire.Message]] = {}      # tentative joins until the host starts
        self.start: wire.Start | None = None
        self.count = [0] * n
        self.count[self.host] = 1
        self.digests: dict[tuple[int, int], bytes] = {(self.host, 0): invite.digest}
        self.moves: list[tuple[int, wire.Move]] = []
        self.move_message: list[int] = []                   # per move: its message's place in the log
        self.deal_keys: dict[tuple[int, int], Affine] = {}  # (seat, deal) -> key share
        self.reveals: dict[tuple[int, int], int] = {}       # (seat, deal) -> key share secret
        self.shuffles: dict[int, dict[int, ShuffleRecord]] = {}
        self.shares: dict[int, DeckShares] = {}
        self.messages = 1
        self.unchecked: list[tuple] = []                    # what fresh messages brought, for party to check
        self._fresh = False
        self._key_share(self.host, 0, item.key)      # its proof is checked by whoever opens the invitation

    # ---- reading -------------------------------------------------------------------------------
    def key_of(self, seat: int) -> bytes | None:
        return self.keys[seat]

    def beacon(self) -> bytes | None:
        if self.start is None or any(n is None for n in self.nonces):
            return None
        return beacon.value(self.table, [n for n in self.nonces if n is not None])

    def stage_done(self, k: int, stage: int) -> bool:
        rec = self.shuffles.get(k, {}).get(stage)
        return rec is not None and rec.data is not None

    def deal_key(self, seat: int, deal: int) -> Affine | None:
        return self.deal_keys.get((seat, deal))

    def deck_shares(self, k: int) -> DeckShares:
        """Deck ``k``'s shares so far (an empty record, not kept, where there are none)."""
        return self.shares.get(k) or DeckShares()

    def waiting_reason(self, m: wire.Message) -> tuple[int, int] | None:
        """(seat, message number) this message waits for, or None when it can be applied now."""
        if m.seq > self.count[m.seat]:
            return m.seat, self.count[m.seat]
        for t, need in enumerate(m.acks):
            if t != m.seat and self.count[t] < need:
                return t, self.count[t]
        return None

    # ---- applying ------------------------------------------------------------------------------
    def copy(self) -> "Ledger":
        """A copy a draft can be added to without touching this one."""
        twin = object.__new__(Ledger)
        twin.__dict__.update(self.__dict__)
        twin.keys, twin.nonces, twin.count = list(self.keys), list(self.nonces), list(self.count)
        twin.digests = dict(self.digests)
        twin.moves, twin.move_message = list(self.moves), list(self.move_message)
        twin.joins = {s: list(js) for s, js in self.joins.items()}
        twin.deal_keys, twin.reveals = dict(self.deal_keys), dict(self.reveals)
        twin.shuffles = {k: {st: ShuffleRecord(r.seat, list(r.parts), r.data, r._decoded, r._sha) for st, r in stages.items()}
                         for k, stages in self.shuffles.items()}
        twin.shares = {k: DeckShares({j: dict(v) for j, v in d.clear.items()},
                                     {j: dict(v) for j, v in d.sealed.items()}) for k, d in self.shares.items()}
        twin.unchecked = []
        return twin

    def accept(self, m: wire.Message, fresh: bool = False) -> None:
        """Apply a message whose signature and order were checked; Refused (naming its sender) when
        its content contradicts the table. ``fresh``: a message just received, whose proofs are
        queued in ``unchecked`` (stored messages were checked when they arrived)."""
        self._fresh = fresh
        s = m.seat
        first = m.items[0] if m.items else None
        if isinstance(first, wire.Join):
            if len(m.items) != 1 or m.seq != 0:
                raise Refused(s, "a join stands alone", "protocol")
            if s == self.host:
                raise Refused(s, "the host's seat is not free", "protocol")
            if self.start is not None:
                raise Refused(s, "the table has started: that seat is taken", "protocol")
            try:
                curve.decode_x(first.key)
                curve.decode(first.share.point)
            except curve.BadPoint:
                raise Refused(s, "the join's key is not a valid key", "protocol") from None
            self.joins.setdefault(s, []).append(m)
            if fresh:
                self.unchecked.append(("join", s, m))
            if len(self.joins[s]) == 1:
                self.keys[s], self.nonces[s] = first.key, first.nonce
            self.count[s] = 1
            self.messages += 1
            return
        if m.seq != self.count[s]:
            raise Refused(s, f"message {m.seq} arrived out of order", "protocol")
        if s != self.host and self.start is None and not any(isinstance(i, wire.Start) for i in m.items):
            raise Refused(s, "the table has not started", "protocol")
        for item in m.items:
            self._item(s, item)
        self.digests[(s, m.seq)] = m.digest
        self.count[s] += 1
        self.messages += 1

    def admit(self, s: int, decoded: list) -> None:
        """Record the shares of one Shares item of ``s`` (decoded points), its proof checked: a share
        passed on counts as its owner's in the clear."""
        for k, j, recipient, value in decoded:
            shares = self.shares.setdefault(k, DeckShares())
            if recipient == wire.CLEAR:
                shares.clear.setdefault(j, {}).setdefault(s, value)
            elif recipient >= wire.FORWARD:
                shares.clear.setdefault(j, {}).setdefault(recipient - wire.FORWARD, value)
            else:
                shares.sealed.setdefault(j, {}).setdefault((s, recipient), value)

    def _key_share(self, seat: int, deal: int, share: wire.KeyShare, check: bool = True) -> None:
        try:
            point = curve.decode(share.point)
        except curve.BadPoint:
            raise Refused(seat, "its key share is not a point", "secret") from None
        if (seat, deal) in self.deal_keys:
            raise Refused(seat, f"a second key share for deal {deal + 1}", "secret")
        self.deal_keys[(seat, deal)] = point
        if self._fresh and check:
            self.unchecked.append(("key", seat, deal, point, share.proof))

    def _item(self, s: int, item) -> None:
        if isinstance(item, wire.Start):
            if s != self.host or self.start is not None:
                raise Refused(s, "only the host starts the table, once", "protocol")
            if beacon.commitment(item.nonce) != self.invite.commitment:
                raise Refused(s, "the host's beacon nonce does not match its commitment", "protocol")
            for seat, digest in enumerate(item.joins):
                if seat == self.host:
                    continue
                chosen = [j for j in self.joins.get(seat, []) if j.digest == digest]
                if not chosen:
                    raise Refused(s, f"the start names a join of seat {seat} that is not here", "protocol")
                join = chosen[0].items[0]
                self.keys[seat], self.nonces[seat] = join.key, join.nonce
                self.digests[(seat, 0)] = digest
                self._key_share(seat, 0, join.share, check=False)    # its proof was checked with the join
            self.nonces[self.host] = item.nonce
            self.start = item
            self.joins = {}
            return
        if self.start is None:
            raise Refused(s, "the table has not started", "protocol")
        if isinstance(item, wire.Move):
            if item.index != len(self.moves):
                raise Refused(s, f"move {item.index + 1} is not the next move ({len(self.moves) + 1})", "move_rules")
            self.moves.append((s, item))
            self.move_message.append(self.messages)
        elif isinstance(item, wire.Shuffle):
            stages = self.shuffles.setdefault(item.deck, {})
            rec = stages.get(item.stage)
            if rec is None:
                rec = stages[item.stage] = ShuffleRecord(s, [None] * item.parts)
            if rec.seat != s or len(rec.parts) != item.parts:
                raise Refused(s, f"a part of a shuffle of deck {item.deck + 1} does not match its other parts", "shuffle")
            if rec.parts[item.part] is not None:
                raise Refused(s, f"it sent part {item.part + 1} of its shuffle of deck {item.deck + 1} twice", "shuffle")
            rec.parts[item.part] = item.data
            if all(p is not None for p in rec.parts):
                rec.data = b"".join(rec.parts)  # type: ignore[arg-type]
                if self._fresh:
                    self.unchecked.append(("shuffle", s, item.deck, item.stage))
        elif isinstance(item, wire.Shares):
            decoded: list[tuple[int, int, int, Any]] = []
            try:
                for k, j, recipient, value in item.entries:
                    if not wire.sealed_to(recipient):
                        if recipient == wire.FORWARD + s:
                            raise Refused(s, "it passed on a share of its own", "share")
                        decoded.append((k, j, recipient, curve.decode(value)))
                    else:
                        if recipient == s:
                            raise Refused(s, "it sealed a share to itself", "share")
                        decoded.append((k, j, recipient, (curve.decode(value[:33]), curve.decode(value[33:]))))
            except curve.BadPoint:
                raise Refused(s, "a share is not a point", "share") from None
            if len({(k, j, r) for k, j, r, _ in decoded}) != len(decoded):
                raise Refused(s, "it sent one share twice in one message", "share")
            if self._fresh:       # used only once its proof is checked (party admits it)
                self.unchecked.append(("shares", s, item, decoded))
            else:
                self.admit(s, decoded)
        elif isinstance(item, wire.Reveal):
            if (s, item.deal) in self.reveals:
                raise Refused(s, f"a second key for deal {item.deal + 1}", "secret")
            try:
                secret = scalar_of(item.secret)
            except BadProof:
                raise Refused(s, "its revealed key is not a scalar", "secret") from None
            self.reveals[(s, item.deal)] = secret
            self._key_share(s, item.deal + 1, item.next)
            if self._fresh:
                self.unchecked.append(("reveal", s, item.deal))
        else:
            raise Refused(s, "an item that belongs in no table message", "protocol")
