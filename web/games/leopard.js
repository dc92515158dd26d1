// The Leopard table: the opponents' square across the table (seen from your side, so their 1 2 3 row
// is the far one and runs right to left), your square below it numbered from your side, the stock and
// the dead discard pile beside them, your hand at the bottom. Every legal move comes from the engine;
// this file only draws: pick a card and its legal positions light up (both squares and the discard
// pile), click or drop it there.
import { HAND_SUITS, RANKS, cardEl, cardPicture, cardText, isRed } from "../table/cards.js";
import { arrivals, el, esc, keyTarget, markNew, moveButton, num, playerName, seatName as commonSeatName, t } from "./common.js";

/** The layout's own words: leopard.ui.<key> (web/lang/<lang>/leopard.json). */
const ui = (key, params) => t(`leopard.ui.${key}`, params);

// positions 1..9 as (row, column) on screen, rows top to bottom
const NEAR = { 7: [0, 0], 8: [0, 1], 9: [0, 2], 4: [1, 0], 5: [1, 1], 6: [1, 2], 1: [2, 0], 2: [2, 1], 3: [2, 2] };
const FAR = Object.fromEntries(Object.entries(NEAR).map(([p, [r, c]]) => [p, [2 - r, 2 - c]]));
const DIRECTIONS4 = ["south", "west", "north", "east"];

function seatName(view, seat, me) {
  if (view.players === 2) return commonSeatName(seat, me, 2);
  if (seat === me) return ui("you");
  const named = playerName(seat, me);
  if (named) return named;
  const rel = (seat - me + 4) % 4;
  return rel === 2 ? ui("partner") : ui(DIRECTIONS4[rel]);
}

function sideName(view, side, me) {
  const mine = side === view.sides[me];
  if (view.players === 2) return mine ? ui("square.yours") : ui("square.opponent");
  return mine ? ui("square.team") : ui("square.opponents");
}

/** Where the last move landed: "sq:side:pos" or "discard" (the newest entry of this deal's log). */
function lastTarget(view) {
  const last = view.log[view.log.length - 1];
  if (!last) return null;
  const m = last.move;
  if (m.type === "place") return `sq:${m.square}:${m.pos}`;
  if (m.type === "discard") return "discard";
  return null;
}

/** One position of a square: its pile (depth shown), the top card face up or as a back. */
function cell(view, ctx, side, pos, mark) {
  const t9 = side * 9 + pos - 1;
  const key = `sq:${side}:${pos}`;
  const cards = view.zones[`square${side}_${pos}`];
  const placers = view.placers[t9];
  const box = el("div", "lp-cell");
  box.dataset.target = key;
  box.dataset.pos = String(pos);
  box.dataset.side = String(side);
  if (!cards.length) {
    box.classList.add("empty");
    box.appendChild(el("div", "lp-slot", String(pos)));
  } else {
    box.appendChild(el("span", "lp-num", String(pos)));
    const stack = el("div", "lp-stack");
    const depth = cards.length;
    stack.style.setProperty("--depth", String(Math.min(depth - 1, 4)));
    for (let i = Math.max(0, depth - 3); i < depth - 1; i++) stack.appendChild(el("div", "lp-under"));
    const top = cards[depth - 1];
    const down = placers[depth - 1] !== null;
    let card;
    if (down && top !== "??") {
      card = cardEl(top, { extraClass: "lp-down-known" });
      card.title = ui("down_known_title");
      card.dataset.down = ui("down_mark");          // the mark on the card (::after): short, in the page's language
      card.setAttribute("aria-label", ui("down_known_label", { card: card.getAttribute("aria-label") }));
    } else {
      card = cardEl(top);
      if (down) card.title = ui("down_by", { who: seatName(view, placers[depth - 1], ctx.seat) });
    }
    if (mark === key) card.classList.add("lp-last");
    stack.appendChild(card);
    box.appendChild(stack);
    if (depth > 1) box.appendChild(el("span", "lp-depth", String(depth)));
    box.setAttribute("aria-label", ui(down ? "position_down" : "position", { pos, n: depth }));
  }
  if (ctx.targets.has(key)) { box.classList.add("target-on"); keyTarget(box); }
  return box;
}

