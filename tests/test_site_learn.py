"""Learn to play: every game's lesson (web/lessons/<game>.json, run by web/features/learn.js) runs to its
end by following its own steps - the bubble's data-lesson-step and the highlighted data-lesson-target
- at 1280x800 in English and at 390x844 (touch) in Japanese (where the deal's free end, after the
last step, is left out: it is the same deal, and the English run plays it to the summary); the bubble of
that free end hangs from the status line and goes once read; a wrong try is explained and changes
nothing; a lesson left is resumed where it was; it never counts in statistics nor touches the person's
own game. Set LESSON_SHOTS=<folder> to keep a screenshot of every step (to look at the bubbles)."""

import json
import os
from pathlib import Path

import pytest

import pygames
from tests.helpers.site import PHONE, open_app
from pygames import links
from pygames.ai import choose_move
from tools.lesson_deal import check as check_lesson, false_facts

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted(p.stem for p in (ROOT / "web" / "lessons").glob("*.json"))   # <game>, then <game>-<n>
SHOTS = os.environ.get("LESSON_SHOTS")

# what the page is waiting for: a step to follow, the free end of the deal, or the summary
STATE = """() => {
  const app = window.pygames?.app;
  if (!app || !app.state) return null;
  if (document.getElementById('dlg-summary').open) return {kind: 'summary'};
  const v = app.state.view;
  const mine = !v.is_over && v.current_player === app.state.seat && !app.busy;
  const bubble = document.getElementById('lesson-bubble');
  const target = document.querySelector('[data-lesson-target]');
  if (mine && target && !bubble.hidden) return {kind: 'step', step: Number(bubble.dataset.lessonStep), moves: v.move_count,
    selected: app.selected, target: target.dataset.lessonTarget,
    at: [target.dataset.card, target.dataset.source, target.dataset.target, target.dataset.move, target.id,
      document.querySelectorAll('#table .selected').length].join('|')};
  if (mine && app.mode.lesson && app.mode.lesson.pointer >= app.mode.lesson.stops.length) return {kind: 'free', moves: v.move_count};
  return null;
}"""


# a "follow" step (a scripted move no step explains): its words, the move as the log would say it and as
# an instruction to make it
FOLLOW_WORDS = """() => { const app = window.pygames.app, stop = app.mode.lesson.stops[app.mode.lesson.pointer];
  if (!stop || !stop.move || stop.own) return null;
  return {said: document.querySelector('#lesson-bubble .lesson-say').textContent,
    past: app.layout.describe(stop.move, app.state.seat, app.state.view),
    ask: app.layout.instruct(stop.move, app.state.view)}; }"""


# what the step's bubble covers of what the step is about: the element it points at, where the step's move
# goes (the layout's data-target), the areas the step names ("area")
BUBBLE_COVERS = """() => {
  const app = window.pygames.app, stop = app.mode.lesson.stops[app.mode.lesson.pointer], table = document.getElementById('table');
  const b = document.getElementById('lesson-bubble').getBoundingClientRect();
  const about = [...table.querySelectorAll('[data-lesson-target]')];
  const key = stop.move && app.layout.targetOf?.(stop.move);
  if (key != null) about.push(...table.querySelectorAll(`[data-target="${CSS.escape(key)}"]`));
  for (const selector of [].concat(stop.area || [])) about.push(...table.querySelectorAll(selector));
  return about.map((el) => [el.className, el.getBoundingClientRect()])
    .filter(([, r]) => r.width && r.height && r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom)
    .map(([name, r]) => `${name} at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`);
}"""


def lesson_of(name):
    """The game and number of the lesson in web/lessons/<name>.json (<game>: its first; <game>-<n>)."""
    game, _, n = name.partition("-")
    return game, int(n or 1)


