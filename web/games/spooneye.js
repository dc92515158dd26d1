// The Spooneye table: every player's row of up to four masts (fanned so each card stays readable, the
// crow's nest on top), free end slots, captured piles, the stock and your hand. Every legal move comes
// from the engine; this file only draws, names things and says what to do.
import { RANKS, SUITS, cardEl, cardPicture } from "../table/cards.js";
import { el, esc, keyTarget, moveAttr, moveButton, scoreSheet, seatName, t } from "./common.js";
import { hasText } from "../shell/i18n.js";

// The table's player count, cached by render(): at two players the other seat is "Opponent".
let tablePlayers = 2;
const name = (seat, me) => seatName(seat, me, tablePlayers);
/** The layout's own words: spooneye.ui.<key> (web/lang/<lang>/spooneye.json); on a touch screen a
 *  sentence that says "click" has a ".touch" form that says "tap". */
const touch = () => typeof matchMedia === "function" && matchMedia("(hover: none)").matches;
const ui = (key, params) => t(touch() && hasText(`spooneye.ui.${key}.touch`) ? `spooneye.ui.${key}.touch` : `spooneye.ui.${key}`, params);
const signed = (n) => `${n >= 0 ? "+" : "−"}${Math.abs(n)}`;
// The person's seat, cached by render(): a "move" names only mast indexes, and its source and target
// are in the mover's own row - the person's, since moves are offered only on their turn.
let ctxSeatHint = 0;

/** The players in table order: opponents clockwise from your left, then you. */
function order(view, me) {
  const n = view.players;
  const out = [];
  for (let k = 1; k < n; k++) out.push((me + k) % n);
  out.push(me);
  return out;
}

function targetKey(player, mast) {
  return typeof mast === "number" ? `mast:${player}:${mast}` : `slot:${player}:${mast}`;
}

/** The card the latest move put on a mast, so it can glow. */
function lastCard(view) {
  const entry = view.log.at(-1);
  if (!entry) return null;
  return entry.move.type === "play" ? entry.move.card : null;
}

function captureMoves(ctx) {
  return ctx.legal.filter((m) => m.type === "capture");
}

/** One mast: its total, the fanned cards (J badges show what each J is worth), the crow's nest on top. */
function mastEl(view, ctx, player, i, glow) {
  const cards = view.zones[`mast${player}_${i}`];
  const info = view.masts[player][i];
  const box = el("div", "se-mast");
  box.dataset.mast = `${player}:${i}`;
  const key = `mast:${player}:${i}`;
  box.dataset.target = key;
  const gap = view.limit - info.total;      // one card can close a gap of up to the most a card is worth
  box.appendChild(el("div", `se-total${gap <= view.top_value ? " close" : ""}`,
    `<b>${info.total}</b>${gap > 0 && gap <= view.top_value ? `<span class="se-need">${esc(ui("needs", { n: gap }))}</span>` : ""}`));
  const fan = el("div", "se-fan");
  fan.style.setProperty("--n", String(cards.length));
  cards.forEach((code, k) => {
    const top = k === cards.length - 1;
    const source = `nest:${player}:${i}`;
    const opts = top ? { source, legal: ctx.sources.has(source), selected: ctx.selected === source } : {};
    const card = cardEl(code, opts);
    // a J's worth goes after its rank and suit, in the corner's own flow: it never covers them
    if (code[0] === "J") card.querySelector(".corner").appendChild(el("span", "se-jack", `=${info.values[k]}`));
    if (top) card.classList.add("se-nest");
    if (top && glow === code) card.classList.add("se-last");
    fan.appendChild(card);
  });
  box.appendChild(fan);
  box.setAttribute("aria-label", ui("mast_label", { n: cards.length, total: info.total, card: cards.at(-1) }));
  if (ctx.targets.has(key)) { box.classList.add("target-on"); keyTarget(box); }
  const capture = captureMoves(ctx).find((m) => m.player === player && m.mast === i);
  if (capture) {
    box.classList.add("se-choice");
    box.dataset.move = JSON.stringify(capture);
    keyTarget(box);
  }
  return box;
}

function slotEl(ctx, player, side) {
  const key = targetKey(player, side);
  const slot = el("div", `se-slot ${side}`, `<span>${esc(ui("new_mast"))}</span>`);
  slot.dataset.target = key;
  slot.title = ui(side === "new-left" ? "slot_left" : "slot_right");
  if (ctx.targets.has(key)) { slot.classList.add("target-on"); keyTarget(slot); }
  return slot;
}

