"""What one tap costs the server, per game, against a bare broadcast of the same bytes (issue 29,
item 5). Not a test: it prints figures, ratios first.

Both apps run under the Procfile's command (gunicorn, the project's gevent worker), side by side
in the same run, their windows interleaved so both meet the same moments of a busy machine:
- the project, with the rate limiter on (COMPANION_ACTION_LIMIT high enough never to trip, so its
  bookkeeping is paid as in production), one table of each game, its seats held by phones that made
  the real journey (the play link, "I am <player>") and one watcher; every action is drawn from the
  engine's offers in the API's reply, filled in as the property tests do (tests/offer_fills.py);
- the bare flask-sock app (bench/bare_broadcast.py), the same phones, and for each of the
  project's actions the same reply and the same bytes to each phone that the project sent it
  (measured in the same run, action by action, not sized once from the start of a game).

For each window of actions: the worker's CPU (user + system, /proc) per action, and the time from
the POST to the last phone's message. Reported: the median over windows of each, the ratio of the
project's to the bare app's, and the push bytes per phone per action type as received (compressed as a browser negotiates it;
median, largest).

With `--variant NAME ...`, also the project with one piece of its push machinery taken out per
named variant (bench/machinery.py), each its own server interleaved with the others, the same seed
making the same moves: its CPU and p50 to the last phone against the project's.

Run: python bench/tap_cost.py [--games gangs kyotoan neko bosskito] [--windows 5] [--actions 40]
                              [--floor] [--variant no-writer-sends no-splice ...]
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import http.client
import json
import random
import selectors
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import machinery  # noqa: E402
from bench.bare_broadcast import serving_process  # noqa: E402
from bench.bench_actions import Api, pct  # noqa: E402
from bench.load import cpu_seconds, process_tree, seated_cookie  # noqa: E402
from bench.phones import Frames, open_socket  # noqa: E402
from companion.games import get_game  # noqa: E402
from tests.offer_fills import FILLS  # noqa: E402

SEATS = {"gangs": 5, "kyotoan": 5, "neko": 4, "bosskito": 5}
# What Chromium offers in a websocket handshake: the project's phones get pushes compressed as a
# browser's do, and their bytes are counted as received. The bare app's phones offer nothing: it
# sends those received bytes as they are.
DEFLATE = "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits"


def browser_socket(port: int, path: str, cookie: str | None = None, deflate: bool = True):
    """A phone's websocket, offering compression as Chromium does (the header follows the cookie's line)."""
    return open_socket(port, path, "\r\n".join(filter(None, [cookie or "phone=1", DEFLATE if deflate else ""])))
PROJECT_ENV = {"COMPANION_ACTION_LIMIT": "100000"}  # on, never tripped (the default is 120 a minute)


class Phones:
    """A set of raw websockets read by one selector: how long until every one has a new message."""

    def __init__(self, sockets: list):
        self.frames = [Frames(s) for s in sockets]
        self.sel = selectors.DefaultSelector()
        for k, s in enumerate(sockets):
            self.sel.register(s, selectors.EVENT_READ, k)
        time.sleep(0.5)
        self.drain()

    def drain(self) -> None:
        """Read what each phone has (the push on connect), so the next wait counts only new ones."""
        for f in self.frames:
            f.read()

    def wait_all(self, t0: float, timeout: float = 5.0) -> tuple[float, list[int]]:
        """Ms from `t0` until every phone read a message, and the bytes each received meanwhile."""
        before = [f.received for f in self.frames]
        waiting = set(range(len(self.frames)))
        while waiting and time.perf_counter() - t0 < timeout:
            for key, _ in self.sel.select(timeout=0.2):
                if self.frames[key.data].read():
                    waiting.discard(key.data)
        took = (time.perf_counter() - t0) * 1000 if not waiting else float("inf")
        return took, [f.received - b for f, b in zip(self.frames, before)]

    def close(self) -> None:
        self.sel.close()
        for f in self.frames:
            f.sock.close()


class ProjectTable:
    """One table of `game_id` on the project's server, its seats held and one watcher."""

    def __init__(self, port: int, game_id: str, seed: int, deflate: bool = True):
        self.api, self.game_id, self.port, self.deflate = Api(port), game_id, port, deflate
        self.rnd = random.Random(seed)
        self.new_table(seed)
        self.used = 0.0  # when its connection last answered

    def new_table(self, seed: int) -> None:
        """A fresh table (again when a game ends), its phones connected."""
        n = SEATS[self.game_id]
        _, info = self.api.call("POST", "/api/tables", {"game": self.game_id, "players": [f"P{i}" for i in range(n)], "seed": seed})
        tid = info["id"]
        self.info = info
        _, self.reply = self.api.call("GET", f"/api/tables/{tid}", token=info["token"])  # its offers
        play_path = "/" + info["urls"]["play"].split("/", 3)[3]
        sockets = [browser_socket(self.port, f"/t/{tid}/ws?since=0", seated_cookie(self.port, play_path, tid, k), self.deflate)
                   for k in range(n)]
        sockets.append(browser_socket(self.port, f"/t/{tid}/ws?mode=watch&since=0", deflate=self.deflate))
        if hasattr(self, "phones"):
            self.phones.close()
        self.phones = Phones(sockets)

    def act(self, push: list[int] | None = None) -> tuple[str, float, list[int], int]:
        """One action drawn from the offers: (its type, ms to the last phone, bytes each phone got,
        bytes of the reply). `push`: the bytes a phone the floor app (bench/floor_app.py) sends."""
        if self.reply["state"]["over"]:
            self.new_table(self.rnd.randrange(10**6))
        offer = self.rnd.choice(self.reply["offers"])
        action = FILLS[self.game_id](offer, self.reply["state"], self.rnd)
        body = json.dumps(action)
        if time.perf_counter() - self.used > 1.0:
            # Idle while the other servers' windows ran: the server may have closed this keep-alive
            # connection (gunicorn's keepalive), so a new one, opened before the clock starts.
            self.api.conn.close()
            self.api = Api(self.port)
        t0 = time.perf_counter()
        self.api.conn.request("POST", f"/api/tables/{self.info['id']}/actions", body=body,
                              headers={"Content-Type": "application/json", "Authorization": f"Bearer {self.info['token']}",
                                       **({"X-Bench-Push": ",".join(map(str, push))} if push else {})})
        resp = self.api.conn.getresponse()
        raw = resp.read()
        took, sizes = self.phones.wait_all(t0)
        self.used = time.perf_counter()
        if resp.status != 200:
            raise RuntimeError(f"{self.game_id}: {action} refused: {raw[:200]!r}")
        self.reply = json.loads(raw)
        return action["type"], took, sizes, len(raw)


