// The home screen: every game as a tile (name, one line, players, a small picture of its table),
// with "Continue" where a game is unfinished. A plain visit (index.html, no #game in the address)
// shows it at once, while the engine loads; a link to a game (index.html#spades...) skips it.
// The page (app.js) owns the games; this module only draws the tiles and says which was picked.

import { hasText, t } from "./i18n.js";

const root = document.documentElement;
const KEY = "pygames:";

// What a tile says about each game (the layout gives the name). A game without an entry still gets
// a tile, with a plain picture.
const ABOUT = {
  spades: {
    blurb: "Bid your tricks with a partner; spades are always trumps; nil if you dare.",
    players: "4 players, partners",
  },
  spite_malice: {
    blurb: "Race to empty your pay-off pile onto shared centre piles; kings are wild.",
    players: "2–4 players",
  },
  skarney_gin: {
    blurb: "Rummy without a discard pile: meld, lay off, offer cards, go Skarney.",
    players: "2 players",
  },
  leopard: {
    blurb: "Fill your 3×3 square of positions before your rival fills theirs.",
    players: "2 or 4 players",
  },
  spooneye: {
    blurb: "Build pirate masts up to 21, raise them, capture the crow's nests.",
    players: "2–4 players",
  },
};

// ---- the pictures: a few cards on the felt, as each game's table looks ------------------------
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

function card(x, y, label = "", { rot = 0, back = false } = {}) {
  const suit = label.slice(-1);
  const red = suit === "H" || suit === "D";
  const face = back
    ? `<rect x="2" y="2" width="14" height="20" rx="1.5" class="hp-back"/>`
    : `<text x="3" y="9" class="hp-rank${red ? " red" : ""}">${label.slice(0, -1)}</text>` +
      `<text x="9" y="19" class="hp-suit${red ? " red" : ""}">${SUITS[suit] || ""}</text>`;
  return `<g transform="translate(${x} ${y}) rotate(${rot} 9 12)"><rect width="18" height="24" rx="2.5" class="hp-card"/>${face}</g>`;
}

const PICTURES = {
  spades: () =>   // a trick of four in the middle, the opponents' hands face down at the sides
    [0, 1, 2].map((i) => card(4, 14 + i * 9, "", { back: true, rot: 90 })).join("") +
    [0, 1, 2].map((i) => card(98, 14 + i * 9, "", { back: true, rot: 90 })).join("") +
    card(51, 4, "KS") + card(32, 22, "QH", { rot: -10 }) + card(70, 22, "9S", { rot: 10 }) + card(51, 42, "AS"),
  spite_malice: () =>   // pay-off pile, four centre piles, discard piles
    card(8, 10, "QH") + card(8, 13, "7S") +
    [0, 1, 2, 3].map((i) => card(36 + i * 20, 10, ["3C", "9D", "KS", "AH"][i])).join("") +
    [0, 1, 2].map((i) => card(40 + i * 24, 44, ["5D", "JC", "8H"][i])).join(""),
  skarney_gin: () =>   // two melds on the table, the stock face down
    [0, 1, 2].map((i) => card(8 + i * 10, 8, ["7H", "8H", "9H"][i])).join("") +
    [0, 1, 2].map((i) => card(8 + i * 10, 42, ["KS", "KD", "KC"][i])).join("") +
    card(80, 22, "", { back: true }) + card(83, 25, "", { back: true }),
  leopard: () =>   // a 3x3 square of positions
    [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => card(30 + (i % 3) * 21, 3 + Math.floor(i / 3) * 22,
      ["7C", "", "9H", "4D", "5S", "", "AS", "2H", ""][i], { back: i === 1 || i === 5 || i === 8 })).join(""),
  spooneye: () =>   // masts: short stacks in two rows
    [0, 1, 2, 3].map((i) => card(14 + i * 24, 4, ["5C", "JH", "3S", "9D"][i]) + card(14 + i * 24, 10, ["8S", "2D", "10C", "4H"][i])).join("") +
    [0, 1, 2].map((i) => card(26 + i * 24, 42, ["6H", "QS", "7D"][i])).join(""),
};

function picture(gameId) {
  const draw = PICTURES[gameId] || (() => [0, 1, 2].map((i) => card(38 + i * 14, 20, "", { back: true, rot: (i - 1) * 10 })).join(""));
  return `<svg class="home-pic" viewBox="0 0 120 72" aria-hidden="true"><rect width="120" height="72" rx="6" class="hp-felt"/>${draw()}</svg>`;
}

