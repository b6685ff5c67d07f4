"""The help's text set in lines: the contents list and every block, as images at their place
in the content (x from the text's left, y from the content's top), with the anchors the
contents jump to. `lay_out` returns a frozen `Page`; the scene scrolls and draws it."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import pygame

from game.i18n import _, translate
from game.scenes.help.contents import CONTENTS, Block
from game.ui.text import ellipsize, wrap_text

if TYPE_CHECKING:
    from game.ui.fonts import Fonts
    from game.ui.theme import Theme

ROW_TEXT_LEAST = 16  # ems: a row's text narrower than this goes under its key instead


@dataclass(frozen=True)
class Link:
    """A contents entry: its place in the content (content coordinates) and where it goes."""

    rect: pygame.Rect
    target: str  # a part or heading of the text
    number: int  # 1.., its key


@dataclass(frozen=True)
class Page:
    """The laid-out help, in content coordinates."""

    items: list[tuple[pygame.Surface, int, int]]  # (image, x, y)
    rules: list[tuple[pygame.Rect, int]]  # heading underlines: (rect, y)
    anchors: dict[str, int]  # part or heading -> its y in the content
    links: list[Link]  # the contents entries, in order
    height: int  # px: the content's whole height


def lay_out(blocks: list[Block], fonts: Fonts, theme: Theme, body_px: float, width: int) -> Page:
    """The contents list, then the blocks, in a column `width` px wide with body text of
    `body_px`."""
    writer = _Writer(fonts, theme, body_px)
    body = fonts.get(body_px)
    y = writer.contents(body, width)
    y = writer.blocks(blocks, body, width, y)
    return Page(writer.items, writer.rules, writer.anchors, writer.links, y)


class _Writer:
    """Sets the text line by line, collecting what `Page` holds."""

    def __init__(self, fonts: Fonts, theme: Theme, body_px: float) -> None:
        self.fonts, self.theme, self.body_px = fonts, theme, body_px
        self.items: list[tuple[pygame.Surface, int, int]] = []
        self.rules: list[tuple[pygame.Rect, int]] = []
        self.anchors: dict[str, int] = {}
        self.links: list[Link] = []

    def contents(self, body: pygame.font.Font, width: int) -> int:
        """The contents list at the top: one entry a line, its key before it."""
        theme, fonts = self.theme, self.fonts
        line = round(body.get_linesize() * 1.25)
        head = fonts.get(self.body_px * 1.15, bold=True)
        self.items.append((head.render(_("Contents"), True, theme.accent_dark), 0, 0))
        y = head.get_linesize() + line // 4
        key_w = body.size("8  ")[0]
        for number, entry in enumerate(CONTENTS, 1):
            target = translate(entry)
            text = ellipsize(body, target, width - key_w)
            self.items.append((body.render(str(number), True, theme.text_dim), 0, y))
            self.items.append((body.render(text, True, theme.accent_dark), key_w, y))
            rect = pygame.Rect(0, y, key_w + body.size(text)[0], body.get_linesize())
            self.links.append(Link(rect.inflate(8, 4), target, number))
            y += line
        return y + line // 2

    def blocks(self, blocks: list[Block], body: pygame.font.Font, width: int, y: int) -> int:
        theme, fonts = self.theme, self.fonts
        line = round(body.get_linesize() * 1.12)
        big = fonts.get(self.body_px * 1.5, bold=True)
        head = fonts.get(self.body_px * 1.15, bold=True)
        strong = fonts.get(self.body_px, bold=True)
        em = body.size("m")[0]
        gap = body.size("MM")[0]
        key_w, stacked = 0, False
        for at, (kind, content) in enumerate(blocks):
            if kind == "part":
                y += line // 2
                self.anchors[str(content)] = y
                self.items.append((big.render(str(content), True, theme.accent_dark), 0, y))
                y += big.get_linesize()
                self.rules.append((pygame.Rect(0, y, width, max(2, line // 12)), y))
                y += line // 2
                # Keys and their texts line up within a part.
                part = itertools.takewhile(lambda b: b[0] != "part", blocks[at + 1 :])
                keys = [
                    str(value[0])
                    for kind, value in part
                    if kind == "row" and isinstance(value, tuple)
                ]
                key_w = min(width * 2 // 5, max((strong.size(k)[0] for k in keys), default=0))
                stacked = width - key_w - gap < ROW_TEXT_LEAST * em
            elif kind == "h":
                y += line // 2
                self.anchors[str(content)] = y
                self.items.append((head.render(str(content), True, theme.accent_dark), 0, y))
                y += head.get_linesize() + line // 6
            elif kind == "p":
                for text in wrap_text(body, str(content), width):
                    self.items.append((body.render(text, True, theme.text), 0, y))
                    y += line
                y += line // 3
            elif kind == "li":
                indent = body.size("MM")[0]
                bullet = body.render("\u2022", True, theme.accent)
                self.items.append((bullet, indent // 3, y))
                for text in wrap_text(body, str(content), width - indent):
                    self.items.append((body.render(text, True, theme.text), indent, y))
                    y += line
                y += line // 4
            elif kind == "row":
                key, text = cast(tuple[str, str], content)  # a row's block: (key, text)
                y = self.row(key, text, (body, strong), width, y, key_w, stacked)
        return y

    def row(
        self,
        key: str,
        text: str,
        fonts: tuple[pygame.font.Font, pygame.font.Font],
        width: int,
        y: int,
        key_w: int,
        stacked: bool,
    ) -> int:
        """A key and its text side by side, or the text under its key where the window is
        too narrow for both (a large text size)."""
        body, strong = fonts
        theme = self.theme
        line = round(body.get_linesize() * 1.12)
        gap = body.size("MM")[0]
        if stacked:
            key_lines = wrap_text(strong, key, width)
            text_x, text_w = gap, width - gap
        else:
            key_lines = wrap_text(strong, key, key_w)
            text_x, text_w = key_w + gap, width - key_w - gap
        for i, part in enumerate(key_lines):
            self.items.append((strong.render(part, True, theme.text), 0, y + i * line))
        text_y = y + len(key_lines) * line if stacked else y
        text_lines = wrap_text(body, text, text_w)
        for i, part in enumerate(text_lines):
            self.items.append((body.render(part, True, theme.text), text_x, text_y + i * line))
        used = len(key_lines) + len(text_lines) if stacked else max(len(key_lines), len(text_lines))
        return y + used * line + line // 4
