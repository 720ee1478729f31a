"""The installed app follows a PWA's conventions: screenshots for Chrome's richer
install sheet, shortcuts on the icon, a QR link landing in the open app, categories, a 180 px
apple-touch-icon, and room under a phone's notch when the app draws edge to edge."""
from __future__ import annotations

import re
import struct
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"


def png_size(data: bytes) -> str:
    """A PNG's width x height, from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return "{}x{}".format(*struct.unpack(">II", data[16:24]))


def test_the_manifest_shows_narrow_screenshots_of_their_own_size(client):
    shots = client.get("/manifest.webmanifest").json["screenshots"]
    assert shots and all(s["form_factor"] == "narrow" and s["type"] == "image/png" and s["label"] for s in shots)
    for shot in shots:
        served = client.get(shot["src"])
        assert served.status_code == 200 and png_size(served.data) == shot["sizes"]
        width, height = map(int, shot["sizes"].split("x"))
        # Chrome's limits for an install sheet's screenshot: 320-3840 px, at most 2.3 times as tall.
        assert 320 <= width <= height <= 2.3 * width <= 3840
        assert len(served.data) < 100_000, "a screenshot the install sheet downloads is kept small"


def test_the_manifests_shortcuts_open_the_join_page_and_a_new_tournament_night(client):
    shortcuts = {s["name"]: s for s in client.get("/manifest.webmanifest").json["shortcuts"]}
    assert shortcuts["Join a table"]["url"] == "/join"
    assert shortcuts["Run a tournament night"]["url"] == "/events/new"
    assert "<h1>Join a table</h1>" in client.get("/join").text
    assert "<h1>New tournament night</h1>" in client.get("/events/new").text
    for shortcut in shortcuts.values():
        assert shortcut["short_name"] and all(client.get(i["src"]).status_code == 200 for i in shortcut["icons"])


def test_a_link_opened_where_the_app_is_installed_lands_in_it(client):
    body = client.get("/manifest.webmanifest").json
    assert body["launch_handler"] == {"client_mode": ["navigate-existing", "auto"]}
    assert body["categories"] == ["games", "entertainment"]


def test_every_page_links_a_180_px_apple_touch_icon(client):
    page = client.get("/").text
    (link,) = re.findall(r'<link rel="apple-touch-icon"[^>]*>', page)
    assert 'sizes="180x180"' in link
    icon = client.get(re.search(r'href="([^"]+)"', link).group(1).replace("&amp;", "&"))
    assert icon.status_code == 200 and png_size(icon.data) == "180x180"


def test_the_installed_app_keeps_its_header_and_buttons_clear_of_the_notch(client):
    assert "viewport-fit=cover" in client.get("/").text
    css = (STATIC / "css" / "app.css").read_text()
    header = re.search(r"header\.bar \{[^}]*\}", css).group(0)
    main = re.search(r"\nmain \{[^}]*\}", css).group(0)
    for side in ("top", "left", "right"):
        assert f"env(safe-area-inset-{side}" in header
    for side in ("left", "right", "bottom"):
        assert f"env(safe-area-inset-{side}" in main
    # The pinned controls and the desk's notes sit at the bottom edge: above the home bar too.
    assert "env(safe-area-inset-bottom)" in re.search(r"#controls form\.pinned \{[^}]*\}", css).group(0)
    events = (STATIC / "css" / "events.css").read_text()
    assert "env(safe-area-inset-bottom)" in re.search(r"\.desk-notes \{[^}]*\}", events).group(0)
