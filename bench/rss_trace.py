"""Where does the server's memory go over a long run? (issue 29; not a test)

Runs bench/load.py's load on the Procfile's server with the bench's hooks (bench/trace_conf.py:
tracemalloc in the worker, a snapshot every --every seconds), then prints how full the app's
caches were at each snapshot and the allocations that grew most between the first snapshot after
the warm-up and the last, by line and by file. tracemalloc slows the server (every allocation
traced), so its latencies are not the load test's; its RSS includes the traces' own memory.

Run: python bench/rss_trace.py [--tables 50] [--seconds 600] [--interval 5] [--every 60] [--warmup 120]
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import load  # noqa: E402
from bench.bench_actions import start_server  # noqa: E402


def growth(folder: Path, warmup: float, top: int) -> str:
    """The allocations that grew most from the first snapshot after `warmup` s to the last."""
    traces = sorted(folder.glob("*.trace"))
    after = [p for p in traces if int(p.stem) >= warmup] or traces
    first, last = tracemalloc.Snapshot.load(str(after[0])), tracemalloc.Snapshot.load(str(traces[-1]))
    lines = [f"traced memory {after[0].stem} s -> {traces[-1].stem} s: "
             f"{sum(s.size for s in first.statistics('filename')) / 2**20:.1f} -> "
             f"{sum(s.size for s in last.statistics('filename')) / 2**20:.1f} MB"]
    for key in ("lineno", "filename", "traceback"):
        lines.append(f"grown most, by {key}:")
        for stat in last.compare_to(first, key)[:top if key != "traceback" else 5]:
            where = "\n      ".join(stat.traceback.format()) if key == "traceback" else str(stat.traceback)
            lines.append(f"  {stat.size_diff / 1024:+9.0f} KB {stat.count_diff:+8d} blocks  {where}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--interval", type=float, default=5)
    parser.add_argument("--every", type=float, default=60, help="seconds between tracemalloc snapshots")
    parser.add_argument("--warmup", type=float, default=120)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        proc, port = start_server(folder / "data", hooks="bench.trace_conf", env={
            "COMPANION_BENCH_TRACE": tmp, "COMPANION_BENCH_TRACE_EVERY": str(args.every), "PYTHONPATH": str(ROOT)})
        run_args = argparse.Namespace(tables=args.tables, phones=6, seated=5, seconds=args.seconds, interval=args.interval,
                                      samples=None, pin=False, rss_every=10, warmup=args.warmup,
                                      variant="project")
        try:
            load.run(run_args, proc, port)
        finally:
            proc.terminate()
            proc.wait()
        for line in (folder / "caches.jsonl").read_text().splitlines():
            print(json.dumps(json.loads(line)))
        print(growth(folder, args.warmup, args.top))


if __name__ == "__main__":
    main()
