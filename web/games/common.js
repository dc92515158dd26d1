// What every table layout shares: escaping, element building, seat names, move buttons, a score
// sheet that stays open across redraws, a trick area for trick-taking games and keyboard targets. Layouts import
// these instead of keeping their own copies.
import { cardEl } from "../table/cards.js";
import { esc } from "../shell/html.js";
import { t } from "../shell/i18n.js";

export { esc, num } from "../shell/html.js";

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

let playerNames = null;            // the players' own names at a remote table (plain text), else null

/** The page says whose names the seats carry (a remote table's players) or, with null, that the
 * layouts' own seat words apply. */
export function setPlayerNames(names) {
  playerNames = Array.isArray(names) ? names.map(String) : null;
}

/** A player's own name for ``seat`` when the table has names (not for the person: "You"), else null.
 * Plain text from other pages: layouts escape it like every other word. */
export function playerName(seat, me) {
  return playerNames && seat !== me && typeof playerNames[seat] === "string" ? playerNames[seat] : null;
}

/** A seat's name at a table: "You" for the person; a player's own name at a remote table; at a
 * two-player table the other seat is "Opponent" in every game (one name for one role); else
 * "Player n". */
export function seatName(seat, me, players = 0) {
  if (seat === me) return t("page.seat.you");
  const named = playerName(seat, me);
  if (named) return named;
  if (players === 2) return t("page.seat.opponent");
  return t("page.seat.player", { n: seat + 1 });
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
 *  position class suffix ("bottom", "left", ...); winner: the seat that took it, when finished;
 *  fresh: cards that have just arrived (they slide in from their seat's side); label: a line under
 *  the cards ("North takes the trick"). */
export function trickArea(plays, positions, { winner = null, target = "trick", fresh = new Set(), label = "" } = {}) {
  const area = el("div", "trick");
  area.dataset.target = target;
  for (const p of plays) {
    const pos = positions[p.seat];
    const c = cardEl(p.card, { extraClass: `in-trick at-${pos}` });
    if (fresh.has(p.card)) c.classList.add("arrive", `from-${pos}`);
    if (winner === p.seat) c.classList.add("winner");
    area.appendChild(c);
  }
  if (label) area.appendChild(el("div", "trick-label", esc(label)));
  return area;
}

/** The cards that just came into the person's hand (drawn, taken, an offer refused back): ``hand`` is
 *  the hand drawn now, ``local`` the layout's ctx.local, where the hand of the last redraw is kept. A
 *  card stays marked until others arrive or it leaves the hand; a whole new hand (more than three at
 *  once: a deal) marks none, nor does the first redraw after a new game, undo or link. */
export function arrivals(local, hand) {
  const now = new Set(hand);
  if (local.handBefore) {
    const added = hand.filter((c) => !local.handBefore.has(c));
    if (added.length) local.arrived = new Set(added.length <= 3 ? added : []);
    else local.arrived = new Set([...(local.arrived || [])].filter((c) => now.has(c)));
  }
  local.handBefore = now;
  return local.arrived || new Set();
}

/** Mark ``card`` (a cardEl) as just arrived when ``on``: a small "new" tag on its corner (style.css). */
export function markNew(card, on = true) {
  if (on) {
    card.classList.add("card-new");
    card.dataset.newLabel = t("page.new_card");
  }
  return card;
}

/** Make a highlighted target that is no button reachable from the keyboard: arrows focus it, Enter
 *  or Space drops the picked card there. */
export function keyTarget(node) {
  node.tabIndex = 0;
  node.dataset.legal = "true";
  node.setAttribute("role", "button");
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); node.click(); }
  });
}

/** The text of an engine message. */
export { t };
