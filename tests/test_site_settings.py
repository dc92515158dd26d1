"""The table's settings (the Settings dialog, web/app.js): they apply to the game in progress,
options that change the deal offer a new game, and a new game mid-match asks first (a phone keeps
its buttons on screen: tests/test_site_bar.py)."""

import json

from tests.helpers.site import PHONE, open_app, play_first_legal, state


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
