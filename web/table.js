// The table: starts a game in the engine, draws each state it answers (through the game's
// renderer), sends the player's moves, runs the bots' turns and shows the end of the game.
//
// Every engine call is asynchronous. `app.gen` counts tables and views: a reply that arrives for
// an older table is dropped, and while a move is on its way (`app.busy`) further clicks wait.
import { call } from "./engine.js";
import { t, has, language } from "./i18n.js";
import { loadTable, tableOf } from "./tables/index.js";
import { fitFelt } from "./tables/fit.js";
import { measure, animate, clearFlights, reduced } from "./tables/motion.js";
import { focusKey, focusIsOurs, placeFocus, roveHand, arrowFocus, trapDialogTab, trackInput } from "./tables/focus.js";
import { lineChart } from "./chart.js";
import { requestHint, syncHint } from "./coach.js";
import { offerReview } from "./review.js";
import { soundOn, setSound, play, playFor } from "./sound.js";
import { read, write, remove } from "./store.js";
import { rememberSetup } from "./lobby.js";
import { app } from "./state.js";
import { show, setState, toast, showStartMessage, fail, drawerOpen } from "./screen.js";
import { countGame, recordLevel, recordLines } from "./records.js";

const $ = (sel) => document.querySelector(sel);
const html = document.documentElement;

const ROUND_ENDS = new Set(["round_end", "hand_end"]);
// The round end on show until the player continues, kept across a reload: "<save key>|<seed>|<entry>".
const ROUND_END_SHOWN = "tidepool.roundEnd";
export const LOG_PAGE = 2000;  // log entries asked for at once: a long game's page gets its latest
const FORCED = new Set(["pass", "end", "keep", "discard"]);
const FORCED_PAUSE_MS = 900;  // the forced move is shown this long before it is played
// A tap this soon after one on Continue, and this near it, is the second tap of a double tap: it
// lands on the next round's table, where it would play or explain a card the player never aimed
// at, so it is dropped (a click anywhere else, or later, is the player's own).
const SECOND_TAP_MS = 400;
const SECOND_TAP_PX = 24;
const FINAL_BEAT_MS = 700;  // a round's last move stays on the table this long before its end table

// ----- a new table ----------------------------------------------------------------------------

/** Start `config` ({game, players, seats, options, seed}) in the engine; true if it started. */
export async function startGame(config, fromUrl = false) {
  stopTable();
  const gen = app.gen;
  try {
    const state = await call("start", { ...config, hints: hintsOn(), lang: language() });
    if (gen !== app.gen) return false;
    app.config = { ...config };
    app.state = state;
    app.saveKey = null;
    rememberSetup(config);
    if (!fromUrl) saves.takeAddress(state);
    app.saveKey = saves.saveKey();  // this game's own from now on, whatever address the page shows later
  } catch (err) {
    if (gen !== app.gen) return false;
    showStartMessage(fromUrl ? t("error.params", { message: err.message }) : err.message);
    show("start");
    setState("ready");
    return false;
  }
  await enterTable();
  return true;
}

/** Stop whatever the table was doing (bot timers, pending replies, the demo). */
export function stopTable() {
  app.gen += 1;
  app.busy = false;
  clearTimeout(app.botTimer);
  clearTimeout(app.forcedTimer);
  $("#felt").removeAttribute("data-forced");
  app.demo?.stop();
  app.demo = null;
  closeRoundEnd();
  $("#over-bar").hidden = true;
}

/** Show the table for app.state (just started or loaded). */
export async function enterTable(pauseMs = 0) {
  showStartMessage("");
  onEnter();
  app.logSize = 0;
  app.selected = null;
  app.viewer = null;
  app.pauseUntil = pauseMs ? performance.now() + pauseMs : 0;  // bots wait this long first
  app.lastMove = [];
  app.drawnViewer = undefined;
  $("#log").replaceChildren();
  if ($("#over").open) $("#over").close();
  show("table");
  await refresh();  // the first draw says "playing" (or "over" for a finished game)
}

function hotSeat(s = app.state) {
  return s.seats.filter((kind) => kind === "human").length > 1;
}

/** Ask the engine for the table as the viewer sees it, then draw it; `still`: without cards
 * flying (a rushed bot run). */
export async function refresh({ still = false } = {}) {
  const gen = app.gen;
  const payload = { log_from: app.logSize, log_limit: LOG_PAGE, lang: language() };
  if (app.state && hotSeat()) payload.viewer = app.viewer;
  let s = await call("state", payload);
  if (gen !== app.gen) return;
  if (hotSeat(s)) {
    const cur = s.view.current_player;
    const needed = cur != null && s.seats[cur] === "human" && cur !== app.viewer;
    if (needed && app.viewer !== null) {  // hide the last hand before anything else is drawn
      app.viewer = null;
      s = await call("state", { ...payload, viewer: null });
      if (gen !== app.gen) return;
    }
    app.handoverTo = needed ? cur : null;
  }
  try {
    await loadTable(s.view.game);  // the game's table module, the first time it is drawn
  } catch (err) {
    console.warn(err.message);  // the file and the browser's reason, for whoever runs the site
    if (gen === app.gen) fail(t("error.table_load", { game: t(`game.${s.view.game}`) }));
    return;
  }
  if (gen !== app.gen) return;
  app.state = s;
  saves.autosave();
  render({ still });
}

