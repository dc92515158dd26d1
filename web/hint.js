// The Hint button (and key H): on the person's turn it asks the engine what the Hard bot would play
// from the person's own view (bridge method "hint": {move, reason}), marks that move on the table -
// the elements whose data-move is the move, whose data-source is where it starts and whose
// data-target is where it goes, for any layout - and says why in one line when the game can.
// A hint belongs to the position it was asked in: any move, undo or new game puts it away.
import { t } from "./i18n.js";

const HINTED = "hinted";
let page = null;       // {app, render, canHint}
let shown = null;      // {link, move, reason}
let asking = null;     // the link a hint is being asked for

/** Wire the button; ``canHint()`` says whether the person may ask now (their turn, no bot moving). */
export function install({ app, render, canHint }) {
  page = { app, render, canHint };
  document.getElementById("btn-hint")?.addEventListener("click", ask);
}

/** Ask for a hint (the button, or the key H). A late answer for another position is dropped. */
export async function ask() {
  if (!page || !page.canHint()) return;
  const { app } = page;
  const link = app.state.link;
  if (shown?.link === link || asking === link) return;
  asking = link;
  line(t("hint.asking"));
  try {
    const answer = await app.engine.call("hint", {});
    if (app.state?.link !== link) return;
    shown = { link, move: answer.move, reason: answer.reason };
  } catch (err) {
    if (app.state?.link === link) line(t("hint.failed", { reason: err.message }));
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
  const link = page.app.state?.link;
  if (!shown || shown.link !== link || !may) {
    if (shown && shown.link !== link) shown = null;
    if (asking !== link || !may) line(null);
    return;
  }
  for (const el of hintedElements(table, shown.move, page.app.layout)) el.classList.add(HINTED);
  line(`${t("hint.label")} ${shown.reason ? t(shown.reason) : t("hint.no_reason")}`);
}

/** The shown hint (for tests and other modules): {move, reason} or null. */
export function current() {
  return shown && shown.link === page?.app.state?.link ? { move: shown.move, reason: shown.reason } : null;
}

function hintedElements(table, move, layout) {
  const found = [];
  const want = canonical(move);
  for (const el of table.querySelectorAll("[data-move]")) {
    try { if (canonical(JSON.parse(el.dataset.move)) === want) found.push(el); } catch { /* not JSON */ }
  }
  const source = layout?.sourceOf?.(move);
  const target = layout?.targetOf?.(move);
  if (source != null) found.push(...table.querySelectorAll(`[data-source="${CSS.escape(source)}"]`));
  if (target != null) found.push(...table.querySelectorAll(`[data-target="${CSS.escape(target)}"]`));
  return found;
}

/** JSON with sorted keys: two moves are one move whatever the order of their keys. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
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
