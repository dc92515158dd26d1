"""The built site in headless Chromium: Spite and Malice played by clicking and dragging, a bot-vs-bot
match to its end, a share link, the end-of-game summaries, and the table on desktop and phone screens."""

import json
import re

import pygames
from pygames.links import VERSION
from tests.helpers.site import open_app, page_bot_move, wait_ready

GAME = "spite_malice"
# the person's turn, with the page idle (no bot moving, no move of theirs in flight)
MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy"
           " && document.querySelector('#table:not(.waiting) [data-legal=true]')")
# seed 573, two players: you deal and play first, holding AS 2D 3H JC KS with 3H on your pay-off pile
SEED = 573


def settings(page, **values):
    page.add_init_script(f"localStorage.setItem('pygames:settings:{GAME}', {json.dumps(json.dumps(values))});")
    return page


def set_settings(page, **values):
    page.evaluate("v => localStorage.setItem('pygames:settings:spite_malice', JSON.stringify(v))", values)


def call(page, method, args=None):
    return page.evaluate("([m, a]) => window.pygames.call(m, a)", [method, args or {}])


def view(page):
    return page.evaluate("window.pygames.app.state.view")


def wait_moves(page, count):
    page.wait_for_function("n => window.pygames.app.state.view.move_count >= n", arg=count, timeout=30_000)


def hand_card(page, code):
    return page.locator(f".sm-hand [data-card='{code}']").first


def target(page, key):
    return page.locator(f"#table [data-target='{key}']")


def click_move(page, move):
    """Play one legal move the way a person does: click its card, then (if it waits) click its pile."""
    before = view(page)["move_count"]
    deal = view(page)["deal"]
    if move["type"] == "discard" or move["from"] == "hand":
        source = hand_card(page, move["card"])
        key = f"hand:{move['card']}"
    elif move["from"] == "payoff":
        source, key = page.locator("[data-source='payoff']"), "payoff"
    else:
        key = f"discard:{move['discard']}"
        source = page.locator(f"[data-source='{key}']")
    source.click()
    pile = f"{'centre' if move['type'] == 'build' else 'discard'}:{move['pile']}"
    page.wait_for_function(
        "([n, key]) => window.pygames.app.state.view.move_count > n || window.pygames.app.selected === key",
        arg=[before, key])
    if view(page)["move_count"] == before:
        assert "target-on" in target(page, pile).get_attribute("class")
        target(page, pile).click()
        wait_moves(page, before + 1)
    state = call(page, "state")
    v = state["view"]
    if v["deal"] == deal:                                 # the engine took exactly this move
        entry = v["log"][before - (v["move_count"] - len(v["log"]))]
        assert (entry["seat"], entry["move"]) == (0, move)          # (and what it made anyone draw)
    return state["view"]


def choose(legal):
    """A simple, deterministic player: pay-off card first, then discard-pile tops, then the hand, then a discard."""
    for source in ("payoff", "discard", "hand"):
        for m in legal:
            if m["type"] == "build" and m["from"] == source and (m["card"][0] != "K" or source == "payoff"):
                return m
    discards = [m for m in legal if m["type"] == "discard"]
    if discards:
        return max(discards, key=lambda m: ("23456789TJQK".index(m["card"][0]), m["pile"] != "new"))
    return legal[0]


SIZES = ({"width": 1280, "height": 800}, {"width": 390, "height": 844})


def pile_places(page):
    """Where your pay-off pile and each of your discard piles stand (their boxes' x), at each size."""
    places = []
    for size in SIZES:
        page.set_viewport_size(size)
        places.append([page.locator(sel).bounding_box()["x"] for sel in
                       [".sm-pay-group .sm-payoff"] + [f".sm-my-fan:nth-child({d + 1})" for d in range(4)]])
    page.set_viewport_size(SIZES[0])
    return places


