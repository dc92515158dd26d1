// The Spite and Malice table: opponents across the top (pay-off pile, hand count, four discard piles),
// the stock and the shared centre piles in the middle, and your own pay-off pile, discard piles and
// hand at the bottom. Every legal move comes from the engine; this file only draws and names things.
import { cardEl, cardName, cardPicture, cardText, rankLabel } from "../table/cards.js";
import { el, esc, keyTarget, moveButton, scoreSheet, seatName, t } from "./common.js";

// The table's player count, cached by render(): at two players the other seat is "Opponent".
let tablePlayers = 2;
const name = (seat, me) => seatName(seat, me, tablePlayers);
const ui = (key, params) => t(`spite_malice.ui.${key}`, params);
/** A sentence about a seat: i18n.js picks the person's own form ("You win") or the others' ("West wins"). */
const about = (key, seat, params = {}) => ui(key, { who: seat, ...params });
/** A short name for a score column: "You", "P2". */
const shortName = (seat, me) => (seat === me || tablePlayers === 2 ? name(seat, me) : ui("short", { n: seat + 1 }));
const dealerMark = (title) => ` <span class="dealer" title="${esc(title)}">${esc(t("page.dealer_mark"))}</span>`;

/** The current deal's latest move ({seat, move}), or null. */
function lastEntry(view) {
  return view.log.length ? view.log[view.log.length - 1] : null;
}

/** Whose turn the table shows: while a finished turn is held on show, still the player who just discarded. */
function acting(ctx) {
  return ctx.hold?.turnEnd ? ctx.hold.turnEnd.seat : ctx.view.current_player;
}

/** Which card the last move put down, so it can glow: {centre: i} or {seat, pile}. */
function lastMark(view, ctx) {
  if (ctx.hold?.turnEnd) {
    const t = ctx.hold.turnEnd;
    return t.pile == null ? null : { seat: t.seat, pile: t.pile, card: t.card };
  }
  const entry = lastEntry(view);
  if (!entry || view.is_over) return null;
  const last = entry.move;
  if (last.type === "build") {
    const piles = view.centre;
    if (typeof last.pile === "number" && piles[last.pile]?.cards.at(-1) === last.card) return { centre: last.pile };
    if (last.pile === "new") {
      const i = piles.findIndex((p) => p.cards.length === 1 && p.cards[0] === last.card);
      if (i >= 0) return { centre: i };
    }
    return null;
  }
  if (last.type === "discard") {
    const seat = entry.seat;
    for (let d = 0; d < view.discard_piles; d++) {
      if (view.zones[`discard${seat}_${d}`].at(-1) === last.card) return { seat, pile: d, card: last.card };
    }
  }
  return null;
}

/** A face-up pile fanned downwards so every rank can be read. */
function fan(cards, opts) {
  const box = el("div", `sm-fan ${opts.cls || ""}`);
  box.style.setProperty("--n", String(Math.max(1, cards.length)));
  if (!cards.length) box.appendChild(el("div", "sm-slot", esc(opts.empty || "")));
  cards.forEach((code, i) => {
    const top = i === cards.length - 1;
    const card = cardEl(code, top ? opts.topOpts || {} : {});
    if (opts.mini) card.classList.add("mini");
    if (top && opts.glow) card.classList.add("sm-last");
    box.appendChild(card);
  });
  box.setAttribute("aria-label", cards.length ? ui("fan", { n: cards.length, top: cardName(cards.at(-1)) }) : ui("empty"));
  return box;
}

function payoffPile(view, seat, opts = {}) {
  const count = view.payoff_counts[seat];
  const top = view.payoff_tops[seat];
  const box = el("div", "sm-payoff");
  box.dataset.payoffSeat = String(seat);
  const stack = el("div", "sm-stack");
  if (count > 1) stack.classList.add("deep");
  if (top) {
    const card = cardEl(top, opts.topOpts || {});
    if (opts.mini) card.classList.add("mini");
    stack.appendChild(card);
  } else {
    stack.appendChild(el("div", "sm-slot", esc(ui("empty"))));
  }
  box.appendChild(stack);
  // the one place a player's pay-off count is shown (not in the score bar, not in a chip)
  const left = el("div", "sm-count", `<b class="sm-payoff-count" data-payoff-count="${seat}">${count}</b><span class="sm-left">${esc(ui("left"))}</span>`);
  left.title = ui("left_title", { count });
  box.appendChild(left);
  return box;
}

