// The Enemy Anemone table: the other seats around the felt, the trick in the middle (each card with
// who played it and its value including Anemones), then your score pile, Anemones and hand.
// Clicking a card plays it; holding Anemones, tap some first to attach them to it. Everything
// offered comes from s.moves; winners, values and scores come from the view, never from here.
import { el, symbol, legal, named, painted, pressable as makePressable, handLabel, seenByYou } from "./common.js";

const SUITS = "OJSRCT";
const HOLD_MS = 1400;  // extra bot pause while a finished trick is on show (speed > 0 only)

// Kept between calls: the Anemones picked to attach (for one state only) and the latest log sentences that
// explain the last trick, the last hand and a final tie-break. The page hands each log entry over
// once (a new game starts again at entry 0); entries already seen are skipped.
const memo = { seen: -1, phase: "play", trickGain: null, handLines: [], tie: null, attach: null, shown: null };

function readLog(entries) {
  if (entries[0]?.i === 0) Object.assign(memo, { seen: -1, phase: "play", trickGain: null, handLines: [], tie: null });
  for (const e of entries) {
    if (e.i <= memo.seen) continue;
    memo.seen = e.i;
    const gain = e.type.startsWith("anemone_");  // anemone_flip, _supply, _given, _none
    if (e.type === "trick_end") Object.assign(memo, { phase: "trick", trickGain: null });
    else if (e.type === "hand_end") Object.assign(memo, { phase: "hand", handLines: [] });
    else if (e.type === "hand_bonus") memo.handLines.push(e.text);
    else if (e.type === "tie_break") memo.tie = e.text;
    else if (gain && memo.phase === "trick") Object.assign(memo, { phase: "play", trickGain: e.text });
    else if (gain && memo.phase === "hand") memo.handLines.push(e.text);
  }
}

// ----- pieces -------------------------------------------------------------------------------

const rank = (card) => Number(card.slice(1));

function sortHand(cards) {
  return [...cards].sort((a, b) => SUITS.indexOf(a[0]) - SUITS.indexOf(b[0]) || rank(a) - rank(b));
}

function cardName(card, t) {
  return t("enemy_anemone.card", { suit: t(`enemy_anemone.suit.${card[0]}`), rank: card.slice(1) });
}

// A 3, 5 or 8 scores one point more in a score pile (EA-6): its face shows a star.
const BONUS_RANKS = new Set(["3", "5", "8"]);

function eaCard(card, t, extra = "") {
  const node = el("div", `card ea ea-${card[0]} ${BONUS_RANKS.has(card.slice(1)) ? "bonus" : ""} ${extra}`);
  node.dataset.card = card;
  const name = cardName(card, t);
  named(node, name);
  node.title = name;
  const corner = (cls) => {
    const c = painted("span", `corner ${cls}`, card.slice(1), { hidden: true });
    c.append(symbol(`sym-ea-${card[0]}`));
    return c;
  };
  node.append(corner("tl"), symbol(`sym-ea-${card[0]}`), corner("br"));
  return node;
}

function cardBack(extra = "") {
  const node = el("div", `card back ${extra}`);
  node.append(symbol("sym-back"));
  return node;
}

function token(side, t, extra = "") {
  const node = el("span", `ea-token ea-side-${side} ${extra}`);
  node.append(symbol("sym-ea-A"), el("span", "ea-token-side", `+${side}`));
  node.title = t("enemy_anemone.anemone", { side });
  return node;
}

function tokens(sides, t, extra = "") {
  const box = named(el("span", "ea-tokens"), sides.length ? t("enemy_anemone.anemones", { list: sides.map((v) => `+${v}`).join(" "), n: sides.length })
    : t("enemy_anemone.no_anemones"));
  for (const side of sides) box.append(token(side, t, extra));
  return box;
}

const sum = (sides) => sides.reduce((a, b) => a + b, 0);

