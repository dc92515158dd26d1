// The address's fragment (index.html#...), read and written in this one place. What it may say:
//
//   (nothing)          the home screen
//   <game>             that game: the person's save of it, or a new one
//   daily:<game>       the game's deal of the day (daily.js)
//   <game>?learn=<n>   the game's lesson n: 1 a guided first deal, then any more (learn.js)
//   <game>?<query>     a link the engine made (pygames/links.py): a challenge, a position, or -
//                      with r= in its query - a replay for the viewer (replay.js)
//   r.<base64url>      a remote table's invitation or message (pygames/remote, remote.js)
//   s.<base64url>      a live remote table's connection link (pygames/remote/signals.py, live.js)
//   table:<id>         a remote table stored in this browser, shown again (a reload keeps it)
//
// The query's fields (v, p, o, s, n, m, w, r, h) belong to the engine; the page reads only r (a
// replay) and what identifies a match (stats.js). Nothing here knows a game: ``ids`` are the
// playable games' ids.

const DAILY = "daily:";
const REMOTE = "r.";
const SIGNAL = "s.";
const TABLE = "table:";

/** What ``fragment`` (the address's part after '#', decoded) asks for:
 *  {kind: "home"}, {kind: "game", gameId}, {kind: "daily", gameId}, {kind: "learn", gameId, n},
 *  {kind: "remote", fragment}, {kind: "table", table} (a stored remote table's id), or, for a link,
 *  {kind: "replay" | "link", gameId, fragment} - there gameId is null when it names no playable game
 *  (the engine then says what is wrong with the link). */
export function route(fragment, ids) {
  fragment = String(fragment || "");
  if (!fragment) return { kind: "home" };
  if (fragment.startsWith(REMOTE) || fragment.startsWith(SIGNAL)) return { kind: "remote", gameId: null, fragment };
  if (fragment.startsWith(TABLE)) return { kind: "table", gameId: null, table: fragment.slice(TABLE.length) };
  if (ids.includes(fragment)) return { kind: "game", gameId: fragment };
  if (fragment.startsWith(DAILY) && ids.includes(fragment.slice(DAILY.length))) {
    return { kind: "daily", gameId: fragment.slice(DAILY.length) };
  }
  const named = gameOfLink(fragment);
  const lesson = linkParams(fragment).get("learn");
  if (ids.includes(named) && /^[1-9]$/.test(lesson ?? "")) return { kind: "learn", gameId: named, n: Number(lesson) };
  return { kind: linkParams(fragment).has("r") ? "replay" : "link", gameId: ids.includes(named) ? named : null, fragment };
}

/** The fragment of the address now, decoded (without '#'). */
export function currentFragment() {
  return decodeURIComponent(location.hash.slice(1));
}

/** The game a link names (its part before '?'), whether or not it is playable. */
export function gameOfLink(link) {
  return String(link || "").split("?")[0];
}

/** A link's query fields (URLSearchParams). */
export function linkParams(link) {
  return new URLSearchParams(String(link || "").split("?")[1] || "");
}

/** The fragment of a game's deal of the day. */
export const dailyFragment = (gameId) => `${DAILY}${gameId}`;

/** The fragment of a game's lesson ``n`` (its first, a guided first deal; then any later ones). */
export const learnFragment = (gameId, n = 1) => `${gameId}?learn=${n}`;

/** The fragment that shows a stored remote table again. */
export const tableFragment = (table) => `${TABLE}${table}`;

// ---- writing the address ---------------------------------------------------------------------
// Every write of the address goes through these. The game's own link follows the game
// (``followGame``: a reload or a bookmark reopens it) at most once every FOLLOW_GAP_MS: browsers
// refuse a page that rewrites its address faster (Safari throws after 100 writes in 10 to 30 s,
// Chromium drops writes past 200 in 10 s), and bots at the instant pace move faster than that. The
// address may then be a few moves behind the game (and a write due may still land while a reload is
// under way), so the tab keeps (sessionStorage) the last links of its game, those it wrote and those
// it opened: a reload that finds one of them knows the address lagged (``laggedAddress``) and resumes
// the game's save, which is always up to date. Other writes take the pending link along (a new
// history entry keeps the latest game behind it) or drop it (a replaced address is no longer the
// game's), and a link due is never written over an address the person went to meanwhile
// (``takeAddress``: the page then shows what it asks).

const FOLLOW_GAP_MS = 400;
const FOLLOWED = "pygames:followed";
const FOLLOWED_KEPT = 8;
let pendingLink = null;
let followTimer = 0;
let lastFollow = -Infinity;
let shown = null;            // the fragment the page last wrote or took (null: none yet)

const hrefOf = (fragment) => (fragment ? `#${fragment}` : location.pathname + location.search);

function dropPending() {
  clearTimeout(followTimer);
  followTimer = 0;
  pendingLink = null;
}

function writeFollowed(link) {
  dropPending();
  if (shown !== null && currentFragment() !== shown) return;    // the person went elsewhere: theirs
  replaceAddress(link);
  lastFollow = performance.now();     // after the write: the next is FOLLOW_GAP_MS after it, whatever it took
  noteAddress(link);
}

/** Note ``fragment`` as an address of this tab's game (one it wrote, or a link it opened). */
export function noteAddress(fragment) {
  try {
    const kept = [...followed().filter((l) => l !== fragment), fragment].slice(-FOLLOWED_KEPT);
    sessionStorage.setItem(FOLLOWED, JSON.stringify(kept));
  } catch { /* no session storage: a reload then opens the address as it is */ }
}

/** The address changed by the person's hand (a link opened, Back, Forward): it is the page's now,
 *  and a link due for the game before it is dropped. */
export function takeAddress() {
  dropPending();
  shown = currentFragment();
}

/** Show the game's link in the address, now (``now``) or within FOLLOW_GAP_MS of the last time. */
export function followGame(link, { now = false } = {}) {
  const wait = lastFollow + FOLLOW_GAP_MS - performance.now();
  if (now || (wait <= 0 && !followTimer)) return writeFollowed(link);
  pendingLink = link;
  if (!followTimer) followTimer = setTimeout(() => writeFollowed(pendingLink), Math.max(0, wait));
}

/** Write the game's pending link now (before something else reads or writes the address). */
export function flushAddress() {
  if (pendingLink !== null) writeFollowed(pendingLink);
}

/** Replace the address with ``fragment`` (none: the plain page), unless it says that already; the
 *  game's pending link is dropped. */
export function replaceAddress(fragment) {
  dropPending();
  const already = fragment ? currentFragment() === fragment : !location.hash;
  if (!already) history.replaceState(null, "", hrefOf(fragment));
  shown = fragment || "";
}

/** A new history entry at ``fragment`` (none: the plain page), the game's latest link kept behind it. */
export function pushAddress(fragment) {
  flushAddress();
  history.pushState(null, "", hrefOf(fragment));
  shown = fragment || "";
}

/** The links of this tab's game it noted last, oldest first. */
function followed() {
  try {
    const list = JSON.parse(sessionStorage.getItem(FOLLOWED));
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Whether ``fragment`` is a link of this tab's game lately (``noteAddress``): an address that may
 *  lag its game. */
export function laggedAddress(fragment) {
  return Boolean(fragment) && followed().includes(fragment);
}
