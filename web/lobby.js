// The start screen, drawn from lobby.json (written by the build from the engine: games with player
// ranges and options, bot levels, languages), so it is usable before the engine has loaded.
//
// drawLobby(lobby) builds the game cards and language list; fillLobby(config) shows a config;
// readLobby() returns the config the form describes ({game, players, seats, options, seed}) or
// throws an Error naming the bad field.
import { t, has, language } from "./i18n.js";
import { recordLines } from "./records.js";
import { read, write } from "./store.js";

const $ = (sel) => document.querySelector(sel);
const ADVANCED = new Set(["max_turns_per_round", "max_rounds", "first_player"]);

let lobby = null;

export function gameInfo(name) {
  return lobby.games.find((g) => g.name === name) ?? lobby.games[0];
}

export function lobbyData() {
  return lobby;
}

// Three cards of each game, fanned on its card in the lobby (pictures only: the name says it).
const ART = {
  snorkeling: [["sym-B", "3", "#2463b4"], ["sym-Y", "4", "#c98a00"], ["sym-O", "5", "#d9622b"]],
  go_fish: [["♠", "7", "#17202a"], ["♥", "7", "#c8102e"], ["♦", "7", "#c8102e"]],
  enemy_anemone: [["sym-ea-O", "9", "#7b3fb5"], ["sym-ea-J", "4", "#c2397e"], ["sym-ea-A", "", "#ff4f94"]],
};
const SVG = "http://www.w3.org/2000/svg";

// A picture (an SVG symbol of the page's sprite, or a suit sign) with its corner index.
function gameArt(name) {
  const art = document.createElement("span");
  art.className = "game-art";
  art.setAttribute("aria-hidden", "true");
  for (const [picture, index, colour] of ART[name] ?? []) {
    const card = Object.assign(document.createElement("span"), { className: "art-card" });
    card.style.setProperty("--c", colour);
    card.append(Object.assign(document.createElement("b"), { textContent: index }));
    if (picture.startsWith("sym-")) {
      const svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("viewBox", "0 0 24 24");
      const use = document.createElementNS(SVG, "use");
      use.setAttribute("href", `#${picture}`);
      svg.append(use);
      card.append(svg);
    } else {
      card.append(Object.assign(document.createElement("i"), { textContent: picture }));
    }
    art.append(card);
  }
  return art;
}

/** Build the game cards and the language list from `data` (lobby.json). */
export function drawLobby(data) {
  lobby = data;
  const choices = $("#game-choices");
  const chosen = choices.querySelector("input:checked")?.value;
  choices.replaceChildren();
  for (const game of lobby.games) {
    const label = document.createElement("label");
    label.className = `game-choice game-${game.name}`;
    const input = Object.assign(document.createElement("input"), { type: "radio", name: "game", value: game.name });
    const name = Object.assign(document.createElement("span"), { className: "game-name", textContent: t(`game.${game.name}`) });
    const blurb = Object.assign(document.createElement("span"), { className: "game-blurb", textContent: t(`${game.name}.blurb`) });
    const range = Object.assign(document.createElement("span"), {
      className: "game-range", textContent: t("start.player_range", { min: game.min_players, max: game.max_players }),
    });
    const record = Object.assign(document.createElement("span"), { className: "game-record" });
    record.dataset.game = game.name;
    label.append(input, gameArt(game.name), name, blurb, range, record);
    choices.append(label);
  }
  drawRecords();
  for (const lang of [$("#lang"), $("#table-lang")]) {
    lang.replaceChildren(...lobby.languages.map((code) => new Option(t(`lang.${code}`), code)));
    lang.value = language();
    lang.closest("label").hidden = lobby.languages.length < 2;
  }
  if (chosen) choices.querySelector(`input[value="${chosen}"]`).checked = true;
}

// The setup of the last game started on this site (game, players, seats, options; never the
// seed), so the start screen opens on it: "Start game" plays again with the same settings.
const SETUP = "tidepool.setup";

/** Keep `config` as the setup the start screen opens on next time. */
export function rememberSetup({ game, players, seats, options }) {
  write(SETUP, JSON.stringify({ game, players, seats, options }));
}

/** The setup kept by rememberSetup, or {} (none, or damaged: the form's defaults then). */
export function lastSetup() {
  try {
    const setup = JSON.parse(read(SETUP) ?? "{}");
    return setup && typeof setup === "object" && lobby.games.some((g) => g.name === setup.game) ? setup : {};
  } catch {
    return {};
  }
}