// ----- drawing ------------------------------------------------------------------------------

// A game's own wording when its catalog has one (Enemy Anemone plays "hands", not "rounds").
export function gameKey(game, key) {
  return has(`${game}.${key}`) ? `${game}.${key}` : key;
}

/** The bar's round (hand) label for `view`, or for the round whose end is on show; hidden for a
 * game without rounds (Go Fish). */
export function renderRound(view) {
  const n = app.roundEnd?.entry.entry.round ?? view.round;
  $("#round-label").textContent = t(gameKey(view.game, "table.round"), { n });
  $("#round-label").hidden = !(view.round_scores ?? view.hand_scores);
}

export function render({ still = false } = {}) {
  const s = app.state;
  const view = s.view;
  const fresh = s.log.filter((e) => e.i >= app.logSize);
  const first = app.logSize === 0;
  const end = view.is_over ? null : first ? roundEndShownBefore(s) : fresh.findLast((e) => ROUND_ENDS.has(e.type));
  if (end && !first && finalMoves(s, fresh, end)) return;  // the round's last moves land first; render() runs again after them
  // While a round's end is on show, the log stops with it: the next round's entries follow when
  // the player continues.
  const at = fresh.indexOf(end);
  const next = end ? fresh.findIndex((e, k) => k > at && e.type.endsWith("_start")) : -1;
  appendLog(next < 0 ? fresh : fresh.slice(0, next), first);
  app.logSize = s.log_size;
  if (end) openRoundEnd(s, end, fresh.slice(0, at), fresh.slice(at + 1, next < 0 ? fresh.length : next), next < 0 ? [] : fresh.slice(next));
  renderRound(view);
  html.dataset.turn = app.roundEnd ? "" : (view.current_player ?? "");
  renderScores($("#scores"), s);
  renderMoves(s);
  $("#undo-button").disabled = !s.can_undo;
  renderHandover(s);
  let hint = null;
  let drawn = false;  // a renderer redrawing on its own (a chooser opens) updates the prompt too
  const felt = $("#felt");
  const prompt = $("#prompt");
  const focusOurs = focusIsOurs(felt, prompt);
  const key = focusKey(felt);
  const picked = app.selected != null && app.selected !== app.pickedBefore;
  app.pickedBefore = app.selected;
  felt.classList.remove("waiting");
  // Cards travel when this view follows the last one on the same table (not across a round end,
  // a hot-seat hand-over or a language switch, which redraw from the start, nor after a rushed
  // bot run, which lands at once).
  const moving = !first && fresh.length && !end && app.drawnViewer === s.viewer && !still;
  const before = moving ? measure(felt) : null;
  drawFelt(s, { act, select, hold, explain, selected: app.selected,
    prompt: (text, { forced = false } = {}) => { hint = { text, forced }; if (drawn) setPrompt(promptText(s, hint)); },
    drawn: () => { drawn = true; setPrompt(promptText(s, hint)); },
    marks: () => { markLastMove(felt); syncHint(felt, s); } });
  app.drawnViewer = s.viewer;
  if (fresh.length) app.lastMove = [];
  const motion = tableOf(view.game);
  if (before && motion.travels) {
    const ms = motionMs();
    const landed = animate(felt, before, motion.travels(fresh), { ms, viewer: s.viewer, ghost: (f) => motion.ghost(f, t) });
    app.lastMove = [...landed].map((node) => [node.dataset.card, node.closest("[data-anchor]")?.dataset.anchor]);
    hold(ms);
  }
  markLastMove(felt);
  syncHint(felt, s);
  const hintButton = $("#hint-button");
  hintButton.hidden = !coachOn(s) || !s.seats.includes("human") || view.is_over;
  hintButton.disabled = !myTurn(s) || Boolean(forcedMove(s));  // a forced move plays itself: no hint to take
  announce(s, first ? [] : fresh);
  if (!first) playFor(fresh);
  if (focusOurs) settleFocus(s, { key, picked });
  roveHand(felt);
  if (view.is_over) {  // the move that ended the game lands, and stays a beat, before the result
    if (!first && !app.demo) countGame(s, app.lobby.levels);  // it ended here: the player's record counts it
    clearTimeout(app.botTimer);
    const gen = app.gen;
    const ms = motionMs();
    const beat = before && ms && !reduced() ? landedBeat(ms) : 0;
    setTimeout(() => { if (gen === app.gen && app.state === s) showOver(s); }, beat);
    return;
  }
  setState("playing");  // page contract: the table is drawn and the game goes on
  scheduleBot();
  scheduleForced(s);
}

// This page's human is to move now (not a bot, not behind a hand-over or a round's end).
function myTurn(s) {
  const cur = s.view.current_player;
  return cur != null && cur === s.viewer && !s.bot_to_move && s.seats[cur] === "human"
    && app.handoverTo == null && !app.roundEnd && !s.view.is_over;
}

// After a redraw, focus goes where the player goes next, never to the page's body: the hand-over
// button, the round end's Continue, the game-over dialog (which takes it itself), or the felt's
// next control on your turn, else the prompt.
function settleFocus(s, { key, picked }) {
  if (s.view.is_over) return;
  if (app.handoverTo != null) return $("#handover-button").focus({ preventScroll: true });
  if (app.roundEnd) return;  // openRoundEnd focuses Continue
  placeFocus($("#felt"), { key, mine: myTurn(s), picked, prompt: $("#prompt") });
}

// The one polite live region (#announcer): each move's log sentence once, "… is thinking" once
// per turn, and the prompt when your turn comes.
function announce(s, fresh) {
  const parts = fresh.map((e) => e.text).filter(Boolean);
  const cur = s.view.current_player;
  if (cur !== app.thinkingSaid) app.thinkingSaid = null;
  if (s.bot_to_move && cur != null && app.thinkingSaid !== cur && !app.roundEnd) {
    app.thinkingSaid = cur;
    parts.push(t("table.thinking", { name: s.names[cur] }));
  }
  if (myTurn(s) && app.turnSaid !== s.log_size) {
    app.turnSaid = s.log_size;
    parts.push($("#prompt").textContent);
  }
  if (parts.length) $("#announcer").textContent = parts.join(" ");
}

// How long a last move takes to fly (motion.js: 1.2 x the motion) and then stay on the table.
function landedBeat(ms) {
  return ms * 1.2 + FINAL_BEAT_MS;
}

// A round (hand) that ends with this reply (`fresh`: its new log items, `end` the round end among
// them): the state already holds the next round, so the moves that ended it fly on the table as
// it was, and stay a beat, before the round-end table opens. True while they fly (render() runs
// again after them, once per end).
function finalMoves(s, fresh, end) {
  const ms = motionMs();
  if (app.finalShown === end.i || app.drawnViewer !== s.viewer || !ms) return false;
  app.finalShown = end.i;
  const felt = $("#felt");
  const motion = tableOf(s.view.game);
  const flights = motion.travels?.(fresh.slice(0, fresh.indexOf(end))) ?? [];
  if (!flights.length || reduced()) return false;  // nothing flies: the round end opens at once
  animate(felt, measure(felt), flights, { ms, viewer: s.viewer, ghost: (f) => motion.ghost(f, t), stay: true });
  felt.classList.add("waiting", "closing");  // no clicks, and no controls of the turn that ended
  $("#undo-button").disabled = true;
  syncHint(felt, s);  // a hint for the move that ended the round goes with it
  setPrompt(roundOverTitle(s.view.game, end.entry));
  html.dataset.turn = "";
  const gen = app.gen;
  setTimeout(() => {
    clearFlights();
    if (gen === app.gen && app.state === s) render();
  }, landedBeat(ms));
  return true;
}

// The bot-speed slider: right is faster (the slider's value is SPEED_SLOWEST less the bots' delay
// in ms, app.speed); the player's choice is kept in the browser for every table. A link's
// `speed` sets the delay for its own page.
const SPEED_SLOWEST = 2000;
const SPEED_KEY = "tidepool.speed";

/** Show app.speed on the slider (its value, and the delay in words for screen readers). */
export function showSpeed() {
  const slider = $("#speed");
  slider.value = String(SPEED_SLOWEST - Math.min(SPEED_SLOWEST, app.speed));
  slider.setAttribute("aria-valuetext", app.speed ? t("table.speed_value", { seconds: app.speed / 1000 }) : t("table.speed_fastest"));
}

// How long a card takes to travel: tied to the bot speed (none at full speed).
function motionMs() {
  return app.speed === 0 ? 0 : Math.round(Math.min(600, 200 + app.speed * 0.25));
}

// Another player's last move stays marked until the next move.
function markLastMove(felt) {
  for (const [card, anchor] of app.lastMove) {
    const scope = anchor ? felt.querySelector(`[data-anchor="${CSS.escape(anchor)}"]`) : felt;
    scope?.querySelector(`[data-card="${CSS.escape(card)}"]`)?.classList.add("last-move");
  }
}

// The coach (Hint, the review) is on unless the page's link says hints=0 (a teacher's test, a
// tournament) or the game was started with it off (the engine keeps that in the game's save, so a
// reload without the parameter does not bring it back).
function hintsOn() {
  return new URLSearchParams(location.search).get("hints") !== "0";
}
const coachOn = (s) => s.coach !== false && hintsOn();

function hint() {
  const s = app.state;
  if (!s || !myTurn(s) || app.replay || forcedMove(s)) return;
  requestHint(s, () => {
    if (app.state !== s) return;
    syncHint($("#felt"), s);
    saves.autosave();  // the hint counts (the engine's tally is in the save)
  }, (message) => toast(message, { stay: true }));
}

/** Draw state `s` on the felt with the game's renderer, then fit it to the space it has.
 * `ui.drawn()`, if given, runs between the two: what it changes above the felt (the prompt's
 * lines) is in the felt's box when it is fitted and scrolled to your hand. */
