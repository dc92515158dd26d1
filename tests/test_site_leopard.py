"""The built site in headless Chromium: a person plays Leopard by clicking (a numbered card, a J on the
opponent's card, a Q on their own, a K on a face-up card, a discard, going out and asking a partner),
seeded bot matches run their four deals in the page, and a share link reopens the position."""

import pygames
from tests.helpers.site import PHONE, open_app, wait_ready
from tests.helpers.leopard import MY_TURN, position_where, settings


def call(page, method, args=None):
    return page.evaluate("([m, a]) => window.pygames.call(m, a)", [method, args or {}])


def top(g, square, pos):
    cards = g.view(0)["zones"][f"square{square}_{pos}"]
    placers = g.view(0)["placers"][square * 9 + pos - 1]
    return (cards[-1], placers[-1]) if cards else (None, None)


def place_by_clicking(page, move):
    page.wait_for_function(MY_TURN)
    card = page.locator(f".lp-hand [data-card='{move['card']}'][data-legal=true]").first
    card.click()
    key = "discard" if move["type"] == "discard" else f"sq:{move['square']}:{move['pos']}"
    target = page.locator(f"[data-target='{key}']")
    assert "target-on" in target.get_attribute("class")
    before = call(page, "state")["view"]["move_count"]
    target.click()
    page.wait_for_function(f"window.pygames.app.state.view.move_count > {before}")
    game = pygames.links.decode(call(page, "state")["link"])
    assert game.history[before] == move and game.movers[before] == 0
    # the position right after the person's move, as the person saw it
    after = pygames.new_game("leopard", seed=game.seed, players=game.players, options=game.options)
    after.replay(game.history[:before + 1])
    return after.view(0)


def test_a_person_places_each_kind_of_card_by_clicking(page, site):
    settings(page, speed="instant", level="normal")
    cases = [
        ("numbered", lambda g, m: m["type"] == "place" and m["card"][0] in "A23456789"),
        ("J on the opponent's card", lambda g, m: m["type"] == "place" and m["card"][0] == "J"
         and m["square"] == 1 and top(g, 1, m["pos"])[0] not in (None,)),
        ("Q on their own card", lambda g, m: m["type"] == "place" and m["card"][0] == "Q" and m["square"] == 0),
        ("K on a face-up card", lambda g, m: m["type"] == "place" and m["card"][0] == "K"
         and top(g, 0, m["pos"])[0] is not None and top(g, 0, m["pos"])[1] is None),
        ("discard", lambda g, m: m["type"] == "discard"),
    ]
    for name, wanted in cases:
        link, move = position_where(wanted)
        open_app(page, site, link)
        view = place_by_clicking(page, move)
        assert (view["log"][-1]["seat"], view["log"][-1]["move"]) == (0, move), name
        if move["type"] == "place":
            zone = view["zones"][f"square{move['square']}_{move['pos']}"]
            assert zone[-1] == move["card"], name          # the placer sees even a face-down card
            assert (view["placers"][move["square"] * 9 + move["pos"] - 1][-1] is not None) == (move["card"][0] in "JQ")
        else:
            assert view["zones"]["discard"][-1] == move["card"]
        if name == "numbered":
            # the bot has played and you drew: that card, and only it, carries "new" (as in Skarney Gin)
            page.wait_for_function(MY_TURN)
            last = call(page, "state")["view"]["log"][-1]
            drawn = [c for d in last.get("drew", []) if d["seat"] == 0 for c in d["cards"]]
            assert len(drawn) == 1
            marked = page.locator(".lp-hand .card-new").evaluate_all("cs => cs.map(c => [c.dataset.card, c.dataset.newLabel])")
            assert marked == [[drawn[0], "new"]]


def test_legal_positions_light_up_on_both_squares_and_the_discard_pile(page, site):
    settings(page, speed="instant")
    link, move = position_where(lambda g, m: m["type"] == "place" and m["card"][0] in "A23456789"
                                and {"type": "place", "card": m["card"], "square": 1 - m["square"], "pos": m["pos"]}
                                in g.legal_moves())
    open_app(page, site, link)
    page.wait_for_function(MY_TURN)
    page.locator(f".lp-hand [data-card='{move['card']}']").first.click()
    lit = set(page.locator(".target-on").evaluate_all("ns => ns.map(n => n.dataset.target)"))
    expected = {f"sq:{m['square']}:{m['pos']}" for m in call(page, "state")["view"]["legal_moves"]
                if m.get("card") == move["card"] and m["type"] == "place"} | {"discard"}
    assert lit == expected and len(expected) == 3


def test_a_person_goes_out_and_sees_the_deal_explained(page, site):
    settings(page, speed="instant")
    link, _ = position_where(lambda g, m: m["type"] == "go_out")
    open_app(page, site, link)
    page.wait_for_function(MY_TURN)
    view = call(page, "state")["view"]
    lines = view["squares"][0]["lines"]
    assert page.locator("[data-square='0'] .lp-line").count() == len(lines)
    assert page.locator("[data-square='0'] .lp-line.suit").count() == sum(1 for line in lines if line["kind"] == "suit")
    button = page.locator(".lp-go-out")
    assert button.is_enabled()
    button.click()
    page.wait_for_function("document.querySelector('#dlg-summary[open]')")
    summary = page.locator("#dlg-summary").inner_text()
    deal = call(page, "state")["view"]["deals"][-1]
    assert deal["out"] == 0 and deal["sides"][0]["out"] == -1
    assert "went out" in summary
    assert "Went out: \u22121" in summary
    assert f"Square points: {deal['sides'][0]['square']}" in summary


