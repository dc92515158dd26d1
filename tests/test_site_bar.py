"""The top bar (web/index.html, web/shell/bar_menu.js): one row on a phone, the less used actions
under its Menu, all of them in their order on a wide screen; the Settings dialog opened from it keeps
its buttons on a short phone's screen."""

from tests.helpers.site import PHONE, open_app

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
    # (the page moves the buttons back on the media query's change event: wait for it)
    page.wait_for_function(f"({BAR_SHOWN})().join() === {','.join(BAR)!r}")
    assert page.evaluate(MENU_SHOWN) == []
    assert page.locator("header.bar").bounding_box()["height"] < 64

    page.set_viewport_size({"width": 390, "height": 600})     # a short phone: the fields must scroll
    page.wait_for_function(f"({BAR_SHOWN})().join() === 'btn-undo,btn-hint,btn-more'")
    page.locator("#btn-more").click()
    page.locator("#bar-menu #btn-settings").click()
    page.wait_for_selector("#dlg-settings[open]")
    for button in ("#settings-apply", "#settings-remote"):
        box = page.locator(button).bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= 600, (button, box)
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.id", [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert hit == button[1:], (button, hit)
