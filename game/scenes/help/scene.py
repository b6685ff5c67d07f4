"""The help scene: the laid-out text in a scrolling panel under the title, with Back.

Controls:
    1 to 7           jump to that part of the contents
    Tab / Shift+Tab  move the focus over the contents and Back; Enter follows it
    Up / Down        scroll a line; by ear, read the part chosen line by line
    PageUp / PageDown, Home / End   scroll a page, to the top (the contents) or the end
    mouse wheel, or drag the scroll bar
    Esc / Backspace  back to where you were
Mouse: click a contents entry to jump to it; click Back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, translate
from game.scenes.base import Scene
from game.scenes.help.contents import CONTENTS
from game.scenes.help.layout import Link, lay_out
from game.scenes.help.text import help_text, part_phrases
from game.speech import Announcement
from game.ui.input import Intent, is_back, is_confirm
from game.ui.menu_layout import MENU_REFERENCE, button_height, title_image
from game.ui.scroll import ScrollView, clipped, viewport_in
from game.ui.spoken import Focus, control_phrase
from game.ui.units import layout_unit
from game.ui.widgets import Button, FeltBackground, draw_panel

if TYPE_CHECKING:
    from game.scenes.context import Context

MEASURE = 58  # ems: the longest comfortable line of text (about 90 characters)
BODY_LEAST = 17.0  # the body text size (before the text scale) in the smallest windows
DIGITS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7)


class HelpScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.felt = FeltBackground()
        self.scroll = ScrollView()
        self.back = Button(
            _("Back"), self.close, primary=True, hint=lambda: ctx.input.label("back")
        )
        self.size = (0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.title: tuple[pygame.Surface, pygame.Rect] | None = None
        # Laid-out text: (image, x, y) in content coordinates, y from the content's top.
        self.items: list[tuple[pygame.Surface, int, int]] = []
        self.rules: list[tuple[pygame.Rect, int]] = []  # heading underlines: (rect, y)
        self.anchors: dict[str, int] = {}  # part or heading -> its y in the content
        self.links: list[Link] = []
        self.focus = len(CONTENTS)  # 0.. a contents entry; len(links): Back
        self.body_px = 22.0
        self.to_read = ""  # a part jumped to, which speech reads next (game.ui.spoken)
        self.reading: list[str] = []  # the part read aloud, a phrase a block
        self.line = 0  # the phrase of it said last

    def close(self) -> None:
        self.ctx.stack.pop()

    @property
    def back_focused(self) -> bool:
        return self.focus >= len(self.links)

    def jump(self, target: str) -> None:
        """Scroll so that part or heading is at the top of the view."""
        self.scroll.scroll_to(self.anchors[target])
        self.to_read = target

    # ----------------------------------------------------------------- speech
    def spoken_screen(self) -> str:
        # Translators: said aloud as the help screen opens (its drawn title is "Rules & help").
        return _("Rules and help")

    def spoken_intro(self) -> str:
        # Translators: said aloud as the help screen opens, after its name.
        return _("Tab moves over the parts, Enter reads one, Up and Down read it line by line.")

    def spoken_focus(self) -> Focus | None:
        count = len(self.links) + 1
        if self.back_focused:
            return Focus("back", control_phrase(self.back), (count, count))
        return Focus(self.focus, translate(CONTENTS[self.focus]), (self.focus + 1, count))

    def spoken_news(self) -> list[Announcement]:
        """A part jumped to: its title and first line (Up and Down read on)."""
        target, self.to_read = self.to_read, ""
        if not target:
            return []
        self.reading = part_phrases(help_text(self.ctx.input), target)
        self.line = min(1, len(self.reading) - 1)
        return [Announcement(p) for p in self.reading[: self.line + 1]]

    def read_on(self, step: int) -> None:
        """The next (or the one before) line of the part being read, said."""
        if not self.reading:
            return
        line = self.line + step
        if not 0 <= line < len(self.reading):
            # Translators: said reading the help line by line, past its last line.
            end = _("End of the part")
            # Translators: said reading the help line by line, before its first line.
            start = _("Start of the part")
            self.ctx.speech.say(end if step > 0 else start)
            return
        self.line = line
        self.ctx.speech.say(self.reading[line])

    def link_on_screen(self, link: Link) -> pygame.Rect:
        return self.scroll.to_screen(link.rect)

    def _link_at(self, pos: tuple[int, int]) -> int | None:
        if not self.scroll.viewport.collidepoint(pos):
            return None
        return next(
            (i for i, link in enumerate(self.links) if self.link_on_screen(link).collidepoint(pos)),
            None,
        )

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back.hit(event.pos):
                self.close()
                return True
            link = self._link_at(event.pos)
            if link is not None:
                self.focus = link
                self.jump(self.links[link].target)
                return True
        if event.type == pygame.MOUSEMOTION:
            link = self._link_at(event.pos)
            if link is not None:
                self.focus = link
            elif self.back.hit(event.pos):
                self.focus = len(self.links)
        intent = self.ctx.input.menu_intent(event)
        if is_back(intent):
            self.close()
            return True
        if is_confirm(intent):
            if self.back_focused:
                self.close()
            else:
                self.jump(self.links[self.focus].target)
            return True
        if intent in (Intent.FOCUS_NEXT, Intent.FOCUS_PREV):
            step = 1 if intent is Intent.FOCUS_NEXT else -1
            self.focus = (self.focus + step) % (len(self.links) + 1)
            if not self.back_focused:
                self._show_link(self.links[self.focus])
            return True
        if event.type == pygame.KEYDOWN and event.key in DIGITS[: len(self.links)]:
            self.focus = DIGITS.index(event.key)
            self.jump(self.links[self.focus].target)
            return True
        if intent in (Intent.UP, Intent.DOWN):
            self.read_on(-1 if intent is Intent.UP else 1)  # and the text scrolls a line
        return self.scroll.handle(event, intent)

    def _show_link(self, link: Link) -> None:
        """Scroll a contents entry the focus moved to into view."""
        on_screen = self.link_on_screen(link)
        view = self.scroll.viewport
        if on_screen.top < view.top or on_screen.bottom > view.bottom:
            self.scroll.scroll_to(max(0, link.rect.top - self.scroll.line))

    # ----------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        self.felt.fit(size, self.ctx.theme)
        theme, fonts = self.ctx.theme, self.ctx.fonts
        unit = layout_unit(size, MENU_REFERENCE)
        margin = max(8, round(20 * unit))
        title = title_image(fonts, theme, _("Rules & help"), unit)
        self.title = (title, title.get_rect(midtop=(w // 2, margin)))
        button_h = button_height(fonts, unit)
        button_w = min(w - 2 * margin, round(220 * unit))
        self.back.rect = pygame.Rect(0, h - margin - button_h, button_w, button_h)
        self.back.rect.centerx = w // 2

        # Text follows the height, but a narrow window keeps enough words to a line.
        self.body_px = max(BODY_LEAST, min(22 * h / 800, w / 40))
        body = fonts.get(self.body_px)
        em = body.size("m")[0]
        panel_w = min(w - 2 * margin, MEASURE * em + 2 * margin)
        top = margin + title.get_height() + margin // 2
        self.panel = pygame.Rect(0, top, panel_w, self.back.rect.top - margin // 2 - top)
        self.panel.centerx = w // 2
        pad = max(8, round(22 * unit))
        viewport = viewport_in(self.panel, pad, max(6, body.get_linesize() // 2))
        page = lay_out(help_text(self.ctx.input), fonts, theme, self.body_px, viewport.width)
        self.items, self.rules, self.anchors = page.items, page.rules, page.anchors
        self.links = page.links
        self.focus = min(self.focus, len(self.links))
        self.scroll.set_content(viewport, page.height, body.get_linesize())

    def draw(self, surface: pygame.Surface) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.draw(surface, theme)
        if self.title is not None:
            surface.blit(*self.title)
        draw_panel(surface, theme, self.panel)
        view = self.scroll.viewport
        offset = self.scroll.offset
        with clipped(surface, view):
            for rect, _y in self.rules:
                moved = self.scroll.to_screen(rect)
                if moved.colliderect(view):
                    pygame.draw.rect(surface, theme.panel_edge, moved)
            for i, link in enumerate(self.links):
                if i == self.focus:
                    # Focus is an outline and a marker, never colour alone.
                    rect = self.link_on_screen(link)
                    pygame.draw.rect(surface, theme.focus, rect, max(2, rect.height // 12), 4)
            for image, x, y in self.items:
                top = view.top + y - offset
                if top + image.get_height() >= view.top and top <= view.bottom:
                    surface.blit(image, (view.left + x, top))
        self.scroll.draw_bar(surface, theme)
        self.back.draw(surface, theme, fonts, self.back_focused)
