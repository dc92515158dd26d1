// Sharing, for every game at once (nothing here knows a game): the Share dialog with its three kinds
// of link (challenge, position, replay - the engine writes them: bridge `share_links`), replay links
// opened in the viewer (replay.js), "Restart this deal" beside Undo, the Info panel (the seed, the
// link format, why the deal is fair) and the end-of-deal summary's "Show all hands".
// app.js wires it with a few hooks: installShare({...}), sharing.refresh() on every redraw,
// sharing.openReplayLink(fragment) where a replay link opens (route.js tells which), and
// sharing.decorateSummary() when the summary shows.
import { t } from "../shell/i18n.js";
import { closeReplay, openReplay, replaying } from "./replay.js";
import { barButton, onceDialog } from "../shell/controls.js";
import { followGame, replaceAddress } from "../shell/route.js";

const $ = (id) => document.getElementById(id);
const KINDS = ["challenge", "position", "replay"];

/** A link's box as tall as its text, once it is on screen (CSS caps it: a long one scrolls), so that
 * no line is cut in half on a narrow screen. */
function fitLines(box) {
  if (!box.offsetParent) return;               // not laid out yet: the dialog calls again once open
  box.style.height = "auto";
  box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
}

/** hooks: {game (app.js: the game on the table, read-only), layouts, ask, toast, notice, adopt(state),
 * render(), runBots(), gameTitle(id), nameSeats() (the table's seat names again), pause() (the bots
 * wait: nothing moves until unpause()), unpause(), reset() (the deal starts over: nothing the table
 * held stays), takebacks() (whether a deal may be restarted now: not while the daily deal is played
 * for its result)} */
