"""The home screen: a plain visit shows every game as a tile; a link to a game skips it."""

import json
import re
from pathlib import Path

from tests.helpers.site import PHONE, open_app, wait_ready

LANG = Path(__file__).resolve().parent.parent / "web" / "lang"

MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy && "
           "window.pygames.app.state.view.current_player === window.pygames.app.state.seat")


def playable(page):
    info = page.evaluate("window.pygames.call('info')")
    layouts = page.evaluate("[...document.querySelectorAll('#game-picker option')].map(o => o.value)")
    return [g for g in info["games"] if g["id"] in layouts]


def tile(page, game_id):
    return page.locator(f".home-tile[data-game='{game_id}']")


def play_first_legal(page):
    page.wait_for_function(MY_TURN, timeout=60_000)
    count = page.evaluate("window.pygames.app.state.view.move_count")
    page.locator("#table [data-legal='true']").first.click()
    page.wait_for_function(f"window.pygames.app.state.view.move_count > {count}")


def test_a_plain_visit_shows_every_game_as_a_tile(page, site):
    page.goto(f"{site}index.html")
    # the tiles are there before the engine is ready, waiting for it
    page.wait_for_selector(".home-tile")
    wait_ready(page)
    games = playable(page)
    assert len(games) >= 4
    assert page.locator(".home-tile").count() == len(games)
    for g in games:
        t = tile(page, g["id"])
        assert t.locator(".home-name").inner_text() == g["title"]
        # one line about the game and how many play, from the game's own word file
        own = json.loads((LANG / "en" / f"{g['id']}.json").read_text(encoding="utf-8"))
        assert t.locator(".home-blurb").inner_text() == own[f"{g['id']}.home.blurb"]
        assert t.locator(".home-players").inner_text() == own[f"{g['id']}.home.players"]
        assert t.locator("svg.home-pic rect.hp-card").count() >= 3        # a small picture of the table
        assert t.locator(".home-play").is_enabled()
        assert t.locator(".home-continue").count() == 0                   # nothing started yet
    assert page.locator("#table").is_hidden() and page.locator("#status").is_hidden()
    assert page.locator("#btn-new").is_hidden()
    assert "#" not in page.url                                            # still the plain page
    assert page.locator("#game-picker").is_enabled()


def test_a_tile_opens_its_game_and_the_brand_leads_home(page, site):
    page.goto(f"{site}index.html")
    wait_ready(page)
    tile(page, "spite_malice").locator(".home-play").click()
    page.wait_for_function("window.pygames.app.state.view.game === 'spite_malice' && "
                           "location.hash.startsWith('#spite_malice?')")
    assert page.locator("#table").is_visible() and page.locator("#home").is_hidden()
    page.locator("#home-link").click()
    assert page.locator(".home-tile").first.is_visible()
    assert page.locator("#table").is_hidden()
    page.go_back()                                                        # back to the table
    page.wait_for_function("document.documentElement.dataset.view === 'table'")
    assert page.evaluate("window.pygames.app.state.view.game") == "spite_malice"


def test_an_unfinished_game_can_be_continued_from_its_tile(page, site):
    open_app(page, site, "spades?s=2024")
    play_first_legal(page)
    link = page.evaluate("window.pygames.app.state.link")
    page.goto(f"{site}index.html")
    wait_ready(page)
    spades = tile(page, "spades")
    assert spades.locator(".home-continue").is_visible()
    assert spades.locator(".home-new").is_visible()
    assert "In progress" in spades.locator(".home-where").inner_text()
    assert tile(page, "spooneye").locator(".home-continue").count() == 0
    spades.locator(".home-continue").click()
    page.wait_for_function("document.documentElement.dataset.view === 'table'")
    page.wait_for_function("l => window.pygames.app.state.link.startsWith(l)", arg=link)
    # a new game from the tile replaces it
    page.locator("#home-link").click()
    tile(page, "spades").locator(".home-new").click()
    page.wait_for_function("!/[?&]s=2024(&|$)/.test(window.pygames.app.state.link)")
    assert page.locator("#table").is_visible()


def test_a_link_or_a_game_name_opens_the_game_directly(page, site):
    open_app(page, site, "spooneye?s=7")
    assert page.evaluate("document.documentElement.dataset.view") != "home"
    assert page.locator("#table").is_visible()
    assert page.evaluate("window.pygames.app.state.view.game") == "spooneye"
    open_app(page, site, "skarney_gin")                  # only the name: its save, or a new game
    # the same page with a new fragment: the app switches on hashchange, after goto returns
    page.wait_for_function("window.pygames.app.state?.view.game === 'skarney_gin'"
                           " && location.hash.startsWith('#skarney_gin?')", timeout=30_000)
    assert page.locator("#table").is_visible()
    assert page.locator("#notice").is_hidden()           # not an error


PICKER_READS = "(() => { const p = document.querySelector('#game-picker'); return p.options[p.selectedIndex]?.text; })()"