/** The scoring lines of a square as an SVG overlay: solid gold for one suit, dashed for one colour. */
function lineMarks(lines, layout) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("class", "lp-lines");
  svg.setAttribute("viewBox", "0 0 3 3");
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("aria-hidden", "true");
  for (const l of lines) {
    const [r1, c1] = layout[l.line[0]];
    const [r2, c2] = layout[l.line[2]];
    const shrink = 0.18;
    const dx = c2 - c1;
    const dy = r2 - r1;
    const line = document.createElementNS(ns, "line");
    line.setAttribute("x1", String(c1 + 0.5 + dx * shrink / 2));
    line.setAttribute("y1", String(r1 + 0.5 + dy * shrink / 2));
    line.setAttribute("x2", String(c2 + 0.5 - dx * shrink / 2));
    line.setAttribute("y2", String(r2 + 0.5 - dy * shrink / 2));
    line.setAttribute("class", `lp-line ${l.kind}`);
    line.dataset.line = l.line.join("-");
    svg.appendChild(line);
  }
  return svg;
}

function squareBox(view, ctx, side, far, mark) {
  const me = ctx.seat;
  const layout = far ? FAR : NEAR;
  const info = view.squares[side];
  const mine = side === view.sides[me];
  const box = el("section", `lp-square ${far ? "far" : "near"}`);
  box.dataset.square = String(side);
  const lines = info.lines;
  const suits = lines.filter((l) => l.kind === "suit").length;
  const colours = lines.length - suits;
  const head = el("div", "lp-square-head",
    `<span class="lp-square-name">${esc(sideName(view, side, me))}</span>` +
    `<span class="lp-points" title="${esc(ui("points_title"))}">${esc(ui(info.points === 1 ? "point" : "points", { shown: num(info.points) }))}</span>` +
    // what going out would score, only where the square's points allow going out
    (info.points >= view.out_at ? `<span class="lp-outnow" title="${esc(ui("out_now_title"))}">${esc(ui("out_now"))} <b>${num(info.out_now)}</b></span>` : "") +
    (lines.length ? `<span class="lp-kinds">${suits ? `<i class="suit-key"></i>${esc(ui("suit_lines", { n: suits }))}` : ""}${suits && colours ? " · " : ""}${colours ? `<i class="colour-key"></i>${esc(ui("colour_lines", { n: colours }))}` : ""}</span>` : ""));
  box.appendChild(head);
  const grid = el("div", "lp-grid");
  const cells = [];
  for (const [pos, [r, c]] of Object.entries(layout)) cells[r * 3 + c] = Number(pos);
  for (const pos of cells) grid.appendChild(cell(view, ctx, side, pos, mark));
  grid.appendChild(lineMarks(lines, layout));
  box.appendChild(grid);
  if (mine) box.classList.add("mine");
  return box;
}

function seatsStrip(view, ctx) {
  const me = ctx.seat;
  const strip = el("div", "lp-seats");
  const order = view.players === 2 ? [1 - me, me] : [2, 1, 3, 0].map((k) => (me + k) % 4);
  for (const s of order) {
    const chip = el("span", "lp-seat");
    chip.dataset.seat = String(s);
    if (view.current_player === s) chip.classList.add("to-act");
    chip.innerHTML = `${esc(seatName(view, s, me))}${view.dealer === s ? ` <span class="dealer" title="${esc(ui("dealer"))}">${esc(ui("dealer_mark"))}</span>` : ""}` +
      (s === me ? "" : ` <small>${esc(ui("cards", { n: view.hand_counts[s] }))}</small>`);
    strip.appendChild(chip);
  }
  return strip;
}

function sidePanel(view, ctx, mark) {
  const me = ctx.seat;
  const us = view.sides[me];
  const panel = el("aside", "lp-side");
  panel.appendChild(seatsStrip(view, ctx));
  panel.appendChild(el("div", "lp-totals",
    `<div class="lp-deal">${esc(ui("deal_of", { deal: view.deal, total: view.deals_total }))}</div>` +
    `<div class="lp-total us"><span>${esc(view.players === 2 ? ui("you") : ui("us"))}</span><b data-side="${us}">${num(view.side_scores[us])}</b></div>` +
    `<div class="lp-total them"><span>${esc(view.players === 2 ? ui("opponent") : ui("them"))}</span><b data-side="${1 - us}">${num(view.side_scores[1 - us])}</b></div>`));
  const piles = el("div", "lp-piles");
  const stock = el("div", "lp-stock");
  stock.appendChild(view.stock_count ? cardEl("??") : el("div", "lp-slot", ""));
  stock.appendChild(el("div", "lp-count", `${esc(ui("stock"))} <b class="lp-stock-count">${view.stock_count}</b>`));
  piles.appendChild(stock);
  const discard = el("div", "lp-discard");
  discard.dataset.target = "discard";
  const dcards = view.zones.discard;
  if (dcards.length) {
    const top = cardEl(dcards[dcards.length - 1]);
    if (mark === "discard") top.classList.add("lp-last");
    discard.appendChild(top);
  } else {
    discard.appendChild(el("div", "lp-slot", esc(ui("discard"))));
  }
  discard.appendChild(el("div", "lp-count", `${esc(ui("dead"))} <b class="lp-discard-count">${dcards.length}</b>`));
  discard.setAttribute("aria-label", ui("discard_label", { n: dcards.length }));
  if (ctx.targets.has("discard")) { discard.classList.add("target-on"); keyTarget(discard); }
  piles.appendChild(discard);
  panel.appendChild(piles);
  panel.appendChild(actionsPanel(view, ctx));
  return panel;
}

/** The note under the go-out button: what it would do, or the one reason it cannot be pressed now
 *  (a question waiting for its answer comes before the square's points). */
function whyOut(view, ctx, allowed) {
  const me = ctx.seat;
  const own = view.squares[view.sides[me]];
  if (allowed) return ui("why.end_now", { score: num(own.out_now) });
  if (view.phase === "answer") return ui(view.current_player === me ? "why.answer_first" : "why.waiting");
  if (view.refused && view.current_player === me) return ui("why.refused");
  if (own.points < view.out_at) return ui("why.too_few_points", { points: own.points, need: view.out_at });
  return ui("why.before_placing");
}

function actionsPanel(view, ctx) {
  const me = ctx.seat;
  const box = el("div", "lp-actions");
  const goOut = ctx.legal.find((m) => m.type === "go_out");
  const four = view.players === 4;
  const label = four ? ui("ask_out") : ui("go_out");
  const own = view.squares[view.sides[me]];
  const why = whyOut(view, ctx, Boolean(goOut));
  box.innerHTML = moveButton(label, { type: "go_out" }, { cls: "lp-go-out primary", legal: Boolean(goOut), title: why });
  if (view.phase === "answer") {
    const asker = view.asker;
    if (view.current_player === me && ctx.legal.length) {
      box.classList.add("answering");       // a phone shows the question in place of the button (leopard.css)
      box.appendChild(el("div", "lp-ask",
        `<p>${esc(ui("asks_you", { who: seatName(view, asker, me), score: num(own.out_now) }))}</p>` +
        moveButton(ui("yes"), { type: "answer", allow: true }, { cls: "lp-yes primary" }) + " " +
        moveButton(ui("no"), { type: "answer", allow: false }, { cls: "lp-no" })));
    } else {
      box.appendChild(el("div", "lp-ask", `<p>${esc(ui("asked", { who: seatName(view, asker, me), whom: seatName(view, view.current_player, me) }))}</p>`));
    }
  } else if (four && view.refused) {
    const who = view.current_player;
    box.appendChild(el("div", "lp-ask lp-refused",
      `<p>${esc(who === me ? ui("said_no_you", { who: seatName(view, (who + 2) % 4, me) })
        : ui("said_no", { who: seatName(view, (who + 2) % 4, me), whom: seatName(view, who, me) }))}</p>`));
  }
  box.appendChild(el("p", "lp-why", esc(why)));
  return box;
}

function handRow(view, ctx) {
  const me = ctx.seat;
  const hand = el("div", "hand lp-hand");
  const cards = view.zones[`hand${me}`];
  hand.style.setProperty("--n", String(Math.max(1, cards.length)));
  let selectedShown = false;
  const sorted = [...cards].sort(handOrder);
  const drawn = arrivals(ctx.local, cards);          // the card just drawn carries "new", as in Skarney Gin
  for (const code of sorted) {
    const source = `hand:${code}`;
    const legal = ctx.sources.has(source);
    const selected = ctx.selected === source && !selectedShown;
    if (selected) selectedShown = true;
    hand.appendChild(markNew(cardEl(code, { source, legal, selected, dim: ctx.myTurn && !ctx.busy && !legal }), drawn.has(code)));
  }
  return hand;
}

