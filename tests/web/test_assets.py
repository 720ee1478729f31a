"""Light pages: replies compressed for the browsers that ask, static files kept a year under an
address that changes with their bytes, live pages and their pushes untouched by either."""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
import threading
import urllib.request
import zlib
from pathlib import Path

import brotli
import pytest
from werkzeug.serving import make_server

from companion import ROOT, asset_folder, create_app
from companion.web.http import assets
from tests.live_client import connect
from tests.servers import free_port, wait_until_answering

BROWSER = "gzip, deflate, br, zstd"
STATIC = asset_folder("static")
DECODE = {"gzip": gzip.decompress, "deflate": zlib.decompress, "br": brotli.decompress}
STATIC_URL = re.compile(r'(?:src|href)="(/static/([^"?]+)\?v=([0-9a-f]+))"')


def wired(app):
    """The app with this module's hooks (init_app does nothing if create_app already ran it)."""
    assets.init_app(app)
    return app


def wired_app():
    """For gunicorn: the app as create_app makes it, with the hooks (`tests.web.test_assets:wired_app()`)."""
    return wired(create_app())


@pytest.fixture
def web(app):
    return wired(app).test_client()


def make_table(web, players=("Ann", "Bob", "Cy")):
    resp = web.post("/api/tables", json={"game": "gangs", "players": list(players), "options": {"first_player": 0}})
    assert resp.status_code == 201
    return resp.json


def sent(name: str) -> bytes:
    """What a phone is sent of a static file: the project's own scripts and styles minified by the
    libraries the server names (rjsmin, rcssmin), vendored files as they are."""
    raw = (STATIC / name).read_bytes()
    minify = assets.MINIFIERS.get(Path(name).suffix)
    return minify(raw.decode()).encode() if minify and not name.startswith("vendor/") else raw


def test_own_scripts_and_styles_go_without_their_comments_and_vendored_files_as_they_are(web):
    for name in ("js/app.js", "js/outbox.js", "css/app.css"):
        body = web.get(f"/static/{name}").get_data()
        raw = (STATIC / name).read_bytes()
        assert b"/*" in raw and b"/*" not in body and len(body) < 0.8 * len(raw)
    assert web.get("/static/vendor/htmx/htmx.min.js").get_data() == (STATIC / "vendor/htmx/htmx.min.js").read_bytes()


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_every_static_address_on_a_table_page_names_its_file_bytes_and_is_kept_a_year(web):
    table = make_table(web)
    page = web.get(f"/t/{table['id']}/watch").get_data(as_text=True)
    found = STATIC_URL.findall(page)
    assert {name for _, name, _ in found} >= {"css/app.css", "js/app.js", "vendor/htmx/htmx.min.js", "vendor/htmx-ext-ws/ws.min.js"}
    for url, name, version in found:
        assert sha(STATIC / name).startswith(version)
        resp = web.get(url, headers={"Accept-Encoding": BROWSER})
        assert resp.status_code == 200
        assert resp.cache_control.public and resp.cache_control.max_age == 31536000 and resp.cache_control.immutable
        assert not resp.cache_control.no_cache


def test_a_file_kept_a_year_carries_only_the_headers_that_apply_to_it(web):
    """A first visit fetches a dozen such files over plain HTTP, where headers go uncompressed: a
    script, a style sheet or a PNG carries no page policy (CSP, frames, referrer: a browser applies
    them to documents and workers only) and nothing to revalidate with (it is never asked again),
    yet still `nosniff`, so a file of the wrong type is never run."""
    table = make_table(web)
    page = web.get(f"/t/{table['id']}/watch").get_data(as_text=True)
    urls = {url for url, _, _ in STATIC_URL.findall(page)}
    assert any(".js" in u for u in urls) and any(".css" in u for u in urls) and any(".png" in u for u in urls)
    for url in urls:
        headers = web.get(url, headers={"Accept-Encoding": BROWSER}).headers
        assert headers["X-Content-Type-Options"] == "nosniff", url
        for name in ("Content-Security-Policy", "X-Frame-Options", "Referrer-Policy", "ETag", "Last-Modified", "Content-Disposition"):
            assert name not in headers, (url, name)
        assert sum(len(k) + len(v) + 4 for k, v in headers.items()) < 300, url
    # The page itself, the service worker (a worker: its CSP applies) and the manifest keep them all.
    for url in (f"/t/{table['id']}/watch", "/sw.js", "/manifest.webmanifest"):
        headers = web.get(url).headers
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"], url
        assert headers["X-Content-Type-Options"] == "nosniff", url


