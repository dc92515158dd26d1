"""Information-set Monte Carlo tree search (single observer), over the action interface alone.

One tree is grown for the seat that searches. Each iteration deals the cards that seat cannot see
afresh (``Game.determinize``), walks the tree choosing among the actions legal in that sampled deal
(UCB1 with availability counts, so an action seen in few samples is not unfairly favoured), adds one
node, plays the deal out with the game's rollout policy and credits every node with the result for
the seat that chose it. Opponents' choices are nodes of the same tree, searched for their own
returns. The search ends at the end of the current deal; ``returns()`` scores it.

It knows no game: a game's bot passes its rollout policy and, optionally, ``candidates(state)`` to
narrow a wide choice to the actions worth searching. The budget counts iterations, not seconds,
so a seed gives the same move in CPython and in the browser.
"""

import math

from ..games import game_class
from .search import random_rollout

EXPLORATION = 0.7


class Node:
    __slots__ = ("parent", "action", "seat", "children", "visits", "total", "available")

    def __init__(self, parent, action, seat):
        self.parent = parent
        self.action = action
        self.seat = seat            # who chose ``action`` (whose returns this node sums)
        self.children = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


def _select(node, legal, spread):
    best, best_value = None, -math.inf
    for a in legal:
        child = node.children[a]
        value = (child.total / child.visits
                 + EXPLORATION * spread * math.sqrt(math.log(max(child.available, 1)) / child.visits))
        if value > best_value:
            best, best_value = a, value
    return best


def search(view, rng, budget=300, rollout=None, candidates=None):
    """The root node after ``budget`` iterations; its children carry visits and mean returns."""
    cls = game_class(view["game"])
    rollout = rollout or random_rollout
    root = Node(None, None, None)
    low, high = math.inf, -math.inf
    for _ in range(budget):
        state = cls.determinize(view, rng)
        deal = state.deal_number
        node = root
        # selection and expansion: down the tree while every legal action has a child
        while not state.is_over and state.deal_number == deal:
            legal = candidates(state) if candidates and node is root else state.legal_actions()
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if a not in node.children]
            seat = state.current_player
            if untried:
                a = untried[rng.below(len(untried))]
                child = node.children[a] = Node(node, a, seat)
                child.available = 1
                state.apply_action(a)
                node = child
                break
            a = _select(node, legal, (high - low) if high > low else 1.0)
            state.apply_action(a)
            node = node.children[a]
        # simulation to the end of the deal
        while not state.is_over and state.deal_number == deal:
            state.apply_action(rollout(state, rng))
        result = state.returns()
        low, high = min(low, min(result)), max(high, max(result))
        while node is not root:
            node.visits += 1
            node.total += result[node.seat]
            node = node.parent
    return root


def search_move(view, rng, budget=300, rollout=None, candidates=None):
    """The legal move (JSON) the search likes best for the view's seat: the most visited action."""
    legal = view.get("legal_moves") or []
    if len(legal) == 1:
        return legal[0]
    root = search(view, rng, budget, rollout, candidates)
    best = max(root.children.values(), key=lambda c: (c.visits, c.total / c.visits if c.visits else 0))
    state = game_class(view["game"]).determinize(view, rng)
    return state.action_to_move(best.action)
