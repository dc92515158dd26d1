"""One player's page at a remote table: its stored state (JSON text the page keeps under the table's
id) and everything done to it - create a table, take a seat, open a message, make a move - each
returning what the page shows and the messages it has to post.

The state holds the player's master secret (its signing key, beacon nonce and every deck seed come
from it; it never leaves the page), the messages applied so far (links, the invitation first), the
ones waiting for an earlier message, the cards this player has opened, and what is not yet sent
(a *draft*: its shuffle passes and moves while it is still its turn). Everything else - the game,
whose turn it is, who owes whom which lock - is replayed from the messages on every call.

A page writes a message when it owes something (a pass, locks, its seed at a deal's end) and cannot
move itself; when it can move, what it owes waits and goes out with its move.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import os
import time
from collections import Counter
from typing import Any

from ..cards import CODES, HIDDEN, IDS, Rng
from ..engine import Game, IllegalMove
from ..games import game_class
from . import beacon, curve, deck as deck_mod, schnorr, wire
from .deck import CardPoints, DeckKeys
from .ledger import Ledger
from .sim import Facts, Refused, Replay, Split, card_spots, masked_seats
from .verify import Culprit, deck_truth

FORMAT = "pygames-remote-table"
VERSION = 1
MAX_HELD = 200
MAX_LOG = 20_000
_MEMORY: dict[bytes, dict[str, Any]] = {}   # per table id: pins, marker count, sealing secrets (derived data)
PASS_TIMES: list[tuple[int, float]] = []     # (cards, seconds) of every shuffle pass this process made


class BadState(ValueError):
    """A stored table that cannot be read (damaged or not a remote table)."""


class Stopped(ValueError):
    """The table has stopped (a cheat was caught, or the copies could not agree)."""


class Said(str):
    """An English sentence the page may say in its own language: its text, with the message key of
    ``Game.TEXTS`` it was made from and the key's fields (``message``: ``{"key": ..., **params}``)."""

    message: dict[str, Any]

    def __new__(cls, key: str, **params: Any) -> "Said":
        return cls.of(Game.TEXTS[key].format(**params), {"key": key, **params})

    @classmethod
    def of(cls, text: str, message: dict[str, Any]) -> "Said":
        """``text`` as said, with the message the page says in its own language."""
        said = str.__new__(cls, text)
        said.message = message
        return said


def _mac(key: bytes, label: bytes, data: bytes = b"") -> bytes:
    return hmac.new(key, label + data, hashlib.sha256).digest()


def _scalar(data: bytes) -> int:
    return int.from_bytes(data, "big") % (curve.N - 1) + 1


def _key(k: int, j: int) -> str:
    return f"{k}.{j}"


def _memory(table: bytes, invite: bytes, master: bytes) -> dict[str, Any]:
    """What a page keeps between calls for one table (derived, never stored): one per invitation and
    player, so simulated players in one process share nothing."""
    key = hashlib.sha256(master + invite).digest()
    mem = _MEMORY.get(key)
    if mem is None:
        if len(_MEMORY) > 32:
            _MEMORY.clear()
        mem = _MEMORY[key] = {"pins": {}, "markers": 0, "shared": {}, "points": CardPoints(table)}
    return mem


