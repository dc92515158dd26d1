// Text for people: the engine's messages ({key, ...params}) and the page's own words, rendered from
// one catalogue per language. Template syntax (the same as pygames/text.py):
//   {name}            the parameter (a negative number gets a true minus sign, a list is joined,
//                     a nested message is rendered)
//   {name:card}       a card code as people read it ("TD" -> "10♦"); {name:cards} a list of them
//   {name:seat}       a seat shown by the table's seat names ("You", "North", "Player 2")
//   {name|one|many}   "one" when the parameter is 1, else "many"
import { cardText } from "./cards.js";

const catalogue = {};
let seatNamer = (seat) => `Player ${seat + 1}`;

/** Add templates (key -> text) to the catalogue: the engine's English arrives with its info. */
export function addTexts(texts) {
  Object.assign(catalogue, texts || {});
}

/** How {x:seat} names a seat: the page sets it from the layout in use. */
export function setSeatNamer(fn) {
  seatNamer = fn || ((seat) => `Player ${seat + 1}`);
}

export function hasText(key) {
  return Object.prototype.hasOwnProperty.call(catalogue, key);
}

function value(v, kind) {
  if (v && typeof v === "object" && !Array.isArray(v) && "key" in v) return t(v);
  if (kind === "card") return cardText(String(v));
  if (kind === "cards") return (v || []).map((c) => cardText(String(c))).join(" ");
  if (kind === "seat" && Number.isInteger(v)) return seatNamer(v);
  if (Array.isArray(v)) return v.map((x) => value(x)).join(", ");
  if (typeof v === "number" && v < 0) return `\u2212${-v}`;
  return v == null ? "" : String(v);
}

/** The text of a message: t({key, ...params}) or t(key, params). An unknown key shows itself. */
export function t(key, params = {}) {
  if (key && typeof key === "object") {
    params = key;
    key = key.key;
  }
  const template = catalogue[key];
  if (template == null) return String(key);
  return template.replace(/\{(\w+)(?::(\w+))?(?:\|([^|}]*)\|([^}]*))?\}/g, (_, name, kind, one, many) => {
    if (one !== undefined) return params[name] === 1 ? one : many;
    return value(params[name], kind);
  });
}
