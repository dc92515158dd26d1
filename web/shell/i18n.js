// Text for people: the engine's messages ({key, ...params}) and the page's own words, rendered from
// one catalogue per language. Template syntax (the same as pygames/text.py):
//   {name}            the parameter (a negative number gets a true minus sign, a list is joined,
//                     a nested message is rendered)
//   {name:card}       a card code as people read it ("TD" -> "10♦"); {name:cards} a list of them
//   {name:seat}       a seat shown by the table's seat names ("You", "North", "Player 2")
//   {name|one|many}   "one" when the parameter is 1, else "many"
// The person's own form: when "<key>.you" exists and the message's subject (its first {x:seat}
// field) is the person's seat, that template is used ("You win" beside "West wins").
import { cardName, cardText } from "../table/cards.js";

export const LANGUAGES = { en: "English", ja: "日本語" };
const STORED = "pygames:lang";
const catalogues = { en: {} };     // language -> key -> template; English is the fallback
let language = "en";
let seatNamer = (seat) => t("page.seat.player", { n: seat + 1 });
let person = null;                 // the person's seat, when the page has said it
const SUBJECT = /\{(\w+):seat\}/;
let spoken = false;                // {x:card} as a screen reader says it ("7 of hearts"), not "7♥"

/** ``fn()``'s text with every {x:card} / {x:cards} spoken by name ("9 of hearts"), for the live
 * region: the same templates give the table's compact "9♠" and a screen reader's words. */
export function spokenly(fn) {
  const before = spoken;
  spoken = true;
  try { return fn(); } finally { spoken = before; }
}

/** Add templates (key -> text) to a language's catalogue: the engine's English arrives with its
 * info; every language's page and layout words come from lang/<lang>.json (built from web/lang/). */
export function addTexts(texts, lang = "en") {
  catalogues[lang] = Object.assign(catalogues[lang] || {}, texts || {});
}

/** The language to show: ?lang= in the address, else the one chosen before, else the browser's
    (chosen once, by index.html's head script, before any module loads: the order lives there). */
export function preferredLanguage() {
  const first = document.documentElement.dataset.firstLang;    // index.html's head script chose it
  return first in LANGUAGES ? first : "en";
}

/** Fetch lang/<lang>.json (the page's and layouts' words in that language) into its catalogue. */
export async function loadLanguage(lang) {
  if (!(lang in LANGUAGES)) lang = "en";
  const response = await fetch(`lang/${lang}.json`);
  if (!response.ok) throw new Error(`lang/${lang}.json: HTTP ${response.status}`);
  addTexts(await response.json(), lang);
  return lang;
}

/** Show ``lang`` from now on (its catalogue loaded first); ``remember`` keeps the choice. */
export function setLanguage(lang, { remember = false } = {}) {
  language = lang in LANGUAGES ? lang : "en";
  document.documentElement.lang = language;
  if (remember) {
    try { localStorage.setItem(STORED, language); } catch { /* storage may be off */ }
  }
}

export function currentLanguage() {
  return language;
}

/** How {x:seat} names a seat: the page sets it from the layout in use, and (``me``) which seat is
 * the person's. Without ``me``, the person is the seat the namer calls "You". */
export function setSeatNamer(fn, me = null) {
  seatNamer = fn || ((seat) => t("page.seat.player", { n: seat + 1 }));
  person = me;
}

/** ``fn()`` with every seat named by ``names`` (the person's seat too, in the third person): words
 * written for the other players, such as the line posted with a remote table's message. */
export function withSeatNames(names, fn) {
  const [namer, me] = [seatNamer, person];
  seatNamer = (seat) => names[seat] ?? t("page.seat.player", { n: seat + 1 });
  person = -1;
  try { return fn(); } finally { seatNamer = namer; person = me; }
}

function isPerson(seat) {
  if (!Number.isInteger(seat)) return false;
  return person != null ? seat === person : seatNamer(seat) === t("page.seat.you");
}

/** The key to render: "<key>.you" when it exists and the subject of ``key``'s template is the person. */
function formFor(key, params) {
  const own = `${key}.you`;
  if (template(own) == null) return key;
  const subject = SUBJECT.exec(template(key) || "");
  return subject && isPerson(params[subject[1]]) ? own : key;
}

export function hasText(key) {
  return template(key) != null;
}

function template(key) {
  const own = catalogues[language]?.[key];
  return own != null ? own : catalogues.en[key];
}

function value(v, kind) {
  if (v && typeof v === "object" && !Array.isArray(v) && "key" in v) return t(v);
  if (kind === "card") return spoken ? cardName(String(v)) : cardText(String(v));
  if (kind === "cards") return (v || []).map((c) => (spoken ? cardName(String(c)) : cardText(String(c)))).join(spoken ? ", " : " ");
  if (kind === "seat" && Number.isInteger(v)) return seatNamer(v);
  if (Array.isArray(v)) return v.map((x) => value(x)).join(", ");
  if (typeof v === "number" && v < 0) return `\u2212${-v}`;
  return v == null ? "" : String(v);
}

/** Put the current language's words into the page's fixed elements: data-t="key" sets the text,
 * data-t-title / data-t-aria-label / data-t-placeholder set those attributes. */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const attr of ["title", "aria-label", "placeholder"]) {
    for (const node of root.querySelectorAll(`[data-t-${attr}]`)) node.setAttribute(attr, t(node.getAttribute(`data-t-${attr}`)));
  }
}

/** The text of a message: t({key, ...params}) or t(key, params). An unknown key shows itself. */
export function t(key, params = {}) {
  if (key && typeof key === "object") {
    params = key;
    key = key.key;
  }
  const text = template(formFor(key, params));
  if (text == null) return String(key);
  return text.replace(/\{(\w+)(?::(\w+))?(?:\|([^|}]*)\|([^}]*))?\}/g, (_, name, kind, one, many) => {
    if (one !== undefined) return params[name] === 1 ? one : many;
    return value(params[name], kind);
  });
}
