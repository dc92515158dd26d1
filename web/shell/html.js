// Small helpers for writing HTML text, shared by the page's modules and (through games/common.js)
// the layouts.

/** Text made safe for HTML, attribute values in either quote included. */
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => (
  { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

/** A number with a true minus sign (−), as the engine's texts write it. */
export const num = (n) => (typeof n === "number" && n < 0 ? `\u2212${-n}` : String(n));
