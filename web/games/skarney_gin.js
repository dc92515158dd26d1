// The Skarney Gin table: the opponent's melds at the top, the stock and the offer in the middle, your
// melds, the meld builder and your hand at the bottom. You select cards; the engine says whether they
// form a meld (queries meld_kind / why_not_meld, answered as messages shown with t()), and every
// button or highlighted meld plays a move taken from the legal-move list — nothing here decides a rule.
// The initial meld is built in the engine one 3-card meld at a time (initial_part, take_back) and laid
// down with initial_meld; only you see the melds you have chosen until then.
import { cardEl, cardText } from "../cards.js";
import { el, esc, moveButton, scoreSheet, seatName, t } from "./common.js";

const GAME = "skarney_gin";
const KIND = { group: "Group", sequence: "Sequence", straight: "Straight" };
const KIND_WORD = { group: "a group", sequence: "a sequence", straight: "a straight" };
const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3 };
const RANK_ORDER = "A23456789TJQK";
const SORT_KEY = "pygames:skarney_gin:sort";
const NAMES = ["Opponent", "Opponent"];

const keyOf = (cards) => [...cards].sort().join(",");
const cardsText = (cards) => cards.map(cardText).join(" ");
const name = (seat, me) => seatName(seat, me, NAMES);

// ---- what the page keeps between redraws (ctx.local: reset on new game, undo and link) -----------
let local = null;       // ctx.local of the render in progress, filled in by state()
let sortBy = readSort(); // the person's choice of hand order, kept across games

function state(ctx) {
  local = ctx.local;
  if (!local.ready) {
    Object.assign(local, {
      ready: true,
      sel: [],                  // selected hand cards
      checks: new Map(),        // sorted selection -> {kind, why} from the engine, or null while asked
      moveCount: -1,            // view.move_count at the last redraw (a move clears the selection)
      lastHand: null, newCards: new Set(),
    });
  }
  local.rerender = ctx.rerender;
  return local;
}

function readSort() {
  try { return localStorage.getItem(SORT_KEY) === "suit" ? "suit" : "rank"; } catch { return "rank"; }
}

function setSort(value) {
  sortBy = value;
  try { localStorage.setItem(SORT_KEY, value); } catch { /* no storage: keep it for this page */ }
}

/** The engine's verdict on a selection: {kind, why}, or null while the question is on its way. */
function check(cards) {
  const k = keyOf(cards);
  const { checks, rerender } = local;
  if (!checks.has(k)) {
    checks.set(k, null);
    const ask = (q) => window.pygames.call("query", { game: GAME, name: q, args: [[...cards].sort()] });
    Promise.all([ask("meld_kind"), ask("why_not_meld")])
      .then(([kind, why]) => checks.set(k, { kind, why }))
      .catch((err) => checks.set(k, { kind: null, why: err.message }))
      .finally(() => rerender?.());
  }
  return checks.get(k);
}

function sortHand(cards) {
  const rank = (c) => RANK_ORDER.indexOf(c[0]);
  const by = sortBy === "suit"
    ? (a, b) => SUIT_ORDER[a[1]] - SUIT_ORDER[b[1]] || rank(a) - rank(b)
    : (a, b) => rank(a) - rank(b) || SUIT_ORDER[a[1]] - SUIT_ORDER[b[1]];
  return [...cards].sort(by);
}

// ---- bookkeeping on each redraw ------------------------------------------------------------------
function sync(view, ctx) {
  const me = ctx.seat;
  const hand = view.zones[`hand${me}`];
  if (view.move_count !== local.moveCount) local.sel = [];   // a move was played: the selection starts afresh
  local.moveCount = view.move_count;
  // cards that just arrived in the hand (drawn, taken, or an offer refused back)
  const now = new Set(hand);
  if (local.lastHand) {
    const added = hand.filter((c) => !local.lastHand.has(c));
    if (added.length && added.length <= 3) local.newCards = new Set(added);
    else if (added.length) local.newCards = new Set();
    else local.newCards = new Set([...local.newCards].filter((c) => now.has(c)));
  }
  local.lastHand = now;
  const inPending = new Set((view.pending || []).flat());
  local.sel = local.sel.filter((c) => now.has(c) && !inPending.has(c));
}

