"""The help's contents list and the shape of its text: the parts, in order, and the blocks
each part is written in."""

from __future__ import annotations

from game.i18n import N_

# Blocks of the text: ("part", title), ("h", heading), ("p", paragraph), ("li", bullet),
# ("row", (key, text)).
Block = tuple[str, object]
#: The contents list: the parts and headings it jumps to, in order (keys 1 to 7).
#: Marked here, translated where drawn; the text's parts and headings use the same msgids.
CONTENTS = (
    N_("How to play"),
    N_("The American card"),
    N_("The Yatzy card"),
    N_("Forced order"),
    N_("Reading the card"),
    N_("The coach"),
    N_("Controls"),
)
