// The Hint button (and key H): on the person's turn it asks the engine what the Hard bot would play
// from the person's own view (bridge method "hint": {move, reason}), marks every element of the table
// that move uses - its buttons, where it starts, where it goes and each card it names that the person
// picks (move_marks.js), for any layout - and says why in one line when the game can.
// A hint belongs to the position it was asked in: any move, undo or new game puts it away.
import { t } from "../shell/i18n.js";
import { moveElements } from "../table/move_marks.js";

const HINTED = "hinted";
let page = null;       // {game, render, canHint}
let shown = null;      // {link, move, reason}
let asking = null;     // the link a hint is being asked for

/** Wire the button; ``canHint()`` says whether the person may ask now (their turn, no bot moving). */
export function install({ game, render, canHint }) {
  page = { game, render, canHint };
  document.getElementById("btn-hint")?.addEventListener("click", ask);
}

/** Ask for a hint (the button, or the key H). A late answer for another position is dropped. */
export async function ask() {
  if (!page || !page.canHint()) return;
  const { game } = page;
  const link = game.state.link;
  if (shown?.link === link || asking === link) return;
  asking = link;
  line(t("hint.asking"));
  try {
    const answer = await game.engine.call("hint", {});
    if (game.state?.link !== link) return;
    shown = { link, move: answer.move, reason: answer.reason };
  } catch (err) {
    if (game.state?.link === link) line(t("hint.failed", { reason: err.message }));
    return;
  } finally {
    if (asking === link) asking = null;
  }
  page.render();
}

/** After each redraw: mark the hinted move's elements, show its reason, enable the button. */
export function decorate(table, ctx) {
  if (!page) return;
  const button = document.getElementById("btn-hint");
  const may = page.canHint();
  if (button) button.disabled = !may;
  const link = page.game.state?.link;
  if (!shown || shown.link !== link || !may) {
    if (shown && shown.link !== link) shown = null;
    if (asking !== link || !may) line(null);
    return;
  }
  for (const el of hintedElements(table, shown.move, page.game.layout)) el.classList.add(HINTED);
  line(`${t("hint.label")} ${shown.reason ? t(shown.reason) : t("hint.no_reason")}`);
}

/** The shown hint (for tests and other modules): {move, reason} or null. */
export function current() {
  return shown && shown.link === page?.game.state?.link ? { move: shown.move, reason: shown.reason } : null;
}

/** Every element of ``table`` the move uses (move_marks.js), as the Hint marks them. */
export function hintedElements(table, move, layout) {
  const { moves, sources, targets, cards } = moveElements(table, move, layout);
  return [...new Set([...moves, ...sources, ...targets, ...cards])];
}

/** The hint's line under the table (made on first use), or hidden when ``text`` is null. */
function line(text) {
  let el = document.getElementById("hint-text");
  if (!el && text == null) return;
  if (!el) {
    el = document.createElement("p");
    el.id = "hint-text";
    el.className = "hint-text";
    el.setAttribute("aria-live", "polite");
    document.getElementById("status").after(el);
  }
  el.hidden = text == null;
  if (text != null) el.textContent = text;
}
