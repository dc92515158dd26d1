// The page: loads the engine in a worker, keeps one game, paces the bots, and lets the game's layout
// draw the table. Rules are never decided here: every legal move comes from the engine.

import { startEngine } from "./shell/engine.js";
import { LAYOUTS } from "./games/index.js";
import { enableDrag } from "./table/drag.js";
import * as store from "./shell/store.js";
import { addTexts, loadLanguage, preferredLanguage, setLanguage, setSeatNamer, t, withSeatNames } from "./shell/i18n.js";
import { chooseLanguage, gameName, languageField, pageText, progressText, rulesHtml, showLanguage, wordsFor } from "./shell/lang_page.js";
import { atHome, gamesOf, hideHome, noteProgress, setWaiting, showHome, unfinishedSave } from "./shell/home.js";
import { currentFragment, dailyFragment, followGame, gameOfLink, laggedAddress, learnFragment, noteAddress,
  pushAddress, replaceAddress, route, tableFragment, takeAddress } from "./shell/route.js";
import { setPlayerNames } from "./games/common.js";
import { keepOffline } from "./shell/offline.js";
import { installShare } from "./features/share.js";
import * as friend from "./features/friend.js";
import * as a11y from "./table/a11y.js";
import * as recent from "./table/recent.js";
import * as why from "./features/why.js";
import * as hint from "./features/hint.js";
import * as botSeats from "./table/bot_seats.js";
import * as stats from "./features/stats.js";
import { installDaily } from "./features/daily.js";
import { installRemote } from "./features/remote.js";
import { entryOf, installSaved, keep as keepGame, keptGames } from "./features/saved.js";
import { installLearn } from "./features/learn.js";
import { installFirstLook } from "./features/first_look.js";
import { esc } from "./shell/html.js";
import * as oneTab from "./features/one_tab.js";
import { installBarMenu } from "./shell/bar_menu.js";
import * as sound from "./features/sound.js";

const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const SPEEDS = { slow: 1400, normal: 800, fast: 350, instant: 0 };
const SPEED_NAMES = wordsFor("page.speed.", ["slow", "normal", "fast", "instant"]);
const LEVEL_NAMES = wordsFor("page.level.", ["random", "easy", "normal", "hard"]);

// What the table is showing is one value, app.mode. The person's own game, the daily deal, a lesson,
// a remote table and a table another tab took on exclude one another, and each needs data of its own;
// as one value, which of them holds is asked in one way, and no check has to know which combinations
// of separate flags cannot happen.
//   {kind: "play"}                 the person's own game of app.gameId, saved in its slot (game:<id>)
//   {kind: "daily", gameId, date}  today's deal (daily.js): its own save slot (daily:<id>), no takebacks
//   {kind: "lesson", lesson}       a lesson (learn.js keeps `lesson`: its stops, pointer, save slot)
//   {kind: "remote"}               a remote table (remote.js keeps it): no bots, nothing saved here
//   {kind: "covered", under}       another tab took this game on (one_tab.js): nothing moves or is saved
//                                  here; `under` is the mode it covers (the own game or the daily)
// The replay viewer is no mode: it is a dialog over any of them, and the table waits (busy) behind it.
// The features read the mode through `game` (below) and change it only through the hooks they are given.
const PLAY = Object.freeze({ kind: "play" });

const app = {
  engine: null,
  info: null,
  gameId: null,
  layout: null,
  state: null,       // what the bridge returned: {view, seat, link, save, can_undo}
  local: {},         // the layout's own state between renders (ctx.local); reset with the game
  selected: null,    // source key picked by the person
  hold: null,        // what the layout keeps on show for a moment (a finished trick)
  busy: false,       // bots are moving or a pause is running (the replay viewer over the table)
  generation: 0,     // bumps on every new game / undo, so a running bot loop stops
  mode: PLAY,        // what the table is showing (above): set with the game, by setGame
  lastMover: null,   // the seat that moved last (a bot going on with its own turn pauses less)
  lastBotMove: null, // {seat, move} of the last bot move (layouts mark it)
  summaryTitle: null,  // the end-of-deal dialog's title while it shows (the status line says it)
  pauses: [],        // the last bot pauses scheduled, {seat, ms} (tests read them)
};

/** The mode of the game on the table, beneath a cover. */
const tableMode = () => (app.mode.kind === "covered" ? app.mode.under : app.mode);
/** The daily deal on the table ({kind, gameId, date}), or null. */
const dailyOn = () => (tableMode().kind === "daily" ? tableMode() : null);
/** The lesson on the table (learn.js's), or null. */
const lessonOn = () => (tableMode().kind === "lesson" ? tableMode().lesson : null);
const remoteOn = () => tableMode().kind === "remote";
const covered = () => app.mode.kind === "covered";

/** What the features read of the game on the table. Read-only: the page's state changes in this
 * file, and a feature asks for a change through a hook it is given. */
const game = Object.freeze({
  get gameId() { return app.gameId; },
  get state() { return app.state; },
  get layout() { return app.layout; },
  get selected() { return app.selected; },
  get busy() { return app.busy; },
  get summaryTitle() { return app.summaryTitle; },
  get mode() { return app.mode; },
  get daily() { return dailyOn(); },
  get lesson() { return lessonOn(); },
  get engine() { return app.engine; },
  get info() { return app.info; },
});

/** The table stops where it is: a bot loop running ends, its answer is dropped, nothing stays on show. */
function halt() {
  app.generation += 1;
  app.busy = false;
  app.hold = null;
}

