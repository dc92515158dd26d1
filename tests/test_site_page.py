"""The generic page, for every game: settings that keep the game, saves that are never lost."""

import json

import pytest

from tests.conftest import FILL, PHONE, open_app, wait_ready

MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy && "
           "window.pygames.app.state.view.current_player === window.pygames.app.state.seat")


def state(page):
    return page.evaluate("window.pygames.app.state")


def play_first_legal(page):
    page.wait_for_function(MY_TURN, timeout=60_000)
    move = state(page)["view"]["legal_moves"][0]
    count = state(page)["view"]["move_count"]
    page.evaluate("m => document.querySelector(`[data-move='${JSON.stringify(m)}']`)?.click()", move)
    page.wait_for_function(f"window.pygames.app.state.view.move_count > {count}")


def open_settings(page):
    page.locator("#btn-settings").click()
    page.wait_for_selector("#dlg-settings[open]")


def test_table_settings_apply_to_the_game_in_progress(page, site):
    open_app(page, site, "spades?s=41")
    play_first_legal(page)                                  # a bid: the game is under way
    link = state(page)["link"]
    open_settings(page)
    assert page.locator("#settings-new").is_hidden()        # nothing that changes the deal yet
    page.select_option("select[name=speed]", json.dumps("fast"))
    page.select_option("select[name=level]", json.dumps("easy"))
    page.locator("#settings-apply").click()
    page.wait_for_function("!document.querySelector('#dlg-settings[open]')")
    page.wait_for_function("(JSON.parse(localStorage.getItem('pygames:settings:spades')) || {}).level === 'easy'")
    assert state(page)["link"].startswith(link.split("&n=")[0])
    assert state(page)["view"]["move_count"] >= 1           # the same game goes on
    saved = json.loads(page.evaluate("localStorage.getItem('pygames:settings:spades')"))
    assert saved["speed"] == "fast" and saved["level"] == "easy"


def test_options_that_change_the_deal_offer_a_new_game_in_reading_order(page, site):
    open_app(page, site, "spades?s=42")
    open_settings(page)
    targets = page.locator("select[name='option:target'] option").all_inner_texts()
    assert targets == ["200", "250", "300", "500", "1000"]
    assert page.locator("select[name='option:target']").input_value() == "500"
    page.select_option("select[name='option:target']", "200")
    assert page.locator("#settings-new").is_visible()
    page.locator("#settings-new").click()
    page.wait_for_function("window.pygames.app.state.view.options.target === 200")
    assert state(page)["view"]["move_count"] == 0


def test_new_game_mid_match_asks_first(page, site):
    open_app(page, site, "spades?s=43")
    play_first_legal(page)
    before = state(page)["link"]
    page.locator("#btn-new").click()
    page.wait_for_selector("#dlg-ask[open]")
    page.locator("#ask-no").click()
    assert state(page)["link"] == before                    # cancelled: the game is kept
    page.locator("#btn-new").click()
    page.locator("#ask-yes").click()
    page.wait_for_function(f"window.pygames.app.state.link !== {json.dumps(before)}")
    assert state(page)["view"]["move_count"] == 0


def saved_games(page):
    """The Saved games dialog's entries (from Settings)."""
    page.locator("#btn-settings").click()
    page.wait_for_selector("#dlg-settings[open]")
    page.locator("#settings-saved").click()
    page.wait_for_selector("#dlg-saved[open]")
    return page.locator("#saved-list [data-saved-index]").all_inner_texts()


def open_link(page, fragment):
    page.evaluate("f => { location.hash = f; }", fragment)
    seed = fragment.split("s=")[1]
    page.wait_for_function(f"new URLSearchParams(window.pygames.app.state.link.split('?')[1]).get('s') === '{seed}'")


def seed_shown(seed):
    return f"new URLSearchParams(window.pygames.app.state.link.split('?')[1]).get('s') === '{seed}'"


def kept_games(page):
    return page.evaluate("JSON.parse(localStorage.getItem('pygames:kept:spades')) || []")


