"""The project's server as its Procfile starts it, on loopback, for the benchmarks: this
checkout's, or the code of an earlier revision unpacked from git (a "before" to compare with)."""
from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

from bench.bench_actions import Api, free_port

ROOT = Path(__file__).resolve().parent.parent


def procfile_web(tree: Path) -> str:
    """The `web:` command of the Procfile in `tree`, bound to loopback."""
    line = next(l for l in (tree / "Procfile").read_text().splitlines() if l.startswith("web:"))
    return line.split(":", 1)[1].strip().replace("--bind 0.0.0.0:", "--bind 127.0.0.1:")


def start(tree: Path, env: dict, workers: int = 1,
          app: str = "companion:create_app()") -> tuple[subprocess.Popen, int]:
    """The Procfile's server of `tree` with `workers` processes serving `app`; returns it and its
    port."""
    port = free_port()
    command = procfile_web(tree).replace("--workers 1", f"--workers {workers}").replace("'companion:create_app()'", f"'{app}'")
    proc = subprocess.Popen(["bash", "-c", f"exec {command}"], cwd=tree, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, "PYTHONPATH": str(tree), "COMPANION_ACTION_LIMIT": "0",
                                 "COMPANION_CREATE_LIMIT": "100000 per minute", "COMPANION_TABLES_LIMIT": "100000 per minute", "PORT": str(port), **env})
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            Api(port).call("GET", "/api/games")
            return proc, port
        except json.JSONDecodeError:  # the bare app answers, with a page of its own
            return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def before_tree(rev: str, folder: Path) -> Path:
    """The project as it was at `rev`, unpacked from git (nothing of this checkout changes)."""
    folder.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder
