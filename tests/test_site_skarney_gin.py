"""The built site in headless Chromium: a person plays Skarney Gin by clicking (initial meld, lay-off,
offer, answering offers), the meld check before committing, a bot-vs-bot game to 200, share links and
the draw-lost marker.

Positions are found in CPython first: the page's bots are the same code with the same seeds
(bridge.bot: level "normal", seed ``pygames.engine.bot_seed``), so a game driven by the same
person moves follows the same path in the browser.
"""

import json
import pathlib
import time

import pytest

import pygames
from pygames import links
from pygames.text import render
from tests.helpers.site import PHONE, late_link, open_app, page_bot_move, wait_ready

GAME = "skarney_gin"
FAST = "localStorage.setItem('pygames:settings:skarney_gin', JSON.stringify({speed: 'instant'}));"
WATCH = ("localStorage.setItem('pygames:settings:skarney_gin', "
         "JSON.stringify({speed: 'instant', watch: true, level: 'normal'}));")
# the person's turn, with the page idle (no bot moving, no move of theirs in flight)
MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy"
           " && document.querySelector('#table:not(.waiting) [data-legal=true]')")
VIEW = "window.pygames.app.state.view"


def call(page, method, args=None):
    return page.evaluate("([m, a]) => window.pygames.call(m, a)", [method, args or {}])


def view(page):
    return page.evaluate(VIEW)


# ---- CPython: the same game, the same bots -------------------------------------------------------
def person_move(game):
    """The scripted person: initial meld (meld by meld), lay-off, meld, take, ... and otherwise offer
    the last card."""
    legal = game.legal_moves()
    for kind in ("initial_meld", "initial_part", "layoff", "meld", "take", "end_deal", "last_card"):
        moves = [m for m in legal if m["type"] == kind]
        if moves:
            return moves[0]
    return [m for m in legal if m["type"] == "offer"][-1]


def scripted(seed, stop, limit=60):
    """Play seed with the scripted person (seat 0) against the bot until stop(game, person moves)
    holds at the person's turn (None from stop: give this seed up). Returns (game, moves) or None."""
    game = pygames.new_game(GAME, seed=seed)
    mine = []
    while not game.is_over and game.deal_number == 1 and game.move_count < limit:
        if game.current_player == 0:
            verdict = stop(game, mine)
            if verdict is None:
                return None
            if verdict:
                return game, mine
            move = person_move(game)
            mine.append(move)
            game.play(move)
        else:
            game.play(page_bot_move(game))
    return None


def find(stop, seeds=range(1, 400), limit=60):
    for seed in seeds:
        found = scripted(seed, stop, limit)
        if found:
            return seed, found[0], found[1]
    pytest.fail("no seed gives the position this test needs")


# ---- the page: acting by clicking ------------------------------------------------------------------
def wait_my_turn(page):
    page.wait_for_function(f"{MY_TURN} || document.querySelector('#dlg-summary[open]')", timeout=30_000)
    assert not page.locator("#dlg-summary[open]").count(), "the deal ended unexpectedly"


def click_card(page, code):
    page.locator(f".sg-hand [data-card='{code}']").click(position={"x": 8, "y": 14})


def select(page, cards):
    for code in cards:
        click_card(page, code)
    page.wait_for_function(
        "cards => cards.every(c => document.querySelector(`.sg-hand [data-card='${c}']`)?.classList.contains('selected'))",
        arg=cards)


def play_by_clicking(page, move):
    """Perform one of the person's moves with the mouse, the way a person would."""
    before = view(page)["move_count"]
    kind = move["type"]
    if kind == "initial_part":
        chosen = len(view(page)["pending"])
        select(page, move["cards"])
        add = page.locator(".sg-add")
        page.wait_for_function("() => !document.querySelector('.sg-add').disabled")
        assert f"Add as meld {chosen + 1} (" in add.inner_text()
        add.click()
        page.wait_for_function("i => document.querySelectorAll('.sg-slot.full').length === i", arg=chosen + 1)
    elif kind == "initial_meld":
        page.locator(".sg-lay[data-legal=true]").click()
    elif kind == "layoff":
        select(page, move["cards"])
        target = page.locator(f".sg-meld[data-meld-seat='0'][data-meld-index='{move['meld']}']")
        page.wait_for_function(
            "i => document.querySelector(`.sg-meld[data-meld-seat='0'][data-meld-index='${i}']`).dataset.legal === 'true'",
            arg=move["meld"])
        assert "target-on" in target.get_attribute("class")
        target.click()
    elif kind == "meld":
        select(page, move["cards"])
        page.locator(".sg-meld-btn[data-legal=true]").click()
    elif kind == "offer":
        select(page, [move["card"]])
        button = page.locator(".sg-offer-btn[data-legal=true]")
        assert "Offer" in button.inner_text()
        button.click()
    elif kind in ("take", "refuse"):
        page.locator(f".sg-answer [data-move*='\"{kind}\"']").click()
    elif kind == "last_card":
        page.locator(".sg-last-btn").click()
    else:
        page.locator(".sg-end-btn").click()
    page.wait_for_function(f"{VIEW}.move_count > {before}")