def test_links_in_a_row_keep_every_unfinished_game_and_each_comes_back(page, site):
    """With your game G, open link L1 (play on it), then L2: both G and L1 are kept, newest
    first, and either comes back from Settings' Saved games - after a reload too; the game on the
    table takes its place in the list; a damaged entry is said and dropped, the others stay."""
    open_app(page, site, "spades?s=44")
    play_first_legal(page)
    open_link(page, "spades?s=45")
    assert "Your own unfinished game is kept" in page.locator("#notice").inner_text()
    play_first_legal(page)
    open_link(page, "spades?s=48")              # L2: the person bids first, so no bot moves before them
    first, mine = kept_games(page)                               # newest first: L1, then G
    assert "s=45" in first["save"] and "s=44" in mine["save"] and first["moves"] > 0 and mine["moves"] > 0
    page.locator("#notice .notice-action").click()              # the notice opens the list
    page.wait_for_selector("#dlg-saved[open]")
    entries = page.locator("#saved-list [data-saved-index]")
    assert entries.count() == 2
    entries.nth(1).click()                                       # the older one: your own game
    page.wait_for_function(seed_shown(44))
    assert state(page)["view"]["move_count"] >= mine["moves"]    # as it was (the bots may go on)
    page.reload()
    wait_ready(page)
    assert "s=44" in state(page)["link"]
    assert len(saved_games(page)) == 1                           # L1 (L2 has no move: nothing to keep)
    page.locator("#saved-list [data-saved-index]").first.click()
    page.wait_for_function(seed_shown(45))
    assert state(page)["view"]["move_count"] >= first["moves"]
    assert ["s=44" in k["save"] for k in kept_games(page)] == [True]    # G took L1's place

    page.evaluate("""() => { const k = JSON.parse(localStorage.getItem('pygames:kept:spades'));
      localStorage.setItem('pygames:kept:spades', JSON.stringify([{save: 'spades?s=1&m=%%%', deal: 1, moves: 3, at: 0}, ...k])); }""")
    assert len(saved_games(page)) == 2
    page.locator("#saved-list [data-saved-index]").first.click()
    page.wait_for_function("document.getElementById('toast')?.textContent.includes('damaged')")
    assert "s=45" in state(page)["link"]                         # nothing changed on the table
    assert ["s=44" in k["save"] for k in kept_games(page)] == [True]


def test_a_broken_link_brings_back_the_saved_game(page, site):
    open_app(page, site, "spades?s=46")
    play_first_legal(page)
    mine = state(page)["link"]
    open_app(page, site, "spades?s=46&n=3&m=___")       # the same page: the app answers the hashchange
    page.wait_for_function("document.getElementById('notice').innerText.includes('could not be opened')",
                           timeout=30_000)
    assert state(page)["link"] == mine


# every address write the page makes, with when (performance.now) and the address written
ADDRESS_LOG = """(() => { window.addressWrites = [];
  for (const name of ["replaceState", "pushState"]) {
    const real = history[name].bind(history);
    history[name] = (state, title, url) => {
      window.addressWrites.push({at: performance.now(), url: String(url)});
      return real(state, title, url);
    };
  } })()"""


def test_the_address_follows_the_game_at_most_every_400_ms_and_catches_up_at_rest(page, site):
    """Bots at the instant pace move faster than a browser lets a page rewrite its address (Safari
    throws after 100 writes in 10 to 30 s, Chromium drops writes past 200 in 10 s): the game's link is
    written at most once every 400 ms, and once the table is at rest the address is the game's link."""
    page.add_init_script("localStorage.setItem('pygames:settings:spades', JSON.stringify({speed: 'instant', watch: true}))")
    page.add_init_script(ADDRESS_LOG)
    open_app(page, site, "spades?s=47")
    page.wait_for_function("window.pygames.app.state.view.move_count >= 20", timeout=60_000)
    page.evaluate("""() => { localStorage.setItem('pygames:settings:spades', JSON.stringify({speed: 'instant'})); }""")
    # watching no more: the bots stop at the person's seat (or, when the deal's last card (move 56)
    # fell before the page read the setting, at its summary, which now waits for the person)
    page.wait_for_function(f"({MY_TURN}) || document.querySelector('#dlg-summary[open]')", timeout=60_000)
    if page.locator("#dlg-summary[open]").count():
        page.locator("#summary-ok").click()
        page.wait_for_function(MY_TURN, timeout=60_000)
    page.wait_for_function("location.hash === '#' + window.pygames.app.state.link")
    writes = [w for w in page.evaluate("window.addressWrites") if "?" in w["url"]]     # the game's links
    moves = state(page)["view"]["move_count"]
    assert len(writes) >= 2 and moves > len(writes), (moves, len(writes))
    gaps = [b["at"] - a["at"] for a, b in zip(writes, writes[1:])]
    assert min(gaps) >= 399, gaps


