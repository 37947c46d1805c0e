// The player's record per game and bot level: games, wins and best score, kept in the browser
// (store.js; nothing is kept where storage is denied). A game counts when one human played it
// against bots, under the strongest bot level at the table, once: when it ends on this page (not
// when a finished game is opened or reloaded), and never twice for the same game (two tabs of it).
//
// Stored under "tidepool.records" as {records: {<game>: {<level>: {games, wins, best}}}, seen: [id]}.
import { read, write } from "./store.js";
import { t } from "./i18n.js";

const KEY = "tidepool.records";
const SEEN = 40;  // the last games counted, so that none counts twice

function load() {
  try {
    const data = JSON.parse(read(KEY) ?? "{}");
    if (data && typeof data.records === "object" && Array.isArray(data.seen)) return data;
  } catch { /* a damaged record starts afresh */ }
  return { records: {}, seen: [] };
}

/** The bot level a table's record counts under: the strongest bot facing its one human (`levels`:
 * the build's bot levels, weakest first, as lobby.json lists them); null for a table of several
 * humans (hot seat) or of bots only. */
export function recordLevel(seats, levels) {
  const bots = seats.filter((seat) => seat.startsWith("bot:")).map((seat) => seat.slice(4));
  if (seats.filter((seat) => seat === "human").length !== 1 || !bots.length) return null;
  return bots.reduce((best, level) => (levels.indexOf(level) > levels.indexOf(best) ? level : best));
}

/** Count the finished game of state `s` (the engine's state: view, seats, seed, steps) in the
 * record, unless it was counted already or does not count (see recordLevel). */
export function countGame(s, levels) {
  const level = recordLevel(s.seats, levels);
  if (level == null || !s.view.is_over) return;
  const id = [s.view.game, s.seed, s.steps, s.seats.join(",")].join("|");
  const data = load();
  if (data.seen.includes(id)) return;
  const human = s.seats.indexOf("human");
  const entry = ((data.records[s.view.game] ??= {})[level] ??= { games: 0, wins: 0, best: null });
  entry.games += 1;
  if (s.view.winners.includes(human)) entry.wins += 1;
  const score = s.view.totals[human];
  if (entry.best == null || score > entry.best) entry.best = score;
  data.seen = [...data.seen, id].slice(-SEEN);
  write(KEY, JSON.stringify(data));
}

/** The record lines of `game` ("Bot (medium) — wins: 2 of 5 · best score: 14"), one per bot level
 * of `levels` (weakest first) played, strongest first; `level` alone when given. */
export function recordLines(game, levels, level = null) {
  const byLevel = load().records[game] ?? {};
  return levels.filter((l) => byLevel[l] && (level == null || l === level)).reverse().map((l) => {
    const { games, wins, best } = byLevel[l];
    return t("records.line", { bots: t("start.bot_level", { level: t(`level.${l}`) }), wins, games, best: best ?? 0 });
  });
}