/** The person's words for one entry of the deal's log ({seat, move}); prev is the entry before it. */
function logText(entry, prev, me) {
  const who = name(entry.seat, me);
  const m = entry.move;
  const offered = prev?.move.type === "offer" ? cardText(prev.move.card) : "the offer";
  switch (m.type) {
    case "initial_part": return m.cards.includes("??") ? `${who} chose a meld for the initial meld`
      : `${who} chose ${cardsText(m.cards)} for the initial meld`;
    case "take_back": return `${who} took a meld of the initial meld back`;
    case "initial_meld": return `${who} laid the initial meld`;
    case "meld": return `${who} melded ${cardsText(m.cards)}`;
    case "layoff": return `${who} laid off ${cardsText(m.cards)}`;
    case "offer": return `${who} offered ${cardText(m.card)}`;
    case "take": return `${who} took ${offered}`;
    case "refuse": return `${who} refused ${offered}`;
    case "last_card": return `${who} announced “last card”`;
    case "end_deal": return `${who} ended the deal`;
    default: return `${who}: ${m.type}`;
  }
}

// ---- pieces of the table -------------------------------------------------------------------------
function badges(view, seat, me) {
  const out = [];
  const mine = seat === me;
  if (view.dealer === seat) out.push(`<span class="sg-badge sg-dealer" title="Dealer">Dealer</span>`);
  out.push(view.initial_done[seat]
    ? `<span class="sg-badge sg-melded">Melded</span>`
    : `<span class="sg-badge sg-unmelded">No initial meld yet</span>`);
  if (view.last_card[seat]) out.push(`<span class="sg-badge sg-lastcard">Last card!</span>`);
  if (view.skip_draw[seat]) {
    out.push(`<span class="sg-badge sg-drawlost" data-draw-lost="${seat}" title="Whoever takes an offered Ace skips the next draw">` +
      (mine ? "Draw lost: you took an Ace, so no draw this turn" : "Draw lost: took an Ace, no draw this turn") + `</span>`);
  }
  return out.join("");
}

function meldEl(meld, seat, me, move, turn) {
  const box = el("div", "sg-meld");
  box.dataset.meldSeat = String(seat);
  box.dataset.meldIndex = String(meld.index);
  if (seat === me) box.dataset.target = `meld:${meld.index}`;
  const laid = meld.laid_this_turn && turn ? ` <span class="sg-laid" title="Cards laid off to it this turn (at most 2)">+${meld.laid_this_turn}</span>` : "";
  box.appendChild(el("div", "sg-kind", `${KIND[meld.kind] || "Meld"}${laid}`));
  const row = el("div", "sg-meld-cards");
  for (const c of meld.cards) row.appendChild(cardEl(c, { extraClass: "sg-mc" }));
  box.appendChild(row);
  if (move) {
    box.dataset.move = JSON.stringify(move);
    box.dataset.legal = "true";
    box.classList.add("target-on");
    box.tabIndex = 0;
    box.setAttribute("role", "button");
    box.setAttribute("aria-label", `Lay off ${cardsText(move.cards)} to this ${meld.kind}`);
    box.title = `Lay off ${cardsText(move.cards)} here`;
    // Enter is the page's (it presses any focused legal element); Space presses it too, like a button
    box.addEventListener("keydown", (e) => { if (e.key === " ") { e.preventDefault(); box.click(); } });
  }
  return box;
}

function meldsRow(view, seat, me, layoffs, newMeld) {
  const row = el("div", `sg-melds ${seat === me ? "sg-melds-mine" : "sg-melds-theirs"}`);
  row.dataset.seat = String(seat);
  const melds = view.melds[seat];
  if (!melds.length && !newMeld) row.appendChild(el("p", "sg-empty", seat === me ? "Your melds go here." : ""));
  const turn = view.turn_of === seat && view.phase === "play";
  for (const meld of melds) row.appendChild(meldEl(meld, seat, me, layoffs?.get(meld.index), turn));
  if (newMeld) {
    const drop = el("button", "sg-newmeld target-on", `New meld<br><small>${esc(KIND[newMeld.kind] || "")}</small>`);
    drop.type = "button";
    drop.dataset.target = "newmeld";
    drop.dataset.move = JSON.stringify(newMeld.move);
    drop.dataset.legal = "true";
    drop.title = `Meld ${cardsText(newMeld.move.cards)}`;
    row.appendChild(drop);
  }
  return row;
}

function opponentStrip(view, ctx) {
  const me = ctx.seat;
  const opp = 1 - me;
  const box = el("section", "sg-player sg-opp");
  if (view.current_player === opp) box.classList.add("to-act");
  const head = el("div", "sg-head");
  head.appendChild(el("span", "sg-name", "Opponent"));
  const fan = el("div", "sg-fan");
  fan.setAttribute("aria-label", `${view.hand_counts[opp]} cards`);
  const hand = view.zones[`hand${opp}`];
  for (const c of hand) fan.appendChild(c === "??" ? cardEl(c, { small: true }) : cardEl(c, { extraClass: "sg-mc" }));
  head.appendChild(fan);
  head.appendChild(el("span", "sg-count-text", `${view.hand_counts[opp]} card${view.hand_counts[opp] === 1 ? "" : "s"}`));
  head.appendChild(el("span", "sg-badges", badges(view, opp, me)));
  box.appendChild(head);
  box.appendChild(meldsRow(view, opp, me));
  return box;
}

