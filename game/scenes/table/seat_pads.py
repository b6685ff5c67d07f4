"""The table's pads: which pad plays each seat bound to one (game.match.seats.SeatPads), a
bound seat's turn refused to other pads, rumble on a Yahtzee and on the upper bonus, and the
wait while a bound seat has no pad (unplugged, or a resumed match whose pads are not known
yet), with its panel.

While a seat waits the game stands still. A pad's A (on a pad no other seat holds) gives the
seat that pad; Backspace or a pad's B releases the seat, so any device plays it (saved with
the match). The pause key still opens the pause menu.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.match.seats import SeatPads, seating_key
from game.rules import Category
from game.rules import events as ev
from game.ui.input import Intent, is_press
from game.ui.pad_glyphs import button_glyph
from game.ui.pads import PAD_PRESS
from game.ui.text import wrap_text
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.match.session import Session
    from game.scenes.context import Context

# What any pad may do in another seat's turn: nothing that plays the turn.
ANYONE = frozenset(
    {
        Intent.PAUSE,
        Intent.HELP,
        Intent.KEY_HINTS,
        Intent.SKIP_CPU,
        Intent.SPEED_CPU,
        Intent.FULLSCREEN,
        Intent.READ_DICE,
        Intent.READ_BOX,
        Intent.READ_CARD,
        Intent.READ_OTHERS,
        Intent.READ_SCORES,
        Intent.READ_TURN,
    }
)


def thrills(events: Sequence[ev.Event]) -> bool:
    """A Yahtzee scored (or a bonus chip) or the upper bonus earned: worth a rumble."""
    for event in events:
        if isinstance(event, ev.UpperBonusEarned):
            return True
        if isinstance(event, ev.Scored) and (
            event.bonus_chip or (event.category is Category.YAHTZEE and event.points > 0)
        ):
            return True
    return False


class PadSeats:
    """The pads of one table's seats: taken over from the setup (or the table before with
    the same seats), checked on every press, and handed on when the table closes."""

    def __init__(self, ctx: Context, session: Session) -> None:
        self.ctx = ctx
        self.session = session
        self.seats = SeatPads(ctx.pads.seats_of(seating_key(session.seats)))
        self.said = ""  # the wait panel's last word (a refused claim)

    def close(self) -> None:
        """Hand the seats' pads on, for the next table with these seats (the match
        continued, or played again)."""
        self.ctx.pads.hand_over(seating_key(self.session.seats), self.seats.as_dict())

    # ----------------------------------------------------------------- who may play
    def waiting(self) -> int | None:
        """The first seat bound to a pad that is not plugged in: the game waits for it."""
        for seat, sitter in enumerate(self.session.seats):
            if sitter.pad and not self.ctx.pads.connected(self.seats.pad_of(seat)):
                return seat
        return None

    def refusal(self, event: pygame.event.Event, intent: Intent | None) -> str | None:
        """Why this press may not play the turn (another pad's seat), or None."""
        if event.type != PAD_PRESS or intent in ANYONE:
            return None
        player = self.session.state.player
        if intent is Intent.UNDO and self.session.game.last_actor is not None:
            player = self.session.game.last_actor  # undo is the move's maker's, not the next's
        pad = self.seats.pad_of(player)
        if pad is None or pad == event.instance_id:
            return None
        name = self.session.seats[player].name
        label = self.ctx.pads.label(pad)
        if label is None:  # its pad is gone (the wait for it comes next)
            return _("A pad plays this turn, for {name}").format(name=name)
        # Translators: {pad} is a game pad's label ("Pad 2"); {name} the player whose turn it is.
        return _("{pad} plays this turn, for {name}").format(pad=label, name=name)

    # ----------------------------------------------------------------- the wait
    def handle_wait(self, event: pygame.event.Event) -> bool:
        """A press while a seat waits for its pad: A on a free pad takes the seat, B or
        Backspace releases it. Every press is taken (the game stands still)."""
        seat = self.waiting()
        if seat is None or not is_press(event):
            return False
        intent = self.ctx.input.menu_intent(event)
        if event.type == PAD_PRESS and intent is Intent.CONFIRM:
            holder = self.seats.seat_of(event.instance_id)
            if holder is not None and holder != seat:
                name = self.session.seats[holder].name
                label = self.ctx.pads.label(event.instance_id) or ""
                # Translators: {pad} is a game pad's label ("Pad 2"); {name} a player.
                self.said = _("{pad} plays for {name}.").format(pad=label, name=name)
                return True
            self.seats.claim(seat, event.instance_id)
            self.said = ""
            self.ctx.play("click")
        elif intent is Intent.BACK:
            self.seats.drop(seat)
            self.session.release_pad(seat)
            self.said = ""
            self.ctx.play("click")
        return True

    def wait_lines(self, seat: int) -> list[str]:
        name = self.session.seats[seat].name
        lines = [
            _("Waiting for the pad of {name}").format(name=name),
            # Translators: {button} is a pad button as printed on the pad ("A", "Cross").
            _("Plug it in (or take a free pad) and press {button} on it.").format(
                button=self._glyph("a")
            ),
            _("Backspace or {button}: let any device play for {name}.").format(
                button=self._glyph("b"), name=name
            ),
        ]
        return [*lines, self.said] if self.said else lines

    def _glyph(self, button: str) -> str:
        return button_glyph(button, self.ctx.pads.glyphs or "xbox")

    # ----------------------------------------------------------------- rumble
    def rumble(self, events: Sequence[ev.Event], player: int) -> None:
        """A thrill for `player` shakes their pad (else the pad used last), if set to."""
        if not self.ctx.settings.rumble or not thrills(events):
            return
        pad = self.seats.pad_of(player)
        if pad is None and self.ctx.pads.glyphs is not None:
            pad = self.ctx.pads.last
        if pad is not None:
            self.ctx.pads.rumble([pad])

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The wait's panel over the table (nothing while no seat waits)."""
        seat = self.waiting()
        if seat is None:
            return
        theme, fonts = self.ctx.theme, self.ctx.fonts
        w, h = surface.get_size()
        width = min(w - 32, max(360, w // 2))
        head, body = fonts.get(30, bold=True), fonts.get(22)
        title, *rest = self.wait_lines(seat)
        lines = [(head, title)] + [
            (body, part) for line in rest for part in wrap_text(body, line, width - 48)
        ]
        height = sum(font.get_linesize() for font, _text in lines) + 48
        panel = pygame.Rect(0, 0, width, height)
        panel.center = (w // 2, h // 2)
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        draw_panel(surface, theme, panel)
        y = panel.top + 24
        for font, text in lines:
            image = font.render(text, True, theme.text)
            surface.blit(image, image.get_rect(midtop=(panel.centerx, y)))
            y += font.get_linesize()
