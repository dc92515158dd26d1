"""What every game shares: validation of players and options, the JSON contract (legal moves, play with
refusal that leaves the state untouched, history, views, saves) built once on the action interface
that each game implements, declared secrets and move shapes, determinization and the chance source.

A game module subclasses :class:`Game` and provides what it declares abstract below (each with a
one-line docstring), its class attributes (``GAME_ID``, ``TITLE``, ``PLAYERS``, ``DEFAULT_PLAYERS``,
``OPTIONS``, ``DEFAULT_OPTIONS``, ``SECRETS``, ``MOVES``, ``TEXTS``, ``LINK_SINCE``), and optionally
the hooks that have a default here (``sides``, ``_why_illegal``, ``_public_move``, ``_hidden_in``,
``_deal_hidden``, ``_clone_nested``, ``info_key``, ``QUERIES``). It is registered once in
:mod:`pygames.games`, which is all a new game needs to exist for everything generic.
"""

from __future__ import annotations

import json
import os
import re
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Callable, ClassVar, NamedTuple, Self, Union

from .cards import HIDDEN, Rng
from .text import message, render, shown

if TYPE_CHECKING:
    from .cards import Chance

Move = dict[str, Any]          # a move as JSON: {"type": ..., ...}; shapes per game in docs/rules/<game>.md
View = dict[str, Any]          # a seat's view as JSON (see Game.view)
Message = dict[str, Any]       # {"key": ..., **params}: words for people (pygames.text)
Action = Any                   # a game's hashable action key (an int where cheap)
Shape = dict[str, Union[None, "Shape"]]   # a move type's keys: None, or the shape of a nested object

# how one seat's view of a zone is masked: see Game.hidden_positions
OTHERS, EVERYONE, UNDER_TOP, CUSTOM = "others", "everyone", "under_top", "custom"


class IllegalMove(ValueError):
    """A move the rules do not allow now; the game is unchanged. ``.key`` / ``.params`` are the
    message for the page to render; ``str()`` is its English text."""

    def __init__(self, key: str | Message, params: dict[str, Any] | None = None) -> None:
        if isinstance(key, dict):
            params, key = {k: v for k, v in key.items() if k != "key"}, str(key["key"])
        self.key: str = key
        self.params: dict[str, Any] = dict(params or {})
        super().__init__(render({"key": key, **self.params}))

    @property
    def message(self) -> Message:
        return {"key": self.key, **self.params}


class BadSave(ValueError):
    """A saved game (JSON) that cannot be restored."""


