// The page's one state: what the start screen, the table, its tools and the replay share. Every
// module that draws or acts reads and sets these fields; none keeps a copy of them. The screen on
// show and the page's contract state are on <html> (screen.js), not here.
import { read } from "./store.js";

export const app = {
  lobby: null,       // lobby.json: the games, their seats, options and bot levels, and the languages
  config: null,      // the config of the running (or last) table
  state: null,       // the last state the engine answered
  gen: 0,            // bumped by every new table: replies for an older one are dropped
  busy: false,       // a player's move is on its way to the engine
  logSize: 0,
  speed: 700,
  botTimer: null,
  pauseUntil: 0,
  runSince: null,    // when the bots' present run began (a human's move left, or the bots began)
  selected: null,    // a card picked in hand, waiting for a destination
  viewer: null,      // hot seat: the human whose hand is shown (null while the device changes hands)
  handoverTo: null,  // hot seat: the human who must confirm before their hand is shown
  replay: null,      // {step, viewer, timer} while replaying a game
  demo: null,        // the rules demo on screen
  lastMove: [],      // [card, anchor] pairs another player's last move landed on (marked)
  drawnViewer: undefined,  // whose view the felt shows (motion only within one view)
  roundEnd: null,    // the round (hand) end on show: {entry, notes}, until the player continues
  saveKey: null,     // where the running game is kept (the key it was started or resumed with); null: the page's own key
  forced: read("tidepool.forced") !== "0",  // play a human's only move (pass, end, keep, discard)
  forcedTimer: null,
  fittedMyTurn: false,  // the felt was last fitted on this player's turn (the zoom then holds)
  finalShown: null,  // the log index of the last round end whose final moves were flown
  pickedBefore: null,  // app.selected at the last render (a new pick moves focus to its targets)
  thinkingSaid: null,  // the seat whose "… is thinking" was announced this turn
  turnSaid: null,      // the turn (log size) whose "your turn" prompt was announced
};

/** A game loaded from a save (the one stored for the page, another tab's, a file) becomes the
 * table's: its state, its config read from it (a new deal for "Play again"), and where it is kept
 * (`saveKey`; null: the page's own key). */
export function loaded(state, saveKey) {
  const v = state.view;
  app.state = state;
  app.config = { game: v.game, players: v.players, seats: state.seats, options: v.options, seed: null };
  app.saveKey = saveKey;
}