# ---- tests -------------------------------------------------------------------------------------------
def test_a_person_melds_lays_off_offers_and_answers_by_clicking(page, site):
    def stop(game, mine):
        kinds = [m["type"] for m in mine]
        plays = [k for k in kinds if k not in ("take", "refuse")]
        if plays and plays[0] != "initial_part":
            return None                         # the first table play was no initial meld
        return ("layoff" in kinds and kinds[-1] == "offer" and
                bool({"take", "refuse"} & set(kinds[kinds.index("initial_meld"):])))

    seed, game, mine = find(stop)
    page.add_init_script(FAST)
    open_app(page, site, f"{GAME}?v=2&s={seed}")
    assert page.locator(".sg-hand .card").count() >= 10
    for move in mine:
        wait_my_turn(page)
        legal = view(page)["legal_moves"]
        assert move in legal
        if move["type"] in ("initial_part", "initial_meld"):
            assert "initial meld" in page.locator("#status").inner_text().lower()
            assert page.locator(".sg-slot").count() == 3
        if move["type"] in ("take", "refuse"):
            offer = view(page)["offer"]
            assert page.locator(f".sg-offer [data-card='{offer}']").is_visible()
            assert "offers" in page.locator("#status").inner_text()
        play_by_clicking(page, move)
    # the page followed the CPython game move for move
    wait_my_turn(page)
    assert call(page, "state")["link"] == links.encode(game)
    kinds = [m["type"] for m in mine]
    assert {"initial_part", "initial_meld", "layoff", "offer"} <= set(kinds) and {"take", "refuse"} & set(kinds)
    # my melds are on the table, each labelled with its kind
    labels = page.locator(".sg-melds-mine .sg-kind").all_inner_texts()
    assert len(labels) >= 3 and all(any(k in t.lower() for k in ("group", "sequence", "straight")) for t in labels)


def test_the_page_names_a_meld_before_committing_and_explains_a_non_meld(page, site):
    def stop(game, mine):
        if game.phase != "play":
            return False
        hand = game.view(0)["zones"]["hand0"]
        ranks = {c[0] for c in hand}
        return {"K", "A", "2"} <= ranks and any(m["type"] == "initial_part" for m in game.legal_moves())

    def first_turn(game, mine):
        if any(m["type"] not in ("take", "refuse") for m in mine):
            return None
        return stop(game, mine)

    seed, game, mine = find(first_turn)
    page.add_init_script(FAST)
    open_app(page, site, f"{GAME}?v=2&s={seed}")
    for move in mine:                                   # an offer to answer first, if the bot dealt
        wait_my_turn(page)
        play_by_clicking(page, move)
    wait_my_turn(page)
    hand = view(page)["zones"]["hand0"]
    before = view(page)["move_count"]
    # a meld: the page says which kind before anything is laid down
    triple = next(m for m in game.legal_moves() if m["type"] == "initial_part")["cards"]
    kind = call(page, "query", {"game": GAME, "name": "meld_kind", "args": [triple]})
    select(page, triple)
    verdict = page.locator(".sg-verdict")
    page.wait_for_function(f"document.querySelector('.sg-verdict').textContent.includes('is a {kind}')")
    assert "ok" in verdict.get_attribute("class")
    assert f"({kind})" in page.locator(".sg-add").inner_text()
    assert not page.locator(".sg-add").is_disabled()
    # K-A-2: no meld, and the page says why (the engine's sentence)
    page.locator(".sg-clear").click()
    kar = [next(c for c in hand if c[0] == r) for r in "KA2"]
    select(page, kar)
    why = call(page, "query", {"game": GAME, "name": "why_not_meld", "args": [sorted(kar)]})
    assert why["key"] == "skarney_gin.meld.corner"
    page.wait_for_function("document.querySelector('.sg-verdict').textContent.includes('corner')")
    assert "bad" in verdict.get_attribute("class")
    # the engine's message, rendered by the page's t() from the same template: K-A-2 round the corner
    assert [c[0] for c in why["cards"]] == ["K", "A", "2"]
    assert verdict.inner_text() == render(why)
    assert page.locator(".sg-add").is_disabled()
    assert page.locator(".sg-lay").is_disabled()
    assert view(page)["move_count"] == before          # nothing was played
    assert view(page)["pending"] == []


