// The Skarney Gin table: the opponent's melds at the top, the stock and the offer in the middle, your
// melds, the meld builder and your hand at the bottom. You select cards; the engine says whether they
// form a meld (queries meld_kind / why_not_meld, answered as messages shown with t()), and every
// button or highlighted meld plays a move taken from the legal-move list — nothing here decides a rule.
// The initial meld is built in the engine one 3-card meld at a time (initial_part, take_back) and laid
// down with initial_meld; only you see the melds you have chosen until then.
import { HAND_SUITS, RANKS, cardEl, cardPicture, cardText } from "../table/cards.js";
import { arrivals, el, esc, markNew, moveButton, playerName, scoreSheet, seatName, t } from "./common.js";

const GAME = "skarney_gin";
/** The layout's own words: skarney_gin.ui.<key> (web/lang/<lang>/skarney_gin.json). */
const ui = (key, params) => t(`${GAME}.ui.${key}`, params);
const kindName = (kind) => (kind ? ui(`kind.${kind}`) : "");          // "Group": a heading
const kindWord = (kind) => (kind ? ui(`kind_word.${kind}`) : "");     // "group": in a sentence
const SORT_KEY = "pygames:skarney_gin:sort";

const keyOf = (cards) => [...cards].sort().join(",");
const name = (seat, me) => seatName(seat, me, 2);     // "You" and "Opponent", as in every game

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
      newCards: new Set(),      // cards that just arrived in the hand (common.js arrivals)
    });
  }
  local.rerender = ctx.rerender;
  local.query = ctx.query;
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
  const { checks, rerender, query } = local;
  if (!checks.has(k)) {
    checks.set(k, null);
    const ask = (q) => query(q, [[...cards].sort()]);
    Promise.all([ask("meld_kind"), ask("why_not_meld")])
      .then(([kind, why]) => checks.set(k, { kind, why }))
      .catch((err) => checks.set(k, { kind: null, why: err.message }))
      .finally(() => rerender?.());
  }
  return checks.get(k);
}

function sortHand(cards) {
  const rank = (c) => RANKS.indexOf(c[0]);
  const suit = (c) => HAND_SUITS.indexOf(c[1]);
  const by = sortBy === "suit"
    ? (a, b) => suit(a) - suit(b) || rank(a) - rank(b)
    : (a, b) => rank(a) - rank(b) || suit(a) - suit(b);
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
  local.newCards = arrivals(local, hand);
  const inPending = new Set((view.pending || []).flat());
  local.sel = local.sel.filter((c) => now.has(c) && !inPending.has(c));
}

/** The person's words for one entry of the deal's log ({seat, move}); prev is the entry before it. */
function logText(entry, prev, me) {
  const who = name(entry.seat, me);
  const m = entry.move;
  const offered = prev?.move.type === "offer" ? cardText(prev.move.card) : ui("log.the_offer");
  switch (m.type) {
    case "initial_part": return m.cards.includes("??") ? ui("log.initial_part_hidden", { who })
      : ui("log.initial_part", { who, cards: m.cards });
    case "take_back": return ui("log.take_back", { who });
    case "initial_meld": return ui("log.initial_meld", { who });
    case "meld": return ui("log.meld", { who, cards: m.cards });
    case "layoff": return ui("log.layoff", { who, cards: m.cards });
    case "offer": return ui("log.offer", { who, card: m.card });
    case "take": return ui("log.take", { who, what: offered });
    case "refuse": return ui("log.refuse", { who, what: offered });
    case "last_card": return ui("log.last_card", { who });
    case "end_deal": return ui("log.end_deal", { who });
    default: return `${who}: ${m.type}`;
  }
}

// ---- pieces of the table -------------------------------------------------------------------------
function badges(view, seat, me) {
  const out = [];
  const mine = seat === me;
  if (view.dealer === seat) out.push(`<span class="sg-badge sg-dealer" title="${esc(ui("dealer"))}">${esc(ui("dealer"))}</span>`);
  out.push(view.initial_done[seat]
    ? `<span class="sg-badge sg-melded">${esc(ui("melded"))}</span>`
    : `<span class="sg-badge sg-unmelded">${esc(ui("no_initial_yet"))}</span>`);
  if (view.last_card[seat]) out.push(`<span class="sg-badge sg-lastcard">${esc(ui("last_card_badge"))}</span>`);
  if (view.skip_draw[seat]) {
    out.push(`<span class="sg-badge sg-drawlost" data-draw-lost="${seat}" title="${esc(ui("draw_lost_title"))}">` +
      esc(mine ? ui("draw_lost_mine") : ui("draw_lost_theirs")) + `</span>`);
  }
  return out.join("");
}

