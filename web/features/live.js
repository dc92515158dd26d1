// The live carrier of a remote table: once the pages are connected (WebRTC data channels), every
// message a page writes reaches the others at once and is applied there as it arrives; nobody posts
// anything. The messages are the table's own signed messages, checked on arrival exactly as when they
// come by link (remote.js opens them the same way), so the carrier only carries: it cannot make a
// move, and a page it connects cannot either.
//
// Shape: a star through the host. The host's page connects to every guest's and passes on what each
// sends; the signatures make relaying safe (the host cannot change a message it passes on) and a star
// needs one connection a guest rather than one a pair, so one offer and one answer connect a friend.
// A connection is made from an offer and an answer (their descriptions squeezed to a few fields,
// signed by the engine as *signals*: pygames/remote/signals.py) that ride on the links the table
// posts anyway - the invitation carries the host's offers, a join its answer - or, to connect again
// after a reload, travel as a connection link each way.
//
// A peer connection is made only at a live table a person is at: nothing here runs on import.

const STUN_KEY = "pygames:stun";
export const DEFAULT_STUN = ["stun:stun.l.google.com:19302"];
const GATHER_MS = 3000;            // the longest wait for a connection's addresses (then use those found)
const MAX_DATA = 200_000;          // characters of one channel message (a shuffle part is 8,000)

const stunList = (text) => String(text).split(/[\s,]+/).filter((url) => /^stuns?:[^\s]{1,200}$/.test(url)).slice(0, 5);

/** The STUN servers Settings lists (none: keep to this network). */
export function stunServers() {
  const raw = localStorage.getItem(STUN_KEY);
  return raw === null ? DEFAULT_STUN : stunList(raw);
}

/** The Settings field for the STUN servers, kept when the dialog closes with Apply. */
export function installStunSetting(form, t) {
  const box = document.getElementById("settings-live");
  if (!box) return;
  const field = Object.assign(document.createElement("textarea"), { id: "settings-stun", rows: 2, spellcheck: false });
  const label = Object.assign(document.createElement("label"), { className: "settings-stun" });
  const hint = Object.assign(document.createElement("p"), { className: "hint", id: "settings-stun-hint" });
  field.setAttribute("aria-describedby", hint.id);
  const fill = () => {
    label.replaceChildren(t("remote.live.stun"), field);
    hint.textContent = t("remote.live.stun_hint");
    field.value = stunServers().join("\n");
  };
  box.replaceChildren(label, hint);
  fill();
  form.closest("dialog").addEventListener("close", (event) => {
    const dialog = event.target;
    if (dialog.returnValue && dialog.returnValue !== "cancel") localStorage.setItem(STUN_KEY, stunList(field.value).join("\n"));
    fill();
  });
}

// ---- a connection's description, squeezed ------------------------------------------------------
// A data channel's offer or answer is long text, almost all of it the same every time; what differs
// is the ICE credentials, the DTLS fingerprint, the role and the addresses. Those travel as
// "ufrag pwd fingerprint role candidate…" (fingerprint in base64url, a candidate "h|s|r,address,port")
// and the rest is written back the same on the other side.

const KINDS = { host: "h", srflx: "s", relay: "r", prflx: "p" };
const TYPES = Object.fromEntries(Object.entries(KINDS).map(([k, v]) => [v, k]));