/** An opponent's hand size; an empty hand that its next turn fills (at the deal's start, before the
 * first draw, or after the last card went) says so rather than "Hand 0". */
function handChip(view, seat) {
  const hand = view.hand_counts[seat];
  if (!hand && view.stock_count + view.completed_count > 0) {
    return `<span class="sm-chip sm-to-draw" data-hand-count="0" title="${esc(ui("hand_title"))}">${esc(ui("hand_to_draw"))}</span>`;
  }
  return `<span class="sm-chip" data-hand-count="${hand}" title="${esc(ui("hand_title"))}">${esc(ui("hand"))} <b class="sm-opp-hand">${hand}</b></span>`;
}

function opponentPanel(view, seat, ctx, mark) {
  const me = ctx.seat;
  const panel = el("section", "sm-opp");
  panel.dataset.seat = String(seat);
  if (acting(ctx) === seat) panel.classList.add("to-act");
  panel.appendChild(el("div", "sm-opp-head",
    `<span class="sm-name">${esc(name(seat, me))}${view.dealer === seat ? dealerMark(t("page.dealer")) : ""}</span>` +
    handChip(view, seat)));
  const pay = payoffPile(view, seat, { mini: true });
  pay.classList.add("sm-opp-pay");
  panel.appendChild(pay);
  const piles = el("div", "sm-discards sm-opp-discards");
  for (let d = 0; d < view.discard_piles; d++) {
    const cards = view.zones[`discard${seat}_${d}`];
    const f = fan(cards, { mini: true, cls: "sm-opp-fan", glow: mark?.seat === seat && mark.pile === d });
    f.dataset.discard = `${seat}:${d}`;
    piles.appendChild(f);
  }
  panel.appendChild(piles);
  return panel;
}

function middle(view, ctx, mark) {
  const row = el("section", "sm-middle");
  const stock = el("div", "sm-stock");
  stock.appendChild(el("div", "sm-stack deep", ""));
  stock.firstChild.appendChild(view.stock_count ? cardEl("??") : el("div", "sm-slot", ""));
  stock.firstChild.appendChild(el("div", "sm-stock-chip", `${esc(ui("stock"))}<br><b class="sm-stock-count">${view.stock_count}</b>`));
  stock.appendChild(el("div", "sm-count sm-completed", `${esc(ui("completed"))} <b class="sm-completed-count">${view.completed_count}</b>`));
  stock.title = ui("stock_title");
  if (!view.stock_count && !view.completed_count && !view.is_over) {
    // the exhausted stock: play goes on without drawing until a whole round passes with no build
    // the template is the project's own text; its numbers are marked up here
    const dry = el("div", "sm-count sm-dry", ui("dry", { quiet: `<b class="sm-quiet">${view.quiet_turns}</b>`, players: view.players }));
    dry.title = ui("dry_title");
    stock.appendChild(dry);
  }
  row.appendChild(stock);

  const piles = el("div", "sm-centre");
  const slots = view.centre.map((p, i) => ({ pile: p, i }));
  let newShown = false;
  const cells = [];
  for (const { pile, i } of slots) {
    const cell = el("div", "sm-cpile");
    if (pile.cards.length) {
      const top = pile.cards.at(-1);
      const key = `centre:${i}`;
      cell.dataset.target = key;
      const badge = top[0] === view.wild
        ? `<span class="sm-badge king" title="${esc(ui("king_title", { rank: rankLabel(pile.rank) }))}">K = ${rankLabel(pile.rank)}</span>`
        : "";
      cell.innerHTML = badge;
      const card = cardEl(top);
      if (mark?.centre === i) card.classList.add("sm-last");
      cell.appendChild(card);
      cell.appendChild(el("div", "sm-needs", ui("needs", { rank: `<b>${rankLabel(pile.needs)}</b>` })));
      cell.setAttribute("aria-label", ui("centre_label", { n: i + 1, count: pile.cards.length, rank: rankLabel(pile.needs) }));
      if (ctx.targets.has(key)) { cell.classList.add("target-on"); keyTarget(cell); }
    } else {
      cell.classList.add("empty");
      const slot = el("div", "sm-slot", rankLabel(view.starts[0]));
      slot.title = ui("ace_starts");
      cell.appendChild(slot);
      cell.appendChild(el("div", "sm-needs", "&nbsp;"));
      if (!newShown) {
        newShown = true;
        cell.dataset.target = "centre:new";
        if (ctx.targets.has("centre:new")) { cell.classList.add("target-on"); keyTarget(cell); }
      }
    }
    cells.push(cell);
  }
  if (!newShown && view.centre_limit === "unlimited") {
    const cell = el("div", "sm-cpile empty extra");
    cell.appendChild(el("div", "sm-slot", esc(ui("new_ace"))));
    cell.appendChild(el("div", "sm-needs", "&nbsp;"));
    cell.dataset.target = "centre:new";
    if (ctx.targets.has("centre:new")) { cell.classList.add("target-on"); keyTarget(cell); }
    cells.push(cell);
  }
  for (const c of cells) piles.appendChild(c);
  if (cells.length > view.centre_piles) row.classList.add("many");      // no pile limit: narrower piles, one row
  row.appendChild(piles);
  return row;
}

