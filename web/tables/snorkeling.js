// The Snorkeling table: opponents' piles, the centre and draw pile, your pile and hand.
import { el, symbol, cardBacks, legal, painted, named, pressable, isYou, pickLines, handLabel, seenByYou } from "./common.js";

/** A Snorkeling card in words ("blue 3", "orange Ray", "Lanternfish"). */
export function cardName(card, t) {
  const special = `snorkeling.card.${card}`;
  if (t(special) !== special) return t(special);
  const value = `snorkeling.value.${card[1]}`;
  return t("snorkeling.card", { colour: t(`snorkeling.colour.${card[0]}`), value: t(value) !== value ? t(value) : card[1] });
}

// What happened since your last move, beside the centre: a player sees who played on the centre
// and who put a card on whose pile without opening the log.
const NEWS_LINES = 5;
// What the news leaves out: draws (in every turn, and in the hand counts), "places nothing" and
// "leaves the pile" (nothing changed).
const QUIET = new Set(["draw", "end", "keep"]);
const news = { lastI: -1, entries: [] };

/** Remember the fresh log items of `s` ({i, type, text, entry}); a log from its start (a new,
 * loaded or replayed game) starts afresh. */
function rememberNews(s) {
  const log = s.log ?? [];
  if (log.length && log[0].i === 0) { news.entries = []; news.lastI = -1; }
  for (const e of log) if (e.i > news.lastI && e.text && !QUIET.has(e.type)) news.entries.push(e);
  news.lastI = Math.max(news.lastI, log.at(-1)?.i ?? -1);
  news.entries = news.entries.slice(-80);
}

/** The news lines, one per turn: a player's centre plays and the card they put on a pile in one
 * sentence ("Bot 2 plays blue 3, blue 4 to the centre and puts orange 2 on your pile."), a run of
 * passes in one ("Bot 2, Bot 3 pass.", or counted once it came round the table again: "7 passes
 * in a row (…)."), every other move in the log's own sentence. Each line is
 * {type, seat, target, cards, seats, text}: `type` "turn" for centre plays (`target` the pile a
 * card went on, else undefined), else the log entry's type. */
export function newsLines(entries, names, t, me) {
  const lines = [];
  for (const e of entries) {
    const seat = e.entry?.seat;
    const last = lines.at(-1);
    const turn = last?.type === "turn" && last.seat === seat && last.target === undefined;
    if (e.type === "center" && turn) last.cards.push(e.entry.card);
    else if (e.type === "place" && turn) Object.assign(last, { target: e.entry.target, placed: e.entry.card });
    else if (e.type === "pass" && last?.type === "pass") last.seats.push(seat);
    else lines.push({ type: e.type === "center" ? "turn" : e.type, seat, target: e.entry?.target, text: e.text, cards: [e.entry?.card ?? e.entry?.center], seats: [seat] });
  }
  const join = (list) => list.join(t("list_sep"));
  for (const line of lines) {
    const n = movesIn(line);
    const cards = line.type === "turn" ? join(line.cards.map((c) => cardName(c, t))) : "";
    if (line.type === "turn" && line.placed) {
      line.text = t(`snorkeling.news.turn_place${line.target === me ? ".to_you" : ""}`,
        { seat: names[line.seat], cards, card: cardName(line.placed, t), target: names[line.target] });
    } else if (line.type === "turn" && n > 1) {
      line.text = t("snorkeling.news.centre", { seat: names[line.seat], cards, n, count: n });
    } else if (line.type === "pass" && n > 1) {  // a run that came round the table again: counted
      const who = [...new Set(line.seats)];
      line.text = t(who.length < n ? "snorkeling.news.passes_round" : "snorkeling.news.passes",
        { names: join(who.map((x) => names[x])), n, count: n });
    }
  }
  return lines;
}

// How many moves a news line tells: a turn's centre plays and placement, a run of passes, none
// for a round's start, else one.
const movesIn = (line) => (line.type === "turn" ? line.cards.length + (line.placed ? 1 : 0)
  : line.type === "pass" ? line.seats.length : line.type === "round_start" ? 0 : 1);

/** `text` as nodes, each name of one of `cards` (codes, undefined skipped) marked with a swatch of
 * its colour, so a card in the news is found on the table at a glance. */
function withChips(text, cards, t) {
  const names = new Map(cards.filter(Boolean).map((card) => [cardName(card, t), card]));
  const nodes = [];
  let rest = text;
  for (;;) {
    const [at, name] = [...names.keys()].map((n) => [rest.indexOf(n), n]).filter(([k]) => k >= 0).sort((a, b) => a[0] - b[0])[0] ?? [];
    if (name === undefined) break;
    const chip = el("span", "sn-chip", name);
    chip.style.setProperty("--c", `var(--${names.get(name)[0]})`);
    nodes.push(rest.slice(0, at), chip);
    rest = rest.slice(at + name.length);
  }
  return [...nodes, rest];
}