def test_a_reload_while_the_address_lags_the_game_resumes_the_game_itself(page, site):
    """A reload within those 400 ms finds an earlier link of the game in the address (or a write due
    lands while the reload is under way): the page knows this tab wrote it (sessionStorage) and
    resumes the game's save, never opening it as a link (which would keep the game aside as an
    unfinished one and count it as someone else's)."""
    open_app(page, site, "spades?s=49")
    play_first_legal(page)
    earlier = state(page)["link"]
    page.wait_for_function(f"location.hash === '#' + {json.dumps(earlier)}")     # the page wrote it itself
    page.wait_for_function(MY_TURN, timeout=60_000)
    count = state(page)["view"]["move_count"]
    page.evaluate("() => window.pygames.play(window.pygames.app.state.view.legal_moves[0])")   # a card
    page.wait_for_function(f"window.pygames.app.state.view.move_count > {count}")
    page.wait_for_function(MY_TURN, timeout=60_000)            # at rest: the person's turn
    latest = state(page)["link"]
    page.wait_for_function("location.hash === '#' + window.pygames.app.state.link")
    # the address as a reload within the gap would find it: this tab's earlier link of the game
    page.evaluate("l => { history.replaceState(null, '', '#' + l); }", earlier)
    page.reload()
    wait_ready(page)
    assert state(page)["link"] == latest                      # the game as it was
    assert kept_games(page) == [] and "kept" not in page.locator("#notice").inner_text()
    # a link this tab did not write is a link: it opens as one, the game kept aside
    page.evaluate("l => { history.replaceState(null, '', '#' + l); sessionStorage.clear(); }", earlier)
    page.reload()
    wait_ready(page)
    assert state(page)["link"] == earlier
    assert [k["save"] for k in kept_games(page)] == [latest]


@pytest.mark.parametrize("fragment", ["leopard?p=2&s=8", "spooneye?p=2&s=3", "leopard?p=4&s=8"])
def test_every_bot_turn_waits_the_chosen_speeds_pause_the_first_after_yours_too(page, site, fragment):
    """At Normal speed (800 ms) the bot that answers the person's move waits the whole pause,
    at two-player tables as at four; only a bot going on with its own turn pauses less. The page's
    own record of the pauses it scheduled is read, not the clock."""
    game = fragment.split("?")[0]
    page.add_init_script(f"localStorage.setItem('pygames:settings:{game}', JSON.stringify({{speed: 'normal'}}))")
    open_app(page, site, fragment)
    mine = "window.pygames.app.state.view.current_player === window.pygames.app.state.seat && !window.pygames.app.busy"
    page.wait_for_function(mine, timeout=60_000)
    page.evaluate("window.pygames.app.pauses.length = 0")
    seat = page.evaluate("window.pygames.app.state.seat")
    for _ in range(6):                         # the person's turn may take more than one move
        move = page.evaluate("window.pygames.app.state.view.legal_moves[0]")
        page.evaluate("m => window.pygames.play(m)", move)
        page.wait_for_function(f"window.pygames.app.pauses.length > 0 || ({mine})", timeout=30_000)
        if page.evaluate("window.pygames.app.pauses.length > 0"):
            break
    first = page.evaluate("window.pygames.app.pauses[0]")
    assert first["seat"] != seat and first["ms"] == 800, first


def test_a_bot_move_draws_the_table_once(page, site):
    """A watched Skarney Gin game (no trick to hold on show): each bot move redraws the table once,
    not again when the next bot's turn begins (the table on show is already that state's)."""
    page.add_init_script("localStorage.setItem('pygames:settings:skarney_gin', "
                         "JSON.stringify({speed: 'instant', watch: true, level: 'easy'}))")
    open_app(page, site, "skarney_gin?v=2&s=3")
    start = page.evaluate("""() => {
      const app = window.pygames.app, draw = app.layout.render.bind(app.layout);
      window.__draws = 0;
      app.layout.render = (...args) => { window.__draws += 1; return draw(...args); };
      return app.state.view.move_count;
    }""")
    page.wait_for_function(f"window.pygames.app.state.view.move_count >= {start + 40}", timeout=60_000)
    moves, draws = page.evaluate("[window.pygames.app.state.view.move_count, window.__draws]")
    assert moves - start >= 40
    assert draws <= (moves - start) + 4, (draws, moves - start)      # a deal's summary may add a few


