// What happened lately, for every game: one compact line under the table - the latest move
// first, the few before it in a small log that opens on a tap - and the same words, with cards named
// as a screen reader says them, in the page's polite live region. Fed by the view's log (this deal's
// moves, each with the cards it made a seat draw, a card the person may not see given as "??"); each
// game's words come from its layout's ``describe(move, seat, view)`` (a11y.js builds them otherwise).
// At a local table each bot's move has a small "why?" button (why.js).
import { spokenly, t } from "../shell/i18n.js";
import * as a11y from "./a11y.js";

const KEPT = 6;                 // moves the log under the latest one lists

/** "West drew a card", "You drew 9♠": what one seat drew, never naming a card the view hides. */
function drewText({ seat, cards }) {
  if (cards.length && cards.every((c) => c !== "??")) return t("recent.drew.cards", { who: seat, cards });
  return t(cards.length === 1 ? "recent.drew.one" : "recent.drew.many", { who: seat, n: cards.length });
}

/** One log entry in words: the move as the game says it, then what it made anyone draw. */
export function entryText(layout, entry, view) {
  const parts = [a11y.describe(layout, entry.move, entry.seat, view)];
  for (const d of entry.drew || []) parts.push(drewText(d));
  return parts.filter(Boolean).join(" · ");
}

/** The entry for a move just played (``mover``'s ``move``), read from the view after it: the log's
 * newest entry when the move stayed in this deal, else the move alone (a deal's last move). */
function entryFor(view, mover, move) {
  const last = view.log?.at(-1);
  return last && last.seat === mover && last.move.type === move.type ? last : { seat: mover, move };
}

/** Say a move just played through the live region (politely), cards named in words. */
export function announce(layout, view, mover, move) {
  a11y.announce(spokenly(() => entryText(layout, entryFor(view, mover, move), view)));
}

/** Say the moves other players made between two views of one deal (a remote table: their moves
 * arrive as links), oldest first; the person's own moves were said when they were played. */
export function announceOthers(layout, before, view) {
  if (!before || !view || before.deal !== view.deal || !(view.move_count > before.move_count)) return;
  const fresh = (view.log || []).slice((before.log || []).length).filter((e) => e.seat !== view.seat);
  for (const entry of fresh) a11y.announce(spokenly(() => entryText(layout, entry, view)));
}

/** A small "why?" button for the move ``index`` of the game (why.js answers it into ``line``). */
function whyButton(why, index, text, line) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "why-button";
  button.dataset.why = String(index);
  button.textContent = t("why.button");
  button.setAttribute("aria-label", t("why.button_label", { move: text }));
  button.addEventListener("click", (event) => {
    event.preventDefault();
    why.ask(index, text, line);
  });
  return button;
}

/** Draw the line: the latest move of this deal, and the ones before it (latest first) in a log.
 * ``why`` (why.js, optional): a bot's moves get a "why?" button, its answer shown under the line. */
export function render(box, layout, view, why = null) {
  if (!box) return;
  const log = view?.log || [];
  const key = `${view?.game}:${view?.seat}:${view?.deal}:${view?.move_count}:${document.documentElement.lang}:${log.length}:${why ? why.key(view?.players) : ""}`;
  if (key === box.dataset.shown) return;    // redrawn only when it changes (the open log stays open)
  box.dataset.shown = key;
  const open = Boolean(box.querySelector("details")?.open);
  // each shown entry with its index among the game's moves (the log is this deal's moves, the last ones)
  const first = (view?.move_count ?? log.length) - log.length;
  const entries = log.slice(-(KEPT + 1)).reverse().map((e, i) => ({ entry: e, index: first + log.length - 1 - i,
    text: entryText(layout, e, view) }));
  box.replaceChildren();
  box.hidden = false;
  const label = t("recent.label");
  box.setAttribute("aria-label", label);
  if (!entries.length) {
    box.classList.add("empty");
    return;
  }
  box.classList.remove("empty");
  const answer = document.createElement("p");
  answer.className = "why-text";
  answer.hidden = true;
  answer.setAttribute("aria-live", "polite");
  const offer = (e) => (why && why.offer(e.entry.seat) ? whyButton(why, e.index, e.text, answer) : null);
  const details = document.createElement("details");
  details.open = open && entries.length > 1;
  const summary = document.createElement("summary");
  summary.className = "recent-latest";
  summary.textContent = entries[0].text;
  summary.title = t("recent.more");
  details.append(summary);
  if (entries.length > 1) {
    const list = document.createElement("ol");
    list.className = "recent-log";
    for (const e of entries.slice(1)) {
      const li = document.createElement("li");
      li.textContent = e.text;
      const button = offer(e);
      if (button) li.append(" ", button);
      list.append(li);
    }
    details.append(list);
  } else {
    details.classList.add("single");
  }
  const row = document.createElement("div");
  row.className = "recent-row";
  row.append(details);
  const latest = offer(entries[0]);
  if (latest) row.append(latest);
  box.append(row, answer);
}

/** Hide the line (the home screen, a remote table before its deal). */
export function hide(box) {
  if (!box) return;
  box.hidden = true;
  delete box.dataset.shown;
}
