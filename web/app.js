// Tidepool front end: renders only from the engine's views and sends the player's choices back.
// The engine (Python, loaded by PyScript) is reached through window.tidepoolEngine(command, json).
import { renderers } from "./tables/index.js";
import { lineChart } from "./chart.js";
import { openRules } from "./rules.js";
import { startDemo } from "./demo.js";

const $ = (sel) => document.querySelector(sel);
const html = document.documentElement;
const BIG_FILES = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", ".whl"];
const ENGINE_TIMEOUT_MS = 90000;

const app = {
  catalog: {},
  info: null,
  config: null,      // the config of the running (or last) table
  state: null,       // the last state from the engine
  logSize: 0,
  speed: 700,
  botTimer: null,
  selected: null,    // a card picked in hand, waiting for a destination
  viewer: null,      // hot seat: the human whose hand is shown (null while the device changes hands)
  handoverTo: null,  // hot seat: the human who must confirm before their hand is shown
  replay: null,      // {step, viewer, timer} while replaying a game
};

// ----- text ---------------------------------------------------------------------------------

export function t(key, args = {}) {
  let text = app.catalog[`${key}.${args.n ?? args.count}`] ?? app.catalog[key] ?? key;
  for (const [k, v] of Object.entries(args)) text = text.replaceAll(`{${k}}`, v);
  return text;
}

function applyTexts() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  html.lang = app.lang || "en";
  html.dir = app.catalog.dir === "rtl" ? "rtl" : "ltr";
}

function setState(state) {
  html.dataset.state = state;
}

function show(id) {
  for (const el of document.querySelectorAll(".screen")) el.hidden = el.id !== id;
  if (id === "start") $("#continue-button").hidden = !app.state || Boolean(app.state.view?.is_over) || Boolean(app.demo);
}

function fail(message) {
  clearTimeout(app.botTimer);
  $("#error-message").textContent = message;
  show("error");
  setState("error");
}

// ----- engine bridge ------------------------------------------------------------------------

class EngineError extends Error {}

function call(command, payload = {}) {
  const reply = JSON.parse(window.tidepoolEngine(command, JSON.stringify(payload)));
  if (!reply.ok) {
    if (reply.detail) console.warn(reply.detail);
    throw new EngineError(reply.error);
  }
  return reply;
}

// ----- loading ------------------------------------------------------------------------------

