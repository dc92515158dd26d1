// The Spades table: you sit South with your partner North; bidding panel, the trick, scores.
import { cardEl, cardPicture, cardText, isRed } from "../table/cards.js";
import { esc, moveButton, num, playerName, scoreSheet, t, trickArea } from "./common.js";

const POS = ["bottom", "left", "top", "right"];       // where each seat sits relative to you (seat 0)
const ui = (key, params) => t(`spades.ui.${key}`, params);
const seatWord = (seat) => ui(`seat.${seat}`);        // South, West, North, East
const suitWord = (suit) => t(`spades.suit.${suit}`);  // the engine's own words for the suits

function seatName(seat, me) {
  return seat === me ? t("page.seat.you") : playerName(seat, me) ?? seatWord(seat);
}

/** A partnership by its two seats' names, seen from ``me``: "You & North", "West & East" - or, at a
 *  remote table, its players' own names ("You & Aki"), wherever the person sits. */
function teamName(team, me) {
  const [a, b] = team === me % 2 ? [me, (me + 2) % 4] : [(me + 1) % 4, (me + 3) % 4];
  return ui("team.pair", { a: seatName(a, me), b: seatName(b, me) });
}

function bidLabel(bid) {
  if (bid === null || bid === undefined) return "–";
  return bid === "nil" ? ui("bid.nil") : bid === "double_nil" ? ui("bid.double_nil") : String(bid);
}

/** A sentence about a seat: i18n.js picks the person's own form ("You win") or the others' ("West wins"). */
const about = (key, seat, params = {}) => ui(key, { who: seat, ...params });


function seatPanel(view, seat, me) {
  const el = document.createElement("div");
  el.className = `seat seat-${POS[(seat - me + 4) % 4]}`;
  if (view.current_player === seat) el.classList.add("to-act");
  const bid = view.bids[seat];
  const count = view.zones[`hand${seat}`].length;
  el.innerHTML =
    `<div class="seat-name">${esc(seatName(seat, me))}${view.dealer === seat ? ` <span class="dealer" title="${esc(t("page.dealer"))}">${esc(t("page.dealer_mark"))}</span>` : ""}</div>` +
    `<div class="seat-info"><span class="bid" data-bid-seat="${seat}">${esc(ui("seat_bid", { bid: bidLabel(bid) }))}</span>` +
    `<span class="won">${esc(ui("seat_won", { n: view.tricks[seat] }))}</span></div>`;
  if (seat !== me) {
    const fan = document.createElement("div");
    fan.className = "fan";
    fan.setAttribute("aria-label", ui("cards", { n: count }));
    for (let i = 0; i < count; i++) fan.appendChild(cardEl("??", { small: true }));
    el.appendChild(fan);
  }
  return el;
}

/** The trick on the table (or the finished one held on show), its new cards sliding in. */
function trick(view, ctx) {
  const me = ctx.seat;
  let plays = view.trick;
  let winner = null;
  if (ctx.hold?.trick) {
    plays = ctx.hold.trick.cards.map((card, i) => ({ seat: (ctx.hold.trick.leader + i) % 4, card }));
    winner = ctx.hold.trick.winner;
  }
  const lastTrickKey = ctx.local.lastTrickKey || "";   // the trick as last drawn: new cards animate
  const before = new Set(lastTrickKey.split(","));
  ctx.local.lastTrickKey = ctx.hold ? lastTrickKey : plays.map((p) => p.card).join(",");
  const positions = [0, 1, 2, 3].map((seat) => POS[(seat - me + 4) % 4]);
  return trickArea(plays, positions, {
    winner,
    fresh: new Set(ctx.hold ? [] : plays.map((p) => p.card).filter((c) => !before.has(c))),
    label: winner !== null ? about("trick_won", winner) : "",
  });
}