// The Anemones attached to a card (EA-4) as one badge on its corner: their sum ("+6"), drawn as
// a stack when there are several; its name lists them ("Anemones +2 +2 +2").
export function attached(sides, t) {
  const box = tokens(sides, t, "tiny");
  if (sides.length > 1) {
    const badge = token(Math.max(...sides), t, "tiny ea-stack");
    badge.lastChild.textContent = `+${sum(sides)}`;
    badge.title = box.getAttribute("aria-label");
    box.replaceChildren(badge);
  }
  box.classList.add("ea-attached");
  return box;
}

// "8 +6 = 14" (the card's rank, its Anemones' sum, the value), or "8" without Anemones; in two
// pieces ("8 +6" and "= 14") for a narrow slot to wrap between.
export function valueText(card, sides, value) {
  return sides.length ? `${rank(card)}\u00a0+${sum(sides)} =\u00a0${value}` : String(value);
}

function pressable(node, label, go) {
  makePressable(node, label, go);
  node.title = label;
}

function fan(count, t) {
  const box = named(el("div", "ea-fan"), t("table.cards", { n: count, count }));
  const backs = el("span", "ea-fan-cards");
  for (let i = 0; i < Math.min(count, 10); i++) backs.append(cardBack("small"));
  box.append(backs, el("span", "count", String(count)));
  return box;
}

// ----- the trick ----------------------------------------------------------------------------

// The current trick as slots in play order: seat (leader + k) for slot k; a seat's plays come
// before its discards (in a 2-player trick a player who once has to discard must discard again).
function currentSlots(view) {
  const n = view.players;
  const total = n === 2 ? 4 : n;
  const plays = new Map();
  for (const e of view.trick) plays.set(e.seat, [...(plays.get(e.seat) ?? []), e]);
  const filled = view.trick.length + view.trick_discards.length;
  const slots = [];
  for (let k = 0; k < total; k++) {
    const seat = (view.leader + k) % n;
    if (k >= filled) slots.push({ seat, pending: true, current: k === filled && view.current_player === seat });
    else if (plays.get(seat)?.length) slots.push({ seat, entry: plays.get(seat).shift() });
    else slots.push({ seat, discard: true });
  }
  return slots;
}

// The finished trick's entries with the one that took it and the one that counted as lowest:
// the last entry of the winning (lowest) seat with the highest (lowest) value shown.
function resolved(last) {
  const entries = last.trick;
  const values = entries.map((e) => e.value);
  const high = Math.max(...values);
  const low = Math.min(...values);
  const findLast = (pred) => { for (let i = entries.length - 1; i >= 0; i--) if (pred(entries[i])) return i; return -1; };
  return {
    entries, high, low,
    win: findLast((e) => e.seat === last.winner && e.value === high),
    lowest: findLast((e) => e.seat === last.lowest && e.value === low),
    highTie: values.filter((v) => v === high).length > 1,
    lowTie: values.filter((v) => v === low).length > 1,
    lone: entries.length === 1,
  };
}

