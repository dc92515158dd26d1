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
from . import curve, deck as deck_mod, proofs, wire
from . import party as party_mod
from .party import Party, _share_label, _shares_context
from .sim import Refused, card_spots

NAMES = ("Aki", "Bea", "Cyd", "Dov")
CHEATS = ("swap-card", "substitute", "illegal-move", "visible-illegal", "replay", "wrong-share", "frame",
          "stack", "false-proof", "equivocate", "forged")


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
    caught_on: tuple[int, int] | None = None   # (seat, number) of the message whose arrival named them
    cheat_seqs: tuple[int, ...] = ()           # the cheater's messages that carried the cheat
    deals: int = 0
    moves: int = 0
    seconds: float = 0.0
    pass_seconds: list[float] = field(default_factory=list)
    deck_sizes: list[int] = field(default_factory=list)      # cards of every shuffle made
    notes: list[str] = field(default_factory=list)
    parties: list[Any] = field(default_factory=list, repr=False)   # each player's page, at the end


class Chat:
    """The group chat: links in the order they were posted, each with who posted it and, for a link
    sent to some players only (a cheater's), who sees it."""

    def __init__(self) -> None:
        self.posts: list[tuple[str, int]] = []
        self.only: dict[int, set[int]] = {}
        self.pending: tuple | None = None        # an equivocation's second delivery, after the next player

    def post(self, link: str, poster: int, only: set[int] | None = None) -> None:
        if only is not None:
            self.only[len(self.posts)] = only
        self.posts.append((link, poster))

    def sees(self, i: int, seat: int) -> bool:
        return seat in self.only.get(i, {seat})


