"""The Keep cards a monster uses by choice (`use`), and the rolled ♥ it spends on cards while
resolving (Poison and Shrink Ray cures, Healing Ray): the engine's part for them."""
from __future__ import annotations

from ..base import RuleViolation
from ..fields import bool_field, check_fields, index_text, int_field, is_int, is_one_of, player_field, quoted
from . import effects as fx
from . import keeps, mimic
from .cards import CARDS
from .effects import FACE_WORDS, FACES, gain_energy, heal

# The cards a monster uses by choice, and the fields each takes besides "card" and "player" (the
# owner); any other field is refused (docs/api.md), so nothing unread is stored in the log.
USE_FIELDS = {
    "plot_twist": ("die", "face"), "stretchy": ("die", "face"), "herd_culler": ("die",),
    "psychic_probe": ("die", "face"), "wings": (), "rapid_healing": (), "metamorph": ("sell",),
    "made_in_a_lab": ("peek", "buy"), "mimic": ("of", "target"),
}
USABLE = tuple(USE_FIELDS)


class CardPowers:
    """`use` of an activated Keep card, and what resolving spends rolled ♥ on."""

    def _act_use(self, state, action, lines):
        """An activated power: change a die (Plot Twist, Stretchy, Herd Culler) or Wings."""
        check_fields(action, ("card",), ("player",) + tuple({f for fields in USE_FIELDS.values() for f in fields}))
        cid = action["card"]
        if not is_one_of(cid, USABLE):
            raise RuleViolation(f"'{quoted(cid)}' is not a card that is used this way; usable now: {', '.join(sorted(USABLE))}.")
        check_fields(action, ("card",), ("player",) + USE_FIELDS[cid])
        # Wings and Rapid Healing act "at any time", also on other monsters' turns.
        me = player_field(state, action, "player") if "player" in action else state["current"]
        if me != state["current"] and cid not in ("wings", "rapid_healing", "psychic_probe"):
            raise RuleViolation(f"{CARDS[cid].name} is used on its owner's own turn.")
        if cid == "psychic_probe" and me == state["current"]:
            raise RuleViolation("Psychic Probe rerolls a die of another monster, after its roll.")
        p = state["players"][me]
        if not p["alive"] or not (keeps.owns(state, me, cid) or cid == "mimic" and "mimic" in p["cards"]):
            raise RuleViolation(f"{fx.name(state, me)} does not own {CARDS[cid].name}.")
        if cid == "mimic":
            mimic.use(state, me, action, lines)
            return
        if cid in ("rapid_healing", "metamorph", "made_in_a_lab"):
            getattr(self, f"_use_{cid}")(state, me, action, lines)
            return
        if cid == "wings":
            if p["energy"] < 2:
                raise RuleViolation(f"Wings costs 2ϟ; {fx.name(state, me)} has {p['energy']}ϟ.")
            p["energy"] -= 2
            p["wings"] = True
            lines.append(f"{fx.name(state, me)} spends 2ϟ on Wings: it loses no ♥ this turn.")
            return
        # Edition ruling: dice are changed after the last roll, immediately before resolving.
        if state["phase"] != "roll" or not state["rolls"]:
            raise RuleViolation(f"{CARDS[cid].name} changes a die after a roll, before the dice are resolved.")
        die = int_field(action, "die", 0, len(state["dice"]) - 1, "'die' (the position of the die)")
        face = "1" if cid == "herd_culler" else action.get("face")
        if not is_one_of(face, FACES):
            raise RuleViolation(f"'face' is one of {', '.join(FACES)}.")
        if cid == "psychic_probe":
            mark = f"psychic_probe:{me}"
            if state.get("used", []).count(mark) >= keeps.copies(state, me, cid):
                raise RuleViolation(f"{fx.name(state, me)} has used Psychic Probe on this turn already.")
            state.setdefault("used", []).append(mark)
        elif cid == "herd_culler":
            if state.get("used", []).count("herd_culler") >= keeps.copies(state, me, cid):
                raise RuleViolation("Herd Culler changes one die each turn: it was used this turn.")
            state.setdefault("used", []).append("herd_culler")
        elif cid == "stretchy":
            if p["energy"] < 2:
                raise RuleViolation(f"Stretchy costs 2ϟ; {fx.name(state, me)} has {p['energy']}ϟ.")
            p["energy"] -= 2
        before = state["dice"][die]
        state["dice"][die] = face
        lines.append(f"{fx.name(state, me)} uses {CARDS[cid].name}: a {FACE_WORDS[before]} becomes {FACE_WORDS[face]}.")
        if cid == "plot_twist":  # discard when used
            mimic.spend(state, me, cid, lines)
        elif cid == "psychic_probe" and face == "heart":
            lines.append("The reroll is a ♥: Psychic Probe is discarded.")
            mimic.spend(state, me, cid, lines)

    def _use_rapid_healing(self, state, me, action, lines):
        if me in state.get("rescue", []):  # at 0♥ and asked: this is the answer, one ♥
            self._rescue(state, me, 1, lines)
            return
        p = state["players"][me]
        if p["energy"] < 2:
            raise RuleViolation(f"Rapid Healing costs 2ϟ; {fx.name(state, me)} has {p['energy']}ϟ.")
        if p["hp"] >= p["max_hp"]:
            raise RuleViolation(f"{fx.name(state, me)} is at full health already.")
        p["energy"] -= 2
        heal(state, me, 1, "Rapid Healing, 2ϟ", lines)

    def _use_metamorph(self, state, me, action, lines):
        """At the end of its turn (the buy step), the owner sells Keep cards for their full cost."""
        if state["phase"] != "buy":
            raise RuleViolation("Metamorph sells cards at the end of its owner's turn, after the dice are resolved.")
        sell = action.get("sell")
        p = state["players"][me]
        if not isinstance(sell, list) or not sell or any(not isinstance(c, str) or p["cards"].count(c) < sell.count(c) for c in sell):
            raise RuleViolation("'sell' lists Keep cards the monster owns.")
        for cid in sell:
            p["cards"].remove(cid)
            p.get("counters", {}).pop(cid, None)
            state["discard"].append(cid)
        price = sum(CARDS[c].cost for c in sell)
        lines.append(f"{fx.name(state, me)} discards {', '.join(CARDS[c].name for c in sell)} (Metamorph).")
        gain_energy(state, me, price, "Metamorph", lines)

    def _use_made_in_a_lab(self, state, me, action, lines):
        """In the buy step: the table taps in the peeked top card; the owner buys it or puts it back."""
        if state["phase"] != "buy":
            raise RuleViolation("Made in a Lab peeks during the Buy Power cards step.")
        if state.get("used", []).count("made_in_a_lab") >= keeps.copies(state, me, "made_in_a_lab"):
            raise RuleViolation("Made in a Lab has peeked this turn already.")
        peek = action.get("peek")
        if not is_one_of(peek, CARDS) or not state["deck"].get(peek):
            raise RuleViolation("'peek' is the id of the card on top of the deck (a card still in the deck).")
        buy = bool_field(action, "buy")
        state.setdefault("used", []).append("made_in_a_lab")
        if not buy:
            lines.append(f"{fx.name(state, me)} peeks at the top card (Made in a Lab) and puts it back.")
            return
        price = self.cost(state, me, peek)
        p = state["players"][me]
        if p["energy"] < price:
            raise RuleViolation(f"{CARDS[peek].name} costs {price}ϟ; {fx.name(state, me)} has {p['energy']}ϟ.")
        state["deck"][peek] -= 1
        state["market"].append(peek)  # bought through the market's one path, then off it again
        self._act_buy(state, {"type": "buy", "card": peek}, lines)

    def _cure(self, state: dict, me: int, cure: object, hearts: int, lines: list[str]) -> int:
        """Rolled ♥ used to discard Poison or Shrink Ray tokens instead of healing; returns how many."""
        if cure is None:
            return 0
        p = state["players"][me]
        if not isinstance(cure, dict) or set(cure) - {"poison", "shrink"} or any(
            isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in cure.values()
        ):
            raise RuleViolation("'cure' is {\"poison\": n, \"shrink\": n}: how many ♥ discard each kind of token.")
        used = sum(cure.values())
        if used > hearts:
            raise RuleViolation(f"{fx.name(state, me)} rolled {hearts}♥; it cannot discard {quoted(used)} tokens with them.")
        for kind, n in cure.items():
            if n > p[kind]:
                raise RuleViolation(f"{fx.name(state, me)} has {p[kind]} {kind} token{'s' if p[kind] != 1 else ''}.")
            p[kind] -= n
            if n:
                lines.append(f"{fx.name(state, me)} uses {n}♥ to discard {n} {'Poison' if kind == 'poison' else 'Shrink Ray'} token{'s' if n > 1 else ''}.")
        return used

    def _healing_ray(self, state: dict, me: int, gifts: object, hearts: int, lines: list[str]) -> int:
        """Healing Ray: rolled ♥ given to other monsters, each paying 2ϟ a ♥ (1ϟ if it is their
        last); returns the ♥ used."""
        if isinstance(gifts, list):  # the page's form sends one entry per player index (None: no field)
            gifts = {str(j): n for j, n in enumerate(gifts) if n is not None and not (is_int(n) and n == 0)}
        if gifts is None or gifts == {}:
            return 0
        if not isinstance(gifts, dict) or any(
            index_text(k, len(state["players"])) is None or not is_int(v) or v < 0 for k, v in gifts.items()
        ):
            raise RuleViolation("'heal_others' maps a player index to the ♥ it gains, e.g. {\"1\": 2}.")
        if not keeps.owns(state, me, "healing_ray"):
            raise RuleViolation(f"{fx.name(state, me)} needs Healing Ray to heal other monsters.")
        used = sum(gifts.values())
        if used > hearts:
            raise RuleViolation(f"{fx.name(state, me)} has {hearts}♥ left to give; it cannot give {quoted(used)}.")
        for key, n in gifts.items():
            j = int(key)
            if j == me or j >= len(state["players"]) or not state["players"][j]["alive"]:
                raise RuleViolation("Healing Ray heals other monsters still in the game.")
            target = state["players"][j]
            if target["hp"] + n > target["max_hp"]:
                raise RuleViolation(f"{fx.name(state, j)} can gain only {target['max_hp'] - target['hp']}♥.")
            price = 0
            for _ in range(n):
                step = 2 if target["energy"] - price >= 2 else 1
                if target["energy"] - price < 1:
                    raise RuleViolation(f"{fx.name(state, j)} cannot pay for {n}♥ ({target['energy']}ϟ).")
                price += step
            target["energy"] -= price
            state["players"][me]["energy"] += price
            lines.append(f"{fx.name(state, j)} pays {price}ϟ to {fx.name(state, me)} (Healing Ray).")
            heal(state, j, n, "Healing Ray", lines)
        return used