class Party:
    """A player's seat at a remote table (see the module docstring)."""

    def __init__(self, state: dict[str, Any]):
        self.state = state
        try:
            if state.get("format") != FORMAT or state.get("version") != VERSION:
                raise BadState("this is not a remote table this page can read")
            self.master = bytes.fromhex(state["secret"])
            if len(self.master) != 32:
                raise BadState("the table's secret is damaged")
            self.seat = state["seat"]
            links = state["log"]
            if not isinstance(links, list) or not links or len(links) > MAX_LOG:
                raise BadState("the table's messages are damaged")
            self.invite_msg = wire.decode(wire.link_bytes(links[0]))
            invite = self.invite_msg.items[0]
            if not isinstance(invite, wire.Invite):
                raise BadState("the table does not start with its invitation")
            self.invite = invite
            self.cls = game_class(invite.game)
            self.players = self.cls._check_players(invite.players)
            self.options = self.cls._check_options(invite.options)
            if type(self.seat) is not int or not 0 <= self.seat < self.players:
                raise BadState("the table's seat is damaged")
            self.table = self.invite_msg.table
            self.messages = [self.invite_msg] + [wire.decode(wire.link_bytes(x), self.players) for x in links[1:]]
            self.draft = wire.decode_items(bytes.fromhex(state["draft"]), self.players)
            for field in ("public", "mine", "truth", "held", "posted", "verified"):
                state[field]
        except (KeyError, TypeError, ValueError) as e:
            if isinstance(e, BadState):
                raise
            raise BadState(f"the stored table is damaged ({str(e)[:120]})") from None
        self.sign_key = _scalar(_mac(self.master, b"sign", self.table))
        self.nonce = _mac(self.master, b"beacon", self.table)
        self.mem = _memory(self.table, self.invite_msg.digest, self.master)
        self.points: CardPoints = self.mem["points"]
        self.ledger: Ledger
        self.replay: Replay = None  # type: ignore[assignment]
        self._base: Ledger | None = None
        self._truths: dict = {}
        self._replayed: tuple | None = None   # (inputs, checkpoint) of self.replay: see _replay_inputs
        self._compute()

    # ---- creating and storing --------------------------------------------------------------------
    @classmethod
    def create(cls, game: str, players: int | None, options: dict | None, names: list, seat: int,
               master: bytes | None = None, table: bytes | None = None) -> "Party":
        """A new table hosted from ``seat``: its invitation is the first message to post."""
        klass = game_class(game)
        players = klass._check_players(players)
        options = klass._check_options(options)
        if not isinstance(names, list) or len(names) != players:
            raise ValueError(f"give a name for each of the {players} seats")
        names = [wire.check_name(n) for n in names]
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}")
        master = master or os.urandom(32)
        table = table or os.urandom(wire.TABLE_ID_BYTES)
        sign_key = _scalar(_mac(master, b"sign", table))
        nonce = _mac(master, b"beacon", table)
        invite = wire.Invite(game, players, options, names, schnorr.public_key(sign_key), beacon.commitment(nonce))
        msg = wire.encode(table, seat, 0, [], [invite], sign_key, _mac(master, b"aux", b"invite"))
        return cls(cls._fresh(master, seat, [msg.link()]))

    @classmethod
    def join(cls, invite_link: str, seat: int, master: bytes | None = None) -> "Party":
        """Take ``seat`` at the table of an invitation: the join message is the first to post."""
        msg = wire.decode(wire.link_bytes(invite_link))
        invite = msg.items[0] if msg.items else None
        if not isinstance(invite, wire.Invite):
            raise wire.BadMessage("this link is not an invitation")
        game_class(invite.game)
        if type(seat) is not int or not 0 <= seat < invite.players:
            raise ValueError(f"seat must be 0..{invite.players - 1}")
        if seat == msg.seat:
            raise ValueError("that seat is the host's")
        master = master or os.urandom(32)
        sign_key = _scalar(_mac(master, b"sign", msg.table))
        nonce = _mac(master, b"beacon", msg.table)
        acks = [1 if t == msg.seat else 0 for t in range(invite.players)]
        join = wire.encode(msg.table, seat, 0, acks, [wire.Join(schnorr.public_key(sign_key), nonce)],
                           sign_key, _mac(master, b"aux", b"join"))
        return cls(cls._fresh(master, seat, [msg.link(), join.link()]))

    @staticmethod
    def _fresh(master: bytes, seat: int, log: list[str]) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "seat": seat, "secret": master.hex(), "log": log,
                "held": [], "draft": wire.encode_items([]).hex(), "public": {}, "mine": {}, "truth": {},
                "bad": [], "verified": 0, "posted": 0, "stopped": None}

    @classmethod
    def load(cls, text: object) -> "Party":
        if not isinstance(text, str) or len(text) > 20_000_000:
            raise BadState("the stored table is not text")
        try:
            state = json.loads(text)
        except (ValueError, RecursionError):
            raise BadState("the stored table is not JSON") from None
        if not isinstance(state, dict):
            raise BadState("the stored table is not an object")
        return cls(state)

    def dump(self) -> str:
        self.state["draft"] = wire.encode_items(self.draft).hex()
        return json.dumps(self.state, separators=(",", ":"))

    @property
    def table_id(self) -> str:
        import base64
        return base64.urlsafe_b64encode(self.table).decode().rstrip("=")

    @property
    def names(self) -> list[str]:
        return list(self.invite.names)

    # ---- the ledger and the replay ---------------------------------------------------------------
    def _build_ledger(self) -> Ledger:
        """The ledger of the applied messages (kept and extended), with the draft on a copy."""
        if self._base is None:
            base = Ledger(self.invite_msg)
            for m in self.messages[1:]:
                base.accept(m)
            self._base = base
        if not self.draft:
            return self._base
        ledger = self._base.copy()
        if ledger.start is None and not any(isinstance(i, wire.Start) for i in self.draft):
            raise BadState("a draft before the table started")
        for item in self.draft:
            ledger._item(self.seat, item)
        return ledger

    def _truth(self, k: int) -> list[int] | None:
        cache = self._truths
        if cache.get("n") != len(self.state["truth"]):
            cache.clear()
            cache.update({int(key): v for key, v in self.state["truth"].items()})
            cache["n"] = len(self.state["truth"])
        return cache.get(k)

    def _facts(self, ledger: Ledger) -> Facts:
        n = self.players
        final = 2 * n - 2

        def positioned(k: int) -> bool:
            return ledger.stage_done(k, n - 1)

        public = {tuple(map(int, key.split("."))): v for key, v in self.state["public"].items() if v >= 0}
        mine = {tuple(map(int, key.split("."))): v for key, v in self.state["mine"].items() if v >= 0}
        for item in self.draft:      # cards this page's unsent moves show everyone: public once sent
            if isinstance(item, wire.Move):
                for _p, k, j, mask in item.slots:
                    if not mask and (k, j) in mine:
                        public[(k, j)] = mine[(k, j)]
        del final
        verified = self.state["verified"]
        cp = self.mem.get("checkpoint")
        if cp is not None and cp.verified > verified:
            cp = None
        return Facts(players=n, host=ledger.host, beacon=ledger.beacon(), moves=list(ledger.moves),
                     positioned=positioned, truth=self._truth, public=public, mine=mine,  # type: ignore[arg-type]
                     pins=self.mem["pins"], markers=self.mem["markers"], seat=self.seat,
                     drafted=len(ledger.moves) - sum(isinstance(i, wire.Move) for i in self.draft),
                     checkpoint=cp, keep=verified, masks_ok=self.mem.setdefault("masks_ok", set()),
                     step_cache=self.mem.setdefault("steps", {}),
                     committed=len(self._base.moves) if self._base is not None else 0)

    def _compute(self) -> None:
        """Rebuild the ledger and replay the game until the cards opened and the decks verified stop
        changing; Refused or Split when the messages do not hold together."""
        for _ in range(64):
            ledger = self._build_ledger()
            self.ledger = ledger
            if getattr(self, "replay", None) is not None:
                self._decrypt()          # cards the new messages open, before the replay relies on them
            facts = self._facts(ledger)
            inputs = self._replay_inputs(facts, ledger)
            if self.replay is not None and self._replayed is not None and self._replayed[0] == inputs:
                replay = self.replay      # the same inputs replay to the same result: nothing to redo
            else:
                replay = Replay(self.cls, self.options, facts).run()
                # after the run: the pins and marker runs it added are read back from self.mem next time
                self._replayed = (self._replay_inputs(facts, ledger), facts.checkpoint)
            self.mem["markers"] = facts.markers
            if replay.checkpoint is not None:
                self.mem["checkpoint"] = replay.checkpoint
            self.replay = replay
            self._check()
            changed = self._decrypt()
            changed = self._verify_deals() or changed
            if not changed:
                return
        raise Split("the table's state did not settle")

    def _replay_inputs(self, facts: Facts, ledger: Ledger) -> tuple:
        """Everything a replay reads (a replay is a function of its facts, the game and its options),
        as a value: moves compared by content, the checkpoint by identity (``_replayed`` holds it, so
        its id is not reused). A message that changes none of it - one this page signed from its own
        draft, say - needs no replay. ``masks_ok`` and ``step_cache`` only save work, so are left out."""
        return (facts.players, facts.host, facts.beacon, tuple(facts.moves),
                tuple(k for k in sorted(ledger.decks) if facts.positioned(k)),
                tuple(sorted((int(k), tuple(v)) for k, v in self.state["truth"].items())),
                tuple(sorted(facts.public.items())), tuple(sorted(facts.mine.items())),
                tuple(sorted((slot, pin[0], tuple(sorted(pin[1]))) for slot, pin in facts.pins.items())),
                facts.markers, facts.seat, facts.drafted, facts.committed, facts.keep, id(facts.checkpoint))

    # ---- checks that need the replay --------------------------------------------------------------
    def _check(self) -> None:
        ledger, replay = self.ledger, self.replay
        n = self.players
        everyone = (1 << n) - 1
        ended = {k for d in range(len(replay.deal_end_steps)) for k in replay.deal_decks[d]}
        disputed = {k for k, _, _ in ledger.disputes}
        for k, rec in ledger.decks.items():
            call = replay.calls.get(k)
            if rec.stages and call is None:
                raise Refused(min(rec.stage_seat.values()), f"a pass for deck {k + 1}, which is not being shuffled", "shuffle")
            if call is not None:
                seats = deck_mod.stage_seats(replay.pass_order(k))
                for stage, seat in rec.stage_seat.items():
                    if stage >= len(seats) or seats[stage] != seat:
                        raise Refused(seat, f"a pass of deck {k + 1} out of turn", "shuffle")
                    if len(rec.stages[stage]) != len(call.items):
                        raise Refused(seat, f"a pass of deck {k + 1} with the wrong number of cards", "shuffle")
                    if stage and not ledger.stage_done(k, stage - 1):
                        raise Refused(seat, f"a pass of deck {k + 1} before the one it builds on", "shuffle")
            if (rec.clear or rec.sealed) and not ledger.stage_done(k, n - 1):
                who = next(iter(rec.clear.values()))[1] if rec.clear else next(iter(rec.sealed))[1]
                raise Refused(who, f"locks for deck {k + 1} before its cards were in place", "lock")
            if self._truth(k) is None:
                for (slot, owner), (_v, publisher) in rec.clear.items():
                    bits = replay.entitled.get((k, slot), 0)
                    if bits != everyone and not bits >> publisher & 1 and owner != publisher:
                        raise Refused(publisher, "it published the lock of a card it may not see", "lock")
                for (slot, owner, recipient) in rec.sealed:
                    if not replay.entitled.get((k, slot), 0) >> recipient & 1:
                        raise Refused(owner, "it sent a lock to a seat that may not see that card", "lock")
            for seat in rec.reveals:
                if k not in ended and k not in disputed:
                    raise Refused(seat, f"it revealed its secret for deck {k + 1} before the deal was over", "secret")
        for k, slot, seat in ledger.disputes:
            if not (replay.entitled.get((k, slot), 0) >> seat & 1):
                raise Refused(seat, "it disputed a card it may not see", "dispute")
        drafted = len(ledger.moves) - sum(isinstance(i, wire.Move) for i in self.draft)
        public = self.state["public"]
        for m, (seat, item) in enumerate(ledger.moves):
            if not replay.steps[m].settled:
                raise Refused(seat, f"move {m + 1} came before the table was ready for it", "move_rules")
            if m >= drafted:
                continue
            spots = None
            for p, k, j, mask in item.slots:
                if mask:
                    continue
                truth = self._truth(k)
                value = truth[j] if truth is not None else public.get(_key(k, j))
                if value is None or value < 0:
                    raise Refused(seat, f"move {m + 1} names a card it does not open to everyone", "move_card")
                spots = spots or card_spots(item.move)
                container, key = spots[p]
                if container[key] != CODES[value]:
                    raise Refused(seat, f"move {m + 1} names {container[key]}, but the card it plays is {CODES[value]}", "move_card")

    # ---- opening cards -----------------------------------------------------------------------------
    def _shared(self, k: int, other: int) -> int | None:
        box = self.ledger.decks[k].boxes.get(other)
        if box is None:
            return None
        key = (k, other, self.seat)
        found = self.mem["shared"].get(key)
        if found is None:
            found = self.mem["shared"][key] = deck_mod.shared_x(self._keys(k).box, box)
        return found

    def _keys(self, k: int) -> DeckKeys:
        cache = self.mem.setdefault("keys", {})
        found = cache.get((self.master, k))
        if found is None:
            found = cache[(self.master, k)] = DeckKeys(deck_mod.deck_seed(self.master, self.table, k))
        return found

    def _lock_of(self, k: int, slot: int, owner: int) -> int | None:
        """A lock this player knows: its own, one in clear, or one sealed to it."""
        rec = self.ledger.decks.get(k)
        if owner == self.seat:
            return self._keys(k).lock(slot)
        if rec is None:
            return None
        clear = rec.clear.get((slot, owner))
        if clear is not None:
            return int.from_bytes(clear[0], "big")
        sealed = rec.sealed.get((slot, owner, self.seat))
        if sealed is None:
            return None
        shared = self._shared(k, owner)
        if shared is None:
            return None
        pad = deck_mod.seal_pad(shared, self.table, k, slot, owner, self.seat)
        value = int.from_bytes(deck_mod.xor32(sealed, pad), "big")
        return value if 0 < value < curve.N else 0

    def _decrypt(self) -> bool:
        """Open every slot whose locks have all arrived: to everyone (all in clear) or to this player.
        A slot that opens to no card is noted (``bad``) and disputed."""
        changed = False
        n = self.players
        public, mine, bad = self.state["public"], self.state["mine"], self.state["bad"]
        owners = [s for s in range(n) if s != self.seat] + [self.seat]
        for k, call in self.replay.calls.items():
            rec = self.ledger.decks.get(k)
            if rec is None:
                continue
            final = rec.stage_points(2 * n - 2)
            if final is None or self._truth(k) is not None:
                continue
            for j, x in enumerate(final):
                key = _key(k, j)
                if key in public or key in bad:
                    continue
                clear = [rec.clear.get((j, s)) for s in range(n)]
                opened = [c for c in clear if c is not None]
                if len(opened) == n:
                    locks = [int.from_bytes(c[0], "big") for c in opened]
                    value = self.points.card(deck_mod.open_slot(x, locks), call.items)
                    if value is None:
                        bad.append(key)
                    else:
                        public[key] = value
                        mine.pop(key, None)
                    changed = True
                    continue
                if key in mine:
                    continue
                own_locks = []
                for s in owners:          # the others' locks first: most slots stop at a missing one
                    lock = self._lock_of(k, j, s)
                    if lock is None:
                        break
                    own_locks.append(lock)
                if len(own_locks) < n:
                    continue
                value = None
                if all(own_locks):
                    value = self.points.card(deck_mod.open_slot(x, own_locks), call.items)
                if value is None:
                    bad.append(key)
                else:
                    mine[key] = value
                changed = True
        return changed

    # ---- the end of a deal -------------------------------------------------------------------------
    def _verify_deals(self) -> bool:
        """Verify every finished deal whose decks all players have revealed: the true cards, every
        share, every move against the rules. A culprit stops the table."""
        replay, ledger = self.replay, self.ledger
        changed = False
        for k, slot, seat in ledger.disputes:
            rec = ledger.decks[k]
            if len(rec.reveals) == self.players and self._truth(k) is None and not self.state["stopped"]:
                try:
                    deck_truth(rec, replay.calls[k].items, replay.pass_order(k), self.points, self.table,
                               self.players, full=True)
                except Culprit as c:
                    self._stop(c.seat, f"{self.names[c.seat]}: {c}", c.kind)
                    return False
                self._stop(seat, f"{self.names[seat]} disputed card {slot + 1} of deck {k + 1}, which is sound", "dispute")
                return False
        d = self.state["verified"]
        while d < len(replay.deal_end_steps) and not self.state["stopped"]:
            decks = replay.deal_decks[d]
            if any(len(ledger.decks[k].reveals if k in ledger.decks else ()) < self.players for k in decks):
                break
            truths = {}
            try:
                for k in decks:
                    truths[k] = deck_truth(ledger.decks[k], replay.calls[k].items, replay.pass_order(k),
                                           self.points, self.table, self.players)
                self._check_moves(d, truths)
            except Culprit as c:
                self._stop(c.seat, f"{self.names[c.seat]}: {c}", c.kind)
                return False
            for k, values in truths.items():
                self.state["truth"][str(k)] = values
                for j in range(len(values)):
                    self.state["public"].pop(_key(k, j), None)
                    self.state["mine"].pop(_key(k, j), None)
            d += 1
            self.state["verified"] = d
            changed = True
        return changed

    def _check_moves(self, d: int, truths: dict[int, list[int]]) -> None:
        """Replay deal ``d`` with its true cards: every move must be legal for its mover, every card
        it named must be the card in the slot it named, every card it hid hidden from the seats it
        said. Culprit names the first mover who broke that."""
        replay = self.replay
        first = 0 if d == 0 else replay.deal_end_steps[d - 1]
        last = replay.deal_end_steps[d]

        class Truth:
            def __init__(self) -> None:
                self.deck = 0
                self.draw = 0

            def shuffle(self_, items: list) -> list:
                k = self_.deck
                self_.deck += 1
                known = truths.get(k) or self._truth(k)
                if known is not None:
                    items[:] = known
                return items

            def face_up(self_, items: list, k: int) -> list:
                i = self_.draw
                self_.draw += 1
                return beacon.Stream(self.ledger.beacon(), i).shuffle(list(items))[:k]  # type: ignore[arg-type]

            def below(self_, n: int) -> int:
                i = self_.draw
                self_.draw += 1
                return beacon.Stream(self.ledger.beacon(), i).below(n)  # type: ignore[arg-type]

            def copy(self_) -> "Truth":
                raise NotImplementedError

        cp = self.mem.get("checkpoint")
        if d > 0 and cp is not None and cp.verified == d:
            chance = Truth()
            chance.deck, chance.draw = cp.deck, cp.draw
            game = cp.game.clone(history=True)
            game.chance = chance
            begin = cp.step - 1
        else:
            game = self.cls(players=self.players, options=self.options, seed=0, chance=Truth())
            game._zones()
            begin = 0
        n = self.players
        for m in range(begin, last):
            seat, item = self.ledger.moves[m]
            move = json.loads(json.dumps(item.move))
            spots = card_spots(move)
            for p, k, j, mask in item.slots:
                container, key = spots[p]
                true = (truths.get(k) or self._truth(k))[j]  # type: ignore[index]
                if not mask and container[key] != CODES[true]:
                    raise Culprit(seat, f"move {m + 1} named {container[key]} but played {CODES[true]}", "move_card")
                container[key] = CODES[true]
            if m + 1 > first:
                if game.current_player != seat:
                    raise Culprit(seat, f"move {m + 1} was played out of turn", "move_rules")
                try:
                    game.play(move)
                except IllegalMove as e:
                    raise Culprit(seat, f"move {m + 1} ({_short(move)}) breaks the rules: {e}", "move_rules") from None
                for p, k, j, mask in item.slots:
                    if mask and masked_seats(game, p, n, seat) != mask:
                        raise Culprit(seat, f"move {m + 1} hid a card from the wrong seats", "move_hides")
            else:
                game.play_unchecked(game.move_to_action(move))
            game._zones()

    def _stop(self, seat: int | None, text: str, kind: str) -> None:
        """Stop the table, naming ``seat`` (None: nobody can be named). ``text`` says exactly what in
        English (the command line, the record); ``message`` says which kind of breach in words the
        page translates (``remote.why.<kind>``, with the move's number where a move broke it)."""
        if not self.state["stopped"]:
            message: dict[str, Any] = {"key": f"remote.why.{kind}", "name": "" if seat is None else self.names[seat]}
            number = re.match(r"(?:\S+: )?move (\d+)", text)
            if kind.startswith("move_") and number:
                message["n"] = int(number.group(1))
            self.state["stopped"] = {"seat": seat, "text": text, "message": message}

    def _stopped(self) -> "Said":
        """Why the table stopped, as a ``Said`` (stored tables from before the message: its text)."""
        stopped = self.state["stopped"]
        return Said.of(stopped["text"], stopped.get("message") or {"key": "remote.outcome.text", "text": stopped["text"]})

    # ---- what this player owes ---------------------------------------------------------------------
    def _owed(self, compute_passes: bool = True) -> list:
        """Items this player owes the table now (START, seeds, passes, locks, disputes)."""
        ledger, replay = self.ledger, self.replay
        me, n = self.seat, self.players
        items: list = []
        if me == ledger.host and ledger.start is None:
            if all(s == me or ledger.joins.get(s) for s in range(n)):
                digests = [bytes(32) if s == me else ledger.joins[s][0].digest for s in range(n)]
                items.append(wire.Start(self.nonce, digests))
            return items
        if ledger.start is None:
            return items
        reveal = set()
        for d in range(len(replay.deal_end_steps)):
            reveal.update(replay.deal_decks[d])
        bad_decks = set()
        for key in self.state["bad"]:
            k, j = map(int, key.split("."))
            bad_decks.add(k)
            if not any(dk == k and dj == j and ds == me for dk, dj, ds in ledger.disputes):
                items.append(wire.Dispute(k, j))
        reveal.update(k for k, _, _ in ledger.disputes)
        reveal.update(bad_decks)
        for k in sorted(reveal):
            rec = ledger.decks.get(k)
            if rec is None or me not in rec.reveals:
                items.append(wire.Reveal(k, deck_mod.deck_seed(self.master, self.table, k)))
        for k in sorted(replay.calls):
            if self._truth(k) is not None:
                continue
            seats = deck_mod.stage_seats(replay.pass_order(k))
            kinds = deck_mod.stage_kinds(n)
            stage = next((i for i in range(len(seats)) if not ledger.stage_done(k, i)), None)
            if stage is None or seats[stage] != me or k in ledger.decks and stage in ledger.decks[k].stages:
                continue
            if stage and not ledger.stage_done(k, stage - 1):
                continue
            if not compute_passes:
                items.append(wire.Pass(k, stage, 0, 0, []))
                continue
            call = replay.calls[k]
            keys = self._keys(k)
            xs = ([self.points.x(c) for c in call.items] if stage == 0
                  else ledger.decks[k].stage_points(stage - 1))
            began = time.perf_counter()
            out = deck_mod.run_pass(kinds[stage], xs, keys)  # type: ignore[arg-type]
            PASS_TIMES.append((len(out), time.perf_counter() - began))
            if stage < n:
                items.append(wire.Box(k, keys.box_public()))
            items.append(wire.Pass(k, stage, len(out), 0, out))
        everyone = (1 << n) - 1
        shares: dict[int, list] = {}
        if self._must_show():
            for key in sorted(self.state["mine"]):
                k, j = map(int, key.split("."))
                rec = ledger.decks.get(k)
                if rec is None or self._truth(k) is not None:
                    continue
                for owner in range(n):
                    lock = self._lock_of(k, j, owner)
                    if lock and (j, owner) not in rec.clear:
                        shares.setdefault(k, []).append((j, owner, wire.CLEAR, curve.scalar_bytes(lock)))
        for (k, j), bits in sorted(replay.entitled.items()):
            rec = ledger.decks.get(k)
            if self._truth(k) is not None or rec is None or not ledger.stage_done(k, n - 1):
                continue
            if bits == everyone:
                for owner in range(n):
                    if (j, owner) in rec.clear:
                        continue
                    lock = self._lock_of(k, j, owner)
                    if lock:
                        shares.setdefault(k, []).append((j, owner, wire.CLEAR, curve.scalar_bytes(lock)))
                continue
            for s in range(n):
                if s == me or not bits >> s & 1 or (j, me, s) in rec.sealed or (j, me) in rec.clear:
                    continue
                box = rec.boxes.get(s)
                if box is None:
                    continue
                shared = self.mem["shared"].get(("to", k, s))
                if shared is None:
                    shared = self.mem["shared"][("to", k, s)] = deck_mod.shared_x(self._keys(k).box, box)
                pad = deck_mod.seal_pad(shared, self.table, k, j, me, s)
                shares.setdefault(k, []).append((j, me, s, deck_mod.xor32(curve.scalar_bytes(self._keys(k).lock(j)), pad)))
        for k, entries in sorted(shares.items()):
            items.append(wire.Shares(k, entries))
        return items

    def _due(self, k: int, entry: tuple) -> int:
        """The step that made a share owed (so it travels with the move that caused it)."""
        return self.replay.entitled_at.get((k, entry[0]), 0)

    def _must_show(self) -> bool:
        """Whether this player must show the cards it knows: the next step's outcome depends on cards
        someone cannot see (the probe runs disagree), or its own cards decided something the other
        copies got otherwise. Rules that look at hidden hands (Spooneye: can anyone play?) are settled
        the way players at a table would settle them: by showing."""
        replay = self.replay
        if replay.own_split is not None:
            return True
        first = next((st for st in replay.steps if not st.settled), None)
        return first is not None and first.sensitive

    def able(self) -> bool:
        """Whether this player can move now: its turn, the table settled, every card it may see opened."""
        replay = self.replay
        if self.state["stopped"] or self.ledger.disputes or self.state["bad"]:
            return False
        last = replay.last
        if not last.settled or last.over or last.current != self.seat:
            return False
        return not self._unopened()

    def _unopened(self) -> list[tuple[int, int]]:
        """Slots this player may see but has not opened yet."""
        out = []
        for (k, j), bits in self.replay.entitled.items():
            if bits >> self.seat & 1 and self._truth(k) is None:
                key = _key(k, j)
                if key not in self.state["mine"] and key not in self.state["public"]:
                    out.append((k, j))
        return out

    # ---- writing messages -----------------------------------------------------------------------------
    def _advance(self) -> list[str]:
        """Do what this player owes: the start and its passes at once (they may let it move); then,
        unless it can move (what it owes then goes out with its move), send everything in messages.
        Returns the new links."""
        new: list[str] = []
        for _ in range(16):
            if self.state["stopped"]:
                return new
            owed = self._owed(compute_passes=False)
            start = [i for i in owed if isinstance(i, wire.Start)]
            if start:
                self.draft += start
                self._compute()
                continue
            if any(isinstance(i, wire.Pass) for i in owed):
                self.draft += [i for i in self._owed() if isinstance(i, (wire.Pass, wire.Box))]
                self._compute()
                continue
            if self.able() or (not owed and not self.draft):
                return new
            new += self._finalize()
            return new
        return new

    def _finalize(self) -> list[str]:
        """Sign the draft and everything owed into messages (each within its size limit)."""
        owed = self._owed(compute_passes=False)
        items: list[wire.Item] = [i for i in self.draft if isinstance(i, (wire.Start, wire.Box, wire.Pass))]
        items += [i for i in owed if isinstance(i, (wire.Reveal, wire.Dispute))]
        moves = [i for i in self.draft if isinstance(i, wire.Move)]
        shares = [(self._due(i.deck, e), i.deck, e) for i in owed if isinstance(i, wire.Shares) for e in i.entries]
        groups = _pack(items, shares, moves)
        self.draft = []
        links = []
        for group in groups:
            seq = self._base.count[self.seat]  # type: ignore[union-attr]
            acks = list(self._base.count)  # type: ignore[union-attr]
            aux = _mac(self.master, b"aux", seq.to_bytes(4, "big"))
            msg = wire.encode(self.table, self.seat, seq, acks, group, self.sign_key, aux)
            self.messages.append(msg)
            self.state["log"].append(msg.link())
            links.append(msg.link())
            self._base.accept(msg)  # type: ignore[union-attr]
        self._compute()
        return links

    # ---- the operations ------------------------------------------------------------------------------
    def open(self, link: str) -> dict[str, Any]:
        """Open a link posted at the table: apply it (and any messages that were waiting for it)."""
        msg = wire.decode(wire.link_bytes(link), self.players)
        if msg.items and isinstance(msg.items[0], wire.Invite):
            if msg.table == self.table:
                return self._result("already", Said("remote.outcome.own_invitation"))
            return self._result("other", Said("remote.outcome.other_invitation"))
        if msg.table != self.table:
            return self._result("other", Said("remote.outcome.other_table"))
        outcome = self._receive(msg)
        if outcome[0] == "applied":
            new: list[str] = []
            for _ in range(MAX_HELD + 1):
                while self._apply_held():
                    pass
                added = self._advance()
                new += added
                if not added or not self.state["held"]:
                    break
            return self._result("applied", outcome[1], new)
        return self._result(*outcome)

    def _receive(self, msg: wire.Message) -> tuple[str, str]:
        ledger = self.ledger
        s = msg.seat
        name = self.names[s]
        join = msg.items and isinstance(msg.items[0], wire.Join)
        if join:
            key = msg.items[0].key
            if ledger.start is not None:
                if ledger.digests.get((s, 0)) == msg.digest:
                    return "already", Said("remote.outcome.join_already", name=name)
                return "refused", Said("remote.outcome.seat_taken", name=name)
            if any(j.digest == msg.digest for j in ledger.joins.get(s, [])):
                return "already", Said("remote.outcome.join_already", name=name)
        else:
            key = ledger.keys[s]
            if msg.seq < ledger.count[s]:
                if ledger.digests.get((s, msg.seq)) == msg.digest:
                    return "already", Said("remote.outcome.already", n=msg.seq + 1, name=name)
                if key is not None and wire.verify(msg, key):
                    self._stop(s, f"{name} signed two different messages numbered {msg.seq}", "signed_twice")
                    return "cheat", self._stopped()
                return "refused", Said("remote.outcome.not_signed", name=name)
        if key is None or not wire.verify(msg, key):
            return "refused", Said("remote.outcome.forged", name=name)
        if self.state["stopped"]:
            return "stopped", self._stopped()
        waiting = None if join else ledger.waiting_reason(msg)
        if waiting is None and not join:
            start = next((i for i in msg.items if isinstance(i, wire.Start)), None)
            if start is not None:
                for seat, digest in enumerate(start.joins):
                    if seat != ledger.host and not any(j.digest == digest for j in ledger.joins.get(seat, [])):
                        waiting = (seat, 0)
        if waiting is not None:
            link = msg.link()
            if link not in self.state["held"]:
                if len(self.state["held"]) >= MAX_HELD:
                    return "refused", Said("remote.outcome.too_many_held")
                self.state["held"].append(link)
            t, seq = waiting
            if seq == 0 and t != ledger.host:
                return "held", Said("remote.outcome.wait_join", name=self.names[t])
            return "held", Said("remote.outcome.wait_message", n=seq + 1, name=self.names[t])
        return self._apply(msg)

    def _apply(self, msg: wire.Message) -> tuple[str, str]:
        saved = (json.dumps(self.state), list(self.messages), list(self.draft))
        self.messages.append(msg)
        self.state["log"].append(msg.link())
        try:
            if self._base is None:
                self._build_ledger()
            self._base.accept(msg, fresh=True)  # type: ignore[union-attr]
            self._compute()
        except (Refused, Split, Culprit) as e:
            state, self.messages, self.draft = saved
            self.state.clear()
            self.state.update(json.loads(state))
            self._base = None
            self._compute()
            seat = getattr(e, "seat", None)
            if isinstance(e, Refused) and seat is not None:
                self._stop(seat, f"{self.names[seat]}: {e}", e.kind)
                return "cheat", self._stopped()
            self._stop(None, f"the table cannot go on: {e}", "split")
            return "cheat", self._stopped()
        if self.state["stopped"]:
            return "cheat", self._stopped()
        return "applied", Said("remote.outcome.applied", n=msg.seq + 1, name=self.names[msg.seat])

    def _apply_held(self) -> bool:
        for link in list(self.state["held"]):
            msg = wire.decode(wire.link_bytes(link), self.players)
            outcome = self._receive(msg)
            if outcome[0] == "held":
                continue
            self.state["held"].remove(link)
            if outcome[0] in ("applied", "cheat", "stopped"):
                return outcome[0] == "applied"
        return False

    def play(self, move: object) -> dict[str, Any]:
        """Make a move (a move dict as ``legal_moves`` lists it)."""
        if self.state["stopped"]:
            raise Stopped(self.state["stopped"]["text"])
        if not self.able():
            raise IllegalMove("engine.wrong_seat")
        game = self.replay.own.game  # type: ignore[union-attr]
        legal = game.find_legal(move)
        if legal is None:
            game.play(move)          # raises IllegalMove with the game's own reason
            raise IllegalMove("engine.not_a_move")
        return self._send_move(legal)

    def _send_move(self, move: dict, legal: bool = True) -> dict[str, Any]:
        item = self._declare(move, legal)
        self.draft.append(item)
        try:
            self._compute()
        except (Refused, Split) as e:
            self.draft.pop()
            self._compute()
            raise IllegalMove("remote.cannot_send", {"reason": str(e)[:200]}) from None
        new = self._advance()
        return self._result("moved", Said("remote.outcome.moved"), new)

    def _declare(self, move: dict, legal: bool = True) -> wire.Move:
        """The message form of this player's move: every card it takes from a deck slot named by
        that slot, a card some seat may not see replaced by "??" with the seats it is hidden from."""
        replay = self.replay
        own = replay.own.game.clone(history=True)  # type: ignore[union-attr]
        own.chance = Rng(0)          # a deal this move ends is followed by stand-in cards, never read
        before = {z: Counter(c) for z, c in own._zones().items()}
        if legal:
            own.play(move)
        else:
            own.play_unchecked(own.move_to_action(move))
        after = {z: Counter(c) for z, c in own._zones().items()}
        left = {z: before[z] - after.get(z, Counter()) for z in before}
        known = {**{tuple(map(int, k.split("."))): v for k, v in self.state["public"].items() if v >= 0},
                 **{tuple(map(int, k.split("."))): v for k, v in self.state["mine"].items() if v >= 0}}
        where = replay.steps[replay.shown_step].where
        by_value: dict[int, list[tuple[int, int]]] = {}
        for slot, (zone, _) in sorted(where.items()):
            v = known.get(slot)
            if v is not None and replay.entitled.get(slot, 0) >> self.seat & 1:
                by_value.setdefault(v, []).append(slot)
        public_move = json.loads(json.dumps(move))
        spots = card_spots(public_move)
        slots, used = [], set()
        for p, (container, key) in enumerate(spots):
            code = container[key]
            if code == HIDDEN:
                continue
            choices = [s for s in by_value.get(IDS[code], []) if s not in used]
            if not choices:
                continue
            departing = [s for s in choices if left.get(where[s][0], Counter())[code] > 0]
            slot = (departing or choices)[0]
            used.add(slot)
            mask = masked_seats(own, p, self.players, self.seat)
            if mask:
                container[key] = HIDDEN
            slots.append((p, slot[0], slot[1], mask))
        return wire.Move(len(self.ledger.moves), public_move, slots)

    # ---- what the page shows ---------------------------------------------------------------------------
    def view(self) -> dict[str, Any] | None:
        """This player's view of the game (``Game.view(seat)``'s shape), cards it may see but has not
        opened yet shown as "??"; legal moves only when it can move. None before the game begins."""
        replay = self.replay
        if not replay.steps or not replay.steps[0].displayable or replay.own_shown is None:
            return None
        game = replay.own_shown
        v = game.view(self.seat)
        step = replay.steps[replay.shown_step]
        for (k, j), (zone, place) in step.where.items():
            if self._truth(k) is not None:
                continue
            key = _key(k, j)
            if key in self.state["mine"] or key in self.state["public"]:
                continue
            cards = v["zones"].get(zone)
            if not cards:
                continue
            label = CODES[replay.calls[k].labels[j]]
            hidden = game.hidden_positions(zone, len(cards), self.seat)
            if place is not None:
                if place < len(cards) and place not in hidden and cards[place] == label:
                    cards[place] = HIDDEN
            elif not hidden and label in cards:
                cards[cards.index(label)] = HIDDEN
        for entry in v["log"]:      # a drawn card may still be a stand-in here: the log says only "a card"
            for d in entry.get("drew", ()):
                d["cards"] = [HIDDEN] * len(d["cards"])
        if not self.able():
            v["legal_moves"] = []
        return v

    def waiting(self) -> list[dict[str, Any]]:
        """What the table waits for: ``{"seat", "name", "for"}`` with "for" one of "join", "start",
        "move", "shuffle", "cards" (locks another seat needs), "reveal" (seeds at a deal's end)."""
        ledger, replay = self.ledger, self.replay
        n = self.players
        out = []
        if ledger.start is None:
            for s in range(n):
                if s != ledger.host and not ledger.joins.get(s):
                    out.append({"seat": s, "name": self.names[s], "for": "join"})
            if not out:
                out.append({"seat": ledger.host, "name": self.names[ledger.host], "for": "start"})
            return out
        everyone = (1 << n) - 1
        for s in range(n):
            what = None
            for d in range(len(replay.deal_end_steps)):
                if any(s not in ledger.decks.get(k, _EMPTY).reveals for k in replay.deal_decks[d]) \
                        and d >= self.state["verified"]:
                    what = "reveal"
            for k in replay.calls:
                if self._truth(k) is not None:
                    continue
                seats = deck_mod.stage_seats(replay.pass_order(k))
                stage = next((i for i in range(len(seats)) if not ledger.stage_done(k, i)), None)
                if stage is not None and seats[stage] == s:
                    what = what or "shuffle"
            if what is None:
                for (k, j), bits in replay.entitled.items():
                    rec = ledger.decks.get(k)
                    if rec is None or self._truth(k) is not None or not ledger.stage_done(k, n - 1):
                        continue
                    if bits == everyone:
                        if (j, s) not in rec.clear:
                            what = "cards"
                            break
                    elif any(bits >> t & 1 and t != s and (j, s, t) not in rec.sealed and (j, s) not in rec.clear
                             for t in range(n)):
                        what = "cards"
                        break
            if what:
                out.append({"seat": s, "name": self.names[s], "for": what})
        last = replay.last
        if not out and not last.over and last.settled and last.current is not None:
            out.append({"seat": last.current, "name": self.names[last.current], "for": "move"})
        return out

    def outbox(self) -> list[dict[str, Any]]:
        """This player's messages the page has not marked posted: ``{"seq", "link", "chars"}``."""
        out = []
        for m in self.messages:
            if m.seat == self.seat and m.seq >= self.state["posted"] and (m.seq or True):
                if m is self.invite_msg and self.seat != m.seat:
                    continue
                out.append({"seq": m.seq, "link": m.link(), "chars": len(m.link())})
        return out

    def mark_posted(self, upto: int) -> None:
        if type(upto) is not int or upto < 0:
            raise ValueError("posted is a message number")
        self.state["posted"] = max(self.state["posted"], min(upto, self.ledger.count[self.seat]))

    def summary(self) -> dict[str, Any]:
        replay = self.replay
        last = replay.last
        return {"table": self.table_id, "game": self.invite.game, "players": self.players,
                "options": self.options, "names": self.names, "seat": self.seat, "host": self.ledger.host,
                "started": self.ledger.start is not None, "over": bool(last.over and last.settled),
                "turn": last.current if last.settled else None, "can_move": self.able(),
                "waiting": self.waiting(), "verified_deals": self.state["verified"],
                "stopped": self.state["stopped"], "held": len(self.state["held"]),
                "messages": len(self.messages)}

    def _result(self, outcome: str, text: str, new: list[str] | None = None) -> dict[str, Any]:
        message = text.message if isinstance(text, Said) else {"key": "remote.outcome.text", "text": text}
        return {"outcome": outcome, "text": str(text), "message": message, "new": new or []}


