// A link as a QR code, so friends around one table pass the remote table's links phone to phone
// without a chat. The encoder is the pinned `qrcode-generator` npm package that build.py copies into
// the site (vendor/qrcode.mjs), loaded on first use; the code is drawn as SVG rectangles.

const SVG = "http://www.w3.org/2000/svg";

/** The QR code of ``text`` as an <svg> (error correction L: the longest links are about 1,500
 * characters, still a code a phone's camera reads from a screen). */
export async function qrSvg(text) {
  const { default: qrcode } = await import("../vendor/qrcode.mjs");
  const code = qrcode(0, "L");
  code.addData(text, "Byte");
  code.make();
  const n = code.getModuleCount();
  const quiet = 4;                      // the white border a reader needs
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${n + 2 * quiet} ${n + 2 * quiet}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("role", "img");
  const background = document.createElementNS(SVG, "rect");
  Object.entries({ width: n + 2 * quiet, height: n + 2 * quiet, fill: "#fff" }).forEach(([k, v]) => background.setAttribute(k, v));
  svg.append(background);
  let path = "";
  for (let row = 0; row < n; row += 1) {
    for (let col = 0; col < n; col += 1) if (code.isDark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
  }
  const dark = document.createElementNS(SVG, "path");
  dark.setAttribute("d", path);
  dark.setAttribute("fill", "#000");
  svg.append(dark);
  svg.dataset.modules = String(n);
  return svg;
}

/** A dialog showing ``url`` as a QR code, with ``caption`` (what the link is) under it. */
export async function showQr(url, caption, t) {
  const dialog = Object.assign(document.createElement("dialog"), { id: "dlg-qr", className: "dialog qr-dialog" });
  const title = Object.assign(document.createElement("h2"), { id: "dlg-qr-title", textContent: t("remote.qr_title") });
  dialog.setAttribute("aria-labelledby", title.id);
  const form = Object.assign(document.createElement("form"), { method: "dialog" });
  const figure = document.createElement("figure");
  try {
    const svg = await qrSvg(url);
    svg.setAttribute("aria-label", t("remote.qr_label", { what: caption }));
    figure.append(svg);
  } catch {
    figure.append(t("remote.qr_too_long"));
  }
  figure.append(Object.assign(document.createElement("figcaption"), { textContent: caption }));
  const close = Object.assign(document.createElement("button"), { value: "close", textContent: t("page.close") });
  const menu = document.createElement("menu");
  menu.append(close);
  form.append(title, figure, menu);
  dialog.append(form);
  document.body.append(dialog);
  dialog.addEventListener("close", () => dialog.remove(), { once: true });
  dialog.showModal();
  return dialog;
}