function biddingPanel(view, ctx) {
  const panel = document.createElement("div");
  panel.className = "panel bidding";
  const moves = ctx.legal;
  const button = (move, text, cls = "") => moveButton(text, move, { cls });
  if (moves.some((m) => m.type === "look")) {
    const dn = moves.find((m) => m.bid === "double_nil");
    panel.innerHTML = `<h2>${esc(ui("blind.title"))}</h2><p>${esc(ui("blind.text"))}</p><div class="bid-row">` +
      (dn ? button(dn, ui("blind.bid"), "warn") : "") + button({ type: "look" }, ui("blind.look"), "primary") + "</div>";
    return panel;
  }
  const numbers = moves.filter((m) => typeof m.bid === "number");
  const nil = moves.find((m) => m.bid === "nil");
  const partnerBid = view.bids[(ctx.seat + 2) % 4];
  panel.innerHTML = `<h2>${esc(ui("bid.title"))}</h2><p class="hint">${esc(ui("bid.hint"))} ` +
    esc(partnerBid == null ? ui("bid.partner_none") : ui("bid.partner", { bid: bidLabel(partnerBid) })) + `</p>` +
    `<div class="bid-grid">${numbers.map((m) => button(m, String(m.bid))).join("")}</div>` +
    `<p class="bids-so-far">${esc(ui("bid.so_far", { bids: [1, 2, 3].map((k) => (ctx.seat + k) % 4).map((s) =>
      ui("bid.seat", { who: seatName(s, ctx.seat), bid: bidLabel(view.bids[s]) })).join(" · ") }))}</p>` +
    `<div class="bid-row">${nil ? button(nil, ui("bid.nil_button"), "warn") : ""}</div>`;
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
  panel.innerHTML = `<h2>${esc(ui("pass.title"))}</h2><p class="hint">${esc(ui(partnerDn ? "pass.back" : "pass.give"))}</p>` +
    `<p>${esc(chosen.length ? ui("pass.chosen", { cards: chosen.map(cardText).join(" ") }) : ui("pass.chosen_none"))}</p>` +
    moveButton(ui(ok ? "pass.button_ok" : "pass.button"), move, { cls: "primary", legal: ok });
  return panel;
}

/** The most cards a phone's hand shows in one row: each keeps a tap target at least 44 px wide. */
const HAND_ROW_MAX = 7;

function handRow(view, ctx) {
  const me = ctx.seat;
  const row = document.createElement("div");
  row.className = "hand spades-hand";
  const cards = view.zones[`hand${me}`];
  row.style.setProperty("--n", String(cards.length));
  // on a phone the hand takes two rows once one would cover too much of each card (spades.css)
  row.style.setProperty("--cols", String(cards.length <= HAND_ROW_MAX ? cards.length : Math.ceil(cards.length / 2)));
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
    [us, 1 - us].map((k) => `<div class="team${k === us ? " ours" : ""}"><span class="team-name">${esc(teamName(k, me))}</span>` +
      `<span class="team-total" data-team="${k}">${num(view.team_scores[k])}</span><span class="bags">${esc(ui("bags", { n: view.team_bags[k] }))}</span></div>`).join("") +
    `</div><p class="target">${esc(ui("deal_line", { deal: view.deal, target: view.target }))}${view.spades_broken ? esc(ui("broken")) : ""}</p>` +
    (view.last_trick && view.phase === "play" && view.tricks.some((n) => n > 0)
      ? `<p class="last-trick">${esc(ui("last_trick"))} ${view.last_trick.cards.map((c, i) => {
        const who = esc(seatName((view.last_trick.leader + i) % 4, me));
        return `${i === 0 ? esc(ui("led", { who })) : who} <span class="${isRed(c) ? "red" : ""}">${cardText(c)}</span>`;
      }).join(" · ")} — ${esc(about("takes_it", view.last_trick.winner))}</p>` : "");
  if (view.deals.length) {
    el.appendChild(scoreSheet(ctx, {
      columns: [ui("sheet.deal"), teamName(us, me), teamName(1 - us, me)],     // as the score panel names them
      rows: view.deals.map((d) => [d.deal, num(d.teams[us].points), num(d.teams[1 - us].points)]),
      foot: [ui("total"), num(view.team_scores[us]), num(view.team_scores[1 - us])],
    }));
  }
  return el;
}

