"""The shared search of the hard bots: it knows no game, only the action interface of DESIGN.md.

Each iteration deals the cards the seat cannot see afresh (``Game.determinize``), tries one of the
seat's legal actions - chosen by UCB1, so promising ones get more samples - and plays the deal out
with the game's rollout policy; the action with the best mean ``returns()`` for the seat wins.
Action keys mean the same move in every state that looks the same to the seat, so the statistics of
one action gather over all the sampled deals. The budget counts iterations, not seconds, so a seed
gives the same move in CPython and in the browser.
"""

import math

from ..games import game_class

EXPLORATION = 0.7


def random_rollout(game, rng):
    legal = game.legal_actions()
    return legal[rng.below(len(legal))]


def playout(game, rng, rollout=random_rollout, max_steps=5000):
    """Play ``game`` on until its current deal (or the match) ends; it is changed in place."""
    deal = game.deal_number
    for _ in range(max_steps):
        if game.is_over or game.deal_number != deal:
            return
        game.apply_action(rollout(game, rng))


def action_values(view, rng, budget=200, rollout=None, candidates=None):
    """``(actions, visits, mean returns)`` of the seat's legal actions after ``budget`` iterations.
    ``candidates(sample)``, if given, picks the actions worth searching (a subset of the legal ones
    that depends only on what the seat sees), so a wide choice does not thin the samples out."""
    cls = game_class(view["game"])
    seat = view["seat"]
    rollout = rollout or random_rollout
    sample = cls.determinize(view, rng)
    actions = candidates(sample) if candidates else sample.legal_actions()
    k = len(actions)
    visits, totals = [0] * k, [0.0] * k
    low, high = math.inf, -math.inf
    for i in range(max(budget, k)):
        if i:
            sample = cls.determinize(view, rng)
        if i < k:
            j = i
        else:
            spread = (high - low) or 1.0
            log_n = math.log(i)
            j = max(range(k), key=lambda a: totals[a] / visits[a]
                    + EXPLORATION * spread * math.sqrt(log_n / visits[a]))
        sample.apply_action(actions[j])
        playout(sample, rng, rollout)
        value = sample.returns()[seat]
        visits[j] += 1
        totals[j] += value
        low, high = min(low, value), max(high, value)
    return actions, visits, [t / v if v else -math.inf for t, v in zip(totals, visits)]


def search_move(view, rng, budget=200, rollout=None, candidates=None):
    """The legal move (JSON) the search likes best for the view's seat."""
    legal = view.get("legal_moves") or []
    if len(legal) == 1:
        return legal[0]
    cls = game_class(view["game"])
    actions, visits, means = action_values(view, rng, budget, rollout, candidates)
    best = max(range(len(actions)), key=lambda j: (means[j], visits[j], -j))
    sample = cls.determinize(view, rng)
    return sample.action_to_move(actions[best])
