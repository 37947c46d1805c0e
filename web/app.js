// Tidepool front end: renders only from the engine's views and sends the player's choices back.
// The engine (Python, loaded by PyScript) is reached through window.tidepoolEngine(command, json).
import { renderers } from "./tables/index.js";

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
  await loadCommonCatalog(app.lang);
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
  if (config) {
    app.speed = config.speed ?? app.speed;
    $("#speed").value = Math.min(2000, app.speed);
    fillStartForm(config);
    if (config.start) {
      startGame(config, true);
      return;
    }
  }
  show("start");
  setState("ready");
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
  try {
    app.config = { ...config, lang: app.lang };
    app.state = call("start", app.config);
  } catch (err) {
    showStartMessage(fromUrl ? t("error.params", { message: err.message }) : err.message);
    show("start");
    setState("ready");
    return;
  }
  showStartMessage("");
  app.logSize = 0;
  app.selected = null;
  $("#log").replaceChildren();
  $("#over").open && $("#over").close();
  show("table");
  setState("playing");
  render();
}

function refresh() {
  app.state = call("state", { log_from: app.logSize });
  render();
}

function render() {
  const s = app.state;
  const view = s.view;
  appendLog(s.log);
  app.logSize = s.log_size;
  $("#round-label").textContent = t("table.round", { n: view.round });
  $("#turn-label").textContent = turnText(s);
  html.dataset.turn = view.current_player ?? "";
  renderScores($("#scores"), s);
  renderMoves(s);
  $("#rules-text").textContent = t(`${view.game}.rules`);
  const renderer = renderers[view.game] ?? renderers.generic;
  renderer($("#felt"), s, { t, act, selected: app.selected, select });
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

function appendLog(entries) {
  const log = $("#log");
  const ends = entries.filter((e) => e.type === "round_end" || e.type === "hand_end");
  if (ends.length && !entries.some((e) => e.type === "game_end")) {
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

function botTurn() {
  if (html.dataset.state !== "playing") return;
  try {
    // At full speed several bot moves share one frame; otherwise one move per tick.
    const until = performance.now() + (app.speed === 0 ? 12 : 0);
    let step;
    do step = call("bot_step"); while (step.bot_to_move && performance.now() < until);
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
  const table = $("#over-scores");
  table.replaceChildren();
  const rounds = view.round_scores ?? view.hand_scores ?? [];
  const head = table.createTHead().insertRow();
  head.insertCell().textContent = "";
  rounds.forEach((_, i) => { head.insertCell().textContent = t("over.round", { n: i + 1 }); });
  head.insertCell().textContent = t("over.total");
  s.names.forEach((name, seat) => {
    const row = table.insertRow();
    if (view.winners.includes(seat)) row.classList.add("winner");
    row.insertCell().textContent = name;
    rounds.forEach((r) => { row.insertCell().textContent = r[seat]; });
    row.insertCell().textContent = view.totals[seat];
  });
  const dialog = $("#over");
  if (!dialog.open) dialog.show();
}

function wireTable() {
  $("#menu-button").addEventListener("click", () => {
    clearTimeout(app.botTimer);
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
