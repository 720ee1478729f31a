"""Where everything of a line chart stands (templates/_chart.html draws it): the scale, the ticks,
each line's points and markers, the names at the lines' ends, the numbers' table and a sentence
of who leads. Worked out here rather than in the template: point by point in Jinja, a long Last
Kyotoan Standing game's board took 70 ms to render instead of 1 (measured), on every push.

Presentation only: what is plotted is the engine's timeline, as the game's chart template picks
it (`series`: a name and the path of its value in a point, e.g. "bells.0" for Ann's bells).
"""
from __future__ import annotations

import math

from babel.lists import format_list
from flask_babel import gettext, ngettext
from markupsafe import Markup

from ...games import words
from ..words.languages import current as current_language
from ..words.script_words import N_, Nn_

# The drawing's box and its margins: the y ticks (left), the names at the lines' ends (right),
# the y label (top), the x ticks and label (bottom).
W, H, L, R, T, B = 320, 196, 30, 76, 22, 34
PW, PH = W - L - R, H - T - B
STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
MOST_Y_TICKS = 6
MOST_MARKS = 12  # a denser line carries a marker (and the axis a tick) every few points, and at the last
NAME_GAP = 12  # between two names at the lines' ends
NAME_CHARS = 8
# Each series' marker, drawn from its point (relative path commands): a circle, a square, a
# triangle, a diamond, a triangle upside down, a plus.
# The words the games' chart templates name their charts by (a title, the x and y axes' labels),
# translated where a chart is drawn (templates/_chart.html); a unit's forms count a value.
WORDS = (N_("Score per round"), N_("Stars per turn"), N_("Hearts per turn"), N_("Medals per round"), N_("Bells per round"),
         N_("round"), N_("turn"), N_("points"), N_("stars"), N_("hearts"), N_("medals"), N_("bells"), N_("level"))
UNITS = {"points": Nn_("%(num)s point", "%(num)s points"), "stars": Nn_("%(num)s star", "%(num)s stars"),
         "hearts": Nn_("%(num)s heart", "%(num)s hearts"), "medals": Nn_("%(num)s medal", "%(num)s medals"),
         "bells": Nn_("%(num)s bell", "%(num)s bells")}
MARKS = ("m-4,0a4,4 0 1,0 8,0a4,4 0 1,0 -8,0", "m-3.5,-3.5h7v7h-7z", "m0,-5l4.5,8h-9z", "m0,-5l5,5l-5,5l-5,-5z",
         "m0,5l4.5,-8h-9z", "m-1.5,-5h3v3.5h3.5v3h-3.5v3.5h-3v-3.5h-3.5v-3h3.5z")


def reach(points: list[dict], path: str) -> list[int]:
    """The value at `path` in each timeline point: "bells.0" is point["bells"][0]."""
    keys = [int(part) if part.isdigit() else part for part in path.split(".")]
    found = []
    for point in points:
        for key in keys:
            point = point[key]
        found.append(point)
    return found


def scale(top: int, fixed: bool) -> tuple[int, list[int]]:
    """The top of the y axis and its ticks: round steps (1, 2, 5, 10…) up to the highest value, or
    up to a top the rules fix (`fixed`: 7 Medals), shown even where it is not a step."""
    step = next((s for s in STEPS if top / s <= MOST_Y_TICKS), STEPS[-1] * 2)
    if not fixed:
        top = math.ceil(top / step) * step
    ticks = list(range(0, top + 1, step))
    if ticks[-1] != top:
        ticks = (ticks[:-1] if top - ticks[-1] < step / 2 else ticks) + [top]
    return top, ticks


def counted(value: int, unit: str) -> str:
    """A value with its unit (a plural), singular for 1: "1 bell", "7 bells"; the value alone without a unit."""
    if unit in UNITS:
        return ngettext(*UNITS[unit], value)
    return words.counted(value, unit.removesuffix("s"), unit) if unit else str(value)