export function drawFelt(s, ui) {
  const felt = $("#felt");
  delete felt.dataset.mode;  // a renderer names a passing mode (a chooser open) for fitFelt
  tableOf(s.view.game).render(felt, s, { t, act: () => {}, select: () => {}, hold: () => {}, explain: () => {}, prompt: () => {}, selected: null, ...ui });
  ui.drawn?.();
  // The zoom holds still while others play a round on one table, and through your own turn once
  // it began (playing a card must not re-flow the seats around it); the start of your turn, a new
  // game, round, viewer or language may grow it.
  const mine = myTurn(s);
  const turnBegins = mine && !app.fittedMyTurn;
  app.fittedMyTurn = mine;
  fitFelt(felt, [app.gen, s.view.game, s.view.round, s.viewer, language()].join("|"), !turnBegins);
  feltObserver?.takeRecords();  // fitted just now: no second fit while its cards travel
}

let feltObserver = null;

// The prompt line: `hint` ({text, forced}) is the renderer's sentence for this player's turn;
// `forced` says it also explains a forced move (which then replaces the generic "Your only move").
function promptText(s, hint) {
  const cur = s.view.current_player;
  if (s.view.is_over) return t("table.game_over");
  if (app.roundEnd) return t(gameKey(s.view.game, "table.round_over_prompt"));
  if (cur == null) return "";
  if (app.handoverTo != null) return t("handover.text", { name: s.names[app.handoverTo] });
  const name = s.names[cur];
  if (s.bot_to_move) return t("table.thinking", { name });
  const only = forcedMove(s);
  if (only) return hint?.forced ? hint.text : t("table.forced", { move: only.label });
  if (cur === s.viewer && hint) return hint.text;
  if (cur === s.viewer && !hotSeat(s)) return t("table.turn_yours");
  return t("table.turn_of", { name });
}

export function setPrompt(text) {
  const prompt = $("#prompt");
  if (prompt.textContent !== text) prompt.textContent = text;
}

export function renderScores(table, s) {
  table.replaceChildren();
  s.names.forEach((name, seat) => {
    const row = table.insertRow();
    row.dataset.seat = seat;
    if (seat === s.view.current_player) row.classList.add("current");
    if (s.view.winners.includes(seat)) row.classList.add("winner");
    row.insertCell().textContent = name;
    row.insertCell().textContent = s.view.totals[seat];
  });
}

/** The log's items for `entries` ({i, type, text}); on a new list (`start`) the first says how
 * many earlier entries were left out (a long game's page asks for its last LOG_PAGE only). */
export function logItems(entries, start) {
  const item = (className, text) => Object.assign(document.createElement("li"), { className, textContent: text });
  const items = entries.map((e) => item(`log-${e.type}`, e.text));
  if (start && entries[0]?.i > 0) items.unshift(item("log-earlier", t("table.log_earlier", { n: entries[0].i })));
  return items;
}

function appendLog(entries, start) {
  const log = $("#log");
  log.append(...logItems(entries, start));
  if (!entries.length) return;
  log.scrollTop = log.scrollHeight;
  // Again once the draw that appended them is done: the scores above the log, drawn after it (a
  // reload draws them all at once), can make its box smaller.
  requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
}

function renderMoves(s) {
  const box = $("#moves");
  box.replaceChildren();
  for (const move of s.moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.action = move.action;
    button.textContent = move.label;
    button.addEventListener("click", () => act(move.action));
    box.append(button);
  }
}

function renderHandover(s) {
  const box = $("#handover");
  box.hidden = app.handoverTo == null;
  if (box.hidden) return;
  const name = s.names[app.handoverTo];
  $("#handover-text").textContent = t("handover.text", { name });
  $("#handover-button").textContent = t("handover.button", { name });
}

// ----- round (hand) ends: the final position and a named score table -------------------------

// "Round 1 is over: a Beach reached a pile." for a round-end history entry.
function roundOverTitle(game, e) {
  const reason = e.reason ? t(`${game}.reason.${e.reason}`) : "";
  return t(gameKey(game, "table.round_over"), { n: e.round, reason });
}

// The entry of a round end stays on show until the player continues (a table with no human
// continues by itself after a pause), with notes: what the last move settled (`before`: the log
// items that close it, which name no seat: Enemy Anemone's last trick and who gains an Anemone
// for it; left out when the renderer draws that position as a picture, which gives way to them
// where the panel has no room for it) and what the end itself brings (`after`: Anemones gained
// for the hand). `later` are the next round's log items, listed when the player continues.
function openRoundEnd(s, entry, before, after, later) {
  app.roundEnd = { entry, later };
  fillRoundEnd(s, entry, before, after);
  clearTimeout(app.botTimer);
  if (!s.seats.includes("human")) {
    app.roundEnd.timer = setTimeout(continueRound, Math.max(1500, app.speed * 3));
  } else {
    write(ROUND_END_SHOWN, `${saves.saveKey()}|${s.seed}|${entry.i}`);
    requestAnimationFrame(() => $("#round-end-continue").focus({ preventScroll: true }));
  }
}

