"""The words the settings list shows for values: each choice's name and help, a number of
points, a language's name, the default rules' line. Marked here (N_) and translated when
shown, so a change of language shows on the next frame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, NATIVE_NAMES, _, format_number, ngettext
from game.rules import Variant
from game.ui.rule_words import variant_help

if TYPE_CHECKING:
    from game.scenes.context import Context

# The words of each choice, marked here and translated when shown.
# TRANSLATORS: animation speeds; "Instant" = no animation, the result shows at once.
SPEED_LABELS = {"normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}
VERIFY_LABELS = {"zeros": N_("Before a zero"), "all": N_("Every score"), "off": N_("Never")}
WIN_CHANCE_LABELS = {"coach": N_("With the coach"), "on": N_("Always"), "off": N_("Never")}
WIN_CHANCE_HELP = {
    "coach": N_(
        "Each seat's chance to win, under its name, when advice or grading is on or someone "
        "has used a hint or undo this game."
    ),
    "on": N_(
        "Each seat's chance to win, under its name, with everyone playing on as they have so far."
    ),
    "off": N_("A plain game: no chances shown."),
}
VERIFY_HELP = {
    "zeros": N_("Asks before you write a zero in a box."),
    "all": N_("Asks before every score is written."),
    "off": N_("Scores at once, without asking."),
}
# TRANSLATORS: when the game speaks (play by ear): only while a screen reader runs, always,
# never.
SPEECH_LABELS = {"reader": N_("With a screen reader"), "on": N_("Always"), "off": N_("Never")}
SPEECH_HELP = {
    "reader": N_("Says the game aloud while a screen reader (Orca, NVDA, VoiceOver) runs."),
    "on": N_("Says the game aloud: your screen reader's voice, else the system's."),
    "off": N_("The game says nothing aloud."),
}
# TRANSLATORS: how much the speech says: everything, or the short form.
VERBOSITY_LABELS = {"full": N_("Everything"), "brief": N_("Brief")}
SPEED_HELP = {
    "normal": N_("Dice tumble and scores slide at their natural pace."),
    "fast": N_("Every animation at twice the speed."),
    "instant": N_("No animation: dice land and scores appear at once."),
}


def speech_level(value: int | None) -> str:
    """A speech rate, pitch or volume as the list shows it: the screen reader's, or a
    number from -100 to 100 (0 is the voice's normal)."""
    if value is None:
        # TRANSLATORS: a speech rate, pitch or volume left as the screen reader has it.
        return _("Screen reader's")
    return ("+" if value > 0 else "") + format_number(value)


def voice_name(name: str) -> str:
    """A voice as the list shows it: its name as the speech service gives it."""
    # TRANSLATORS: the speech voice left as the screen reader has it.
    return name or _("Screen reader's voice")


def points(value: float) -> str:
    """'1 point', '2.5 points' in the language in use. A fraction takes the form a count
    of 2 takes (gettext's plural rules count whole numbers)."""
    whole = value == int(value)
    figure = format_number(value, decimals=0 if whole else 1)
    return ngettext("{points} point", "{points} points", int(value) if whole else 2).format(
        points=figure
    )


def language_name(ctx: Context, code: str) -> str:
    """A language setting as the list shows it: each language in its own words (never
    translated), and the system's as "System (Svenska)"."""
    if code:
        return NATIVE_NAMES[code]
    # TRANSLATORS: the language setting that follows the computer's; {language} is the
    # name of that language in its own words (Deutsch, Svenska).
    return _("System ({language})").format(language=NATIVE_NAMES[ctx.storage.system_language])


def variant_line(value: str) -> str:
    try:
        rules = variant_help(Variant(value))
    except (KeyError, ValueError):
        return _("New games start with these rules.")
    # TRANSLATORS: {rules} is one sentence saying what the chosen rules are.
    return _("New games start with these rules. {rules}").format(rules=rules)


def language_help(ctx: Context) -> str:
    if ctx.settings.language:
        return _("The language of every word in the game.")
    return _("The language of every word in the game: System follows your computer's.")
