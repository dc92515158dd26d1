"""Spite and Malice bots: strength against weaker levels, and the habits each level promises."""

import time

import pytest

import pygames
from pygames.ai import choose_move
from tests.gameprops import seeded_positions
from tests.helpers.spite_malice import NO_DISCARDS, ids, position

SHORT = {"payoff": 13, "target": 0}


def single_games(levels, count, options=SHORT):
    """Wins of levels[0] and levels[1] over ``count`` single games, seats alternating; also the
    slowest move seen (seconds)."""
    wins = [0, 0]
    slowest = 0.0
    for seed in range(count):
        seats = [0, 1] if seed % 2 == 0 else [1, 0]      # seats[i]: the seat of levels[i]
        by_seat = {seats[0]: levels[0], seats[1]: levels[1]}
        g = pygames.new_game("spite_malice", seed=seed, options=options)
        while not g.is_over:
            s = g.current_player
            start = time.perf_counter()
            move = choose_move(g.view(s), by_seat[s], seed=seed * 1000 + g.move_count)
            slowest = max(slowest, time.perf_counter() - start)
            g.play(move)
        if g.view(None)["winner"] is not None:
            wins[seats.index(g.view(None)["winner"])] += 1
    return wins, slowest


@pytest.mark.parametrize("level, games", [("normal", 40), pytest.param("hard", 4, marks=pytest.mark.heavy)])   # hard searches, so fewer games: it beats random by far
def test_level_beats_random_clearly(level, games):
    (won, lost), slowest = single_games([level, "random"], games)
    print(f"\n{level} vs random: {won}-{lost}, slowest move {slowest * 1000:.1f} ms")
    assert won >= 0.7 * games


def test_easy_beats_random():
    (won, lost), _ = single_games(["easy", "random"], 40)
    assert won > lost


# Hard against Normal is measured by the arena's duplicate matches (docs/bots.md): single games at
# unit-test sizes cannot separate them, so no test here pretends to.


def test_hard_weighs_the_planners_close_calls_through_the_shared_search(monkeypatch):
    """Hard asks ismcts.search_move with the planner's best few (distinct values, best first) when
    they are close, and plays what the search answers; when the call is clear it plays the
    planner's move without a search."""
    from pygames.ai import spite_malice as bot
    calls = []
    real = bot.search_move

    def spy(view, rng, **kw):
        move = real(view, rng, **kw)
        calls.append((view, kw, move))
        return move
    monkeypatch.setattr(bot, "search_move", spy)
    g = pygames.new_game("spite_malice", seed=2, options=SHORT)
    decisions = 0
    while not g.is_over and g.move_count < 400:
        s = g.current_player
        view = g.view(s)
        asked = len(calls)
        move = choose_move(view, "hard" if s == 0 else "normal", seed=g.move_count)
        if s == 0 and len(view["legal_moves"]) > 1:
            decisions += 1
            ranked = bot.ranked_moves(view, bot.LEVELS["hard"])
            if len(calls) == asked:                     # a clear call: no other move within CLOSE
                assert move == ranked[0][1]
                assert all(v < ranked[0][0] - bot.CLOSE or abs(v - ranked[0][0]) <= 1e-6 for v, _ in ranked)
            else:
                seen, kw, answer = calls[-1]
                assert seen is view and answer == move and move in view["legal_moves"]
                sample = bot.SpiteMalice.determinize(view, pygames.cards.Rng(0))
                assert kw["actions"][0] == sample.move_to_action(ranked[0][1])
                values = [v for v, m in ranked if sample.move_to_action(m) in kw["actions"]]
                assert len(set(values)) == len(values) and ranked[0][0] - min(values) <= bot.CLOSE
                assert len(kw["actions"]) > 1 and kw["budget"] > 1
        g.play(move)
    assert 0 < len(calls) < decisions


