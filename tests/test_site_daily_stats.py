"""The daily deal and the statistics in the built site: the daily deal is the same deal for everyone on
a date (two people, their storage empty) and another the next day; it never touches the person's own
game; its first deal's result is recorded once, shown again instead of a new try, and shared as a
short text with the deal's challenge link. A finished bot match shows in the statistics once (not again after a
reload), a match opened from a position link does not count, and Reset clears them."""

import json
import re

import pytest

import pygames
from pygames import links
from tests.helpers.site import late_link, open_app, wait_ready

DAY = "2026-11-23T12:00:00"
NEXT_DAY = "2026-11-24T09:30:00"
STATE = "window.pygames.app.state"


def call(page, method, args=None):
    return page.evaluate("([m, a]) => window.pygames.call(m, a)", [method, args or {}])


def fresh(warm_page, day=DAY, **settings):
    """A new page, its storage empty (a person who never played here), whose clock says ``day``, in
    the daily tests' own warm browser (the clock is the whole browser's: a page opened later may set
    it to another day); ``settings``: per game."""
    page = warm_page(name="daily")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.clock.set_fixed_time(day)
    for game_id, values in settings.items():
        page.add_init_script(f"localStorage.getItem('pygames:settings:{game_id}') || "
                             f"localStorage.setItem('pygames:settings:{game_id}', {json.dumps(json.dumps(values))});")
    page.console_errors = []
    page.on("pageerror", lambda error: page.console_errors.append(str(error)))
    return page


def record(page, name):
    return page.evaluate(f"JSON.parse(localStorage.getItem('pygames:{name}'))")


def daily_deal(page, site, game_id):
    """Open the daily deal of ``game_id``; returns its state (the table shows it)."""
    open_app(page, site, f"daily:{game_id}")
    page.wait_for_function(f"{STATE} && window.pygames.app.mode.kind === 'daily'")
    return call(page, "state")


def seed_of(link):
    return int(re.search(r"[?&]s=(\d+)", link).group(1))


@pytest.mark.heavy
def test_the_daily_deal_is_the_same_for_everyone_on_a_date_and_another_the_next_day(warm_page, site):
    first = fresh(warm_page)
    today = daily_deal(first, site, "leopard")
    assert today["view"]["options"] == pygames.new_game("leopard").default_options()
    assert first.locator("#daily-banner").inner_text().startswith("Daily deal 2026-11-23")
    assert first.evaluate("location.hash") == "#daily:leopard"
    assert not first.console_errors
    first.close()
    second = fresh(warm_page)              # another person: the storage empty again
    same = daily_deal(second, site, "leopard")
    assert seed_of(today["link"]) == seed_of(same["link"])
    assert today["view"]["zones"] == same["view"]["zones"]        # the same cards dealt
    other_game = daily_deal(second, site, "spooneye")
    assert not second.console_errors
    second.close()
    tomorrow = fresh(warm_page, NEXT_DAY)
    next_day = daily_deal(tomorrow, site, "leopard")
    assert tomorrow.locator("#daily-banner").inner_text().startswith("Daily deal 2026-11-24")
    seeds = {seed_of(today["link"]), seed_of(next_day["link"]), seed_of(other_game["link"])}
    assert len(seeds) == 3
    assert next_day["view"]["zones"] != today["view"]["zones"]
    assert not tomorrow.console_errors


def test_the_daily_deal_keeps_the_persons_own_game(warm_page, site):
    g = pygames.new_game("leopard", seed=77)
    for _ in range(5):
        g.play(g.legal_moves()[0])
    own = links.encode(g)
    page = fresh(warm_page)
    page.add_init_script(f"localStorage.getItem('pygames:save:leopard') || localStorage.setItem('pygames:save:leopard', {json.dumps(json.dumps(own))});")
    open_app(page, site, "leopard")
    page.wait_for_function(f"{STATE}.link === {json.dumps(own)}")
    page.locator("#btn-daily").click()                      # the top bar's entry
    page.wait_for_function("window.pygames.app.mode.kind === 'daily' && location.hash === '#daily:leopard'")
    assert page.locator("#daily-banner").inner_text().startswith("Daily deal 2026-11-23")
    assert record(page, "save:leopard") == own                       # untouched
    assert record(page, "daily:leopard")["date"] == "2026-11-23"
    # the browser's Back returns to the own game (not opened as someone's link), Forward to the daily
    page.go_back()
    page.wait_for_function(f"window.pygames.app.mode.kind !== 'daily' && {STATE}.link === {json.dumps(own)}")
    assert page.locator("#daily-banner").is_hidden()
    assert not record(page, "counted:leopard") and not record(page, "kept:leopard")
    page.go_forward()
    page.wait_for_function("window.pygames.app.mode.kind === 'daily'")
    page.locator("#daily-banner [data-daily-leave]").click()
    page.wait_for_function(f"window.pygames.app.mode.kind !== 'daily' && {STATE}.link === {json.dumps(own)}")
    assert record(page, "save:leopard") == own
    assert not page.console_errors