function stockEl(view) {
  const box = el("div", "sg-stock");
  box.setAttribute("aria-label", `Stock: ${view.stock_count} cards`);
  const pile = el("div", "sg-pile");
  if (view.stock_count) pile.appendChild(cardEl("??"));
  pile.appendChild(el("span", "sg-stock-count", String(view.stock_count)));
  box.appendChild(pile);
  box.appendChild(el("div", "sg-caption", view.stock_end ? "Stock · last turn of the deal" : "Stock"));
  return box;
}

function offerEl(view, ctx) {
  const me = ctx.seat;
  const box = el("div", "sg-offer");
  if (view.phase === "answer" && view.offer) {
    const toMe = view.current_player === me;
    box.classList.add("sg-offer-live");
    box.appendChild(el("div", "sg-caption", toMe ? "Opponent offers you" : `${name(view.turn_of, me)} ${view.turn_of === me ? "offer" : "offers"}`));
    box.appendChild(cardEl(view.offer, { extraClass: "sg-big" }));
    if (toMe && ctx.myTurn) {
      const ace = view.offer[0] === "A";
      box.appendChild(el("div", "sg-answer",
        moveButton(`Take ${cardText(view.offer)}`, { type: "take" }, { cls: "primary" }) +
        moveButton("Refuse", { type: "refuse" })));
      if (ace) box.appendChild(el("p", "sg-warn", "Taking an Ace costs you your next draw."));
    } else if (!toMe) {
      box.appendChild(el("p", "sg-hint", "Opponent is deciding…"));
    }
    return box;
  }
  const offers = ctx.legal.filter((m) => m.type === "offer");
  if (offers.length) {
    box.classList.add("sg-offer-zone");
    box.dataset.target = "offer";
    const offer = local.sel.length === 1 ? offers.find((m) => m.card === local.sel[0]) : null;
    if (offer && !ctx.busy) {                  // the selected card may be offered: a click here offers it
      box.dataset.move = JSON.stringify(offer);
      box.dataset.legal = "true";
      box.classList.add("target-on");
      box.title = `Offer ${cardText(offer.card)} to your opponent`;
    }
    box.appendChild(el("div", "sg-slot-card"));
    box.appendChild(el("div", "sg-caption", offer ? `Offer ${esc(cardText(offer.card))} here` : "Offer a card here"));
  } else {
    box.appendChild(el("div", "sg-slot-card sg-idle"));
    box.appendChild(el("div", "sg-caption", "Offer"));
  }
  return box;
}

function logEl(ctx) {
  const box = el("div", "sg-log");
  box.setAttribute("aria-label", "Recent moves");
  const view = ctx.view;
  const log = view.log || [];
  const first = 1 - view.dealer;
  const start = Math.max(0, log.length - 5);
  const entries = log.slice(start).map((e, i) => logText(e, log[start + i - 1], ctx.seat));
  if (entries.length) box.innerHTML = `<ul>${entries.map((x) => `<li>${esc(x)}</li>`).join("")}</ul>`;
  else if (!view.is_over) {
    box.innerHTML = `<p class="sg-empty">Deal ${view.deal}: ${esc(name(first, ctx.seat))} ${first === ctx.seat ? "play" : "plays"} first.</p>`;
  } else box.hidden = true;
  return box;
}

// ---- the action panel (your turn) ----------------------------------------------------------------
/** A button playing ``move``, or a disabled one when there is no such move now. */
function button(text, move, cls = "") {
  return move ? moveButton(text, move, { cls }) : `<button type="button" class="${esc(cls)}" disabled>${esc(text)}</button>`;
}

/** A sentence about the selection: its kind or why it is no meld (the engine's message). */
function verdict(cards) {
  if (cards.length < 3) return { text: "", kind: null };
  const v = check(cards);
  if (!v) return { text: "Checking…", kind: null, pending: true };
  if (v.kind) return { text: `${cardsText(cards)} is ${KIND_WORD[v.kind]}.`, kind: v.kind, ok: true };
  return { text: v.why ? t(v.why) : "These cards are no meld.", kind: null };
}

