// The replay viewer: a game from a replay link (or the person's own deal just ended), drawn step by
// step by the game's own layout from the sharer's seat's view - the engine masks it (bridge
// `replay_view`), so the viewer never holds a card that seat could not see unless "show all hands"
// is allowed (the link says h=1, or the deal on show is over); then the cards hidden from that seat
// are listed below the table. Generic: any layout that draws `render(root, ctx)` works here.
// It is a modal dialog over the table, so the person's own game waits untouched behind it.
import { cardEl } from "../table/cards.js";
import { hasText, setSeatNamer, t } from "../shell/i18n.js";
import * as store from "../shell/store.js";
import * as recent from "../table/recent.js";

const PACE_MS = 900;     // play-through: one move this often

let current = null;      // the open viewer, at most one

/** Whether the viewer is open. */
export function replaying() {
  return Boolean(current);
}

/**
 * Open the viewer. opts: {engine, link (the fragment, without '#'), layouts, info (the engine's
 * info), step (where to start; default 0), reveal (start with all hands shown), deal (confine the
 * viewer to that deal, 1-based - the summary's "show all hands"; by default as the link was shared), onClose()}.
 * Resolves once the first step is drawn; rejects (nothing left open) when the link cannot be opened.
 */
export async function openReplay(opts) {
  closeReplay();
  const viewer = { ...opts, playing: null, step: opts.step ?? 0, reveal: Boolean(opts.reveal), answer: null, serial: 0 };
  const first = await viewer.engine.call("replay_view", { link: opts.link, step: 0 });
  const gameId = first.view.game;
  viewer.layout = opts.layouts[gameId];
  if (!viewer.layout) throw new Error(t("share.replay.no_layout", { game: gameId }));
  viewer.gameInfo = opts.info.games.find((g) => g.id === gameId);
  viewer.first = first;
  if (opts.reveal == null) viewer.reveal = Boolean(first.shows_all);   // a link shared with all hands opens so
  viewer.range = confine(first, opts.deal);
  viewer.step = Math.min(Math.max(viewer.step, viewer.range.from), viewer.range.to);
  build(viewer, gameId);
  current = viewer;
  setSeatNamer(viewer.layout.seatName ? (seat) => viewer.layout.seatName(seat, first.seat) : null);
  await go(viewer, viewer.step);
  viewer.dialog.showModal();
  viewer.dialog.querySelector(".replay-next").focus();
}

/** The steps the viewer may show: the whole record, or one deal (from its first step to the step
 * before its last move: the move that ends a deal already deals the next one). */
function confine(first, deal) {
  const starts = first.deal_starts;
  if (!deal) return { from: 0, to: first.steps, deal: null };
  const i = Math.min(Math.max(deal - 1, 0), starts.length - 1);
  const to = i + 1 < starts.length ? starts[i + 1] - 1 : first.steps;
  return { from: starts[i], to: Math.max(starts[i], to), deal: i + 1 };
}

export function closeReplay() {
  const viewer = current;
  if (!viewer) return;
  current = null;
  stop(viewer);
  if (viewer.dialog.open) viewer.dialog.close();
  viewer.dialog.remove();
  viewer.onClose?.();
}

/** The viewer's words for ``key``, in the game's own where it has them (``<game>.<key>``: Spite and
 * Malice calls a deal a game). */
function gameText(gameId, key, params) {
  return hasText(`${gameId}.${key}`) ? t(`${gameId}.${key}`, params) : t(key, params);
}

function title(gameId, layout) {
  return hasText(`${gameId}.title`) ? t(`${gameId}.title`) : layout.title;
}