function capturedChip(view, seat) {
  const c = view.captured[seat];
  return `<span class="se-chip se-captured" data-captured-seat="${seat}" title="${esc(ui("captured_title"))}">` +
    `${esc(ui("captured"))} <span title="${esc(ui("key_down"))}"><b class="se-down">${c.down}</b>▼</span> ` +
    `<span title="${esc(ui("key_up"))}"><b class="se-up">${c.up}</b>▲</span> = <b class="se-points">${c.points}</b></span>`;
}

/** The key to the captured chips' marks, shown once by the scores: what ▼ and ▲ count. */
function capturedKey() {
  return `<p class="se-key" data-captured-key>${esc(ui("captured"))}: <span>▼ ${esc(ui("key_down"))}</span> · <span>▲ ${esc(ui("key_up"))}</span></p>`;
}

function rowEl(view, ctx, seat, glow) {
  const me = ctx.seat;
  const panel = el("section", `se-row${seat === me ? " mine" : ""}`);
  panel.dataset.seat = String(seat);
  if (view.current_player === seat && !view.is_over) panel.classList.add("to-act");
  const swap = ctx.legal.find((m) => m.type === "swap_with" && m.player === seat);
  const head = el("div", "se-head",
    `<span class="se-name">${esc(name(seat, me))}${view.dealer === seat ? ` <span class="dealer" title="${esc(ui("dealer"))}">${esc(ui("dealer_mark"))}</span>` : ""}</span>` +
    (seat !== me ? `<span class="se-chip" title="${esc(ui("hand_title"))}">${esc(ui("hand"))} <b class="se-hand-count">${view.hand_counts[seat]}</b></span>` : "") +
    capturedChip(view, seat) +
    (swap ? moveButton(ui("swap_hands"), swap, { cls: "se-swap primary" }) : ""));
  panel.appendChild(head);
  const row = el("div", "se-masts");
  const masts = view.masts[seat];
  const free = masts.length < view.max_masts;
  row.style.setProperty("--m", String(masts.length + (free ? (masts.length ? 2 : 1) : 0)));   // masts and slots: a phone shares the width
  if (free) row.appendChild(slotEl(ctx, seat, "new-left"));
  masts.forEach((_, i) => row.appendChild(mastEl(view, ctx, seat, i, glow)));
  if (free && masts.length) row.appendChild(slotEl(ctx, seat, "new-right"));
  panel.appendChild(row);
  return panel;
}

function stockEl(view, ctx) {
  const box = el("div", "se-stock");
  const draw = ctx.legal.find((m) => m.type === "draw");
  const pile = el("div", "se-pile");
  if (view.stock_count) pile.appendChild(cardEl("??"));
  else pile.appendChild(el("div", "se-slot empty", ""));
  pile.appendChild(el("div", "se-pile-count", `<b class="se-stock-count">${view.stock_count}</b>`));
  if (draw) {
    pile.dataset.move = JSON.stringify(draw);
    pile.dataset.legal = "true";
    pile.classList.add("se-choice");
    keyTarget(pile);
  }
  box.appendChild(pile);
  box.appendChild(el("div", "se-label", esc(ui("stock"))));
  return box;
}

function promptEl(view, ctx) {
  const box = el("div", "se-prompt");
  if (!ctx.myTurn || ctx.busy) return box;
  const phase = view.phase;
  const buttons = [];
  const draw = ctx.legal.find((m) => m.type === "draw");
  const pass = ctx.legal.find((m) => m.type === "pass");
  let text = "";
  let note = "";      // said nowhere else (the status line repeats the prompt's text): a phone keeps it
  if (phase === "start") {
    text = ui("prompt.start");
    if (view.first_play) note = ui("first_play_note");
    buttons.push(moveButton(ui("draw"), draw, { cls: "primary se-draw" }));
  } else if (phase === "capture") {
    text = ui("prompt.capture");
  } else if (phase === "steal") {
    text = ui("prompt.steal");
  } else if (phase === "swap") {
    text = ui("prompt.swap");
    for (const m of ctx.legal) buttons.push(moveButton(ui("swap_with", { who: name(m.player, ctx.seat) }), m, { cls: "se-swap" }));
  } else if (pass) {
    text = ui("prompt.pass");
    buttons.push(moveButton(ui("pass"), pass, { cls: "primary se-pass" }));
  } else if (view.extra_play) {
    text = ui("prompt.extra");
  }
  if (!text) return box;
  box.classList.add("on");
  box.innerHTML = `<span class="se-prompt-text">${esc(text)}</span>${note ? `<span class="se-prompt-note">${esc(note)}</span>` : ""}${buttons.join("")}`;
  return box;
}

