"""Rules and help: how the game is played (from RULES.md, in the game's own words), what the
figures on the card and the coach's lines mean, and the keys, as the player has them mapped.
A short contents list at the top jumps to each part.

The text is data, one module per subject (play, cards, coach, controls, gathered by text);
layout sets it in lines; scene scrolls and draws it (its docstring lists the controls).
"""

from game.scenes.help.coach import GRADE_EXAMPLE
from game.scenes.help.contents import CONTENTS
from game.scenes.help.controls import controls_text
from game.scenes.help.scene import HelpScene
from game.scenes.help.text import help_text

__all__ = ["CONTENTS", "GRADE_EXAMPLE", "HelpScene", "controls_text", "help_text"]
