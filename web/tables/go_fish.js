// The Go Fish table: opponents (name, books, face-down hand, books laid down), the stock, the
// latest ask and its answer, your hand grouped by rank and your books.
//
// Asking is by clicking what s.moves allows: a rank in your hand, then an opponent (or the other
// way round); with the ask_card variant a small picker names the exact card. When only one move
// fits what has been picked, it is made at once. Nothing here decides what is legal: every
// highlight comes from s.moves, every number from s.view, every sentence from the catalog.
import { el, symbol, legal, named, painted, pressable, isYou, pickLines, handLabel } from "./common.js";

const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
const RED = new Set(["D", "H"]);
const SHOWN_RANK = { T: "10" };
const SVG = "http://www.w3.org/2000/svg";
const ASK_TYPES = new Set(["ask", "ask_card"]);
const KEEP_ASKS = 60;  // ask groups remembered for the news panel (the log keeps everything)
const EARLIER_LINES = 4;  // earlier asks listed under the latest one
const SHORT_EARLIER_LINES = 3;  // ... on a phone on its side, where the news has half the height
const LOW = 5;  // stock cards left when the table warns that an empty stock ends the game (GF-7)
const LOW_HAND = 2;  // ... and cards in the smallest hand (an empty hand ends it too)

// Suit shapes on a 24x24 grid: [tag, attributes] lists, filled with currentColor.
const SUIT_SHAPES = {
  H: [["path", { d: "M12 21.4 10.5 20C5.2 15.2 1.8 12.1 1.8 8.2 1.8 5 4.3 2.6 7.4 2.6c1.8 0 3.5.8 4.6 2.2 1.1-1.4 2.8-2.2 4.6-2.2 3.1 0 5.6 2.4 5.6 5.6 0 3.9-3.4 7-8.7 11.8Z" }]],
  D: [["path", { d: "M12 1.2 20.4 12 12 22.8 3.6 12Z" }]],
  S: [["path", { d: "M12 1.6C9.2 5.9 2.6 9.2 2.6 14c0 2.7 2.1 4.7 4.7 4.7 1.6 0 3-.7 3.8-1.9-.1 2.3-1.1 3.9-2.9 5h7.6c-1.8-1.1-2.8-2.7-2.9-5 .8 1.2 2.2 1.9 3.8 1.9 2.6 0 4.7-2 4.7-4.7 0-4.8-6.6-8.1-9.4-12.4Z" }]],
  C: [["circle", { cx: 12, cy: 6.6, r: 4.6 }], ["circle", { cx: 6.4, cy: 13.8, r: 4.6 }],
    ["circle", { cx: 17.6, cy: 13.8, r: 4.6 }],
    ["path", { d: "M10.8 12h2.4c.1 4.2 1.1 7.3 3.4 9.6H7.4c2.3-2.3 3.3-5.4 3.4-9.6Z" }]],
};

// Where a number card's pips lie, as a standard deck lays them out: [x, y] in percent of the pip
// area (x 0/50/100 the left, middle and right column); pips below the middle are drawn upside down.
const PIPS = {
  2: [[50, 0], [50, 100]],
  3: [[50, 0], [50, 50], [50, 100]],
  4: [[0, 0], [100, 0], [0, 100], [100, 100]],
  5: [[0, 0], [100, 0], [50, 50], [0, 100], [100, 100]],
  6: [[0, 0], [100, 0], [0, 50], [100, 50], [0, 100], [100, 100]],
  7: [[0, 0], [100, 0], [50, 25], [0, 50], [100, 50], [0, 100], [100, 100]],
  8: [[0, 0], [100, 0], [50, 25], [0, 50], [100, 50], [50, 75], [0, 100], [100, 100]],
  9: [[0, 0], [100, 0], [0, 33.3], [100, 33.3], [50, 50], [0, 66.7], [100, 66.7], [0, 100], [100, 100]],
  T: [[0, 0], [100, 0], [50, 16.7], [0, 33.3], [100, 33.3], [0, 66.7], [100, 66.7], [50, 83.3], [0, 100], [100, 100]],
};

// What the table remembers between renders (the engine's state arrives one view at a time).
const memory = {
  state: null, lastI: -1, viewer: undefined, hand: null, books: null, entries: [],
  fresh: new Set(), selected: null,
};

function suitIcon(suit) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", `suit suit-${suit}`);
  for (const [tag, attrs] of SUIT_SHAPES[suit]) {
    const shape = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) shape.setAttribute(k, v);
    shape.setAttribute("fill", "currentColor");
    svg.append(shape);
  }
  return svg;
}

