"""The 18 Discard cards (17 names; Evacuation Orders twice), each resolved as printed. Every ♥ a
card takes is its buyer's doing (`by`), as a smash's is the attacker's: Herbivore asks who made a
monster lose ♥ (docs/rulings.md)."""
from __future__ import annotations

from collections.abc import Callable

from ..said import said
from . import effects as fx
from .effects import damage, gain_energy, gain_stars, heal


def _others(state: dict, me: int) -> list[int]:
    return [i for i in fx.alive(state) if i != me]


def _stars(n: int) -> Callable:
    def effect(state, me, lines, why):
        gain_stars(state, me, n, why, lines)

    return effect


def _stars_and_self_damage(stars: int, hurt: int) -> Callable:
    def effect(state, me, lines, why):
        gain_stars(state, me, stars, why, lines)
        damage(state, me, hurt, why, lines, by=me)

    return effect


def _others_lose_hp(n: int, stars: int = 0) -> Callable:
    def effect(state, me, lines, why):
        if stars:
            gain_stars(state, me, stars, why, lines)
        for i in _others(state, me):
            damage(state, i, n, why, lines, by=me)

    return effect


def _death_from_above(state, me, lines, why):
    # Edition ruling: taking control places you in Kyoto City and scores the usual 1★ for
    # entering. Control of Kyoto is the City: a monster in the Bay moves up to the City.
    gain_stars(state, me, 2, why, lines)
    if state["kyoto"]["city"] == me:
        return
    for i in list(fx.alive(state)):
        if i != me and fx.in_kyoto(state, i):
            fx.leave(state, i)
            lines.append(said("{who} must yield Kyoto.", who=fx.name(state, i)))
    fx.leave(state, me)
    fx.enter(state, me, "city", lines)


def _evacuation_orders(state, me, lines, why):
    for i in _others(state, me):
        gain_stars(state, i, -5, why, lines)


def _frenzy(state, me, lines, why):
    # The buyer's turn, also when an Opportunist buys it on another monster's turn.
    state["extra_turn"] = me
    lines.append(said("{who} will take another turn after this one.", who=fx.name(state, me)))


def _heal(state, me, lines, why):
    heal(state, me, 2, why, lines)


def _high_altitude_bombing(state, me, lines, why):
    for i in fx.alive(state):
        damage(state, i, 3, why, lines, by=me)


def _nuclear_power_plant(state, me, lines, why):
    gain_stars(state, me, 2, why, lines)
    heal(state, me, 3, why, lines)


def _energize(state, me, lines, why):
    gain_energy(state, me, 9, why, lines)


def _vast_storm(state, me, lines, why):
    gain_stars(state, me, 2, why, lines)
    for i in _others(state, me):
        gain_energy(state, i, -(state["players"][i]["energy"] // 2), why, lines)


DISCARD_EFFECTS: dict[str, Callable[[dict, int, list[str], str], None]] = {
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
