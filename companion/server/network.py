"""This machine's addresses on the local network, found without sending any traffic: the CLI
prints them at start and the web layer puts one in QR codes opened through a loopback address.
The default route's interface comes first, the way every platform answers: Linux's interface
list comes next (macOS has no SIOCGIFADDR) and the machine's name last (Debian and Ubuntu resolve
it to 127.0.1.1)."""
from __future__ import annotations

import ipaddress
import socket
import struct
from functools import lru_cache
from urllib.parse import urlsplit

try:
    import fcntl  # the interfaces' ioctl: POSIX only, so Windows hosts start without it
except ImportError:
    fcntl = None

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}
# A documentation address (RFC 5737 TEST-NET-1) and the discard port: "connecting" a UDP socket
# to it only asks the routing table which interface would carry the packet; nothing is sent.
ROUTE_PROBE = ("192.0.2.1", 9)


def route_address() -> str | None:
    """The address of the interface this machine's traffic leaves by (its default route), found
    the way that works on Windows, macOS and Linux alike; None with no route (no network)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(ROUTE_PROBE)
            return probe.getsockname()[0]
    except OSError:
        return None


def interface_addresses() -> set[str]:
    """IPv4 addresses of this machine's network interfaces (Linux ioctl; empty elsewhere)."""
    found: set[str] = set()
    if fcntl is None:
        return found
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            for _, name in socket.if_nameindex():
                try:
                    packed = struct.pack("256s", name.encode()[:15])
                    raw = fcntl.ioctl(probe.fileno(), 0x8915, packed)  # SIOCGIFADDR
                except OSError:
                    continue
                found.add(socket.inet_ntoa(raw[20:24]))
    except (OSError, AttributeError):
        pass
    return found


def hostname_addresses() -> set[str]:
    """IPv4 addresses this machine's own name resolves to (what /etc/hosts or mDNS say)."""
    try:
        return {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
    except OSError:
        return set()


def _rank(address: str) -> tuple:
    """Private wifi-style addresses first (192.168/16, then 10/8, then 172.16/12), then the rest."""
    ip = ipaddress.ip_address(address)
    private = [ipaddress.ip_network(n) for n in ("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12")]
    home = next((i for i, net in enumerate(private) if ip in net), len(private))
    return (home, tuple(int(p) for p in address.split(".")))


def lan_addresses() -> list[str]:
    """Every address another machine on the network could reach this one at, best first: the
    default route's interface, then the interfaces (Linux), then what the machine's name resolves
    to (loopback and link-local never count). Empty on a machine with no network."""
    route = _reachable({route_address()} - {None})
    # The interfaces next: a system call each, no traffic. Only where they tell nothing (not
    # Linux) is the machine's own name resolved, which /etc/hosts or mDNS usually answers.
    others = _reachable(interface_addresses()) or _reachable(hostname_addresses())
    return sorted(route) + sorted(others - route, key=_rank)


@lru_cache(maxsize=1)
def lan_address() -> str | None:
    """The address phones on the network should open this machine at, or None if it has none.
    Found once, on first use: the web layer asks on every QR code."""
    found = lan_addresses()
    return found[0] if found else None


def _reachable(addresses: set[str]) -> set[str]:
    """The addresses another machine could reach (not loopback, link-local or unspecified)."""
    found = set()
    for address in addresses:
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified):
            found.add(address)
    return found


def reaches_network(listening: list) -> bool:
    """Whether a server bound to these socket addresses (getsockname() values) can be opened from
    another machine: a wildcard or a non-loopback address (a Unix socket or loopback cannot)."""
    for address in listening:
        if not isinstance(address, tuple):
            continue
        try:
            if not ipaddress.ip_address(address[0].split("%")[0]).is_loopback:
                return True
        except ValueError:
            continue
    return False


def is_loopback_host(host: str) -> bool:
    """Whether a host name or address (as in a URL, IPv6 in brackets or not) is this machine only."""
    name = host.strip("[]").lower()
    if name in LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def phone_base(host_url: str, lan: str | None) -> tuple[str, str]:
    """The base URL phones should open for a request that came to `host_url`, and why:
    "lan" (a loopback request, given the LAN address `lan` with the request's scheme and port),
    "loopback" (a loopback request and no LAN address: phones cannot open it) or "asked"
    (the request's own address, which its sender could reach, so phones on its network can)."""
    parts = urlsplit(host_url)
    base = f"{parts.scheme}://{parts.netloc}"
    if not is_loopback_host(parts.hostname or ""):
        return base, "asked"
    if lan is None:
        return base, "loopback"
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{lan}{port}", "lan"
