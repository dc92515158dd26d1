// A new game's first look: when the page deals a game the person has not seen yet - one chosen in the
// header or on the home screen, named by an address, or played after a lesson - and a bot is to move
// first, the bots wait for the person's Start. The table shows meanwhile, with a line over it saying
// who moves first and against which bots at what pace, and a way to Settings: a bid or a card a bot
// has played cannot be taken back to play it at another level. A game resumed or opened from a link,
// the daily deal, a lesson, watch mode and New game at the table itself (the person is there, its
// settings chosen) go on at once; so does a game where the person moves first.
import { esc } from "../shell/html.js";
import { t } from "../shell/i18n.js";

/** hooks: {game (app.js: the game on the table, read-only), mayWait() (false in watch mode, at a
 * remote table, at home), botFirst() (a bot is to move), words() ({level, speed}: their names),
 * start() (the bots go on), settings() (the dialog)}. */
export function installFirstLook(hooks) {
  const { game } = hooks;
  const waiting = new Set();        // links of the new games whose bots wait for Start
  const bar = document.createElement("div");
  bar.id = "first-look";
  bar.className = "daily-banner first-look";
  bar.hidden = true;
  document.getElementById("table")?.before(bar);
  bar.addEventListener("click", (event) => {
    if (event.target.closest("[data-first-look-start]")) {
      waiting.delete(game.state?.link);
      bar.hidden = true;
      hooks.start();
    } else if (event.target.closest("[data-first-look-settings]")) hooks.settings();
  });

  /** Whether the bots of the game on the table wait for the person's first look. */
  const holds = () => Boolean(game.state) && waiting.has(game.state.link) && hooks.mayWait();

  return {
    /** The game just dealt (``state``) waits for a first look before any bot moves. */
    arm(state) { waiting.add(state.link); },
    holds,
    /** After each redraw: the line over the table while the bots wait (and the status line saying
     * what to press, not that a bot is playing), its Start in focus once. */
    decorate(status) {
      const show = holds() && hooks.botFirst();
      const fresh = show && bar.hidden;
      bar.hidden = !show;
      if (!show) return;
      const who = game.state.view.current_player;
      if (status) status.textContent = t("page.first_look.status", { who });
      const { level, speed } = hooks.words();
      const words = t("page.first_look", { who, level, speed });
      if (bar.dataset.words !== words) {
        bar.dataset.words = words;
        bar.innerHTML = `<span class="daily-label">${esc(words)}</span>
          <button type="button" class="primary" data-first-look-start>${esc(t("page.first_look.start"))}</button>
          <button type="button" class="link" data-first-look-settings>${esc(t("page.first_look.settings"))}</button>`;
      }
      if (fresh && !document.querySelector("dialog[open]")) bar.querySelector("[data-first-look-start]").focus({ preventScroll: true });
    },
  };
}
