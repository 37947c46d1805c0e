"""Touch: on a phone (390x844, a coarse pointer: touch emulated) every visible interactive element —
buttons, links, inputs, selects, summaries, [data-legal], [role=button] and focusable [tabindex] —
has a box of at least 44x44 px, on the start screen, in the rules dialog and at each game's table
(which still fits the screen: test_layout_fits.py); with a mouse (a fine pointer) at least 24x24 px.
An input inside a <label> is measured by its label, which takes its clicks too; while a modal
dialog is open, only what is inside it can be touched.
"""

import pytest
from pages import make_a_move, wait_for_my_turn_or_end

GAMES = ["snorkeling", "go_fish", "enemy_anemone"]

SMALL = """(min) => {
  const sel = 'button, a[href], input:not([type=hidden]), select, summary, [data-legal], [role=button], [tabindex]:not([tabindex="-1"])';
  const out = [];
  let count = 0;
  const modal = [...document.querySelectorAll('dialog[open]')].find((d) => d.matches(':modal'));
  for (const node of (modal ?? document).querySelectorAll(sel)) {
    const box = (node.matches('input') && node.closest('label')) || node;
    if (node.closest('[hidden], dialog:not([open]), [inert]') || !box.getClientRects().length) continue;
    const style = getComputedStyle(box);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const r = box.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    count += 1;
    if (r.width < min - 0.5 || r.height < min - 0.5) {
      out.push(`${node.tagName.toLowerCase()}${node.id ? '#' + node.id : ''}.${String(node.className).split(' ')[0]}`
        + ` "${(node.getAttribute('aria-label') || node.textContent || '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return { count, small: out };
}"""


# The table still fits: nothing to scroll, every legal move inside the viewport.
FITS = """() => { const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  const off = [...document.querySelectorAll('[data-legal], [data-part=prompt]')].filter((n) => {
    const r = n.getBoundingClientRect();
    return r.width && (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5); });
  return { scrolls: document.documentElement.scrollHeight > vh + 0.5 || document.documentElement.scrollWidth > vw + 0.5,
           off: off.length }; }"""


def touch(page, width=390, height=844):
    """Emulate a phone's touch screen: (pointer: coarse) matches."""
    page.set_viewport_size({"width": width, "height": height})
    page.context.new_cdp_session(page).send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})


def sizes(page, minimum, where, found):
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    result = page.evaluate(SMALL, minimum)
    print(f"{where}: {result['count']} interactive elements, {len(result['small'])} under {minimum}x{minimum}")
    if result["small"]:
        found[where] = result["small"]
    return result["count"]


def assert_none(found, minimum):
    if found:
        lines = [f"{where}: {len(small)} element(s) under {minimum}x{minimum} px:\n    " + "\n    ".join(small)
                 for where, small in found.items()]
        pytest.fail("\n".join(lines), pytrace=False)


def pointer_minimum(page, pointer):
    """Set the page up for a ``coarse`` (a phone, touch) or ``fine`` (a laptop, mouse) pointer and
    return the smallest target side it must have: 44 px or 24 px (WCAG 2.2)."""
    if pointer == "coarse":
        touch(page)
        return 44
    page.set_viewport_size({"width": 1280, "height": 720})
    return 24


@pytest.mark.parametrize("pointer", ["coarse", "fine"])
def test_start_screen_targets(page, base_url, open_app, pointer):
    minimum = pointer_minimum(page, pointer)
    found = {}
    open_app(page, base_url, "")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches") == (pointer == "coarse")
    page.locator("details.advanced summary").click()
    assert sizes(page, minimum, "the start screen", found) > 10
    page.locator("#start-rules-button").click()
    page.locator("#rules-dialog[open]").wait_for()
    sizes(page, minimum, "the rules dialog", found)
    assert_none(found, minimum)


@pytest.mark.parametrize("pointer", ["coarse", "fine"])
@pytest.mark.parametrize("game", GAMES)
def test_table_targets(page, base_url, open_app, game, pointer):
    minimum = pointer_minimum(page, pointer)
    found = {}
    open_app(page, base_url, f"game={game}&players=2&seats=human,bot:random&seed=3&speed=0&options=first_player=0")
    for turn in range(3):
        assert wait_for_my_turn_or_end(page) == "playing"
        page.locator("[data-legal]").first.wait_for()
        sizes(page, minimum, f"the {game} table, turn {turn + 1}", found)
        fits = page.evaluate(FITS)
        assert fits == {"scrolls": False, "off": 0}, f"the {game} table does not fit at turn {turn + 1}: {fits}"
        starts = page.locator('[data-legal=""]')
        if starts.count():
            starts.first.click()
            page.locator('[data-legal]:not([data-legal=""])').first.wait_for()
            sizes(page, minimum, f"the {game} table, turn {turn + 1}, a card picked", found)
        make_a_move(page)
    if page.evaluate("document.documentElement.classList.contains('drawer')"):
        page.locator("#side-toggle").click()  # the side panel is a drawer on a phone
    sizes(page, minimum, f"the {game} table with its side panel", found)
    assert_none(found, minimum)
