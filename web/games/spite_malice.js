// The Spite and Malice table: opponents across the top (pay-off pile, hand count, four discard piles),
// the stock and the shared centre piles in the middle, and your own pay-off pile, discard piles and
// hand at the bottom. Every legal move comes from the engine; this file only draws and names things.
import { cardEl, cardText } from "../cards.js";
import { el, esc, moveButton, scoreSheet, seatName, t } from "./common.js";

const RANK_SHOWN = { T: "10" };
const rankText = (r) => RANK_SHOWN[r] || r;
const name = seatName;

/** The current deal's latest move ({seat, move}), or null. */
function lastEntry(view) {
  return view.log.length ? view.log[view.log.length - 1] : null;
}

/** Whose turn the table shows: while a finished turn is held on show, still the player who just discarded. */
function acting(ctx) {
  return ctx.hold?.turnEnd ? ctx.hold.turnEnd.seat : ctx.view.current_player;
}

/** Make a highlighted target reachable from the keyboard (arrows focus it, Enter or Space drops). */
function keyTarget(e) {
  e.tabIndex = 0;
  e.dataset.legal = "true";
  e.setAttribute("role", "button");
  e.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); e.click(); }
  });
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
    for (let d = 0; d < 4; d++) {
      if (view.zones[`discard${seat}_${d}`].at(-1) === last.card) return { seat, pile: d, card: last.card };
    }
  }
  return null;
}

/** A face-up pile fanned downwards so every rank can be read. */
function fan(cards, opts) {
  const box = el("div", `sm-fan ${opts.cls || ""}`);
  box.style.setProperty("--n", String(Math.max(1, cards.length)));
  if (!cards.length) box.appendChild(el("div", "sm-slot", opts.empty || ""));
  cards.forEach((code, i) => {
    const top = i === cards.length - 1;
    const card = cardEl(code, top ? opts.topOpts || {} : {});
    if (opts.mini) card.classList.add("mini");
    if (top && opts.glow) card.classList.add("sm-last");
    box.appendChild(card);
  });
  box.setAttribute("aria-label", cards.length ? `${cards.length} cards, top ${cards.at(-1)}` : "empty");
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
    stack.appendChild(el("div", "sm-slot", "empty"));
  }
  box.appendChild(stack);
  // the one place a player's pay-off count is shown (not in the score bar, not in a chip)
  const left = el("div", "sm-count", `<b class="sm-payoff-count" data-payoff-count="${seat}">${count}</b><span class="sm-left"> left</span>`);
  left.title = `${count} pay-off ${count === 1 ? "card" : "cards"} left`;
  box.appendChild(left);
  return box;
}

