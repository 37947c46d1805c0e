"""Accessibility: axe-core (a test-only npm package that `python3 build.py test` installs into
.cache/test/, never into the site) finds no violation of any rule and any impact on every screen —
the start screen, the rules dialog, each rules demo, each game's table in the middle of a game
and at its end (the game-over dialog), and the hot-seat hand-over — in English and in Arabic
(right to left).

Each failure lists the violations: rule id, impact, and the selectors of the nodes involved.
"""

import pytest
from pages import make_a_move, wait_for_attr, wait_for_my_turn_or_end

import build

GAMES = ["snorkeling", "go_fish", "enemy_anemone"]
LANGS = ["en", "ar"]
TIMEOUT_MS = 180_000

# Every rule axe runs by default (no tag filter): WCAG 2.0-2.2 A and AA and axe's best practices.
RUN_AXE = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((v) => ({ id: v.id, impact: v.impact,
    targets: v.nodes.map((n) => n.target.join(" ") + (n.failureSummary
      ? " — " + n.failureSummary.split("\\n").slice(1).join(" ").trim() : "")) }));
}"""


def axe_violations(page):
    """Run axe-core on the page as it is now; return its violations as plain data."""
    if not build.AXE_JS.is_file():
        pytest.fail(f"{build.AXE_JS} is missing: run `python3 build.py test` (it installs the pinned "
                    "axe-core into .cache/test/)", pytrace=False)
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(build.AXE_JS))
    settle(page)
    return page.evaluate(RUN_AXE)


def settle(page):
    """Wait two frames and until no card is in flight."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.wait_for_function("!document.querySelector('.flights .flyer')")


class Axe:
    """Runs axe on each screen a test reaches and collects what it finds, so that one failure
    lists every screen's violations (rule id, impact, nodes)."""

    def __init__(self, page):
        self.page = page
        self.found = {}

    def check(self, where):
        violations = axe_violations(self.page)
        if violations:
            self.found[where] = violations

    def assert_clean(self):
        lines = []
        for where, violations in self.found.items():
            lines.append(f"{sum(len(v['targets']) for v in violations)} axe violation node(s) on {where}:")
            for v in violations:
                lines.append(f"  {v['id']} ({v['impact']}), {len(v['targets'])} node(s):")
                lines.extend(f"    {t}" for t in v["targets"][:12])
        if self.found:
            pytest.fail("\n".join(lines), pytrace=False)


def table_query(game, lang, seats="human,bot:random"):
    return f"game={game}&players=2&seats={seats}&seed=3&speed=0&lang={lang}&options=first_player=0"