function slotNode(s, slot, t, extra = "") {
  const box = el("div", `ea-slot ${extra}`);
  box.dataset.seat = slot.seat;
  // The short name ("Bot 2", "You"): a slot is a card wide; the full name is its title and the
  // slot's accessible name.
  const name = el("span", "ea-slot-name", s.short_names?.[slot.seat] ?? s.names[slot.seat]);
  name.title = s.names[slot.seat];
  box.append(name);
  if (slot.entry) {
    const { card, anemones, value } = slot.entry;
    const c = eaCard(card, t);
    if (anemones.length) c.append(attached(anemones, t));
    box.append(c);
    const v = el("span", "ea-value", valueText(card, anemones, value));
    box.append(v);
    named(box, t("enemy_anemone.slot_played", { name: s.names[slot.seat], card: cardName(card, t), value }));
  } else if (slot.discard) {
    box.classList.add("discard");
    box.append(cardBack(), el("span", "ea-value ea-discarded", t("enemy_anemone.discarded")));
    named(box, t("enemy_anemone.slot_discard", { name: s.names[slot.seat] }));
  } else {
    box.classList.add("pending");
    if (slot.current) box.classList.add("current");
    const spot = el("div", "ea-placeholder", slot.current ? "…" : "");
    if (slot.current) spot.dataset.next = "";  // where the next card of the trick goes (motion.js)
    // Your turn in a trick another seat leads for now: the value that would take it as it stands
    // ("7+ wins": on a tie the card played later wins, EA-5), said in full to a screen reader.
    const high = slot.current && slot.seat === s.viewer ? toTake(s.view) : null;
    const value = el("span", "ea-value", high != null ? t("enemy_anemone.to_take", { high })
      : slot.current ? t("enemy_anemone.to_play") : "\u00a0");
    box.append(spot, value);
    if (high != null) {
      value.classList.add("ea-to-take");
      value.title = t("enemy_anemone.slot_to_take", { high });
    }
    named(box, high != null ? t("enemy_anemone.slot_to_take", { high })
      : t("enemy_anemone.slot_pending", { name: s.names[slot.seat] }));
  }
  return box;
}

/** The value a card played now needs to take the trick as it stands (EA-5: the highest value so
 * far, which a tie takes as the later card), or null when no card is played yet or the highest so
 * far is the seat to move's own (a two-player trick's second card of the same seat). */
function toTake(view) {
  const high = Math.max(...view.trick.map((e) => e.value));
  const top = view.trick.findLast((e) => e.value === high);
  return top && top.seat !== view.current_player ? high : null;
}

function resolvedSlots(s, last, t, small = false) {
  const r = resolved(last);
  const row = el("div", `ea-trick${small ? " mini" : ""}`);
  r.entries.forEach((entry, i) => {
    const marks = [i === r.win ? "win" : "", i === r.lowest ? "low" : ""].join(" ");
    const node = slotNode(s, { seat: entry.seat, entry }, t, marks);
    if (i === r.win) node.append(el("span", "ea-badge win", t("enemy_anemone.badge.win")));
    if (i === r.lowest) {
      const b = el("span", "ea-badge low");
      b.append(symbol("sym-ea-A"), document.createTextNode(t("enemy_anemone.badge.low")));
      node.append(b);
    }
    row.append(node);
  });
  // Who discarded instead of playing (EA-3): face down, after the cards played.
  for (const seat of last.discards ?? []) row.append(slotNode(s, { seat, discard: true }, t));
  return { row, r };
}

function resultLines(s, last, r, t, gain) {
  const box = el("div", "ea-result");
  const win = el("p", "ea-result-win", t("enemy_anemone.result.win", { name: s.names[last.winner], value: r.high }));
  const low = el("p", "ea-result-low", t("enemy_anemone.result.low", { name: s.names[last.lowest], value: r.low }));
  if (r.lone) box.append(el("p", "ea-result-win", t("enemy_anemone.result.lone", { name: s.names[last.winner], value: r.high })));
  else {
    if (r.highTie) win.append(el("span", "ea-tie", t("enemy_anemone.result.tie_high", { value: r.high })));
    if (r.lowTie) low.append(el("span", "ea-tie", t("enemy_anemone.result.tie_low", { value: r.low })));
    box.append(win, low);
  }
  if (gain) box.append(el("p", "ea-result-gain", gain));
  return box;
}

// Before the first trick is taken, the last-trick panel holds its place (empty slots and the aim
// of a trick), so the table keeps one size all hand long.
function firstRecap(s, recap, t) {
  const view = s.view;
  const row = el("div", "ea-trick mini");
  for (const slot of currentSlots({ ...view, trick: [], trick_discards: [], current_player: null })) {
    row.append(slotNode(s, slot, t));
  }
  row.setAttribute("aria-hidden", "true");  // the sentences say it
  const lines = el("div", "ea-result");
  lines.append(el("p", "ea-result-win", t("enemy_anemone.no_trick_yet")), el("p", "ea-result-low", t("enemy_anemone.blurb")));
  recap.classList.add("ea-recap-empty");
  recap.append(el("h2", "", t("enemy_anemone.last_trick")), row, lines);
  return recap;
}

