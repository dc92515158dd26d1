// What every table layout shares: escaping, element building, seat names, move buttons, a score
// sheet that stays open across redraws, and a trick area for trick-taking games. Layouts import
// these instead of keeping their own copies.
import { cardEl } from "../cards.js";
import { t } from "../i18n.js";

/** Text made safe for HTML, attribute values in either quote included. */
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => (
  { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

/** A number with a true minus sign (−), as the engine's texts write it. */
export const num = (n) => (typeof n === "number" && n < 0 ? `\u2212${-n}` : String(n));

/** An element with a class and (already escaped) inner HTML. */
export function el(tag, cls = "", html = "") {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (html) node.innerHTML = html;
  return node;
}

/** A move as a data-move attribute value (JSON, escaped for either quote). */
export const moveAttr = (move) => esc(JSON.stringify(move));

/** A button that plays ``move`` when clicked (the page's generic data-move handling). */
export function moveButton(text, move, { cls = "", legal = true, title = "" } = {}) {
  return `<button type="button" class="${esc(cls)}" data-move="${moveAttr(move)}"` +
    `${legal ? ' data-legal="true"' : " disabled"}${title ? ` title="${esc(title)}"` : ""}>${esc(text)}</button>`;
}

/** A seat's name at a table: "You" for the person, else the layout's name for it. */
export function seatName(seat, me, names = null) {
  if (seat === me) return t("page.seat.you");
  return names ? names[seat] : t("page.seat.player", { n: seat + 1 });
}

/** A score sheet in a <details> whose open state lives in ctx.local, so redraws keep it.
 *  columns: header texts; rows: arrays of cell texts (plain text, escaped here). */
export function scoreSheet(ctx, { title = t("page.score_sheet"), columns, rows, foot = null }) {
  const details = el("details", "sheet score-sheet");
  details.open = Boolean(ctx.local.sheetOpen);
  details.addEventListener("toggle", () => { ctx.local.sheetOpen = details.open; });
  const head = `<tr>${columns.map((c) => `<th scope="col">${esc(c)}</th>`).join("")}</tr>`;
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("");
  const footer = foot ? `<tfoot><tr>${foot.map((c) => `<th>${esc(c)}</th>`).join("")}</tr></tfoot>` : "";
  details.innerHTML = `<summary>${esc(title)}</summary><table><thead>${head}</thead><tbody>${body}</tbody>${footer}</table>`;
  return details;
}

/** The cards of a trick laid out round the table. plays: [{seat, card}]; positions: seat -> a
 *  position class suffix ("bottom", "left", ...); winner: the seat that took it, when finished. */
export function trickArea(plays, positions, { winner = null, target = "trick", fresh = new Set() } = {}) {
  const area = el("div", "trick");
  area.dataset.target = target;
  for (const p of plays) {
    const c = cardEl(p.card, { extraClass: `in-trick at-${positions[p.seat]}` });
    if (fresh.has(p.card)) c.classList.add("arrive");
    if (winner === p.seat) c.classList.add("winner");
    area.appendChild(c);
  }
  return area;
}

/** The text of an engine message. */
export { t };