function myArea(view, ctx, mark) {
  const me = ctx.seat;
  const area = el("section", "sm-me");
  if (acting(ctx) === me) area.classList.add("to-act");
  const sel = ctx.selected;

  // pay-off pile
  const payGroup = el("div", "sm-group sm-pay-group", `<div class="sm-label">${esc(ui("payoff"))}</div>`);
  const payLegal = ctx.sources.has("payoff");
  const pay = payoffPile(view, me, { topOpts: { source: "payoff", legal: payLegal, selected: sel === "payoff" } });
  payGroup.appendChild(pay);
  area.appendChild(payGroup);

  // discard piles: sources (their tops) and targets (for a hand card)
  const discGroup = el("div", "sm-group sm-disc-group", `<div class="sm-label">${esc(ui("discards"))}</div>`);
  const piles = el("div", "sm-discards sm-my-discards");
  let newShown = false;
  for (let d = 0; d < view.discard_piles; d++) {
    const cards = view.zones[`discard${me}_${d}`];
    const source = `discard:${d}`;
    let target = null;
    if (cards.length) target = `discard:${d}`;
    else if (!newShown) { newShown = true; target = "discard:new"; }
    const f = fan(cards, {
      cls: "sm-my-fan",
      empty: target === "discard:new" ? ui("new") : "",
      glow: mark?.seat === me && mark.pile === d,
      topOpts: { source, legal: ctx.sources.has(source), selected: sel === source },
    });
    if (target) {
      f.dataset.target = target;
      if (ctx.targets.has(target)) { f.classList.add("target-on"); keyTarget(f); }
    }
    piles.appendChild(f);
  }
  discGroup.appendChild(piles);
  area.appendChild(discGroup);

  // hand
  const dealer = view.dealer === me ? dealerMark(t("page.dealer_you")) : "";
  const handGroup = el("div", "sm-group sm-hand-group", `<div class="sm-label">${esc(ui("your_hand"))}${dealer}</div>`);
  const hand = el("div", "sm-hand");
  const cards = view.zones[`hand${me}`];
  let selectedShown = false;
  for (const code of cards) {
    const source = `hand:${code}`;
    const legal = ctx.sources.has(source);
    const selected = sel === source && !selectedShown;
    if (selected) selectedShown = true;
    hand.appendChild(cardEl(code, { source, legal, selected, dim: ctx.myTurn && !ctx.busy && !legal }));
  }
  if (!cards.length) hand.appendChild(el("div", "sm-slot wide", view.current_player === me ? "" : "—"));
  handGroup.appendChild(hand);
  const end = ctx.legal.find((m) => m.type === "end_turn");
  if (end) handGroup.insertAdjacentHTML("beforeend", moveButton(ui("end_turn"), end, { cls: "sm-end primary" }));
  area.appendChild(handGroup);
  return area;
}