// ----- panels between tricks ----------------------------------------------------------------

function handResults(s, t, compact) {
  const view = s.view;
  const n = view.hand_scores.length;
  const scores = view.hand_scores[n - 1];
  const box = el("section", `ea-panel ea-hand-results${compact ? " compact" : ""}`);
  box.append(el("h2", "", t("enemy_anemone.hand_results", { n })));
  const table = el("table", "ea-scores");
  const head = table.createTHead().insertRow();
  head.append(el("td"));  // above the names
  for (const text of [t("enemy_anemone.this_hand"), t("enemy_anemone.total")]) head.append(el("th", "", text));
  const body = table.createTBody();
  const best = Math.max(...scores);
  const worst = Math.min(...scores);
  s.names.forEach((name, seat) => {
    const row = body.insertRow();
    if (scores[seat] === best) row.classList.add("best");
    row.insertCell().textContent = name;
    if (scores[seat] === worst) {  // EA-8: the lowest score of the hand gains an Anemone
      const mark = el("span", "ea-gain-mark");
      mark.append(symbol("sym-ea-A"));
      mark.title = t("enemy_anemone.lowest_gains");
      named(mark, mark.title);
      row.cells[0].append(mark);
    }
    row.insertCell().textContent = String(scores[seat]);
    row.insertCell().textContent = String(view.totals[seat]);
  });
  box.append(table);
  if (!compact) {
    box.append(el("p", "ea-note", t("enemy_anemone.score_rule")));
    for (const line of memo.handLines) box.append(el("p", "ea-note ea-gain", line));
  }
  return box;
}

function finalPanel(s, t) {
  const view = s.view;
  const box = el("section", "ea-panel ea-final");
  box.append(el("h2", "", t("enemy_anemone.final")));
  const table = el("table", "ea-scores");
  const head = table.createTHead().insertRow();
  head.append(el("td"));  // above the names
  for (const text of [t("enemy_anemone.total"), t("enemy_anemone.anemone_cards")]) head.append(el("th", "", text));
  const body = table.createTBody();
  const order = s.names.map((_, seat) => seat).sort((a, b) => view.totals[b] - view.totals[a] || view.anemones[b].length - view.anemones[a].length);
  for (const seat of order) {
    const row = body.insertRow();
    if (view.winners.includes(seat)) row.classList.add("best");
    row.insertCell().textContent = s.names[seat];
    row.insertCell().textContent = String(view.totals[seat]);
    row.insertCell().append(tokens(view.anemones[seat], t, "tiny"));
  }
  box.append(table);
  if (memo.tie) box.append(el("p", "ea-note ea-gain", memo.tie));
  return box;
}

// ----- seats --------------------------------------------------------------------------------

function seatBox(s, seat, t) {
  const view = s.view;
  const box = el("section", "seat ea-seat");
  box.dataset.seat = seat;
  if (seat === view.current_player) box.classList.add("current");
  if (view.winners.includes(seat)) box.classList.add("winner");
  const head = el("header", "seat-head");
  const name = el("span", "seat-name", s.names[seat]);
  if (seat === view.leader && !view.is_over) name.append(el("span", "ea-lead", t("enemy_anemone.leads")));
  // Your own badge says what it counts, beside your score pile's points for this hand.
  const score = el("span", "seat-score", seat === s.viewer ? t("enemy_anemone.total_n", { n: view.totals[seat] }) : String(view.totals[seat]));
  score.title = t("enemy_anemone.total");
  head.append(name, score);
  box.append(head);
  const stats = el("div", "ea-stats");
  const pile = el("span", "ea-pile");
  pile.dataset.anchor = `pile-${seat}`;
  // An opponent's card count says what it counts ("5 cards"), unlike the gold total beside the
  // name; yours is told in a sentence beside it (seat below).
  const size = view.score_pile_sizes[seat];
  pile.append(cardBack("tiny"), el("span", "", seat === s.viewer ? String(size) : t("enemy_anemone.pile_cards", { n: size })));
  pile.title = t("enemy_anemone.pile", { n: size });
  named(pile, pile.title);
  const held = tokens(view.anemones[seat], t);
  held.dataset.anchor = `anemones-${seat}`;
  stats.append(pile, held);
  box.append(stats);
  return box;
}

