"""One player's page at a remote table: its stored state (JSON text the page keeps under the table's
id) and everything done to it - create a table, take a seat, confirm a seat, open a message, make a
move - each returning what the page shows and the messages it has to post.

The state holds the player's master secret (its signing key, beacon nonce, key shares and deck seeds
come from it; it never leaves the page), the messages applied so far (links, the invitation first),
the ones waiting for an earlier message, the cards this player has opened, and what is not yet sent
(a *draft*: its shuffles and moves while it is still its turn). Everything else - the game, whose
turn it is, who owes whom which share - is replayed from the messages on every call.

Everything a message brings is checked when it arrives, before it is applied: its signature and
order, every proof it carries (key shares, shuffles, decryption shares), every card a move names
against the deck, and the move against the rules as far as this page can see. A message that fails
is refused and its sender named; the table stops. The deal's end, when every player reveals its key
for the deal, replays the deal with every card open: a second check, not the only one.

A page writes a message when it owes something (a shuffle, shares, its key at a deal's end) and
cannot move itself; when it can move, what it owes waits and goes out with its move.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import re
import time
from collections import Counter
from typing import Any

from ..cards import CODES, HIDDEN, IDS, Rng
from ..engine import IllegalMove
from ..games import game_class
from . import beacon, curve, deck as deck_mod, fingerprint, proofs, schnorr, signals, wire
from .deck import CardPoints
from .ledger import Ledger
from .shares import Owed, named_owed, open_to_all, owed_by
from .sim import Facts, Refused, Replay, Split, card_spots, masked_seats
from .texts import TEXTS
from .verify import Culprit, check_moves, deck_truth

FORMAT = "pygames-remote-table"
VERSION = 2
MAX_HELD = 200
MAX_HELD_CHARS = 400_000         # characters of messages held for later (about fifty shuffle parts)
MAX_LOG = 20_000
PART_BYTES = 5800                # bytes of a shuffle in one message (a link of at most 8,000 characters)
_MEMORY: dict[bytes, dict[str, Any]] = {}   # per table and player: derived data kept between calls
SHUFFLE_TIMES: list[tuple[int, float]] = []  # (cards, seconds) of every shuffle this process made


class BadState(ValueError):
    """A stored table that cannot be read (damaged or not a remote table)."""


class Stopped(ValueError):
    """The table has stopped (a cheat was caught, or the copies could not agree)."""


class Said(str):
    """An English sentence the page may say in its own language: its text, with the message key of
    ``texts.TEXTS`` it was made from and the key's fields (``message``: ``{"key": ..., **params}``)."""

    message: dict[str, Any]

    def __new__(cls, key: str, **params: Any) -> "Said":
        return cls.of(TEXTS[key].format(**params), {"key": key, **params})

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


def _slot(key: str) -> tuple[int, int]:
    k, j = key.split(".")
    return int(k), int(j)


def _memory(table: bytes, invite: bytes, master: bytes) -> dict[str, Any]:
    """What a page keeps between calls for one table (derived, never stored): one per invitation and
    player, so simulated players in one process share nothing."""
    key = hashlib.sha256(master + invite).digest()
    mem = _MEMORY.get(key)
    if mem is None:
        if len(_MEMORY) > 32:
            _MEMORY.clear()
        mem = _MEMORY[key] = {"pins": {}, "markers": 0, "points": CardPoints(table), "own": {}, "unsealed": {},
                              "cards": {}, "joint": {}, "legal_ok": set()}
    return mem


def seat_secret(master: bytes, table: bytes, seat: int) -> bytes:
    """The secret of a seat's own invitation (the host's, from its master secret)."""
    return _mac(master, b"seat", table + bytes([seat]))[:wire.SEAT_TAG_BYTES]


def seat_tag(secret: bytes, key: bytes) -> bytes:
    """A join's proof that it came from its seat's own invitation, bound to the joiner's key."""
    return _mac(secret, b"seat-tag", key)[:wire.SEAT_TAG_BYTES]


def _key_share(master: bytes, table: bytes, seat: int, deal: int) -> wire.KeyShare:
    x = deck_mod.deal_secret(master, table, deal)
    point = curve.encode(curve.affine(curve.mul_g(x)))
    return wire.KeyShare(point, proofs.prove_key(x, deck_mod.key_context(table, seat, deal)))


