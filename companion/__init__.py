"""Kyoto Table Companion: the app factory."""
from __future__ import annotations

import os
import secrets
from importlib import resources
from pathlib import Path

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from . import settings
from .private_files import make_folder

# The source checkout: templates/ and static/ sit here, beside the package, when running from it.
ROOT = Path(__file__).resolve().parent.parent


def asset_folder(name: str) -> Path:
    """The folder `templates` or `static`: the copy a wheel or `pip install .` put inside the
    package (pyproject.toml maps them there), else the checkout's top-level one."""
    # The installed copy is looked for first: beside an installed package (site-packages) a
    # folder of that name may belong to anything else.
    installed = resources.files(__name__) / name
    if installed.is_dir():
        return Path(str(installed))
    return ROOT / name


def create_app(test_config: dict | None = None) -> Flask:
    """Build the Flask app: config, store, live hub, blueprints and error pages."""
    app = Flask(
        __name__,
        template_folder=str(asset_folder("templates")),
        static_folder=str(asset_folder("static")),
        static_url_path="/static",
    )
    app.config.from_mapping(
        MAX_CONTENT_LENGTH=64 * 1024,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        # Only a request that changes the cookie sends it back: otherwise a slow background
        # request (a poll, the service worker's caching) could put back an older cookie and
        # undo a seat just taken.
        SESSION_REFRESH_EACH_REQUEST=False,
        JOIN_ATTEMPTS=10,
        ACTION_WINDOW_SECONDS=10,
        JOIN_WINDOW_SECONDS=300,
        SOCK_SERVER_OPTIONS={"ping_interval": 25},
    )
    settings.load(app.config)  # the documented COMPANION_* settings, from the environment
    if test_config:
        app.config.update(test_config)
        settings.check(app.config)  # a limit given here is held to the same form
    if app.config["PUBLIC_URL"].startswith("https://"):
        app.config["SESSION_COOKIE_SECURE"] = True

    data_dir = Path(app.config["DATA_DIR"])
    make_folder(data_dir)

    from . import store
    from .events.service import EventService
    from .groups.service import GroupService
    from .leagues.cache import Relay
    from .leagues.service import LeagueService
    from .live import LiveHub, RedisFanout
    from .tables import TableService
    from .web.groups import api as groups_api
    from .web.groups import pages as groups_pages
    from .web.http import assets, errors, limits, pwa, security
    from .web.leagues import api as leagues_api
    from .web.leagues import live as leagues_live
    from .web.leagues import pages as leagues_pages
    from .web.live import sockets
    from .web.nights import api as events_api
    from .web.nights import filters as events_filters
    from .web.nights import pages as events_pages
    from .web.nights import phone_api as night_api
    from .web.nights import phone_pages as night_phone
    from .web.tables import api, pages, plays_api, qr, render, rewind_pages, seat_pages
    from .web.words import languages

    store.init_app(app)
    languages.init_app(app)
    if not app.config.get("SECRET_KEY"):
        # Processes sharing a store share the key, so a phone's cookie works whichever one answers.
        app.config["SECRET_KEY"] = app.extensions["companion.store"].secret_key() or _secret_key(data_dir)
    if app.config["REDIS_URL"]:
        from .store.redis_store import connect

        hub = RedisFanout(connect(app.config["REDIS_URL"]), app.config["REDIS_PREFIX"])
    else:
        hub = LiveHub()
    app.extensions["companion.live"] = hub
    # A night's pushes also reach its league's channel (leagues/cache.py).
    publish = Relay(hub, app.extensions["companion.store"]).publish
    app.extensions["companion.tables"] = TableService(
        app.extensions["companion.store"], publish=publish
    )
    app.extensions["companion.events"] = EventService(
        app.extensions["companion.store"], app.extensions["companion.tables"], publish=publish,
        count_tables=limits.count_tables,
    )
    app.extensions["companion.leagues"] = LeagueService(app.extensions["companion.store"], app.extensions["companion.events"], hub)
    app.extensions["companion.groups"] = GroupService(app.extensions["companion.store"], app.extensions["companion.tables"])
    app.extensions["companion.renders"] = render.RenderCache()

    app.register_blueprint(pages.bp)
    app.register_blueprint(seat_pages.bp)  # a seat moved to another phone, and back
    app.register_blueprint(api.bp)
    app.register_blueprint(events_api.bp)
    app.register_blueprint(events_pages.bp)
    app.register_blueprint(night_api.bp)  # a night from the players' side
    app.register_blueprint(night_phone.bp)
    app.register_blueprint(leagues_api.bp)
    app.register_blueprint(leagues_pages.bp)
    app.register_blueprint(plays_api.bp)
    app.register_blueprint(rewind_pages.bp)
    app.register_blueprint(groups_api.bp)
    app.register_blueprint(groups_pages.bp)
    events_filters.init_app(app)
    app.register_blueprint(qr.bp)
    app.register_blueprint(pwa.bp)
    sockets.init_app(app)
    app.register_blueprint(leagues_live.bp)
    errors.init_app(app)
    security.init_app(app)
    render.init_app(app)
    limits.init_app(app)
    assets.init_app(app)
    if app.config["TRUSTED_PROXIES"]:
        # Only a configured proxy's X-Forwarded-For is believed: anyone else could forge it.
        n = app.config["TRUSTED_PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n)
    return app


def _secret_key(data_dir: Path) -> str:
    """The signing key for cookies: made on first run and kept in the data folder."""
    path = data_dir / "secret_key"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_hex(32))
    return path.read_text().strip()