function explainDeal(deal, me) {
  const us = me % 2;
  const bids = [0, 1, 2, 3].map((s) => ui("deal_bid", { who: seatName(s, me), bid: bidLabel(deal.bids[s]), took: deal.tricks[s] })).join(" · ");
  const team = (k) => `<section class="team-lines"><h3>${esc(teamName(k, me))}: ${deal.teams[k].points >= 0 ? "+" : ""}${num(deal.teams[k].points)}</h3>` +
    `<ul>${deal.teams[k].lines.map((l) => `<li>${esc(t(l))}</li>`).join("")}</ul>` +
    `<p>${esc(ui("total"))} <b>${num(deal.teams[k].total)}</b> · ${esc(ui("bags", { n: deal.teams[k].bags }))}</p></section>`;
  return `<p class="bids-line">${esc(bids)}</p><div class="deal-teams">${team(us)}${team(1 - us)}</div>`;
}

/** A move in words for the recent-moves line and screen readers: "West played 7♥". */
function describe(move, seat, view) {
  const who = seatName(seat, view.seat ?? 0);
  switch (move.type) {
    case "bid": return ui("log.bid", { who, bid: bidLabel(move.bid) });
    case "look": return ui("log.look", { who });
    case "pass_cards": return move.cards.includes("??") ? ui("log.pass_hidden", { who, n: move.cards.length })
      : ui("log.pass", { who, cards: move.cards });
    case "play": return ui("log.play", { who, card: move.card });
    default: return "";
  }
}

/** A move as the person is asked to make it (a lesson's step): "play 7♥". */
function instruct(move) {
  switch (move.type) {
    case "bid": return ui("do.bid", { bid: bidLabel(move.bid) });
    case "look": return ui("do.look");
    case "pass_cards": return ui("do.pass", { cards: move.cards });
    case "play": return ui("do.play", { card: move.card });
    default: return "";
  }
}

export default {
  id: "spades",
  title: "Spades",
  // the home screen's tile: a few cards on the felt, as this table looks (SVG, 120 x 72 units)
  picture() {
    return [0, 1, 2].map((i) => cardPicture(4, 14 + i * 9, "", { back: true, rot: 90 })).join("") +     // West's hand
      [0, 1, 2].map((i) => cardPicture(98, 14 + i * 9, "", { back: true, rot: 90 })).join("") +         // East's
      cardPicture(51, 4, "KS") + cardPicture(32, 22, "QH", { rot: -10 }) + cardPicture(70, 22, "9S", { rot: 10 }) +
      cardPicture(51, 42, "AS");
  },
  seatName,
  describe,
  instruct,
  get optionLabels() {    // read when the Settings dialog opens, in the language shown then
    return {
      target: { label: ui("option.target"), values: {} },
      mercy: { label: ui("option.mercy"), values: { true: ui("option.on"), false: ui("option.off") } },
    };
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
    else centre.appendChild(trick(view, ctx));
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
      return ui("status.match_over", { team: teamName(w, me), high: view.team_scores[w], low: view.team_scores[1 - w] });
    }
    if (ctx.hold?.trick) return about("status.takes_trick", ctx.hold.trick.winner);
    const turn = view.current_player;
    if (!ctx.myTurn) {          // (a replay of the person's own seat: "You are thinking…", as the table names it)
      return about(view.phase === "bid" ? "status.bidding" : view.phase === "pass" ? "status.passing" : "status.thinking", turn);
    }
    if (view.phase === "bid") {
      return ui(ctx.legal.some((m) => m.type === "look") ? "status.blind" : "status.bid");
    }
    if (view.phase === "pass") return ui("status.pass");
    if (!view.trick.length) {
      const onlySpades = ctx.legal.every((m) => m.card[1] === view.trump);
      return ui(view.spades_broken || onlySpades ? "status.lead" : "status.lead_not_broken");
    }
    const led = view.trick[0].card[1];
    const follows = ctx.legal.every((m) => m.card[1] === led);
    return ui(follows ? "status.follow" : "status.void", { suit: suitWord(led) });
  },

  holdAfter(prev, view) {
    const done = (v) => v.tricks.reduce((a, b) => a + b, 0) + (v.deals?.length || 0) * view.tricks_per_deal;
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
      html = `<p class="result">${esc(ui("summary.match", { team: teamName(w, me), high: view.team_scores[w], low: view.team_scores[1 - w] }))}</p>` + html;
      return { title: ui(w === me % 2 ? "summary.won" : "summary.lost"), html, button: ui("close") };
    }
    return { title: ui("summary.deal", { deal: deal.deal }), html, button: ui("next_deal") };
  },

};
