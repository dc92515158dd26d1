// Learn to play: a guided first deal for any game whose lesson is data (web/lessons/<game>.json).
// Nothing here knows a game. A lesson is
//
//   {"seed": 5, "players": 2, "options": {}, "level": "easy",   (or "start": "<link>", the position it starts from)
//    "moves": [<the person's moves of the teaching deal, in order>],
//    "steps": [{"at": 0, "say": "<game>.learn.draw", "point": "<CSS selector>"},
//              {"at": 0, "say": "<game>.learn.place", "area": "<CSS selector>" or [selectors]}, ...],
//    "end": "<game>.learn.end",
//    "free": false,       (optional: the script's last move ends the deal, so there is no free end)
//    "next": 2}           (optional: the game's next lesson, web/lessons/<game>-2.json, offered at the end)
//
// The bots play at ``level`` with the engine's own seeds, so the seed and the person's moves fix the
// whole deal (tools/lesson_deal.py replays it in CPython). Each step is shown when the person is about
// to make their move number ``at`` (counted from where the lesson starts): a step with ``point`` explains something on the table (the element
// it selects is highlighted; Next or a click on it goes on), a step without explains that move itself
// (its card and its target highlighted, the lesson waits for it). A step's bubble never covers what it
// points at, its move's cards and target, nor the ``area`` it names (what its words are about: the
// line it counts, the hand it judges). A move of the script no step
// explains is a plain "follow" step. Any other try is explained and changes nothing. After the last
// step the person finishes the deal freely (the bubble saying so hangs from the status line, and goes
// once read: it would cover the table's foot); the
// deal's summary says the lesson is over and offers a real game, the lesson again or the next one.
//
// A lesson has its own save (store "learn:<game>", "learn:<game>-<n>"), never counts in statistics and
// never touches the person's own game; the address is #<game>?learn=<n> while it shows. A step's
// "facts" (what its words claim about its position) are for tools/lesson_deal.py, which checks them.
import * as store from "../shell/store.js";
import { esc } from "../shell/html.js";
import { hasText, t } from "../shell/i18n.js";
import { learnFragment, replaceAddress } from "../shell/route.js";
import { canonical, cardsOf, moveElements } from "../table/move_marks.js";

const $ = (id) => document.getElementById(id);
const ON = "lesson-on";
const lessons = new Map();          // lesson slot -> its lesson data (fetched once)

/** The name of a game's lesson ``n``: its file (web/lessons/<slot>.json) and its save ("learn:<slot>"). */
const slotOf = (gameId, n = 1) => (n > 1 ? `${gameId}-${n}` : gameId);

/** A game's lesson ``n`` (1, 2, ...), fetched once; rejects when the game has none. */
export async function lessonOf(gameId, n = 1) {
  const slot = slotOf(gameId, n);
  if (!lessons.has(slot)) {
    lessons.set(slot, fetch(`lessons/${slot}.json`).then((r) => {
      if (!r.ok) throw new Error(`no lesson ${n} for ${gameId}`);
      return r.json();
    }));
    lessons.get(slot).catch(() => lessons.delete(slot));
  }
  return lessons.get(slot);
}

/** The stops of a lesson, in order: every step, and a "follow" stop for each scripted move no step
 * explains. {at, say, point, move (the move the stop waits for, or null for a pointing step), index}. */
function stopsOf(lesson) {
  const stops = [];
  lesson.moves.forEach((move, at) => {
    const here = lesson.steps.filter((s) => s.at === at);
    for (const s of here.filter((s) => s.point)) stops.push({ ...s, move: null });
    const own = here.find((s) => !s.point);
    stops.push({ at, say: own ? own.say : "learn.follow", with: own?.with, area: own?.area, move, own: Boolean(own) });
  });
  stops.forEach((s, i) => { s.index = i; });
  return stops;
}

/** hooks: {game (app.js: the game on the table, read-only; game.lesson: the lesson on it), engine(),
 * show(gameId, state, lesson), ended() (the lesson is off the table), leave(gameId), realGame(gameId),
 * gameTitle(id), toast, render(), runBots(), instruct(move) (the move as an instruction: "play 8♦")}.
 * Returns what app.js calls. */
