"""Every QR code and printed link opens from another phone on the same network,
even when the host's laptop opened the app at localhost; the page says which address phones use,
or warns when there is none."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
import zxingcpp

from companion.server import network

LAN = "192.168.1.20"
GAME = {"game": "gangs", "players": ["Ann", "Bob"], "options": {"first_player": 0}}


def decode_qr(svg: str) -> str:
    """What a phone's camera reads from one of the app's QR codes: the SVG's modules (qrcode's
    path image draws each as `M x,y H…`) painted 4 pixels wide, then decoded by zxing-cpp."""
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    scale = 4
    pixels = bytearray(b"\xff" * (size * scale) ** 2)
    for x, y in re.findall(r"M(\d+),(\d+)H", svg):
        for row in range(int(y) * scale, (int(y) + 1) * scale):
            start = row * size * scale + int(x) * scale
            pixels[start:start + scale] = b"\x00" * scale
    image = memoryview(bytes(pixels)).cast("B", (size * scale, size * scale))
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, "the QR code does not scan"
    return found[0].text


@pytest.fixture
def lan(app, monkeypatch):
    """A server that listens on the network (as `companion serve` and the Procfile do by
    default) on a machine with this LAN address, whatever the test machine has (None: none)."""
    app.config["LAN_LINKS"] = True

    def set_to(address):
        monkeypatch.setattr(network, "lan_address", lambda: address)
    set_to(LAN)
    return set_to


def create_table(client, base):
    reply = client.post("/api/tables", json=GAME, base_url=base)
    assert reply.status_code == 201
    return reply.json


@pytest.mark.parametrize("base", ["http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000"])
def test_qr_codes_of_a_table_created_at_localhost_open_on_another_phone(client, lan, base):
    table = create_table(client, base)
    auth = {"Authorization": f"Bearer {table['token']}"}
    play = decode_qr(client.get(f"/t/{table['id']}/qr/play.svg", headers=auth, base_url=base).text)
    watch = decode_qr(client.get(f"/t/{table['id']}/qr/watch.svg", base_url=base).text)
    for scanned in (play, watch):
        assert urlsplit(scanned).netloc == f"{LAN}:8000"
    assert play == table["urls"]["play"] and watch == table["urls"]["watch"]
    assert all(urlsplit(url).netloc == f"{LAN}:8000" for url in table["urls"].values())
    # The scanned play link is the one that seats a phone at this table.
    seated = client.get(urlsplit(play).path, base_url=f"http://{LAN}:8000")
    assert seated.status_code in (302, 303) and f"/t/{table['id']}" in seated.headers["Location"]


def test_the_share_panel_says_which_address_phones_open(client, lan):
    table = create_table(client, "http://127.0.0.1:8000")
    client.get(urlsplit(table["urls"]["play"]).path, base_url="http://127.0.0.1:8000")
    page = client.get(f"/t/{table['id']}", base_url="http://127.0.0.1:8000").text
    assert f"Phones open this table at <b>http://{LAN}:8000</b>" in page
    assert f'class="play-link" href="http://{LAN}:8000/t/{table["id"]}/play/' in page


def test_with_no_network_address_the_page_warns_that_phones_cannot_open_localhost(client, lan):
    lan(None)
    table = create_table(client, "http://127.0.0.1:8000")
    client.get(urlsplit(table["urls"]["play"]).path, base_url="http://127.0.0.1:8000")
    page = client.get(f"/t/{table['id']}", base_url="http://127.0.0.1:8000").text
    assert "Phones cannot open these codes" in page
    assert "Phones open this table at" not in page


def test_a_table_opened_at_the_network_address_keeps_it_and_says_nothing_more(client, lan):
    base = "https://10.0.0.7:8443"
    table = create_table(client, base)
    assert table["urls"]["watch"].startswith(base + "/t/")
    client.get(urlsplit(table["urls"]["play"]).path, base_url=base)
    page = client.get(f"/t/{table['id']}", base_url=base).text
    assert "phones-open" not in page


def test_the_configured_public_url_wins(app, client, lan):
    app.config["PUBLIC_URL"] = "https://kyoto.example.org/"
    table = create_table(client, "http://127.0.0.1:8000")
    assert decode_qr(client.get(f"/t/{table['id']}/qr/watch.svg", base_url="http://127.0.0.1:8000").text) == (
        f"https://kyoto.example.org/t/{table['id']}/watch")
    client.get(urlsplit(table["urls"]["play"]).path, base_url="http://127.0.0.1:8000")
    assert "phones-open" not in client.get(f"/t/{table['id']}", base_url="http://127.0.0.1:8000").text


def test_an_event_qr_code_made_at_localhost_opens_on_another_phone(client, lan):
    event = client.post("/api/events", json={"name": "Night", "games": ["gangs"], "rounds": 1},
                        base_url="http://localhost:8000").json
    scanned = decode_qr(client.get(f"/e/{event['id']}/qr.svg", base_url="http://localhost:8000").text)
    assert scanned == f"http://{LAN}:8000/e/{event['id']}" == event["urls"]["event"]


def test_the_lan_address_is_a_private_non_loopback_one_found_once(monkeypatch):
    calls = []

    def interfaces():
        calls.append(1)
        return {"127.0.0.1", "169.254.3.4", "172.17.0.1", "192.168.1.20"}

    monkeypatch.setattr(network, "route_address", lambda: None)  # no default route (test_lan_lookup has it)
    monkeypatch.setattr(network, "interface_addresses", interfaces)
    monkeypatch.setattr(network, "hostname_addresses", lambda: {"127.0.1.1"})
    network.lan_address.cache_clear()
    try:
        assert network.lan_address() == "192.168.1.20" == network.lan_address()
        assert len(calls) == 1
        monkeypatch.setattr(network, "interface_addresses", lambda: {"127.0.0.1"})
        network.lan_address.cache_clear()
        assert network.lan_address() is None
        monkeypatch.setattr(network, "interface_addresses", set)  # no interface list (not Linux)
        monkeypatch.setattr(network, "hostname_addresses", lambda: {"10.0.0.7"})
        network.lan_address.cache_clear()
        assert network.lan_address() == "10.0.0.7"
    finally:
        network.lan_address.cache_clear()


def test_a_server_listening_on_loopback_only_keeps_its_links_there(app, client, lan):
    """Bound to 127.0.0.1 (behind a proxy, or `companion serve --host 127.0.0.1`), the LAN
    address would be a link no phone can open."""
    app.config["LAN_LINKS"] = False
    table = create_table(client, "http://127.0.0.1:8000")
    assert all(url.startswith("http://127.0.0.1:8000/") for url in table["urls"].values())


def test_only_a_server_bound_beyond_loopback_reaches_the_network():
    assert network.reaches_network([("0.0.0.0", 8000)])
    assert network.reaches_network([("::", 8000, 0, 0)])
    assert network.reaches_network([("127.0.0.1", 8000), ("192.168.1.20", 8000)])
    assert not network.reaches_network([("127.0.0.1", 8000), ("::1", 8000, 0, 0), "/run/companion.sock"])