function initialPanel(view, ctx, panel) {
  const pending = view.pending || [];
  const parts = ctx.legal.filter((m) => m.type === "initial_part");
  const partOf = new Map(parts.map((m) => [keyOf(m.cards), m]));
  const commit = ctx.legal.find((m) => m.type === "initial_meld");
  const next = pending.length < 3 ? pending.length : -1;
  const head = el("h3", "sg-initial-head", "Initial meld: three 3-card melds");
  panel.appendChild(head);
  const slots = el("div", "sg-slots");
  for (let i = 0; i < 3; i++) {
    const slot = pending[i] || [];
    const s = el("div", `sg-slot${slot.length ? " full" : ""}${i === next ? " next" : ""}`);
    s.dataset.slot = String(i);
    const v = slot.length ? check(slot) : null;
    s.appendChild(el("div", "sg-slot-head", `Meld ${i + 1}${v?.kind ? ` · ${KIND[v.kind]}` : ""}`));
    const row = el("div", "sg-slot-cards");
    if (slot.length) for (const c of slot) row.appendChild(cardEl(c, { extraClass: "sg-tiny" }));
    else row.appendChild(el("span", "sg-empty", "empty"));
    s.appendChild(row);
    if (i === next && partOf.has(keyOf(local.sel))) {     // the selection may go here: a click adds it
      s.dataset.move = JSON.stringify(partOf.get(keyOf(local.sel)));
      s.dataset.legal = "true";
      s.classList.add("target-on");
      s.title = `Add ${cardsText(local.sel)} as meld ${i + 1}`;
    }
    const back = ctx.legal.find((m) => m.type === "take_back" && m.part === i);
    if (slot.length && back) {
      s.insertAdjacentHTML("beforeend", moveButton("×", back, { cls: "sg-unslot", title: `Take meld ${i + 1} back into your hand` }));
      s.lastElementChild.setAttribute("aria-label", `Take meld ${i + 1} back`);
    }
    slots.appendChild(s);
  }
  panel.appendChild(slots);

  const line = el("p", "sg-verdict");
  const actions = el("div", "sg-actions");
  const sel = local.sel;
  if (next >= 0) {
    let part = null;
    let label = `Add as meld ${next + 1}`;
    if (!sel.length) line.textContent = `Select three cards for meld ${next + 1}.`;
    else if (sel.length !== 3) line.textContent = `${cardsText(sel)}: select exactly three cards for meld ${next + 1}.`;
    else {
      const v = verdict(sel);
      line.textContent = v.text;
      if (v.ok) {
        label = `Add as meld ${next + 1} (${v.kind})`;
        part = partOf.get(keyOf(sel)) || null;
        if (!part) {
          line.textContent += pending.length
            ? " But no initial meld of your hand uses it together with the melds already chosen."
            : " But the rest of your hand holds no two other 3-card melds to go with it.";
        }
        line.classList.add(part ? "ok" : "bad");
      } else if (!v.pending) line.classList.add("bad");
    }
    actions.insertAdjacentHTML("beforeend", button(label, part, "primary sg-add"));
  } else {
    line.textContent = "Three melds chosen: lay them down together.";
  }
  actions.insertAdjacentHTML("beforeend", button("Lay down initial meld", commit, "primary sg-lay"));
  if (parts.length) {
    const suggest = el("button", "sg-suggest", "Suggest");
    suggest.type = "button";
    suggest.title = "Select a meld that your hand can build an initial meld with";
    suggest.addEventListener("click", (e) => {
      e.stopPropagation();
      const current = partOf.has(keyOf(sel)) ? parts.findIndex((m) => keyOf(m.cards) === keyOf(sel)) : -1;
      local.sel = [...parts[(current + 1) % parts.length].cards];
      ctx.rerender();
    });
    head.appendChild(suggest);
  }
  panel.appendChild(line);
  panel.appendChild(actions);
}

function tablePlayPanel(view, ctx, panel, byKey) {
  const sel = local.sel;
  const line = el("p", "sg-verdict");
  const actions = el("div", "sg-actions");
  const moves = byKey.get(keyOf(sel)) || [];
  panel.appendChild(el("h3", null, "Meld and lay off"));
  if (!sel.length) {
    line.textContent = "Select 3 or more cards to meld, or 1–2 cards to lay off on one of your melds.";
  } else if (sel.length >= 3) {
    const v = verdict(sel);
    line.textContent = v.text;
    const meld = moves.find((m) => m.type === "meld");
    if (v.ok) line.classList.add("ok");
    else if (!v.pending) line.classList.add("bad");
    if (meld) actions.insertAdjacentHTML("beforeend", button(`Meld these (${v.kind || ""})`, meld, "primary sg-meld-btn"));
  } else {
    const layoffs = moves.filter((m) => m.type === "layoff");
    if (layoffs.length) {
      line.textContent = `Lay off ${cardsText(sel)}: click a highlighted meld of yours (or drag there).`;
      line.classList.add("ok");
    } else line.textContent = `${cardsText(sel)} ${sel.length === 1 ? "fits" : "fit"} none of your melds now.`;
  }
  panel.appendChild(line);
  panel.appendChild(actions);
}