# the top bar's actions in their order (index.html); on a phone the ones after Undo and Hint are under Menu
BAR = ["btn-daily", "btn-new", "btn-undo", "btn-restart", "btn-hint", "btn-share", "btn-stats", "btn-settings",
       "btn-rules", "btn-info"]
IN_MENU = [b for b in BAR if b not in ("btn-undo", "btn-hint")]
BAR_SHOWN = """() => [...document.querySelectorAll('.bar .actions > button')].filter(b => b.offsetParent).map(b => b.id)"""
MENU_SHOWN = """() => [...document.querySelectorAll('#bar-menu > button')].filter(b => b.offsetParent).map(b => b.id)"""


def menu_open(page):
    expanded = page.locator("#btn-more").get_attribute("aria-expanded")
    assert (expanded == "true") == page.locator("#bar-menu").is_visible()
    return expanded == "true"


def test_a_phones_bar_is_one_row_with_a_menu_and_settings_stay_on_screen(warm_page, site):
    """On a phone the top bar is one row (brand, game, Undo, Hint, Menu); the other actions are in
    the Menu's list, which Escape, a click outside and a chosen action close, and which the keyboard
    reaches; at 1280x800 the bar shows all its actions in their order, no Menu. The Settings dialog,
    opened from the Menu on a short phone, scrolls its fields and keeps its buttons in view."""
    page = warm_page(**PHONE)
    open_app(page, site, "spades")
    bar = page.locator("header.bar").bounding_box()
    assert bar["height"] < 64, bar
    assert page.evaluate(BAR_SHOWN) == ["btn-undo", "btn-hint", "btn-more"]
    middles = page.evaluate("() => [...document.querySelectorAll('.bar .actions > button, #game-picker, .brand')]"
                            ".filter(b => b.offsetParent).map(b => { const r = b.getBoundingClientRect(); return r.top + r.height / 2; })")
    assert max(middles) - min(middles) < 4, middles           # one row
    assert not menu_open(page)
    page.locator("#btn-more").click()
    assert menu_open(page) and page.evaluate(MENU_SHOWN) == IN_MENU
    for b in IN_MENU:                                         # the list inside the screen, under the bar
        box = page.locator(f"#{b}").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] >= bar["height"], (b, box)
    page.keyboard.press("Escape")
    assert not menu_open(page)
    page.locator("#btn-more").click()
    page.mouse.click(195, 600)                                # a click outside the list
    assert not menu_open(page)
    # the keyboard: Enter on the focused Menu opens it, Tab goes on into its list, Escape back to Menu
    page.locator("#btn-more").focus()
    page.keyboard.press("Enter")
    assert menu_open(page)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == IN_MENU[0]
    page.keyboard.press("Escape")
    assert not menu_open(page) and page.evaluate("document.activeElement.id") == "btn-more"
    # an action from the list works (Rules), and choosing it closes the list
    page.locator("#btn-more").click()
    page.locator("#bar-menu #btn-rules").click()
    page.wait_for_selector("#dlg-rules[open]")
    assert not menu_open(page)
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-rules:not([open])", state="attached")

    page.set_viewport_size({"width": 1280, "height": 800})   # a wide screen: the bar as it always was
    assert page.evaluate(BAR_SHOWN) == BAR and page.evaluate(MENU_SHOWN) == []
    assert page.locator("header.bar").bounding_box()["height"] < 64

    page.set_viewport_size({"width": 390, "height": 600})     # a short phone: the fields must scroll
    assert page.evaluate(BAR_SHOWN) == ["btn-undo", "btn-hint", "btn-more"]
    page.locator("#btn-more").click()
    page.locator("#bar-menu #btn-settings").click()
    page.wait_for_selector("#dlg-settings[open]")
    for button in ("#settings-apply", "#settings-remote"):
        box = page.locator(button).bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= 600, (button, box)
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.id", [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert hit == button[1:], (button, hit)


