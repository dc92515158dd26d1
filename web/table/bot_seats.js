// The bots at the table as the person sees them: which level each bot seat plays (a partner - a seat
// on the person's side, from the engine's sides(players) - has its own level in Settings, apart from
// the opponents'), and "North is thinking…" while a bot chooses (after a short delay, so a quick bot
// does not flicker), with the seat's panel marked where the layout has one (data-seat).
import { t } from "../shell/i18n.js";

const THINKING_DELAY_MS = 250;
let thinking = null;     // {seat, gen, shown}

/** The seats on ``seat``'s side in a game of ``players`` (info.sides from the engine), or [seat]. */
export function sideOf(info, players, seat) {
  const sides = info?.sides?.[String(players)] || [];
  return sides.find((side) => side.includes(seat)) || [seat];
}

/** Whether the person at ``seat`` has a partner in a game of ``players``. */
export function hasPartner(info, players, seat) {
  return sideOf(info, players, seat).length > 1;
}

/** The level the bot at ``botSeat`` plays: the partner level for the person's partner, else the bots'. */
export function levelFor(settings, info, players, mySeat, botSeat) {
  const level = settings.level || "normal";
  if (botSeat !== mySeat && sideOf(info, players, mySeat).includes(botSeat)) return settings.partner_level || level;
  return level;
}

/** A bot at ``seat`` starts choosing (in the page's generation ``gen``); ``render`` redraws.
 *  Returns the mark for ``stop``. */
export function start(seat, gen, render) {
  const mark = { seat, gen, shown: false };
  thinking = mark;
  setTimeout(() => {
    if (thinking !== mark) return;
    mark.shown = true;
    render();
  }, THINKING_DELAY_MS);
  return mark;
}

/** The bot of ``mark`` has answered (a later bot's mark stays). */
export function stop(mark) {
  if (thinking === mark) thinking = null;
}

/** After each redraw: the status line and the seat's panel say who is thinking (only while the page's
 *  generation is the one the bot was asked in: after an undo or a new game nobody is). */
export function decorate(table, statusEl, generation) {
  for (const el of table.querySelectorAll(".bot-thinking")) el.classList.remove("bot-thinking");
  delete statusEl.dataset.thinking;
  if (!thinking || !thinking.shown || thinking.gen !== generation) return;
  statusEl.textContent = t("hint.thinking", { seat: thinking.seat });
  statusEl.dataset.thinking = String(thinking.seat);
  for (const el of table.querySelectorAll(`[data-seat="${thinking.seat}"]`)) el.classList.add("bot-thinking");
}
