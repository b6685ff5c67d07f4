"""What a menu of buttons is, for the scenes that are one (the title, the pause menu, the
results): its buttons, their labels, their shortcut letters, the one focus ring over them,
and a menu's input (hover and click, the focus keys and Enter, a button's letter).

Labels kept as data (`N_()`) are translated again at every `relabel()`, which a scene calls
when it lays itself out, so a language chosen in Settings shows on return; the shortcut
letters are taken from the labels as shown, so they follow the language too. A letter a
button shows does what it shows, before any other job the key has in the menu (the pause
key's P goes back only where no button shows P); the letters keep clear of the keys the app
takes first (full screen, say that again) and of those a menu keeps (`kept_letters`: the
pause menu's own key, which closes it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import translate
from game.scenes.base import Scene
from game.ui.input import ANYWHERE_INTENTS, Intent
from game.ui.widgets import Button, FocusRing, letter_shortcuts

if TYPE_CHECKING:
    from game.scenes.context import Context


class ButtonMenu(Scene):
    def __init__(self, ctx: Context, buttons: list[Button], labels: Sequence[str] = ()) -> None:
        """`labels`: each button's label as data (N_), translated at each relabel; none: the
        buttons keep the labels they were made with."""
        super().__init__(ctx)
        self.buttons = buttons
        self.labels = tuple(labels)
        self.shortcuts: dict[str, Button] = {}
        self.relabel()
        self.ring = FocusRing(self.buttons)

    def focus_grid(self) -> FocusRing:
        return self.ring

    def relabel(self) -> None:
        """Labels in the language in use, and shortcut letters that follow them."""
        for button, label in zip(self.buttons, self.labels, strict=False):
            button.label = translate(label)
        self.shortcuts = letter_shortcuts(self.buttons, self.kept_letters())

    def kept_letters(self) -> frozenset[str]:
        """Letter keys no button may have here: those the app takes before any scene."""
        return self.ctx.input.letters(ANYWHERE_INTENTS)

    def handle_menu(self, event: pygame.event.Event) -> tuple[bool, Intent | None]:
        """The menu's own input: (whether the event was used, the menu intent it meant), so
        the scene can give the intents left over (back, help) their meaning."""
        intent = self.ctx.input.menu_intent(event)
        return self.ring.handle(event, intent, self.shortcuts), intent