const byRank = (a, b) => RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]) || SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]);

function names(t) {
  return {
    rank: (r) => t(`go_fish.rank.${r}`),
    ranks: (r) => t(`go_fish.ranks.${r}`),
    card: (c) => t("go_fish.card", { rank: t(`go_fish.rank.${c[0]}`), suit: t(`go_fish.suit.${c[1]}`) }),
  };
}

/** A face-up playing card: rank and suit in two corners; the face as a standard deck has it: the
 * suit's pips laid out by rank, one large pip on an ace, a figure on a court card (a crowned king
 * and queen, a jack in a feathered cap, drawn in the suit's colour; symbols in index.html). */
function gfCard(card, t, extra = "") {
  const [rank, suit] = card;
  const node = el("div", `card gf gf-${RED.has(suit) ? "red" : "black"} ${extra}`.trim());
  node.dataset.card = card;
  const name = names(t).card(card);
  named(node, name);
  node.title = name;
  const corner = (where) => {
    const box = el("span", `corner ${where}`);
    box.setAttribute("aria-hidden", "true");
    box.append(painted("b", "", SHOWN_RANK[rank] ?? rank), suitIcon(suit));
    return box;
  };
  const face = el("span", "face");
  face.setAttribute("aria-hidden", "true");
  if ("JQK".includes(rank)) {
    face.classList.add("court");
    face.append(symbol(`sym-gf-${rank}`), suitIcon(suit));
  } else if (PIPS[rank]) {
    face.classList.add("pips");
    for (const [x, y] of PIPS[rank]) {
      const pip = suitIcon(suit);
      pip.style.insetInlineStart = `${x}%`;
      pip.style.top = `${y}%`;
      if (y > 50) pip.classList.add("down");
      face.append(pip);
    }
  } else {
    face.append(suitIcon(suit));
  }
  node.append(corner("tl"), face, corner("br"));
  return node;
}

function back(extra = "") {
  const node = el("span", `card back ${extra}`.trim());
  node.append(symbol("sym-back"));
  return node;
}

/** A laid-down book: a small stack of four cards showing the rank and the four suits. */
function bookStack(rank, t, extra = "") {
  const node = el("span", `gf-book ${extra}`.trim());
  node.dataset.rank = rank;
  const label = t("go_fish.book_of", { ranks: t(`go_fish.ranks.${rank}`) });
  node.title = label;
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", label);
  const pips = el("span", "pips");
  for (const suit of SUITS) {
    const icon = suitIcon(suit);
    icon.classList.add(RED.has(suit) ? "red" : "black");
    pips.append(icon);
  }
  node.append(painted("b", "", SHOWN_RANK[rank] ?? rank), pips);
  return node;
}

function booksRow(books, seat, fresh, popped, t) {
  const row = el("div", "gf-books");
  row.dataset.anchor = `books-${seat}`;
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", t("go_fish.books"));
  if (!books.length) row.append(painted("span", "gf-none", t("go_fish.no_books")));
  books.forEach((rank, i) => {
    const classes = [fresh.has(`${seat}:${rank}`) ? "gf-fresh" : "", popped[seat] != null && i >= popped[seat] ? "gf-pop" : ""];
    row.append(bookStack(rank, t, classes.join(" ")));
  });
  return row;
}

function fan(count, t) {
  const box = el("div", "gf-fan");
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", t("table.cards", { n: count, count }));
  const shown = Math.min(count, 10);
  for (let i = 0; i < shown; i++) {
    const b = back("small");
    b.style.setProperty("--a", `${(i - (shown - 1) / 2) * Math.min(8, 48 / Math.max(shown, 1))}deg`);
    box.append(b);
  }
  if (!count) box.append(painted("span", "gf-none", t("go_fish.no_cards")));
  else box.append(painted("span", "gf-count", String(count)));
  return box;
}

function button(node, key, label, go, pressed = null) {
  node.dataset.key = key;
  return pressable(node, label, go, { pressed });
}

function parseMove(action) {
  const [, seat, what] = action.split(" ");
  return { action, seat: Number(seat), what, rank: what[0] };
}

// ----- what happened: log entries grouped by ask ----------------------------------------------