def lead(title: str, x_label: str, tick: str, names: list[str], last: list[int], unit: str) -> str:
    """The sentence a screen reader says for the chart: who leads after the last point, then the others."""
    ranked = sorted(range(len(names)), key=lambda k: -last[k])
    best = [k for k in ranked if last[k] == last[ranked[0]]]
    lang = current_language()
    leaders = [names[k] for k in best]
    # English lists as the rest of the app does ("Ann, Bob and Cy"); the others by CLDR's pattern.
    who = words.listed(leaders) if lang == "en" else format_list(leaders, locale=lang)
    others = ", ".join(f"{names[k]} {last[k]}" for k in ranked[len(best):])
    said = {"title": title, "x": x_label, "tick": tick, "who": who, "value": counted(last[best[0]], unit)}
    head = (gettext("%(title)s. After %(x)s %(tick)s: %(who)s lead with %(value)s", **said) if len(best) > 1
            else gettext("%(title)s. After %(x)s %(tick)s: %(who)s leads with %(value)s", **said))
    return head + (gettext("; then %(others)s.", others=others) if others else gettext("."))


def end_names(ys: list[float]) -> list[float]:
    """Where each line's name goes beside its last point: at the point, moved apart to NAME_GAP
    (pushed up from the bottom of the axis, then down from its top)."""
    order = sorted(range(len(ys)), key=lambda k: ys[k])
    at = {k: ys[k] + 4 for k in order}
    low = T + PH + 4
    for k in reversed(order):
        at[k] = low = min(at[k], low)
        low -= NAME_GAP
    high = T + 4
    for k in order:
        at[k] = high = max(at[k], high)
        high += NAME_GAP
    return [at[k] for k in range(len(ys))]


def num(v: float) -> str:
    """A coordinate as short as it is written: "162", not "162.0"; "49.9"."""
    return f"{round(v, 1):g}"


def layout(title: str, x_label: str, points: list[dict], x_key: str, series: list[tuple[str, str]],
           y_max: int | None = None, unit: str = "", x_to: int | None = None) -> dict:
    """Everything the chart template draws, for at least two timeline points (the first: the start).
    `x_to`: the last round of a game with a set number of them (its axis runs there already)."""
    start = gettext("start")
    labels = [start] + [str(p[x_key]) for p in points[1:]]
    m = len(labels)  # the points; n: the places on the x axis
    if x_to and x_to >= m:
        labels = [start] + [str(r) for r in range(1, x_to + 1)]
    n = len(labels)
    names = [name for name, _ in series]
    values = [reach(points, path) for _, path in series]
    highest = max(max(v) for v in values)
    top, y_ticks = scale(max(y_max or 0, highest, 1), fixed=bool(y_max) and y_max >= highest)
    x = [L + PW * i / (n - 1) for i in range(n)]
    y = [T + PH - PH * v / top for v in range(top + 1)]  # the values are whole numbers from 0
    xs, ys = [num(v) for v in x], [num(v) for v in y]
    every = math.ceil((n - 1) / MOST_MARKS) or 1
    marked = [i for i in range(m) if i % every == 0 or i == m - 1]
    name_ys = end_names([y[v[-1]] for v in values])
    lines = [{"k": k % 6, "name": names[k], "short": names[k] if len(names[k]) <= NAME_CHARS else names[k][:NAME_CHARS - 1] + "…",
              "points": " ".join(f"{xs[i]},{ys[val]}" for i, val in enumerate(v)), "end": (num(x[m - 1] + 6), num(name_ys[k])),
              "mark": MARKS[k % 6],
              "marks": [(f"M{xs[i]},{ys[v[i]]}{MARKS[k % 6]}", f"{names[k]}, {(x_label + ' ') if i else ''}{labels[i]}: {counted(v[i], unit)}")
                        for i in marked]}
             for k, v in enumerate(values)]
    return {
        "box": f"0 0 {W} {H}", "left": L, "right": L + PW, "top": T, "bottom": T + PH, "x_label_at": (num(L + PW / 2), H - 3),
        "y_ticks": [(ys[v], num(y[v] + 4), v) for v in y_ticks],  # a grid line's height, its label's baseline
        "x_ticks": [(xs[i], labels[i]) for i in range(n) if i == n - 1 or (i % every == 0 and n - 1 - i >= every)],
        "lines": lines, "names": names,
        # A row's cells built here, as the history's entries are (render.py): whole numbers, nothing to
        # escape, and a long game's table is hundreds of them on every push.
        "rows": [(labels[i], Markup("".join(f"<td>{int(v[i])}</td>" for v in values))) for i in range(m)],
        "summary": lead(title, x_label, labels[m - 1], names, [v[-1] for v in values], unit),
    }