function trackDownloads(onProgress) {
  // Count the bytes of the runtime's own large downloads as they stream in (no second fetch):
  // wrap fetch until the engine is ready, passing each response body through a counter.
  const original = window.fetch;
  const sizes = new Map();
  const got = new Map();
  const report = () => onProgress([...got.values()].reduce((a, b) => a + b, 0),
    [...sizes.values()].reduce((a, b) => a + b, 0));
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === "string" ? input : input.url ?? String(input);
    if (!BIG_FILES.some((name) => url.endsWith(name)) || !response.body) return response;
    sizes.set(url, Number(response.headers.get("content-length")) || 0);
    got.set(url, 0);
    const counter = new TransformStream({
      transform(chunk, controller) {
        got.set(url, got.get(url) + chunk.byteLength);
        report();
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter),
      { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return () => { window.fetch = original; };
}

function waitForEngine() {
  return new Promise((resolve, reject) => {
    if (window.tidepoolEngine) return resolve();
    const timer = setTimeout(() => reject(new Error("the game engine did not start in time")), ENGINE_TIMEOUT_MS);
    window.addEventListener("tidepool:engine", () => { clearTimeout(timer); resolve(); }, { once: true });
    window.addEventListener("py:error", (ev) => { clearTimeout(timer); reject(new Error(String(ev.detail ?? "Python failed to start"))); }, { once: true });
  });
}

async function loadCommonCatalog(lang) {
  try {
    const response = await fetch(`locales/${lang}.json`);
    if (response.ok) app.catalog = await response.json();
  } catch { /* the engine's catalog replaces it shortly */ }
}

async function boot() {
  const params = new URLSearchParams(location.search);
  app.lang = /^(en|de|id|pt|ar)$/.test(params.get("lang")) ? params.get("lang") : "en";
  if (params.get("embed") === "1") html.classList.add("embed");
  const bar = $("#load-progress");
  const status = $("#load-status");
  const mb = (n) => (n / 1048576).toFixed(1);
  const untrack = trackDownloads((got, total) => {
    if (!total) return;
    bar.value = Math.min(95, (95 * got) / total);
    status.textContent = got < total ? t("loading.download", { done: mb(got), total: mb(total) }) : t("loading.start");
  });
  const engine = waitForEngine();
  await loadCommonCatalog("en");  // the engine brings the chosen language's catalog
  applyTexts();
  if (!status.textContent.includes("MB")) status.textContent = t("loading.start");
  try {
    await engine;
  } catch (err) {
    fail(t("error.load", { message: err.message }));
    return;
  } finally {
    untrack();
  }
  bar.value = 100;
  ready();
}

// ----- start screen -------------------------------------------------------------------------

function ready() {
  app.info = call("info", { lang: app.lang });
  app.catalog = app.info.catalog;
  applyTexts();
  buildStartForm();
  registerServiceWorker();
  let config = null;
  try {
    config = call("parse_query", { query: location.search }).config;
  } catch (err) {
    showStartMessage(t("error.params", { message: err.message }));
  }
  const demo = new URLSearchParams(location.search).get("demo");
  if (demo && runDemo(demo)) return;
  if (config) {
    app.speed = config.speed ?? app.speed;
    $("#speed").value = Math.min(2000, app.speed);
    fillStartForm(config);
    if (resumeSaved()) return;
    if (config.start) {
      startGame(config, true);
      return;
    }
  } else if (resumeSaved()) {
    return;
  }
  show("start");
  setState("ready");
}

function runDemo(name) {
  try {
    show("table");
    app.demo = startDemo(name, {
      call, t, felt: $("#felt"), renderers, onExit: ({ game }) => {
        app.demo = null;
        history.replaceState(null, "", location.pathname + (app.lang !== "en" ? `?lang=${app.lang}` : ""));
        fillStartForm({ game });
        show("start");
        setState("ready");
      },
    });
    return true;
  } catch (err) {
    showStartMessage(t("error.params", { message: err.message }));
    show("start");
    setState("ready");
    return false;
  }
}

function stopDemo() {
  app.demo?.stop();
  app.demo = null;
}

function showStartMessage(message) {
  const box = $("#start-message");
  box.textContent = message;
  box.hidden = !message;
}

function gameInfo(name) {
  return app.info.games.find((g) => g.name === name);
}

function buildStartForm() {
  const choices = $("#game-choices");
  choices.replaceChildren();
  for (const game of app.info.games) {
    const label = document.createElement("label");
    label.className = `game-choice game-${game.name}`;
    label.innerHTML = `<input type="radio" name="game" value="${game.name}">
      <span class="game-name">${t(`game.${game.name}`)}</span>
      <span class="game-blurb">${t(`${game.name}.blurb`)}</span>
      <span class="game-range">${game.min_players}–${game.max_players}</span>`;
    choices.append(label);
  }
  const lang = $("#lang");
  lang.replaceChildren(...app.info.languages.map((code) => new Option(t(`lang.${code}`), code)));
  lang.value = app.lang;
  lang.closest("label").hidden = app.info.languages.length < 2;
}

function fillStartForm(config) {
  const form = $("#start-form");
  form.elements.game.value = config.game;
  renderGameSetup(config);
  if (config.seed != null) $("#seed").value = config.seed;
}

function renderGameSetup(config = {}) {
  const name = $("#start-form").elements.game.value || app.info.games[0].name;
  const game = gameInfo(name);
  const players = $("#players");
  const wanted = config.players ?? config.seats?.length ?? (Number(players.value) || 3);
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) players.append(new Option(String(n), n));
  players.value = Math.min(game.max_players, Math.max(game.min_players, wanted));
  renderSeats(config.seats);
  const list = $("#option-list");
  list.replaceChildren();
  for (const opt of game.options) list.append(optionControl(name, opt, config.options?.[opt.name]));
}

function renderSeats(seats) {
  const count = Number($("#players").value);
  const list = $("#seat-list");
  const old = [...list.querySelectorAll("select")].map((s) => s.value);
  list.replaceChildren();
  for (let i = 0; i < count; i++) {
    const li = document.createElement("li");
    const select = document.createElement("select");
    select.name = `seat${i}`;
    select.setAttribute("aria-label", t("start.seat", { n: i + 1 }));
    select.append(new Option(t("level.human"), "human"));
    for (const level of app.info.levels) select.append(new Option(`${t("bot_name", { n: i + 1, level: t(`level.${level}`) })}`, `bot:${level}`));
    select.value = seats?.[i] ?? old[i] ?? (i === 0 ? "human" : `bot:${app.info.levels.at(-1)}`);
    const label = document.createElement("span");
    label.textContent = t("start.seat", { n: i + 1 });
    li.append(label, select);
    list.append(li);
  }
}

function optionControl(game, opt, value) {
  const label = document.createElement("label");
  label.className = "row";
  const text = document.createElement("span");
  text.textContent = t(`${game}.option.${opt.name}`) !== `${game}.option.${opt.name}` ? t(`${game}.option.${opt.name}`) : t(`option.${opt.name}`);
  let input;
  if (opt.kind === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = value ?? opt.default;
    label.classList.add("check");
  } else if (opt.kind === "seat") {
    input = document.createElement("select");
    input.append(new Option(t("start.first_player_random"), ""));
    for (let i = 0; i < Number($("#players").value); i++) input.append(new Option(t("start.seat", { n: i + 1 }), i));
    input.value = value ?? "";
    input.dataset.seat = "1";
  } else if (opt.choices) {
    input = document.createElement("select");
    for (const c of opt.choices) input.append(new Option(t(`${game}.choice.${opt.name}.${c}`) .replace(`${game}.choice.${opt.name}.${c}`, c), c));
    input.value = value ?? opt.default;
  } else {
    input = document.createElement("input");
    input.type = "number";
    input.min = opt.minimum ?? 0;
    input.value = value ?? opt.default;
  }
  input.name = `option.${opt.name}`;
  input.dataset.kind = opt.kind;
  label.append(text, input);
  return label;
}

function readStartForm() {
  const form = $("#start-form");
  const game = form.elements.game.value;
  const seats = [...document.querySelectorAll("#seat-list select")].map((s) => s.value);
  const options = {};
  for (const el of document.querySelectorAll("#option-list [name^='option.']")) {
    const name = el.name.slice(7);
    const kind = el.dataset.kind;
    if (kind === "bool") options[name] = el.checked;
    else if (kind === "seat") { if (el.value !== "") options[name] = Number(el.value); }
    else if (kind === "int") options[name] = Number(el.value);
    else options[name] = el.value;
  }
  const seedText = $("#seed").value.trim();
  if (seedText && !/^\d+$/.test(seedText)) throw new EngineError(`${t("start.seed")}: ${seedText}`);
  return { game, players: seats.length, seats, options, seed: seedText ? Number(seedText) : null, lang: app.lang };
}

function wireStartForm() {
  const form = $("#start-form");
  form.addEventListener("change", (ev) => {
    if (ev.target.name === "game") renderGameSetup({});
    else if (ev.target.id === "players") { renderSeats(); renderGameSetup({ players: Number($("#players").value), seats: [...document.querySelectorAll("#seat-list select")].map((s) => s.value) }); }
    else if (ev.target.id === "lang") switchLanguage(ev.target.value);
  });
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    try {
      startGame(readStartForm(), false);
    } catch (err) {
      showStartMessage(err.message);
    }
  });
}

