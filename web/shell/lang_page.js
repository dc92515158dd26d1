// The page in the person's language: game names from the word files, the Settings dialog's language
// choice, and the switch itself (load the words, remember the choice, relabel the fixed elements).
// The words live in web/lang/<lang>/*.json; i18n.js renders them. app.js redraws the rest.
import { esc } from "./html.js";
import { LANGUAGES, currentLanguage, hasText, loadLanguage, setLanguage, t, translatePage } from "./i18n.js";
import { flushAddress } from "./route.js";

/** A game's name in the current language (its "<game>.title" key), else ``fallback`` (the layout's). */
export function gameName(id, fallback = id) {
  const key = `${id}.title`;
  return hasText(key) ? t(key) : fallback;
}

/** The page's words for ``key``, or ``english`` while no words could be loaded (a load failure). */
export function pageText(key, english) {
  return hasText(key) ? t(key) : english;
}

/** {name: text} whose texts are looked up when read, so they follow a language change. */
export function wordsFor(prefix, names) {
  const words = {};
  for (const name of names) Object.defineProperty(words, name, { enumerable: true, get: () => t(prefix + name) });
  return words;
}

// what the engine's worker says while it loads (it has no words of its own)
const PROGRESS = {
  "Downloading Python runtime…": "page.loader.download",
  "Starting Python…": "page.loader.python",
  "Starting the game engine…": "page.loader.engine",
  "Ready": "page.loader.ready",
};

export function progressText(text) {
  return PROGRESS[text] && hasText(PROGRESS[text]) ? t(PROGRESS[text]) : text;   // words may still be loading
}

/** Show ``lang`` (its words already loaded) in the page's fixed elements. */
export function showLanguage(lang) {
  setLanguage(lang);
  translatePage();
}

/** The Settings dialog's language choice (it has no name: the game's settings never hold it). */
export function languageField() {
  const options = Object.entries(LANGUAGES).map(([code, label]) =>
    `<option value="${code}" lang="${code}"${code === currentLanguage() ? " selected" : ""}>${label}</option>`).join("");
  return `<label>${t("page.language")}<select id="settings-language">${options}</select></label>`;
}

/** Switch to ``lang`` and remember it; resolves true when the language shown changed. An address
 * with ?lang= is kept in step, so a reload shows the language chosen last. */
export async function chooseLanguage(lang) {
  if (!(lang in LANGUAGES) || lang === currentLanguage()) return false;
  try {
    await loadLanguage(lang);
  } catch (err) {
    console.warn(`${err.message}: the language stays as it was`);
    return false;
  }
  setLanguage(lang, { remember: true });
  translatePage();
  flushAddress();                  // the address's game link as it is now, under the new language
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.set("lang", lang);
    history.replaceState(history.state, "", url);
  }
  return true;
}

const rulesCache = new Map();      // "lang/game" -> the rules panel's HTML
const WIDE = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef";    // Japanese letters and punctuation

/** A line break in the source beside a Japanese character is no space (browsers would show one). */
function joinLines(html) {
  return html.replace(new RegExp(`([${WIDE}])[ \\t]*\\n\\s*|[ \\t]*\\n\\s*(?=[${WIDE}])`, "g"), "$1");
}

/** The Rules dialog's HTML for a layout, in the current language: rules/<lang>/<game>.html, else
 * rules/en/<game>.html. */
export async function rulesHtml(layout) {
  const langs = [...new Set([currentLanguage(), "en"])];
  let failure = null;
  for (const lang of langs) {
    const key = `${lang}/${layout.id}`;
    if (!rulesCache.has(key)) {
      try {
        const response = await fetch(`rules/${key}.html`);
        if (!response.ok) throw new Error(`rules/${key}.html: HTTP ${response.status}`);
        rulesCache.set(key, joinLines(await response.text()));
      } catch (err) {
        failure = err;
        continue;
      }
    }
    return rulesCache.get(key);
  }
  return `<p>${esc(t("page.rules.missing", { reason: failure?.message || "" }))}</p>`;
}
