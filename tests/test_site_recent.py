"""The recent-moves line in the built site: every game says its latest moves in words, the
person's own draw names the card, another seat's draw never does (in English and Japanese), and the
live region says the same with cards named in words; and Spooneye's draw-or-move turn."""

import json
import random

from pygames.links import VERSION
from tests.helpers.site import PHONE, open_app, wait_ready

GAMES = ["spades", "spite_malice", "skarney_gin", "leopard", "spooneye"]
IDLE = "window.pygames.app.state && !window.pygames.app.busy && !document.querySelector('dialog[open]')"
MY_TURN = IDLE + " && document.querySelector('#table:not(.waiting) [data-legal=true]')"
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = {"A": "Ace", "T": "10", "J": "Jack", "Q": "Queen", "K": "King"}


def card_text(code):
    return ("10" if code[0] == "T" else code[0]) + SUITS[code[1]]


def card_name(code):
    return f"{RANKS.get(code[0], code[0])} of {NAMES[code[1]]}"


def quick(page, game, **more):
    values = {"speed": "instant", "level": "random", **more}
    page.add_init_script(f"localStorage.setItem('pygames:settings:{game}', {json.dumps(json.dumps(values))});")


def view(page):
    return page.evaluate("window.pygames.app.state.view")


def recent(page):
    """The line's whole text: its latest move and (opened) the ones before it."""
    page.evaluate("document.querySelector('#recent details') && (document.querySelector('#recent details').open = true)")
    return page.locator("#recent").inner_text()


def play_until(page, done, rng, limit=60):
    """Play random legal moves of the person's (bots answer at once) until ``done(view)``."""
    for _ in range(limit):
        page.wait_for_function(IDLE)
        v = view(page)
        if done(v):
            return v
        moves = [m for m in v["legal_moves"] if m["type"] != "take_back"]
        if not moves or v["current_player"] != v["seat"]:
            continue
        page.evaluate("(m) => window.pygames.play(m)", rng.choice(moves))
    raise AssertionError("the moves wanted never came")


def hidden_draw(v):
    return any(d["seat"] != v["seat"] and "??" in d["cards"] for e in v["log"][-6:] for d in e.get("drew", []))


def own_draw(v):
    last = v["log"][-1] if v["log"] else {}
    return any(d["seat"] == v["seat"] and "??" not in d["cards"] for d in last.get("drew", []))


def test_every_game_says_its_latest_moves_and_draws(page, site):
    for game in GAMES:
        quick(page, game, **({"players": 4} if game == "leopard" else {}))
    open_app(page, site, f"spades?v={VERSION}&s=5")
    rng = random.Random(21)
    for game in GAMES:
        if game != "spades":
            players = "&p=4" if game == "leopard" else ""            # 4-player Leopard: who placed what
            page.evaluate(f"location.hash = '{game}?v={VERSION}{players}&s=2'")
        page.wait_for_function(f"window.pygames.app.gameId === '{game}' && {IDLE}")
        if game == "spades":      # no draws: a bot's play is said with its card
            v = play_until(page, lambda v: any(e["move"]["type"] == "play" for e in v["log"]), rng)
            last = v["log"][-1]
            line = page.locator("#recent summary").inner_text()
            assert last["move"]["type"] == "play" and f"played {card_text(last['move']['card'])}" in line
            continue
        # the person's own draw names its cards, on the line and in the live region (in words)
        v = play_until(page, own_draw, rng)
        mine = next(d for d in v["log"][-1]["drew"] if d["seat"] == v["seat"])
        line = page.locator("#recent summary").inner_text()
        assert "You drew " + " ".join(card_text(c) for c in mine["cards"]) in line, (game, line)
        said = page.locator("#announce").inner_text()
        assert "You drew " + ", ".join(card_name(c) for c in mine["cards"]) in said, (game, said)
        assert page.locator("#announce").get_attribute("aria-live") == "polite"
        # another seat's draw is "a card", never the card
        v = play_until(page, hidden_draw, rng)
        text = recent(page)
        assert " drew a card" in text or " cards" in text, (game, text)
        for line in text.splitlines():
            if " drew " in line and "You drew" not in line:
                assert not any(s in line.split(" drew ", 1)[1].split("·")[0] for s in SUITS.values()), (game, line)
    page.set_viewport_size({"width": 390, "height": 844})     # on a phone: at most two lines, under the table
    page.evaluate("document.querySelector('#recent details').open = false")
    box = page.locator("#recent").bounding_box()
    assert box["height"] <= 48 and page.locator("#table").bounding_box()["y"] < box["y"]


def test_japanese_says_the_draws_in_japanese(warm_page, site):
    page = warm_page(locale="ja-JP")
    quick(page, "leopard", players=4)
    open_app(page, site, f"leopard?v={VERSION}&p=4&s=2")
    v = play_until(page, lambda v: own_draw(v) and hidden_draw(v), random.Random(3))
    mine = next(d for d in v["log"][-1]["drew"] if d["seat"] == v["seat"])
    text = recent(page)
    assert f"あなたが {card_text(mine['cards'][0])} を引いた" in text, text
    assert "がカードを1枚引いた" in text, text
    assert "You" not in text and "drew" not in text


def test_spooneye_draw_or_move_on_a_phone(warm_page, site):
    page = warm_page(**PHONE)
    quick(page, "spooneye")
    open_app(page, site, f"spooneye?v={VERSION}&s=2")      # seat 0 opens the deal with the draw-or-move choice
    page.wait_for_function(MY_TURN)
    v = view(page)
    assert v["phase"] == "start" and v["first_play"]
    status = page.locator("#status").inner_text()
    assert "tap the stock" in status and "click" not in status.lower()
    assert "first play" in page.locator(".se-prompt").inner_text()     # a moved 3, 4 or 9 works now
    assert page.locator(".se-hand-wait").is_visible()                     # why the hand waits
    assert page.locator(".se-hand .card.unplayable").count() == len(v["zones"]["hand0"])
    page.locator(".se-draw").click()
    page.wait_for_function(MY_TURN + " && window.pygames.app.state.view.phase === 'play'")
    drawn = view(page)["log"][-1]["drew"][0]["cards"][0]
    assert page.locator("#status").inner_text().startswith(f"You drew {card_text(drawn)}.")
    assert f"You drew {card_text(drawn)}" in page.locator("#recent summary").inner_text()
    assert page.locator(".se-hand-wait").count() == 0
