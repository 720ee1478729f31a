"""What a tap costs the server, per game, against a bare flask-sock broadcast of the same bytes.

Both apps run under the Procfile's command, side by side, their windows interleaved so both meet
the same moments of a busy machine. The project has its rate limiter on (set never to trip), one
table of each game whose seats are held by phones that made a player's journey and one watcher,
every action drawn from the engine's offers. The bare app (bench/lib/bare_app.py) has as many
phones and, for each of the project's actions of the window before, sends each phone the very
texts the project pushed it and answers with a reply as long: the same bytes, measured in the
same run. Phones offer permessage-deflate as a browser does; the bare app's phones offer it only
when the project agreed to it, so both compress alike or neither does.

Per window of actions: the worker's CPU (user + system, from /proc, in 10 ms ticks) per action,
and each action's time from the POST to the last phone's message. Printed: the medians over
windows of CPU, p50 and p99 over every action, and the project's ratio to the bare app's (the
bytes a phone receives per action type: `python -m bench push-bytes`).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import time
from collections.abc import Callable

from bench.lib.clients import SEATS, PlayedTable, Tap
from bench.lib.phones import Phone, Phones
from bench.lib.servers import LIMITER_ON, cpu_seconds, serve, worker_pid
from bench.lib.stats import median, pct


class BareTable:
    """The bare app's phones, and the project's taps staged on it to send again."""

    def __init__(self, port: int, phones: int, deflate: bool):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.phones = Phones([Phone(port, f"/ws/{k}", deflate=deflate) for k in range(phones)])
        self.sent = 0

    def _post(self, path: str, body: bytes) -> None:
        self.conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        self.conn.getresponse().read()

    def stage(self, taps: list[Tap]) -> None:
        """Give the bare app the next window's texts and replies (not measured)."""
        self._post("/stage", json.dumps([{"texts": t.texts, "reply": t.reply} for t in taps]).encode())
        self.sent = 0

    def act(self) -> float:
        """Send the next staged tap: ms to the last phone."""
        self.phones.take()
        t0 = time.perf_counter()
        self._post(f"/send/{self.sent}", b"")
        self.sent += 1
        return self.phones.wait_all(t0)


def window(act: Callable[[], float], actions: int, pid: int) -> tuple[float, list[float]]:
    """CPU ms per action of the worker `pid` over `actions` calls of `act`, and their times."""
    cpu0, times = cpu_seconds(pid), []
    for _ in range(actions):
        times.append(act())
        time.sleep(0.02)  # the pushes settle; a real table acts every few seconds
    return (cpu_seconds(pid) - cpu0) * 1000 / actions, times


def measure(game_id: str, windows: int, actions: int) -> dict:
    """The project's and the bare app's figures for one game, windows interleaved."""
    with contextlib.ExitStack() as stack:
        port, master = stack.enter_context(serve(LIMITER_ON))
        table = PlayedTable(port, game_id, seed=1)
        bare_port, bare_master = stack.enter_context(serve(app_spec="bench.lib.bare_app:create_app()"))
        bare = BareTable(bare_port, SEATS[game_id] + 1, table.deflated)
        pid, bare_pid = worker_pid(master), worker_pid(bare_master)
        cpu, bare_cpu, times, bare_times = [], [], [], []
        for _ in range(windows):
            taps: list[Tap] = []

            def project_act(taps: list[Tap] = taps) -> float:
                taps.append(table.act())
                return taps[-1].ms

            c, t = window(project_act, actions, pid)
            cpu.append(c)
            times += t
            table.act()  # the window's last tap gets its late messages
            bare.stage(taps)
            c, t = window(bare.act, actions, bare_pid)
            bare_cpu.append(c)
            bare_times += t
        table.close()
        bare.phones.close()
    return {"game": game_id, "deflate": table.deflated, "cpu": median(cpu), "bare_cpu": median(bare_cpu),
            "p50": median(times), "bare_p50": median(bare_times), "p99": pct(times, 99),
            "bare_p99": pct(bare_times, 99)}


def times(a: float, b: float) -> str:
    """a / b, or what stands in for it when b is below what was measurable (a CPU clock tick)."""
    return f"{a / b:.2f}" if b > 0 else "(bare under one clock tick: more actions)"


def report(r: dict) -> None:
    """Print one game's figures, ratios first."""
    print(f"{r['game']}: CPU an action {times(r['cpu'], r['bare_cpu'])} x the bare broadcast "
          f"({r['cpu']:.2f} ms vs {r['bare_cpu']:.2f}); to the last phone p50 {times(r['p50'], r['bare_p50'])} x "
          f"({r['p50']:.1f} vs {r['bare_p50']:.1f} ms), p99 {times(r['p99'], r['bare_p99'])} x "
          f"({r['p99']:.1f} vs {r['bare_p99']:.1f} ms)"
          + ("" if r["deflate"] else "; uncompressed: the server declined permessage-deflate"))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench tap-cost", description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=sorted(SEATS), choices=sorted(SEATS))
    parser.add_argument("--windows", type=int, default=5)
    parser.add_argument("--actions", type=int, default=40, help="actions a window")
    args = parser.parse_args(argv)
    for game_id in args.games:
        report(measure(game_id, args.windows, args.actions))
