// The address's fragment (index.html#...), read and written in this one place. What it may say:
//
//   (nothing)          the home screen
//   <game>             that game: the person's save of it, or a new one
//   daily:<game>       the game's deal of the day (daily.js)
//   <game>?learn=1     the game's lesson: a guided first deal (learn.js)
//   <game>?<query>     a link the engine made (pygames/links.py): a challenge, a position, or -
//                      with r= in its query - a replay for the viewer (replay.js)
//   r.<base64url>      a remote table's invitation or message (pygames/remote, remote.js)
//   table:<id>         a remote table stored in this browser, shown again (a reload keeps it)
//
// The query's fields (v, p, o, s, n, m, w, r, h) belong to the engine; the page reads only r (a
// replay) and what identifies a match (stats.js). Nothing here knows a game: ``ids`` are the
// playable games' ids.

const DAILY = "daily:";
const REMOTE = "r.";
const TABLE = "table:";

/** What ``fragment`` (the address's part after '#', decoded) asks for:
 *  {kind: "home"}, {kind: "game", gameId}, {kind: "daily", gameId}, {kind: "learn", gameId},
 *  {kind: "remote", fragment}, {kind: "table", table} (a stored remote table's id), or, for a link,
 *  {kind: "replay" | "link", gameId, fragment} - there gameId is null when it names no playable game
 *  (the engine then says what is wrong with the link). */
export function route(fragment, ids) {
  fragment = String(fragment || "");
  if (!fragment) return { kind: "home" };
  if (fragment.startsWith(REMOTE)) return { kind: "remote", gameId: null, fragment };
  if (fragment.startsWith(TABLE)) return { kind: "table", gameId: null, table: fragment.slice(TABLE.length) };
  if (ids.includes(fragment)) return { kind: "game", gameId: fragment };
  if (fragment.startsWith(DAILY) && ids.includes(fragment.slice(DAILY.length))) {
    return { kind: "daily", gameId: fragment.slice(DAILY.length) };
  }
  const named = gameOfLink(fragment);
  if (ids.includes(named) && linkParams(fragment).get("learn") === "1") return { kind: "learn", gameId: named };
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

/** The fragment of a game's lesson. */
export const learnFragment = (gameId) => `${gameId}?learn=1`;

/** The fragment that shows a stored remote table again. */
export const tableFragment = (table) => `${TABLE}${table}`;