/** Write the player's record (records.js) on each game's card: a line per bot level played. */
export function drawRecords() {
  for (const node of document.querySelectorAll(".game-record")) {
    const lines = recordLines(node.dataset.game, lobby.levels);
    node.replaceChildren(...lines.map((line) => Object.assign(document.createElement("span"), { textContent: line })));
    node.hidden = !lines.length;
  }
}

/** Show `config` ({game, players, seats, options, seed}) in the form. */
export function fillLobby(config = {}) {
  const form = $("#start-form");
  form.elements.game.value = config.game ?? form.elements.game.value ?? lobby.games[0].name;
  if (!form.elements.game.value) form.elements.game.value = lobby.games[0].name;
  renderSetup(config);
  $("#seed").value = config.seed ?? "";
}

function renderSetup(config = {}) {
  const name = $("#start-form").elements.game.value || lobby.games[0].name;
  const game = gameInfo(name);
  const players = $("#players");
  const wanted = config.players ?? config.seats?.length ?? (Number(players.value) || 3);
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) players.append(new Option(String(n), n));
  players.value = Math.min(game.max_players, Math.max(game.min_players, wanted));
  renderSeats(config.seats);
  const list = $("#option-list");
  const advanced = $("#advanced-list");
  list.replaceChildren();
  advanced.replaceChildren();
  for (const opt of game.options) {
    (ADVANCED.has(opt.name) ? advanced : list).append(optionControl(name, opt, config.options?.[opt.name]));
  }
  applyNeeds();
}

// An option that needs another (Go Fish's bluffs need exact cards) is off and greyed out until
// that one is on.
function applyNeeds() {
  const form = $("#start-form");
  for (const input of form.querySelectorAll("[data-needs]")) {
    const needed = form.elements[`option.${input.dataset.needs}`];
    const off = !needed?.checked;
    if (off) input.checked = false;
    input.disabled = off;
    input.closest("label").classList.toggle("disabled", off);
  }
}

// Each seat is a chip: a tap (Enter, Space) makes it the next of human and the bot levels, weakest
// to strongest and round again; the arrow keys step either way. Its value is the seat's kind as a
// link writes it ("human", "bot:medium").
function seatKinds() {
  return ["human", ...lobby.levels.map((level) => `bot:${level}`)];
}

function drawSeat(chip, kind) {
  const levels = lobby.levels;
  const level = kind.startsWith("bot:") ? kind.slice(4) : null;
  chip.value = kind;
  chip.dataset.kind = level ? "bot" : "human";
  chip.querySelector("use").setAttribute("href", level ? "#sym-bot" : "#sym-human");
  chip.querySelector(".seat-who").textContent = level ? t("start.bot_level", { level: t(`level.${level}`) }) : t("level.human");
  // A bot's strength as filled dots, one per level from the weakest.
  const pips = chip.querySelector(".seat-pips");
  pips.textContent = level ? "●".repeat(levels.indexOf(level) + 1) + "○".repeat(levels.length - levels.indexOf(level) - 1) : "";
}

function renderSeats(seats) {
  const count = Number($("#players").value);
  const list = $("#seat-list");
  const old = seatValues();
  const offered = seatKinds();
  list.replaceChildren();
  for (let i = 0; i < count; i++) {
    const li = document.createElement("li");
    const chip = Object.assign(document.createElement("button"), { type: "button", className: "seat-chip", name: `seat${i}`, id: `seat${i}` });
    chip.setAttribute("aria-describedby", "seat-help");
    const icon = document.createElementNS(SVG, "svg");
    icon.setAttribute("viewBox", "0 0 24 24");
    icon.setAttribute("aria-hidden", "true");
    icon.append(document.createElementNS(SVG, "use"));
    const number = Object.assign(document.createElement("span"), { className: "seat-no", textContent: t("start.seat", { n: i + 1 }) });
    const who = Object.assign(document.createElement("span"), { className: "seat-who" });
    const pips = Object.assign(document.createElement("span"), { className: "seat-pips" });
    pips.setAttribute("aria-hidden", "true");
    chip.append(icon, number, who, pips);
    // A newcomer meets medium bots (hard ones win nearly every game); a value the chips do not
    // offer (a link's unknown level) falls back to that default.
    const fallback = i === 0 ? "human" : `bot:${lobby.levels.includes("medium") ? "medium" : lobby.levels.at(-1)}`;
    drawSeat(chip, [seats?.[i], old[i]].find((v) => offered.includes(v)) ?? fallback);
    li.append(chip);
    list.append(li);
  }
}

