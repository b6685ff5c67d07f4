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

from game.i18n import N_, _, translate
from game.rules import Phase
from game.scenes.menu import PanelMenu
from game.scenes.nav import Question
from game.ui.input import Intent
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.match.session import Session
    from game.net.screen import NetTable
    from game.scenes.context import Context

# The buttons' labels, translated at each layout: Settings may change the language meanwhile.
LABELS = (N_("Resume"), N_("Settings"), N_("Rules & help"), N_("Quit to title"))


class PauseScene(PanelMenu):
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

    def kept_letters(self) -> frozenset[str]:
        """The pause key closes the menu it opened (P, P), so no button takes its letter."""
        return super().kept_letters() | self.ctx.input.letters([Intent.PAUSE])

    def heading(self) -> str:
        return _("Paused")

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
        self.close_menu()

    def quit_to_title(self) -> None:
        def leave() -> None:
            self.ctx.save_session(self.session, soon=False)  # it is; this makes sure of it
            self.ctx.nav.title()

        self.ctx.settle_saves()  # the question says whether the last moves were saved
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