def lesson_page(page, site, name):
    """Open lesson ``name`` with the bots at their fastest pace."""
    game, n = lesson_of(name)
    page.add_init_script(f"localStorage.setItem('pygames:settings:{game}', JSON.stringify({{speed: 'instant'}}))")
    return open_app(page, site, f"{game}?learn={n}")


def next_state(page, after=None):
    """Wait for the page's next state to act on (not the one just acted on)."""
    handle = page.wait_for_function(f"""(after) => {{ const s = ({STATE})();
      return s && JSON.stringify(s) !== after ? s : null; }}""", arg=json.dumps(after) if after else "", timeout=60_000)
    return handle.json_value()


def test_every_lesson_keeps_to_its_deal():
    """The engine in CPython plays each lesson's deal as the page does: every scripted move is legal."""
    assert LESSONS
    for game in LESSONS:
        assert check_lesson(game), game


@pytest.mark.parametrize("game", LESSONS)
def test_every_step_says_what_is_so_where_it_is_shown(game):
    """What each step's words claim about its position (its "facts": a lay-off possible or not, a
    line's colour, the card winning the trick, a mast's total) is so in the deal the page plays, when
    the step shows (or once its move is played, or at the person's next move, as the words say); and so
    is the lesson's last word on the deal's score. Every step says what it claims ([] for a rule alone)."""
    lesson = json.loads((ROOT / "web" / "lessons" / f"{game}.json").read_text())
    assert all("facts" in step for step in lesson["steps"]), [s["say"] for s in lesson["steps"] if "facts" not in s]
    assert false_facts(game) == []


def test_a_step_telling_what_is_not_so_is_caught():
    """The check itself, on the two claims players found wrong: Skarney Gin's "You hold no A-2-3"
    (the A♠ lays off on the straight 2♣ 3♥ 4♣) and Leopard's 8♥ on the Queen told before the
    opponent had put it there."""
    skarney = json.loads((ROOT / "web" / "lessons" / "skarney_gin.json").read_text())
    refuse = next(s for s in skarney["steps"] if s["say"].endswith(".refuse"))
    refuse["facts"] = [["query", "meld_kind", [["AS", "2C", "3H", "4C"]], None]]
    assert [fact for _, fact in false_facts("skarney_gin", skarney)] == refuse["facts"]
    leopard = json.loads((ROOT / "web" / "lessons" / "leopard.json").read_text())
    covered = next(s for s in leopard["steps"] if s["say"].endswith(".covered"))
    covered["at"] = 9                       # where it was: before the opponent's 8♥
    assert [fact for _, fact in false_facts("leopard", leopard)] == covered["facts"]


# The lesson's summary is the page's own (learn.js), alike for every game: the desktop runs play on
# to it, but the deals of Spite and Malice and Spooneye, played on by the Easy bot, are long (20 s
# and 7 s more) - their runs stop at the free end, as the phone runs do.
TO_SUMMARY = [g for g in LESSONS if lesson_of(g)[0] not in ("spite_malice", "spooneye")]