def test_draw_lost_marker_after_taking_an_offered_ace(page, site):
    seed, game, _ = find(lambda g, m: g.phase == "answer" and g.view(0)["offer"][0] == "A")
    page.add_init_script(FAST)
    open_app(page, site, links.encode(game))
    wait_my_turn(page)
    offer = view(page)["offer"]
    assert page.locator(".sg-offer .sg-warn").inner_text() == "Taking an Ace costs you your next draw."
    assert page.locator("[data-draw-lost='0']").count() == 0
    hand_before = view(page)["hand_counts"][0]
    play_by_clicking(page, {"type": "take"})
    wait_my_turn(page)
    v = view(page)
    assert v["skip_draw"][0] and not v["drew"] and v["hand_counts"][0] == hand_before + 1
    marker = page.locator("[data-draw-lost='0']")
    assert marker.is_visible() and "Ace" in marker.inner_text()
    assert "did not draw" in page.locator("#status").inner_text()
    assert page.locator(f".sg-hand [data-card='{offer}']").count() == 1


def test_share_link_reopens_the_position(warm_page, page, site):
    seed, game, mine = find(lambda g, m: len(m) >= 3 and g.phase == "play")
    page.add_init_script(FAST)
    open_app(page, site, f"{GAME}?v=2&s={seed}")
    for move in mine:
        wait_my_turn(page)
        play_by_clicking(page, move)
    wait_my_turn(page)
    chosen = {c for part in view(page)["pending"] for c in part}     # melds chosen for the initial meld
    free = [c for c in view(page)["zones"]["hand0"] if c not in chosen]
    select(page, [free[0]])                              # a selection is the page's own, not the game's
    page.locator("#btn-share").click()
    page.wait_for_function("document.querySelector('#btn-share').dataset.link")
    link = page.locator("#btn-share").get_attribute("data-link")
    assert f"#{GAME}?" in link
    before = call(page, "state")["view"]
    other = warm_page(name="other")
    other.add_init_script(FAST)
    other.goto(link)
    wait_ready(other)
    assert call(other, "state")["view"] == before
    assert other.locator(".sg-hand .card").count() == len(free)
    assert other.locator(".sg-slot.full").count() == len(before["pending"])
    assert other.locator(".sg-melds-mine .sg-meld").count() == len(before["melds"][0])


def test_bots_play_a_whole_game_to_200_in_the_page(page, site):
    link, game = late_link(GAME, "normal", 3)        # its last two deals in the page
    assert game.deal_number >= 3
    page.add_init_script(WATCH)
    started = time.monotonic()
    open_app(page, site, link)
    page.wait_for_function(f"{VIEW}.is_over", timeout=100_000)
    elapsed = time.monotonic() - started
    v = call(page, "state")["view"]
    assert v["target"] == 200 and max(v["totals"]) >= 200
    assert v["totals"] == game.view(0)["totals"] and v["move_count"] == game.move_count
    result = v["result"]
    page.wait_for_selector("#dlg-summary[open]")
    summary = page.locator("#dlg-summary").inner_text()
    for label in ("Box bonus", "Game bonus", "Shutout bonus", "Final"):
        assert label in summary
    assert f"by {result['difference']}" in summary
    for seat in (0, 1):
        assert str(result["final"][seat]) in summary
    assert result["final"][result["winner"]] - result["final"][1 - result["winner"]] == result["difference"]
    page.locator("#summary-ok").click()
    page.wait_for_function("document.querySelector('#status').textContent.includes('Game over')")
    sheet = page.locator(".sg-sheet tbody tr")
    assert sheet.count() == len(v["deal_log"]) >= 1
    print(f"bot-vs-bot game to 200: {v['move_count']} moves, {v['deal']} deals; its last two in the page {elapsed:.1f} s")


