"""What `companion serve` prints as it starts: the address phones open, a QR code for it drawn in
text (any console shows it: Windows', macOS', Linux's; no terminal escape codes), every other
address it answers at, and where its data is."""
from __future__ import annotations

import qrcode

# Two modules a character, one above the other (light, dark): the code is drawn in the
# console's text colour on its background, so light modules are the blocks (drawn for the usual
# dark console; phones read either way round).
HALF_BLOCKS = {(True, True): "\u2588", (True, False): "\u2580", (False, True): "\u2584", (False, False): " "}
QUIET_ZONE = 2  # modules of margin around the code


def phone_address(urls: list[str]) -> str | None:
    """The address phones open: the first that is not this machine's loopback."""
    return next((url for url in urls if "//127." not in url and "//localhost" not in url and "//[::1]" not in url), None)


def light_rows(url: str) -> list[list[bool]]:
    """The QR code of `url`, its quiet zone included: True where a module is light."""
    code = qrcode.QRCode(border=QUIET_ZONE, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(url)
    code.make(fit=True)
    return [[not dark for dark in row] for row in code.get_matrix()]


def qr_text(url: str, blocks: bool = True) -> str:
    """The QR code of `url` as lines of text: half blocks (two rows a line), or, where the console
    cannot show them, "##" for each light module (one row a line)."""
    rows = light_rows(url)
    if not blocks:
        return "\n".join("".join("##" if light else "  " for light in row) for row in rows)
    rows.append([False] * len(rows[0]))  # an odd count: the last line's lower half is background
    return "\n".join("".join(HALF_BLOCKS[pair] for pair in zip(top, bottom)) for top, bottom in zip(rows[::2], rows[1::2]))


def shows(stream, text: str) -> bool:
    """Whether `stream` can write `text` (a Windows console redirected to a file may not)."""
    try:
        text.encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def welcome(urls: list[str], where: str, stream) -> None:
    """Print the start of `companion serve`: the phones' address and its QR code, every address,
    and `where` (the data folder, or Redis)."""
    lines = ["Kyoto Table Companion", where]
    address = phone_address(urls)
    if address:
        blocks = qr_text(address)
        lines += [f"Phones on this network open {address} (or scan this code):", "",
                  blocks if shows(stream, blocks) else qr_text(address, blocks=False), ""]
    else:
        lines.append("No address a phone can open was found: connect this computer to the wifi, and let the "
                     "server listen on the network (--host 0.0.0.0, the default).")
    lines += [f"  open {url}" for url in urls]
    lines.append("Stop it with Ctrl+C.")
    text = "\n".join(lines) + "\n"
    stream.write(text if shows(stream, text) else text.encode("ascii", "replace").decode("ascii"))
    stream.flush()