@pytest.mark.parametrize("lang", LANGS)
def test_start_screen_and_rules_dialog(page, base_url, open_app, lang):
    axe = Axe(page)
    assert open_app(page, base_url, f"lang={lang}") == "ready"
    axe.check(f"the start screen ({lang})")
    page.locator("details.advanced summary").click()
    axe.check(f"the start screen with Advanced open ({lang})")
    page.locator("#start-rules-button").click()
    page.locator("#rules-dialog[open]").wait_for()
    axe.check(f"the rules dialog ({lang})")
    for game in GAMES[1:]:
        page.locator(f'#rules-dialog .rules-tab[data-game="{game}"]').click()
        axe.check(f"the rules dialog, {game} ({lang})")
    axe.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_rules_demo(page, base_url, open_app, game, lang):
    open_app(page, base_url, f"demo={game}&lang={lang}")
    axe = Axe(page)
    page.locator("#demo-next").wait_for()
    step = 1
    while page.evaluate("document.documentElement.dataset.state") == "playing":
        axe.check(f"the {game} demo, step {step} ({lang})")
        page.locator("#demo-next").click()
        step += 1
    page.locator("#demo-end").wait_for()
    axe.check(f"the {game} demo's end ({lang})")
    axe.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_table_mid_game(page, base_url, open_app, game, lang):
    axe = Axe(page)
    open_app(page, base_url, table_query(game, lang))
    for _ in range(3):
        if wait_for_my_turn_or_end(page, timeout=TIMEOUT_MS) != "playing":
            break
        make_a_move(page)
    assert wait_for_my_turn_or_end(page, timeout=TIMEOUT_MS) == "playing"
    page.locator("[data-legal]").first.wait_for()
    axe.check(f"the {game} table at the player's turn ({lang})")
    starts = page.locator('[data-legal=""]')
    if starts.count():  # a card picked, waiting for its target
        starts.first.click()
        page.locator('[data-legal]:not([data-legal=""])').first.wait_for()
        axe.check(f"the {game} table with a card picked ({lang})")
    axe.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_game_over(page, base_url, open_app, game, lang):
    axe = Axe(page)
    open_app(page, base_url, table_query(game, lang, "bot:random,bot:random"))
    wait_for_attr(page, "state", "over", timeout=TIMEOUT_MS)
    page.locator("#over[open]").wait_for()
    axe.check(f"the {game} game-over dialog ({lang})")
    page.locator("#over-close").click()
    page.locator('[data-part="over-bar"]').wait_for()
    axe.check(f"the {game} table after the game ({lang})")
    axe.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_hot_seat_hand_over(page, base_url, open_app, lang):
    axe = Axe(page)
    open_app(page, base_url, table_query("snorkeling", lang, "human,human"))
    page.locator("#handover-button").wait_for()
    axe.check(f"the hot-seat hand-over ({lang})")
    page.locator("#handover-button").click()
    page.locator("[data-legal]").first.wait_for()
    axe.check(f"the hot-seat table after the hand-over ({lang})")
    axe.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["snorkeling", "enemy_anemone"])
def test_round_end(page, base_url, open_app, game, lang):
    """The round (hand) end on show (SN-7 / EA-8): the final position and the named score table,
    waiting for Continue."""
    axe = Axe(page)
    open_app(page, base_url, table_query(game, lang))
    panel = page.locator('[data-part="round-end"]')
    for _ in range(400):
        page.wait_for_function(
            """() => { const h = document.documentElement;
                return !document.querySelector('[data-part=round-end]').hidden
                    || (h.dataset.state === 'playing' && h.dataset.turn === '0'); }""", timeout=TIMEOUT_MS)
        if panel.is_visible():
            break
        make_a_move(page)
    assert panel.is_visible()
    axe.check(f"the {game} round end ({lang})")
    axe.assert_clean()


# Every card index on screen (the painted text of [data-shown] in a card, and a card's own ::after
# mark, e.g. Enemy Anemone's bonus star): its colour against each colour its card's face is painted
# with (background colour and every gradient stop: a gradient's worst stop counts), as WCAG 2.2
# contrast ratios. Returns [[card, text, ratio, font px, bold]] for each.
INDEX_CONTRASTS = """() => {
  const probe = document.body.appendChild(document.createElement('i'));
  const rgb = (text) => {  // any CSS colour -> [r, g, b] 0..1
    probe.style.color = ''; probe.style.color = text;
    const c = getComputedStyle(probe).color;
    const srgb = c.match(/color\\(srgb ([\\d.e-]+) ([\\d.e-]+) ([\\d.e-]+)/);
    if (srgb) return srgb.slice(1, 4).map(Number);
    return c.match(/[\\d.]+/g).slice(0, 3).map((v) => Number(v) / 255);
  };
  const colours = (text) => {  // the colour functions at the top level of a background-image
    const found = [];
    for (let i = 0; i < text.length; i++) {
      const m = text.slice(i).match(/^(rgba?|color-mix|color)\\(/);
      if (!m) continue;
      let depth = 0, j = i;
      for (; j < text.length; j++) { if (text[j] === '(') depth++; if (text[j] === ')' && --depth === 0) break; }
      found.push(text.slice(i, j + 1)); i = j;
    }
    return found;
  };
  const lum = (c) => { const f = (v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const out = [];
  const check = (card, node, pseudo) => {
    const style = getComputedStyle(node, pseudo);
    const text = pseudo === '::before' ? node.dataset.shown : style.content.replace(/^"|"$/g, '');
    let painter = node;  // the face the text is painted on: its own box's, else the nearest one's up to the card
    while (painter !== card && getComputedStyle(painter).backgroundColor === 'rgba(0, 0, 0, 0)'
           && getComputedStyle(painter).backgroundImage === 'none') painter = painter.parentElement;
    const face = getComputedStyle(painter);
    const faces = [...(face.backgroundColor !== 'rgba(0, 0, 0, 0)' ? [face.backgroundColor] : []), ...colours(face.backgroundImage)];
    const ink = rgb(style.color);
    const worst = Math.min(...faces.map((f) => ratio(ink, rgb(f))));
    const zoom = card.getBoundingClientRect().width / card.offsetWidth || 1;
    out.push([card.dataset.card ?? card.className, text, Math.round(worst * 100) / 100,
              parseFloat(style.fontSize) * zoom, Number(style.fontWeight) >= 700]);
  };
  for (const card of document.querySelectorAll('#felt .card:not(.back)')) {
    if (!card.getClientRects().length) continue;
    for (const node of card.querySelectorAll('[data-shown]')) check(card, node, '::before');
    if (!['none', 'normal'].includes(getComputedStyle(card, '::after').content)) check(card, card, '::after');
  }
  probe.remove();
  return out;
}"""