class Cheater(Party):
    """A player that cheats once, the first time it can (see ``CHEATS``), from inside its own page:

    * ``swap-card``: names a card in its move other than the card in the slot it plays;
    * ``substitute``: the same, and leaves out its share of the card, so nobody could check it (and
      would then walk away);
    * ``illegal-move``: plays a move the rules forbid (a card from its hand where another must go);
    * ``visible-illegal``: plays a move every player can see is against the rules (a card on a pile it
      does not fit);
    * ``replay``: sends one of its earlier moves again in a new message;
    * ``wrong-share``: sends a false decryption share (another card's) under its true proof;
    * ``frame``: gives as its own the share another player gave for the same card, proven with its key;
    * ``stack``: puts cards of its choosing into its shuffle (fresh ciphertexts of Aces) under the
      proof of its true shuffle;
    * ``false-proof``: sends its true shuffle with one number of the proof changed;
    * ``equivocate``: signs two true shuffles under one message number and sends one to the player
      who shuffles after it, the other to everyone else;
    * ``forged``: posts a message signed with its own key that claims to be another player's.
    """

    cheat = ""
    done = False
    cheat_seqs: tuple[int, ...] = ()             # the numbers of the messages that carried the cheat
    equivocal: tuple[list[str], list[str]] | None = None
    _named: tuple[int, int] | None = None        # the slot whose card a substitution names

    def _declare(self, move: dict, legal: bool = True):
        item = super()._declare(move, legal)
        if self.cheat in ("swap-card", "substitute") and not self.done:
            spots = card_spots(item.move)
            for p, k, j, mask in item.slots:
                container, key = spots[p]
                if not mask and container[key] in IDS:
                    real = IDS[container[key]]
                    container[key] = CODES[(real + 13) % 52]     # same rank, another suit
                    self.done = True
                    self._named = (k, j)
                    break
        return item

    def _check(self):
        try:
            super()._check()
        except Refused as e:      # its own lie: a cheater's page does not object to it
            if e.seat != self.seat:
                raise

    def _condense(self):
        """A cheater's moves go out as it made them (its illegal one is not folded away)."""

    def _compute(self):
        try:
            super()._compute()
        except Refused as e:      # nor does its copy of the game, which its lie may have broken: it stops
            if e.seat != self.seat:
                raise
            self._stop(self.seat, f"{self.names[self.seat]}: {e}", e.kind)

    def _shares_items(self, owed):
        if self.cheat == "substitute" and self._named is not None:
            owed = [o for o in owed if (o.deck, o.slot) != self._named]
            self._named = None
        items = super()._shares_items(owed)
        if self.cheat in ("wrong-share", "frame") and not self.done:
            for n, item in enumerate(items):
                for e, (k, j, recipient, value) in enumerate(item.entries):
                    changed = self._false_share(k, j, recipient, value, item.deal)
                    if changed is not None:
                        items[n] = changed
                        self.done = True
                        return items
        return items

    def _false_share(self, k, j, recipient, value, deal):
        """The Shares item for one false share: ``wrong-share`` another card's share under the true
        proof; ``frame`` another player's share of this card, proven anew with this player's key."""
        if recipient != wire.CLEAR:
            return None
        final = self._final(k)
        if self.cheat == "wrong-share":
            other = proofs.Clear(final[j][0], deck_mod.share_of(final[(j + 1) % len(final)], self._deal_x(deal)))
            true = proofs.Clear(final[j][0], curve.decode(value))
            label = [_share_label(k, j, recipient)]
            proof = proofs.prove_shares(self._deal_x(deal), _shares_context(self.table, self.seat, deal), [true], label, [None])
            return wire.Shares(deal, [(k, j, recipient, curve.encode(other.share))], proof)
        theirs = self.ledger.deck_shares(k).clear.get(j, {})
        victim = next((s for s in sorted(theirs) if s != self.seat), None)
        if victim is None:
            return None
        forged = proofs.Clear(final[j][0], theirs[victim])
        label = [_share_label(k, j, recipient)]
        proof = proofs.prove_shares(self._deal_x(deal), _shares_context(self.table, self.seat, deal), [forged], label, [None])
        return wire.Shares(deal, [(k, j, recipient, curve.encode(theirs[victim]))], proof)

    def _owed(self, compute: bool = True):
        items, shares = super()._owed(compute)
        if compute and self.cheat in ("stack", "false-proof") and not self.done:
            for n, item in enumerate(items):
                if isinstance(item, wire.Shuffle):
                    parts = [i for i in items if isinstance(i, wire.Shuffle) and i.deck == item.deck]
                    data = b"".join(i.data for i in parts)
                    made = deck_mod.Shuffled.decode(data, len(self.replay.calls[item.deck].items))
                    if self.cheat == "stack":
                        ace = self.points.point(0, 0)
                        key = self._joint(self.replay.deal_of(item.deck))
                        assert key is not None
                        for c in range(min(4, len(made.cards))):
                            r = 1000 + c
                            made.cards[c] = (curve.affine(curve.mul_g(r)),
                                             curve.affine(curve.add(curve.jacobian(ace), curve.mul(key, r))))
                    else:
                        made.proof.s1 = (made.proof.s1 + 1) % curve.N
                    data = made.encode()
                    for part in parts:
                        size = len(part.data)
                        part.data, data = data[:size], data[size:]
                    self.done = True
                    break
        return items, shares

    def _finalize(self):
        links = super()._finalize()
        if self.cheat == "equivocate" and not self.done:
            second = self._second_version(links)
            if second is not None:
                self.equivocal = (links, second)
                self.done = True
        if self.done and not self.cheat_seqs:
            self.cheat_seqs = tuple(wire.decode(wire.link_bytes(link), self.players).seq for link in links)
        return links

    def _second_version(self, links: list[str]) -> list[str] | None:
        """The same messages with another true shuffle in place of this one's (same numbers, signed)."""
        msgs = [wire.decode(wire.link_bytes(link), self.players) for link in links]
        shuffles = [i for m in msgs for i in m.items if isinstance(i, wire.Shuffle)]
        if not shuffles:
            return None
        k, stage = shuffles[0].deck, shuffles[0].stage
        inputs, prior = self._inputs(k, stage)
        key = self._joint(self.replay.deal_of(k))
        assert key is not None
        other = deck_mod.make_shuffle(inputs, bytes(32), key, self._shuffle_context(k, stage, self.seat, prior), prior)
        data = other.encode()
        out = []
        for m in msgs:
            items = []
            for i in m.items:
                if isinstance(i, wire.Shuffle) and i.deck == k and i.stage == stage:
                    size = len(i.data)
                    i = wire.Shuffle(k, stage, i.part, i.parts, data[:size])
                    data = data[size:]
                items.append(i)
            out.append(wire.encode(self.table, self.seat, m.seq, m.acks, items, self.sign_key, bytes(32)).link())
        return out

    def illegal_move(self, visible: bool = False) -> dict | None:
        """A move the rules forbid now that the game can still carry out: a legal move with its card
        replaced by another card this player holds (``visible``: one the game refuses for a reason
        every player can see)."""
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
                    if visible:
                        why = game._why_illegal(trial)
                        if not why or why.get("key") not in type(game).PUBLIC_REFUSALS:
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
             deals: int | None = None, watch: Any = None) -> Report:
    """Play a match (or its first ``deals`` deals, each verified by every page) between simulated
    players who exchange only links; ``reload_every``: each page is saved and loaded again after
    that many operations (the page keeps only the stored text between calls); ``watch(seat, page)``
    is called after everything a page does (a test reads what the page shows)."""
    t0 = time.perf_counter()
    first_pass = len(party_mod.SHUFFLE_TIMES)
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
    for s in range(1, players):          # the host reads each join's words to its player, and confirms
        host.open(chat.posts[s][0])
        join = next(j for j in host.joins() if j["seat"] == s)
        assert join["words"] == parties[s].fingerprint()
        _post(chat, host, 0, host.confirm(s, join["digest"])["new"], players)
    cursor = [0] * players
    cursor[0] = players
    operations = 0
    cheater_moves = 0
    while len(chat.posts) < max_posts:
        progress = False
        for i, p in enumerate(parties):
            while cursor[i] < len(chat.posts):
                link, poster = chat.posts[cursor[i]]
                cursor[i] += 1
                if poster == i or not chat.sees(cursor[i] - 1, i):
                    continue
                result = p.open(link)
                operations += 1
                if watch is not None:
                    watch(i, p)
                stopped = p.state["stopped"] if i != cheater else None     # the cheater's own page says nothing
                if stopped and stopped["seat"] is not None:
                    report.caught = stopped["text"]
                    report.culprit = stopped["seat"]
                    message = wire.decode(wire.link_bytes(link), players)
                    report.caught_on = (message.seat, message.seq)
                    _drain(chat, parties, cursor)
                    report.notes += [f"{names[t]}: {q.state['stopped']['text']}" for t, q in enumerate(parties)
                                     if q is not p and q.state["stopped"]]
                    return _finish(report, parties, chat, t0, first_pass)
                if result["outcome"] == "cheat" and stopped:
                    report.notes.append(f"{names[i]}: {stopped['text']}")
                if result["outcome"] == "refused" and i != cheater:
                    report.caught = f"{NAMES[poster]} posted a refused message: {result['text']}"
                    report.culprit = poster
                    return _finish(report, parties, chat, t0, first_pass)
                _post(chat, p, i, result["new"], players)
                progress = progress or bool(result["new"])
            if p.able():
                view = p.view()
                assert view is not None
                move = ai.choose_move(view, "normal", seed=seed * 7919 + view["move_count"])
                if i == cheater and isinstance(p, Cheater) and not p.done:
                    cheater_moves += 1
                    if cheat in ("illegal-move", "visible-illegal"):
                        bad = p.illegal_move(visible=cheat == "visible-illegal")
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
                        crafted = _crafted(p, cheat, parties[0])
                        p.cheat_seqs = (wire.decode(wire.link_bytes(crafted), players).seq,)
                        chat.post(crafted, i)
                        progress = True
                        continue
                result = p.play(move)
                operations += 1
                if watch is not None:
                    watch(i, p)
                _post(chat, p, i, result["new"], players)
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
            if _forward(chat, players):
                continue
            report.notes.append("stuck: " + "; ".join(f"{names[i]} waits for {p.waiting()}"
                                                       for i, p in enumerate(parties)))
            break
    return _finish(report, parties, chat, t0, first_pass)