function build(viewer, gameId) {
  const dlg = document.createElement("dialog");
  dlg.className = "replay";
  dlg.id = "replay";
  dlg.setAttribute("aria-label", t("share.replay.title"));
  const confined = viewer.range.deal != null;
  const heading = confined ? gameText(gameId, "share.replay.all_hands_of", { game: title(gameId, viewer.layout), deal: viewer.range.deal })
    : t("share.replay.heading", { game: title(gameId, viewer.layout) });
  const deals = viewer.first.deal_starts;
  dlg.innerHTML = `
    <header class="replay-bar">
      <h2 class="replay-title"></h2>
      <button type="button" class="replay-close"></button>
    </header>
    <section class="table replay-table" aria-live="off"></section>
    <div class="replay-hands" hidden></div>
    <p class="replay-status status"></p>
    <section class="recent replay-recent"></section>
    <nav class="replay-controls">
      <button type="button" class="replay-start">«</button>
      <button type="button" class="replay-back">‹</button>
      <button type="button" class="replay-play">▶</button>
      <button type="button" class="replay-next">›</button>
      <button type="button" class="replay-end">»</button>
      <span class="replay-counter" aria-live="polite"></span>
      <label class="replay-deal-pick" ${confined || deals.length < 2 ? "hidden" : ""}><span></span> <select class="replay-deal"></select></label>
      <label class="replay-reveal-pick" hidden><input type="checkbox" class="replay-reveal"> <span></span></label>
    </nav>`;
  const q = (sel) => dlg.querySelector(sel);
  q(".replay-title").textContent = heading;
  q(".replay-close").textContent = t("share.replay.close");
  const labels = { start: "share.replay.to_start", back: "share.replay.back", play: "share.replay.play",
    next: "share.replay.forward", end: "share.replay.to_end" };
  for (const [name, key] of Object.entries(labels)) {
    q(`.replay-${name}`).setAttribute("aria-label", t(key));
    q(`.replay-${name}`).title = t(key);
  }
  q(".replay-deal-pick span").textContent = t("share.replay.jump");
  for (const [i, start] of deals.entries()) q(".replay-deal").add(new Option(gameText(gameId, "share.replay.deal", { n: i + 1 }), String(start)));
  q(".replay-reveal-pick span").textContent = t("share.replay.show_all");
  q(".replay-reveal").checked = viewer.reveal;
  q(".replay-close").onclick = () => closeReplay();
  q(".replay-start").onclick = () => { stop(viewer); go(viewer, viewer.range.from); };
  q(".replay-back").onclick = () => { stop(viewer); go(viewer, at(viewer) - 1); };
  q(".replay-next").onclick = () => { stop(viewer); go(viewer, at(viewer) + 1); };
  q(".replay-end").onclick = () => { stop(viewer); go(viewer, viewer.range.to); };
  q(".replay-play").onclick = () => (viewer.playing ? stop(viewer) : play(viewer));
  q(".replay-deal").onchange = (e) => {    // read the choice before stop() redraws the menu
    const start = Number(e.target.value);
    stop(viewer);
    go(viewer, start);
  };
  q(".replay-reveal").onchange = (e) => { viewer.reveal = e.target.checked; go(viewer, at(viewer)); };
  dlg.addEventListener("cancel", (e) => { e.preventDefault(); closeReplay(); });
  dlg.addEventListener("keydown", (e) => onKey(viewer, e));
  document.body.append(dlg);
  viewer.dialog = dlg;
  viewer.table = q(".replay-table");        // kept: the layout sets the element's classes its way
}

function onKey(viewer, event) {
  if (event.target.closest("select") || event.ctrlKey || event.metaKey || event.altKey) return;
  const actions = {
    ArrowLeft: () => go(viewer, at(viewer) - 1), ArrowRight: () => go(viewer, at(viewer) + 1),
    Home: () => go(viewer, viewer.range.from), End: () => go(viewer, viewer.range.to),
  };
  if (event.key === " " && !event.target.closest("button, input")) {
    event.preventDefault();
    if (viewer.playing) stop(viewer); else play(viewer);
  } else if (actions[event.key]) {
    event.preventDefault();
    stop(viewer);
    actions[event.key]();
  }
}

function play(viewer) {
  if (viewer.step >= viewer.range.to) go(viewer, viewer.range.from);
  viewer.playing = setInterval(async () => {
    if (viewer.busy) return;
    if (viewer.step >= viewer.range.to) return stop(viewer);
    await go(viewer, viewer.step + 1);
  }, PACE_MS);
  showControls(viewer);
}

function stop(viewer) {
  clearInterval(viewer.playing);
  viewer.playing = null;
  if (current === viewer) showControls(viewer);
}

/** Whether all hands may be shown at ``step``: the link says so, or that step's deal is over. */
function revealAllowed(viewer, step) {
  const f = viewer.first;
  return f.shows_all || f.over || step < f.deal_starts[f.deal_starts.length - 1];
}

/** The step on show, or the one asked for last (quick key presses add up). */
function at(viewer) {
  return viewer.wanted ?? viewer.step;
}