/** Show the round-end panel for log item `entry` of state `s` (a table's, or a rules demo step's:
 * `{view, names, viewer}`), `before` and `after` as for openRoundEnd; `entry` null hides it.
 * `picture: false` tells the closing moves as notes only (a demo's panel changes size with it). */
export function fillRoundEnd(s, entry, before = [], after = [], { picture: drawIt = true } = {}) {
  const box = $("#round-end");
  box.hidden = !entry;
  if (!entry) return;
  const e = entry.entry;
  const view = s.view;
  $("#round-end-title").textContent = roundOverTitle(view.game, e);
  const table = $("#round-end-scores");
  table.replaceChildren();
  const extra = tableOf(view.game).endColumns?.(e, s, t) ?? [];
  const head = table.createTHead().insertRow();
  head.append(document.createElement("td"));  // above the names
  for (const text of [...extra.map((c) => c.head), t(gameKey(view.game, "table.this_round")), t(gameKey(view.game, "over.total"))]) {
    head.append(Object.assign(document.createElement("th"), { textContent: text }));
  }
  const best = Math.max(...e.totals);
  const body = table.createTBody();
  s.names.forEach((name, seat) => {
    const row = body.insertRow();
    row.dataset.seat = seat;
    if (e.totals[seat] === best) row.classList.add("leader");
    const who = document.createElement("th");
    who.scope = "row";
    who.textContent = name;
    row.append(who);
    for (const c of extra) row.insertCell().append(c.cell(seat));
    row.insertCell().textContent = e.scores[seat];
    row.insertCell().textContent = e.totals[seat];
  });
  const notes = $("#round-end-notes");
  let settled = before.length;
  while (settled > 0 && before[settled - 1].entry?.seat == null && !ROUND_ENDS.has(before[settled - 1].type)) settled -= 1;
  const { cause, goal, picture } = tableOf(view.game).endNote?.(e, s, t, before) ?? {};
  const note = (text, className = "") => Object.assign(document.createElement("li"), { className, textContent: text });
  const tell = (drawn) => {  // the closing moves drawn as the picture, or told as notes
    $("#round-end-picture").replaceChildren(...(drawn ? [drawn] : []));
    notes.replaceChildren(...[...(drawn ? [] : before.slice(settled)), ...after]
      .filter((x) => x.text && !ROUND_ENDS.has(x.type)).map((x) => note(x.text)));
    if (cause) notes.prepend(note(cause, "round-end-cause"));
    if (goal) notes.append(note(goal, "round-end-goal"));
  };
  tell(drawIt ? picture : null);
  if (drawIt && picture && box.scrollHeight > box.clientHeight + 1) tell(null);  // no room: the scores come first
}

// A table drawn afresh (a reload, a language switch) shows again the round end the player had
// not continued from, if no later round has ended since.
function roundEndShownBefore(s) {
  const last = s.log.findLast((e) => ROUND_ENDS.has(e.type));
  return last && read(ROUND_END_SHOWN) === `${saves.saveKey()}|${s.seed}|${last.i}` ? last : null;
}

function closeRoundEnd() {
  if (app.roundEnd) clearTimeout(app.roundEnd.timer);
  app.roundEnd = null;
  $("#round-end").hidden = true;
}

/** The player has seen the round's end: the next round's table, and its bots, go on. */
export function continueRound() {
  if (!app.roundEnd) return;
  remove(ROUND_END_SHOWN);
  appendLog(app.roundEnd.later, false);
  closeRoundEnd();
  render();
}

// ----- the player's moves -------------------------------------------------------------------

// A renderer showing something worth a look (a finished trick) asks the bots to wait a little.
function hold(ms) {
  if (app.speed) app.pauseUntil = Math.max(app.pauseUntil, performance.now() + ms);
}

function select(card) {
  app.selected = app.selected === card ? null : card;
  render();
}

export async function act(action) {
  if (app.busy || app.roundEnd) return;
  clearTimeout(app.forcedTimer);
  $("#felt").removeAttribute("data-forced");
  app.busy = true;
  app.selected = null;
  app.runSince = performance.now();  // the bots' run after this move starts now
  html.dataset.turn = "";  // until the engine's answer is drawn, nobody is to move on this page
  $("#felt").classList.add("waiting");
  const gen = app.gen;
  try {
    await call("act", { action });
  } catch (err) {
    if (gen === app.gen) toast(err.message, { stay: true });
  } finally {
    if (gen === app.gen) app.busy = false;
  }
  if (gen === app.gen) await refresh();
}

/** A card that cannot be played now was clicked: say why (the engine's reason, in words). */
async function explain(action) {
  if (app.busy || app.roundEnd) return;
  const gen = app.gen;
  try {
    const answer = await call("explain", { action });
    if (gen === app.gen && answer.reason) toast(answer.reason);
  } catch (err) {
    if (gen === app.gen) toast(err.message, { stay: true });
  }
}

