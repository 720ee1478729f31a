"""Kyoto no Neko rules engine (../shared/rules/kyoto-no-neko.md).

The board, the kittens and the Paws stay on the table; the app keeps each kitten's sheets,
referees every skill check, awards medals and growth, draws the bike cards and knows when the
game ends. Rulings where the rulebook is silent are in docs/rulings.md.
"""
from __future__ import annotations

import random

from ..base import Game, Option, RuleViolation
from ..fields import check_fields, int_field, is_one_of, player_field, quoted
from . import validate
from .kittens import BIKE_DECK, DEFAULT_GROWTH_SPACES, DEFAULT_SHEETS, ENEMY_TOKENS, MISSIONS, REACTIONS, ROAD_SPACES, SKILL_MAX, TARGETS
from .sheets import SheetRules


class KyotoNoNeko(SheetRules, Game):
    """Skill checks, the Victories tally, the Home, missions, medals, growth and the final round."""

    id = "neko"
    title = "Kyoto no Neko"
    min_players = 2
    max_players = 4
    options = (
        Option("sheets", None, list, "One printed sheet per player (stamina track, skills, growth bumps)."),
        Option("growth_spaces", None, list, "The medal counts that are Growth spaces (default 2 and 4)."),
        Option("experienced", False, bool, "Experienced side: extra starting skill bumps (stamina excepted)."),
    )
    seat_controls = True  # a bike card drawn by a player is asked on that player's phone
    seat_decisions = ("skill_up",)

    # -- setup -----------------------------------------------------------------------------
    def _setup(self, names, options, first, rng: random.Random) -> dict:
        sheets = options["sheets"] or [dict(s) for s in DEFAULT_SHEETS[: len(names)]]
        if len(sheets) != len(names):
            raise RuleViolation(f"Give one kitten sheet per player ({len(names)}).")
        sheets = [validate.sheet(s, i) for i, s in enumerate(sheets)]
        spaces = options["growth_spaces"] or list(DEFAULT_GROWTH_SPACES)
        if len(spaces) != 2 or any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 7 for v in spaces) or spaces[0] >= spaces[1]:
            raise RuleViolation("growth_spaces is two medal counts from 1 to 7, the first smaller.")
        state = {
            "game": self.id,
            "players": [
                {
                    "name": n, "kitten": sheet.get("kitten", f"Kitten {i + 1}"), "sheet": sheet,
                    "stamina": sheet["stamina"][0], "stamina_step": 0, "skills": dict(sheet["skills"]),
                    "medals": 0, "missions": [], "achieved": [], "victories": 0, "tally": 0, "friends": 0,
                    "tally_medal": False, "home_medal": False,
                }
                for i, (n, sheet) in enumerate(zip(names, sheets))
            ],
            "growth_spaces": spaces,
            "growth_done": [False, False],
            "growth_due": [],
            "current": first,
            "first_player": first,
            "round": 1,
            "action_used": False,
            "final_round": False,
            "bumps": [],
            "enemy_tokens": ENEMY_TOKENS,
            "bikes": {"purple": 0, "teal": ROAD_SPACES // 2},
            "bike_seed": rng.randrange(2**32),
            "bike_shuffles": 0,
            "bike_deck": [],
            "last_bike": None,
            "tied": [],
            "over": False,
            "winner": None,
        }
        self._shuffle_bikes(state)
        if options["experienced"]:
            for i, sheet in enumerate(sheets):
                state["bumps"] += [{"player": i, "reason": "Experienced side"}] * sheet.get("experienced", 0)
        return state

    # -- actions ---------------------------------------------------------------------------
    def _apply(self, state: dict, action: dict) -> list[str]:
        kind = action["type"]
        handler = self._handler(kind, "check, kitten_fight, crossed_road, bike_card, skill_up, end_turn")
        if state["bumps"] and kind != "skill_up":
            who = state["players"][state["bumps"][0]["player"]]["name"]
            raise RuleViolation(f"First {who} chooses which skill to move up.")
        lines: list[str] = []
        handler(state, action, lines)
        return lines

    def _act_check(self, state, action, lines):
        check_fields(action, ("player", "skill", "objective", "die"), ("target", "from"))
        i = player_field(state, action, "player")
        skill = validate.skill(action["skill"])
        objective = int_field(action, "objective", 0, 20, "The Objective")
        die = validate.die(action["die"])
        target = action.get("target")
        if target is not None and not is_one_of(target, TARGETS):
            raise RuleViolation(f"'{quoted(target)}' is not a target; targets are {', '.join(TARGETS)}.")
        if target is not None and skill not in TARGETS[target]:
            raise RuleViolation(f"A {target} check uses {' or '.join(TARGETS[target])}, not {skill}.")
        if state["tied"]:
            raise RuleViolation("The game is decided by a fight between the tied kittens now.")
        p = state["players"][i]
        reaction = target in REACTIONS
        if target != "bike" and i != state["current"]:
            raise RuleViolation(f"It is {state['players'][state['current']]['name']}'s turn; only a bike dodge can be checked for another kitten.")
        if not reaction and state["action_used"]:
            raise RuleViolation(f"{p['name']} has done this turn's action already: one action per turn.")
        victim = None
        if action.get("from") is not None:
            victim = player_field(state, action, "from")
            if target != "friend" or victim == i:
                raise RuleViolation("'from' names another kitten's Home to befriend a friend from (target friend).")
            if not state["players"][victim]["friends"]:
                raise RuleViolation(f"{state['players'][victim]['name']} has no friend at home.")
        if not reaction:
            state["action_used"] = True
        value = "X" if die == "X" else die + p["skills"][skill]
        what = f"{p['name']} checks {skill} ({p['skills'][skill]}) against {objective}" + (f" for a {target}" if target else "")
        if die != "X" and value >= objective:
            lines.append(f"{what}: rolls {die}, {value} ≥ {objective}: success.")
            self._succeed(state, i, target, victim, lines)
        else:
            rolled = "X, a critical failure" if die == "X" else f"{die}, {value} < {objective}"
            lines.append(f"{what}: rolls {rolled}: failure.")
            self._learn(state, i, skill, 2 if die == "X" else 1, lines)
            if reaction and i == state["current"]:
                lines.append(f"A failed reaction ends {p['name']}'s turn.")
                self._end_turn(state, lines)

    def _succeed(self, state: dict, i: int, target: str | None, victim: int | None, lines: list[str]) -> None:
        if target in ("bug", "animal"):
            self._victory(state, i, target, lines)
            if target == "bug":
                self._achieve(state, i, "hunt_bug")
        elif target in ("friend", "butterfly"):
            if victim is not None:
                state["players"][victim]["friends"] -= 1
                lines.append(f"The friend leaves {state['players'][victim]['name']}'s Home.")
            self._friend(state, i, lines)
            if target == "butterfly":
                self._achieve(state, i, "befriend_butterfly")
        elif target == "tree":
            lines.append(f"{state['players'][i]['name']} may look at 3 face-down Paws.")
            self._achieve(state, i, "climb_tree")

    def _act_kitten_fight(self, state, action, lines):
        check_fields(action, ("attacker", "defender", "rolls"))
        a = player_field(state, action, "attacker")
        d = player_field(state, action, "defender")
        if a == d:
            raise RuleViolation("A kitten cannot fight itself.")
        rolls = action["rolls"]
        if not isinstance(rolls, list) or not rolls or any(not isinstance(r, list) or len(r) != 2 for r in rolls):
            raise RuleViolation("'rolls' lists the pairs of dice rolled, [attacker's, defender's], one pair per try.")
        pairs = [(validate.die(x), validate.die(y)) for x, y in rolls]
        tiebreak = bool(state["tied"])
        if tiebreak:
            if {a, d} - set(state["tied"]):
                raise RuleViolation("Only the tied kittens fight for the win.")
        elif state["current"] not in (a, d):
            raise RuleViolation(f"It is {state['players'][state['current']]['name']}'s turn: a fight involves the kitten whose turn it is.")
        elif a == state["current"] and state["action_used"]:
            raise RuleViolation(f"{state['players'][a]['name']} has done this turn's action already: one action per turn.")
        scores = [(self._fight_value(state, a, x), self._fight_value(state, d, y)) for x, y in pairs]
        for sa, sd in scores[:-1]:
            if sa != sd:
                raise RuleViolation("Only the last try of a fight may be decisive: earlier tries are draws rolled again.")
        sa, sd = scores[-1]
        if sa == sd:
            raise RuleViolation("The last try is a draw too: roll again and enter that try.")
        winner, loser = (a, d) if sa > sd else (d, a)
        loser_die = pairs[-1][0] if loser == a else pairs[-1][1]
        names = state["players"]
        lines.append(f"{names[a]['name']} fights {names[d]['name']}: {names[winner]['name']} wins after {len(pairs)} tr{'y' if len(pairs) == 1 else 'ies'}.")
        if tiebreak:
            state["tied"].remove(loser)
            if len(state["tied"]) == 1:
                self._declare(state, state["tied"][0], lines)
            return
        if a == state["current"]:
            state["action_used"] = True
        self._learn(state, loser, "fighting", 2 if loser_die == "X" else 1, lines)
        if state["enemy_tokens"]:
            state["enemy_tokens"] -= 1
            self._victory(state, winner, "Enemy defeated token", lines)
        else:
            lines.append("No Enemy defeated token is left in the box: the win adds nothing to the tally.")
        self._achieve(state, winner, "defeat_kitten")
        if loser == state["current"] and d == loser:
            lines.append(f"A lost reaction ends {names[loser]['name']}'s turn.")
            self._end_turn(state, lines)

    def _fight_value(self, state: dict, i: int, die) -> float:
        return float("-inf") if die == "X" else die + state["players"][i]["skills"]["fighting"]

    def _act_crossed_road(self, state, action, lines):
        check_fields(action, ("player",))
        i = player_field(state, action, "player")
        if i != state["current"]:
            raise RuleViolation("Crossing the road counts on the kitten's own turn.")
        lines.append(f"{state['players'][i]['name']} crosses the road.")
        self._achieve(state, i, "cross_road")

    def _act_bike_card(self, state, action, lines):
        check_fields(action, (), ("purple", "teal"))
        if ("purple" in action) != ("teal" in action):
            raise RuleViolation("A bike card moves both bikes: give purple and teal, or neither to let the app draw.")
        if not state["bike_deck"]:
            self._shuffle_bikes(state)
            lines.append("The bike cards are reshuffled.")
        if "purple" in action:
            card = (int_field(action, "purple", 1, 6, "Purple"), int_field(action, "teal", 1, 6, "Teal"))
            idx = next((k for k in state["bike_deck"] if tuple(BIKE_DECK[k]) == card), state["bike_deck"][0])
        else:
            idx = state["bike_deck"][0]
            card = tuple(BIKE_DECK[idx])
        state["bike_deck"].remove(idx)
        state["bikes"]["purple"] = (state["bikes"]["purple"] + card[0]) % ROAD_SPACES
        state["bikes"]["teal"] = (state["bikes"]["teal"] + card[1]) % ROAD_SPACES
        state["last_bike"] = list(card)
        lines.append(f"Bike card: purple moves {card[0]}, teal moves {card[1]}. Kittens they pass dodge with Agility.")

    def _act_skill_up(self, state, action, lines):
        check_fields(action, ("player", "skill"))
        i = player_field(state, action, "player")
        skill = validate.skill(action["skill"])
        owed = next((b for b in state["bumps"] if b["player"] == i), None)
        if owed is None:
            raise RuleViolation(f"{state['players'][i]['name']} has no skill to move up now.")
        if state["players"][i]["skills"][skill] >= SKILL_MAX:
            raise RuleViolation(f"{skill.capitalize()} is at the top of its track ({SKILL_MAX}); choose another skill.")
        state["bumps"].remove(owed)
        state["players"][i]["skills"][skill] += 1
        lines.append(f"{state['players'][i]['name']} moves {skill} up to {state['players'][i]['skills'][skill]} ({owed['reason']}).")

    def _act_end_turn(self, state, action, lines):
        check_fields(action, ())
        if state["tied"]:
            raise RuleViolation("The game is decided by a fight between the tied kittens now.")
        self._end_turn(state, lines)

    # -- turns and the end -------------------------------------------------------------------
    def _end_turn(self, state, lines):
        me = state["current"]
        p = state["players"][me]
        for mission in p["achieved"]:
            p["missions"].append(mission)
            self._medal(state, me, f"the mission '{MISSIONS[mission]}'", lines)
        p["achieved"] = []
        for k in sorted(state["growth_due"]):
            self._grow(state, k, lines)
        state["growth_due"] = []
        n = len(state["players"])
        nxt = (me + 1) % n
        if state["final_round"] and nxt == state["first_player"]:
            state["bumps"] = []
            self._finish(state, lines)
            return
        if nxt == state["first_player"]:
            state["round"] += 1
        state["current"] = nxt
        state["action_used"] = False
        lines.append(f"{state['players'][nxt]['name']}'s turn.")

    def _finish(self, state, lines):
        order = self._ranking(state)
        best = self._rank_key(state, order[0])
        tied = [i for i in order if self._rank_key(state, i) == best]
        if len(tied) == 1:
            self._declare(state, tied[0], lines)
        else:
            state["tied"] = tied
            lines.append("Tie on Medals and Friendship: " + ", ".join(state["players"][i]["name"] for i in tied) + " fight for the win.")

    def _declare(self, state, i, lines):
        state["over"] = True
        state["winner"] = i
        state["tied"] = []
        lines.append(f"{state['players'][i]['name']} wins with {state['players'][i]['medals']} Medals!")

    def _shuffle_bikes(self, state):
        order = list(range(len(BIKE_DECK)))
        random.Random(state["bike_seed"] + state["bike_shuffles"]).shuffle(order)
        state["bike_shuffles"] += 1
        state["bike_deck"] = order

    def _rank_key(self, state, i):
        p = state["players"][i]
        return (-p["medals"], -p["skills"]["friendship"])

    def _ranking(self, state):
        return sorted(range(len(state["players"])), key=lambda i: self._rank_key(state, i))

    # -- protocol --------------------------------------------------------------------------
    def pending(self, state):
        if state["over"]:
            return []
        if state["tied"]:
            return [{"type": "kitten_fight", "player": i, "tiebreak": True} for i in state["tied"]]
        if state["bumps"]:
            return [{"type": "skill_up", **b} for b in state["bumps"]]
        return [{"type": "turn", "player": state["current"], "action_used": state["action_used"]}]

    def standings(self, state):
        order = self._ranking(state)
        if state["winner"] is not None:
            order.remove(state["winner"])
            order.insert(0, state["winner"])
        return order