/** Show step ``step`` (clamped to the viewer's range). */
async function go(viewer, step) {
  step = Math.min(Math.max(step, viewer.range.from), viewer.range.to);
  viewer.wanted = step;
  const serial = ++viewer.serial;
  viewer.busy = true;
  try {
    const reveal = viewer.reveal && revealAllowed(viewer, step);
    const answer = await viewer.engine.call("replay_view", { link: viewer.link, step, reveal });
    if (serial !== viewer.serial || current !== viewer) return;
    viewer.step = step;
    viewer.answer = answer;
    draw(viewer);
  } finally {
    if (serial === viewer.serial) { viewer.busy = false; viewer.wanted = null; }
  }
}

function context(viewer) {
  const view = viewer.answer.view;
  return {
    view, seat: viewer.answer.seat, legal: [], myTurn: false, busy: false, hold: null, selected: null,
    sources: new Map(), targets: new Set(), settings: store.settings(view.game), info: viewer.gameInfo,
    lastBotMove: null, local: viewer.local || (viewer.local = {}), play: () => {}, rerender: () => draw(viewer),
    query: (name, args = []) => viewer.engine.call("query", { game: view.game, name, args }),
  };
}

function draw(viewer) {
  const q = (sel) => viewer.dialog.querySelector(sel);
  const ctx = context(viewer);
  const table = viewer.table;
  viewer.layout.render(table, ctx);
  table.classList.add("waiting");
  for (const el of table.querySelectorAll("button")) el.tabIndex = -1;   // a picture: nothing to press
  // The layouts' own lines speak of a table in play ("East is thinking…"); a replay names whose turn
  // it is, and keeps the layout's line for a finished match (its result).
  const turn = ctx.view.current_player;
  let line = "";
  if (!ctx.view.is_over && turn != null) line = t("share.replay.next", { seat: turn });
  else try { line = viewer.layout.status(ctx); } catch { line = ""; }
  q(".replay-status").textContent = line;
  recent.render(q(".replay-recent"), viewer.layout, ctx.view);   // the moves up to this step, in words
  drawHands(viewer, q(".replay-hands"));
  showControls(viewer);
}

/** The cards hidden from the viewed seat, zone by zone (only when all hands are shown). */
function drawHands(viewer, box) {
  const hands = viewer.answer.hands || {};
  box.innerHTML = "";
  box.hidden = !Object.keys(hands).length;
  for (const [zone, cards] of Object.entries(hands)) {
    const row = document.createElement("div");
    row.className = "replay-zone";
    row.dataset.zone = zone;
    const label = document.createElement("span");
    label.className = "replay-zone-name";
    const seat = zone.match(/^hand(\d+)$/);
    const owned = zone.match(/^([a-z]+)(\d+)$/);
    label.textContent = seat ? t("share.replay.hand_of", { seat: Number(seat[1]) })
      : owned ? t("share.replay.zone_of", { seat: Number(owned[2]), zone: owned[1] })
        : t("share.replay.zone", { zone: zone.replace(/_/g, " ") });
    const fan = document.createElement("div");
    fan.className = "replay-cards";
    for (const code of cards) fan.append(cardEl(code, { small: true }));
    if (!cards.length) fan.textContent = "—";
    row.append(label, fan);
    box.append(row);
  }
}

function showControls(viewer) {
  const q = (sel) => viewer.dialog.querySelector(sel);
  const { from, to } = viewer.range;
  const step = viewer.step;
  q(".replay-counter").textContent = t("share.replay.counter", { k: step - from, n: to - from });
  q(".replay-counter").dataset.step = String(step);
  q(".replay-start").disabled = q(".replay-back").disabled = step <= from;
  q(".replay-next").disabled = q(".replay-end").disabled = step >= to;
  const playing = Boolean(viewer.playing);
  q(".replay-play").textContent = playing ? "❚❚" : "▶";
  q(".replay-play").setAttribute("aria-label", t(playing ? "share.replay.pause" : "share.replay.play"));
  q(".replay-play").title = q(".replay-play").getAttribute("aria-label");
  q(".replay-play").setAttribute("aria-pressed", String(playing));
  const starts = viewer.first.deal_starts;
  let deal = 0;
  while (deal + 1 < starts.length && starts[deal + 1] <= step) deal += 1;
  q(".replay-deal").value = String(starts[deal]);
  const allowed = revealAllowed(viewer, step);
  q(".replay-reveal-pick").hidden = !(viewer.first.shows_all || viewer.range.deal != null);
  q(".replay-reveal").disabled = !allowed;
}
