"""The generic match result (Game.match_result, the bridge's state.result) that the page's statistics
and the daily deal record: for every game, from the engine, the same after a save or link round trip."""

import json
import random

import pytest

import pygames
from pygames import bridge, links
from pygames.games import registered

# the shortest match each game offers (Spades: random play rarely reaches a target, so the first deal)
SHORT = {"spades": {"target": 200}, "spite_malice": {"target": 0}, "skarney_gin": {"target": 100}}


def played(game_id, seed, players=None, stop=None):
    """A seeded random match, to its end or until ``stop(game)``; also each deal's end scores."""
    g = pygames.new_game(game_id, seed=seed, players=players, options=SHORT.get(game_id))
    r = random.Random(seed)
    ends, deal = [], g.deal_number
    while not g.is_over and g.move_count < 6000 and not (stop and stop(g)):
        g.play_index(r.randrange(len(g.legal_actions())))
        if g.deal_number != deal or g.is_over:
            ends.append(list(g.scores))
            deal = g.deal_number
    return g, ends


def side_of(g, seat):
    return next(side for side in g.sides(g.players) if seat in side)


@pytest.mark.parametrize("game_id", registered())
def test_nothing_to_record_before_the_first_deal_ends(game_id):
    g = pygames.new_game(game_id, seed=3)
    r = g.match_result(0)
    assert r["over"] is False and r["deals"] == 0 and r["first"] is None


@pytest.mark.parametrize("game_id", registered())
def test_the_first_deal_result_is_the_scores_as_it_ended_and_stays(game_id):
    g, ends = played(game_id, seed=11, stop=lambda g: g.deal_number >= 3)
    assert len(ends) >= 1
    for seat in range(g.players):
        first = g.match_result(seat)["first"]
        others = [ends[0][side[0]] for side in g.sides(g.players) if seat not in side]
        assert first["score"] == ends[0][seat] and first["best_other"] == max(others)
        assert first["margin"] == first["score"] - first["best_other"]
        assert first["outcome"] == ("win" if first["margin"] > 0 else "loss" if first["margin"] < 0 else "draw")
    # later deals change the match's figures, never the first deal's
    assert g.match_result(0)["deals"] == len(ends)


@pytest.mark.parametrize("game_id", [g for g in registered() if g != "spades"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_finished_match_names_its_winner_as_the_game_does(game_id, seed):
    players = max(pygames.new_game(game_id).PLAYERS)
    g, ends = played(game_id, seed, players=players)
    assert g.is_over
    returns = g.returns()
    for seat in range(g.players):
        r = g.match_result(seat)
        assert r["over"] and r["deals"] == len(ends) == g.deal_number
        best_other = max(returns[side[0]] for side in g.sides(g.players) if seat not in side)
        expected = "win" if returns[seat] > best_other else "loss" if returns[seat] < best_other else "draw"
        assert r["outcome"] == expected
        assert r["score"] == g.scores[seat]
        # partners share one result
        for partner in side_of(g, seat):
            assert g.match_result(partner)["outcome"] == r["outcome"]
    # exactly the games' own winners win
    winners = [s for s in range(g.players) if g.match_result(s)["outcome"] == "win"]
    if getattr(g, "winners", None) is not None:
        assert winners == (g.winners if len(g.winners) == 1 else [])
    elif getattr(g, "winner", None) is not None and g.winner >= 0 and game_id == "leopard":
        assert winners == list(g.sides(g.players)[g.winner])
    elif getattr(g, "winner", None) is not None and game_id == "spite_malice":
        assert winners == [g.winner]


@pytest.mark.parametrize("game_id", registered())
def test_the_result_survives_the_link_and_the_save(game_id):
    g, _ = played(game_id, seed=5, stop=lambda g: g.deal_number >= 2)
    again = links.decode(links.encode(g))
    restored = pygames.from_json(g.to_json())
    for seat in range(g.players):
        assert again.match_result(seat) == g.match_result(seat) == restored.match_result(seat)


def test_the_bridge_sends_the_result_with_every_state():
    state = json.loads(bridge.call("new", json.dumps({"game": "spite_malice", "seed": 5,
                                                      "options": {"target": 0}})))["result"]
    assert state["result"] == {"over": False, "deals": 0, "outcome": "draw", "score": 0,
                               "best_other": 0, "margin": 0, "first": None}
    g, _ = played("spite_malice", seed=5)
    done = json.loads(bridge.call("load", json.dumps({"save": links.encode(g)})))["result"]
    assert done["result"] == g.match_result(0) and done["result"]["over"]
    assert done["result"]["first"] == {k: done["result"][k] for k in ("outcome", "score", "best_other", "margin")}