def test_go_out_is_disabled_when_not_allowed(page, site):
    settings(page, speed="instant")
    open_app(page, site, "leopard?s=5")
    page.wait_for_function(MY_TURN)
    view = call(page, "state")["view"]
    assert not view["can_go_out"]
    assert page.locator(".lp-go-out").is_disabled()


def test_four_players_ask_the_partner_and_see_the_answer(page, site):
    settings(page, speed="instant", players=4)
    link, _ = position_where(lambda g, m: m["type"] == "go_out", players=4)
    open_app(page, site, link)
    page.wait_for_function(MY_TURN)
    assert page.locator(".lp-go-out").inner_text().strip() == "Ask: may I go out?"
    before = call(page, "state")["view"]["move_count"]
    page.locator(".lp-go-out").click()
    # the partner (seat 2, a bot) answers; a yes ends the deal, a no gives the turn back
    page.wait_for_function(f"window.pygames.app.state.view.move_count >= {before + 2}"
                           " || document.querySelector('#dlg-summary[open]')", timeout=60_000)
    game = pygames.links.decode(call(page, "state")["link"])
    answer = game.history[before + 1] if len(game.history) > before + 1 else None
    assert game.history[before] == {"type": "go_out"}
    assert answer["type"] == "answer" and game.movers[before + 1] == 2
    if answer["allow"]:
        page.wait_for_function("document.querySelector('#dlg-summary[open]')")
        assert "went out" in page.locator("#dlg-summary").inner_text()
    else:
        page.wait_for_function(MY_TURN)
        assert "said no" in page.locator(".lp-refused").inner_text()
        assert page.locator(".lp-go-out").is_disabled()


def test_a_share_link_reopens_the_position(warm_page, page, site):
    settings(page, speed="instant")
    link, move = position_where(lambda g, m: m["type"] == "place" and m["card"][0] in "JQ")
    open_app(page, site, link)
    place_by_clicking(page, move)
    page.wait_for_function(MY_TURN)
    page.locator("#btn-share").click()
    page.wait_for_function("document.querySelector('#btn-share').dataset.link")
    url = page.locator("#btn-share").get_attribute("data-link")
    assert "#leopard?" in url
    before = call(page, "state")["view"]
    other = warm_page(name="other")
    other.goto(url)
    wait_ready(other)
    assert call(other, "state")["view"] == before


def _bot_match(page, site, players, seed):
    settings(page, speed="instant", watch=True, level="normal", players=players)
    open_app(page, site, f"leopard?p={players}&s={seed}")
    page.wait_for_function("window.pygames.app.state.view.is_over", timeout=240_000)
    page.wait_for_function("document.querySelector('#dlg-summary[open]')")
    view = call(page, "state")["view"]
    assert len(view["deals"]) == 4 and view["players"] == players
    text = page.locator("#dlg-summary").inner_text()
    assert "match" in text.lower()
    game = pygames.links.decode(call(page, "state")["link"])
    assert game.is_over and game.side_scores == view["side_scores"]
    page.locator("#summary-ok").click()
    page.wait_for_function("!document.querySelector('#dlg-summary[open]')")
    # the dialog's close event re-renders the status a moment after the dialog shuts
    page.wait_for_function("document.querySelector('#status').textContent.includes('Match over')")


def test_a_seeded_two_player_bot_match_runs_four_deals_in_the_page(page, site):
    _bot_match(page, site, 2, 31)


def test_a_seeded_four_player_bot_match_runs_four_deals_in_the_page(page, site):
    _bot_match(page, site, 4, 32)


def test_phone_shows_both_squares_without_sideways_scrolling(warm_page, site):
    for players in (2, 4):
        page = warm_page(**PHONE)
        open_app(page, site, f"leopard?p={players}&s=8")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        for side in (0, 1):
            box = page.locator(f"[data-square='{side}'] .lp-grid").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        page.close()


def japanese():
    """The Japanese words of Leopard (the layout's and the engine's), as the page gets them."""
    import json
    import pathlib
    path = pathlib.Path(__file__).resolve().parent.parent / "web" / "lang" / "ja" / "leopard.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_japanese_status_table_and_rules(page, site):
    """?lang=ja: the status line, the table's words and the Rules panel are Japanese."""
    settings(page, speed="instant")
    page.goto(f"{site}index.html?lang=ja#leopard?s=3")
    wait_ready(page)
    page.wait_for_function(MY_TURN)
    words = japanese()
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.locator("#status").inner_text() == words["leopard.ui.st.drew"]
    assert page.locator(".lp-go-out").inner_text().strip() == words["leopard.ui.go_out"]
    assert words["leopard.ui.square.yours"] in page.locator(".lp-square.mine").inner_text()
    page.locator(".lp-hand [data-legal=true]").first.click()
    page.wait_for_function("document.querySelector('#status').textContent.includes('捨て札')")
    page.locator("#btn-rules").click()
    page.wait_for_function("document.querySelector('#rules-body h2')?.textContent === 'レパード'")
    body = page.locator("#rules-body").inner_text()
    assert "スクエア" in body and "上がり" in body