/** The seats' names as the game's layout gives them (from the person's seat), else the page's own. */
function nameSeats() {
  setSeatNamer(app.layout?.seatName ? (seat) => app.layout.seatName(seat, app.state?.seat ?? 0) : null);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- loading ---------------------------------------------------------------------------------
function showProgress(fraction, text) {
  if (root.dataset.state === "error") return;   // a late progress message must not hide the failure
  const pct = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
  $("progress-fill").style.width = `${pct}%`;
  document.querySelector(".progress").setAttribute("aria-valuenow", String(pct));
  if (text) $("progress-text").textContent = progressText(text);
}

function fail(message) {
  root.dataset.error = message;
  root.dataset.state = "error";
  $("loader").hidden = false;
  $("loader").classList.add("failed");
  document.querySelector(".loader-title").textContent = pageText("page.load_failed", "The games could not load");
  $("progress-text").textContent = message;
}

async function boot() {
  showProgress(0.02, "Starting the game engine…");
  $("progress-text").removeAttribute("data-t");   // the loader's line now follows the engine
  app.engine = startEngine({ onProgress: showProgress });
  const words = loadWords(preferredLanguage());    // the page's words, while the engine loads
  try { showLanguage(await words); } catch { /* the failure shows below, once the engine answers */ }
  if (!location.hash.slice(1)) goHome();   // a plain visit: the games at once, while the engine loads
  try {
    app.info = await app.engine.ready;
    addTexts(app.info.text);
    setLanguage(await words);
  } catch (err) {
    fail(`${err.message} ${pageText("page.reload_to_retry", "Reload the page to try again.")}`);
    return;
  }
  const playable = app.info.games.filter((g) => LAYOUTS[g.id]);
  const picker = $("game-picker");
  picker.innerHTML = "";
  picker.add(chooseOption());          // what the picker reads at the home screen, where no game is open
  for (const g of playable) picker.add(new Option(gameName(g.id, g.title), g.id));
  picker.disabled = false;
  a11y.init();
  wireControls();
  const pending = await openStart(playable);
  $("loader").hidden = true;
  $("table").hidden = false;
  for (const id of ["btn-new", "btn-share", "btn-settings"]) $(id).disabled = false;
  render();
  app.engine.timings.ready = performance.now();
  root.dataset.state = "ready";
  if (pending?.remoteLink) {                 // an invitation's dialog over the home screen, never over
    goHome();                                // a game of the person's own whose bots play on behind it
    replaceAddress(null);
    await remoteTable.open(pending.remoteLink);
    if (!atHome()) render();
  }
  if (pending?.remoteTable) await showStoredTable(pending.remoteTable);   // a reload at a remote table: shown again
  if (atHome()) {
    setWaiting(false);                   // the last game is loaded behind the home screen, bots wait
    replaceAddress(null);
  } else {
    runBots();
  }
  // a new version switches in (a reload: the game is saved) when it interrupts nothing
  keepOffline({ notice, safeNow: () => document.hidden ||
    (!document.querySelector("dialog[open]") && (atHome() || !unfinished())) });
}

/** Load English (the fallback) and ``lang``; resolves to the language that can be shown. */
async function loadWords(lang) {
  await loadLanguage("en");
  if (lang === "en") return "en";
  try {
    return await loadLanguage(lang);
  } catch (err) {
    console.warn(`${err.message}: showing English`);
    return "en";
  }
}

// ---- home screen (home.js) -------------------------------------------------------------------
function goHome() {
  halt();                               // bots stop while the home screen shows
  lessons.dismiss();                    // a lesson's dialog left open would stand over the home screen
  showHome(gameList(), openFromHome);
  remoteTable.listOnHome($("home"), async (table) => {     // a remote table from the list
    pushAddress(tableFragment(table));
    await showStoredTable(table);
  });
}

/** Show a remote table stored in this browser (the home list, or its address after a reload); one
 * this browser does not have is said so, and the home screen shows instead. */
async function showStoredTable(table) {
  hideHome();
  if (await remoteTable.resume(table)) return render();
  toast(t("remote.unknown_table"));
  replaceAddress(null);
  goHome();
}

/** Every game the page has a layout for, in the site's order: {id, title (in the language shown),
 * picture (the home tile's drawing, the layout's own, or none)}. */
function gameList() {
  return gamesOf(LAYOUTS);
}

// the brand in the bar leads home without reloading (before the page is ready, a plain visit does)
document.addEventListener("click", (event) => {
  if (!event.target.closest("#home-link") || root.dataset.state !== "ready") return;
  event.preventDefault();
  if (!atHome()) { pushAddress(null); goHome(); }
});

async function openFromHome(gameId, { fresh = false, pushed = false, daily = false, learn = false, remote = false } = {}) {
  if (!pushed) pushAddress(daily ? dailyFragment(gameId) : learn ? learnFragment(gameId, Number(learn)) : gameId);
  hideHome();
  try {
    if (learn) await lessons.open(gameId, { n: Number(learn) });      // learn: true (the first) or a lesson's number
    else if (daily) await dailyDeal.open(gameId);
    else if (fresh) await newGame(gameId, { look: true });
    else await resumeOrNew(gameId);
  } catch (err) {
    toast(err.message);
  }
  render(); runBots();
  // a remote table of this game, as many players and the options as the person's own game has
  // (the dialog offers the other player counts); the own game stays behind it
  if (remote && app.state) await remoteTable.create(gameId, app.state.view.players, app.state.view.options);
}

/** The first game the page shows, as the address asks (route.js); a plain visit loads the last
 * game played behind the home screen. Resolves to what waits for the page to be ready, if anything: a
 * remote table's link ({remoteLink}: it may ask for a seat) or a stored remote table ({remoteTable}). */
async function openStart(playable) {
  const ids = playable.map((g) => g.id);
  const fallback = store.lastGame() || ids[0];
  const where = route(currentFragment(), ids);
  // a link of this tab's game that the address still showed (route.js): the save is the game now
  if (where.kind === "link" && where.gameId && laggedAddress(where.fragment)) return resumeOrNew(where.gameId);
  if (where.kind === "remote") {             // a remote table's link: the person's own game behind it
    await resumeOrNew(fallback);
    return { remoteLink: where.fragment };
  }
  if (where.kind === "table") {              // a reload at a remote table: the person's own game behind it
    await resumeOrNew(fallback);
    return { remoteTable: where.table };
  }
  if (where.kind === "home") return resumeOrNew(fallback);
  if (where.kind === "game") return resumeOrNew(where.gameId);        // that game, resumed or new
  if (where.kind === "daily") return dailyDeal.open(where.gameId).catch(() => resumeOrNew(where.gameId));
  if (where.kind === "learn") return lessons.open(where.gameId, { n: where.n }).catch(() => resumeOrNew(where.gameId));
  if (where.kind === "replay") {          // the viewer over the person's own game
    await resumeOrNew(where.gameId || fallback);
    sharing.openReplayLink(where.fragment);
    return;
  }
  const gameId = where.gameId;
  const kept = gameId ? savedUnfinished(gameId) : null;        // the person's unfinished game of that kind
  try {
    await loadState(() => app.engine.call("open_link", { fragment: where.fragment }));
    noteAddress(where.fragment);        // the game's address until the page writes its own (route.js)
    if (app.state.view.move_count > 0) stats.markForeign(app.gameId, app.state);   // not the person's result
    if (kept && kept.save !== app.state.link) keepForLater(gameId, kept);
  } catch (err) {
    const target = gameId || fallback;
    notice(t("page.link_failed", { reason: errorText(err) }) + " " +
      t(store.loadSave(target) ? "page.link_failed.own_game" : "page.link_failed.fresh_game"));
    await resumeOrNew(target);
  }
}

/** The person's saved game of ``gameId`` as a kept entry ({save, deal, moves}) when it is unfinished. */
function savedUnfinished(gameId) {
  const progress = unfinishedSave(gameId);
  return progress ? { save: store.loadSave(gameId), deal: progress.deal || 1, moves: progress.moves } : null;
}

/** Opening a link replaced an unfinished game of the same kind: keep it (saved.js's list) and say so,
 * with the way back to every kept game. */
function keepForLater(gameId, entry) {
  keepGame(gameId, entry);
  notice(t("page.shared_opened", { game: gameTitle(gameId) }), {
    label: t("page.saved.open"), action: () => savedGames.open(gameId),
  });
}

async function resumeOrNew(gameId) {
  if (!atHome()) tabs.claim(oneTab.slotOf(gameId, null));   // first: another tab's move saved after this read would be lost
  const saved = store.loadSave(gameId);
  if (saved) {
    try {
      await loadState(() => app.engine.call("load", { save: saved }));
      return;
    } catch (err) {
      store.dropSave(gameId);
      notice(t("page.save_failed", { game: gameTitle(gameId), reason: errorText(err) }));
    }
  }
  await newGame(gameId, { look: true });
}

// ---- game lifecycle --------------------------------------------------------------------------
function gameTitle(id) {
  return gameName(id, app.info.games.find((g) => g.id === id)?.title || id);
}

/** Adopt the state ``request()`` resolves to, with the game it belongs to. */
async function loadState(request) {
  const state = await request();
  setGame(state.view.game);
  adopt(state);
}

/** Put a game of ``gameId`` on the table in ``mode`` (the person's own game unless told). */
function setGame(gameId, mode = PLAY) {
  lessons.dismiss();                         // a finished lesson's dialog goes with its table
  if (mode.kind !== "remote") {              // a local game replaces the remote table on the screen
    remoteTable.close();
    setPlayerNames(null);
    $("table").hidden = false;
  }
  app.gameId = gameId;
  app.lastMover = null;
  app.mode = mode;
  app.layout = LAYOUTS[gameId];
  app.generation += 1;
  app.selected = null;
  app.hold = null;
  app.busy = false;
  app.local = {};
  nameSeats();
  $("game-picker").dataset.game = gameId;         // home.js shows it again when a table is back on the screen
  $("game-picker").value = atHome() ? "" : gameId;
  store.setLastGame(gameId);
  if (!atHome() && (mode.kind === "play" || mode.kind === "daily")) tabs.claim(tableSlot());   // another tab showing it stops
  document.title = `${gameName(gameId, app.layout.title)} — pygames`;
}

/** Deal a new game of ``gameId``; ``look``: the person has not seen this table yet (first_look.js). */
async function newGame(gameId, { seed, look = false } = {}) {
  app.generation += 1;     // a bot still choosing is not waited for: the old game's bots stop, its answer is dropped
  app.busy = false;
  const settings = store.settings(gameId);
  const state = await app.engine.call("new", {
    game: gameId, players: settings.players ?? null, options: settings.options || {},
    seed: seed ?? Math.floor(Math.random() * 2 ** 31),
  });
  setGame(gameId);
  adopt(state);
  sound.dealt();
  if (look) firstLook.arm(state);
}

function adopt(state) {
  // another tab took this game on (one_tab.js): this one stops, keeping and saving nothing (only
  // the first state of a game newly on the table, for the covered table to be of its game)
  if (!lessonOn() && !atHome() && !tabs.mayKeep(tableSlot())) {
    if (app.state?.view?.game !== state.view.game) app.state = state;
    return;
  }
  app.state = state;
  app.selected = null;
  if (lessonOn()) return lessons.adopt(state);          // a lesson: its own save, never counted
  stats.noteState(app.gameId, state, statsContext());   // a match that ends here is counted once
  if (dailyOn()) return dailyDeal.adopt(state);         // the daily keeps its own save
  store.saveGame(app.gameId, state.link);   // the link rebuilds the game: it is the save
  noteProgress(app.gameId, state.view);     // for the home screen's "Continue"
  followGame(state.link);
}

/** What the statistics note of a finished match: the bots' level, whether any seat was a bot, and
 * whether one person played it (a match the bots played in "watch" mode, or several people passing
 * the device, is nobody's result: not counted). */
function statsContext() {
  const players = app.state?.view?.players ?? 0;
  const people = friend.people(app.gameId, players).length;
  return { level: dailyOn() ? "normal" : store.settings(app.gameId).level || "normal",
    bots: people < players, person: !watching() && people === 1 };
}

/** A game in progress that a new game would throw away. */
function unfinished() {
  return Boolean(entryOf(app.state));
}

/** Whether a new game may replace the person's game of this kind: asked when it is unfinished
 *  (``unfinishedHere``: the game on the table; during the daily deal, the person's own save counts). */
async function mayDropGame(unfinishedHere) {
  const replaces = dailyOn() || lessonOn() ? Boolean(unfinishedSave(app.gameId)) : unfinishedHere;   // the daily's is kept apart
  return !replaces || ask(t("page.ask_new.title"), t("page.ask_new.text", { game: gameTitle(app.gameId) }), t("page.new_game"));
}

/** A yes/no question in a dialog; resolves true for yes. */
function ask(title, text, yes = t("page.ok"), no = t("page.cancel")) {
  $("ask-title").textContent = title;
  $("ask-text").textContent = text;
  $("ask-yes").textContent = yes;
  $("ask-no").textContent = no;
  const dlg = $("dlg-ask");
  dlg.returnValue = "";
  return new Promise((resolve) => {
    dlg.onclose = () => resolve(dlg.returnValue === "yes");
    dlg.showModal();
  });
}

/** "Watch" mode: bots play the person's seat too (a bot-vs-bot match in the page). */
function watching() {
  return Boolean(store.settings(app.gameId).watch);
}

function myTurn() {
  if (remoteOn()) return Boolean(app.state?.view) && remoteTable.myTurn();
  const v = app.state?.view;
  return v && !v.is_over && v.current_player === app.state.seat && !watching();
}

async function act(move) {
  if (app.busy || covered() || !myTurn()) return;
  if (remoteOn()) return actRemote(move);
  if (lessonOn() && lessons.refuses(move)) return;     // off the lesson's deal: explained, nothing changes
  const gen = app.generation;
  app.busy = true;
  render();                     // the table shows at once that it is waiting: no double moves
  try {
    const prev = app.state.view;
    const state = await app.engine.call("play", { move });
    if (gen !== app.generation) return;
    app.lastMover = app.state.seat;          // the next bot's move is a new turn: a whole pause
    recent.announce(app.layout, state.view, app.state.seat, move);   // the live region, before adopt
    adopt(state);
    await afterMove(prev, gen);
  } catch (err) {
    toast(errorText(err));
  } finally {
    if (gen === app.generation) app.busy = false;
  }
  render();
  runBots();
}

/** A move at a remote table: the engine makes the message to post (remote.js shows it). */
async function actRemote(move) {
  app.busy = true;
  render();
  try {
    await remoteTable.play(move);
  } finally {
    app.busy = false;
  }
  render();
}

/** What an engine error says, in the page's language when the engine gave a message key. */
function errorText(err) {
  return err.engineMessage ? t(err.engineMessage) : err.message;
}

/** After any move: hold a finished trick on show, then the end-of-deal summary. True when the
 * table on show is the new state's, drawn last (no summary came between). */
async function afterMove(prev, gen) {
  const view = app.state.view;
  const hold = app.layout.holdAfter?.(prev, view);
  sound.afterMove(prev, view, { hold, move: view.log?.at(-1)?.move, me: watching() ? null : app.state.seat });
  if (hold) {
    app.hold = hold;
    render();
    // even at instant speed a person playing sees each finished trick for a moment
    await sleep(Math.max(hold.ms * speedFactor(), watching() ? 0 : 300));
    if (gen !== app.generation) return false;
    app.hold = null;
  }
  render();
  const summary = app.layout.summary?.(prev, view, context());
  if (!summary) return true;
  await showSummary(summary, watching() && !view.is_over ? 2500 * speedFactor() : null);
  return false;
}

function speedFactor() {
  return SPEEDS[store.settings(app.gameId).speed || "normal"] / SPEEDS.normal;
}

async function runBots() {
  const gen = app.generation;
  if (app.busy || covered() || remoteOn()) return;     // a remote table has no bots; nor a tab another took over
  app.busy = true;
  let drawn = false;        // the table on show is this state's (afterMove drew it last): no redraw
  try {
    while (gen === app.generation) {
      const view = app.state.view;
      if (view.is_over || (view.current_player === app.state.seat && !watching())) break;
      if (!watching() && friend.isPerson(app.gameId, view.current_player)) {   // pass-and-play
        await passDevice(view.current_player, gen);
        drawn = false;
        continue;
      }
      if (firstLook.holds()) break;          // a new game's bots wait for the person's first look
      if (!drawn) render();
      // a bot going on with its own turn (a chain of builds) moves quickly; a new turn - the first
      // after the person's move too - gets the chosen speed's whole pause, at any table size
      const continuing = app.lastMover === view.current_player;
      const pause = SPEEDS[store.settings(app.gameId).speed || "normal"] * (continuing ? 0.35 : 1);
      app.pauses.push({ seat: view.current_player, ms: pause });     // for tests: the pauses scheduled
      if (app.pauses.length > 50) app.pauses.shift();
      await sleep(pause);
      if (gen !== app.generation) return;
      const level = botSeats.levelFor(lessonOn() ? { level: lessonOn().lesson.level || "easy" } : dailyOn() ? { level: "normal" } : store.settings(app.gameId), app.info.games.find((g) => g.id === app.gameId),
        view.players, app.state.seat, view.current_player);     // a partner may play at its own level
      const prev = app.state.view;
      const thinking = botSeats.start(view.current_player, gen, render);
      const res = await app.engine.call("bot", { level }).finally(() => botSeats.stop(thinking));
      if (gen !== app.generation) return;
      app.lastBotMove = { seat: res.seat, move: res.move };
      app.lastMover = res.seat;
      adopt(res.state);
      recent.announce(app.layout, res.state.view, res.seat, res.move);
      drawn = await afterMove(prev, gen);
    }
  } catch (err) {
    if (gen === app.generation) toast(t("page.bot_failed", { reason: err.message }));
  } finally {
    if (gen === app.generation) app.busy = false;
  }
  if (gen === app.generation) render();
}

/** Pass-and-play: hide the table, turn it to ``seat`` behind the hand-over screen, wait for the tap. */
async function passDevice(seat, gen) {
  const shown = friend.handOver(seat);
  const state = await app.engine.call("seat", { seat, people: friend.people(app.gameId) });
  if (gen !== app.generation) return;
  adopt(state);
  render();
  await shown;
}

async function undo() {
  if (!app.state?.can_undo || dailyDeal.contest()) return;    // the daily's result is its first try
  halt();
  app.local = {};
  render();          // at once, even while the worker still finishes a bot's move (its answer is dropped)
  try {
    const state = await app.engine.call("undo", { people: friend.people(app.gameId) });
    // pass-and-play: back to another person's decision, so the device goes back to them
    const shown = state.seat !== app.state.seat ? friend.handOver(state.seat) : null;
    adopt(state);
    if (shown) { render(); await shown; }
  } catch (err) {
    toast(errorText(err));
  }
  render();
  runBots();
}

// ---- drawing ---------------------------------------------------------------------------------
function context() {
  const state = app.state;
  const view = state.view;
  const legal = myTurn() && !app.busy ? view.legal_moves : [];
  const layout = app.layout;
  const bySource = new Map();
  for (const move of legal) {
    const source = layout.sourceOf?.(move);
    if (source == null) continue;
    if (!bySource.has(source)) bySource.set(source, []);
    bySource.get(source).push(move);
  }
  const selectedMoves = app.selected ? bySource.get(app.selected) || [] : [];
  const targets = new Set(selectedMoves.map((m) => layout.targetOf?.(m)).filter((t) => t != null));
  return {
    view, seat: state.seat, legal, myTurn: myTurn(), busy: app.busy, hold: app.hold,
    selected: app.selected, sources: bySource, targets,
    settings: store.settings(app.gameId), info: app.info.games.find((g) => g.id === app.gameId),
    lastBotMove: app.lastBotMove,
    local: app.local,
    play: (move) => act(move),
    rerender: () => render(),
    query: (name, args = []) => app.engine.call("query", { game: app.gameId, name, args }),
  };
}

/** What identifies an element across redraws: its source, move or target key. */
function elementKey(el) {
  return el?.dataset?.source ?? el?.dataset?.move ?? el?.dataset?.target ?? null;
}

function render() {
  if (!app.state) return;
  const ctx = context();
  const table = $("table");
  const active = document.activeElement;
  const hadFocus = table.contains(active) && active !== table;
  const focused = hadFocus ? elementKey(active) : null;
  app.layout.render(table, ctx);
  a11y.decorate(table, ctx);
  hint.decorate(table, ctx);
  lessons.decorate(table);
  // whatever the person may pick can take focus, and keeps it (or passes it on) across the redraw
  const legal = [...table.querySelectorAll("[data-legal='true']")];
  for (const el of legal) if (el.tabIndex < 0) el.tabIndex = 0;
  if (hadFocus && !table.contains(document.activeElement)) {
    (legal.find((el) => elementKey(el) === focused) || legal[0])?.focus();
  }
  // behind an end-of-deal dialog the status line still speaks of the deal just ended
  recent.render($("recent"), app.layout, ctx.view, whyLine);
  $("status").textContent = app.summaryTitle ||
    friend.status(statusLine(ctx), { gameId: app.gameId, view: ctx.view, myTurn: ctx.myTurn });
  botSeats.decorate(table, $("status"), app.generation);
  firstLook.decorate($("status"));
  // at a remote table the page says whom the table waits for (a person's message, never "your bot")
  if (remoteOn() && (remoteTable.status()?.stopped || !ctx.view.is_over && !remoteTable.myTurn())) {
    $("status").textContent = remoteTable.waitingText();
  }
  a11y.noteTurn(ctx.myTurn && !app.busy && !friend.handingOver(), $("status").textContent);
  const contest = dailyDeal.contest();         // the daily deal played for its result: no takebacks
  $("btn-undo").disabled = !app.state.can_undo || contest;
  $("btn-undo").title = contest ? t("daily.no_takebacks") : t("page.undo_key");
  $("btn-share").disabled = remoteOn();           // a remote table is shared by its messages
  dailyDeal.refresh();
  sharing.refresh();
  table.classList.toggle("waiting", !ctx.myTurn || app.busy);
}

/** The status line: the layout's words for the table and, once a match on this device is over, how to
 *  play again (a remote table starts its next match from its own panel). */
function statusLine(ctx) {
  const line = app.layout.status(ctx);
  return ctx.view.is_over && !remoteOn() ? t("page.play_again", { line }) : line;
}

/** The game picker's neutral entry: "Choose a game", not one of the games to pick (home.js selects it). */
function chooseOption() {
  const option = new Option(t("page.choose_game"), "");
  option.disabled = true;
  option.hidden = true;
  return option;
}

/** After a language change: the game names, the home screen, the table and the status line anew
 * (lang_page.js has already put the new words into the page's fixed elements). */
function relabel() {
  for (const option of $("game-picker").options) {
    option.text = option.value ? gameName(option.value, LAYOUTS[option.value]?.title) : chooseOption().text;
  }
  if (app.layout) document.title = `${gameName(app.gameId, app.layout.title)} — pygames`;
  if (atHome()) { goHome(); if (root.dataset.state === "ready") setWaiting(false); }
  render();
}

function pickSource(source) {
  const ctx = context();
  const moves = ctx.sources.get(source);
  if (!moves) return;
  const targets = new Set(moves.map((m) => app.layout.targetOf?.(m)));
  if (moves.length === 1 && (targets.size <= 1 && app.layout.playOnPick?.(moves[0]) !== false)) {
    act(moves[0]);
    return;
  }
  app.selected = app.selected === source ? null : source;
  render();
}

function dropOn(target, source = app.selected) {
  const moves = context().sources.get(source) || [];
  const move = moves.find((m) => app.layout.targetOf?.(m) === target);
  if (move) act(move);
}

// ---- controls --------------------------------------------------------------------------------
function wireControls() {
  const table = $("table");
  table.addEventListener("click", (event) => {
    if (Date.now() - Number(table.dataset.dragEnd || 0) < 250) return;
    const moveEl = event.target.closest("[data-move]");
    if (moveEl && !moveEl.disabled) return act(JSON.parse(moveEl.dataset.move));
    const targetEl = event.target.closest("[data-target]");
    if (targetEl && app.selected && context().targets.has(targetEl.dataset.target)) return dropOn(targetEl.dataset.target);
    const sourceEl = event.target.closest("[data-source][data-legal='true']");
    if (sourceEl) return pickSource(sourceEl.dataset.source);
    if (app.selected) { app.selected = null; render(); }
  });
  enableDrag(table, {
    canDrag: (source) => context().sources.has(source),
    targetsFor: (source) => new Set((context().sources.get(source) || []).map((m) => app.layout.targetOf?.(m))),
    onDrop: (source, target) => dropOn(target, source),
  });
  $("game-picker").addEventListener("change", async (e) => {
    hideHome();
    try { await resumeOrNew(e.target.value); } catch (err) { toast(err.message); }
    render(); runBots();
  });
  $("btn-new").addEventListener("click", async () => {
    if (!(await mayDropGame(unfinished()))) return;
    await newGame(app.gameId); render(); runBots();
  });
  $("btn-undo").addEventListener("click", undo);
  hint.install({ game, render, canHint: () => Boolean(!atHome() && !remoteOn() && myTurn() && !app.busy && !app.summaryTitle) });
  $("btn-share").addEventListener("click", () => sharing.openDialog());
  $("btn-rules").addEventListener("click", showRules);
  $("btn-settings").addEventListener("click", showSettings);
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", async () => {
    try { await onAddress(); } finally { root.dataset.addresses = String(Number(root.dataset.addresses || 0) + 1); }
  });
}