/** Update the memory with this state; returns what changed since the last render. */
function remember(s) {
  const view = s.view;
  const again = s === memory.state;  // the same state drawn again (a pick in hand): nothing new
  if (!again && s.log.length && s.log[0].i === 0) {  // a new (or loaded, or rewound) game
    memory.entries = [];
    memory.hand = null;
    memory.books = null;
    memory.fresh = new Set();
    memory.selected = null;
    memory.lastI = -1;
  }
  memory.state = s;
  const fresh = again ? [] : s.log.filter((e) => e.i > memory.lastI);
  if (fresh.length) memory.lastI = fresh.at(-1).i;
  const newAsk = fresh.some((e) => ASK_TYPES.has(e.type));
  memory.entries.push(...fresh);
  const starts = memory.entries.map((e, k) => (ASK_TYPES.has(e.type) ? k : -1)).filter((k) => k >= 0);
  if (starts.length > KEEP_ASKS) memory.entries = memory.entries.slice(starts.at(-KEEP_ASKS));

  const hand = [...view.hand];
  const known = memory.viewer === s.viewer && memory.hand;
  const gained = known ? hand.filter((c) => !memory.hand.includes(c)) : [];
  if (newAsk || !known) memory.fresh = new Set();
  for (const c of gained) memory.fresh.add(c);
  for (const c of [...memory.fresh]) if (!hand.includes(c)) memory.fresh.delete(c);
  const popped = {};  // seat -> index of its first book laid since the last render
  view.books.forEach((books, seat) => {
    const had = memory.books?.[seat]?.length;
    if (had != null && books.length > had) popped[seat] = had;
  });
  memory.viewer = s.viewer;
  memory.hand = hand;
  memory.books = view.books.map((b) => [...b]);
  return { newAsk, gained, popped };
}

/** The remembered entries split into groups: each starts with an ask (or is the deal). */
function groups() {
  const out = [];
  for (const e of memory.entries) {
    if (ASK_TYPES.has(e.type) || !out.length) out.push([]);
    out.at(-1).push(e);
  }
  return out;
}

/** The fields of a log item's public history entry that the table needs (or null). */
function parseEntry(e) {
  const d = e.entry;
  switch (e.type) {
    case "ask": return { who: d.seat, whom: d.asked, what: d.rank };
    case "ask_card": return { who: d.seat, whom: d.asked, what: d.card };
    case "book": return { who: d.seat, what: d.rank };
    case "fish_shown": return { who: d.seat, what: d.card };
    case "give": return { who: d.seat, what: d.rank, count: d.count };
    default: return null;
  }
}

/** One ask group as data: {asker, asked, what, given, fish: null | "hidden" | card | "none", books, other}. */
function readGroup(group, s, t, lastAsk) {
  const head = group[0];
  if (!ASK_TYPES.has(head.type)) return { deal: head, books: bookEntries(group, s, t), other: [] };
  const ask = lastAsk ? { who: lastAsk.seat, whom: lastAsk.asked, what: lastAsk.rank ?? lastAsk.card } : parseEntry(head);
  if (!ask) return { raw: group, books: bookEntries(group, s, t), other: [] };
  const info = { asker: ask.who, asked: ask.whom, what: ask.what, given: 0, fish: null, books: bookEntries(group, s, t), other: [] };
  for (const e of group.slice(1)) {
    if (e.type === "give_card") info.given = 1;
    else if (e.type === "give") info.given = lastAsk ? lastAsk.given : (parseEntry(e)?.count ?? 1);
    else if (e.type === "fish") info.fish = "hidden";
    else if (e.type === "fish_shown") info.fish = parseEntry(e)?.what ?? (info.what.length === 2 ? info.what : "hidden");
    else if (["draw", "skip", "end"].includes(e.type)) info.other.push(e);
  }
  if (info.given === 0 && info.fish == null) info.fish = "none";  // keep_playing: an empty stock
  return info;
}

function bookEntries(group, s, t) {
  return group.filter((e) => e.type === "book").map((e) => ({ entry: e, book: parseEntry(e) }));
}

// ----- the table ----------------------------------------------------------------------------

