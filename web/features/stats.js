// Statistics per game, kept in this browser: games played, wins, win rate by bot level, average score,
// best result, win streaks, the daily deal's streak, and a chart of the last 20 results; a Reset.
// Every figure comes from the engine's result for the person's side (the bridge's `state.result`):
// nothing here knows a game, so a game added later is counted without any work.
//
// A match is recorded once, when the move that ends it is seen (a finished game loaded again - a
// reload, re-opening it, undo and redo - is not a new result), and never when it came from someone's
// position link (markForeign). Pass-and-play games without bots count, but toward no bot level.
import * as store from "../shell/store.js";
import { linkParams } from "../shell/route.js";
import { esc, num } from "../shell/html.js";
import { t } from "../shell/i18n.js";
import { barButton, onceDialog } from "../shell/controls.js";

const RECENT = 20;        // results kept for the chart
const SEEN = 60;          // matches remembered as counted, per game
const DAILY_DAYS = 400;   // daily results kept, per game

const live = {};          // gameId -> {key, over}: the last state seen, to catch the move that ends a match

const signed = (n) => (n > 0 ? `+${n}` : num(n));

/** What identifies a match: its game, players, options and seed (from the link, whatever its moves). */
export function matchKey(gameId, link) {
  const query = linkParams(link);
  return [gameId, query.get("p"), query.get("o") || "", query.get("s")].join("|");
}

function seen(gameId) {
  const list = store.loadRecord(`counted:${gameId}`);
  return Array.isArray(list) ? list : [];
}

function markSeen(gameId, key) {
  store.saveRecord(`counted:${gameId}`, [...seen(gameId).filter((k) => k !== key), key].slice(-SEEN));
}

function blank() {
  return { played: 0, wins: 0, draws: 0, scoreSum: 0, best: null, streak: 0, bestStreak: 0, levels: {}, recent: [], daily: {} };
}

/** A game's statistics (a missing or broken record reads as none). */
export function statsOf(gameId) {
  const s = store.loadRecord(`stats:${gameId}`);
  if (!s || typeof s !== "object" || !Number.isFinite(s.played)) return blank();
  const out = { ...blank(), ...s };
  if (!Array.isArray(out.recent)) out.recent = [];
  if (!out.levels || typeof out.levels !== "object") out.levels = {};
  if (!out.daily || typeof out.daily !== "object") out.daily = {};
  return out;
}

/** A match opened from someone's position link: it never counts, now or when it finishes. */
export function markForeign(gameId, state) {
  if (!state?.link) return;
  markSeen(gameId, matchKey(gameId, state.link));
  live[gameId] = { key: matchKey(gameId, state.link), over: Boolean(state.result?.over) };
}

/** The page calls this with every state it adopts; records the match when this state ends it.
 * ``level``: the bots' level; ``bots``: whether any seat is a bot; ``person``: whether one person
 * played the person's seat (not a bot in "watch" mode, not pass-and-play: those count for nobody).
 * Returns the record made, or null. */
export function noteState(gameId, state, { level = "normal", bots = true, person = true } = {}) {
  const result = state?.result;
  if (!result || !state.link) return null;
  const key = matchKey(gameId, state.link);
  const before = live[gameId];
  live[gameId] = { key, over: Boolean(result.over) };
  if (!result.over || !before || before.key !== key || before.over) return null;
  if (seen(gameId).includes(key)) return null;
  markSeen(gameId, key);
  return person ? record(gameId, result, { level, bots }) : null;
}

function record(gameId, result, { level, bots }) {
  const s = statsOf(gameId);
  const entry = { o: result.outcome, s: result.score, b: result.best_other, m: result.margin, d: today() };
  s.played += 1;
  if (entry.o === "win") s.wins += 1;
  if (entry.o === "draw") s.draws += 1;
  s.scoreSum += Number(result.score) || 0;
  if (!s.best || entry.m > s.best.m) s.best = entry;
  s.streak = entry.o === "win" ? s.streak + 1 : 0;
  s.bestStreak = Math.max(s.bestStreak, s.streak);
  if (bots) {
    const l = s.levels[level] || (s.levels[level] = { played: 0, wins: 0 });
    l.played += 1;
    if (entry.o === "win") l.wins += 1;
  }
  s.recent = [...s.recent, entry].slice(-RECENT);
  store.saveRecord(`stats:${gameId}`, s);
  return entry;
}

