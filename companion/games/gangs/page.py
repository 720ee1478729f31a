"""What Gangs of Kyoto's pages need: a card in words and as a tile, the tiles' names, and where each
seat's refusal buttons stand."""
from __future__ import annotations

from ..page import Page
from .cards import TILE_WORDS, name, refuse_values, tile


def refusals(state: dict, offer: dict) -> list[dict]:
    """The refusal buttons of the offered give or draw, one entry per seat that holds a Refuse card,
    in seating order: `{"player", "values", "open"}` (`values` the values its buttons name, empty
    for one `"refuse": true` button when every card it holds shows one value; `open` whether it may
    refuse now). A seat that already had this turn's card keeps its place, switched off, so that no
    button slides under a finger as the cards are given (a newcomer tapped the wrong player so)."""
    seats = [offer["player"]] if offer["type"] == "draw" else range(len(state["players"]))
    made = []
    for i in seats:
        values = refuse_values(state["players"][i]["row"])
        if values:
            is_open = bool(offer["refuse_values"]) if offer["type"] == "draw" else i in offer["refuse"]
            made.append({"player": i, "values": values if len(values) > 1 else [], "open": is_open})
    return made


# A hand is hidden from the other seats: a seat's board is the watchers' with its own player drawn
# in. The picker draws an offered card as its tile (the page draws its picker from offers).
PAGE = Page(data={"card_name": name, "card_tile": tile, "tiles": TILE_WORDS, "refusals": refusals}, own_player=True,
            words=tuple(TILE_WORDS.values()))