class MoveRecord(NamedTuple):
    """One move played: who played it, which of how many legal actions it was (``pick`` of
    ``choices``; None in a state rebuilt from a view), and the move as JSON text."""
    seat: int
    pick: int | None
    choices: int | None
    move: str
    drew: tuple[tuple[int, str], ...] = ()   # (seat, card code) for each card the move made a seat draw


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class Game(ABC):
    GAME_ID: ClassVar[str]
    TITLE: ClassVar[str]
    PLAYERS: ClassVar[tuple[int, ...]] = (2,)
    DEFAULT_PLAYERS: ClassVar[int] = 2
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {}   # name -> allowed values, the default first
    DEFAULT_OPTIONS: ClassVar[dict[str, Any]] = {}       # a default that is not the first value
    LINK_SINCE: ClassVar[int] = 1     # the first share-link format version whose moves this game replays
    SECRETS: ClassVar[dict[str, str]] = {}   # zone pattern -> who cannot see it (see hidden_positions)
    MOVES: ClassVar[dict[str, Shape]] = {}   # move type -> its keys besides "type" (see check_shape)
    # refusals (``_why_illegal`` keys) that rest only on what every player sees - the piles, the table,
    # the move's own cards - never on a hidden hand: a remote table names a move refused so on arrival
    PUBLIC_REFUSALS: ClassVar[frozenset[str]] = frozenset()
    QUERIES: ClassVar[dict[str, Callable[..., Any]]] = {}   # the game's helpers for the front end (bridge.query)
    TEXTS: ClassVar[dict[str, str]] = {     # message key -> English template, every key the game emits
        "engine.match_over": "The match is over; start a new game.",
        "engine.not_a_move": "That is not a legal move now.",
        "engine.wrong_seat": "It is not that player's turn.",
        "engine.replay_refused": "move {n} ({move}) cannot be played: {reason}",
        "engine.unknown_key": "A {type} move has no {field}.",
        # the card refusals every game makes: a move's card that is no card code, or not the mover's
        "engine.not_a_card": "{card} is not a card code (rank A23456789TJQK + suit SHDC, e.g. QS).",
        "engine.not_in_hand": "{card:card} is not in your hand.",
    }

    players: int
    options: dict[str, Any]
    seed: int
    chance: Chance
    deal_number: int

    def __init__(self, players: int | None = None, options: dict[str, Any] | None = None,
                 seed: int | None = None, chance: Chance | None = None) -> None:
        """``chance``: where the rules' chance comes from; by default the generator seeded with ``seed``
        (a remote table supplies its joint deck instead, see ``pygames.cards.Chance``)."""
        self.players = self._check_players(players)
        self.options = self._check_options(options)
        if seed is None:
            seed = int.from_bytes(os.urandom(7), "big") >> 3     # 53 bits, like a JS number
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
            raise ValueError(f"seed must be an integer from 0 to 2**64 - 1, got {shown(seed)}")
        self.seed = seed
        self.chance = Rng(seed) if chance is None else chance
        self._record: list[MoveRecord] = []   # one per move played
        self._before = 0         # moves played before _record starts (a history-less copy)
        self._deal_start = 0     # where the current deal starts in _record
        self._deal_ends: list[list[int]] = []   # the scores as each deal ended, for match_result()
        self.deal_number = 1
        self._setup()

    # ---- what a game provides -------------------------------------------------------------------
    @abstractmethod
    def _setup(self) -> None:
        """Deal the first hand (all chance from ``self.chance``); keep ``self.deal_number`` current."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, None once the match is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the whole match (every deal) is finished."""

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Match totals per seat (partners share their side's total)."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The legal actions, in legal_moves() order; a key means the same move in every state that
        looks the same to the seat to act."""

    @abstractmethod
    def apply_action(self, action: Action) -> None:
        """Apply one of legal_actions(): no validation, no history, no JSON (search's hot path)."""

    @abstractmethod
    def action_to_move(self, action: Action) -> Move:
        """The JSON move an action stands for."""

    @abstractmethod
    def move_to_action(self, move: Move) -> Action | None:
        """The action a JSON move names (None, or any exception, for what is not a move)."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Per seat, zero-sum: the seat's side's points minus the others' (deal margin or match)."""

    @abstractmethod
    def _zones(self) -> dict[str, list[str]]:
        """Zone name -> card codes bottom to top, every card of the game in exactly one zone."""

    def _zone_sizes(self) -> dict[str, int]:
        """Zone name -> how many cards it holds (a remote table compares them every move; a game
        whose zones are long to list may count them without listing them)."""
        return {zone: len(cards) for zone, cards in self._zones().items()}

    @abstractmethod
    def _view_fields(self, seat: int | None) -> dict[str, Any]:
        """The game's other view fields for ``seat``: public facts and the seat's own, never a card
        the seat cannot see."""

    @classmethod
    @abstractmethod
    def deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        """Every card code of the game (two-deck games repeat codes)."""

    @classmethod
    @abstractmethod
    def _from_view(cls, view: View, zones: dict[str, list[str]]) -> Self:
        """A full state agreeing with a seat's view whose hidden cards are ``zones`` (filled in);
        start from ``cls._blank(view)``. Used by :meth:`determinize`."""

    # ---- optional hooks (defaults) --------------------------------------------------------------
    @classmethod
    def sides(cls, players: int) -> list[tuple[int, ...]]:
        """The seats that play together: one tuple a side (partners share a side and a score)."""
        return [(s,) for s in range(players)]

    def _why_illegal(self, move: Move) -> Message | None:
        """A precise refusal for a move that is not legal now (None: the engine's generic one)."""
        return None

    # cards drawn during the move being recorded (play_index / play_unchecked), None otherwise: a search's
    # apply_action notes nothing
    _draws: list[tuple[int, str]] | None = None

    def _drew(self, seat: int, code: str) -> None:
        """A game calls this when ``seat`` draws ``code`` into its own hidden hand: the move's log entry
        names the card to that seat only (others read "a card")."""
        if self._draws is not None:
            self._draws.append((seat, code))

    def _public_move(self, move: Move, seat: int | None, mover: int) -> Move:
        """``move`` (made by ``mover``) as ``seat`` may see it in the log (another's face-down card
        becomes ``"??"``)."""
        return move

    def _hidden_in(self, zone: str, size: int, seat: int, owner: int | None) -> range | list[int] | tuple[int, ...]:
        """Positions of a ``custom`` secret zone that ``seat`` cannot see."""
        raise NotImplementedError(f"{type(self).__name__} declares zone {zone!r} custom")

    def _clone_nested(self, g: Self) -> None:
        """Copy the lists inside lists (hands, piles) into the clone ``g``."""

    @classmethod
    def condensed(cls, moves: list[Move]) -> list[Move]:
        """A player's moves from the start of its turn, as a remote table sends them together: steps
        that undo each other and whose cards only the mover saw left out, so no message says more than
        the rules show (the default: the moves as they are)."""
        return moves

    def sure_draws(self) -> list[tuple[str, int, int]]:
        """Cards the rules deal face down next whatever the players to act choose: (zone, place, the
        seat that draws). A remote table sends the other players' shares of them ahead, with the
        move before, so the drawer needs no message of its own to see its card."""
        return []

    # ---- validation -----------------------------------------------------------------------------
    @classmethod
    def _check_players(cls, players: Any) -> int:
        if players is None:
            return cls.DEFAULT_PLAYERS
        if isinstance(players, bool) or not isinstance(players, int) or players not in cls.PLAYERS:
            allowed = " or ".join(str(p) for p in cls.PLAYERS)
            raise ValueError(f"{cls.TITLE} is played by {allowed} players, not {shown(players)}")
        return players

    @classmethod
    def default_options(cls) -> dict[str, Any]:
        return {name: cls.DEFAULT_OPTIONS.get(name, values[0]) for name, values in cls.OPTIONS.items()}

    @classmethod
    def _check_options(cls, options: Any) -> dict[str, Any]:
        result = cls.default_options()
        if options is not None and not isinstance(options, dict):
            raise ValueError(f"{cls.TITLE} options must be an object, not {shown(options)}")
        for name, value in (options or {}).items():
            if name not in cls.OPTIONS:
                known = ", ".join(cls.OPTIONS) or "none"
                raise ValueError(f"{cls.TITLE} has no option {shown(name)} (options: {known})")
            allowed = cls.OPTIONS[name]
            if not any(type(value) is type(a) and value == a for a in allowed):
                values = ", ".join(json.dumps(v) for v in allowed)
                raise ValueError(f"{cls.TITLE} option {shown(name)} must be one of {values}, not {shown(value)}")
            result[name] = value
        return result

    @classmethod
    def check_shape(cls, move: Move) -> Message | None:
        """The refusal of a move carrying a key its type's shape (``MOVES``) does not have, or None.
        Moves come from other people's pages too (remote play): nothing may ride along unchecked."""
        kind = move.get("type")
        shape = cls.MOVES.get(kind) if isinstance(kind, str) else None
        if shape is None:
            return None                      # an unknown type: the game's own refusal says what moves are
        return _extra_key(move, shape, str(move["type"]), top=True)

    # ---- the JSON contract, once for every game ----------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        return [self.action_to_move(a) for a in self.legal_actions()]

    def _action_of(self, move: Any) -> Action | None:
        """The action ``move`` names, or None for anything that is not one."""
        if not isinstance(move, dict) or self.check_shape(move) is not None:
            return None
        try:
            return self.move_to_action(move)
        except Exception:   # any malformed move is simply not a move
            return None

    def find_legal(self, move: Any) -> Move | None:
        """The legal move equal to ``move`` (after normalising), or None."""
        if self.is_over:
            return None
        action = self._action_of(move)
        if action is None or action not in self.legal_actions():
            return None
        return self.action_to_move(action)

    def play(self, move: Any) -> None:
        if self.is_over:
            raise IllegalMove("engine.match_over")
        if isinstance(move, dict):
            wrong = self.check_shape(move)
            if wrong is not None:
                raise IllegalMove(wrong)
        action = self._action_of(move)
        legal = self.legal_actions()
        try:
            index = legal.index(action) if action is not None else None
        except ValueError:
            index = None
        if index is None:
            reason = None
            try:
                reason = self._why_illegal(move) if isinstance(move, dict) else None
            except Exception:  # a malformed move must still get a readable refusal
                reason = None
            raise IllegalMove(reason or message("engine.not_a_move"))
        self.play_index(index, legal)

    def play_index(self, index: int, legal: list[Action] | None = None) -> None:
        """Play the ``index``-th legal action (``legal``: this state's ``legal_actions()``, if known)."""
        legal = self.legal_actions() if legal is None else legal
        action = legal[index]
        self._apply_recorded(action, index, len(legal))

    def play_unchecked(self, action: Action) -> None:
        """Apply ``action`` and record it like ``play_index``, without checking that it is legal now.
        A remote table (``pygames.remote``) applies other players' moves this way in a copy whose
        hidden cards are stand-ins; it checks every move against the real cards when the deal is over."""
        self._apply_recorded(action, None, None)

    def _apply_recorded(self, action: Action, index: int | None, choices: int | None) -> None:
        """Apply ``action`` and add it to the record, with the cards it made seats draw (``_drew``)."""
        seat = self.current_player
        assert seat is not None
        record = _dumps(self.action_to_move(action))
        deal = self.deal_number
        self._draws = []
        try:
            self.apply_action(action)
            drew = tuple(self._draws)
        finally:
            self._draws = None
        self._record.append(MoveRecord(seat, index, choices, record, drew))
        if self.deal_number != deal:
            self._deal_start = len(self._record)
        if self.deal_number != deal or self.is_over:
            self._deal_ends.append(list(self.scores))

    # ---- history ------------------------------------------------------------------------------
    @property
    def history(self) -> list[Move]:
        """The moves played so far (fresh dicts: editing them changes nothing)."""
        return [json.loads(r.move) for r in self._record]

    @property
    def movers(self) -> list[int]:
        """The seat that made each move."""
        return [r.seat for r in self._record]

    @property
    def move_choices(self) -> list[tuple[Any, Any]]:
        """What share links record: each move's index among how many legal moves there were (None in
        a state rebuilt from a view, which makes no links)."""
        return [(r.pick, r.choices) for r in self._record]

    @property
    def move_count(self) -> int:
        return self._before + len(self._record)

    @property
    def deal_start(self) -> int:
        """How many moves were played before the current deal began (restart this deal keeps these)."""
        return self._before + self._deal_start

    # ---- secrets and views --------------------------------------------------------------------
    @classmethod
    def _secret_rule(cls, zone: str) -> tuple[str, int | None] | None:
        """``(rule, owner seat or None)`` of a zone, from SECRETS; None when everyone sees it.
        Patterns: an exact zone name, or one with ``#`` standing for the seat digit (``"hand#"``)."""
        cache: dict[str, tuple[str, int | None] | None] | None = cls.__dict__.get("_secret_cache")
        if cache is None:
            cache = {}
            setattr(cls, "_secret_cache", cache)
        if zone not in cache:
            found: tuple[str, int | None] | None = None
            for pattern, rule in cls.SECRETS.items():
                if "#" in pattern:
                    m = re.fullmatch(re.escape(pattern).replace("\\#", r"(\d+)"), zone)
                    if m:
                        found = (rule, int(m.group(1)))
                        break
                elif pattern == zone:
                    found = (rule, None)
                    break
            cache[zone] = found
        return cache[zone]

    @classmethod
    def zone_owner(cls, zone: str) -> int | None:
        """The seat a secret zone belongs to (``hand2`` -> 2), None for a shared or open zone."""
        found = cls._secret_rule(zone)
        return None if found is None else found[1]

    def hidden_positions(self, zone: str, size: int, seat: int | None) -> range | list[int] | tuple[int, ...]:
        """Indexes of ``zone`` (``size`` cards) that ``seat`` cannot see, as SECRETS declares:
        ``"others"`` - only the seat the zone is named after sees it; ``"everyone"`` - nobody does;
        ``"under_top"`` - only its top card is seen; ``"custom"`` - ``self._hidden_in(zone, size,
        seat, owner)`` says (face-down cards, a hand not looked at yet)."""
        if seat is None:
            return ()
        found = self._secret_rule(zone)
        if found is None:
            return ()
        rule, owner = found
        if rule == OTHERS:
            return () if owner == seat else range(size)
        if rule == EVERYONE:
            return range(size)
        if rule == UNDER_TOP:
            return range(size - 1)
        if rule == CUSTOM:
            return self._hidden_in(zone, size, seat, owner)
        raise ValueError(f"unknown secret rule {rule!r} for zone {zone!r}")

    def zones(self, seat: int | None = None) -> dict[str, list[str]]:
        """Zone name -> card codes, bottom to top, masked for ``seat`` as SECRETS declares."""
        zones = self._zones()
        if seat is None:
            return zones
        for name, cards in zones.items():
            hidden = self.hidden_positions(name, len(cards), seat)
            if hidden:
                cards = list(cards)
                for i in hidden:
                    cards[i] = HIDDEN
                zones[name] = cards
        return zones

    def log(self, seat: int | None = None) -> list[dict[str, Any]]:
        """The current deal's moves, as ``seat`` may see them: ``[{"seat", "move"}]``, and ``"drew":
        [{"seat", "cards"}]`` when the move made seats draw (a card another seat drew is ``"??"``)."""
        out = []
        for r in self._record[self._deal_start:]:
            entry: dict[str, Any] = {"seat": r.seat, "move": self._public_move(json.loads(r.move), seat, r.seat)}
            if r.drew:
                drew: list[dict[str, Any]] = []
                for s, code in r.drew:
                    if not drew or drew[-1]["seat"] != s:
                        drew.append({"seat": s, "cards": []})
                    drew[-1]["cards"].append(code if seat is None or seat == s else HIDDEN)
                entry["drew"] = drew
            out.append(entry)
        return out

    def view(self, seat: int | None = None, reveal: bool = False) -> View:
        """What ``seat`` sees (None: everything). ``reveal``: every zone's cards unmasked, the rest as
        ``seat`` sees it - only for a replay whose sharer chose "show all hands", or a finished deal."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or seat not in range(self.players)):
            raise ValueError(f"seat must be None or 0..{self.players - 1}, not {shown(seat)}")
        v = self._view_fields(seat)
        v.update({
            "zones": self.zones(None if reveal else seat),
            "game": self.GAME_ID,
            "players": self.players,
            "options": self.options,
            "seat": seat,
            "current_player": self.current_player,
            "is_over": self.is_over,
            "scores": list(self.scores),
            "deal": self.deal_number,
            "move_count": self.move_count,
            "log": self.log(seat),
        })
        if seat is None:
            v["seed"] = self.seed
        v["legal_moves"] = (self.legal_moves()
                            if not self.is_over and (seat is None or seat == self.current_player) else [])
        # one JSON round trip: the view shares nothing with the state, and is JSON for sure
        result: View = json.loads(json.dumps(v))
        return result

    def info_key(self, seat: int) -> Any:
        """Equal exactly when ``seat``'s information is the same: its cards and everything public.
        This default compares views without the move log; a game may give a faster one."""
        v = self.view(seat)
        del v["log"], v["move_count"]
        return _dumps(v)

    # ---- results -----------------------------------------------------------------------------
    def match_result(self, seat: int) -> dict[str, Any]:
        """How things stand for ``seat``'s side, for the page's statistics and the daily deal:
        ``over``, ``deals`` (deals finished), ``outcome`` ("win", "loss" or "draw"), ``score`` (the
        side's), ``best_other`` (the best other side's), ``margin`` (their difference); and ``first``:
        the same, with the scores as the first deal ended (None before). A match's outcome comes from
        ``returns()``; a deal's (and a match's still going on) from the scores, higher being better."""
        sides = self.sides(self.players)
        own = next(side for side in sides if seat in side)
        others = [side[0] for side in sides if side is not own]

        def standing(scores: list[int], values: list[float] | list[int]) -> dict[str, Any]:
            mine, best = values[seat], max(values[s] for s in others)
            outcome = "win" if mine > best else "loss" if mine < best else "draw"
            return {"outcome": outcome, "score": scores[seat], "best_other": max(scores[s] for s in others),
                    "margin": scores[seat] - max(scores[s] for s in others)}

        scores = list(self.scores)
        now = standing(scores, self.returns() if self.is_over else scores)
        first = standing(self._deal_ends[0], self._deal_ends[0]) if self._deal_ends else None
        deals = self.deal_number - (0 if self.is_over else 1)
        return {"over": self.is_over, "deals": deals, **now, "first": first}

    # ---- determinization -----------------------------------------------------------------------
    @classmethod
    def unseen_cards(cls, view: View) -> list[str]:
        """The card codes a view does not show: the deck less every card shown face up."""
        left: dict[str, int] = {}
        for c in cls.deck(view["players"], view["options"]):
            left[c] = left.get(c, 0) + 1
        for cards in view["zones"].values():
            for c in cards:
                if c != HIDDEN:
                    left[c] -= 1
        out = []
        for c, n in left.items():
            out.extend([c] * n)
        out.sort()
        return out

    @classmethod
    def _deal_hidden(cls, view: View, rng: Rng) -> dict[str, list[str]]:
        """The view's zones with every hidden card dealt afresh from the unseen ones, uniformly.
        Games with constraints (voids, known cards) override this."""
        unseen = rng.shuffle(cls.unseen_cards(view))
        zones = {}
        for name, cards in view["zones"].items():
            zones[name] = [unseen.pop() if c == HIDDEN else c for c in cards]
        return zones

    @classmethod
    def determinize(cls, view: View, rng: Rng) -> Self:
        """A full state that agrees with everything the view's seat has seen, its hidden cards dealt
        afresh from ``rng``, its own generator reseeded so it cannot know what is still to come."""
        g = cls._from_view(view, cls._deal_hidden(view, rng))
        g.chance = Rng(rng.next64())
        return g

    @classmethod
    def _blank(cls, view: View) -> Self:
        """An empty instance carrying a view's public frame (players, options, history counters)
        for ``_from_view`` to fill in."""
        g = object.__new__(cls)
        g.players = view["players"]
        g.options = dict(view["options"])
        g.seed = 0
        g.chance = Rng(0)
        g.deal_number = view["deal"]
        g._record = [MoveRecord(e["seat"], None, None, _dumps(e["move"]),
                                tuple((d["seat"], c) for d in e.get("drew", ()) for c in d["cards"]))
                     for e in view["log"]]
        g._before = view["move_count"] - len(g._record)
        g._deal_start = 0
        g._deal_ends = []
        return g

    # ---- search --------------------------------------------------------------------------------
    def clone(self, history: bool = False) -> Self:
        """An independent copy for search: every top-level list copied one level deep, the
        chance source copied, ``_clone_nested(copy)`` copies what the game nests deeper. No deep
        copy. Without ``history`` the move record is left behind (the copy cannot make links)."""
        g = object.__new__(type(self))
        g.__dict__.update(self.__dict__)
        for name, value in self.__dict__.items():
            if type(value) is list:
                setattr(g, name, value[:])
        if not history:
            g._before, g._record, g._deal_start = self.move_count, [], 0
        g.chance = self.chance.copy()
        self._clone_nested(g)
        return g

    # ---- saving -------------------------------------------------------------------------------
    def to_json(self) -> str:
        return ('{"game":%s,"players":%d,"options":%s,"seed":%d,"moves":[%s]}'
                % (json.dumps(self.GAME_ID), self.players, _dumps(self.options), self.seed,
                   ",".join(r.move for r in self._record)))

    def replay(self, moves: list[Any]) -> Game:
        """Play a list of moves, naming the first one that is refused."""
        for i, move in enumerate(moves):
            try:
                self.play(move)
            except IllegalMove as e:
                raise IllegalMove("engine.replay_refused", {"n": i + 1, "move": shown(move, 200),
                                                            "reason": e.message}) from None
        return self


def bot_seed(game: Game) -> int:
    """The seed of a bot's move at this point of ``game``: the game's seed and the moves played, so
    the page's bots (the bridge), the tests' and the lessons' play the same game move for move."""
    return game.seed * 1009 + game.move_count


def _extra_key(move: dict[str, Any], shape: Shape, kind: str, top: bool = False) -> Message | None:
    """The first key of ``move`` its shape lacks (nested objects checked against their own shape)."""
    for key, value in move.items():
        if top and key == "type":
            continue
        if key not in shape:
            return message("engine.unknown_key", type=kind, field=shown(key, 30))
        inner = shape[key]
        if inner is not None and isinstance(value, dict):
            found = _extra_key(value, inner, kind)
            if found is not None:
                return found
    return None
