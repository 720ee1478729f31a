"""Last Kyotoan Standing: the six monsters and the 66 Power cards (data, from the rulebook).

Card ids follow api.md: the published name in lower case, apostrophes and "!" dropped, every other
run of non-letters replaced by "_". Costs and texts are as printed in ../shared/rules/last-kyotoan-standing.md.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..said import said


@dataclass(frozen=True)
class Card:
    """One Power card: id, printed name, cost in energy, keep or discard, copies in the deck, text."""

    id: str
    name: str
    cost: int
    kind: str
    count: int
    text: str


MONSTERS = ("Alienoid", "Cyber Kitty", "Giga Zaur", "Meka Dragon", "Space Penguin", "The King")

CARDS: dict[str, Card] = {
    c.id: c
    for c in (
        Card('acid_attack', 'Acid Attack', 6, 'keep', 1, said("Add ✸ to your Roll.")),
        Card('alien_origin', 'Alien Origin', 3, 'keep', 1, said("Buying cards costs you 1 less ϟ.")),
        Card('alpha_monster', 'Alpha Monster', 5, 'keep', 1, said("Gain 1★ when you roll at least ✸.")),
        Card('armor_plating', 'Armor Plating', 4, 'keep', 1, said("Do not lose ♥ when you lose exactly 1♥.")),
        Card('background_dweller', 'Background Dweller', 4, 'keep', 1, said("You can always reroll any 3 you have.")),
        Card('burrowing', 'Burrowing', 5, 'keep', 1, said("Add ✸ to your Roll while you are in Kyoto. When you Yield Kyoto, the monster taking it loses 1♥.")),
        Card('camouflage', 'Camouflage', 3, 'keep', 1, said("If you lose ♥, roll a die for each ♥ you lost. Each ♥ result reduces the loss by 1♥.")),
        Card('complete_destruction', 'Complete Destruction', 3, 'keep', 1, said("If you roll 1 2 3 ♥ ✸ ϟ gain 9★ in addition to the regular effects.")),
        Card('media_friendly', 'Media-Friendly', 3, 'keep', 1, said("Gain 1★ whenever you buy a Power card.")),
        Card('eater_of_the_dead', 'Eater of the Dead', 4, 'keep', 1, said("Gain 3★ every time a Monster’s ♥ goes to 0.")),
        Card('energy_hoarder', 'Energy Hoarder', 3, 'keep', 1, said("You gain 1★ for every 6ϟ you have at the end of your turn.")),
        Card('even_bigger', 'Even Bigger', 4, 'keep', 1, said("+2♥ when you buy this card. Your maximum ♥ is increased to 12♥ as long as you own this card.")),
        Card('extra_head', 'Extra Head', 7, 'keep', 2, said("You get 1 extra die.")),
        Card('fire_breathing', 'Fire Breathing', 4, 'keep', 1, said("When you roll at least ✸, your neighbor(s) at the table lose 1 extra ♥.")),
        Card('freeze_time', 'Freeze Time', 5, 'keep', 1, said("On a turn where you roll at least 1 1 1 or more, you can take another turn with one less die.")),
        Card('friend_of_children', 'Friend of Children', 3, 'keep', 1, said("When you gain any ϟ gain 1 extra ϟ.")),
        Card('giant_brain', 'Giant Brain', 5, 'keep', 1, said("You have 1 extra die Roll each turn.")),
        Card('gourmet', 'Gourmet', 4, 'keep', 1, said("When you roll at least 1 1 1 gain 2 extra ★ in addition to the regular effects.")),
        Card('healing_ray', 'Healing Ray', 4, 'keep', 1, said("You can use your ♥ to make other Monsters gain ♥. Each Monster must pay you 2ϟ (or 1ϟ if it’s their last one) for each ♥ they gain this way.")),
        Card('herbivore', 'Herbivore', 5, 'keep', 1, said("Gain 1★ at the end of your turn if you don’t make anyone lose ♥.")),
        Card('herd_culler', 'Herd Culler', 3, 'keep', 1, said("You can change one of your dice to a 1 each turn.")),
        Card('it_has_a_child', "It Has a Child!", 7, 'keep', 1, said("If you reach 0♥, discard all your cards and lose all your ★. Gain 10♥ and continue playing outside Kyoto.")),
        Card('jets', 'Jets', 5, 'keep', 1, said("You don’t lose ♥ if you decide to Yield Kyoto.")),
        Card('made_in_a_lab', 'Made in a Lab', 2, 'keep', 1, said("During the Buy Power cards step, you can peek at the top card of the deck and buy it or put it back on top of the deck.")),
        Card('metamorph', 'Metamorph', 3, 'keep', 1, said("At the end of your turn you can discard any keep cards you have to gain their full cost in ϟ.")),
        Card('mimic', 'Mimic', 8, 'keep', 1, said("Choose a keep card any monster has in play and put a Mimic token on it. This card counts as a duplicate of that card as if you had just bought it. Spend 1ϟ at the start of your turn to move the Mimic token and change the card you are mimicking.")),
        Card('battery_monster', 'Battery Monster', 3, 'keep', 1, said("When you buy Battery Monster, put 6ϟ on it from the bank. At the start of your turn take 2ϟ off and add them to your pool. When there are no ϟ left discard this card.")),
        Card('nova_breath', 'Nova Breath', 7, 'keep', 1, said("All of your ✸ Smash all other Monsters.")),
        Card('detritivore', 'Detritivore', 4, 'keep', 1, said("When you roll at least 1 2 3, gain 2★, in addition to the regular effects.")),
        Card('opportunist', 'Opportunist', 3, 'keep', 1, said("Whenever a Power card is revealed you have the option of buying it immediately.")),
        Card('parasitic_tentacles', 'Parasitic Tentacles', 4, 'keep', 1, said("You can buy Power cards from other monsters. Pay them the ϟ cost.")),
        Card('plot_twist', 'Plot Twist', 3, 'keep', 1, said("Before resolving your dice, you may change one die to any result. Discard when used.")),
        Card('poison_quills', 'Poison Quills', 3, 'keep', 1, said("When you roll at least 2 2 2 or more, add ✸✸ to your Roll.")),
        Card('poison_spit', 'Poison Spit', 4, 'keep', 1, said("Give one Poison token to each Monster you Smash with your ✸. At the end of their turn, Monsters lose 1♥ for each Poison token they have on them. A Poison token can be discarded by using a ♥ instead of gaining 1♥.")),
        Card('psychic_probe', 'Psychic Probe', 3, 'keep', 1, said("You can reroll a die of your choice after the last Roll of each other Monster. If the result of your reroll is ♥, discard this card.")),
        Card('rapid_healing', 'Rapid Healing', 3, 'keep', 1, said("Spend 2ϟ at any time to gain 1♥. This may be used to prevent your health from being reduced to 0.")),
        Card('regeneration', 'Regeneration', 4, 'keep', 1, said("When you gain ♥, you gain 1 extra ♥.")),
        Card('rooting_for_the_underdog', 'Rooting for the Underdog', 3, 'keep', 1, said("At the end of your turn, if you have the fewest ★, gain 1★.")),
        Card('shrink_ray', 'Shrink Ray', 6, 'keep', 1, said("Give 1 Shrink Ray token to each Monster you Smash with your ✸. At the beginning of their turn, Monsters roll 1 less die for each Shrink Ray token they have on them. A Shrink Ray token can be discarded by using a ♥ instead of gaining 1♥.")),
        Card('smoke_cloud', 'Smoke Cloud', 4, 'keep', 1, said("Place 3 Smoke counters on this card. Spend 1 Smoke counter for an extra Roll. Discard this card when all Smoke counters are spent.")),
        Card('solar_powered', 'Solar Powered', 2, 'keep', 1, said("At the end of your turn gain 1ϟ if you have no ϟ.")),
        Card('spiked_tail', 'Spiked Tail', 5, 'keep', 1, said("If you roll at least one ✸, add ✸ to your Roll.")),
        Card('stretchy', 'Stretchy', 3, 'keep', 1, said("Before resolving your dice, you can spend 2ϟ to change one of your dice to any result.")),
        Card('energy_drink', 'Energy Drink', 4, 'keep', 1, said("Spend 1ϟ to get 1 extra die Roll.")),
        Card('urbavore', 'Urbavore', 4, 'keep', 1, said("Gain 1 extra ★ when beginning your turn in Kyoto. If you are in Kyoto and you roll at least one ✸, add ✸ to your Roll.")),
        Card('were_only_making_it_stronger', "We’re Only Making It Stronger!", 3, 'keep', 1, said("When you lose at least 2♥ you gain 1ϟ.")),
        Card('wings', 'Wings', 6, 'keep', 1, said("Spend 2ϟ to not lose ♥ this turn.")),
        Card('apartment_building', 'Apartment Building', 5, 'discard', 1, '+3★.'),
        Card('commuter_train', 'Commuter Train', 4, 'discard', 1, '+2★.'),
        Card('corner_store', 'Corner Store', 3, 'discard', 1, '+1★.'),
        Card('death_from_above', 'Death From Above', 5, 'discard', 1, said("+2★ and take control of Kyoto if you don’t already control it. All other Monsters must Yield Kyoto. Edition ruling: Taking control places you in Kyoto City and scores the usual 1★ for entering, as the rulebook awards for every entry.")),
        Card('energize', 'Energize', 8, 'discard', 1, '+9ϟ.'),
        Card('evacuation_orders', 'Evacuation Orders', 7, 'discard', 2, said("All other Monsters lose 5★.")),
        Card('flame_thrower', 'Flame Thrower', 3, 'discard', 1, said("All other Monsters lose 2♥.")),
        Card('frenzy', 'Frenzy', 7, 'discard', 1, said("Take another turn after this one.")),
        Card('gas_refinery', 'Gas Refinery', 6, 'discard', 1, said("+2★ and all other Monsters lose 3♥.")),
        Card('heal', 'Heal', 3, 'discard', 1, '+2♥.'),
        Card('high_altitude_bombing', 'High Altitude Bombing', 4, 'discard', 1, said("All Monsters (including you) lose 3♥.")),
        Card('jet_fighters', 'Jet Fighters', 5, 'discard', 1, '+5★ −4♥.'),
        Card('national_guard', 'National Guard', 3, 'discard', 1, '+2★ −2♥.'),
        Card('nuclear_power_plant', 'Nuclear Power Plant', 6, 'discard', 1, '+2★ +3♥.'),
        Card('skyscraper', 'Skyscraper', 6, 'discard', 1, '+4★.'),
        Card('tank', 'Tank', 4, 'discard', 1, '+4★ −3♥.'),
        Card('vast_storm', 'Vast Storm', 6, 'discard', 1, said("+2★ and all other Monsters lose 1ϟ for every 2ϟ they have.")),
    )
}

DECK_SIZE = sum(c.count for c in CARDS.values())
