"""Committed links, saves and perft counts (tests/golden/, written by tests/golden.py) rebuild exactly
the states they pinned: a change to the shuffle, move order or a rule fails here. A deliberate change
regenerates them with ``python -m tests.golden`` and says why in its commit."""

import json

import pytest

import pygames
from pygames import bridge, links
from tests import golden

CASES = golden.cases()


def record(game_id, players):
    return json.loads(golden.path(game_id, players).read_text())


def same_state(game, pinned, what):
    """The state's digests equal the pinned ones; the message says which part changed."""
    now = golden.digests(game)
    if now["core"] != pinned["core"]:
        pytest.fail(f"{what}: the rules' state changed (zones, scores, turn or legal moves) - the shuffle, "
                    "move order or a rule is not what the golden file pinned")
    assert now["view"] == pinned["view"], f"{what}: the view's other fields changed"
    assert now["json"] == pinned["json"], f"{what}: the save (to_json) changed"


def test_every_shipped_game_and_player_count_has_a_golden_file():
    assert {(g, p) for g, p in CASES} == {(g, p) for g in pygames.GAME_IDS for p in pygames.game_class(g).PLAYERS}
    for game_id, players in CASES:
        assert golden.path(game_id, players).exists(), f"run `python -m tests.golden` for {game_id} {players}p"


@pytest.mark.parametrize("game_id, players", CASES)
def test_committed_links_of_every_format_rebuild_their_state(game_id, players):
    pinned = record(game_id, players)
    kinds = {case["kind"] for case in pinned["links"]}
    assert {"v2 challenge", "v2 position", "v3 replay, all hands"} <= kinds
    for case in pinned["links"]:
        share = links.decode_share(case["link"])
        what = f"{case['kind']} link {case['link'][:60]}"
        same_state(share.game, case, what)
        assert (share.seat, share.replay, share.reveal) == (case["seat"], case["replay"], case["reveal"]), what
        if not case["kind"].startswith("v1"):     # today's encoder writes the same text again
            again = links.encode(share.game, moves="challenge" not in case["kind"], seat=share.seat,
                                 replay=share.replay, reveal=share.reveal)
            assert again == case["link"], what


@pytest.mark.parametrize("game_id, players", CASES)
def test_committed_saves_rebuild_their_state(game_id, players):
    for case in record(game_id, players)["saves"]:
        game = pygames.from_json(case["save"])
        same_state(game, case, f"save {case['save'][:60]}")
        assert game.to_json() == case["save"]


@pytest.mark.parametrize("game_id, players", CASES)
def test_perft_counts_along_fixed_lines_are_unchanged(game_id, players):
    for case in record(game_id, players)["perft"]:
        game, total = golden.random_line(game_id, case["seed"], players, case["line"])
        assert (total, game.move_count) == (case["actions_along_line"], case["moves_played"]), \
            f"seed {case['seed']}: the legal actions along the fixed line changed"
        assert golden.two_plies(game_id, case["seed"], players) == case["two_plies"]
        same_state(game, case, f"seed {case['seed']} after {case['line']} random moves")


def test_the_page_opens_a_committed_link_at_its_pinned_position():
    case = record("spades", 4)["links"][1]           # a v2 position link, as the page saved it before v3
    answer = json.loads(bridge.call("open_link", json.dumps({"fragment": case["link"]})))
    assert answer["ok"], answer
    assert answer["result"]["link"] == case["link"] and answer["result"]["seat"] == 0


def test_a_changed_rule_fails_the_golden_check(monkeypatch):
    """The check can fail: a shuffle that draws differently no longer rebuilds the pinned deal."""
    game_id, players = CASES[0]
    case = record(game_id, players)["links"][0]
    monkeypatch.setattr(pygames.cards.Rng, "shuffle", lambda self, items: items.reverse() or items)
    with pytest.raises(pytest.fail.Exception, match="rules' state changed"):
        same_state(links.decode_share(case["link"]).game, case, "reversed deck")
