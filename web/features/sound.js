// Short table sounds, made in the page with Web Audio (nothing is fetched): a card played, a trick
// taken, a shuffle for a new deal, and a chime when the turn comes to the person. Off until the person
// turns it on in Settings; the choice is kept in localStorage. With sound off no AudioContext is ever
// made. The page calls afterMove() after every move and dealt() for a new game: every game signals
// those already (a move's card, the layout's holdAfter for a finished trick, the view's deal number).

const KEY = "pygames:sound";
let audio = null;

export function enabled() {
  try { return localStorage.getItem(KEY) === "on"; } catch { return false; }
}

export function setEnabled(on) {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* storage may be off: this visit only */ }
  if (on) play("turn");          // the person hears what they turned on (and the click lets audio start)
}

/** Settings' field: a checkbox outside the form's settings (it has no name: FormData leaves it out). */
export function field(label) {
  return `<label>${label}<input type="checkbox" id="settings-sound" ${enabled() ? "checked" : ""}></label>`;
}

/** After a move: a new deal shuffles; a finished trick on show (``hold.trick``) is taken; a move of a
 * card is heard as one; then, if the turn came to ``me`` from another seat, the chime. */
export function afterMove(prev, view, { hold = null, move = null, me = null } = {}) {
  if (!enabled()) return;
  let at = 0;
  if (view.deal !== prev.deal) { play("shuffle"); at = 0.45; }
  else if (hold?.trick) { play("trick"); at = 0.3; }
  else if (move && (move.card || move.cards?.length)) { play("card"); at = 0.15; }
  if (me != null && !view.is_over && view.current_player === me && prev.current_player !== me) play("turn", at);
}

/** A new game on the table. */
export function dealt() {
  if (enabled()) play("shuffle");
}

function context() {
  if (!audio) {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return null;
    audio = new Audio();
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

/** A burst of noise through a band-pass filter: the snap of a card, the brush of a shuffle. */
function noise(ctx, start, { length = 0.06, freq = 2200, q = 1.2, gain = 0.35 } = {}) {
  const frames = Math.ceil(ctx.sampleRate * length);
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 2;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  filter.Q.value = q;
  const level = ctx.createGain();
  level.gain.value = gain;
  source.connect(filter).connect(level).connect(ctx.destination);
  source.start(start);
}

/** A soft sine note that fades out. */
function tone(ctx, start, freq, length = 0.25, gain = 0.12) {
  const osc = ctx.createOscillator();
  osc.type = "sine";
  osc.frequency.value = freq;
  const level = ctx.createGain();
  level.gain.setValueAtTime(0.0001, start);
  level.gain.exponentialRampToValueAtTime(gain, start + 0.015);
  level.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(level).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

const SOUNDS = {
  card: (ctx, t0) => noise(ctx, t0, { length: 0.05, freq: 2600 }),
  trick: (ctx, t0) => { noise(ctx, t0, { length: 0.12, freq: 900, q: 0.7, gain: 0.4 }); noise(ctx, t0 + 0.08, { length: 0.1, freq: 1400, q: 0.8, gain: 0.3 }); },
  shuffle: (ctx, t0) => { for (let i = 0; i < 9; i++) noise(ctx, t0 + i * 0.045, { length: 0.04, freq: 1800 + (i % 3) * 500, gain: 0.22 }); },
  turn: (ctx, t0) => { tone(ctx, t0, 660, 0.22); tone(ctx, t0 + 0.1, 990, 0.3); },
};

/** Play ``name`` ``delay`` seconds from now (only ever called with sound on). */
function play(name, delay = 0) {
  const ctx = context();
  if (!ctx) return;
  try { SOUNDS[name](ctx, ctx.currentTime + delay); } catch { /* a browser without some node: silence */ }
}