// ----- the table ----------------------------------------------------------------------------

export function enemy_anemone(felt, s, ui) {
  readLog(s.log ?? []);
  if (memo.attach?.state !== s) memo.attach = null;  // Anemones picked to attach: for one state only
  const focused = felt.contains(document.activeElement) ? document.activeElement.dataset.focus : null;
  draw(felt, s, ui);
  if (focused) refocus(felt, focused);
}

function refocus(felt, key) {
  felt.querySelector(`[data-focus="${key}"]`)?.focus({ preventScroll: true });
}

/** True when one of the legal `moves` plays a card with Anemones attached (EA-4). */
function canAttach(moves) {
  return moves.some((a) => a.startsWith("play ") && a.split(" ").length > 2);
}

/** The sides of the Anemones picked to attach (of `held`, the viewer's), sorted as actions name them. */
function attachedSides(held) {
  return (memo.attach?.picked ?? []).map((i) => held[i]).sort();
}

const boostText = (sides) => sides.map((v) => `+${v}`).join("\u00a0");

const countOf = (sides, side) => sides.filter((v) => v === side).length;
/** The sides of the Anemones play `action` takes: [2, 1] for "play S8 +2 +1". */
const takenBy = (action) => action.split(" ").slice(2).map((x) => Number(x.slice(1)));

/** Whether play `action` takes at least the Anemones of `sides` ("+1 +2" names one Anemone of
 * each side; a play takes them in any order). */
function keeps(action, sides) {
  const taken = takenBy(action);
  return [1, 2].every((v) => countOf(taken, v) >= countOf(sides, v));
}

function draw(felt, s, ui) {
  const { t } = ui;
  const view = s.view;
  const me = s.viewer;
  const moves = s.moves.map((m) => m.action);
  felt.replaceChildren();
  felt.className = `felt ea-table ea-p${view.players}`;
  const inTrick = view.trick.length + view.trick_discards.length > 0;
  // The trick on show: a finished one stays in the middle until the next is led.
  const onShow = showsFinishedTrick(view, inTrick) ? view.trick_number - 1 : view.trick_number;
  felt.append(infoBar(view, t, onShow), opponents(s, t));

  const middle = el("div", "ea-middle felt-centre");
  middle.append(...trickArea(s, inTrick, ui));
  felt.append(middle);

  const myTurn = me != null && view.current_player === me && moves.length > 0;
  const mustDiscard = myTurn && moves.every((a) => a.startsWith("discard "));
  const sides = attachedSides(view.anemones[me] ?? []);
  if (myTurn) {
    if (sides.length) ui.prompt(t("enemy_anemone.hint.attach", { boost: boostText(sides), n: sides.reduce((a, b) => a + b, 0) }));
    else if (mustDiscard) ui.prompt(t("enemy_anemone.hint.discard"));
    else {
      // Holding Anemones, the prompt says how to attach them (tap them before the card).
      const boost = canAttach(moves) ? "_boost" : "";
      const suits = [...new Set(view.trick.map((e) => t(`enemy_anemone.suit.${e.card[0]}`)))];
      ui.prompt(inTrick ? t(`enemy_anemone.hint.follow${boost}`, { suits: suits.join(t("list_sep")) })
        : t(`enemy_anemone.hint.lead${boost}`));
    }
  }
  if (me != null) felt.append(mySeat(felt, s, moves, sides, ui));
}