class BareTable:
    """The bare app's phones: each action, the bytes the project sent each phone, and a reply as long."""

    def __init__(self, port: int, phones: int):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.phones = Phones([open_socket(port, "/ws") for _ in range(phones)])
        self.used = time.perf_counter()

    def act(self, sizes: list[int], reply: int) -> float:
        """Send phone k `sizes[k]` bytes and answer with `reply` bytes: ms to the last phone."""
        if time.perf_counter() - self.used > 1.0:  # idle while the others ran: a new keep-alive connection
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        t0 = time.perf_counter()
        self.conn.request("POST", f"/broadcast-each/{reply}", body=",".join(map(str, sizes)))
        self.conn.getresponse().read()
        took, _ = self.phones.wait_all(t0)
        self.used = time.perf_counter()
        return took


def worker_pid(master: int) -> int:
    """The gunicorn worker under `master` (the Procfile runs one)."""
    return process_tree(master)[-1]


def window(act, actions: int, pid: int) -> tuple[float, list[float]]:
    """CPU ms per action of the worker `pid` over `actions` calls of `act`, and their latencies."""
    cpu0, times = cpu_seconds(pid), []
    for _ in range(actions):
        times.append(act())
        time.sleep(0.02)  # the phones' pushes settle; a real table acts every few seconds
    return (cpu_seconds(pid) - cpu0) * 1000 / actions, times


