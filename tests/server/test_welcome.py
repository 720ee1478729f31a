"""`companion serve` prints, as it starts, the address phones open with a QR code
for it drawn in text (a phone scans it off the console: Windows', macOS' or Linux's), every other
address, and the data folder's absolute path, saying when it made a new, empty one."""
from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
import zxingcpp

from companion.welcome import HALF_BLOCKS, qr_text, welcome
from tests.servers import free_port, wait_until_answering

URL = "http://192.168.1.20:8000/"
UPPER = {char: top for (top, _), char in HALF_BLOCKS.items()}
LOWER = {char: bottom for (_, bottom), char in HALF_BLOCKS.items()}


def scan(lines: list[str], modules_a_line: int) -> str:
    """What a phone's camera reads off the console: each character's light halves (or "##" pairs)
    painted white on the console's dark background, 4 pixels a module, decoded by zxing-cpp."""
    if modules_a_line == 2:
        rows = [row for line in lines for row in ([UPPER[c] for c in line], [LOWER[c] for c in line])]
    else:
        rows = [[line[i:i + 2] == "##" for i in range(0, len(line), 2)] for line in lines]
    scale, margin = 4, 8
    width, height = (len(rows[0]) + 2 * margin) * scale, (len(rows) + 2 * margin) * scale
    pixels = bytearray(width * height)  # the console's background: dark
    for y, row in enumerate(rows):
        for x, light in enumerate(row):
            if light:
                for line in range((y + margin) * scale, (y + margin + 1) * scale):
                    start = line * width + (x + margin) * scale
                    pixels[start:start + scale] = b"\xff" * scale
    found = zxingcpp.read_barcodes(memoryview(bytes(pixels)).cast("B", (height, width)), formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, "the QR code does not scan"
    return found[0].text


def test_the_qr_code_in_half_blocks_scans_to_the_address():
    lines = qr_text(URL).splitlines()
    assert set("".join(lines)) <= set(HALF_BLOCKS.values())  # no escape codes, nothing a console lacks
    assert scan(lines, 2) == URL


def test_a_console_without_block_characters_gets_a_code_in_ascii_that_scans_too():
    out = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")  # a Windows console redirected to a file
    welcome([URL, "http://127.0.0.1:8000/"], "Data folder: C:\\Users\\ann\\companion-data (new, empty)", out)
    out.seek(0)
    text = out.read()
    lines = text.splitlines()
    code = [line for line in lines if line and set(line) <= {"#", " "}]
    assert len(code) > 20 and scan(code, 1) == URL
    assert "Phones on this network open http://192.168.1.20:8000/ (or scan this code):" in lines
    assert "  open http://127.0.0.1:8000/" in lines


def test_with_only_loopback_addresses_no_code_is_drawn_and_the_host_is_told_why():
    out = io.StringIO()
    welcome(["http://127.0.0.1:8000/"], "Data folder: /srv/d", out)
    assert "No address a phone can open was found" in out.getvalue() and HALF_BLOCKS[(True, True)] not in out.getvalue()


def start_lines(proc: subprocess.Popen) -> list[str]:
    """What the server printed up to its last line of the start ("Stop it with Ctrl+C.")."""
    lines = []
    for line in proc.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith("Stop it with"):
            return lines
    pytest.fail("the server stopped before it printed its start:\n" + "\n".join(lines))


@pytest.mark.slow
def test_serve_prints_the_phones_address_its_code_and_the_data_folder_by_its_whole_path(tmp_path):
    port = free_port()
    public = f"http://kyoto.test:{port}/"  # what phones open, whatever this machine's network
    env = {k: v for k, v in os.environ.items() if not k.startswith("COMPANION_")}
    # The user's data directory (platformdirs reads XDG_DATA_HOME on Linux) under tmp_path.
    env.update(PYTHONUNBUFFERED="1", PYTHONIOENCODING="utf-8", COMPANION_PUBLIC_URL=public,
               XDG_DATA_HOME=str(tmp_path / "share"))
    for start, said in ((1, " (new, empty)"), (2, "")):
        proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host", "0.0.0.0", "--port", str(port)],
                                cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                encoding="utf-8")
        try:
            lines = start_lines(proc)
            wait_until_answering(proc, f"http://127.0.0.1:{port}/api/games")
        finally:
            proc.terminate()
            proc.communicate(timeout=15)
        assert proc.returncode == 0, "SIGTERM stops the server cleanly"
        assert lines[1] == f"Data folder: {tmp_path / 'share' / 'kyoto-companion'}{said}", f"start {start}"
        assert lines[2] == f"Phones on this network open {public} (or scan this code):"
        code = [line for line in lines[3:] if line and set(line) <= set(HALF_BLOCKS.values())]
        assert scan(code, 2) == public
        assert f"  open http://127.0.0.1:{port}/" in lines
