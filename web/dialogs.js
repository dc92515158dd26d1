// Dialogs that the page's features (share, daily deal, statistics, pass-and-play) make on first use.

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