function scorePanel(view, ctx) {
  const me = ctx.seat;
  const n = view.players;
  const aside = el("aside", "scores sm-scores");
  const order = [...Array(n).keys()].map((k) => (me + k) % n);
  const rows = order.map((s) => `<div class="team${s === me ? " ours" : ""}${acting(ctx) === s ? " sm-acting" : ""}">` +
    `<span class="team-name"><span class="sm-long">${esc(name(s, me))}</span><span class="sm-short">${esc(shortName(s, me))}</span></span><span class="team-total" data-score-seat="${s}">${view.match_scores[s]}</span></div>`).join("");
  const goal = view.target ? ui("goal", { target: view.target }) : ui("goal_one");
  aside.innerHTML = `<div class="team-scores sm-team-scores n${n}">${rows}</div>` +
    `<p class="target">${esc(ui("game_line", { deal: view.deal, goal }))}</p>`;
  const sheet = scoreSheet(ctx, {
    columns: [ui("sheet.game"), ...order.map((s) => shortName(s, me))],
    rows: view.results.map((r) => [String(r.deal), ...order.map((s) => (r.points[s] ? `+${r.points[s]}` : "·"))]),
    foot: view.results.length ? [ui("total"), ...order.map((s) => String(view.match_scores[s]))] : null,
  });
  sheet.classList.add("sheet");
  if (!view.results.length) {
    sheet.querySelector("table").remove();
    sheet.appendChild(el("p", "sm-none", esc(ui("sheet.none"))));
  }
  aside.appendChild(sheet);
  return aside;
}

/** Another player's move in words, past tense ("played 7♣ from the pay-off pile"). */
function describe(move, view) {
  if (move.type === "end_turn") return ui("did.no_discard");
  if (move.type === "discard") return ui("did.discard", { card: cardText(move.card) });
  const from = ui(move.from === "hand" ? "from.hand" : move.from === "payoff" ? "from.payoff" : "from.discard");
  if (move.pile === "new") return ui("did.start", { card: cardText(move.card), from });
  const pile = view.centre[move.pile];
  if (!pile || pile.cards.at(-1) !== move.card) return ui("did.complete", { card: cardText(move.card), from });
  if (move.card[0] === view.wild) return ui("did.play_king", { card: cardText(move.card), rank: rankLabel(pile.rank), from });
  return ui("did.play", { card: cardText(move.card), from });
}

/** Who scored in a game, for the status line once it is over ("You score 17"). */
function scorersText(result, me) {
  return result.winners.map((s) => about("scores", s, { points: result.points[s] })).join(ui("list_sep"));
}

/** A game's lines, as the engine says them (who went out, what each pile left, the points): each
 *  said once - the dialog's title names the winner, so no head line repeats the points. */
function explainResult(result, heading = "") {
  const lines = result.lines.map((l) => `<li>${esc(t(l))}</li>`).join("");
  return `${heading ? `<p class="result">${esc(heading)}</p>` : ""}<ul class="sm-lines">${lines}</ul>`;
}

function totals(view, me) {
  const n = view.players;
  const order = [...Array(n).keys()].map((k) => (me + k) % n);
  return `<table class="sm-totals"><thead><tr><th></th>${order.map((s) => `<th>${esc(name(s, me))}</th>`).join("")}</tr></thead>` +
    `<tbody>${view.results.map((r) => `<tr><td>${esc(ui("game", { deal: r.deal }))}</td>${order.map((s) => `<td>${r.points[s]}</td>`).join("")}</tr>`).join("")}</tbody>` +
    `<tfoot><tr><th>${esc(ui("total"))}</th>${order.map((s) => `<th>${view.match_scores[s]}</th>`).join("")}</tr></tfoot></table>` +
    (view.target ? `<p class="sm-goal">${esc(ui("playing_to", { target: view.target }))}</p>` : "");
}