// The viewer's only move when it is a forced one (pass, end, keep, a single discard), else null.
function forcedMove(s) {
  const cur = s.view.current_player;
  if (!app.forced || app.roundEnd || s.view.is_over || cur == null || cur !== s.viewer || s.bot_to_move) return null;
  if (s.seats[cur] !== "human" || app.handoverTo != null || s.moves.length !== 1) return null;
  return FORCED.has(s.moves[0].action.split(" ")[0]) ? s.moves[0] : null;
}

// "Play forced moves for me": the only move is shown in the prompt, then played.
function scheduleForced(s) {
  clearTimeout(app.forcedTimer);
  const only = forcedMove(s);
  // The hand steps back and the move's button fills up until it is played (app.css).
  $("#felt").toggleAttribute("data-forced", Boolean(only));
  if (!only) return;
  const gen = app.gen;
  app.forcedTimer = setTimeout(() => {
    if (gen === app.gen && app.state === s) act(only.action);
  }, FORCED_PAUSE_MS);
}

// ----- the bots' turns ----------------------------------------------------------------------

export function scheduleBot() {
  clearTimeout(app.botTimer);
  if (!app.state?.bot_to_move) app.runSince = null;  // a human's turn (or none) ends the bots' run
  if (!app.state?.bot_to_move || app.replay || app.roundEnd || html.dataset.state !== "playing") return;
  const now = performance.now();
  app.runSince ??= now;
  const pause = Math.max(0, app.pauseUntil - now);
  // A bot's only move (a forced pass) needs no thinking to watch: a third of the pace; a table may
  // ask for less where the move before concerned only others (its `pace`). The bot thinks while
  // the cards of the move before fly: it moves once they have landed (and any hold is over) and
  // its pace has passed, whichever is later.
  const table = tableOf(app.state.view.game);
  const share = app.state.bot_forced ? 1 / 3 : table.pace?.(app.state) ?? 1;
  const wait = Math.max(app.speed * share, pause);
  // A table's `runPaces` caps the bots' run between two of a human's turns (Go Fish: the asked
  // player may ask next, so bots can ask each other for long): the move that would end after it
  // comes at its end, with every move left in the run (the table's news says what they did).
  const left = (table.runPaces ?? Infinity) * app.speed - (now - app.runSince);
  const rush = app.speed > 0 && wait > left && app.state.seats.includes("human");
  app.botTimer = setTimeout(() => botTurn(rush), rush ? Math.max(0, left) : wait);
}

async function botTurn(rush = false) {
  const gen = app.gen;
  try {
    // The engine thinks in its worker, so the page stays smooth. At full speed several quick bot
    // moves share one state update; a rushed run plays on to a human's turn (or the end).
    const until = performance.now() + (app.speed === 0 ? 30 : 0);
    let step;
    do step = await call("bot_step");
    while (gen === app.gen && step.bot_to_move && (rush || performance.now() < until));
    if (gen === app.gen) await refresh({ still: rush });  // a rushed run lands at once: its news says what it did
  } catch (err) {
    if (gen === app.gen) fail(t("error.load", { message: err.message }));
  }
}

// ----- the end of the game ------------------------------------------------------------------

