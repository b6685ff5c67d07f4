"""The reactions a player sends at a network table (the reaction key, E by default): a short
fixed set on a small menu over the table, never free text. Each screen shows and says the
others' reactions ("Ann: Nice!"); one screen sends at most one every few seconds.

Controls: Up / Down, Tab, the labels' letters, Enter; Esc or the reaction key goes back.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.net.screen import REACTIONS
from game.scenes.menu import PanelMenu
from game.storage.bindings import Intent
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.net.screen import NetTable
    from game.scenes.context import Context


class ReactionsScene(PanelMenu):
    def __init__(self, ctx: Context, net: NetTable) -> None:
        self.net = net
        buttons = [Button("", partial(self.send, key)) for key in REACTIONS]
        super().__init__(ctx, buttons, tuple(REACTIONS.values()))

    def heading(self) -> str:
        # Translators: the title of the small menu of reactions at a network table.
        return _("Reactions")

    def _describe(self) -> str:
        # Translators: under the reactions' title: who sees the one chosen.
        return _("Everyone at the table sees and hears it")

    def spoken_screen(self) -> str:
        return self.heading()

    def kept_letters(self) -> frozenset[str]:
        """The reaction key closes the menu it opened, so no button takes its letter."""
        return super().kept_letters() | self.ctx.input.letters([Intent.REACT])

    def handle(self, event: pygame.event.Event) -> bool:
        if self.ctx.input.intent(event) is Intent.REACT:
            self.close_menu()
            return True
        return super().handle(event)

    def send(self, reaction: str) -> None:
        refusal = self.net.react(reaction)
        self.close_menu()
        if refusal:
            self.ctx.notify(refusal)
