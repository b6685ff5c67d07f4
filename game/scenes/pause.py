"""The pause menu over the table: the game stands still under a dimmed veil.

Controls:
    Esc / P / Backspace   resume
    Up / Down, Tab / Shift+Tab   move the focus
    Enter            the focused item
    R / S / H / Q    Resume, Settings, Rules & help, Quit to title (the labels' letters in
                     the language in use, never the pause key's own)
    Remove Bob       at a table this screen hosts: take a friend's seat away (asked first;
                     a CPU plays it to the end, and everyone is told)
    F1               rules and help
Mouse: hover focuses an item, a click chooses it.

Quitting mid-game asks first; the game was saved after its last action, so the title's
Continue picks it up again.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, translate
from game.rules import Phase
from game.scenes.menu import ButtonMenu
from game.scenes.nav import Question
from game.ui.input import Intent, is_back, is_press
from game.ui.text import ellipsize
from game.ui.units import layout_unit
from game.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from game.match.session import Session
    from game.net.screen import NetTable
    from game.scenes.context import Context

PANEL_WIDTH = 420  # px at unit scale
# The buttons' labels, translated at each layout: Settings may change the language meanwhile.
LABELS = (N_("Resume"), N_("Settings"), N_("Rules & help"), N_("Quit to title"))


class PauseScene(ButtonMenu):
    opaque = False

    def __init__(self, ctx: Context, session: Session, net: NetTable | None = None) -> None:
        self.session = session
        self.net = net
        buttons = [
            Button(
                translate(LABELS[0]),
                self.resume_game,
                primary=True,
                hint=lambda: ctx.input.label("pause"),
            ),
            Button(translate(LABELS[1]), lambda: self.ctx.nav.settings()),
            Button(translate(LABELS[2]), lambda: self.ctx.nav.help()),
            Button(translate(LABELS[3]), self.quit_to_title),
            *self._remove_buttons(net),
        ]
        super().__init__(ctx, buttons, LABELS)
        self.size = (0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._veil: pygame.Surface | None = None
        self._texts: list[tuple[pygame.Surface, pygame.Rect]] = []

    def kept_letters(self) -> frozenset[str]:
        """The pause key closes the menu it opened (P, P), so no button takes its letter."""
        return super().kept_letters() | self.ctx.input.letters([Intent.PAUSE])

    def resume(self, result: object = None) -> None:
        # Back from Settings: the theme or the text size may have changed.
        if self.size != (0, 0):
            self.layout(self.size)

    def _remove_buttons(self, net: NetTable | None) -> list[Button]:
        """At a table this screen hosts, one button per friend playing: take their seat away."""
        from game.net.ends import HostEnd

        if net is None or not isinstance(net.end, HostEnd):
            return []
        buttons = []
        for player, seat in enumerate(net.table.seats):
            name = seat.name
            if seat.kind == "friend" and name and (seat.online or seat.level is None):
                # Translators: the host takes a friend's seat away ({name}: the friend's).
                label = _("Remove {name}").format(name=name)
                buttons.append(Button(label, partial(self.remove, player, name)))
        return buttons

    # ----------------------------------------------------------------- actions
    def remove(self, player: int, name: str) -> None:
        """Ask, then take the friend's seat away: a CPU plays it from now on."""
        from game.net.ends import HostEnd

        end = self.net.end if self.net is not None else None
        if not isinstance(end, HostEnd):
            return

        def take_away() -> None:
            end.remove(player)
            self.ctx.stack.pop()  # the table again (the question has closed itself)

        self.ctx.nav.confirm(
            Question(
                # Translators: the host is about to take a friend's seat at a network table.
                _("Remove {name} from the table?").format(name=name),
                take_away,
                yes_label=_("Remove"),
                no_label=_("Keep playing"),
                detail=_("A CPU plays their seat to the end of the match."),
                focus_yes=False,
            )
        )

    def resume_game(self) -> None:
        self.ctx.stack.pop()

    def quit_to_title(self) -> None:
        def leave() -> None:
            self.ctx.save_session(self.session)  # it already is; this makes sure of it
            self.ctx.nav.title()

        if self.session.state.phase is Phase.MATCH_OVER:
            leave()
            return
        self.ctx.nav.confirm(
            Question(
                # TRANSLATORS: asks whether to leave the game for the title screen; the yes button
                # says "Quit".
                _("Quit to the title?"),
                leave,
                yes_label=_("Quit"),
                no_label=_("Keep playing"),
                detail=(
                    _(
                        "Your last moves could not be saved: the disk refused them. If you "
                        "quit, Continue goes back to the last move that was saved."
                    )
                    if self.ctx.unsaved
                    else _("Your game is saved; you can continue it from the title.")
                ),
            )
        )

    # ----------------------------------------------------------------- input
    def spoken_screen(self) -> str:
        return _("Paused")

    def handle(self, event: pygame.event.Event) -> bool:
        used, intent = self.handle_menu(event)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            return True  # the table underneath must not react to the mouse
        if not is_press(event):
            return False
        if used:
            return True
        if is_back(intent):
            self.resume_game()
        elif intent is Intent.HELP:
            self.ctx.nav.help()
        return True  # a modal swallows every key: no rolling under the menu

    # ----------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        unit = layout_unit(size)
        theme, fonts = self.ctx.theme, self.ctx.fonts
        pad = round(28 * unit)
        width = min(round(PANEL_WIDTH * unit), w - 16)
        button_h = max(28, round(52 * unit))
        gap = round(14 * unit)
        self.relabel()
        title_font = fonts.get(44 * unit, bold=True)
        info_font = fonts.get(20 * unit)
        title = title_font.render(_("Paused"), True, theme.text)
        info = info_font.render(
            ellipsize(info_font, self._describe(), width - 2 * pad), True, theme.text_dim
        )
        height = pad + title.get_height() + gap // 2 + info.get_height() + gap * 2
        height += len(self.buttons) * (button_h + gap) - gap + pad
        if height > h - 16:  # a very short window: squeeze the buttons, keep them whole
            spare = h - 16 - (height - len(self.buttons) * button_h)
            button_h = max(20, spare // len(self.buttons))
            height = h - 16
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (w // 2, h // 2)
        y = self.panel.top + pad
        self._texts = [(title, title.get_rect(midtop=(self.panel.centerx, y)))]
        y += title.get_height() + gap // 2
        self._texts.append((info, info.get_rect(midtop=(self.panel.centerx, y))))
        y += info.get_height() + gap * 2
        for button in self.buttons:
            button.rect = pygame.Rect(self.panel.left + pad, y, width - 2 * pad, button_h)
            y += button_h + gap
        self._veil = pygame.Surface(size, pygame.SRCALPHA)
        self._veil.fill(theme.overlay)

    def _describe(self) -> str:
        config = self.session.config
        variant = translate(config.variant.label)
        if config.games == 1:
            # Translators: {variant} is the rule variant's name (Official, Free, Simple).
            return _("{variant} rules").format(variant=variant)
        game = min(self.session.state.game_index + 1, config.games)
        return _("Game {game} of {games} \u00b7 {variant} rules").format(
            game=game, games=config.games, variant=variant
        )

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.ctx.theme
        if self._veil is not None:
            surface.blit(self._veil, (0, 0))
        draw_panel(surface, theme, self.panel)
        for image, rect in self._texts:
            surface.blit(image, rect)
        self.ring.draw(surface, theme, self.ctx.fonts)