def test_a_static_file_asked_for_without_its_current_hash_is_never_kept_unasked(web):
    for url in ("/static/css/app.css", "/static/css/app.css?v=0123456789ab", "/static/css/app.css?v="):
        resp = web.get(url)
        assert resp.status_code == 200 and resp.get_data() == sent("css/app.css")
        assert resp.cache_control.no_cache and not resp.cache_control.immutable and not resp.cache_control.max_age


def test_a_changed_file_gets_a_new_address_and_its_old_one_is_no_longer_immutable(tmp_path):
    (tmp_path / "a.css").write_text("body{color:red}")
    marks = assets.Fingerprints(str(tmp_path))
    before = marks.of("a.css")
    assert before == marks.current("a.css") == hashlib.sha256(b"body{color:red}").hexdigest()[:12]
    (tmp_path / "a.css").write_text("body{color:blue}")
    os.utime(tmp_path / "a.css", ns=(1, 1))  # a different modification time, whatever the clock
    assert marks.current("a.css") != before
    assert marks.of("a.css") == hashlib.sha256(b"body{color:blue}").hexdigest()[:12]
    assert marks.of("missing.css") is None and marks.of("../etc/passwd") is None


def test_a_file_is_hashed_once_not_per_request(web, monkeypatch):
    calls = []
    real = hashlib.file_digest
    monkeypatch.setattr(hashlib, "file_digest", lambda *a, **k: calls.append(a) or real(*a, **k))
    table = make_table(web)
    for _ in range(3):
        page = web.get(f"/t/{table['id']}/watch").get_data(as_text=True)
        for url, _, _ in STATIC_URL.findall(page):
            web.get(url)
    assert 0 < len(calls) <= len(set(STATIC_URL.findall(page)))


def test_made_up_static_names_are_not_remembered(web):
    for i in range(50):
        assert web.get(f"/static/nothing-{i}.js?v=abc").status_code == 404
    assert not any(name.startswith("nothing-") for name in web.application.extensions[assets.EXTENSION]._known)


@pytest.mark.parametrize("offer, encoding, decode", [
    ("gzip, deflate", "gzip", gzip.decompress),
    (BROWSER, None, None),  # the best the server offers among what a current Chrome sends over HTTPS
    ("br", "br", brotli.decompress),
])
def test_a_table_page_arrives_compressed_and_reads_the_same(web, offer, encoding, decode):
    table = make_table(web)
    plain = web.get(f"/t/{table['id']}/watch")
    packed = web.get(f"/t/{table['id']}/watch", headers={"Accept-Encoding": offer})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] in ("zstd", "br", "gzip")
    if encoding:
        assert packed.headers["Content-Encoding"] == encoding
        assert decode(packed.get_data()) == plain.get_data()
    assert len(packed.get_data()) < len(plain.get_data()) / 2
    assert "Accept-Encoding" in packed.headers["Vary"]


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_a_page_another_site_asks_for_is_not_compressed_so_its_length_hides_the_csrf_token(web, site):
    # BREACH: another site's page makes the phone ask for /join?code=<guess> many times; with
    # compression, the reply is shorter when the guess repeats part of the page's CSRF token.
    guess = "/join?code=" + "A" * 12
    foreign = web.get(guess, headers={"Accept-Encoding": BROWSER, "Sec-Fetch-Site": site})
    assert foreign.status_code == 200 and "Content-Encoding" not in foreign.headers
    for own in ("none", "same-origin"):  # a QR code or a typed address; this site's own links
        resp = web.get(guess, headers={"Accept-Encoding": BROWSER, "Sec-Fetch-Site": own})
        assert resp.headers["Content-Encoding"]
    script = web.get("/static/js/app.js", headers={"Accept-Encoding": BROWSER, "Sec-Fetch-Site": site})
    assert script.headers["Content-Encoding"]  # holds no secret


def test_htmx_goes_out_compressed_to_under_a_third(web):
    url = "/static/vendor/htmx/htmx.min.js"
    resp = web.get(url, headers={"Accept-Encoding": "gzip, deflate"})  # what Chrome offers over HTTP
    body = resp.get_data()
    assert DECODE[resp.headers["Content-Encoding"]](body) == (STATIC / url.removeprefix("/static/")).read_bytes()
    assert len(body) < 20_000


def test_table_pages_and_their_region_polls_are_never_taken_from_a_cache(web):
    table = make_table(web)
    for url in (f"/t/{table['id']}", f"/t/{table['id']}/watch", f"/t/{table['id']}/regions?mode=watch", "/", "/join"):
        resp = web.get(url, headers={"Accept-Encoding": BROWSER})
        assert resp.status_code == 200, url
        assert resp.cache_control.no_cache and resp.cache_control.private, url


