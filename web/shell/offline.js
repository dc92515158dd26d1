// The page's side of the service worker (sw.js): register it once the page is ready (so its
// caching never slows a first visit), and when a new build has been cached, say so and switch to it
// at a safe moment: the game in progress is saved on every move (its link, in localStorage and in
// the address), so the reload that switches resumes it.
//
// <html data-update> is "ready" while a new version waits, "switching" while it takes over.

import { t } from "./i18n.js";

const root = document.documentElement;

/** notice(text, {label, action}): the page's notice bar. safeNow(): true when a reload loses
 *  nothing and interrupts nothing (the home screen, a finished game, a hidden page). */
export function keepOffline({ notice, safeNow }) {
  if (!("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker;
  let switching = false;
  sw.addEventListener("controllerchange", () => {
    if (switching) location.reload(); // the first worker's claim of this page is no reason to reload
  });
  const takeOver = (worker) => {
    if (switching) return;
    switching = true;
    root.dataset.update = "switching";
    worker.postMessage({ type: "take-over" });
  };
  const offer = (worker) => {
    if (root.dataset.update) return;
    root.dataset.update = "ready";
    notice(t("page.update.ready"), { label: t("page.update.switch"), action: () => takeOver(worker) });
    const whenSafe = () => { if (worker.state === "installed" && safeNow()) takeOver(worker); };
    document.addEventListener("visibilitychange", whenSafe);
    setInterval(whenSafe, 2000);
    whenSafe();
  };
  const watch = (registration) => {
    if (registration.waiting && registration.active) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed" && registration.active) offer(worker);
      });
    });
  };
  sw.register("sw.js", { updateViaCache: "none" }).then((registration) => {
    if (!registration) return; // service workers blocked (e.g. by a test harness)
    watch(registration);
    const check = () => registration.update().catch(() => {}); // offline: no news, no error
    document.addEventListener("visibilitychange", () => { if (!document.hidden) check(); });
    setInterval(check, 60 * 60 * 1000);
  }, (err) => console.warn(`Offline play is not available: ${err.message}`));
}
