"""The benches still run against the code as it is (bench/RESULTS.md's commands must keep working
when the code under them changes). Each is run once, as small as it goes: its figures are not
looked at, only that it ran to the end and printed them."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow  # each bench starts servers or fills a store

SMALLEST = {
    "tap-cost": (["--games", "gangs", "--windows", "1", "--actions", "3"], "x the bare broadcast"),
    "browser-latency": (["--games", "gangs", "--taps", "2"], "| gangs | 2 | 6 |"),
    "push-bytes": (["--games", "gangs", "--steps", "10", "--undo-every", "4"], "gangs     undo"),
    "load": (["--tables", "2", "--seconds", "3", "--interval", "0.5", "--rss-every", "1", "--warmup", "1"],
             "errors: 0"),
    "undo": (["--windows", "1", "--rounds", "1", "--lengths", "2001"], "JSON API"),  # past the import's cap
    "create": (["--few", "2", "--many", "5", "--creates", "3", "--flooders", "1"], "home ratio many/few"),
    "store-pace": (["--seconds", "2"], "acknowledged p50"),
    "figures": (["--games", "1"], "rewind ms"),
    "night-phones": (["--players", "16", "--rounds", "2", "--repeat", "2"], "my night ms"),
    "league-read": (["--nights", "2", "--players", "8", "--rounds", "1", "--reads", "1", "--before-reads", "1"], "standings"),
}


def bench(*args: str) -> subprocess.CompletedProcess:
    """`python -m bench ARGS` from the checkout."""
    return subprocess.run([sys.executable, "-m", "bench", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=240, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_without_a_name_it_lists_every_bench_with_a_line_each():
    listed = bench()
    assert listed.returncode == 0
    lines = [line.split()[0] for line in listed.stdout.splitlines()[1:] if line.strip()]
    assert lines == list(SMALLEST)


def test_an_unknown_name_is_refused_with_the_list():
    refused = bench("tap_cost")
    assert refused.returncode == 2 and "no bench named 'tap_cost'" in refused.stderr and "tap-cost" in refused.stdout


@pytest.mark.parametrize("name", list(SMALLEST))
def test_each_bench_runs_to_its_figures(name):
    args, printed = SMALLEST[name]
    ran = bench(name, *args)
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert printed in ran.stdout, ran.stdout