def test_a_person_builds_uses_a_king_and_discards_by_clicking(page, site):
    settings(page, speed="normal")
    open_app(page, site, f"{GAME}?v={VERSION}&s={SEED}")
    page.wait_for_function(MY_TURN)
    v = view(page)
    assert v["current_player"] == 0 and sorted(v["zones"]["hand0"]) == ["2D", "3H", "AS", "JC", "KS"]
    assert page.locator(".sm-opp").count() == 1
    assert page.locator("#status").inner_text().startswith("Your turn")
    # the opponent has not drawn yet: its empty hand is the one its turn fills, not "Hand 0"
    assert v["hand_counts"][1] == 0
    chip = page.locator(".sm-opp [data-hand-count]")
    assert chip.inner_text() == "Draws on its turn" and "0" not in chip.inner_text()
    full_hand = pile_places(page)

    # an Ace can only start a pile: one click plays it
    hand_card(page, "AS").click()
    wait_moves(page, 1)
    assert view(page)["centre"][0]["cards"] == ["AS"]

    # the 2 may be built or discarded: the click picks it and lights up both kinds of pile
    hand_card(page, "2D").click()
    page.wait_for_function("window.pygames.app.selected === 'hand:2D'")
    # the picked card keeps its picked look (blue ring) with the pointer still on it
    hand_card(page, "2D").hover()
    assert "rgb(79, 195, 247)" in hand_card(page, "2D").evaluate("e => getComputedStyle(e).boxShadow")
    assert "target-on" in target(page, "centre:0").get_attribute("class")
    assert "target-on" in target(page, "discard:new").get_attribute("class")
    assert "2♦" in page.locator("#status").inner_text()
    target(page, "centre:0").click()
    wait_moves(page, 2)
    assert view(page)["centre"][0]["cards"] == ["AS", "2D"]
    assert page.locator("[data-target='centre:0'] .sm-needs").inner_text() == "needs 3"

    # the pay-off 3 has a single place to go: one click
    page.locator("[data-source='payoff']").click()
    wait_moves(page, 3)
    v = view(page)
    assert v["centre"][0]["cards"] == ["AS", "2D", "3H"] and v["payoff_counts"][0] == 25

    # the King goes on as a 4 (wild); the pile's badge says so
    hand_card(page, "KS").click()
    page.wait_for_function("window.pygames.app.selected === 'hand:KS'")
    for key in ("centre:0", "centre:new", "discard:new"):
        assert "target-on" in target(page, key).get_attribute("class")
    target(page, "centre:0").click()
    wait_moves(page, 4)
    v = view(page)
    assert v["centre"][0]["cards"][-1] == "KS" and v["centre"][0]["rank"] == "4" and v["centre"][0]["needs"] == "5"
    assert page.locator("[data-target='centre:0'] .sm-badge").inner_text() == "K = 4"
    # two cards left of five: your piles stand where they stood with the full hand, at both sizes
    assert len(view(page)["zones"]["hand0"]) == 2
    assert pile_places(page) == full_hand

    # a single click on a card that can only be discarded does not end the turn; the pile click does
    hand_card(page, "JC").click()
    page.wait_for_function("window.pygames.app.selected === 'hand:JC'")
    assert view(page)["move_count"] == 4
    target(page, "discard:new").click()
    wait_moves(page, 5)
    page.wait_for_function("document.querySelector('#status').textContent.includes('your turn ends')")
    v = call(page, "state")["view"]
    assert v["zones"]["discard0_0"] == ["JC"] and v["current_player"] == 1
    assert page.locator("[data-target='discard:0'] [data-card='JC']").count() == 1

    # two more turns, every move clicked, each checked against the engine
    set_settings(page, speed="instant")
    for _ in range(2):
        page.wait_for_function(MY_TURN, timeout=30_000)
        for _ in range(40):
            legal = view(page)["legal_moves"]
            v = click_move(page, choose(legal))
            if v["current_player"] != 0 or v["results"]:
                break
        assert v["current_player"] != 0 or v["results"]