def test_a_full_match_between_bots_completes():
    start = time.perf_counter()
    g = pygames.new_game("spite_malice", seed=5)
    levels = ["normal", "easy"]             # hard's full games: test_bots_are_deterministic_and_legal
    while not g.is_over:
        s = g.current_player
        g.play(choose_move(g.view(s), levels[s], seed=g.move_count))
    print(f"\ndefault match normal vs easy: {g.move_count} moves, {g.deal_number} games, "
          f"scores {g.scores}, {time.perf_counter() - start:.2f}s")
    assert max(g.scores) >= 50


# ---- habits --------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_plays_the_payoff_card_when_it_can(level):
    g = position(payoff=[["QD", "6C"], ["QC"]], hands=[["KS", "2H", "6D", "9C", "TC"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AS", "2D", "3D", "4D", "5D"], ["AC"], [], []])
    move = choose_move(g.view(0), level, seed=1)
    assert move == {"type": "build", "from": "payoff", "card": "6C", "pile": 0}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_chains_hand_and_discard_cards_to_reach_the_payoff_card(level):
    g = position(payoff=[["QD", "6C"], ["QC"]], hands=[["4H", "9S", "9D", "JC", "JD"], []],
                 discards=[[["5S"], ["8S"], [], []], NO_DISCARDS], centre=[["AS", "2D", "3D"], [], [], []])
    played = []
    while g.current_player == 0:
        move = choose_move(g.view(0), level, seed=g.move_count)
        g.play(move)
        played.append(move)
        if move["type"] == "discard":
            break
    cards = [m["card"] for m in played]
    assert cards[:3] == ["4H", "5S", "6C"] and played[2]["from"] == "payoff"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_never_discards_when_the_payoff_card_is_reachable(level):
    """Over whole bot games: whenever a pay-off build is legal, the bot makes one. Hard is asked at
    each such turn of normal bots' games (a search at every turn of its own games cost 12 s here)."""
    for seed in range(6):
        g = pygames.new_game("spite_malice", seed=seed, options=SHORT)
        asked = 0
        while not g.is_over:
            view = g.view(g.current_player)
            if any(m["type"] == "build" and m["from"] == "payoff" for m in view["legal_moves"]):
                move = choose_move(view, level, seed=g.move_count)
                assert move["type"] == "build" and move["from"] == "payoff", (seed, move)
                asked += 1
            else:
                move = choose_move(view, "normal", seed=g.move_count)
            g.play(move)
        assert asked, seed


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_does_not_discard_a_king_needlessly(level):
    g = position(payoff=[["QD", "JC"], ["QC"]], hands=[["KS", "9H", "8D", "7C", "6C"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AS", "2D"], [], [], []])
    for seed in range(5):
        move = choose_move(g.view(0), level, seed=seed)
        assert move["card"] != "KS", move


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_does_not_spend_a_king_it_does_not_need(level):
    g = position(payoff=[["QD", "JC"], ["9C"]], hands=[["KS", "9H", "8D", "7C", "6C"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AS", "2D"], [], [], []])
    move = choose_move(g.view(0), level, seed=0)
    assert not (move["type"] == "build" and move["card"] == "KS"), move


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_does_not_leave_the_next_player_a_pile_below_their_payoff_card(level):
    g = position(payoff=[["QD", "JC"], ["6C"]], hands=[["5H", "9H", "9D", "TC", "TD"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AS", "2D", "3D", "4D"], [], [], []])
    move = choose_move(g.view(0), level, seed=0)
    assert not (move["type"] == "build" and move["card"] == "5H"), move
    g.payoff[1] = ids(["QC"])                     # the opponent waits for a Queen instead: the 5 is safe
    assert choose_move(g.view(0), level, seed=0) == {"type": "build", "from": "hand", "card": "5H", "pile": 0}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_blocks_a_pile_that_needs_the_next_players_payoff_card(level):
    g = position(payoff=[["QD", "JC"], ["6C"]], hands=[["6H", "9H", "9D", "TC", "TD"], []],
                 discards=[NO_DISCARDS, NO_DISCARDS], centre=[["AS", "2D", "3D", "4D", "5S"], [], [], []])
    assert choose_move(g.view(0), level, seed=0) == {"type": "build", "from": "hand", "card": "6H", "pile": 0}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_discards_to_keep_piles_descending(level):
    g = position(payoff=[["QD", "JC"], ["2C"]], hands=[["5H", "JH", "JD", "QS", "QH"], []],
                 discards=[[["6S"], ["TS"], ["3C"], ["2S"]], NO_DISCARDS],
                 centre=[["AS", "2D", "3D"], ["AH", "2H", "3H"], ["AC", "2C", "3C"], ["AD", "2S", "3S"]])
    assert choose_move(g.view(0), level, seed=0) == {"type": "discard", "card": "5H", "pile": 0}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_are_deterministic_and_legal(level):
    for seed in range(3):
        g = pygames.new_game("spite_malice", seed=seed, players=3, options=SHORT)
        for _ in range(60):
            if g.is_over:
                break
            view = g.view(g.current_player)
            move = choose_move(view, level, seed=seed)
            assert move in view["legal_moves"]
            assert choose_move(view, level, seed=seed) == move
            g.play(move)


def test_the_planners_rank_model_allows_exactly_the_engines_builds():
    """The bots plan on a rank-only model of the table (``Table``, ``builds``) - many steps deep, too
    fast a loop to ask the engine at every node. It must agree with the rules: on thousands of
    random positions, under every option, the builds the planner sees are exactly the engine's legal
    builds (source: the pay-off card, a discard pile's top or a hand rank; target: the rank a centre
    pile needs, or a new pile)."""
    from pygames.ai import spite_malice as bot
    from pygames.cards import IDS, Rng
    from pygames.games.spite_malice import SpiteMalice

    def engine_builds(g):
        seat, out = g.current_player, set()
        for m in g.legal_moves():
            if m["type"] != "build":
                continue
            source = ("payoff" if m["from"] == "payoff" else ("discard", m["discard"]) if m["from"] == "discard"
                      else ("hand", IDS[m["card"]] % 13))
            pile = m["pile"]
            target = bot.NEW if pile == "new" or not g.centre[pile] else len(g.centre[pile])
            out.add((source, target))
        assert seat is not None
        return out

    options = [dict(payoff=13, target=0, centre_limit=limit, kings_start_piles=kings)
               for limit in SpiteMalice.OPTIONS["centre_limit"] for kings in SpiteMalice.OPTIONS["kings_start_piles"]]
    checked, rng = 0, Rng(99)
    for i in range(48):
        g = pygames.new_game("spite_malice", seed=500 + i, players=2 + i % 3, options=options[i % len(options)])
        while not g.is_over and checked < 4000:
            seat = g.current_player
            table = bot.Table.from_state(g, seat)
            assert set(bot.builds(table, table.root())) == engine_builds(g), (i, g.move_count)
            checked += 1
            legal = g.legal_actions()
            g.apply_action(legal[rng.below(len(legal))])
    assert checked >= 3000


@pytest.mark.parametrize("options", [{}, {"kings_start_piles": False, "centre_limit": "unlimited"}])
def test_the_planners_rank_model_agrees_with_legal_actions(options):
    """The planner's quick model of the builds (``builds``: ranks only, from ``Table.from_state``)
    offers exactly the builds ``legal_actions`` holds - each source with the rank the pile it goes on
    needs, or a new pile - on thousands of seeded positions, under both rule options."""
    from pygames.ai.spite_malice import Table, builds
    from pygames.cards import RANK_OF
    from pygames.games.spite_malice import DISCARD, FROM_DISCARD, FROM_HAND, FROM_PAYOFF, NEW
    checked = 0
    for players in (2, 3):
        for g in seeded_positions("spite_malice", range(1, 9), players, options={"payoff": 13, **options}):
            table = Table.from_state(g, g.turn)
            rules = set()
            for a in g.legal_actions():
                source, card, target = a >> 12, a >> 6 & 63, a & 63
                if source >= DISCARD:
                    continue
                step = ("payoff" if source == FROM_PAYOFF else ("hand", RANK_OF[card]) if source == FROM_HAND
                        else ("discard", source - FROM_DISCARD))
                rules.add((step, "new" if target == NEW else len(g.centre[target])))
            assert set(builds(table, table.root())) == rules
            checked += 1
    assert checked > 5000