function handEl(view, ctx) {
  const me = ctx.seat;
  const box = el("div", "se-hand-box");
  const hand = el("div", "se-hand");
  // shown by rank (Ace first), then suit: the order of the hand itself means nothing
  const cards = [...view.zones[`hand${me}`]].sort((x, y) =>
    RANKS.indexOf(x[0]) - RANKS.indexOf(y[0]) || SUITS.indexOf(x[1]) - SUITS.indexOf(y[1]));
  hand.style.setProperty("--n", String(Math.max(1, cards.length)));
  for (const code of cards) {
    const source = `hand:${code}`;
    const legal = ctx.sources.has(source);
    hand.appendChild(cardEl(code, { source, legal, selected: ctx.selected === source,
      dim: ctx.myTurn && !ctx.busy && (view.phase === "play" || view.phase === "start") && !legal }));
  }
  if (!cards.length) hand.appendChild(el("div", "se-slot empty", `<span>${esc(ui("no_cards"))}</span>`));
  box.appendChild(hand);
  // the draw-or-move choice: the hand waits, and says why
  if (ctx.myTurn && !ctx.busy && view.phase === "start" && cards.length) {
    box.appendChild(el("p", "se-hand-wait", esc(ui("hand_wait"))));
  }
  return box;
}

function raiseText(r) {
  if (!r) return "";
  const parts = [t({ key: "spooneye.raise", owner: r.owner, count: r.cards.length })];
  if (r.victim != null) parts.push(t({ key: "spooneye.capture", owner: r.owner, victim: r.victim, count: r.captured.length }));
  const doubled = r.doubled.length + (r.captured_doubled ? r.captured.length : 0);
  if (doubled) parts.push(t({ key: "spooneye.double", count: doubled }));
  if (r.swapped_with != null) parts.push(t({ key: "spooneye.three_sevens", owner: r.raiser ?? r.owner, other: r.swapped_with }));
  return parts.join(" · ");
}

function scorePanel(view, ctx) {
  const me = ctx.seat;
  const seats = [me, ...order(view, me).slice(0, -1)];
  const aside = el("aside", "scores se-scores");
  const standard = view.rules === "standard";
  const rows = seats.map((s) => `<div class="team${s === me ? " ours" : ""}">` +
    `<span class="team-name">${esc(name(s, me))}</span><span class="team-total" data-score-seat="${s}">${view.scores[s]}</span>` +
    `<span class="bags">${esc(standard ? ui("base_bonus", { base: view.base_totals[s], bonus: signed(view.bonus_totals[s]) })
      : ui("this_deal", { n: view.captured[s].points }))}</span></div>`).join("");
  const goal = standard ? ui("goal", { deal: view.deal, target: view.target }) : ui("goal_basic");
  const ext = view.players > 2 ? `<p class="se-ext">${esc(ui("extension", { n: view.players }))}</p>` : "";
  aside.innerHTML = `<div class="team-scores">${rows}</div><p class="target">${esc(goal)}</p>${capturedKey()}${ext}` +
    (view.last_raise ? `<p class="se-raise" title="${esc(ui("latest_raise"))}">⚑ ${esc(raiseText(view.last_raise))}</p>` : "");
  if (view.deals.length) {
    const sheet = scoreSheet(ctx, {
      title: ui("score_sheet"),
      columns: [ui("col_deal"), ...seats.map((s) => (s === me || view.players === 2 ? name(s, me) : ui("col_player", { n: s + 1 })))],
      rows: view.deals.map((d) => [String(d.deal), ...seats.map((s) => {
        const p = d.players[s];
        return standard ? `${p.base} (${signed(p.bonus)})` : String(p.base);
      })]),
      foot: [ui("total"), ...seats.map((s) => (standard
        ? `${view.base_totals[s]} (${signed(view.bonus_totals[s])})`
        : String(view.base_totals[s])))],
    });
    sheet.classList.add("sheet");
    aside.appendChild(sheet);
  }
  return aside;
}