export function installShare(hooks) {
  const { game } = hooks;
  const noTakebacks = () => hooks.takebacks?.() === false;   // the daily deal played for its result
  let links = null;                 // the open game's links, while the Share dialog shows
  let summaryDeal = null;           // the deal the summary on show has just ended

  const stylesheet = document.createElement("link");
  stylesheet.rel = "stylesheet";
  stylesheet.href = "features/share.css";   // the page's address is the base
  document.head.append(stylesheet);

  const restartButton = barButton("btn-restart", "share.restart", "share.restart_title", () => restart());
  restartButton.disabled = true;
  $("btn-undo")?.after(restartButton);
  const infoButton = barButton("btn-info", "share.info_button", "share.info_title", () => showInfo());
  infoButton.classList.add("info-button");
  $("btn-rules")?.after(infoButton);

  const url = (link) => `${location.origin}${location.pathname}#${link}`;

  // ---- the Share dialog --------------------------------------------------------------------------
  function shareDialog() {
    return onceDialog("dlg-share", { className: "share-dialog", html: `<form method="dialog">
      <h2></h2>
      <fieldset class="share-kinds">${KINDS.map((kind) => `
        <label class="share-kind"><input type="radio" name="share-kind" value="${kind}">
          <span><b data-kind-name="${kind}"></b><small data-kind-text="${kind}"></small></span></label>`).join("")}
      </fieldset>
      <label class="share-all"><input type="checkbox" id="share-all"> <span></span></label>
      <p class="share-note" id="share-note" aria-live="polite"></p>
      <div class="share-row">
        <textarea id="share-link" readonly rows="2" spellcheck="false"></textarea>
        <button type="button" id="share-copy"></button>
      </div>
      <menu><button value="close" class="secondary" id="share-close"></button></menu>
    </form>` }, (dlg) => {
      dlg.querySelector(".share-kinds").onchange = () => showKind();
      $("share-all").onchange = () => showKind();
      $("share-copy").onclick = () => copy($("share-link").value, t("share.copied"));
      $("share-link").onfocus = (e) => e.target.select();
    });
  }

  function label(dlg) {
    dlg.querySelector("h2").textContent = t("share.title");
    for (const kind of KINDS) {
      dlg.querySelector(`[data-kind-name=${kind}]`).textContent = t(`share.kind.${kind}`);
      dlg.querySelector(`[data-kind-text=${kind}]`).textContent = t(`share.kind.${kind}.text`);
    }
    dlg.querySelector(".share-all span").textContent = t("share.all_hands");
    $("share-copy").textContent = t("share.copy");
    $("share-close").textContent = t("share.close");
    $("share-link").setAttribute("aria-label", t("share.link_label"));
  }

  function kind() {
    return shareDialog().querySelector("input[name=share-kind]:checked")?.value || "position";
  }

  function showKind() {
    if (!links) return;
    const chosen = kind();
    const all = $("share-all").checked;
    $("share-all").disabled = chosen !== "replay";
    $("share-all").closest("label").classList.toggle("off", chosen !== "replay");
    const link = chosen === "replay" ? (all ? links.replay_all : links.replay) : links[chosen];
    $("share-link").value = url(link);
    fitLines($("share-link"));
    $("dlg-share").dataset.kind = chosen;
    const note = chosen === "replay" ? (all ? "share.note.replay_all" : "share.note.replay") : `share.note.${chosen}`;
    $("share-note").textContent = t(note, { game: hooks.gameTitle(game.gameId) });
  }

  async function openDialog() {
    if (!game.state) return;
    try {
      links = await game.engine.call("share_links");
    } catch (err) {
      hooks.toast(err.message);
      return;
    }
    $("btn-share").dataset.link = url(links.position);      // what the Share button gave before
    const dlg = shareDialog();
    label(dlg);
    dlg.querySelector("input[value=position]").checked = true;
    $("share-all").checked = false;
    showKind();
    dlg.showModal();
    fitLines($("share-link"));
    $("share-copy").focus();
  }

  async function copy(text, done) {
    try {
      await navigator.clipboard.writeText(text);
      hooks.toast(done);
    } catch {
      $("share-link")?.select();
      hooks.toast(t("share.copy_by_hand"), 5000);
    }
  }

  // ---- replay links ------------------------------------------------------------------------------
  /** Bots wait while the viewer shows (busy: no bot loop starts, none goes on). */
  const pause = () => hooks.pause();

  function resume() {
    hooks.unpause();
    if (game.state) followGame(game.state.link, { now: true });
    hooks.nameSeats();
    hooks.render();
    hooks.runBots();
  }

  /** Open a replay link in the viewer over the person's own game (which stays as it was). */
  async function openReplayLink(fragment) {
    pause();
    try {
      await openReplay({ engine: game.engine, link: fragment, layouts: hooks.layouts, info: game.info, onClose: resume });
      replaceAddress(fragment);   // a reload shows the replay again
    } catch (err) {
      hooks.notice(t("share.replay.failed", { reason: err.engineMessage ? t(err.engineMessage) : err.message }));
      resume();
    }
  }

  // ---- restart this deal -------------------------------------------------------------------------
  async function restart() {
    if (!game.state?.can_restart || noTakebacks()) return;
    if (!(await hooks.ask(t("share.restart.ask_title"), t("share.restart.ask_text"), t("share.restart.yes")))) return;
    hooks.reset();
    try {
      hooks.adopt(await game.engine.call("restart_deal"));
    } catch (err) {
      hooks.toast(err.message);
    }
    hooks.render();
    hooks.runBots();
  }

  // ---- the Info panel ----------------------------------------------------------------------------
  async function showInfo() {
    if (!game.state) return;
    let info;
    try {
      info = await game.engine.call("share_links");
    } catch (err) {
      hooks.toast(err.message);
      return;
    }
    let dlg = $("dlg-info");
    if (!dlg) {
      dlg = document.createElement("dialog");
      dlg.id = "dlg-info";
      dlg.className = "dialog info-dialog";
      document.body.append(dlg);
    }
    dlg.innerHTML = `<form method="dialog"><button class="close" value="close">×</button></form>
      <h2></h2>
      <dl class="info-facts"><dt data-fact="game"></dt><dd></dd><dt data-fact="seed"></dt><dd id="info-seed"></dd>
        <dt data-fact="format"></dt><dd id="info-format"></dd></dl>
      <p class="info-fair"></p><p class="info-how"></p>
      <div class="share-row"><textarea id="info-link" readonly rows="2" spellcheck="false"></textarea>
        <button type="button" id="info-copy"></button></div>`;
    dlg.querySelector(".close").setAttribute("aria-label", t("share.close"));
    dlg.querySelector("h2").textContent = t("share.info.title");
    const facts = dlg.querySelectorAll(".info-facts dd");
    dlg.querySelector("[data-fact=game]").textContent = t("share.info.game");
    facts[0].textContent = hooks.gameTitle(game.gameId);
    dlg.querySelector("[data-fact=seed]").textContent = t("share.info.seed");
    facts[1].textContent = String(info.seed);
    dlg.querySelector("[data-fact=format]").textContent = t("share.info.format");
    facts[2].textContent = t("share.info.format_value", { v: info.link_version });
    dlg.querySelector(".info-fair").textContent = t("share.info.fair");
    dlg.querySelector(".info-how").textContent = t("share.info.how");
    $("info-link").value = url(info.challenge);
    $("info-link").setAttribute("aria-label", t("share.kind.challenge"));
    $("info-link").onfocus = (e) => e.target.select();
    $("info-copy").textContent = t("share.copy");
    $("info-copy").onclick = () => copy($("info-link").value, t("share.copied"));
    dlg.showModal();
    fitLines($("info-link"));
  }

  // ---- the summary's "Show all hands" ------------------------------------------------------------
  /** Add "Show all hands" to the end-of-deal summary on show (``body``: its content element). */
  function decorateSummary(body) {
    const view = game.state?.view;
    if (!view || !body) return;
    summaryDeal = view.is_over ? view.deal : view.deal - 1;     // the deal just ended
    if (summaryDeal < 1) return;
    const link = game.state.link;
    const b = document.createElement("button");
    b.type = "button";
    b.id = "summary-all-hands";
    b.className = "summary-all-hands";
    b.textContent = t("share.show_all_hands");
    b.onclick = async () => {
      const deal = summaryDeal;
      $("dlg-summary")?.close();
      pause();
      try {
        await openReplay({ engine: game.engine, link, layouts: hooks.layouts, info: game.info, deal, reveal: true,
          onClose: resume });
      } catch (err) {
        hooks.toast(err.message);
        resume();
      }
    };
    const p = document.createElement("p");
    p.className = "summary-check";
    p.append(b);
    body.append(p);
  }

  /** After every redraw of the table: the buttons follow the game. A remote table's deal has no
   *  seed and no restart: it was shuffled by all its players together (remote.js says so). */
  function refresh() {
    const contest = noTakebacks();
    restartButton.disabled = !game.state?.can_restart || contest;
    restartButton.title = contest ? t("daily.no_takebacks") : t("share.restart_title");
    infoButton.disabled = !game.state || game.mode.kind === "remote";
  }

  return { openDialog, openReplayLink, decorateSummary, refresh, replaying, closeReplay };
}