function finishRow(view, ctx, panel) {
  const me = ctx.seat;
  const actions = el("div", "sg-actions sg-finish");
  const sel = local.sel;
  const offers = ctx.legal.filter((m) => m.type === "offer");
  const last = ctx.legal.find((m) => m.type === "last_card");
  const end = ctx.legal.find((m) => m.type === "end_deal");
  let hint = "";
  if (offers.length) {
    const offer = sel.length === 1 ? offers.find((m) => m.card === sel[0]) : null;
    actions.insertAdjacentHTML("beforeend", button(offer ? `Offer ${cardText(offer.card)} to your opponent` : "Offer a card: select one",
      offer, "primary sg-offer-btn"));
    if (sel.length === 1 && !offer && view.accepted[me] === sel[0]) hint = `You took ${cardText(sel[0])} last turn: offer another card.`;

  }
  if (last) {
    actions.insertAdjacentHTML("beforeend", button("Announce last card", last, "primary sg-last-btn"));
    hint = "One card left: you make no offer; announce “last card”.";
  }
  if (end) {
    actions.insertAdjacentHTML("beforeend", button("End the deal", end, "primary sg-end-btn"));
    hint = "The stock is down to 2 cards: meld and lay off what you can, then end the deal.";
  }
  if (view.pending?.length) hint = "Lay down the melds you have chosen, or take them back, before you offer a card.";
  if (hint) panel.appendChild(el("p", "sg-hint", esc(hint)));
  panel.appendChild(actions);
}

function actionPanel(view, ctx, byKey) {
  const me = ctx.seat;
  const panel = el("div", "panel sg-panel");
  const hasInitial = ctx.legal.some((m) => m.type === "initial_part" || m.type === "initial_meld");
  if (!view.initial_done[me]) {
    if (hasInitial) initialPanel(view, ctx, panel);
    else {
      panel.appendChild(el("h3", null, "No initial meld yet"));
      panel.appendChild(el("p", "sg-hint",
        "Your hand does not hold three separate 3-card melds. Offer a card to your opponent; you may meld on a later turn."));
    }
  } else if (view.initial_this_turn) {
    panel.appendChild(el("h3", null, "Initial meld laid"));
    panel.appendChild(el("p", "sg-hint", "Nothing more goes on the table this turn. Offer a card to your opponent."));
  } else tablePlayPanel(view, ctx, panel, byKey);
  finishRow(view, ctx, panel);
  return panel;
}

function handEl(view, ctx, selecting) {
  const me = ctx.seat;
  const wrap = el("div", "sg-hand-wrap");
  const inSlots = new Set((view.pending || []).flat());
  const cards = sortHand(view.zones[`hand${me}`].filter((c) => !inSlots.has(c)));
  const bar = el("div", "sg-hand-bar");
  bar.innerHTML = `<span class="sg-name">You</span><span class="sg-count-text">${view.hand_counts[me]} card${view.hand_counts[me] === 1 ? "" : "s"}</span>` +
    `<span class="sg-badges">${badges(view, me, me)}</span>` +
    `<span class="sg-sort" role="group" aria-label="Sort your hand">Sort: ` +
    ["rank", "suit"].map((s) => `<button type="button" data-sort="${s}" aria-pressed="${sortBy === s}">${s === "rank" ? "Rank" : "Suit"}</button>`).join("") +
    `</span>` + (local.sel.length ? `<button type="button" class="sg-clear">Clear selection</button>` : "");
  for (const b of bar.querySelectorAll("[data-sort]")) {
    b.addEventListener("click", (e) => { e.stopPropagation(); setSort(b.dataset.sort); ctx.rerender(); });
  }
  bar.querySelector(".sg-clear")?.addEventListener("click", (e) => { e.stopPropagation(); local.sel = []; ctx.rerender(); });
  wrap.appendChild(bar);
  const row = el("div", "sg-hand");
  row.style.setProperty("--n", String(Math.max(cards.length, 2)));
  const selKey = keyOf(local.sel);
  for (const code of cards) {
    const selected = local.sel.includes(code);
    if (!selecting) {
      row.appendChild(cardEl(code, { extraClass: local.newCards.has(code) ? "sg-new" : "" }));
      continue;
    }
    // a selected card drags the whole selection; an unselected one drags itself
    const source = `sel:${selected ? selKey : code}`;
    const c = cardEl(code, { source, legal: true, selected, extraClass: local.newCards.has(code) ? "sg-new" : "" });
    c.addEventListener("click", (e) => {
      e.stopPropagation();                       // selection is local: the page's pick/drop does not see it
      const table = c.closest(".table") || document.getElementById("table");
      if (Date.now() - Number(table?.dataset.dragEnd || 0) < 250) return;
      local.sel = local.sel.includes(code) ? local.sel.filter((x) => x !== code) : [...local.sel, code];
      ctx.rerender();
    });
    row.appendChild(c);
  }
  wrap.appendChild(row);
  return wrap;
}

