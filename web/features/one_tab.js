// One tab at a time plays each of the person's games. The page saves a game after every move, so two
// tabs showing the same game (the person's own game of a kind, or its daily deal) would each save over
// the other's moves, and the game would lose whatever one of them played. So the tab that puts a game
// on its table claims it (a small record in localStorage); every other tab showing it hears the claim
// (the browser's storage event) - or finds it when it next would save - stops its bots, saves
// nothing more and covers its table, whose state is older than what the claiming tab will save. Its
// "Play here" puts the saved state on its table and claims the game back.
import * as store from "../shell/store.js";
import { onceDialog } from "../shell/controls.js";
import { t } from "../shell/i18n.js";

const TAB = tabId();

/** This tab's id: kept across its reloads (sessionStorage), so that a tab reloaded - by the person,
 * or for a new version while it was in the background - is still the one that plays its game; any
 * other load (a new tab, a duplicated one, which copies sessionStorage) takes a new id. */
function tabId() {
  const KEY = "pygames:tab";
  try {
    const reload = performance.getEntriesByType?.("navigation")?.[0]?.type === "reload";
    const kept = sessionStorage.getItem(KEY);
    if (reload && kept) return kept;
    const id = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
    sessionStorage.setItem(KEY, id);
    return id;
  } catch {
    return `${Date.now()}-${Math.random()}`;          // no sessionStorage: a new id each load
  }
}

const claimName = (slot) => `live:${slot}`;

/** The save slot of a game on the table: the own game of ``gameId``, or its daily deal. */
export const slotOf = (gameId, daily) => (daily ? `daily:${gameId}` : `game:${gameId}`);

/** Whether no other tab has claimed ``slot`` since this one did (or nobody ever claimed it). */
export function mine(slot) {
  const owner = store.loadRecord(claimName(slot));
  return owner == null || owner === TAB;
}

/**
 * host: {showing() -> the slot whose table this tab shows, or null (home, a remote table, a lesson);
 * leave() (the table stops: its bots and any answer still coming); home() (the home screen instead);
 * playHere(slot) -> promise (the slot's saved state on the table; it claims it)}.
 * Returns {claim(slot): this tab plays ``slot`` from now on (unless it is in the background and
 * another tab plays it); mayKeep(slot): whether this tab may save ``slot`` - if another tab claimed
 * it, this one leaves the table, covered, and saves nothing}.
 */
export function installOneTab(host) {
  window.addEventListener("storage", (event) => {
    const slot = host.showing();
    if (slot && event.key === store.storageKey(claimName(slot)) && !mine(slot)) yieldTable(slot);
  });

  function yieldTable(slot) {
    host.leave();
    const dlg = onceDialog("dlg-one-tab", { className: "handover", labelledBy: "one-tab-title", describedBy: "one-tab-text",
      html: `<form method="dialog"><h2 id="one-tab-title"></h2><p id="one-tab-text"></p>` +
        `<menu><button id="one-tab-home" value="home" class="secondary"></button>` +
        `<button id="one-tab-here" value="here" autofocus></button></menu></form>` }, (d) => {
      // only the button brings the table back: what it shows is older than the other tab's
      d.addEventListener("cancel", (event) => event.preventDefault());
      d.querySelector("#one-tab-here").addEventListener("click", async (event) => {
        event.preventDefault();
        d.close();
        await host.playHere(d.dataset.slot);
      });
      d.querySelector("#one-tab-home").addEventListener("click", (event) => {
        event.preventDefault();
        d.close();
        host.home();
      });
    });
    dlg.dataset.slot = slot;
    dlg.querySelector("#one-tab-title").textContent = t("page.one_tab.title");
    dlg.querySelector("#one-tab-text").textContent = t("page.one_tab.text");
    dlg.querySelector("#one-tab-here").textContent = t("page.one_tab.here");
    dlg.querySelector("#one-tab-home").textContent = t("page.one_tab.home");
    if (!dlg.open) dlg.showModal();
    dlg.querySelector("#one-tab-here").focus();
  }

  return {
    claim(slot) {
      const owner = store.loadRecord(claimName(slot));
      if (owner === TAB) return;
      // a tab in the background (one a new version reloaded, or a link opened behind the one in use)
      // does not take the game from another: it covers its table, and takes it when asked
      if (document.hidden && owner != null) yieldTable(slot);
      else store.saveRecord(claimName(slot), TAB);
    },
    mayKeep(slot) {
      if (mine(slot)) return true;
      yieldTable(slot);
      return false;
    },
  };
}
