"""The built site in headless Chromium: the Hint button and key H, "North is thinking…", the
partner's level, and Undo while a bot is still choosing.

Bots' answers are held back where a test needs a bot to be "thinking": the page's engine handle is
wrapped so a bot's answer waits for the test to let it through - no timing is assumed.
"""

import pytest

import pygames
from pygames import ai, links
from tests.helpers.site import engine_calls, open_app

MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy && !document.querySelector('dialog[open]')"
           " && document.querySelector('#table:not(.waiting) [data-legal=true]')")
PICKED_OR_PLAYED = ("n => { const a = window.pygames.app;"
                    " return a.busy || !!a.selected || a.state.view.move_count > n; }")
HINT_SHOWN = ("document.querySelector('#table .hinted') && !document.getElementById('hint-text').hidden"
              " && !document.getElementById('hint-text').textContent.includes('…')")

# wraps the page's engine as it starts (an init script): every "bot" call is recorded with the seat
# to act, and its answer is held until window.hintTest.open() (the call itself goes to the worker at
# once, as the page sends it)
GATE = engine_calls("""
  const test = window.hintTest = { calls: [], late: 0, held: true, waiting: [] };
  test.open = () => { test.held = false; test.waiting.splice(0).forEach((r) => r()); };
  const gate = () => test.held ? new Promise((r) => test.waiting.push(r)) : Promise.resolve();""", """async (method, args) => {
        if (method !== "bot") return call(method, args);
        test.calls.push({ seat: app.state.view.current_player, level: args.level });
        const answer = await call(method, args);
        await gate();
        test.late += 1;
        return answer;
      }""")


def deal(game, first_is_me):
    """A link to a fresh deal of ``game`` where the person (seat 0), or else a bot, acts first."""
    for seed in range(1, 100):
        g = pygames.new_game(game, seed=seed)
        if (g.current_player == 0) == first_is_me:
            return links.encode(g)
    raise AssertionError(f"no {game} deal found")


def call(page, method, args=None):
    return page.evaluate("([m, a]) => window.pygames.call(m, a)", [method, args or {}])


def settings(page, game, **values):
    page.add_init_script(f"localStorage.setItem('pygames:settings:{game}', JSON.stringify({values!r}))"
                         .replace("True", "true").replace("False", "false"))


def open_gated(page, site, fragment):
    """Open ``fragment`` with the bots' answers held (window.hintTest.open() lets them through)."""
    page.add_init_script(GATE)
    open_app(page, site, fragment)


def play_hinted(page):
    """Ask for a hint with H, check it, play it by clicking what it marks; returns the hint."""
    page.wait_for_function(MY_TURN, timeout=60_000)
    state = page.evaluate("window.pygames.app.state")
    page.keyboard.press("h")
    page.wait_for_function(HINT_SHOWN, timeout=30_000)
    hint = call(page, "hint")                       # the same position asks the same search: the same hint
    assert hint["move"] in state["view"]["legal_moves"]
    text = page.locator("#hint-text").inner_text()
    assert text.startswith("Hint:")
    if hint["reason"]:
        assert not text.endswith("the move the Hard bot would make.")
    before = state["view"]["move_count"]
    moves = page.locator("#table .hinted[data-move]")
    if moves.count():
        moves.first.click()
    else:
        page.locator("#table .hinted[data-source]").first.click(position={"x": 8, "y": 14})
        # the click either plays at once (the page turns busy at once) or picks the card and waits
        # for its target (app.selected): wait for the page to say which, never read it too early
        page.wait_for_function(PICKED_OR_PLAYED, arg=before, timeout=30_000)
        if page.evaluate("!!window.pygames.app.selected"):
            page.locator("#table .hinted[data-target]").first.click()
    page.wait_for_function("n => window.pygames.app.state.view.move_count > n", arg=before, timeout=30_000)
    view = page.evaluate("window.pygames.app.state.view")
    first = before - (view["move_count"] - len(view["log"]))
    if 0 <= first < len(view["log"]):
        assert (view["log"][first]["seat"], view["log"][first]["move"]) == (state["seat"], hint["move"]), \
            "the hinted move was not played"
    assert page.locator("#table .hinted").count() == 0 or page.evaluate(MY_TURN)
    return hint


