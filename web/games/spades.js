// The Spades table: you sit South with your partner North; bidding panel, the trick, scores.
import { cardEl, cardText } from "../cards.js";
import { esc, moveButton, num, scoreSheet, t } from "./common.js";

const SEATS = ["South", "West", "North", "East"];
const SUIT_WORD = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const POS = ["bottom", "left", "top", "right"];       // where each seat sits relative to you (seat 0)

function seatName(seat, me) {
  return seat === me ? "You" : SEATS[seat];
}

function teamName(team, me) {
  return team === me % 2 ? "You & North" : "West & East";
}

function bidLabel(bid) {
  if (bid === null || bid === undefined) return "–";
  return bid === "nil" ? "Nil" : bid === "double_nil" ? "Double Nil" : String(bid);
}


function seatPanel(view, seat, me) {
  const el = document.createElement("div");
  el.className = `seat seat-${POS[(seat - me + 4) % 4]}`;
  if (view.current_player === seat) el.classList.add("to-act");
  const bid = view.bids[seat];
  const count = view.zones[`hand${seat}`].length;
  el.innerHTML =
    `<div class="seat-name">${seatName(seat, me)}${view.dealer === seat ? ' <span class="dealer" title="Dealer">D</span>' : ""}</div>` +
    `<div class="seat-info"><span class="bid" data-bid-seat="${seat}">Bid ${esc(bidLabel(bid))}</span>` +
    `<span class="won">Won ${view.tricks[seat]}</span></div>`;
  if (seat !== me) {
    const fan = document.createElement("div");
    fan.className = "fan";
    fan.setAttribute("aria-label", `${count} cards`);
    for (let i = 0; i < count; i++) fan.appendChild(cardEl("??", { small: true }));
    el.appendChild(fan);
  }
  return el;
}

function trickArea(view, ctx) {
  const me = ctx.seat;
  const area = document.createElement("div");
  area.className = "trick";
  area.dataset.target = "trick";
  let plays = view.trick;
  let winner = null;
  if (ctx.hold?.trick) {
    plays = ctx.hold.trick.cards.map((card, i) => ({ seat: (ctx.hold.trick.leader + i) % 4, card }));
    winner = ctx.hold.trick.winner;
  }
  const key = plays.map((p) => p.card).join(",");
  const lastTrickKey = ctx.local.lastTrickKey || "";   // the trick as last drawn: new cards animate
  const before = new Set(lastTrickKey.split(","));
  for (const p of plays) {
    const pos = POS[(p.seat - me + 4) % 4];
    const c = cardEl(p.card, { extraClass: `in-trick at-${pos}` });
    if (!before.has(p.card) && !ctx.hold) c.classList.add("arrive", `from-${pos}`);
    if (winner === p.seat) c.classList.add("winner");
    area.appendChild(c);
  }
  ctx.local.lastTrickKey = ctx.hold ? lastTrickKey : key;
  if (winner !== null) {
    const label = document.createElement("div");
    label.className = "trick-label";
    label.textContent = `${seatName(winner, me)} ${winner === me ? "win" : "wins"} the trick`;
    area.appendChild(label);
  }
  return area;
}

function biddingPanel(view, ctx) {
  const panel = document.createElement("div");
  panel.className = "panel bidding";
  const moves = ctx.legal;
  const button = (move, text, cls = "") => moveButton(text, move, { cls });
  if (moves.some((m) => m.type === "look")) {
    const dn = moves.find((m) => m.bid === "double_nil");
    panel.innerHTML = `<h3>Before you look at your cards</h3>` +
      `<p>Your team trails by 100 or more, so you may bid <b>Double Nil</b> blind: take no tricks for ±200. ` +
      `You and your partner then swap two cards.</p><div class="bid-row">` +
      (dn ? button(dn, "Bid Double Nil", "warn") : "") + button({ type: "look" }, "Look at my cards", "primary") + "</div>";
    return panel;
  }
  const numbers = moves.filter((m) => typeof m.bid === "number");
  const nil = moves.find((m) => m.bid === "nil");
  const partnerBid = view.bids[(ctx.seat + 2) % 4];
  panel.innerHTML = `<h3>Your bid</h3><p class="hint">How many tricks will you take yourself? Your team's contract is your bid plus your partner's. ` +
    (partnerBid == null ? "Your partner has not bid yet." : `Your partner bid ${esc(bidLabel(partnerBid))}.`) + `</p>` +
    `<div class="bid-grid">${numbers.map((m) => button(m, String(m.bid))).join("")}</div>` +
    `<p class="bids-so-far">Bids so far: ${[1, 2, 3].map((k) => (ctx.seat + k) % 4).map((s) =>
      `${seatName(s, ctx.seat)} ${esc(bidLabel(view.bids[s]))}`).join(" · ")}</p>` +
    `<div class="bid-row">${nil ? button(nil, "Nil — take no tricks", "warn") : ""}</div>`;
  return panel;
}

