"""Timings, percentiles and a trend line, as the benches print them."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def pct(values: list[float], p: float) -> float:
    """The `p`-th percentile of `values` (the nearest rank; infinity when empty)."""
    if not values:
        return float("inf")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def median(values: list[float]) -> float:
    """The median of `values` (infinity when empty)."""
    return statistics.median(values) if values else float("inf")


def slope(points: list[tuple[float, float]]) -> float:
    """The least-squares slope of `points` (x, y); 0 with fewer than two distinct x."""
    xs = [x for x, _ in points]
    if len(set(xs)) < 2:
        return 0.0
    x_mean, y_mean = statistics.fmean(xs), statistics.fmean(y for _, y in points)
    return sum((x - x_mean) * (y - y_mean) for x, y in points) / sum((x - x_mean) ** 2 for x in xs)


def timed(work: Callable[[], object]) -> float:
    """Milliseconds one call of `work` took."""
    started = time.perf_counter()
    work()
    return (time.perf_counter() - started) * 1000