export function go_fish(felt, s, ui) {
  const { t } = ui;
  const view = s.view;
  const me = s.viewer;
  const n = names(t);
  const changes = remember(s);
  // A news sentence about you is a sentence of its own ("You asked…", "…asked you for…"): many
  // languages conjugate for "you", so a name is never swapped for a pronoun. Catalog keys
  // `<key>.you` (you did it) and `<key>.to_you` (you were asked); {seat} and {asked} are names.
  const tell = (key, args, subject, object) => {
    const you = (seat) => seat === me && isYou(s, seat);
    const variant = you(subject) ? `${key}.you` : you(object) ? `${key}.to_you` : key;
    return t(variant, { seat: s.names[subject], asked: s.names[object], ...args });
  };
  const askCard = Boolean(view.options?.ask_card);
  const myTurn = me != null && view.current_player === me && !view.is_over;
  const moves = myTurn ? s.moves.map((m) => parseMove(m.action)) : [];

  // --- what has been picked so far: {r: rank, s: seat, c: card} as JSON in ui.selected ---
  const matching = (sel) => moves.filter((m) => (sel.r == null || m.rank === sel.r)
    && (sel.s == null || m.seat === sel.s) && (sel.c == null || m.what === sel.c));
  let sel = {};
  try { sel = ui.selected ? JSON.parse(ui.selected) : {}; } catch { sel = {}; }
  if (typeof sel !== "object" || sel === null || !matching(sel).length) sel = {};
  const clear = () => { if (ui.selected) ui.select(ui.selected); };
  const choose = (update) => {
    const next = { ...sel, ...update };
    for (const k of Object.keys(next)) if (next[k] == null) delete next[k];
    if (!Object.keys(next).length) return clear();
    const hits = matching(next);
    if (!hits.length) return;
    if (askCard && next.r != null && next.c == null) {
      const cards = new Set(hits.map((m) => m.what));
      if (cards.size === 1) next.c = [...cards][0];
    }
    if (hits.length === 1) return ui.act(hits[0].action);
    const text = JSON.stringify(next);
    if (text !== ui.selected) ui.select(text);
  };

  const focusKey = felt.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  const selectionChanged = memory.selected !== (ui.selected ?? null);
  memory.selected = ui.selected ?? null;

  felt.replaceChildren();
  felt.className = "felt gf-table";
  felt.dataset.players = view.players;

  // --- news: the latest ask and its answer, fresh books ---
  const all = groups();
  const latest = all.length ? readGroup(all.at(-1), s, t, view.last_ask && ASK_TYPES.has(all.at(-1)[0].type) ? view.last_ask : null) : null;
  const freshBooks = new Set((latest?.books ?? []).filter((b) => b.book).map((b) => `${b.book.who}:${b.book.what}`));

  // --- a seat: name, books count, face-down fan (opponents), books laid down ---
  const seatBox = (seat) => {
    const box = el("div", "seat gf-seat");
    box.dataset.seat = seat;
    if (seat === view.current_player && !view.is_over) box.classList.add("current");
    if (view.winners.includes(seat)) box.classList.add("winner");
    // The latest ask in speech bubbles over the seats (the news says it in words): the asker's
    // question (so it holds the rank, GF-2) and the asked seat's answer, its cards (GF-3) or
    // "Go fish!" (GF-4). Not over your own seat: you know what you asked and answered.
    if (latest?.asker === seat && !view.is_over) {
      box.classList.add("asker");
      if (seat !== me) box.append(says(t("go_fish.says_ask", { what: whatText(latest.what, t, n) })));
    }
    if (latest?.asked === seat && !view.is_over) {
      box.classList.add("asked");
      if (seat !== me && latest.given) box.append(says(t("go_fish.says_give"), "gf-says-give"));
      else if (seat !== me && latest.fish !== "none") box.append(says(t("go_fish.news.go_fish"), "gf-says-fish"));
    }
    const head = el("header", "seat-head");
    const name = el("span", "seat-name", s.names[seat]);
    name.title = s.names[seat];
    const booksText = t("go_fish.books_count", { n: view.totals[seat], count: view.totals[seat] });
    const score = named(el("span", "seat-score"), booksText);
    score.title = booksText;
    const word = t("go_fish.books_word", { n: view.totals[seat], count: view.totals[seat] });
    score.append(el("span", "gf-stack-icon"), painted("span", "gf-score-n", String(view.totals[seat])), painted("span", "gf-score-word", word));
    head.append(name, score);
    if (seat === view.current_player && s.bot_to_move) {
      const dots = el("span", "gf-thinking");
      dots.setAttribute("aria-hidden", "true");
      dots.append(el("i"), el("i"), el("i"));
      head.append(dots);
    }
    box.append(head);
    return box;
  };

  const order = [];
  for (let i = 1; i <= view.players; i++) order.push(((me ?? -1) + i + view.players) % view.players);
  const others = el("div", "gf-opponents felt-others");
  for (const seat of order) {
    if (seat === me) continue;
    const box = seatBox(seat);
    const hidden = fan(view.hand_sizes[seat], t);
    hidden.dataset.anchor = `seat-${seat}`;
    box.append(hidden);
    box.append(booksRow(view.books[seat], seat, freshBooks, changes.popped, t));
    if (myTurn) {
      const can = matching({ r: sel.r, c: sel.c, s: seat }).length > 0;
      if (can) {
        const ready = askCard ? sel.c != null : sel.r != null;  // the seat is the last thing to pick
        box.classList.add(ready ? "target" : "askable");
        if (sel.s === seat) box.classList.add("selected");
        const what = ready ? whatText(sel.c ?? sel.r, t, n) : null;
        const label = ready ? t("go_fish.ask_whom", { name: s.names[seat], what }) : t("go_fish.ask_seat", { name: s.names[seat] });
        button(box, `seat:${seat}`, label, () => choose({ s: sel.s === seat && sel.r == null ? null : seat }), sel.s === seat);
        const hits = matching({ r: sel.r, c: sel.c, s: seat });
        legal(box, hits.length === 1 ? hits[0].action : "", hits.map((hit) => hit.action));
        if (ready) box.dataset.badge = t("go_fish.ask_badge", { what });
      } else {
        box.classList.add("unaskable");
      }
    }
    others.append(box);
  }
  felt.append(others);

  // --- the middle: stock, variant tags, the news ---
  const middle = el("div", "gf-middle felt-centre");
  const stock = el("div", "gf-stock");
  stock.append(el("div", "label", t("go_fish.stock")));
  const pile = el("div", "gf-pile");
  pile.dataset.anchor = "stock";
  if (view.stock_size) {
    const layers = Math.min(4, Math.ceil(view.stock_size / 8));
    for (let i = 0; i < layers; i++) {
      const b = back("gf-stock-card");
      b.style.setProperty("--i", i);
      pile.append(b);
    }
  } else {
    pile.append(el("span", "gf-empty", t("go_fish.stock_empty")));
  }
  named(pile, t("go_fish.stock_of", { cards: t("table.cards", { n: view.stock_size, count: view.stock_size }) }));
  const count = el("div", "gf-count", String(view.stock_size));
  count.setAttribute("aria-hidden", "true");  // the pile's name says it
  stock.firstChild.setAttribute("aria-hidden", "true");
  stock.append(pile, count);
  // GF-7: an empty stock or hand ends the game at once; said while one of them is nearly empty.
  if (view.stock_size && !view.options?.keep_playing && (view.stock_size <= LOW || Math.min(...view.hand_sizes) <= LOW_HAND)) {
    stock.append(el("div", "gf-stock-warn", t("go_fish.stock_low")));
  }
  middle.append(stock);

  const news = el("div", "gf-news");
  news.setAttribute("role", "group");
  news.setAttribute("aria-label", t("go_fish.news.label"));
  if (latest) news.append(...newsLines(latest, { t, n, tell, view }));
  const asks = all.slice(0, -1).filter((g) => ASK_TYPES.has(g[0].type)).map((g) => readGroup(g, s, t, null));
  const earlier = earlierAsks(asks, isYou(s, me) ? me : null);
  if (earlier.shown.length || earlier.own) {
    const list = el("ul", "gf-earlier");
    // Headed "Since your last ask", or, when the latest ask is yours too, "Before this ask" (your
    // ask before it is not the one on show).
    const yoursLatest = latest?.asker === me;
    if (earlier.own) list.append(el("li", "gf-since", t(yoursLatest ? "go_fish.news.before" : "go_fish.news.since")), el("li", "gf-you gf-own", shortLine(earlier.own, { t, n, tell })));
    for (const info of earlier.shown) {
      list.append(el("li", involves(info, me) ? "gf-you" : "", shortLine(info, { t, n, tell })));
    }
    for (const b of earlier.books) list.append(el("li", "gf-left-book", tell("go_fish.news.book", { ranks: n.ranks(b.what) }, b.who)));
    if (earlier.more) list.append(el("li", "gf-more", t(earlier.yoursLeft ? "go_fish.news.more_any" : "go_fish.news.more", { n: earlier.more, count: earlier.more })));
    news.append(list);
  }
  middle.append(news);

  const tags = el("div", "gf-tags");
  const opts = view.options ?? {};
  for (const [name, value] of Object.entries(opts)) {
    if (name === "first_player") continue;
    const isDefault = name === "next_after_fish" ? value === "asked" : !value;
    if (isDefault) continue;
    const tag = el("span", "gf-tag", t(`go_fish.tag.${name}`));
    tag.dataset.option = name;
    tag.dataset.value = String(value);
    tags.append(tag);
  }
  if (tags.childElementCount) middle.append(tags);
  felt.append(middle);

  // --- your seat: hint, card picker, hand by rank, your books ---
  if (me != null) {
    const mine = seatBox(me);
    mine.classList.add("mine");
    if (myTurn) {
      if (sel.c != null) ui.prompt(t("go_fish.hint.card_seat", { card: n.card(sel.c) }));
      else if (sel.r != null && askCard) ui.prompt(t("go_fish.hint.card", { rank: n.rank(sel.r) }));
      else if (sel.r != null) ui.prompt(t("go_fish.hint.rank", { ranks: n.ranks(sel.r) }));
      else if (sel.s != null) ui.prompt(t("go_fish.hint.seat", { name: s.names[sel.s] }));
      else ui.prompt(t("go_fish.hint.start"));
      if (Object.keys(sel).length) {  // in the seat's header: the hand never moves for it
        const cancel = el("button", "gf-cancel", t("go_fish.cancel"));
        cancel.type = "button";
        cancel.dataset.key = "cancel";
        cancel.addEventListener("click", clear);
        mine.querySelector(".seat-name").after(cancel);
      }
    }
    const picking = myTurn && askCard && sel.r != null && sel.c == null;
    felt.dataset.mode = picking ? "picker" : "";  // the zoom fits the card picker, then fits again
    mine.classList.toggle("my-turn", myTurn);

    if (picking) {
      const picker = el("div", "gf-picker");
      picker.setAttribute("role", "group");
      picker.setAttribute("aria-label", t("go_fish.picker", { rank: n.rank(sel.r) }));
      const cards = el("div", "gf-picker-cards");
      for (const suit of SUITS) {
        const card = sel.r + suit;
        const ok = matching({ ...sel, c: card }).length > 0;
        const held = view.hand.includes(card);
        const c = gfCard(card, t, `gf-pick ${ok ? "gf-legal" : "gf-dim"}`);
        if (held) c.append(el("span", "gf-tagline", t(ok ? "go_fish.bluff" : "go_fish.in_hand")));
        if (ok) {
          button(c, `pick:${card}`, t("go_fish.name_card", { card: n.card(card) }), () => choose({ c: card }));
          legal(c, "", matching({ ...sel, c: card }).map((hit) => hit.action));
        }
        cards.append(c);
      }
      picker.append(cards);
      mine.append(picker);
    }

    const row = el("div", "gf-mine-row");
    const hand = el("div", `gf-hand${sel.r != null ? " has-choice" : ""}`);
    hand.dataset.part = "hand";
    hand.dataset.anchor = `seat-${me}`;
    hand.setAttribute("role", "group");
    hand.setAttribute("aria-label", handLabel(s, t));
    const cards = [...view.hand].sort(byRank);
    if (!cards.length) hand.append(el("span", "gf-none", t("go_fish.no_cards")));
    const ranks = [...new Set(cards.map((c) => c[0]))];
    for (const rank of ranks) {
      const group = el("div", "gf-group");
      group.dataset.rank = rank;
      const inRank = cards.filter((c) => c[0] === rank);
      const can = myTurn && matching({ s: sel.s, r: rank }).length > 0;
      const chosen = sel.r === rank;
      for (const card of inRank) {
        const classes = [can ? "playable" : "", chosen ? "selected" : "", memory.fresh.has(card) ? "gf-fresh" : "",
          changes.gained.includes(card) ? "gf-pop" : ""];
        group.append(gfCard(card, t, classes.join(" ")));
      }
      // On the group's last card, so it moves with that card when cards slide into or out of the hand.
      if (inRank.length > 1) group.lastChild.append(painted("span", "gf-group-count badge", `×${inRank.length}`, { hidden: true }));
      if (can) {
        group.classList.add("playable");
        const label = sel.s != null ? t("go_fish.ask_whom", { name: s.names[sel.s], what: n.ranks(rank) })
          : t("go_fish.ask_rank", { ranks: n.ranks(rank), n: inRank.length, count: inRank.length });
        button(group, `rank:${rank}`, label, () => choose(chosen ? { r: null, c: null } : { r: rank, c: null }), chosen);
        const hits = matching({ s: sel.s, r: rank });
        legal(group, hits.length === 1 ? hits[0].action : "", hits.map((hit) => hit.action));
      }
      else {  // not askable now: a click says why
        const other = order.find((seat) => seat !== me);
        group.addEventListener("click", () => ui.explain(`ask ${other} ${rank}`));
      }
      if (chosen) group.classList.add("selected");
      hand.append(group);
    }
    row.append(hand);
    const myBooks = el("div", "gf-my-books");
    myBooks.append(el("div", "label", t("go_fish.books")), booksRow(view.books[me], me, freshBooks, changes.popped, t));
    row.append(myBooks);
    mine.append(row);
    felt.append(mine);
  }

  // --- keyboard focus survives the redraw; a new pick moves it to the next thing to pick ---
  if (focusKey != null) {
    const next = selectionChanged && Object.keys(sel).length
      ? felt.querySelector(".gf-picker [data-key], .seat.target[data-key], .gf-group.playable[data-key]")
      : felt.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
    (next ?? felt.querySelector("[data-key]"))?.focus();
  }

  if (changes.newAsk && latest?.asker != null) {
    // Let a catch, a shown draw or a new book be seen before the next bot moves (only at a pace).
    const big = latest.books?.length || (latest.fish && latest.fish.length === 2);
    if (big || latest.given) ui.hold?.(big ? 1200 : 500);
  }
}