def test_an_up_to_date_poll_is_still_an_empty_204(web):
    table = make_table(web)
    resp = web.get(f"/t/{table['id']}/regions?mode=watch&since=0", headers={"Accept-Encoding": BROWSER})
    assert resp.status_code == 204 and resp.get_data() == b"" and "Content-Encoding" not in resp.headers


def test_a_revalidated_static_file_is_a_bodiless_304(web):
    first = web.get("/static/css/app.css", headers={"Accept-Encoding": BROWSER})
    assert first.status_code == 200 and first.headers.get("ETag")
    again = web.get("/static/css/app.css", headers={"Accept-Encoding": BROWSER, "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""


def test_a_part_of_a_file_is_sent_as_the_files_own_bytes(web):
    resp = web.get("/static/css/app.css", headers={"Accept-Encoding": BROWSER, "Range": "bytes=0-9999"})
    assert resp.status_code == 206 and "Content-Encoding" not in resp.headers
    assert resp.get_data() == sent("css/app.css")[:10000]


def test_the_service_worker_script_is_compressed_and_revalidates(web):
    first = web.get("/sw.js", headers={"Accept-Encoding": BROWSER})
    assert first.status_code == 200 and first.headers["Content-Encoding"]
    again = web.get("/sw.js", headers={"Accept-Encoding": BROWSER, "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def watch_pushes(ws_base: str, act) -> str:
    """Open a watcher's live connection as a browser would (offering compression), make a change,
    and return the push that arrives."""
    ws = connect(f"{ws_base}/ws?mode=watch&since=0", headers={"Accept-Encoding": BROWSER})
    try:
        act()
        return ws.receive(timeout=5)
    finally:
        ws.close()


def test_live_pushes_still_arrive_on_a_compressing_app(tmp_path):
    app = wired(create_app({"DATA_DIR": str(tmp_path / "d")}))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"127.0.0.1:{server.server_port}"
        table = make_table(app.test_client())
        pushed = watch_pushes(f"ws://{base}/t/{table['id']}", lambda: post_action(base, table))
        assert "Ann gives a 4 to Bob." in pushed
    finally:
        server.shutdown()


def post_action(host, table):
    req = urllib.request.Request(
        f"http://{host}/api/tables/{table['id']}/actions",
        data=b'{"type": "give", "to": 1, "card": {"value": 4, "kind": "plain"}}',
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {table['token']}", "Accept-Encoding": BROWSER},
    )
    with urllib.request.urlopen(req, timeout=5) as resp:
        assert resp.status == 200


@pytest.fixture
def gunicorn_server(tmp_path):
    """The Procfile's worker serving the app with these hooks."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", "python:companion.server.gunicorn_conf",
         "--worker-class", "companion.server.worker.EventLoopWorker", "--workers", "1", "--graceful-timeout", "1",
         "--bind", f"127.0.0.1:{port}", "tests.web.test_assets:wired_app()"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "COMPANION_DATA": str(tmp_path / "d")},
    )
    wait_until_answering(proc, f"http://127.0.0.1:{port}/api/games")
    yield f"127.0.0.1:{port}"
    proc.terminate()
    proc.wait(timeout=15)


def fetch(url, encoding):
    req = urllib.request.Request(url, headers={"Accept-Encoding": encoding})
    with urllib.request.urlopen(req, timeout=5) as resp:
        return resp.headers, resp.read()


def test_the_projects_worker_sends_compressed_pages_files_and_pushes_whole(gunicorn_server):
    host = gunicorn_server
    req = urllib.request.Request(f"http://{host}/api/tables", data=b'{"game": "gangs", "players": ["Ann", "Bob", "Cy"], "options": {"first_player": 0}}',
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=5) as resp:
        table = json.loads(resp.read())
    headers, body = fetch(f"http://{host}/t/{table['id']}/watch", "gzip")
    assert headers["Content-Encoding"] == "gzip"
    page = gzip.decompress(body).decode()
    assert "Ann" in page
    for url, name, _ in STATIC_URL.findall(page):
        headers, body = fetch(f"http://{host}{url}", "gzip, deflate")  # streamed (chunked)
        assert "immutable" in headers["Cache-Control"]
        raw = sent(name)
        if name.endswith(".png") or len(raw) < 500:  # already compressed, or too small to gain (Flask-Compress's minimum)
            assert "Content-Encoding" not in headers and body == raw
        else:
            assert DECODE[headers["Content-Encoding"]](body) == raw
    pushed = watch_pushes(f"ws://{host}/t/{table['id']}", lambda: post_action(host, table))
    assert "Ann gives a 4 to Bob." in pushed