/** The news box: the moves of this round since seat `me` last played (a pass, often made for
 * you, does not count), after the round's start (who starts it, the centre card) when `me` has
 * not played in it yet, at most NEWS_LINES, in order: the round's start and the latest move (in
 * bold) always, then cards put on `me`'s pile, then the other pile changes (SN-5, SN-6) and
 * `me`'s passes, then the others; then how many were left out. A table with no player shows its latest moves. Null when there is
 * nothing to tell. `yours`: `me` is the person at this device ("Since your last move"), not a seat
 * seen from in a replay ("Since Bot 2's last move"). */
function newsBox(me, names, t, yours = true) {
  const start = news.entries.findLastIndex((e) => e.type === "round_start");
  const mine = me == null ? -1 : news.entries.findLastIndex((e) => e.entry?.seat === me && !["round_start", "pass"].includes(e.type));
  // The round's start and the latest move always (the latest in bold), then cards put on your
  // pile; then the other pile changes and the passes made for you.
  const all = newsLines(news.entries.slice(mine > start ? mine + 1 : Math.max(start, 0)), names, t, yours ? me : null);
  const weight = (line) => (line === all.at(-1) || line.type === "round_start" ? 3 : line.target === me ? 2
    : line.target != null || line.type === "takeback" || (line.type === "pass" && line.seats.includes(me)) ? 1 : 0);
  const { shown: lines } = pickLines(all, weight, NEWS_LINES);
  if (!lines.length) return null;
  const more = all.filter((line) => !lines.includes(line)).reduce((sum, line) => sum + movesIn(line), 0);
  const title = me == null ? t("snorkeling.news_all") : yours ? t("snorkeling.news") : t("snorkeling.news_seat", { name: names[me] });
  const box = el("section", "sn-news");
  box.setAttribute("aria-label", title);
  box.append(el("p", "sn-news-title", title));
  const list = el("ol", "");
  for (const line of lines) {
    const item = el("li", [line === all.at(-1) && "latest", line.type === "round_start" && "round-start"].filter(Boolean).join(" "));
    item.append(...withChips(line.text, [...line.cards, line.placed], t));
    list.append(item);
  }
  if (more) list.append(el("li", "more", t("snorkeling.news.more", { n: more, count: more })));
  box.append(list);
  return box;
}

/** A Snorkeling card face (`card` a code like "B3"); `extra` adds classes. */
export function snCard(card, t, extra = "") {
  const node = el("div", `card sn sn-${card[0]} ${extra}`);
  node.dataset.card = card;
  const name = cardName(card, t);
  named(node, name);
  node.title = name;
  node.append(painted("span", "corner tl", card[1], { hidden: true }), symbol(`sym-${card[0]}`), painted("span", "corner br", card[1], { hidden: true }));
  const special = { 0: "snorkeling.value.0", 4: "snorkeling.value.4" }[card[1]];
  if (special && card[0] !== "L") node.append(painted("span", "caption", t(special), { hidden: true }));
  return node;
}

// "Bot 2's pile, top: orange Ray, 3 cards" (or that it is empty); "Your pile…" when `yours`.
function pileName(cards, name, t, yours) {
  const you = yours ? ".you" : "";
  if (!cards.length) return t(`snorkeling.pile_empty${you}`, { name });
  return t(`snorkeling.pile_of${you}`, { name, card: cardName(cards.at(-1), t), cards: t("table.cards", { n: cards.length, count: cards.length }) });
}

// A pile of cards, bottom to top, named by `name` (whose it is, its top card and its size).
function snPile(pile, t, name) {
  const box = named(el("div", "pile"), name);
  pile.forEach((card, i) => {
    const c = snCard(card, t, i === pile.length - 1 ? "top" : "under");
    c.style.setProperty("--i", i);
    box.append(c);
  });
  return box;
}

