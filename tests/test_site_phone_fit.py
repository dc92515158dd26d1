"""What the person needs stays on screen.

On a phone (390x844, touch), at the person's turn, their hand, their own piles (or square) and the
status line lie inside the viewport with the page unscrolled, in every game and player count (Spooneye
has its own test), including the tallest states: Leopard's answer to a partner's "may I go out?",
long discard piles in Spite and Malice, many melds in Skarney Gin. Spades' hand gives every card a tap
target at least 44 px wide, and every button on the table is 44 px tall. Leopard's "show all hands" replay at 1280x800 keeps the hidden hands above
its control bar, and nothing of the table draws over its header bar when it scrolls."""

import json

import pytest

import pygames
from pygames.ai import choose_move
from tests.helpers.site import PHONE, open_app, wait_ready

MY_TURN = ("window.pygames.app.state && !window.pygames.app.busy"
           " && document.querySelector('#table:not(.waiting) [data-legal=true]')")
MIN_TAP = 44


def position(game, players, wanted=None, seeds=20, limit=3000):
    """A share link to a fresh deal (``wanted`` None), or to the first position of a seeded bot game
    where seat 0 is to act and ``wanted(game)`` holds (random bots, quick, unless ``wanted.level``)."""
    level = getattr(wanted, "level", "random")
    for seed in range(1, seeds + 1):
        g = pygames.new_game(game, seed=seed, players=players)
        if wanted is None:
            return pygames.links.encode(g)
        for step in range(limit):
            if g.is_over:
                break
            if g.current_player == 0 and wanted(g):
                return pygames.links.encode(g)
            g.play(choose_move(g.view(g.current_player), level, seed=step))
    raise AssertionError(f"no such {game} position in {seeds} seeded games")


def by_normal_bots(wanted):
    """``wanted``, looked for in games of normal bots (random ones seldom make a square worth going out)."""
    wanted.level = "normal"
    return wanted


def longest_own_discard(g):
    return max(len(g.view(0)["zones"][f"discard0_{d}"]) for d in range(4))


def melds_on_table(g, at_least=9):
    view = g.view(0)
    return sum(len(m) for m in view["melds"]) >= at_least


# (case, game, players, the position, what must be on screen besides the status line)
CASES = [
    ("leopard-2", "leopard", 2, None, [".lp-hand", ".lp-square.mine"]),
    ("leopard-2-can-go-out", "leopard", 2, by_normal_bots(lambda g: g.view(0)["can_go_out"]), [".lp-hand", ".lp-square.mine", ".lp-go-out"]),
    ("leopard-4", "leopard", 4, None, [".lp-hand", ".lp-square.mine"]),
    ("leopard-4-answer", "leopard", 4, by_normal_bots(lambda g: g.view(0)["phase"] == "answer"), [".lp-hand", ".lp-square.mine", ".lp-yes", ".lp-no"]),
    ("leopard-4-refused", "leopard", 4, by_normal_bots(lambda g: g.view(0)["refused"]), [".lp-hand", ".lp-square.mine"]),
    ("spades-bid", "spades", 4, None, [".spades-hand", ".bid-grid"]),
    ("spades-play", "spades", 4, lambda g: g.view(0)["phase"] == "play", [".spades-hand"]),
    ("spite_malice-2", "spite_malice", 2, lambda g: longest_own_discard(g) >= 6, [".sm-hand", ".sm-pay-group", ".sm-my-discards"]),
    ("spite_malice-3", "spite_malice", 3, lambda g: longest_own_discard(g) >= 6, [".sm-hand", ".sm-pay-group", ".sm-my-discards"]),
    ("spite_malice-4", "spite_malice", 4, lambda g: longest_own_discard(g) >= 6, [".sm-hand", ".sm-pay-group", ".sm-my-discards"]),
    ("skarney_gin-2", "skarney_gin", 2, None, [".sg-me .sg-hand"]),
    ("skarney_gin-2-melds", "skarney_gin", 2, lambda g: g.view(0)["phase"] == "play" and melds_on_table(g), [".sg-me .sg-hand", ".sg-me .sg-melds"]),
    ("skarney_gin-2-offered", "skarney_gin", 2, lambda g: g.view(0)["phase"] == "answer" and melds_on_table(g, 4),
     [".sg-me .sg-hand", ".sg-me .sg-melds"]),
]


