// What the page keeps in localStorage: each game's save (to resume after a reload), its settings,
// the bots' level and pace last chosen, and the last game played. A broken or missing store never stops
// the page.

const KEY = "pygames:";

/** The localStorage key of record ``name`` (what a storage event names). */
export const storageKey = (name) => KEY + name;

function read(name) {
  try {
    const raw = localStorage.getItem(KEY + name);
    return raw == null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

// ---- a full storage: what may make room, and who tells the person when nothing can ----------------
export const isQuotaError = (err) => err instanceof DOMException &&
  (err.name === "QuotaExceededError" || err.name === "NS_ERROR_DOM_QUOTA_REACHED");
const roomMakers = [];      // each frees something that may go (a finished remote table) and says if it did
let tellFull = null;
let toldFull = false;

/** ``makeRoom()``: free something that may go, true if it did; ``tell()``: say, once a visit, that
 * what the person plays is not being saved. */
export function whenFull({ makeRoom, tell }) {
  if (makeRoom) roomMakers.push(makeRoom);
  if (tell) tellFull = tell;
}

/** localStorage.setItem, making room when the storage is full (with ``makeRoom`` if given, else
 * with what ``whenFull`` was given); throws the quota error when nothing more can go. ``text`` may
 * be a function giving it: it is asked again after room is made (what was removed may be in it). */
export function setItemMakingRoom(key, text, makeRoom = null) {
  for (;;) {
    try {
      localStorage.setItem(key, typeof text === "function" ? text() : text);
      return;
    } catch (err) {
      if (!isQuotaError(err) || !(makeRoom ? makeRoom() : roomMakers.some((make) => make()))) throw err;
    }
  }
}

function write(name, value) {
  try {
    if (value == null) localStorage.removeItem(KEY + name);
    else setItemMakingRoom(KEY + name, JSON.stringify(value));
  } catch (err) {
    // storage full or disabled: the game goes on without saving (said once, when it is full)
    if (isQuotaError(err) && tellFull && !toldFull) {
      toldFull = true;
      tellFull();
    }
  }
}

export const loadSave = (gameId) => {
  const save = read(`save:${gameId}`);
  return typeof save === "string" ? save : null;
};
export const saveGame = (gameId, save) => write(`save:${gameId}`, save);
export const dropSave = (gameId) => write(`save:${gameId}`, null);
export const lastGame = () => read("last");
export const setLastGame = (gameId) => write("last", gameId);
// A game's settings are its own, but the bots' level and pace the person last chose (in any game's
// Settings) hold for every game they have not set yet: someone who picked Hard or Fast once means it
// for the next game too, not Normal again. Each game keeps its own once set: a person may want Hard
// bots at a game they know and Easy ones at a game they are learning.
const CARRIED = ["level", "speed"];
export const settings = (gameId) => {
  const s = read(`settings:${gameId}`);
  const own = s && typeof s === "object" ? s : {};
  const last = read("choices");
  const carried = {};
  for (const key of CARRIED) if (typeof last?.[key] === "string") carried[key] = last[key];
  return { ...carried, ...own };
};
export const setSettings = (gameId, value) => {
  write(`settings:${gameId}`, value);
  const chosen = Object.fromEntries(CARRIED.filter((key) => typeof value?.[key] === "string").map((key) => [key, value[key]]));
  if (Object.keys(chosen).length) write("choices", { ...(read("choices") || {}), ...chosen });
};
// the unfinished games set aside when links replaced them (saved.js): a list, newest first; a single
// save string (one kept game, an older form of the record) still reads as a list of one
export const keptList = (gameId) => {
  const kept = read(`kept:${gameId}`);
  if (typeof kept === "string") return [{ save: kept, deal: 1, moves: 0, at: 0 }];
  return Array.isArray(kept) ? kept : [];
};
export const setKeptList = (gameId, list) => write(`kept:${gameId}`, list.length ? list : null);

// a feature's own record (statistics, the daily deal): any JSON value under its name
export const loadRecord = (name) => read(name);
export const saveRecord = (name, value) => write(name, value);
