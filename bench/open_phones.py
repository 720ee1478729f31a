"""Open phones on one process (issue 18, item 0; not a test): opens `--phones` live pages (raw
websockets watching tables, 50 a table) on the Procfile's server, then times ordinary requests
(`GET /api/games`, the home page) and one push to the 50 phones of a table while all stay open.

Run: python bench/open_phones.py [--phones 2000] [--requests 20]
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.phones import Frames, open_socket  # noqa: E402
from bench.servers import start  # noqa: E402
from bench.slowloris import new_table, push_arrives, timed_get  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=2000)
    parser.add_argument("--requests", type=int, default=20)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, args.phones + 512), hard))
    env = {"COMPANION_MAX_PHONES": str(args.phones + 100)}
    with tempfile.TemporaryDirectory() as data:
        proc, port = start(ROOT, {"COMPANION_DATA": data, **env})
        phones = []
        try:
            tables = [new_table(port) for _ in range(max(1, args.phones // 50))]
            t0 = time.perf_counter()
            for k in range(args.phones):
                phones.append(open_socket(port, f"/t/{tables[k % len(tables)]['id']}/ws?mode=watch&since=0"))
            opened = time.perf_counter() - t0
            time.sleep(2)
            for p in phones:
                Frames(p).read()
            games = [timed_get(port, "/api/games", timeout=10) for _ in range(args.requests)]
            home = [timed_get(port, "/", timeout=10) for _ in range(args.requests)]
            table_phones = phones[::len(tables)]  # the phones of the first table
            pushed = push_arrives(port, tables[0], table_phones[0], timeout=10)
            print(f"{len(phones)} phones open in {opened:.1f} s (load average {os.getloadavg()[0]:.1f})")
            for what, times in (("GET /api/games", games), ("GET /", home)):
                answered = [t * 1000 for t in times if t != float("inf")]
                print(f"  {what}: {len(answered)}/{len(times)} answered within 10 s, median "
                      f"{statistics.median(answered) if answered else float('inf'):.0f} ms, worst {max(times) * 1000:.0f} ms")
            print(f"  a push to a table's phone while all are open: {'arrived' if pushed else 'LOST'}")
        finally:
            for p in phones:
                p.close()
            proc.terminate()
            proc.wait()


if __name__ == "__main__":
    main()