/** The game's title for a person: who won it, or that it was shared or scoreless. */
function gameTitle(result, me) {
  const w = result.winners;
  if (!w.length) return ui("title.draw", { deal: result.deal });        // the engine's line says nobody scores
  if (w.length > 1) return ui("title.shared", { deal: result.deal });
  return about("title.game", w[0], { deal: result.deal });
}

/** A move in words, naming who made it, for the recent-moves line and screen readers. Only the
 *  move itself: it may be read long after, when the centre piles have changed. */
function describeMove(move, seat, view) {
  const who = name(seat, view.seat ?? 0);
  if (move.type === "end_turn") return ui("log.no_discard", { who });
  if (move.type === "discard") {
    return typeof move.pile === "number" ? ui("log.discard", { who, card: move.card, n: move.pile + 1 })
      : ui("log.discard_new", { who, card: move.card });
  }
  const from = ui(move.from === "hand" ? "from.hand" : move.from === "payoff" ? "from.payoff" : "from.discard");
  if (move.pile === "new") return ui("log.start", { who, card: move.card, from });
  return ui("log.build", { who, card: move.card, from, n: move.pile + 1 });
}

/** A move as the person is asked to make it (a lesson's step): "play A♣ from the hand on centre pile 1". */
function instruct(move) {
  if (move.type === "end_turn") return ui("do.end_turn");
  if (move.type === "discard") {
    return typeof move.pile === "number" ? ui("do.discard", { card: move.card, n: move.pile + 1 })
      : ui("do.discard_new", { card: move.card });
  }
  const from = ui(move.from === "hand" ? "from.hand" : move.from === "payoff" ? "from.payoff" : "from.discard");
  if (move.pile === "new") return ui("do.start", { card: move.card, from });
  return ui("do.build", { card: move.card, from, n: move.pile + 1 });
}