def positions_of_every_kind(gid, seeds=range(1, 6), moves=150):
    """Links to seeded positions with the person (seat 0) to act that between them offer every kind
    of move the person meets in ``gid`` (a build from the hand, the pay-off pile and a discard pile
    are three kinds), in the order met: [(link, kinds new there)]."""
    found, kinds = [], set()
    for seed in seeds:
        g = pygames.new_game(gid, seed=seed)
        while not g.is_over and g.move_count < moves:
            view = g.view(g.current_player)
            if g.current_player == 0:
                new = {m["type"] + (":" + m["from"] if isinstance(m.get("from"), str) else "") for m in view["legal_moves"]} - kinds
                if new:
                    kinds |= new
                    found.append((links.encode(g), sorted(new)))
            g.play(ai.choose_move(view, "random", seed=seed + g.move_count))
    return found


# For every legal move of the position on the table: what the Hint would mark (hint.js), against the
# table the layout drew - something is marked; each card the move names that the person may pick
# somewhere (a legal [data-card]) is marked, or shown by a marked element (a pile whose top it
# is); the place it goes (the layout's data-target) is marked where the table has it; and no card the
# person may pick is marked that the move does not use. Returns the moves that fail, with why.
MARKS_COVER_EVERY_MOVE = """async () => {
  const { hintedElements } = await import('./features/hint.js');
  const app = window.pygames.app, table = document.getElementById('table');
  const cardsOf = (v, out = []) => { if (typeof v === 'string' && /^[2-9TJQKA][SHDC]$/.test(v)) out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach((x) => cardsOf(x, out)); return out; };
  const bad = [];
  for (const move of app.state.view.legal_moves) {
    const marked = hintedElements(table, move, app.layout);
    const key = app.layout.targetOf?.(move);
    const targets = key == null ? [] : [...table.querySelectorAll(`[data-target="${CSS.escape(key)}"]`)];
    const source = app.layout.sourceOf?.(move);
    if (!marked.length) bad.push([move, 'nothing marked']);
    const named = cardsOf(move);
    for (const code of named) {
      if (!table.querySelector(`[data-card="${code}"][data-legal=true]`)) continue;     // not picked: a button plays it
      const shows = marked.filter((el) => !targets.includes(el))
        .some((el) => el.dataset.card === code || el.querySelector(`[data-card="${code}"]`));
      if (!shows) bad.push([move, `card ${code} not marked`]);
    }
    if (targets.length && !targets.some((el) => marked.includes(el))) bad.push([move, `target ${key} not marked`]);
    for (const el of marked) {
      if (el.matches('[data-card][data-legal=true]') && !named.includes(el.dataset.card) && el.dataset.source !== source) {
        bad.push([move, `marks ${el.dataset.card}, not in the move`]);
      }
    }
  }
  return bad;
}"""


def test_a_hint_marks_every_card_and_place_its_move_uses_in_every_game(page, site):
    """Over seeded positions of every game that between them offer every kind of move, whatever move
    the Hint gives is marked whole: for Skarney Gin's initial meld and a new meld (built by picking
    hand cards) it marked no card, and for a lay-off only the meld. Then, at Skarney Gin's initial
    meld, H marks the hinted meld's three cards and the slot they go to."""
    settings(page, "spades", speed="instant")
    open_app(page, site, "")
    addresses = 0
    skarney_initial = None
    for game in pygames.GAME_IDS:
        for link, kinds in positions_of_every_kind(game):
            addresses += 1
            page.evaluate("f => { location.hash = f; }", link)
            page.wait_for_function(f"Number(document.documentElement.dataset.addresses) >= {addresses} && ({MY_TURN})",
                                   timeout=30_000)
            assert page.evaluate("window.pygames.app.state.view.game") == game
            assert page.evaluate(MARKS_COVER_EVERY_MOVE) == [], (game, kinds)
            if game == "skarney_gin" and "initial_part" in kinds:
                skarney_initial = link
    assert skarney_initial
    page.evaluate("f => { location.hash = f; }", skarney_initial)
    page.wait_for_function(f"Number(document.documentElement.dataset.addresses) >= {addresses + 1} && ({MY_TURN})",
                           timeout=30_000)
    page.keyboard.press("h")
    page.wait_for_function(HINT_SHOWN, timeout=60_000)
    move = page.evaluate("import('./features/hint.js').then((h) => h.current().move)")
    assert move["type"] == "initial_part", move
    hinted = page.evaluate("[...document.querySelectorAll('#table .hinted')].map((el) => el.dataset.card || el.dataset.target)")
    assert sorted(c for c in hinted if c and c != "initial:next") == sorted(move["cards"]), hinted
    assert "initial:next" in hinted


