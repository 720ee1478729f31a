"""Does the heap policy (companion/server/heap.py) still earn its place? (issue 18, item 4; not a test)

Runs bench/load.py's load twice on the Procfile's server, with the policy and without it (the
server's hooks from bench/heap_gc_conf.py, which log every full garbage collection's pause), and
prints for each: p99 and worst time from an action to the last phone, and the full collections'
count, median and longest pause. One process holds every table and phone here, the most a single
heap holds (spread over two workers on Redis, each holds about half).

Run: python bench/heap_policy.py [--tables 60] [--seconds 300] [--interval 1.0]
"""
from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import load  # noqa: E402
from bench.bench_actions import answering, free_port, procfile_command  # noqa: E402


def serve(data: Path, policy: str, gc_log: Path) -> tuple[subprocess.Popen, int]:
    """The Procfile's server with the bench's hooks (policy on or off); returns it and its port."""
    port = free_port()
    command = (procfile_command().replace("--bind 0.0.0.0:", "--bind 127.0.0.1:")
               .replace("python:companion.server.gunicorn_conf", "python:bench.heap_gc_conf"))
    env = {**os.environ, "COMPANION_DATA": str(data), "COMPANION_ACTION_LIMIT": "0", "PORT": str(port),
           "COMPANION_BENCH_HEAP": policy, "COMPANION_BENCH_GC_LOG": str(gc_log), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(["bash", "-c", f"exec {command}"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return answering(proc, port), port


def measure(policy: str, args) -> str:
    """One load run with the policy `on` or `off`: the load test's lines and the pauses."""
    with tempfile.TemporaryDirectory() as tmp:
        gc_log = Path(tmp) / "gc.log"
        proc, port = serve(Path(tmp) / "data", policy, gc_log)
        samples = Path(tmp) / "samples.csv"
        run_args = argparse.Namespace(tables=args.tables, phones=6, seated=5, seconds=args.seconds,
                                      interval=args.interval, samples=str(samples), pin=False,
                                      rss_every=10, warmup=60)
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                load.run(run_args, proc, port)
        finally:
            proc.terminate()
            proc.wait()
        last = [float(line.split(",")[2]) for line in samples.read_text().splitlines()[1:]]
        pauses = [float(line.split()[1]) for line in gc_log.read_text().splitlines()] if gc_log.exists() else []
        report = next(line for line in out.getvalue().splitlines() if line.startswith("action to last phone:"))
        return (f"heap policy {policy}: {report.split(':', 1)[1].strip()}, worst {max(last):.0f} ms; "
                f"full collections {len(pauses)}, pause median {statistics.median(pauses) if pauses else 0:.0f} ms, "
                f"longest {max(pauses, default=0):.0f} ms (load average {os.getloadavg()[0]:.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--interval", type=float, default=1.0)
    args = parser.parse_args()
    print(f"{args.tables} tables x 6 phones, one action a table every {args.interval} s, {args.seconds:.0f} s each", flush=True)
    for policy in ("on", "off"):
        print(measure(policy, args), flush=True)


if __name__ == "__main__":
    main()
