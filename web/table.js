// The table: starts a game in the engine, draws each state it answers (through the game's
// renderer), sends the player's moves, runs the bots' turns and shows the end of the game.
//
// Every engine call is asynchronous. `app.gen` counts tables and views: a reply that arrives for
// an older table is dropped, and while a move is on its way (`app.busy`) further clicks wait.
import { call } from "./engine.js";
import { t, has, language } from "./i18n.js";
import { renderers } from "./tables/index.js";
import { fitFelt } from "./tables/fit.js";
import { lineChart } from "./chart.js";
import { autosave } from "./tools.js";
import { exitReplay } from "./replay.js";

const $ = (sel) => document.querySelector(sel);
const html = document.documentElement;

export const app = {
  config: null,      // the config of the running (or last) table
  state: null,       // the last state the engine answered
  gen: 0,            // bumped by every new table: replies for an older one are dropped
  busy: false,       // a player's move is on its way to the engine
  logSize: 0,
  speed: 700,
  botTimer: null,
  pauseUntil: 0,
  selected: null,    // a card picked in hand, waiting for a destination
  viewer: null,      // hot seat: the human whose hand is shown (null while the device changes hands)
  handoverTo: null,  // hot seat: the human who must confirm before their hand is shown
  replay: null,      // {step, viewer, timer} while replaying a game
  demo: null,        // the rules demo on screen
};

export function setState(state) {
  html.dataset.state = state;
}

export function show(id) {
  for (const node of document.querySelectorAll(".screen")) node.hidden = node.id !== id;
  html.dataset.screen = id;
  window.scrollTo(0, 0);
  if (id === "start") $("#continue-button").hidden = !app.state || Boolean(app.state.view?.is_over) || Boolean(app.demo);
}

export function toast(message) {
  const box = document.createElement("div");
  box.className = "toast";
  box.setAttribute("role", "status");
  box.textContent = message;
  document.body.append(box);
  setTimeout(() => box.remove(), 4000);
}

export function showStartMessage(message) {
  const box = $("#start-message");
  box.textContent = message;
  box.hidden = !message;
}

export function fail(message) {
  clearTimeout(app.botTimer);
  $("#error-message").textContent = message;
  show("error");
  setState("error");
}

// ----- a new table ----------------------------------------------------------------------------