function opponentPanel(view, seat, ctx, mark) {
  const me = ctx.seat;
  const panel = el("section", "sm-opp");
  panel.dataset.seat = String(seat);
  if (acting(ctx) === seat) panel.classList.add("to-act");
  const hand = view.hand_counts[seat];
  panel.appendChild(el("div", "sm-opp-head",
    `<span class="sm-name">${name(seat, me)}${view.dealer === seat ? ' <span class="dealer" title="Dealer">D</span>' : ""}</span>` +
    `<span class="sm-chip" title="Cards in hand">Hand <b class="sm-opp-hand">${hand}</b></span>`));
  const pay = payoffPile(view, seat, { mini: true });
  pay.classList.add("sm-opp-pay");
  panel.appendChild(pay);
  const piles = el("div", "sm-discards sm-opp-discards");
  for (let d = 0; d < 4; d++) {
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
  stock.firstChild.appendChild(el("div", "sm-stock-chip", `Stock<br><b class="sm-stock-count">${view.stock_count}</b>`));
  stock.appendChild(el("div", "sm-count sm-completed", `Completed <b class="sm-completed-count">${view.completed_count}</b>`));
  stock.title = "The stock; completed piles wait aside and are shuffled into a new stock when it runs out.";
  if (!view.stock_count && !view.completed_count && !view.is_over) {
    // the exhausted stock: play goes on without drawing until a whole round passes with no build
    const dry = el("div", "sm-count sm-dry", `Nothing to draw · <b class="sm-quiet">${view.quiet_turns}</b>/${view.players} turns without a build`);
    dry.title = "When a whole round passes with no build on a centre pile, the game ends: fewest pay-off cards left scores.";
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
      const badge = top[0] === "K"
        ? `<span class="sm-badge king" title="The King counts as ${rankText(pile.rank)}">K = ${rankText(pile.rank)}</span>`
        : "";
      cell.innerHTML = badge;
      const card = cardEl(top);
      if (mark?.centre === i) card.classList.add("sm-last");
      cell.appendChild(card);
      cell.appendChild(el("div", "sm-needs", `needs <b>${rankText(pile.needs)}</b>`));
      cell.setAttribute("aria-label", `Centre pile ${i + 1}: ${pile.cards.length} cards, needs ${rankText(pile.needs)}`);
      if (ctx.targets.has(key)) { cell.classList.add("target-on"); keyTarget(cell); }
    } else {
      cell.classList.add("empty");
      const slot = el("div", "sm-slot", "A");
      slot.title = "An Ace starts a centre pile";
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
    cell.appendChild(el("div", "sm-slot", "new A"));
    cell.appendChild(el("div", "sm-needs", "&nbsp;"));
    cell.dataset.target = "centre:new";
    if (ctx.targets.has("centre:new")) { cell.classList.add("target-on"); keyTarget(cell); }
    cells.push(cell);
  }
  for (const c of cells) piles.appendChild(c);
  if (cells.length > 4) row.classList.add("many");      // no pile limit: narrower piles, one row
  row.appendChild(piles);
  return row;
}

function myArea(view, ctx, mark) {
  const me = ctx.seat;
  const area = el("section", "sm-me");
  if (acting(ctx) === me) area.classList.add("to-act");
  const sel = ctx.selected;

  // pay-off pile
  const payGroup = el("div", "sm-group sm-pay-group", `<div class="sm-label">Pay-off</div>`);
  const payLegal = ctx.sources.has("payoff");
  const pay = payoffPile(view, me, { topOpts: { source: "payoff", legal: payLegal, selected: sel === "payoff" } });
  payGroup.appendChild(pay);
  area.appendChild(payGroup);

  // discard piles: sources (their tops) and targets (for a hand card)
  const discGroup = el("div", "sm-group sm-disc-group", `<div class="sm-label">Discard piles</div>`);
  const piles = el("div", "sm-discards sm-my-discards");
  let newShown = false;
  for (let d = 0; d < 4; d++) {
    const cards = view.zones[`discard${me}_${d}`];
    const source = `discard:${d}`;
    let target = null;
    if (cards.length) target = `discard:${d}`;
    else if (!newShown) { newShown = true; target = "discard:new"; }
    const f = fan(cards, {
      cls: "sm-my-fan",
      empty: target === "discard:new" ? "new" : "",
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
  const dealer = view.dealer === me ? ' <span class="dealer" title="You dealt">D</span>' : "";
  const handGroup = el("div", "sm-group sm-hand-group", `<div class="sm-label">Your hand${dealer}</div>`);
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
  if (end) handGroup.insertAdjacentHTML("beforeend", moveButton("End turn", end, { cls: "sm-end primary" }));
  area.appendChild(handGroup);
  return area;
}

function scorePanel(view, ctx) {
  const me = ctx.seat;
  const n = view.players;
  const aside = el("aside", "scores sm-scores");
  const order = [...Array(n).keys()].map((k) => (me + k) % n);
  const rows = order.map((s) => `<div class="team${s === me ? " ours" : ""}${acting(ctx) === s ? " sm-acting" : ""}">` +
    `<span class="team-name"><span class="sm-long">${esc(name(s, me))}</span><span class="sm-short">${s === me ? "You" : `P${s + 1}`}</span></span><span class="team-total" data-score-seat="${s}">${view.match_scores[s]}</span></div>`).join("");
  const goal = view.target ? `playing to ${view.target}` : "one game";
  aside.innerHTML = `<div class="team-scores sm-team-scores n${n}">${rows}</div>` +
    `<p class="target">Game ${view.deal} · ${goal}</p>`;
  const sheet = scoreSheet(ctx, {
    columns: ["Game", ...order.map((s) => (s === me ? "You" : `P${s + 1}`))],
    rows: view.results.map((r) => [String(r.deal), ...order.map((s) => (r.points[s] ? `+${r.points[s]}` : "·"))]),
    foot: view.results.length ? ["Total", ...order.map((s) => String(view.match_scores[s]))] : null,
  });
  sheet.classList.add("sheet");
  if (!view.results.length) {
    sheet.querySelector("table").remove();
    sheet.appendChild(el("p", "sm-none", "No game finished yet. The winner of a game scores 5, plus 1 for every card left in the other pay-off piles."));
  }
  aside.appendChild(sheet);
  return aside;
}

/** Another player's move in words, past tense ("played 7♣ from the pay-off pile"). */
function describe(move, view) {
  if (move.type === "end_turn") return "could not discard";
  if (move.type === "discard") return `discarded ${cardText(move.card)}`;
  const from = move.from === "hand" ? "from the hand" : move.from === "payoff" ? "from the pay-off pile" : "from a discard pile";
  if (move.pile === "new") return `started a centre pile with ${cardText(move.card)} ${from}`;
  const pile = view.centre[move.pile];
  if (!pile || pile.cards.at(-1) !== move.card) return `completed a centre pile with ${cardText(move.card)} ${from}`;
  const asKing = move.card[0] === "K" ? ` as ${rankText(pile.rank)}` : "";
  return `played ${cardText(move.card)}${asKing} ${from}`;
}

/** Who scored in a game, for the status line once it is over ("You score 17"). */
function scorersText(result, me) {
  return result.winners.map((s) => `${name(s, me)} ${s === me ? "score" : "scores"} ${result.points[s]}`).join(", ");
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
    `<tbody>${view.results.map((r) => `<tr><td>Game ${r.deal}</td>${order.map((s) => `<td>${r.points[s]}</td>`).join("")}</tr>`).join("")}</tbody>` +
    `<tfoot><tr><th>Total</th>${order.map((s) => `<th>${view.match_scores[s]}</th>`).join("")}</tr></tfoot></table>` +
    (view.target ? `<p class="sm-goal">Playing to ${view.target}.</p>` : "");
}

/** The game's title for a person: who won it, or that it was shared or scoreless. */
function gameTitle(result, me) {
  const w = result.winners;
  if (!w.length) return `Game ${result.deal} is a draw`;        // the engine's line says nobody scores
  if (w.length > 1) return `Game ${result.deal} is shared`;
  return w[0] === me ? `You win game ${result.deal}!` : `${name(w[0], me)} wins game ${result.deal}`;
}

export default {
  id: "spite_malice",
  title: "Spite and Malice",
  // how engine lines ({seat:seat}) name a seat at this table: "You" for the person
  seatName: (seat, me) => seatName(seat, me),
  optionLabels: {
    payoff: { label: "Pay-off pile", values: { 26: "26 cards", 13: "13 cards (short game)" } },
    kings_start_piles: { label: "A King may start a centre pile", values: { true: "Yes (as an Ace)", false: "No, only an Ace" } },
    centre_limit: { label: "Centre piles", values: { 4: "At most 4", '"unlimited"': "No limit" } },
    target: { label: "Match", values: { 50: "First to 50 points", 25: "First to 25 points", 100: "First to 100 points", 0: "One game" } },
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
        const shared = r.winners.length ? `The game is shared: ${scorersText(r, me)}.` : "Nobody scores in this game.";
        return `${shared} Press New game to play again.`;
      }
      if (!view.target) {
        return `${name(w, me)} ${w === me ? "win" : "wins"} the game (${r.points[w]} points). Press New game to play again.`;
      }
      return `Match over: ${name(w, me)} ${w === me ? "win" : "wins"} with ${view.match_scores[w]} points. Press New game to play again.`;
    }
    const held = ctx.hold?.turnEnd;
    if (held) {
      const who = name(held.seat, me);
      const did = held.card ? `${held.seat === me ? "discarded" : "discards"} ${cardText(held.card)}` : "cannot discard";
      return `${who} ${did}: ${held.seat === me ? "your" : "their"} turn ends.`;
    }
    const turn = view.current_player;
    const last = ctx.lastBotMove;
    const lastIsBot = last && JSON.stringify(lastEntry(view)?.move) === JSON.stringify(last.move) && last.seat === turn;
    if (!ctx.myTurn) {
      const who = turn === me ? "Your bot" : name(turn, me);
      const did = lastIsBot ? ` (${describe(last.move, view)})` : "";
      return `${who} is playing…${did}`;
    }
    if (ctx.busy) return "Your turn.";      // a moment while the engine answers
    const legal = ctx.legal;
    if (ctx.selected) {
      const moves = ctx.sources.get(ctx.selected) || [];
      const builds = moves.some((m) => m.type === "build");
      const discards = moves.some((m) => m.type === "discard");
      const card = cardText(moves[0]?.card || "");
      if (builds && discards) return `${card}: choose a highlighted centre pile, or one of your discard piles to end your turn.`;
      if (builds) return `${card}: choose a highlighted centre pile.`;
      return `${card} cannot be built now: choose a discard pile to end your turn.`;
    }
    const canBuild = legal.some((m) => m.type === "build");
    const canDiscard = legal.some((m) => m.type === "discard");
    const payoff = legal.some((m) => m.type === "build" && m.from === "payoff");
    if (payoff) return "Your pay-off card can be played! Play onto a centre pile, or discard to end your turn.";
    if (canBuild && canDiscard) return "Your turn: play onto a centre pile, or discard to end your turn.";
    if (canDiscard) return "Nothing fits a centre pile: discard a hand card to end your turn.";
    const why = view.zones[`hand${me}`].length ? "Aces cannot be discarded" : "your hand is empty and nothing is left to draw";
    if (canBuild) return `You cannot discard (${why}): build, or press End turn.`;
    return `You cannot discard (${why}): press End turn.`;
  },

  holdAfter(prev, view) {
    if (view.results.length > prev.results.length) return null;
    const entry = lastEntry(view);
    const last = entry?.move;
    if (!last || (last.type !== "discard" && last.type !== "end_turn")) return null;
    const seat = entry.seat;
    let pile = null;
    if (last.type === "discard") {
      for (let d = 0; d < 4; d++) {
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
      const title = w === me ? "You win the match!" : w == null ? "The match is over" : `${name(w, me)} wins the match`;
      const match = w == null ? `<p class="result sm-match">${esc(t(view.result))}</p>` : "";
      return { title, html: match + explainResult(result, `Game ${result.deal}`) + table, button: "Close" };
    }
    const html = explainResult(result) + table;
    if (view.is_over) {
      const w = view.winner;
      const title = w === me ? "You win!" : w == null ? gameTitle(result, me) : `${name(w, me)} wins`;
      return { title, html, button: "Close" };
    }
    return { title: gameTitle(result, me), html, button: "Next game" };
  },

  rules: `
<h2>Spite and Malice</h2>
<p>A race to get rid of your <b>pay-off pile</b>. Two to four players, with one 52-card deck per
player (two decks for two players, three for three, four for four). Suits play no part: only ranks
matter, from Ace up to Queen, and <b>Kings are wild</b>.</p>
<h3>The table</h3>
<ul>
<li><b>Pay-off pile</b>: 26 cards each (13 in a short game), face down with the top card turned up.
Only that top card can be played, and only to a centre pile; the next one is then turned up.</li>
<li><b>Centre piles</b>: shared by everyone, at most four at a time (an option lifts the limit). Each starts with an Ace and goes
up one rank at a time to the Queen. A King may be played as whatever rank a pile needs (and, unless
the option is off, may start a pile as its Ace) — the badge on the pile shows what a King stands for.
A pile that reaches a Queen is complete: it is set aside, and the set-aside cards are shuffled into a
new stock when the stock runs out.</li>
<li><b>Discard piles</b>: each player has up to four, face up and fanned so you can read them. Any
card except an Ace may go on any of them, but only the top card may be played from them, to a centre
pile.</li>
<li><b>Stock</b>: the face-down draw pile.</li>
</ul>
<h3>Your turn</h3>
<ol>
<li>You draw from the stock until you hold five cards.</li>
<li>Play as many cards as you like onto the centre piles: from your hand, the top of your pay-off pile
or the top of one of your discard piles. If you play all five hand cards, you draw five more and go
on.</li>
<li>Your turn ends when you put one hand card on one of your discard piles (or start a new one while
you have fewer than four). If you cannot discard — your hand holds only
Aces, or is empty because nothing was left to draw — press <b>End turn</b>.</li>
</ol>
<p>To play, click a card (its possible piles light up), then click the pile — or drag the card there.
A card with only one possible pile goes there at once; a discard always waits for you to choose
the pile, so one click never ends your turn by accident.</p>
<h3>Scoring</h3>
<ul>
<li>Whoever plays the last card of their pay-off pile wins the game and scores <b>5</b>, plus
<b>1</b> for every card left in each other player's pay-off pile.</li>
<li>If the stock runs out and there are no set-aside cards to reshuffle, play goes on without
drawing: you play what you can and end your turn with a discard, or with <b>End turn</b> when you
cannot discard. Once a whole round passes in which nobody builds on a centre pile, the game ends: the
player with the fewest pay-off cards left scores, against each player with more, the difference in
pay-off cards. Players tied for the fewest each score so; if every pile holds as many, nobody
scores.</li>
<li>Games are played until someone reaches the match target (50 by default; 25, 100, or a single
game in the settings); when the leaders are level past the target, another game is played. The
dealer moves one seat on each game, and the dealer plays first.</li>
</ul>
`,
};