function handOrder(a, b) {
  return HAND_SUITS.indexOf(a[1]) - HAND_SUITS.indexOf(b[1]) || RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]);
}

function deals(view, me) {
  const us = view.sides[me];
  const rows = view.deals.map((d) => `<tr><td>${d.deal}</td><td>${num(d.sides[us].points)}</td><td>${num(d.sides[1 - us].points)}</td></tr>`).join("");
  return `<table class="lp-sheet"><thead><tr><th>${esc(ui("col_deal"))}</th><th>${esc(view.players === 2 ? ui("you") : ui("us"))}</th><th>${esc(view.players === 2 ? ui("opponent") : ui("them"))}</th></tr></thead>` +
    `<tbody>${rows}</tbody><tfoot><tr><th>${esc(ui("total"))}</th><th>${num(view.side_scores[us])}</th><th>${num(view.side_scores[1 - us])}</th></tr></tfoot></table>`;
}

function explainDeal(view, deal, me) {
  const us = view.sides[me];
  const side = (k) => {
    const s = deal.sides[k];
    const name = k === us ? (view.players === 2 ? ui("you") : ui("your_team")) : (view.players === 2 ? ui("opponent") : ui("opponents"));
    const grid = [7, 8, 9, 4, 5, 6, 1, 2, 3].map((p) => {
      const c = s.tops[p - 1];
      const red = c && isRed(c);
      return `<span class="lp-mini ${red ? "red" : ""}">${c ? (c === "??" ? "▒" : cardText(c)) : "·"}</span>`;
    }).join("");
    return `<section class="lp-deal-side" data-side="${k}"><h3>${esc(ui("side_points", { name, points: num(s.points) }))}</h3>` +
      `<div class="lp-mini-grid" aria-hidden="true">${grid}</div>` +
      `<ul>${s.text.map((line) => `<li>${esc(t(line))}</li>`).join("")}</ul></section>`;
  };
  return `<p class="lp-end">${esc(t(deal.end))}</p><div class="lp-deal-sides">${side(us)}${side(1 - us)}</div>${deals(view, me)}`;
}

// the table's size, for naming seats in engine messages ({seat:seat}); set on every render
let tablePlayers = 2;

/** A move in words for the recent-moves line and screen readers: "West placed 7♥ on your
 *  square, position 4"; another's face-down card stays "a face-down card". */
function describe(move, seat, view) {
  const me = view.seat ?? 0;
  const who = seatName(view, seat, me);
  switch (move.type) {
    case "place": {
      const mine = move.square === view.sides?.[me];
      const square = ui(view.players === 2 ? (mine ? "log.sq.yours" : "log.sq.opponent") : (mine ? "log.sq.team" : "log.sq.opponents"));
      if (move.card === "??") return ui("log.place_hidden", { who, square, pos: move.pos });
      if (view.face_down.includes(move.card[0])) return ui("log.place_down", { who, card: move.card, square, pos: move.pos });
      return ui("log.place", { who, card: move.card, square, pos: move.pos });
    }
    case "discard": return ui("log.discard", { who, card: move.card });
    case "go_out": return ui(view.players === 4 ? "log.ask" : "log.go_out", { who });
    case "answer": return ui(move.allow ? "log.allow" : "log.deny", { who });
    default: return "";
  }
}

/** A move as the person is asked to make it (a lesson's step): "place 7♥ on your square, position 7". */
function instruct(move, view) {
  const me = view.seat ?? 0;
  switch (move.type) {
    case "place": {
      const mine = move.square === view.sides?.[me];
      const square = ui(view.players === 2 ? (mine ? "log.sq.yours" : "log.sq.opponent") : (mine ? "log.sq.team" : "log.sq.opponents"));
      return ui("JQ".includes(move.card[0]) ? "do.place_down" : "do.place", { card: move.card, square, pos: move.pos });
    }
    case "discard": return ui("do.discard", { card: move.card });
    case "go_out": return ui(view.players === 4 ? "do.ask" : "do.go_out");
    case "answer": return ui(move.allow ? "do.allow" : "do.deny");
    default: return "";
  }
}