class Party:
    """A player's seat at a remote table (see the module docstring)."""

    def __init__(self, state: dict[str, Any]):
        self.state = state
        try:
            if state.get("format") != FORMAT:
                raise BadState("this is not a remote table this page can read")
            if state.get("version") != VERSION:
                raise BadState("this table was made by an earlier version of the site and cannot go on")
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
            for name in ("public", "mine", "truth", "held", "posted", "verified", "confirmed", "private", "plain"):
                state[name]
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
        invite = wire.Invite(game, players, options, names, schnorr.public_key(sign_key), beacon.commitment(nonce),
                             _key_share(master, table, seat, 0))
        msg = wire.encode(table, seat, 0, [], [invite], sign_key, _mac(master, b"aux", b"invite"))
        return cls(cls._fresh(master, seat, [msg.link()]))

    @classmethod
    def join(cls, invite_link: str, seat: int, master: bytes | None = None) -> "Party":
        """Take ``seat`` at the table of an invitation (a seat's own invitation names its seat and
        carries its secret): the join message is the first to post."""
        invite_link, own_seat, secret = wire.split_seat(invite_link)  # type: ignore[assignment]
        msg = check_invitation(invite_link)
        invite = msg.items[0]
        if own_seat is not None:
            seat = own_seat
        if type(seat) is not int or not 0 <= seat < invite.players:
            raise ValueError(f"seat must be 0..{invite.players - 1}")
        if seat == msg.seat:
            raise ValueError("that seat is the host's")
        master = master or os.urandom(32)
        sign_key = _scalar(_mac(master, b"sign", msg.table))
        nonce = _mac(master, b"beacon", msg.table)
        key = schnorr.public_key(sign_key)
        acks = [1 if t == msg.seat else 0 for t in range(invite.players)]
        join = wire.Join(key, nonce, _key_share(master, msg.table, seat, 0), seat_tag(secret, key) if secret else b"")
        signed = wire.encode(msg.table, seat, 0, acks, [join], sign_key, _mac(master, b"aux", b"join"))
        return cls(cls._fresh(master, seat, [msg.link(), signed.link()]))

    @staticmethod
    def _fresh(master: bytes, seat: int, log: list[str]) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "seat": seat, "secret": master.hex(), "log": log,
                "held": [], "draft": wire.encode_items([]).hex(), "public": {}, "mine": {}, "truth": {},
                "verified": 0, "posted": 0, "stopped": None, "confirmed": {}, "private": False, "plain": []}

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

        def positioned(k: int) -> bool:
            return ledger.stage_done(k, n - 1)

        public = {_slot(key): v for key, v in self.state["public"].items()}
        mine = {_slot(key): v for key, v in self.state["mine"].items()}
        for item in self.draft:      # cards this page's unsent moves show everyone: public once sent
            if isinstance(item, wire.Move):
                for _p, k, j, mask in item.slots:
                    if not mask and (k, j) in mine:
                        public[(k, j)] = mine.pop((k, j))
        verified = self.state["verified"]
        cp = self.mem.get("checkpoint")
        if cp is not None and cp.verified > verified:
            cp = None
        return Facts(players=n, host=ledger.host, beacon=ledger.beacon(), moves=list(ledger.moves),
                     positioned=positioned, truth=self._truth, public=public, mine=mine,
                     pins=self.mem["pins"], markers=self.mem["markers"], seat=self.seat,
                     drafted=len(ledger.moves) - sum(isinstance(i, wire.Move) for i in self.draft),
                     checkpoint=cp, keep=verified, masks_ok=self.mem.setdefault("masks_ok", set()),
                     legal_ok=self.mem["legal_ok"], step_cache=self.mem.setdefault("steps", {}),
                     committed=len(self._base.moves) if self._base is not None else 0)

    def _compute(self) -> None:
        """Rebuild the ledger and replay the game until the cards opened and the decks verified stop
        changing; Refused or Split when the messages do not hold together."""
        for _ in range(64):
            ledger = self._build_ledger()
            self.ledger = ledger
            if getattr(self, "replay", None) is not None:
                self._check_fresh(early=True)
                self._decrypt()          # cards the new messages open, before the replay relies on them
            facts = self._facts(ledger)
            inputs = self._replay_inputs(facts, ledger)
            if self.replay is not None and self._replayed is not None and self._replayed[0][:-2] == inputs[:-2] \
                    and self._replayed[0][-2] <= inputs[-2]:
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
        draft, say - needs no replay. ``masks_ok``, ``legal_ok`` and ``step_cache`` only save work,
        so are left out; the last two, where the draft starts and how many moves were signed, only
        spare checks of this page's own moves and fill the step cache, so a replay made with the
        draft still unsigned serves once it is signed (``_compute`` compares the rest)."""
        return (facts.players, facts.host, facts.beacon, tuple(facts.moves),
                tuple(k for k in sorted(ledger.shuffles) if facts.positioned(k)),
                tuple(sorted((int(k), tuple(v)) for k, v in self.state["truth"].items())),
                tuple(sorted(facts.public.items())), tuple(sorted(facts.mine.items())),
                tuple(sorted((slot, pin[0], tuple(sorted(pin[1]))) for slot, pin in facts.pins.items())),
                facts.markers, facts.seat, facts.keep, id(facts.checkpoint), facts.drafted, facts.committed)

    # ---- the deck as the messages hold it -----------------------------------------------------------
    def _deal_x(self, d: int) -> int:
        found = self.mem["own"].get(("x", d))
        if found is None:
            found = self.mem["own"][("x", d)] = deck_mod.deal_secret(self.master, self.table, d)
        return found

    def _joint(self, d: int) -> curve.Affine | None:
        """Deal ``d``'s joint key, once every player's key share for it is on the table."""
        shares = [self.ledger.deal_key(s, d) for s in range(self.players)]
        if any(s is None for s in shares):
            return None
        key = tuple(curve.encode(s) for s in shares)  # type: ignore[arg-type]
        found = self.mem["joint"].get(key)
        if found is None:
            found = self.mem["joint"][key] = deck_mod.joint_key(shares)  # type: ignore[arg-type]
        return found

    def _stage_cards(self, k: int, stage: int) -> list[tuple[curve.Affine, curve.Affine]]:
        """The deck after stage ``stage``'s shuffle (that shuffle must be on the table)."""
        rec = self.ledger.shuffles[k][stage]
        key = (k, stage, rec.sha256())
        found = self.mem["cards"].get(key)
        if found is None:
            found = self.mem["cards"][key] = list(rec.decoded(len(self.replay.calls[k].items)).cards)
        return found

    def _final(self, k: int) -> list[tuple[curve.Affine, curve.Affine]] | None:
        """Deck ``k``'s final cards (every player's shuffle made), or None."""
        if not self.ledger.stage_done(k, self.players - 1) or k not in self.replay.calls:
            return None
        return self._stage_cards(k, self.players - 1)

    def _inputs(self, k: int, stage: int) -> tuple[list, bytes]:
        """What the shuffle of stage ``stage`` of deck ``k`` takes and the digest it builds on."""
        call = self.replay.calls[k]
        if stage == 0:
            return (deck_mod.initial(self.points, call.items),
                    deck_mod.call_digest(self.table, k, self.replay.deal_of(k), call.items))
        rec = self.ledger.shuffles[k][stage - 1]
        return self._stage_cards(k, stage - 1), deck_mod.digest(rec.data)  # type: ignore[arg-type]

    def _shuffle_context(self, k: int, stage: int, seat: int, prior: bytes) -> bytes:
        return deck_mod.shuffle_context(self.table, k, stage, seat, self.replay.deal_of(k), prior)

    # ---- checks on arrival --------------------------------------------------------------------------
    def _check(self) -> None:
        """What the messages must satisfy given the replay; a fresh message's proofs are checked here
        once (``Ledger.unchecked``), so a false one names its sender before anything relies on it."""
        ledger, replay = self.ledger, self.replay
        n = self.players
        for k, stages in ledger.shuffles.items():
            call = replay.calls.get(k)
            if call is None:
                raise Refused(min(r.seat for r in stages.values()), f"a shuffle of deck {k + 1}, which is not being shuffled", "shuffle")
            seats = replay.pass_order(k)
            for stage, rec in stages.items():
                if stage >= n or seats[stage] != rec.seat:
                    raise Refused(rec.seat, f"a shuffle of deck {k + 1} out of turn", "shuffle")
                if stage and not ledger.stage_done(k, stage - 1):
                    raise Refused(rec.seat, f"a shuffle of deck {k + 1} before the one it builds on", "shuffle")
                if self._joint(replay.deal_of(k)) is None:
                    raise Refused(rec.seat, f"a shuffle of deck {k + 1} before every player's key was given", "shuffle")
        for k, shares in ledger.shares.items():
            if self._final(k) is None:
                senders = {s for d in shares.clear.values() for s in d} | {s for d in shares.sealed.values() for s, _ in d}
                raise Refused(min(senders), f"a share of deck {k + 1} before its last shuffle", "share")
        for (seat, d) in ledger.reveals:
            if d >= len(replay.deal_end_steps):
                raise Refused(seat, f"it revealed its key for deal {d + 1} before the deal was over", "secret")
        self._check_fresh()
        self._check_named_cards()

    def _check_fresh(self, early: bool = False) -> None:
        """Check the proofs a fresh message brought (``Ledger.unchecked``), each once. ``early``: with
        the replay from before the message, the proofs about decks it already knows, so that the shares
        they prove open their cards before the new replay relies on them; the rest wait for it."""
        base = self._base
        if base is None or not base.unchecked:
            return
        calls = self.replay.calls
        left = []
        for entry in base.unchecked:
            if early and (entry[0] == "shuffle" and entry[2] not in calls
                          or entry[0] == "shares" and any(k not in calls for k, _, _, _ in entry[3])):
                left.append(entry)
            else:
                self._check_proofs([entry])
        base.unchecked = left

    def _check_proofs(self, unchecked: list[tuple]) -> None:
        """Every proof a fresh message brought, with the sender named for the first that fails."""
        ledger, replay = self.ledger, self.replay
        for entry in unchecked:
            kind, s = entry[0], entry[1]
            if kind == "join":
                join = entry[2].items[0]
                if not proofs.check_key(curve.decode(join.share.point), deck_mod.key_context(self.table, s, 0), join.share.proof):
                    raise Refused(s, "its key share's proof is false", "secret")
            elif kind == "key":
                _, _, d, point, proof = entry
                if not proofs.check_key(point, deck_mod.key_context(self.table, s, d), proof):
                    raise Refused(s, f"its key share for deal {d + 1} has a false proof", "secret")
            elif kind == "reveal":
                d = entry[2]
                secret = ledger.reveals[(s, d)]
                if curve.to_affine(curve.mul_g(secret)) != ledger.deal_key(s, d):
                    raise Refused(s, f"its revealed key for deal {d + 1} is not its key share", "secret")
            elif kind == "shuffle":
                self._check_shuffle(s, entry[2], entry[3])
            elif kind == "shares":
                self._check_shares(s, entry[2], entry[3])
                for admitting in {id(self._base): self._base, id(ledger): ledger}.values():
                    if admitting is not None:
                        admitting.admit(s, entry[3])

    def _check_shuffle(self, s: int, k: int, stage: int) -> None:
        rec = self.ledger.shuffles[k][stage]
        n = len(self.replay.calls[k].items)
        try:
            made = rec.decoded(n)
        except proofs.BadProof as e:
            raise Refused(s, f"its shuffle of deck {k + 1} is malformed ({e})", "shuffle") from None
        inputs, prior = self._inputs(k, stage)
        if made.prior != prior:
            # the shuffle builds on a deck this page does not have: the one before it was signed twice
            # (the later copy names its signer when it arrives), or this sender lies; nobody can be
            # named from this message alone
            before = self.replay.pass_order(k)[stage - 1] if stage else None
            raise Split(f"{self.names[s]}'s shuffle of deck {k + 1} builds on another copy of "
                        + (f"{self.names[before]}'s" if before is not None else "the deck") + " than this page has")
        key = self._joint(self.replay.deal_of(k))
        assert key is not None
        if not deck_mod.check_shuffle(inputs, made, key, self._shuffle_context(k, stage, s, prior)):
            raise Refused(s, f"its shuffle of deck {k + 1} is false", "shuffle")

    def _check_shares(self, s: int, item: wire.Shares, decoded: list) -> None:
        replay = self.replay
        d = item.deal
        relations: list[proofs.Relation] = []
        labels = []
        for k, j, recipient, value in decoded:
            if k not in replay.calls or replay.deal_of(k) != d:
                raise Refused(s, f"a share of deck {k + 1} under another deal's key", "share")
            final = self._final(k)
            if final is None:
                raise Refused(s, f"a share of deck {k + 1} before its last shuffle", "share")
            if j >= len(final):
                raise Refused(s, f"a share of a card deck {k + 1} does not have", "share")
            base = final[j][0]
            if recipient == wire.CLEAR:
                relations.append(proofs.Clear(base, value))
            elif recipient >= wire.FORWARD:          # the owner's sealed share, opened by the sender
                sealed = self.ledger.deck_shares(k).sealed.get(j, {}).get((recipient - wire.FORWARD, s))
                if sealed is None:
                    raise Refused(s, "it passed on a share nobody sealed to it", "share")
                opened = curve.to_affine(curve.add(curve.jacobian(sealed[1]), curve.neg(curve.jacobian(value))))
                if opened is None:
                    raise Refused(s, "it passed on a share that is not the one sealed to it", "share")
                relations.append(proofs.Clear(sealed[0], opened))
            else:
                to = self.ledger.deal_key(recipient, d)
                if to is None:
                    raise Refused(s, "a share sealed to a player with no key", "share")
                relations.append(proofs.Sealed(base, to, value[0], value[1]))
            labels.append(_share_label(k, j, recipient))
        key = self.ledger.deal_key(s, d)
        if key is None or not proofs.check_shares(key, _shares_context(self.table, s, d), relations, labels, item.proof):
            raise Refused(s, f"its shares for deal {d + 1} do not prove", "share")

    def _check_named_cards(self) -> None:
        """Every card a move names in the clear is the card in the slot it names: the move's own
        message opens it to everyone (the mover's share, and those sealed to the mover passed on), so
        every page checks it on arrival."""
        ledger, replay = self.ledger, self.replay
        drafted = self._committed_moves()
        public, mine = self.state["public"], self.state["mine"]
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
                value = truth[j] if truth is not None else public.get(_key(k, j), mine.get(_key(k, j)))
                if value is None:
                    raise Refused(seat, f"move {m + 1} names a card it does not open to everyone", "move_card")
                spots = spots or card_spots(item.move)
                container, key = spots[p]
                if container[key] != CODES[value]:
                    raise Refused(seat, f"move {m + 1} names {container[key]}, but the card it plays is {CODES[value]}", "move_card")

    # ---- opening cards -----------------------------------------------------------------------------
    def _own_share(self, k: int, j: int, card: tuple[curve.Affine, curve.Affine], d: int) -> curve.Affine:
        cache = self.mem["own"]
        found = cache.get((k, j, card[0]))
        if found is None:
            found = cache[(k, j, card[0])] = deck_mod.share_of(card, self._deal_x(d))
        return found

    def _unsealed(self, sealed: tuple[curve.Affine, curve.Affine], d: int) -> curve.Affine:
        cache = self.mem["unsealed"]
        found = cache.get(sealed)
        if found is None:
            found = cache[sealed] = proofs.unseal(sealed[0], sealed[1], self._deal_x(d))
        return found

    def _decrypt(self) -> bool:
        """Open every slot whose shares have all arrived: to everyone, or to this player. Every
        opened card must be a card of the deck, each copy once."""
        changed = False
        n = self.players
        public, mine = self.state["public"], self.state["mine"]
        for k, call in self.replay.calls.items():
            if self._truth(k) is not None:
                continue
            final = self._final(k)
            if final is None:
                continue
            d = self.replay.deal_of(k)
            shares = self.ledger.deck_shares(k)
            for j, card in enumerate(final):
                key = _key(k, j)
                if key in public:
                    continue
                clear = shares.clear.get(j, {})
                sealed = shares.sealed.get(j, {})
                keeper = self.replay.keeper((k, j))
                everyone = len(clear) == n or open_to_all(shares, j, keeper, n)
                if key in mine and not everyone:
                    continue
                parts = []
                for t in range(n):
                    if t == self.seat:
                        parts.append(self._own_share(k, j, card, d))
                    elif t in clear:
                        parts.append(clear[t])
                    elif (t, self.seat) in sealed:
                        parts.append(self._unsealed(sealed[(t, self.seat)], d))
                    else:
                        break
                if len(parts) < n:
                    continue
                value = self._identify(k, j, deck_mod.open_card(card, parts), call.items)
                if everyone:
                    public[key] = value
                    mine.pop(key, None)
                else:
                    mine[key] = value
                changed = True
        return changed

    def _identify(self, k: int, j: int, point: curve.Affine | None, items: list[int]) -> int:
        """The card id of an opened point; Split when it is no card of the deck or a copy opened
        twice (which every proof checked on arrival rules out: the table cannot go on)."""
        found = None if point is None else self.points.card(point, items)
        if found is None:
            raise Split(f"card {j + 1} of deck {k + 1} opened to no card of the deck")
        seen = self.mem.setdefault("copies", {}).setdefault(k, {})
        if seen.setdefault(found, j) != j:
            raise Split(f"card {j + 1} of deck {k + 1} opened to a card already opened")
        return found[0]

    # ---- the end of a deal -------------------------------------------------------------------------
    def _verify_deals(self) -> bool:
        """Verify every finished deal whose keys all players have revealed: every card opened, every
        move against the rules with the true cards. A culprit stops the table."""
        replay, ledger = self.replay, self.ledger
        changed = False
        d = self.state["verified"]
        while d < len(replay.deal_end_steps) and not self.state["stopped"]:
            if any((s, d) not in ledger.reveals for s in range(self.players)):
                break
            secret = sum(ledger.reveals[(s, d)] for s in range(self.players)) % curve.N
            truths = {}
            for k in replay.deal_decks[d]:
                final = self._final(k)
                values = None if final is None else deck_truth(final, replay.calls[k].items, self.points, secret)
                if values is None:
                    raise Split(f"deck {k + 1} does not open to its cards with the revealed keys")
                truths[k] = values
            first = 0 if d == 0 else replay.deal_end_steps[d - 1]
            cp = self.mem.get("checkpoint")
            start = cp if d > 0 and cp is not None and cp.verified == d else None
            try:
                check_moves(self.cls, self.options, self.players, self.ledger.moves, self.ledger.beacon(), first,
                            replay.deal_end_steps[d], lambda k: truths.get(k) or self._truth(k), start)
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

    def _stop(self, seat: int | None, text: str, kind: str) -> None:
        """Stop the table, naming ``seat`` (None: nobody can be named). ``text`` says exactly what in
        English (the command line, the record); ``message`` says which kind of breach in words the
        page translates (``remote.why.<kind>``, with the move's number where a move broke it). A
        table stopped without a name takes one when a later message proves who broke it."""
        stopped = self.state["stopped"]
        if stopped and (stopped["seat"] is not None or seat is None):
            return
        message: dict[str, Any] = {"key": f"remote.why.{kind}", "name": "" if seat is None else self.names[seat]}
        number = re.match(r"(?:\S+: )?move (\d+)", text)
        if kind.startswith("move_") and number:
            message["n"] = int(number.group(1))
        self.state["stopped"] = {"seat": seat, "text": text, "message": message}

    def _stopped(self) -> "Said":
        """Why the table stopped, as a ``Said``."""
        stopped = self.state["stopped"]
        return Said.of(stopped["text"], stopped.get("message") or {"key": "remote.outcome.text", "text": stopped["text"]})

    # ---- what this player owes ---------------------------------------------------------------------
    def _owed(self, compute: bool = True) -> tuple[list, list[Owed]]:
        """What this player owes the table now: items (the start, shuffles, reveals) and shares."""
        ledger, replay = self.ledger, self.replay
        me, n = self.seat, self.players
        items: list = []
        if me == ledger.host and ledger.start is None:
            if self._confirmed_all():
                digests = [bytes(32) if s == me else bytes.fromhex(self.state["confirmed"][str(s)]) for s in range(n)]
                items.append(wire.Start(self.nonce, digests))
            return items, []
        if ledger.start is None:
            return items, []
        for d in range(len(replay.deal_end_steps)):
            if (me, d) not in ledger.reveals:
                share = self.mem["own"].get(("share", d + 1))
                if share is None:
                    share = self.mem["own"][("share", d + 1)] = _key_share(self.master, self.table, me, d + 1)
                items.append(wire.Reveal(d, proofs.scalar_out(self._deal_x(d)), share))
        for k in sorted(replay.calls):
            if self._truth(k) is not None:
                continue
            seats = replay.pass_order(k)
            stage = next((i for i in range(n) if not ledger.stage_done(k, i)), None)
            if stage is None or seats[stage] != me or stage in ledger.shuffles.get(k, {}):
                continue
            key = self._joint(replay.deal_of(k))
            if key is None:
                continue
            if not compute:
                items.append(wire.Shuffle(k, stage, 0, 1, b"?"))
                continue
            inputs, prior = self._inputs(k, stage)
            began = time.perf_counter()
            made = deck_mod.make_shuffle(inputs, deck_mod.deck_seed(self.master, self.table, k), key,
                                         self._shuffle_context(k, stage, me, prior), prior)
            SHUFFLE_TIMES.append((len(inputs), time.perf_counter() - began))
            data = made.encode()
            parts = [data[i:i + PART_BYTES] for i in range(0, len(data), PART_BYTES)]
            items += [wire.Shuffle(k, stage, i, len(parts), part) for i, part in enumerate(parts)]
        return items, self._owed_shares()

    def _owed_shares(self) -> list[Owed]:
        replay, ledger = self.replay, self.ledger
        me, n = self.seat, self.players
        show_all = self._must_show()
        out = []
        named = {}                  # slots this page's unsent moves name: step of the move
        for m, (_seat, item) in enumerate(ledger.moves):
            if m >= self._committed_moves():
                for _p, k, j, mask in item.slots:
                    if not mask:
                        named[(k, j)] = m + 1
        for (k, j), bits in sorted(replay.entitled.items()):
            if self._truth(k) is not None or self._final(k) is None:
                continue
            keeper = replay.keeper((k, j))
            shares = ledger.deck_shares(k)
            if (k, j) in named:
                owed = named_owed(me, j, keeper, shares, n)
                due = named[(k, j)]
            else:
                mine = show_all and keeper == me and (_key(k, j) in self.state["mine"])
                owed = owed_by(me, j, bits, keeper, mine, shares, n)
                due = replay.entitled_at.get((k, j), 0)
            out += [Owed(due, replay.deal_of(k), k, j, recipient) for recipient in owed]
        return out + self._owed_ahead()

    def _owed_ahead(self) -> list[Owed]:
        """This player's shares of the cards another player is sure to draw next (``Game.sure_draws``),
        sent with the move before: the drawer then opens its card without waiting for a message."""
        replay = self.replay
        last = replay.last
        if not last.settled or last.over or replay.marker_mode:
            return []
        game = replay.base_run.game
        draws = game.sure_draws()
        if not draws:
            return []
        label_of = {}
        for k, call in replay.calls.items():
            if self._truth(k) is None and self._final(k) is not None:
                for j in call.hidden:
                    label_of[call.labels[j]] = (k, j)
        zones = replay.base_run.zones
        out = []
        for zone, place, seat in draws:
            cards = zones.get(zone, [])
            slot = label_of.get(IDS[cards[place]]) if 0 <= place < len(cards) else None
            if seat == self.seat or slot is None or replay.entitled.get(slot):
                continue
            k, j = slot
            if self.seat not in self.ledger.deck_shares(k).clear.get(j, {}):
                out.append(Owed(last.index, replay.deal_of(k), k, j, wire.CLEAR))
        return out

    def _committed_moves(self) -> int:
        """Moves in messages already signed (the rest are this page's draft)."""
        return len(self.ledger.moves) - sum(isinstance(i, wire.Move) for i in self.draft)

    def _must_show(self) -> bool:
        """Whether this player must show the cards it keeps: the next step's outcome depends on cards
        someone cannot see (the probe runs disagree), or its own cards decided something the other
        copies got otherwise. Rules that look at hidden hands (Spooneye: can anyone play?) are settled
        the way players at a table would settle them: by showing."""
        replay = self.replay
        if replay.own_split is not None:
            return True
        first = next((st for st in replay.steps if not st.settled), None)
        return first is not None and first.sensitive

    def _confirmed_all(self) -> bool:
        ledger = self.ledger
        confirmed = self.state["confirmed"]
        return all(s == ledger.host or any(j.digest.hex() == confirmed.get(str(s)) for j in ledger.joins.get(s, []))
                   for s in range(self.players))

    def able(self) -> bool:
        """Whether this player can move now: its turn, the table settled, every card it may see opened."""
        replay = self.replay
        if self.state["stopped"]:
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
        """Do what this player owes: the start and its shuffles at once (they may let it move); then,
        unless it can move (what it owes then goes out with its move), send everything in messages.
        Returns the new links."""
        new: list[str] = []
        for _ in range(16):
            if self.state["stopped"]:
                return new
            items, shares = self._owed(compute=False)
            start = [i for i in items if isinstance(i, wire.Start)]
            if start:
                self.draft += start
                self._compute()
                continue
            if any(isinstance(i, wire.Shuffle) for i in items):
                self.draft += [i for i in self._owed()[0] if isinstance(i, wire.Shuffle)]
                self._compute()
                continue
            if self.able() or (not items and not shares and not self.draft):
                return new
            new += self._finalize()
            return new
        return new

    def _condense(self) -> None:
        """Say the draft's moves as the game sends them (``Game.condensed``): steps only this player
        sees folded into the move that shows them, each move declared again."""
        plain = self.state["plain"]
        first = self._committed_moves()
        if first and self.ledger.moves[first - 1][0] == self.seat:
            return                   # the turn began in a message already sent: it is said as it was
        short = self.cls.condensed(plain)
        if short == plain:
            return
        self.draft = [i for i in self.draft if not isinstance(i, wire.Move)]
        self.state["plain"] = []
        self._compute()
        for move in short:
            self.draft.append(self._declare(move))
            self.state["plain"].append(move)
            self._compute()

    def _finalize(self) -> list[str]:
        """Sign the draft and everything owed into messages (each within its size limit)."""
        self._condense()
        items, shares = self._owed(compute=False)
        moves = [i for i in self.draft if isinstance(i, wire.Move)]
        first = moves[0].index + 1 if moves else 1 << 30
        before: list[wire.Item] = [i for i in self.draft if isinstance(i, wire.Start) or
                                   isinstance(i, wire.Shuffle) and self.replay.calls[i.deck].step < first]
        after: list[wire.Item] = [i for i in self.draft if isinstance(i, wire.Shuffle) and i not in before]
        after += [i for i in items if isinstance(i, wire.Reveal)]       # the deal ended: after its last move
        named = {i.index: {(k, j) for _p, k, j, mask in i.slots if not mask} for i in moves}
        groups = _pack(before, shares, moves, named, after)
        self.draft = []
        self.state["plain"] = []
        links = []
        for group_items, group_shares in groups:
            body = list(group_items)
            moves_at = [i for i, x in enumerate(body) if isinstance(x, wire.Move)]
            made = self._shares_items(group_shares)
            at = moves_at[0] if moves_at else len(body)
            body[at:at] = made
            seq = self._base.count[self.seat]  # type: ignore[union-attr]
            acks = list(self._base.count)  # type: ignore[union-attr]
            aux = _mac(self.master, b"aux", seq.to_bytes(4, "big"))
            msg = wire.encode(self.table, self.seat, seq, acks, body, self.sign_key, aux)
            self.messages.append(msg)
            self.state["log"].append(msg.link())
            links.append(msg.link())
            self._base.accept(msg)  # type: ignore[union-attr]
        self._compute()
        return links

    def _shares_items(self, owed: list[Owed]) -> list[wire.Shares]:
        """The Shares items (one a deal, each with its proof) for ``owed``."""
        by_deal: dict[int, list[Owed]] = {}
        for o in owed:
            by_deal.setdefault(o.deal, []).append(o)
        out = []
        for d, entries in sorted(by_deal.items()):
            x = self._deal_x(d)
            relations: list[proofs.Relation] = []
            secrets: list[int | None] = []
            wired = []
            labels = []
            for o in entries:
                final = self._final(o.deck)
                assert final is not None
                base = final[o.slot][0]
                if o.recipient == wire.CLEAR:
                    share = self._own_share(o.deck, o.slot, final[o.slot], d)
                    relations.append(proofs.Clear(base, share))
                    secrets.append(None)
                    wired.append((o.deck, o.slot, o.recipient, curve.encode(share)))
                elif o.recipient >= wire.FORWARD:      # a share sealed to this player, passed on
                    t1, t2 = self.ledger.deck_shares(o.deck).sealed[o.slot][(o.recipient - wire.FORWARD, self.seat)]
                    share = self._unsealed((t1, t2), d)
                    relations.append(proofs.Clear(t1, curve.affine(curve.mul(t1, x))))
                    secrets.append(None)
                    wired.append((o.deck, o.slot, o.recipient, curve.encode(share)))
                else:
                    to = self.ledger.deal_key(o.recipient, d)
                    assert to is not None
                    t = deck_mod.seal_secret(x, self.table, o.deck, o.slot, o.recipient)
                    sealed = proofs.seal(x, base, to, t)
                    relations.append(sealed)
                    secrets.append(t)
                    wired.append((o.deck, o.slot, o.recipient, curve.encode(sealed.t1) + curve.encode(sealed.t2)))
                labels.append(_share_label(o.deck, o.slot, o.recipient))
            proof = proofs.prove_shares(x, _shares_context(self.table, self.seat, d), relations, labels, secrets)
            out.append(wire.Shares(d, wired, proof))
        return out

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
            return self._result("applied", outcome[1], self._go_on())
        return self._result(*outcome)

    def _go_on(self) -> list[str]:
        """Apply what was held for later, and write what this player owes: the new links."""
        new: list[str] = []
        for _ in range(MAX_HELD + 1):
            while self._apply_held():
                pass
            added = self._advance()
            new += added
            if not added or not self.state["held"]:
                break
        return new

    def _receive(self, msg: wire.Message) -> tuple[str, str]:
        ledger = self.ledger
        s = msg.seat
        name = self.names[s]
        join = msg.items and isinstance(msg.items[0], wire.Join)
        if join:
            key = msg.items[0].key
            if any(j.digest == msg.digest for j in ledger.joins.get(s, [])) or ledger.digests.get((s, 0)) == msg.digest:
                return "already", Said("remote.outcome.join_already", name=name)
            if ledger.start is not None or (self.seat == ledger.host and str(s) in self.state["confirmed"]):
                return "refused", Said("remote.outcome.seat_taken", name=name)
            if self.seat == ledger.host and self.state["private"] and \
                    not hmac.compare_digest(msg.items[0].tag, seat_tag(seat_secret(self.master, self.table, s), key)):
                return "refused", Said("remote.outcome.not_seat_link", name=name)
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
        start = None if join else next((i for i in msg.items if isinstance(i, wire.Start)), None)
        if start is not None and self.seat != ledger.host and start.joins[self.seat] != self.messages[1].digest:
            return "refused", Said("remote.outcome.not_chosen", name=self.names[self.seat])
        if waiting is None and not join:
            if start is not None:
                for seat, digest in enumerate(start.joins):
                    if seat != ledger.host and not any(j.digest == digest for j in ledger.joins.get(seat, [])):
                        waiting = (seat, 0)
        if waiting is not None:
            link = msg.link()
            if link not in self.state["held"]:
                held = self.state["held"]
                if len(held) >= MAX_HELD or sum(map(len, held)) + len(link) > MAX_HELD_CHARS:
                    return "refused", Said("remote.outcome.too_many_held")
                held.append(link)
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

    def joins(self) -> list[dict[str, Any]]:
        """The joins the host has for each seat before the start: ``{"seat", "name", "digest",
        "words", "confirmed"}``, one per join (two for a seat two people asked for)."""
        out = []
        for s in range(self.players):
            for j in self.ledger.joins.get(s, []):
                out.append({"seat": s, "name": self.names[s], "digest": j.digest.hex(),
                            "words": fingerprint.words(self.table, s, j.items[0].key),
                            "confirmed": self.state["confirmed"].get(str(s)) == j.digest.hex()})
        return out

    def fingerprint(self) -> list[str]:
        """This player's own fingerprint words (a guest reads them to the host)."""
        return fingerprint.words(self.table, self.seat, schnorr.public_key(self.sign_key))

    def confirm(self, seat: object, digest: object) -> dict[str, Any]:
        """The host confirms ``seat``'s join (by its digest, from ``joins``); the table starts when
        every seat is confirmed."""
        if self.seat != self.ledger.host:
            raise ValueError("only the host confirms the seats")
        if self.ledger.start is not None:
            raise ValueError("the table has started")
        if type(seat) is not int or not any(j["seat"] == seat and j["digest"] == digest for j in self.joins()):
            raise ValueError("there is no such join to confirm")
        self.state["confirmed"][str(seat)] = digest
        return self._result("confirmed", Said("remote.outcome.confirmed", name=self.names[seat]), self._go_on())

    def seat_links(self) -> list[dict[str, Any]]:
        """One invitation a seat, each with that seat's secret: from now on the host takes only joins
        made from a seat's own invitation. ``{"seat", "name", "link"}``."""
        if self.seat != self.ledger.host or self.ledger.start is not None:
            raise ValueError("only the host makes seat invitations, before the start")
        self.state["private"] = True
        link = self.invite_msg.link()
        return [{"seat": s, "name": self.names[s], "link": wire.seat_link(link, s, seat_secret(self.master, self.table, s))}
                for s in range(self.players) if s != self.seat]

    # ---- signals: connecting pages and chat at a live table ----------------------------------------
    def keys_of(self, seat: int) -> list[bytes]:
        """The table keys ``seat`` may sign with as this page knows them: its confirmed key, or
        before the start every key a join for that seat carried."""
        known = self.ledger.keys[seat]
        if known is not None:
            return [known]
        return [m.items[0].key for m in self.ledger.joins.get(seat, []) if self.ledger.start is None]

    def make_signal(self, kind: object, session: object, entries: object) -> str:
        """A signed signal (see ``signals``) from this seat: ``kind`` "offer", "answer" or "chat";
        ``session`` 16 hex digits; ``entries`` [{"seat", "text"}] (a chat line: one, seat None)."""
        if kind not in signals.KINDS or not isinstance(session, str) or not re.fullmatch(r"[0-9a-f]{16}", session):
            raise ValueError("a signal is an offer, an answer or a chat line, with a session of 16 hex digits")
        if not isinstance(entries, list) or not entries:
            raise ValueError("a signal is for at least one seat")
        out: list[tuple[int, bytes]] = []
        for entry in entries:
            if not isinstance(entry, dict) or not isinstance(entry.get("text"), str):
                raise ValueError("a signal's entry is {seat, text}")
            if kind == "chat":
                out.append((signals.EVERYONE, signals.check_chat(entry["text"]).encode()))
                continue
            to = entry.get("seat")
            if type(to) is not int or not 0 <= to < self.players or to == self.seat:
                raise ValueError("an offer or answer is for another seat of the table")
            out.append((to, entry["text"].encode()))
        body = repr((kind, session, out)).encode()
        signal = signals.make(self.table, self.seat, kind, bytes.fromhex(session), out, self.sign_key,
                              _mac(self.master, b"aux-signal", body))
        return signal.link()

    def open_signal(self, text: object) -> dict[str, Any]:
        """What a signal says to this seat, once its signature is checked against its sender's key:
        ``{"seat", "name", "kind", "session", "text"}`` (``text`` None when nothing in it is for this
        seat). A signal of another table, or not signed by its seat, is refused (``signals.BadSignal``)."""
        signal = signals.parse(text)
        if signal.table != self.table:
            raise signals.BadSignal("this connection link is for another table")
        if signal.seat >= self.players or signal.seat == self.seat:
            raise signals.BadSignal("this connection link is not from another seat of this table")
        if not signals.verify(signal, self.keys_of(signal.seat)):
            raise signals.BadSignal(f"this connection link is not signed by {self.names[signal.seat]}")
        data = signal.for_seat(self.seat)
        kind = next(k for k, v in signals.KINDS.items() if v == signal.kind)
        return {"seat": signal.seat, "name": self.names[signal.seat], "kind": kind, "session": signal.session.hex(),
                "text": None if data is None else data.decode("utf-8", "replace")}

    def missing(self, counts: object) -> list[str]:
        """The links of the messages a page that has applied ``counts[s]`` of each seat's messages
        lacks, from this page's log and what it holds for later, in the log's order: what a live
        channel sends a page that was away."""
        if not isinstance(counts, list) or len(counts) != self.players or \
                any(type(c) is not int or c < 0 for c in counts):
            raise ValueError("counts is a number of messages per seat")
        out = [m.link() for m in self.messages if m.seq >= counts[m.seat]]
        return out + [link for link in self.state["held"] if link not in out]

    def attach(self, seq: object, signal: object) -> None:
        """Let this player's message ``seq`` carry ``signal`` (an offer on the invitation, an answer on
        a join) after ``~`` in its link, so that posting the message connects the pages too."""
        if type(seq) is not int or not 0 <= seq < self.ledger.count[self.seat]:
            raise ValueError("attach to one of this player's messages")
        signals.parse(signal)
        self.state.setdefault("attached", {})[str(seq)] = signal

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
        self.state["plain"].append(move)
        try:
            self._compute()
        except (Refused, Split) as e:
            self.draft.pop()
            self.state["plain"].pop()
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
        known = {**{_slot(k): v for k, v in self.state["public"].items()},
                 **{_slot(k): v for k, v in self.state["mine"].items()}}
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
        # a card this player may see but has not opened yet is drawn face down, never as its stand-in:
        # per zone, as many cards of each stand-in as there are such slots there (a stand-in may be
        # the code of a card this player does hold, so it is counted, not looked up by place)
        pending: dict[str, Counter] = {}
        for (k, j), (zone, place) in step.where.items():
            if self._truth(k) is not None:
                continue
            key = _key(k, j)
            if key in self.state["mine"] or key in self.state["public"]:
                continue
            cards = v["zones"].get(zone)
            if not cards:
                continue
            hidden = game.hidden_positions(zone, len(cards), self.seat)
            if (place not in hidden) if place is not None else not hidden:
                pending.setdefault(zone, Counter())[CODES[replay.calls[k].labels[j]]] += 1
        for zone, labels in pending.items():
            cards = v["zones"][zone]
            hidden = set(game.hidden_positions(zone, len(cards), self.seat))
            for i, code in enumerate(cards):
                if i not in hidden and labels[code] > 0:
                    cards[i] = HIDDEN
                    labels[code] -= 1
        for entry in v["log"]:      # a drawn card may still be a stand-in here: the log says only "a card"
            for d in entry.get("drew", ()):
                d["cards"] = [HIDDEN] * len(d["cards"])
        if not self.able():
            v["legal_moves"] = []
        return v

    def waiting(self) -> list[dict[str, Any]]:
        """What the table waits for: ``{"seat", "name", "for"}`` with "for" one of "join", "confirm"
        (the host confirms the seats), "start", "move", "shuffle", "cards" (shares another seat
        needs), "reveal" (keys at a deal's end)."""
        ledger, replay = self.ledger, self.replay
        n = self.players
        out = []
        if ledger.start is None:
            for s in range(n):
                if s != ledger.host and not ledger.joins.get(s):
                    out.append({"seat": s, "name": self.names[s], "for": "join"})
            if not out:
                out.append({"seat": ledger.host, "name": self.names[ledger.host], "for": "start"
                            if self.seat != ledger.host or self._confirmed_all() else "confirm"})
            return out
        owing = [k for k in replay.calls if self._truth(k) is None and self._final(k) is not None]
        for s in range(n):
            what = None
            for d in range(self.state["verified"], len(replay.deal_end_steps)):
                if (s, d) not in ledger.reveals:
                    what = "reveal"
            for k in replay.calls:
                if self._truth(k) is not None:
                    continue
                seats = replay.pass_order(k)
                stage = next((i for i in range(n) if not ledger.stage_done(k, i)), None)
                if stage is not None and seats[stage] == s:
                    what = what or "shuffle"
            if what is None:
                for (k, j), bits in replay.entitled.items():
                    if k not in owing:
                        continue
                    keeper = replay.keeper((k, j))
                    if owed_by(s, j, bits, keeper, False, ledger.deck_shares(k), n) \
                            and (s != self.seat or not self.able()):
                        what = "cards"
                        break
            if what:
                out.append({"seat": s, "name": self.names[s], "for": what})
        last = replay.last
        if not out and not last.over and last.settled and last.current is not None:
            out.append({"seat": last.current, "name": self.names[last.current], "for": "move"})
        return out

    def outbox(self) -> list[dict[str, Any]]:
        """This player's messages the page has not marked posted: ``{"seq", "link", "chars", "what"}``,
        ``what`` saying what the message is, for the line a person posts with it: ``kind`` (invite,
        join, start, moves, shuffle, cards, reveal), ``moves`` ([{"seat", "move"}], as everyone sees
        them), ``part``/``parts`` (a shuffle that travels as several links), ``to_play`` (the seat
        the table waits for after its moves, or None)."""
        out = []
        steps = self.replay.steps
        for m in self.messages:
            if m.seat == self.seat and m.seq >= self.state["posted"]:
                if m is self.invite_msg and self.seat != m.seat:
                    continue
                link = m.link()
                signal = self.state.get("attached", {}).get(str(m.seq))
                if signal:
                    link += "~" + signal[len(signals.PREFIX):]
                out.append({"seq": m.seq, "link": link, "chars": len(link), "what": _what(m, steps)})
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
                "messages": len(self.messages), "counts": list(self.ledger.count), "fingerprint": self.fingerprint(),
                "joins": self.joins() if self.ledger.start is None else [],
                "private": self.state["private"]}

    def _result(self, outcome: str, text: str, new: list[str] | None = None) -> dict[str, Any]:
        message = text.message if isinstance(text, Said) else {"key": "remote.outcome.text", "text": text}
        return {"outcome": outcome, "text": str(text), "message": message, "new": new or []}


