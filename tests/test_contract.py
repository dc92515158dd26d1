"""The engine contract of docs/design.md, for every playable game: the API, saves, links and bots."""

import json
import sys

import pytest

import pygames
from pygames import bridge, links
from tests.gameprops import random_game

PLAYABLE = pygames.registered()


def test_every_registered_game_is_playable_and_the_shipped_ones_come_first():
    """The registry is the one list of games: what it holds is playable (a game module defines GAME,
    its bots module choose_move), the package's own games first; the test session adds High Card
    (tests/highcard.py) through the same registration."""
    registered = pygames.games.registered()
    assert registered[:len(pygames.GAME_IDS)] == pygames.GAME_IDS
    assert "highcard" in registered
    for game_id in registered:
        cls = pygames.game_class(game_id)
        assert cls.GAME_ID == game_id and callable(pygames.games.bots_module(game_id).choose_move)


def test_a_registered_game_is_forgotten_when_unregistered():
    pygames.games.register("tmpgame", "tests.highcard", "tests.highcard")
    try:
        assert "tmpgame" in pygames.games.registered()
    finally:
        pygames.games.unregister("tmpgame")
    assert "tmpgame" not in pygames.registered()
    with pytest.raises(ValueError, match="unknown game"):
        pygames.new_game("tmpgame")


