"""Why? on a bot's move (pygames.ai.hints.why, the bridge's "why"; the recent-moves line's button):
the game's hint reason for the move a bot made, worked out from the bot's own view before the move,
said to the person as a purpose ("to win the trick").

What matters: over seeded games of every game and player count, no why-text names a card hidden from
the asking seat (and a move whose card the person cannot see gets "hidden", nothing about the card);
a reason that would name such a card is not given; every reason has its words in both languages with
the hint's fields; only a bot's move is explained; most bot moves get a reason.
"""

import json
import re
from pathlib import Path

import pytest

import pygames
from pygames import bridge
from pygames.ai import hints
from pygames.games import GAME_IDS, bots_module, game_class

ROOT = Path(__file__).resolve().parent.parent
WORDS = {lang: {k: v for path in sorted((ROOT / "web" / "lang" / lang).glob("*.json"))
                for k, v in json.loads(path.read_text("utf-8")).items()} for lang in ("en", "ja")}
CARD = re.compile(r"\b[2-9TJQKA][SHDC]\b")


def played(gid, players, seed, moves=60):
    """A seeded game played by Normal bots for up to ``moves`` moves (a few deals' worth of turns)."""
    g = pygames.new_game(gid, seed=seed, players=players)
    while not g.is_over and g.move_count < moves:
        g.play(pygames.ai.choose_move(g.view(g.current_player), level="normal", seed=seed * 31 + g.move_count))
    return g


def rebuilt(g, keep):
    fresh = type(g)(players=g.players, options=g.options, seed=g.seed)
    for index, _ in g.move_choices[:keep]:
        fresh.play_index(index)
    return fresh


def visible(state, asker):
    """Every card code ``asker`` may see in ``state`` (its view's zones, the log as it sees it)."""
    return set(CARD.findall(json.dumps(state.view(asker))))


CASES = [(gid, p) for gid in GAME_IDS for p in game_class(gid).PLAYERS]


@pytest.mark.parametrize(("gid", "players"), CASES)
def test_a_why_never_names_a_card_hidden_from_the_asker(gid, players):
    said = 0
    asked = 0
    for seed in (1, 2):
        g = played(gid, players, seed)
        history, movers = g.history, g.movers
        for index in range(len(history)):
            before = rebuilt(g, index)
            mover = movers[index]
            for asker in range(players):
                if asker == mover:
                    continue
                answer = hints.why(before, history[index], asker, seed=index)
                asked += 1
                if answer is None:
                    continue
                said += 1
                assert answer["key"] in WORDS["en"] and answer["key"] in WORDS["ja"], answer
                named = set(CARD.findall(json.dumps(answer)))
                seen = visible(before, asker) | set(CARD.findall(json.dumps(before._public_move(history[index], asker, mover))))
                assert named <= seen, (gid, seed, index, asker, answer)
                public = before._public_move(history[index], asker, mover)
                if public != history[index]:        # the asker cannot see this move's card: nothing about it
                    assert answer == {"key": "why.hidden"}, (gid, index, answer)
    assert said >= asked // 4, f"{gid}: most bot moves get a reason ({said} of {asked})"


def test_a_reason_naming_a_hidden_card_is_not_given(monkeypatch):
    """The filter itself: a game whose reason would name a card of another hand says nothing."""
    g = played("spades", 4, 1, moves=8)                 # the bids are in: seat 0's first card play
    while g.current_player != 1:
        g.play(pygames.ai.choose_move(g.view(g.current_player), level="normal", seed=g.move_count))
    move = pygames.ai.choose_move(g.view(1), level="normal", seed=0)
    secret = next(c for c in g.view(None)["zones"]["hand1"] if c != move.get("card"))
    monkeypatch.setattr(bots_module("spades"), "hint_reason", lambda view, m, after: {"key": "hint.spades.master", "card": secret})
    assert hints.why(g, move, 0) is None
    assert hints.why(g, move, 1)["key"] == "why.spades.master", "a card the asker holds may be named"


def test_a_hidden_move_gets_no_reason_about_its_card():
    """Leopard: a Jack placed face down by the opponent - the person hears only that it is hidden."""
    for seed in range(1, 40):
        g = pygames.new_game("leopard", seed=seed, players=2)
        while not g.is_over and g.move_count < 40:
            move = pygames.ai.choose_move(g.view(g.current_player), level="normal", seed=g.move_count)
            if g.current_player == 1 and move.get("type") == "place" and move["card"][0] in "JQ":
                assert hints.why(g, move, 0) == {"key": "why.hidden"}
                assert hints.why(g, move, 1) != {"key": "why.hidden"}, "the placer itself sees its card"
                return
            g.play(move)
    pytest.fail("no face-down placement in 40 seeded games")


def test_every_hint_reason_has_a_why_with_the_same_fields():
    field = re.compile(r"\{(\w+)")
    for lang in ("en", "ja"):
        for key, text in WORDS[lang].items():
            if key.count(".") == 2 and key.startswith("hint.") and key.split(".")[1] in GAME_IDS:
                why = "why." + key[len("hint."):]
                assert why in WORDS[lang], (lang, why)
                assert set(field.findall(WORDS[lang][why])) == set(field.findall(text)), (lang, why)


def test_the_bridge_explains_only_a_bots_move(monkeypatch):
    monkeypatch.setattr(bridge.links, "encode", lambda *_a, **_k: "")
    state = json.loads(bridge.call("new", json.dumps({"game": "spades", "seed": 1044})))["result"]
    while state["view"]["current_player"] != 0:
        state = json.loads(bridge.call("bot", json.dumps({"level": "easy"})))["result"]["state"]
    answer = json.loads(bridge.call("why", json.dumps({"index": 0})))
    assert answer["ok"] and answer["result"]["seat"] == 1
    assert answer["result"]["reason"]["key"] == "why.spades.bid" and answer["result"]["reason"]["n"] == 4
    bridge.call("play", json.dumps({"move": {"type": "bid", "bid": "nil"}}))
    mine = json.loads(bridge.call("why", json.dumps({"index": 3})))
    assert not mine["ok"] and "bot" in mine["error"]
    assert not json.loads(bridge.call("why", json.dumps({"index": 99})))["ok"]