function meldEl(meld, seat, me, move, turn) {
  const box = el("div", "sg-meld");
  box.dataset.meldSeat = String(seat);
  box.dataset.meldIndex = String(meld.index);
  if (seat === me) box.dataset.target = `meld:${meld.index}`;
  const laid = meld.laid_this_turn && turn ? ` <span class="sg-laid" title="${esc(ui("laid_title"))}">+${meld.laid_this_turn}</span>` : "";
  box.appendChild(el("div", "sg-kind", `${esc(meld.kind ? kindName(meld.kind) : ui("meld"))}${laid}`));
  const row = el("div", "sg-meld-cards");
  for (const c of meld.cards) row.appendChild(cardEl(c, { extraClass: "sg-mc" }));
  box.appendChild(row);
  if (move) {
    box.dataset.move = JSON.stringify(move);
    box.dataset.legal = "true";
    box.classList.add("target-on");
    box.tabIndex = 0;
    box.setAttribute("role", "button");
    box.setAttribute("aria-label", ui("layoff_to", { cards: move.cards, kind: kindWord(meld.kind) }));
    box.title = ui("layoff_here", { cards: move.cards });
    // Enter is the page's (it presses any focused legal element); Space presses it too, like a button
    box.addEventListener("keydown", (e) => { if (e.key === " ") { e.preventDefault(); box.click(); } });
  }
  return box;
}

