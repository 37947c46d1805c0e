// Rules demos (?demo=snorkeling|go_fish|enemy_anemone): a guided walk through one game.
//
// The engine builds every step by really playing a stacked-deck game (pygame_core/demos.py), and
// the build writes each demo as static JSON (demos/<game>.<lang>.json), so a demo needs no engine
// at all; this module only renders: each step's table through the game's own renderer,
// the cards involved marked with the class "highlight", a caption, what happened, Back/Next
// (arrow keys too), a step counter, and an end screen ("Play this game" -> onExit({game}),
// "Replay demo"). Page contract: <html data-state="playing" data-demo-step="N"> (1-based) while a
// step shows, data-state="over" on the end screen.

const html = document.documentElement;
// An upright phone or a small frame (demo.css): "What happened" starts closed, the caption has the room.
const SMALL = "(max-aspect-ratio: 5/4) and (max-height: 700px)";

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

function button(id, className, text, go) {
  const b = el("button", className, text);
  b.type = "button";
  b.id = id;
  b.addEventListener("click", go);
  return b;
}

// The elements a highlight token names: a card ("B3"), "seat:N", "score:N" (a seat's row in the
// round-end table `end` when one is on show) or "rank:R".
function targets(felt, token, end) {
  const [kind, value] = token.includes(":") ? token.split(":") : ["card", token];
  const v = CSS.escape(value);
  if (kind === "card") return felt.querySelectorAll(`[data-card="${v}"]`);
  if (kind === "seat") return felt.querySelectorAll(`.seat[data-seat="${v}"]`);
  if (kind === "score" && end) return end.querySelectorAll(`tr[data-seat="${v}"]`);
  if (kind === "score") return felt.querySelectorAll(`.seat[data-seat="${v}"] .seat-score`);
  if (kind === "rank") return felt.querySelectorAll(`[data-rank="${v}"]`);
  return [];
}

let running = null;  // the demo on screen, so a second start replaces it

// A step whose moves ended a round (hand) shows that round's end as the table does, over the
// next round's deal: the round-end item, the items before it, and those it brought after it.
function roundEndOf(step) {
  if (step.view.is_over) return null;
  const fresh = step.log.slice(step.log_from);
  const at = fresh.findLastIndex((e) => e.type === "round_end" || e.type === "hand_end");
  if (at < 0) return null;
  const next = fresh.findIndex((e, k) => k > at && e.type.endsWith("_start"));
  return [fresh[at], fresh.slice(0, at), fresh.slice(at + 1, next < 0 ? fresh.length : next)];
}

/**
 * Start the rules demo of game `name` in `felt` (the table's felt element). `t(key, args)` is the
 * catalog lookup, `draw(state, ui)` draws a state on the felt with the game's renderer,
 * `roundEnd(state, item, before, after)` shows the round-end panel `end` for a log item (null
 * hides it), and `onExit({game})` is called by "Play this game". Rejects (before changing the
 * page) if the site has no demo of that name. Resolves to {stop(), go(index), game}.
 */
