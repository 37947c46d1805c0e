// The table's sounds: short effects made with the Web Audio API (no sound files) for a card
// played, a catch (cards handed over to the asker), a book, a trick won and a round's end.
//
// On by default, except in an embedded table (embed=1) and where the system asks for reduced
// motion: there they stay silent until the player turns them on. The player's choice (the table
// bar's sound button) is kept in the browser ("tidepool.sound") and counts everywhere after.
// Browsers let a page start sound only after the player's first tap or key: the audio context is
// made (or resumed) then; what would have played before is dropped. Each effect played is marked
// for tests and benches as a User Timing mark "tidepool:sound:<kind>", the audio context's making
// as a measure "tidepool:audio-start".
import { read, write } from "./store.js";

const KEY = "tidepool.sound";
const GAP_MS = 120;  // at most one effect this often (several quick bot moves make one sound)

// What each log entry sounds like (entry type -> effect); a batch of entries plays its most
// telling effect, in ORDER.
const KIND = {
  play: "card", center: "card", place: "card", discard: "card", draw: "card", fish: "card",
  give: "catch", give_card: "catch", book: "book", trick_end: "trick",
  round_end: "round", hand_end: "round", game_end: "round",
};
const ORDER = ["round", "book", "trick", "catch", "card"];

let context = null;
let noiseBuffer = null;
let lastAt = -Infinity;

/** Whether the table's sounds are on (the player's kept choice, else the default above). */
export function soundOn() {
  const kept = read(KEY);
  if (kept === "1" || kept === "0") return kept === "1";
  const embedded = document.documentElement.classList.contains("embed");
  return !embedded && !matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Turn the sounds on or off, and keep the choice. */
export function setSound(on) {
  write(KEY, on ? "1" : "0");
  if (on) wake();
}

// Make or resume the audio context (only works within a tap or key press, WebKit's rule, and the
// first card a tap plays must sound). Making it starts the browser's audio output, which can take
// 40-170 ms the first time in a page: measured apart ("tidepool:audio-start") for the benches.
function wake() {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return;
  if (!context) {
    const began = performance.now();
    try {
      context = new Context();
    } catch {
      return;  // no audio output (none on the system, or the browser's limit): the table stays silent
    }
    performance.measure("tidepool:audio-start", { start: began });
  }
  if (context.state === "suspended") context.resume().catch(() => {});
}
for (const type of ["pointerdown", "keydown"]) {
  addEventListener(type, () => { if (soundOn()) wake(); }, { capture: true });
}

// A note: `freq` Hz from `at` (context seconds) for `length` s, struck and dying away.
function tone(at, freq, length, { volume = 0.16, wave = "triangle" } = {}) {
  const osc = context.createOscillator();
  const gain = context.createGain();
  osc.type = wave;
  osc.frequency.setValueAtTime(freq, at);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(context.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

// A rustle: filtered noise around `freq` Hz (a card's snap, cards swept together).
function rustle(at, length, freq, volume = 0.3) {
  if (!noiseBuffer) {
    noiseBuffer = context.createBuffer(1, Math.round(context.sampleRate * 0.3), context.sampleRate);
    const data = noiseBuffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  }
  const source = context.createBufferSource();
  const filter = context.createBiquadFilter();
  const gain = context.createGain();
  source.buffer = noiseBuffer;
  filter.type = "bandpass";
  filter.frequency.setValueAtTime(freq, at);
  filter.Q.setValueAtTime(0.9, at);
  gain.gain.setValueAtTime(volume, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  source.connect(filter).connect(gain).connect(context.destination);
  source.start(at);
  source.stop(at + length + 0.02);
}

const EFFECTS = {
  card: (at) => rustle(at, 0.06, 2600),
  catch: (at) => { tone(at, 659, 0.12); tone(at + 0.08, 988, 0.18); },
  book: (at) => [523, 659, 784].forEach((freq, i) => tone(at + i * 0.07, freq, 0.22)),
  trick: (at) => { rustle(at, 0.16, 900, 0.35); tone(at + 0.05, 392, 0.22, { volume: 0.1 }); },
  round: (at) => [523, 659, 784, 1047].forEach((freq, i) => tone(at + i * 0.09, freq, 0.4, { wave: "sine", volume: 0.14 })),
};

/** Play the effect of `kind` ("card", "catch", "book", "trick" or "round") if sounds are on and
 * the browser lets the page play. */
export function play(kind) {
  const now = performance.now();
  if (!context || context.state !== "running" || now - lastAt < GAP_MS || !soundOn()) return;
  lastAt = now;
  EFFECTS[kind](context.currentTime + 0.01);
  performance.mark(`tidepool:sound:${kind}`);
}

/** Play the most telling effect of new log entries (`entries`: [{type}]), if any. */
export function playFor(entries) {
  const kinds = new Set(entries.map((e) => KIND[e.type]));
  const kind = ORDER.find((k) => kinds.has(k));
  if (kind) play(kind);
}
