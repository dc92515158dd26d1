"""The built site in headless Chromium: a person plays Spooneye by clicking - cards onto masts, a raise
and its capture, a 4 and a 9 - seeded bot matches run to their end, and a share link reopens the game."""

import pytest

import pygames
from pygames.cards import Rng
from tests.helpers.site import PHONE, late_link, open_app, wait_ready

SETTINGS = "localStorage.setItem('pygames:settings:spooneye', JSON.stringify({speed: 'instant'}));"
MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy"
           " && document.querySelector('#table:not(.waiting) [data-legal=true]')")


def call(page, method, args=None):
    return page.evaluate("([m, a]) => window.pygames.call(m, a)", [method, args or {}])


def fast(page):
    page.add_init_script(SETTINGS)
    return page


def state(page):
    return call(page, "state")["view"]


def target_key(to):
    mast = to["mast"]
    return f"mast:{to['player']}:{mast}" if isinstance(mast, int) else f"slot:{to['player']}:{mast}"


def find_position(want, rules="standard", seeds=range(1, 400)):
    """A share link of a position (reached by normal bots) where seat 0 must act and ``want(game)``
    returns a move to try there; returns (fragment, move)."""
    for seed in seeds:
        g = pygames.new_game("spooneye", seed=seed, options={"rules": rules})
        for step in range(80):
            if g.is_over or g.deal_number > 1:
                break
            seat = g.current_player
            if seat == 0:
                move = want(g)
                if move is not None:
                    return pygames.links.encode(g), move
            g.play(pygames.ai.choose_move(g.view(seat), level="normal", seed=seed * 100 + step))
    raise AssertionError("no such position found")


def after(g, move):
    copy = g.clone()
    copy.play(move)
    return copy


def raising_play(g):
    for m in g.legal_moves():
        if m["type"] == "play" and m["to"]["player"] == 0 and isinstance(m["to"]["mast"], int):
            nxt = after(g, m)
            if nxt.phase == "capture" and nxt.current_player == 0:
                return m
    return None


def special_play(rank, then):
    def want(g):
        if g.phase != "play" or g.view(None)["extra_play"]:
            return None
        for m in g.legal_moves():
            if m["type"] == "play" and m["card"][0] == rank:
                nxt = after(g, m)
                if nxt.phase == then and nxt.current_player == 0 and not nxt.view(None)["last_raise"]:
                    return m
        return None
    return want


def click_card_then_target(page, move):
    page.wait_for_function(MY_TURN)
    page.locator(f".se-hand [data-card='{move['card']}']").click()
    key = target_key(move["to"])
    target = page.locator(f"[data-target='{key}']")
    if target.count() and "target-on" in (target.get_attribute("class") or ""):
        target.click(position={"x": 6, "y": 6})
    page.wait_for_function("code => !window.pygames.app.state.view.zones.hand0.includes(code)", arg=move["card"])


def test_the_table_shows_rows_of_masts_the_stock_and_the_hand(page, site):
    fast(page)
    open_app(page, site, "spooneye?s=7")
    view = state(page)
    assert page.locator(".se-row").count() == 2
    assert page.locator(".se-mast").count() == sum(len(r) for r in view["masts"])
    assert page.locator(".se-hand .card").count() == len(view["zones"]["hand0"])
    assert page.locator(".se-stock-count").inner_text() == str(view["stock_count"])
    assert page.locator("#status").inner_text().strip()
    # the captured chips' marks have a key by the scores, and each mark its own title
    key = page.locator("[data-captured-key]").inner_text()
    assert "▼ face down, 1 point each" in key and "▲ face up (doubled), 2 points each" in key
    chip = page.locator(".se-row.mine .se-captured")
    assert chip.locator("span[title]").evaluate_all("s => s.map(e => e.title)") == [
        "face down, 1 point each", "face up (doubled), 2 points each"]
    page.locator("#btn-rules").click()
    page.wait_for_function("document.querySelector('#rules-body').textContent.includes(\"crow's nest\")")


def test_a_person_plays_cards_by_clicking(page, site):
    fast(page)
    open_app(page, site, "spooneye?v=2&p=2&o=rules.basic&s=21")
    plays = 0
    for _ in range(6):
        page.wait_for_function(f"{MY_TURN} || document.querySelector('#dlg-summary[open]')", timeout=60_000)
        view = state(page)
        moves = [m for m in view["legal_moves"] if m["type"] == "play"]
        if not moves:
            break
        move = moves[-1]
        click_card_then_target(page, move)
        plays += 1
        mine = [e for e in state(page)["log"] if e["seat"] == 0]
        assert any(e["move"]["type"] == "play" and e["move"]["card"] == move["card"] for e in mine)
    assert plays >= 3


def test_picking_a_card_lights_up_the_masts_it_fits(page, site):
    fast(page)
    open_app(page, site, "spooneye?v=2&p=2&o=rules.basic&s=21")
    page.wait_for_function(MY_TURN)
    view = state(page)
    card = view["legal_moves"][0]["card"]
    page.locator(f".se-hand [data-card='{card}']").click()
    lit = set(page.locator(".target-on").evaluate_all("es => es.map(e => e.dataset.target)"))
    expected = {target_key(m["to"]) for m in view["legal_moves"] if m.get("card") == card}
    if len(expected) > 1:
        assert lit == expected


def test_a_person_raises_a_mast_and_picks_the_capture(page, site):
    fragment, move = find_position(raising_play)
    fast(page)
    open_app(page, site, fragment)
    click_card_then_target(page, move)
    page.wait_for_function("window.pygames.app.state.view.phase === 'capture' && !window.pygames.app.busy")
    choices = page.locator(".se-mast.se-choice")
    assert choices.count() >= 2
    assert "capture" in page.locator("#status").inner_text()
    # a choice pulses a few times, then stays lit: an endless pulse would repaint the table every frame
    pulses = choices.first.evaluate("e => e.getAnimations().map((a) => a.effect.getComputedTiming().iterations)")
    assert pulses and all(0 < n < 10 for n in pulses), pulses
    chosen = choices.last.get_attribute("data-mast")
    choices.last.click(position={"x": 6, "y": 6})
    page.wait_for_function("window.pygames.app.state.view.last_raise && window.pygames.app.state.view.phase !== 'capture'")
    raised = state(page)["last_raise"]
    assert raised["owner"] == 0 and f"{raised['victim']}:" in chosen + ":" and raised["captured"]
    assert int(page.locator("[data-captured-seat='0'] .se-points").inner_text()) > 0


def test_a_person_plays_a_four_then_one_more_card(page, site):
    fragment, move = find_position(special_play("4", "play"))
    fast(page)
    open_app(page, site, fragment)
    click_card_then_target(page, move)
    page.wait_for_function("window.pygames.app.state.view.extra_play && !window.pygames.app.busy")
    assert "4" in page.locator("#status").inner_text()
    second = [m for m in state(page)["legal_moves"] if m["type"] == "play"][0]
    click_card_then_target(page, second)
    log = [e["move"] for e in state(page)["log"] if e["seat"] == 0]
    assert [m["card"] for m in log[-2:]] == [move["card"], second["card"]]


def test_a_person_plays_a_nine_and_steals_a_crows_nest(page, site):
    fragment, move = find_position(special_play("9", "steal"))
    fast(page)
    open_app(page, site, fragment)
    click_card_then_target(page, move)
    page.wait_for_function("window.pygames.app.state.view.phase === 'steal' && !window.pygames.app.busy")
    steal = state(page)["legal_moves"][0]
    nest = page.locator(f"[data-source='nest:{steal['player']}:{steal['mast']}']")
    stolen = nest.get_attribute("data-card")
    nest.click()
    to = steal["to"]
    key = f"mast:0:{to}" if isinstance(to, int) else f"slot:0:{to}"
    assert "target-on" in page.locator(f"[data-target='{key}']").get_attribute("class")
    page.locator(f"[data-target='{key}']").click(position={"x": 6, "y": 6})
    page.wait_for_function("window.pygames.app.state.view.phase !== 'steal' || window.pygames.app.state.view.log.at(-1).move.type === 'steal'")
    last = [e["move"] for e in state(page)["log"] if e["seat"] == 0][-1]
    assert last["type"] == "steal" and last["player"] == steal["player"]
    mine = [c for i in range(4) for c in state(page)["zones"][f"mast0_{i}"]]
    assert stolen in mine or state(page)["last_raise"]


def test_share_link_reopens_the_same_position(warm_page, page, site):
    fast(page)
    open_app(page, site, "spooneye?v=2&p=2&o=rules.basic&s=99")
    for _ in range(2):
        page.wait_for_function(MY_TURN)
        click_card_then_target(page, [m for m in state(page)["legal_moves"] if m["type"] == "play"][0])
    page.wait_for_function(MY_TURN)
    page.locator("#btn-share").click()
    page.wait_for_function("document.querySelector('#btn-share').dataset.link")
    link = page.locator("#btn-share").get_attribute("data-link")
    assert "#spooneye?" in link
    before = state(page)
    other = warm_page(name="other")
    other.goto(link)
    wait_ready(other)
    assert call(other, "state")["view"] == before


def test_the_players_setting_marks_three_and_four_as_our_extension(page, site):
    fast(page)
    open_app(page, site, "spooneye?v=2&p=4&s=5")
    assert page.locator(".se-row").count() == 4
    assert "extension" in page.locator(".se-ext").inner_text()
    page.locator("#btn-settings").click()
    options = page.locator("select[name=players] option").all_inner_texts()
    assert any("extension" in o for o in options if o.startswith("3"))
    assert any("published" in o for o in options if o.startswith("2"))


def _bot_match(page, site, fragment, level):
    page.add_init_script("localStorage.setItem('pygames:settings:spooneye',"
                         f" JSON.stringify({{speed: 'instant', watch: true, level: '{level}'}}));")
    open_app(page, site, fragment)
    page.wait_for_function("window.pygames.app.state.view.is_over", timeout=300_000)
    page.wait_for_function("document.querySelector('#dlg-summary[open]')")
    summary = page.locator("#dlg-summary").inner_text()
    game = pygames.links.decode(call(page, "state")["link"])
    assert game.is_over
    return game, summary


def test_a_seeded_basic_bot_match_runs_to_its_end_in_the_page(page, site):
    game, summary = _bot_match(page, site, "spooneye?v=2&p=3&o=rules.basic&s=31", "normal")
    assert len(game.deals) == 1 and "Captured cards" in summary
    assert "Match over" not in summary and ("wins" in summary or "tie" in summary)


def test_a_seeded_standard_bot_match_runs_to_its_end_in_the_page(page, site):
    link, whole = late_link("spooneye", "easy", 32)        # its last two deals in the page
    game, summary = _bot_match(page, site, link, "easy")
    assert game.history == whole.history and len(game.deals) >= 3
    assert max(game.base_totals) >= 100
    assert "Bonus:" in summary and "Totals: base" in summary
    assert "Final:" in summary and ("wins with" in summary or "win with" in summary or "tie" in summary)


def test_engine_and_browser_agree_on_a_seeded_game(page, site):
    fast(page)
    open_app(page, site, "spooneye?s=4242")
    page.wait_for_function(MY_TURN)
    game = pygames.new_game("spooneye", seed=4242)
    rng = Rng(9)
    for _ in range(30):
        legal = game.legal_moves()
        game.play(legal[rng.below(len(legal))])
    call(page, "new", {"game": "spooneye", "seed": 4242})
    for move in game.history:
        call(page, "play", {"move": move})
    assert call(page, "view", {"seat": None}) == game.view(None)


def japanese():
    """The Japanese words of Spooneye (the layout's and the engine's), as the page gets them."""
    import json
    import pathlib
    path = pathlib.Path(__file__).resolve().parent.parent / "web" / "lang" / "ja" / "spooneye.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_japanese_status_table_and_rules(page, site):
    """?lang=ja: the status line, the table's words and the Rules panel are Japanese."""
    fast(page)
    page.goto(f"{site}index.html?lang=ja#spooneye?s=7")
    wait_ready(page)
    page.wait_for_function(MY_TURN)
    words = japanese()
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.locator("#status").inner_text() == words["spooneye.ui.st.start"]
    assert page.locator(".se-draw").inner_text().strip() == words["spooneye.ui.draw"]
    assert words["spooneye.ui.captured"] in page.locator(".se-row.mine .se-captured").inner_text()
    page.locator("#btn-rules").click()
    page.wait_for_function("document.querySelector('#rules-body h2')?.textContent === 'スプーンアイ'")
    body = page.locator("#rules-body").inner_text()
    assert "からすの巣" in body and "帆を上げ" in body


# --- a phone ------------------------------------------------------------------------------------------

def phone_position(players, rules, want, seeds=range(1, 400)):
    """A share link of a position of the first deal (reached by easy bots, which are quick) where seat
    0 must act and ``want(game)`` holds."""
    for seed in seeds:
        g = pygames.new_game("spooneye", seed=seed, players=players, options={"rules": rules})
        for step in range(200):
            if g.is_over or g.deal_number > 1:
                break
            if g.current_player == 0 and want(g):
                return pygames.links.encode(g)
            g.play(pygames.ai.choose_move(g.view(g.current_player), level="easy", seed=seed * 100 + step))
    raise AssertionError("no such position found")


ON_SCREEN = """() => {
  const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return [sel, r.top, r.bottom]; };
  return {scrollY: window.scrollY, height: window.innerHeight,
          boxes: [box('.se-row.mine .se-hand'), box('.se-row.mine .se-masts'), box('#status')]};
}"""


