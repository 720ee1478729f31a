"""The LAN address is found the portable way first (a UDP socket "connected" to
a documentation address names the outgoing interface and sends nothing), so QR codes carry it on
a laptop where the interfaces' ioctl fails (macOS) and the machine's name resolves to loopback
(Debian and Ubuntu write 127.0.1.1 for it); with no network at all the links fall back as before."""
from __future__ import annotations

import errno
import ipaddress
import socket
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest

from companion.server import network
from tests.web.test_public_links import create_table, decode_qr

WIFI = "192.168.1.42"
DOCUMENTATION = [ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")]
LOCALHOST = "http://localhost:8000"


class Probe(socket.socket):
    """A real socket whose routing answer is the wifi's address (or no route at all); it records
    where it was pointed and refuses to send anything."""

    route: str | None = WIFI
    pointed: list = []

    def connect(self, address):
        type(self).pointed.append((self.type, address))
        if self.route is None:
            raise OSError(errno.ENETUNREACH, "Network is unreachable")

    def getsockname(self):
        return (self.route, 50123)

    def send(self, *args):
        raise AssertionError("the address lookup sent a packet")

    sendto = sendall = send


def macos_ioctl(*args):
    raise OSError(errno.ENOTTY, "Inappropriate ioctl for device")


@pytest.fixture(params=["ioctl ENOTTY", "no fcntl"])
def laptop(request, app, monkeypatch):
    """A laptop like the issue's: no interface list (macOS's ioctl fails, or Windows has no fcntl),
    its own name resolving to 127.0.1.1, and a server listening on every interface (LAN_LINKS).
    Returns a setter for the default route's address (None: no network)."""
    monkeypatch.setattr(network, "fcntl", SimpleNamespace(ioctl=macos_ioctl) if request.param == "ioctl ENOTTY" else None)
    monkeypatch.setattr(network.socket, "gethostname", lambda: "laptop")
    monkeypatch.setattr(network.socket, "getaddrinfo",
                        lambda *a, **k: [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.1.1", 0))])
    monkeypatch.setattr(network.socket, "socket", Probe)
    monkeypatch.setattr(Probe, "pointed", [])
    app.config["LAN_LINKS"] = True
    network.lan_address.cache_clear()

    def route(address):
        monkeypatch.setattr(Probe, "route", address)
        network.lan_address.cache_clear()
    route(WIFI)
    yield route
    network.lan_address.cache_clear()


def test_the_simulated_laptop_has_no_lan_address_but_the_route(laptop):
    # What the lookup found before the route came first: nothing but loopback.
    assert network.interface_addresses() == set() and network.hostname_addresses() == {"127.0.1.1"}
    assert network.lan_address() == WIFI == network.lan_address()
    # One UDP socket pointed at a documentation address's discard port; nothing sent (Probe).
    ((kind, (host, port)),) = Probe.pointed
    assert kind == socket.SOCK_DGRAM and port == 9
    assert any(ipaddress.ip_address(host) in net for net in DOCUMENTATION)


def test_qr_codes_made_at_localhost_carry_the_route_address(client, laptop):
    table = create_table(client, LOCALHOST)
    auth = {"Authorization": f"Bearer {table['token']}"}
    play = decode_qr(client.get(f"/t/{table['id']}/qr/play.svg", headers=auth, base_url=LOCALHOST).text)
    watch = decode_qr(client.get(f"/t/{table['id']}/qr/watch.svg", base_url=LOCALHOST).text)
    assert urlsplit(play).netloc == urlsplit(watch).netloc == f"{WIFI}:8000"
    assert "127.0.0.1" not in play + watch and "localhost" not in play + watch
    event = client.post("/api/events", json={"name": "Night", "games": ["gangs"], "rounds": 1}, base_url=LOCALHOST).json
    assert decode_qr(client.get(f"/e/{event['id']}/qr.svg", base_url=LOCALHOST).text) == f"http://{WIFI}:8000/e/{event['id']}"


def test_the_table_page_opened_at_localhost_shares_the_route_address(client, laptop):
    table = create_table(client, LOCALHOST)
    client.get(urlsplit(table["urls"]["play"]).path, base_url=LOCALHOST)
    page = client.get(f"/t/{table['id']}", base_url=LOCALHOST).text
    assert f"Phones open this table at <b>http://{WIFI}:8000</b>" in page
    assert f'class="play-link" href="http://{WIFI}:8000/t/{table["id"]}/play/' in page
    assert "Phones cannot open these codes" not in page


def test_with_no_network_at_all_the_links_stay_at_localhost_and_the_page_says_so(client, laptop):
    laptop(None)
    assert network.lan_address() is None
    table = create_table(client, LOCALHOST)
    assert all(url.startswith(LOCALHOST + "/") for url in table["urls"].values())
    assert decode_qr(client.get(f"/t/{table['id']}/qr/watch.svg", base_url=LOCALHOST).text) == table["urls"]["watch"]
    client.get(urlsplit(table["urls"]["play"]).path, base_url=LOCALHOST)
    page = client.get(f"/t/{table['id']}", base_url=LOCALHOST).text
    assert "Phones cannot open these codes" in page and "Phones open this table at" not in page


def test_with_no_route_linux_falls_back_to_its_interfaces_then_its_name(monkeypatch):
    """No default route (a wifi with no internet, say): what the lookup did before the route."""
    monkeypatch.setattr(network, "route_address", lambda: None)
    monkeypatch.setattr(network, "interface_addresses", lambda: {"127.0.0.1", "169.254.3.4", "10.0.0.7", "192.168.1.20"})
    monkeypatch.setattr(network, "hostname_addresses", lambda: {"127.0.1.1"})
    assert network.lan_addresses() == ["192.168.1.20", "10.0.0.7"]
    monkeypatch.setattr(network, "interface_addresses", set)
    monkeypatch.setattr(network, "hostname_addresses", lambda: {"127.0.1.1", "10.0.0.7"})
    assert network.lan_addresses() == ["10.0.0.7"]


def test_the_route_comes_first_and_loopback_or_link_local_routes_never_count(monkeypatch):
    monkeypatch.setattr(network, "interface_addresses", lambda: {"127.0.0.1", "10.0.0.7", "192.168.1.20"})
    monkeypatch.setattr(network, "hostname_addresses", set)
    monkeypatch.setattr(network, "route_address", lambda: "10.0.0.7")
    assert network.lan_addresses() == ["10.0.0.7", "192.168.1.20"]
    for useless in ("127.0.0.1", "169.254.9.9", "0.0.0.0"):
        monkeypatch.setattr(network, "route_address", lambda address=useless: address)
        assert network.lan_addresses() == ["192.168.1.20", "10.0.0.7"]
