"""A remote table's game, replayed from its messages: the rules run unchanged, their chance answered
from the joint decks (``TableChance``), in several copies ("runs") that differ only in what stands in
for the cards nobody (or not this player) can see.

* The **base run** is the same on every page: a card opened to everyone is itself, every other card
  is a canonical stand-in ("label") computed from public facts only. It decides whose turn it is,
  tracks where every hidden slot of the decks goes, and asks the game's own secrecy rules
  (``Game.hidden_positions``) who sees which slot after each step: who is owed which lock.
* The **own run** is the base run with every card this player has opened put back: its view is
  this player's view of the real game (plus "??" for cards it may see but has not opened yet).
* **Marker runs** (games whose decks repeat card values) give a group of hidden slots other
  labels; comparing a marker run's zones with the base run's says exactly which zone (and place)
  each of those slots is in, whatever the game does with the cards (sorting hands, piles).

A run applies every move as its mover declared it: each card the move takes from a deck slot is
named by (deck, slot), and a card some seat may not see is "??" plus the seats it is hidden from
(the move's masks); a run puts in its own value for each slot. When a label would show a hidden
card (a label that is no Jack or Queen where Leopard lays a card face down), the slot is "pinned"
to the first label whose public form agrees, and the run starts again.

The runs assume what the five games satisfy: with the moves given, which zone a card goes to does
not depend on the hidden cards' values, except at a deal's end, whose scoring waits until every
player has revealed that deal's decks (``deal_ends``). Runs that nevertheless disagree raise
``Split``.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from ..cards import CODES, HIDDEN, IDS
from ..engine import Game
from ..text import render
from . import beacon as beacon_mod
from .wire import Move


class Split(ValueError):
    """The runs of a table disagree on what happened (a move or a rule depends on hidden cards)."""


class Refused(ValueError):
    """A message's content breaks the protocol or the rules as far as this page can check;
    ``seat`` is the sender to name."""

    def __init__(self, seat: int | None, text: str, kind: str = "protocol"):
        super().__init__(text)
        self.seat = seat
        self.kind = kind          # which breach: the page says remote.why.<kind> in its language


class _Restart(Exception):
    pass


def card_spots(move: Any) -> list[tuple[Any, Any]]:
    """Where a move's cards are: (container, key) for every card code or "??" string, in a fixed
    order (dict keys sorted, lists in order). A declaration's position indexes this list."""
    return [spot_at(move, path) for path in spot_paths(move)]


def spot_paths(move: Any) -> list[tuple]:
    """``card_spots`` as key paths from the move's root (to find the same spots in a copy)."""
    paths: list[tuple] = []

    def walk(node: Any, path: tuple) -> None:
        pairs = sorted(node.items()) if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in pairs:
            if isinstance(value, str):
                if value == HIDDEN or value in IDS:
                    paths.append(path + (key,))
            else:
                walk(value, path + (key,))

    walk(move, ())
    return paths


def spot_at(move: Any, path: tuple) -> tuple[Any, Any]:
    """The (container, key) that ``path`` leads to in ``move``."""
    container = move
    for key in path[:-1]:
        container = container[key]
    return container, path[-1]


def _copy_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    return value


def _same_form(a: Any, b: Any) -> bool:
    """Whether two JSON values are equal with the same types all through (so their texts are equal:
    1 and True, or 1 and 1.0, are not the same form)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(_same_form(v, b[k]) for k, v in a.items())
    if type(a) is list:
        return len(a) == len(b) and all(map(_same_form, a, b))
    return a == b


def _shape(move: Any, hidden: bool) -> str:
    """A move's canonical text; with ``hidden``, its cards blanked (a game may order cards a mover
    hides by their values, which stand-ins do not share)."""
    if hidden:
        move = copy.deepcopy(move)
        for container, key in card_spots(move):
            container[key] = HIDDEN
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def last_logged(game: Any, seat: int) -> Any:
    """The last move as ``seat``'s log shows it, also when that move ended the deal (the game's log
    then starts afresh)."""
    start = game._deal_start
    game._deal_start = min(start, len(game._record) - 1)
    try:
        return game.log(seat)[-1]["move"]
    finally:
        game._deal_start = start


def masked_seats(game: Any, position: int, players: int, skip: int | None) -> int:
    """Bit mask of the seats whose view of ``game``'s last logged move hides card ``position``."""
    bits = 0
    for s in range(players):
        if s == skip:
            continue
        entry = last_logged(game, s)
        spots = card_spots(entry)
        if position < len(spots):
            container, key = spots[position]
            if container[key] == HIDDEN:
                bits |= 1 << s
    return bits


