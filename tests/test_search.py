"""The shared search (pygames/ai/ismcts.py) and the duplicate arena: it works on the action interface alone, see only a seat's view, are deterministic from their seed, and
finds the move that plainly wins."""

import pytest

import pygames
from pygames import arena
from pygames.ai import ismcts
from pygames.cards import IDS, Rng
from pygames.games.spades import SORT_KEY, Spades


def spades_endgame():
    """South (seat 0) plays last to the twelfth trick; the team needs one more trick. The A♥ wins
    this trick; the 2♥ loses it and the last one too (no heart is left to lead to the ace)."""
    g = Spades(seed=1)
    g.phase, g.broken, g.looked = "play", True, [True] * 4
    g.bids, g.tricks = [3, 3, 3, 3], [3, 3, 2, 3]
    hands = {0: ["AH", "2H"], 1: ["QS"], 2: ["4C"], 3: ["3S"]}
    trick = ["KH", "5H", "6H"]                       # West led, North and East followed
    used = set(trick) | {c for h in hands.values() for c in h}
    rest = [c for c in (pygames.cards.CODES) if c not in used]
    g.hands = [sorted((IDS[c] for c in hands[s]), key=SORT_KEY.__getitem__) for s in range(4)]
    g.trick = [IDS[c] for c in trick]
    g.won, at = [], 0
    for s in range(4):
        n = 4 * g.tricks[s]
        g.won.append([IDS[c] for c in rest[at:at + n]])
        at += n
    g.leader, g.turn = 1, 0
    return g


@pytest.mark.parametrize("paired", [True, False])
def test_search_takes_the_trick_the_contract_needs(paired):
    view = spades_endgame().view(0)
    move = ismcts.search_move(view, Rng(5), budget=60, paired=paired)
    assert move == {"type": "play", "card": "AH"}


def test_ismcts_is_deterministic_from_its_seed_and_reads_only_the_view():
    g = pygames.new_game("spades", seed=9)
    while g.phase != "play" or len(g.legal_actions()) < 3:
        g.play(g.legal_moves()[0])
    seat = g.current_player
    view = g.view(seat)
    first = ismcts.search_move(view, Rng(3), budget=80)
    # another full state that looks the same to this seat gives the same move from the same seed
    other = Spades.determinize(view, Rng(99))
    assert other.view(seat) == view
    assert ismcts.search_move(other.view(seat), Rng(3), budget=80) == first
    assert first in view["legal_moves"]


def test_ismcts_tree_counts_visits_of_the_root_actions():
    view = spades_endgame().view(0)
    root = ismcts.search(view, Rng(1), budget=50)
    assert set(root.children) == {IDS["AH"], IDS["2H"]}
    assert sum(c.visits for c in root.children.values()) == 50


def test_arena_plays_duplicate_sets_and_reports_intervals():
    r = arena.run("spades", "normal", "random", matches=3, options={"target": 200})
    assert r["sets"] == 3 and r["wins"] == 3
    assert r["rate_low"] < r["rate"] <= r["rate_high"]
    assert r["margin_low"] < r["margin"] < r["margin_high"] and r["margin"] > 0


def test_the_arena_plays_a_game_registered_by_a_test():
    """High Card (tests/highcard.py) exists only through its registration, and the arena plays it."""
    r = arena.run("highcard", "normal", "random", matches=6)
    assert r["sets"] == 6 and 0 <= r["wins"] <= 6 and r["rate_low"] <= r["rate"] <= r["rate_high"]


def test_wilson_interval_contains_the_rate_and_narrows_with_more_games():
    low, high = arena.wilson(30, 40)
    assert low < 0.75 < high
    low2, high2 = arena.wilson(300, 400)
    assert high2 - low2 < high - low
    assert arena.wilson(0, 10)[0] == 0.0 and arena.wilson(10, 10)[1] == 1.0


def test_a_partner_plays_at_its_own_sides_level(monkeypatch):
    """Four-player Leopard: the arena seats A in both seats of a partnership (from ``sides()``), never
    A beside a B partner: the sides come from the game, with no game named in the arena."""
    seen = []

    def record(game_id, levels, seed, *rest):
        seen.append(tuple(levels))
        game = pygames.new_game(game_id, seed=seed, players=4)
        while not game.is_over:
            game.play(game.legal_moves()[0])
        return game

    monkeypatch.setattr(arena, "play_match", record)
    arena.duplicate_set("leopard", "hard", "normal", seed=1, players=4)
    assert seen == [("hard", "normal", "hard", "normal"), ("normal", "hard", "normal", "hard")]


def test_duplicate_set_swaps_the_sides_over_the_same_deals():
    total, count = arena.duplicate_set("spades", "normal", "normal", seed=4, options={"target": 200})
    assert count == 2                    # the two partnerships, each once
    # equal levels on the same deals: the swapped matches mirror each other exactly
    assert total == 0