def test_phone_layout_fits(warm_page, site):
    page = warm_page(**PHONE)
    page.add_init_script(FAST)
    open_app(page, site, f"{GAME}?v=2&s=21")
    page.wait_for_function(MY_TURN)
    rights = page.locator(".sg-hand .card").evaluate_all("cs => cs.map(c => c.getBoundingClientRect().right)")
    assert len(rights) >= 10 and max(rights) <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()


def test_on_a_phone_a_notice_above_the_table_cuts_nothing_off(warm_page, site):
    """A link too old to open leaves a notice above a fresh game: the page scrolls, and the table keeps
    its whole height (the screen-high layout would squeeze the hand under the status line)."""
    page = warm_page(**PHONE)
    page.add_init_script(FAST)
    open_app(page, site, f"{GAME}?s=21")                 # no v=: an older version's link
    page.wait_for_function(MY_TURN)
    assert page.locator("#notice").is_visible()
    assert page.locator("#table").evaluate("t => t.scrollHeight <= t.clientHeight + 1")
    # once closed, the table is the screen's height again, the hand above the status line
    page.locator("#notice button").click()
    page.wait_for_function("document.getElementById('notice').hidden")
    hand = page.locator(".sg-hand").bounding_box()
    assert hand["y"] + hand["height"] <= page.locator("#status").bounding_box()["y"] + 1
    assert page.evaluate("document.documentElement.scrollHeight") <= 844


# ---- the keyboard: arrows over every legal choice, Enter to pick and to play ------------------------
ACTIVE = "document.activeElement"


