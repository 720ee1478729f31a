"""The round on paper printed by Chromium to A4 and Letter: a PDF of whole
pages whose text holds the tables, the names and the slips and none of the screen's controls."""
from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from tests.browser.test_event_screen import night

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ["Aiko Tanaka", "Botan", "Chika", "Élodie Marchand-Villeneuve", "Emi", "Fumiko", "Genji",
         "Haruto", "Ines", "Jun", "Kenta", "Léa", "Mori", "Noa"]


def pdf_text(path) -> str:
    """The PDF's text by poppler's pdftotext (skipped locally where poppler is not installed; in
    CI, which installs it, required)."""
    tool = shutil.which("pdftotext")
    if tool is None:
        if os.environ.get("CI"):
            pytest.fail("pdftotext (Debian's poppler-utils) is required in CI to read the printed pages")
        pytest.skip("pdftotext (poppler-utils) is not installed: the printed text is not read")
    return subprocess.run([tool, "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_paper_prints_to_a4_and_letter_without_a_control(live_server, browser, tmp_path, paper):
    eid = night(live_server.app, 14, finish="half", rounds=2, names=NAMES)
    page = browser.new_page()
    page.goto(f"{live_server.url}/e/{eid}/print")
    assert page.get_by_role("button", name="Print").is_visible(), "on screen, a Print button"
    page.emulate_media(media="print")
    slips = page.locator(".slip").count()
    assert slips == page.locator(".paper-table").count() > 1
    controls = page.locator("button, nav, form, input, select, a, details")
    assert controls.count() > 0 and all(not controls.nth(k).is_visible() for k in range(controls.count()))
    path = tmp_path / f"paper-{paper}.pdf"
    data = page.pdf(path=str(path), format=paper, print_background=True)
    page.close()
    assert data.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page\b", data)) >= 4, "a page a section at least"
    text = re.sub(r"\s+", " ", pdf_text(path))
    assert "Print" not in text and "←" not in text
    for heading in ("where to sit, by table", "where to sit, by name", "Standings", "result slips"):
        assert heading in text
    assert text.count("Signature") == slips, "one slip a table"
    assert all(name.split()[0] in text for name in NAMES)


def test_the_paper_on_a_360_px_phone_needs_no_sideways_scroll(live_server, phone):
    eid = night(live_server.app, 14, finish="half", rounds=2, names=NAMES)
    page = phone().new_page()
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/e/{eid}/print")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
