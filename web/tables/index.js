// One module per game, loaded when a table of that game is first drawn (the start screen needs
// none): each exports `table` = {render, travels, ghost, endColumns, endNote, pace}. render(felt, state, ui) draws
// the felt from the engine's state and turns clicks into ui.act(action) / ui.select(card); none of
// them decides what is legal. `pace` (optional) says how long the bots wait before their next
// move, as a share of the bot speed. `travels` says what moved between two states and `ghost` how a card
// in flight looks, for the shared motion (motion.js); `endColumns` what a round-end table shows
// besides the scores and `endNote` its sentences ({cause, goal}: the move that ended the round, why
// play goes on; `picture`, a node: the position that ended it). A game without a module
// of its own gets the generic table.
const GAMES = {
  snorkeling: { module: () => import("./snorkeling.js") },
  go_fish: { module: () => import("./go_fish.js"), style: "go_fish.css" },
  enemy_anemone: { module: () => import("./enemy_anemone.js"), style: "enemy_anemone.css" },
};
const loading = new Map();  // game -> Promise of its table
const loaded = new Map();   // game -> its table, once loaded

function stylesheet(file) {
  return new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: new URL(file, import.meta.url).href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", () => { link.remove(); reject(new Error(`${file} could not be loaded`)); });
    document.head.append(link);
  });
}

/** Load the table of `game` (its module and stylesheet) once; resolves to it, or rejects with a
 * readable Error (and a later call tries again). */
export function loadTable(game) {
  if (!loading.has(game)) {
    const spec = GAMES[game];
    const parts = spec ? [spec.module(), spec.style && stylesheet(spec.style)] : [import("./generic.js")];
    loading.set(game, Promise.all(parts).then(([module]) => {
      loaded.set(game, module.table);
      return module.table;
    }, (err) => {
      loading.delete(game);
      throw new Error(`the ${game} table could not be loaded: ${err.message}`);
    }));
  }
  return loading.get(game);
}

/** The table of `game`, loaded before by loadTable(). */
export function tableOf(game) {
  const table = loaded.get(game);
  if (!table) throw new Error(`the ${game} table is drawn before it was loaded`);
  return table;
}