def _relogged(game: Any, move: dict) -> Any:
    """A copy of ``game`` whose last logged move is ``move`` instead (to ask the game how it would
    show that move to each seat)."""
    twin = game.clone(history=True)
    twin._record[-1] = twin._record[-1]._replace(move=json.dumps(move, sort_keys=True, separators=(",", ":")))
    return twin


# ---- the facts a replay reads ------------------------------------------------------------------
@dataclass
class Facts:
    """What the messages say, as the replay needs it (built by ``party``)."""

    players: int
    host: int
    beacon: bytes | None
    moves: list[tuple[int, Move]]                     # (sender seat, move) in match order
    positioned: Callable[[int], bool]                 # deck k has its final slot order
    truth: Callable[[int], list[int] | None]          # deck k's verified card order
    public: dict[tuple[int, int], int]                # slots opened to everyone
    mine: dict[tuple[int, int], int]                  # slots opened to this page's player
    pins: dict[tuple[int, int], tuple[int, frozenset[int]]] = field(default_factory=dict)
    markers: int = 0                                  # marker runs (a hint; grows as needed)
    seat: int | None = None                           # whose own run (None: no own run)
    drafted: int = 1 << 30                            # moves from here on are this page's unsent draft
    checkpoint: "Checkpoint | None" = None            # start here (the game before a verified deal's end)
    keep: int = 0                                     # make a checkpoint before the end of deal ``keep``
    masks_ok: set = field(default_factory=set)        # (move, values) whose masks were found right
    legal_ok: set = field(default_factory=set)        # moves this page found legal as far as it sees
    step_cache: dict = field(default_factory=dict)    # step -> (its move, where, grants): see Replay
    committed: int = 0                                # moves in stored messages (cacheable steps)


@dataclass
class Checkpoint:
    """The true game just before the step that ends a verified deal (and deals the next one)."""

    step: int
    game: Any
    deck: int
    draw: int
    calls: dict[int, "DeckCall"]
    deal_decks: list[list[int]]
    deal_end_steps: list[int]
    verified: int


@dataclass
class DeckCall:
    index: int
    items: list[int]
    step: int
    trigger: int                                      # the seat whose move called it (the host at setup)
    labels: list[int] = field(default_factory=list)   # base run value of every slot
    hidden: list[int] = field(default_factory=list)   # slots not yet known to everyone


@dataclass
class Step:
    """What one step (0: the setup; i: move i-1) did, as the base run saw it."""

    index: int
    mover: int | None
    current: int | None
    deal: int
    over: bool
    decks: list[int]                                  # decks called during the step
    provisional: bool                                 # a deck not yet in place, or the beacon missing
    deal_end: bool
    sensitive: bool = False                           # its outcome depends on cards someone cannot see
    settled: bool = False
    displayable: bool = False
    where: dict[tuple[int, int], tuple[str, int | None]] = field(default_factory=dict)


class Run:
    """One copy of the game with its own values for hidden slots."""

    def __init__(self, sim: "Replay", kind: str, members: dict[tuple[int, int], int] | None = None,
                 high: bool = False):
        self.sim = sim
        self.kind = kind                              # "base", "own", "marker" or "probe"
        self.members = members if members is not None else {}   # marker run: slot -> marker value
        self.high = high                              # probe run: every hidden card the deck's highest
        self.game: Any = None
        self.values: dict[int, list[int]] = {}        # deck -> this run's value of every slot
        self._zones: dict[str, list[str]] | None = None
        self._sizes: dict[str, int] | None = None
        self.alive = True

    def moved(self, look: bool = False) -> None:
        """The game changed: its zones are read again when next asked for. ``look`` counts them now:
        a game may deal a new deal's cards when they are first looked at (Spades), and the base run
        must call each deck before the other runs do."""
        self._zones = None
        self._sizes = self._count() if look else None

    @property
    def zones(self) -> dict[str, list[str]]:
        """The game's zones now (read at most once a step, and only by a step that needs them)."""
        if self._zones is None:
            self._zones = self.game._zones()
        return self._zones

    @property
    def sizes(self) -> dict[str, int]:
        """How many cards each zone holds now."""
        if self._sizes is None:
            self._sizes = self._count()
        return self._sizes

    def _count(self) -> dict[str, int]:
        if self._zones is None and type(self.game)._zone_sizes is not Game._zone_sizes:
            return self.game._zone_sizes()       # the game counts them without listing them
        return {zone: len(cards) for zone, cards in self.zones.items()}

    def value(self, k: int, j: int) -> int:
        """This run's value of slot ``j`` of deck ``k`` (what ``values`` holds once the run called it)."""
        facts = self.sim.facts
        truth = self.sim.truth(k)
        if truth is not None:
            return truth[j]
        found = facts.public.get((k, j))
        if found is not None:
            return found
        if self.kind == "own":
            found = facts.mine.get((k, j))
            if found is not None:
                return found
        elif self.kind == "marker":
            found = self.members.get((k, j))
            if found is not None:
                return found
        elif self.kind == "probe":
            items = self.sim.calls[k].items
            return max(items) if self.high else min(items)
        return self.sim.calls[k].labels[j]


