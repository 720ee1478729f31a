"""Each game's offers filled in as a phone would send them: one function a game, `(offer, state,
rnd) -> action`, picking at random among the choices the offer lists (and, for what the table
enters, such as the faces a roll showed or the card turned up, among the values api.md accepts).

Every random game the tests play goes through these: the property tests, the offers tests, the
withheld checks and the fuzzer's legal moves, so the moves are the engine's offers alone.
"""
from __future__ import annotations

import random

from companion.games.kyotoan.effects import FACES
from companion.games.kyotoan.powers import USABLE
from companion.games.neko.checks import fight_value
from companion.games.neko.kittens import SKILL_MAX

# -- Last Kyotoan Standing ----------------------------------------------------------------------
# Cards whose powers ask something (a `use`, a choice while resolving or buying, a loss question):
# the market turns them up first, so random games reach their offers.
CHOICE_CARDS = list(USABLE) + ["healing_ray", "parasitic_tentacles", "opportunist", "camouflage", "jets",
                               "poison_spit", "shrink_ray", "background_dweller", "smoke_cloud", "energy_drink",
                               "alien_origin", "frenzy", "flame_thrower"]


def _market_cards(pool: list[str], k: int, rnd: random.Random) -> list[str]:
    """k cards from a pool (with repeats for copies), the cards with choices first half the time."""
    pool = list(pool)
    rnd.shuffle(pool)
    if rnd.random() < 0.5:
        pool.sort(key=lambda c: c not in CHOICE_CARDS)
    return pool[:k]


def kyotoan_faces(n: int, rnd: random.Random) -> list[str]:
    """Random faces, with ϟ more often so that monsters can buy."""
    return [rnd.choice(FACES + ("energy", "energy", "smash")) for _ in range(n)]


def fill_kyotoan(offer: dict, state: dict, rnd: random.Random) -> dict:
    """An offer filled in with random choices from its own lists, as a phone would send it."""
    kind = offer["type"]
    action = {"type": kind}
    if offer["player"] is not None and (rnd.random() < 0.5 or kind in ("yield", "camouflage", "wings", "rapid_healing", "auto_yield", "auto_pass", "freeze_time")
                                        or offer["player"] != state["current"]):
        action["player"] = offer["player"]  # the page names the player; the API may leave out the active one
    if kind == "market":
        deck = [c for c, n in offer["deck"].items() for _ in range(n)]
        if offer["slots"]:
            action["cards"] = offer["market"] + _market_cards(deck, offer["slots"], rnd)
        else:
            action["cards"] = _market_cards(offer["market"] + deck, offer["size"], rnd)
    elif kind == "auto_yield":
        action["below"] = rnd.choice(offer["below"])
    elif kind == "auto_pass":
        action.update(card=offer["card"], on=rnd.choice(offer["on"]))
    elif kind == "freeze_time":
        action["take"] = rnd.choice(offer["take"])
    elif kind == "roll":
        if "keep" in offer and (offer["pays"] == "background_dweller" or rnd.random() < 0.5):
            faces = offer["keep"] + kyotoan_faces(offer["dice"] - len(offer["keep"]), rnd)
            rnd.shuffle(faces)
        else:
            faces = kyotoan_faces(offer["dice"], rnd)
        if not (offer.get("faces_optional") and rnd.random() < 0.3):  # a roll rerolled unentered
            action["faces"] = faces
    elif kind == "resolve":
        left = offer["hearts"]
        for token, most in offer.get("cure", {}).items():
            n = rnd.randint(0, min(most, left))
            action.setdefault("cure", {})[token] = n
            left -= n
        for gift in offer.get("heal_others", []):
            n = rnd.randint(0, min(len(gift["prices"]), left))
            if n:
                action.setdefault("heal_others", {})[str(gift["player"])] = n
                left -= n
    elif kind == "yield":
        action["yield"] = rnd.choice(offer["yield"])
    elif kind == "camouflage":
        action["faces"] = [rnd.choice(offer["faces"]) for _ in range(offer["dice"])]
    elif kind == "wings":
        action["pay"] = rnd.choice(offer["pay"])
    elif kind == "rapid_healing":
        action["hearts"] = rnd.choice(offer["choices"])["hearts"]
    elif kind == "buy":
        action["card"] = rnd.choice(offer["cards"])["card"]
        if "from" in offer:
            action["from"] = offer["from"]
    elif kind == "use":
        action.update(_kyotoan_use(offer, rnd))
    return action


def _kyotoan_use(offer: dict, rnd: random.Random) -> dict:
    card = offer["card"]
    fields = {"card": card}
    if "pass" in offer and rnd.random() < 0.5:
        fields["pass"] = rnd.choice(offer["pass"])
    elif "dice" in offer:
        fields["die"] = rnd.choice(offer["dice"])
        if "faces" in offer:
            fields["face"] = rnd.choice(offer["faces"])
    elif card == "metamorph":
        sold = rnd.sample(offer["sell"], rnd.randint(1, len(offer["sell"])))
        fields["sell"] = [entry["card"] for entry in sold]
    elif card == "made_in_a_lab":
        peek = rnd.choice(offer["peek"])
        fields.update(peek=peek["card"], buy=rnd.choice(peek["buy"]))
    elif card == "mimic":
        fields.update({"of": (target := rnd.choice(offer["targets"]))["of"], "target": target["target"]})
    return fields



