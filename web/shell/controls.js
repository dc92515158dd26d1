// What the page's features (share, daily deal, statistics, pass-and-play) add to the page: buttons in
// the top bar and dialogs made on first use.
import { hasText, t } from "./i18n.js";

/** A top-bar button whose words follow the language (``data-t`` / ``data-t-title``, see translatePage). */
export function barButton(id, key, titleKey, onClick) {
  const b = document.getElementById(id) || document.createElement("button");   // index.html has it in place
  b.type = "button";
  b.id = id;
  b.dataset.t = key;
  b.dataset.tTitle = titleKey;
  if (hasText(key)) b.textContent = t(key);         // before the words load: the page's English stays
  if (hasText(titleKey)) b.title = t(titleKey);
  b.addEventListener("click", onClick);
  return b;
}

/** The <dialog id="..."> of the page, made the first time it is asked for: ``html`` inside, the
 *  ``dialog`` class plus ``className``, its labels, and ``wire(dlg)`` run once to attach handlers. */
export function onceDialog(id, { className = "", labelledBy = null, describedBy = null, html }, wire = () => {}) {
  let dlg = document.getElementById(id);
  if (dlg) return dlg;
  dlg = document.createElement("dialog");
  dlg.id = id;
  dlg.className = `dialog ${className}`.trim();
  if (labelledBy) dlg.setAttribute("aria-labelledby", labelledBy);
  if (describedBy) dlg.setAttribute("aria-describedby", describedBy);
  dlg.innerHTML = html;
  document.body.append(dlg);
  wire(dlg);
  return dlg;
}