export default {
  id: "spite_malice",
  title: "Spite and Malice",
  // the home screen's tile: a few cards on the felt, as this table looks (SVG, 120 x 72 units)
  picture() {
    return cardPicture(8, 10, "QH") + cardPicture(8, 13, "7S") +                                     // the pay-off pile
      [0, 1, 2, 3].map((i) => cardPicture(36 + i * 20, 10, ["3C", "9D", "KS", "AH"][i])).join("") +   // centre piles
      [0, 1, 2].map((i) => cardPicture(40 + i * 24, 44, ["5D", "JC", "8H"][i])).join("");
  },
  // how engine lines ({seat:seat}) name a seat at this table: "You" for the person
  seatName: (seat, me) => name(seat, me),
  describe: describeMove,
  instruct,
  get optionLabels() {    // read when the Settings dialog opens, in the language shown then
    return {
      payoff: { label: ui("option.payoff"), values: { 26: ui("option.payoff.26"), 13: ui("option.payoff.13") } },
      kings_start_piles: { label: ui("option.kings"), values: { true: ui("option.kings.yes"), false: ui("option.kings.no") } },
      centre_limit: { label: ui("option.centre"), values: { 4: ui("option.centre.4"), '"unlimited"': ui("option.centre.none") } },
      target: { label: ui("option.target"), values: {
        50: ui("option.target.n", { n: 50 }), 25: ui("option.target.n", { n: 25 }), 100: ui("option.target.n", { n: 100 }),
        0: ui("option.target.one") } },
    };
  },

  sourceOf(move) {
    if (move.type !== "build" && move.type !== "discard") return null;
    if (move.type === "discard" || move.from === "hand") return `hand:${move.card}`;
    return move.from === "payoff" ? "payoff" : `discard:${move.discard}`;
  },
  targetOf(move) {
    if (move.type === "build") return `centre:${move.pile}`;
    if (move.type === "discard") return `discard:${move.pile}`;
    return null;
  },
  // a single click never ends your turn: a discard always waits for you to choose the pile
  playOnPick(move) {
    return move.type !== "discard";
  },

  render(root, ctx) {
    const view = ctx.view;
    const me = ctx.seat;
    const n = view.players;
    tablePlayers = n;
    root.className = `table sm p${n}`;
    root.innerHTML = "";
    const mark = lastMark(view, ctx);
    const felt = el("div", "sm-felt");
    const opps = el("div", `sm-opps n${n - 1}`);
    for (let k = 1; k < n; k++) opps.appendChild(opponentPanel(view, (me + k) % n, ctx, mark));
    felt.appendChild(opps);
    felt.appendChild(middle(view, ctx, mark));
    felt.appendChild(myArea(view, ctx, mark));
    root.appendChild(felt);
    root.appendChild(scorePanel(view, ctx));
  },

  status(ctx) {
    const view = ctx.view;
    const me = ctx.seat;
    if (view.is_over) {
      const w = view.winner;
      const r = view.results.at(-1);
      if (w == null) {
        const shared = r.winners.length ? ui("status.shared", { scorers: scorersText(r, me) }) : ui("status.nobody");
        return shared;
      }
      if (!view.target) {
        return about("status.game_won", w, { points: r.points[w] });
      }
      return about("status.match_won", w, { points: view.match_scores[w] });
    }
    const held = ctx.hold?.turnEnd;
    if (held) {
      return held.card ? about("status.turn_ends_discard", held.seat, { card: cardText(held.card) })
        : about("status.turn_ends", held.seat);
    }
    const turn = view.current_player;
    const last = ctx.lastBotMove;
    const lastIsBot = last && JSON.stringify(lastEntry(view)?.move) === JSON.stringify(last.move) && last.seat === turn;
    if (!ctx.myTurn) {
      const playing = ui("status.playing", { who: turn });
      return lastIsBot ? ui("status.playing_did", { playing, did: describe(last.move, view) }) : playing;
    }
    if (ctx.busy) return ui("status.your_turn");      // a moment while the engine answers
    const legal = ctx.legal;
    if (ctx.selected) {
      const moves = ctx.sources.get(ctx.selected) || [];
      const builds = moves.some((m) => m.type === "build");
      const discards = moves.some((m) => m.type === "discard");
      const card = cardText(moves[0]?.card || "");
      if (builds && discards) return ui("status.picked_both", { card });
      if (builds) return ui("status.picked_build", { card });
      return ui("status.picked_discard", { card });
    }
    const canBuild = legal.some((m) => m.type === "build");
    const canDiscard = legal.some((m) => m.type === "discard");
    const payoff = legal.some((m) => m.type === "build" && m.from === "payoff");
    if (payoff) return ui("status.payoff");
    if (canBuild && canDiscard) return ui("status.build_or_discard");
    if (canDiscard) return ui("status.discard");
    const why = ui(view.zones[`hand${me}`].length ? "status.why_aces" : "status.why_empty");
    if (canBuild) return ui("status.no_discard_build", { why });
    return ui("status.no_discard", { why });
  },

  holdAfter(prev, view) {
    if (view.results.length > prev.results.length) return null;
    const entry = lastEntry(view);
    const last = entry?.move;
    if (!last || (last.type !== "discard" && last.type !== "end_turn")) return null;
    const seat = entry.seat;
    let pile = null;
    if (last.type === "discard") {
      for (let d = 0; d < view.discard_piles; d++) {
        if (view.zones[`discard${seat}_${d}`].length > prev.zones[`discard${seat}_${d}`].length) pile = d;
      }
    }
    return { ms: 900, turnEnd: { seat, card: last.card || null, pile } };
  },

  summary(prev, view, ctx) {
    if (view.results.length <= prev.results.length) return null;
    const me = ctx.seat;
    const result = view.results.at(-1);
    const table = view.target ? totals(view, me) : "";
    if (view.is_over && view.target) {
      // the match: its winner in the title (the totals below give the points), the last game's lines
      const w = view.winner;
      const title = w == null ? ui("title.match_over") : about("title.match", w);
      const match = w == null ? `<p class="result sm-match">${esc(t(view.result))}</p>` : "";
      return { title, html: match + explainResult(result, ui("game", { deal: result.deal })) + table, button: ui("close") };
    }
    const html = explainResult(result) + table;
    if (view.is_over) {
      const w = view.winner;
      const title = w == null ? gameTitle(result, me) : about("title.won", w);
      return { title, html, button: ui("close") };
    }
    return { title: gameTitle(result, me), html, button: ui("next_game") };
  },

};