function passPanel(view, ctx) {
  const panel = document.createElement("div");
  panel.className = "panel passing";
  const chosen = (ctx.local.passSelection || []).filter((c) => view.zones[`hand${ctx.seat}`].includes(c));
  ctx.local.passSelection = chosen;
  const move = { type: "pass_cards", cards: [...chosen].sort() };
  const ok = chosen.length === 2;
  const partnerDn = view.double_nil_seat !== ctx.seat;
  panel.innerHTML = `<h3>Pass two cards to your partner</h3><p class="hint">${partnerDn
    ? "Your partner bid Double Nil and passed you two cards. Pick two to give back — the same two are allowed."
    : "You bid Double Nil: give your partner your two most dangerous cards."}</p>` +
    `<p>Chosen: ${chosen.length ? chosen.map(cardText).join(" ") : "none"}</p>` +
    moveButton(`Pass ${ok ? "these two" : "2 cards"}`, move, { cls: "primary", legal: ok });
  return panel;
}

function handRow(view, ctx) {
  const me = ctx.seat;
  const row = document.createElement("div");
  row.className = "hand spades-hand";
  const cards = view.zones[`hand${me}`];
  row.style.setProperty("--n", String(cards.length));
  const passing = view.phase === "pass" && ctx.myTurn;
  for (const code of cards) {
    if (passing) {
      const picked = ctx.local.passSelection || [];
      const c = cardEl(code, { source: `pass:${code}`, legal: true, selected: picked.includes(code) });
      c.addEventListener("click", () => {
        ctx.local.passSelection = picked.includes(code) ? picked.filter((x) => x !== code)
          : [...picked, code].slice(-2);
        ctx.rerender();
      });
      c.removeAttribute("data-source");
      row.appendChild(c);
      continue;
    }
    const source = `hand:${code}`;
    const legal = ctx.sources.has(source);
    row.appendChild(cardEl(code, { source, legal, dim: ctx.myTurn && !ctx.busy && view.phase === "play" && !legal }));
  }
  return row;
}

function scoreBoard(view, ctx) {
  const me = ctx.seat;
  const us = me % 2;
  const el = document.createElement("aside");
  el.className = "scores";
  el.innerHTML =
    `<div class="team-scores">` +
    [us, 1 - us].map((t) => `<div class="team${t === us ? " ours" : ""}"><span class="team-name">${teamName(t, me)}</span>` +
      `<span class="team-total" data-team="${t}">${num(view.team_scores[t])}</span><span class="bags">${view.team_bags[t]} bag${view.team_bags[t] === 1 ? "" : "s"}</span></div>`).join("") +
    `</div><p class="target">Deal ${view.deal} · playing to ${view.target}${view.spades_broken ? " · ♠ broken" : ""}</p>` +
    (view.last_trick && view.phase === "play" && view.tricks.some((t) => t > 0)
      ? `<p class="last-trick">Last trick: ${view.last_trick.cards.map((c, i) => {
        const who = seatName((view.last_trick.leader + i) % 4, me);
        return `${i === 0 ? `${who} led` : who} <span class="${"HD".includes(c[1]) ? "red" : ""}">${cardText(c)}</span>`;
      }).join(" · ")} — ${seatName(view.last_trick.winner, me)} ${view.last_trick.winner === me ? "take" : "takes"} it</p>` : "");
  if (view.deals.length) {
    el.appendChild(scoreSheet(ctx, {
      columns: ["Deal", "Us", "Them"],
      rows: view.deals.map((d) => [d.deal, num(d.teams[us].points), num(d.teams[1 - us].points)]),
      foot: ["Total", num(view.team_scores[us]), num(view.team_scores[1 - us])],
    }));
  }
  return el;
}

function explainDeal(deal, me) {
  const us = me % 2;
  const bids = [0, 1, 2, 3].map((s) => `${seatName(s, me)} ${bidLabel(deal.bids[s])} (took ${deal.tricks[s]})`).join(" · ");
  const team = (k) => `<section class="team-lines"><h3>${teamName(k, me)}: ${deal.teams[k].points >= 0 ? "+" : ""}${num(deal.teams[k].points)}</h3>` +
    `<ul>${deal.teams[k].lines.map((l) => `<li>${esc(t(l))}</li>`).join("")}</ul>` +
    `<p>Total <b>${num(deal.teams[k].total)}</b> · ${deal.teams[k].bags} ${deal.teams[k].bags === 1 ? "bag" : "bags"}</p></section>`;
  return `<p class="bids-line">${esc(bids)}</p><div class="deal-teams">${team(us)}${team(1 - us)}</div>`;
}

