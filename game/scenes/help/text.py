"""The whole text of the help: each part of the contents, in order, under its title."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _, translate
from game.scenes.help.cards import american_text, yatzy_text
from game.scenes.help.coach import card_text, coach_text
from game.scenes.help.contents import CONTENTS, Block
from game.scenes.help.controls import controls_text
from game.scenes.help.play import forced_order_text, rules_text

if TYPE_CHECKING:
    from game.ui.input import InputMap


def help_text(keys: InputMap) -> list[Block]:
    """The whole help, part by part."""
    texts = (
        rules_text(),
        american_text(),
        yatzy_text(),
        forced_order_text(),
        card_text(),
        coach_text(keys),
        controls_text(keys),
    )
    return [
        block
        for part, text in zip(CONTENTS, texts, strict=True)
        for block in (("part", translate(part)), *text)
    ]


def part_phrases(blocks: list[Block], target: str) -> list[str]:
    """The part (or heading) `target` of the help as speech reads it: its title, then a
    phrase a block (a key row as "key: what it does"), up to the next part."""
    said: list[str] = []
    for kind, value in blocks:
        if said and kind == "part":
            break
        if not said and value != target:
            continue
        if kind == "row" and isinstance(value, tuple):
            key, text = value
            # Translators: a row of the help's key list said aloud: the keys, then what
            # they do ("F2: say the dice").
            said.append(_("{keys}: {action}").format(keys=key, action=text))
        elif isinstance(value, str):
            said.append(value)
    return said
