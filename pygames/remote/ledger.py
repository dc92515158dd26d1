"""What a table's applied messages say, gathered and checked for shape: who sits where with which
key, the moves in order, every deck's passes, sealing keys, lock shares and revealed seeds. The
checks that need the game (whose turn, which slots a seat may see) are ``party``'s, after a replay."""

from __future__ import annotations

from . import beacon, curve, wire
from .sim import Refused
from .verify import DeckRecord


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
        self.decks: dict[int, DeckRecord] = {}
        self.disputes: list[tuple[int, int, int]] = []
        self.messages = 1
        self._fresh = False

    # ---- reading -------------------------------------------------------------------------------
    def key_of(self, seat: int) -> bytes | None:
        return self.keys[seat]

    def beacon(self) -> bytes | None:
        if self.start is None or any(n is None for n in self.nonces):
            return None
        return beacon.value(self.table, [n for n in self.nonces if n is not None])

    def record(self, k: int) -> DeckRecord:
        rec = self.decks.get(k)
        if rec is None:
            rec = self.decks[k] = DeckRecord(k, {}, {}, {}, {}, {}, {})
        return rec

    def stage_done(self, k: int, stage: int) -> bool:
        rec = self.decks.get(k)
        return rec is not None and rec.stage_points(stage) is not None

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
        twin.disputes = list(self.disputes)
        twin.joins = {s: list(js) for s, js in self.joins.items()}
        twin.decks = {k: DeckRecord(r.index, dict(r.stages), dict(r.stage_seat), dict(r.boxes), dict(r.clear),
                                    dict(r.sealed), dict(r.reveals)) for k, r in self.decks.items()}
        return twin

    def accept(self, m: wire.Message, fresh: bool = False) -> None:
        """Apply a message whose signature and order were checked; Refused (naming its sender) when
        its content contradicts the table. ``fresh``: a message just received, whose points are
        checked to lie on the curve (stored messages were checked when they arrived)."""
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
            except curve.BadPoint:
                raise Refused(s, "the join's key is not a valid key", "protocol") from None
            self.joins.setdefault(s, []).append(m)
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
        elif isinstance(item, wire.Pass):
            rec = self.record(item.deck)
            points = rec.stages.get(item.stage)
            if points is None:
                points = rec.stages[item.stage] = [None] * item.total
                rec.stage_seat[item.stage] = s
            if rec.stage_seat[item.stage] != s or len(points) != item.total:
                raise Refused(s, f"a pass of deck {item.deck + 1} does not match its other parts", "shuffle")
            for i, x in enumerate(item.points):
                if points[item.offset + i] is not None:
                    raise Refused(s, f"a pass of deck {item.deck + 1} sends a card twice", "shuffle")
                if self._fresh and curve.lift_x(x) is None:
                    raise Refused(s, f"a pass of deck {item.deck + 1} holds a point that is not on the curve", "shuffle")
                points[item.offset + i] = x
        elif isinstance(item, wire.Box):
            rec = self.record(item.deck)
            if s in rec.boxes or curve.lift_x(item.x) is None:
                raise Refused(s, f"a second or invalid sealing key for deck {item.deck + 1}", "lock")
            rec.boxes[s] = item.x
        elif isinstance(item, wire.Shares):
            rec = self.record(item.deck)
            for slot, owner, recipient, value in item.entries:
                if recipient == wire.CLEAR:
                    k = int.from_bytes(value, "big")
                    if not 0 < k < curve.N:
                        raise Refused(s, "a lock is not a valid scalar", "lock")
                    old = rec.clear.get((slot, owner))
                    if old is not None and old[0] != value:
                        raise Refused(s, f"two different locks for card {slot + 1} of deck {item.deck + 1}", "lock")
                    if old is None:
                        rec.clear[(slot, owner)] = (value, s)
                else:
                    if owner != s or recipient == s:
                        raise Refused(s, "a sealed lock can only be its owner's, sent to another seat", "lock")
                    key = (slot, owner, recipient)
                    if key in rec.sealed and rec.sealed[key] != value:
                        raise Refused(s, "two different sealed locks for one card", "lock")
                    rec.sealed[key] = value
        elif isinstance(item, wire.Reveal):
            rec = self.record(item.deck)
            if s in rec.reveals:
                raise Refused(s, f"a second secret for deck {item.deck + 1}", "secret")
            rec.reveals[s] = item.seed
        elif isinstance(item, wire.Dispute):
            self.disputes.append((item.deck, item.slot, s))
        else:
            raise Refused(s, "an item that belongs in no table message", "protocol")