// Top bar: hand, trick, Anemone supply and (2 players) the stock.
function infoBar(view, t, trick) {
  const info = el("div", "ea-info felt-info");
  info.append(el("span", "ea-chip ea-hand-no", t("enemy_anemone.hand_no", { round: view.round })));
  if (!view.is_over) info.append(el("span", "ea-chip", t("enemy_anemone.trick_no", { trick })));
  const supply = el("span", "ea-chip ea-supply");
  supply.dataset.anchor = "supply";
  if (view.supply) supply.append(token(1, t, "tiny"));  // an empty supply shows no Anemone
  supply.append(el("span", "", t("enemy_anemone.supply", { n: view.supply })));
  info.append(supply);
  if (view.players === 2) {
    const stock = el("span", "ea-chip ea-stock");
    stock.dataset.anchor = "stock";
    stock.append(cardBack("tiny"), el("span", "", t("enemy_anemone.stock", { n: view.stock_size })));
    info.append(stock);
  }
  return info;
}

// The other seats, clockwise from the one after yours, on a slight arc.
function opponents(s, t) {
  const view = s.view;
  const n = view.players;
  const around = [];
  for (let i = 1; i <= n; i++) {
    const seat = ((s.viewer ?? -1) + i + n) % n;
    if (seat !== s.viewer) around.push(seat);
  }
  const box = el("div", `ea-opponents felt-others${around.length >= 4 ? " many" : ""}`);
  const mid = (around.length - 1) / 2;
  around.forEach((seat, j) => {
    const seatEl = seatBox(s, seat, t);
    seatEl.style.setProperty("--arc", mid ? Math.abs(j - mid) / mid : 0);
    if (view.hand_sizes[seat]) {
      const hidden = fan(view.hand_sizes[seat], t);
      hidden.dataset.anchor = `seat-${seat}`;
      seatEl.querySelector(".ea-stats").append(hidden);
    }
    box.append(seatEl);
  });
  return box;
}

// The last trick, small, with its result and where the lowest player's Anemone came from (EA-7;
// `gain`, a sentence): beside the trick in play, the final standings or the hand-end scores.
function lastTrickRecap(s, last, t, gain = memo.trickGain) {
  const recap = el("section", "ea-panel ea-recap");
  const { row: mini, r } = resolvedSlots(s, last, t, true);
  recap.append(el("h2", "", t("enemy_anemone.last_trick")), mini, resultLines(s, last, r, t, gain));
  return recap;
}

// The middle: the final standings; the results of the hand just over; the trick in play with the
// last trick (or the hand results) beside it; or the trick just finished, which the bots leave on
// show a little longer.
// The first trick of hands 2-4, before it is led: the middle shows the last hand's results.
function firstOfLaterHand(view) {
  return view.round > 1 && view.trick_number === 1 && view.hand_scores.length > 0;
}

// Whether the middle shows the trick just finished (no card of the next one played yet).
function showsFinishedTrick(view, inTrick) {
  return !view.is_over && !inTrick && view.last_trick != null && !firstOfLaterHand(view);
}

function trickArea(s, inTrick, ui) {
  const { t } = ui;
  const view = s.view;
  const last = view.last_trick;
  const main = el("section", "ea-trick-area");
  main.setAttribute("aria-label", t("enemy_anemone.trick_no", { trick: view.trick_number }));
  if (view.is_over) {  // the standings, and the trick that ended the game beside them
    main.append(finalPanel(s, t));
    return last ? [main, lastTrickRecap(s, last, t)] : [main];
  }
  if (inTrick || !last) {
    main.classList.add("live");
    const row = el("div", "ea-trick");
    row.dataset.anchor = "trick";
    for (const slot of currentSlots(view)) row.append(slotNode(s, slot, t));
    main.append(row);
    if (firstOfLaterHand(view)) return [main, handResults(s, t, true)];
    if (!last) return [main, firstRecap(s, el("section", "ea-panel ea-recap"), t)];
    return [main, lastTrickRecap(s, last, t)];
  }
  if (firstOfLaterHand(view)) {
    main.append(handResults(s, t, false));
    return [main];
  }
  main.classList.add("done");
  const { row, r } = resolvedSlots(s, last, t);
  main.append(el("h2", "ea-trick-title", t("enemy_anemone.trick_done", { trick: view.trick_number - 1 })),
    row, resultLines(s, last, r, t, memo.trickGain));
  const key = `${view.round}:${view.trick_number}:${JSON.stringify(last)}`;
  if (memo.shown !== key) {
    memo.shown = key;
    if (s.bot_to_move) ui.hold?.(HOLD_MS);
  }
  return [main];
}

