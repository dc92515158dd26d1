// The person's unfinished games set aside when a link replaced them: a short list per game (newest
// first, at most KEEP), kept in localStorage, and the "Saved games" dialog that brings any of them
// back - the game on the table then takes its place in the list, so nothing is ever lost.
import * as store from "../shell/store.js";
import { onceDialog } from "../shell/controls.js";
import { currentLanguage, t } from "../shell/i18n.js";

export const KEEP = 5;

/** The kept games of ``gameId``, newest first: [{save, deal, moves, at}] (damaged entries left out). */
export function keptGames(gameId) {
  return store.keptList(gameId).filter((e) => e && typeof e.save === "string");
}

/** Set ``entry`` ({save, deal, moves}) aside at the head of the list (once: the same save moves up). */
export function keep(gameId, entry) {
  const list = keptGames(gameId).filter((e) => e.save !== entry.save);
  store.setKeptList(gameId, [{ ...entry, at: Date.now() }, ...list].slice(0, KEEP));
}

/** An unfinished game on the table as a kept entry ({save, deal, moves}), or null (over, or no move yet). */
export function entryOf(state) {
  const v = state?.view;
  return v && !v.is_over && v.move_count > 0 ? { save: state.link, deal: v.deal, moves: v.move_count } : null;
}

/** host: {game (app.js: the game on the table, read-only), load(save) -> promise (adopts the state),
 * toast, render, runBots} */
export function installSaved(host) {
  const $ = (id) => document.getElementById(id);

  function dialog() {
    return onceDialog("dlg-saved", { labelledBy: "saved-title", html: `<form method="dialog">
      <h2 id="saved-title"></h2><p class="hint" id="saved-text"></p><ol id="saved-list" class="saved-list"></ol>
      <menu><button value="close" class="secondary" id="saved-close"></button></menu></form>` }, (dlg) => {
      dlg.addEventListener("click", (event) => {
        const button = event.target.closest("[data-saved-index]");
        if (!button) return;
        dlg.close();
        choose(dlg.dataset.game, Number(button.dataset.savedIndex));
      });
    });
  }

  function when(at) {
    try {
      return new Date(at).toLocaleString(currentLanguage(), { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
    } catch {
      return "";
    }
  }

  /** The dialog listing the kept games of ``gameId``, each a button that brings it back. */
  function open(gameId) {
    const dlg = dialog();
    dlg.dataset.game = gameId;
    $("saved-title").textContent = t("page.saved.title");
    $("saved-text").textContent = t("page.saved.text");
    $("saved-close").textContent = t("page.close");
    const list = $("saved-list");
    list.replaceChildren(...keptGames(gameId).map((entry, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.savedIndex = String(index);
      button.textContent = t(entry.deal > 1 ? "page.saved.item_deal" : "page.saved.item",
        { deal: entry.deal, moves: entry.moves, when: when(entry.at) });
      const item = document.createElement("li");
      item.append(button);
      return item;
    }));
    if (!dlg.open) dlg.showModal();
  }

  /** Bring back kept game ``index``; the unfinished game on the table is kept in its place. */
  async function choose(gameId, index) {
    const list = keptGames(gameId);
    const entry = list[index];
    if (!entry) return;
    const current = host.game.gameId === gameId ? entryOf(host.game.state) : null;
    list.splice(index, 1);
    try {
      await host.load(entry.save);
    } catch {
      store.setKeptList(gameId, list);          // a damaged save: said, and dropped; the others stay
      host.toast(t("page.saved.broken"));
      return;
    }
    store.setKeptList(gameId, list);
    if (current) keep(gameId, current);
    host.render();
    host.runBots();
  }

  return { open, choose };
}