/** Another player's move in words: a sentence naming ``who`` moved (``first``: the deal's first play). */
function describe(move, who, me, first = false, mover = null) {
  const where = (p, m) => (typeof m === "number"
    ? (p === me ? ui("where.your_mast", { n: m + 1 }) : p === mover ? ui("where.own_mast", { n: m + 1 }) : ui("where.mast", { who: name(p, me), n: m + 1 }))
    : (p === me ? ui("where.your_new") : p === mover ? ui("where.own_new") : ui("where.new", { who: name(p, me) })));
  switch (move.type) {
    case "play": return ui("did.play", { who, card: move.card, where: where(move.to.player, move.to.mast) });
    case "draw": return ui("did.draw", { who });
    case "move": return ui(first ? "did.move_first" : "did.move", { who, from: move.from + 1, to: move.to + 1 });
    case "capture": return ui("did.capture", { who, where: where(move.player, move.mast) });
    case "steal": return ui("did.steal", { who, where: where(move.player, move.mast) });
    case "swap_with": return ui("did.swap", { who, other: name(move.player, me) });
    case "pass": return ui("did.pass", { who });
    default: return "";
  }
}

function dealSummary(view, deal, me) {
  const standard = view.rules === "standard";
  const seats = [me, ...order(view, me).slice(0, -1)];
  const blocks = seats.map((s) => {
    const p = deal.players[s];
    const lines = p.lines.map((l) => `<li>${esc(t(l))}</li>`).join("");
    const head = standard ? ui("deal_head", { base: p.base, bonus: signed(p.bonus) }) : ui("deal_points", { n: p.base });
    const total = standard ? esc(ui("deal_totals", { base: p.base_total, bonus: p.bonus_total })) : "";
    return `<section class="team-lines se-deal-player" data-seat="${s}"><h3>${esc(ui("deal_player", { who: name(s, me), head }))}</h3>` +
      `<ul>${lines}</ul>${total ? `<p>${total}</p>` : ""}</section>`;
  }).join("");
  const note = standard ? `<p class="se-note">${esc(ui("bonus_note", { note: t({ key: "spooneye.bonus_counts" }) }))}</p>` : "";
  return `<p class="bids-line">${esc(t(deal.reason))}</p><div class="deal-teams se-deal">${blocks}</div>${note}`;
}

