"""Issue 16: every control on every page (a11y_pages.PAGES) is a target of at least 44×44 CSS px
on a 360 px phone: buttons, links, fields, drop-downs, toggles (summary), and checkboxes and
radios, whose label counts as their target (a tap on the label is a tap on the box).

A page whose remaining small targets sit in a file the shared work does not own is marked xfail
(strict) with that file named in KNOWN: the mark goes once that file is fixed."""
from __future__ import annotations

import pytest

from .a11y_pages import PAGES, site, visit  # noqa: F401 (site is a fixture)

pytestmark = pytest.mark.browser
LEAST = 44
# page id -> why it still fails, naming the file to fix. Empty when every page passes.
GANGS = ("static/css/games/gangs.css (templates/games/gangs/_controls.html): the card picker's tiles "
         "(.gpick .gtile, six columns) are 40 px wide at 360 px")
NEKO = ("static/css/games/neko.css (templates/games/neko/_controls.html): the check pad's extra target chips "
        "(.targets-pad label.extra, min-height: 40px) are 40 px tall, the die faces (.faces label, six in a row) 35-36 px "
        "wide, the higher Objectives (ob-10 to ob-20) 12 px wide")
KNOWN: dict[str, str] = {
    "gangs-playing-play": GANGS, "gangs-playing-seated": GANGS,
    "neko-playing-play": NEKO, "neko-playing-seated": NEKO,
}

# Each visible control's target: the largest of its own box and its labels' boxes (a box hidden
# behind its label is 1×1 px), measured after layout; controls inside closed <details>, hidden or
# not displayed have no box and are skipped (they are not there to be tapped).
MEASURE = """(least) => {
  const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=switch], [role=link]';
  const small = [];
  for (const el of document.querySelectorAll(controls)) {
    const boxes = [el, ...(el.labels || [])].map(e => e.getBoundingClientRect()).filter(r => r.width > 0 && r.height > 0);
    if (!boxes.length || getComputedStyle(el).visibility === 'hidden') continue;
    const best = boxes.reduce((a, b) => Math.min(b.width, b.height) > Math.min(a.width, a.height) ? b : a);
    if (best.width < least - 0.5 || best.height < least - 0.5) {
      const what = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
      const where = el.parentElement ? el.parentElement.tagName.toLowerCase() + (el.parentElement.className ? '.' + String(el.parentElement.className).trim().split(/\\s+/).join('.') : '') : '';
      small.push(`${where} > ${what} "${(el.textContent || el.value || el.getAttribute('aria-label') || '').trim().replace(/\\s+/g, ' ').slice(0, 40)}" ${Math.round(best.width)}×${Math.round(best.height)}`);
    }
  }
  return small;
}"""


def cases():
    for page_id in PAGES:
        why = KNOWN.get(page_id)
        yield pytest.param(page_id, marks=[pytest.mark.xfail(strict=True, reason=why)] if why else [], id=page_id)


@pytest.mark.parametrize("page_id", list(cases()))
def test_every_control_is_a_44_px_target_at_360_px(browser, site, page_id):  # noqa: F811 (site is a fixture)
    ctx, page = visit(browser, site, page_id)
    try:
        assert page.evaluate("document.documentElement.clientWidth") == 360
        small = page.evaluate(MEASURE, LEAST)
        assert small == [], "\n".join(small)
    finally:
        ctx.close()
