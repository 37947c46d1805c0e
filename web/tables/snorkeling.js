// The Snorkeling table: opponents' piles, the centre and draw pile, your pile and hand.
import { el, symbol, cardBacks, legal } from "./common.js";

function cardName(card, t) {
  const special = `snorkeling.card.${card}`;
  if (t(special) !== special) return t(special);
  const value = `snorkeling.value.${card[1]}`;
  return t("snorkeling.card", { colour: t(`snorkeling.colour.${card[0]}`), value: t(value) !== value ? t(value) : card[1] });
}

/** A Snorkeling card face (`card` a code like "B3"); `extra` adds classes. */
export function snCard(card, t, extra = "") {
  const node = el("div", `card sn sn-${card[0]} ${extra}`);
  node.dataset.card = card;
  const name = cardName(card, t);
  node.setAttribute("aria-label", name);
  node.title = name;
  node.append(el("span", "corner tl", card[1]), symbol(`sym-${card[0]}`), el("span", "corner br", card[1]));
  const special = { 0: "snorkeling.value.0", 4: "snorkeling.value.4" }[card[1]];
  if (special && card[0] !== "L") node.append(el("span", "caption", t(special)));
  return node;
}

function snPile(pile, t) {
  const box = el("div", "pile");
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
  const selected = ui.selected;
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
    head.append(el("span", "seat-name", s.names[seat]), el("span", "seat-score", String(view.totals[seat])));
    box.append(head);
    const pile = snPile(view.piles[seat], t);
    pile.dataset.anchor = `pile-${seat}`;
    pile.setAttribute("aria-label", `${t("snorkeling.pile")}: ${s.names[seat]}`);
    box.append(pile);
    if (placeTargets.has(seat)) {
      legal(box, placeTargets.get(seat));
      box.classList.add("target");
      box.tabIndex = 0;
      box.setAttribute("role", "button");
      const go = () => ui.act(placeTargets.get(seat));
      box.addEventListener("click", go);
      box.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") go(); });
    }
    return box;
  };

  const order = [];
  for (let i = 1; i <= view.players; i++) order.push(((me ?? -1) + i + view.players) % view.players);
  const others = el("div", "opponents");
  for (const seat of order) {
    if (seat === me) continue;
    const box = seatBox(seat);
    const backs = cardBacks(view.hand_sizes[seat], t);
    backs.dataset.anchor = `seat-${seat}`;
    box.append(backs);
    others.append(box);
  }
  felt.append(others);

  const middle = el("div", "middle");
  const centre = el("div", "centre");
  centre.dataset.anchor = "centre";
  centre.append(el("div", "label", t("snorkeling.centre")));
  const top = snCard(view.center_top, t, "big");
  centre.append(top, el("div", "count", String(view.center_size)));
  if (centreAction) {
    legal(centre, centreAction);
    centre.classList.add("target");
    centre.tabIndex = 0;
    centre.setAttribute("role", "button");
    centre.addEventListener("click", () => ui.act(centreAction));
    centre.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") ui.act(centreAction); });
  }
  const draw = el("div", "draw");
  draw.dataset.anchor = "stock";
  draw.append(el("div", "label", t("snorkeling.draw_pile")));
  const back = el("div", "card back big");
  back.append(symbol("sym-back"));
  draw.append(back, el("div", "count", String(view.draw_pile_size)));
  middle.append(centre, draw);
  if (me != null && view.current_player === me) {
    const can = (verb) => moves.some((a) => a.startsWith(`${verb} `));
    let hint = view.phase;
    if (view.phase === "start" && !can("center")) hint = "pass";
    else if (view.phase === "playing" && can("center")) hint = "same";
    else if (view.phase === "playing" && !can("place")) hint = "finish";
    ui.prompt(selected ? t("snorkeling.hint.select", { card: cardName(selected, t) }) : t(`snorkeling.hint.${hint}`));
  }
  felt.append(middle);

  if (me == null) return;
  const mine = seatBox(me);
  mine.classList.add("mine");
  const hand = el("div", "hand");
  hand.dataset.part = "hand";
  hand.dataset.anchor = `seat-${me}`;
  hand.setAttribute("aria-label", t("table.hand"));
  for (const card of view.hand) {
    const actions = moves.filter((a) => a.split(" ")[1] === card);
    const c = snCard(card, t, actions.length ? "playable" : "");
    if (card === selected) c.classList.add("selected");
    if (actions.length) {
      legal(c, actions.length === 1 ? actions[0] : "");
      c.tabIndex = 0;
      c.setAttribute("role", "button");
      const go = () => (actions.length === 1 ? ui.act(actions[0]) : ui.select(card));
      c.addEventListener("click", go);
      c.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") go(); });
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
    const pile = snPile(entry.piles[seat], t);
    pile.classList.add("end-pile");
    return pile;
  } }];
}
