"""The shared search of the hard bots: information-set Monte Carlo tree search (single observer) over
the action interface (docs/design.md) alone. It knows no game.

One tree is grown for the seat that searches. Each iteration deals the cards that seat cannot see
afresh (``Game.determinize``), walks the tree choosing among the actions legal in that sampled deal
(UCB1 with availability counts, so an action seen in few samples is not unfairly favoured), adds one
node - below the root, the one the game's playout policy would choose - plays on with that policy and credits every node with the result for the seat
that chose it. Opponents' choices are nodes of the same tree, searched for their own returns.

What a game gives it (all optional):

* ``rollout(state, rng)``: the action to play in a playout - the game's quick heuristic policy;
* ``candidates(state)``: the root actions worth searching, best first - the move priors of the
  game's heuristics, so a wide choice does not thin the samples out. They must depend only on what
  the seat sees (they are asked of a sampled deal); ``actions`` gives them as a list instead;
* ``value(state)``: each seat's worth of a finished playout (default ``returns()``), e.g. a match
  win counted beyond the margin;
* ``horizon`` with ``value``: playouts stop after this many actions and ``value`` judges the state
  there - for games whose deals run to hundreds of moves;
* ``sample(view, rng)``: a full state agreeing with the view (default ``Game.determinize``, every
  consistent deal alike) - e.g. one that deals hidden hands as their bids suggest;
* ``keep``: the first candidate (the heuristic's own choice) stands unless another's mean is better
  by more than this - so sampling noise cannot talk the bot out of a sound move.

Paired roots (``paired=True``, the default): every iteration tries each root candidate on the same
sampled deal, with the same random stream for its playout, so the candidates are compared on equal
luck and a few dozen samples separate them (the variance of a whole deal's outcome would otherwise
swamp the difference one card makes). Below the root the tree grows as above; with ``tree=False``
it does not, and every playout follows the policy from the root action on (determinized Monte Carlo
with paired samples) - the stronger choice when a budget gives each root action only a few dozen
samples and the policy is good, as in Spades.

The budget counts iterations, not seconds, so a seed gives the same move in CPython and in the
browser. Paired searches spend it where it matters (``adaptive=True``, the default): every round
records each candidate's result, so the chosen move's lead over every other is a mean of paired
differences with a standard error. Once the choice is ahead of every other by ``CLEAR_SE`` standard
errors (after ``MIN_ROUNDS`` rounds, or a quarter of the budget) the search stops early; when at
the end of the budget the runner-up is within ``CLOSE_SE`` standard errors it plays on, up to
``EXTEND`` more of the budget, until the two separate. Rounds, not time, so it stays deterministic.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from ..cards import Rng
from ..engine import Action, Game, Move, View
from ..games import game_class

Rollout = Callable[[Any, Rng], Action]            # a playout policy: (state, rng) -> one of its legal actions
Candidates = Callable[[Any], list[Action]]        # the actions worth weighing in a state, best first
Value = Callable[[Any], list[float]]              # a state's worth per seat, where a playout stops early
Sample = Callable[[View, Rng], Any]               # a full state agreeing with a view, dealt from the generator

EXPLORATION = 0.7
CLEAR_SE = 3.0      # the choice leads every other candidate by this many standard errors: stop early
CLOSE_SE = 1.0      # the runner-up within this many at the end of the budget: play on
EXTEND = 0.5        # at most this share of the budget's rounds more
MIN_ROUNDS = 8      # no early stop before this many rounds (or a quarter of the budget's)


def random_rollout(state: Game, rng: Rng) -> Action:
    legal = state.legal_actions()
    return legal[rng.below(len(legal))]


def playout(state: Game, rng: Rng, rollout: Rollout = random_rollout, max_steps: int = 5000,
            deal: int | None = None) -> int:
    """Play ``state`` on until deal number ``deal`` (default: its current deal) or the match ends,
    or ``max_steps`` actions; it is changed in place. Returns how many actions were played."""
    deal = state.deal_number if deal is None else deal
    for n in range(max_steps):
        if state.is_over or state.deal_number != deal:
            return n
        state.apply_action(rollout(state, rng))
    return max_steps


class Node:
    __slots__ = ("parent", "action", "seat", "children", "visits", "total", "available")

    def __init__(self, parent: Node | None, action: Action, seat: int | None) -> None:
        self.parent = parent
        self.action = action
        self.seat = seat            # who chose ``action`` (whose returns this node sums)
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else -math.inf


class Search:
    """One search from one seat's view; ``run(budget)`` grows the tree, ``root`` holds it."""

    last: tuple[str, int, int, int] | None = None   # the latest paired search's (outcome, rounds,
                                                    # base rounds, playouts): for the bench

    def __init__(self, view: View, rng: Rng, rollout: Rollout | None = None, candidates: Candidates | None = None,
                 value: Value | None = None, horizon: int | None = None, tree: bool = True,
                 sample: Sample | None = None) -> None:
        self.view = view
        self.rng = rng
        self.cls = game_class(view["game"])
        self.sample = sample or self.cls.determinize
        self.rollout = rollout or random_rollout
        self.candidates = candidates
        self.value = value or (lambda state: state.returns())
        self.horizon = horizon or 5000
        self.tree = tree
        self.ranked = candidates is not None   # root actions come best first
        self.root = Node(None, None, view["seat"])
        self.low, self.high = math.inf, -math.inf
        self.results: dict[Action, list[float]] = {}   # paired: each root action's result, a round each
        self.rounds = self.base_rounds = 0
        self.outcome = "base"      # paired: "clear" (stopped early), "close" (played on) or "base"

    def _legal(self, state: Game) -> list[Action]:
        return self.candidates(state) if self.candidates else state.legal_actions()

    def _select(self, node: Node, legal: list[Action]) -> Action:
        spread = (self.high - self.low) if self.high > self.low else 1.0
        best, best_value = None, -math.inf
        for a in legal:
            child = node.children[a]
            value = child.total / child.visits + EXPLORATION * spread * math.sqrt(
                math.log(max(child.available, 1)) / child.visits)
            if value > best_value:
                best, best_value = a, value
        return best

    def _descend(self, node: Node, state: Game, deal: int, rng: Rng) -> tuple[Node, int]:
        """Selection and expansion below ``node`` in ``state``; the node reached (one new leaf at
        most) and how many actions that took. At the root every candidate is tried before UCB picks
        among them; below it the tree grows along the playout policy (the action it would play in
        this sample, if that has no node yet), so opponents are modelled by the game's heuristic
        over the deals they might hold, and UCB chooses among the replies the policy has found."""
        steps = 0
        while not state.is_over and state.deal_number == deal:
            at_root = node is self.root
            legal = self._legal(state) if at_root else state.legal_actions()
            children = node.children
            present = []
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.available += 1
                    present.append(a)
            steps += 1
            if at_root:
                untried = [a for a in legal if a not in children]
                a = (untried[0] if self.candidates else untried[rng.below(len(untried))]) if untried else None
            elif not self.tree:
                return node, steps - 1
            else:
                a = self.rollout(state, rng)
                if a in children:
                    a = None
            if a is not None:
                child = children[a] = Node(node, a, state.current_player)
                child.available = 1
                state.apply_action(a)
                return child, steps
            a = self._select(node, present)
            state.apply_action(a)
            node = children[a]
        return node, steps

    def _finish(self, node: Node, state: Game, deal: int, steps: int, rng: Rng) -> list[float]:
        """Play the sample on to the end of ``deal``, judge it, and credit every node from ``node``
        up to the root."""
        playout(state, rng, self.rollout, max(self.horizon - steps, 0), deal)
        result = self.value(state)
        self.low, self.high = min(self.low, min(result)), max(self.high, max(result))
        while node is not self.root:
            seat, parent = node.seat, node.parent
            assert seat is not None and parent is not None      # below the root: a seat chose it
            node.visits += 1
            node.total += result[seat]
            node = parent
        return result

    def iterate(self) -> None:
        """One unpaired iteration: a fresh sample, one walk down the tree."""
        state = self.sample(self.view, self.rng)
        deal = state.deal_number
        node, steps = self._descend(self.root, state, deal, self.rng)
        self._finish(node, state, deal, steps, self.rng)

    def iterate_paired(self, actions: list[Action]) -> None:
        """One paired iteration: a fresh sample, each root action tried on it with the same stream."""
        sample = self.sample(self.view, self.rng)
        deal, seat = sample.deal_number, sample.current_player
        assert seat is not None                  # the searching seat is to act
        stream = self.rng.next64()
        for a in actions:
            state = sample.clone()
            child = self.root.children.get(a)
            if child is None:
                child = self.root.children[a] = Node(self.root, a, seat)
            child.available += 1
            state.apply_action(a)
            rng = Rng(stream)
            node, steps = self._descend(child, state, deal, rng)
            result = self._finish(node, state, deal, steps + 1, rng)
            self.results.setdefault(a, []).append(result[seat])

    def run(self, budget: int, paired: bool = True, actions: list[Action] | None = None,
            keep: float = 0.0, adaptive: bool = True) -> Node:
        """Grow the tree for ``budget`` iterations (paired: ``budget // len(actions)`` rounds, each
        trying every action once; ``adaptive``: fewer when the choice is clear, up to ``EXTEND``
        more when it is close - ``keep`` as ``best`` will use it)."""
        if paired:
            self.ranked = self.ranked or actions is not None
            actions = actions or self._legal(self.cls.determinize(self.view, Rng(self.rng.next64())))
            base = self.base_rounds = max(1, budget // max(len(actions), 1))
            adaptive = adaptive and len(actions) > 1
            limit = base + int(base * EXTEND) if adaptive else base
            first_check = min(base, max(MIN_ROUNDS, base // 4))
            step = max(1, base // 8)
            rounds = 0
            while rounds < limit:
                self.iterate_paired(actions)
                rounds += 1
                if adaptive and rounds >= first_check and (rounds % step == 0 or rounds == base):
                    z = self.lead(keep)
                    if rounds < base and z > CLEAR_SE:
                        self.outcome = "clear"
                        break
                    if rounds >= base and z > CLOSE_SE:
                        break
                    if rounds >= base:
                        self.outcome = "close"
            self.rounds = rounds
            Search.last = self.outcome, rounds, base, rounds * len(actions)
        else:
            for _ in range(budget):
                self.iterate()
            self.rounds = self.base_rounds = budget
        return self.root

    def lead(self, keep: float = 0.0) -> float:
        """How many standard errors the action ``best(keep)`` would play leads the closest other
        root action by, on the paired results (``inf`` when the paired differences do not vary:
        more samples of the same deals could not change the order)."""
        chosen = self.best(keep)
        mine = self.results[chosen]
        first = next(iter(self.root.children)) if keep and self.ranked else None
        n = len(mine)
        worst = math.inf
        for a, theirs in self.results.items():
            if a == chosen:
                continue
            diffs = [x - y for x, y in zip(mine, theirs)]
            mean = math.fsum(diffs) / n     # fsum: correctly rounded, the same in every Python
            se = math.sqrt(math.fsum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
            margin = mean
            if chosen == first:
                margin += keep          # another must beat the heuristic's choice by ``keep``
            elif a == first:
                margin -= keep
            z = margin / se if se else (math.inf if margin >= 0 else -math.inf)
            worst = min(worst, z)
        return worst

    def best(self, keep: float = 0.0) -> Action:
        """The root action to play: the most visited (unpaired) or best mean (paired); the first
        candidate keeps its place unless beaten by more than ``keep``."""
        children = list(self.root.children.values())
        best = max(children, key=lambda c: (c.visits, c.mean)) if len({c.visits for c in children}) > 1 \
            else max(children, key=lambda c: c.mean)
        if keep and self.ranked:
            first = children[0]          # dicts keep insertion order: the first candidate tried
            if best is not first and best.mean - first.mean <= keep:
                return first.action
        return best.action


def search(view: View, rng: Rng, budget: int = 300, rollout: Rollout | None = None,
           candidates: Candidates | None = None, value: Value | None = None, horizon: int | None = None,
           paired: bool = False, tree: bool = True) -> Node:
    """The root node after ``budget`` iterations; its children carry visits and mean returns."""
    return Search(view, rng, rollout, candidates, value, horizon, tree).run(budget, paired)


def search_move(view: View, rng: Rng, budget: int = 300, rollout: Rollout | None = None,
                candidates: Candidates | None = None, value: Value | None = None, horizon: int | None = None,
                paired: bool = True, keep: float = 0.0, actions: list[Action] | None = None,
                tree: bool = True, adaptive: bool = True, sample: Sample | None = None) -> Move:
    """The legal move (JSON) the search likes best for the view's seat. ``actions``, if given, are
    the root actions to weigh (paired), best first - chosen from the view alone."""
    legal = view.get("legal_moves") or []
    if len(legal) == 1:
        return legal[0]
    s = Search(view, rng, rollout, candidates, value, horizon, tree, sample)
    s.run(budget, paired, actions, keep, adaptive)
    action = s.best(keep)
    return s.cls.determinize(view, rng).action_to_move(action)
