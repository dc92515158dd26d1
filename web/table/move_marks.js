// Which elements of a drawn table a move is made with, for any layout: the elements whose data-move
// is the move, where it starts (data-source = layout.sourceOf(move)), where it goes (data-target =
// layout.targetOf(move)) and, for a move built by picking cards one by one (a meld of hand cards: no
// element is its source until all its cards are picked), each card it names where the person may
// pick it. The Hint marks them all (hint.js); a lesson points at the next one to press (learn.js).

import { isCardCode } from "./cards.js";

/** JSON with sorted keys: two moves are one move whatever the order of their keys. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The card codes a move names, in order (a card named twice, twice). */
export function cardsOf(value, out = []) {
  if (isCardCode(value)) out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => cardsOf(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => cardsOf(v, out));
  return out;
}

/** The elements of ``table`` that ``move`` uses: {moves (data-move is the move), sources, targets,
 * cards}. ``cards``: for each card the move names that neither a move element nor a source shows
 * (as its own data-card or a card inside it), a card the person may pick ([data-card][data-legal]) of that
 * code - one for each time the move names it. */
export function moveElements(table, move, layout) {
  const want = canonical(move);
  const moves = [...table.querySelectorAll("[data-move]")].filter((el) => {
    try { return canonical(JSON.parse(el.dataset.move)) === want; } catch { return false; }   // not JSON
  });
  const source = layout?.sourceOf?.(move);
  const target = layout?.targetOf?.(move);
  const sources = source != null ? [...table.querySelectorAll(`[data-source="${CSS.escape(source)}"]`)] : [];
  const targets = target != null ? [...table.querySelectorAll(`[data-target="${CSS.escape(target)}"]`)] : [];
  // what a target holds is what the move goes onto, never the card it moves
  const shown = [...moves.filter((el) => !targets.includes(el)), ...sources]
    .flatMap((el) => [el, ...el.querySelectorAll("[data-card]")]).map((el) => el.dataset.card).filter(Boolean);
  const cards = [];
  for (const code of cardsOf(move)) {
    const at = shown.indexOf(code);
    if (at >= 0) { shown.splice(at, 1); continue; }
    const el = [...table.querySelectorAll(`[data-card="${CSS.escape(code)}"][data-legal="true"]`)]
      .find((e) => !cards.includes(e) && !sources.includes(e));
    if (el) cards.push(el);
  }
  return { moves, sources, targets, cards };
}
