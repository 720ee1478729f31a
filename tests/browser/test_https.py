"""Over HTTPS (`companion serve --certfile/--keyfile`) a phone gets what a
secure origin allows: the service worker (offline), installing the app, and keeping the screen
awake. The phone opens the server by a network name, not localhost (Chromium counts localhost as
secure even on plain HTTP), and trusts the test's own certificate authority, made by trustme.

Chromium resolves the test's name to 127.0.0.1 (`--host-resolver-rules`), so no traffic leaves
this machine, and trusts the server's key through `--ignore-certificate-errors-spki-list`
(the headless way: no NSS database to write into a home folder).
"""
from __future__ import annotations

import base64
import hashlib
import os
import ssl
import subprocess
import sys

import pytest
import trustme
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from tests.servers import free_port, wait_until_answering

from .conftest import CHROMIUM_FLAGS

NAME = "kyoto.test"  # a reserved name (RFC 2606): only Chromium's resolver rule knows it
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def spki_hash(cert_pem: bytes) -> str:
    """The base64 SHA-256 of a certificate's public key, as Chromium's SPKI allow-list takes it."""
    key = x509.load_pem_x509_certificate(cert_pem).public_key()
    der = key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


@pytest.fixture
def https_server(tmp_path):
    """`companion serve` with a certificate for NAME from a local CA; yields (port, spki hash)."""
    ca = trustme.CA()
    cert = ca.issue_cert(NAME, "127.0.0.1")
    cert.cert_chain_pems[0].write_to_path(tmp_path / "cert.pem")
    for pem in cert.cert_chain_pems[1:]:
        pem.write_to_path(tmp_path / "cert.pem", append=True)
    cert.private_key_pem.write_to_path(tmp_path / "key.pem")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--data", str(tmp_path / "data"),
         "--certfile", str(tmp_path / "cert.pem"), "--keyfile", str(tmp_path / "key.pem")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    trusting = ssl.create_default_context()
    ca.configure_trust(trusting)
    wait_until_answering(proc, f"https://127.0.0.1:{port}/api/games", context=trusting)
    yield port, spki_hash(cert.cert_chain_pems[0].bytes())
    proc.terminate()
    proc.communicate(timeout=15)


def open_phone(playwright_chromium, profile, extra_flags, origin=None):
    """A phone as a person has it: a browser profile on disk (an incognito context, Playwright's
    default, is never installable), with the screen wake lock allowed for `origin` (a person
    allows it once; Chromium refuses even to record the choice for an insecure origin)."""
    chromium, path = playwright_chromium
    ctx = chromium.launch_persistent_context(str(profile), executable_path=path,
                                             args=CHROMIUM_FLAGS + extra_flags, **PHONE)
    ctx.set_default_timeout(15_000)
    if origin:
        ctx.grant_permissions(["screen-wake-lock"], origin=origin)
    return ctx


CREATE_TABLE = """fetch('/api/tables', {method: 'POST', headers: {'Content-Type': 'application/json'},
  body: JSON.stringify({game: 'gangs', players: ['Ann', 'Bob'], options: {first_player: 0}})}).then(r => r.json())"""
WAKE_LOCK = """navigator.wakeLock
  ? navigator.wakeLock.request('screen').then(lock => 'granted ' + lock.type, e => 'refused: ' + e.name)
  : 'no Wake Lock API'"""
SERVICE_WORKER = """'serviceWorker' in navigator
  ? navigator.serviceWorker.ready.then(reg => reg.active.scriptURL)
  : 'no service worker API'"""


def test_over_https_a_table_works_offline_installs_and_keeps_the_screen_awake(playwright_chromium, https_server, tmp_path):
    port, spki = https_server
    origin = f"https://{NAME}:{port}"
    ctx = open_phone(playwright_chromium, tmp_path / "phone",
                     [f"--host-resolver-rules=MAP {NAME} 127.0.0.1", f"--ignore-certificate-errors-spki-list={spki}"],
                     origin)
    try:
        page = ctx.new_page()
        page.goto(origin + "/")
        table = page.evaluate(CREATE_TABLE)  # through the phone's own connection
        page.goto(table["urls"]["watch"])  # the watch link as the server prints it
        assert page.url.startswith(origin + "/t/")
        assert page.evaluate("isSecureContext") is True
        assert page.evaluate(SERVICE_WORKER) == origin + "/sw.js"
        errors = ctx.new_cdp_session(page).send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        assert page.evaluate(WAKE_LOCK) == "granted screen"
        session = [c for c in ctx.cookies() if c["name"] == "session"]
        assert session and all(c["secure"] for c in session)  # never sent over plain HTTP
    finally:
        ctx.close()


def test_over_plain_http_on_a_network_name_none_of_it_is_offered(playwright_chromium, live_server, tmp_path):
    """What operations.md says needs HTTPS: the same phone on plain HTTP by a network name."""
    port = live_server.url.rsplit(":", 1)[1]
    origin = f"http://{NAME}:{port}"
    ctx = open_phone(playwright_chromium, tmp_path / "phone", [f"--host-resolver-rules=MAP {NAME} 127.0.0.1"])
    try:
        page = ctx.new_page()
        page.goto(origin + "/")
        assert page.evaluate("isSecureContext") is False
        assert page.evaluate(SERVICE_WORKER) == "no service worker API"
        errors = ctx.new_cdp_session(page).send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert "not-from-secure-origin" in [e["errorId"] for e in errors]
        assert page.evaluate(WAKE_LOCK) == "no Wake Lock API"
    finally:
        ctx.close()
