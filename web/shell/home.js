// The home screen: every game as a tile (name, one line, players, a small picture of its table),
// with "Continue" where a game is unfinished. A plain visit (index.html, no #game in the address)
// shows it at once, while the engine loads; a link to a game (index.html#<game>...) skips it.
// The page (app.js) owns the games; this module only draws the tiles and says which was picked.

import { cardPicture } from "../table/cards.js";
import { esc } from "./html.js";
import { hasText, t } from "./i18n.js";
import { gameName } from "./lang_page.js";

const root = globalThis.document?.documentElement;   // none when build.py runs homeHtml in Node
const KEY = "pygames:";

/** A tile's picture: the layout's own (its ``picture()``: SVG of a few cards on the felt), else
 * three face-down cards. */
function picture(game) {
  const draw = game.picture ? game.picture() : [0, 1, 2].map((i) => cardPicture(38 + i * 14, 20, "", { back: true, rot: (i - 1) * 10 })).join("");
  return `<svg class="home-pic" viewBox="0 0 120 72" aria-hidden="true"><rect width="120" height="72" rx="6" class="hp-felt"/>${draw}</svg>`;
}

// ---- saves: what "Continue" needs ----------------------------------------------------------------
function read(name) {
  try { return JSON.parse(localStorage.getItem(KEY + name)); } catch { return null; }
}

/** The page calls this on every state it adopts: how far the game is, for the tile's "Continue". */
export function noteProgress(gameId, view) {
  try {
    localStorage.setItem(`${KEY}progress:${gameId}`, JSON.stringify({
      moves: view.move_count, deal: view.deal ?? null, over: Boolean(view.is_over),
    }));
  } catch { /* storage full or disabled */ }
}

/** An unfinished save of the game: {deal, moves} or null. */
export function unfinishedSave(gameId) {
  if (typeof read(`save:${gameId}`) !== "string") return null;
  const progress = read(`progress:${gameId}`);
  if (!progress || progress.over || !(progress.moves > 0)) return null;
  return progress;
}

// ---- the screen --------------------------------------------------------------------------------

/** A tile's line about a game in the current language: "<game>.home.blurb" or "<game>.home.players"
 * from the game's own word file (web/lang/<lang>/<game>.json); nothing while the words are missing. */
function about(gameId, what) {
  const key = `${gameId}.home.${what}`;
  return hasText(key) ? t(key) : "";
}

/** The games as the home screen and the picker list them: [{id, title, picture}] from the layouts
 * (``{id: layout}``, in the picker's order); picture: the layout's own, or none. */
export function gamesOf(layouts) {
  return Object.entries(layouts).map(([id, layout]) => ({
    id, title: gameName(id, layout.title), picture: layout.picture ? () => layout.picture() : null,
  }));
}

/** The home screen's HTML: the title and a tile per game. games: [{id, title, picture}] in the
 * picker's order (picture: the layout's, or none). Also run by build.py (Node) to put the English
 * tiles into index.html, so that a first visit paints them before any module has loaded. */
export function homeHtml(games) {
  return `<h2 class="home-title">${esc(t("page.home.title"))}</h2><ul class="home-tiles">${games.map((g) => {
    const save = unfinishedSave(g.id);
    const where = !save ? "" : save.deal ? t("page.home.where_deal", { deal: save.deal, moves: save.moves })
      : t("page.home.where", { moves: save.moves });
    return `<li class="home-tile" data-game="${esc(g.id)}">
      <button type="button" class="home-open" data-open="${esc(g.id)}" title="${esc(t(save ? "page.home.continue_game" : "page.home.play_game", { game: g.title }))}">
        ${picture(g)}
        <span class="home-name">${esc(g.title)}</span>
        <span class="home-blurb">${esc(about(g.id, "blurb"))}</span>
        <span class="home-players">${esc(about(g.id, "players"))}</span>
      </button>
      <div class="home-buttons">${save
        ? `<button type="button" class="home-continue" data-open="${esc(g.id)}">${esc(t("page.home.continue"))}</button>
           <span class="home-where">${esc(where)}</span>
           <button type="button" class="home-new secondary" data-open="${esc(g.id)}" data-fresh="1">${esc(t("page.new_game"))}</button>`
        : `<button type="button" class="home-play" data-open="${esc(g.id)}">${esc(t("page.home.play"))}</button>`}</div>
      <div class="home-extra">
        <button type="button" class="home-learn secondary" data-open="${esc(g.id)}" data-learn="1"
          aria-label="${esc(t("learn.home_button_label", { game: g.title }))}">${esc(t("learn.home_button"))}</button>
        <button type="button" class="home-daily secondary" data-open="${esc(g.id)}" data-daily="1"
          aria-label="${esc(t("daily.home_button_label", { game: g.title }))}">${esc(t("daily.home_button"))}</button>
        <button type="button" class="home-remote secondary" data-open="${esc(g.id)}" data-remote="1"
          aria-label="${esc(t("remote.home_button_label", { game: g.title }))}">${esc(t("remote.home_button"))}</button>
        <button type="button" class="home-stats link" data-stats="${esc(g.id)}"
          aria-label="${esc(t("stats.home_link_label", { game: g.title }))}">${esc(t("stats.home_link"))}</button>
      </div>
    </li>`;
  }).join("")}</ul>`;
}

/** A short mark of a home screen's HTML (FNV-1a), to tell whether the prerendered one is it. */
export function htmlMark(html) {
  let h = 0x811c9dc5;
  for (let i = 0; i < html.length; i++) h = Math.imul(h ^ html.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

/** Draw the tiles into #home and show it (games: as ``homeHtml``); onOpen(gameId, {fresh}) opens
 * a game (fresh: a new one even if one is unfinished). */
export function showHome(games, onOpen) {
  const home = document.getElementById("home");
  const html = homeHtml(games);
  // tiles build.py put in index.html stay as painted when they are these (same words, no saves)
  if (home.dataset.prerendered !== htmlMark(html)) home.innerHTML = html;
  delete home.dataset.prerendered;
  home.onclick = (event) => {
    const stats = event.target.closest("[data-stats]");     // the statistics dialog (stats.js)
    if (stats) return document.dispatchEvent(new CustomEvent("pygames:stats", { detail: stats.dataset.stats }));
    const button = event.target.closest("[data-open]");
    if (button && !button.disabled) {
      onOpen(button.dataset.open, { fresh: Boolean(button.dataset.fresh), daily: Boolean(button.dataset.daily), learn: Boolean(button.dataset.learn),
        remote: Boolean(button.dataset.remote) });
    }
  };
  setWaiting(root.dataset.state !== "ready");
  home.hidden = false;
  root.dataset.view = "home";
  pickerShows(null);
}

/** The header's game picker: at the home screen its neutral "Choose a game" (no game is open, though
 * the last one waits behind), at a table that table's game (app.js keeps it in data-game). */
function pickerShows(gameId) {
  const picker = document.getElementById("game-picker");
  if (!picker || ![...picker.options].some((o) => !o.value)) return;     // still loading: "Loading…" stays
  picker.value = gameId || "";
}

/** Before the engine is ready the tiles show but wait. */
export function setWaiting(waiting) {
  for (const b of document.querySelectorAll("#home [data-open]")) b.disabled = waiting;
}

export function hideHome() {
  document.getElementById("home").hidden = true;
  root.dataset.view = "table";
  const picker = document.getElementById("game-picker");
  if (picker?.dataset.game && !picker.value) pickerShows(picker.dataset.game);   // a game picked in it stays
}

export const atHome = () => root.dataset.view === "home";