// ---- saves: what "Continue" needs ----------------------------------------------------------------
function read(name) {
  try { return JSON.parse(localStorage.getItem(KEY + name)); } catch { return null; }
}

/** The page calls this on every state it adopts: how far the game is, for the tile's "Continue". */
export function noteProgress(gameId, view) {
  try {
    localStorage.setItem(`${KEY}progress:${gameId}`, JSON.stringify({
      moves: view.move_count, deal: view.deal ?? null, over: Boolean(view.is_over),
    }));
  } catch { /* storage full or disabled */ }
}

/** An unfinished save of the game: {deal, moves} or null. */
export function unfinishedSave(gameId) {
  if (typeof read(`save:${gameId}`) !== "string") return null;
  const progress = read(`progress:${gameId}`);
  if (!progress || progress.over || !(progress.moves > 0)) return null;
  return progress;
}

// ---- the screen --------------------------------------------------------------------------------
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A tile's line about a game in the current language ("page.home.<game>.blurb"), else ABOUT's. */
function about(gameId, what) {
  const key = `page.home.${gameId}.${what}`;
  return hasText(key) ? t(key) : ABOUT[gameId]?.[what] || "";
}

/** Draw the tiles into #home and show it. games: [{id, title}] in the picker's order;
 *  onOpen(gameId, {fresh}) opens a game (fresh: a new one even if one is unfinished). */
export function showHome(games, onOpen) {
  const home = document.getElementById("home");
  home.innerHTML = `<h2 class="home-title">${esc(t("page.home.title"))}</h2><ul class="home-tiles">${games.map((g) => {
    const save = unfinishedSave(g.id);
    const where = !save ? "" : save.deal ? t("page.home.where_deal", { deal: save.deal, moves: save.moves })
      : t("page.home.where", { moves: save.moves });
    return `<li class="home-tile" data-game="${esc(g.id)}">
      <button type="button" class="home-open" data-open="${esc(g.id)}" title="${esc(t(save ? "page.home.continue_game" : "page.home.play_game", { game: g.title }))}">
        ${picture(g.id)}
        <span class="home-name">${esc(g.title)}</span>
        <span class="home-blurb">${esc(about(g.id, "blurb"))}</span>
        <span class="home-players">${esc(about(g.id, "players"))}</span>
      </button>
      <div class="home-buttons">${save
        ? `<button type="button" class="home-continue" data-open="${esc(g.id)}">${esc(t("page.home.continue"))}</button>
           <span class="home-where">${esc(where)}</span>
           <button type="button" class="home-new secondary" data-open="${esc(g.id)}" data-fresh="1">${esc(t("page.new_game"))}</button>`
        : `<button type="button" class="home-play" data-open="${esc(g.id)}">${esc(t("page.home.play"))}</button>`}</div>
      <div class="home-extra">
        <button type="button" class="home-daily secondary" data-open="${esc(g.id)}" data-daily="1"
          aria-label="${esc(t("daily.home_button_label", { game: g.title }))}">${esc(t("daily.home_button"))}</button>
        <button type="button" class="home-stats link" data-stats="${esc(g.id)}"
          aria-label="${esc(t("stats.home_link_label", { game: g.title }))}">${esc(t("stats.home_link"))}</button>
      </div>
    </li>`;
  }).join("")}</ul>`;
  home.onclick = (event) => {
    const stats = event.target.closest("[data-stats]");     // the statistics dialog (stats.js)
    if (stats) return document.dispatchEvent(new CustomEvent("pygames:stats", { detail: stats.dataset.stats }));
    const button = event.target.closest("[data-open]");
    if (button && !button.disabled) {
      onOpen(button.dataset.open, { fresh: Boolean(button.dataset.fresh), daily: Boolean(button.dataset.daily) });
    }
  };
  setWaiting(root.dataset.state !== "ready");
  home.hidden = false;
  root.dataset.view = "home";
}

/** Before the engine is ready the tiles show but wait. */
export function setWaiting(waiting) {
  for (const b of document.querySelectorAll("#home [data-open]")) b.disabled = waiting;
}

export function hideHome() {
  document.getElementById("home").hidden = true;
  root.dataset.view = "table";
}

export const atHome = () => root.dataset.view === "home";

/** A fragment that only names a game ("spades"): open that game (its save, or a new one). */
export function gameOfFragment(fragment, ids) {
  return ids.includes(fragment) ? fragment : null;
}