function scoreBoard(view, ctx) {
  const me = ctx.seat;
  const opp = 1 - me;
  const box = el("aside", "sg-scores");
  const row = (seat) => `<div class="sg-score${seat === me ? " mine" : ""}"><span class="sg-who">${esc(name(seat, me))}</span>` +
    `<span class="sg-total" data-total="${seat}">${view.totals[seat]}</span>` +
    `<span class="sg-boxes">${view.deals_scored[seat]} deal${view.deals_scored[seat] === 1 ? "" : "s"} scored</span></div>`;
  box.innerHTML = `<div class="sg-score-rows">${row(me)}${row(opp)}</div>` +
    `<p class="sg-target">Deal ${view.deal} · playing to ${view.target}</p>` +
    (view.result ? resultTable(view.result, me, true) : "");
  const log = view.deal_log || [];
  if (log.length) {
    if (local.sheetOpen === undefined) local.sheetOpen = window.innerWidth > 760;
    const sheet = scoreSheet(ctx, {
      columns: ["Deal", "You", "Opp."],
      rows: log.map((d) => [`${d.deal}${d.skarney != null ? " ★" : ""}`, d.points[me] || "–", d.points[opp] || "–"]),
      foot: ["Total", view.totals[me], view.totals[opp]],
    });
    sheet.classList.add("sg-sheet");
    box.appendChild(sheet);
  }
  return box;
}

function resultTable(r, me, compact = false) {
  const opp = 1 - me;
  const line = (label, values, cls = "") => `<tr class="${cls}"><th>${label}</th><td>${values[me]}</td><td>${values[opp]}</td></tr>`;
  const boxLabel = (s) => (compact ? "" : ` <small>(${r.deals_scored[s]} × 25)</small>`);
  return `<table class="sg-result"><thead><tr><th></th><th>You</th><th>Opponent</th></tr></thead><tbody>` +
    line("Points", r.totals) +
    `<tr><th>Box bonus</th><td>${r.box_bonus[me]}${boxLabel(me)}</td><td>${r.box_bonus[opp]}${boxLabel(opp)}</td></tr>` +
    line("Game bonus", r.game_bonus) + line("Shutout bonus", r.shutout_bonus) + line("Final", r.final, "sg-final") +
    `</tbody></table><p class="result">${esc(t(r.lines[r.lines.length - 1]))}</p>`;
}

/** The end of a deal: the engine's explanation (messages shown with t(); they name both hands). */
function dealExplanation(d) {
  return `<ul class="sg-explain">${d.lines.map((l) => `<li>${esc(t(l))}</li>`).join("")}</ul>`;
}

// ---- focus and scroll across redraws -------------------------------------------------------------
// The page keeps focus on an element by its data-source / data-move / data-target key; a hand card's
// source changes as the selection grows ("sel:7C" -> "sel:7C,8C", shared by the selected cards), so
// the layout keeps focus on the same card itself. After a move played from the keyboard (the table
// is redrawn empty of choices while it waits), focus comes back to the first choice when it is the
// person's turn again. The meld rows scroll on a phone: they keep their scroll position.
const keyOfEl = (node) => node?.dataset?.source ?? node?.dataset?.move ?? node?.dataset?.target ?? null;

function watchKeyboard(root) {
  if (root.dataset.sgKeys) return;
  root.dataset.sgKeys = "1";
  root.addEventListener("keydown", (e) => {
    if (["Enter", " ", "ArrowLeft", "ArrowRight", "Tab"].includes(e.key) && local) local.keyboard = true;
  });
  root.addEventListener("pointerdown", () => { if (local) local.keyboard = false; });
}

function remember(root, ctx) {
  watchKeyboard(root);
  const active = document.activeElement;
  const inside = active && active !== root && root.contains(active);
  if (inside) local.focus = { card: active.dataset.card || null, key: keyOfEl(active) };
  else if (active && active !== document.body) local.focus = null;  // the person is elsewhere on the page
  const scroll = {};
  for (const row of root.querySelectorAll(".sg-melds")) scroll[row.dataset.seat] = row.scrollTop;
  return { inside, scroll };
}

