"""The built site in Japanese and English: ?lang=ja shows the Spades table, its refusals and its rules
in Japanese; the Settings switch changes the language at once and is remembered; a Japanese browser
gets Japanese without asking. Expected words come from the word files, not from copies here."""

import json
import re
from pathlib import Path

import pytest

import pygames
from pygames.text import english_catalogue, render
from tests.helpers.site import PHONE, open_app, wait_ready

ROOT = Path(__file__).resolve().parent.parent
FAST = "localStorage.setItem('pygames:settings:spades', JSON.stringify({speed: 'instant'}));"
MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy"
           " && document.querySelector('#table:not(.waiting) [data-legal=true]')")


def words(lang):
    merged = dict(english_catalogue())
    for part in sorted((ROOT / "web" / "lang" / lang).glob("*.json")):
        merged.update(json.loads(part.read_text(encoding="utf-8")))
    return merged


JA, EN = words("ja"), words("en")


def text(page, selector):
    return page.locator(selector).first.inner_text().strip()


def bidding_position():
    """A Spades link where South (the person) is to bid a number (bots bid before)."""
    game = pygames.new_game("spades", seed=11)
    while not (game.phase == "bid" and game.current_player == 0):
        game.play(pygames.ai.choose_move(game.view(game.current_player), level="random", seed=game.move_count))
    return pygames.links.encode(game)


def follow_position():
    """A Spades link where South must follow suit and holds a card of another suit; that card."""
    game = pygames.new_game("spades", seed=7)
    while True:
        if game.phase == "play" and game.trick and game.current_player == 0:
            legal = {m["card"] for m in game.legal_moves()}
            other = sorted(set(game.view(0)["zones"]["hand0"]) - legal)
            if other:
                return game, other[0]
        game.play(pygames.ai.choose_move(game.view(game.current_player), level="normal", seed=game.move_count))


def open_lang(page, site, fragment, lang="ja"):
    page.add_init_script(FAST)
    page.goto(f"{site}index.html?lang={lang}#{fragment}")
    wait_ready(page)
    page.wait_for_function(MY_TURN)
    return page


@pytest.fixture
def ja_browser_page(warm_page):
    """A page in a browser whose language is Japanese (navigator.languages = ["ja-JP"])."""
    page = warm_page(locale="ja-JP")
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    yield page
    page.close()
    assert not errors, errors


def test_lang_ja_shows_the_spades_table_in_japanese(page, site):
    open_lang(page, site, bidding_position())
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert text(page, "#status") == JA["spades.ui.status.bid"]
    assert text(page, ".bidding h2") == JA["spades.ui.bid.title"]
    assert text(page, ".bidding .bid-row [data-legal=true]") == JA["spades.ui.bid.nil_button"]
    # the page's own words: the bar, the picker, the document's title
    assert text(page, "#btn-new") == JA["page.new_game"]
    assert text(page, "#btn-rules") == JA["page.rules"]
    assert page.locator("#game-picker option[value=spades]").inner_text() == JA["spades.title"]
    assert JA["spades.title"] in page.title()
    # seat names and the score board
    assert JA["spades.ui.seat.2"] in text(page, ".seat-top .seat-name")
    assert text(page, ".team.ours .team-name") == "あなたと北"            # the partnership by its seats' names
    # no English left on the table (card ranks and numbers aside)
    table = page.locator("#table").inner_text()
    assert not re.search(r"\b(Bid|Won|Your|Nil|Deal|bags?)\b", table), table


def test_a_refusal_is_said_in_japanese(page, site):
    game, bad = follow_position()
    open_lang(page, site, pygames.links.encode(game))
    with pytest.raises(pygames.IllegalMove) as refusal:
        game.play({"type": "play", "card": bad})
    expected = render(refusal.value.message, JA)
    assert expected != render(refusal.value.message, EN)
    # the page plays whatever a data-move element says; the engine refuses, the page tells why
    page.evaluate("""card => {
        const b = document.createElement('button');
        b.dataset.move = JSON.stringify({type: 'play', card});
        b.id = 'illegal';
        document.querySelector('#table').appendChild(b);
    }""", bad)
    page.locator("#illegal").click()
    page.wait_for_function("!document.querySelector('#toast').hidden")
    assert text(page, "#toast") == expected
    assert re.search(r"[\u3040-\u30ff]", expected)


