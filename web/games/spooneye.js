// The Spooneye table: every player's row of up to four masts (fanned so each card stays readable, the
// crow's nest on top), free end slots, captured piles, the stock and your hand. Every legal move comes
// from the engine; this file only draws, names things and says what to do.
import { cardEl, cardText } from "../cards.js";
import { el, esc, moveAttr, moveButton, scoreSheet, seatName, t } from "./common.js";

const name = seatName;
const RANKS = "A23456789TJQK";
const SUITS = "SHDC";
const SLOT_WORD = { "new-left": "left", "new-right": "right" };
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

function keyTarget(e) {
  e.tabIndex = 0;
  e.dataset.legal = "true";
  e.setAttribute("role", "button");
  e.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); e.click(); }
  });
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
  const gap = 21 - info.total;
  box.appendChild(el("div", `se-total${gap <= 10 ? " close" : ""}`,
    `<b>${info.total}</b>${gap > 0 && gap <= 10 ? `<span class="se-need">needs ${gap}</span>` : ""}`));
  const fan = el("div", "se-fan");
  fan.style.setProperty("--n", String(cards.length));
  cards.forEach((code, k) => {
    const top = k === cards.length - 1;
    const source = `nest:${player}:${i}`;
    const opts = top ? { source, legal: ctx.sources.has(source), selected: ctx.selected === source } : {};
    const card = cardEl(code, opts);
    if (code[0] === "J") card.appendChild(el("span", "se-jack", `=${info.values[k]}`));
    if (top) card.classList.add("se-nest");
    if (top && glow === code) card.classList.add("se-last");
    fan.appendChild(card);
  });
  box.appendChild(fan);
  box.setAttribute("aria-label", `Mast of ${cards.length} cards, total ${info.total}, crow's nest ${cards.at(-1)}`);
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
  const slot = el("div", `se-slot ${side}`, `<span>new mast</span>`);
  slot.dataset.target = key;
  slot.title = `A free slot at the ${SLOT_WORD[side]} end of the row`;
  if (ctx.targets.has(key)) { slot.classList.add("target-on"); keyTarget(slot); }
  return slot;
}

function capturedChip(view, seat) {
  const c = view.captured[seat];
  return `<span class="se-chip se-captured" data-captured-seat="${seat}" title="Captured cards: face down count 1, face up (double) count 2">` +
    `Captured <b class="se-down">${c.down}</b>▼ <b class="se-up">${c.up}</b>▲ = <b class="se-points">${c.points}</b></span>`;
}

function rowEl(view, ctx, seat, glow) {
  const me = ctx.seat;
  const panel = el("section", `se-row${seat === me ? " mine" : ""}`);
  panel.dataset.seat = String(seat);
  if (view.current_player === seat && !view.is_over) panel.classList.add("to-act");
  const swap = ctx.legal.find((m) => m.type === "swap_with" && m.player === seat);
  const head = el("div", "se-head",
    `<span class="se-name">${esc(name(seat, me))}${view.dealer === seat ? ' <span class="dealer" title="Dealer">D</span>' : ""}</span>` +
    (seat !== me ? `<span class="se-chip" title="Cards in hand">Hand <b class="se-hand-count">${view.hand_counts[seat]}</b></span>` : "") +
    capturedChip(view, seat) +
    (swap ? moveButton("Swap hands", swap, { cls: "se-swap primary" }) : ""));
  panel.appendChild(head);
  const row = el("div", "se-masts");
  const masts = view.masts[seat];
  const free = masts.length < 4;
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
  box.appendChild(el("div", "se-label", "Stock"));
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
  if (phase === "start") {
    text = "Draw a card, or move the crow's nest of one of your masts onto another of yours.";
    buttons.push(moveButton("Draw", draw, { cls: "primary se-draw" }));
  } else if (phase === "capture") {
    text = "Mast raised! Click the opponent mast you capture.";
  } else if (phase === "steal") {
    text = "Spooneye! Pick an opponent's crow's nest, then the mast or free slot of yours it goes to.";
  } else if (phase === "swap") {
    text = "Three sevens! Choose the opponent you swap hands with.";
    for (const m of ctx.legal) buttons.push(moveButton(`Swap with ${name(m.player, ctx.seat)}`, m, { cls: "se-swap" }));
  } else if (pass) {
    text = "No card fits anywhere.";
    buttons.push(moveButton("Pass", pass, { cls: "primary se-pass" }));
  } else if (view.extra_play) {
    text = "Your 4: play one more card.";
  }
  if (!text) return box;
  box.classList.add("on");
  box.innerHTML = `<span>${esc(text)}</span>${buttons.join("")}`;
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
      dim: ctx.myTurn && !ctx.busy && view.phase === "play" && !legal }));
  }
  if (!cards.length) hand.appendChild(el("div", "se-slot empty", "<span>no cards</span>"));
  box.appendChild(hand);
  return box;
}