function switchLanguage(lang) {
  const config = (() => { try { return readStartForm(); } catch { return {}; } })();
  app.lang = lang;
  app.info = call("info", { lang });
  app.catalog = app.info.catalog;
  applyTexts();
  buildStartForm();
  fillStartForm({ ...config, lang });
}

// ----- the table ----------------------------------------------------------------------------

function startGame(config, fromUrl) {
  stopDemo();
  try {
    app.config = { ...config, lang: app.lang };
    app.state = call("start", app.config);
  } catch (err) {
    showStartMessage(fromUrl ? t("error.params", { message: err.message }) : err.message);
    show("start");
    setState("ready");
    return;
  }
  enterTable();
}

function enterTable() {
  showStartMessage("");
  exitReplay(false);
  app.logSize = 0;
  app.selected = null;
  app.viewer = null;
  $("#log").replaceChildren();
  if ($("#over").open) $("#over").close();
  show("table");
  setState("playing");
  refresh();
}

function hotSeat() {
  return app.state.seats.filter((kind) => kind === "human").length > 1;
}

function refresh() {
  const payload = { log_from: app.logSize };
  if (app.state && hotSeat()) payload.viewer = app.viewer;
  let s = call("state", payload);
  if (hotSeat()) {
    const cur = s.view.current_player;
    const needed = cur != null && s.seats[cur] === "human" && cur !== app.viewer;
    if (needed && app.viewer !== null) {  // hide the last hand before anything else is drawn
      app.viewer = null;
      s = call("state", { log_from: app.logSize, viewer: null });
    }
    app.handoverTo = needed ? cur : null;
  }
  app.state = s;
  autosave();
  render();
}

