"""Load test against the Procfile's server (not a test): 50 tables, 6 phones each holding a
websocket (300 sockets: at each table five players who took their seats on their phones, and a
watcher), actions at ten times a real table's pace, for a few minutes.

Reports p50/p99 of action latency and of action-to-last-phone time, errors, and the server's
memory (resident set of the gunicorn master and worker): its peak, and, sampled every
--rss-every seconds, its level at the end of the warm-up and its min / max / last, range and
least-squares slope after it (does memory stay flat over a long run?). Only loopback traffic.

Run: python bench/load.py [--tables 50] [--phones 6] [--seated 5] [--seconds 180] [--interval 0.5]
                         [--pin] [--samples FILE] [--rss-every 10] [--warmup 120] [--variant NAME]

`--variant NAME` serves the project with one piece of its push machinery taken out instead
(bench/machinery.py: no-writer-sends, no-sendroom-cache, no-sendroom, no-splice, plain-frames).
"""
from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import selectors
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import machinery  # noqa: E402
from bench.bench_actions import Api, legal_action, pct, start_server  # noqa: E402
from bench.phones import Frames, open_socket  # noqa: E402


def process_tree(pid: int) -> list[int]:
    """A process and its children (the gunicorn master and its worker)."""
    return [pid] + [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its children, in MB (Linux /proc)."""
    total = 0
    for p in process_tree(pid):
        for line in Path(f"/proc/{p}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) used so far by a process and its children that are running."""
    ticks = 0
    for p in process_tree(pid):
        fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def stolen_seconds() -> float:
    """CPU time the machine's hypervisor gave to others, all CPUs (Linux /proc/stat "steal")."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    return int(fields[8]) / os.sysconf("SC_CLK_TCK") if len(fields) > 8 else 0.0


PLAYERS = ["A", "B", "C", "D", "E"]


def rss_after_warmup(series: list[tuple[float, float]], warmup: float) -> str:
    """Lines describing RSS samples (seconds into the run, MB): its level at the end of the
    warm-up, then min / max / last, range and least-squares slope (MB a minute) after it."""
    before = [mb for t, mb in series if t <= warmup]
    after = [(t, mb) for t, mb in series if t > warmup]
    if len(after) < 2:
        return f"server RSS over time: fewer than 2 samples after the {warmup:.0f} s warm-up"
    ts, mbs = [t for t, _ in after], [mb for _, mb in after]
    t_mean, mb_mean = statistics.fmean(ts), statistics.fmean(mbs)
    slope = sum((t - t_mean) * (mb - mb_mean) for t, mb in after) / sum((t - t_mean) ** 2 for t in ts)
    return (f"server RSS at the end of the {warmup:.0f} s warm-up: {before[-1] if before else mbs[0]:.1f} MB\n"
            f"server RSS after the warm-up ({len(after)} samples): min {min(mbs):.1f}  max {max(mbs):.1f}"
            f"  last {mbs[-1]:.1f} MB  range {max(mbs) - min(mbs):.1f} MB  slope {slope * 60:+.2f} MB/min\n"
            "server RSS samples (s: MB): " + "  ".join(f"{t:.0f}: {mb:.1f}" for t, mb in series))


def seated_cookie(port: int, play_path: str, table_id: str, seat: int) -> str:
    """A phone's session cookie after the real journey: open the play link, load the table page,
    tap "I am <player>" (a form post with the page's CSRF token)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    cookie = ""

    def request(method, path, body=None, headers=None):
        nonlocal cookie
        conn.request(method, path, body=body, headers={**(headers or {}), **({"Cookie": cookie} if cookie else {})})
        resp = conn.getresponse()
        text = resp.read().decode()
        for name, value in resp.getheaders():
            if name.lower() == "set-cookie" and value.startswith("session="):
                cookie = value.split(";", 1)[0]
        return text

    request("GET", play_path)
    page = request("GET", f"/t/{table_id}")
    csrf = re.search(r'"X-CSRF-Token": "([^"]+)"', page).group(1)
    request("POST", f"/t/{table_id}/seat", urlencode({"seat": seat, "_csrf": csrf}),
            {"Content-Type": "application/x-www-form-urlencoded"})
    conn.close()
    return cookie


class Table:
    def __init__(self, api: Api, port: int, phones: int, seated: int, seed: int):
        status, self.info = api.call("POST", "/api/tables", {"game": "gangs", "players": PLAYERS, "seed": seed})
        self.state = self.info["state"]
        tid = self.info["id"]
        self.address = f"/api/tables/{tid}/actions"  # where its actions go
        play_path = "/" + self.info["urls"]["play"].split("/", 3)[3]
        self.sockets = [
            open_socket(port, f"/t/{tid}/ws?since=0", seated_cookie(port, play_path, tid, k)) if k < seated
            else open_socket(port, f"/t/{tid}/ws?mode=watch&since=0")
            for k in range(phones)
        ]
        self.arrived: set[int] = set()
        self.done = threading.Event()
        self.lock = threading.Lock()

    def act(self, client: Api, rnd: random.Random) -> tuple[float, int, dict | None]:
        """Play one legal action, its phones' arrivals counted from now: (start, status, reply);
        status 0 when the server did not answer."""
        with self.lock:
            self.arrived.clear()
            self.done.clear()
        t0 = time.perf_counter()
        try:
            status, reply = client.call("POST", self.address, legal_action(self.state, rnd), self.info["token"])
        except Exception as exc:  # counted as an error by the caller, never fatal to a load test
            status, reply = 0, {"error": type(exc).__name__}
            # A request that timed out leaves its answer unread: every later request on the same
            # connection would fail (CannotSendRequest), so the next one opens a new connection.
            client.conn.close()
        return t0, status, reply

    def refresh(self, client: Api) -> None:
        """Read the table's state again after a failed action (it may have been applied after all,
        and an action drawn from the state before it may be one the rules now refuse)."""
        try:
            status, reply = client.call("GET", f"/api/tables/{self.info['id']}", None, self.info["token"])
        except Exception:
            client.conn.close()
            return
        if status == 200:
            self.state = reply["state"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=6)
    parser.add_argument("--seated", type=int, default=5, help="phones per table that took a seat (one per player); the rest watch")
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between a table's actions (a real table: ~5)")
    parser.add_argument("--samples", help="write every action (start s, latency ms, to last phone ms) to this CSV file")
    parser.add_argument("--pin", action="store_true",
                        help="server on the first CPU, this load generator on the others (as if on another machine)")
    parser.add_argument("--rss-every", type=float, default=10, help="seconds between samples of the server's RSS")
    parser.add_argument("--warmup", type=float, default=120,
                        help="seconds of the run before RSS is expected flat (caches filling, logs' first pages)")
    parser.add_argument("--variant", default="project", choices=["project", *sorted(machinery.VARIANTS)],
                        help="the project with one piece of its push machinery taken out (bench/machinery.py)")
    args = parser.parse_args()

    cpus = sorted(os.sched_getaffinity(0))
    server_cpus = {cpus[0]} if args.pin and len(cpus) > 1 else None
    with tempfile.TemporaryDirectory() as tmp:
        proc, port = start_server(Path(tmp), server_cpus, app_spec=machinery.app_spec(args.variant))
        if server_cpus:
            os.sched_setaffinity(0, set(cpus[1:]))
        try:
            run(args, proc, port)
        finally:
            proc.terminate()
            proc.wait()


def run(args, proc, port: int) -> None:
    api = Api(port)
    tables = [Table(api, port, args.phones, min(args.seated, len(PLAYERS)), seed) for seed in range(args.tables)]
    sel = selectors.DefaultSelector()
    for t in tables:
        for k, sock in enumerate(t.sockets):
            sel.register(sock, selectors.EVENT_READ, (t, k, Frames(sock)))
    stop = threading.Event()

    def reader():
        while not stop.is_set():
            for key, _ in sel.select(timeout=0.1):
                table, k, frames = key.data
                if frames.read():
                    with table.lock:
                        table.arrived.add(k)
                        if len(table.arrived) == len(table.sockets):
                            table.done.set()

    threading.Thread(target=reader, daemon=True).start()
    time.sleep(2)  # the catch-up pushes of the connections
    latencies: list[float] = []
    errors = [0]
    kinds: dict[str, int] = {}
    lock = threading.Lock()
    deadline = time.time() + args.seconds
    start = time.perf_counter()
    samples: list[tuple[float, float, float]] = []  # (start in the run, action ms, to last phone ms)

    def drive(table: Table, rnd: random.Random):
        client = Api(port)
        time.sleep(rnd.uniform(0, args.interval))
        while time.time() < deadline:
            t0, status, reply = table.act(client, rnd)
            t1 = time.perf_counter()
            if status != 200:
                with lock:
                    errors[0] += 1
                    why = f"HTTP {status}: {(reply or {}).get('error', 'no reply')}"[:80]
                    kinds[why] = kinds.get(why, 0) + 1
                time.sleep(args.interval)
                table.refresh(client)
                continue
            table.state = reply["state"]
            reached = table.done.wait(5)
            with lock:
                latencies.append((t1 - t0) * 1000)
                if reached:
                    samples.append((t0 - start, (t1 - t0) * 1000, (time.perf_counter() - t0) * 1000))
                else:
                    errors[0] += 1
                    kinds["no push within 5 s"] = kinds.get("no push within 5 s", 0) + 1
            time.sleep(max(0.0, args.interval - (time.perf_counter() - t0)))

    drivers = [threading.Thread(target=drive, args=(t, random.Random(i))) for i, t in enumerate(tables)]
    peak = [0.0]
    series: list[tuple[float, float]] = []  # (seconds into the run, server RSS MB) every --rss-every s

    # The server's CPU seconds and the machine's stolen CPU seconds at the start of each 30 s window.
    window_cpu: dict[int, tuple[float, float]] = {}

    def watch_server():
        while not stop.is_set():
            now, mb = time.perf_counter() - start, rss_mb(proc.pid)
            peak[0] = max(peak[0], mb)
            if not series or now - series[-1][0] >= args.rss_every:
                series.append((now, mb))
            window_cpu.setdefault(int((time.perf_counter() - start) // 30), (cpu_seconds(proc.pid), stolen_seconds()))
            time.sleep(0.25)

    threading.Thread(target=watch_server, daemon=True).start()
    cpu0, own0, wall0 = cpu_seconds(proc.pid), time.process_time(), time.perf_counter()
    for d in drivers:
        d.start()
    for d in drivers:
        d.join()
    wall = time.perf_counter() - wall0
    server_cpu, own_cpu = (cpu_seconds(proc.pid) - cpu0) / wall, (time.process_time() - own0) / wall
    stop.set()
    last_phone = [c for _, _, c in samples]
    windows: dict[int, list[float]] = {}  # action-to-last-phone times per 30 s of the run
    for t, _, c in samples:
        windows.setdefault(int(t // 30), []).append(c)
    seated = min(args.seated, len(PLAYERS), args.phones)
    print(f"{args.tables} tables x {args.phones} phones ({args.tables * args.phones} websockets: {seated} seated players"
          f" and {args.phones - seated} watcher(s) a table), one action per table every {args.interval}s, {args.seconds:.0f}s"
          + ("" if args.variant == "project" else f"; variant {args.variant} (bench/machinery.py)"))
    print(f"actions: {len(latencies)}  errors: {errors[0]}" + "".join(f"\n  {n} x {k}" for k, n in kinds.items()))
    print(f"action latency:        p50 {statistics.median(latencies):7.2f} ms   p99 {pct(latencies, 99):7.2f} ms")
    print(f"action to last phone:  p50 {statistics.median(last_phone):7.2f} ms   p99 {pct(last_phone, 99):7.2f} ms")
    print(f"server memory (master + worker, peak RSS): {peak[0]:.0f} MB")
    series.append((time.perf_counter() - start, rss_mb(proc.pid)))
    print(rss_after_warmup(series, args.warmup))
    print(f"CPU used: server {server_cpu:.0%} of a core, this load generator {own_cpu:.0%}"
          + (" (pinned: server on its own core)" if args.pin else " (both on the same cores)"))
    if args.samples:
        Path(args.samples).write_text("start_s,action_ms,last_phone_ms\n" + "".join(f"{a:.4f},{b:.2f},{c:.2f}\n" for a, b, c in sorted(samples)))
    print("action to last phone by 30 s window (p50 / p99 ms): " + "  ".join(
        f"{statistics.median(w):.0f}/{pct(w, 99):.0f}" for _, w in sorted(windows.items())))
    for what, i in (("server CPU", 0), ("CPU taken by the hypervisor (steal)", 1)):
        print(f"{what} by 30 s window (% of a core): " + "  ".join(
            f"{(window_cpu[k + 1][i] - window_cpu[k][i]) / 30:.0%}" for k in sorted(window_cpu) if k + 1 in window_cpu))


if __name__ == "__main__":
    main()