def test_paired_search_tries_each_given_action_on_every_sample():
    view = spades_endgame().view(0)
    s = ismcts.Search(view, Rng(2), rollout=ismcts.random_rollout)
    s.run(40, paired=True, actions=[IDS["2H"], IDS["AH"]], adaptive=False)
    visits = [c.visits for c in s.root.children.values()]
    assert list(s.root.children) == [IDS["2H"], IDS["AH"]] and visits == [20, 20]
    assert s.best() == IDS["AH"]


def test_keep_trusts_the_first_candidate_unless_another_is_clearly_better():
    view = spades_endgame().view(0)
    actions = [IDS["2H"], IDS["AH"]]          # the "heuristic" ranks the losing card first
    # the ace wins the contract's trick: worth far more than a small keep margin, less than a huge one
    assert ismcts.search_move(view, Rng(4), budget=40, actions=actions, keep=1.0) == {"type": "play", "card": "AH"}
    assert ismcts.search_move(view, Rng(4), budget=40, actions=actions, keep=10_000) == {"type": "play", "card": "2H"}


@pytest.mark.parametrize("paired", [True, False])
def test_playouts_stop_at_the_end_of_the_deal_and_at_the_horizon(paired):
    g = spades_endgame()
    view = g.view(0)
    ends, cut = [], []

    def at_deal_end(state):
        ends.append((state.deal_number, state.phase, tuple(state.bids)))
        return state.returns()

    ismcts.search(view, Rng(6), budget=30, value=at_deal_end, paired=paired)
    # the search never plays into the next deal: every playout stops as the new deal is dealt
    assert set(ends) == {(g.deal_number + 1, "bid", (None,) * 4)}

    def at_horizon(state):
        cut.append(state.move_count - g.move_count)
        return state.returns()

    ismcts.search(view, Rng(6), budget=30, value=at_horizon, horizon=2, paired=paired)
    assert cut and max(cut) <= 2


def test_arena_sets_played_side_by_side_give_the_same_figures():
    one = arena.run("spite_malice", "normal", "random", matches=2, options={"target": 25})
    two = arena.run("spite_malice", "normal", "random", matches=2, options={"target": 25}, jobs=2)
    assert one == two


def _alternating_value():
    """A value under which two root actions tried in turn (a paired round) are as good as each other
    on average but never equal in one sample: the second's result is one point above the first's,
    then one below, round after round - a close call that more samples cannot settle."""
    calls = []

    def value(state):
        calls.append(None)
        n = len(calls)
        v = 0.0 if n % 2 else (1.0 if n // 2 % 2 else -1.0)
        return [v, -v, v, -v]
    return value


def test_a_close_choice_gets_more_rounds_than_a_clear_one():
    view = spades_endgame().view(0)
    actions = [IDS["2H"], IDS["AH"]]
    clear = ismcts.Search(view, Rng(2), rollout=ismcts.random_rollout)
    clear.run(80, paired=True, actions=actions)
    close = ismcts.Search(view, Rng(2), rollout=ismcts.random_rollout, value=_alternating_value())
    close.run(80, paired=True, actions=actions)
    # the ace takes the contract's trick in every sample: far ahead, the search stops early
    assert clear.outcome == "clear" and clear.rounds < clear.base_rounds == 40
    assert clear.best() == IDS["AH"]
    # the two are level: it plays on, by half the budget at most
    assert close.outcome == "close" and close.rounds == 60
    assert [c.visits for c in close.root.children.values()] == [60, 60]
    assert [c.visits for c in clear.root.children.values()] == [clear.rounds] * 2
    # without adaptive budgets both spend exactly the budget
    fixed = ismcts.Search(view, Rng(2), rollout=ismcts.random_rollout, value=_alternating_value())
    fixed.run(80, paired=True, actions=actions, adaptive=False)
    assert fixed.rounds == 40 and fixed.outcome == "base"


def test_keep_counts_in_the_adaptive_stop():
    """With a ``keep`` wider than the ace's lead, the first candidate stands, and the search sees that
    the choice is settled (the lead it needs counts ``keep``) instead of playing on."""
    view = spades_endgame().view(0)
    s = ismcts.Search(view, Rng(4), rollout=ismcts.random_rollout)
    s.run(80, paired=True, actions=[IDS["2H"], IDS["AH"]], keep=10_000)
    assert s.best(10_000) == IDS["2H"] and s.outcome == "clear"


def test_adaptive_search_is_deterministic_from_its_seed():
    g = pygames.new_game("spades", seed=9)
    while g.phase != "play" or len(g.legal_actions()) < 3:
        g.play(g.legal_moves()[0])
    view = g.view(g.current_player)
    runs = []
    for _ in range(2):
        s = ismcts.Search(view, Rng(3), rollout=ismcts.random_rollout)
        s.run(120, paired=True, actions=g.legal_actions())
        runs.append((s.outcome, s.rounds, s.results, s.best()))
    assert runs[0] == runs[1]
    assert ismcts.search_move(view, Rng(3), budget=120) == ismcts.search_move(view, Rng(3), budget=120)