function meldsRow(view, seat, me, layoffs, newMeld) {
  const row = el("div", `sg-melds ${seat === me ? "sg-melds-mine" : "sg-melds-theirs"}`);
  row.dataset.seat = String(seat);
  const melds = view.melds[seat];
  if (!melds.length && !newMeld) row.appendChild(el("p", "sg-empty", seat === me ? esc(ui("melds_go_here")) : ""));
  const turn = view.turn_of === seat && view.phase === "play";
  for (const meld of melds) row.appendChild(meldEl(meld, seat, me, layoffs?.get(meld.index), turn));
  if (newMeld) {
    const drop = el("button", "sg-newmeld target-on", `${esc(ui("new_meld"))}<br><small>${esc(kindName(newMeld.kind))}</small>`);
    drop.type = "button";
    drop.dataset.target = "newmeld";
    drop.dataset.move = JSON.stringify(newMeld.move);
    drop.dataset.legal = "true";
    drop.title = ui("meld_cards", { cards: newMeld.move.cards });
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
  head.appendChild(el("span", "sg-name", esc(name(opp, me))));
  const fan = el("div", "sg-fan");
  fan.setAttribute("aria-label", ui("cards", { n: view.hand_counts[opp] }));
  const hand = view.zones[`hand${opp}`];
  for (const c of hand) fan.appendChild(c === "??" ? cardEl(c, { small: true }) : cardEl(c, { extraClass: "sg-mc" }));
  head.appendChild(fan);
  head.appendChild(el("span", "sg-count-text", esc(ui("cards", { n: view.hand_counts[opp] }))));
  head.appendChild(el("span", "sg-badges", badges(view, opp, me)));
  box.appendChild(head);
  box.appendChild(meldsRow(view, opp, me));
  return box;
}

function stockEl(view) {
  const box = el("div", "sg-stock");
  box.setAttribute("aria-label", ui("stock_label", { n: view.stock_count }));
  const pile = el("div", "sg-pile");
  if (view.stock_count) pile.appendChild(cardEl("??"));
  pile.appendChild(el("span", "sg-stock-count", String(view.stock_count)));
  box.appendChild(pile);
  box.appendChild(el("div", "sg-caption", esc(view.stock_end ? ui("stock_last") : ui("stock"))));
  return box;
}

function offerEl(view, ctx) {
  const me = ctx.seat;
  const box = el("div", "sg-offer");
  if (view.phase === "answer" && view.offer) {
    const toMe = view.current_player === me;
    box.classList.add("sg-offer-live");
    box.appendChild(el("div", "sg-caption", esc(toMe ? ui("offers_you", { who: name(1 - me, me) }) : view.turn_of === me ? ui("you_offer") : ui("opponent_offers", { who: name(1 - me, me) }))));
    box.appendChild(cardEl(view.offer, { extraClass: "sg-big" }));
    if (toMe && ctx.myTurn) {
      const ace = view.offer[0] === view.skips_draw;
      box.appendChild(el("div", "sg-answer",
        moveButton(ui("take", { card: view.offer }), { type: "take" }, { cls: "primary" }) +
        moveButton(ui("refuse"), { type: "refuse" })));
      if (ace) box.appendChild(el("p", "sg-warn", esc(ui("ace_warning"))));
    } else if (!toMe) {
      box.appendChild(el("p", "sg-hint", esc(ui("opponent_deciding", { who: name(1 - me, me) }))));
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
      box.title = ui("offer_to_opponent", { card: offer.card });
    }
    box.appendChild(el("div", "sg-slot-card"));
    box.appendChild(el("div", "sg-caption", esc(offer ? ui("offer_here", { card: offer.card }) : ui("offer_a_card_here"))));
  } else {
    box.appendChild(el("div", "sg-slot-card sg-idle"));
    box.appendChild(el("div", "sg-caption", esc(ui("offer"))));
  }
  return box;
}

function logEl(ctx) {
  const box = el("div", "sg-log");
  box.setAttribute("aria-label", ui("recent_moves"));
  const view = ctx.view;
  const log = view.log || [];
  const first = 1 - view.dealer;
  const start = Math.max(0, log.length - 5);
  const entries = log.slice(start).map((e, i) => logText(e, log[start + i - 1], ctx.seat));
  if (entries.length) box.innerHTML = `<ul>${entries.map((x) => `<li>${esc(x)}</li>`).join("")}</ul>`;
  else if (!view.is_over) {
    box.innerHTML = `<p class="sg-empty">${esc(first === ctx.seat ? ui("first_you", { deal: view.deal }) : ui("first_opponent", { deal: view.deal, who: name(1 - ctx.seat, ctx.seat) }))}</p>`;
  } else box.hidden = true;
  return box;
}

// ---- the action panel (your turn) ----------------------------------------------------------------
/** A button playing ``move``, or a disabled one when there is no such move now. */
function button(text, move, cls = "") {
  return move ? moveButton(text, move, { cls }) : `<button type="button" class="${esc(cls)}" disabled>${esc(text)}</button>`;
}

/** A sentence about the selection: its kind or why it is no meld (the engine's message). */
function verdict(view, cards) {
  if (cards.length < view.meld_min) return { text: "", kind: null };
  const v = check(cards);
  if (!v) return { text: ui("checking"), kind: null, pending: true };
  if (v.kind) return { text: ui(`is.${v.kind}`, { cards }), kind: v.kind, ok: true };
  return { text: v.why ? t(v.why) : ui("no_meld"), kind: null };
}

function initialPanel(view, ctx, panel) {
  const pending = view.pending || [];
  const parts = ctx.legal.filter((m) => m.type === "initial_part");
  const partOf = new Map(parts.map((m) => [keyOf(m.cards), m]));
  const commit = ctx.legal.find((m) => m.type === "initial_meld");
  const next = pending.length < view.initial_melds ? pending.length : -1;
  const head = el("h2", "sg-initial-head", esc(ui("initial_head")));
  panel.appendChild(head);
  const slots = el("div", "sg-slots");
  for (let i = 0; i < view.initial_melds; i++) {
    const slot = pending[i] || [];
    const s = el("div", `sg-slot${slot.length ? " full" : ""}${i === next ? " next" : ""}`);
    s.dataset.slot = String(i);
    if (i === next) s.dataset.target = "initial:next";      // where the next chosen meld goes (targetOf)
    const v = slot.length ? check(slot) : null;
    s.appendChild(el("div", "sg-slot-head", esc(ui("meld_n", { n: i + 1 })) +
      (v?.kind ? `<span class="sg-slot-kind">${esc(kindName(v.kind))}</span>` : "")));
    const row = el("div", "sg-slot-cards");
    if (slot.length) for (const c of slot) row.appendChild(cardEl(c, { extraClass: "sg-tiny" }));
    else row.appendChild(el("span", "sg-empty", esc(ui("empty"))));
    s.appendChild(row);
    if (i === next && partOf.has(keyOf(local.sel))) {     // the selection may go here: a click adds it
      s.dataset.move = JSON.stringify(partOf.get(keyOf(local.sel)));
      s.dataset.legal = "true";
      s.classList.add("target-on");
      s.title = ui("add_as_title", { cards: local.sel, n: i + 1 });
    }
    const back = ctx.legal.find((m) => m.type === "take_back" && m.part === i);
    if (slot.length && back) {
      s.insertAdjacentHTML("beforeend", moveButton("×", back, { cls: "sg-unslot", title: ui("take_back_title", { n: i + 1 }) }));
      s.lastElementChild.setAttribute("aria-label", ui("take_back_label", { n: i + 1 }));
    }
    slots.appendChild(s);
  }
  panel.appendChild(slots);

  const line = el("p", "sg-verdict");
  const actions = el("div", "sg-actions");
  const sel = local.sel;
  if (next >= 0) {
    let part = null;
    let label = ui("add_as", { n: next + 1 });
    if (!sel.length) line.textContent = ui("select_three", { n: next + 1 });
    else if (sel.length !== view.initial_meld_size) line.textContent = ui("exactly_three", { cards: sel, n: next + 1 });
    else {
      const v = verdict(view, sel);
      line.textContent = v.text;
      if (v.ok) {
        label = ui("add_as_kind", { n: next + 1, kind: kindWord(v.kind) });
        part = partOf.get(keyOf(sel)) || null;
        if (!part) {
          line.textContent += " " + (pending.length ? ui("dead_end_with_chosen") : ui("dead_end"));
        }
        line.classList.add(part ? "ok" : "bad");
      } else if (!v.pending) line.classList.add("bad");
    }
    actions.insertAdjacentHTML("beforeend", button(label, part, "primary sg-add"));
  } else {
    line.textContent = ui("three_chosen");
  }
  actions.insertAdjacentHTML("beforeend", button(ui("lay_down_initial"), commit, "primary sg-lay"));
  if (parts.length) {
    const suggest = el("button", "sg-suggest", esc(ui("suggest")));
    suggest.type = "button";
    suggest.title = ui("suggest_title");
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
  panel.appendChild(el("h2", null, esc(ui("meld_and_layoff"))));
  if (!sel.length) {
    line.textContent = ui("select_to_meld");
  } else if (sel.length >= view.meld_min) {
    const v = verdict(view, sel);
    line.textContent = v.text;
    const meld = moves.find((m) => m.type === "meld");
    if (v.ok) line.classList.add("ok");
    else if (!v.pending) line.classList.add("bad");
    if (meld) actions.insertAdjacentHTML("beforeend", button(ui("meld_these", { kind: kindWord(v.kind) }), meld, "primary sg-meld-btn"));
  } else {
    const layoffs = moves.filter((m) => m.type === "layoff");
    if (layoffs.length) {
      line.textContent = ui("layoff_click", { cards: sel });
      line.classList.add("ok");
    } else line.textContent = ui("fits_none", { cards: sel });
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
    actions.insertAdjacentHTML("beforeend", button(offer ? ui("offer_to_opponent", { card: offer.card }) : ui("offer_select_one"),
      offer, "primary sg-offer-btn"));
    if (sel.length === 1 && !offer && view.accepted[me] === sel[0]) hint = ui("reoffer", { card: sel[0] });

  }
  if (last) {
    actions.insertAdjacentHTML("beforeend", button(ui("announce_last"), last, "primary sg-last-btn"));
    hint = ui("announce_last_hint");
  }
  if (end) {
    actions.insertAdjacentHTML("beforeend", button(ui("end_deal"), end, "primary sg-end-btn"));
    hint = ui("end_deal_hint");
  }
  if (view.pending?.length) hint = ui("pending_hint");
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
      panel.appendChild(el("h2", null, esc(ui("no_initial_yet"))));
      panel.appendChild(el("p", "sg-hint", esc(ui("no_initial_hint"))));
    }
  } else if (view.initial_this_turn) {
    panel.appendChild(el("h2", null, esc(ui("initial_laid"))));
    panel.appendChild(el("p", "sg-hint", esc(ui("initial_laid_hint"))));
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
  bar.innerHTML = `<span class="sg-name">${esc(ui("you"))}</span><span class="sg-count-text">${esc(ui("cards", { n: view.hand_counts[me] }))}</span>` +
    `<span class="sg-badges">${badges(view, me, me)}</span>` +
    `<span class="sg-sort" role="group" aria-label="${esc(ui("sort_label"))}">${esc(ui("sort"))} ` +
    ["rank", "suit"].map((s) => `<button type="button" data-sort="${s}" aria-pressed="${sortBy === s}">${esc(ui(`sort_${s}`))}</button>`).join("") +
    `</span>` + (local.sel.length ? `<button type="button" class="sg-clear">${esc(ui("clear_selection"))}</button>` : "");
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
      row.appendChild(markNew(cardEl(code), local.newCards.has(code)));
      continue;
    }
    // a selected card drags the whole selection; an unselected one drags itself
    const source = `sel:${selected ? selKey : code}`;
    const c = markNew(cardEl(code, { source, legal: true, selected }), local.newCards.has(code));
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
    `<span class="sg-boxes">${esc(ui("deals_scored", { n: view.deals_scored[seat] }))}</span></div>`;
  box.innerHTML = `<div class="sg-score-rows">${row(me)}${row(opp)}</div>` +
    `<p class="sg-target">${esc(ui("deal_target", { deal: view.deal, target: view.target }))}</p>` +
    (view.result ? resultTable(view, me, true) : "");
  const log = view.deal_log || [];
  if (log.length) {
    if (local.sheetOpen === undefined) local.sheetOpen = window.innerWidth > 760;
    const sheet = scoreSheet(ctx, {
      title: ui("score_sheet"),
      columns: [ui("col_deal"), ui("you"), playerName(1 - me, me) ?? ui("col_opp")],
      rows: log.map((d) => [`${d.deal}${d.skarney != null ? " ★" : ""}`, d.points[me] || "–", d.points[opp] || "–"]),
      foot: [ui("total"), view.totals[me], view.totals[opp]],
    });
    sheet.classList.add("sg-sheet");
    box.appendChild(sheet);
  }
  return box;
}

