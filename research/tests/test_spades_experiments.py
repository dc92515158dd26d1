"""The experimental hard Spades bot (``research/spades_experiments.py``: ``hard_move``) is the page's
hard bot with what a ``Reading`` switches on: with nothing on it plays the page's moves, bids and
cards, from the same seeds; a convention switched on changes what it plays."""

import pygames
from pygames.ai import choose_move
from research.spades_experiments import Reading, hard_move

BUDGET = 40


def positions(seed, moves):
    """``(view, seed)`` of each move of a deal that the normal bots play (cheap to reach)."""
    g = pygames.new_game("spades", seed=seed)
    for n in range(moves):
        view = g.view(g.turn)
        yield view, n
        g.play(choose_move(view, "normal", seed=n))


def test_with_nothing_switched_on_it_plays_the_page_bots_moves():
    checked = 0
    for seed in (1, 2):
        for view, n in positions(seed, 30):
            assert hard_move(view, seed=n, budget=BUDGET) == choose_move(view, "hard", seed=n, budget=BUDGET)
            checked += 1
    assert checked == 60


def test_a_convention_switched_on_changes_what_it_plays():
    changed = set()
    for seed in (1, 2, 3):
        for view, n in positions(seed, 52):
            if view["phase"] != "play" or len(view["legal_moves"]) < 2:
                continue
            page = choose_move(view, "hard", seed=n, budget=BUDGET)
            for switch in {"signals", "carding"} - changed:
                if hard_move(view, seed=n, budget=BUDGET, reading=Reading(**{switch: True})) != page:
                    changed.add(switch)
            if len(changed) == 2:
                return
    raise AssertionError(f"only {sorted(changed)} changed a move")