def measure(game_id: str, windows: int, actions: int, floor: bool = False, variants: tuple = ()) -> dict:
    """The project's and the bare app's figures for one game, windows interleaved; with `floor`,
    also the project with its push rendering taken out (bench/floor_app.py), sending the same bytes;
    with `variants`, also the project with each piece of machinery taken out (bench/machinery.py)."""
    with contextlib.ExitStack() as stack:
        def serve(app_spec: str, deflate: bool = True) -> tuple[ProjectTable, int, int]:
            data = stack.enter_context(tempfile.TemporaryDirectory())
            port, proc = stack.enter_context(serving_process(app_spec, {"COMPANION_DATA": data, **PROJECT_ENV}))
            return ProjectTable(port, game_id, 1, deflate), worker_pid(proc.pid), port  # the same seed: the same moves

        table, pid, _ = serve("companion:create_app()")
        bare_port, bare_proc = stack.enter_context(serving_process("bench.bare_broadcast:create_app()", {}))
        bare = BareTable(bare_port, SEATS[game_id] + 1)
        bare_pid = worker_pid(bare_proc.pid)
        if floor:
            floor_table, floor_pid, floor_port = serve("bench.floor_app:create_app()", deflate=False)  # sends the received bytes
        others = {name: serve(machinery.app_spec(name)) for name in variants}
        cpu, bare_cpu, floor_cpu, times, bare_times, floor_times = [], [], [], [], [], []
        other_cpu, other_times = collections.defaultdict(list), collections.defaultdict(list)
        by_type: dict[str, list[int]] = collections.defaultdict(list)
        for _ in range(windows):
            sent: list[tuple[list[int], int]] = []

            def project_act() -> float:
                kind, took, sizes, reply = table.act()
                sent.append((sizes, reply))
                by_type[kind] += sizes
                return took

            c, t = window(project_act, actions, pid)
            cpu.append(c)
            times += t
            for name, (other, other_pid, _) in others.items():
                c, t = window(lambda: other.act()[1], actions, other_pid)
                other_cpu[name].append(c)
                other_times[name] += t
            if floor:
                pushes = iter(sent)
                c, t = window(lambda: floor_table.act(next(pushes)[0])[1], actions, floor_pid)
                floor_cpu.append(c)
                floor_times += t
            pushes = iter(sent)
            c, t = window(lambda: bare.act(*next(pushes)), actions, bare_pid)
            bare_cpu.append(c)
            bare_times += t
        if floor:  # one more window of each, the floor's profiled (not counted: the profiler's overhead)
            sent = []
            window(project_act, actions, pid)
            pushes = iter(sent)
            floor_call(floor_port, "start")
            window(lambda: floor_table.act(next(pushes)[0])[1], actions, floor_pid)
            profiled = floor_call(floor_port, "stop")
        for each in [table, bare, *(other for other, _, _ in others.values()), *([floor_table] if floor else [])]:
            each.phones.close()
    result = {"game": game_id, "cpu": statistics.median(cpu), "bare_cpu": statistics.median(bare_cpu),
              "p50": statistics.median(times), "bare_p50": statistics.median(bare_times),
              "p99": pct(times, 99), "bare_p99": pct(bare_times, 99), "bytes": dict(by_type),
              "variants": {name: (statistics.median(other_cpu[name]), statistics.median(other_times[name]), pct(other_times[name], 99))
                           for name in others}}
    if floor:
        result.update(floor_cpu=statistics.median(floor_cpu), floor_p50=statistics.median(floor_times),
                      parts={name: s * 1000 / actions for name, s in profiled["parts"].items()},
                      top=[(f, s * 1000 / actions) for f, s in profiled["top"]])
    return result


def floor_call(port: int, what: str) -> dict:
    """Start or stop the floor app's profiler: when stopped, CPU seconds per part of a tap."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("POST", "/api/bench/profile", body=what)
    raw = conn.getresponse().read()
    return json.loads(raw) if what == "stop" else {}


def report(r: dict) -> None:
    """Print one game's figures, ratios first."""
    print(f"{r['game']}: CPU an action {r['cpu'] / r['bare_cpu']:.2f} x the bare broadcast "
          f"({r['cpu']:.2f} ms vs {r['bare_cpu']:.2f}); to the last phone p50 {r['p50'] / r['bare_p50']:.2f} x "
          f"({r['p50']:.1f} vs {r['bare_p50']:.1f} ms), p99 {r['p99'] / r['bare_p99']:.2f} x "
          f"({r['p99']:.1f} vs {r['bare_p99']:.1f} ms)")
    if "floor_cpu" in r:
        print(f"    floor (push rendering taken out, same bytes): CPU {r['floor_cpu'] / r['bare_cpu']:.2f} x the bare broadcast "
              f"({r['floor_cpu']:.2f} ms), p50 to the last phone {r['floor_p50'] / r['bare_p50']:.2f} x ({r['floor_p50']:.1f} ms)")
        total = sum(r["parts"].values())  # the profiler's own overhead inflates all parts: shares only
        print("    the floor's CPU by part (shares of cProfile's CPU time over one more window): "
              + ", ".join(f"{name} {ms / total:.0%}" for name, ms in r["parts"].items()))
        print("    the floor's own-time leaders (shares): " + "; ".join(f"{f.rsplit('/', 1)[-1]} {ms / total:.0%}" for f, ms in r["top"][:12]))
    for name, (cpu, p50, p99) in r["variants"].items():
        print(f"    {name}: CPU {cpu / r['cpu']:.2f} x the project ({cpu:.2f} ms, {cpu / r['bare_cpu']:.2f} x the bare), "
              f"p50 to the last phone {p50 / r['p50']:.2f} x the project ({p50:.1f} ms), p99 {p99:.1f} ms")
    for kind, sizes in sorted(r["bytes"].items()):
        print(f"    push bytes a phone, {kind:>12}: median {statistics.median(sizes):7.0f}, largest {max(sizes):7d} ({len(sizes)} pushes)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=sorted(SEATS), choices=sorted(SEATS))
    parser.add_argument("--windows", type=int, default=5)
    parser.add_argument("--actions", type=int, default=40)
    parser.add_argument("--floor", action="store_true", help="also the project with its push rendering taken out (bench/floor_app.py)")
    parser.add_argument("--variant", nargs="+", default=[], choices=sorted(machinery.VARIANTS),
                        help="also the project with these pieces of machinery taken out (bench/machinery.py)")
    args = parser.parse_args()
    for game_id in args.games:
        get_game(game_id)
        report(measure(game_id, args.windows, args.actions, args.floor, tuple(args.variant)))


if __name__ == "__main__":
    main()