// ----- news lines ---------------------------------------------------------------------------

/** A speech bubble over a seat, its words drawn by CSS from data-says: shown only (the news and
 * the log say it in words), and no text inside a seat a player may press (its name is the ask). */
function says(text, className = "") {
  const bubble = el("span", `gf-says ${className}`.trim());
  bubble.dataset.says = text;
  bubble.setAttribute("aria-hidden", "true");
  return bubble;
}

function whatText(what, t, n) {
  return what.length === 2 ? t("go_fish.the_card", { card: n.card(what) }) : n.ranks(what);
}

function newsLines(info, { t, n, tell, view }) {
  const lines = [];
  if (info.deal) {
    lines.push(el("p", "gf-headline", info.deal.text));
  } else if (info.raw) {
    for (const e of info.raw) lines.push(el("p", "gf-line", e.text));
    return lines;
  } else {
    const ask = el("p", "gf-headline");
    ask.append(el("span", "gf-ask-text", tell("go_fish.news.ask", { what: whatText(info.what, t, n) }, info.asker, info.asked)));
    ask.append(hideFromReaders(info.what.length === 2 ? gfCard(info.what, t, "gf-tiny") : rankChip(info.what)));  // the sentence names it
    lines.push(ask);
    const answer = el("p", `gf-answer ${info.given ? "catch" : "miss"}`);
    if (info.given) {
      answer.textContent = info.what.length === 2
        ? tell("go_fish.news.give_card", { card: n.card(info.what) }, info.asked)
        : tell("go_fish.news.give", { count: info.given, n: info.given, rank: n.rank(info.what), ranks: n.ranks(info.what) }, info.asked);
    } else if (info.fish === "none") {  // GF-9a: with the stock empty nobody says "Go fish"
      answer.textContent = tell("go_fish.news.miss", {}, info.asked);
    } else {
      answer.append(symbol("sym-L"), el("span", "", t("go_fish.news.go_fish")));
    }
    lines.push(answer);
    if (info.fish === "hidden") {
      lines.push(el("p", "gf-line", tell("go_fish.news.fish", {}, info.asker)));
    } else if (info.fish === "none") {
      lines.push(el("p", "gf-line", t("go_fish.news.no_draw")));
    } else if (info.fish) {
      const line = el("p", "gf-line gf-shown");
      line.append(hideFromReaders(gfCard(info.fish, t, "gf-tiny gf-flip")), el("span", "", tell("go_fish.news.fish_shown", { card: n.card(info.fish) }, info.asker)));
      lines.push(line);
    }
  }
  for (const b of info.books) {
    const line = el("p", "gf-line gf-book-news");
    if (b.book) line.append(hideFromReaders(bookStack(b.book.what, t, "gf-fresh")), el("span", "", tell("go_fish.news.book", { ranks: n.ranks(b.book.what) }, b.book.who)));
    else line.textContent = b.entry.text;
    lines.push(line);
  }
  for (const e of info.other) lines.push(el("p", `gf-line gf-${e.type}`, e.text));
  // Whose turn it is now, and why (GF-3, GF-4, GF-5: after "Go fish" the asked player may be next).
  const next = view.current_player;
  if (view.is_over || info.asker == null || next == null) return lines;
  if (next === info.asker && (info.given || (info.fish && info.fish.length === 2))) {
    lines.push(el("p", "gf-turn", tell("go_fish.news.again", {}, info.asker)));
  } else if (next !== info.asker) {
    const saidIt = next === info.asked && info.fish && info.fish !== "none";
    lines.push(el("p", "gf-turn", tell(saidIt ? "go_fish.news.next_fish" : "go_fish.news.next", {}, null, next)));
  }
  return lines;
}

