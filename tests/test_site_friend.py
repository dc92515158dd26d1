"""Play with a friend on one device: Settings make a seat a person; between two people's turns a
hand-over screen hides every hand until tapped, then the next person sees their own hand, never the
other's; undo goes back to the previous person's decision; the bridge's seat switching."""

import json

import pygames
from pygames import bridge
from pygames.links import VERSION
from tests.helpers.site import open_app

GAME = "spite_malice"
SEED = 573          # two players: Player 1 plays first, holding AS 2D 3H JC KS
MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy && !document.querySelector('#dlg-friend[open]')"
           " && document.querySelector('#table:not(.waiting) [data-legal=true]')")
COVER = "#dlg-friend[open]"


def settings(page, **values):
    page.add_init_script(f"localStorage.setItem('pygames:settings:{GAME}', {json.dumps(json.dumps(values))});")


def call(page, method, args=None):
    return page.evaluate("([m, a]) => window.pygames.call(m, a)", [method, args or {}])


def shown_hand(page):
    return sorted(page.locator("#table .sm-hand [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)"))


def discard(page, card, pile):
    """End the turn the way a person does: pick the hand card, then the discard pile."""
    before = page.evaluate("window.pygames.app.state.view.move_count")
    page.locator(f".sm-hand [data-card='{card}']").first.click()
    page.wait_for_function("key => window.pygames.app.selected === key", arg=f"hand:{card}")
    page.locator(f"#table [data-target='discard:{pile}']").click()
    page.wait_for_function("n => window.pygames.app.state.view.move_count > n", arg=before)


def expect_cover(page, who):
    page.wait_for_selector(COVER)
    assert page.locator("#friend-title").inner_text() == f"Pass the device to {who}"
    assert page.locator("#status").inner_text() == f"Pass the device to {who}"
    # every hand is hidden behind it, not only covered
    page.wait_for_function("!document.querySelector('#table .card[data-card]')?.checkVisibility({visibilityProperty: true})")
    assert not page.locator("#table .sm-hand [data-card]").first.is_visible()


def test_two_people_pass_the_device_and_each_sees_only_their_own_hand(page, site):
    settings(page, speed="instant", people=[0, 1])
    open_app(page, site, f"{GAME}?v={VERSION}&s={SEED}")
    page.wait_for_function(MY_TURN)
    engine = pygames.new_game(GAME, seed=SEED, players=2)
    first = sorted(engine.view(0)["zones"]["hand0"])
    assert page.locator(COVER).count() == 0                 # Player 1 is at the device already
    assert shown_hand(page) == first == ["2D", "3H", "AS", "JC", "KS"]
    assert page.locator("#status").inner_text().startswith("Player 1: Your turn")

    discard(page, "JC", "new")                             # Player 1's turn ends: Player 2 is a person
    engine.play({"type": "discard", "card": "JC", "pile": "new"})
    expect_cover(page, "Player 2")
    page.locator("#friend-ready").click()
    page.wait_for_function(MY_TURN)
    state = call(page, "state")
    second = sorted(engine.view(1)["zones"]["hand1"])
    assert state["seat"] == 1 and state["view"]["current_player"] == 1
    assert shown_hand(page) == second != sorted(engine.view(0)["zones"]["hand0"])
    assert set(state["view"]["zones"]["hand0"]) == {"??"}  # Player 1's cards are not in this view
    assert page.locator("#status").inner_text().startswith("Player 2: ")

    # Player 2 ends their turn: back to Player 1, again behind the screen
    card = next(m for m in state["view"]["legal_moves"] if m["type"] == "discard")["card"]
    discard(page, card, "new")
    expect_cover(page, "Player 1")
    page.locator("#friend-ready").click()
    page.wait_for_function(MY_TURN)
    assert call(page, "state")["seat"] == 0

    # undo goes back to the previous person's decision: Player 2's discard, so the device goes back
    page.locator("#btn-undo").click()
    expect_cover(page, "Player 2")
    page.locator("#friend-ready").click()
    page.wait_for_function(MY_TURN)
    state = call(page, "state")
    assert state["seat"] == 1 and card in state["view"]["zones"]["hand1"]
    assert shown_hand(page) == sorted(state["view"]["zones"]["hand1"])


def test_settings_list_the_seats_and_keep_who_is_a_person(page, site):
    settings(page, speed="instant")
    open_app(page, site, f"{GAME}?v={VERSION}&s={SEED}")
    page.wait_for_function(MY_TURN)
    page.locator("#btn-settings").click()
    seat = page.locator("#settings-fields select[name='person:1']")
    assert seat.locator("option:checked").inner_text() == "Bot"
    assert page.locator(".friend-seat[data-seat='1']").inner_text().startswith("Player 2")
    assert not page.locator(".friend-seat[data-seat='2']").is_visible()     # two players: seat 3 is not at the table
    page.locator("#settings-fields select[name='players']").select_option("3")
    assert page.locator(".friend-seat[data-seat='2']").is_visible()
    page.locator("#settings-fields select[name='players']").select_option("2")
    seat.select_option(label="Person")
    page.locator("#settings-apply").click()
    page.wait_for_function(f"(JSON.parse(localStorage.getItem('pygames:settings:{GAME}')) || {{}}).people?.length === 2")
    stored = page.evaluate(f"JSON.parse(localStorage.getItem('pygames:settings:{GAME}'))")
    assert stored["people"] == [0, 1] and stored["speed"] == "instant"
    # the deal is the same game: Player 1 is on turn and keeps the device (no hand-over)
    assert page.locator(COVER).count() == 0
    discard(page, "JC", "new")
    expect_cover(page, "Player 2")


def bridge_call(method, **args):
    answer = json.loads(bridge.call(method, json.dumps(args)))
    assert answer["ok"], answer
    return answer["result"]


def test_the_bridge_turns_the_table_to_another_person_and_undoes_to_the_last_person():
    seed = next(s for s in range(100) if pygames.new_game(GAME, seed=s, players=3).current_player == 0)
    bridge_call("new", game=GAME, seed=seed, players=3)
    game = bridge._session["game"]
    discard_move = next(m for m in game.view(0)["legal_moves"] if m["type"] == "discard")
    bridge_call("play", move=discard_move)
    assert game.current_player == 1
    state = bridge_call("seat", seat=1, people=[0, 1, 7])       # a seat beyond the table is left out
    assert state["seat"] == 1 and state["view"]["seat"] == 1 and bridge._session["people"] == (0, 1)
    assert state["view"]["zones"]["hand1"] != state["view"]["zones"]["hand0"]
    assert set(state["view"]["zones"]["hand0"]) == {"??"}
    move = next(m for m in state["view"]["legal_moves"] if m["type"] == "discard")
    bridge_call("play", move=move)                                # seat 2, a bot, is next
    assert bridge_call("state")["can_undo"]
    undone = bridge_call("undo", people=[0, 1])                  # back to Player 2's decision
    assert undone["seat"] == 1 and undone["view"]["current_player"] == 1 and undone["view"]["move_count"] == 1
    undone = bridge_call("undo", people=[0, 1])                  # and on to Player 1's
    assert undone["seat"] == 0 and undone["view"]["move_count"] == 0
    bad = json.loads(bridge.call("seat", json.dumps({"seat": 1, "people": "all"})))
    assert not bad["ok"] and "people" in bad["error"]
    assert not json.loads(bridge.call("seat", json.dumps({"seat": 5})))["ok"]
