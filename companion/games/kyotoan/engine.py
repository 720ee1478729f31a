"""Last Kyotoan Standing rules engine (../shared/rules/last-kyotoan-standing.md).

A turn: roll (up to three times, entered as faces), resolve (★ from triples, ϟ, ♥ outside
Kyoto, smashes), yield decisions of the monsters in Kyoto that were hit, the enter step, buying
at Nishiki Market, end of turn. Rulings where the rulebook is silent are in docs/rulings.md.
"""
from __future__ import annotations

import random
from collections import Counter

from ..base import Game, Option, RuleViolation, bool_field, check_fields, int_field, player_field
from . import effects as fx
from . import keeps, mimic
from .cards import CARDS, MONSTERS
from .discards import DISCARD_EFFECTS
from .effects import FACE_WORDS, FACES, MAX_HP, WIN_STARS, gain_energy, gain_stars, heal
from .losses import LossDecisions

BASE_DICE = 6
BASE_ROLLS = 3
SWEEP_COST = 2
MARKET_SIZE = 3
USABLE = ("plot_twist", "stretchy", "herd_culler", "wings", "rapid_healing", "metamorph", "made_in_a_lab",
          "psychic_probe", "mimic")
ANSWERS = ("camouflage", "wings", "rapid_healing")  # what a held loss waits for (losses.py)