// Your seat: total, score pile with its 3/5/8 points, Anemones (on your turn, toggles to tap before
// the card: EA-4, attaching is optional, a second gesture) and your hand.
function mySeat(felt, s, moves, sides, ui) {
  const { t } = ui;
  const view = s.view;
  const redraw = () => {
    enemy_anemone(felt, s, ui);
    ui.marks?.();  // the last move's and the hint's marks, on the new nodes
  };
  const mine = seatBox(s, s.viewer, t);
  mine.classList.add("mine");
  const pileInfo = el("span", "ea-pile-points", t(seenByYou(s) ? "enemy_anemone.your_pile" : "enemy_anemone.seat_pile", {
    name: s.names[s.viewer], n: view.score_pile.length, bonus: view.score_pile_bonus, points: view.score_pile_points }));
  mine.querySelector(".ea-stats").append(pileInfo);
  if (!view.hand.length) return mine;
  const hand = el("div", "hand ea-hand");
  hand.dataset.part = "hand";
  hand.dataset.anchor = `seat-${s.viewer}`;
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", handLabel(s, t));
  for (const card of sortHand(view.hand)) {
    const c = eaCard(card, t);
    c.dataset.focus = `card-${card}`;
    hand.append(c);
    const actions = moves.filter((a) => a.split(" ")[1] === card);
    if (!actions.length) {
      c.addEventListener("click", () => ui.explain(`play ${card}`));  // says why not
      continue;
    }
    const discard = actions.find((a) => a.startsWith("discard "));
    c.classList.add(discard ? "discardable" : "playable");
    // One click plays: a discard, else the card with the Anemones picked (if any) attached.
    const boosted = ["play", card, ...sides.map((v) => `+${v}`)].join(" ");
    const action = discard ?? (actions.includes(boosted) ? boosted : actions[0]);  // sorted: the plain play first
    if (action === boosted && sides.length) c.append(attached(sides, t));
    // A hint to play it with Anemones marks it too; with some picked, only a play that keeps
    // them (a hint to play it without them is then not this card's click).
    legal(c, action, actions.filter((a) => a.startsWith("discard ") || keeps(a, sides)));
    pressable(c, s.moves.find((m) => m.action === action).label, () => { memo.attach = null; ui.act(action); });
  }
  mine.append(hand);
  // Your Anemones, where they are shown, become toggles while a play could take them.
  if (canAttach(moves)) mine.querySelector(`[data-anchor="anemones-${s.viewer}"]`).replaceWith(attachRow(felt, s, ui, redraw));
  return mine;
}