# the tightest cases again in Japanese (other words, other line breaks)
CASES += [(f"{case}-ja", *rest) for case, *rest in CASES
          if case in ("leopard-4-answer", "spades-bid", "spite_malice-3", "spite_malice-4", "skarney_gin-2-melds")]


def test_every_game_and_player_count_has_a_case():
    counts = {(game, players) for _, game, players, _, _ in CASES}
    for game in ("leopard", "spades", "spite_malice", "skarney_gin"):
        assert {(game, n) for n in pygames.game_class(game).PLAYERS} <= counts, game


def boxes(page, selectors):
    return page.evaluate("""sels => sels.map(s => {
        const e = document.querySelector(s);
        if (!e) return [s, null];
        const r = e.getBoundingClientRect();
        return [s, {top: r.top, bottom: r.bottom, left: r.left, right: r.right}];
    })""", selectors)


@pytest.mark.parametrize("case, game, players, wanted, parts", CASES, ids=[c[0] for c in CASES])
def test_the_persons_hand_piles_and_status_fit_a_phone(warm_page, site, case, game, players, wanted, parts):
    page = warm_page(**PHONE)
    page.add_init_script(f"localStorage.setItem('pygames:settings:{game}', "
                         f"JSON.stringify({json.dumps({'speed': 'instant', 'players': players})}));")
    page.goto(f"{site}index.html?lang={'ja' if case.endswith('-ja') else 'en'}#{position(game, players, wanted)}")
    wait_ready(page)
    page.wait_for_function(MY_TURN)
    width, height = page.evaluate("[innerWidth, innerHeight]")
    assert page.evaluate("scrollY") == 0
    for selector, box in boxes(page, parts + ["#status"]):
        assert box is not None, f"{case}: no {selector} on the table"
        assert box["top"] >= 0 and box["left"] >= 0, (case, selector, box)
        assert box["bottom"] <= height + 0.5 and box["right"] <= width + 0.5, \
            f"{case}: {selector} ends at {box['bottom']:.0f} x {box['right']:.0f}, the screen at {height} x {width}"
    # and every button the table draws (a bid, Go out, Take, Sort...) gives a finger its 44 px
    short = page.evaluate("""() => [...document.querySelectorAll('#table button:not(.card)')].filter(b => b.offsetParent)
        .map(b => [b.textContent.trim().slice(0, 24), b.getBoundingClientRect().height]).filter(([, h]) => h < 44)""")
    assert not short, f"{case}: buttons under {MIN_TAP} px tall: {short}"


def visible_parts(page):
    """Each hand card's uncovered part, found from what the page itself hits at each point (the cards
    that overlap it drawn on top): {card, width, x, y} with (x, y) the middle of its widest uncovered
    row of points."""
    return page.evaluate("""() => {
        const cards = [...document.querySelectorAll('.spades-hand .card')];
        return cards.map(card => {
            const r = card.getBoundingClientRect();
            let best = {width: 0, x: 0, y: 0};
            for (let y = Math.ceil(r.top) + 2; y < r.bottom - 1; y += 10) {
                let run = 0, start = 0;
                for (let x = Math.ceil(r.left); x < r.right; x++) {
                    const hit = document.elementFromPoint(x, y)?.closest('.card') === card;
                    if (hit && !run) start = x;
                    run = hit ? run + 1 : 0;
                    if (run > best.width) best = {width: run, x: start + run / 2, y};
                }
            }
            // the middle of the uncovered part in height too, down the column through that middle
            let top = null, bottom = null;
            for (let y = Math.ceil(r.top); y < r.bottom; y++) {
                if (document.elementFromPoint(best.x, y)?.closest('.card') === card) { top ??= y; bottom = y; }
            }
            return {card: card.dataset.card, width: best.width, x: best.x, y: (top + bottom) / 2};
        });
    }""")