def wcag_floor(px, bold):
    """WCAG 2.2 AA: 3:1 for large text (24 px, or 18.66 px bold), else 4.5:1."""
    return 3.0 if px >= 24 or (bold and px >= 18.66) else 4.5


@pytest.mark.parametrize("game,link", [
    ("snorkeling", "players=3&seats=human,bot:easy,bot:easy&seed=3&options=first_player=0"),
    ("go_fish", "players=3&seats=human,bot:easy,bot:easy&seed=3&options=first_player=0"),
    ("enemy_anemone", "players=3&seats=bot:easy,human,bot:easy&seed=5&options=first_player=0"),
])
def test_every_card_index_reads_at_wcag_contrast(page, base_url, open_app, game, link):
    """Each card's index (the number or rank in its corners, a court card's letter, Enemy
    Anemone's bonus star) against its face, greyed unplayable cards included: at least 4.5:1, or
    3:1 where large (WCAG 2.2 AA). Played into the game a few turns, so that every suit shows."""
    page.add_init_script("localStorage.setItem('tidepool.forced', '0')")
    open_app(page, base_url, f"game={game}&{link}&speed=0&lang=en")
    seat = "1" if game == "enemy_anemone" else "0"
    seen, low = set(), []
    for _ in range(6):
        if wait_for_my_turn_or_end(page, seat=int(seat)) != "playing":
            break
        for card, text, ratio, px, bold in page.evaluate(INDEX_CONTRASTS):
            seen.add(card)
            if ratio < wcag_floor(px, bold):
                low.append((card, text, ratio, round(px, 1)))
        make_a_move(page)
    assert len(seen) >= 8 and not low, sorted(set(low))


@pytest.mark.parametrize("lang", LANGS)
def test_the_coachs_review_and_its_replay(page, base_url, open_app, lang):
    """The review in the game-over dialog (its list of mistakes and chart) and the replay it opens
    (the marked moves, nothing to press) pass axe."""
    from pages import play_to_the_end
    axe = Axe(page)
    open_app(page, base_url, f"game=go_fish&players=2&seats=human,bot:medium&seed=7&speed=0&lang={lang}&options=first_player=0")
    play_to_the_end(page)
    page.locator("#over[open]").wait_for()
    page.locator("#review-button").click()
    page.locator(".review-item").first.wait_for(timeout=TIMEOUT_MS)
    axe.check(f"the review ({lang})")
    page.locator(".review-item").first.click()
    page.locator("[data-played]").first.wait_for()
    axe.check(f"a reviewed position in the replay ({lang})")
    axe.assert_clean()
