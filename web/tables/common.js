// Pieces every table renderer uses: elements, SVG symbols from the page's sprite, face-down hands.

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

/** Mark `node` as performing a legal move when clicked (page contract: [data-legal]); `action`
 * is the move it makes, or "" when it starts one (a card that still needs a destination). */
export function legal(node, action = "") {
  node.dataset.legal = action;
  return node;
}

export function symbol(id) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", `#${id}`);
  svg.append(use);
  return svg;
}

export function cardBacks(count, t) {
  const box = el("div", "backs");
  box.setAttribute("aria-label", t("table.cards", { n: count, count }));
  for (let i = 0; i < Math.min(count, 12); i++) {
    const back = el("span", "card back small");
    back.append(symbol("sym-back"));
    box.append(back);
  }
  box.append(el("span", "count", String(count)));
  return box;
}