def test_the_daily_result_is_the_first_deal_recorded_once_and_shared(warm_page, site):
    page = fresh(warm_page, spite_malice={"speed": "instant", "watch": True})
    daily_deal(page, site, "spite_malice")
    page.wait_for_function("(JSON.parse(localStorage.getItem('pygames:daily:spite_malice')) || {}).first",
                           timeout=240_000)
    rec = record(page, "daily:spite_malice")
    ended = links.decode(rec["ended"])
    assert ended.deal_number == 2 or ended.is_over                    # the first deal had just ended
    assert rec["first"] == ended.match_result(0)["first"]             # the engine's result
    assert seed_of(rec["challenge"]) == seed_of(rec["ended"]) and "m=" not in rec["challenge"]
    assert record(page, "stats:spite_malice")["daily"] == {"2026-11-23": rec["first"]["outcome"]}
    page.wait_for_function("document.querySelector('#notice:not([hidden])')?.textContent.includes('result recorded')")

    # re-opening the daily the same day shows the result, not a new try (the bots wait for the person now),
    # on the table as the first deal ended - not where the watching bots had got to in the next one
    page.wait_for_function(f"{STATE}.view.is_over || {STATE}.view.log.some(e => e.seat === {STATE}.seat)", timeout=120_000)
    page.evaluate("localStorage.setItem('pygames:settings:spite_malice', JSON.stringify({speed: 'instant'}))")
    page.reload()
    wait_ready(page)
    page.wait_for_function("document.querySelector('#dlg-daily[open]')")
    shown = call(page, "state")
    assert links.decode(shown["link"]).deal_number == ended.deal_number
    assert not any(e["seat"] == shown["seat"] for e in shown["view"]["log"])   # only the bots before your turn
    assert record(page, "daily:spite_malice")["first"] == rec["first"]
    assert "played" in page.locator("#daily-banner").inner_text()
    first = rec["first"]
    words = {"win": "won", "loss": "lost", "draw": "drawn"}[first["outcome"]]
    assert words in page.locator("#daily-result").inner_text()

    # the share text: game, date, result, marks and the challenge link of the deal
    page.locator("#daily-copy").click()
    page.wait_for_function("document.querySelector('#daily-share-label').textContent.includes('Copied')")
    text = page.evaluate("navigator.clipboard.readText()")
    assert text == page.locator("#daily-share-text").input_value()
    outcome = {"win": "won the deal", "loss": "lost the deal", "draw": "drew the deal"}[first["outcome"]]
    line, url = text.split("\n")
    assert line.startswith(f"pygames Spite and Malice · daily 2026-11-23 · {outcome} {first['score']} to {first['best_other']} ")
    assert set(line.rsplit(" ", 1)[1]) <= set("♠♤♢")
    assert url == f"{site}index.html#{rec['challenge']}"
    challenge = links.decode(rec["challenge"])
    assert challenge.move_count == 0 and challenge.seed == ended.seed
    page.locator("#daily-close").click()

    # the home tile's Daily deal button: the result again, still not a new try
    page.goto(f"{site}index.html")
    wait_ready(page)
    page.locator("[data-daily][data-open=spite_malice]").click()
    page.wait_for_function("document.querySelector('#dlg-daily[open]')")
    assert record(page, "daily:spite_malice")["first"] == first
    assert not page.console_errors


def test_the_daily_deal_takes_no_move_back_until_its_result_is_in(warm_page, site):
    """The daily's result is the first try: while its first deal is played, Undo and Restart deal
    are off (saying why), and the U key takes nothing back; the person's own game still has them."""
    page = fresh(warm_page, spades={"speed": "instant"})
    daily_deal(page, site, "spades")
    mine = f"{STATE}.view.current_player === {STATE}.seat && !window.pygames.app.busy"
    page.wait_for_function(mine, timeout=60_000)
    count = call(page, "state")["view"]["move_count"]
    page.evaluate(f"window.pygames.play({STATE}.view.legal_moves[0])")
    page.wait_for_function(f"{STATE}.view.move_count > {count} && {mine}", timeout=60_000)
    assert call(page, "state")["can_undo"]                            # the engine could: the page does not
    for button in ("#btn-undo", "#btn-restart"):
        assert page.locator(button).is_disabled()
        assert page.locator(button).get_attribute("title").startswith("The daily deal's result is your first try")
    # the U key: the page's undo would ask the engine at once, in the key's own handler (counted here)
    page.evaluate("""() => { const engine = window.pygames.app.engine, ask = engine.call.bind(engine);
      window.undoAsked = 0; engine.call = (m, a) => { if (m === "undo") window.undoAsked += 1; return ask(m, a); }; }""")
    page.keyboard.press("u")
    assert page.evaluate("window.undoAsked") == 0
    open_app(page, site, "spades")                                     # the own game: takebacks as ever
    page.wait_for_function(mine, timeout=60_000)
    page.evaluate(f"window.pygames.play({STATE}.view.legal_moves[0])")
    page.wait_for_function(f"window.pygames.app.state.can_undo && {mine}", timeout=60_000)
    assert page.locator("#btn-undo").is_enabled()


