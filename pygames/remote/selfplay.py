"""Simulated players at a remote table: N pages that exchange nothing but message links (a simulated
group chat), each choosing its moves with the Normal bot from its own view, through a whole match;
``cheat`` makes one of them cheat. Everything is seeded: the same arguments give the same run."""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import Any

import json

from .. import ai
from ..cards import CODES, IDS, Rng
from . import wire
from . import party as party_mod
from .party import Party
from .sim import Refused, card_spots

NAMES = ("Aki", "Bea", "Cyd", "Dov")
CHEATS = ("swap-card", "illegal-move", "replay", "wrong-share", "forged")


@dataclass
class Report:
    game: str
    players: int
    messages: int = 0
    longest: int = 0
    longest_move: int = 0
    verified: bool = False
    caught: str | None = None        # who was named, and why
    culprit: int | None = None
    deals: int = 0
    moves: int = 0
    seconds: float = 0.0
    pass_seconds: list[float] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    parties: list[Any] = field(default_factory=list, repr=False)   # each player's page, at the end


class Chat:
    """The group chat: links in the order they were posted, each with who posted it."""

    def __init__(self) -> None:
        self.posts: list[tuple[str, int]] = []

    def post(self, link: str, poster: int) -> None:
        self.posts.append((link, poster))


class Cheater(Party):
    """A player that cheats once, the first time it can (see ``CHEATS``):

    * ``swap-card``: names a card in its move other than the card in the slot it plays;
    * ``illegal-move``: plays a move the rules forbid (a card from its hand where another must go);
    * ``replay``: sends one of its earlier moves again in a new message;
    * ``wrong-share``: sends another player a false lock for a card that player may see;
    * ``forged``: posts a message signed with its own key that claims to be another player's.
    """

    cheat = ""
    done = False
    _finalizing = False

    def _declare(self, move: dict, legal: bool = True):
        item = super()._declare(move, legal)
        if self.cheat == "swap-card" and not self.done:
            spots = card_spots(item.move)
            for p, _k, _j, mask in item.slots:
                container, key = spots[p]
                if not mask and container[key] in IDS:
                    real = IDS[container[key]]
                    container[key] = CODES[(real + 13) % 52]     # same rank, another suit
                    self.done = True
                    break
        return item

    def _check(self):
        try:
            super()._check()
        except Refused as e:      # its own lie: a cheater's page does not object to it
            if e.seat != self.seat:
                raise

    def _finalize(self):
        self._finalizing = True
        try:
            return super()._finalize()
        finally:
            self._finalizing = False

    def _owed(self, compute_passes: bool = True):
        items = super()._owed(compute_passes)
        if self.cheat == "wrong-share" and not self.done and self._finalizing:
            for item in items:
                if isinstance(item, wire.Shares):
                    for n, (slot, owner, recipient, value) in enumerate(item.entries):
                        if recipient != wire.CLEAR:
                            item.entries[n] = (slot, owner, recipient, bytes(b ^ 0x5A for b in value))
                            self.done = True
                            return items
        return items

    def illegal_move(self) -> dict | None:
        """A move the rules forbid now that the game can still carry out: a legal move with its card
        replaced by another card this player holds."""
        game = self.replay.own.game  # type: ignore[union-attr]
        view = self.view() or {}
        held = sorted({c for z, cards in view.get("zones", {}).items() if z.endswith(str(self.seat))
                       for c in cards if c in IDS})
        for move in game.legal_moves():
            for container, key in card_spots(move):
                for code in held:
                    if code == container[key]:
                        continue
                    trial = json.loads(json.dumps(move))
                    spot = card_spots(trial)[card_spots(move).index((container, key))]
                    spot[0][spot[1]] = code
                    if game.find_legal(trial) is not None:
                        continue
                    try:
                        action = game.move_to_action(trial)
                        twin = game.clone()
                        twin.chance = Rng(0)
                        twin.play_unchecked(action)
                    except Exception:
                        continue
                    return trial
        return None


def _master(seed: int, seat: int) -> bytes:
    return hashlib.sha256(b"pygames-selfplay/%d/%d" % (seed, seat)).digest()