def _what(m: wire.Message, steps: list) -> dict[str, Any]:
    """What a message is, in the terms a person's line about it uses (``Party.outbox``)."""
    moves = [i for i in m.items if isinstance(i, wire.Move)]
    part = next((i for i in m.items if isinstance(i, wire.Shuffle)), None)
    kinds = [(wire.Invite, "invite"), (wire.Join, "join"), (wire.Start, "start"), (wire.Move, "moves"),
             (wire.Shuffle, "shuffle"), (wire.Reveal, "reveal"), (wire.Shares, "cards")]
    kind = next((name for cls, name in kinds if any(isinstance(i, cls) for i in m.items)), "cards")
    what: dict[str, Any] = {"kind": kind, "moves": [{"seat": m.seat, "move": i.move} for i in moves]}
    if part is not None and part.parts > 1:
        what.update(part=part.part + 1, parts=part.parts)
    if moves:
        after = moves[-1].index + 1
        step = steps[after] if after < len(steps) else None
        what["to_play"] = step.current if step is not None and step.settled and not step.over else None
    return what


def shuffle_links(cards: int) -> int:
    """How many links one shuffle of ``cards`` cards with its proof travels in."""
    return -(-deck_mod.Shuffled.size(cards) // PART_BYTES)


def check_invitation(link: object) -> wire.Message:
    """An invitation's message, its signature and the host's key share checked (BadMessage if not)."""
    link, _, _ = wire.split_seat(link)
    msg = wire.decode(wire.link_bytes(link))
    invite = msg.items[0] if msg.items else None
    if not isinstance(invite, wire.Invite):
        raise wire.BadMessage("this link is not an invitation")
    game_class(invite.game)
    if not wire.verify(msg, invite.host_key):
        raise wire.BadMessage("this invitation is damaged")
    try:
        key = curve.decode(invite.key.point)
    except curve.BadPoint:
        raise wire.BadMessage("this invitation is damaged") from None
    if not proofs.check_key(key, deck_mod.key_context(msg.table, msg.seat, 0), invite.key.proof):
        raise wire.BadMessage("this invitation is damaged")
    return msg


def _share_label(k: int, j: int, recipient: int) -> bytes:
    return k.to_bytes(4, "big") + j.to_bytes(2, "big") + bytes([recipient])


def _shares_context(table: bytes, seat: int, deal: int) -> bytes:
    return b"shares" + table + bytes([seat]) + deal.to_bytes(4, "big")


# ---- packing a page's messages ------------------------------------------------------------------------
def _size(items: list, shares: list[Owed]) -> int:
    """Characters of a message holding ``items`` and ``shares`` (with their proofs)."""
    raw = len(wire.body(bytes(12), 0, 0, [0] * 8, items)) + 64
    by_deal: dict[int, list[Owed]] = {}
    for o in shares:
        by_deal.setdefault(o.deal, []).append(o)
    for entries in by_deal.values():
        raw += 6 + sum(4 + (2 * wire.POINT if wire.sealed_to(o.recipient) else wire.POINT) for o in entries)
        raw += 64 + 32 * len({o.recipient for o in entries if wire.sealed_to(o.recipient)})
    return wire.link_chars(raw)


def _pack(plain: list, shares: list[Owed], moves: list[wire.Move], named: dict[int, set[tuple[int, int]]],
          after: list) -> list[tuple[list, list[Owed]]]:
    """The messages to sign, in order: (items, shares) each. The start and shuffle parts come first,
    in messages of up to 8,000 characters (the shares owed before this page's moves go with them where
    they fit); the moves follow, as many a message as fit in 1,500 characters, each with the shares it
    makes owed - its own share of every card it names and keeps must go with it - and what does not
    fit goes in a message of its own just before it; ``after`` (shuffles of decks the moves call,
    reveals of deals they end) comes last."""
    groups: list[tuple[list, list[Owed]]] = []
    items: list = []
    entries: list[Owed] = []

    def limit(group_items: list) -> int:
        return wire.MOVE_LIMIT if any(isinstance(i, wire.Move) for i in group_items) else wire.OPENING_LIMIT

    def flush() -> None:
        nonlocal items, entries
        if items or entries:
            groups.append((items, entries))
        items, entries = [], []

    for item in plain:
        if (items or entries) and _size(items + [item], entries) > wire.OPENING_LIMIT:
            flush()
        items.append(item)
    shares = sorted(shares, key=lambda o: (o.due, o.deck, o.slot, o.recipient))
    first = moves[0].index + 1 if moves else 1 << 30
    early = [o for o in shares if o.due < first]
    rest = [o for o in shares if o.due >= first]
    for o in early:
        if (items or entries) and _size(items, entries + [o]) > wire.OPENING_LIMIT:
            flush()
        entries.append(o)
    for i, move in enumerate(moves):
        step = move.index + 1
        last = i == len(moves) - 1
        tied = [o for o in rest if (o.deck, o.slot) in named.get(move.index, ()) and not wire.sealed_to(o.recipient)]
        caused = [o for o in rest if o not in tied and (o.due <= step or last)]
        rest = [o for o in rest if o not in tied and o not in caused]
        if (items or entries) and _size(items + [move], entries + tied + caused) > limit(items + [move]):
            flush()
        if _size([move], tied + caused) > wire.MOVE_LIMIT:
            fits = list(tied)
            spill: list[Owed] = []
            for o in caused:
                (fits if _size([move], fits + [o]) <= wire.MOVE_LIMIT else spill).append(o)
            if spill:
                groups.append(([], spill))
            caused = [o for o in fits if o not in tied]
        items.append(move)
        entries += tied + caused
    for o in rest:
        if (items or entries) and _size(items, entries + [o]) > limit(items):
            flush()
        entries.append(o)
    for item in after:
        if (items or entries) and _size(items + [item], entries) > limit(items + [item]):
            flush()
        items.append(item)
    flush()
    return groups
