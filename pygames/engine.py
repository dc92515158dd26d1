"""What every game shares: validation of players and options, the JSON contract (legal moves, play with
refusal that leaves the state untouched, history, views, saves) built once on the action interface
that each game implements, declared secrets, determinization and the seeded chance.

A game module subclasses :class:`Game` and provides:

* ``GAME_ID``, ``TITLE``, ``PLAYERS`` (allowed counts), ``DEFAULT_PLAYERS``, ``OPTIONS`` (name ->
  tuple of allowed values, the first is the default; the page shows them in that order, so list them
  in reading order and name the default with ``DEFAULT_OPTIONS`` when it is not the first);
* ``SECRETS``: zone pattern -> who cannot see it (see :meth:`Game.hidden_positions`);
* ``TEXTS``: message key -> English template (see ``pygames/text.py``), every key the game emits;
* ``_setup()``: deal the first hand; keep ``self.deal_number`` (1, 2, ...) current. All chance comes
  from ``self.chance`` (see ``pygames.cards.Chance``): ``shuffle`` for a face-down deck, ``face_up``
  for cards turned up from a fresh deck (a cut), ``below`` for a public number (who deals). A game
  never asks where its chance comes from: the seeded generator at a local table, the players' joint
  encrypted deck at a remote one;
* the action interface: ``legal_actions()``, ``apply_action(a)``, ``action_to_move(a)``,
  ``move_to_action(move)`` (None or any exception for what is not a move), ``returns()``;
* ``current_player``, ``is_over``, ``scores``;
* ``_zones()``: zone name -> list of card codes, everything (the base masks them per seat);
* ``_view_fields(seat)``: the game's other view fields for that seat - public facts and the seat's
  own; never a card the seat cannot see;
* ``_from_view(view, zones)`` (classmethod): a full state agreeing with a seat's view whose hidden
  cards are ``zones`` (filled in); with ``_deal_hidden`` to place hidden cards under the game's
  constraints (voids shown, cards known to be in a hand); used by :meth:`determinize`;
* optionally ``_why_illegal(move)`` -> a message dict for a precise refusal, ``_public_move(move,
  seat)`` to hide what a seat may not see of a move, ``_clone_nested(g)`` to copy nested lists.
"""

import json
import os
import re

from .cards import HIDDEN, Rng
from .text import message, render

# how one seat's view of a zone is masked: see Game.hidden_positions
OTHERS, EVERYONE, UNDER_TOP, CUSTOM = "others", "everyone", "under_top", "custom"


class IllegalMove(ValueError):
    """A move the rules do not allow now; the game is unchanged. ``.key`` / ``.params`` are the
    message for the page to render; ``str()`` is its English text."""

    def __init__(self, key, params=None):
        if isinstance(key, dict):
            params, key = {k: v for k, v in key.items() if k != "key"}, key["key"]
        self.key = key
        self.params = dict(params or {})
        super().__init__(render({"key": key, **self.params}))

    @property
    def message(self):
        return {"key": self.key, **self.params}


class BadSave(ValueError):
    """A saved game (JSON) that cannot be restored."""