def test_a_bot_match_runs_to_its_end_in_the_page(page, site):
    settings(page, speed="instant", watch=True)
    open_app(page, site, f"{GAME}?v={VERSION}&s=5&o=payoff.13,target.0")
    page.wait_for_function("window.pygames.app.state.view.is_over", timeout=60_000)
    page.wait_for_selector("#dlg-summary[open]")
    # the same bots in CPython play the same match
    game = pygames.new_game(GAME, seed=5, options={"payoff": 13, "target": 0})
    while not game.is_over:
        game.play(page_bot_move(game))
    final = call(page, "state")["view"]
    assert final["deal"] == 1 and [e["move"] for e in final["log"]] == game.history
    result = final["results"][-1]
    assert result["ending"] == "payoff" and len(result["winners"]) == 1
    seat = result["winners"][0]
    points = result["points"][seat]
    summary = page.locator("#dlg-summary").inner_text()
    assert "Bonus for going out: 5" in summary                  # the engine's lines, rendered by t()
    winner = "You" if seat == 0 else f"Player {seat + 1}"
    assert f"{winner} win" in summary and f"Points to {winner}: {points}" in summary
    said = summary_lines(page.locator("#summary-body"))
    assert len(said) == len(set(said)), said                     # every line said once
    assert summary.count(f": {points}") == 1 and not re.search(rf"\bscores? {points}\b", summary)
    assert f"{winner} win" in page.locator("#status").inner_text()     # behind the dialog: the game just ended
    page.locator("#summary-ok").click()
    page.wait_for_function("document.querySelector('#status').textContent.includes('Press New game')")
    sheet = page.locator(".sm-scores .sheet")
    sheet.locator("summary").click()
    assert f"+{points}" in sheet.inner_text()


def test_share_link_reopens_the_position(warm_page, page, site):
    settings(page, speed="instant")
    open_app(page, site, f"{GAME}?v={VERSION}&s={SEED}")
    page.wait_for_function(MY_TURN)
    hand_card(page, "AS").click()
    wait_moves(page, 1)
    hand_card(page, "KS").click()
    target(page, "centre:0").click()
    wait_moves(page, 2)
    page.locator("#btn-share").click()
    page.wait_for_function("document.querySelector('#btn-share').dataset.link")
    link = page.locator("#btn-share").get_attribute("data-link")
    assert f"#{GAME}?" in link and "v=2" in link and "n=2" in link
    before = call(page, "state")["view"]
    other = warm_page(name="other")
    other.goto(link)
    wait_ready(other)
    assert call(other, "state")["view"] == before
    assert other.locator(".sm-badge.king").inner_text() == "K = 2"


def test_drag_and_keyboard_builds(page, site):
    settings(page, speed="instant")
    open_app(page, site, f"{GAME}?v={VERSION}&s={SEED}")
    page.wait_for_function(MY_TURN)

    def drag(source, dest):
        a, b = source.bounding_box(), dest.bounding_box()
        page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
        page.mouse.down()
        for i in range(1, 9):
            page.mouse.move(a["x"] + a["width"] / 2 + (b["x"] + b["width"] / 2 - a["x"] - a["width"] / 2) * i / 8,
                            a["y"] + a["height"] / 2 + (b["y"] + b["height"] / 2 - a["y"] - a["height"] / 2) * i / 8)
        page.mouse.up()

    drag(hand_card(page, "AS"), target(page, "centre:new"))
    wait_moves(page, 1)
    drag(hand_card(page, "2D"), target(page, "centre:0"))
    wait_moves(page, 2)
    drag(page.locator("[data-source='payoff']"), target(page, "centre:0"))
    wait_moves(page, 3)
    v = call(page, "state")["view"]
    assert v["centre"][0]["cards"] == ["AS", "2D", "3H"]
    assert v["current_player"] == 0 and sorted(v["zones"]["hand0"]) == ["3H", "JC", "KS"]

    # and from the keyboard: arrows to the King, Enter picks it, arrows to the pile, Enter drops it
    def focus(js_test):
        for _ in range(12):
            page.keyboard.press("ArrowRight")
            if page.evaluate(f"(e => {js_test})(document.activeElement)"):
                return
        raise AssertionError(f"nothing matching {js_test} took the focus")

    page.wait_for_timeout(300)            # the page ignores clicks for 250 ms after a drag ends
    focus("e.dataset.card === 'KS'")
    page.keyboard.press("Enter")
    page.wait_for_function("window.pygames.app.selected === 'hand:KS'")
    focus("e.dataset.target === 'centre:0'")
    page.keyboard.press("Enter")
    wait_moves(page, 4)
    assert call(page, "state")["view"]["centre"][0]["cards"] == ["AS", "2D", "3H", "KS"]