/** Start `config` ({game, players, seats, options, seed}) in the engine; true if it started. */
export async function startGame(config, fromUrl = false) {
  stopTable();
  const gen = app.gen;
  try {
    const state = await call("start", { ...config, lang: language() });
    if (gen !== app.gen) return false;
    app.config = { ...config };
    app.state = state;
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
  app.demo?.stop();
  app.demo = null;
}

/** Show the table for app.state (just started or loaded). */
export async function enterTable() {
  showStartMessage("");
  exitReplay(false);
  app.logSize = 0;
  app.selected = null;
  app.viewer = null;
  app.pauseUntil = 0;
  $("#log").replaceChildren();
  if ($("#over").open) $("#over").close();
  show("table");
  setState("playing");
  await refresh();
}

function hotSeat(s = app.state) {
  return s.seats.filter((kind) => kind === "human").length > 1;
}

/** Ask the engine for the table as the viewer sees it, then draw it. */
export async function refresh() {
  const gen = app.gen;
  const payload = { log_from: app.logSize, lang: language() };
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
  app.state = s;
  autosave();
  render();
}

// ----- drawing ------------------------------------------------------------------------------

// A game's own wording when its catalog has one (Enemy Anemone plays "hands", not "rounds").
export function gameKey(game, key) {
  return has(`${game}.${key}`) ? `${game}.${key}` : key;
}

export function render() {
  const s = app.state;
  const view = s.view;
  appendLog(s.log.filter((e) => e.i >= app.logSize), app.logSize === 0);
  app.logSize = s.log_size;
  $("#round-label").textContent = t(gameKey(view.game, "table.round"), { n: view.round });
  $("#round-label").hidden = !(view.round_scores ?? view.hand_scores);  // a game without rounds (Go Fish)
  html.dataset.turn = view.current_player ?? "";
  renderScores($("#scores"), s);
  renderMoves(s);
  $("#undo-button").disabled = !s.can_undo;
  renderHandover(s);
  let hint = null;
  let drawn = false;  // a renderer redrawing on its own (a chooser opens) updates the prompt too
  $("#felt").classList.remove("waiting");
  drawFelt(s, { act, select, hold, selected: app.selected,
    prompt: (text) => { hint = text; if (drawn) setPrompt(promptText(s, hint)); } });
  drawn = true;
  setPrompt(promptText(s, hint));
  if (view.is_over) {
    clearTimeout(app.botTimer);
    showOver(s);
    return;
  }
  scheduleBot();
}

/** Draw state `s` on the felt with the game's renderer, then fit it to the space it has. */
export function drawFelt(s, ui) {
  const felt = $("#felt");
  const renderer = renderers[s.view.game] ?? renderers.generic;
  renderer(felt, s, { t, act: () => {}, select: () => {}, hold: () => {}, prompt: () => {}, selected: null, ...ui });
  fitFelt(felt);
}

function promptText(s, hint) {
  const cur = s.view.current_player;
  if (s.view.is_over) return t("table.game_over");
  if (cur == null) return "";
  if (app.handoverTo != null) return t("handover.text", { name: s.names[app.handoverTo] });
  const name = s.names[cur];
  if (s.bot_to_move) return t("table.thinking", { name });
  if (cur === s.viewer && hint) return hint;
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

function appendLog(entries, quiet = false) {
  const log = $("#log");
  const ends = entries.filter((e) => e.type === "round_end" || e.type === "hand_end");
  if (!quiet && ends.length && !entries.some((e) => e.type === "game_end")) {
    banner(ends.at(-1).text);
    app.pauseUntil = performance.now() + (app.speed ? 2500 : 0);
  }
  for (const e of entries) {
    const li = document.createElement("li");
    li.className = `log-${e.type}`;
    li.textContent = e.text;
    log.append(li);
  }
  if (entries.length) log.scrollTop = log.scrollHeight;
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

function banner(message) {
  const box = $("#banner");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(app.bannerTimer);
  app.bannerTimer = setTimeout(() => { box.hidden = true; }, 4000);
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
  if (app.busy) return;
  app.busy = true;
  app.selected = null;
  html.dataset.turn = "";  // until the engine's answer is drawn, nobody is to move on this page
  $("#felt").classList.add("waiting");
  const gen = app.gen;
  try {
    await call("act", { action });
  } catch (err) {
    if (gen === app.gen) toast(err.message);
  } finally {
    if (gen === app.gen) app.busy = false;
  }
  if (gen === app.gen) await refresh();
}

// ----- the bots' turns ----------------------------------------------------------------------

export function scheduleBot() {
  clearTimeout(app.botTimer);
  if (!app.state?.bot_to_move || app.replay || html.dataset.state !== "playing") return;
  const pause = Math.max(0, app.pauseUntil - performance.now());
  app.botTimer = setTimeout(botTurn, app.speed + pause);
}

async function botTurn() {
  const gen = app.gen;
  try {
    // The engine thinks in its worker, so the page stays smooth. At full speed several quick bot
    // moves share one state update.
    const until = performance.now() + (app.speed === 0 ? 30 : 0);
    let step;
    do step = await call("bot_step");
    while (gen === app.gen && step.bot_to_move && performance.now() < until);
    if (gen === app.gen) await refresh();
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
  const tieBreak = [...document.querySelectorAll("#log .log-tie_break")].at(-1);  // how a tie was broken
  if (tieBreak) $("#over-result").append(Object.assign(document.createElement("small"), { textContent: tieBreak.textContent }));
  const table = $("#over-scores");
  table.replaceChildren();
  const rounds = view.round_scores ?? view.hand_scores ?? [];
  const head = table.createTHead().insertRow();
  head.insertCell().textContent = "";
  rounds.forEach((_, i) => { head.insertCell().textContent = t(gameKey(view.game, "over.round"), { n: i + 1 }); });
  head.insertCell().textContent = has(`${view.game}.total`) ? t(`${view.game}.total`) : t("over.total");
  const body = table.createTBody();
  s.names.forEach((name, seat) => {
    const row = body.insertRow();
    if (view.winners.includes(seat)) row.classList.add("winner");
    row.insertCell().textContent = name;
    rounds.forEach((r) => { row.insertCell().textContent = r[seat]; });
    row.insertCell().textContent = view.totals[seat];
  });
  const chart = $("#over-chart");
  chart.replaceChildren(...(s.summary?.points.length > 1 ? lineChart(s.summary.points, s.names, t("chart.title")) : []));
  const dialog = $("#over");
  if (!dialog.open) dialog.show();
}

/** Wire the table's own controls. `onMenu()` goes back to the start screen. */
export function wireTable({ onMenu }) {
  $("#menu-button").addEventListener("click", onMenu);
  $("#speed").addEventListener("input", (ev) => {
    app.speed = Number(ev.target.value);
    scheduleBot();
  });
  $("#again-button").addEventListener("click", () => startGame({ ...app.config, seed: null }));
  $("#new-button").addEventListener("click", () => {
    $("#over").close();
    onMenu();
  });
  $("#over-close").addEventListener("click", () => $("#over").close());
  $("#handover-button").addEventListener("click", () => {
    app.viewer = app.handoverTo;
    refresh();
  });
  $("#side-toggle").addEventListener("click", () => {
    const open = getComputedStyle($("#side")).display === "none";
    html.dataset.side = open ? "open" : "closed";
    $("#side-toggle").setAttribute("aria-expanded", String(open));
    fitFelt($("#felt"));
  });
  const narrow = window.matchMedia("(max-width: 1099px)");
  const drawer = () => html.classList.toggle("drawer", html.classList.contains("embed") || narrow.matches);
  narrow.addEventListener("change", drawer);
  drawer();
  // Refit when the felt's box changes, and when a renderer redraws on its own (a chooser opens).
  new ResizeObserver(() => fitFelt($("#felt"))).observe($("#felt"));
  let pending = false;
  new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; fitFelt($("#felt")); });
  }).observe($("#felt"), { childList: true });
}