function render() {
  const s = app.state;
  const view = s.view;
  appendLog(s.log.filter((e) => e.i >= app.logSize), app.logSize === 0);  // a re-render (select) adds nothing
  app.logSize = s.log_size;
  $("#round-label").textContent = t(gameKey(view.game, "table.round"), { n: view.round });
  $("#round-label").hidden = !(view.round_scores ?? view.hand_scores);  // a game without rounds (Go Fish)
  $("#turn-label").textContent = turnText(s);
  html.dataset.turn = view.current_player ?? "";
  renderScores($("#scores"), s);
  renderMoves(s);
  $("#undo-button").disabled = !s.can_undo;
  renderHandover(s);
  const renderer = renderers[view.game] ?? renderers.generic;
  renderer($("#felt"), s, { t, act, selected: app.selected, select, hold });
  if (view.is_over) {
    clearTimeout(app.botTimer);
    showOver(s);
    return;
  }
  scheduleBot();
}

function turnText(s) {
  const cur = s.view.current_player;
  if (cur == null) return "";
  const name = s.names[cur];
  if (s.bot_to_move) return t("table.thinking", { name });
  if (cur === s.viewer && s.seats.filter((k) => k === "human").length === 1) return t("table.turn_yours");
  return t("table.turn_of", { name });
}

