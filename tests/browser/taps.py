"""Counting a player's taps, and where the controls sit, in browser journeys (the tap budgets).

A tap is what a finger does on the glass, counted in the page itself, whatever the test calls:
- each press on the screen (`pointerdown`: a button, a label, a link, a die, a chip);
- a native drop-down is two (open it, pick), counted when its value changes;
- a typed number is one (the field is focused to type), counted when a number or text field
  gets the focus without a press (a press that focuses it is already counted).
The count survives htmx swaps and is kept per tab in sessionStorage, so a reload does not reset it.
"""
from __future__ import annotations

from playwright.sync_api import Page, expect

COUNTER = """
(() => {
  if (window.__tapCounter) return;
  window.__tapCounter = true;
  const add = (n) => sessionStorage.setItem("taps", String(Number(sessionStorage.getItem("taps") || 0) + n));
  let pressed = 0;
  document.addEventListener("pointerdown", () => { add(1); pressed = Date.now(); }, true);
  document.addEventListener("change", (e) => { if (e.target.matches && e.target.matches("select")) add(2); }, true);
  document.addEventListener("focusin", (e) => {
    if (e.target.matches && e.target.matches("input[type=number], input[type=text], input:not([type]), textarea")
        && Date.now() - pressed > 400) add(1);
  }, true);
})();
"""


def count_taps(page: Page) -> None:
    """Count this page's taps from now on (and on every page this tab opens later)."""
    page.add_init_script(COUNTER)
    page.evaluate(COUNTER)
    reset_taps(page)


def reset_taps(page: Page) -> None:
    """Start counting again from zero."""
    page.evaluate("sessionStorage.setItem('taps', '0')")


def taps(page: Page) -> int:
    """The taps counted on this tab since the last reset."""
    return int(page.evaluate("Number(sessionStorage.getItem('taps') || 0)"))


def assert_on_first_screen(page: Page, locator) -> None:
    """`locator` is wholly visible without scrolling: the page is at its top and the control lies
    inside the viewport, below the sticky status strip."""
    expect(locator).to_be_visible()
    assert page.evaluate("window.scrollY") == 0, "the page was scrolled"
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    status = page.locator("#status").bounding_box()
    top = status["y"] + status["height"] if status else 0
    assert box["y"] >= top - 1 and box["y"] + box["height"] <= height, \
        f"the control spans {box['y']:.0f}–{box['y'] + box['height']:.0f} px of a {height} px screen"


def assert_refusal_beside(page: Page, form, sentence: str) -> None:
    """After a refused tap: the sentence is shown inside the form that was used, in view, and the
    screen readers' live region says it too."""
    note = form.locator(".refusal")
    expect(note).to_contain_text(sentence)
    expect(page.locator("#flash")).to_contain_text(sentence)
    assert page.locator("#flash").get_attribute("aria-live") == "assertive"
    box = note.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"], "the refusal is in view"