@pytest.mark.parametrize("players, rules, phase, lang", [
    (2, "standard", "start", "en"),      # the draw-or-move choice: its buttons and the waiting hand
    (3, "basic", "play", "en"),
    (4, "standard", "play", "en"),
    (4, "standard", "swap", "en"),       # three sevens: whom to swap hands with
    (3, "standard", "play", "ja"),
])
def test_on_a_phone_your_hand_masts_and_the_status_line_fit_the_screen(warm_page, site, players, rules, phase, lang):
    """At the person's turn on a 390 x 844 phone, the hand, their masts and the status line are all on
    screen without scrolling: the opponents' rows are the compact ones."""
    # masts have grown after ten moves a player; a three-sevens swap is rarer (the search starts nearer one)
    fragment = phone_position(players, rules, lambda g: g.phase == phase and len(g.history) >= 10 * players,
                              seeds=range(40, 400) if phase == "swap" else range(1, 400))
    page = fast(warm_page(**PHONE))
    page.goto(f"{site}index.html?lang={lang}#{fragment}")
    wait_ready(page)
    page.wait_for_function(MY_TURN)
    assert state(page)["phase"] == phase
    assert page.locator("#status").inner_text().strip()
    seen = page.evaluate(ON_SCREEN)
    assert seen["scrollY"] == 0 and seen["height"] == 844
    for sel, top, bottom in seen["boxes"]:
        assert 0 <= top < bottom <= 844, f"{sel} spans {top:.0f}-{bottom:.0f} px: off a 844 px screen"


JACKS = """() => [...document.querySelectorAll('.se-mast .card[data-card^="J"]')].map((card) => {
  const corner = card.querySelector('.corner:not(.bottom)');
  const texts = [...corner.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
  const badge = card.querySelector('.se-jack');
  // seen: the left edge, the middle and the right edge of a box are all this thing, not a card over it
  // (a card's big centre pip is a transparent box over the whole card: it hides nothing)
  const seen = (r, inside) => [r.left + 1, r.left + r.width / 2, r.right - 1].every((x) => {
    const hit = document.elementsFromPoint(x, r.top + r.height / 2).find((e) => !e.classList.contains('pip'));
    return Boolean(hit) && inside(hit);
  });
  return {card: card.dataset.card, badge: badge ? badge.textContent : null,
          badgeReadable: Boolean(badge) && seen(badge.getBoundingClientRect(), (hit) => badge.contains(hit)),
          badgeInside: Boolean(badge) && (({left, right, top, bottom}, c) => left >= c.left && right <= c.right
            && top >= c.top && bottom <= c.bottom)(badge.getBoundingClientRect(), card.getBoundingClientRect()),
          glyphs: texts.map((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    return {text: node.textContent, readable: seen(r, (hit) => card.contains(hit) && !hit.closest('.se-jack'))};
  })};
})"""


def jack_and_need(g):
    """A position where a J lies under another card on an opponent's mast (the narrowest place it is
    drawn) and a mast within 10 of 21 says what it needs."""
    masts = g.view(0)["masts"]
    zones = g.view(0)["zones"]
    jack = any(c[0] == "J" for p, row in enumerate(masts) if p for i in range(len(row)) for c in zones[f"mast{p}_{i}"][:-1])
    close = any(11 <= m["total"] <= 20 for row in masts for m in row)
    return jack and close and g.phase == "play"


@pytest.mark.parametrize("screen", [PHONE, {"viewport": {"width": 1280, "height": 800}}], ids=["phone", "desktop"])
def test_a_jacks_badge_leaves_its_rank_and_suit_readable_and_masts_say_what_they_need(warm_page, site, screen):
    fragment = phone_position(4, "standard", jack_and_need)      # four players: the smallest cards
    page = fast(warm_page(**screen))
    open_app(page, site, fragment)
    page.wait_for_function(MY_TURN)
    jacks = page.evaluate(JACKS)
    assert jacks
    for jack in jacks:
        assert jack["badge"] and jack["badge"].startswith("=") and jack["badgeReadable"] and jack["badgeInside"], jack
        assert [g["text"] for g in jack["glyphs"]] == ["J", "♠♥♦♣"["SHDC".index(jack["card"][1])]]
        for glyph in jack["glyphs"]:
            assert glyph["readable"], f"{jack['card']}: its {glyph['text']} is covered"
    needs = page.locator(".se-need")
    assert needs.count() >= 1
    for i in range(needs.count()):
        assert needs.nth(i).is_visible()
        assert needs.nth(i).inner_text().startswith("needs ")
        box = needs.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= screen["viewport"]["width"]