export default {
  id: "leopard",
  title: "Leopard",
  // the home screen's tile: a few cards on the felt, as this table looks (SVG, 120 x 72 units)
  picture() {
    return [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => cardPicture(30 + (i % 3) * 21, 3 + Math.floor(i / 3) * 22,   // a square
      ["7C", "", "9H", "4D", "5S", "", "AS", "2H", ""][i], { back: i === 1 || i === 5 || i === 8 })).join("");
  },
  describe,
  instruct,
  seatName(seat, me) {
    return seatName({ players: tablePlayers }, seat, me);
  },
  get playerLabels() {
    return { 2: ui("players.2"), 4: ui("players.4") };
  },
  get optionLabels() {
    return {
      suit_line: {
        label: ui("opt.suit_line"),
        values: { 2: ui("opt.suit_line.2"), 3: ui("opt.suit_line.3") },
      },
    };
  },

  sourceOf(move) {
    return move.type === "place" || move.type === "discard" ? `hand:${move.card}` : null;
  },
  targetOf(move) {
    if (move.type === "place") return `sq:${move.square}:${move.pos}`;
    if (move.type === "discard") return "discard";
    return null;
  },
  playOnPick() {
    return false;          // a card always waits for its place: even a lone discard is a choice
  },

  render(root, ctx) {
    const view = ctx.view;
    const me = ctx.seat;
    const us = view.sides[me];
    const mark = lastTarget(view);
    tablePlayers = view.players;
    root.className = `table leopard players-${view.players}`;
    root.innerHTML = "";
    const squares = el("div", "lp-squares");
    squares.appendChild(squareBox(view, ctx, 1 - us, true, mark));
    squares.appendChild(squareBox(view, ctx, us, false, mark));
    root.appendChild(squares);
    root.appendChild(sidePanel(view, ctx, mark));
    root.appendChild(handRow(view, ctx));
  },

  status(ctx) {
    const view = ctx.view;
    const me = ctx.seat;
    if (view.is_over) {
      const us = view.sides[me];
      const [a, b] = [view.side_scores[us], view.side_scores[1 - us]];
      const verdict = a > b ? (view.players === 2 ? "win" : "team_win") : a < b ? "lose" : "draw";
      return ui(`st.over.${verdict}`, { a: num(a), b: num(b) });
    }
    const turn = view.current_player;
    if (!ctx.myTurn) {
      if (view.phase === "answer") return ui("st.asks", { who: view.asker, whom: turn });
      return ui("st.thinking", { who: turn });
    }
    if (view.phase === "answer") return ui("st.answer");
    const picked = ctx.selected ? ctx.selected.slice(5) : null;
    if (picked) {
      const n = [...ctx.targets].filter((k) => k.startsWith("sq:")).length;
      return n ? ui("st.put", { card: picked, n }) : ui("st.no_place", { card: picked });
    }
    const out = ctx.legal.some((m) => m.type === "go_out");
    const score = num(view.squares[view.sides[me]].out_now);
    return out ? ui(view.players === 4 ? "st.drew_ask" : "st.drew_out", { score }) : ui("st.drew");
  },

  summary(prev, view, ctx) {
    if (view.deals.length <= prev.deals.length) return null;
    const deal = view.deals[view.deals.length - 1];
    const me = ctx.seat;
    let html = explainDeal(view, deal, me);
    if (view.is_over) {
      const us = view.sides[me];
      const [a, b] = [view.side_scores[us], view.side_scores[1 - us]];
      const title = a > b ? (view.players === 2 ? ui("sum.you_win") : ui("sum.team_wins"))
        : a < b ? ui("sum.lost") : ui("sum.drawn");
      html = `<p class="result">${esc(t(deal.result))}${esc(ui("sum.stop"))}</p>` + html;
      return { title: esc(title), html, button: ui("sum.close") };
    }
    return { title: esc(ui("sum.scored", { deal: deal.deal, total: view.deals_total })), html, button: ui("sum.next_deal") };
  },
};