def test_a_full_storage_gives_a_finished_remote_table_for_the_save_and_else_says_so(page, site):
    """The game's save makes room by removing a finished remote table (the oldest that may go);
    when nothing may go, the person is told once that the game is not being saved, and plays on."""
    page.add_init_script("localStorage.setItem('pygames:settings:spades', JSON.stringify({speed: 'instant'}))")
    open_app(page, site, "spades?s=41")
    page.evaluate("""() => {
      localStorage.setItem('pygames:remote:OLD', 'y'.repeat(300000));
      localStorage.setItem('pygames:remote:tables', JSON.stringify(['OLD']));
      localStorage.setItem('pygames:remote:ended', JSON.stringify(['OLD']));
    }""")

    def play_until(condition):
        """The person's moves (the first legal), until ``condition`` holds in the page: a save only
        needs more room when it is longer than the one it replaces, which is not every move."""
        for _ in range(12):
            page.wait_for_function(MY_TURN, timeout=60_000)
            count = state(page)["view"]["move_count"]
            page.evaluate("m => window.pygames.play(m)", state(page)["view"]["legal_moves"][0])
            page.wait_for_function(f"window.pygames.app.state.view.move_count > {count}")
            if page.evaluate(condition):
                return
        raise AssertionError(f"not after 12 moves: {condition}")

    assert page.evaluate(FILL)
    play_until("localStorage.getItem('pygames:remote:OLD') === null")
    page.wait_for_function(MY_TURN, timeout=60_000)
    saved = page.evaluate("[localStorage.getItem('pygames:save:spades'), localStorage.getItem('pygames:remote:tables'),"
                          " window.pygames.app.state.link]")
    assert saved[0] == json.dumps(saved[2]) and saved[1] == "[]"          # the latest save, in OLD's room
    assert page.locator("#toast").is_hidden()
    assert page.evaluate(FILL)                      # full again, nothing left that may go
    play_until("!document.getElementById('toast').hidden")
    assert "not being saved" in page.locator("#toast").inner_text()
    page.wait_for_function(MY_TURN, timeout=60_000)
    kept = page.evaluate("localStorage.getItem('pygames:save:spades')")
    assert kept and kept != json.dumps(state(page)["link"])          # an earlier save stands


SAVE = "localStorage.getItem('pygames:save:spades')"


def play_a_move(page):
    """The person's first legal move, once it is their turn (a card: the engine's own move)."""
    page.wait_for_function(MY_TURN, timeout=60_000)
    count = state(page)["view"]["move_count"]
    page.evaluate("() => window.pygames.play(window.pygames.app.state.view.legal_moves[0])")
    page.wait_for_function(f"window.pygames.app.state.view.move_count > {count}")