class LastKyotoanStanding(LossDecisions, Game):
    """Dice, Kyoto City and Bay, yielding, elimination, victory, the market and Discard cards."""

    id = "kyotoan"
    title = "Last Kyotoan Standing"
    min_players = 2
    max_players = 6
    options = (Option("monsters", None, list, "Each player's monster, in seating order (default: the roster in order)."),)
    # 2: every loss can wait for its owner (Wings, Rapid Healing at 0♥, Camouflage beyond smashes).
    rules_version = 2
    seat_controls = True

    def _setup(self, names, options, first, rng: random.Random) -> dict:
        monsters = options["monsters"] or list(MONSTERS[: len(names)])
        if len(monsters) != len(names) or any(m not in MONSTERS for m in monsters):
            raise RuleViolation(f"Give each player one monster from: {', '.join(MONSTERS)}.")
        if len(set(monsters)) != len(monsters):
            raise RuleViolation("Each monster can be played by one player only.")
        state = {
            "game": self.id,
            "players": [
                {"name": n, "monster": m, "hp": MAX_HP, "max_hp": MAX_HP, "stars": 0, "energy": 0, "alive": True,
                 "location": None, "cards": [], "poison": 0, "shrink": 0, "auto_yield": None, "mimic": None}
                for n, m in zip(names, monsters)
            ],
            "current": first,
            "turn": 1,
            "phase": "roll",
            "dice": [],
            "rolls": 0,
            "kyoto": {"city": None, "bay": None},
            "market": [],
            "deck": {cid: c.count for cid, c in CARDS.items()},
            "discard": [],
            "attack": None,
            "extra_turn": False,
            "over": False,
            "winner": None,
            "timeline": [],
        }
        self._snapshot(state)
        return state

    # -- what the active monster may do ----------------------------------------------------
    def dice_count(self, state: dict, i: int) -> int:
        """Dice the monster rolls this turn (Shrink Ray tokens take one each)."""
        fewer = state.get("fewer_dice", 0) if i == state["current"] else 0
        return max(0, BASE_DICE + keeps.total("dice", state, i) - state["players"][i]["shrink"] - fewer)

    def rolls_allowed(self, state: dict, i: int) -> int:
        """Rolls the monster may make this turn."""
        return BASE_ROLLS + keeps.total("rolls", state, i)

    def cost(self, state: dict, i: int, card_id: str) -> int:
        """What a card costs this monster."""
        return max(0, CARDS[card_id].cost + keeps.total("cost", state, i, card_id))

    def market_short(self, state: dict) -> int:
        """How many face-up cards the table still has to tap in."""
        in_deck = sum(state["deck"].values())
        return max(0, min(MARKET_SIZE - len(state["market"]), in_deck))

    # -- actions ---------------------------------------------------------------------------
    def _apply(self, state: dict, action: dict) -> list[str]:
        kind = action["type"]
        handler = self._handler(kind, "roll, resolve, yield, camouflage, wings, rapid_healing, market, buy, sweep, use, end_turn, auto_yield")
        opportunist = kind == "buy" and action.get("player") not in (None, state["current"])
        if kind not in ("market", "auto_yield") and not opportunist and self.market_short(state):
            raise RuleViolation(
                f"First tap in the {self.market_short(state)} card(s) face up at Nishiki Market."
            )
        if state["phase"] == "losses" and kind not in ANSWERS + ("market", "auto_yield") and not (
                kind == "use" and action.get("card") == "rapid_healing"):
            waiting = ", ".join(sorted({fx.name(state, d["player"]) for d in self._loss_pending(state)}))
            raise RuleViolation(f"A loss of ♥ waits for {waiting}: answer that first.")
        lines: list[str] = []
        if kind not in ("market", "buy"):
            state["revealed"] = []  # Opportunist's moment has passed
        handler(state, action, lines)
        mimic.tidy(state, lines)
        return lines

    def _act_roll(self, state, action, lines):
        check_fields(action, ("faces",))
        me = state["current"]
        if state["phase"] != "roll":
            raise RuleViolation("The dice are resolved already; rolling comes first in a turn.")
        allowed = self.rolls_allowed(state, me)
        faces = action["faces"]
        n = self.dice_count(state, me)
        if not isinstance(faces, list) or any(f not in FACES for f in faces):
            raise RuleViolation(f"Faces are {', '.join(FACES)}; send a list of them.")
        if len(faces) != n:
            raise RuleViolation(f"{fx.name(state, me)} rolls {n} dice this turn; you entered {len(faces)}.")
        shown = " ".join(FACE_WORDS[f] for f in faces)
        if state["rolls"] >= allowed and self._dweller_reroll(state, me, faces):
            lines.append(f"{fx.name(state, me)} rerolls its 3s (Background Dweller): {shown}.")
        else:
            if state["rolls"] >= allowed:
                self._pay_extra_roll(state, me, allowed, lines)
            lines.append(f"{fx.name(state, me)} rolls {shown} (roll {state['rolls'] + 1} of {allowed}).")
        state["dice"] = list(faces)
        state["rolls"] += 1

    def _dweller_reroll(self, state: dict, me: int, faces: list[str]) -> bool:
        """Background Dweller: a roll past the allowance is free when only dice showing 3 were rerolled
        (every other face is still there)."""
        old, new = Counter(state["dice"]), Counter(faces)
        return (keeps.owns(state, me, "background_dweller") and old["3"] > 0
                and all(new[f] >= old[f] for f in FACES if f != "3"))

    def _pay_extra_roll(self, state: dict, me: int, allowed: int, lines: list[str]) -> None:
        """A roll past the allowance: a Smoke Cloud counter first, else 1ϟ with Energy Drink."""
        p = state["players"][me]
        smoke = keeps.counter_sets(state, me, "smoke_cloud")
        if smoke:
            left = p["counters"][smoke[0]] - 1
            whose = "Mimic's Smoke Cloud" if smoke[0] == "mimic" else "Smoke Cloud"
            lines.append(f"{fx.name(state, me)} spends a {whose} counter for an extra roll ({left} left).")
            keeps.take_counters(state, me, "smoke_cloud", smoke[0], 1, lines)
        elif keeps.owns(state, me, "energy_drink") and p["energy"] >= 1:
            p["energy"] -= 1
            lines.append(f"{fx.name(state, me)} spends 1ϟ (Energy Drink) for an extra roll.")
        else:
            raise RuleViolation(f"{fx.name(state, me)} has used all {allowed} rolls; resolve the dice.")

    def extra_rolls(self, state: dict, i: int) -> int:
        """Rolls the monster could still buy: Smoke Cloud counters, and ϟ with Energy Drink."""
        p = state["players"][i]
        smoke = sum(p["counters"][key] for key in keeps.counter_sets(state, i, "smoke_cloud"))
        return smoke + (p["energy"] if keeps.owns(state, i, "energy_drink") else 0)

    def _act_use(self, state, action, lines):
        """An activated power: change a die (Plot Twist, Stretchy, Herd Culler) or Wings."""
        check_fields(action, ("card",), ("die", "face", "player", "sell", "peek", "buy", "of", "target"))
        cid = action["card"]
        if cid not in USABLE:
            raise RuleViolation(f"'{cid}' is not a card that is used this way; usable now: {', '.join(sorted(USABLE))}.")
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
        if face not in FACES:
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
        if peek not in CARDS or not state["deck"].get(peek):
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

    def _act_resolve(self, state, action, lines):
        check_fields(action, (), ("cure", "heal_others"))
        me = state["current"]
        if state["phase"] != "roll":
            raise RuleViolation("The dice of this turn are resolved already.")
        if not state["rolls"]:
            raise RuleViolation("Enter the dice first: there is nothing to resolve.")
        counts = Counter(state["dice"])
        shown = " ".join(FACE_WORDS[f] for f in state["dice"])
        lines.append(f"{fx.name(state, me)} resolves {shown}.")
        for number in ("1", "2", "3"):
            if counts[number] >= 3:
                gain_stars(state, me, int(number) + counts[number] - 3, f"{counts[number]}× {number}", lines)
        gain_energy(state, me, counts["energy"], "dice", lines)
        hearts = counts["heart"] - self._cure(state, me, action.get("cure"), counts["heart"], lines)
        hearts -= self._healing_ray(state, me, action.get("heal_others"), hearts, lines)
        if hearts:
            if fx.in_kyoto(state, me):
                lines.append(f"{fx.name(state, me)} is in Kyoto: its ♥ do not heal.")
            else:
                heal(state, me, hearts, "dice", lines)
        keeps.fire("resolved", state, me, counts, lines)
        if counts["1"] >= 3 and keeps.owns(state, me, "freeze_time"):
            state["freeze_time"] = True
            lines.append(f"{fx.name(state, me)} will take another turn with one less die (Freeze Time).")
        added = keeps.total("smash", state, me, counts)
        if added:
            lines.append(f"{fx.name(state, me)}'s cards add {added}✸.")
        smashes = counts["smash"] + added
        if smashes:
            if keeps.owns(state, me, "nova_breath"):
                targets = [i for i in fx.alive(state) if i != me]
            elif fx.in_kyoto(state, me):
                targets = [i for i in fx.alive(state) if not fx.in_kyoto(state, i)]
            else:
                targets = [i for i in fx.alive(state) if fx.in_kyoto(state, i)]
            if targets:
                hit = ", ".join(fx.name(state, t) for t in targets)
                lines.append(f"{fx.name(state, me)} smashes {hit} for {smashes}♥.")
            else:
                lines.append(f"{fx.name(state, me)}'s ✸ hit nobody.")
            state["attack"] = {"attacker": me, "damage": {str(t): smashes for t in targets}, "yields": {}}
            if not fx.in_kyoto(state, me):
                self._ask_yields(state, lines)
            if state["phase"] == "yield":
                return
        self._finish_resolve(state, lines)

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
            raise RuleViolation(f"{fx.name(state, me)} rolled {hearts}♥; it cannot discard {used} tokens with them.")
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
        if isinstance(gifts, list):  # the page's form sends one entry per player index
            gifts = {str(j): n for j, n in enumerate(gifts) if n}
        if not gifts:
            return 0
        if not keeps.owns(state, me, "healing_ray"):
            raise RuleViolation(f"{fx.name(state, me)} needs Healing Ray to heal other monsters.")
        if not isinstance(gifts, dict) or any(
            not str(k).isdigit() or isinstance(v, bool) or not isinstance(v, int) or v < 0 for k, v in gifts.items()
        ):
            raise RuleViolation("'heal_others' maps a player index to the ♥ it gains, e.g. {\"1\": 2}.")
        used = sum(gifts.values())
        if used > hearts:
            raise RuleViolation(f"{fx.name(state, me)} has {hearts}♥ left to give; it cannot give {used}.")
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

    def _ask_yields(self, state: dict, lines: list[str]) -> None:
        """Monsters in Kyoto that lose ♥ to the smash decide whether to yield, before the loss."""
        attack = state["attack"]
        for key, amount in attack["damage"].items():
            t = int(key)
            p = state["players"][t]
            if not fx.in_kyoto(state, t) or amount >= p["hp"]:
                # Only monsters in Kyoto may yield (Nova Breath also hits those outside);
                # a hit that eliminates leaves nothing to decide.
                continue
            if p["auto_yield"] is not None:
                decision = p["hp"] - amount < p["auto_yield"]
                attack["yields"][key] = decision
                lines.append(f"{fx.name(state, t)} {'yields' if decision else 'stays'} (auto-yield below {p['auto_yield']}♥).")
            else:
                attack["yields"][key] = None
        if any(v is None for v in attack["yields"].values()):
            state["phase"] = "yield"

    def _act_yield(self, state, action, lines):
        check_fields(action, ("player", "yield"))
        i = player_field(state, action, "player")
        decision = bool_field(action, "yield")
        attack = state["attack"]
        owed = state["phase"] == "yield" and attack and attack["yields"].get(str(i), False) is None
        if not owed:
            raise RuleViolation(f"{fx.name(state, i)} has no yield to decide now.")
        attack["yields"][str(i)] = decision
        lines.append(f"{fx.name(state, i)} {'yields Kyoto' if decision else 'stays in Kyoto'}.")
        if all(v is not None for v in attack["yields"].values()):
            self._finish_resolve(state, lines)

    def _finish_resolve(self, state: dict, lines: list[str]) -> None:
        """Yielded monsters leave and the smash lands (losses may wait for their owners)."""
        me = state["current"]
        attack = state["attack"]
        if attack:
            for key, gave_up in attack["yields"].items():
                if gave_up:
                    fx.leave(state, int(key))
            why = f"smashed by {state['players'][me]['monster']}"
            for key, amount in attack["damage"].items():
                if attack["yields"].get(key) and keeps.owns(state, int(key), "jets"):
                    lines.append(f"{fx.name(state, int(key))} yields with Jets and loses no ♥.")
                    continue
                fx.damage(state, int(key), amount, why, lines, by=me)
            for key in attack["damage"]:
                target = state["players"][int(key)]
                for kind, card in (("poison", "poison_spit"), ("shrink", "shrink_ray")):
                    given = keeps.copies(state, me, card)
                    if given and target["hp"] > 0:
                        target[kind] += given
                        lines.append(f"{fx.name(state, int(key))} gets {given} {'Poison' if kind == 'poison' else 'Shrink Ray'} token{'s' if given > 1 else ''}.")
            if keeps.owns(state, me, "fire_breathing"):  # a ✸ was resolved, hit or not
                n = len(state["players"])
                for j in {(me - 1) % n, (me + 1) % n} - {me}:
                    if state["players"][j]["alive"]:
                        fx.damage(state, j, keeps.copies(state, me, "fire_breathing"), "Fire Breathing", lines, by=me)
            # Burrowing hurts the monster taking a yielded seat, after the enter step.
            state["burrowing"] = sum(keeps.copies(state, int(k), "burrowing") for k, gave_up in attack["yields"].items() if gave_up)
            state["attack"] = None
        self._then_smashed(state, lines)

    def _then_smashed(self, state: dict, lines: list[str]) -> None:
        """After the smash: the fallen go, then the enter step (and Burrowing's loss)."""
        if self._waiting(state, "smashed", lines):
            return
        me = state["current"]
        self._eliminate(state, lines)
        state["phase"] = "buy"
        burrowers = state.pop("burrowing", 0)
        if self._game_decided(state, lines):
            return
        if not fx.in_kyoto(state, me):
            if state["kyoto"]["city"] is None:
                fx.enter(state, me, "city", lines)
            elif fx.bay_open(state) and state["kyoto"]["bay"] is None:
                fx.enter(state, me, "bay", lines)
            if burrowers and fx.in_kyoto(state, me):
                fx.damage(state, me, burrowers, "Burrowing", lines)
        self._then_settle(state, lines)

    def _then_settle(self, state: dict, lines: list[str]) -> None:
        """After a loss in the buy step (a card, Burrowing): the fallen go; the game may end."""
        if self._waiting(state, "settle", lines):
            return
        self._eliminate(state, lines)
        self._after_own_loss(state, lines)

    def _act_market(self, state, action, lines):
        check_fields(action, ("cards",))
        cards = action["cards"]
        if not isinstance(cards, list) or any(not isinstance(c, str) for c in cards):
            raise RuleViolation("'cards' is a list of card ids.")
        unknown = [c for c in cards if c not in CARDS]
        if unknown:
            raise RuleViolation(f"'{unknown[0]}' is not a Power card id (for example: acid_attack, energize).")
        available = Counter(state["market"]) + Counter({k: v for k, v in state["deck"].items() if v})
        wanted = Counter(cards)
        for cid, n in wanted.items():
            if n > available[cid]:
                raise RuleViolation(f"{CARDS[cid].name} is not in the deck any more (bought, swept or on the market).")
        size = min(MARKET_SIZE, sum(available.values()))
        if len(cards) != size:
            raise RuleViolation(f"Nishiki Market shows {size} cards; you entered {len(cards)}.")
        deck = Counter(state["deck"]) + Counter(state["market"]) - wanted
        state["deck"] = {cid: deck.get(cid, 0) for cid in CARDS}
        new = list((wanted - Counter(state["market"])).elements())
        state["market"] = list(cards)
        state["revealed"] = new
        if new:
            lines.append("Revealed at Nishiki Market: " + ", ".join(CARDS[c].name for c in new) + ".")
        else:
            lines.append("Nishiki Market corrected.")

    def _act_buy(self, state, action, lines):
        check_fields(action, ("card",), ("player", "from"))
        cid = action["card"]
        me = player_field(state, action, "player") if "player" in action else state["current"]
        p = state["players"][me]
        seller = player_field(state, action, "from") if "from" in action else None
        if seller is not None:
            # Parasitic Tentacles: buy a Keep card from another monster, paying it the price.
            if not keeps.owns(state, me, "parasitic_tentacles"):
                raise RuleViolation(f"{fx.name(state, me)} needs Parasitic Tentacles to buy from another monster.")
            if me != state["current"] or state["phase"] != "buy":
                raise RuleViolation("Parasitic Tentacles buys during its owner's Buy Power cards step.")
            if seller == me or cid not in state["players"][seller]["cards"]:
                raise RuleViolation(f"{fx.name(state, seller)} has no card '{cid}' to buy.")
        elif me != state["current"]:
            # Opportunist: buy a card the moment it is revealed, on anyone's turn.
            if not keeps.owns(state, me, "opportunist") or not p["alive"]:
                raise RuleViolation(f"It is {fx.name(state, state['current'])}'s turn; {fx.name(state, me)} cannot buy now.")
            if cid not in state.get("revealed", []):
                raise RuleViolation("Opportunist buys a card at the moment it is revealed at Nishiki Market.")
        elif state["phase"] != "buy":
            raise RuleViolation("Power cards are bought after the dice are resolved.")
        if seller is None and (not isinstance(cid, str) or cid not in state["market"]):
            on = ", ".join(CARDS[c].name for c in state["market"]) or "nothing"
            raise RuleViolation(f"That card is not face up at Nishiki Market (there: {on}).")
        price = self.cost(state, me, cid)
        if p["energy"] < price:
            raise RuleViolation(f"{CARDS[cid].name} costs {price}ϟ; {fx.name(state, me)} has {p['energy']}ϟ.")
        p["energy"] -= price
        if seller is None:
            state["market"].remove(cid)
            lines.append(f"{fx.name(state, me)} buys {CARDS[cid].name} for {price}ϟ.")
        else:
            self._take_from(state, seller, me, cid, price, lines)
        keeps.fire("buys", state, me, cid, lines)
        if CARDS[cid].kind == "keep":
            p["cards"].append(cid)
            hook = keeps.HOOKS["bought"].get(cid)
            # A card bought from another monster keeps its counters (no new ones); Even Bigger's
            # +2♥ comes with any purchase.
            if hook and (seller is None or cid == "even_bigger"):
                hook(state, me, lines, cid)
        else:
            DISCARD_EFFECTS[cid](state, me, lines, CARDS[cid].name)
            state["discard"].append(cid)
            self._then_settle(state, lines)

    def _take_from(self, state: dict, seller: int, buyer: int, cid: str, price: int, lines: list[str]) -> None:
        """Parasitic Tentacles: the card (with its counters) changes hands; the seller is paid
        the price the buyer paid, after Alien Origin (edition ruling), moved not gained."""
        owner = state["players"][seller]
        owner["cards"].remove(cid)
        owner["energy"] += price
        counter = owner.get("counters", {}).pop(cid, None)
        if counter is not None:
            state["players"][buyer].setdefault("counters", {})[cid] = counter
        mimic.follow(state, seller, buyer, cid)
        fx.refresh_max_hp(state, seller)
        lines.append(f"{fx.name(state, buyer)} buys {CARDS[cid].name} from {fx.name(state, seller)} for {price}ϟ (Parasitic Tentacles).")

    def _act_sweep(self, state, action, lines):
        check_fields(action, ())
        me = state["current"]
        if state["phase"] != "buy":
            raise RuleViolation("Nishiki Market is swept after the dice are resolved.")
        p = state["players"][me]
        if p["energy"] < SWEEP_COST:
            raise RuleViolation(f"Sweeping costs {SWEEP_COST}ϟ; {fx.name(state, me)} has {p['energy']}ϟ.")
        if not state["market"]:
            raise RuleViolation("There are no face-up cards to sweep.")
        p["energy"] -= SWEEP_COST
        state["discard"].extend(state["market"])
        lines.append(f"{fx.name(state, me)} pays {SWEEP_COST}ϟ to sweep Nishiki Market.")
        state["market"] = []

    def _act_end_turn(self, state, action, lines):
        check_fields(action, ())
        if state["phase"] != "buy":
            raise RuleViolation("Resolve the dice before ending the turn." if state["phase"] == "roll" else "Answer the yield first.")
        self._end_turn(state, lines)

    def _act_auto_yield(self, state, action, lines):
        check_fields(action, ("player", "below"))
        i = player_field(state, action, "player")
        below = action["below"]
        if below is not None:
            below = int_field(action, "below", 1, 12, "'below'")
        state["players"][i]["auto_yield"] = below
        who = fx.name(state, i)
        lines.append(f"{who} will yield automatically below {below}♥." if below else f"{who} decides each yield.")

    # -- turns and the end -------------------------------------------------------------------
    def _after_own_loss(self, state: dict, lines: list[str]) -> None:
        """After a card hurt the active monster: the game may be decided, its turn may end."""
        if self._game_decided(state, lines):
            return
        if not state["players"][state["current"]]["alive"]:
            self._end_turn(state, lines)

    def _game_decided(self, state: dict, lines: list[str]) -> bool:
        """One monster left (it wins) or none (nobody wins): the game ends at once."""
        standing = fx.alive(state)
        if len(standing) > 1:
            return False
        state["over"] = True
        state["phase"] = "over"
        state["winner"] = standing[0] if standing else None
        lines.append(
            f"{fx.name(state, standing[0])} is the Last Kyotoan Standing!" if standing else "No monster is left: nobody wins."
        )
        self._snapshot(state)
        return True

    def _end_turn(self, state: dict, lines: list[str]) -> None:
        me = state["current"]
        if state["players"][me]["alive"]:
            keeps.fire("turn_end", state, me, lines)
            poison = state["players"][me]["poison"]
            if poison:
                fx.damage(state, me, poison, "Poison tokens", lines)
        self._then_ended(state, lines)

    def _then_ended(self, state: dict, lines: list[str]) -> None:
        """The end of a turn after Poison: victory by ★, then the next turn."""
        if self._waiting(state, "ended", lines):
            return
        me = state["current"]
        self._eliminate(state, lines)
        if self._game_decided(state, lines):
            return
        winners = [i for i in fx.alive(state) if state["players"][i]["stars"] >= WIN_STARS]
        self._snapshot(state)
        if winners:
            state["over"] = True
            state["phase"] = "over"
            state["winner"] = winners[0] if len(winners) == 1 else winners
            lines.append(" and ".join(fx.name(state, w) for w in winners) + f" reach{'es' if len(winners) == 1 else ''} {WIN_STARS}★ and win!")
            return
        fewer = state.get("fewer_dice", 0)
        state["fewer_dice"] = 0
        if state.get("freeze_time") and state["players"][me]["alive"]:
            state["freeze_time"] = False
            state["fewer_dice"] = fewer + 1  # one less die than the turn that earned it
            nxt = me
        elif state["extra_turn"] and state["players"][me]["alive"]:
            state["extra_turn"] = False
            nxt = me
        else:
            state["extra_turn"] = False
            n = len(state["players"])
            nxt = next(j % n for j in range(me + 1, me + n + 1) if state["players"][j % n]["alive"])
        state["current"] = nxt
        state["turn"] += 1
        state.update(phase="roll", dice=[], rolls=0)
        lines.append(f"{fx.name(state, nxt)}'s turn.")
        state["hurt_others"] = False
        state["used"] = []
        for p in state["players"]:
            p.pop("wings", None)
        if fx.in_kyoto(state, nxt):
            gain_stars(state, nxt, 2, "starting the turn in Kyoto", lines)
        keeps.fire("turn_start", state, nxt, lines)

    def _snapshot(self, state: dict) -> None:
        state["timeline"].append(
            {"turn": state["turn"], "stars": [p["stars"] for p in state["players"]], "hp": [p["hp"] for p in state["players"]]}
        )

    # -- protocol --------------------------------------------------------------------------
    def pending(self, state: dict) -> list[dict]:
        if state["over"]:
            return []
        me = state["current"]
        short = self.market_short(state)
        if short:
            return [{"type": "market", "player": me, "slots": short}]
        if state["phase"] == "losses":
            return self._loss_pending(state)
        if state["phase"] == "yield":
            attack = state["attack"]
            return [
                {"type": "yield", "player": int(k), "damage": attack["damage"][k]}
                for k, v in attack["yields"].items() if v is None
            ]
        if state["phase"] == "roll":
            return [{"type": "roll", "player": me, "dice": self.dice_count(state, me),
                     "rolls_left": max(0, self.rolls_allowed(state, me) - state["rolls"]) + self.extra_rolls(state, me)}]
        return [{"type": "buy", "player": me}]

    def legacy_answers(self, state: dict) -> list[dict]:
        """Rules 1 never asked about a loss except Camouflage's dice for a smash (logged): the
        loss landed whole (no ♥ rolled, no Wings) and a monster at 0♥ fell."""
        if state["phase"] != "losses":
            return []
        default = {"camouflage": lambda d: {"faces": ["1"] * d["dice"]}, "wings": lambda d: {"pay": False},
                   "rapid_healing": lambda d: {"hearts": 0}}
        return [{"type": d["type"], "player": d["player"], **default[d["type"]](d)} for d in self._loss_pending(state)]

    def standings(self, state: dict) -> list[int]:
        """Winner first; then the living by ★ then ♥; then the eliminated, last out last."""
        players = state["players"]
        won = state["winner"] if isinstance(state["winner"], list) else [state["winner"]]
        return sorted(
            range(len(players)),
            key=lambda i: (i not in won, not players[i]["alive"], -players[i]["stars"], -players[i]["hp"]),
        )
