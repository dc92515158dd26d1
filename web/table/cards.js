// Cards: the card codes' constants every layout shares, and drawing cards - a card is a <button> (so
// it can be focused and pressed from the keyboard) or a <div>.

/** A card code is rank + suit: ranks from the Ace (low) up, suits in the engine's order. */
export const RANKS = "A23456789TJQK";
export const SUITS = "SHDC";
/** The suits as a hand shows them, the colours alternating (the engine's own hand order). */
export const HAND_SUITS = "SHCD";
const CODE = /^[2-9TJQKA][SHDC]$/;

/** Whether ``value`` is a card code ("QS"; not "??"). */
export function isCardCode(value) {
  return typeof value === "string" && CODE.test(value);
}

/** Whether the card of a code is red (a heart or a diamond). */
export function isRed(code) {
  return code[1] === "H" || code[1] === "D";
}

const SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK_NAMES = { T: "10" };

/** A rank as people read it: the rank of a card code ("TD") or a rank letter ("T") -> "10". */
export function rankLabel(code) {
  return RANK_NAMES[code[0]] || code[0];
}

// the page's language names cards for screen readers (a11y.js sets it at boot, before any card is
// drawn); until then a card is named as it is printed
let cardNamer = cardText;
export function setCardNamer(fn) {
  cardNamer = fn;
}

export function cardName(code) {
  return cardNamer(code);
}

export function cardText(code) {
  return code === "??" ? "🂠" : `${rankLabel(code)}${SYMBOLS[code[1]]}`;
}

/** A card element. opts: {source, legal, selected, dim, small, tag, extraClass} */
export function cardEl(code, opts = {}) {
  const interactive = opts.source !== undefined && opts.legal;
  const el = document.createElement(interactive ? "button" : "div");
  if (interactive) el.type = "button";
  el.className = "card" + (opts.small ? " small" : "") + (opts.extraClass ? ` ${opts.extraClass}` : "");
  if (code === "??") {
    el.classList.add("back");
    el.setAttribute("aria-label", cardName("??"));
    if (!interactive) el.setAttribute("role", "img");
    return el;
  }
  el.dataset.card = code;
  const suit = code[1];
  el.classList.add(isRed(code) ? "red" : "black");
  // the drawing is hidden from screen readers: the card's name says it (a button's name is its text,
  // so what it shows and what it is called never disagree)
  el.innerHTML = `<span class="corner" aria-hidden="true">${rankLabel(code)}<br>${SYMBOLS[suit]}</span>` +
    `<span class="pip" aria-hidden="true">${SYMBOLS[suit]}</span><span class="corner bottom" aria-hidden="true">${rankLabel(code)}<br>${SYMBOLS[suit]}</span>`;
  if (interactive) {
    const name = document.createElement("span");
    name.className = "sr-only";
    name.textContent = cardName(code);
    el.prepend(name);
  } else {
    el.setAttribute("role", "img");                     // a picture of a card, named by its aria-label
    el.setAttribute("aria-label", cardName(code));
  }
  if (opts.source !== undefined) el.dataset.source = opts.source;
  if (opts.legal) el.dataset.legal = "true";
  else if (opts.dim) el.classList.add("unplayable");
  if (opts.selected) el.classList.add("selected");
  return el;
}

/** A small card drawn in SVG (18 x 24 units) at (x, y), for pictures such as the home screen's
 * tiles. label: a card code ("7H"), or "" with back: true for a face-down card; rot: degrees. */
export function cardPicture(x, y, label = "", { rot = 0, back = false } = {}) {
  const red = isCardCode(label) && isRed(label);
  const face = back
    ? `<rect x="2" y="2" width="14" height="20" rx="1.5" class="hp-back"/>`
    : `<text x="3" y="9" class="hp-rank${red ? " red" : ""}">${label ? rankLabel(label) : ""}</text>` +
      `<text x="9" y="19" class="hp-suit${red ? " red" : ""}">${SYMBOLS[label[1]] || ""}</text>`;
  return `<g transform="translate(${x} ${y}) rotate(${rot} 9 12)"><rect width="18" height="24" rx="2.5" class="hp-card"/>${face}</g>`;
}