def first_lead(g):
    view = g.view(0)
    return view["phase"] == "play" and not view["trick"] and len(view["zones"]["hand0"]) == 13


def test_spades_gives_every_hand_card_a_tap_target_on_a_phone(warm_page, site):
    page = warm_page(**PHONE)
    page.add_init_script("localStorage.setItem('pygames:settings:spades', JSON.stringify({speed: 'instant'}));")
    # the first trick, the person to lead: 13 cards, nearly all of them legal
    open_app(page, site, position("spades", 4, first_lead))
    page.wait_for_function(MY_TURN)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    parts = visible_parts(page)
    assert len(parts) == 13
    narrow = [(p["card"], p["width"]) for p in parts if p["width"] < MIN_TAP]
    assert not narrow, f"hand cards with less than {MIN_TAP} px to tap: {narrow}"
    for p in parts:     # what a tap at the middle of the uncovered part lands on
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('.card')?.dataset.card", [p["x"], p["y"]])
        assert hit == p["card"], f"a tap at the middle of {p['card']} lands on {hit}"
    legal = page.locator(".spades-hand [data-legal=true]").evaluate_all("cs => cs.map(c => c.dataset.card)")
    target = next(p for p in parts if p["card"] in legal)        # the first, the most covered
    before = page.evaluate("window.pygames.app.state.view.move_count")
    page.touchscreen.tap(target["x"], target["y"])
    page.wait_for_function(f"window.pygames.app.state.view.move_count > {before}")
    game = pygames.links.decode(page.evaluate("window.pygames.call('state', {})")["link"])
    assert game.history[before] == {"type": "play", "card": target["card"]}


@pytest.mark.parametrize("players", [2, 4])
def test_leopards_show_all_hands_replay_keeps_the_hands_above_its_controls(page, site, players):
    g = pygames.new_game("leopard", seed=5, players=players)
    for step in range(40):
        g.play(choose_move(g.view(g.current_player), "normal", seed=step))
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, site, pygames.links.encode(g, replay=True, reveal=True))
    page.wait_for_selector("#replay[open] .replay-zone")
    (_, hands), (_, controls), (_, bar) = boxes(page, [".replay-hands", ".replay-controls", ".replay-bar"])
    assert page.locator(".replay-zone").count() == players - 1
    assert hands["bottom"] <= controls["top"] and hands["top"] >= bar["bottom"], (hands, controls)
    # a shorter window: the viewer scrolls, and the squares' lines and badges go under the header bar
    page.set_viewport_size({"width": 1280, "height": 480})
    page.evaluate("""() => {
        const dlg = document.querySelector('#replay');
        const grid = dlg.querySelector('.lp-square .lp-grid').getBoundingClientRect();
        dlg.scrollTop += grid.top + grid.height / 2 - dlg.querySelector('.replay-bar').getBoundingClientRect().bottom;
        for (const svg of dlg.querySelectorAll('.lp-lines')) svg.style.pointerEvents = 'auto';   // hit-testable
    }""")
    on_top = page.evaluate("""() => {
        const bar = document.querySelector('#replay .replay-bar').getBoundingClientRect();
        const y = (bar.top + bar.bottom) / 2;
        return [...document.querySelectorAll('#replay .lp-grid')].map(grid => {
            const g = grid.getBoundingClientRect();
            if (g.top > y || g.bottom < y) return null;
            return [...Array(9).keys()].map(k => {
                const x = g.left + (k + 0.5) * g.width / 9;
                return document.elementFromPoint(x, y)?.closest('.replay-bar') ? 'bar' : document.elementFromPoint(x, y)?.className?.baseVal ?? document.elementFromPoint(x, y)?.className;
            });
        }).filter(Boolean);
    }""")
    assert on_top, "no square under the header bar after scrolling"
    assert all(hit == "bar" for row in on_top for hit in row), on_top
