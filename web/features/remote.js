// Remote tables: friends play one game from afar by posting links where the whole table sees them
// (a group chat). The engine does everything (pygames/remote, through the bridge's remote_* calls:
// the deck's shuffles, signatures, checks); this module keeps each table's state text in
// localStorage under its id, shows the messages this player still has to post, and turns the
// person's moves and the links they open into bridge calls. Names and texts that came from another
// page are only ever shown as text.

import { t } from "../shell/i18n.js";
import { isQuotaError, setItemMakingRoom, whenFull } from "../shell/store.js";
import { installStunSetting, liveTable, newSession } from "./live.js";
import { showQr } from "./qr.js";

const TABLE_KEY = (id) => `pygames:remote:${id}`;
const INDEX_KEY = "pygames:remote:tables";      // ids of the remote tables, newest first
// tables whose game is over or stopped: when the browser's storage is full, the oldest of them make
// room for a table still in play (a finished match is the only thing that may go)
const ENDED_KEY = "pygames:remote:ended";
// tables played live (their pages connect directly: live.js); the rest travel by links alone
const LIVE_KEY = (id) => `pygames:remote:live:${id}`;
const isLive = (id) => localStorage.getItem(LIVE_KEY(id)) === "1";
const CHAT_KEPT = 50;             // chat lines a live table shows

/** The table ids kept under ``key`` (a JSON list); none when it is missing or damaged. */
function readIds(key) {
  try {
    const ids = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : [];
  } catch {
    return [];
  }
}
const readIndex = () => readIds(INDEX_KEY);
const readEnded = () => new Set(readIds(ENDED_KEY));

/** Remove the least recently used finished table other than ``keepId``; false when there is none. */
function dropOldestEnded(keepId) {
  const ended = readEnded();
  const victim = readIndex().reverse().find((id) => id !== keepId && ended.has(id));
  if (!victim) return false;
  localStorage.removeItem(TABLE_KEY(victim));
  localStorage.setItem(INDEX_KEY, JSON.stringify(readIndex().filter((id) => id !== victim)));
  ended.delete(victim);
  localStorage.setItem(ENDED_KEY, JSON.stringify([...ended]));
  return true;
}

/** Store a table's new state (newest first in the index). When storage is full, finished tables
 * make room, oldest first; if that is not enough, an error says so and the stored state is the
 * old one (the caller adopts nothing: no move is lost or half made). */
function keep(table, state, ended) {
  const makeRoom = () => dropOldestEnded(table);
  try {       // the index first: a table listed without a state is not shown (storedTables)
    setItemMakingRoom(INDEX_KEY, () => JSON.stringify([table, ...readIndex().filter((id) => id !== table)]), makeRoom);
    setItemMakingRoom(TABLE_KEY(table), state, makeRoom);
  } catch (err) {
    throw isQuotaError(err) ? new Error(t("remote.storage_full")) : err;
  }
  const marks = readEnded();
  if (ended !== marks.has(table)) {
    if (ended) marks.add(table); else marks.delete(table);
    try { localStorage.setItem(ENDED_KEY, JSON.stringify([...marks])); } catch { /* then it is kept */ }
  }
}

function stored(table) {
  return localStorage.getItem(TABLE_KEY(table));
}

/** The remote tables kept in this browser: [{table, state}] newest first. */
export function storedTables() {
  return readIndex().map((table) => ({ table, state: stored(table) })).filter((x) => x.state);
}

const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  for (const child of children) node.append(child);      // strings become text nodes: never HTML
  return node;
};

/** A dialog's Cancel: a quiet button that closes it even when a required field is empty. */
const cancelButton = () => el("button", { value: "cancel", className: "secondary", formNoValidate: true }, t("page.cancel"));

/**
 * The remote table controller. ``host`` gives what it needs of the page: ``engine``, ``show(gameId,
 * state)`` (draw ``{view, seat}`` with the game's layout), ``leave()`` (the table is gone: the page
 * shows the person's own game), ``toast(text)``, ``errorText(err)``, ``gameTitle(id)`` and
 * ``playerCounts(id)`` (the player counts a new table of that game may choose from).
 */
