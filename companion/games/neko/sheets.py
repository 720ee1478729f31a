"""What a kitten's sheets record: learning, the Victories tally, the Home, Medals and Growth."""
from __future__ import annotations

from .kittens import HOME_SPACES, SKILL_MAX, TALLY_SPACES, VICTORY_MEDALS


class SheetRules:
    """Bonuses of the tally and the Home, Medals on the Growth track, and the Growth phases."""

    def _learn(self, state, i, skill, spaces, lines):
        """A failure moves the skill up (two spaces on the X face), to the top of its track."""
        p = state["players"][i]
        before = p["skills"][skill]
        p["skills"][skill] = min(SKILL_MAX, before + spaces)
        if p["skills"][skill] > before:
            lines.append(f"{p['name']} learns from it: {skill} {before} → {p['skills'][skill]}.")

    def _victory(self, state, i, what, lines):
        """A Paw or Enemy defeated token on the tally: spaces 2 and 5 a bump, space 4 a Medal once."""
        p = state["players"][i]
        p["victories"] += 1
        p["tally"] = (p["victories"] - 1) % TALLY_SPACES + 1
        lines.append(f"{p['name']} adds the {what} to the Victories tally (space {p['tally']}).")
        if p["tally"] in (2, 5):
            state["bumps"].append({"player": i, "reason": f"Victories tally space {p['tally']}"})
        if p["tally"] == 4 and not p["tally_medal"]:
            p["tally_medal"] = True
            self._medal(state, i, "the Victories tally", lines)

    def _friend(self, state, i, lines):
        """A friend at home: the 2nd space a bump (again if refilled), the 3rd a Medal once."""
        p = state["players"][i]
        p["friends"] += 1
        lines.append(f"A new friend comes to {p['name']}'s Home ({p['friends']}).")
        if p["friends"] == 2:
            state["bumps"].append({"player": i, "reason": "2nd Home space"})
        if p["friends"] == HOME_SPACES and not p["home_medal"]:
            p["home_medal"] = True
            self._medal(state, i, "the Home", lines)

    def _achieve(self, state, i, mission):
        """A mission done: its Medal comes at the end of the kitten's own turn, once."""
        p = state["players"][i]
        if mission not in p["missions"] and mission not in p["achieved"]:
            p["achieved"].append(mission)

    def _medal(self, state, i, source, lines):
        """A Medal on the Growth track: may trigger a Growth phase and the final round."""
        p = state["players"][i]
        p["medals"] += 1
        lines.append(f"{p['name']} earns a Medal from {source} ({p['medals']}).")
        for k, space in enumerate(state["growth_spaces"]):
            if p["medals"] == space and not state["growth_done"][k] and k not in state["growth_due"]:
                state["growth_due"].append(k)
                lines.append(f"{p['name']} is the first on Growth space {k + 1}: all kittens grow at the end of this turn.")
        if p["medals"] >= VICTORY_MEDALS and not state["final_round"]:
            state["final_round"] = True
            lines.append(f"{p['name']} has {VICTORY_MEDALS} Medals: this round is the last.")

    def _grow(self, state, k, lines):
        """A Growth phase: every kitten's stamina one space right, then its own skill bumps."""
        state["growth_done"][k] = True
        lines.append(f"Growth {k + 1}: every kitten's stamina moves one space right and its skills grow.")
        for i, p in enumerate(state["players"]):
            track = p["sheet"]["stamina"]
            p["stamina_step"] = min(len(track) - 1, p["stamina_step"] + 1)
            p["stamina"] = track[p["stamina_step"]]
            state["bumps"] += [{"player": i, "reason": f"Growth {k + 1}"}] * p["sheet"]["growth"][k]

