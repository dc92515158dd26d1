"""No bot cheats: a bot's move depends on its seat's view alone.

From seeded mid-deal positions of every game, a second full state is dealt that agrees with all the
bot's seat has seen but holds other hidden cards (``determinize`` of the seat's view). The seat's views
of the two states are equal, and the bot of every level, asked through the bridge exactly as the page
asks it, plays the same move in both from the same seed. The bot also plays the same move from a view
that went through JSON (what the worker hands over) and leaves the view it was given unchanged.
"""

import copy
import json

import pytest

import pygames
from pygames import ai, bridge
from pygames.cards import Rng
from pygames.games import game_class, registered
from tests.gameprops import positions_with_a_choice

BUDGET = 12          # search iterations of the hard bots: enough to run their search, kept quick
LEVELS = ("easy", "normal", "hard")


def tables(gid):
    """The player counts worth checking: the default, and partnerships where the game has them."""
    cls = game_class(gid)
    counts = {cls.DEFAULT_PLAYERS}
    if gid == "leopard":
        counts.add(4)
    if gid == "spite_malice":
        counts.add(3)
    return sorted(counts)


CASES = [(gid, n) for gid in registered() for n in tables(gid)]


def positions(gid, players, count=3):
    return positions_with_a_choice(gid, players, count)


def other_deal(g, seat):
    """A full state that looks the same from ``seat`` but deals the hidden cards otherwise."""
    cls = type(g)
    view = g.view(seat)
    for k in range(20):
        other = cls.determinize(view, Rng(1000 + k))
        if other.zones(None) != g.zones(None):
            return other
    raise AssertionError("every sample dealt the hidden cards as they are: nothing hidden?")


def bridge_bot(monkeypatch, game, level, seed):
    """The move the page's bot call plays. A dealt sample keeps no move record, so it has no share
    link: the link, which is not what is checked here, is left out of the answer."""
    monkeypatch.setattr(bridge.links, "encode", lambda *_args, **_kw: "")
    monkeypatch.setitem(bridge._session, "game", game)
    monkeypatch.setitem(bridge._session, "seat", (game.current_player + 1) % game.players)
    answer = json.loads(bridge.call("bot", json.dumps({"level": level, "seed": seed, "budget": BUDGET})))
    assert answer["ok"], answer
    return answer["result"]["move"]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("gid,players", CASES)
def test_hidden_cards_do_not_change_the_bots_move(monkeypatch, gid, players, level):
    for i, g in enumerate(positions(gid, players)):
        seat = g.current_player
        other = other_deal(g, seat)
        assert other.zones(None) != g.zones(None)
        assert other.view(seat) == g.view(seat)
        seed = 17 + i
        mine = bridge_bot(monkeypatch, g, level, seed)
        theirs = bridge_bot(monkeypatch, other, level, seed)
        assert mine == theirs, f"{gid} {level}: the bot of seat {seat} saw a hidden card"


@pytest.mark.parametrize("gid,players", CASES)
def test_the_bot_takes_only_the_view_as_plain_json(gid, players):
    for i, g in enumerate(positions(gid, players, count=2)):
        view = g.view(g.current_player)
        kept = copy.deepcopy(view)
        for level in LEVELS:
            move = ai.choose_move(view, level, seed=i, budget=BUDGET)
            assert view == kept, f"the {level} bot changed the view it was given"
            assert move in view["legal_moves"]
            shipped = json.loads(json.dumps(view))
            assert ai.choose_move(shipped, level, seed=i, budget=BUDGET) == move
