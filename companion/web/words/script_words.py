"""The scripts' own sentences (static/js), in the page's language.

A page carries them as one JSON catalog (base.html, `<script type="application/json"
id="script-words">`), read by `ktcSay` and `ktcCount` (static/js/app.js): each sentence is found by
its English words, so a script without a catalog (or an English page, which carries none) says
them as written. A counted sentence carries each of its language's CLDR plural forms by name
(one, few, many, other…), which the browser's Intl.PluralRules picks for a number.

Add a sentence to a script: write it here too (N_ or Nn_), then extract and translate it
(docs/languages.md); tests/web/test_script_words.py fails on a script's sentence missing here.
"""
from __future__ import annotations

from babel import Locale
from flask_babel import get_locale, get_translations


def N_(text: str) -> str:
    """A sentence of the scripts (pybabel extracts it; translated when a page is drawn)."""
    return text


def Nn_(one: str, other: str) -> tuple[str, str]:
    """A counted sentence of the scripts: its singular and plural (`%(num)s` is the count)."""
    return one, other


SAID = (
    # app.js: the live banner, the server's cap
    N_("Offline: this is the table as this phone last saw it. It updates when the connection is back."),
    N_("Offline: this is the page as this phone last saw it. It updates when the connection is back."),
    N_("Live"), N_("Connecting…"), N_("The server is busy."),
    # cue.js: the decision or turn this phone owes
    N_("%(name)s: a decision waits for you"), N_("A decision waits on this phone"), N_("Your turn, %(name)s."),
    N_("Your decision: %(what)s"), N_("a decision waits"),
    # clock.js: the round clock
    N_("Time is up."), N_("Time is up"), N_("Clock paused with %(left)s left."), N_("%(left)s left."),
    N_("+%(n)s min for this table"), N_("paused"),
    # outbox.js, outbox_view.js: what this phone sent while offline, and what was refused
    N_("An action"), N_("The server refused it (%(status)s)."), N_("The server answered %(status)s: trying again."),
    N_("It may already be on the table: an earlier try got no answer before the connection dropped. "
       "Check the history before entering it again."),
    N_("Sending…"), N_("Cancel"), N_("Enter it again"), N_("Dismiss"), N_("Not applied"),
    N_("on this phone: sent as soon as the connection is back."),
    N_("The buttons below are the table as it was before it: what it makes possible (the next player's turn) appears once sent."),
    N_("The buttons below are the table as it was before them: what they make possible (the next player's turn) appears once sent."),
    N_("the table did not take what this phone sent. Look at the table, then enter it again or dismiss it."),
    # setup.js: the home page's form
    N_("Player %(n)s"),
    # switches.js: keep the screen on
    N_("on"), N_("The screen stays on at this table. Tap to let it sleep."),
    N_("off"), N_("The screen may sleep. Tap to keep it on."),
    N_("The phone let the screen sleep: it stays on again when this page shows. Tap to retry."),
    N_("refused"), N_("The browser refused (a battery saver?). Tap to retry."),
    N_("needs https"), N_("Only a page opened over https may keep the screen on: set a longer screen timeout instead."),
    N_("not here"), N_("This browser cannot keep the screen on: set a longer screen timeout instead."),
    # games/bosskito.js: a benefit's slots and numbers
    N_("%(colour)s: %(number)s, tap to clear"), N_("%(colour)s: no benefit yet"),
    # games/kyotoan.js: the dice pad
    N_("die %(n)s: %(face)s, tap to reroll it"), N_("die %(n)s: %(face)s, tap to take it back"), N_("dice: %(faces)s"),
    N_("These are the last roll's dice: resolve them below, or tap each die you roll again to take it back."),
    N_("These are the last roll's dice: resolve them below."),
    N_("All %(dice)s dice entered: resolve them. Tapping a die takes it back."),
    N_("All %(dice)s dice entered: resolve them or enter them and roll again. Tapping a die takes it back."),
    N_("Tap the face of each die you keep (or of all %(dice)s if these are the final dice)."),
    N_("Tap the face of each of the %(dice)s dice: they are the dice that resolve."),
    N_("All dice entered."), N_("none yet"), N_("Chosen: %(picks)s"),
    # games/neko.js: the check and fight pads' previews
    N_("Tap the target, the Objective and the die."), N_("Tap the skill, the Objective and the die."),
    N_("Tap the Objective and the die."), N_("Tap the die."), N_("Tap the target and the die."),
    N_("Tap the skill and the die."), N_("Tap the target and the Objective."), N_("Tap the skill and the Objective."),
    N_("Tap the Objective."), N_("Tap the target."), N_("Tap the skill."),
    N_("X vs %(goal)s: critical failure"), N_("%(sum)s vs %(goal)s: success"), N_("%(sum)s vs %(goal)s: failure"),
    N_("Tap who fights whom and both dice."), N_("a draw: roll again"), N_("%(first)s vs %(second)s: %(result)s"),
    N_("%(name)s wins"), N_("Chosen: %(picks)s (%(left)s more)"),
    # events.js: the desk's seat swap, the big screen's pages; night_phone.js: the buzz
    N_("%(name)s picked: tap a player at another table to swap their seats, or %(name)s again to cancel."),
    N_("tables %(first)s–%(last)s of %(all)s"), N_("%(first)s–%(last)s of %(all)s"),
    N_("✓ This phone buzzes when your seat changes."),
)

COUNTED = (
    Nn_("%(num)s minute", "%(num)s minutes"),
    Nn_("%(num)s action waiting", "%(num)s actions waiting"),
    Nn_("%(num)s action not applied", "%(num)s actions not applied"),
    Nn_("%(num)s left", "%(num)s left"),
    Nn_("Keep these %(num)s, roll %(again)s again", "Keep these %(num)s, roll %(again)s again"),
    Nn_("Tap the faces of %(num)s more die. Tapping a die takes it back.", "Tap the faces of %(num)s more dice. Tapping a die takes it back."),
    Nn_("Tap the faces of %(num)s more die, or keep these %(kept)s and roll the others again. Tapping a die takes it back.",
        "Tap the faces of %(num)s more dice, or keep these %(kept)s and roll the others again. Tapping a die takes it back."),
    Nn_("Tap %(num)s more die.", "Tap %(num)s more dice."),
    Nn_("%(num)s more", "%(num)s more"),
)

# A number of each CLDR plural category, tried in turn to find one the language names so.
SAMPLES = (*range(0, 112), 1000000)


def catalog() -> dict:
    """The scripts' sentences in this request's language: {English: translated} for each one,
    {English singular: {CLDR category: form}} for each counted one; empty in English."""
    locale = get_locale() or Locale("en")
    if locale.language == "en":
        return {}
    t = get_translations()
    said = {text: t.ugettext(text) for text in SAID}
    counted = {}
    for one, other in COUNTED:
        forms = {}
        for n in SAMPLES:
            forms.setdefault(locale.plural_form(n), t.ungettext(one, other, n))
        counted[one] = forms
    return {**{k: v for k, v in said.items() if v != k}, **counted}
