// What the page keeps in localStorage: each game's save (to resume after a reload), its settings,
// and the last game played. A broken or missing store never stops the page.

const KEY = "pygames:";

function read(name) {
  try {
    const raw = localStorage.getItem(KEY + name);
    return raw == null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

function write(name, value) {
  try {
    if (value == null) localStorage.removeItem(KEY + name);
    else localStorage.setItem(KEY + name, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the game goes on without saving */
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
export const settings = (gameId) => {
  const s = read(`settings:${gameId}`);
  return s && typeof s === "object" ? s : {};
};
export const setSettings = (gameId, value) => write(`settings:${gameId}`, value);
// the unfinished games set aside when links replaced them (saved.js): a list, newest first; a single
// save string is what earlier versions kept
export const keptList = (gameId) => {
  const kept = read(`kept:${gameId}`);
  if (typeof kept === "string") return [{ save: kept, deal: 1, moves: 0, at: 0 }];
  return Array.isArray(kept) ? kept : [];
};
export const setKeptList = (gameId, list) => write(`kept:${gameId}`, list.length ? list : null);

// a feature's own record (statistics, the daily deal): any JSON value under its name
export const loadRecord = (name) => read(name);
export const saveRecord = (name, value) => write(name, value);
