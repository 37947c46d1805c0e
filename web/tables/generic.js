// A plain table for any game: the hand as text and every legal move as a button.
import { el } from "./common.js";

export function generic(felt, s, ui) {
  felt.replaceChildren();
  felt.className = "felt generic-table";
  const view = s.view;
  const hand = el("div", "hand");
  for (const card of view.hand) hand.append(el("span", "card plain", card));
  felt.append(hand);
  const buttons = el("div", "turn-buttons");
  for (const move of s.moves) {
    const b = el("button", "", move.label);
    b.type = "button";
    b.dataset.action = move.action;
    b.addEventListener("click", () => ui.act(move.action));
    buttons.append(b);
  }
  felt.append(buttons);
}

/** This game's table, for tables/index.js. */
export const table = { render: generic };
