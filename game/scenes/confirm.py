"""A small yes/no question over whatever is showing ("Quit to the title?", "Score 0 here?").

Controls:
    Y                yes (J in German, Danish, Swedish, Norwegian and Dutch; O in French; S
                     in Spanish: the initial of Yes as translated)
    N / Esc / Backspace / P   no (the initial of No as translated, and the pause key)
    the letter on each button: that answer ("Quit" / "Keep playing": Q and K)
    Left / Right, Up / Down, Tab / Shift+Tab   move the focus between the two answers
    Enter            the focused answer
Mouse: hover focuses an answer, a click chooses it.

The letters come from the words as translated (game.ui.letters.answer_letters): each answer
has its language's letter, each button shows its label's letter, and Y and N answer too
where neither answer has them; no letter answers both ways.

The scene pops itself before it calls `on_yes` / `on_no`, so a callback may push, replace or
clear the stack as it likes (those changes are queued after the pop).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, translate
from game.scenes.base import Scene
from game.ui.input import ANYWHERE_INTENTS, Intent, is_back, is_confirm, is_press, menu_letter
from game.ui.letters import YES, answer_letters
from game.ui.menu_layout import button_height
from game.ui.text import wrap_text
from game.ui.units import layout_unit, share_widths
from game.ui.widgets import (
    Button,
    FocusRing,
    button_width,
    draw_veiled_panel,
    make_veil,
)

if TYPE_CHECKING:
    from game.scenes.context import Context
    from game.scenes.nav import Question

log = logging.getLogger(__name__)

PANEL_WIDTH = 560  # px at unit scale
MAX_WIDTH_SHARE = 0.9  # of the window
# A yes/no question's answers; their first letters, as translated, answer it by key.
ANSWERS = (
    # TRANSLATORS: the yes answer to a question; its first letter is the key that answers
    # yes (J for Ja), so use the word your language answers a question with.
    N_("Yes"),
    # TRANSLATORS: the no answer to a question; its first letter is the key that answers
    # no (N for Nein, Nej, Non).
    N_("No"),
)


class ConfirmScene(Scene):
    opaque = False

    def __init__(self, ctx: Context, asked: Question) -> None:
        super().__init__(ctx)
        self.question = asked.text
        self.said = asked.said or asked.text
        self.detail = asked.detail
        self.on_yes = asked.on_yes
        self.on_no = asked.on_no
        # The answer Enter gives is the one drawn as the default (bold, filled): No where
        # Yes would lose something, so the colour never says Yes is the safe choice.
        yes_default = asked.focus_yes
        words = [translate(word) for word in ANSWERS]
        self.yes = Button(asked.yes_label or words[0], self.answer_yes, primary=yes_default)
        self.no = Button(asked.no_label or words[1], self.answer_no, primary=not yes_default)
        letters = answer_letters(
            (self.yes.label, self.no.label),
            words,
            ANSWERS,
            means_no=ctx.input.letters([Intent.PAUSE]),
            dead=ctx.input.letters(ANYWHERE_INTENTS),
        )
        self.yes.hint, self.no.hint = letters.shown
        # Every letter that answers -> its button.
        self.shortcuts = {
            letter: self.yes if answer == YES else self.no
            for letter, answer in letters.keys.items()
        }
        self.ring = FocusRing([self.yes, self.no])
        self.ring.focus(self.yes if asked.focus_yes else self.no)
        self.answered = False
        self.size = (0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._veil: pygame.Surface | None = None
        self._lines: list[tuple[pygame.Surface, pygame.Rect]] = []

    def focus_grid(self) -> FocusRing:
        return self.ring

    def spoken_intro(self) -> str:
        """Said when the question comes up (game.ui.spoken); the focused answer follows."""
        return f"{self.said} {self.detail}".strip()

    # ----------------------------------------------------------------- answers
    def answer_yes(self) -> None:
        self._answer(self.on_yes)

    def answer_no(self) -> None:
        self._answer(self.on_no)

    def _answer(self, callback: Callable[[], None] | None) -> None:
        if self.answered:  # a double click must not answer twice
            return
        self.answered = True
        self.ctx.play("click")
        self.ctx.stack.pop()
        if callback is not None:
            callback()

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.ring.handle_mouse(event)
            return True  # a modal: nothing below may see the mouse
        if not is_press(event):
            return False
        if self.ring.press_shortcut(self.shortcuts, menu_letter(event, by_key=True)):
            return True
        intent = self.ctx.input.menu_intent(event)
        if is_back(intent):
            self.answer_no()
        elif is_confirm(intent):
            self.ring.press()
        elif intent in (Intent.LEFT, Intent.UP, Intent.FOCUS_PREV):
            self.ring.move_linear(-1)
        elif intent in (Intent.RIGHT, Intent.DOWN, Intent.FOCUS_NEXT):
            self.ring.move_linear(1)
        return True  # a modal swallows every key

    # ----------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        unit = layout_unit(size)
        fonts, theme = self.ctx.fonts, self.ctx.theme
        pad = round(24 * unit)
        gap = round(16 * unit)
        button_h = button_height(fonts, unit, least=0)
        # The answers side by side, each as wide as its label needs ("Continuer à jouer" at
        # 640x480 with 200% text): the panel widens for them, as far as the window allows.
        answers = {"yes": self.yes, "no": self.no}
        needs = {k: button_width(fonts, b.label, button_h) for k, b in answers.items()}
        most = round(w * MAX_WIDTH_SHARE)
        width = min(max(round(PANEL_WIDTH * unit), sum(needs.values()) + gap + 2 * pad), most)
        text_w = width - 2 * pad
        self._lines = []
        y = 0
        for text, size_px, bold, colour in (
            (self.question, 32 * unit, True, theme.text),
            (self.detail, 22 * unit, False, theme.text_dim),
        ):
            if not text:
                continue
            font = fonts.get(size_px, bold)
            for line in wrap_text(font, text, text_w):
                image = font.render(line, True, colour)
                self._lines.append((image, image.get_rect(midtop=(0, y))))
                y += font.get_linesize()
            y += round(8 * unit)
        height = pad + y + pad // 2 + button_h + pad
        self.panel = pygame.Rect(0, 0, width, min(height, h - 8))
        self.panel.center = (w // 2, h // 2)
        for _image, rect in self._lines:
            rect.move_ip(self.panel.centerx, self.panel.top + pad)
        widths = share_widths(width - 2 * pad - gap, dict.fromkeys(answers, 1.0), needs)
        top = self.panel.bottom - pad - button_h
        self.yes.rect = pygame.Rect(self.panel.left + pad, top, widths["yes"], button_h)
        self.no.rect = pygame.Rect(self.yes.rect.right + gap, top, widths["no"], button_h)
        self._veil = make_veil(size, theme)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        draw_veiled_panel(surface, theme, self._veil, self.panel)
        for image, rect in self._lines:
            surface.blit(image, rect)
        self.ring.draw(surface, theme, self.ctx.fonts)