// Your Anemones as toggles: those on are attached to the card you play next (EA-4).
function attachRow(felt, s, ui, redraw) {
  const { t } = ui;
  const picked = memo.attach?.picked ?? [];
  const sides = s.view.anemones[s.viewer];
  const pickedSides = picked.map((j) => sides[j]);
  // The plays with Anemones still open: those taking at least the sides picked.
  const plays = s.moves.map((m) => m.action).filter((a) => a.startsWith("play ") && a.split(" ").length > 2)
    .filter((a) => keeps(a, pickedSides)).map((a) => [a, takenBy(a)]);
  const row = el("span", "ea-tokens ea-attach-row");
  row.dataset.anchor = `anemones-${s.viewer}`;
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", t("enemy_anemone.attach"));
  sides.forEach((side, i) => {
    const on = picked.includes(i);
    const b = el("button", `ea-toggle${on ? " on" : ""}`);
    b.type = "button";
    b.dataset.side = side;
    b.dataset.focus = `anemone-${i}`;
    b.setAttribute("aria-pressed", String(on));
    b.setAttribute("aria-label", t("enemy_anemone.anemone", { side }));
    b.append(token(side, t));
    // Not picked yet, it starts the plays that take one more Anemone of its side than those
    // picked, counted (the n-th unpicked +2 only those taking n more +2s): a hint to play a card
    // with Anemones marks just as many of them ([data-hint]), and goes to the card once they are picked.
    const nth = sides.slice(0, i).filter((v, j) => v === side && !picked.includes(j)).length;
    if (!on) legal(b, "", plays.filter(([, taken]) => countOf(taken, side) - countOf(pickedSides, side) > nth).map(([a]) => a));
    b.addEventListener("click", () => {
      const next = on ? picked.filter((j) => j !== i) : [...picked, i];
      memo.attach = next.length ? { state: s, picked: next } : null;
      redraw();
      refocus(felt, `anemone-${i}`);
    });
    row.append(b);
  });
  return row;
}

// ----- what travelled, for the table's motion (tables/motion.js) -----------------------------

/** What travelled in `entries` (log items): plays and discards into the trick, draws from the
 * stock, Anemones from the supply or from another player. */
export function enemyAnemoneTravels(entries) {
  const out = [];
  for (const { type, entry: e } of entries) {
    if (type === "play") out.push({ from: `seat-${e.seat}`, to: "trick", card: e.card, actor: e.seat });
    else if (type === "discard") out.push({ from: `seat-${e.seat}`, to: "trick", actor: e.seat });
    // EA-5: the trick is swept to its winner's score pile (its cards stay on show as the last trick).
    else if (type === "trick_end") for (const card of e.cards) out.push({ from: "trick", to: `pile-${e.winner}`, card, sweep: true });
    else if (type === "draw") for (let k = 0; k < e.count; k++) out.push({ from: "stock", to: `seat-${e.seat}` });
    else if (type === "anemone_supply") out.push({ from: "supply", to: `anemones-${e.receiver}`, token: e.side });
    else if (type === "anemone_given") out.push({ from: `anemones-${e.giver}`, to: `anemones-${e.receiver}`, token: e.side });
  }
  return out;
}

/** A card (its face when known, else its back) or an Anemone in flight. */
export function enemyAnemoneGhost(flight, t) {
  if (flight.token) return token(flight.token, t);
  return flight.card ? eaCard(flight.card, t) : cardBack();
}

/** Extra columns of the hand-end table (table.js): cards won and their extra points (EA-8). */
export function enemyAnemoneEndColumns(entry, s, t) {
  return [
    { head: t("enemy_anemone.end.cards"), cell: (seat) => String(entry.pile_sizes[seat]) },
    { head: t("enemy_anemone.end.bonus"), cell: (seat) => String(entry.bonuses[seat]) },
  ];
}

/** The hand end's picture (table.js): the trick that ended the hand, with its result and the
 * Anemone its lowest card gained (EA-5, EA-7: the log item among `before`, the items closing it). */
export function enemyAnemoneEndNote(entry, s, t, before) {
  const last = s.view.last_trick;
  if (!last) return {};
  const gain = before.findLast((x) => x.type.startsWith("anemone_"))?.text;
  const picture = lastTrickRecap(s, last, t, gain);
  picture.dataset.players = s.view.players;
  return { picture };
}

/** This game's table, for tables/index.js. */
export const table = {
  render: enemy_anemone, travels: enemyAnemoneTravels, ghost: enemyAnemoneGhost,
  endColumns: enemyAnemoneEndColumns, endNote: enemyAnemoneEndNote,
};