def arrow_to(page, selector, limit=40):
    """Press → until the focused element matches selector; every stop on the way is a legal choice."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("ArrowRight")
        stop = page.evaluate(f"({{legal: {ACTIVE}.dataset.legal, tag: {ACTIVE}.tagName,"
                             f" key: {ACTIVE}.dataset.card || {ACTIVE}.dataset.move || {ACTIVE}.dataset.target}})")
        assert stop["legal"] == "true" and stop["key"], f"→ stopped on {stop}"
    pytest.fail(f"→ never reached {selector}")


def select_by_keyboard(page, cards):
    for code in cards:
        arrow_to(page, f".sg-hand [data-card='{code}']")
        page.keyboard.press("Enter")
        page.wait_for_function("c => document.querySelector(`.sg-hand [data-card='${c}']`).classList.contains('selected')",
                               arg=code)
        # the card keeps focus while the selection grows (its source key changes with the selection)
        assert page.evaluate(f"{ACTIVE}.dataset.card") == code


def play_by_keyboard(page, move):
    before = view(page)["move_count"]
    kind = move["type"]
    if kind == "initial_part":
        select_by_keyboard(page, move["cards"])
        page.wait_for_function("() => document.querySelector('.sg-add[data-legal=true]')")
        arrow_to(page, ".sg-add")
    elif kind == "initial_meld":
        arrow_to(page, ".sg-lay")
    elif kind == "layoff":
        select_by_keyboard(page, move["cards"])
        arrow_to(page, f".sg-meld[data-meld-seat='0'][data-meld-index='{move['meld']}']")
    elif kind == "meld":
        select_by_keyboard(page, move["cards"])
        page.wait_for_function("() => document.querySelector('.sg-newmeld[data-legal=true]')")
        arrow_to(page, ".sg-newmeld")
    elif kind == "offer":
        select_by_keyboard(page, [move["card"]])
        arrow_to(page, ".sg-offer-zone[data-legal=true]")      # the offer spot itself, not only its button
    elif kind in ("take", "refuse"):
        arrow_to(page, f".sg-answer [data-move*='\"{kind}\"']")
    elif kind == "last_card":
        arrow_to(page, ".sg-last-btn")
    else:
        arrow_to(page, ".sg-end-btn")
    page.keyboard.press("Enter")
    page.wait_for_function(f"{VIEW}.move_count > {before}")


def test_keyboard_only_selection_and_play(page, site):
    """Arrows reach every legal choice once cards are selected (highlighted melds, the new-meld spot, the
    offer spot, the panel's buttons); Enter picks a card and plays a move; focus comes back after a move."""
    def stop(game, mine):
        kinds = [m["type"] for m in mine]
        plays = [k for k in kinds if k not in ("take", "refuse")]
        if plays and plays[0] != "initial_part":
            return None
        return "layoff" in kinds and kinds[-1] == "offer"

    seed, game, mine = find(stop)
    page.add_init_script(FAST)
    open_app(page, site, f"{GAME}?v=2&s={seed}")
    wait_my_turn(page)
    page.keyboard.press("ArrowRight")                    # the first → lands on a legal choice
    assert page.evaluate(f"{ACTIVE}.dataset.legal") == "true"
    for move in mine:
        wait_my_turn(page)
        assert move in view(page)["legal_moves"]
        play_by_keyboard(page, move)
    wait_my_turn(page)
    assert call(page, "state")["link"] == links.encode(game)
    assert {"initial_part", "initial_meld", "layoff", "offer"} <= {m["type"] for m in mine}
    # after the last move (an offer the bot answered, then its turn) focus is back on a choice of mine
    page.wait_for_function(f"{ACTIVE}.dataset.legal === 'true'")


def test_keyboard_reaches_every_highlighted_target_of_a_selection(page, site):
    """With one card selected that fits a meld and may be offered, → visits the offer spot, the offer
    button and each highlighted meld, and all of them can take focus."""
    def stop(game, mine):
        if game.phase != "play" or not game.view(0)["initial_done"][0] or game.view(0)["initial_this_turn"]:
            return False
        legal = game.legal_moves()
        offers = {m["card"] for m in legal if m["type"] == "offer"}
        return any(m["type"] == "layoff" and len(m["cards"]) == 1 and m["cards"][0] in offers for m in legal)

    seed, game, mine = find(stop, limit=120)
    page.add_init_script(FAST)
    open_app(page, site, links.encode(game))
    wait_my_turn(page)
    legal = view(page)["legal_moves"]
    offers = {m["card"] for m in legal if m["type"] == "offer"}
    card = next(m["cards"][0] for m in legal if m["type"] == "layoff" and len(m["cards"]) == 1 and m["cards"][0] in offers)
    melds = {m["meld"] for m in legal if m["type"] == "layoff" and m["cards"] == [card]}
    page.keyboard.press("ArrowRight")
    select_by_keyboard(page, [card])
    items = page.locator("#table [data-legal='true']")
    visited = []
    for _ in range(items.count()):
        page.keyboard.press("ArrowRight")
        visited.append(page.evaluate(f"[{ACTIVE}.className, {ACTIVE}.dataset.meldIndex ?? null, {ACTIVE}.dataset.card ?? null]"))
    assert visited[-1][2] == card                       # round the whole ring, back to the card
    classes = " ".join(v[0] for v in visited)
    assert "sg-offer-zone" in classes and "sg-offer-btn" in classes
    assert {int(v[1]) for v in visited if v[1] is not None and "target-on" in v[0]} == melds
    # Enter on a highlighted meld lays the card off
    arrow_to(page, f".sg-meld[data-meld-seat='0'][data-meld-index='{min(melds)}']")
    before = view(page)["move_count"]
    page.keyboard.press("Enter")
    page.wait_for_function(f"{VIEW}.move_count === {before + 1}")
    assert card not in view(page)["zones"]["hand0"]


# ---- a phone late in a deal -----------------------------------------------------------------------------
def late_deal(seeds=range(1, 200)):
    """A bot-vs-bot deal played on until many melds lie on both sides, at seat 0's turn to play."""
    for seed in seeds:
        game = pygames.new_game(GAME, seed=seed)
        while not game.is_over and game.deal_number == 1:
            v = game.view(0)
            if (game.current_player == 0 and game.phase == "play" and len(v["melds"][0]) >= 5
                    and len(v["melds"][1]) >= 5 and v["hand_counts"][0] >= 4):
                return game
            game.play(page_bot_move(game))
    pytest.fail("no seed gives a late-deal position")


def test_phone_late_deal_keeps_hand_and_panel_on_screen(warm_page, site):
    game = late_deal()
    page = warm_page(**PHONE)
    page.add_init_script(FAST)
    open_app(page, site, links.encode(game))
    page.wait_for_function(MY_TURN)
    assert page.locator(".sg-meld").count() >= 10

    def inside(selector):
        boxes = page.locator(selector).evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())")
        assert boxes, selector
        status_top = page.evaluate("document.getElementById('status').getBoundingClientRect().top")
        for b in boxes:
            assert b["left"] >= 0 and b["right"] <= 390 and b["top"] >= 0, (selector, b)
            assert b["bottom"] <= status_top + 1, (selector, b, status_top)   # never under the status bar

    inside(".sg-hand .card")
    inside(".sg-panel")
    inside(".sg-panel .sg-actions button")
    assert page.evaluate("document.documentElement.scrollHeight") <= 844
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # a tap selects a card; the hand and the panel stay put and the selected card shows as selected
    code = view(page)["zones"]["hand0"][0]
    page.locator(f".sg-hand [data-card='{code}']").tap()
    page.wait_for_function(f"document.querySelector(\".sg-hand [data-card='{code}']\").classList.contains('selected')")
    inside(".sg-hand .card")
    inside(".sg-panel")
    # the melds scroll in their own rows and each meld can be scrolled into view
    for row in (".sg-melds-theirs", ".sg-melds-mine"):
        last = page.locator(f"{row} .sg-meld").last
        last.scroll_into_view_if_needed()
        assert last.is_visible()
    inside(".sg-hand .card")
    # a 10 in an overlapped meld: both digits lie in the strip the next card leaves
    tens = page.locator(".sg-meld-cards .card[data-card^='T']:not(:last-child)")
    for i in range(tens.count()):
        widths = tens.nth(i).evaluate(
            "c => { const r = document.createRange(); const corner = c.querySelector('.corner');"
            " r.setStart(corner.firstChild, 0); r.setEnd(corner.firstChild, 2);"
            " return [r.getBoundingClientRect().right, c.nextElementSibling.getBoundingClientRect().left]; }")
        assert widths[0] <= widths[1] + 0.5, widths
    page.close()


