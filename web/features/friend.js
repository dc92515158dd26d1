// Play with a friend on one device (pass-and-play). Which seats people play is a page setting of each
// game (`people` in its settings: seat 0 is always a person, the others a person or a bot); it is not
// part of the deal, so links and saves stay as they are. The bridge shows one seat's view at a time:
// between two different people's turns the page turns the table to the next person behind a
// hand-over screen that hides every hand until that person taps.
import * as store from "../shell/store.js";
import { t } from "../shell/i18n.js";
import { onceDialog } from "../shell/controls.js";

const $ = (id) => document.getElementById(id);
let covering = null;          // the seat the device is being passed to, while the screen is up

/** The seats people play in ``gameId`` (always seat 0; seats beyond ``players`` left out). */
export function people(gameId, players = Infinity) {
  const saved = store.settings(gameId);
  const chosen = saved.people ?? saved.persons;     // `persons`: the name settings saved before
  const seats = Array.isArray(chosen) ? chosen.filter((s) => Number.isInteger(s) && s > 0 && s < players) : [];
  return [0, ...new Set(seats)].sort((a, b) => a - b);
}

export function isPerson(gameId, seat) {
  return people(gameId).includes(seat);
}

/** More than one person at this table (pass-and-play is on). */
export function several(gameId, players) {
  return people(gameId, players).length > 1;
}

/** How pass-and-play names a seat ("Player 2"): the same in every game. */
export function seatLabel(seat) {
  return t("friend.seat", { n: seat + 1 });
}

/** The status line: while the device is passed, what to do; in pass-and-play, whose turn it is. */
export function status(text, { gameId, view, myTurn }) {
  if (covering != null) return t("friend.pass", { who: seatLabel(covering) });
  if (myTurn && several(gameId, view.players)) return t("friend.turn_of", { who: seatLabel(view.current_player), status: text });
  return text;
}

/** Show the hand-over screen for ``seat`` at once (every hand hidden); resolves when it is tapped. */
export function handOver(seat) {
  const dlg = coverDialog();
  covering = seat;
  $("friend-title").textContent = t("friend.pass", { who: seatLabel(seat) });
  $("friend-text").textContent = t("friend.pass_text", { who: seatLabel(seat) });
  $("friend-ready").textContent = t("friend.ready", { who: seatLabel(seat) });
  document.body.classList.add("handing-over");
  $("status").textContent = t("friend.pass", { who: seatLabel(seat) });
  if (!dlg.open) dlg.showModal();
  $("friend-ready").focus();
  return new Promise((resolve) => {
    dlg.onclose = () => {
      covering = null;
      document.body.classList.remove("handing-over");
      resolve();
    };
  });
}

/** Whether the hand-over screen is up. */
export const handingOver = () => covering != null;

function coverDialog() {
  return onceDialog("dlg-friend", { className: "handover", labelledBy: "friend-title", describedBy: "friend-text", html: `<form method="dialog"><h2 id="friend-title"></h2><p id="friend-text"></p>` +
    `<menu><button id="friend-ready" value="ready" autofocus></button></menu></form>` }, (dlg) => {
    // only the button reveals the cards: Escape must not show one person's hand to another
    dlg.addEventListener("cancel", (event) => event.preventDefault());
  });
}

/** The Settings dialog's seat list ("Player 2: Bot / Person") for a game of up to ``maxPlayers``. */
export function seatFields(gameId, maxPlayers) {
  const chosen = people(gameId);
  const rows = [];
  for (let seat = 1; seat < maxPlayers; seat += 1) {
    const person = chosen.includes(seat);
    rows.push(`<label class="friend-seat" data-seat="${seat}">${seatLabel(seat)}<select name="person:${seat}">` +
      `<option value="false" ${person ? "" : "selected"}>${t("friend.bot")}</option>` +
      `<option value="true" ${person ? "selected" : ""}>${t("friend.person")}</option></select></label>`);
  }
  if (!rows.length) return "";
  return `<fieldset class="friend-seats"><legend>${t("friend.seats")}</legend>` +
    `<p class="hint">${t("friend.seats_hint")}</p>${rows.join("")}</fieldset>`;
}

/** Show only the seats of the player count chosen in the form. */
export function showSeats(form, players) {
  for (const row of form.querySelectorAll(".friend-seat")) row.hidden = Number(row.dataset.seat) >= players;
}

/** Turn the form's ``person:<seat>`` answers (already JSON-parsed) into ``people``, in place. */
export function readSeats(next) {
  const seats = [0];
  for (const key of Object.keys(next)) {
    if (!key.startsWith("person:")) continue;
    if (next[key] === true) seats.push(Number(key.slice(7)));
    delete next[key];
  }
  next.people = seats;
  delete next.persons;
  return next;
}