export function snorkeling(felt, s, ui) {
  const { t } = ui;
  const view = s.view;
  const me = s.viewer;
  const moves = s.moves.map((m) => m.action);
  // The card picked: its code, with ":k" for the k-th copy (from 0) of a card held twice.
  const [selected = null, copy = "0"] = ui.selected?.split(":") ?? [];
  const placeTargets = new Map();  // seat -> action, for the selected card
  let centreAction = null;
  if (selected) {
    for (const a of moves) {
      const [verb, card, seat] = a.split(" ");
      if (card !== selected) continue;
      if (verb === "center") centreAction = a;
      if (verb === "place") placeTargets.set(Number(seat), a);
    }
  }
  felt.replaceChildren();
  felt.className = "felt sn-table";

  const seatBox = (seat) => {
    const box = el("section", "seat");
    box.dataset.seat = seat;
    if (seat === view.current_player) box.classList.add("current");
    const head = el("header", "seat-head");
    head.append(el("span", "seat-name", s.names[seat]), painted("span", "seat-score", String(view.totals[seat])));
    box.append(head);
    const cards = view.piles[seat];
    const pile = snPile(cards, t, pileName(cards, s.names[seat], t, isYou(s, seat)));
    pile.dataset.anchor = `pile-${seat}`;
    // What is at stake (SN-7): the top card's value is what the seat scores if the round ends now,
    // on the pile's corner (it takes no width from the seat).
    const stake = cards.length ? Number(cards.at(-1)[1]) : 0;
    const words = t("snorkeling.stake", { n: stake, count: stake });
    const chip = named(Object.assign(el("span", "sn-stake", `+${stake}`), { title: words }), words);
    const spot = el("div", "sn-pile-spot");
    spot.append(pile, chip);
    box.append(spot);
    return box;
  };
  // A pile the picked card may go on: the whole seat is the button (after its content is drawn).
  const target = (box, seat) => {
    if (!placeTargets.has(seat)) return box;
    const action = placeTargets.get(seat);
    legal(box, action);
    box.classList.add("target");
    pressable(box, labelOf(action), () => ui.act(action));
    return box;
  };
  const labelOf = (action) => s.moves.find((m) => m.action === action)?.label ?? action;

  const order = [];
  for (let i = 1; i <= view.players; i++) order.push(((me ?? -1) + i + view.players) % view.players);
  const others = el("div", "opponents felt-others");
  for (const seat of order) {
    if (seat === me) continue;
    const box = seatBox(seat);
    const backs = cardBacks(view.hand_sizes[seat], t);
    backs.dataset.anchor = `seat-${seat}`;
    box.append(backs);
    others.append(target(box, seat));
  }
  felt.append(others);

  const middle = el("div", "middle felt-centre");
  const centre = el("div", "centre");
  centre.dataset.anchor = "centre";
  // The top card speaks for the pile: "Centre pile, top: orange Ray, 5 cards".
  centre.append(painted("div", "label", t("snorkeling.centre"), { hidden: true }));
  const top = snCard(view.center_top, t, "big");
  named(top, t("snorkeling.centre_of", { card: cardName(view.center_top, t), cards: t("table.cards", { n: view.center_size, count: view.center_size }) }));
  centre.append(top, painted("div", "count", String(view.center_size), { hidden: true }));
  if (centreAction) {
    legal(centre, centreAction);
    centre.classList.add("target");
    pressable(centre, labelOf(centreAction), () => ui.act(centreAction));
  }
  const draw = el("div", "draw");
  draw.dataset.anchor = "stock";
  draw.append(painted("div", "label", t("snorkeling.draw_pile"), { hidden: true }));
  const back = named(el("div", "card back big"), t("snorkeling.draw_of", { cards: t("table.cards", { n: view.draw_pile_size, count: view.draw_pile_size }) }));
  back.append(symbol("sym-back"));
  draw.append(back, painted("div", "count", String(view.draw_pile_size), { hidden: true }));
  middle.append(centre, draw);
  rememberNews(s);
  // With nothing to tell, an empty box keeps the news's place: the centre never jumps sideways.
  middle.append(newsBox(me, s.names, t, seenByYou(s)) ?? Object.assign(el("section", "sn-news sn-news-empty"), { ariaHidden: "true" }));
  if (me != null && view.current_player === me) {
    const can = (verb) => moves.some((a) => a.startsWith(`${verb} `));
    let hint = view.phase;
    if (view.phase === "start" && !can("center")) hint = "pass";
    else if (view.phase === "playing" && can("center")) hint = "same";
    else if (view.phase === "playing" && !can("place")) hint = "finish";
    if (selected) {  // where the picked card may go: the centre too, or only piles
      const key = moves.includes(`center ${selected}`) ? "snorkeling.hint.select_centre" : "snorkeling.hint.select";
      ui.prompt(t(key, { card: cardName(selected, t) }));
    } else if (hint === "pass") {  // SN-3: say what would have followed the centre
      const top = view.center_top;
      ui.prompt(t("snorkeling.hint.pass", { center: cardName(top, t), next: (Number(top.slice(1)) + 1) % 5 }), { forced: moves.length === 1 });
    } else ui.prompt(t(`snorkeling.hint.${hint}`));
  }
  felt.append(middle);

  if (me == null) return;
  const mine = seatBox(me);  // never a target: no card goes on your own pile
  mine.classList.add("mine");
  // Your pile sits beside your hand: a caption tells the two apart (the pile's name says it to readers).
  const pileBox = el("div", "my-pile");
  const caption = seenByYou(s) ? t("snorkeling.your_pile") : t("snorkeling.seat_pile", { name: s.names[me] });
  pileBox.append(painted("span", "label", caption, { hidden: true }), mine.querySelector(".sn-pile-spot"));
  mine.append(pileBox);
  const hand = el("div", "hand");
  hand.dataset.part = "hand";
  hand.dataset.anchor = `seat-${me}`;
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", handLabel(s, t));
  const copies = new Map();  // card -> copies seen so far
  for (const card of view.hand) {
    const actions = moves.filter((a) => a.split(" ")[1] === card);
    const c = snCard(card, t, actions.length ? "playable" : "");
    const k = copies.get(card) ?? 0;
    copies.set(card, k + 1);
    const key = k ? `${card}:${k}` : card;  // picking one of two copies lifts that one
    const picked = card === selected && String(k) === copy;
    if (picked) c.classList.add("selected");
    if (actions.length === 1) {
      legal(c, actions[0]);
      pressable(c, labelOf(actions[0]), () => ui.act(actions[0]));
    } else if (actions.length) {  // several places to go: pick it, then its target
      legal(c, "", actions);
      pressable(c, cardName(card, t), () => ui.select(key), { pressed: picked });
    } else {
      c.addEventListener("click", () => ui.explain(`center ${card}`));  // says why not
    }
    hand.append(c);
  }
  mine.append(hand);
  const buttons = el("div", "turn-buttons");
  for (const verb of ["pass", "end", "takeback", "keep"]) {
    if (!moves.includes(verb)) continue;
    const b = el("button", `act-${verb}`, s.moves.find((m) => m.action === verb).label);
    b.type = "button";
    b.dataset.action = verb;
    legal(b, verb);
    b.addEventListener("click", () => ui.act(verb));
    buttons.append(b);
  }
  mine.append(buttons);
  felt.append(mine);
}