class TableChance:
    """The rules' chance at a remote table (``pygames.cards.Chance``): the k-th shuffle is the k-th
    joint deck, face-up cards and public numbers come from the beacon."""

    def __init__(self, run: Run, deck: int = 0, draw: int = 0):
        self.run = run
        self.deck = deck
        self.draw = draw

    def shuffle(self, items: list) -> list:
        k = self.deck
        self.deck += 1
        items[:] = self.run.sim.deck_values(self.run, k, items)
        return items

    def face_up(self, items: list, k: int) -> list:
        stream = self._stream()
        return list(items[:k]) if stream is None else stream.shuffle(list(items))[:k]

    def below(self, n: int) -> int:
        stream = self._stream()
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return 0 if stream is None else stream.below(n)

    def _stream(self) -> beacon_mod.Stream | None:
        i = self.draw
        self.draw += 1
        sim = self.run.sim
        if sim.facts.beacon is None:
            sim.mark_provisional()
            return None
        return beacon_mod.Stream(sim.facts.beacon, i)

    def copy(self) -> "TableChance":
        return TableChance(self.run, self.deck, self.draw)


class Replay:
    """Replays a table's game from its messages; see the module docstring."""

    def __init__(self, game_cls: Any, options: dict, facts: Facts):
        self.cls = game_cls
        self.options = options
        self.facts = facts
        self.calls: dict[int, DeckCall] = {}
        self.steps: list[Step] = []
        self.entitled: dict[tuple[int, int], int] = {}    # slot -> bit mask of seats that saw it
        self.entitled_at: dict[tuple[int, int], int] = {} # slot -> last step its mask grew
        self.first: dict[tuple[int, int], int] = {}       # slot -> who could see it first (its keeper: the lowest)
        self.shown: set[tuple[int, int]] = set()          # slots a move named in the clear
        self.deal_decks: list[list[int]] = [[]]           # decks of each deal, from the first
        self.deal_end_steps: list[int] = []
        self.marker_mode = False
        self._step = 0
        self._mover: int | None = None
        self._called: list[int] = []
        self._provisional = False
        self.base: Run | None = None
        self.own: Run | None = None
        self.own_shown: Any = None        # the own run's game at the last displayable step
        self.shown_step = 0
        self.runs: list[Run] = []
        self.checkpoint: Checkpoint | None = None
        self._public_due: set[tuple[int, int]] = set()
        self._values: dict[int, list[int]] = {}
        self._truths: dict[int, list[int] | None] = {}
        self._paths: dict[int, list[tuple]] = {}         # move index -> its spot_paths (one replay's)
        self._work: tuple[int, Any, list] | None = None  # (move index, a copy of it, its card spots)

    @property
    def base_run(self) -> Run:
        """The base run (public slots true, the rest labels); there is one once a replay started."""
        assert self.base is not None, "no replay has started"
        return self.base

    @property
    def own_run(self) -> Run:
        """This party's own run (its own cards true); there is one once a replay started."""
        assert self.own is not None, "no replay has started"
        return self.own

    # ---- the chance source's callbacks ----------------------------------------------------------
    def mark_provisional(self) -> None:
        self._provisional = True

    def deck_values(self, run: Run, k: int, items: list) -> list[int]:
        call = self.calls.get(k)
        if call is None:
            if run is not self.base:
                raise Split("a copy shuffled a deck the others did not")
            if any(type(c) is not int or not 0 <= c < 256 for c in items):
                raise ValueError("a remote table shuffles card ids only")
            trigger = self.facts.host if self._mover is None else self._mover
            call = self.calls[k] = DeckCall(k, list(items), self._step, trigger)
            self._label(call)
            if len(set(items)) < len(items):
                self.marker_mode = True
            self._called.append(k)
            self.deal_decks[-1].append(k)
        elif call.items != list(items):
            raise Split(f"the copies shuffled different cards for deck {k}")
        if run is self.base and not self.facts.positioned(k) and self.truth(k) is None:
            self._provisional = True
        base = self._values.get(k)
        if base is None:
            base = self._values[k] = [self.base_run.value(k, j) for j in range(len(items))]
        if run is self.base or self.truth(k) is not None:
            out = list(base)
        elif run.kind == "probe":
            v = max(items) if run.high else min(items)
            public = self.facts.public
            out = [x if (k, j) in public else v for j, x in enumerate(base)]
        else:
            out = list(base)
            extra = self.facts.mine if run.kind == "own" else run.members
            for (kk, j), v in extra.items():
                if kk == k and (k, j) not in self.facts.public:
                    out[j] = v
        run.values[k] = out          # the run's value of each slot, as Run.value gives it
        return out                   # the shuffle copies it into its own list (TableChance.shuffle)

    def truth(self, k: int) -> list[int] | None:
        """Deck ``k``'s verified order (``facts.truth``, asked once a replay: the facts do not
        change while it runs)."""
        truths = self._truths
        if k not in truths:
            truths[k] = self.facts.truth(k)
        return truths[k]

    def _label(self, call: DeckCall) -> None:
        """Canonical labels: pinned slots take their pins, every other slot not opened to everyone
        takes what is left of the deck's cards, smallest first, in slot order."""
        k = call.index
        truth = self.facts.truth(k)
        if truth is not None:
            call.labels = list(truth)
            return
        pool = Counter(call.items)
        labels = [-1] * len(call.items)
        for j in range(len(call.items)):
            v = self.facts.public.get((k, j))
            if v is not None:
                labels[j] = v
                pool[v] -= 1
        for j in range(len(call.items)):
            pin = self.facts.pins.get((k, j))
            if labels[j] < 0 and pin is not None and pool[pin[0]] > 0:
                labels[j] = pin[0]
                pool[pin[0]] -= 1
        rest = sorted(pool.elements())
        rest.reverse()
        for j in range(len(call.items)):
            if labels[j] < 0:
                labels[j] = rest.pop()
                call.hidden.append(j)
            elif (k, j) not in self.facts.public:
                call.hidden.append(j)
        call.labels = labels

    # ---- running ------------------------------------------------------------------------------
    def run(self) -> "Replay":
        for _ in range(200):
            try:
                self._run_once()
                return self
            except _Restart:
                continue
        raise Split("the table's copies could not agree on stand-ins for the hidden cards")

    def _reset(self) -> None:
        self.calls = {}
        self.steps = []
        self.entitled = {}
        self.entitled_at = {}
        self.first = {}
        self.shown = set()
        self.deal_decks = [[]]
        self.deal_end_steps = []
        self.own_shown = None
        self.shown_step = 0
        self.checkpoint = None
        self._public_due = set()
        self._values = {}
        self._truths = {}
        self._work = None

    def _run_once(self) -> None:
        self._reset()
        facts = self.facts
        self.base = Run(self, "base")
        self.runs = [self.base]
        self._groups: list[dict[tuple[int, int], int]] = [dict() for _ in range(facts.markers)]
        self._used: list[set[int]] = [set() for _ in range(facts.markers)]
        self.runs += [Run(self, "marker", g) for g in self._groups]
        self.own = Run(self, "own") if facts.seat is not None else None
        if self.own is not None:
            self.runs.append(self.own)
        self.probes = [Run(self, "probe", high=False), Run(self, "probe", high=True)]
        self.runs += self.probes
        self.own_split: int | None = None
        settled = displayable = True
        start = 0
        cp = facts.checkpoint
        if cp is not None:
            start = cp.step
            self.calls = {k: copy.copy(c) for k, c in cp.calls.items()}
            self.deal_decks = [list(d) for d in cp.deal_decks]
            self.deal_end_steps = list(cp.deal_end_steps)
            self.steps = [Step(i, None, None, 0, False, [], False, False, settled=True, displayable=True)
                          for i in range(start)]
            for run in self.runs:
                run.game = cp.game.clone(history=True)
                run.game.chance = TableChance(run, cp.deck, cp.draw)
        candidate = None
        for i in range(start, len(facts.moves) + 1):
            self._step = i
            self._called = []
            self._provisional = False
            mover = None if i == 0 else facts.moves[i - 1][0]
            self._mover = mover
            before = self.base_run.game
            deal_before = None if before is None else before.deal_number
            self._deal_before = deal_before
            snapshot = None
            if (i > 0 and facts.keep and len(self.deal_end_steps) == facts.keep - 1 and self.checkpoint is None
                    and (cp is None or cp.verified < facts.keep)):
                chance = before.chance
                candidate = Checkpoint(i, before.clone(history=True), chance.deck, chance.draw,
                                       {k: copy.copy(c) for k, c in self.calls.items()},
                                       [list(d) for d in self.deal_decks], list(self.deal_end_steps), facts.keep)
            for run in self.runs:
                if not run.alive:
                    continue
                if run.kind == "probe":
                    try:
                        if i == 0:
                            run.game = self.cls(players=facts.players, options=self.options, seed=0,
                                                chance=TableChance(run))
                        else:
                            self._apply(run, i - 1)
                        run.moved()
                    except Exception:      # a probe's stand-ins broke a rule's assumption: it says nothing
                        run.alive = False
                    continue
                if i == 0:
                    run.game = self.cls(players=facts.players, options=self.options, seed=0,
                                        chance=TableChance(run))
                else:
                    if run is self.own and displayable and self.own_shown is None and self._hides_next():
                        snapshot = run.game.clone(history=True)    # this step will not be shown
                    self._apply(run, i - 1)
                run.moved(look=run.kind in ("base", "own"))   # probes and markers look only when asked
                if run is self.base:
                    self._plan(self._called)
            g = self.base_run.game
            deal_end = i > 0 and (g.deal_number != deal_before or g.is_over)
            if self._agree(deal_end, deal_before) and self.own_split is None:
                self.own_split = i            # this player must show its cards; nothing shown meanwhile
                self.own_run.alive = False
                if self.own_shown is None:
                    self.own_shown = snapshot
            sensitive = self._probe(deal_end, deal_before)
            step = Step(i, mover, g.current_player, g.deal_number, g.is_over, list(self._called),
                        self._provisional, deal_end, sensitive)
            self.steps.append(step)
            if sensitive or self.own_split == i:
                settled = displayable = False
            if deal_end:
                self.deal_end_steps.append(i)
                if candidate is not None and len(self.deal_end_steps) == facts.keep:
                    self.checkpoint = candidate
                candidate = None
                ended = self.deal_decks[-1]
                # decks called in this step belong to the next deal
                fresh = [k for k in ended if k in step.decks]
                self.deal_decks[-1] = [k for k in ended if k not in step.decks]
                self.deal_decks.append(fresh)
                if not all(facts.truth(k) is not None for k in self.deal_decks[-2]):
                    settled = displayable = False
            if step.provisional:
                settled = False
            if facts.beacon is None:
                displayable = False
            step.settled, step.displayable = settled, displayable
            item = None if i == 0 else facts.moves[i - 1][1]
            cached = facts.step_cache.get(i)
            if cached is not None and cached[0] is not item:
                cached = None
            if displayable:
                if cached is not None and cached[1] is not None:
                    step.where = cached[1]
                else:
                    step.where = self._locate()
                self.shown_step = i
            grants = None
            if settled:
                if cached is not None and cached[2] is not None:
                    grants = cached[2]
                    for slot, bits in grants:
                        self._grant(slot, bits, i)
                else:
                    grants = self._entitle(step)
            if i <= facts.committed and (cached is None or cached[1] is None or cached[2] is None):
                facts.step_cache[i] = (item, step.where if displayable else None, grants)
            if settled and self._unopened_public():
                # a card everyone may see is not yet open to everyone: nothing after it is certain
                step.settled = settled = False
            if snapshot is not None and not displayable and self.own_shown is None:
                self.own_shown = snapshot
        if self.own is not None and self.own_shown is None and self.own_split is None:
            self.own_shown = self.own_run.game

    def _hides_next(self) -> bool:
        """After the base run has played this step: will it be hidden from view (a deal it ends
        whose decks are not all revealed)?"""
        g = self.base_run.game
        ended = g.is_over or g.deal_number != self._deal_before
        return ended and not all(self.facts.truth(k) is not None for k in self.deal_decks[-1] if k not in self._called)

    def _apply(self, run: Run, m: int) -> None:
        seat, item = self.facts.moves[m]
        g = run.game
        if run is self.base and g.current_player != seat:
            raise Refused(seat, f"move {m + 1} is not its sender's turn", "move_rules")
        move, spots = item.move, []
        if item.slots:       # one copy a step, which every run fills with its own values of the slots
            work = self._work
            if work is None or work[0] != m:
                paths = self._paths.get(m)
                if paths is None:
                    paths = self._paths[m] = spot_paths(item.move)
                copied = _copy_json(item.move)
                work = self._work = (m, copied, [spot_at(copied, path) for path in paths])
            move, spots = work[1], work[2]
        if run is self.base:        # the other runs play the same move after it: checked once
            self._check_slots(m, seat, item, spots)
        values = run.values
        for p, k, j, _mask in item.slots:
            container, key = spots[p]
            slots = values.get(k)      # none for a deck called before the run's checkpoint
            container[key] = CODES[run.value(k, j) if slots is None else slots[j]]
        if run is self.base and any(container[key] == HIDDEN for container, key in spots):
            raise Refused(seat, f"move {m + 1} hides a card without saying where it comes from", "move_hides")
        if run is self.own and run.alive and seat != self.facts.seat and m < self.facts.drafted \
                and m not in self.facts.legal_ok:
            self._check_visible(m, seat, item, move)
        try:
            action = g.move_to_action(move)
            if action is None:
                raise ValueError("not a move")
            if run is self.base and m < self.facts.drafted:
                hidden = any(mask for _p, _k, _j, mask in item.slots)
                shown = g.action_to_move(action)
                if not _same_form(shown, move) and _shape(shown, hidden) != _shape(move, hidden):
                    raise ValueError("not in the game's own form")
            if run.kind in ("base", "own"):
                g.play_unchecked(action)      # recorded: logs are read from these two
            else:
                g.apply_action(action)
        except Refused:
            raise
        except Exception as e:      # the move cannot even be applied: it names what is not there
            if run is self.base:
                raise Refused(seat, f"move {m + 1} cannot be played ({type(e).__name__}: {str(e)[:80]})", "move_rules") from None
            raise Split(f"move {m + 1} could not be applied in a copy ({type(e).__name__})") from None
        if run is self.base:
            self._check_masks(m, seat, item, move)
            everyone = (1 << self.facts.players) - 1
            for _p, k, j, mask in item.slots:
                self._grant((k, j), everyone & ~mask, self._step)
                if not mask:
                    self.shown.add((k, j))

    def _check_visible(self, m: int, seat: int, item: Move, move: dict) -> None:
        """The rules, run on arrival where this page knows every card of another player's move: a
        move the game refuses for a reason every player can see (``Game.PUBLIC_REFUSALS``: the piles,
        the table, the move's own cards) names its mover now; a refusal that may rest on cards hidden
        from this page (what the mover holds besides) waits for the deal's end."""
        facts = self.facts
        for _p, k, j, mask in item.slots:
            if mask or not (self.truth(k) is not None or (k, j) in facts.public or (k, j) in facts.mine):
                return                          # a card this page cannot see yet: checked later
        g = self.own_run.game
        if g.find_legal(move) is None:
            try:
                reason = g._why_illegal(move)
            except Exception:                   # a malformed move: Replay._apply names it below
                reason = None
            if reason and reason.get("key") in type(g).PUBLIC_REFUSALS:
                raise Refused(seat, f"move {m + 1} breaks the rules: {render(reason)}", "move_rules")
        facts.legal_ok.add(m)

    def _check_slots(self, m: int, seat: int, item: Move, spots: list) -> None:
        """Every card a move takes from the decks is named once, from a slot that exists, and one its
        mover could see; a card it names is open to everyone (its message opens it)."""
        declared = set()
        for p, k, j, mask in item.slots:
            if p >= len(spots) or p in declared:
                raise Refused(seat, f"move {m + 1} declares a card it does not name", "move_card")
            declared.add(p)
            call = self.calls.get(k)
            if call is None or j >= len(call.items):
                raise Refused(seat, f"move {m + 1} takes a card from a deck slot that does not exist", "move_card")
            if not (self.entitled.get((k, j), 0) >> seat & 1 or (k, j) in self.facts.public
                    or self.truth(k) is not None):
                raise Refused(seat, f"move {m + 1} plays a card its mover could not have seen", "move_card")
            if not mask and (k, j) not in self.facts.public and self.truth(k) is None:
                raise Refused(seat, f"move {m + 1} names a card it does not open to everyone", "move_card")

    def _check_masks(self, m: int, seat: int, item: Move, move: dict) -> None:
        """Every card a move hides must look hidden to exactly the seats its mover said; a label that
        would show it is replaced by the first that does not (a pin), and the replay starts again."""
        g = self.base_run.game
        players = self.facts.players
        key = (m, tuple(self.base_run.value(k, j) for _p, k, j, _mask in item.slots))
        if key in self.facts.masks_ok:
            return
        for p, k, j, mask in item.slots:
            if not mask:
                continue
            if mask & (1 << seat):
                raise Refused(seat, f"move {m + 1} hides a card from its own mover", "move_hides")
            if masked_seats(g, p, players, seat) == mask:
                continue
            if (k, j) in self.facts.public or self.facts.truth(k) is not None:
                raise Refused(seat, f"move {m + 1} hides a card that is not hidden", "move_hides")
            candidates = []
            for value in sorted(set(self.calls[k].items)):
                trial = copy.deepcopy(move)
                container, key = card_spots(trial)[p]
                container[key] = CODES[value]
                if masked_seats(_relogged(g, trial), p, players, seat) == mask:
                    candidates.append(value)
            if not candidates:
                raise Refused(seat, f"move {m + 1} hides a card in a way no card can be hidden", "move_hides")
            taken = Counter(v for (kk, jj), (v, _) in self.facts.pins.items() if kk == k and (kk, jj) != (k, j))
            taken.update(v for (kk, _), v in self.facts.public.items() if kk == k)
            left = Counter(self.calls[k].items) - taken
            usable = [v for v in candidates if left[v] > 0]
            if not usable:
                raise Refused(seat, f"move {m + 1} hides a card none of the remaining cards can be", "move_hides")
            self.facts.pins[(k, j)] = (usable[0], frozenset(candidates))
            raise _Restart()
        self.facts.masks_ok.add(key)

    def _same(self, run: Run, deal_end: bool, deal_before: int | None) -> bool:
        """Whether ``run`` followed the base run through this step: at a deal's end, whether it ended
        the deal too (the scores wait for the deal's seeds); else whose turn, deal, and card counts."""
        g, h = self.base_run.game, run.game
        if deal_end:
            return h.deal_number != deal_before or h.is_over
        if (h.current_player, h.deal_number, h.is_over) != (g.current_player, g.deal_number, g.is_over):
            return False
        if run.kind != "own":
            return True
        return run.sizes == self.base_run.sizes

    def _agree(self, deal_end: bool, deal_before: int | None) -> bool:
        """Marker runs must follow the base run (Split otherwise); returns whether the own run did not
        (this player's cards decided something the others cannot see: it must show them)."""
        for run in self.runs[1:]:
            if run.kind == "marker" and not self._same(run, deal_end, deal_before):
                raise Split("the copies disagree on what happened")
        own = self.own
        return own is not None and own.alive and not self._same(own, deal_end, deal_before)

    def _probe(self, deal_end: bool, deal_before: int | None) -> bool:
        """Whether the step's outcome depends on hidden cards: the probe runs, every hidden card the
        deck's lowest or highest, did not follow the base run. (Spooneye asks whether anyone can
        play; which cards are hidden decides it.)"""
        sensitive = False
        for run in self.probes:
            if run.alive and not self._same(run, deal_end, deal_before):
                sensitive = True
                run.alive = False
        return sensitive

    # ---- tracking -------------------------------------------------------------------------------
    def _hidden_slots(self) -> list[tuple[int, int]]:
        out = []
        for k, call in self.calls.items():
            if self.facts.truth(k) is not None:
                continue
            out += [(k, j) for j in call.hidden if (k, j) not in self.facts.public]
        return out

    def _plan(self, called: list[int]) -> None:
        """Marker mode: put the new decks' hidden slots into marker groups (values distinct within a
        group); more groups than runs means a restart with more marker runs."""
        if not self.marker_mode or not called:
            return
        universe = sorted({c for call in self.calls.values() for c in call.items})
        for k in called:
            call = self.calls[k]
            for j in call.hidden:
                label = call.labels[j]
                pin = self.facts.pins.get((k, j))
                allowed = sorted(pin[1]) if pin else universe
                placed = False
                for r, group in enumerate(self._groups):
                    used = self._used[r]
                    if label in used:
                        continue
                    marker = next((v for v in allowed if v not in used and v != label), None)
                    if marker is None:
                        continue
                    group[(k, j)] = marker
                    used.update((label, marker))
                    placed = True
                    break
                if not placed:
                    self.facts.markers += 1
                    raise _Restart()

    def _locate(self) -> dict[tuple[int, int], tuple[str, int | None]]:
        """Where every hidden slot is after this step: zone and place (None where the place is not
        needed: the zone is hidden alike at every place)."""
        where: dict[tuple[int, int], tuple[str, int | None]] = {}
        base = self.base_run.zones
        hidden = self._hidden_slots()
        if not hidden:
            return where
        if not self.marker_mode:
            label_of = {self.calls[k].labels[j]: (k, j) for k, j in hidden}
            for zone, cards in base.items():
                for i, code in enumerate(cards):
                    slot = label_of.get(IDS[code])
                    if slot is not None:
                        if slot in where:
                            raise Split("two hidden slots share a stand-in")
                        where[slot] = (zone, i)
            return where
        for run in self.runs:
            if run.kind != "marker" or not run.members:
                continue
            by_marker = {}
            for slot, marker in run.members.items():
                if slot[0] in self.calls and self.facts.truth(slot[0]) is None and slot not in self.facts.public:
                    by_marker[marker] = slot
            for zone, cards in run.zones.items():
                other = base[zone]
                if cards == other:
                    continue
                extra = Counter(cards) - Counter(other)
                differ: dict[str, list[int]] = {}          # code -> the places where it differs from base
                for i, (a, b) in enumerate(zip(cards, other)):
                    if a != b:
                        differ.setdefault(a, []).append(i)
                for code in extra:
                    slot = by_marker.get(IDS[code])
                    if slot is None:
                        continue
                    places = differ.get(code, [])
                    where[slot] = (zone, places[0] if len(places) == 1 else None)
        return where

    def _entitle(self, step: Step) -> list[tuple[tuple[int, int], int]]:
        """Record who may see each located hidden slot after this step (the game's own mask rules on
        the base run); returns the grants."""
        g = self.base_run.game
        players = self.facts.players
        masks: dict[str, list[Any]] = {}
        grants = []
        for slot, (zone, place) in step.where.items():
            size = self.base_run.sizes[zone]
            rules = masks.get(zone)
            if rules is None:
                rules = masks[zone] = [g.hidden_positions(zone, size, s) for s in range(players)]
            bits = 0
            for s, hidden in enumerate(rules):
                n = len(hidden)
                if n == 0:
                    bits |= 1 << s
                elif n == size:
                    continue
                elif place is None:
                    raise Split(f"cannot tell where a card lies in {zone}")
                elif place not in hidden:
                    bits |= 1 << s
            if bits:
                grants.append((slot, bits))
                self._grant(slot, bits, step.index)
        return grants

    def _unopened_public(self) -> bool:
        everyone = (1 << self.facts.players) - 1
        for slot in list(self._public_due):
            if self.entitled.get(slot) != everyone or slot in self.facts.public or self.facts.truth(slot[0]) is not None:
                self._public_due.discard(slot)
        return bool(self._public_due)

    def _grant(self, slot: tuple[int, int], bits: int, step: int) -> None:
        old = self.entitled.get(slot, 0)
        if not old and bits:
            self.first[slot] = bits
        if bits | old != old:
            self.entitled[slot] = old | bits
            self.entitled_at[slot] = step
            if old | bits == (1 << self.facts.players) - 1:
                self._public_due.add(slot)

    # ---- results --------------------------------------------------------------------------------
    @property
    def last(self) -> Step:
        return self.steps[-1]

    def keeper(self, slot: tuple[int, int]) -> int | None:
        """The seat that keeps a slot's last share back: the lowest of those who could see it first.
        Everyone else gives its share in the clear as soon as anyone may see the card; the keeper
        seals its share to each player who may see it, and opens it in the clear once a move names
        the card, so nobody who may not see a card can open it, onlookers of the chat included."""
        bits = self.first.get(slot, 0)
        return (bits & -bits).bit_length() - 1 if bits else None

    def deal_of(self, k: int) -> int:
        """The deal (from 0) whose decks include deck ``k``."""
        for d, decks in enumerate(self.deal_decks):
            if k in decks:
                return d
        raise KeyError(k)

    def pass_order(self, k: int) -> list[int]:
        first = self.calls[k].trigger
        n = self.facts.players
        return [(first + i) % n for i in range(n)]