/** The earlier asks to list under the latest one (`asks`: read groups, oldest first): for a
 * player (`me`), every ask since their own last one, at most EARLIER_LINES (SHORT_EARLIER_LINES on a
 * phone on its side), those that took their cards first, then the others they asked or were
 * asked in, in order; else the last two. Returns {own: `me`'s last ask itself (how it went; the
 * list runs from it), shown, more: how many were left out, books: the books laid in those left
 * out ({who, what}), yoursLeft: whether one left out asked or was asked of `me`}. */
function earlierAsks(asks, me) {
  if (me == null) return { own: null, shown: asks.slice(-2), more: 0, books: [] };
  const mine = asks.findLastIndex((a) => a.asker === me);
  const since = asks.slice(mine + 1);
  const most = matchMedia("(max-height: 520px) and (min-width: 700px)").matches ? SHORT_EARLIER_LINES : EARLIER_LINES;  // app.css: a short, wide screen
  // First the asks that took your cards, then the others you asked or were asked in, then the rest.
  const picked = pickLines(since, (a) => (a.asked === me && a.given ? 2 : involves(a, me) ? 1 : 0), most);
  const left = since.filter((a) => !picked.shown.includes(a));
  const books = left.flatMap((a) => a.books.filter((b) => b.book).map((b) => b.book));
  const yoursLeft = left.some((a) => involves(a, me));  // then "more asks", not "between the others"
  return { ...picked, own: mine >= 0 ? asks[mine] : null, books, yoursLeft };
}