/** The address changed (back, forward, a link opened in this tab): show what it asks for. (Once it
 * has, <html data-addresses> counts it: a test that changes only the address waits for that.) */
async function onAddress() {
  takeAddress();                        // the person's address stands: no link due is written over it
  const where = route(currentFragment(), Object.keys(LAYOUTS));
  if (where.kind === "remote") {
    hideHome();
    replaceAddress(null);   // the same link again is heard
    await remoteTable.open(where.fragment);
    render();
    return;
  }
  if (where.kind === "table") {
    if (remoteTable.status()?.table !== where.table) await showStoredTable(where.table);
    return;
  }
  if (where.kind === "home") { if (!atHome()) goHome(); return; }        // back to the plain page
  if (where.kind === "game") return openFromHome(where.gameId, { pushed: true });
  if (where.kind === "learn") {
    return atHome() || lessonOn()?.gameId !== where.gameId || lessonOn()?.n !== where.n
      ? openFromHome(where.gameId, { pushed: true, learn: where.n }) : undefined;
  }
  if (where.kind === "daily") {
    return atHome() || dailyOn()?.gameId !== where.gameId ? openFromHome(where.gameId, { pushed: true, daily: true }) : undefined;
  }
  const fragment = where.fragment;
  if (dailyOn() && fragment === store.loadSave(gameOfLink(fragment))) {   // back from the daily: the own game
    return openFromHome(gameOfLink(fragment), { pushed: true });
  }
  if (where.kind === "replay") { hideHome(); return sharing.openReplayLink(fragment); }
  if (atHome()) {
    hideHome();
    if (fragment === app.state?.link) {     // back to the game behind the home screen, unless another tab took it on
      if (!oneTab.mine(tableSlot())) await oneTabPlayHere(tableSlot());
      render(); runBots(); return;
    }
  }
  if (fragment === app.state?.link) return;
  const before = app.gameId;
  const kept = dailyOn() ? savedUnfinished(before) : entryOf(app.state);   // the daily keeps its own save
  try {
    await loadState(() => app.engine.call("open_link", { fragment }));
    noteAddress(fragment);              // the game's address until the page writes its own (route.js)
    if (app.state.view.move_count > 0) stats.markForeign(app.gameId, app.state);   // not the person's result
    if (kept && before === app.gameId && kept.save !== app.state.link) keepForLater(before, kept);
  } catch (err) {
    notice(t("page.link_failed", { reason: errorText(err) }));
    followGame(app.state.link, { now: true });
  }
  render(); runBots();
}