function showOver(s) {
  setState("over");
  const view = s.view;
  const names = view.winners.map((seat) => s.names[seat]);
  let result;
  if (view.winners.length === 1 && view.winners[0] === s.viewer && s.seats[s.viewer] === "human") result = t("over.you_win");
  else if (view.winners.length === 1) result = t("over.winner", { names: names[0] });
  else result = t("over.winners", { names: names.join(t("list_sep")) });
  $("#over-result").textContent = result;
  // How play ended: the last round's (hand's) end, or Go Fish's reason (GF-7).
  const ending = s.log.findLast((e) => ROUND_ENDS.has(e.type) || (e.type === "end" && e.entry?.reason));
  const how = !ending ? "" : ROUND_ENDS.has(ending.type) ? roundOverTitle(view.game, ending.entry) : ending.text;
  if (how) $("#over-result").append(Object.assign(document.createElement("small"), { className: "over-how", textContent: how }));
  // Go Fish ended by GF-7 before all 13 books were down: the option that plays on (GF-9).
  if (view.game === "go_fish" && ["empty_stock", "empty_hand"].includes(ending?.entry?.reason) && !view.options.keep_playing) {
    const longer = t("go_fish.over.longer", { option: t("go_fish.option.keep_playing") });
    $("#over-result").append(Object.assign(document.createElement("small"), { className: "over-longer", textContent: longer }));
  }
  // The move that ended the last round (Snorkeling: who put the Beach on whose pile).
  const cause = ending && ROUND_ENDS.has(ending.type)
    ? tableOf(view.game).endNote?.(ending.entry, s, t, s.log.slice(0, s.log.indexOf(ending)))?.cause : null;
  if (cause) $("#over-result").append(Object.assign(document.createElement("small"), { className: "over-cause", textContent: cause }));
  const tieBreak = [...document.querySelectorAll("#log .log-tie_break")].at(-1);  // how a tie was broken
  if (tieBreak) $("#over-result").append(Object.assign(document.createElement("small"), { textContent: tieBreak.textContent }));
  // The coach's hints each player took (kept in the saved game).
  const hinted = s.names.map((name, seat) => [name, s.hints?.[seat] ?? 0]).filter(([, n]) => n > 0);
  if (hinted.length) {
    const list = hinted.map(([name, n]) => t("over.hints_item", { name, count: n })).join(t("list_sep"));
    $("#over-result").append(Object.assign(document.createElement("small"), { className: "over-hints", textContent: t("over.hints", { list }) }));
  }
  // The player's record at this game against this level of bots (records.js), this game counted.
  const levels = app.lobby.levels;
  const level = recordLevel(s.seats, levels);
  const lines = level ? recordLines(view.game, levels, level) : [];
  const record = $("#over-record");
  record.hidden = !lines.length;
  record.replaceChildren(Object.assign(document.createElement("strong"), { textContent: t("records.title") }),
    ...lines.map((line) => Object.assign(document.createElement("span"), { textContent: line })));
  const table = $("#over-scores");
  table.replaceChildren();
  const rounds = view.round_scores ?? view.hand_scores ?? [];
  const th = (text, className, span = {}) => Object.assign(document.createElement("th"), { textContent: text, className, ...span });
  // Two header rows: "Rounds" over the round numbers, so a phone shows every round beside the
  // names and totals (a long label per round would push rounds off the side).
  const head = table.createTHead();
  const top = head.insertRow();
  const tall = { rowSpan: rounds.length ? 2 : 1 };
  top.append(Object.assign(document.createElement("td"), { className: "who", ...tall }));  // above the names
  if (rounds.length) top.append(th(t(gameKey(view.game, "over.rounds")), "rounds", { colSpan: rounds.length, scope: "colgroup" }));
  top.append(th(has(`${view.game}.total`) ? t(`${view.game}.total`) : t("over.total"), "total", tall));
  if (rounds.length) {
    const numbers = head.insertRow();
    rounds.forEach((_, i) => {
      const cell = numbers.appendChild(th(String(i + 1), "round"));
      cell.setAttribute("aria-label", t(gameKey(view.game, "over.round"), { n: i + 1 }));
    });
  }
  const body = table.createTBody();
  s.names.forEach((name, seat) => {
    const row = body.insertRow();
    if (view.winners.includes(seat)) row.classList.add("winner");
    row.append(th(name, "who", { scope: "row" }));
    rounds.forEach((r) => { row.insertCell().textContent = r[seat]; });
    Object.assign(row.insertCell(), { textContent: view.totals[seat], className: "total" });
  });
  const chart = $("#over-chart");
  const axes = { x: t(gameKey(view.game, "chart.x")), y: t(gameKey(view.game, "chart.y")) };
  chart.replaceChildren(...(s.summary?.points.length > 1 ? lineChart(s.summary.points, s.names, t("chart.title"), axes) : []));
  offerReview(s, coachOn(s));
  $("#over-bar-result").textContent = result;
  const dialog = $("#over");
  if (!dialog.open && $("#over-bar").hidden) dialog.showModal();  // Escape closes it; Tab stays inside
}

/** True while a game is on the table and not over (leaving it asks first). */
export function gameRunning() {
  return Boolean(app.state && app.config && !app.state.view.is_over && !app.demo);
}

/** Ask before a running game is left for a new one; resolves true to leave. */
export function confirmLeave() {
  if (!gameRunning()) return Promise.resolve(true);
  const dialog = $("#leave-dialog");
  $("#leave-text").textContent = t(saves.newGameKeepsTheRunningOne() ? "leave.text_link" : "leave.text");
  return new Promise((resolve) => {
    const done = () => {
      dialog.removeEventListener("close", done);
      resolve(dialog.returnValue === "leave");
    };
    dialog.returnValue = "";
    dialog.addEventListener("close", done);
    dialog.showModal();
  });
}

// What a table about to be shown ends first (boot.js: a replay on show), and where the running
// game is kept (tools.js: {autosave, saveKey, takeAddress, newGameKeepsTheRunningOne}): given by
// wireTable, so this module imports nothing of replay.js or tools.js, which draw through it.
let onEnter = () => {};
let saves = null;

/** Wire the table's own controls. `onMenu()` goes back to the start screen; `enter()` runs as a
 * table is about to be shown (enterTable); `keeping` keeps the running game (tools.js `keeping`). */
