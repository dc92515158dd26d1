// Accessibility for every game, in the page (never in a layout): a polite live region that announces
// each play and the person's prompts, card names in the page's language, labelled dialogs, keyboard
// focus over everything playable (the picked card's targets too), the keys listed under the rules, and
// the four-colour deck (a table setting that applies at once and is remembered).
import { cardName, isCardCode, setCardNamer } from "./cards.js";
import { hasText, t } from "../shell/i18n.js";

const $ = (id) => document.getElementById(id);
const FOUR_COLOUR = "pygames:four-colour";
const KEYS = ["arrows", "enter", "escape", "undo", "rules"];
const SHOWN = 3;              // announcements kept in the live region (older ones drop out)

/** Once, at boot: the live region, card names, the four-colour deck and the labels of dialogs. */
export function init() {
  setCardNamer(spokenCard);
  const region = document.createElement("div");
  region.id = "announce";
  region.className = "sr-only";
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-relevant", "additions");
  document.body.append(region);
  applyFourColour(fourColour());
  label($("dlg-rules"), "a11y.dialog.rules");
  label($("dlg-summary"), "a11y.dialog.summary");
  label($("dlg-ask"), null, "ask-title");
  label($("dlg-settings"), null, $("dlg-settings")?.querySelector("h2"));
  whenOpened($("dlg-rules"), keysSection);
  whenOpened($("dlg-settings"), tableSettings);
}

/** A card as a screen reader says it ("7 of clubs", "クラブの7"). */
function spokenCard(code) {
  if (!code || code === "??") return t("a11y.card.back");
  const rank = hasText(`a11y.rank.${code[0]}`) ? t(`a11y.rank.${code[0]}`) : code[0];
  return t("a11y.card", { rank, suit: t(`a11y.suit.${code[1]}`) });
}

function label(dialog, key, labelledBy = null) {
  if (!dialog) return;
  if (labelledBy) {
    const node = typeof labelledBy === "string" ? $(labelledBy) : labelledBy;
    if (!node.id) node.id = `${dialog.id}-title`;
    dialog.setAttribute("aria-labelledby", node.id);
  } else {
    dialog.setAttribute("aria-label", t(key));
    dialog.dataset.tAriaLabel = key;      // follows a language switch (i18n.js translatePage)
  }
}

function whenOpened(dialog, fn) {
  if (!dialog) return;
  new MutationObserver(() => { if (dialog.open) fn(dialog); }).observe(dialog, { attributes: true, attributeFilter: ["open"] });
}

// ---- announcements -------------------------------------------------------------------------

/** Say ``text`` through the live region (politely: after what the reader is saying). */
export function announce(text) {
  const region = $("announce");
  if (!region || !text) return;
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.children.length > SHOWN) region.firstElementChild.remove();
}

/** What a move names, in words: its cards (``name(value)`` gives a card's words, or null for a value
 * that is no card) wherever they sit in the move, else its value (a bid). */
function moveWhat(move, name) {
  const cards = [];
  const collect = (v) => {
    const card = name(v);
    if (card !== null) cards.push(card);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === "object") Object.values(v).forEach(collect);
  };
  Object.entries(move || {}).forEach(([k, v]) => { if (k !== "type") collect(v); });
  const value = move?.bid ?? null;
  return cards.length ? cards.join(", ")
    : value == null ? "" : hasText(`a11y.value.${value}`) ? t(`a11y.value.${value}`) : String(value);
}

/** A move as the person is asked to make it, an instruction ("play 7♥", a lesson's step): the layout's
 * own ``instruct(move, view)`` if it has one, else built from the move's type and cards. */
export function instruct(layout, move, view) {
  const own = layout?.instruct?.(move, view);
  if (own) return own;
  const what = moveWhat(move, (v) => (typeof v === "string" && CARD.test(v) ? cardName(v) : null));
  const type = String(move?.type ?? "");
  return hasText(`a11y.do.${type}`) ? t(`a11y.do.${type}`, { what }) : t("a11y.do", { action: type.replace(/_/g, " "), what }).trim();
}

/** Words for a play: the layout's own ``describe(move, seat, view)`` if it has one, else built from
 * the move's type and cards. A card the person's view does not show is never named. */