function onKey(event) {
  if (atHome()) return;                 // the table's keys wait for the table
  if (event.target.closest("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  if (document.querySelector("dialog[open]")) return;
  const key = event.key.toLowerCase();
  if (key === "u") return undo();
  if (key === "h") return hint.ask();
  if (key === "r") return showRules();
  if (key === "escape" && app.selected) { app.selected = null; return render(); }
  const active = document.activeElement;
  if (key === "enter" && a11y.pressable(active)) {
    active.click();
    event.preventDefault();
    return;
  }
  if (["arrowleft", "arrowright", "arrowup", "arrowdown"].includes(key)) {
    const items = a11y.focusables($("table"));
    if (!items.length) return;
    const at = items.indexOf(document.activeElement);
    const next = key === "arrowright" || key === "arrowdown" ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
    items[at < 0 ? 0 : next].focus();
    event.preventDefault();
  }
}

async function showRules() {
  const layout = app.layout || Object.values(LAYOUTS)[0];
  const html = await rulesHtml(layout);
  $("rules-body").innerHTML = `<p class="rules-learn"><button type="button" class="primary" data-learn-open>${esc(t("learn.rules_button"))}</button>
    <span>${esc(t("learn.rules_note"))}</span></p>${html}`;
  $("rules-body").querySelector("[data-learn-open]").onclick = () => {
    $("dlg-rules").close();
    if (lessonOn()?.gameId !== layout.id) openFromHome(layout.id, { learn: true });
  };
  if (!$("dlg-rules").open) $("dlg-rules").showModal();
}

function showSettings() {
  const info = app.info.games.find((g) => g.id === app.gameId);
  const current = store.settings(app.gameId);
  const fields = [];
  const select = (name, label, values, chosen, labels = {}) =>
    `<label>${label}<select name="${name}">${values.map((v) =>
      `<option value='${JSON.stringify(v)}' ${JSON.stringify(v) === JSON.stringify(chosen) ? "selected" : ""}>${labels[JSON.stringify(v)] ?? v}</option>`).join("")}</select></label>`;
  fields.push(languageField());
  fields.push(sound.field(t("page.settings.sound")));
  const partnered = botSeats.hasPartner(info, app.state.view.players, app.state.seat);
  fields.push(select("level", t(partnered ? "hint.opponents_level" : "page.settings.bots"), app.info.levels, current.level || "normal", Object.fromEntries(
    Object.entries(LEVEL_NAMES).map(([k, v]) => [JSON.stringify(k), v]))));
  if (partnered) {   // the partner's level, apart from the opponents'
    fields.push(select("partner_level", t("hint.partner_level"), app.info.levels, current.partner_level || current.level || "normal",
      Object.fromEntries(Object.entries(LEVEL_NAMES).map(([k, v]) => [JSON.stringify(k), v]))));
  }
  fields.push(select("watch", t("page.settings.seat"), [false, true], current.watch ?? false, { false: t("page.settings.you_play"), true: t("page.settings.bot_plays") }));
  fields.push(select("speed", t("page.settings.speed"), Object.keys(SPEEDS), current.speed || "normal", Object.fromEntries(
    Object.entries(SPEED_NAMES).map(([k, v]) => [JSON.stringify(k), v]))));
  if (info.players.length > 1) fields.push(select("players", t("page.settings.players"), info.players, current.players ?? info.default_players, app.layout.playerLabels || {}));
  const optionLabels = app.layout.optionLabels || {};
  for (const [name, values] of Object.entries(info.options)) {
    const spec = optionLabels[name] || {};
    fields.push(select(`option:${name}`, spec.label || name, values, current.options?.[name] ?? info.default_options[name], spec.values || {}));
  }
  fields.push(friend.seatFields(app.gameId, Math.max(...info.players)));
  $("settings-fields").innerHTML = fields.join("");
  const dlg = $("dlg-settings");
  const read = () => {
    const next = { options: {} };
    for (const [key, raw] of new FormData($("settings-form")).entries()) {
      const value = JSON.parse(raw);
      if (key.startsWith("option:")) next.options[key.slice(7)] = value;
      else next[key] = value;
    }
    return friend.readSeats(next);
  };
  // what changes the deal (players, options) needs a new game; the rest applies to this one
  const view = app.state.view;
  const dealChanged = () => {
    const next = read();
    return (next.players ?? view.players) !== view.players ||
      Object.entries(next.options).some(([k, v]) => JSON.stringify(v) !== JSON.stringify(view.options[k]));
  };
  const refresh = () => {
    const changed = dealChanged();
    $("settings-note").hidden = !changed;
    $("settings-new").hidden = !changed;
    $("settings-apply").textContent = t(changed ? "page.settings.apply_rest" : "page.settings.apply");
  };
  const seatsFor = () => friend.showSeats($("settings-form"), read().players ?? view.players);
  $("settings-form").onchange = () => { refresh(); seatsFor(); };
  seatsFor();
  const saved = keptGames(app.gameId).length;
  $("settings-saved").hidden = !saved;
  $("settings-saved").textContent = t("page.saved.open_n", { n: saved });
  refresh();
  dlg.onclose = async () => {
    if (dlg.returnValue === "saved") return savedGames.open(app.gameId);   // the games set aside
    if (dlg.returnValue === "remote") {      // a remote table with these players and options
      const next = read();
      return remoteTable.create(app.gameId, next.players ?? view.players, next.options);
    }
    if (dlg.returnValue !== "apply" && dlg.returnValue !== "new") return;
    const next = read();
    if (await chooseLanguage($("settings-language").value)) relabel();
    if ($("settings-sound").checked !== sound.enabled()) sound.setEnabled($("settings-sound").checked);
    const kept = { ...current, level: next.level, watch: next.watch, speed: next.speed, people: next.people };
    if ("partner_level" in next) kept.partner_level = next.partner_level;
    if (dlg.returnValue === "new" && (await mayDropGame(false))) {   // Settings' own button is the choice
      store.setSettings(app.gameId, next);
      await newGame(app.gameId);
    } else {
      store.setSettings(app.gameId, kept);
    }
    render(); runBots();
  };
  dlg.returnValue = "";
  dlg.showModal();
}

/** The end-of-deal dialog; resolves when closed (in watch mode it closes itself after ``autoCloseMs``). */
function showSummary({ title, html, button }, autoCloseMs = null) {
  $("summary-body").innerHTML = `<h2>${title}</h2>${html}`;
  sharing.decorateSummary($("summary-body"));
  const lessonEnds = lessons.decorateSummary($("summary-body"));
  $("summary-ok").textContent = lessonEnds ? t("learn.real") : button || t("page.continue");
  const dlg = $("dlg-summary");
  app.summaryTitle = $("summary-body").querySelector("h2").textContent;
  $("status").textContent = app.summaryTitle;
  return new Promise((resolve) => {
    dlg.onclose = () => {
      app.summaryTitle = null;
      if (lessonEnds) { resolve(); lessons.afterSummary(); return; }
      render();
      resolve();
    };
    dlg.showModal();
    $("summary-ok").focus();
    if (autoCloseMs != null) setTimeout(() => dlg.open && dlg.close(), autoCloseMs);
  });
}

let toastTimer = null;
function toast(text, ms = 3500) {
  const el = $("toast");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, ms);
}

function notice(text, action = null) {
  const el = $("notice");
  el.innerHTML = "";
  const span = document.createElement("span");
  span.textContent = text;
  el.append(span);
  if (action) {
    const go = document.createElement("button");
    go.className = "notice-action";
    go.textContent = action.label;
    go.onclick = () => { el.hidden = true; action.action(); };
    el.append(go);
  }
  const close = document.createElement("button");
  close.textContent = "×";
  close.setAttribute("aria-label", t("page.dismiss"));
  close.onclick = () => { el.hidden = true; };
  el.append(close);
  el.hidden = false;
}

// the daily deal (daily.js: its own save slot, #daily:<game>) and the statistics (stats.js)
const dailyDeal = installDaily({
  game, engine: () => app.engine, gameTitle, notice, toast, render: () => render(), runBots: () => runBots(),
  show: (gameId, state, { date }) => { setGame(gameId, { kind: "daily", gameId, date }); adopt(state); },
  leave: async (gameId) => {               // back to the person's own game of that kind
    pushAddress(gameId);
    try { await resumeOrNew(gameId); } catch (err) { toast(err.message); }
    render(); runBots();
  },
});
stats.installStats({
  games: gameList,
  current: () => app.gameId || store.lastGame(),
  ask,
});
// "why?" on a bot's move in the recent-moves line (why.js): a bot of a local table, never a person's seat
const whyLine = why.install({ game, offered: (seat) => !remoteOn() && !friend.isPerson(app.gameId, seat) });
// lessons (learn.js: #<game>?learn=<n>, their own save slots): a guided first deal, and more, from lesson data
const lessons = installLearn({
  game, engine: () => app.engine, gameTitle, toast, render: () => render(), runBots: () => runBots(),
  instruct: (move) => a11y.instruct(app.layout, move, app.state.view),
  show: (gameId, state, lesson) => { setGame(gameId, { kind: "lesson", lesson }); adopt(state); },
  ended: () => { if (lessonOn()) app.mode = PLAY; },      // the lesson's summary closed: it is off the table
  leave: async (gameId) => {               // back to the person's own game of that kind
    pushAddress(gameId);
    try { await resumeOrNew(gameId); } catch (err) { toast(err.message); }
    render(); runBots();
  },
  realGame: async (gameId) => {            // the person's own unfinished game, else a new one (Normal bots unless chosen)
    pushAddress(gameId);
    try {
      if (unfinishedSave(gameId)) { await resumeOrNew(gameId); toast(t("learn.own_game_back")); }
      else await newGame(gameId, { look: true });
    } catch (err) { toast(err.message); }
    render(); runBots();
  },
});
// a new game's first look (first_look.js): its bots wait for Start while the person sees the table
const firstLook = installFirstLook({
  game,
  mayWait: () => !watching() && !atHome() && !remoteOn() && !dailyOn() && !lessonOn(),
  botFirst: () => { const v = app.state.view; return !v.is_over && v.current_player !== app.state.seat && !friend.isPerson(app.gameId, v.current_player); },
  words: () => { const chosen = store.settings(app.gameId);
    return { level: LEVEL_NAMES[chosen.level || "normal"], speed: SPEED_NAMES[chosen.speed || "normal"] }; },
  start: () => { render(); runBots(); },
  settings: () => showSettings(),
});
// a full storage: saves go on failing quietly once the person has been told (store.js)
store.whenFull({ tell: () => toast(t("page.storage_full"), 8000) });
// remote tables (remote.js): friends play from afar by posting links; the engine does the dealing
const remoteTable = installRemote({
  engine: { call: (method, args) => app.engine.call(method, args) },
  toast: (text) => toast(text, 6000),
  errorText,
  gameTitle,
  playerCounts: (gameId) => app.info.games.find((g) => g.id === gameId)?.players ?? [],
  // a remote message's moves as the others will read them: "Bea refused K♠ · Bea offered 7♦" (the
  // view as nobody's: every seat by its name, the person's own too)
  describeAs: (names, moves) => withSeatNames(names, () => {
    const asNobody = { ...(app.state?.view || {}), seat: -1 };
    return moves.map(({ seat, move }) => recent.entryText(app.layout, { seat, move }, asNobody)).join(" · ");
  }),
  show: (gameId, state, table) => {
    hideHome();
    const before = remoteOn() ? app.state?.view ?? null : null;     // the table's last state shown, if any
    if (app.gameId !== gameId || !app.state || !remoteOn()) setGame(gameId, { kind: "remote" });
    setPlayerNames(remoteTable.status()?.names);           // the seats carry the players' own names
    replaceAddress(tableFragment(table));
    app.state = state ? { ...state, can_undo: false } : null;
    if (state) recent.announceOthers(app.layout, before, state.view);    // their moves, read out
    $("table").hidden = !state;              // before the deal: only the remote panel shows
    if (state) return render();
    $("table").replaceChildren();
    recent.hide($("recent"));
    for (const id of ["btn-undo", "btn-hint", "btn-share"]) $(id).disabled = true;
    sharing.refresh();                       // nor restart nor the info panel: they are the own game's
    $("status").textContent = remoteTable.waitingText();
  },
  leave: async () => {                       // the remote table has closed: the own game of its kind
    app.mode = PLAY;
    pushAddress(app.gameId);
    try { await resumeOrNew(app.gameId); } catch (err) { toast(err.message); }
    render(); runBots();
  },
});
// saved games (saved.js): unfinished games set aside by links, each can come back from Settings
const savedGames = installSaved({
  game,
  load: (save) => loadState(() => app.engine.call("load", { save })),
  toast: (text) => toast(text, 6000),
  render,
  runBots,
});
// one tab at a time plays a game (one_tab.js): a tab whose game another tab took on covers its table
const tableSlot = () => oneTab.slotOf(app.gameId, dailyOn());     // the save slot of the game on the table
async function oneTabPlayHere(slot) {
  const [kind, gameId] = slot.split(":");
  try {
    if (kind === "daily") await dailyDeal.open(gameId);
    else await resumeOrNew(gameId);
  } catch (err) {
    toast(errorText(err));
  }
}
const tabs = oneTab.installOneTab({
  showing: () => (atHome() || remoteOn() || lessonOn() || !app.gameId ? null : tableSlot()),
  leave: () => {                                // covered: nothing moves or is saved until a new table
    halt();
    if (!covered()) app.mode = { kind: "covered", under: app.mode };
    render();
  },
  playHere: async (slot) => { await oneTabPlayHere(slot); render(); runBots(); },
  home: () => { pushAddress(null); goHome(); },
});
// sharing (share.js): the Share dialog, replay links and the viewer, restart this deal, the Info panel
const sharing = installShare({ game, layouts: LAYOUTS, ask, toast, notice, adopt, render, runBots, gameTitle, nameSeats,
  takebacks: () => !dailyDeal.contest(),
  pause: () => { halt(); app.busy = true; },    // the replay viewer opens: the bots wait behind it
  unpause: () => { app.busy = false; },
  reset: () => { halt(); app.local = {}; },     // the deal starts over: the layout's own state too
});

// test hook: lets browser tests ask the engine directly (e.g. to compare with CPython), and play a
// move the way a click on the table does
window.pygames = { call: (method, args) => app.engine.call(method, args), app, play: (move) => act(move),
  liveDeliver: (link) => remoteTable.liveDeliver(link) };

installBarMenu();            // a phone's bar: one row, the other actions under Menu
boot().catch((err) => fail(err.message || String(err)));
