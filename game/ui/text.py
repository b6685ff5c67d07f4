"""Text for the menu scenes, measured in pixels: wrapping to a width, cutting with an
ellipsis, joining names, sizing text to fill a control's height, and an error's message
written as a sentence."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _
from game.ui.fonts import Fonts

ELLIPSIS = "..."


LABEL_SHRINK = 0.7  # a label's font shrinks to this share of its size before it is cut


def wrap_text(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` broken into lines no wider than `width` pixels, at spaces where possible.

    Explicit newlines start new lines; a word wider than the line is broken by characters.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def ellipsize(font: pygame.font.Font, text: str, width: int) -> str:
    """`text`, cut and ended with an ellipsis if it is wider than `width` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + ELLIPSIS)[0] > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS if text else ""


def wrap_lines(font: pygame.font.Font, text: str, width: int, most: int) -> list[str]:
    """`text` wrapped to `width` px on at most `most` lines; when it needs more, the last
    line shown ends with an ellipsis, so a cut never passes for the whole text."""
    lines = wrap_text(font, text, width)
    if len(lines) <= max(1, most):
        return lines
    shown = lines[: max(1, most)]
    last = shown[-1]
    while last and font.size(last.rstrip() + ELLIPSIS)[0] > width:
        last = last[:-1]
    shown[-1] = last.rstrip() + ELLIPSIS
    return shown


TAG_JOIN = " · "  # between a name and what is written with it: a CPU's level, a chance


def fit_label(
    fonts: Fonts, text: str, px: float, width: int, bold: bool = False
) -> tuple[pygame.font.Font, str]:
    """A label for a narrow place, such as a name over a score column: the font shrinks to
    `LABEL_SHRINK` of `px` at most to fit `width`, and past that the text is cut with an
    ellipsis, so it never spills over its neighbours or shrinks out of legibility."""
    font = fonts.fit(text, px, width, bold, least=px * LABEL_SHRINK)
    return font, ellipsize(font, text, width)


def join_names(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cid': a list as the language in use joins one
    (its own word for "and", its own commas)."""
    if len(names) <= 1:
        return "".join(names)
    joined = names[0]
    for name in names[1:-1]:
        # Translators: a list of names, one more added in its middle ("Ann, Bob").
        joined = _("{names}, {name}").format(names=joined, name=name)
    # Translators: a list of names, its last added ("Ann, Bob and Cid"; "Ann and Bob").
    return _("{names} and {name}").format(names=joined, name=names[-1])


def sentence_start(text: str) -> str:
    """`text` with a capital first letter, the rest as it is (never `str.capitalize`, which
    lowers every other letter: a German noun, a name)."""
    return text[:1].upper() + text[1:]


def fitted_px(fonts: Fonts, px: float) -> float:
    """A font size for text that must fill `px` pixels of a control's height.

    Fonts scale every size by the player's text scale; the layouts already make controls
    taller for a larger scale, so text sized from a control's height is not scaled twice.
    """
    return px / fonts.text_scale


def as_sentence(error: Exception) -> str:
    """An error's message as a sentence to show: a capital first and a full stop last."""
    text = sentence_start(str(error).strip())
    return text if text.endswith((".", "!", "?")) else text + "."


def fold_label(font: pygame.font.Font, text: str, room: int, two_lines: bool) -> str:
    """A box's label in `room` px at the smallest text size: whole if it fits, else folded
    at a space onto two lines where the row has the height for them, and cut with an
    ellipsis only where neither will do (text is never shrunk below the floor)."""
    if font.size(text)[0] <= room:
        return text
    if two_lines and " " in text:
        lines = wrap_text(font, text, room)
        fits = len(lines) == 2 and all(font.size(line)[0] <= room for line in lines)
        if fits and " ".join(lines) == text:  # folded at spaces, no word broken
            return "\n".join(lines)
    return ellipsize(font, text, room)


def blit_text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    colour: tuple[int, int, int],
    **place: tuple[float, float],
) -> None:
    """`text` placed as `place` says (`center=(x, y)`, `midleft=...`): rendered only if it
    reaches into the surface's clip (its image is `font.size(text)`)."""
    rect = pygame.Rect((0, 0), font.size(text))
    for anchor, point in place.items():
        setattr(rect, anchor, point)
    if rect.colliderect(surface.get_clip()):
        surface.blit(font.render(text, True, colour), rect)
