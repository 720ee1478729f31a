"""Last Kyotoan Standing's end-of-game figures (games/figures.py), counted from the states around
every move: what the contract names, each as docs/rulings.md says it is counted.

- `turns_in_kyoto`: turns a monster began in Kyoto (the City or the Bay: the turns that gave it 2★).
- `damage_dealt`: ♥ the other monsters lost during the turn of the monster whose turn it was (its
  smashes and its cards; Poison a monster takes on its own turn is nobody's hit).
- `hearts_healed`: ♥ a living monster gained (dice, cards), a monster's return to life excepted.
- `cards_bought`: cards the monster bought; `energy_gained`: ⚡ it gained, spending not subtracted.
"""
from __future__ import annotations

from ..figures import Counted, Figures

KYOTO = ("city", "bay")


def step(before: dict, action: dict, after: dict) -> Counted:
    """What one move adds to each monster's figures."""
    turn = before["current"]
    if after["turn"] != before["turn"] and after["players"][after["current"]]["location"] in KYOTO:
        yield after["current"], "turns_in_kyoto", 1
    if action.get("type") == "buy":
        yield turn, "cards_bought", 1
    for i, (was, now) in enumerate(zip(before["players"], after["players"])):
        lost, gained = was["hp"] - now["hp"], now["hp"] - was["hp"]
        if lost > 0 and i != turn and turn is not None:
            yield turn, "damage_dealt", lost
        if gained > 0 and was["alive"] and now["alive"]:
            yield i, "hearts_healed", gained
        if now["energy"] > was["energy"]:
            yield i, "energy_gained", now["energy"] - was["energy"]


FIGURES = Figures(("turns_in_kyoto", "damage_dealt", "hearts_healed", "cards_bought", "energy_gained"), step=step)
