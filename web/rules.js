// The rules of each game in a dialog, all text from the message catalog (locales/*.rules.json):
// rules.<game>.title / .intro, the sections listed in rules.<game>.sections (each with .title and
// .text), then "Questions players ask" from rules.<game>.questions (rules.<game>.q.<id> and
// rules.<game>.a.<id>), and a link to the game's rules demo. Each answer names the rule ids and
// rulings it rests on in closing brackets: they are shown apart, in a collapsed "Rulings" list.
//
// openRules(game, {t, container}) fills <dialog id="rules-dialog"> (created inside `container`,
// default document.body, when the page has none) and opens it as a modal.

const GAMES = ["snorkeling", "go_fish", "enemy_anemone"];

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

// A catalog text as paragraphs, lists ("- " lines) and numbered steps ("1. " lines).
function richText(text) {
  const out = document.createDocumentFragment();
  let list = null;
  for (const line of String(text).split("\n")) {
    const bullet = /^- (.*)$/.exec(line);
    const number = /^\d+\. (.*)$/.exec(line);
    if (bullet || number) {
      const kind = bullet ? "ul" : "ol";
      if (!list || list.localName !== kind) {
        list = el(kind);
        out.append(list);
      }
      list.append(el("li", "", (bullet ?? number)[1]));
    } else {
      list = null;
      if (line.trim()) out.append(el("p", "", line));
    }
  }
  return out;
}

// Ids listed in a catalog entry such as "cards,setup,turn" (missing entry: none).
function ids(t, key) {
  const text = t(key);
  return text === key ? [] : text.split(",").map((s) => s.trim()).filter(Boolean);
}

// An answer as players read it, and the rule ids and rulings it rests on: the catalog's answers
// name them in brackets, "… another turn (GF-4)." -> {answer: "… another turn.", reference: "GF-4"}.
const REFERENCE = /\s*\(([A-Z]{2}-\d+[^()]*)\)/g;
function splitReference(text) {
  const references = [...text.matchAll(REFERENCE)].map((found) => found[1]);
  return { answer: text.replace(REFERENCE, ""), reference: references.join("; ") };
}

function demoHref(game) {
  const params = new URLSearchParams();
  params.set("demo", game);
  const lang = new URLSearchParams(location.search).get("lang");
  if (lang) params.set("lang", lang);
  return `?${params}`;
}

function dialogFor(container) {
  let dialog = document.getElementById("rules-dialog");
  if (!dialog) {
    dialog = document.createElement("dialog");
    dialog.id = "rules-dialog";
    (container ?? document.body).append(dialog);
  }
  dialog.classList.add("rules-dialog");
  if (!dialog.dataset.wired) {
    dialog.dataset.wired = "1";
    // A click on the backdrop (outside the dialog's box) closes it.
    dialog.addEventListener("click", (ev) => {
      if (ev.target !== dialog) return;
      const r = dialog.getBoundingClientRect();
      const inside = ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
      if (!inside) dialog.close();
    });
  }
  return dialog;
}

function fill(dialog, game, t) {
  dialog.dataset.game = game;
  dialog.setAttribute("aria-labelledby", "rules-title");
  const head = el("header", "rules-head");
  const title = el("h2", "", `${t("rules.title")}: ${t(`rules.${game}.title`)}`);
  title.id = "rules-title";
  const close = el("button", "rules-close", "×");
  close.type = "button";
  close.id = "rules-close";
  close.setAttribute("aria-label", t("rules.close"));
  close.addEventListener("click", () => dialog.close());
  head.append(title, close);

  const tabs = el("nav", "rules-tabs");
  tabs.setAttribute("aria-label", t("rules.games"));
  for (const name of GAMES) {
    const tab = el("button", `rules-tab game-${name}`, t(`rules.${name}.title`));
    tab.type = "button";
    tab.dataset.game = name;
    tab.setAttribute("aria-pressed", String(name === game));
    tab.addEventListener("click", () => {
      fill(dialog, name, t);
      dialog.querySelector(`.rules-tab[data-game="${name}"]`)?.focus();
    });
    tabs.append(tab);
  }

  const body = el("div", "rules-body");
  body.append(el("p", "rules-intro", t(`rules.${game}.intro`)));
  const demo = el("a", "rules-demo-link", `▶ ${t("rules.demo")}`);
  demo.href = demoHref(game);
  demo.dataset.game = game;
  body.append(demo);
  for (const id of ids(t, `rules.${game}.sections`)) {
    const section = el("section", "rules-section");
    section.dataset.section = id;
    section.append(el("h3", "", t(`rules.${game}.${id}.title`)), richText(t(`rules.${game}.${id}.text`)));
    body.append(section);
  }
  const questions = ids(t, `rules.${game}.questions`);
  if (questions.length) {
    const faq = el("section", "rules-faq");
    faq.append(el("h3", "", t("rules.questions")));
    const list = el("dl");
    const rulings = el("dl");
    for (const id of questions) {
      const question = t(`rules.${game}.q.${id}`);
      const { answer, reference } = splitReference(t(`rules.${game}.a.${id}`));
      const q = el("dt", "", question);
      q.dataset.question = id;
      list.append(q, el("dd", "", answer));
      if (reference) rulings.append(el("dt", "", question), el("dd", "", reference));
    }
    faq.append(list);
    if (rulings.childElementCount) {
      const more = el("details", "rules-rulings");
      more.append(el("summary", "", t("rules.rulings")), rulings);
      faq.append(more);
    }
    body.append(faq);
  }
  const foot = el("footer", "rules-foot");
  const done = el("button", "primary", t("rules.close"));
  done.type = "button";
  done.addEventListener("click", () => dialog.close());
  foot.append(done);
  dialog.replaceChildren(head, tabs, body, foot);
  body.scrollTop = 0;
}

/** Show the rules of `game` ("snorkeling", "go_fish" or "enemy_anemone") in #rules-dialog. */
export function openRules(game, { t, container } = {}) {
  if (!GAMES.includes(game)) game = GAMES[0];
  const dialog = dialogFor(container);
  fill(dialog, game, t);
  if (!dialog.open) {
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
  }
  dialog.querySelector(".rules-body")?.focus?.();
  return dialog;
}