def _dumps(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class Game:
    GAME_ID = None
    TITLE = None
    PLAYERS = (2,)
    DEFAULT_PLAYERS = 2
    OPTIONS = {}
    DEFAULT_OPTIONS = {}
    LINK_SINCE = 1      # the first share-link format version whose moves this game still replays
    SECRETS = {}
    TEXTS = {
        "engine.match_over": "The match is over; start a new game.",
        "engine.not_a_move": "That is not a legal move now.",
        "engine.wrong_seat": "It is not that player's turn.",
    }

    def __init__(self, players=None, options=None, seed=None, chance=None):
        """``chance``: where the rules' chance comes from; by default the generator seeded with ``seed``
        (a remote table supplies its joint deck instead, see ``pygames.cards.Chance``)."""
        self.players = self._check_players(players)
        self.options = self._check_options(options)
        if seed is None:
            seed = int.from_bytes(os.urandom(7), "big") >> 3     # 53 bits, like a JS number
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
            raise ValueError(f"seed must be an integer from 0 to 2**64 - 1, got {seed!r}")
        self.seed = seed
        self.chance = Rng(seed) if chance is None else chance
        self._record = []        # one (seat, index, choices, move JSON) per move played
        self._before = 0         # moves played before _record starts (a history-less copy)
        self._deal_start = 0     # where the current deal starts in _record
        self._deal_ends = []     # the scores as each deal ended, for match_result()
        self.deal_number = 1
        self._setup()

    # ---- validation ---------------------------------------------------------------------------
    @classmethod
    def _check_players(cls, players):
        if players is None:
            return cls.DEFAULT_PLAYERS
        if isinstance(players, bool) or not isinstance(players, int) or players not in cls.PLAYERS:
            allowed = " or ".join(str(p) for p in cls.PLAYERS)
            raise ValueError(f"{cls.TITLE} is played by {allowed} players, not {players!r}")
        return players

    @classmethod
    def default_options(cls):
        return {name: cls.DEFAULT_OPTIONS.get(name, values[0]) for name, values in cls.OPTIONS.items()}

    @classmethod
    def _check_options(cls, options):
        result = cls.default_options()
        if options is not None and not isinstance(options, dict):
            raise ValueError(f"{cls.TITLE} options must be an object, not {options!r}")
        for name, value in (options or {}).items():
            if name not in cls.OPTIONS:
                known = ", ".join(cls.OPTIONS) or "none"
                raise ValueError(f"{cls.TITLE} has no option {name!r} (options: {known})")
            allowed = cls.OPTIONS[name]
            if not any(type(value) is type(a) and value == a for a in allowed):
                shown = ", ".join(json.dumps(v) for v in allowed)
                raise ValueError(f"{cls.TITLE} option {name!r} must be one of {shown}, not {value!r}")
            result[name] = value
        return result

    @classmethod
    def sides(cls, players):
        """The seats that play together: one tuple a side (partners share a side and a score)."""
        return [(s,) for s in range(players)]

    # ---- the action interface (each game implements these) -------------------------------------
    def legal_actions(self):
        raise NotImplementedError

    def apply_action(self, action):
        raise NotImplementedError

    def action_to_move(self, action):
        raise NotImplementedError

    def move_to_action(self, move):
        raise NotImplementedError

    def returns(self):
        raise NotImplementedError

    # ---- the JSON contract, once for every game ----------------------------------------------
    def legal_moves(self):
        if self.is_over:
            return []
        return [self.action_to_move(a) for a in self.legal_actions()]

    def _action_of(self, move):
        """The action ``move`` names, or None for anything that is not one."""
        if not isinstance(move, dict):
            return None
        try:
            return self.move_to_action(move)
        except Exception:   # any malformed move is simply not a move
            return None

    def find_legal(self, move):
        """The legal move equal to ``move`` (after normalising), or None."""
        if self.is_over:
            return None
        action = self._action_of(move)
        if action is None or action not in self.legal_actions():
            return None
        return self.action_to_move(action)

    def play(self, move):
        if self.is_over:
            raise IllegalMove("engine.match_over")
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

    def play_index(self, index, legal=None):
        """Play the ``index``-th legal action (``legal``: this state's ``legal_actions()``, if known)."""
        legal = self.legal_actions() if legal is None else legal
        action = legal[index]
        seat = self.current_player
        record = _dumps(self.action_to_move(action))
        deal = self.deal_number
        self.apply_action(action)
        self._record.append((seat, index, len(legal), record))
        if self.deal_number != deal:
            self._deal_start = len(self._record)
        if self.deal_number != deal or self.is_over:
            self._deal_ends.append(list(self.scores))

    def play_unchecked(self, action):
        """Apply ``action`` and record it like ``play_index``, without checking that it is legal now.
        A remote table (``pygames.remote``) applies other players' moves this way in a copy whose
        hidden cards are stand-ins; it checks every move against the real cards when the deal is over."""
        seat = self.current_player
        record = _dumps(self.action_to_move(action))
        deal = self.deal_number
        self.apply_action(action)
        self._record.append((seat, None, None, record))
        if self.deal_number != deal:
            self._deal_start = len(self._record)
        if self.deal_number != deal or self.is_over:
            self._deal_ends.append(list(self.scores))

    def _why_illegal(self, move):
        return None

    def _public_move(self, move, seat):
        return move

    # ---- history ------------------------------------------------------------------------------
    @property
    def history(self):
        """The moves played so far (fresh dicts: editing them changes nothing)."""
        return [json.loads(r[3]) for r in self._record]

    @property
    def movers(self):
        """The seat that made each move."""
        return [r[0] for r in self._record]

    @property
    def move_choices(self):
        """What share links record: each move's index among how many legal moves there were."""
        return [(r[1], r[2]) for r in self._record]

    @property
    def move_count(self):
        return self._before + len(self._record)

    @property
    def deal_start(self):
        """How many moves were played before the current deal began (restart this deal keeps these)."""
        return self._before + self._deal_start

    # ---- secrets and views --------------------------------------------------------------------
    @classmethod
    def _secret_rule(cls, zone):
        """``(rule, owner seat or None)`` of a zone, from SECRETS; None when everyone sees it.
        Patterns: an exact zone name, or one with ``#`` standing for the seat digit (``"hand#"``)."""
        cache = cls.__dict__.get("_secret_cache")
        if cache is None:
            cache = {}
            setattr(cls, "_secret_cache", cache)
        if zone not in cache:
            found = None
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

    def hidden_positions(self, zone, size, seat):
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

    def _hidden_in(self, zone, size, seat, owner):
        raise NotImplementedError(f"{type(self).__name__} declares zone {zone!r} custom")

    def zones(self, seat=None):
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

    def log(self, seat=None):
        """The current deal's moves, as ``seat`` may see them: ``[{"seat", "move"}]``."""
        return [{"seat": s, "move": self._public_move(json.loads(m), seat)}
                for s, _, _, m in self._record[self._deal_start:]]

    def view(self, seat=None, reveal=False):
        """What ``seat`` sees (None: everything). ``reveal``: every zone's cards unmasked, the rest as
        ``seat`` sees it - only for a replay whose sharer chose "show all hands", or a finished deal."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or seat not in range(self.players)):
            raise ValueError(f"seat must be None or 0..{self.players - 1}, not {seat!r}")
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
        return json.loads(json.dumps(v))

    def info_key(self, seat):
        """Equal exactly when ``seat``'s information is the same: its cards and everything public.
        This default compares views without the move log; a game may give a faster one."""
        v = self.view(seat)
        del v["log"], v["move_count"]
        return _dumps(v)

    # ---- results -----------------------------------------------------------------------------
    def match_result(self, seat):
        """How things stand for ``seat``'s side, for the page's statistics and the daily deal:
        ``over``, ``deals`` (deals finished), ``outcome`` ("win", "loss" or "draw"), ``score`` (the
        side's), ``best_other`` (the best other side's), ``margin`` (their difference); and ``first``:
        the same, with the scores as the first deal ended (None before). A match's outcome comes from
        ``returns()``; a deal's (and a match's still going on) from the scores, higher being better."""
        sides = self.sides(self.players)
        own = next(side for side in sides if seat in side)
        others = [side[0] for side in sides if side is not own]

        def standing(scores, values):
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
    def deck(cls, players, options):
        """Every card code of the game (two-deck games repeat codes)."""
        raise NotImplementedError

    @classmethod
    def unseen_cards(cls, view):
        """The card codes a view does not show: the deck less every card shown face up."""
        left = {}
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
    def _deal_hidden(cls, view, rng):
        """The view's zones with every hidden card dealt afresh from the unseen ones, uniformly.
        Games with constraints (voids, known cards) override this."""
        unseen = rng.shuffle(cls.unseen_cards(view))
        zones = {}
        for name, cards in view["zones"].items():
            zones[name] = [unseen.pop() if c == HIDDEN else c for c in cards]
        return zones

    @classmethod
    def determinize(cls, view, rng):
        """A full state that agrees with everything the view's seat has seen, its hidden cards dealt
        afresh from ``rng``, its own generator reseeded so it cannot know what is still to come."""
        g = cls._from_view(view, cls._deal_hidden(view, rng))
        g.chance = Rng(rng.next64())
        return g

    @classmethod
    def _blank(cls, view):
        """An empty instance carrying a view's public frame (players, options, history counters)
        for ``_from_view`` to fill in."""
        g = object.__new__(cls)
        g.players = view["players"]
        g.options = dict(view["options"])
        g.seed = 0
        g.chance = Rng(0)
        g.deal_number = view["deal"]
        g._record = [(e["seat"], None, None, _dumps(e["move"])) for e in view["log"]]
        g._before = view["move_count"] - len(g._record)
        g._deal_start = 0
        g._deal_ends = []
        return g

    # ---- search --------------------------------------------------------------------------------
    def clone(self, history=False):
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

    def _clone_nested(self, g):
        """Copy the lists inside lists (hands, piles) into the clone ``g``."""

    # ---- saving -------------------------------------------------------------------------------
    def to_json(self):
        return ('{"game":%s,"players":%d,"options":%s,"seed":%d,"moves":[%s]}'
                % (json.dumps(self.GAME_ID), self.players, _dumps(self.options), self.seed,
                   ",".join(r[3] for r in self._record)))

    def replay(self, moves):
        """Play a list of moves, naming the first one that is refused."""
        for i, move in enumerate(moves):
            try:
                self.play(move)
            except IllegalMove as e:
                shown = _dumps(move) if isinstance(move, (dict, list)) else repr(move)
                raise IllegalMove("engine.replay_refused", {"n": i + 1, "move": shown[:200],
                                                            "reason": e.message}) from None
        return self


Game.TEXTS["engine.replay_refused"] = "move {n} ({move}) cannot be played: {reason}"
