"""Share links of each kind (challenge, position, replay; the sharer's seat, all hands shown), the
replay viewer's bridge method and restart this deal, for every playable game."""

import json

import pytest

import pygames
from pygames import bridge, links
from pygames.cards import HIDDEN
from tests.gameprops import random_game

PLAYABLE = pygames.registered()


def call(method, **args):
    answer = json.loads(bridge.call(method, json.dumps(args)))
    assert answer["ok"], answer
    return answer["result"]


def refused(method, **args):
    answer = json.loads(bridge.call(method, json.dumps(args)))
    assert not answer["ok"]
    return answer["error"]


def seats_hidden(game, seat):
    """(zone, position) pairs the seat may not see in the game's current state."""
    return {(name, i) for name, cards in game.zones(seat).items() for i, c in enumerate(cards) if c == HIDDEN}


def last_seat(game_id):
    return max(pygames.game_class(game_id).PLAYERS) - 1


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_each_kind_round_trips(game_id):
    players = max(pygames.game_class(game_id).PLAYERS)
    g = random_game(game_id, 41, 40, players=players)
    seat = players - 1
    challenge = links.decode_share(links.encode(g, moves=False, seat=seat))
    assert challenge.game.history == [] and challenge.seat == seat and not challenge.replay
    assert challenge.game.view(None) == pygames.new_game(
        game_id, seed=41, players=players, options=g.options).view(None)
    position = links.decode_share(links.encode(g, seat=seat))
    assert position.game.view(None) == g.view(None)
    assert (position.seat, position.replay, position.reveal) == (seat, False, False)
    replay = links.decode_share(links.encode(g, seat=seat, replay=True))
    assert (replay.seat, replay.replay, replay.reveal) == (seat, True, False)
    shown = links.decode_share(links.encode(g, seat=seat, replay=True, reveal=True))
    assert (shown.seat, shown.replay, shown.reveal) == (seat, True, True)
    assert shown.game.view(None) == g.view(None)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_plain_links_stay_version_2_and_new_kinds_are_version_3(game_id):
    g = random_game(game_id, 5, 12)
    assert links.encode(g).startswith(f"{game_id}?v=2&")
    assert links.encode(g, moves=False).startswith(f"{game_id}?v=2&")
    assert links.encode(g, replay=True).startswith(f"{game_id}?v=3&")
    assert links.encode(g, seat=1).startswith(f"{game_id}?v=3&")


def test_a_page_before_version_3_would_refuse_a_new_link_rather_than_open_it_in_seat_0(monkeypatch):
    g = random_game("spades", 8, 30)
    link = links.encode(g, seat=2, replay=True)
    monkeypatch.setattr(links, "VERSION", 2)
    with pytest.raises(pygames.BadLink, match="newer version"):
        links.decode(link)


@pytest.mark.parametrize("extra, reason", [
    ("w=4", "seat"), ("w=x", "seat"), ("w=", "seat"), ("r=2", "replay mark"), ("r=yes", "replay mark"),
    ("h=0", "show-all-hands mark"), ("h=1", "needs r=1"),
])
def test_a_malformed_new_field_is_a_clear_bad_link(extra, reason):
    with pytest.raises(pygames.BadLink, match=reason):
        links.decode_share(f"spades?v=3&p=4&s=1&{extra}")
    assert reason in refused("open_link", fragment=f"spades?v=3&p=4&s=1&{extra}")


def test_encode_refuses_all_hands_on_anything_but_a_replay():
    with pytest.raises(ValueError, match="replay"):
        links.encode(pygames.new_game("spades", seed=1), reveal=True)


