"""Last Kyotoan Standing rules engine (../shared/rules/last-kyotoan-standing.md).

A turn: roll (up to three times, entered as faces), resolve (★ from triples, ϟ, ♥ outside
Kyoto, smashes), yield decisions of the monsters in Kyoto that were hit, the enter step, buying
at Nishiki Market, end of turn. Rulings where the rulebook is silent are in docs/rulings.md.
"""
from __future__ import annotations

import random
from collections import Counter

from ..base import Game, Option, RuleViolation
from ..fields import bool_field, check_fields, int_field, player_field
from . import effects as fx
from . import keeps, mimic
from .cards import CARDS, MONSTERS
from .effects import FACE_WORDS, FACES, MAX_HP, WIN_STARS, gain_energy, gain_stars, heal
from .losses import LossDecisions
from .market import MARKET_SIZE, MarketActions
from .powers import CardPowers

BASE_DICE = 6
BASE_ROLLS = 3
ANSWERS = ("camouflage", "wings", "rapid_healing")  # what a held loss waits for (losses.py)


class LastKyotoanStanding(CardPowers, MarketActions, LossDecisions, Game):
    """Dice, Kyoto City and Bay, yielding, elimination, victory, the market and Discard cards."""

    id = "kyotoan"
    title = "Last Kyotoan Standing"
    min_players = 2
    max_players = 6
    options = (Option("monsters", None, list, "Each player's monster, in seating order (default: the roster in order)."),)
    # 2: every loss can wait for its owner (Wings, Rapid Healing at 0♥, Camouflage beyond smashes).
    rules_version = 2
    seat_controls = True
    seat_settings = ("auto_yield",)
    seat_decisions = ("yield",) + ANSWERS

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
    def owner_of(self, state: dict, action: dict) -> int | None:
        """Besides decisions and settings, a monster's power used out of its turn (Opportunist,
        Psychic Probe, Rapid Healing on another's turn) is its owner's to use."""
        owner = super().owner_of(state, action)
        player = action.get("player")
        if owner is None and isinstance(player, int) and not isinstance(player, bool) \
                and 0 <= player < len(state["players"]) and player != state["current"]:
            return player
        return owner

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