def test_move_log_is_never_a_word_per_line(warm_page, site):
    """The recent moves beside a live offer keep room for a few words a line, on a phone and narrow desktops."""
    seed, game, _ = find(lambda g, m: g.phase == "answer")
    for width, height in ((390, 844), (800, 700), (1000, 700)):
        page = warm_page(viewport={"width": width, "height": height}, has_touch=width < 500)
        page.add_init_script(FAST)
        open_app(page, site, links.encode(game))
        page.wait_for_function(MY_TURN)
        log = page.locator(".sg-middle .sg-log")
        assert log.is_visible()
        assert log.evaluate("e => e.getBoundingClientRect().width") >= 200, width
        page.close()


# ---- Japanese -------------------------------------------------------------------------------------
def japanese():
    """The Japanese words of this game (the layout's and the engine's), as the page gets them."""
    path = pathlib.Path(__file__).resolve().parent.parent / "web" / "lang" / "ja" / f"{GAME}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_japanese_table_status_refusal_and_rules(page, site):
    """?lang=ja: the status line, the table's words, the engine's reason a selection is no meld and
    the Rules panel are Japanese."""
    def first_turn(game, mine):
        if any(m["type"] not in ("take", "refuse") for m in mine):
            return None
        hand = game.view(0)["zones"]["hand0"]
        return game.phase == "play" and {"K", "A", "2"} <= {c[0] for c in hand}

    seed, game, mine = find(first_turn)
    page.add_init_script(FAST)
    page.goto(f"{site}index.html?lang=ja#{GAME}?v=2&s={seed}")
    wait_ready(page)
    for move in mine:
        wait_my_turn(page)
        play_by_clicking(page, move)
    wait_my_turn(page)
    assert page.evaluate("document.documentElement.lang") == "ja"
    words = japanese()
    status = page.locator("#status").inner_text()    # (it may begin by saying an Ace cost the draw)
    assert any(status.endswith(words[f"{GAME}.ui.st.{k}"]) for k in ("initial", "no_initial")), status
    assert words[f"{GAME}.ui.sort"] in page.locator(".sg-hand-bar").inner_text()
    # the engine's refusal of K-A-2, in Japanese, rendered from the same template
    hand = view(page)["zones"]["hand0"]
    kar = [next(c for c in hand if c[0] == r) for r in "KA2"]
    select(page, kar)
    why = call(page, "query", {"game": GAME, "name": "why_not_meld", "args": [sorted(kar)]})
    page.wait_for_function("document.querySelector('.sg-verdict').textContent.includes('K-A-2')")
    assert page.locator(".sg-verdict").inner_text() == render(why, words)
    # the Rules panel
    page.locator("#btn-rules").click()
    body = page.locator("#rules-body")
    page.wait_for_function("document.querySelector('#rules-body h2')?.textContent === 'スカーニー・ジン'")
    assert "最初のメルド" in body.inner_text() and "ボックス・ボーナス" in body.inner_text()