def test_the_rules_panel_is_in_japanese(page, site):
    open_lang(page, site, bidding_position())
    page.locator("#btn-rules").click()
    page.wait_for_selector("#dlg-rules[open] #rules-body h2")
    source = (ROOT / "web" / "rules" / "ja" / "spades.html").read_text(encoding="utf-8")
    assert text(page, "#rules-body h2") == re.search(r"<h2>(.*?)</h2>", source).group(1)
    body = page.locator("#rules-body").inner_text()
    assert "切り札" in body and "trump" not in body
    assert page.locator("#dlg-rules .close").get_attribute("aria-label") == JA["page.close"]


def test_the_settings_switch_changes_the_language_at_once_and_is_remembered(ja_browser_page, site):
    page = ja_browser_page
    page.add_init_script(FAST)
    open_app(page, site, bidding_position())
    page.wait_for_function(MY_TURN)
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert text(page, "#status") == JA["spades.ui.status.bid"]
    page.locator("#btn-settings").click()
    page.wait_for_selector("#dlg-settings[open]")
    assert page.locator("#settings-language option:checked").get_attribute("value") == "ja"
    page.locator("#settings-language").select_option("en")
    page.locator("#settings-apply").click()
    page.wait_for_function("document.documentElement.lang === 'en'")
    # at once, no new game: the same deal, now in English
    page.wait_for_function("s => document.querySelector('#status').innerText.trim() === s", arg=EN["spades.ui.status.bid"])
    assert text(page, ".bidding h2") == EN["spades.ui.bid.title"]
    assert text(page, "#btn-new") == EN["page.new_game"]
    assert page.locator("#game-picker option[value=spades]").inner_text() == EN["spades.title"]
    moves = page.evaluate("window.pygames.app.state.view.move_count")
    # remembered: a reload in the same (Japanese) browser shows English
    page.reload()
    wait_ready(page)
    page.wait_for_function(MY_TURN)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert text(page, "#status") == EN["spades.ui.status.bid"]
    assert page.evaluate("window.pygames.app.state.view.move_count") == moves


def test_a_japanese_browser_gets_japanese_by_default(ja_browser_page, site):
    page = ja_browser_page
    page.goto(f"{site}index.html")
    # the home screen shows in Japanese, before and after the engine is ready
    page.wait_for_selector("#home .home-tile")
    assert text(page, ".home-title") == JA["page.home.title"]
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert text(page, "#home [data-game=spades] .home-name") == JA["spades.title"]
    assert text(page, "#home [data-game=spades] .home-play") == JA["page.home.play"]


def test_lang_en_in_the_address_beats_a_japanese_browser(ja_browser_page, site):
    page = ja_browser_page
    page.add_init_script(FAST)
    page.goto(f"{site}index.html?lang=en#{bidding_position()}")
    wait_ready(page)
    page.wait_for_function(MY_TURN)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert text(page, "#status") == EN["spades.ui.status.bid"]


def test_the_bar_fits_a_phone_in_japanese(warm_page, site):
    """Japanese bar words never break mid-word, so each button is as wide as its words: the one row of
    a phone's bar still fits 390 px, the last button inside the screen with the same margin as the
    brand at its start."""
    page = warm_page(**PHONE)
    page.goto(f"{site}index.html?lang=ja#spades")
    wait_ready(page)
    box = page.evaluate("""(() => { const a = document.querySelector('.actions');
        const rects = [...a.querySelectorAll(':scope > button')].filter(b => b.offsetParent).map(b => b.getBoundingClientRect());
        return {scroll: a.scrollWidth, client: a.clientWidth, left: document.querySelector('.brand').getBoundingClientRect().left,
                right: Math.max(...rects.map(r => r.right)), bar: document.querySelector('header.bar').offsetHeight,
                lines: rects.map(r => r.height)}; })()""")
    assert box["scroll"] <= box["client"], box
    assert box["right"] <= 390 - box["left"] + 0.5, box
    assert box["bar"] < 64 and max(box["lines"]) <= 40, box


def test_the_head_script_knows_the_languages_i18n_offers():
    """index.html's head script picks the first language (i18n.js preferredLanguage reads its choice):
    it must know the same languages, or a new one would never be chosen from the address."""
    head = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    i18n = (ROOT / "web" / "shell" / "i18n.js").read_text(encoding="utf-8")
    known = re.search(r"const known = \[([^\]]*)\]", head).group(1)
    offered = re.search(r"export const LANGUAGES = \{([^}]*)\}", i18n).group(1)
    assert re.findall(r'"(\w+)"', known) == re.findall(r"(\w+):", offered)
    assert "dataset.firstLang" in i18n                     # preferredLanguage reads the head's choice
