// Text in the player's language: the catalogs the build writes (i18n/<lang>.json, every key of the
// engine's catalog for that language, English filling any gap), plurals by Intl.PluralRules and
// numbers by Intl.NumberFormat.
//
// t(key, args): with a count (args.count, else args.n) the lookup is `key.<exact number>`, then
// `key.<plural category>` (zero, one, two, few, many, other), then `key`; {name} placeholders are
// filled from args, numbers formatted for the language. describe.py renders the engine's sentences
// by the same rule.

import { read, write } from "./store.js";

export const LANGUAGES = ["en", "de", "id", "pt", "ar"];
const STORE_KEY = "tidepool.lang";
const html = document.documentElement;

let lang = "en";
let catalog = {};
let plural = new Intl.PluralRules("en");
let number = new Intl.NumberFormat("en");
let percent = new Intl.NumberFormat("en", { style: "percent" });
const cache = new Map();

/** The language on screen ("en", "de", "id", "pt" or "ar"). */
export function language() {
  return lang;
}

export function t(key, args = {}) {
  const count = args.count ?? args.n;
  let text;
  if (typeof count === "number") text = catalog[`${key}.${count}`] ?? catalog[`${key}.${plural.select(count)}`];
  text ??= catalog[key] ?? key;
  for (const [k, v] of Object.entries(args)) text = text.replaceAll(`{${k}}`, typeof v === "number" ? number.format(v) : v);
  return text;
}

/** True if the catalog has `key` (for optional, per-game wording). */
export function has(key) {
  return catalog[key] != null;
}

/** A number as the language writes it (Western digits everywhere, as on the cards). */
export function num(value) {
  return number.format(value);
}

/** A share from 0 to 1 as a whole percentage the way the language writes it ("64%", "64 %"). */
export function pct(share) {
  return percent.format(share);
}

async function fetchCatalog(code) {
  if (!cache.has(code)) {
    cache.set(code, fetch(`i18n/${code}.json`).then((r) => {
      if (!r.ok) throw new Error(`i18n/${code}.json: ${r.status}`);
      return r.json();
    }));
  }
  try {
    return await cache.get(code);
  } catch (err) {
    cache.delete(code);
    throw err;
  }
}

/** Start loading `code`'s catalog now (the page's first text waits for it, so it need not wait
 * for lobby.json too); a failure is left for setLanguage to meet. */
export function prefetchCatalog(code) {
  fetchCatalog(code).catch(() => {});
}

/**
 * Switch to `code` (loading its catalog) and relabel every [data-t] element; returns the language
 * now on screen. An unknown or unavailable code keeps English.
 */
export async function setLanguage(code, available = LANGUAGES) {
  const wanted = available.includes(code) ? code : "en";
  catalog = await fetchCatalog(wanted);
  lang = wanted;
  plural = new Intl.PluralRules(lang);
  number = new Intl.NumberFormat(lang, { numberingSystem: "latn" });
  percent = new Intl.NumberFormat(lang, { style: "percent", numberingSystem: "latn" });
  applyTexts();
  return lang;
}

/** Relabel the page's fixed texts ([data-t] keys; [data-t-label] for aria-labels). */
export function applyTexts(root = document) {
  for (const node of root.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of root.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(node.dataset.tLabel));
  for (const node of root.querySelectorAll("[data-t-placeholder]")) node.placeholder = t(node.dataset.tPlaceholder);
  if (root === document) {  // the page's title and description (what a tab, a bookmark and a search show)
    document.title = t("app.page_title");
    document.querySelector('meta[name="description"]')?.setAttribute("content", t("app.description"));
  }
  html.lang = lang;
  html.dir = catalog.dir === "rtl" ? "rtl" : "ltr";
}

/**
 * The language to start in: the link's `lang`, else the saved choice, else the browser's
 * languages, else English. Returns {lang, unknown}: `unknown` is the link's value when it named a
 * language this build does not have (the page then says so and goes on in English).
 */
export function chooseLanguage(params, available) {
  const asked = params.get("lang");
  if (asked != null) {  // a language tag in any case, its region ignored: "AR", "pt-BR"
    const base = asked.trim().toLowerCase().split(/[-_]/)[0];
    if (available.includes(base)) return { lang: base, unknown: null };
    return { lang: "en", unknown: asked };
  }
  const saved = read(STORE_KEY);
  if (saved && available.includes(saved)) return { lang: saved, unknown: null };
  for (const tag of navigator.languages ?? []) {
    const base = tag.toLowerCase().split("-")[0];
    if (available.includes(base)) return { lang: base, unknown: null };
  }
  return { lang: "en", unknown: null };
}

/** Remember the player's choice of language (skipped where storage is denied). */
export function saveLanguage(code) {
  write(STORE_KEY, code);
}