def test_a_game_opened_in_a_second_tab_stops_the_first_which_can_take_it_back(page, site):
    """Two tabs of one game each saved over the other's moves. The tab that shows the game claims
    it: the other covers its table and stops its bots, and its "Play here" goes on from the other
    tab's last move (which then stops in turn), so no move either tab made is lost."""
    page.add_init_script("localStorage.setItem('pygames:settings:spades', JSON.stringify({speed: 'instant', level: 'easy'}))")
    open_app(page, site, "spades")
    play_first_legal(page)                                         # the first tab's bid
    second = page.context.new_page()                               # the same browser, another tab
    open_app(second, site, "spades")
    page.wait_for_selector("#dlg-one-tab[open]")                   # the first tab stops
    assert page.locator("#one-tab-title").inner_text() == "This game is open in another tab"
    assert second.locator("#dlg-one-tab[open]").count() == 0
    play_a_move(second)                                            # the second tab plays on
    second.wait_for_function(MY_TURN, timeout=60_000)              # at rest: its bots have played too
    latest = state(second)["link"]
    assert second.evaluate(SAVE) == json.dumps(latest)             # saved, and not written over
    assert page.evaluate(SAVE) == json.dumps(latest)
    assert state(page)["view"]["move_count"] < state(second)["view"]["move_count"]    # the first is behind
    page.locator("#one-tab-here").click()                          # play here: from the other tab's last move
    page.wait_for_function("l => window.pygames.app.state.link === l", arg=latest)
    second.wait_for_selector("#dlg-one-tab[open]")                 # and that tab stops in its turn
    play_a_move(page)
    page.wait_for_function(MY_TURN, timeout=60_000)
    assert page.evaluate(SAVE) == json.dumps(state(page)["link"])
    assert state(page)["view"]["move_count"] > state(second)["view"]["move_count"]
    # a claim this tab has not heard of yet (its own write raises no storage event here): the next
    # move it would save finds it, and the tab stops instead of writing over the other tab's game
    page.evaluate("() => localStorage.setItem('pygames:live:game:spades', JSON.stringify('another tab'))")
    saved = page.evaluate(SAVE)
    page.wait_for_function(MY_TURN, timeout=60_000)
    page.evaluate("() => window.pygames.play(window.pygames.app.state.view.legal_moves[0])")
    page.wait_for_selector("#dlg-one-tab[open]")
    assert page.evaluate(SAVE) == saved and state(page)["link"] == json.loads(saved)    # the move neither kept nor saved
    # "Other games": the home screen; the game's tile brings it back from its save, this tab's again
    page.locator("#one-tab-home").click()
    page.wait_for_function("document.documentElement.dataset.view === 'home'")
    second.locator("#one-tab-here").click()                        # meanwhile the second tab plays on
    play_a_move(second)
    second.wait_for_function(MY_TURN, timeout=60_000)              # at rest: nothing more to save
    latest = state(second)["link"]
    page.locator(".home-tile[data-game='spades'] .home-continue").click()
    page.wait_for_function("l => window.pygames.app.state.link === l", arg=latest)
    second.wait_for_selector("#dlg-one-tab[open]")
    # a tab in the background (a reload for a new version, a link opened behind this one) does not
    # take the game from the tab in use: it covers its own table and waits to be asked
    behind = page.context.new_page()
    behind.add_init_script("Object.defineProperty(document, 'hidden', { get: () => true })")
    open_app(behind, site, "spades")
    behind.wait_for_selector("#dlg-one-tab[open]")
    assert page.locator("#dlg-one-tab[open]").count() == 0 and page.evaluate(SAVE) == json.dumps(latest)
    # the tab in use, reloaded while in the background (a new version switching in): still the tab
    # that plays the game (its id outlives a reload), so nothing covers it
    page.add_init_script("Object.defineProperty(document, 'hidden', { get: () => true })")
    page.reload()
    wait_ready(page)
    assert page.locator("#dlg-one-tab[open]").count() == 0 and state(page)["link"] == latest


# an init script: every AudioContext the page makes, and every sound it schedules, counted
AUDIO_LOG = """(() => {
  const log = window.audioLog = { contexts: 0, noises: 0, tones: 0 };
  const Real = window.AudioContext;
  const counted = (node, kind) => { const start = node.start.bind(node); node.start = (...a) => { log[kind] += 1; return start(...a); }; return node; };
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); log.contexts += 1; }
    createBufferSource() { return counted(super.createBufferSource(), "noises"); }
    createOscillator() { return counted(super.createOscillator(), "tones"); }
  };
})();"""


def test_sound_is_off_until_turned_on_in_settings_then_a_card_played_is_heard_and_it_is_kept(page, site):
    """Sound is off at first: playing a card makes no AudioContext at all. Turned on in Settings, a
    card played schedules a sound (Web Audio, made in the page), and the choice survives a reload."""
    page.add_init_script(AUDIO_LOG)
    open_app(page, site, "spite_malice?v=2&s=573")       # you play first, holding AS 2D 3H JC KS
    page.wait_for_function(MY_TURN)
    page.locator(".sm-hand [data-card='AS']").click()    # an Ace: one click starts a centre pile
    page.wait_for_function("window.pygames.app.state.view.move_count === 1 && !window.pygames.app.busy")
    assert page.evaluate("window.audioLog") == {"contexts": 0, "noises": 0, "tones": 0}

    open_settings(page)
    assert not page.locator("#settings-sound").is_checked()
    page.locator("#settings-sound").check()
    page.locator("#settings-apply").click()
    page.wait_for_selector("#dlg-settings:not([open])", state="attached")
    page.wait_for_function("window.audioLog.tones > 0")  # the chime that says it is on
    before = page.evaluate("window.audioLog")
    assert before["contexts"] == 1
    page.locator(".sm-hand [data-card='2D']").click()
    page.locator("[data-target='centre:0']").click()
    page.wait_for_function("window.pygames.app.state.view.move_count === 2")
    page.wait_for_function(f"window.audioLog.noises > {before['noises']}")   # the card was heard
    assert page.evaluate("window.audioLog.contexts") == 1                    # one context, kept

    page.reload()
    wait_ready(page)
    assert page.evaluate("localStorage.getItem('pygames:sound')") == "on"
    open_settings(page)
    assert page.locator("#settings-sound").is_checked()
