"""Colours of the table and its players, in a standard, a colour-blind-safe and a high-contrast
form. Nothing here tells state by colour alone: held dice and focus also change shape."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_, translate

Colour = tuple[int, int, int]

# Okabe & Ito's palette: told apart with every common colour-vision deficiency.
COLOUR_BLIND_PLAYERS: tuple[Colour, ...] = (
    (230, 159, 0),
    (86, 180, 233),
    (0, 158, 115),
    (240, 228, 66),
    (0, 114, 178),
    (213, 94, 0),
    (204, 121, 167),
    (200, 200, 200),
)
STANDARD_PLAYERS: tuple[Colour, ...] = (
    (235, 87, 87),
    (72, 149, 239),
    (76, 201, 120),
    (246, 189, 64),
    (166, 110, 230),
    (255, 138, 76),
    (64, 207, 207),
    (236, 110, 173),
)
# The names of the seats' colours (marked here, translated when shown).
STANDARD_NAMES = (
    # Translators: the name of a seat's colour, as the setup shows it.
    N_("Red"),
    N_("Blue"),
    N_("Green"),
    N_("Gold"),
    N_("Violet"),
    N_("Orange"),
    N_("Teal"),
    N_("Pink"),
)
COLOUR_BLIND_NAMES = (
    # Translators: the name of a seat's colour in the colour-blind-safe palette.
    N_("Orange"),
    N_("Sky blue"),
    N_("Green"),
    N_("Yellow"),
    N_("Blue"),
    N_("Vermilion"),
    N_("Purple"),
    N_("Grey"),
)


@dataclass(frozen=True)
class Theme:
    felt: Colour
    felt_dark: Colour
    felt_light: Colour
    panel: Colour
    panel_alt: Colour
    panel_edge: Colour
    text: Colour
    text_dim: Colour
    text_on_accent: Colour
    accent: Colour
    accent_dark: Colour
    focus: Colour
    preview: Colour
    zero_preview: Colour
    good: Colour
    warn: Colour
    shadow: tuple[int, int, int, int]
    overlay: tuple[int, int, int, int]
    players: tuple[Colour, ...]
    high_contrast: bool = False
    player_names: tuple[str, ...] = STANDARD_NAMES

    def player(self, index: int) -> Colour:
        return self.players[index % len(self.players)]

    def player_name(self, index: int) -> str:
        """What to call a seat colour in this palette ("Red" never labels an orange), in
        the language in use."""
        return translate(self.player_names[index % len(self.player_names)])


STANDARD = Theme(
    felt=(21, 96, 64),
    felt_dark=(12, 62, 41),
    felt_light=(36, 124, 84),
    panel=(250, 246, 236),
    panel_alt=(238, 231, 214),
    panel_edge=(120, 92, 60),
    text=(38, 30, 24),
    text_dim=(120, 108, 96),
    text_on_accent=(255, 255, 255),
    accent=(196, 64, 48),
    accent_dark=(140, 40, 30),
    focus=(255, 200, 40),
    preview=(36, 110, 200),
    zero_preview=(160, 150, 140),
    good=(30, 140, 70),
    warn=(200, 70, 40),
    shadow=(0, 0, 0, 90),
    overlay=(0, 0, 0, 150),
    players=STANDARD_PLAYERS,
)

HIGH_CONTRAST = Theme(
    felt=(0, 0, 0),
    felt_dark=(0, 0, 0),
    felt_light=(40, 40, 40),
    panel=(255, 255, 255),
    panel_alt=(225, 225, 225),
    panel_edge=(0, 0, 0),
    text=(0, 0, 0),
    text_dim=(60, 60, 60),
    text_on_accent=(0, 0, 0),
    accent=(255, 255, 0),
    accent_dark=(200, 200, 0),
    focus=(255, 0, 255),
    preview=(0, 0, 200),
    zero_preview=(90, 90, 90),
    good=(0, 110, 0),
    warn=(190, 0, 0),
    shadow=(0, 0, 0, 0),
    overlay=(0, 0, 0, 200),
    players=COLOUR_BLIND_PLAYERS,
    high_contrast=True,
    player_names=COLOUR_BLIND_NAMES,
)


def make_theme(palette: str = "standard", high_contrast: bool = False) -> Theme:
    """The theme for the player's settings."""
    if high_contrast:
        return HIGH_CONTRAST
    if palette == "colour_blind":
        return Theme(
            **{
                **STANDARD.__dict__,
                "players": COLOUR_BLIND_PLAYERS,
                "player_names": COLOUR_BLIND_NAMES,
            }
        )
    return STANDARD