def test_four_players_on_a_phone_screen(page, site):
    page.set_viewport_size({"width": 390, "height": 844})
    settings(page, speed="instant")
    open_app(page, site, f"{GAME}?v={VERSION}&p=4&s=1")            # Player 2 deals: three bots play before you
    page.wait_for_function(MY_TURN, timeout=30_000)
    v = view(page)
    assert v["move_count"] >= 3 and {e["seat"] for e in v["log"]} >= {1, 2, 3}
    panels = page.locator(".sm-opp")
    assert panels.count() == 3
    for i in range(3):
        panel = panels.nth(i)
        seat = int(panel.get_attribute("data-seat"))
        assert seat == i + 1
        assert panel.locator(".sm-name").inner_text().startswith(f"Player {seat + 1}")
        assert int(panel.locator("[data-payoff-count]").inner_text()) == v["payoff_counts"][seat]
        assert int(panel.locator("[data-hand-count]").get_attribute("data-hand-count")) == v["hand_counts"][seat]
        assert panel.locator(".sm-opp-pay [data-card]").get_attribute("data-card") == v["payoff_tops"][seat]
        for d in range(4):
            shown = panel.locator(f"[data-discard='{seat}:{d}'] [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
            assert shown == v["zones"][f"discard{seat}_{d}"]
        box = panel.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert box["height"] <= 170                              # compact: the centre and your side get the room
    assert sorted(payoff_counts_shown(page)) == [[s, v["payoff_counts"][s]] for s in range(4)]
    assert "pay-off" not in page.locator(".sm-scores").inner_text().lower()
    assert int(page.locator(".sm-stock-count").inner_text()) == v["stock_count"]
    assert page.locator(".sm-hand .card").count() == 5
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    right = page.locator(".sm-hand .card").evaluate_all("cs => Math.max(...cs.map(c => c.getBoundingClientRect().right))")
    assert right <= 390
    assert page.locator(".sm-scores .team").count() == 4


def summary_lines(box):
    """The title and every line of a summary, as shown."""
    return box.locator("h2, p, li").evaluate_all("es => es.map(e => e.textContent.trim()).filter(Boolean)")


def payoff_counts_shown(page):
    """[seat, count] for every pay-off count the table shows, in page order."""
    return page.locator("#table [data-payoff-count]").evaluate_all(
        "es => es.filter(e => e.getClientRects().length).map(e => [Number(e.dataset.payoffCount), Number(e.textContent)])")


def test_each_pay_off_count_once_and_a_compact_opponent(page, site):
    page.set_viewport_size({"width": 1280, "height": 800})
    settings(page, speed="instant")
    open_app(page, site, f"{GAME}?v={VERSION}&s={SEED}")
    page.wait_for_function(MY_TURN)
    assert page.locator(".sm-opp").bounding_box()["height"] <= 210

    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(100)
    v = view(page)
    assert v["payoff_counts"] == [26, 26]
    # one count per player, at the pile: not in the score bar, not in a chip as well
    assert payoff_counts_shown(page) == [[1, 26], [0, 26]]
    assert len(re.findall(r"\b26\b", page.locator("#table").inner_text())) == 2
    assert "pay-off" not in page.locator(".sm-scores").inner_text().lower()
    assert "pay-off" not in page.locator(".sm-opp").inner_text().lower()
    # the one opponent's panel is a single row, not a tall mostly-empty box; everything fits above the status bar
    opp = page.locator(".sm-opp").bounding_box()
    assert opp["height"] <= 140 and opp["width"] <= 390
    assert page.locator(".sm-me").bounding_box()["y"] + page.locator(".sm-me").bounding_box()["height"] \
        <= page.locator("#status").bounding_box()["y"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    hand_card(page, "AS").click()
    wait_moves(page, 1)
    hand_card(page, "2D").click()
    target(page, "centre:0").click()
    wait_moves(page, 2)
    page.locator("[data-source='payoff']").click()                 # the pay-off 3 goes on at once
    wait_moves(page, 3)
    page.wait_for_function("document.querySelector(\"[data-payoff-count='0']\").textContent === '25'")
    assert payoff_counts_shown(page) == [[1, 26], [0, 25]]


def test_hover_looks_only_where_there_is_a_mouse(page, site):
    open_app(page, site, f"{GAME}?v={VERSION}&s={SEED}")
    outside = page.evaluate(r"""() => {
      const sheet = [...document.styleSheets].find((s) => (s.href || "").includes("games/spite_malice.css"));
      if (!sheet) return null;
      const bad = [];
      const walk = (rules, inHover) => {
        for (const r of rules) {
          if (r.cssRules && r.media) walk(r.cssRules, inHover || /\(hover:\s*hover\)/.test(r.media.mediaText));
          else if ((r.selectorText || "").includes(":hover") && !inHover) bad.push(r.selectorText);
        }
      };
      walk(sheet.cssRules, false);
      return bad;
    }""")
    assert outside == []


def line(key, **params):
    return {"key": f"spite_malice.line.{key}", **params}


def game_result(deal, seat, left, before):
    points = [0, 0]
    points[seat] = 5 + left
    return {"deal": deal, "ending": "payoff", "points": points, "winners": [seat],
            "lines": [line("went_out", seat=seat), line("bonus", points=5), line("left", seat=1 - seat, count=left),
                      line("points", seat=seat, points=5 + left)],
            "totals": [before[0] + points[0], before[1] + points[1]]}


def test_summaries_say_each_line_once(page, site):
    open_app(page, site, f"{GAME}?v={VERSION}&s={SEED}")

    def summary(prev_results, **v):
        view = {"players": 2, "target": 25, "is_over": False, "winner": None, "result": None, **v}
        return page.evaluate("""([prev, view]) => {
          const s = window.pygames.app.layout.summary(prev, view, {seat: 0});
          const box = document.createElement("div");
          box.innerHTML = `<h2>${s.title}</h2>${s.html}`;
          return {title: s.title, lines: [...box.querySelectorAll("h2, p, li")].map((e) => e.textContent.trim()),
                  text: box.textContent};
        }""", [{"results": prev_results}, view])

    g1 = game_result(1, 1, 3, [0, 0])
    g2 = game_result(2, 1, 17, g1["totals"])
    mid = summary([], results=[g1], match_scores=g1["totals"])
    assert mid["title"] == "Opponent wins game 1"
    assert mid["text"].count("Points to Opponent: 8") == 1 and "scores 8" not in mid["text"]
    assert len(mid["lines"]) == len(set(mid["lines"]))

    end = summary([g1], results=[g1, g2], match_scores=g2["totals"], is_over=True, winner=1,
                  result={"key": "spite_malice.result.winner", "seat": 1, "points": 30})
    assert end["title"] == "Opponent wins the match"
    assert "Match winner" not in end["text"]                     # the title says it
    assert end["text"].count("Points to Opponent: 22") == 1 and "scores 22" not in end["text"]
    assert len(end["lines"]) == len(set(end["lines"]))

    draw = {"deal": 1, "ending": "exhausted", "points": [0, 0], "winners": [], "totals": [0, 0],
            "lines": [line("exhausted"), line("all_equal", count=4)]}
    none = summary([], results=[draw], match_scores=[0, 0], target=0, is_over=True)
    assert none["title"] == "Game 1 is a draw" and none["text"].count("nobody scores") == 1