@pytest.mark.parametrize("where", ["desktop-en", "phone-ja"])
@pytest.mark.parametrize("game", LESSONS)
def test_a_lesson_runs_to_its_end_by_its_own_steps(page, warm_page, site, game, where):
    if where == "phone-ja":
        page = warm_page(**PHONE, locale="ja-JP")
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
    else:
        page.set_viewport_size({"width": 1280, "height": 800})
        errors = page.console_errors
    lesson_page(page, site, game)
    total = len(page.evaluate("window.pygames.app.mode.lesson.stops"))
    seen = []
    state = None
    free_seen = False
    while True:
        state = next_state(page, state)
        if state["kind"] == "summary":
            break
        if state["kind"] == "free" and not free_seen:       # the free end's bubble hangs from the status line
            free_seen = True
            assert page.evaluate("""() => { const b = document.getElementById('lesson-bubble');
              const s = document.getElementById('status').getBoundingClientRect(), r = b.getBoundingClientRect();
              return !b.hidden && !b.classList.contains('lesson-free') && (Math.abs(r.top - s.bottom) < 20 || Math.abs(r.bottom - s.top) < 20); }"""), \
                "the last bubble is anchored to the status line"
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/{game}-{where}-free.png")
            page.locator("[data-lesson-close]").click()              # read: it goes, and stays gone
            page.wait_for_function("document.getElementById('lesson-bubble').hidden")
        if state["kind"] == "free" and (where == "phone-ja" or game not in TO_SUMMARY):
            break                                # every step followed; the free end once is enough
        if state["kind"] == "free":              # after the last step: finish the deal as the Easy bot would
            view = page.evaluate("window.pygames.app.state.view")   # (it ends the deal sooner than any first legal move)
            page.evaluate("m => { window.pygames.play(m); }", choose_move(view, "easy", seed=view["move_count"]))
            continue
        if not seen or seen[-1] != state["step"]:
            seen.append(state["step"])
            # a scripted move no step explains is asked for as a move to make ("play 8♦"), never in
            # the log's past tense ("play this: You played 8♦")
            follow = page.evaluate(FOLLOW_WORDS)
            if follow:
                assert follow["past"] not in follow["said"] and follow["ask"] in follow["said"], follow
            if SHOTS:
                Path(SHOTS).mkdir(parents=True, exist_ok=True)
                page.screenshot(path=f"{SHOTS}/{game}-{where}-{state['step']:02d}.png")
        covered = page.evaluate(BUBBLE_COVERS)
        assert not covered, f"step {state['step']}'s bubble covers {covered}"
        target = page.locator("[data-lesson-target]").first
        assert target.get_attribute("data-lesson-target") == str(state["step"])
        target.click()
    assert seen == list(range(total)), "every step was shown, in order"
    if state["kind"] == "free":
        assert not errors
        return
    summary = page.locator("#dlg-summary")
    assert summary.locator("[data-lesson-end]").count() == 1
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{game}-{where}-summary.png")
    stats = page.evaluate(f"localStorage.getItem('pygames:stats:{lesson_of(game)[0]}')")
    assert stats is None, "a lesson never counts in the statistics"
    page.locator("#summary-ok").click()          # "Play a real game"
    page.wait_for_function("() => !window.pygames.app.mode.lesson && !location.hash.includes('learn')")
    assert "learn" not in page.evaluate("location.hash")
    assert not errors


def test_a_wrong_try_is_explained_and_a_lesson_left_resumes(page, site):
    game = LESSONS[0]
    lesson_page(page, site, game)
    state = next_state(page)
    while page.evaluate("!!document.querySelector('[data-lesson-next]')"):   # the pointing steps first
        page.locator("[data-lesson-next]").click()
        state = next_state(page, state)
    before = page.evaluate("window.pygames.app.state.view.move_count")
    page.evaluate("""() => { const app = window.pygames.app; const want = JSON.stringify(app.mode.lesson.stops[app.mode.lesson.pointer].move);
      window.pygames.play(app.state.view.legal_moves.find((m) => JSON.stringify(m) !== want)); }""")
    page.wait_for_selector("#lesson-bubble .lesson-wrong")
    assert page.evaluate("window.pygames.app.state.view.move_count") == before, "a wrong try changes nothing"
    # the step's move is named as a move to make ("play 3♦"), never in the past tense ("You played 3♦")
    said = page.locator("#lesson-bubble .lesson-wrong").inner_text()
    ask = page.evaluate("""() => { const app = window.pygames.app;
      return app.layout.instruct(app.mode.lesson.stops[app.mode.lesson.pointer].move, app.state.view); }""")
    assert f"Make the highlighted move instead: {ask}." in said and "played" not in said, said
    assert page.locator("[data-lesson-target]").count() >= 1
    page.locator("[data-lesson-target]").first.click()     # the step's own move goes on
    state = next_state(page, state)
    step = state["step"]
    page.locator("[data-lesson-leave]").click()           # leave: the person's own (new) game, no lesson
    page.wait_for_function("() => !window.pygames.app.mode.lesson && !location.hash.includes('learn')")
    assert page.evaluate(f"localStorage.getItem('pygames:save:{game}')") != \
        page.evaluate(f"JSON.parse(localStorage.getItem('pygames:learn:{game}')).save")
    page.evaluate(f"location.hash = '{game}?learn=1'")    # back to the lesson, where it was
    page.wait_for_function("() => window.pygames.app.mode.lesson")
    assert next_state(page)["step"] == step