@pytest.mark.parametrize("game", ["spades", "leopard", "spite_malice"])
def test_h_marks_a_legal_move_with_its_reason_and_the_hinted_move_is_accepted(page, site, game):
    settings(page, game, speed="instant", level="random")
    open_app(page, site, deal(game, first_is_me=True))
    assert page.locator("#btn-hint").is_visible()
    hints = [play_hinted(page) for _ in range(3)]
    assert any(h["reason"] for h in hints), "no reason in three hints"


def test_the_hint_button_waits_for_your_turn(page, site):
    settings(page, "spades", speed="instant", level="random")
    open_gated(page, site, deal("spades", first_is_me=False))      # a bot bids first: its answer is held
    page.wait_for_function("window.hintTest.calls.length > 0")
    assert page.locator("#btn-hint").is_disabled()
    page.keyboard.press("h")
    assert page.locator("#table .hinted").count() == 0
    page.evaluate("window.hintTest.open()")
    page.wait_for_function(MY_TURN, timeout=60_000)
    assert page.locator("#btn-hint").is_enabled()


def test_the_status_says_which_bot_is_thinking(page, site):
    settings(page, "spite_malice", speed="instant")
    open_gated(page, site, deal("spite_malice", first_is_me=False))   # the bot (seat 1) plays first
    page.wait_for_function("document.getElementById('status').dataset.thinking === '1'", timeout=30_000)
    status = page.locator("#status").inner_text()
    assert status.endswith("is thinking…") and "You" not in status
    assert page.locator("#table [data-seat='1'].bot-thinking").count() >= 1
    page.evaluate("window.hintTest.open()")
    page.wait_for_function("!document.getElementById('status').dataset.thinking"
                           " && !document.querySelector('.bot-thinking')", timeout=60_000)


def test_the_partner_plays_at_the_partner_level(page, site):
    settings(page, "spades", speed="instant", level="random", partner_level="easy")
    open_gated(page, site, deal("spades", first_is_me=False))
    page.evaluate("window.hintTest.open()")
    for _ in range(2):
        play_hinted(page)
    calls = page.evaluate("window.hintTest.calls")
    by_seat = {}
    for c in calls:
        by_seat.setdefault(c["seat"], set()).add(c["level"])
    assert by_seat.get(2) == {"easy"}, calls
    assert by_seat.get(1) == {"random"} and by_seat.get(3) == {"random"}, calls


def test_settings_offer_the_partner_level_where_there_is_a_partner(page, site):
    open_app(page, site, deal("spades", first_is_me=True))
    page.locator("#btn-settings").click()
    field = page.locator("#settings-fields select[name=partner_level]")
    assert field.count() == 1
    field.select_option(label="Hard")
    page.locator("#settings-apply").click()
    # the dialog's close handler saves the settings a moment after the dialog shuts
    page.wait_for_function("(JSON.parse(localStorage.getItem('pygames:settings:spades')) || {}).partner_level === 'hard'")
    page.goto(f"{site}index.html#spite_malice")     # the same page, another hash: no reload, so wait
    page.wait_for_function("""document.documentElement.dataset.state === 'ready' && !window.pygames.app.busy
      && window.pygames.app.state?.view?.game === 'spite_malice'""")                 # for the new game
    page.locator("#btn-settings").click()
    assert page.locator("#settings-fields select[name=level]").count() == 1
    assert page.locator("#settings-fields select[name=partner_level]").count() == 0


def test_undo_while_a_hard_bot_thinks_answers_at_once_and_the_late_move_is_dropped(page, site):
    settings(page, "spades", speed="instant", level="hard")
    open_gated(page, site, deal("spades", first_is_me=True))      # the person bids first
    page.wait_for_function(MY_TURN, timeout=60_000)
    before = page.evaluate("window.pygames.app.state")
    page.locator(".bidding [data-legal=true]").last.click()       # look at the cards / a bid: a bot is next
    page.wait_for_function("window.hintTest.calls.length > 0", timeout=30_000)
    page.locator("#btn-undo").click()
    # the person's turn is back while the bot's answer is still held
    page.wait_for_function(f"({MY_TURN}) && window.pygames.app.state.view.move_count === {before['view']['move_count']}",
                           timeout=30_000)
    assert page.evaluate("window.hintTest.late") == 0
    page.evaluate("window.hintTest.open()")
    page.wait_for_function("window.hintTest.late >= 1", timeout=30_000)
    page.wait_for_function(MY_TURN, timeout=30_000)
    now = page.evaluate("window.pygames.app.state")
    assert now["view"]["move_count"] == before["view"]["move_count"]
    assert now["link"] == before["link"] == call(page, "state")["link"]     # page and engine agree