/** The daily deal's first result of ``date`` (kept for the daily streak). */
export function recordDaily(gameId, date, outcome) {
  const s = statsOf(gameId);
  if (s.daily[date]) return;
  s.daily[date] = outcome;
  const dates = Object.keys(s.daily).sort().slice(-DAILY_DAYS);
  s.daily = Object.fromEntries(dates.map((d) => [d, s.daily[d]]));
  store.saveRecord(`stats:${gameId}`, s);
}

export function resetStats(gameId) {
  store.saveRecord(`stats:${gameId}`, null);
}

/** The local date as YYYY-MM-DD. */
export function today(date = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Days in a row with a daily result, up to today (or yesterday, while today's is still to play). */
export function dailyStreak(daily, now = new Date()) {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (!daily[today(day)]) day.setDate(day.getDate() - 1);
  let n = 0;
  while (daily[today(day)]) {
    n += 1;
    day.setDate(day.getDate() - 1);
  }
  return n;
}

// ---- the dialog ---------------------------------------------------------------------------------
const pct = (wins, played) => (played ? `${Math.round((100 * wins) / played)}%` : "—");

/** Bars of the last results: up for a win, down for a loss, the height the margin (inline SVG). */
export function chart(recent) {
  if (!recent.length) return "";
  const w = 300, h = 120, mid = h / 2, gap = 3;
  const bar = w / RECENT;
  const most = Math.max(1, ...recent.map((r) => Math.abs(Number(r.m) || 0)));
  const counts = { win: 0, loss: 0, draw: 0 };
  const bars = recent.map((r, i) => {
    counts[r.o] = (counts[r.o] || 0) + 1;
    const size = r.o === "draw" ? 3 : Math.max(4, (Math.abs(Number(r.m) || 0) / most) * (mid - 6));
    const y = r.o === "win" ? mid - size : r.o === "loss" ? mid : mid - size / 2;
    const tip = t("stats.bar", { outcome: t(`stats.outcome.${r.o}`), score: r.s, other: r.b, margin: signed(r.m), date: r.d });
    return `<rect class="st-bar st-${esc(r.o)}" x="${(i * bar + gap / 2).toFixed(1)}" y="${y.toFixed(1)}" width="${(bar - gap).toFixed(1)}" height="${size.toFixed(1)}" rx="1.5"><title>${esc(tip)}</title></rect>`;
  }).join("");
  const label = t("stats.chart_label", { n: recent.length, wins: counts.win, losses: counts.loss, draws: counts.draw });
  return `<figure class="st-chart"><figcaption>${esc(t("stats.recent", { n: recent.length }))}</figcaption>
    <svg viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(label)}"><line class="st-axis" x1="0" x2="${w}" y1="${mid}" y2="${mid}"/>${bars}</svg>
    <p class="st-legend"><span class="st-key st-win"></span>${esc(t("stats.outcome.win"))} <span class="st-key st-loss"></span>${esc(t("stats.outcome.loss"))} <span class="st-key st-draw"></span>${esc(t("stats.outcome.draw"))} · ${esc(t("stats.chart_height"))}</p></figure>`;
}

/** The statistics of one game as HTML. */
export function statsHtml(gameId) {
  const s = statsOf(gameId);
  const rows = [
    ["stats.played", String(s.played)],
    ["stats.wins", String(s.wins)],
    ["stats.win_rate", pct(s.wins, s.played)],
    ["stats.avg_score", s.played ? num(Math.round((s.scoreSum / s.played) * 10) / 10) : "—"],
    ["stats.best", s.best ? t("stats.best_value", { score: num(s.best.s), other: num(s.best.b), margin: signed(s.best.m) }) : "—"],
    ["stats.streak", String(s.streak)],
    ["stats.best_streak", String(s.bestStreak)],
    ["stats.daily_streak", t("stats.days", { n: dailyStreak(s.daily) })],
  ];
  const levels = Object.entries(s.levels).filter(([, l]) => l.played);
  const byLevel = levels.length ? `<h3>${esc(t("stats.by_level"))}</h3><table class="st-levels"><thead><tr>
      <th>${esc(t("stats.level"))}</th><th>${esc(t("stats.played"))}</th><th>${esc(t("stats.wins"))}</th><th>${esc(t("stats.win_rate"))}</th></tr></thead><tbody>${
    levels.map(([level, l]) => `<tr data-level="${esc(level)}"><td>${esc(t(`page.level.${level}`))}</td><td>${l.played}</td><td>${l.wins}</td><td>${pct(l.wins, l.played)}</td></tr>`).join("")}</tbody></table>` : "";
  return `<dl class="st-grid">${rows.map(([key, value]) =>
    `<div data-stat="${esc(key.slice(6))}"><dt>${esc(t(key))}</dt><dd>${esc(value)}</dd></div>`).join("")}</dl>
    ${s.played ? "" : `<p class="hint st-none">${esc(t("stats.none"))}</p>`}${byLevel}${chart(s.recent)}`;
}

/** hooks: {games() -> [{id, title}], current() -> gameId or null, ask(title, text, yes, no)}.
 * Adds the Stats button to the bar; opens on a home tile's "Statistics" (event "pygames:stats"). */
export function installStats(hooks) {
  const $ = (id) => document.getElementById(id);
  const button = barButton("btn-stats", "stats.button", "stats.button_title", () => show(hooks.current()));
  ($("btn-settings") || $("btn-rules"))?.before(button);
  document.addEventListener("pygames:stats", (event) => show(event.detail));

  function dialog() {
    return onceDialog("dlg-stats", { className: "wide stats-dialog", labelledBy: "stats-title", html: `<form method="dialog">
      <h2 id="stats-title"></h2>
      <label class="st-pick"><span></span><select id="stats-game"></select></label>
      <div id="stats-body"></div>
      <menu><button type="button" class="secondary" id="stats-reset"></button><button value="close" id="stats-close"></button></menu>
    </form>` }, () => {
      $("stats-game").addEventListener("change", () => fill($("stats-game").value));
      $("stats-reset").addEventListener("click", async () => {
        const gameId = $("stats-game").value;
        const title = hooks.games().find((g) => g.id === gameId)?.title || gameId;
        if (!(await hooks.ask(t("stats.reset_title"), t("stats.reset_text", { game: title }), t("stats.reset_yes"), t("stats.cancel")))) return;
        resetStats(gameId);
        fill(gameId);
      });
    });
  }

  function fill(gameId) {
    const dlg = dialog();
    const games = hooks.games();
    dlg.querySelector("#stats-title").textContent = t("stats.title");
    dlg.querySelector(".st-pick span").textContent = t("stats.game");
    const select = $("stats-game");
    select.innerHTML = games.map((g) => `<option value="${esc(g.id)}">${esc(g.title)}</option>`).join("");
    select.value = gameId;
    $("stats-body").innerHTML = statsHtml(gameId);
    $("stats-reset").textContent = t("stats.reset");
    $("stats-reset").disabled = statsOf(gameId).played === 0 && !Object.keys(statsOf(gameId).daily).length;
    $("stats-close").textContent = t("stats.close");
    dlg.dataset.game = gameId;
  }

  function show(gameId) {
    const games = hooks.games();
    if (!games.length) return;
    const id = games.some((g) => g.id === gameId) ? gameId : games[0].id;
    fill(id);
    const dlg = dialog();
    if (!dlg.open) dlg.showModal();
  }

  return { show };
}
