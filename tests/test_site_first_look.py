"""A new game's first look (web/features/first_look.js) and the bots' level and pace carried from game to game
(web/shell/store.js). A game chosen in the header whose first move is a bot's waits, its table on show,
until the person presses Start - long enough to choose the bots in Settings, at whose level they then
play; a game the person has not set up takes the level and pace they last chose (not Normal again),
and keeps its own once set; a game resumed after a reload and a game in watch mode go on at once (a
linked game too: tests/test_site_hint.py waits for the bots of a link where a bot moves first).

That no bot has moved is the page's own record: no bot pause scheduled (app.pauses), no bot asked
(the engine's calls, recorded as the page makes them) - the bot loop stops before either, in the same
turn of the event loop as the redraw that shows Start."""

from tests.helpers.site import engine_calls, open_app

# every "bot" call the page makes, with its level, recorded as the page's engine starts; Math.random
# seeded, so that the page deals the same games each run
RECORD = engine_calls("""
  let x = 20240611;
  Math.random = () => (x = (x * 48271) % 2147483647) / 2147483647;
  window.botCalls = [];""", """(method, args) => { if (method === "bot") window.botCalls.push(args.level); return call(method, args); }""")
BAR = "document.getElementById('first-look')"
WAITING = f"""() => {{ const app = window.pygames.app;
  return !{BAR}.hidden && !app.busy && app.state.view.move_count === 0 && app.pauses.length === 0
    && window.botCalls.length === 0; }}"""
GAMES = ["spite_malice", "skarney_gin", "leopard", "spooneye"]      # two players: one level for the bot


def choose(page, game):
    """Choose ``game`` in the header, as a person does; wait for its table."""
    page.locator("#game-picker").select_option(game)
    page.wait_for_function(f"() => window.pygames.app.gameId === '{game}' && window.pygames.app.state"
                           " && document.documentElement.dataset.view === 'table'", timeout=30_000)


def settings_dialog(page):
    page.wait_for_selector("#dlg-settings[open]")
    return {name: page.locator(f"#settings-fields select[name={name}]").evaluate("s => JSON.parse(s.value)")
            for name in ("level", "speed")}


def test_a_new_game_waits_for_a_first_look_and_its_bots_play_as_then_chosen(page, site):
    page.add_init_script(RECORD)
    open_app(page, site, "", start=False)                       # the home screen
    first = None
    for game in GAMES:                       # the person moves first in some: nothing to wait for there
        choose(page, game)
        if page.evaluate("window.pygames.app.state.view.current_player") == 0:
            assert page.evaluate(f"{BAR}.hidden")
            continue
        first = game
        break
    assert first, "a game where a bot moves first"
    page.wait_for_function(WAITING)
    assert "Press Start" in page.locator("#status").inner_text()
    assert "Normal bots" in page.locator("#first-look").inner_text()
    page.locator("[data-first-look-settings]").click()          # the bots, chosen before any moves
    assert settings_dialog(page) == {"level": "normal", "speed": "normal"}
    page.locator("#settings-fields select[name=level]").select_option(label="Hard")
    page.locator("#settings-fields select[name=speed]").select_option(label="Instant")
    page.locator("#settings-apply").click()
    page.wait_for_function(f"() => ({WAITING})() && {BAR}.textContent.includes('Hard bots')")
    page.locator("[data-first-look-start]").click()
    page.wait_for_function("window.botCalls.length > 0 && document.getElementById('first-look').hidden", timeout=30_000)
    assert set(page.evaluate("window.botCalls")) == {"hard"}
    # a game not set up yet takes the level and pace last chosen; the first keeps its own
    other = next(g for g in GAMES if g != first)
    page.evaluate(f"localStorage.setItem('pygames:settings:{first}', JSON.stringify({{level: 'easy', speed: 'instant'}}))")
    choose(page, other)
    page.locator("#btn-settings").click()
    assert settings_dialog(page) == {"level": "hard", "speed": "instant"}
    page.keyboard.press("Escape")
    choose(page, first)
    page.locator("#btn-settings").click()
    assert settings_dialog(page)["level"] == "easy"
    page.keyboard.press("Escape")


def test_a_resumed_game_and_watch_mode_go_on_at_once(page, site):
    page.add_init_script(RECORD)
    open_app(page, site, "", start=False)
    for game in GAMES:
        choose(page, game)
        if page.evaluate("window.pygames.app.state.view.current_player") != 0:
            break
    page.wait_for_function(WAITING)
    # the address follows the game a moment later (route.js): a reload then opens this game again
    page.wait_for_function("location.hash.slice(1) === window.pygames.app.state.link", timeout=30_000)
    page.reload()                          # the same game, resumed: its bots go on without a Start
    page.wait_for_function("document.documentElement.dataset.state === 'ready' && window.botCalls.length > 0"
                           f" && {BAR}.hidden", timeout=60_000)
    watched = next(g for g in GAMES if g != game)
    page.evaluate(f"""() => {{ localStorage.setItem('pygames:settings:{watched}', JSON.stringify({{watch: true, speed: 'instant'}}));
      localStorage.removeItem('pygames:save:{watched}'); }}""")
    calls = page.evaluate("window.botCalls.length")
    choose(page, watched)                  # a new game in watch mode: the bots play every seat at once
    page.wait_for_function(f"window.botCalls.length > {calls} && window.pygames.app.state.view.move_count > 0"
                           f" && {BAR}.hidden", timeout=30_000)