def test_a_game_module_that_fails_to_import_is_an_error_with_its_traceback(tmp_path, monkeypatch):
    """A registered game is always playable: a module of it that cannot be imported is its own error,
    raised where the game is first used (and by the English catalogue, which reads every game's
    words), with the traceback into the module - never a game quietly left out."""
    (tmp_path / "brokengame.py").write_text("import no_such_module_of_brokengame\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    pygames.games.register("brokengame", "brokengame", "brokengame")
    try:
        with pytest.raises(ModuleNotFoundError, match="no_such_module_of_brokengame") as info:
            pygames.new_game("brokengame")
        assert any(str(entry.path).endswith("brokengame.py") for entry in info.traceback)
        with pytest.raises(ModuleNotFoundError, match="no_such_module_of_brokengame"):
            pygames.games.bots_module("brokengame")
        with pytest.raises(ModuleNotFoundError, match="no_such_module_of_brokengame"):
            pygames.games.english_catalogue()
    finally:
        pygames.games.unregister("brokengame")
        sys.modules.pop("brokengame", None)


def test_a_bots_module_provides_every_name_of_the_bots_protocol(tmp_path, monkeypatch):
    """Every game's bots module provides what ``pygames.games.Bots`` names (``choose_move``,
    ``hint_reason``, ``HINT_BUDGET``), which hints and the bots read directly; one that lacks a name
    is a TypeError naming it, the first time it is asked for."""
    for game_id in pygames.games.registered():
        bots = pygames.games.bots_module(game_id)
        assert callable(bots.choose_move) and callable(bots.hint_reason)
        assert bots.HINT_BUDGET is None or bots.HINT_BUDGET > 0
    (tmp_path / "botless.py").write_text("def choose_move(view, level, rng, budget=None):\n    return None\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    pygames.games.register("botless", "tests.highcard", "botless")
    try:
        with pytest.raises(TypeError, match="botless.*lacks HINT_BUDGET, hint_reason"):
            pygames.games.bots_module("botless")
    finally:
        pygames.games.unregister("botless")
        sys.modules.pop("botless", None)


def test_unknown_game_is_a_value_error_naming_the_games():
    with pytest.raises(ValueError, match="spades"):
        pygames.new_game("chess")


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_players_and_options_are_validated(game_id):
    cls = pygames.game_class(game_id)
    with pytest.raises(ValueError, match="played by"):
        pygames.new_game(game_id, players=9)
    with pytest.raises(ValueError, match="no option"):
        pygames.new_game(game_id, options={"no_such_option": 1})
    for name, values in cls.OPTIONS.items():
        with pytest.raises(ValueError, match=name):
            pygames.new_game(game_id, options={name: "surely-not-allowed"})
        assert pygames.new_game(game_id, seed=1, options={name: values[-1]}).options[name] == values[-1]
    for players in cls.PLAYERS:
        assert pygames.new_game(game_id, seed=1, players=players).players == players


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_new_game_follows_the_contract(game_id):
    g = pygames.new_game(game_id, seed=42)
    assert g.current_player in range(g.players)
    assert not g.is_over and g.history == []
    assert len(g.scores) == g.players
    legal = g.legal_moves()
    assert legal and json.loads(json.dumps(legal)) == legal
    assert legal == g.legal_moves()                       # stable order
    full = g.view(None)
    for key in ("zones", "game", "players", "options", "seat", "log", "move_count", "deal"):
        assert key in full
    for seat in range(g.players):
        v = g.view(seat)
        assert "seed" not in v and v["seat"] == seat and v["game"] == game_id
        json.dumps(v)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_refused_move_raises_illegal_move_and_changes_nothing(game_id):
    g = pygames.new_game(game_id, seed=3)
    before = g.to_json(), json.dumps(g.view(None), sort_keys=True)
    for bad in ({"type": "nonsense"}, "not a move", {"type": "play", "card": "ZZ"}, None):
        with pytest.raises(pygames.IllegalMove) as info:
            g.play(bad)
        assert isinstance(info.value, ValueError) and str(info.value)
    assert (g.to_json(), json.dumps(g.view(None), sort_keys=True)) == before


def random_position(game_id, seed, moves):
    """A game after up to ``moves`` random legal moves."""
    return random_game(game_id, seed, moves)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_json_round_trip_and_bad_saves(game_id):
    g = random_position(game_id, 8, 30)
    again = pygames.from_json(g.to_json())
    assert again.view(None) == g.view(None) and again.to_json() == g.to_json()
    for text, reason in [("{", "not valid JSON"), ("[]", "not a JSON object"), ('{"game": "spades"}', "lacks"),
                         (json.dumps({"game": game_id, "seed": 8, "moves": [{"type": "x"}]}), "move 1")]:
        with pytest.raises(pygames.BadSave, match=reason):
            pygames.from_json(text)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_link_round_trip_and_challenge_link(game_id):
    g = random_position(game_id, 77, 25)
    fragment = links.encode(g)
    assert fragment.startswith(f"{game_id}?v=2&")
    again = links.decode(fragment)
    assert again.view(None) == g.view(None)
    fresh = links.decode(links.encode(g, moves=False))
    assert fresh.history == [] and fresh.view(None) == pygames.new_game(
        game_id, seed=77, players=g.players, options=g.options).view(None)


@pytest.mark.parametrize("fragment, reason", [
    ("", "empty"),
    ("chess?s=1", "a game we don't have"),
    ("spades?p=x&s=1", "player count"),
    ("spades?p=3&s=1", "not allowed"),
    ("spades?s=abc", "seed"),
    ("spades?o=target.7&s=1", "option value"),
    ("spades?o=colour.1&s=1", "option"),
    ("spades?s=1&n=2&m=A", "cut short"),
    ("spades?s=1&n=1&m=z", "not a legal move"),
    ("spades?s=1&n=1&m=AAAA", "longer than"),
    ("spades?s=1&n=x", "move count"),
    ("spades?v=x&s=1", "format version"),
    ("spades?v=99&s=1", "newer version"),
])
def test_bad_links_say_why(fragment, reason):
    with pytest.raises(pygames.BadLink, match=reason):
        links.decode(fragment)


def test_links_are_compact():
    g = pygames.new_game("spades", seed=1)
    while g.deal_number == 1:
        g.play(g.legal_moves()[0])
    # a whole deal (56+ moves) fits in well under two hundred characters
    assert len(links.encode(g)) < 120


@pytest.mark.parametrize("game_id", PLAYABLE)
@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_bots_choose_legal_moves_from_their_view_alone(game_id, level):
    g = pygames.new_game(game_id, seed=11)
    budget = 12 if level == "hard" else None      # the search's contract, not its strength: a small budget
    for step in range(30 if level == "hard" else 60):      # hard searches twice per step: fewer
        if g.is_over:
            break
        seat = g.current_player
        view = g.view(seat)
        move = pygames.ai.choose_move(view, level=level, seed=step, budget=budget)
        assert g.find_legal(move) is not None, (level, move)
        assert move == pygames.ai.choose_move(json.loads(json.dumps(view)), level=level, seed=step, budget=budget)
        g.play(move)


def test_bot_refuses_a_view_without_moves():
    g = pygames.new_game("spades", seed=1)
    idle = (g.current_player + 1) % 4
    with pytest.raises(ValueError):
        pygames.ai.choose_move(g.view(idle))
    with pytest.raises(ValueError, match="level"):
        pygames.ai.choose_move(g.view(g.current_player), level="genius")


def test_bridge_answers_json_and_errors_readably():
    ok = json.loads(bridge.call("new", json.dumps({"game": "spades", "seed": 3})))
    assert ok["ok"] and ok["result"]["view"]["seat"] == 0 and ok["result"]["link"].startswith("spades?")
    bad = json.loads(bridge.call("play", json.dumps({"move": {"type": "bid", "bid": 0}})))
    assert not bad["ok"] and "Nil" in bad["error"]
    assert not json.loads(bridge.call("nope", "{}"))["ok"]
    link = json.loads(bridge.call("open_link", json.dumps({"fragment": "spades?s=zz"})))
    assert not link["ok"] and "seed" in link["error"]
    info = json.loads(bridge.call("info", "{}"))["result"]
    assert [g["id"] for g in info["games"]] == list(pygames.games.registered())


@pytest.mark.parametrize("game_id", pygames.GAME_IDS)
def test_the_bridges_bots_play_the_one_bot_seed(game_id):
    """The page's bots (``bridge.bot``) play ``ai.choose_move`` seeded with ``engine.bot_seed`` - the
    one seed the tests and the lesson tools replay a page's game with."""
    from pygames.engine import bot_seed
    bridge.call("new", json.dumps({"game": game_id, "seed": 12}))
    mirror = pygames.new_game(game_id, seed=12)
    for _ in range(12):
        seat = mirror.current_player
        expected = pygames.ai.choose_move(mirror.view(seat), level="normal", seed=bot_seed(mirror))
        answer = json.loads(bridge.call("bot", json.dumps({"level": "normal"})))["result"]
        assert answer["move"] == expected and answer["seat"] == seat
        mirror.play(expected)


def test_bridge_undo_returns_to_the_persons_last_decision():
    state = json.loads(bridge.call("new", json.dumps({"game": "spades", "seed": 21})))["result"]
    while state["view"]["current_player"] != 0:
        state = json.loads(bridge.call("bot", "{}"))["result"]["state"]
    before = state["view"]
    move = before["legal_moves"][0]
    json.loads(bridge.call("play", json.dumps({"move": move})))
    for _ in range(3):
        json.loads(bridge.call("bot", "{}"))
    undone = json.loads(bridge.call("undo", "{}"))["result"]
    assert undone["view"] == before


def test_bridge_answers_stay_small_late_in_a_long_spades_match():
    """A seat's view carries the current deal's plays and the deal summaries, not the match's
    whole move record: the answer after ten deals is about the size of one after the first."""
    bridge.call("new", json.dumps({"game": "spades", "seed": 5, "options": {"target": 1000}}))
    sizes = {}
    while True:
        answer = bridge.call("bot", json.dumps({"level": "normal"}))
        state = json.loads(answer)["result"]["state"]
        deal = state["view"]["deal"]
        if state["view"]["is_over"] or deal > 10:
            break
        if len(state["view"]["log"]) == 40:          # mid-deal: bids and nine tricks played
            sizes[deal] = len(bridge.call("state", "{}"))
    print(f"bridge state answer mid-deal: deal 1 {sizes[1]} bytes, deal 10 {sizes[10]} bytes")
    assert len(sizes) == 10
    assert sizes[10] < sizes[1] + 10 * 1200, "each deal may add only its summary"
    assert sizes[10] < 16_000


def test_old_links_open_or_say_they_are_from_an_older_version():
    g = random_position("spades", 31, 30)
    old = links.encode(g).replace("v=2&", "")        # version 1: the format before versions
    assert links.decode(old).view(None) == g.view(None)
    for game_id in PLAYABLE:
        if pygames.game_class(game_id).LINK_SINCE > 1:
            with pytest.raises(pygames.BadLink, match="older version"):
                links.decode(f"{game_id}?s=1&n=0")
