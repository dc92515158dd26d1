// Drawing cards: a card is a <button> (so it can be focused and pressed from the keyboard) or a <div>.

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAMES = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
const RANK_WORDS = { A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" };

export function rankLabel(code) {
  return RANK_NAMES[code[0]] || code[0];
}

export function suitSymbol(suit) {
  return SUITS[suit] || "";
}

// the page's language names cards for screen readers (a11y.js); English until it says so
let cardNamer = null;
export function setCardNamer(fn) {
  cardNamer = fn;
}

export function cardName(code) {
  if (cardNamer) return cardNamer(code);
  if (!code || code === "??") return "a face-down card";
  return `${RANK_WORDS[code[0]] || code[0]} of ${SUIT_NAMES[code[1]]}`;
}

export function cardText(code) {
  return code === "??" ? "🂠" : `${rankLabel(code)}${SUITS[code[1]]}`;
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
  el.classList.add(suit === "H" || suit === "D" ? "red" : "black");
  // the drawing is hidden from screen readers: the card's name says it (a button's name is its text,
  // so what it shows and what it is called never disagree)
  el.innerHTML = `<span class="corner" aria-hidden="true">${rankLabel(code)}<br>${SUITS[suit]}</span>` +
    `<span class="pip" aria-hidden="true">${SUITS[suit]}</span><span class="corner bottom" aria-hidden="true">${rankLabel(code)}<br>${SUITS[suit]}</span>`;
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

export function backEl(opts = {}) {
  return cardEl("??", opts);
}
