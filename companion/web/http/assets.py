"""Light pages on the wire: compressed replies, static files fingerprinted and cached for a year,
HTML never taken from a cache.

- The project's own scripts and styles go out without their comments and spaces (rjsmin,
  rcssmin; vendored files are minified already): a third of a first visit's bytes, made once per
  file version. The files on disk keep their comments for whoever reads them.
- Every `url_for('static', filename=...)` gets `v=<hash of the file's bytes>` (a `url_defaults`
  hook, so templates stay as they are). A static file asked for with its current hash is sent
  `Cache-Control: public, max-age=31536000, immutable`: its address changes whenever its bytes
  do, so a phone never needs to ask again. Asked for without a hash or with another one (a page
  rendered before a deploy, the service worker's plain `/static/...` list), it goes out as before,
  `no-cache`, so no address is ever pinned to the wrong bytes for a year.
- Replies are compressed with Flask-Compress (zstd, br, gzip or deflate, whichever the browser
  offers first), except websocket handshakes (flask-sock's reply to those is never sent as a body:
  the socket belongs to the websocket by then, so it is left exactly as flask-sock made it) and
  parts of files (206: their Content-Range counts the file's own bytes).
- An HTML page asked for by another site's page goes out uncompressed: pages hold the session's
  CSRF token and /join repeats its `code` query, and compressed lengths of a page that repeats an
  attacker's guesses beside a secret give the secret away (BREACH). Phones opening a QR code, a
  typed address or this site's own links (Sec-Fetch-Site none, same-origin) get it compressed.
- An HTML reply that set no caching of its own is `private, no-cache`: table pages are live and
  hold a seat's hidden cards, so a browser or a proxy must ask again every time.
"""
from __future__ import annotations

import hashlib
import io
import mimetypes
import os
import threading

import rcssmin
import rjsmin
from flask import Flask, Response, current_app, request, send_file
from flask_compress import Compress
from werkzeug.security import safe_join

YEAR = 31536000
HASH_CHARS = 12  # 48 bits of a sha256: the hash only tells a file's versions apart
HTML_CACHING = "private, no-cache"
EXTENSION = "companion.assets"
MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


class Fingerprints:
    """The content hash of each file of one folder, and of the project's own scripts and styles
    their minified bytes, computed once per file (and again only when the file's size or
    modification time changes)."""

    def __init__(self, folder: str):
        self.folder = folder
        self._known: dict[str, tuple[tuple[int, int], str, bytes | None]] = {}
        self._lock = threading.Lock()

    def of(self, filename: str) -> str | None:
        """The hash last computed for `filename`, computing it on first use; None if no such file."""
        known = self._known.get(filename)
        return known[1] if known else self._compute(filename)

    def current(self, filename: str) -> str | None:
        """The hash of `filename` as it is on disk now (a stat; hashed again only if it changed)."""
        signature = self._signature(filename)
        if signature is None:
            return None
        known = self._known.get(filename)
        return known[1] if known and known[0] == signature else self._compute(filename)

    def minified(self, filename: str) -> bytes | None:
        """The bytes sent for one of the project's own scripts or styles as it is on disk now;
        None for any other file."""
        if self.current(filename) is None:
            return None
        known = self._known.get(filename)
        return known[2] if known else None

    def _path(self, filename: str) -> str | None:
        return safe_join(self.folder, filename)

    def _signature(self, filename: str) -> tuple[int, int] | None:
        path = self._path(filename)
        try:
            st = os.stat(path) if path else None
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size) if st and os.path.isfile(path) else None

    def _compute(self, filename: str) -> str | None:
        # Only files that exist are remembered: requests for made-up names must not grow the map.
        with self._lock:
            signature = self._signature(filename)
            if signature is None:
                return None
            with open(self._path(filename), "rb") as fh:
                data = fh.read()
            digest = hashlib.file_digest(io.BytesIO(data), "sha256").hexdigest()[:HASH_CHARS]
            minify = MINIFIERS.get(os.path.splitext(filename)[1])
            small = minify(data.decode()).encode() if minify and not filename.startswith("vendor/") else None
            self._known[filename] = (signature, digest, small)
            return digest