export function installRemote(host) {
  installStunSetting(document.getElementById("settings-form"), t);
  const panel = el("section", { id: "remote-panel", hidden: true });
  panel.setAttribute("aria-live", "polite");
  document.getElementById("table").after(panel);
  const remote = { table: null, state: null, status: null, seatLinks: null };
  // at a live table: its connections, the connection links to post, the chat lines heard
  const live = { table: null, carrier: null, toPost: [], chat: [] };
  // the page's own saves may use the room finished tables take (not the table on show)
  whenFull({ makeRoom: () => dropOldestEnded(remote.table) });
  // another tab of the site changed the table on show (it opened a link): show that state here too
  window.addEventListener("storage", async (event) => {
    if (!remote.table || event.key !== TABLE_KEY(remote.table) || !event.newValue || event.newValue === remote.state) return;
    try {
      const result = await host.engine.call("remote_state", { state: event.newValue });
      if (result.table === remote.table && stored(remote.table) === event.newValue) adopt(result, false);
    } catch { /* a state this page cannot read: its own calls still start from what is kept */ }
  });

  /** Show a call's answer; ``save``: keep its state (not when it is what another tab kept). */
  function adopt(result, save = true) {
    const status = result.status;
    if (save) keep(result.table, result.state, Boolean(status.over || status.stopped));   // first: it may refuse
    if (remote.table !== result.table) remote.seatLinks = null;
    remote.table = result.table;
    remote.state = result.state;
    remote.status = status;
    host.show(status.game, status.view ? { view: status.view, seat: status.seat } : null, result.table);
    if (live.table !== result.table) goLive(result.table);
    draw();
    carry(result.carry);
  }

  // ---- the live carrier (live.js) ---------------------------------------------------------------
  /** The table on show changed: its live connections (if it is played live) replace the last's. */
  function goLive(table) {
    live.carrier?.close();
    Object.assign(live, { table, carrier: null, toPost: [], chat: [] });
    if (!isLive(table)) return;
    try {
      live.carrier = liveTable({
        status: () => remote.status,
        signal: async (kind, session, entries) => (await queued("remote_signal_make", { kind, session, entries })).signal,
        openSignal: async (signal) => (await queued("remote_signal_open", { signal })).signal,
        missing: async (counts) => (await queued("remote_missing", { counts })).links,
        receive,
        chat: heardChat,
        changed: () => { draw(); carry(); },
      });
    } catch {
      live.carrier = null;            // no WebRTC here: the table goes on by links
    }
  }

  /** Whether every other seat of the table on show is reached live now (then nobody needs to post
   * what this page writes). */
  function reachesAll() {
    const status = remote.status;
    if (!live.carrier || !status || live.table !== remote.table) return false;
    return (status.names || []).every((_, seat) => live.carrier.reaches(seat));
  }

  /** A move's or a message's call marks what it writes posted (``carried``) once the table has started
   * and every seat is reached: an invitation and a join go by link. */
  const carriedNow = () => Boolean(remote.status?.started) && reachesAll();

  /** What this page wrote goes out live: ``carried``, the links a call made with ``carried`` marked
   * posted, and what the outbox still holds; once every other seat is reached, nobody needs to post it. */
  function carry(carried = []) {
    const status = remote.status;
    if (!live.carrier || !status || live.table !== remote.table) return;
    const outbox = (status.outbox || []).filter((m) => !(m.seq === 0 && !status.started));  // an invitation or join goes by link
    live.carrier.send([...carried, ...outbox.map((m) => m.link.split("~")[0])]);
    if (outbox.length && reachesAll()) call("remote_posted", { seq: outbox[outbox.length - 1].seq + 1 });
  }

  /** A message that came on a live channel, opened as one from a link (quietly unless it fails). */
  async function receive(link) {
    const root = document.documentElement;
    const moves = remote.status?.view?.move_count ?? 0;
    const started = performance.now();
    const result = await call("remote_open", () => ({ link, carried: carriedNow() }), undefined, true);
    if (result && !["applied", "already", "held"].includes(result.outcome)) host.toast(result.message ? t(result.message) : result.text);
    // for the tests and the bench: when a move that came live was drawn, and how long applying it took
    const moved = (remote.status?.view?.move_count ?? 0) > moves;
    if (moved) root.dataset.liveMoveAt = String(Date.now());
    if (moved && result?.outcome === "applied") {
      const times = (root.dataset.liveApplyMs || "").split(",").filter(Boolean).slice(-99);
      root.dataset.liveApplyMs = [...times, Math.round(performance.now() - started)].join(",");
    }
  }

  function heardChat(info) {
    live.chat.push({ seat: info.seat, name: info.name, text: info.text });
    live.chat.splice(0, Math.max(0, live.chat.length - CHAT_KEPT));
    draw();
  }

  /** A connection link to post (an offer, or the answer to one): shown until its seat is reached. */
  function toPost(signal, kind, seats) {
    live.toPost = live.toPost.filter((p) => !p.seats.every((s) => seats.includes(s)));
    live.toPost.push({ signal, kind, seats });
    draw();
  }

  /** Offers to every partner this page does not reach (after a reload, or on the person's asking). */
  async function connectAgain() {
    if (!live.carrier) return;
    try {
      const seats = live.carrier.partners().filter((s) => !live.carrier.reaches(s));
      const signal = await live.carrier.offer(seats);
      if (signal) toPost(signal, "offer", seats);
    } catch (err) {
      host.toast(t("remote.live.failed", { reason: host.errorText(err) }));
    }
  }

  /** A signal opened (riding on a message's link, or as a connection link of its own). */
  async function openSignal(signal, quiet = false) {
    let info;
    try {
      info = (await queued("remote_signal_open", { signal })).signal;
    } catch (err) {
      if (!quiet) host.toast(t("remote.bad_link", { reason: host.errorText(err) }));
      return false;
    }
    if (!live.carrier) {
      if (info.kind === "chat" || !remote.table) return false;
      localStorage.setItem(LIVE_KEY(remote.table), "1");     // the others play it live: so does this page
      goLive(remote.table);
      if (!live.carrier) return false;
    }
    try {
      if (info.kind === "offer") {
        const answer = await live.carrier.answer(info);
        if (!answer) return false;
        const mine = remote.status;
        if (!mine.started && mine.seat !== mine.host && (mine.outbox || []).some((m) => m.seq === 0)) {
          await call("remote_attach", { seq: 0, signal: answer });     // the join carries the answer
        } else {
          toPost(answer, "answer", [info.seat]);
        }
      } else if (info.kind === "answer") {
        if (!(await live.carrier.accept(info))) await connectAgain();  // an answer to an offer this page no longer has
      }
      draw();
      return true;
    } catch (err) {
      host.toast(t("remote.live.failed", { reason: host.errorText(err) }));
      return false;
    }
  }

  /** Who the table waits for, in words (names are text from other pages). */
  function waitingText(status) {
    if (status.stopped) return t("remote.stopped", { reason: status.stopped.message || status.stopped.text });
    if (status.over) return t("remote.over");
    if (status.can_move) return t("remote.your_turn");
    const waiting = status.waiting || [];
    const names = [...new Set(waiting.map((w) => w.name).filter(Boolean))].join(", ") || "…";
    const joining = waiting.length > 0 && waiting.every((w) => w.for === "join");
    if (waiting.length === 1 && waiting[0].for === "confirm") return t("remote.confirm_seats");
    if (waiting.length === 1 && waiting[0].for === "start" && !status.started) return t("remote.waiting_confirm", { names });
    return t(joining ? "remote.waiting_join" : "remote.waiting_for", { names });
  }

  /** Before the start, the seats: the host confirms each friend's join by the four words the friend
   * reads out (their page shows them), and may make one invitation a seat to send each friend alone;
   * a friend sees the words to read. */
  function seatsPart(status) {
    const part = el("div", { className: "remote-seats-part", id: "remote-seats" });
    if (status.seat !== status.host) {
      const words = el("p", { id: "remote-words" }, t("remote.your_words", {
        words: (status.fingerprint || []).join(" "), host: (status.names || [])[status.host] || "" }));
      words.dataset.words = (status.fingerprint || []).join(" ");
      part.append(words);
      return part;
    }
    part.append(el("p", {}, t("remote.seats_text")));
    const list = el("ul", { className: "remote-joins" });
    (status.names || []).forEach((name, seat) => {
      if (seat === status.host) return;
      const joins = (status.joins || []).filter((j) => j.seat === seat);
      if (!joins.length) list.append(el("li", {}, t("remote.seat_open", { name })));
      for (const join of joins) {
        const row = el("li", {}, el("span", {}, t("remote.seat_words", { name, words: join.words.join(" ") })));
        row.dataset.words = join.words.join(" ");
        if (join.confirmed) {
          row.append(el("strong", {}, t("remote.seat_confirmed")));
        } else if (!joins.some((j) => j.confirmed)) {
          const ok = el("button", { type: "button" }, t("remote.confirm"));
          ok.dataset.confirm = join.digest;
          ok.addEventListener("click", () => call("remote_confirm", { seat, digest: join.digest }));
          row.append(ok);
        }
        list.append(row);
      }
    });
    part.append(list);
    if (remote.seatLinks) {
      part.append(el("p", {}, t("remote.seat_links_text")));
      const links = el("ul", { className: "remote-outbox" });
      const rider = (status.outbox || []).find((m) => m.seq === 0)?.link.split("~")[1];
      for (const { seat, name, link } of remote.seatLinks) {
        const row = linkRow(rider ? `${link}~${rider}` : link, t("remote.seat_link_for", { name }), { seatLink: String(seat) });
        row.prepend(el("span", { className: "remote-part" }, name));
        links.append(row);
      }
      part.append(links);
    } else {
      const make = el("button", { type: "button", id: "remote-seat-links" }, t("remote.make_seat_links"));
      make.addEventListener("click", async () => {
        const result = await call("remote_seat_links", {});
        if (result) { remote.seatLinks = result.links; draw(); }
      });
      part.append(make);
    }
    return part;
  }

  /** At a live table: who is not connected (their messages are posted as links meanwhile), the
   * connection links to post, and the table's chat. */
  function livePart(status, carrier) {
    const part = el("div", { className: "live-part", id: "live-part" });
    const away = (status.names || []).map((name, seat) => ({ name, seat }))
      .filter(({ seat }) => seat !== status.seat && !carrier.reaches(seat));
    const joined = status.started || status.seat !== status.host || (status.joins || []).length;
    if (away.length && joined) {
      const names = away.map((a) => a.name).join(", ");
      const line = el("p", { className: "live-away", id: "live-away" },
        t((status.outbox || []).length ? "remote.live.away_post" : "remote.live.away", { names }));
      part.append(line);
      if (!live.toPost.length) {
        const again = el("button", { type: "button", id: "live-again" }, t("remote.live.again"));
        again.addEventListener("click", () => connectAgain());
        part.append(again);
      }
    }
    const waiting = live.toPost.filter((p) => p.seats.some((s) => !carrier.reaches(s)));
    live.toPost = waiting;
    if (waiting.length) {
      const list = el("ul", { className: "remote-outbox live-links" });
      const me = (status.names || [])[status.seat] || "";
      for (const { signal, kind, seats } of waiting) {
        const names = seats.map((s) => (status.names || [])[s]).join(", ");
        const line = t(kind === "offer" ? "remote.live.line_offer" : "remote.live.line_answer", { name: me, names });
        list.append(el("li", { className: "remote-message" }, el("p", { className: "remote-line" }, line),
          linkRow(signal, line, { liveLink: signal, liveKind: kind }, line, "div")));
      }
      part.append(el("p", {}, t("remote.live.post_connect")), list);
    }
    if (status.started || (status.joins || []).length || status.seat !== status.host) part.append(chatPart(status, carrier));
    return part;
  }

  function chatPart(status, carrier) {
    const box = el("div", { className: "live-chat", id: "live-chat" });
    const lines = el("ol", { className: "live-chat-lines", id: "live-chat-lines" });
    lines.setAttribute("aria-label", t("remote.live.chat"));
    for (const line of live.chat.slice(-8)) {     // names and lines are text from other pages
      const row = el("li", {}, el("strong", {}, line.name), " ", line.text);
      row.dataset.chatSeat = String(line.seat);
      lines.append(row);
    }
    const input = el("input", { type: "text", id: "live-chat-input", maxLength: 200, autocomplete: "off" });
    input.setAttribute("aria-label", t("remote.live.chat_label"));
    input.placeholder = t("remote.live.chat_placeholder");
    const send = el("button", { type: "submit" }, t("remote.live.chat_send"));
    const form = el("form", { className: "live-chat-form" }, input, send);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      try {
        const signal = (await queued("remote_signal_make", { kind: "chat", session: newSession(), entries: [{ text }] })).signal;
        carrier.say(signal);
        input.value = "";
        heardChat({ seat: status.seat, name: (status.names || [])[status.seat] || "", text });
        document.getElementById("live-chat-input")?.focus();
      } catch (err) {
        host.toast(host.errorText(err));
      }
    });
    box.append(lines, form);
    return box;
  }

  /** A link to post, as a read-only field with Copy (and Share where the browser has it); ``line``,
   * a sentence saying what the message is, goes before the link in what Copy and Share give. */
  function linkRow(link, label, data = {}, line = "", tag = "li") {
    const url = `${location.origin}${location.pathname}#${link}`;
    const field = el("input", { readOnly: true, value: url, className: "remote-link" });
    field.setAttribute("aria-label", line ? `${label}: ${line}` : label);
    Object.assign(field.dataset, data);
    const copy = el("button", { type: "button" }, t("remote.copy"));
    copy.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(line ? `${line}\n${url}` : url); host.toast(t("remote.copied")); } catch { field.select(); }
    });
    const qr = el("button", { type: "button", className: "secondary remote-qr" }, t("remote.qr"));
    qr.setAttribute("aria-label", t("remote.qr_label", { what: label }));
    qr.addEventListener("click", () => showQr(url, line || label, t));
    const row = el(tag, { className: "remote-row" }, field, copy, qr);
    if (navigator.share) {
      const share = el("button", { type: "button" }, t("remote.share"));
      share.addEventListener("click", () => navigator.share(line ? { text: line, url } : { url }).catch(() => {}));
      row.append(share);
    }
    return row;
  }

  /** A message's line, in the page's language, naming its sender as the others know it: its moves
   * as the game says them and whom the table waits for next, or what else it carries. */
  function messageLine(status, what) {
    const names = status.names || [];
    const name = names[status.seat] || "";
    if (what.kind === "moves") {
      const moves = host.describeAs(names, what.moves);
      const next = what.to_play ?? null;
      return next === null ? moves : t("remote.line.moves_next", { moves, name: names[next] || "" });
    }
    if (what.kind === "shuffle" && what.parts) return t("remote.line.shuffle_part", { name, part: what.part, parts: what.parts });
    return t(`remote.line.${what.kind}`, { name, game: host.gameTitle(status.game) });
  }

  function draw() {
    const status = remote.status;
    panel.hidden = !status;
    if (!status) { panel.replaceChildren(); return; }
    panel.dataset.counts = (status.counts || []).join(",");     // the messages applied, per seat
    const carrier = live.table === remote.table ? live.carrier : null;
    const namesLine = el("p", { className: "remote-names" });
    (status.names || []).forEach((name, seat) => {
      if (seat) namesLine.append(" · ");
      const text = seat === status.seat ? t("remote.you_are", { name }) : name;
      if (!carrier || seat === status.seat) return namesLine.append(text);
      const on = carrier.reaches(seat);           // a mark a seat: connected live or not
      const mark = el("span", { className: `live-mark ${on ? "on" : "off"}`, title: t(on ? "remote.live.on" : "remote.live.off", { name }) }, on ? "●" : "○");
      mark.dataset.liveSeat = String(seat);
      mark.dataset.live = on ? "on" : "off";
      mark.setAttribute("aria-label", mark.title);
      namesLine.append(el("span", { className: "live-seat" }, mark, " ", text));
    });
    // three parts: who and what it waits for; the messages to post; what the person may do next
    const head = el("div", { className: "remote-head" },
      el("h2", {}, t(carrier ? "remote.live.title" : "remote.title")),
      namesLine,
      el("p", { className: "remote-status", id: "remote-status" }, waitingText(status)));
    const items = [head];
    if (status.verified_deals) {       // every page replayed those deals from the revealed deck
      const verified = el("p", { id: "remote-verified" }, t("remote.verified", { n: status.verified_deals }));
      verified.dataset.verified = String(status.verified_deals);
      head.append(verified);
    }
    if (!status.started) items.push(seatsPart(status));
    if (carrier) items.push(livePart(status, carrier));
    const outbox = status.outbox || [];
    if (outbox.length) {
      const post = el("div", { className: "remote-post" }, el("p", {}, t("remote.post_these", { n: outbox.length })));
      const list = el("ol", { className: "remote-outbox" });
      for (const message of outbox) {     // a shuffle too long for one link travels as numbered parts
        const what = message.what || { kind: "cards", moves: [] };
        const label = what.parts ? t("remote.message_part", { n: message.seq + 1, part: what.part, parts: what.parts })
          : t("remote.message_n", { n: message.seq + 1 });
        const line = messageLine(status, what);
        const row = linkRow(message.link, label, { remoteLink: message.link, seq: String(message.seq) }, line, "div");
        if (what.parts) row.prepend(el("span", { className: "remote-part" }, t("remote.part", { part: what.part, parts: what.parts })));
        list.append(el("li", { className: "remote-message" }, el("p", { className: "remote-line" }, line), row));
      }
      const posted = el("button", { type: "button", id: "remote-posted" }, t("remote.posted", { n: outbox.length }));
      posted.addEventListener("click", () => call("remote_posted", { seq: outbox[outbox.length - 1].seq + 1 }));
      post.append(list, posted);
      items.push(post);
    }
    const actions = el("div", { className: "remote-actions" });
    if (status.over && !status.stopped) {     // the same friends, the same game and options: a new table
      const again = el("button", { type: "button", id: "remote-again" }, t("remote.again"));
      const names = status.names || [];
      const mineFirst = names.map((_, i) => names[(status.seat + i) % names.length]);   // you sit at seat 1
      again.addEventListener("click", () => create(status.game, status.players, status.options, mineFirst));
      actions.append(again);
    }
    const leave = el("button", { type: "button", className: "remote-leave" }, t("remote.leave"));
    leave.addEventListener("click", () => { close(); host.leave(); });
    actions.append(leave);
    items.push(actions);
    panel.replaceChildren(...items);
  }

  /** The table on show as this browser keeps it now. Another tab of the site may have moved it on
   * (a link opened from a chat opens a tab of its own): a call made from this tab's older state
   * would drop what that tab applied, and a move would sign a second message in place of one
   * already sent. */
  function latest() {
    const kept = remote.table ? stored(remote.table) : null;
    return kept || remote.state;
  }

  // Every call that starts from the table's state waits for the one before it: a message that comes
  // live while the person moves must not start from the state the move is replacing.
  let queue = Promise.resolve();
  let running = 0;                    // calls waiting or running (<html data-remote-busy>: tests wait on it)
  function serial(job) {
    const root = document.documentElement;
    running += 1;
    root.dataset.remoteBusy = "1";
    const run = queue.then(job, job).finally(() => {
      running -= 1;
      if (!running) root.dataset.remoteBusy = "0";
    });
    queue = run.catch(() => {});
    return run;
  }

  /** A call on the table on show that does not change it (a signal made or opened, the links a page
   * lacks), in turn with the others. */
  const queued = (method, args) => serial(() => host.engine.call(method, { state: latest(), ...args }));

  /** A call on the table on show, in turn; ``args`` may be a function, read when the call's turn
   * comes (whether every seat is reached is asked then, not when the call was queued). */
  function call(method, args, state = undefined, quiet = false) {
    return serial(async () => {
      try {
        const values = typeof args === "function" ? args() : args;
        const result = await host.engine.call(method, { state: state ?? latest(), ...values });
        adopt(result);
        return result;
      } catch (err) {
        if (!quiet) host.toast(host.errorText(err));
        return null;
      }
    });
  }

  function close() {
    live.carrier?.close();
    Object.assign(live, { table: null, carrier: null, toPost: [], chat: [] });
    remote.table = remote.state = remote.status = remote.seatLinks = null;
    draw();
  }

  /** Ask for the names and the person's seat, then create the table: its invitation is the first
   * message to post. ``names``: each seat's name to start from (a new match of the same players). */
  async function create(gameId, players, options, names = null) {
    let count = players || 2;
    const dialog = el("dialog", { id: "dlg-remote", className: "dialog" });
    dialog.setAttribute("aria-labelledby", "dlg-remote-title");
    const form = el("form", { method: "dialog" });
    form.append(el("h2", { id: "dlg-remote-title" }, t("remote.create_title")), el("p", {}, t("remote.create_text")));
    const nameFields = el("div", { className: "remote-seat-names" });
    let fields = [];
    const seatFields = () => {           // a name a seat; names typed so far are kept
      const typed = fields.map((f) => f.value);
      fields = [];
      for (let seat = 0; seat < count; seat += 1) {
        const input = el("input", { name: `name${seat}`, maxLength: 24, required: true,
          value: typed[seat] ?? names?.[seat] ?? (seat === 0 ? t("remote.default_me") : t("remote.default_friend", { n: seat })) });
        fields.push(input);
      }
      nameFields.replaceChildren(...fields.map((input, seat) => el("label", {}, t("remote.seat_name", { n: seat + 1 }), input)));
    };
    const counts = host.playerCounts(gameId);
    if (!names && counts.length > 1) {   // a rematch keeps its players; a new table may choose
      const pick = el("select", { id: "remote-players" }, ...counts.map((n) => el("option", { value: String(n) }, String(n))));
      pick.value = String(count);
      pick.addEventListener("change", () => { count = Number(pick.value); seatFields(); });
      form.append(el("div", { className: "remote-seat-names" }, el("label", {}, t("page.settings.players"), pick)));
    }
    seatFields();
    // live: the pages connect directly once each friend has joined (a browser without WebRTC cannot)
    const liveBox = el("input", { type: "checkbox", id: "remote-live", checked: "RTCPeerConnection" in window,
      disabled: !("RTCPeerConnection" in window) });
    const liveField = el("label", { className: "remote-live-choice" }, liveBox, t("remote.live.choose"));
    const ok = el("button", { value: "ok", id: "remote-create" }, t("remote.create"));
    form.append(nameFields, liveField, el("p", { className: "hint" }, t("remote.live.choose_hint")), el("menu", {}, cancelButton(), ok));
    dialog.append(form);
    document.body.append(dialog);
    dialog.showModal();
    const answer = await new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue), { once: true }));
    dialog.remove();
    if (answer !== "ok") return;
    try {
      const result = await host.engine.call("remote_create", {
        game: gameId, players: count, options: options || {}, names: fields.map((f) => f.value.trim() || "?"), seat: 0 });
      if (liveBox.checked) localStorage.setItem(LIVE_KEY(result.table), "1");
      adopt(result);
    } catch (err) {
      host.toast(host.errorText(err));
      return;
    }
    if (!live.carrier) return;
    try {                    // the invitation carries an offer to each seat: a join's answer connects
      const status = remote.status;
      const signal = await live.carrier.offer(status.names.map((_, seat) => seat).filter((seat) => seat !== status.seat));
      if (signal) await call("remote_attach", { seq: 0, signal });
    } catch (err) {
      host.toast(t("remote.live.failed", { reason: host.errorText(err) }));
    }
  }

  /** A remote link opened: a message for a stored table is applied to it; an invitation offers the
   * free seats. */
  async function open(fragment) {
    try {
      return await openLink(fragment);
    } finally {                                // for tests and tools: how many links were opened here
      const root = document.documentElement;
      root.dataset.remoteOpened = String(Number(root.dataset.remoteOpened || 0) + 1);
    }
  }

  async function openLink(whole) {
    // a message's link may carry a signal after "~" (an invitation its offers, a join its answer)
    const [fragment, rider] = String(whole).split("~", 2);
    let info;
    try {
      info = await host.engine.call("remote_link", { link: fragment });
    } catch (err) {
      host.toast(t("remote.bad_link", { reason: host.errorText(err) }));
      return false;
    }
    const state = stored(info.table);
    if (info.kind === "invitation" && !state) {
      const joined = await join(fragment, info);
      if (joined && rider) {
        localStorage.setItem(LIVE_KEY(info.table), "1");
        goLive(info.table);
        await openSignal(rider);
      }
      return joined;
    }
    if (!state) {
      host.toast(t("remote.unknown_table"));
      return false;
    }
    if (info.kind === "signal") {                 // a connection link: the table it is for comes up
      if (remote.table !== info.table && !(await call("remote_state", {}, state))) return false;
      return openSignal(fragment);
    }
    const result = await call("remote_open", { link: fragment }, state);
    if (result && result.outcome !== "applied") host.toast(result.message ? t(result.message) : result.text);
    if (result && rider) await openSignal(rider, true);
    return Boolean(result);
  }

  async function join(fragment, info) {
    const dialog = el("dialog", { id: "dlg-remote-join", className: "dialog" });
    dialog.setAttribute("aria-labelledby", "dlg-remote-join-title");
    const form = el("form", { method: "dialog" });
    const own = info.seat ?? null;            // a seat's own invitation: that seat, and no other
    const text = own === null ? t("remote.join_text", { game: host.gameTitle(info.game) })
      : t("remote.join_as", { game: host.gameTitle(info.game), name: (info.names || [])[own] || "" });
    form.append(el("h2", { id: "dlg-remote-join-title" }, t("remote.join_title")), el("p", {}, text));
    const seats = el("menu", { className: "remote-seats" });
    (info.names || []).forEach((name, seat) => {
      if (seat === info.host || (own !== null && seat !== own)) return;
      const button = el("button", { value: String(seat) }, t("remote.take_seat", { name }));
      button.dataset.seat = String(seat);
      seats.append(button);
    });
    form.append(seats, el("menu", {}, cancelButton()));
    dialog.append(form);
    document.body.append(dialog);
    dialog.showModal();
    const answer = await new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue), { once: true }));
    dialog.remove();
    if (answer === "cancel" || answer === "") return false;
    try {
      adopt(await host.engine.call("remote_join", { link: fragment, seat: Number(answer) }));
      return true;
    } catch (err) {
      host.toast(host.errorText(err));
      return false;
    }
  }

  /** Reopen a stored table (from the home screen's list). */
  async function resume(table) {
    const state = stored(table);
    if (!state) return false;
    const shown = Boolean(await call("remote_state", {}, state));
    if (shown && live.carrier) await connectAgain();   // a reload lost the connections: offer new ones
    return shown;
  }

  /** The home screen's list of this browser's remote tables: the game, the names, what each waits
   * for, and a button that opens it. ``open(table)`` is the page's way to show one. */
  async function listOnHome(home, open) {
    home.querySelector("#remote-tables")?.remove();
    const tables = storedTables();
    if (!tables.length) return;
    const list = el("ul", {});
    const section = el("section", { id: "remote-tables" }, el("h2", { className: "home-title" }, t("remote.home_title")), list);
    home.prepend(section);           // above the games: the tables in play are what a returning player came for
    for (const { table, state } of tables) {
      let status;
      try {
        status = (await host.engine.call("remote_state", { state })).status;
      } catch {
        continue;                  // a damaged stored table is left out (and kept: nothing is lost)
      }
      const button = el("button", { type: "button" }, t("remote.home_open"));
      button.dataset.remoteTable = table;
      button.addEventListener("click", () => open(table));
      list.append(el("li", {}, el("span", { className: "remote-home-what" }, el("strong", {}, host.gameTitle(status.game)),
        " · ", (status.names || []).join(", "), el("br"), waitingText(status)), button));
    }
  }

  return {
    create, open, close, draw, resume, listOnHome,
    waitingText: () => (remote.status ? waitingText(remote.status) : ""),
    active: () => Boolean(remote.status),
    status: () => remote.status,
    myTurn: () => Boolean(remote.status?.can_move),
    play: (move) => call("remote_play", () => ({ move, carried: carriedNow() })),
    // what a message arriving on a live channel does (the live tests send messages again through it)
    liveDeliver: (link) => receive(link),
  };
}
