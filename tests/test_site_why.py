"""Why? on a bot's move in the built site: the recent-moves line offers a "why?" button beside
each bot move (never beside the person's own), and pressing it shows the bot's reason (the engine's,
tests/test_why.py) under the line, in English and in Japanese. A fixed deal: Spades seed 1044 against
Easy bots, where West, North and East bid 4, 3 and 2 before the person's first bid."""

import json

from tests.helpers.site import open_app, wait_ready

LINK = "spades?v=2&p=4&s=1044"
SETTINGS = json.dumps(json.dumps({"speed": "instant", "level": "easy"}))
ANSWER = "document.querySelector('#recent .why-text[data-why-index]')"
MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy && window.pygames.app.state.view.current_player === 0"
           " && document.querySelector('#recent .why-button')")


def ask_latest(page):
    page.locator("#recent .recent-row > .why-button").click()
    page.wait_for_function(ANSWER)
    return page.locator("#recent .why-text").inner_text()


def test_why_shows_a_bots_reason_in_both_languages(page, site):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(f"localStorage.setItem('pygames:settings:spades', {SETTINGS});")
    open_app(page, site, LINK)
    page.wait_for_function(MY_TURN)
    assert page.locator("#recent summary").inner_text() == "East bid 2"
    assert page.locator("#recent .why-button").count() == 3, "every move on the line is a bot's: each has its button"
    assert ask_latest(page) == "East bid 2: their hand should take about 2 tricks."
    page.locator("#recent summary").click()                         # the moves before it, each with its own
    page.locator("#recent .recent-log li").last.locator(".why-button").click()
    page.wait_for_function(f"{ANSWER}?.dataset.whyIndex === '0'")
    assert page.locator("#recent .why-text").inner_text() == "West bid 4: their hand should take about 4 tricks."

    page.goto(f"{site}index.html?lang=ja#spades")                   # the same game, in Japanese
    wait_ready(page)
    page.wait_for_function(MY_TURN)
    assert ask_latest(page) == "東のビッド：2。理由：およそ2トリック取れる手なので。"

    page.locator(".bid-grid [data-move]", has_text="3").first.click()     # the person's own move gets none
    page.wait_for_function(MY_TURN + " && window.pygames.app.state.view.log.some((e) => e.seat === 0)")
    page.locator("#recent summary").click()
    lines = page.evaluate("""() => [...document.querySelectorAll('#recent .recent-log li')]
      .map((li) => [li.firstChild.textContent, Boolean(li.querySelector('.why-button'))])""")
    assert any(text.startswith("あなた") for text, _ in lines), lines
    assert all(has != text.startswith("あなた") for text, has in lines), lines
