// "why?" on a bot's move: the recent-moves line (recent.js) offers a small button beside each
// move a bot made this deal; pressing it asks the engine (bridge "why": the bot's own rules of thumb,
// the Hint's reasons, worked out from its view before the move and said only about the move itself and
// what is public) and shows the reason under the line, in the page's language. An answer belongs to
// the moves on show: the next move or a redraw of the line puts it away.
import { t } from "../shell/i18n.js";

/** ``offered(seat)``: whether that seat's moves may be asked about (a bot at a local table).
 * Returns what recent.render takes: {offer(seat), key(players), ask(index, moveText, line)}. */
export function install({ game, offered }) {
  let asking = 0;           // the latest question: an earlier answer arriving late is dropped

  async function ask(index, moveText, line) {
    const mine = ++asking;
    const link = game.state?.link;
    line.hidden = false;
    line.textContent = t("why.asking");
    let text;
    try {
      const answer = await game.engine.call("why", { index });
      text = t("why.line", { move: moveText, reason: answer.reason || { key: "why.none" } });
    } catch (err) {
      text = t("why.failed", { reason: err.message });
    }
    if (mine !== asking || game.state?.link !== link || !line.isConnected) return;
    line.textContent = text;
    line.dataset.whyIndex = String(index);
    line.scrollIntoView({ block: "nearest" });      // under an open log it may be below the fold (a phone)
  }

  return {
    offer: (seat) => Boolean(game.state) && seat !== game.state.seat && offered(seat),
    /** What the offer depends on, for the line's "redraw only on change" key. */
    key: (players) => Array.from({ length: players || 0 }, (_, s) => (s !== game.state?.seat && offered(s) ? 1 : 0)).join(""),
    ask,
  };
}
