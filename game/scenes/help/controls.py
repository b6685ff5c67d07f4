"""The help's part on the keys, read from the player's key map."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _
from game.scenes.help.contents import CONTENTS, Block

if TYPE_CHECKING:
    from game.ui.input import InputMap


def controls_text(keys: InputMap) -> list[Block]:
    """The keys, read from the player's key map so remapped keys show as they are."""
    # Long for a reason: a flat table of the keys, one row per key, in the order the help shows.
    k = keys.label
    # Translators: a range of keys, as "1 to 5"; {first} and {last} are key names.
    key_range = _("{first} to {last}")
    # Translators: keys for moving up and down, then the key that chooses; key names.
    up_down_confirm = _("{up} / {down}, {confirm}")
    return [
        ("h", _("At the table")),
        ("row", (k("roll"), _("Roll the dice (also the start roll and the tie-breaker)"))),
        (
            "row",
            (
                key_range.format(first=k("hold_1"), last=k("hold_5")),
                _("Hold or release a die; or click the die"),
            ),
        ),
        (
            "row",
            (
                up_down_confirm.format(up=k("up"), down=k("down"), confirm=k("confirm")),
                _("Choose a box and score it; or click the box"),
            ),
        ),
        (
            "row",
            (_("A letter"), _("Jump to a box by its first letter (Shift+F, Shift+S ...)")),
        ),
        ("row", (k("hint"), _("A hint: the best move now"))),
        ("row", (k("undo"), _("Undo your last hold or score (never a roll)"))),
        ("row", (k("pause"), _("Pause menu: settings, help, quit"))),
        ("row", (k("skip_cpu"), _("Skip to the end of a CPU turn"))),
        ("row", (k("speed_cpu"), _("CPU turns fast"))),
        ("row", (k("key_hints"), _("Show or hide the key hints"))),
        ("row", (k("fullscreen"), _("Full screen on or off"))),
        ("row", (k("help"), _("These rules and help"))),
        ("h", _("Speech (play by ear)")),
        ("row", (k("read_dice"), _("Say the dice, what is held and the rolls left"))),
        ("row", (k("read_box"), _("Say the box in focus and what it would score"))),
        ("row", (k("read_card"), _("Say my card: total, upper sum, what the bonus needs"))),
        ("row", (k("read_others"), _("Say another seat's card (again: the next one)"))),
        ("row", (k("read_scores"), _("Say everyone's scores"))),
        ("row", (k("read_turn"), _("Say whose turn it is and the rolls left"))),
        (
            "row",
            (
                # Translators: {up} and {down} are key names (Page Up, Page Down).
                _("{up} / {down}").format(up=k("card_up"), down=k("card_down")),
                # Translators: in the help's list of keys: what Page Up / Page Down do.
                _("Read the card the last read key named, box by box"),
            ),
        ),
        ("row", (k("repeat_speech"), _("Say the last phrase again (anywhere)"))),
        (
            "row",
            (
                # Translators: {back} and {next} are key names (F9, F10).
                _("{back} / {next}").format(back=k("history_back"), next=k("history_next")),
                # Translators: in the help's list of keys: what F9 / F10 do.
                _("Step back and forth through the last 30 phrases (anywhere)"),
            ),
        ),
        ("h", _("In the menus")),
        (
            "row",
            (
                # Translators: {up} and {down} are key names; Tab is the Tab key.
                _("{up} / {down}, Tab").format(up=k("up"), down=k("down")),
                _("Move the focus"),
            ),
        ),
        (
            "row",
            (
                # Translators: {left} and {right} are key names.
                _("{left} / {right}").format(left=k("left"), right=k("right")),
                # TRANSLATORS: what the left/right keys do in the menus (change a setting's
                # value); it stands beside key names, so avoid a word that is also a key's name
                # (Shift).
                _("Change a value"),
            ),
        ),
        ("row", (k("confirm"), _("Choose"))),
        ("row", (k("pause"), _("Back"))),
        (
            "row",
            (
                key_range.format(first="1", last=str(len(CONTENTS))),
                _("In this help: jump to a part of the contents"),
            ),
        ),
        ("p", _("Everything works with the mouse too: hover to focus, click to choose.")),
    ]