export async function startDemo(name, { t, felt, draw, roundEnd, end: endPanel, onExit, lang } = {}) {
  const response = await fetch(`demos/${name}.${lang ?? (html.lang || "en")}.json`);
  if (!response.ok) throw new Error(t("demo.unknown", { name }));
  const reply = await response.json();
  const steps = reply.steps;
  const game = reply.game;
  running?.stop();

  const wrap = felt.parentElement ?? felt;
  const panel = el("section", "demo-panel");
  panel.id = "demo-panel";
  panel.setAttribute("aria-label", reply.title);
  const head = el("div", "demo-head");
  const label = el("span", "demo-label", t("demo.label"));
  const title = el("h2", "demo-title", reply.title);
  const counter = el("span", "demo-counter");
  counter.id = "demo-counter";
  head.append(label, title, counter);
  const progress = el("div", "demo-progress");
  const bar = el("span");
  progress.append(bar);
  const caption = el("p", "demo-caption");
  caption.id = "demo-caption";
  caption.setAttribute("aria-live", "polite");
  const seen = el("p", "demo-seen");
  const happened = el("details", "demo-happened");
  happened.open = !window.matchMedia?.(SMALL).matches;
  const summary = el("summary", "", t("demo.happened"));
  const lines = el("ol", "demo-log");
  lines.tabIndex = 0;  // it scrolls: keyboard users reach it too
  lines.setAttribute("aria-label", t("demo.happened"));
  happened.append(summary, lines);
  const back = button("demo-back", "demo-back", `← ${t("demo.back")}`, () => go(index - 1));
  const next = button("demo-next", "primary demo-next", "", () => go(index + 1));
  const leave = button("demo-exit", "demo-exit", t("demo.exit"), () => exit());
  const nav = el("div", "demo-nav");
  nav.append(back, next, leave);
  const keys = el("p", "demo-keys", t("demo.keys"));
  panel.append(head, progress, caption, seen, happened, nav, keys);

  const end = el("section", "demo-end");
  end.id = "demo-end";
  end.hidden = true;
  end.setAttribute("role", "dialog");
  end.setAttribute("aria-labelledby", "demo-end-title");
  const endTitle = el("h2", "", t("demo.end.title", { game: t(`game.${game}`) }));
  endTitle.id = "demo-end-title";
  const endButtons = el("div", "dialog-buttons");
  endButtons.append(
    button("demo-play", "primary", t("demo.play"), () => exit({ game })),
    button("demo-replay", "", t("demo.replay"), () => go(0)),
  );
  end.append(endTitle, el("p", "", t("demo.end.text")), endButtons);

  felt.before(panel);
  wrap.append(end);
  html.classList.add("demo");
  felt.inert = true;  // the table is for looking at: nothing on it reacts during a demo
  let index = 0;

  function render(i) {
    const step = steps[i];
    const state = { ...step, ok: true, bot_to_move: false, demo: true };  // demo: no seat is "you"
    draw(state, {});
    for (const node of felt.querySelectorAll("[data-legal]")) delete node.dataset.legal;  // nothing here plays
    const ended = roundEndOf(step);
    const [item = null, before = [], after = []] = ended ?? [];
    roundEnd?.(state, item, before, after, { picture: false });
    for (const token of step.highlight) {
      for (const node of targets(felt, token, ended && endPanel)) {
        node.classList.add("highlight");
        node.dataset.highlight = token;
      }
    }
    felt.dataset.highlights = step.highlight.join(" ");
    (ended && endPanel || felt).querySelector("[data-highlight]")?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
    caption.textContent = step.caption;
    seen.textContent = step.viewer == null ? t("demo.view_table") : t("demo.view_of", { name: step.names[step.viewer] });
    lines.replaceChildren(...step.log.slice(step.log_from).map((e) => el("li", `log-${e.type}`, e.text)));
    happened.hidden = step.log_from >= step.log.length;
    lines.scrollTop = lines.scrollHeight;  // the latest sentences matter most
    counter.textContent = t("demo.step", { n: i + 1, total: steps.length });
    bar.style.width = `${(100 * (i + 1)) / steps.length}%`;
    back.disabled = i === 0;
    next.textContent = i === steps.length - 1 ? `${t("demo.finish")} →` : `${t("demo.next")} →`;
  }

  function go(i) {
    if (i < 0) return;
    if (i >= steps.length) {
      index = steps.length;
      end.hidden = false;
      panel.classList.add("finished");
      next.disabled = true;
      html.dataset.state = "over";
      delete html.dataset.demoStep;
      end.querySelector("#demo-play").focus();
      return;
    }
    const wasEnd = index >= steps.length;
    index = i;
    end.hidden = true;
    panel.classList.remove("finished");
    next.disabled = false;
    render(i);
    html.dataset.state = "playing";
    html.dataset.demoStep = String(i + 1);
    if (wasEnd) next.focus();
  }

  function onKey(ev) {
    if (!panel.isConnected || panel.offsetParent === null) return;  // the demo is not on screen
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.defaultPrevented) return;
    if (document.querySelector("dialog[open]")) return;
    if (ev.target.closest?.("input, select, textarea")) return;
    const rtl = getComputedStyle(panel).direction === "rtl";
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const backward = rtl ? "ArrowRight" : "ArrowLeft";
    if (ev.key === forward || ev.key === "PageDown") { ev.preventDefault(); go(index + 1); }
    else if (ev.key === backward || ev.key === "PageUp") { ev.preventDefault(); go(index >= steps.length ? steps.length - 1 : index - 1); }
    else if (ev.key === "Home") { ev.preventDefault(); go(0); }
  }

  function stop() {
    document.removeEventListener("keydown", onKey);
    panel.remove();
    end.remove();
    roundEnd?.(null, null);
    felt.inert = false;
    felt.replaceChildren();
    delete felt.dataset.highlights;
    html.classList.remove("demo");
    delete html.dataset.demoStep;
    if (running === controller) running = null;
  }

  function exit(result) {
    stop();
    onExit?.(result ?? { game, left: true });
  }

  document.addEventListener("keydown", onKey);
  const controller = { stop, go, game };
  running = controller;
  go(0);
  next.focus({ preventScroll: true });
  return controller;
}