def finish_lesson(page):
    """Follow the lesson on the table to its summary as fast as the page lets: each pointing step's
    Next, each scripted move played as a click on the table would play it."""
    state = None
    while True:
        state = next_state(page, state)
        if state["kind"] == "summary":
            return
        assert state["kind"] == "step", state
        page.evaluate("""() => { const app = window.pygames.app, stop = app.mode.lesson.stops[app.mode.lesson.pointer];
          if (stop.move) window.pygames.play(stop.move); else document.querySelector('[data-lesson-next]').click(); }""")


NOTHING_LEFT_OPEN = """(game) => !document.querySelector('dialog[open]') && !window.pygames.app.mode.lesson
  && document.getElementById('lesson-bubble').hidden && document.getElementById('lesson-banner').hidden"""


def test_a_finished_lessons_summary_goes_with_any_navigation(page, site):
    """Back, a game chosen in the header and a link opened, each from a finished lesson's summary: the
    summary closes and where the person went shows (and its Next lesson opens the game's second lesson) (Back left "The lesson is over" over the home
    screen, and its "Play a real game" then changed the address under it; a game chosen left the
    summary over that game's table, and its button threw: the lesson was gone)."""
    game = "skarney_gin"          # the shortest lesson: seven moves of the person's
    page.add_init_script(f"localStorage.setItem('pygames:settings:{game}', JSON.stringify({{speed: 'instant'}}))")
    open_app(page, site, "")
    page.locator(f".home-tile[data-game='{game}'] [data-learn]").click()
    finish_lesson(page)
    page.go_back()                                       # Back: the home screen, nothing over it
    page.wait_for_function("document.documentElement.dataset.view === 'home' && !document.querySelector('dialog[open]')")
    page.locator(f".home-tile[data-game='{game}'] [data-learn]").click()    # a finished lesson starts afresh
    page.wait_for_function("window.pygames.app.mode.lesson && window.pygames.app.state.view.move_count === 0", timeout=30_000)
    finish_lesson(page)
    page.locator("#game-picker").select_option("spades")     # a game chosen in the header: its table alone
    page.wait_for_function(f"window.pygames.app.gameId === 'spades' && document.documentElement.dataset.view === 'table'"
                           f" && ({NOTHING_LEFT_OPEN})()", timeout=30_000)
    page.evaluate(f"location.hash = '{game}?learn=1'")
    page.wait_for_function("window.pygames.app.mode.lesson && window.pygames.app.state.view.move_count === 0", timeout=30_000)
    finish_lesson(page)
    page.locator("[data-lesson-onward]").click()             # the second lesson, from where it starts
    page.wait_for_function(f"window.pygames.app.mode.lesson?.n === 2 && location.hash === '#{game}?learn=2'"
                           " && !document.querySelector('dialog[open]')", timeout=30_000)
    assert "Lesson 2" in page.locator("#lesson-banner").inner_text()
    finish_lesson(page)
    g = pygames.new_game("leopard", seed=3)
    page.evaluate("f => { location.hash = f; }", links.encode(g))     # a link: its game alone
    page.wait_for_function(f"window.pygames.app.gameId === 'leopard' && ({NOTHING_LEFT_OPEN})()", timeout=30_000)
    assert page.locator("#table").is_visible()
