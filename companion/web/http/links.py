"""The links phones open: the address they start with, and a link drawn as a QR code (SVG, with
qrcode's path image: no Pillow needed)."""
from __future__ import annotations

import re

import qrcode
import qrcode.image.svg
from flask import Response, current_app, request

from ...server import network


def public_base() -> str:
    """The URL phones should open: COMPANION_PUBLIC_URL behind a proxy, else this request's host,
    except that a request to a loopback address (the host's own laptop at localhost) gets this
    machine's LAN address with the request's port when the server listens on the network (config
    LAN_LINKS, set by companion/server/ready.py): no other phone can open localhost."""
    return public_address()[0]


def public_address() -> tuple[str, str]:
    """`public_base()` and where it came from: "configured" (COMPANION_PUBLIC_URL), "asked"
    (the request's own host), "lan" (the LAN address for a loopback request) or "loopback"
    (a loopback request on a machine with no LAN address: phones cannot open these links)."""
    configured = current_app.config["PUBLIC_URL"]
    if configured:
        return configured.rstrip("/"), "configured"
    if not current_app.config.get("LAN_LINKS"):  # listening on loopback only, or not known
        return request.host_url.rstrip("/"), "asked"
    return network.phone_base(request.host_url, network.lan_address())


def svg_response(data: str) -> Response:
    """A QR code of `data` as an SVG reply that scales to its box, dark on white with a quiet zone."""
    img = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, border=3,
                      error_correction=qrcode.constants.ERROR_CORRECT_M)
    svg = img.to_string(encoding="unicode")
    size = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1)
    # Drop the fixed size in mm so CSS can make it as large as the phone allows.
    svg = re.sub(r' width="[^"]+" height="[^"]+"', "", svg, count=1)
    svg = svg.replace(">", f'><rect width="{size}" height="{size}" fill="#fff"/>', 1)
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})