# -- Gangs of Kyoto ---------------------------------------------------------------------------
def fill_gangs(offer: dict, state: dict, rnd: random.Random) -> dict:
    """An offer filled in with random choices from its own lists, as a phone would send it."""
    choice = rnd.choice(offer["cards"])
    action = {"type": offer["type"], "card": {"kind": choice["kind"], "bells": choice["bells"], "value": rnd.choice(choice["values"])}}
    if rnd.random() < 0.5:
        action["player"] = offer["player"]  # the page names the player; the API may leave it out
    values = offer["refuse_values"]
    if offer["type"] == "give":
        action["to"] = rnd.choice(offer["to"])
        values = values[action["to"]]
    if values and rnd.random() < 0.4:
        # As the page sends it: true (the rightmost Refuse card) or the value of the one spent.
        action["refuse"] = rnd.choice([True, *values])
    return action



# -- Kyoto no Neko ----------------------------------------------------------------------------
def _tries(state: dict, a: int, d: int, faces: list, rnd: random.Random) -> list[list]:
    """A fight's tries from the offered faces: now and then a draw first, then a decisive try."""
    def pair(decisive: bool) -> list:
        while True:
            x, y = rnd.choice(faces), rnd.choice(faces)
            if (fight_value(state, a, x) != fight_value(state, d, y)) == decisive:
                return [x, y]
    return ([pair(False)] if rnd.random() < 0.3 else []) + [pair(True)]


def fill_neko(offer: dict, state: dict, rnd: random.Random) -> dict:
    """An action made from an offer with choices picked at random among those it lists (a turn's
    end or bike card now and then without its player, as the API allows)."""
    kind = offer["type"]
    action = {"type": kind}
    if offer["player"] is not None and (kind not in ("end_turn", "bike_card") or rnd.random() < 0.8):
        action["player"] = offer["player"]
    if kind == "check":
        t = rnd.choice(offer["targets"])
        low, high = offer["objective"]["min"], offer["objective"]["max"]
        action.update(skill=rnd.choice(t["skills"]), die=rnd.choice(offer["faces"]),
                      objective=rnd.randint(low, high) if rnd.random() < 0.2 else rnd.randint(low, min(high, 8)))
        if t["target"] is not None or rnd.random() < 0.5:
            action["target"] = t["target"]
        if t.get("from") and rnd.random() < 0.5:
            action["from"] = rnd.choice(t["from"])
    elif kind == "kitten_fight":
        d = rnd.choice(offer["defender"])
        action.update(attacker=offer["attacker"], defender=d, rolls=_tries(state, offer["attacker"], d, offer["faces"], rnd))
    elif kind == "bike_card" and rnd.random() < 0.5:
        action.update(purple=rnd.choice(offer["purple"]), teal=rnd.choice(offer["teal"]))
    elif kind == "skill_up":
        if offer["owed"] > 1 and rnd.random() < 0.5:  # several bumps in one answer, as a Growth's are
            room = {s: state["players"][offer["player"]]["skills"][s] for s in offer["skills"]}
            chosen = []
            for _ in range(rnd.randint(1, offer["owed"])):
                free = [s for s in offer["skills"] if room[s] < SKILL_MAX]
                if not free:
                    break
                chosen.append(rnd.choice(free))
                room[chosen[-1]] += 1
            action["skills"] = chosen
        else:
            action["skill"] = rnd.choice(offer["skills"])
    return action


# -- Boss Kito --------------------------------------------------------------------------------
def fill_bosskito(offer: dict, state: dict, rnd: random.Random) -> dict:
    """An action made from an offer with choices picked at random among those it lists (now and
    then without its player: an action naming none is for whoever the engine waits for)."""
    kind = offer["type"]
    action = {"type": kind}
    if offer["player"] is not None and rnd.random() < 0.8:
        action["player"] = offer["player"]
    if kind == "reveal":
        pool = [n["number"] for n in offer["numbers"] for _ in range(n["left"])]
        action["row"] = rnd.sample(pool, len(offer["columns"]))
        if rnd.random() < 0.8:
            action["symbols"] = [rnd.choice(offer["symbols"]) for _ in offer["columns"]]
    elif kind == "pass_start":
        action["to"] = rnd.choice(offer["to"])
    elif kind == "symbol":
        action.update(number=rnd.choice(offer["numbers"]), symbol=rnd.choice(offer["symbols"]))
    elif kind == "play":
        action["colour"] = rnd.choice(offer["colour"])
    elif kind == "place":
        action["on"] = [rnd.choice(offer["on"]) for _ in range(rnd.randint(1, offer["max"]))]
    elif kind == "exchange":
        action["count"] = rnd.randint(1, offer["max"])
    return action


FILLS = {"kyotoan": fill_kyotoan, "gangs": fill_gangs, "neko": fill_neko, "bosskito": fill_bosskito}