function raiseText(r) {
  if (!r) return "";
  const parts = [t({ key: "spooneye.raise", owner: r.owner, count: r.cards.length })];
  if (r.victim != null) parts.push(t({ key: "spooneye.capture", owner: r.owner, victim: r.victim, count: r.captured.length }));
  const doubled = r.doubled.length + (r.captured_doubled ? r.captured.length : 0);
  if (doubled) parts.push(t({ key: "spooneye.double", count: doubled }));
  if (r.swapped_with != null) parts.push(t({ key: "spooneye.three_sevens", owner: r.owner, other: r.swapped_with }));
  return parts.join(" · ");
}

function scorePanel(view, ctx) {
  const me = ctx.seat;
  const seats = [me, ...order(view, me).slice(0, -1)];
  const aside = el("aside", "scores se-scores");
  const standard = view.rules === "standard";
  const rows = seats.map((s) => `<div class="team${s === me ? " ours" : ""}">` +
    `<span class="team-name">${esc(name(s, me))}</span><span class="team-total" data-score-seat="${s}">${view.scores[s]}</span>` +
    `<span class="bags">${standard ? `base ${view.base_totals[s]} · bonus ${view.bonus_totals[s] >= 0 ? "+" : "−"}${Math.abs(view.bonus_totals[s])}` : `${view.captured[s].points} this deal`}</span></div>`).join("");
  const goal = standard ? `Deal ${view.deal} · to ${view.target} base points; the bonus counts only at ${view.target}+`
    : "Basic rules: one deal, a point a card";
  const ext = view.players > 2 ? `<p class="se-ext">${view.players} players: this site's extension of the published 2-player rules.</p>` : "";
  aside.innerHTML = `<div class="team-scores">${rows}</div><p class="target">${esc(goal)}</p>${ext}` +
    (view.last_raise ? `<p class="se-raise" title="The latest raise">⚑ ${esc(raiseText(view.last_raise))}</p>` : "");
  if (view.deals.length) {
    const sheet = scoreSheet(ctx, {
      columns: ["Deal", ...seats.map((s) => (s === me ? "You" : `P${s + 1}`))],
      rows: view.deals.map((d) => [String(d.deal), ...seats.map((s) => {
        const p = d.players[s];
        return standard ? `${p.base} (${p.bonus >= 0 ? "+" : "−"}${Math.abs(p.bonus)})` : String(p.base);
      })]),
      foot: ["Total", ...seats.map((s) => (standard
        ? `${view.base_totals[s]} (${view.bonus_totals[s] >= 0 ? "+" : "−"}${Math.abs(view.bonus_totals[s])})`
        : String(view.base_totals[s])))],
    });
    sheet.classList.add("sheet");
    aside.appendChild(sheet);
  }
  return aside;
}

/** Another player's move in words. */
function describe(move, me) {
  const where = (p, m) => (typeof m === "number" ? `${p === me ? "your" : `${name(p, me)}'s`} mast ${m + 1}`
    : `a new mast in ${p === me ? "your" : `${name(p, me)}'s`} row`);
  switch (move.type) {
    case "play": return `played ${cardText(move.card)} onto ${where(move.to.player, move.to.mast)}`;
    case "draw": return "drew a card";
    case "move": return `moved a crow's nest from mast ${move.from + 1} to mast ${move.to + 1}`;
    case "capture": return `captured ${where(move.player, move.mast)}`;
    case "steal": return `stole the crow's nest of ${where(move.player, move.mast)}`;
    case "swap_with": return `swapped hands with ${name(move.player, me)}`;
    case "pass": return "passed";
    default: return "";
  }
}

function dealSummary(view, deal, me) {
  const standard = view.rules === "standard";
  const seats = [me, ...order(view, me).slice(0, -1)];
  const blocks = seats.map((s) => {
    const p = deal.players[s];
    const lines = p.lines.map((l) => `<li>${esc(t(l))}</li>`).join("");
    const head = standard ? `base ${p.base}, bonus ${p.bonus >= 0 ? "+" : "−"}${Math.abs(p.bonus)}` : `${p.base} points`;
    const total = standard ? `Totals: base <b>${p.base_total}</b>, bonus <b>${p.bonus_total}</b>` : "";
    return `<section class="team-lines se-deal-player" data-seat="${s}"><h3>${esc(name(s, me))}: ${esc(head)}</h3>` +
      `<ul>${lines}</ul>${total ? `<p>${total}</p>` : ""}</section>`;
  }).join("");
  const note = standard ? `<p class="se-note">${esc(t({ key: "spooneye.bonus_counts" }))} (${view.target}).</p>` : "";
  return `<p class="bids-line">${esc(t(deal.reason))}</p><div class="deal-teams se-deal">${blocks}</div>${note}`;
}

export default {
  id: "spooneye",
  title: "Spooneye",
  seatName: (seat, me) => seatName(seat, me),
  optionLabels: {
    rules: { label: "Rules", values: { '"standard"': "Standard (move, doubles, suit bonus, match to 100)", '"basic"': "Basic (one deal, a point a card)" } },
  },
  playerLabels: { 2: "2 (the published game)", 3: "3 (this site's extension)", 4: "4 (this site's extension)" },

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
      return `${last?.result ? t(last.result) : "The match is over"}. Press New game to play again.`;
    }
    if (ctx.hold?.raise) return raiseText(ctx.hold.raise);
    const turn = view.current_player;
    if (!ctx.myTurn) {
      const entry = view.log.at(-1);
      const who = turn === me ? "Your bot" : name(turn, me);
      const did = entry && entry.seat !== me ? ` (${name(entry.seat, me)} ${describe(entry.move, me)})` : "";
      if (view.phase === "capture") return `${who} raised a mast and is choosing a mast to capture…${did}`;
      return `${who} is playing…${did}`;
    }
    if (ctx.busy) return "Your turn.";
    if (ctx.selected) {
      const moves = ctx.sources.get(ctx.selected) || [];
      const m = moves[0];
      if (m?.type === "play") return `${cardText(m.card)}: click a highlighted mast or free slot.`;
      if (m?.type === "steal") return "Now click the highlighted mast or free slot of yours where the stolen card goes.";
      if (m?.type === "move") return "Click the highlighted mast of yours it moves onto.";
    }
    if (view.phase === "start") return "Your turn: click the stock to draw, or move one of your crow's nests onto another of your masts.";
    if (view.phase === "capture") {
      const r = view.raised;
      const by = view.actor !== me ? ` ${name(view.actor, me)} completed your mast at 21: it is yours.` : "";
      return `You raise a mast of ${r ? r.values.length : ""} cards!${by} Click the opponent mast you capture.`;
    }
    if (view.phase === "steal") return "Spooneye! Click an opponent's crow's nest to steal it.";
    if (view.phase === "swap") return "Three sevens! Choose the opponent to swap hands with.";
    if (ctx.legal.some((m) => m.type === "pass")) return "No card of yours fits: press Pass.";
    if (view.extra_play) return "Your 4: play one more card.";
    return "Your turn: pick a card, then a highlighted mast (at most 21) or a free slot.";
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
        html += `<p>Final: ${order(view, me).reverse().map((s) => `${esc(name(s, me))} ${deal.final[s]}`).join(" · ")}</p>`;
      }
      const won = view.winners?.length === 1 && view.winners[0] === me;
      return { title: won ? "You win!" : "The game is over", html, button: "Close" };
    }
    return { title: `Deal ${deal.deal} scored`, html, button: "Next deal" };
  },

  rules: `
<h2>Spooneye</h2>
<p>The pirate card game. Two players (three or four are <b>this site's extension</b> of the published
rules), one 52-card deck. You build <b>masts</b> of face-up cards worth exactly 21 and take them.</p>
<h3>The deal</h3>
<p>Everyone cuts; the lowest card deals (Ace lowest), and the deal then passes on. Each player gets a row
of 4 face-up cards — each starts a mast — and 4 hand cards; the rest is the stock. The player left of the
dealer starts. The top card of a mast is its <b>crow's nest</b>.</p>
<h3>Card values on a mast</h3>
<p>A = 1, 2–10 as marked, Q and K = 10. A <b>J</b> is worth 10 at the bottom of a mast, otherwise what the
card directly beneath it is worth (J on J on 5: each J is 5). The badge on a J shows its value. A mast may
never pass 21.</p>
<h3>Your turn</h3>
<ol>
<li>Draw the top stock card (nothing once the stock is empty).</li>
<li>Play one hand card onto any mast — yours or an opponent's — that stays at 21 or under, or start a new
mast in a free slot at either end of any row with fewer than 4 masts. With nothing to play, you pass.</li>
</ol>
<p>Click a card: the masts it fits and the free slots light up; click one (or drag the card there).</p>
<h3>Raising the mast</h3>
<p>A mast that reaches exactly 21 is raised: its <b>owner</b> (whose row it stands in, whoever played the
card) takes its cards, then picks one mast of an opponent and takes that too. So completing an opponent's
mast hands them the mast and one of yours. Rows close up.</p>
<h3>Special cards</h3>
<ul>
<li><b>3</b>: draw one more card.</li>
<li><b>4</b>: play one more card (its own effect counts too).</li>
<li><b>9</b> — the Spooneye: take the crow's nest of an opponent's mast and put it on one of your masts
(21 at most; 21 raises) or start a new mast with it. A stolen card has no effect.</li>
</ul>
<p>If a special card raises a mast, the raise and its capture come first, then the effect.</p>
<h3>End of the deal</h3>
<p>With the stock empty, play goes on without drawing; a player with no cards is skipped. The deal ends
when the stock and all hands are empty, or (the stock empty) when nobody can play. <b>Basic rules</b>: a
point per captured card, one deal.</p>
<h3>Standard rules (the default)</h3>
<ul>
<li><b>Move</b>: instead of drawing and playing, put the crow's nest of one of your masts on another of
yours (not on a new mast, not once the stock is empty, not two turns running). A moved 3, 4 or 9 has no
effect, except on the very first play of the deal.</li>
<li><b>Double cards</b> (2 points, kept face up ▲): a raised mast's cards beyond the third; all its cards when
they are one suit; and both masts when, after a raise and its capture, nobody has a mast left. The
captured mast is never doubled by the first two.</li>
<li><b>Three sevens</b>: raising a mast of exactly three cards worth 7 (7s, or Js worth 7) swaps the
raiser's hand with the opponent's (with 3–4 players, an opponent of the raiser's choice).</li>
<li>Score: captured cards face down ▼ 1, face up ▲ 2 — the <b>base</b>; and apart, the <b>bonus</b>: ♦ +2,
♠ +1, ♥ 0, ♣ −1 per captured card. Deals go on until someone's base total reaches 100; then each player at
100 or more adds their bonus (others get none). Highest score wins.</li>
</ul>
<h3>Three or four players (this site's extension)</h3>
<p>Play goes clockwise from the dealer's left; any opponent's masts may be captured or robbed by a 9.</p>
`,
};