export function installLearn(hooks) {
  const { game } = hooks;
  const record = (slot) => {
    const rec = store.loadRecord(`learn:${slot}`);
    return rec && typeof rec === "object" ? rec : null;
  };
  const saveRecord = (slot, rec) => store.saveRecord(`learn:${slot}`, rec);

  const banner = document.createElement("div");
  banner.id = "lesson-banner";
  banner.className = "daily-banner lesson-banner";
  banner.hidden = true;
  $("table")?.before(banner);
  banner.addEventListener("click", (event) => {
    if (event.target.closest("[data-lesson-leave]")) hooks.leave(game.gameId);
    if (event.target.closest("[data-lesson-restart]")) replay(game.gameId, game.lesson?.n);
  });

  const bubble = document.createElement("div");
  bubble.id = "lesson-bubble";
  bubble.className = "lesson-bubble";
  bubble.hidden = true;
  bubble.setAttribute("role", "status");
  bubble.setAttribute("aria-live", "polite");
  document.body.append(bubble);
  bubble.addEventListener("click", (event) => {
    if (event.target.closest("[data-lesson-next]")) next();
    if (event.target.closest("[data-lesson-close]") && game.lesson) {     // the free end's bubble, read
      game.lesson.freeRead = true;
      saveRecord(game.lesson.slot, { ...(record(game.lesson.slot) || {}), freeRead: true });
      hooks.render();
    }
  });
  // a click on the element a pointing step shows goes on, like its Next button
  document.addEventListener("click", (event) => {
    const stop = current();
    if (stop && !stop.move && event.target.closest?.("#table [data-lesson-target]")) {
      event.stopPropagation();
      next();
    }
  }, true);
  window.addEventListener("resize", () => place());

  let wrong = null;            // the explanation of a wrong try, shown until the next change
  let ending = null;           // the lesson whose summary is open (decorateSummary), until it closes
  let placedFor = null;        // the stop the bubble was last scrolled to

  /** Open the game's lesson ``n``: the one under way, else a fresh one - a new game of its seed, or
   * the position its "start" link holds (a lesson about what comes late in a match). */
  async function open(gameId, { fresh = false, n = 1 } = {}) {
    const slot = slotOf(gameId, n);
    const lesson = await lessonOf(gameId, n);
    const rec = fresh ? null : record(slot);
    let state = null;
    if (rec && !rec.done && typeof rec.save === "string") {
      try { state = await hooks.engine().call("load", { save: rec.save }); } catch { state = null; }
    }
    if (!state) {
      state = lesson.start ? await hooks.engine().call("load", { save: lesson.start })
        : await hooks.engine().call("new", { game: gameId, players: lesson.players ?? null,
          options: lesson.options || {}, seed: lesson.seed });
      // where the lesson starts: its deal, and the person's moves of that deal made before it
      saveRecord(slot, { save: state.link, pointer: 0, done: false, deal: state.view.deal ?? 1, base: mine(state) });
    }
    wrong = null;
    placedFor = null;
    const at = record(slot) || {};
    hooks.show(gameId, state, { gameId, n, slot, lesson, stops: stopsOf(lesson), pointer: at.pointer || 0,
      freeRead: Boolean(at.freeRead), deal: at.deal ?? 1, base: at.base || 0 });
    sync(state);
  }

  async function replay(gameId, n = 1) {
    try { await open(gameId, { fresh: true, n }); } catch (err) { hooks.toast(err.message); }
    replaceAddress(learnFragment(gameId, n));
    hooks.render();
    hooks.runBots();
  }

  /** The person's moves in the deal on the table. */
  function mine(state) {
    return (state.view.log || []).filter((e) => e.seat === state.seat).length;
  }

  /** The person's moves so far in the lesson's deal (Infinity once it is over). */
  function made(state) {
    const lesson = game.lesson;
    const view = state.view;
    if (view.deal !== undefined && view.deal !== (lesson?.deal ?? 1)) return Infinity;
    return mine(state) - (lesson?.base || 0);
  }

  /** Put the pointer where the deal is: at the first stop of the person's next move, unless a
   * pointing stop of that move is under way. */
  function sync(state) {
    const lesson = game.lesson;
    if (!lesson) return;
    const k = made(state);
    const at = lesson.stops[lesson.pointer];
    if (!at || at.at !== k) {
      const first = lesson.stops.findIndex((s) => s.at === k);
      lesson.pointer = first < 0 ? lesson.stops.length : first;
      if (k > lesson.lesson.moves.length) lesson.pointer = lesson.stops.length;
    }
  }

  /** Every state the page adopts while the lesson shows: its own save, the pointer. */
  function adopt(state) {
    wrong = null;
    sync(state);
    const { gameId, n, slot } = game.lesson;
    const rec = record(slot) || {};
    saveRecord(slot, { ...rec, save: state.link, pointer: game.lesson.pointer });
    replaceAddress(learnFragment(gameId, n));
  }

  /** The stop under way, or null (the lesson's steps are over, or it is not the person's turn). */
  function current() {
    const lesson = game.lesson;
    if (!lesson || !game.state || game.busy || game.summaryTitle) return null;
    const v = game.state.view;
    if (v.is_over || v.current_player !== game.state.seat) return null;
    const stop = lesson.stops[lesson.pointer];
    if (!stop || stop.at !== made(game.state)) return null;
    if (stop.move && !v.legal_moves.some((m) => canonical(m) === canonical(stop.move))) return null;   // off the script
    return stop;
  }

  function next() {
    const stop = current();
    if (!stop || stop.move) return;
    game.lesson.pointer = stop.index + 1;
    const rec = record(game.lesson.slot) || {};
    saveRecord(game.lesson.slot, { ...rec, pointer: game.lesson.pointer });
    wrong = null;
    hooks.render();
  }

  /** Whether ``move`` is refused by the lesson (then the bubble says why). */
  function refuses(move) {
    const stop = current();
    if (!stop) return false;
    if (stop.move && canonical(move) === canonical(stop.move)) return false;
    wrong = stop.move ? t("learn.wrong", { move: hooks.instruct(stop.move) }) : t("learn.wrong_read");
    hooks.render();
    return true;
  }

  /** The element the step's move is made with next: its button, else its source (until picked), else
   * - for a move built by picking cards - its next card to pick, else its target. */
  function targetOf(table, move) {
    const { moves, sources, targets } = moveElements(table, move, game.layout);
    if (moves.length) return moves[0];
    const source = game.layout?.sourceOf?.(move);
    const from = sources[0] || null;
    if (from && game.selected !== source) return from;
    const card = from ? null : nextCard(table, move);
    if (card) return card;
    return (source == null || game.selected === source ? targets[0] : null) || from;
  }

  /** A move built by picking cards (the layout's own selection): its next card to pick, else a card
   * picked wrongly (to pick it off again), else null. */
  function nextCard(table, move) {
    const picked = [...table.querySelectorAll("[data-card][data-legal='true'].selected")];
    const taken = new Set();
    for (const code of cardsOf(move)) {
      const mine = picked.find((el) => el.dataset.card === code && !taken.has(el));
      if (mine) { taken.add(mine); continue; }
      const el = [...table.querySelectorAll(`[data-card="${CSS.escape(code)}"][data-legal="true"]`)].find((e) => !e.classList.contains("selected"));
      if (el) return el;
    }
    return picked.find((el) => !taken.has(el)) || null;
  }

  /** After each redraw: the banner, the highlighted element and the step's bubble. */
  function decorate(table) {
    const showing = Boolean(game.lesson && game.lesson.gameId === game.gameId) && document.documentElement.dataset.view !== "home";
    banner.hidden = !showing;
    document.documentElement.classList.toggle("lesson-on", showing);
    if (!showing) { bubble.hidden = true; return; }
    const lesson = game.lesson;
    const title = lesson.n > 1 ? t(`${game.gameId}.learn${lesson.n}.title`) : "";
    banner.innerHTML = `<span class="daily-label">${esc(lesson.n > 1 ? t("learn.banner_more", { game: hooks.gameTitle(game.gameId), n: lesson.n, title })
      : t("learn.banner", { game: hooks.gameTitle(game.gameId) }))}</span>
      <button type="button" class="link" data-lesson-restart>${esc(t("learn.restart"))}</button>
      <button type="button" class="link" data-lesson-leave>${esc(t("learn.leave"))}</button>`;
    const stop = current();
    let anchor = null;
    if (stop) {
      anchor = stop.move ? targetOf(table, stop.move) : table.querySelector(stop.point) || null;
      if (anchor) {
        anchor.classList.add(ON);
        anchor.dataset.lessonTarget = String(stop.index);
      }
      if (stop.move && game.selected && game.layout?.sourceOf?.(stop.move) === game.selected) {
        table.querySelector(`[data-source="${CSS.escape(game.selected)}"]`)?.classList.add(ON);
      }
    }
    const over = lesson.pointer >= lesson.stops.length;
    const v = game.state?.view;
    if (!stop && !(over && v && !v.is_over && (v.deal ?? 1) === lesson.deal && !game.summaryTitle && !lesson.freeRead)) { bubble.hidden = true; return; }
    const words = !stop ? t("learn.free") : !stop.own && stop.move ? t("learn.follow", { move: hooks.instruct(stop.move) })
      : hasText(stop.say) ? t(stop.say, stop.with || {}) : "";
    const total = lesson.stops.length + (lesson.lesson.free === false ? 0 : 1);     // the free end is a step too
    const count = t("learn.count", { n: (stop ? stop.index : lesson.stops.length) + 1, total });
    bubble.dataset.lessonStep = String(stop ? stop.index : lesson.stops.length);
    bubble.innerHTML = `<p class="lesson-count">${esc(count)}</p><p class="lesson-say">${esc(words)}</p>` +
      (wrong ? `<p class="lesson-wrong" role="alert">${esc(wrong)}</p>` : "") +
      (stop && !stop.move ? `<button type="button" class="primary" data-lesson-next data-lesson-target="${stop.index}">${esc(t("learn.next"))}</button>` : "") +
      (!stop ? `<button type="button" class="secondary" data-lesson-close>${esc(t("learn.close"))}</button>` : "");
    bubble.hidden = false;
    // the free end's bubble has nothing to point at: it hangs from the status line, which says what to do
    if (!stop) anchor = $("status");
    bubble.anchor = anchor;
    bubble.stop = stop;
    const at = stop ? `${stop.index}` : "free";
    if (anchor && placedFor !== at) {
      placedFor = at;
      anchor.scrollIntoView({ block: "center", inline: "nearest" });
    }
    place();
  }

  /** What a step's bubble must leave in sight (viewport boxes): what it points at, every element its
   * move uses (the card and where it goes: move_marks.js) and the areas the step names (its "area":
   * selectors of the table, e.g. the square whose lines it counts). */
  function keepClear(stop, anchor) {
    const table = $("table");
    const els = [anchor];
    if (stop?.move) {
      const { moves, sources, targets, cards } = moveElements(table, stop.move, game.layout);
      els.push(...moves, ...sources, ...targets, ...cards);
    }
    for (const selector of [].concat(stop?.area || [])) els.push(...table.querySelectorAll(selector));
    return els.filter((el) => el?.isConnected).map((el) => el.getBoundingClientRect()).filter((r) => r.width && r.height);
  }

  /** The bubble beside its anchor, covering nothing it must leave in sight (``keepClear``): under or
   * over the anchor, beside it, or beside all it must leave clear, in that order of preference - the
   * first place on screen that covers none of it and as little as may be of the other cards and things
   * to press; failing that, one off screen (scrolled to), and only when every place would cover some of
   * it, the place covering least. */
  function place() {
    if (bubble.hidden) return;
    const anchor = bubble.anchor?.isConnected ? bubble.anchor : null;
    const vw = document.documentElement.clientWidth;
    const width = Math.min(340, vw - 16);
    bubble.style.width = `${width}px`;
    bubble.classList.remove("above", "beside");
    if (!anchor) {
      bubble.classList.add("lesson-free");
      bubble.style.left = `${Math.max(8, (vw - width) / 2)}px`;
      bubble.style.top = `${window.scrollY + 64}px`;
      return;
    }
    bubble.classList.remove("lesson-free");
    const r = anchor.getBoundingClientRect();
    const h = bubble.offsetHeight;
    const vh = window.innerHeight;
    const clear = keepClear(bubble.stop, anchor);
    const all = clear.reduce((u, c) => ({ top: Math.min(u.top, c.top), bottom: Math.max(u.bottom, c.bottom),
      left: Math.min(u.left, c.left), right: Math.max(u.right, c.right) }), { top: r.top, bottom: r.bottom, left: r.left, right: r.right });
    const x = (left) => Math.max(8, Math.min(vw - width - 8, left));
    const middle = (box) => box.top + (box.bottom - box.top) / 2 - h / 2;
    const centred = x(r.left + r.width / 2 - width / 2);
    const places = [
      { top: r.bottom + 10, left: centred, arrow: "below" },
      { top: r.top - h - 10, left: centred, arrow: "above" },
      { top: middle(r), left: x(r.right + 12) },
      { top: middle(r), left: x(r.left - width - 12) },
      { top: all.bottom + 10, left: centred },
      { top: all.top - h - 10, left: centred },
      { top: middle(all), left: x(all.right + 12) },
      { top: middle(all), left: x(all.left - width - 12) },
    ];
    const others = [...$("table").querySelectorAll("[data-legal='true'], .card")].map((el) => el.getBoundingClientRect());
    const covered = (p, boxes) => boxes.reduce((sum, b) => sum +
      Math.max(0, Math.min(p.left + width, b.right) - Math.max(p.left, b.left)) *
      Math.max(0, Math.min(p.top + h, b.bottom) - Math.max(p.top, b.top)), 0);
    const rank = (p, i) => [covered(p, clear), p.top < 0 || p.top + h > vh ? 1 : 0, covered(p, others), i];
    const scored = places.filter((p) => window.scrollY + p.top >= 0).map((p, i) => ({ p, key: rank(p, i) }));
    const better = (a, b) => { for (let k = 0; k < 4; k++) if (a.key[k] !== b.key[k]) return a.key[k] < b.key[k]; return false; };
    const best = scored.reduce((a, b) => (better(b, a) ? b : a)).p;
    bubble.classList.toggle("above", best.arrow === "above");
    bubble.classList.toggle("beside", !best.arrow);
    bubble.style.top = `${window.scrollY + best.top}px`;
    bubble.style.left = `${window.scrollX + best.left}px`;
    bubble.style.setProperty("--arrow", `${Math.max(12, Math.min(width - 12, r.left + r.width / 2 - best.left))}px`);
    if ((best.top < 0 || best.top + h > vh) && bubble.scrollFor !== bubble.dataset.lessonStep) {   // once a step
      bubble.scrollFor = bubble.dataset.lessonStep;
      bubble.scrollIntoView({ block: "nearest" });
    }
  }

  /** The deal's summary, in a lesson: the lesson's last words and its two ways on. */
  function decorateSummary(body) {
    if (!game.lesson) return false;
    const lesson = ending = game.lesson;
    const end = lesson.lesson.end;
    const onward = lesson.lesson.next ? t("learn.next_lesson", { title: t(`${lesson.gameId}.learn${lesson.lesson.next}.title`) }) : "";
    body.insertAdjacentHTML("beforeend", `<section class="lesson-end" data-lesson-end>
      <p>${esc(end && hasText(end) ? t(end) : "")} ${esc(t("learn.end"))}</p>
      <p>${onward ? `<button type="button" class="secondary" data-lesson-onward>${esc(onward)}</button> ` : ""}<button
        type="button" class="secondary" data-lesson-replay>${esc(t("learn.replay"))}</button></p></section>`);
    body.querySelector("[data-lesson-replay]").addEventListener("click", () => {
      lesson.then = lesson.n;
      $("dlg-summary").close();
    });
    body.querySelector("[data-lesson-onward]")?.addEventListener("click", () => {
      lesson.then = lesson.lesson.next;
      $("dlg-summary").close();
    });
    saveRecord(lesson.slot, { ...(record(lesson.slot) || {}), done: true });
    return true;
  }

  /** After the lesson's summary closed: the lesson again, the next lesson, or a real game - unless the
   * person went elsewhere meanwhile (``dismiss``): then where they went stands. */
  async function afterSummary() {
    const lesson = ending;
    ending = null;
    if (!lesson || lesson.dismissed || game.lesson !== lesson) return undefined;
    hooks.ended();
    if (lesson.then) return replay(lesson.gameId, lesson.then);
    return hooks.realGame(lesson.gameId);
  }

  /** The page is going elsewhere (home, another game, a link, back): the lesson's dialogs close and
   * do nothing more - a lesson's summary left open would stand over the next screen, and its buttons
   * would act on a lesson no longer on the table. */
  function dismiss() {
    if (!ending) return;
    ending.dismissed = true;
    if ($("dlg-summary").open) $("dlg-summary").close();
  }

  window.addEventListener("scroll", () => place(), { passive: true });
  return { open, adopt, decorate, refuses, decorateSummary, afterSummary, dismiss, replay, current, lessonOf };
}