// The seats' kinds as the chips show them, in seat order.
function seatValues() {
  return [...document.querySelectorAll("#seat-list .seat-chip")].map((chip) => chip.value);
}

// Step the seat's chip `by` kinds (1: the next, -1: the one before), and say its new kind.
function stepSeat(chip, by) {
  const kinds = seatKinds();
  drawSeat(chip, kinds[(kinds.indexOf(chip.value) + by + kinds.length) % kinds.length]);
  const said = $("#seat-said");
  said.textContent = "";
  requestAnimationFrame(() => { said.textContent = chip.querySelector(".seat-who").textContent; });
}

function optionLabel(game, name) {
  return has(`${game}.option.${name}`) ? t(`${game}.option.${name}`) : t(`option.${name}`);
}

function optionControl(game, opt, value) {
  const label = document.createElement("label");
  label.className = "row";
  const text = document.createElement("span");
  text.textContent = optionLabel(game, opt.name);
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
  } else if (opt.choices) {
    input = document.createElement("select");
    for (const c of opt.choices) {
      const key = `${game}.choice.${opt.name}.${c}`;
      input.append(new Option(has(key) ? t(key) : c, c));
    }
    input.value = value ?? opt.default;
  } else {
    input = document.createElement("input");
    input.type = "number";
    input.min = opt.minimum ?? 0;
    if (opt.maximum != null) input.max = opt.maximum;
    input.value = value ?? opt.default;
  }
  input.name = `option.${opt.name}`;
  input.dataset.kind = opt.kind;
  if (opt.needs) input.dataset.needs = opt.needs;
  label.append(text, input);
  return label;
}

/** The config the form describes; throws an Error naming a bad field. */
export function readLobby() {
  const form = $("#start-form");
  const game = form.elements.game.value;
  const seats = seatValues();
  const options = {};
  for (const node of document.querySelectorAll("#start-form [name^='option.']")) {
    const name = node.name.slice(7);
    const kind = node.dataset.kind;
    if (kind === "bool") options[name] = node.checked;
    else if (kind === "seat") { if (node.value !== "") options[name] = Number(node.value); }
    else if (kind === "int") {
      if (!/^\d+$/.test(node.value.trim())) throw new Error(t("start.bad_number", { name: optionLabel(game, name), value: node.value }));
      options[name] = Number(node.value);
    } else options[name] = node.value;
  }
  const seedText = $("#seed").value.trim();
  if (seedText && !/^\d+$/.test(seedText)) throw new Error(t("start.bad_number", { name: t("start.seed"), value: seedText }));
  return { game, players: seats.length, seats, options, seed: seedText ? Number(seedText) : null };
}

/** Wire the form: game and player count redraw the setup; `onLanguage(code)` and `onStart()` are the app's. */
export function wireLobby({ onLanguage, onStart }) {
  const form = $("#start-form");
  form.addEventListener("change", (ev) => {
    if (ev.target.name === "game") renderSetup({});
    else if (ev.target.id === "players") {
      renderSetup({ players: Number($("#players").value), seats: seatValues() });
    } else if (ev.target.id === "lang") onLanguage(ev.target.value);
    else if (ev.target.name?.startsWith("option.")) applyNeeds();
  });
  const list = $("#seat-list");
  list.addEventListener("click", (ev) => {
    const chip = ev.target.closest(".seat-chip");
    if (chip) stepSeat(chip, 1);
  });
  list.addEventListener("keydown", (ev) => {
    const chip = ev.target.closest(".seat-chip");
    const ahead = document.documentElement.dir === "rtl" ? "ArrowLeft" : "ArrowRight";  // the way lines are read
    const by = { ArrowDown: 1, ArrowUp: -1 }[ev.key] ?? (ev.key.startsWith("Arrow") ? (ev.key === ahead ? 1 : -1) : 0);
    if (!chip || !by) return;
    ev.preventDefault();
    stepSeat(chip, by);
  });
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    onStart();
  });
}
