"""The experimental hard Spades bot (``research/spades_experiments.py``: ``hard_move``) is the page's
hard bot with what a ``Reading`` switches on: with nothing on it plays the page's moves, bids and
cards, from the same seeds; a convention switched on changes what it plays."""

import pygames
from pygames.ai import choose_move
from research.spades_experiments import Reading, hard_move


def play_deal(seed, moves, budget=40):
    """A deal of the page's hard bots: ``(view, seed)`` of each move in turn."""
    g = pygames.new_game("spades", seed=seed)
    for n in range(moves):
        view = g.view(g.turn)
        yield view, n
        g.play(choose_move(view, "hard", seed=n, budget=budget))


def test_with_nothing_switched_on_it_plays_the_page_bots_moves():
    checked = 0
    for seed in range(1, 4):
        for view, n in play_deal(seed, 40):
            assert hard_move(view, seed=n, budget=40) == choose_move(view, "hard", seed=n, budget=40)
            checked += 1
    assert checked == 120


def test_a_convention_switched_on_changes_what_it_plays():
    changed = {"signals": 0, "carding": 0}
    for seed in range(1, 4):
        for view, n in play_deal(seed, 40):
            page = choose_move(view, "hard", seed=n, budget=40)
            for switch in changed:
                changed[switch] += hard_move(view, seed=n, budget=40, reading=Reading(**{switch: True})) != page
    assert all(changed.values()), changed