def fingerprints() -> Fingerprints:
    """The running app's static file hashes."""
    return current_app.extensions[EXTENSION]


def static_version(filename: str) -> str | None:
    """The `v` that `url_for('static', filename=...)` adds for this file (None: no such file)."""
    return fingerprints().of(filename)


def add_static_version(endpoint: str, values: dict) -> None:
    """`url_defaults` hook: a static URL carries its file's hash, so it changes with the bytes."""
    if endpoint == "static" and "v" not in values and values.get("filename"):
        version = static_version(values["filename"])
        if version:
            values["v"] = version


def is_websocket_handshake() -> bool:
    """Whether this request asks to become a websocket (flask-sock answers it on the socket)."""
    return request.headers.get("Upgrade", "").lower() == "websocket"


def is_part_of_a_file(resp: Response) -> bool:
    """A 206: its Content-Range counts the file's own bytes, which compression would change."""
    return resp.status_code == 206 or "Content-Range" in resp.headers


def is_html_for_another_site(resp: Response) -> bool:
    """An HTML reply to a request another site's page made (see BREACH above)."""
    return resp.mimetype == "text/html" and request.headers.get("Sec-Fetch-Site") in ("cross-site", "same-site")


def cache_forever_if_current(resp: Response) -> None:
    """A static file asked for with its current hash may be kept for a year, unasked."""
    filename = (request.view_args or {}).get("filename")
    wanted = request.args.get("v")
    if resp.status_code not in (200, 304) or not filename or not wanted:
        return
    if wanted == fingerprints().current(filename):
        resp.cache_control.no_cache = None
        resp.cache_control.public = True
        resp.cache_control.max_age = YEAR
        resp.cache_control.immutable = True
        # Never asked again, so nothing to revalidate with; and "inline" is how a file is shown
        # anyway: ~150 bytes of headers fewer on each of a first visit's dozen files.
        for name in ("ETag", "Last-Modified", "Content-Disposition"):
            resp.headers.pop(name, None)


def init_app(app: Flask) -> None:
    """Fingerprint static URLs, compress replies, and set how long each reply may be cached."""
    if EXTENSION in app.extensions:
        return  # already done (create_app, then a test wiring it again)
    app.config.setdefault("COMPRESS_REGISTER", False)  # called below, after the websocket check
    # Streamed replies are files (static, sw.js), compressed once per phone and release: brotli 5
    # makes them a tenth smaller than zstd 3 for about 1 ms more a file. Pages and regions, made
    # at every request, keep the library's order (zstd first: a fifth of brotli's time).
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "zstd", "deflate"])
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)
    # Files sent by send_file are streamed: their compressed copies answer If-None-Match too.
    app.config.setdefault("COMPRESS_STREAMING_ENDPOINT_CONDITIONAL", ["static", "pwa.service_worker"])
    compress = Compress(app)
    app.extensions[EXTENSION] = Fingerprints(app.static_folder)
    app.url_defaults(add_static_version)
    plain_static = app.view_functions["static"]

    def static(filename: str) -> Response:
        small = fingerprints().minified(filename)
        if small is None:
            return plain_static(filename=filename)
        # As Flask's own static view: conditional (ETag, ranges), no-cache unless asked by its hash.
        return send_file(io.BytesIO(small), mimetypes.guess_type(filename)[0], conditional=True,
                         etag=fingerprints().current(filename), max_age=app.get_send_file_max_age(filename))

    app.view_functions["static"] = static

    @app.after_request
    def light_replies(resp: Response) -> Response:
        if is_websocket_handshake():
            return resp
        if not is_part_of_a_file(resp) and not is_html_for_another_site(resp):
            resp = compress.after_request(resp)
        if request.endpoint == "static":
            cache_forever_if_current(resp)
        elif resp.mimetype == "text/html" and "Cache-Control" not in resp.headers:
            resp.headers["Cache-Control"] = HTML_CACHING
        return resp