export function wireTable({ onMenu, enter, keeping }) {
  onEnter = enter;
  saves = keeping;
  const sound = $("#sound-button");
  const showSound = () => sound.setAttribute("aria-pressed", String(soundOn()));
  showSound();
  sound.addEventListener("click", () => {
    setSound(!soundOn());
    showSound();
    play("card");  // how it sounds (once the browser lets the page play)
  });
  $("#menu-button").addEventListener("click", onMenu);
  $("#hint-button").addEventListener("click", hint);
  document.addEventListener("keydown", (ev) => {  // H: a hint, where no field takes the key
    if (ev.key.toLowerCase() !== "h" || ev.ctrlKey || ev.metaKey || ev.altKey || html.dataset.screen !== "table") return;
    if (ev.target.closest?.("input, select, textarea, dialog[open]") || $("#hint-button").hidden) return;
    ev.preventDefault();
    hint();
  });
  const kept = Number(read(SPEED_KEY) ?? NaN);
  if (Number.isInteger(kept) && kept >= 0 && kept <= SPEED_SLOWEST) app.speed = kept;
  showSpeed();
  $("#speed").addEventListener("input", (ev) => {
    app.speed = SPEED_SLOWEST - Number(ev.target.value);
    write(SPEED_KEY, String(app.speed));
    showSpeed();
    scheduleBot();
  });
  $("#again-button").addEventListener("click", () => startGame({ ...app.config, seed: null }));
  $("#new-button").addEventListener("click", () => {
    $("#over").close();
    onMenu();
  });
  $("#leave-dialog").addEventListener("click", (ev) => {
    const value = ev.target.closest("button")?.value;
    if (value) $("#leave-dialog").close(value);
  });
  // Closing game over leaves a bar with Replay, the summary and a new game.
  $("#over-close").addEventListener("click", () => $("#over").close());
  $("#over").addEventListener("close", () => {
    if (html.dataset.state === "over" && !app.replay && html.dataset.screen === "table") {
      $("#over-bar").hidden = false;
      $("#over-bar-summary").focus();
    }
  });
  $("#over-bar-summary").addEventListener("click", () => {
    $("#over-bar").hidden = true;
    $("#over").showModal();
  });
  $("#over-bar-replay").addEventListener("click", () => $("#replay-button").click());
  $("#over-bar-new").addEventListener("click", onMenu);
  let tap = null;  // where and when Continue was clicked with a pointer
  $("#round-end-continue").addEventListener("click", (ev) => {
    tap = ev.detail ? { x: ev.clientX, y: ev.clientY, at: ev.timeStamp } : null;
    continueRound();
  });
  document.addEventListener("click", (ev) => {
    if (tap && ev.timeStamp - tap.at < SECOND_TAP_MS && Math.hypot(ev.clientX - tap.x, ev.clientY - tap.y) < SECOND_TAP_PX) {
      ev.stopPropagation();
      ev.preventDefault();
    }
  }, true);
  const forced = $("#forced");
  forced.checked = app.forced;
  forced.addEventListener("change", () => {
    app.forced = forced.checked;
    write("tidepool.forced", app.forced ? "1" : "0");
    if (app.state && !app.replay) render();
  });
  $("#handover-button").addEventListener("click", () => {
    app.viewer = app.handoverTo;
    refresh();
  });
  trapDialogTab();
  trackInput();
  // Keys at the table: arrows move between cards and targets, Escape drops a picked card.
  $("#felt").addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && app.selected != null && !app.busy) {
      ev.preventDefault();
      const card = app.selected.split(":")[0];  // a card held twice is picked as "B3:1"
      app.selected = null;
      render();
      $("#felt").querySelector(`[data-part=hand] [data-card="${CSS.escape(card)}"][role=button]`)?.focus();
    } else if (arrowFocus($("#felt"), ev)) {
      ev.preventDefault();
    }
  });
  const toggleSide = (open) => {
    html.dataset.side = open ? "open" : "closed";
    $("#side-toggle").setAttribute("aria-expanded", String(open));
    if (open) $("#log").scrollTop = $("#log").scrollHeight;  // hidden, it could not follow the game
    fitFelt($("#felt"));
  };
  $("#side-toggle").addEventListener("click", () => toggleSide(getComputedStyle($("#side")).display === "none"));
  // The drawer (a narrow screen, an embed) lies over the table: Escape or a tap beside it closes it.
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape" || !drawerOpen() || document.querySelector("dialog[open]")) return;
    ev.preventDefault();
    toggleSide(false);
    $("#side-toggle").focus();
  });
  let swallowUntil = 0;  // the tap that closed the drawer only closes it: its click acts on nothing
  document.addEventListener("pointerdown", (ev) => {
    if (!drawerOpen() || ev.target.closest("#side, #side-toggle, dialog, .toast")) return;
    toggleSide(false);
    swallowUntil = performance.now() + 600;
  }, true);
  document.addEventListener("click", (ev) => {
    if (performance.now() < swallowUntil) { ev.stopPropagation(); ev.preventDefault(); }
    swallowUntil = 0;
  }, true);
  $("#felt").style.setProperty("--forced-ms", `${FORCED_PAUSE_MS}ms`);  // the forced move's fill (app.css)
  const narrow = window.matchMedia("(max-width: 1099px)");
  const drawer = () => html.classList.toggle("drawer", html.classList.contains("embed") || narrow.matches);
  narrow.addEventListener("change", drawer);
  drawer();
  // Refit when the felt's box changes, and when a renderer redraws on its own (a chooser opens).
  new ResizeObserver(() => fitFelt($("#felt"))).observe($("#felt"));
  let pending = false;
  feltObserver = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; fitFelt($("#felt")); });
  });
  feltObserver.observe($("#felt"), { childList: true });
}