function b64url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unb64url(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export function squeeze(sdp) {
  const line = (name) => (sdp.match(new RegExp(`^a=${name}:(.*)$`, "m")) || [])[1]?.trim();
  const fp = line("fingerprint");
  if (!fp || !/^sha-256 /i.test(fp)) throw new Error("no SHA-256 fingerprint in the description");
  const fingerprint = b64url(fp.split(" ")[1].split(":").map((h) => parseInt(h, 16)));
  const candidates = [];
  for (const [, text] of sdp.matchAll(/^a=candidate:(.*)$/gm)) {
    const f = text.trim().split(/\s+/);
    if (f[2].toLowerCase() !== "udp" || f[1] !== "1") continue;            // UDP, one component
    const kind = KINDS[f[7]];
    if (kind && candidates.length < 8) candidates.push(`${kind},${f[4]},${f[5]}`);
  }
  const role = (line("setup") || "actpass")[0];
  return [line("ice-ufrag"), line("ice-pwd"), fingerprint, role, ...candidates].join(" ");
}

export function unsqueeze(text, type) {
  const [ufrag, pwd, fingerprint, role, ...candidates] = String(text).split(" ");
  const ok = /^[A-Za-z0-9+/]{4,256}$/;
  if (!ok.test(ufrag) || !ok.test(pwd) || !/^[A-Za-z0-9_-]{43}$/.test(fingerprint) || !["a", "p"].includes(role)) {
    throw new Error("the connection description is damaged");
  }
  const fp = [...unb64url(fingerprint)].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`, "a=ice-options:trickle", `a=fingerprint:sha-256 ${fp}`,
    `a=setup:${type === "offer" ? "actpass" : role === "a" ? "active" : "passive"}`, "a=mid:0",
    "a=sctp-port:5000", "a=max-message-size:262144"];
  candidates.forEach((c, i) => {
    const [kind, address, port] = c.split(",");
    if (!TYPES[kind] || !/^[A-Za-z0-9.:-]{1,64}$/.test(address || "") || !/^\d{1,5}$/.test(port || "")) {
      throw new Error("a connection address is damaged");
    }
    const priority = (kind === "h" ? 2122260223 : kind === "p" ? 1853824767 : kind === "s" ? 1686052607 : 41885439) - i;
    lines.push(`a=candidate:${i + 1} 1 udp ${priority} ${address} ${port} typ ${TYPES[kind]}`
      + (kind === "h" ? "" : " raddr 0.0.0.0 rport 0"));
  });
  lines.push("a=end-of-candidates");
  return `${lines.join("\r\n")}\r\n`;
}

/** A fresh session id for a signal: 8 random bytes as 16 hex digits. */
export const newSession = () => [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");

function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); pc.removeEventListener("icegatheringstatechange", check); resolve(); };
    const check = () => { if (pc.iceGatheringState === "complete") done(); };
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

/**
 * The live side of one remote table on show. ``hooks``: ``status()`` (the table's status now),
 * ``signal(kind, session, entries)`` (a signed signal's text), ``openSignal(text)`` (its checked
 * contents), ``missing(counts)`` (the links a page with those counts lacks), ``receive(link)`` (open
 * a message that came live), ``chat({seat, name, text})`` and ``changed()`` (who is connected changed).
 */
export function liveTable(hooks) {
  const peers = new Map();       // seat -> {pc, channel, session, open}
  const pending = new Map();     // seat -> the connection of an offer of mine, waiting for its answer
  let reach = new Set();         // a guest's view of who else the host reaches
  const sent = new Set();        // message links already sent on the channels
  const heard = new Set();       // chat signals already shown
  const addresses = new Set();   // the addresses the connections use (the tests check them)
  let closed = false;
  const me = () => hooks.status().seat;
  const host = () => hooks.status().host;
  const amHost = () => me() === host();

  function connection(seat, id) {
    const pc = new RTCPeerConnection({ iceServers: stunServers().map((urls) => ({ urls })) });
    const channel = pc.createDataChannel("table", { negotiated: true, id: 0, ordered: true });
    const entry = { pc, channel, session: id, open: false };
    channel.onopen = () => opened(seat, entry);
    channel.onclose = () => lost(seat, entry);
    channel.onmessage = (event) => { if (peers.get(seat) === entry) data(seat, event.data); };
    pc.onconnectionstatechange = () => { if (["failed", "closed"].includes(pc.connectionState)) lost(seat, entry); };
    return entry;
  }

  function post(entry, value) {
    try { entry.channel.send(JSON.stringify(value)); } catch { /* closing: the other page syncs when back */ }
  }

  async function opened(seat, entry) {
    if (closed) return entry.pc.close();
    const before = peers.get(seat);
    if (before && before !== entry) before.pc.close();
    peers.set(seat, entry);
    entry.open = true;
    post(entry, { t: "have", counts: hooks.status().counts });
    if (amHost()) tellPeers();
    hooks.changed();
    try {                          // which addresses carry it (never any but the ones this machine has)
      const stats = await entry.pc.getStats();
      const byId = new Map([...stats.values()].map((s) => [s.id, s]));
      for (const s of byId.values()) {
        if (s.type === "transport" && s.selectedCandidatePairId) {
          const pair = byId.get(s.selectedCandidatePairId);
          for (const id of [pair?.localCandidateId, pair?.remoteCandidateId]) {
            const c = byId.get(id);
            if (c) addresses.add(c.address || c.ip);
          }
        }
      }
      document.documentElement.dataset.liveAddresses = [...addresses].join(",");
    } catch { /* stats are for the tests' check only */ }
  }

  function lost(seat, entry) {
    if (peers.get(seat) !== entry) return;
    peers.delete(seat);
    entry.pc.close();
    if (amHost()) tellPeers();
    if (!closed) hooks.changed();
  }

  function tellPeers() {
    const seats = [...peers].filter(([, entry]) => entry.open).map(([seat]) => seat);
    for (const entry of peers.values()) if (entry.open) post(entry, { t: "peers", seats });
  }

  /** What a peer sent: a message (applied as one opened from a link; the host passes it on), what
   * the peer has (it is sent what it lacks), a chat line, or (from the host) who is connected. */
  async function data(seat, text) {
    if (typeof text !== "string" || text.length > MAX_DATA) return;
    let value;
    try { value = JSON.parse(text); } catch { return; }
    if (!value || typeof value !== "object") return;
    if (value.t === "msg" && typeof value.link === "string" && /^r\.[A-Za-z0-9_-]{1,8200}$/.test(value.link)) {
      if (amHost()) relay(seat, value);
      sent.add(value.link);        // nobody needs it from this page again
      await hooks.receive(value.link);
    } else if (value.t === "have" && Array.isArray(value.counts)) {
      let links = [];
      try { links = await hooks.missing(value.counts); } catch { return; }
      const entry = peers.get(seat);
      for (const link of links) if (entry?.open) post(entry, { t: "msg", link });
    } else if (value.t === "chat" && typeof value.signal === "string" && !heard.has(value.signal)) {
      let info;
      try { info = await hooks.openSignal(value.signal); } catch { return; }    // a forgery: dropped
      if (info.kind !== "chat" || heard.has(value.signal)) return;
      heard.add(value.signal);
      if (amHost()) relay(seat, value);
      hooks.chat(info);
    } else if (value.t === "peers" && seat === host() && Array.isArray(value.seats)) {
      reach = new Set(value.seats.filter(Number.isInteger));
      hooks.changed();
    }
  }

  function relay(from, value) {
    for (const [seat, entry] of peers) if (seat !== from && entry.open) post(entry, value);
  }

  /** The seats this page should keep a connection with: the host, or (the host) every guest who
   * has joined. */
  const partners = () => {
    const status = hooks.status();
    if (!amHost()) return [status.host];
    const joined = new Set((status.joins || []).map((j) => j.seat));
    return (status.names || []).map((_, seat) => seat)
      .filter((seat) => seat !== status.seat && (status.started || joined.has(seat)));
  };

  return {
    /** An offer to each of ``seats`` (default: every partner not connected now), as a signal. */
    async offer(seats = partners().filter((s) => !peers.get(s)?.open)) {
      if (!seats.length) return null;
      const id = newSession();
      const entries = [];
      for (const seat of seats) {
        pending.get(seat)?.pc.close();
        const entry = connection(seat, id);
        await entry.pc.setLocalDescription(await entry.pc.createOffer());
        await gathered(entry.pc);
        pending.set(seat, entry);
        entries.push({ seat, text: squeeze(entry.pc.localDescription.sdp) });
      }
      return hooks.signal("offer", id, entries);
    },
    /** An offer from ``info.seat`` answered: the answer's signal (null: nothing here for this seat). */
    async answer(info) {
      if (!info.text) return null;
      const entry = connection(info.seat, info.session);
      await entry.pc.setRemoteDescription({ type: "offer", sdp: unsqueeze(info.text, "offer") });
      await entry.pc.setLocalDescription(await entry.pc.createAnswer());
      await gathered(entry.pc);
      pending.get(info.seat)?.pc.close();
      pending.delete(info.seat);
      return hooks.signal("answer", info.session, [{ seat: info.seat, text: squeeze(entry.pc.localDescription.sdp) }]);
    },
    /** An answer to an offer of mine: true when it is to the offer waiting here (then they connect). */
    async accept(info) {
      const entry = pending.get(info.seat);
      if (!entry || entry.session !== info.session || !info.text) return false;
      pending.delete(info.seat);
      await entry.pc.setRemoteDescription({ type: "answer", sdp: unsqueeze(info.text, "answer") });
      return true;
    },
    /** Send the messages this page wrote to every page it reaches (each once). */
    send(links) {
      for (const link of links) {
        if (sent.has(link)) continue;
        sent.add(link);
        for (const entry of peers.values()) if (entry.open) post(entry, { t: "msg", link });
      }
    },
    /** A chat line's signal, to everyone reached (the host passes it on). */
    say(signal) {
      heard.add(signal);
      for (const entry of peers.values()) if (entry.open) post(entry, { t: "chat", signal });
    },
    /** Whether a message of this page reaches ``seat`` now (directly, or through the host). */
    reaches(seat) {
      if (seat === me()) return true;
      if (amHost() || seat === host()) return Boolean(peers.get(seat)?.open);
      return Boolean(peers.get(host())?.open) && reach.has(seat);
    },
    partners,
    close() {
      closed = true;
      for (const entry of [...peers.values(), ...pending.values()]) entry.pc.close();
      peers.clear();
      pending.clear();
    },
  };
}