def selfplay(game: str, players: int | None = None, seed: int = 0, options: dict | None = None,
             cheat: str | None = None, max_posts: int = 20_000, reload_every: int = 0,
             deals: int | None = None) -> Report:
    """Play a match (or its first ``deals`` deals, each verified by every page) between simulated
    players who exchange only links; ``reload_every``: each page is saved and loaded again after
    that many operations (the page keeps only the stored text between calls)."""
    t0 = time.perf_counter()
    first_pass = len(party_mod.PASS_TIMES)
    from ..games import game_class
    cls = game_class(game)
    players = cls._check_players(players)
    names = list(NAMES[:players])
    table = hashlib.sha256(b"pygames-selfplay-table/%d/%s/%d/%s" % (seed, game.encode(), players,
                                                                    repr(sorted((options or {}).items())).encode())).digest()[:12]
    report = Report(game, players)
    chat = Chat()
    if cheat is not None and cheat not in CHEATS:
        raise ValueError(f"cheat must be one of {', '.join(CHEATS)}")
    cheater = 1 if cheat else None
    host = Party.create(game, players, options, names, 0, master=_master(seed, 0), table=table)
    invite = host.outbox()[0]["link"]
    chat.post(invite, 0)
    parties: list[Party] = [host]
    for s in range(1, players):
        p = Party.join(invite, s, master=_master(seed, s))
        if s == cheater:
            p = Cheater.load(p.dump())
            p.cheat = cheat  # type: ignore[attr-defined]
        parties.append(p)
        chat.post(p.outbox()[-1]["link"], s)
    cursor = [0] * players
    operations = 0
    cheater_moves = 0
    while len(chat.posts) < max_posts:
        progress = False
        for i, p in enumerate(parties):
            while cursor[i] < len(chat.posts):
                link, poster = chat.posts[cursor[i]]
                cursor[i] += 1
                if poster == i:
                    continue
                result = p.open(link)
                operations += 1
                if result["outcome"] in ("cheat", "stopped") and p.state["stopped"]:
                    report.caught = p.state["stopped"]["text"]
                    report.culprit = p.state["stopped"]["seat"]
                    return _finish(report, parties, chat, t0, first_pass)
                if result["outcome"] == "refused":
                    report.caught = f"{NAMES[poster]} posted a refused message: {result['text']}"
                    report.culprit = poster
                    return _finish(report, parties, chat, t0, first_pass)
                for link2 in result["new"]:
                    chat.post(link2, i)
                progress = progress or bool(result["new"])
            if p.able():
                view = p.view()
                assert view is not None
                move = ai.choose_move(view, "normal", seed=seed * 7919 + view["move_count"])
                if i == cheater and isinstance(p, Cheater) and not p.done:
                    cheater_moves += 1
                    if cheat == "illegal-move":
                        bad = p.illegal_move()
                        if bad is not None:
                            p.done = True
                            report.notes.append(f"{names[i]} plays {json.dumps(bad)}, which the rules forbid")
                            result = p._send_move(bad, legal=False)
                            for link2 in result["new"]:
                                chat.post(link2, i)
                            progress = True
                            continue
                    elif cheat in ("replay", "forged") and cheater_moves >= 3:
                        p.done = True
                        chat.post(_crafted(p, cheat, parties[0]), i)
                        progress = True
                        continue
                result = p.play(move)
                operations += 1
                for link2 in result["new"]:
                    chat.post(link2, i)
                progress = True
            if reload_every and operations % reload_every == 0:
                cls_ = type(p)
                twin = cls_.load(p.dump())
                if isinstance(p, Cheater):
                    twin.cheat, twin.done = p.cheat, p.done  # type: ignore[attr-defined]
                parties[i] = p = twin
        if all(_done(p) for p in parties) or (
                deals is not None and all(p.state["verified"] >= deals for p in parties)):
            report.verified = True
            break
        if not progress and all(cursor[i] >= len(chat.posts) for i in range(players)):
            report.notes.append("stuck: " + "; ".join(f"{names[i]} waits for {p.waiting()}"
                                                       for i, p in enumerate(parties)))
            break
    return _finish(report, parties, chat, t0, first_pass)


def _crafted(p: Party, cheat: str, victim: Party) -> str:
    """The cheater's crafted message: an earlier move of its own again (``replay``), or a move signed
    with its own key in another player's name (``forged``)."""
    ledger = p.ledger
    if cheat == "replay":
        old = next(item for seat, item in ledger.moves if seat == p.seat)
        seq = ledger.count[p.seat]
        return wire.encode(p.table, p.seat, seq, list(ledger.count), [old], p.sign_key, bytes(32)).link()
    seat = victim.seat
    move = wire.Move(len(ledger.moves), {"type": "pass"}, [])
    return wire.encode(p.table, seat, ledger.count[seat], list(ledger.count), [move], p.sign_key, bytes(32)).link()


def _done(p: Party) -> bool:
    last = p.replay.last
    return bool(last.over and last.settled and p.state["verified"] == len(p.replay.deal_end_steps))


def _finish(report: Report, parties: list[Party], chat: Chat, t0: float, first_pass: int = 0) -> Report:
    report.pass_seconds = [t for _, t in party_mod.PASS_TIMES[first_pass:]]
    report.messages = len(chat.posts)
    report.longest = max(len(link) for link, _ in chat.posts)
    for link, _ in chat.posts:
        try:
            msg = wire.decode(wire.link_bytes(link), report.players)
        except wire.BadMessage:
            continue
        if not any(isinstance(i, (wire.Pass, wire.Invite)) for i in msg.items):
            report.longest_move = max(report.longest_move, len(link))
    report.deals = parties[0].state["verified"]
    report.moves = len(parties[0].ledger.moves)
    report.seconds = time.perf_counter() - t0
    report.parties = list(parties)
    return report
