"""The 18 Discard cards (17 names; Evacuation Orders twice), each resolved as printed."""
from __future__ import annotations

from typing import Callable

from . import effects as fx
from .effects import damage, gain_energy, gain_stars, heal


def _others(state: dict, me: int) -> list[int]:
    return [i for i in fx.alive(state) if i != me]


def _stars(n: int) -> Callable:
    def effect(state, me, lines):
        gain_stars(state, me, n, "card", lines)

    return effect


def _stars_and_self_damage(stars: int, hurt: int) -> Callable:
    def effect(state, me, lines):
        gain_stars(state, me, stars, "card", lines)
        damage(state, me, hurt, "card", lines)

    return effect


def _others_lose_hp(n: int, stars: int = 0) -> Callable:
    def effect(state, me, lines):
        if stars:
            gain_stars(state, me, stars, "card", lines)
        for i in _others(state, me):
            damage(state, i, n, "card", lines)

    return effect


def _death_from_above(state, me, lines):
    # Edition ruling: taking control places you in Kyoto City and scores the usual 1★ for
    # entering. Control of Kyoto is the City: a monster in the Bay moves up to the City.
    gain_stars(state, me, 2, "card", lines)
    if state["kyoto"]["city"] == me:
        return
    for i in list(fx.alive(state)):
        if i != me and fx.in_kyoto(state, i):
            fx.leave(state, i)
            lines.append(f"{fx.name(state, i)} must yield Kyoto.")
    fx.leave(state, me)
    fx.enter(state, me, "city", lines)


def _evacuation_orders(state, me, lines):
    for i in _others(state, me):
        gain_stars(state, i, -5, "Evacuation Orders", lines)


def _frenzy(state, me, lines):
    state["extra_turn"] = True
    lines.append(f"{fx.name(state, me)} will take another turn after this one.")


def _heal(state, me, lines):
    heal(state, me, 2, "card", lines)


def _high_altitude_bombing(state, me, lines):
    for i in fx.alive(state):
        damage(state, i, 3, "High Altitude Bombing", lines)


def _nuclear_power_plant(state, me, lines):
    gain_stars(state, me, 2, "card", lines)
    heal(state, me, 3, "card", lines)


def _energize(state, me, lines):
    gain_energy(state, me, 9, "card", lines)


def _vast_storm(state, me, lines):
    gain_stars(state, me, 2, "card", lines)
    for i in _others(state, me):
        gain_energy(state, i, -(state["players"][i]["energy"] // 2), "Vast Storm", lines)


DISCARD_EFFECTS: dict[str, Callable[[dict, int, list[str]], None]] = {
    "apartment_building": _stars(3),
    "commuter_train": _stars(2),
    "corner_store": _stars(1),
    "death_from_above": _death_from_above,
    "energize": _energize,
    "evacuation_orders": _evacuation_orders,
    "flame_thrower": _others_lose_hp(2),
    "frenzy": _frenzy,
    "gas_refinery": _others_lose_hp(3, stars=2),
    "heal": _heal,
    "high_altitude_bombing": _high_altitude_bombing,
    "jet_fighters": _stars_and_self_damage(5, 4),
    "national_guard": _stars_and_self_damage(2, 2),
    "nuclear_power_plant": _nuclear_power_plant,
    "skyscraper": _stars(4),
    "tank": _stars_and_self_damage(4, 3),
    "vast_storm": _vast_storm,
}