def _post(chat: Chat, p: Party, i: int, links: list[str], players: int) -> None:
    """A page's new links into the chat; an equivocating cheater's two versions go to different
    players (the one who shuffles next gets the first), and once that player has answered, each
    version reaches the players who have not seen it (as chats forward)."""
    if isinstance(p, Cheater) and p.equivocal is not None:
        first, second = p.equivocal
        p.equivocal = None
        successor = (i + 1) % players
        for link in first:
            chat.post(link, i, only={successor})
        for link in second:
            chat.post(link, i, only={s for s in range(players) if s not in (i, successor)})
        chat.pending = (first, second, i, successor)
        return
    for link in links:
        chat.post(link, i)


def _drain(chat: Chat, parties: list[Party], cursor: list[int]) -> None:
    """After a cheat is named: every page reads what the chat holds (forwarded versions included)."""
    _forward(chat, len(parties))
    for i, p in enumerate(parties):
        while cursor[i] < len(chat.posts):
            link, poster = chat.posts[cursor[i]]
            cursor[i] += 1
            if poster != i and chat.sees(cursor[i] - 1, i):
                p.open(link)


def _forward(chat: Chat, players: int) -> bool:
    """Once the table cannot go on, each version of an equivocation reaches those who lack it."""
    if chat.pending is None:
        return False
    first, second, cheater, successor = chat.pending
    chat.pending = None
    for link in first:
        chat.post(link, cheater, only={s for s in range(players) if s not in (cheater, successor)})
    for link in second:
        chat.post(link, cheater, only={successor})
    return True


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
    report.cheat_seqs = next((p.cheat_seqs for p in parties if isinstance(p, Cheater)), ())
    report.pass_seconds = [t for _, t in party_mod.SHUFFLE_TIMES[first_pass:]]
    report.deck_sizes = [n for n, _ in party_mod.SHUFFLE_TIMES[first_pass:]]
    report.messages = len(chat.posts)
    report.longest = max(len(link) for link, _ in chat.posts)
    for link, _ in chat.posts:
        try:
            msg = wire.decode(wire.link_bytes(link), report.players)
        except wire.BadMessage:
            continue
        if any(isinstance(i, wire.Move) for i in msg.items):
            report.longest_move = max(report.longest_move, len(link))
    report.deals = parties[0].state["verified"]
    report.moves = len(parties[0].ledger.moves)
    report.seconds = time.perf_counter() - t0
    report.parties = list(parties)
    return report
