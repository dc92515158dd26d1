"""Simulated players at a remote table: N pages that exchange nothing but message links (a simulated
group chat), each choosing its moves with the Normal bot from its own view, through a whole match;
``cheat`` makes one of them cheat. Everything is seeded: the same arguments give the same run."""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from typing import Any

from .. import ai
from . import party as party_mod
from .party import Party

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


class Chat:
    """The group chat: links in the order they were posted, each with who posted it."""

    def __init__(self) -> None:
        self.posts: list[tuple[str, int]] = []

    def post(self, link: str, poster: int) -> None:
        self.posts.append((link, poster))


def _master(seed: int, seat: int) -> bytes:
    return hashlib.sha256(b"pygames-selfplay/%d/%d" % (seed, seat)).digest()


def selfplay(game: str, players: int | None = None, seed: int = 0, options: dict | None = None,
             cheat: str | None = None, max_posts: int = 20_000, reload_every: int = 0) -> Report:
    t0 = time.perf_counter()
    from ..games import game_class
    cls = game_class(game)
    players = cls._check_players(players)
    names = list(NAMES[:players])
    table = hashlib.sha256(b"pygames-selfplay-table/%d/%s/%d/%s" % (seed, game.encode(), players,
                                                                    repr(sorted((options or {}).items())).encode())).digest()[:12]
    report = Report(game, players)
    chat = Chat()
    host = Party.create(game, players, options, names, 0, master=_master(seed, 0), table=table)
    invite = host.outbox()[0]["link"]
    chat.post(invite, 0)
    parties: list[Party] = [host]
    for s in range(1, players):
        p = Party.join(invite, s, master=_master(seed, s))
        parties.append(p)
        chat.post(p.outbox()[-1]["link"], s)
    cursor = [1] + [2 + i for i in range(players - 1)]
    cursor = [0] * players
    operations = 0
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
                    return _finish(report, parties, chat, t0)
                if result["outcome"] == "refused":
                    report.caught = f"{NAMES[poster]} posted a refused message: {result['text']}"
                    report.culprit = poster
                    return _finish(report, parties, chat, t0)
                for link2 in result["new"]:
                    chat.post(link2, i)
                progress = progress or bool(result["new"])
            if p.able():
                view = p.view()
                assert view is not None
                move = ai.choose_move(view, "normal", seed=seed * 7919 + view["move_count"])
                result = p.play(move)
                operations += 1
                for link2 in result["new"]:
                    chat.post(link2, i)
                progress = True
            if reload_every and operations % reload_every == 0:
                parties[i] = p = Party.load(p.dump())
        if all(_done(p) for p in parties):
            report.verified = True
            break
        if not progress and all(cursor[i] >= len(chat.posts) for i in range(players)):
            report.notes.append("stuck: " + "; ".join(f"{names[i]} waits for {p.waiting()}"
                                                       for i, p in enumerate(parties)))
            break
    return _finish(report, parties, chat, t0)


def _done(p: Party) -> bool:
    last = p.replay.last
    return bool(last.over and last.settled and p.state["verified"] == len(p.replay.deal_end_steps))


def _finish(report: Report, parties: list[Party], chat: Chat, t0: float) -> Report:
    report.messages = len(chat.posts)
    report.longest = max(len(link) for link, _ in chat.posts)
    report.deals = parties[0].state["verified"]
    report.moves = len(parties[0].ledger.moves)
    report.seconds = time.perf_counter() - t0
    return report
