"""The PWA: web app manifest, service worker (served from the root for its scope), offline page."""
from __future__ import annotations

from flask import Blueprint, current_app, render_template, send_from_directory, url_for
from flask_babel import gettext

from ..words.languages import current as current_language
from ..words.script_words import N_

bp = Blueprint("pwa", __name__)

THEME = "#8c1c2b"
# Phone screenshots for the richer install sheet (Chrome wants a "narrow" one): static file, its
# size in pixels (tests/web/test_manifest.py reads the files' own) and what it shows.
SCREENSHOTS = (
    ("screenshots/gangs-seated-390.png", "390x844", N_("A seat at Gangs of Kyoto: the cards to give, one tap each")),
    ("screenshots/kyotoan-seated-390.png", "390x844", N_("A seat at Last Kyotoan Standing: the dice as rolled")),
)
# Long-pressing the installed app's icon offers these (endpoint, name, short name).
SHORTCUTS = (
    ("pages.join", N_("Join a table"), N_("Join")),
    ("events.new", N_("Run a tournament night"), N_("Tournament")),
)


@bp.get("/manifest.webmanifest")
def manifest():
    """Name, icons (192 and 512, maskable too), standalone display, theme colour, and what the
    install sheet and the installed icon offer: screenshots, shortcuts, categories; its words in the
    request's language (a browser fetches it without cookies: by Accept-Language)."""
    # Fingerprinted addresses (assets.py): cached a year, and a new icon gets a new address.
    icons = [
        {"src": url_for("static", filename=f"icons/{name}-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png",
         "purpose": purpose}
        for name, purpose in (("icon", "any"), ("maskable", "maskable")) for size in (192, 512)
    ]
    body = {
        "name": "Kyoto Table Companion",
        "short_name": "Kyoto Table",
        "description": gettext("Scores and rules for the table beside your Kyoto board games."),
        "lang": current_language(),
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#faf6f0",
        "theme_color": THEME,
        "icons": icons,
        "screenshots": [
            {"src": url_for("static", filename=src), "sizes": sizes, "type": "image/png", "form_factor": "narrow",
             "label": gettext(label)}
            for src, sizes, label in SCREENSHOTS
        ],
        "shortcuts": [
            {"name": gettext(name), "short_name": gettext(short), "url": url_for(endpoint), "icons": icons[:1]}
            for endpoint, name, short in SHORTCUTS
        ],
        # A QR link opened on a phone where the app is installed lands in the app's open window.
        "launch_handler": {"client_mode": ["navigate-existing", "auto"]},
        "categories": ["games", "entertainment"],
    }
    resp = current_app.response_class(current_app.json.dumps(body), mimetype="application/manifest+json")
    return resp


@bp.get("/sw.js")
def service_worker():
    """The service worker lives at the root so that it controls every page."""
    resp = send_from_directory(current_app.static_folder, "js/sw.js", mimetype="text/javascript", max_age=0)
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@bp.get("/offline")
def offline():
    """Shown by the service worker for a page it has never cached."""
    return render_template("offline.html")