def test_the_picker_switches_games_from_the_home_screen(page, site):
    """At the home screen no game is open: the picker reads "Choose a game" (though the last game waits
    behind); it opens the game picked and reads its name; back home it reads "Choose a game" again, and
    a tile's game once it is open."""
    page.goto(f"{site}index.html")
    wait_ready(page)
    assert page.evaluate(PICKER_READS) == "Choose a game"
    page.select_option("#game-picker", "spooneye")
    page.wait_for_function("window.pygames.app.state.view.game === 'spooneye' && "
                           "document.documentElement.dataset.view === 'table'")
    assert page.locator("#table").is_visible()
    assert page.evaluate(PICKER_READS) == "Spooneye"
    page.locator("#home-link").click()
    page.wait_for_function("document.documentElement.dataset.view === 'home'")
    assert page.evaluate(PICKER_READS) == "Choose a game"
    page.locator("button.home-open[data-open='leopard']").click()     # a tile: the picker follows the table
    page.wait_for_function("document.documentElement.dataset.view === 'table' && window.pygames.app.gameId === 'leopard'")
    assert page.evaluate(PICKER_READS) == "Leopard"


def test_the_home_screen_fits_a_phone(warm_page, site):
    page = warm_page(**PHONE)
    try:
        page.goto(f"{site}index.html")
        wait_ready(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        rights = page.locator(".home-tile").evaluate_all("ts => ts.map(t => t.getBoundingClientRect().right)")
        assert rights and max(rights) <= 390
    finally:
        page.close()


LAYOUT_SHIFTS = """window.__shift = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value; })
  .observe({ type: "layout-shift", buffered: true });"""


def test_nothing_moves_while_the_page_loads(warm_page, site):
    """Cumulative layout shift up to ready <= 0.05, on a phone in English and in Japanese and at
    1280x800, for the home screen and a table: the bar's buttons are in index.html from the first paint,
    the bar's rows on a phone have a fixed height, and the home screen's loading bar floats over the tiles."""
    for settings, lang in (({**PHONE}, "en"), ({**PHONE}, "ja"), ({}, "en")):
        for fragment in ("", "#leopard"):
            page = warm_page(**settings)
            page.add_init_script(LAYOUT_SHIFTS)
            page.goto(f"{site}index.html?lang={lang}{fragment}")
            wait_ready(page)
            page.wait_for_function("document.fonts.status === 'loaded'")
            shift = page.evaluate("window.__shift")
            assert shift <= 0.05, (settings, lang, fragment or "home", shift)


def test_an_english_first_visit_paints_the_tiles_before_any_module(warm_page, site):
    """build.py puts the English tiles (home.js's own HTML) into index.html, so a plain visit
    paints them with no script at all (the largest paint does not wait for the modules and words);
    the page keeps those very elements once ready. In Japanese the page draws its own tiles."""
    page = warm_page(**PHONE)
    page.route("**/app.js", lambda route: route.abort())          # the modules never arrive
    page.goto(f"{site}index.html?lang=en")
    tiles = page.locator(".home-tile")
    assert tiles.count() >= 5 and tiles.first.is_visible()
    assert "Bid your tricks" in page.locator("#home").inner_text()
    assert page.locator("#home [data-open]:not(:disabled)").count() == 0     # they wait for the engine
    page.close()
    page = warm_page(**PHONE)
    page.add_init_script("document.addEventListener('DOMContentLoaded', () => { document.querySelector('.home-tile').mark = 1; });")
    page.goto(f"{site}index.html?lang=en")
    wait_ready(page)
    assert page.evaluate("document.querySelector('.home-tile').mark") == 1   # not drawn again
    assert page.locator("#home [data-open]:disabled").count() == 0
    page.close()
    page = warm_page(**PHONE)
    page.route("**/app.js", lambda route: route.abort())
    page.goto(f"{site}index.html?lang=ja")
    assert not page.locator("#home").is_visible()                 # English tiles never show a Japanese reader
    page.close()
    page = warm_page(**PHONE)
    page.goto(f"{site}index.html?lang=ja")
    wait_ready(page)
    assert "スペード" in page.locator("#home").inner_text() and "Bid your tricks" not in page.locator("#home").inner_text()


def test_every_button_of_a_tile_has_a_fingers_room_on_a_phone_and_the_tiles_buttons_match(warm_page, site):
    """A finger needs 44 px: on a touch screen every button of every tile is at least that tall; and
    Learn looks as its neighbours Daily deal and Friends by link do (not the browser's grey button)."""
    page = warm_page(**PHONE)
    page.goto(f"{site}index.html")
    wait_ready(page)
    page.wait_for_selector(".home-tile .home-learn:not([disabled])")
    sizes = page.locator(".home-tile button:not(.home-open)").evaluate_all(
        "bs => bs.map(b => [b.className, b.getBoundingClientRect().height])")
    assert len(sizes) >= 5 * 5
    short = [(cls, h) for cls, h in sizes if h < 44]
    assert not short, short
    look = "b => { const s = getComputedStyle(b); return [s.backgroundColor, s.color, s.borderTopColor]; }"
    spades = tile(page, "spades")
    assert spades.locator(".home-learn").evaluate(look) == spades.locator(".home-daily").evaluate(look) \
        == spades.locator(".home-remote").evaluate(look)