function renderScores(table, s) {
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

// A game's own wording when its catalog has one (Enemy Anemone plays "hands", not "rounds").
function gameKey(game, key) {
  return app.catalog[`${game}.${key}`] != null ? `${game}.${key}` : key;
}

// A renderer showing something worth a look (a finished trick) asks the bots to wait a little.
function hold(ms) {
  if (app.speed) app.pauseUntil = Math.max(app.pauseUntil ?? 0, performance.now() + ms);
}

function select(card) {
  app.selected = app.selected === card ? null : card;
  render();
}

function act(action) {
  app.selected = null;
  try {
    call("act", { action });
  } catch (err) {
    toast(err.message);
  }
  refresh();
}

function banner(message) {
  const box = $("#banner");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(app.bannerTimer);
  app.bannerTimer = setTimeout(() => { box.hidden = true; }, 4000);
}

function toast(message) {
  const box = document.createElement("div");
  box.className = "toast";
  box.setAttribute("role", "status");
  box.textContent = message;
  document.body.append(box);
  setTimeout(() => box.remove(), 4000);
}

function scheduleBot() {
  clearTimeout(app.botTimer);
  if (!app.state.bot_to_move) return;
  const pause = Math.max(0, (app.pauseUntil ?? 0) - performance.now());
  app.botTimer = setTimeout(botTurn, app.speed + pause);
}

const THINK_SLICE_MS = 40;  // the longest a bot may hold the page between two frames

function botTurn() {
  if (html.dataset.state !== "playing") return;
  try {
    // At full speed several quick bot moves share one frame; a bot still thinking yields a frame
    // and goes on at once.
    const until = performance.now() + (app.speed === 0 ? 12 : 0);
    let step;
    do step = call("bot_step", { budget_ms: THINK_SLICE_MS });
    while (step.done && step.bot_to_move && performance.now() < until);
    if (!step.done) {
      app.botTimer = setTimeout(botTurn, 0);
      return;
    }
    refresh();
  } catch (err) {
    fail(t("error.load", { message: err.message }));
  }
}

function showOver(s) {
  setState("over");
  const view = s.view;
  const names = view.winners.map((seat) => s.names[seat]);
  let result;
  if (view.winners.length === 1 && view.winners[0] === s.viewer && s.seats[s.viewer] === "human") result = t("over.you_win");
  else if (view.winners.length === 1) result = t("over.winner", { names: names[0] });
  else result = t("over.winners", { names: names.join(app.catalog.list_sep ?? ", ") });
  $("#over-result").textContent = result;
  const tieBreak = [...document.querySelectorAll("#log .log-tie_break")].at(-1);  // how a tie was broken
  if (tieBreak) $("#over-result").append(Object.assign(document.createElement("small"), { textContent: tieBreak.textContent }));
  const table = $("#over-scores");
  table.replaceChildren();
  const rounds = view.round_scores ?? view.hand_scores ?? [];
  const head = table.createTHead().insertRow();
  head.insertCell().textContent = "";
  rounds.forEach((_, i) => { head.insertCell().textContent = t(gameKey(view.game, "over.round"), { n: i + 1 }); });
  head.insertCell().textContent = app.catalog[`${view.game}.total`] ?? t("over.total");  // e.g. "Books"
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

function wireTable() {
  $("#menu-button").addEventListener("click", () => {
    clearTimeout(app.botTimer);
    stopDemo();
    if (app.config) fillStartForm(app.config);
    show("start");
    setState("ready");
  });
  $("#speed").addEventListener("input", (ev) => {
    app.speed = Number(ev.target.value);
    if (html.dataset.state === "playing") scheduleBot();
  });
  $("#again-button").addEventListener("click", () => startGame({ ...app.config, seed: null }, false));
  $("#new-button").addEventListener("click", () => {
    $("#over").close();
    fillStartForm(app.config);
    show("start");
    setState("ready");
  });
  $("#error-reload").addEventListener("click", () => location.reload());
  $("#undo-button").addEventListener("click", undo);
  $("#rules-button").addEventListener("click", () => openRules(app.demo?.game ?? app.state?.view.game ?? $("#start-form").elements.game.value, { t }));
  $("#start-rules-button").addEventListener("click", () => openRules($("#start-form").elements.game.value || "snorkeling", { t }));
  $("#share-button").addEventListener("click", share);
  $("#share-copy").addEventListener("click", async () => {
    const input = $("#share-link");
    input.select();
    try { await navigator.clipboard.writeText(input.value); toast(t("share.copied")); } catch { document.execCommand?.("copy"); }
  });
  $("#share-close").addEventListener("click", () => $("#share-dialog").close());
  $("#export-button").addEventListener("click", exportFile);
  $("#import-button").addEventListener("click", () => $("#import-file").click());
  $("#import-file").addEventListener("change", importFile);
  $("#handover-button").addEventListener("click", () => {
    app.viewer = app.handoverTo;
    refresh();
  });
  $("#replay-button").addEventListener("click", startReplay);
  $("#over-close").addEventListener("click", () => $("#over").close());
  $("#continue-button").addEventListener("click", () => {
    show("table");
    setState(app.state.view.is_over ? "over" : "playing");
    refresh();
  });
  $("#start-import-button").addEventListener("click", () => $("#import-file").click());
  $("#replay-exit").addEventListener("click", () => exitReplay(true));
  $("#replay-first").addEventListener("click", () => replayTo(0));
  $("#replay-back").addEventListener("click", () => replayTo(app.replay.step - 1));
  $("#replay-next").addEventListener("click", () => replayTo(app.replay.step + 1));
  $("#replay-last").addEventListener("click", () => replayTo(app.state.steps));
  $("#replay-step").addEventListener("input", (ev) => replayTo(Number(ev.target.value)));
  $("#replay-viewer").addEventListener("change", (ev) => {
    app.replay.viewer = ev.target.value === "all" ? "all" : ev.target.value === "" ? null : Number(ev.target.value);
    replayTo(app.replay.step);
  });
  $("#replay-play").addEventListener("click", toggleReplayPlay);
}

// ----- undo, hot seat, saves, sharing -------------------------------------------------------

function undo() {
  clearTimeout(app.botTimer);
  try {
    call("undo", { seat: app.state.viewer });
  } catch (err) {
    toast(err.message);
  }
  app.logSize = 0;
  $("#log").replaceChildren();
  refresh();
}

function renderHandover(s) {
  const box = $("#handover");
  box.hidden = app.handoverTo == null;
  if (box.hidden) return;
  const name = s.names[app.handoverTo];
  $("#handover-text").textContent = t("handover.text", { name });
  $("#handover-button").textContent = t("handover.button", { name });
}

function saveKey() {
  // A link that starts a game keeps its own save, so two embedded tables do not share one.
  const params = new URLSearchParams(location.search);
  return params.has("game") ? `tidepool.autosave:${location.search}` : "tidepool.autosave";
}

function storage() {
  try { return window.localStorage; } catch { return null; }  // blocked in some embeds
}

function autosave() {
  const store = storage();
  if (!store || app.replay) return;
  try {
    if (app.state.view.is_over) store.removeItem(saveKey());
    else store.setItem(saveKey(), call("save").text);
  } catch (err) {
    console.warn(`autosave: ${err.message}`);
  }
}

function resumeSaved() {
  const store = storage();
  const text = store?.getItem(saveKey());
  if (!text) return false;
  try {
    app.state = call("load", { text });
  } catch (err) {
    store.removeItem(saveKey());
    showStartMessage(t("save.bad_storage", { message: err.message }));
    return false;
  }
  app.config = configOf(app.state);
  enterTable();
  return true;
}

function configOf(s) {
  const v = s.view;
  return { game: v.game, players: v.players, seats: s.seats, options: v.options, seed: null, lang: app.lang };
}

function exportFile() {
  const text = call("save").text;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = `tidepool-${app.state.view.game}-${app.state.seed}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function importFile(ev) {
  const file = ev.target.files[0];
  ev.target.value = "";
  if (!file) return;
  try {
    app.state = call("load", { text: await file.text() });
  } catch (err) {
    toast(t("save.bad_file", { message: err.message }));
    return;
  }
  clearTimeout(app.botTimer);
  app.config = configOf(app.state);
  enterTable();
}

function shareLink() {
  const s = app.state;
  const query = new URLSearchParams({ game: s.view.game, players: s.view.players, seats: s.seats.join(","), seed: s.seed });
  const options = Object.entries(s.view.options).filter(([, v]) => v !== null)
    .map(([k, v]) => `${k}=${v === true ? 1 : v === false ? 0 : v}`).join(",");
  if (options) query.set("options", options);
  if (app.lang !== "en") query.set("lang", app.lang);
  return `${location.origin}${location.pathname}?${query}`;
}

function share() {
  $("#share-link").value = shareLink();
  $("#share-dialog").showModal();
  $("#share-link").select();
}

// ----- replay ---------------------------------------------------------------------------------

function startReplay() {
  if ($("#over").open) $("#over").close();
  clearTimeout(app.botTimer);
  app.replay = { step: 0, viewer: app.state.viewer ?? "all", timer: null };
  const select = $("#replay-viewer");
  select.replaceChildren(new Option(t("replay.all"), "all"), new Option(t("replay.spectator"), ""),
    ...app.state.names.map((name, seat) => new Option(t("replay.seat", { name }), seat)));
  select.value = String(app.replay.viewer);
  $("#replay-step").max = app.state.steps;
  $("#replay-bar").hidden = false;
  html.dataset.replay = "on";
  replayTo(0);
}

function replayTo(step) {
  const r = app.replay;
  r.step = Math.max(0, Math.min(app.state.steps, step));
  const s = call("replay", { step: r.step, viewer: r.viewer });
  html.dataset.replayStep = r.step;
  $("#replay-step").value = r.step;
  $("#replay-count").textContent = t("replay.count", { n: r.step, total: s.steps });
  const log = $("#log");
  log.replaceChildren(...s.log.map((e) => Object.assign(document.createElement("li"), { className: `log-${e.type}`, textContent: e.text })));
  log.scrollTop = log.scrollHeight;
  const hands = $("#open-hands");
  hands.hidden = !s.open_hands;
  hands.replaceChildren(...(s.open_hands ?? []).map((hand, seat) => {
    const row = document.createElement("p");
    row.textContent = `${s.names[seat]}: ${hand.join(" ")}`;
    return row;
  }));
  renderScores($("#scores"), s);
  $("#turn-label").textContent = "";
  const renderer = renderers[s.view.game] ?? renderers.generic;
  renderer($("#felt"), s, { t, act: () => {}, selected: null, select: () => {}, hold: () => {} });
  if (r.step >= s.steps) stopReplayPlay();
}

function toggleReplayPlay() {
  const r = app.replay;
  if (r.timer) return stopReplayPlay();
  if (r.step >= app.state.steps) replayTo(0);
  $("#replay-play").textContent = "⏸";
  r.timer = setInterval(() => replayTo(r.step + 1), Math.max(150, app.speed));
}

function stopReplayPlay() {
  const r = app.replay;
  if (r?.timer) clearInterval(r.timer);
  if (r) r.timer = null;
  $("#replay-play").textContent = "▶";
}

function exitReplay(show) {
  if (!app.replay) return;
  stopReplayPlay();
  app.replay = null;
  $("#replay-bar").hidden = true;
  $("#open-hands").hidden = true;
  delete html.dataset.replay;
  delete html.dataset.replayStep;
  if (show) {
    app.logSize = 0;
    $("#log").replaceChildren();
    refresh();
  }
}

function registerServiceWorker() {
  if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
    navigator.serviceWorker.register("./sw.js").catch((err) => console.warn(`service worker: ${err}`));
  }
}

window.addEventListener("error", (ev) => {
  // Show one readable line; the full report stays in the console.
  const line = String(ev.message ?? ev.error ?? "").split("\n").find((l) => l.trim()) ?? "";
  if (html.dataset.state === "loading") fail(t("error.load", { message: line }));
  else toast(line);
});

wireStartForm();
wireTable();
boot();