export function describe(layout, move, seat, view) {
  const own = layout?.describe?.(move, seat, view);
  if (own) return own;
  const seen = JSON.stringify(view || {});
  const what = moveWhat(move, (v) => (isCardCode(v) ? (seen.includes(`"${v}"`) ? cardName(v) : t("a11y.card.hidden")) : null));
  const type = String(move?.type ?? "");
  const action = hasText(`a11y.move.${type}`) ? t(`a11y.move.${type}`, { what })
    : t("a11y.move", { action: type.replace(/_/g, " "), what }).trim();
  return t("a11y.played", { seat, action });
}

let lastPrompt = null;
/** After each redraw: announce the prompt when the turn has just become the person's, or when it
 * changes during their turn (a picked card: where it may go). The status line itself is not live:
 * it is redrawn all the time. */
export function noteTurn(myTurn, prompt) {
  if (myTurn && prompt !== lastPrompt) announce(prompt);
  lastPrompt = myTurn ? prompt : null;
}

// ---- keyboard ------------------------------------------------------------------------------

/** After each redraw: the picked card's targets can take focus and say what they are. */
export function decorate(table, ctx) {
  for (const node of table.querySelectorAll("[data-target]")) {
    const on = ctx.targets.has(node.dataset.target);
    node.classList.toggle("target-key", on);
    if (on) {
      node.tabIndex = 0;
      if (!node.getAttribute("role")) node.setAttribute("role", "button");
      if (!node.getAttribute("aria-label")) node.setAttribute("aria-label", t("a11y.target", { n: [...ctx.targets].indexOf(node.dataset.target) + 1 }));
    }
  }
  // a layout's labelled box (a pile, a fan) is a group: a plain div may not carry a name
  for (const node of table.querySelectorAll("div[aria-label]:not([role]), span[aria-label]:not([role])")) {
    node.setAttribute("role", "group");
  }
  for (const node of table.querySelectorAll("[data-source][data-legal='true']")) {
    node.setAttribute("aria-pressed", String(node.dataset.source === ctx.selected));
  }
}

/** What the arrow keys move over, in the table's order: legal choices and the picked card's targets. */
export function focusables(table) {
  return [...table.querySelectorAll("[data-legal='true'], [data-target].target-key")]
    .filter((node) => !node.disabled && node.offsetParent !== null);
}

/** Whether Enter on ``node`` should press it (a focusable that is not a native button). */
export function pressable(node) {
  return Boolean(node && node.tagName !== "BUTTON" &&
    (node.dataset?.legal === "true" || node.classList?.contains("target-key")));
}

function keysSection(dialog) {
  let section = $("rules-keys");
  if (!section) {
    section = document.createElement("section");
    section.id = "rules-keys";
    section.className = "rules-keys";
    dialog.append(section);
  }
  section.innerHTML = `<h3></h3><ul>${KEYS.map(() => "<li></li>").join("")}</ul>`;
  section.querySelector("h3").textContent = t("a11y.keys.title");
  section.querySelectorAll("li").forEach((li, i) => { li.textContent = t(`a11y.keys.${KEYS[i]}`); });
}

// ---- four-colour deck ----------------------------------------------------------------------

export function fourColour() {
  try { return localStorage.getItem(FOUR_COLOUR) === "true"; } catch { return false; }
}

export function setFourColour(on) {
  try { localStorage.setItem(FOUR_COLOUR, String(Boolean(on))); } catch { /* storage may be off */ }
  applyFourColour(on);
}

function applyFourColour(on) {
  document.documentElement.classList.toggle("four-colour", Boolean(on));
}

/** The Settings dialog's table settings: a checkbox with no form name, applied the moment it changes. */
function tableSettings(dialog) {
  let box = $("settings-table");
  if (!box) {
    box = document.createElement("fieldset");
    box.id = "settings-table";
    box.className = "table-settings";
    box.innerHTML = `<legend></legend><label><input type="checkbox" id="four-colour"> <span></span></label>`;
    (dialog.querySelector("#settings-fields") || dialog.querySelector("form")).after(box);
    box.querySelector("input").addEventListener("change", (event) => {
      event.stopPropagation();             // not part of the game's settings form
      setFourColour(event.target.checked);
    });
  }
  box.querySelector("legend").textContent = t("a11y.table");
  box.querySelector("span").textContent = t("a11y.four_colour");
  box.querySelector("input").checked = fourColour();
}