def test_a_typical_mid_game_link_is_short_enough_for_a_chat():
    g = random_game("spades", 3, 80)                         # well into the second deal
    assert g.deal_number == 2
    for link in (links.encode(g, seat=2, replay=True, reveal=True), links.encode(g, seat=2)):
        assert len(link) < 140, link


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_position_link_opens_in_the_sharers_seat(game_id):
    seat = last_seat(game_id)
    call("new", game=game_id, seed=12, players=seat + 1, seat=seat)
    for _ in range(15):
        if call("state")["view"]["is_over"]:
            break
        call("bot", level="random")
    shared = call("share_links")
    sharer_view = call("state")["view"]
    opened = call("open_link", fragment=shared["position"])
    assert opened["seat"] == seat and opened["view"] == sharer_view
    assert call("load", save=opened["link"])["seat"] == seat          # the save keeps the seat too


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_replay_views_never_show_a_card_hidden_from_the_sharers_seat(game_id):
    seat = last_seat(game_id)
    g = random_game(game_id, 23, 60, players=seat + 1)
    link = links.encode(g, seat=seat, replay=True)
    first = call("replay_view", link=link, step=0)
    steps = first["steps"]
    assert steps == g.move_count and first["seat"] == seat and first["hands"] == {}
    replayed = pygames.new_game(game_id, seed=23, players=seat + 1, options=g.options)
    for step in range(steps + 1):
        shown = call("replay_view", link=link, step=step)
        assert shown["view"] == replayed.view(seat), step
        for name, i in seats_hidden(replayed, seat):
            assert shown["view"]["zones"][name][i] == HIDDEN
        if step < steps:
            replayed.play_index(g.move_choices[step][0])


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_all_hands_only_where_the_sharer_chose_or_the_deal_is_over(game_id):
    g = random_game(game_id, 23, 40)
    hidden_link = links.encode(g, replay=True)
    last = g.move_count
    if not g.is_over:
        assert "all hands" in refused("replay_view", link=hidden_link, step=last, reveal=True)
    shown = call("replay_view", link=links.encode(g, replay=True, reveal=True), step=last, reveal=True)
    full = g.view(None)["zones"]
    assert shown["shows_all"] and shown["view"]["zones"] == g.view(0)["zones"]
    for name, cards in shown["hands"].items():
        assert cards == full[name]
    # every seat's own zone with a card hidden from seat 0 (hands, pay-off piles); not the stock
    assert set(shown["hands"]) == {n for n, cards in g.view(0)["zones"].items()
                                   if HIDDEN in cards and (g._secret_rule(n) or (0, None))[1] is not None}
    assert "stock" not in shown["hands"]


def test_a_finished_deal_can_show_all_hands():
    g = random_game("spades", 3, 80)
    link = links.encode(g, replay=True)
    first = call("replay_view", link=link, step=0)
    assert first["deal_starts"][:2] == [0, first["deal_starts"][1]] and first["deal_over"]
    shown = call("replay_view", link=link, step=0, reveal=True)
    assert {"hand1", "hand2", "hand3"} <= set(shown["hands"])
    assert all(HIDDEN not in cards for cards in shown["hands"].values())
    second = first["deal_starts"][1]
    assert call("replay_view", link=link, step=second)["deal"] == 2
    assert "all hands" in refused("replay_view", link=link, step=second, reveal=True)


@pytest.mark.parametrize("args, reason", [
    ({"step": -1}, "step"), ({"step": 10_000}, "step"), ({"step": 1.5}, "step"), ({"step": True}, "step"),
    ({"step": 0, "reveal": "yes"}, "reveal"), ({"link": 5}, "link must be text"),
    ({"link": "spades?v=3&s=1&h=1"}, "needs r=1"),
])
def test_replay_view_arguments_are_strict(args, reason):
    assert reason in refused("replay_view", **{"link": links.encode(random_game("spades", 2, 9)), **args})


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_restart_deal_goes_back_to_the_same_cards_and_keeps_earlier_deals(game_id):
    call("new", game=game_id, seed=31)
    start = call("state")
    assert not start["can_restart"]
    assert "nothing to restart" in refused("restart_deal")
    moves = 0
    while not call("state")["view"]["is_over"] and moves < 400:
        call("bot", level="random")
        moves += 1
        if call("state")["view"]["deal"] == 2:
            break
    for _ in range(6):
        if call("state")["view"]["is_over"]:
            break
        call("bot", level="random")
    state = call("state")
    if state["view"]["is_over"]:
        assert not state["can_restart"] and "match is over" in refused("restart_deal")
        return
    deal = state["view"]["deal"]
    game = links.decode(state["link"])
    expected = pygames.new_game(game_id, seed=31, players=game.players, options=game.options)
    for index, _ in game.move_choices[:game.deal_start]:
        expected.play_index(index)
    assert state["can_restart"]
    again = call("restart_deal")
    assert again["view"]["deal"] == deal and again["view"]["move_count"] == game.deal_start
    assert again["view"] == expected.view(0)
    assert not again["can_restart"]


@pytest.mark.parametrize("seat", [0, 1])
def test_the_link_version_shown_is_the_one_the_challenge_is_written_in(seat):
    """The info panel names the format of the challenge link it shows (a plain link is still v=2; one
    that opens in another seat needs v=3)."""
    call("new", game="leopard", seed=5, players=2, seat=seat)
    shared = call("share_links")
    assert f"v={shared['link_version']}&" in shared["challenge"]
    assert shared["link_version"] == (2 if seat == 0 else links.VERSION)
    assert links.version_of("spades?s=1") == 1 and links.version_of("spades?v=x&s=1") == 1