/** Whether seat `me` asked or was asked in the read ask `info`. */
function involves(info, me) {
  return info.asker === me || info.asked === me;
}

function shortLine(info, { t, n, tell }) {
  if (info.raw || info.deal) return (info.raw ?? [info.deal])[0].text;
  const args = { what: whatText(info.what, t, n), count: info.given };
  const answer = info.given ? "short_catch" : info.fish === "none" ? "short_none" : "short_miss";
  let text = tell(`go_fish.news.${answer}`, args, info.asker, info.asked);
  if (info.fish && info.fish.length === 2) text += ` ${t("go_fish.news.short_shown")}`;
  for (const b of info.books) if (b.book) text += ` ${t("go_fish.news.short_book", { ranks: n.ranks(b.book.what) })}`;
  return text;
}

// A picture beside a sentence that already says what it shows.
function hideFromReaders(node) {
  node.setAttribute("aria-hidden", "true");
  return node;
}

function rankChip(rank) {
  return el("span", "gf-rank-chip", SHOWN_RANK[rank] ?? rank);
}

// ----- cards moving: handed over, drawn from the stock, laid down as a book ----------------

/** What travelled in `entries` (log items), for the table's motion (tables/motion.js). */
export function goFishTravels(entries) {
  const out = [];
  for (const { type, entry: e } of entries) {
    if (type === "give") for (let k = 0; k < e.count; k++) out.push({ from: `seat-${e.seat}`, to: `seat-${e.asker}`, like: e.rank, actor: e.seat });
    else if (type === "give_card") out.push({ from: `seat-${e.seat}`, to: `seat-${e.asker}`, card: e.card, actor: e.seat });
    else if (type === "fish" || type === "draw") out.push({ from: "stock", to: `seat-${e.seat}`, actor: e.seat });
    else if (type === "fish_shown") out.push({ from: "stock", to: `seat-${e.seat}`, card: e.card, actor: e.seat });
    else if (type === "book") for (const suit of SUITS) out.push({ from: `seat-${e.seat}`, to: `books-${e.seat}`, card: e.rank + suit, actor: e.seat });
  }
  return out;
}

/** A card in flight (a flight of goFishTravels): its face when known, else its back. */
export function goFishGhost(flight, t) {
  return flight.card ? gfCard(flight.card, t) : back();
}

/** How long the bots wait before the next move, as a share of the bot speed (after its cards
 * land): an ask between two others (nothing of yours changed hands; the news keeps it for you)
 * takes 0.4, so a run of bots asking each other is not a long wait. */
export function goFishPace(s) {
  const ask = s.view.last_ask;
  return s.viewer != null && ask && ask.seat !== s.viewer && ask.asked !== s.viewer ? 0.4 : 1;
}

/** This game's table, for tables/index.js; `runPaces`: the bots' moves between two of a human's
 * turns take at most five paces (3.5 s at the default pace), the rest of their run at once. */
export const table = { render: go_fish, travels: goFishTravels, ghost: goFishGhost, pace: goFishPace, runPaces: 5 };
