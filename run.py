"""Run or test Kyoto Table Companion from a fresh clone with one command (README's first lines):

    python3 run.py            start the server (Windows: py run.py); any `companion serve` option after it
    python3 run.py test       check the style (ruff), then run the test suite; any pytest argument
                              after it runs pytest alone with them

The first time, it makes a virtual environment in `.venv` beside this file and installs the
tested versions (requirements.lock), then the project itself (editable: a `git pull` is picked up
without reinstalling); again only when pyproject.toml or the lock change. Nothing to activate,
on Windows, macOS and Linux alike. Standard library only: it runs before anything is installed.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / "kyoto-installed"  # what was installed, and from which pyproject and lock
OLDEST = (3, 11)


def venv_python() -> Path:
    """The virtual environment's interpreter (Scripts\\python.exe on Windows)."""
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def wanted(what: str) -> str:
    """A line naming what the environment holds ("run" or "test") and the files it came from."""
    digest = hashlib.sha256()
    for name in ("pyproject.toml", "requirements.lock"):
        digest.update((ROOT / name).read_bytes())
    return f"{what} {digest.hexdigest()}"


def installed() -> set[str]:
    return set(STAMP.read_text().splitlines()) if STAMP.exists() else set()


def make_environment() -> None:
    """Create `.venv` with pip; a sentence, not a traceback, where Python cannot."""
    print(f"Making a virtual environment in {VENV} (once)...", flush=True)
    try:
        venv.create(VENV, with_pip=True, upgrade_deps=False)
    except (OSError, subprocess.CalledProcessError) as exc:
        sys.exit(f"run.py: could not make a virtual environment in {VENV} ({exc}). On Debian or Ubuntu install "
                 "python3-venv first (sudo apt install python3-venv), then run this again.")


def install(what: str) -> None:
    """Install the locked dependencies and the project (with its test extras for "test") unless
    already there, from these same pyproject.toml and lock (the test set holds the run set)."""
    stamp = wanted(what)
    have = installed()
    if stamp in have or wanted("test") in have:
        return
    if not venv_python().exists():
        make_environment()
    pip = [str(venv_python()), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    print("Installing the tested versions of the dependencies (once; a minute or two)...", flush=True)
    subprocess.run([*pip, "-r", str(ROOT / "requirements.lock")], check=True)
    subprocess.run([*pip, "-e", f"{ROOT}[test]" if what == "test" else str(ROOT)], check=True)
    current = {line for line in have if line.split()[-1] == stamp.split()[-1]}  # an older lock's lines go
    STAMP.write_text("\n".join(sorted(current | {stamp})) + "\n")


def main(argv: list[str]) -> int:
    """`run.py [serve options]` or `run.py test [pytest arguments]`."""
    if sys.version_info < OLDEST:
        sys.exit(f"run.py: Kyoto Table Companion needs Python {OLDEST[0]}.{OLDEST[1]} or newer; this is "
                 f"{sys.version.split()[0]} (python.org/downloads).")
    testing = bool(argv) and argv[0] == "test"
    try:
        install("test" if testing else "run")
    except subprocess.CalledProcessError as exc:
        sys.exit(f"run.py: installing failed ({exc.returncode}); the lines above say why (no network?). "
                 "Run this again once it is fixed.")
    if testing and not argv[1:]:
        # The whole run checks the code's style first (pyproject.toml's [tool.ruff]): a finding stops it.
        lint = subprocess.run([str(venv_python()), "-m", "ruff", "check", "."], cwd=ROOT, check=False)
        if lint.returncode:
            return lint.returncode
    if testing:
        command = [str(venv_python()), "-m", "pytest", *(argv[1:] or ["-q"])]
    else:
        command = [str(venv_python()), "-m", "companion.cli", "serve", *argv]
    try:
        return subprocess.run(command, cwd=ROOT, check=False).returncode
    except KeyboardInterrupt:  # Ctrl+C reached the server too, which stops on its own
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