export default {
  id: "spades",
  title: "Spades",
  optionLabels: {
    target: { label: "Play to", values: {} },
    mercy: { label: "Mercy rule (a team at −200 loses)", values: { true: "On", false: "Off" } },
  },

  sourceOf(move) {
    return move.type === "play" ? `hand:${move.card}` : null;
  },
  targetOf(move) {
    return move.type === "play" ? "trick" : null;
  },

  render(root, ctx) {
    const view = ctx.view;
    const me = ctx.seat;
    root.className = "table spades";
    root.innerHTML = "";
    const felt = document.createElement("div");
    felt.className = "felt";
    for (const seat of [2, 1, 3]) felt.appendChild(seatPanel(view, (me + seat) % 4, me));
    const centre = document.createElement("div");
    centre.className = "centre";
    if (ctx.myTurn && !ctx.busy && view.phase === "bid") centre.appendChild(biddingPanel(view, ctx));
    else if (ctx.myTurn && !ctx.busy && view.phase === "pass") centre.appendChild(passPanel(view, ctx));
    else centre.appendChild(trickArea(view, ctx));
    felt.appendChild(centre);
    const mine = seatPanel(view, me, me);
    mine.appendChild(handRow(view, ctx));
    felt.appendChild(mine);
    root.appendChild(felt);
    root.appendChild(scoreBoard(view, ctx));
  },

  status(ctx) {
    const view = ctx.view;
    const me = ctx.seat;
    if (view.is_over) {
      const w = view.winner;
      return `Match over: ${teamName(w, me)} win ${view.team_scores[w]} to ${view.team_scores[1 - w]}. Press New game to play again.`;
    }
    if (ctx.hold?.trick) return `${seatName(ctx.hold.trick.winner, me)} ${ctx.hold.trick.winner === me ? "take" : "takes"} the trick.`;
    const turn = view.current_player;
    if (!ctx.myTurn) {
      const who = SEATS[turn];
      return view.phase === "bid" ? `${who} is bidding…` : view.phase === "pass" ? `${who} is passing cards…` : `${who} is thinking…`;
    }
    if (view.phase === "bid") {
      return ctx.legal.some((m) => m.type === "look")
        ? "Bid Double Nil without looking, or look at your cards."
        : "Your bid: the tricks you expect to take yourself, or Nil.";
    }
    if (view.phase === "pass") return "Choose two cards to pass to your partner, then press Pass.";
    if (!view.trick.length) {
      const onlySpades = ctx.legal.every((m) => m.card[1] === "S");
      return view.spades_broken || onlySpades ? "Your lead: play any card." : "Your lead: spades are not broken yet, so lead another suit.";
    }
    const led = view.trick[0].card[1];
    const follows = ctx.legal.every((m) => m.card[1] === led);
    return follows ? `Your turn: follow ${SUIT_WORD[led]}.` : `You have no ${SUIT_WORD[led]}: play any card (a spade trumps).`;
  },

  holdAfter(prev, view) {
    const done = (v) => v.tricks.reduce((a, b) => a + b, 0) + (v.deals?.length || 0) * 13;
    if (view.last_trick && done(view) > done(prev)) return { ms: 1300, trick: view.last_trick };
    return null;
  },

  summary(prev, view, ctx) {
    if (view.deals.length <= prev.deals.length) return null;
    const deal = view.deals[view.deals.length - 1];
    const me = ctx.seat;
    let html = explainDeal(deal, me);
    if (view.is_over) {
      const w = view.winner;
      html = `<p class="result">${teamName(w, me)} win the match, ${view.team_scores[w]} to ${view.team_scores[1 - w]}.</p>` + html;
      return { title: w === me % 2 ? "You win the match!" : "The match is lost", html, button: "Close" };
    }
    return { title: `Deal ${deal.deal} scored`, html, button: "Next deal" };
  },

  rules: `
<h2>Spades</h2>
<p>Four players in two partnerships: you (South) and North against West and East. One 52-card deck;
Ace is high, and <b>spades are always trumps</b>.</p>
<h3>Bidding</h3>
<p>After the deal (13 cards each), everyone bids once, starting left of the dealer: the number of tricks
they expect to take (1–13), or <b>Nil</b> — a promise to take none. Partners' number bids add up to the
team's contract. A player whose team trails by 100 or more may bid <b>Double Nil</b> before looking at
their cards; the partners then swap two cards face down.</p>
<h3>Play</h3>
<p>Left of the dealer leads. Follow suit if you can; otherwise play anything. The highest spade wins the
trick, or else the highest card of the suit led; the winner leads next. Spades may not be led until a
spade has been played on another suit — unless you hold nothing but spades.</p>
<h3>Scoring</h3>
<ul>
<li>Contract made: 10 per trick bid, plus 1 per extra trick (a <i>bag</i>). Bid 6, took 8 → 62.</li>
<li>Contract failed: minus 10 per trick bid. Bid 7, took 5 → −70.</li>
<li>Nil: +100 if the bidder takes no trick, −100 if they take any (their tricks still count for the partner's bid). Double Nil: ±200.</li>
<li>Every 10 bags a team collects cost it 100 points.</li>
</ul>
<p>The first team to reach 500 after a deal wins; if both are level at or above it, another deal is played.</p>
`,
};