def short_match(seed=5):
    return links.encode(pygames.new_game("spite_malice", seed=seed, options={"target": 0, "payoff": 13}), moves=False)


def open_stats(page):
    page.locator("#btn-stats").click()
    page.wait_for_function("document.querySelector('#dlg-stats[open]')")
    return {k: page.locator(f"#dlg-stats [data-stat='{k}'] dd").inner_text()
            for k in ("played", "wins", "win_rate", "avg_score", "best", "streak")}


def test_a_finished_match_is_counted_once_only_when_a_person_played_it_and_reset_clears_it(page, site):
    # the bots played the person's seat too ("watch"): nobody's result
    page.add_init_script("localStorage.getItem('pygames:settings:spite_malice') || localStorage.setItem("
                         "'pygames:settings:spite_malice', JSON.stringify({speed: 'instant', watch: true, level: 'random'}));")
    open_app(page, site, short_match(seed=7))
    page.wait_for_function(f"{STATE}.view.is_over", timeout=240_000)
    page.wait_for_function("document.querySelector('#dlg-summary[open]')")
    page.locator("#summary-ok").click()
    assert open_stats(page)["played"] == "0"
    page.locator("#stats-close").click()

    # the same rule for a match a person played: stats.js records the end of a match only for a person
    # (the page's statsContext says whether one person played: not "watch", not pass-and-play)
    over = call(page, "state")
    recorded = page.evaluate("""async ([playing, over]) => {
      const stats = await import('./features/stats.js');
      const out = [];
      for (const [seed, person] of [[1, false], [2, true]]) {
        const link = `spite_malice?v=1&s=${seed}`;
        stats.noteState('spite_malice', { ...playing, link }, { level: 'random', person });
        out.push(Boolean(stats.noteState('spite_malice', { ...over, link }, { level: 'random', person })));
      }
      return out;
    }""", [{"result": {"over": False}}, over])
    assert recorded == [False, True]
    result = over["result"]

    figures = open_stats(page)
    won = result["outcome"] == "win"
    assert figures["played"] == "1" and figures["wins"] == ("1" if won else "0")
    assert figures["win_rate"] == ("100%" if won else "0%")
    assert figures["avg_score"] == str(result["score"])
    assert figures["streak"] == ("1" if won else "0")
    assert page.locator("#dlg-stats .st-levels [data-level=random]").inner_text().split() == \
        ["Random", "1", "1" if won else "0", "100%" if won else "0%"]
    bars = page.locator("#dlg-stats .st-chart rect.st-bar")
    assert bars.count() == 1 and f"st-{result['outcome']}" in bars.get_attribute("class")
    page.locator("#stats-close").click()

    # a reload opens the finished match again: it is not a second result
    page.reload()
    wait_ready(page)
    assert open_stats(page)["played"] == "1"

    page.locator("#stats-reset").click()
    page.wait_for_function("document.querySelector('#dlg-ask[open]')")
    page.locator("#ask-yes").click()
    page.wait_for_function("document.querySelector('#dlg-stats [data-stat=played] dd').textContent === '0'")
    assert page.locator("#dlg-stats .st-chart").count() == 0


def test_a_match_from_someone_elses_position_link_does_not_count(page, site):
    # a few moves before the end of the bots' game (the page's bots, its seeds: it ends as in CPython)
    link, _game = late_link("spite_malice", "normal", 9, moves=8, target=0)
    page.add_init_script("localStorage.setItem('pygames:settings:spite_malice', JSON.stringify("
                         "{speed: 'instant', watch: true}));")
    open_app(page, site, link)
    page.wait_for_function(f"{STATE}.view.is_over", timeout=240_000)
    page.wait_for_function("document.querySelector('#dlg-summary[open]')")
    page.locator("#summary-ok").click()
    assert open_stats(page)["played"] == "0"
