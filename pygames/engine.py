"""What every game shares: validation of players and options, the move loop (legal moves, refusal of
illegal ones with the state untouched, history), views, JSON round trips and the seeded chance.

A game module subclasses :class:`Game` and provides:

* ``GAME_ID``, ``TITLE``, ``PLAYERS`` (allowed counts), ``DEFAULT_PLAYERS``, ``OPTIONS`` (name ->
  tuple of allowed values, the first is the default);
* ``_setup()`` - deal the first hand from ``self.rng``;
* ``_legal()`` - the legal moves of ``current_player`` as JSON-able dicts in a stable order;
* ``_apply(move)`` - carry out a move already known to be legal (one of ``_legal()``'s own dicts);
* ``current_player``, ``is_over``, ``scores``;
* ``_view(seat)`` - ``{"zones": {...}, ...}`` for a seat (``None`` = everything);
* optionally ``_why_illegal(move)`` for a precise refusal, ``_canonical(move)`` to normalise a move
  (e.g. sort a set of cards) and ``_public_move(move, seat)`` to hide what a seat may not see.
"""

import json
import secrets

from .cards import Rng


class IllegalMove(ValueError):
    """A move the rules do not allow now; the game is unchanged."""


class BadSave(ValueError):
    """A saved game (JSON) that cannot be restored."""


def _canonical_json(move):
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


class Game:
    GAME_ID = None
    TITLE = None
    PLAYERS = (2,)
    DEFAULT_PLAYERS = 2
    OPTIONS = {}

    def __init__(self, players=None, options=None, seed=None):
        self.players = self._check_players(players)
        self.options = self._check_options(options)
        if seed is None:
            seed = secrets.randbelow(1 << 53)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
        self.seed = seed
        self.rng = Rng(seed)
        self.history = []
        self.move_choices = []   # (index, number of legal moves) of each history move
        self.movers = []         # the seat that made each history move
        self._setup()

    # ---- validation ---------------------------------------------------------------------------
    @classmethod
    def _check_players(cls, players):
        if players is None:
            return cls.DEFAULT_PLAYERS
        if isinstance(players, bool) or players not in cls.PLAYERS:
            allowed = " or ".join(str(p) for p in cls.PLAYERS)
            raise ValueError(f"{cls.TITLE} is played by {allowed} players, not {players!r}")
        return players

    @classmethod
    def _check_options(cls, options):
        result = {name: values[0] for name, values in cls.OPTIONS.items()}
        for name, value in (options or {}).items():
            if name not in cls.OPTIONS:
                known = ", ".join(cls.OPTIONS) or "none"
                raise ValueError(f"{cls.TITLE} has no option {name!r} (options: {known})")
            allowed = cls.OPTIONS[name]
            if isinstance(value, bool) != isinstance(allowed[0], bool) or value not in allowed:
                shown = ", ".join(json.dumps(v) for v in allowed)
                raise ValueError(f"{cls.TITLE} option {name!r} must be one of {shown}, not {value!r}")
            result[name] = value
        return result

    # ---- the move loop ------------------------------------------------------------------------
    def legal_moves(self):
        if self.is_over:
            return []
        return self._legal()

    def find_legal(self, move):
        """The legal move equal to ``move`` (after normalising), or None."""
        return self._find_legal(move, self.legal_moves())[1]

    def _find_legal(self, move, legal):
        """``(index, legal move)`` in ``legal`` for ``move``, or ``(None, None)``."""
        if not isinstance(move, dict):
            return None, None
        try:
            key = _canonical_json(self._canonical(move))
        except (TypeError, ValueError, KeyError, AttributeError):
            return None, None
        for i, candidate in enumerate(legal):
            if _canonical_json(self._canonical(candidate)) == key:
                return i, candidate
        return None, None

    def play(self, move):
        if self.is_over:
            raise IllegalMove("The match is over; start a new game.")
        legal = self.legal_moves()
        index, chosen = self._find_legal(move, legal)
        if chosen is None:
            reason = None
            try:
                reason = self._why_illegal(move)
            except Exception:  # a malformed move must still get a readable refusal
                reason = None
            raise IllegalMove(reason or f"{_canonical_json(move) if isinstance(move, dict) else move!r}"
                                        " is not a legal move now.")
        seat = self.current_player
        self._apply(chosen)
        self.history.append(chosen)
        self.movers.append(seat)
        # what share links record: the move's index among how many choices there were
        self.move_choices.append((index, len(legal)))

    def _canonical(self, move):
        return move

    def _why_illegal(self, move):
        return None

    def _public_move(self, move, seat):
        return move

    # ---- views --------------------------------------------------------------------------------
    def view(self, seat=None):
        if seat is not None and (isinstance(seat, bool) or seat not in range(self.players)):
            raise ValueError(f"seat must be None or 0..{self.players - 1}, not {seat!r}")
        v = self._view(seat)
        v.update({
            "game": self.GAME_ID,
            "players": self.players,
            "options": dict(self.options),
            "seat": seat,
            "current_player": self.current_player,
            "is_over": self.is_over,
            "scores": list(self.scores),
            "history": [self._public_move(m, seat) for m in self.history],
        })
        if seat is None:
            v["seed"] = self.seed
        if not self.is_over and (seat is None or seat == self.current_player):
            v["legal_moves"] = self.legal_moves()
        else:
            v["legal_moves"] = []
        return v

    # ---- search --------------------------------------------------------------------------------
    def clone(self):
        """A copy for search bots: every top-level list copied one level deep and the generator's
        state copied; ``_clone_nested(copy)`` copies whatever the game nests deeper. No deep copy."""
        g = object.__new__(type(self))
        g.__dict__.update(self.__dict__)
        for name, value in self.__dict__.items():
            if isinstance(value, list):
                setattr(g, name, list(value))
        g.rng = Rng(0)
        g.rng.state = self.rng.state
        self._clone_nested(g)
        return g

    def _clone_nested(self, g):
        """Copy the lists inside lists (hands, piles) into the clone ``g``."""

    # ---- saving -------------------------------------------------------------------------------
    def to_json(self):
        return json.dumps({"game": self.GAME_ID, "players": self.players, "options": self.options,
                           "seed": self.seed, "moves": self.history}, separators=(",", ":"))

    def replay(self, moves):
        """Play a list of moves, naming the first one that is refused."""
        for i, move in enumerate(moves):
            try:
                self.play(move)
            except IllegalMove as e:
                raise IllegalMove(f"move {i + 1} ({_canonical_json(move) if isinstance(move, dict) else move!r})"
                                  f" cannot be played: {e}") from None
        return self
