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

export function cardName(code) {
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
    el.setAttribute("aria-label", "face-down card");
    return el;
  }
  el.dataset.card = code;
  const suit = code[1];
  el.classList.add(suit === "H" || suit === "D" ? "red" : "black");
  el.setAttribute("aria-label", cardName(code));
  el.innerHTML = `<span class="corner">${rankLabel(code)}<br>${SUITS[suit]}</span>` +
    `<span class="pip">${SUITS[suit]}</span><span class="corner bottom">${rankLabel(code)}<br>${SUITS[suit]}</span>`;
  if (opts.source !== undefined) el.dataset.source = opts.source;
  if (opts.legal) el.dataset.legal = "true";
  else if (opts.dim) el.classList.add("unplayable");
  if (opts.selected) el.classList.add("selected");
  return el;
}

export function backEl(opts = {}) {
  return cardEl("??", opts);
}