function restore(root, ctx, before) {
  for (const row of root.querySelectorAll(".sg-melds")) {
    const top = before.scroll[row.dataset.seat];
    if (top) row.scrollTop = top;
    // a row with more melds below fades out at its foot, until it is scrolled to the end
    const more = () => row.classList.toggle("sg-more", row.scrollHeight - row.scrollTop - row.clientHeight > 2);
    more();
    row.addEventListener("scroll", more, { passive: true });
  }
  const want = local.focus;
  if (!want) return;
  const active = document.activeElement;
  if (active && active !== document.body && active !== root) return;
  const legal = [...root.querySelectorAll("[data-legal='true']")];
  if (!legal.length) return;                          // nothing to choose now: wait for the next redraw
  const node = (want.card && legal.find((n) => n.dataset.card === want.card)) ||
    legal.find((n) => keyOfEl(n) === want.key);
  if (node) node.focus();
  else if (before.inside || local.keyboard) {
    legal[0].focus();                                  // a keyboard move was played: the next choice
  }
  if (!root.contains(document.activeElement)) local.focus = null;
}

// a selection of hand cards is the source ("sel:<sorted codes>"); a meld, a new meld or the offer the target
function sourceOf(move) {
  if (move.type === "layoff" || move.type === "meld") return `sel:${keyOf(move.cards)}`;
  if (move.type === "offer") return `sel:${move.card}`;
  return null;
}

function targetOf(move) {
  if (move.type === "layoff") return `meld:${move.meld}`;
  if (move.type === "meld") return "newmeld";
  if (move.type === "offer") return "offer";
  return null;
}

