// The daily deal: for every game one deal a day, the same for everyone (its seed comes from the local
// date and the game's id), default players and options, bots at Normal. It is played once for a
// result - the first deal's, taken from the engine (`state.result.first`) - and that result can be
// shared as a short text with the deal's challenge link. Nothing here knows a game.
//
// The daily has its own save slot (`daily:<game>` in store.js), apart from the person's own game of
// that kind, which it never touches; a banner over the table says which one is shown. The address is
// #daily:<game> while it shows, so a reload comes back to it.
import * as store from "../shell/store.js";
import { esc, num } from "../shell/html.js";
import { t } from "../shell/i18n.js";
import { recordDaily, today } from "./stats.js";
import { barButton, onceDialog } from "../shell/controls.js";
import { dailyFragment, pushAddress, replaceAddress } from "../shell/route.js";

const $ = (id) => document.getElementById(id);

/** The seed of ``gameId``'s deal on ``date`` (YYYY-MM-DD): FNV-1a of both, a whole number below
 * 2**32 (the engine takes any below 2**64). Stable everywhere: the same for everyone that day. */
export function dailySeed(gameId, date) {
  let h = 0x811c9dc5;
  for (const ch of `pygames-daily|${date}|${gameId}`) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function recordOf(gameId) {
  const rec = store.loadRecord(`daily:${gameId}`);
  return rec && typeof rec === "object" && typeof rec.date === "string" ? rec : null;
}

const saveRecord = (gameId, rec) => store.saveRecord(`daily:${gameId}`, rec);

/** Puzzle-site marks: ♠ a win, ♤ a loss, ♢ a draw; one to three by how clear the margin is. */
function marks(first) {
  const scale = Math.max(1, Math.abs(first.score), Math.abs(first.best_other));
  const n = 1 + (Math.abs(first.margin) / scale > 0.2) + (Math.abs(first.margin) / scale > 0.5);
  return ({ win: "♠", loss: "♤", draw: "♢" }[first.outcome] || "♢").repeat(n);
}

/** The short text to share: game, date, result and the deal's challenge link. */
export function shareText(gameTitle, rec, base = `${location.origin}${location.pathname}`) {
  const f = rec.first;
  return t("daily.share_text", {
    game: gameTitle, date: rec.date, outcome: t(`daily.share_outcome.${f.outcome}`),
    score: num(f.score), other: num(f.best_other), marks: marks(f),
  }) + `\n${base}#${rec.challenge}`;
}

/** hooks: {game (app.js: the game on the table, read-only; game.daily: the daily deal on it), engine(),
 * show(gameId, state, daily), leave(gameId), gameTitle(id), notice, toast, render(), runBots()}.
 * Returns what app.js calls: open, adopt, refresh. */
export function installDaily(hooks) {
  const { game } = hooks;

  const dailyButton = barButton("btn-daily", "daily.button", "daily.button_title", async () => {
    if (!game.gameId) return;
    if (game.daily?.gameId === game.gameId && game.daily.date === today()) return showResultOrNote(game.gameId);
    pushAddress(dailyFragment(game.gameId));
    await openAndPlay(game.gameId);
  });
  dailyButton.disabled = true;
  $("btn-new")?.before(dailyButton);

  const banner = document.createElement("div");
  banner.id = "daily-banner";
  banner.className = "daily-banner";
  banner.hidden = true;
  $("table")?.before(banner);
  banner.addEventListener("click", async (event) => {
    if (event.target.closest("[data-daily-result]")) return showResultOrNote(game.gameId);
    if (event.target.closest("[data-daily-leave]")) {
      const gameId = game.gameId;
      await hooks.leave(gameId);
    }
  });

  async function openAndPlay(gameId) {
    try {
      await open(gameId);
    } catch (err) {
      hooks.toast(t("daily.load_failed", { reason: err.message }));
    }
    hooks.render();
    hooks.runBots();
  }

  /** Put today's deal of ``gameId`` on the table: the one begun today, else a fresh one. */
  async function open(gameId) {
    const date = today();
    let rec = recordOf(gameId);
    let state = null;
    if (rec && rec.date === date && typeof rec.save === "string") {
      // played already: the table as the result was made (the first deal's end), with the result
      const where = rec.first && typeof rec.ended === "string" ? rec.ended : rec.save;
      try {
        state = await hooks.engine().call("load", { save: where });
      } catch {
        state = null;              // a broken daily save: deal today's deal afresh (its result stays)
      }
    }
    if (!state) {
      state = await hooks.engine().call("new", { game: gameId, players: null, options: {}, seed: dailySeed(gameId, date) });
      const first = rec && rec.date === date ? rec.first : null;
      rec = { date, seed: dailySeed(gameId, date), challenge: state.link, save: state.link, first };
      saveRecord(gameId, rec);
    }
    hooks.show(gameId, state, { gameId, date });
    refresh();
    if (rec.first) showResult(gameId);
  }

  /** Every state the page adopts while the daily shows: its own save; the first deal's result. */
  function adopt(state) {
    const { gameId, date } = game.daily;
    const rec = recordOf(gameId);
    if (!rec || rec.date !== date) return;
    rec.save = state.link;
    const first = state.result?.first;
    const fresh = !rec.first && first && state.result.deals >= 1;
    if (fresh) {
      rec.first = first;
      rec.ended = state.link;
      recordDaily(gameId, date, first.outcome);
    }
    saveRecord(gameId, rec);
    replaceAddress(dailyFragment(gameId));
    if (fresh) {
      hooks.notice(`${t("daily.recorded", { date })} ${resultLine(first)}`,
        { label: t("daily.share"), action: () => showResult(gameId) });
      refresh();
    }
  }

  function resultLine(first) {
    return t(`daily.result.${first.outcome}`, { score: num(first.score), other: num(first.best_other) });
  }

  /** The banner over the table: which game is shown (the daily of a date) and the way back. */
  function refresh() {
    dailyButton.disabled = !game.state;
    const showing = Boolean(game.daily && game.daily.gameId === game.gameId) &&
      document.documentElement.dataset.view !== "home";
    banner.hidden = !showing;
    document.documentElement.classList.toggle("daily-on", showing);
    if (!showing) return;
    const played = Boolean(todaysResultFor(game.daily));
    const label = t(played ? "daily.banner_played" : "daily.banner", { date: game.daily.date });
    if (banner.dataset.label === label + currentWords()) return;
    banner.dataset.label = label + currentWords();
    banner.innerHTML = `<span class="daily-label">${esc(label)}</span>
      ${played ? `<button type="button" class="link" data-daily-result>${esc(t("daily.see_result"))}</button>` : `<span class="daily-note">${esc(t("daily.note"))}</span>`}
      <button type="button" class="link" data-daily-leave>${esc(t("daily.back"))}</button>`;
  }

  const currentWords = () => t("daily.back");     // a language change redraws the banner
  const todaysResultFor = (daily) => {
    const rec = recordOf(daily.gameId);
    return rec && rec.date === daily.date ? rec.first : null;
  };

  function showResultOrNote(gameId) {
    if (todaysResultFor(game.daily || { gameId, date: today() })) showResult(gameId);
    else hooks.toast(t("daily.note"));
  }

  function dialog() {
    return onceDialog("dlg-daily", { className: "daily-dialog", labelledBy: "daily-title", html: `<form method="dialog">
      <h2 id="daily-title"></h2>
      <p class="daily-result" id="daily-result"></p>
      <p class="hint" id="daily-once"></p>
      <textarea id="daily-share-text" class="daily-share-text" readonly rows="4" aria-labelledby="daily-share-label"></textarea>
      <p class="hint" id="daily-share-label"></p>
      <menu><button type="button" id="daily-copy"></button><button value="close" class="secondary" id="daily-close"></button></menu>
    </form>` }, () => {
      $("daily-copy").addEventListener("click", async () => {
        const text = $("daily-share-text").value;
        try {
          await navigator.clipboard.writeText(text);
          $("daily-share-label").textContent = t("daily.copied");
        } catch {
          $("daily-share-label").textContent = t("daily.copy_this");
        }
        $("daily-share-text").select();
      });
    });
  }

  /** The result of today's daily with its share text (selectable; Copy puts it on the clipboard). */
  function showResult(gameId) {
    const rec = recordOf(gameId);
    if (!rec?.first) return;
    const dlg = dialog();
    $("daily-title").textContent = t("daily.result_title", { game: hooks.gameTitle(gameId), date: rec.date });
    $("daily-result").textContent = resultLine(rec.first);
    $("daily-result").dataset.outcome = rec.first.outcome;
    $("daily-once").textContent = t("daily.once");
    $("daily-share-text").value = shareText(hooks.gameTitle(gameId), rec);
    $("daily-share-label").textContent = t("daily.share_label");
    $("daily-copy").textContent = t("daily.copy");
    $("daily-close").textContent = t("daily.close");
    if (!dlg.open) dlg.showModal();
  }

  /** Whether the daily deal on the table is still being played for its result: its first deal has
   * no result yet. No move is taken back then (undo, restart): the result is the first try's. */
  function contest() {
    if (!game.daily) return false;
    const rec = recordOf(game.daily.gameId);
    return Boolean(rec && rec.date === game.daily.date && !rec.first);
  }

  return { open, openAndPlay, adopt, refresh, showResult, contest };
}