/** What travelled in `entries` (log items), for the table's motion (tables/motion.js). */
export function snorkelingTravels(entries) {
  const out = [];
  for (const { type, entry: e } of entries) {
    if (type === "center") out.push({ from: `seat-${e.seat}`, to: "centre", card: e.card, actor: e.seat });
    else if (type === "place") out.push({ from: `seat-${e.seat}`, to: `pile-${e.target}`, card: e.card, actor: e.seat });
    else if (type === "takeback") out.push({ from: `pile-${e.seat}`, to: `seat-${e.seat}`, card: e.card, actor: e.seat });
    else if (type === "draw") for (let k = 0; k < e.count; k++) out.push({ from: "stock", to: `seat-${e.seat}` });
  }
  return out;
}

/** A card in flight (a flight of snorkelingTravels): its face when known, else its back. */
export function snorkelingGhost(flight, t) {
  if (flight.card) return snCard(flight.card, t);
  const back = el("div", "card back");
  back.append(symbol("sym-back"));
  return back;
}

/** Extra columns of the round-end table (table.js): each seat's pile as the round ended (SN-7). */
export function snorkelingEndColumns(entry, s, t) {
  if (!entry.piles) return [];
  return [{ head: t("snorkeling.pile"), cell: (seat) => {
    const cards = entry.piles[seat];
    const pile = snPile(cards, t, pileName(cards, s.names[seat], t, isYou(s, seat)));
    pile.classList.add("end-pile");
    return pile;
  } }];
}

/** The round-end table's notes (table.js): `cause`, the placement that ended the round (SN-7:
 * "Bot 3 puts blue Beach on your pile.", when it is among `before`, the log items just before
 * the end), and `goal`, why the game goes on (SN-8: the target, or a lead shared at or above
 * it; none once the game is over). */
export function snorkelingEndNote(entry, s, t, before) {
  const cause = entry.reason === "beach" ? before.findLast((x) => x.type === "place")?.text : undefined;
  if (s.view.is_over) return { cause };
  const target = s.view.options.target_score;
  const best = Math.max(...entry.totals);
  const goal = best >= target
    ? t("snorkeling.round_end.tied", { points: best, count: best })
    : t("snorkeling.round_end.goal", { target, count: target });
  return { cause, goal };
}

/** The bots' pace (tables/index.js): while the table passes (the turn before was a pass), the next
 * bot's turn comes at 0.4 of the pace (a forced pass, at a third): a run of passes, told in one
 * line of the news ("7 passes in a row (…)."), goes by quickly (a trial watched about 20 in a row
 * at the full pace: medium bots pass by choice about twice for every three centre plays). */
export function snorkelingPace(s) {
  return (s.log ?? []).findLast((e) => !QUIET.has(e.type))?.type === "pass" ? 0.4 : 1;
}

/** This game's table, for tables/index.js. */
export const table = { render: snorkeling, travels: snorkelingTravels, ghost: snorkelingGhost, endColumns: snorkelingEndColumns, endNote: snorkelingEndNote, pace: snorkelingPace };