export default {
  id: "spooneye",
  title: "Spooneye",
  // the home screen's tile: a few cards on the felt, as this table looks (SVG, 120 x 72 units)
  picture() {
    // masts: short stacks, the lower card 12 units down so the upper one's rank shows whole
    return [0, 1, 2, 3].map((i) => cardPicture(14 + i * 24, 3, ["5C", "JH", "3S", "9D"][i]) +
      cardPicture(14 + i * 24, 15, ["8S", "2D", "TC", "4H"][i])).join("") +
      [0, 1, 2].map((i) => cardPicture(26 + i * 24, 44, ["6H", "QS", "7D"][i])).join("");
  },
  seatName: (seat, me) => name(seat, me),
  /** A move in words for the recent-moves line and screen readers. */
  describe(move, seat, view) {
    const me = view.seat ?? 0;
    tablePlayers = view.players;
    return describe(move, name(seat, me), me, view.log?.[0]?.move === move, seat);
  },
  /** A move as the person is asked to make it (a lesson's step): "play 4♦ onto your mast 1". */
  instruct(move, view) {
    const me = view.seat ?? 0;
    const where = (p, m) => (typeof m === "number"
      ? (p === me ? ui("where.your_mast", { n: m + 1 }) : ui("where.mast", { who: name(p, me), n: m + 1 }))
      : (p === me ? ui("where.your_new") : ui("where.new", { who: name(p, me) })));
    switch (move.type) {
      case "play": return ui("do.play", { card: move.card, where: where(move.to.player, move.to.mast) });
      case "draw": return ui("do.draw");
      case "move": return ui("do.move", { from: move.from + 1, to: move.to + 1 });
      case "capture": return ui("do.capture", { where: where(move.player, move.mast) });
      case "steal": return ui("do.steal", { where: where(move.player, move.mast), to: where(me, move.to) });
      case "swap_with": return ui("do.swap", { other: name(move.player, me) });
      case "pass": return ui("do.pass");
      default: return "";
    }
  },
  get optionLabels() {
    return {
      rules: { label: ui("opt.rules"), values: { '"standard"': ui("opt.rules.standard"), '"basic"': ui("opt.rules.basic") } },
    };
  },
  get playerLabels() {
    return { 2: ui("players.2"), 3: ui("players.3"), 4: ui("players.4") };
  },

  sourceOf(move) {
    if (move.type === "play") return `hand:${move.card}`;
    if (move.type === "steal") return `nest:${move.player}:${move.mast}`;
    if (move.type === "move") return `nest:${ctxSeatHint}:${move.from}`;
    return null;
  },
  targetOf(move) {
    if (move.type === "play") return targetKey(move.to.player, move.to.mast);
    if (move.type === "steal" || move.type === "move") return targetKey(ctxSeatHint, move.to);
    return null;
  },
  // a crow's nest always waits for its destination; a hand card with one place goes there at once
  playOnPick(move) {
    return move.type === "play";
  },

  render(root, ctx) {
    const view = ctx.view;
    const me = ctx.seat;
    ctxSeatHint = me;
    tablePlayers = view.players;
    root.className = `table se p${view.players}`;
    root.innerHTML = "";
    const glow = lastCard(view);
    const felt = el("div", "se-felt");
    const opps = el("div", `se-opps n${view.players - 1}`);
    for (const s of order(view, me).slice(0, -1)) opps.appendChild(rowEl(view, ctx, s, glow));
    felt.appendChild(opps);
    const middle = el("div", "se-middle");
    middle.appendChild(stockEl(view, ctx));
    middle.appendChild(promptEl(view, ctx));
    felt.appendChild(middle);
    const mine = rowEl(view, ctx, me, glow);
    mine.appendChild(handEl(view, ctx));
    felt.appendChild(mine);
    root.appendChild(felt);
    root.appendChild(scorePanel(view, ctx));
  },

  status(ctx) {
    const view = ctx.view;
    const me = ctx.seat;
    if (view.is_over) {
      const last = view.deals.at(-1);
      return ui("st.over", { result: last?.result ? t(last.result) : ui("st.match_over") });
    }
    if (ctx.hold?.raise) return raiseText(ctx.hold.raise);
    const turn = view.current_player;
    if (!ctx.myTurn) {
      const entry = view.log.at(-1);
      const doing = view.phase === "capture"
        ? ui("st.capturing", { who: turn })
        : ui("st.playing", { who: turn });
      const did = entry && entry.seat !== me ? ui("st.did", { what: describe(entry.move, name(entry.seat, me), me, false, entry.seat) }) : "";
      return doing + did;
    }
    if (ctx.busy) return ui("st.your_turn");
    if (ctx.selected) {
      const moves = ctx.sources.get(ctx.selected) || [];
      const m = moves[0];
      if (m?.type === "play") return ui("st.picked", { card: m.card });
      if (m?.type === "steal") return ui("st.steal_where");
      if (m?.type === "move") return ui("st.move_where");
    }
    if (view.phase === "start") return ui("st.start");
    if (view.phase === "capture") {
      const r = view.raised;
      const by = view.actor !== me ? ui("st.completed_by", { who: name(view.actor, me) }) : "";
      return ui("st.raise", { n: r ? r.values.length : 0, by });
    }
    if (view.phase === "steal") return ui("st.steal");
    if (view.phase === "swap") return ui("st.swap");
    if (ctx.legal.some((m) => m.type === "pass")) return ui("st.pass");
    if (view.extra_play) return ui("prompt.extra");
    // the card just drawn, automatically or by choice, is named
    const drew = view.log.at(-1)?.drew?.find((d) => d.seat === me && !d.cards.includes("??"));
    return (drew ? `${ui("st.drew", { cards: drew.cards })} ` : "") + ui("st.play");
  },

  holdAfter(prev, view) {
    if (view.deals.length > prev.deals.length) return null;
    const before = JSON.stringify(prev.last_raise);
    if (view.last_raise && JSON.stringify(view.last_raise) !== before && prev.deal === view.deal) {
      return { ms: 1100, raise: view.last_raise };
    }
    return null;
  },

  summary(prev, view, ctx) {
    if (view.deals.length <= prev.deals.length) return null;
    const me = ctx.seat;
    const deal = view.deals.at(-1);
    let html = dealSummary(view, deal, me);
    if (view.is_over) {
      html = `<p class="result">${esc(t(deal.result))}</p>` + html;
      if (view.rules === "standard") {
        html += `<p>${esc(ui("sum.final", { scores: order(view, me).reverse().map((s) => `${name(s, me)} ${deal.final[s]}`).join(" · ") }))}</p>`;
      }
      const won = view.winners?.length === 1 && view.winners[0] === me;
      return { title: esc(won ? ui("sum.you_win") : ui("sum.over")), html, button: ui("sum.close") };
    }
    return { title: esc(ui("sum.scored", { deal: deal.deal })), html, button: ui("sum.next_deal") };
  },
};