// ---- the layout --------------------------------------------------------------------------------
export default {
  id: GAME,
  title: "Skarney Gin",
  seatName: (seat, me) => name(seat, me),
  optionLabels: {
    target: { label: "Play to", values: { 200: "200 points", 100: "100 points (short game)", 300: "300 points (long game)" } },
  },

  sourceOf,
  targetOf,
  playOnPick() {
    return false;
  },

  render(root, ctx) {
    const view = ctx.view;
    const me = ctx.seat;
    state(ctx);
    sync(view, ctx);
    const playing = ctx.myTurn && !ctx.busy && view.phase === "play";
    const byKey = new Map();            // sorted selection -> its legal moves
    for (const m of ctx.legal) {
      const src = sourceOf(m);
      if (!src) continue;
      const k = src.slice(4);
      if (!byKey.has(k)) byKey.set(k, []);
      byKey.get(k).push(m);
    }
    const selMoves = playing ? byKey.get(keyOf(local.sel)) || [] : [];
    const layoffs = new Map(selMoves.filter((m) => m.type === "layoff").map((m) => [m.meld, m]));
    const meldMove = selMoves.find((m) => m.type === "meld");
    const newMeld = meldMove ? { move: meldMove, kind: check(local.sel)?.kind } : null;

    const before = remember(root, ctx);
    root.className = "table sg";
    root.innerHTML = "";
    const felt = el("div", "sg-felt");
    felt.appendChild(opponentStrip(view, ctx));
    const middle = el("section", "sg-middle");
    middle.appendChild(stockEl(view));
    middle.appendChild(offerEl(view, ctx));
    if (playing) middle.appendChild(actionPanel(view, ctx, byKey));
    else middle.appendChild(logEl(ctx));
    felt.appendChild(middle);
    const mine = el("section", "sg-player sg-me");
    if (view.current_player === me) mine.classList.add("to-act");
    mine.appendChild(meldsRow(view, me, me, layoffs, newMeld));
    mine.appendChild(handEl(view, ctx, playing));
    felt.appendChild(mine);
    root.appendChild(felt);
    const side = scoreBoard(view, ctx);
    if (playing) side.appendChild(logEl(ctx));
    root.appendChild(side);
    restore(root, ctx, before);
  },

  status(ctx) {
    const view = ctx.view;
    const me = ctx.seat;
    if (view.is_over) {
      const r = view.result;
      return `Game over: ${r.winner === me ? "you win" : "Opponent wins"}, ${r.final[r.winner]} to ${r.final[1 - r.winner]} ` +
        `(by ${r.difference}). Press New game to play again.`;
    }
    const turn = view.current_player;
    if (!ctx.myTurn) {
      if (view.phase === "answer" && view.turn_of === me && turn !== me) return `You offer ${cardText(view.offer)}: your opponent is deciding…`;
      if (turn === me) return view.phase === "answer" ? `Your opponent offers ${cardText(view.offer)}; your bot answers…` : "Your bot is playing your seat…";
      return "Your opponent is playing…";
    }
    if (view.phase === "answer") {
      const ace = view.offer[0] === "A" ? " (an Ace: taking it costs your next draw)" : "";
      return `Your opponent offers ${cardText(view.offer)}${ace}: take it or refuse.`;
    }
    const lost = view.skip_draw[me] ? "You took an Ace, so you did not draw this turn. " : "";
    if (ctx.legal.some((m) => m.type === "end_deal")) {
      return `${lost}The stock is down to 2 cards: meld or lay off what you can, then end the deal.`;
    }
    if (!view.initial_done[me]) {
      const chosen = view.pending?.length || 0;
      if (chosen === 3) return `${lost}Three melds chosen: lay down your initial meld (or take a meld back).`;
      if (chosen) return `${lost}Initial meld: ${chosen} of 3 melds chosen — select three cards for the next.`;
      return ctx.legal.some((m) => m.type === "initial_part")
        ? `${lost}Lay down your initial meld: three melds of three cards — or offer a card.`
        : `${lost}You cannot make your initial meld yet: offer a card to your opponent.`;
    }
    if (view.initial_this_turn) return `${lost}Initial meld laid. Offer a card to your opponent.`;
    if (ctx.legal.some((m) => m.type === "last_card")) return `${lost}One card left: meld or lay it off, or announce “last card”.`;
    if (local.sel.length === 1 && ctx.legal.some((m) => m.type === "offer" && m.card === local.sel[0])) {
      return `${lost}Offer ${cardText(local.sel[0])} to your opponent, or lay it off on a highlighted meld.`;
    }
    return `${lost}Meld or lay off cards, then offer a card to your opponent.`;
  },

  summary(prev, view, ctx) {
    const before = prev.deal_log?.length ?? 0;
    if ((view.deal_log?.length ?? 0) <= before || !view.last_deal) return null;
    const me = ctx.seat;
    const d = view.last_deal;
    const totals = `<p class="sg-totals">Totals: You <b>${view.totals[me]}</b> · Opponent <b>${view.totals[1 - me]}</b> (playing to ${view.target}).</p>`;
    let html = dealExplanation(d) + totals;
    if (view.is_over && view.result) {
      html += `<h3>Game result</h3>${resultTable(view.result, me)}`;
      return { title: view.result.winner === me ? "You win the game!" : "Opponent wins the game", html, button: "Close" };
    }
    const title = d.skarney != null ? `Deal ${d.deal}: ${name(d.skarney, me)} went out` : `Deal ${d.deal} scored`;
    return { title, html, button: "Next deal" };
  },

  rules: `
<h2>Skarney Gin</h2>
<p>A rummy game for two, after John Scarne. One 52-card deck; each player gets 10 cards and the rest
is the stock. There is <b>no discard pile</b>: instead of discarding you <b>offer</b> a card to your
opponent.</p>
<h3>Melds</h3>
<ul>
<li><b>Group</b>: 3 or 4 cards of one rank (7♥ 7♠ 7♦).</li>
<li><b>Sequence</b>: 3 or more cards in a row, all of one suit (5♣ 6♣ 7♣).</li>
<li><b>Straight</b>: 3 or more cards in a row, suits mixed (Q♠ K♥ A♦).</li>
</ul>
<p>The Ace is low (A-2-3) or high (Q-K-A) but never both at once: K-A-2 is no meld.</p>
<h3>Your turn</h3>
<ol>
<li>You draw the top card of the stock — unless you took an offered <b>Ace</b> on your opponent's
last turn: then that draw is lost.</li>
<li>Until you have made your <b>initial meld</b>, the only thing you may put on the table is exactly
three melds of exactly three cards each, laid together. Nothing else goes down that turn.</li>
<li>On later turns you may, as often as you like: lay down new melds, and <b>lay off</b> cards onto
your own melds — at most 2 cards onto any one meld per turn, and the meld must stay a meld.</li>
<li>Finally you <b>offer</b> one card from your hand. Your opponent takes it into their hand or
refuses it, and then it goes back to you. You may not offer the card you took on the previous turn.
With a single card left you make no offer and announce “last card”.</li>
</ol>
<h3>End of a deal</h3>
<p>Putting your last card on the table — by melding or laying off — is <b>Skarney</b>: the deal ends
at once. If a draw leaves only 2 cards in the stock and that player does not go out, the deal ends
after their turn, without an offer.</p>
<h3>Scoring</h3>
<p>Cards count: Ace 15, 2–10 their number, J Q K 10.</p>
<ul>
<li>Skarney: 20 points (40 if the opponent had not made an initial meld) plus the count of the
opponent's hand.</li>
<li>No Skarney: both hands are counted; the lower hand scores the difference. Equal hands score
nothing and the deal is played again.</li>
</ul>
<p>The loser of a deal deals the next. The game ends after the deal in which someone reaches the
target (200 unless you chose otherwise). Then each player adds a <b>box bonus</b> of 25 for every deal
they scored in; the winner adds a <b>game bonus</b> of 200, and a <b>shutout bonus</b> of another 200 if
the loser scored nothing at all. The result is the difference between the two final scores.</p>
<h3>On this table</h3>
<p>Click cards to select them; the table tells you at once whether they form a meld and of which kind.
Build your initial meld in the three slots (only you see them), then lay the three down together. To lay off, select one or two cards and
click (or drag them onto) a highlighted meld of yours. To offer, select one card and press Offer.</p>
`,
};