class _Empty:
    reveals: dict = {}


_EMPTY = _Empty()


def _short(move: dict) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))[:120]


def _shares(entries: list[tuple[int, int, tuple]]) -> list[wire.Shares]:
    by_deck: dict[int, list] = {}
    for _, k, e in entries:
        by_deck.setdefault(k, []).append(e)
    return [wire.Shares(k, es) for k, es in sorted(by_deck.items())]


def _pack(items: list, shares: list[tuple[int, int, tuple]], moves: list[wire.Move]) -> list[list]:
    """Items in messages within the size limits: passes (with seeds, the start) in opening messages
    of up to 8,000 characters, a deck split by cards when it is longer; each move with the locks it
    makes owed (locks owed before it go first) in messages of up to 1,500 characters, or in the last
    opening message when they fit there."""
    groups: list[list] = []
    current: list = []
    for item in items:
        for part in _split_pass(item) if isinstance(item, wire.Pass) else [item]:
            if current and _size(current + [part]) > wire.OPENING_LIMIT:
                groups.append(current)
                current = []
            current.append(part)

    def limit(group: list) -> int:
        return wire.OPENING_LIMIT if any(isinstance(i, wire.Pass) for i in group) else wire.MOVE_LIMIT

    shares = sorted(shares, key=lambda t: (t[0], t[1], t[2][0], t[2][1], t[2][2]))
    first = moves[0].index + 1 if moves else 1 << 30
    early = [t for t in shares if t[0] < first]
    rest = [t for t in shares if t[0] >= first]
    for t in early:                   # locks owed before this page's moves, within the limits
        part = _shares([t])
        if current and _size(current + _shares([x for x in early if x is not t][:0]) + part) > limit(current):
            pass
        current_try = _merge(current, part)
        if current and _size(current_try) > limit(current):
            groups.append(current)
            current = part
        else:
            current = current_try
    for i, move in enumerate(moves):
        step = move.index + 1
        last = i == len(moves) - 1
        mine = [t for t in rest if t[0] <= step or last]
        rest = [t for t in rest if not (t[0] <= step or last)]
        trial = _merge(current, _shares(mine)) + [move]
        if current and _size(trial) > limit(current):
            groups.append(current)
            current = _shares(mine) + [move]
        else:
            current = trial
    if current:
        groups.append(current)
    return groups


def _merge(group: list, shares: list[wire.Shares]) -> list:
    """``group`` with more locks, added to its lock items of the same deck where there are some."""
    out = list(group)
    for item in shares:
        same = next((i for i, x in enumerate(out) if isinstance(x, wire.Shares) and x.deck == item.deck), None)
        if same is None:
            out.append(item)
        else:
            out[same] = wire.Shares(item.deck, out[same].entries + item.entries)
    return out


def _split_pass(item: wire.Pass) -> list[wire.Pass]:
    per = 150
    if len(item.points) <= per:
        return [item]
    return [wire.Pass(item.deck, item.stage, item.total, item.offset + i, item.points[i:i + per])
            for i in range(0, len(item.points), per)]


def _size(items: list) -> int:
    return wire.link_chars(len(wire.body(bytes(12), 0, 0, [0] * 8, items)) + 64)
