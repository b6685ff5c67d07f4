"""Colours of the dice and the dice cup, standard and high-contrast.

Kept apart from the table theme (game.ui.theme) so the die and cup views stand alone; a theme can
pick one of these or build its own. Frozen, so a palette can be part of a render cache key.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]
ColourA = tuple[int, int, int, int]


@dataclass(frozen=True)
class DicePalette:
    # Die body: warm ivory, lit from the top left.
    body: Colour = (246, 238, 218)
    body_light: Colour = (255, 252, 243)
    body_dark: Colour = (212, 196, 166)
    edge: Colour = (150, 126, 96)  # the thin line that keeps the die's silhouette crisp on felt
    edge_width: float = 0.9  # px
    pip: Colour = (34, 26, 24)
    pip_wall: Colour = (96, 78, 66)  # the lit inner wall of a drilled pip
    shadow: ColourA = (8, 20, 14, 120)
    gloss: float = 0.22  # strength of the soft specular spot, 0..1
    # Held: a ring and a padlock badge, so held reads by shape as well as colour.
    held: Colour = (178, 52, 40)
    held_glyph: Colour = (255, 248, 236)
    focus: Colour = (255, 200, 40)
    ghost_alpha: float = 0.32  # opacity of a die not yet rolled
    # Dice cup: stitched leather over a wooden rim.
    cup_leather: Colour = (112, 52, 28)
    cup_leather_light: Colour = (186, 106, 58)
    cup_leather_dark: Colour = (34, 15, 8)
    cup_band: Colour = (70, 30, 16)
    cup_stitch: Colour = (232, 204, 156)
    cup_rim: Colour = (140, 84, 44)
    cup_rim_light: Colour = (226, 170, 110)
    cup_inside: Colour = (30, 14, 9)
    cup_felt: Colour = (22, 78, 52)  # lining seen inside the mouth
    high_contrast: bool = False


STANDARD_DICE = DicePalette()

HIGH_CONTRAST_DICE = DicePalette(
    body=(255, 255, 255),
    body_light=(255, 255, 255),
    body_dark=(228, 228, 228),
    edge=(0, 0, 0),
    edge_width=2.0,
    pip=(0, 0, 0),
    pip_wall=(0, 0, 0),
    shadow=(0, 0, 0, 0),
    gloss=0.0,
    held=(255, 255, 0),
    held_glyph=(0, 0, 0),
    focus=(255, 0, 255),
    ghost_alpha=0.5,
    cup_leather=(90, 90, 90),
    cup_leather_light=(150, 150, 150),
    cup_leather_dark=(30, 30, 30),
    cup_band=(0, 0, 0),
    cup_stitch=(255, 255, 0),
    cup_rim=(200, 200, 200),
    cup_rim_light=(255, 255, 255),
    cup_inside=(0, 0, 0),
    cup_felt=(0, 0, 0),
    high_contrast=True,
)


def dice_palette(high_contrast: bool = False) -> DicePalette:
    """The palette for the player's contrast setting."""
    return HIGH_CONTRAST_DICE if high_contrast else STANDARD_DICE