function resultTable(view, me, compact = false) {
  const r = view.result;
  const opp = 1 - me;
  const line = (label, values, cls = "") => `<tr class="${cls}"><th>${esc(label)}</th><td>${values[me]}</td><td>${values[opp]}</td></tr>`;
  const boxLabel = (s) => (compact ? "" : ` <small>(${r.deals_scored[s]} × ${view.box_bonus})</small>`);
  return `<table class="sg-result"><thead><tr><th></th><th>${esc(ui("you"))}</th><th>${esc(name(opp, me))}</th></tr></thead><tbody>` +
    line(ui("points"), r.totals) +
    `<tr><th>${esc(ui("box_bonus"))}</th><td>${r.box_bonus[me]}${boxLabel(me)}</td><td>${r.box_bonus[opp]}${boxLabel(opp)}</td></tr>` +
    line(ui("game_bonus"), r.game_bonus) + line(ui("shutout_bonus"), r.shutout_bonus) + line(ui("final"), r.final, "sg-final") +
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

// a selection of hand cards is the source ("sel:<sorted codes>"); a meld, a new meld, the offer or the
// initial meld's next slot the target
function sourceOf(move) {
  if (move.type === "layoff" || move.type === "meld") return `sel:${keyOf(move.cards)}`;
  if (move.type === "offer") return `sel:${move.card}`;
  return null;
}

function targetOf(move) {
  if (move.type === "initial_part") return "initial:next";
  if (move.type === "layoff") return `meld:${move.meld}`;
  if (move.type === "meld") return "newmeld";
  if (move.type === "offer") return "offer";
  return null;
}

// ---- the layout --------------------------------------------------------------------------------
/** A move in words for the recent-moves line and screen readers: the table's own log line. */
function describe(move, seat, view) {
  const log = view.log || [];
  const at = log.findIndex((e) => e.move === move);
  return logText({ seat, move }, at > 0 ? log[at - 1] : null, view.seat ?? 0);
}

/** A move as the person is asked to make it (a lesson's step): "offer 10♣". */
function instruct(move, view) {
  const offered = view.phase === "answer" && view.offer ? cardText(view.offer) : ui("log.the_offer");
  switch (move.type) {
    case "initial_part": return ui("do.initial_part", { cards: move.cards });
    case "take_back": return ui("do.take_back", { n: move.part + 1 });
    case "initial_meld": return ui("do.initial_meld");
    case "meld": return ui("do.meld", { cards: move.cards });
    case "layoff": return ui("do.layoff", { cards: move.cards });
    case "offer": return ui("do.offer", { card: move.card });
    case "take": return ui("do.take", { what: offered });
    case "refuse": return ui("do.refuse", { what: offered });
    case "last_card": return ui("do.last_card");
    case "end_deal": return ui("do.end_deal");
    default: return "";
  }
}

export default {
  id: GAME,
  title: "Skarney Gin",
  // the home screen's tile: a few cards on the felt, as this table looks (SVG, 120 x 72 units)
  picture() {
    return [0, 1, 2].map((i) => cardPicture(8 + i * 10, 8, ["7H", "8H", "9H"][i])).join("") +      // two melds
      [0, 1, 2].map((i) => cardPicture(8 + i * 10, 42, ["KS", "KD", "KC"][i])).join("") +
      cardPicture(80, 22, "", { back: true }) + cardPicture(83, 25, "", { back: true });
  },
  seatName: (seat, me) => name(seat, me),
  describe,
  instruct,
  get optionLabels() {
    return {
      target: { label: ui("opt.target"), values: { 200: ui("opt.target.200"), 100: ui("opt.target.100"), 300: ui("opt.target.300") } },
    };
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
      return ui(r.winner === me ? "st.over_win" : "st.over_lose",
        { who: name(r.winner, me), a: r.final[r.winner], b: r.final[1 - r.winner], diff: r.difference });
    }
    const turn = view.current_player;
    if (!ctx.myTurn) {
      if (view.phase === "answer" && view.turn_of === me && turn !== me) return ui("st.you_offer", { card: view.offer });
      if (turn === me) return view.phase === "answer" ? ui("st.bot_answers", { card: view.offer }) : ui("st.bot_plays");
      return ui("st.opponent_playing", { who: name(turn, me) });
    }
    if (view.phase === "answer") {
      return ui(view.offer[0] === view.skips_draw ? "st.answer_ace" : "st.answer", { card: view.offer });
    }
    // after taking an offered Ace, the line starts by saying why no card was drawn
    const lost = (text) => (view.skip_draw[me] ? ui("st.draw_lost", { text }) : text);
    if (ctx.legal.some((m) => m.type === "end_deal")) {
      return lost(ui("st.end_deal"));
    }
    if (!view.initial_done[me]) {
      const chosen = view.pending?.length || 0;
      if (chosen === view.initial_melds) return lost(ui("st.three_chosen"));
      if (chosen) return lost(ui("st.some_chosen", { n: chosen }));
      return lost(ctx.legal.some((m) => m.type === "initial_part") ? ui("st.initial") : ui("st.no_initial"));
    }
    if (view.initial_this_turn) return lost(ui("st.initial_laid"));
    if (ctx.legal.some((m) => m.type === "last_card")) return lost(ui("st.last_card"));
    if (local.sel.length === 1 && ctx.legal.some((m) => m.type === "offer" && m.card === local.sel[0])) {
      return lost(ui("st.offer_selected", { card: local.sel[0] }));
    }
    return lost(ui("st.play"));
  },

  summary(prev, view, ctx) {
    const before = prev.deal_log?.length ?? 0;
    if ((view.deal_log?.length ?? 0) <= before || !view.last_deal) return null;
    const me = ctx.seat;
    const d = view.last_deal;
    const totals = `<p class="sg-totals">${esc(ui("sum.totals", { you: view.totals[me], opp: view.totals[1 - me], target: view.target }))}</p>`;
    let html = dealExplanation(d) + totals;
    if (view.is_over && view.result) {
      html += `<h3>${esc(ui("sum.game_result"))}</h3>${resultTable(view, me)}`;
      return { title: esc(ui(view.result.winner === me ? "sum.you_win" : "sum.opponent_wins")), html, button: ui("sum.close") };
    }
    const title = d.skarney == null ? ui("sum.scored", { deal: d.deal })
      : ui(d.skarney === me ? "sum.you_out" : "sum.opponent_out", { deal: d.deal });
    return { title: esc(title), html, button: ui("sum.next_deal") };
  },
};
