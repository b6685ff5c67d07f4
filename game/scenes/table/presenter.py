"""The presenter: how the table shows what the rules say happened. Each event becomes an
animation, a sound, a banner, a line of text and what speech says of it (announcer.py,
handed to the speaker as typed announcements). The rules decide; this only reveals.

It owns what is shown for a while (the message line and whose it is, the last move of the
seat before, the banner, the confetti, a scored box's glow, the start rolls) and the pause
before the results come up, all timed in seconds through game.anim.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, assert_never

import pygame

from game.anim import Tween, Wait
from game.i18n import _, ngettext, pgettext
from game.match.seats import lone_player
from game.rules import Category
from game.rules import events as ev
from game.scenes.table.announcer import Announcer, told_now
from game.scenes.table.messages import about, describe, prompt, roll_line, shout
from game.scenes.table.notes import SeatNote
from game.speech import Announcement
from game.ui.banner import Banner
from game.ui.confetti import Confetti, burst
from game.ui.pads import PAD_PRESS
from game.ui.scorecard_view import Flash

if TYPE_CHECKING:
    from game.anim.throw import Throw
    from game.match.session import Session
    from game.scenes.context import Context
    from game.ui.dice_tray import DiceTray
    from game.ui.layout import TableLayout
    from game.ui.theme import Colour

RESULTS_DELAY = 2.4  # s of celebration before the results show
FLASH_FADE = 1.2  # s for a scored box's glow to fade
TURN_BANNER = 1.2  # s


class Presenter:
    def __init__(
        self,
        ctx: Context,
        session: Session,
        tray: DiceTray,
        column_colour: Callable[[int], Colour],
        show_results: Callable[[], None],
    ) -> None:
        self.ctx = ctx
        self.session = session
        self.tray = tray
        self.column_colour = column_colour
        self.show_results = show_results
        self.message = ""
        self.owner: int | None = None  # the player the message is about (None: the one to play)
        # The roll's line and the player it is about, told when the dice land.
        self.after_landing: tuple[str, int | None] | None = None
        self.last_move: SeatNote | None = None  # the seat before's last line, for the next
        self.banner: Banner | None = None
        self.banner_after_landing: Banner | None = None  # what the throw decided, told after
        self.effects: list[Confetti] = []
        self.flash: Flash | None = None
        self.flash_fade: Tween | None = None
        self.start_rolls: dict[int, int] = {}  # column -> its start-roll total, this round
        self.start_again = False  # the leaders roll again after a tie: a round of their own
        self._tied = False  # a tie was told: the next start roll begins the round
        self.results_wait: Wait | None = None  # the pause before the results show
        self.announcer = Announcer(session)
        self.said_after_landing: list[Announcement] = []  # what the throw decided, said then

    # ----------------------------------------------------------------- state
    @property
    def results_in(self) -> float | None:
        """Seconds until the results show, or None when they are not coming."""
        wait = self.results_wait
        return None if wait is None else wait.seconds - wait.elapsed

    def results_after(self, seconds: float) -> None:
        self.results_wait = Wait(seconds)

    def cancel_results(self) -> None:
        self.results_wait = None

    @property
    def busy(self) -> bool:
        """Something shown is still moving (the results are on their way)."""
        return (
            self.banner is not None
            or self.banner_after_landing is not None
            or bool(self.effects)
            or self.flash is not None
            or self.results_wait is not None
        )

    def clear(self) -> None:
        """Nothing shown any more (the state jumped)."""
        self.banner = self.banner_after_landing = None
        self.effects = []
        self.drop_flash()
        self.results_wait = None
        self.start_rolls.clear()  # a replay's jump: its start roll is told again as played
        self.start_again = self._tied = False
        self.say("")
        self.after_landing = None
        self.said_after_landing = []
        self.last_move = None

    def say(self, text: str, player: int | None = None) -> None:
        """Put `text` on the message line, as a line about `player` (default: the one to play)."""
        self.message, self.owner = text, player

    def message_line(self) -> tuple[str, int | None]:
        """What the message line says, and about whom (None: the one to play): the message,
        else what the one to play is to do."""
        state = self.session.state
        text = self.message or prompt(state, self.session.seat.name) or " "
        about = self.owner if self.message and self.owner is not None else None
        return text, about

    def rolling(self, thrower: int) -> str:
        """The message line while `thrower`'s dice are in the air: "Ann rolls..."."""
        name = self.session.config.players[thrower]
        you, other = _("You roll..."), _("{name} rolls...")
        return about(name, you, other, player=thrower, own=self.session.own_seats)

    def drop_flash(self) -> None:
        """No scored box glows (the score was undone)."""
        self.flash = self.flash_fade = None

    def dismiss_banner(self, event: pygame.event.Event) -> None:
        """Any key, click or pad button dismisses an announcement."""
        pressed = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, PAD_PRESS)
        if self.banner is not None and event.type in pressed:
            self.banner = None

    # ----------------------------------------------------------------- time
    def update(self, dt: float) -> bool:
        """Advance what is shown; True while the results are waiting to come up."""
        for strength in self.tray.take_impacts():  # each hit the dice make, as hard as it was
            self.ctx.play("dice_land_1", 0.2 + 0.8 * strength)
        if not self.tray.rolling:
            if self.after_landing is not None:
                self.say(*self.after_landing)
                self.after_landing = None
            for phrase in self.said_after_landing:
                self.ctx.speech.announce(phrase)
            self.said_after_landing = []
            if self.banner_after_landing is not None:
                self.banner, self.banner_after_landing = self.banner_after_landing, None
        if self.banner is not None:
            self.banner.update(dt)
            if self.banner.done:
                self.banner = None
        for effect in self.effects:
            effect.update(dt)
        self.effects = [e for e in self.effects if not e.done]
        if self.flash_fade is not None:
            self.flash_fade.update(dt)
            if self.flash_fade.done:
                self.flash = self.flash_fade = None
        if self.results_wait is None:
            return False
        self.results_wait.update(dt)
        if self.results_wait.done:
            self.results_wait = None
            self.show_results()
        return True

    # ----------------------------------------------------------------- events
    def show(
        self,
        events: Sequence[ev.Event],
        speed: float,
        lay: TableLayout,
        thrown: Throw | None = None,
    ) -> None:
        """Animate a batch of events from one action. `speed` scales animation time (0: none);
        `thrown` is a roll's throw as another machine made it (a network table's host)."""
        # Long for a reason: one flat match with a case for each kind of event, then what is said.
        ctx, config, tray = self.ctx, self.session.config, self.tray
        own = self.session.own_seats  # a network table: the seats played at this screen
        thrower: int | None = None  # the player whose dice left the cup in this batch
        banner_before = self.banner
        turn_to: int | None = None  # the player whose turn started in this batch
        spoken = self.announcer.batch(events, brief=not ctx.speech.full)
        for event in events:
            text = describe(event, config, own)
            if text:
                self.say(text, self._about(event))
            match event:
                case ev.RollOffRolled():
                    if self._tied:  # the leaders' round, told apart from the one before
                        self.start_rolls.clear()
                        self._tied, self.start_again = False, True
                    self.start_rolls[event.column] = sum(event.dice)
                    tray.roll(event.dice, (True,) * len(event.dice), speed, thrown)
                    thrower = event.player
                    ctx.play("dice_rattle" if speed > 0 else "dice_land_1")
                case ev.Rolled():
                    tray.roll(event.dice, event.rolled, speed, thrown)
                    thrower = event.player
                    ctx.play("dice_rattle" if speed > 0 else "dice_land_1")
                    self.say(roll_line(event, config, own=own), event.player)
                case ev.HoldChanged():
                    tray.set_held(event.die, event.held)
                    ctx.play("hold" if event.held else "release", 0.6)
                case ev.Scored():
                    self._scored(event, lay)
                    # (a roll's line kept for its landing is old news once it is scored: at
                    # a network table the score may come before this screen's dice land)
                    self.after_landing = None
                case ev.UpperBonusEarned():
                    sub = f"+{config.card.upper_bonus}"
                    self.celebrate(_("Upper bonus!"), sub, event.column, lay, small=True)
                    ctx.play("bonus")
                case ev.TurnStarted():
                    self._turn_started(event)
                    turn_to = event.player
                case ev.OrderDecided():
                    first = config.column_name(event.order[0])
                    colour = self.column_colour(event.order[0])
                    you, other = _("You play first"), _("{name} plays first")
                    lead = config.columns[event.order[0]]
                    player = lead[0] if len(lead) == 1 else None
                    text = about(first, you, other, player=player, own=own)
                    self.banner = Banner(text, colour, 1.3)
                case ev.RollOffTied():
                    self._tied = True
                    sub = _("The leaders roll again")
                    self.banner = Banner(_("Tied!"), ctx.theme.accent, 1.0, sub=sub)
                case ev.TieBreakStarted():
                    sub = _("One more turn each: the dice total counts")
                    self.banner = Banner(_("Tie-breaker!"), ctx.theme.accent, 1.6, sub=sub)
                    tray.put_away()
                case ev.TieBreakStood():
                    tray.put_away()
                case ev.GameStarted():
                    self._game_started(event)
                case ev.GameOver():
                    self._game_over(event, speed, lay)
                case ev.MatchOver():
                    pass  # the results screen shows the match
                case _:
                    assert_never(event)
        if turn_to is not None and self.owner != turn_to:
            # Another player's turn: the message line asks them; what the seat before did
            # stays beside it, under that seat's name, until the new player rolls.
            if self.message and self.owner is not None:
                self.last_move = SeatNote.now(self.message, self.owner, self.session.state)
            self.say("")
        if thrower is not None:
            start = any(isinstance(e, ev.RollOffRolled) for e in events)
            throw = self.announcer.throw(thrower, start)
            spoken = ([throw] if throw is not None else []) + spoken
        now, later = told_now(spoken) if tray.rolling else (spoken, [])
        for phrase in now:
            ctx.speech.announce(phrase)
        self.said_after_landing += later
        if thrower is not None and tray.rolling:
            # The dice are in the air: what they show is told when they land, so the throw
            # keeps its suspense.
            # The line is about the thrower (its dot, and the start roll's tinted column),
            # even when the batch also started the next player's turn.
            self.after_landing = (self.message, self.owner)
            self.say(self.rolling(thrower), thrower)
            if self.banner is not banner_before:  # "Ada plays first", "Tied!": after the landing
                self.banner_after_landing, self.banner = self.banner, banner_before

    def _about(self, event: ev.Event) -> int | None:
        """The player an event is about: its player, else its column's first player."""
        player: int | None = getattr(event, "player", None)
        if player is not None:
            return player
        column = getattr(event, "column", None)
        return None if column is None else self.session.config.columns[column][0]

    def _scored(self, event: ev.Scored, lay: TableLayout) -> None:
        self.flash = Flash(event.column, event.category, 1.0)
        self.flash_fade = Tween(self.flash, "strength", 0.0, FLASH_FADE)
        self.tray.put_away()
        card = self.session.config.card
        five = event.category is Category.YAHTZEE and event.points == card.five_alike_points
        big = event.bonus_chip or five
        if big:
            if event.bonus_chip:
                sub = _("+{points} bonus").format(points=card.chip_points)
            else:
                sub = points_text(event.points)
            self.celebrate(shout(self.session.config), sub, event.column, lay)
            self.ctx.play("yahtzee")
        else:
            self.ctx.play("score" if event.points else "zero")

    def _turn_started(self, event: ev.TurnStarted) -> None:
        session = self.session
        seat = session.seats[event.player]
        self.tray.put_away()
        if not seat.is_cpu and (session.person_count > 1 or len(session.seats) > 1):
            own = session.own_seats
            theirs = own is not None and event.player not in own
            # Translators: a banner at a network table: a player at another computer plays.
            text = _("{name} plays").format(name=seat.name) if theirs else None
            self.banner = Banner(
                text
                or about(
                    seat.name, _("Your turn"), _("Your turn, {name}"), player=event.player, own=own
                ),
                self.column_colour(event.column),
                TURN_BANNER * max(0.3, self.ctx.animation_scale),
            )
            self.ctx.play("turn", 0.7)

    def _game_started(self, event: ev.GameStarted) -> None:
        self.tray.sync(None)
        self.start_rolls.clear()
        self.start_again = self._tied = False
        if event.game_index > 0:
            # The results of the game before are not coming now: at a network table the
            # host may start the next game before this screen's results came up (a slow
            # line); they would show over the new game.
            self.results_wait = None
            # Translators: a banner of two lines, the first large ("Game 2"), the second small
            # under it ("of 3"); keep the line break where your language breaks the phrase.
            text = pgettext("banner", "Game {number}\nof {games}").format(
                number=event.game_index + 1, games=self.session.config.games
            )
            title, _newline, sub = text.partition("\n")
            self.banner = Banner(title, self.ctx.theme.accent, 1.3, sub=sub)

    def _game_over(self, event: ev.GameOver, speed: float, lay: TableLayout) -> None:
        config = self.session.config
        winner = event.winners[0]
        column = config.competitors[winner][0]
        points = points_text(max(event.totals))
        if len(event.totals) == 1:  # solitaire: no one to beat; the results tell the records
            self.banner = Banner(_("Game over"), self.column_colour(column), 1.8, sub=points)
        else:
            if len(event.winners) > 1:
                title = _("Shared win!")
            else:
                name = config.competitor_name(winner)
                you, other = _("You win!"), _("{name} wins!")
                player = lone_player(config, winner)
                title = about(name, you, other, player=player, own=self.session.own_seats)
            self.celebrate(title, points, column, lay)
        self.ctx.play("win")
        self.results_after(RESULTS_DELAY * max(0.25, speed))

    def celebrate(
        self, title: str, sub: str, column: int, lay: TableLayout, small: bool = False
    ) -> None:
        """A banner in the column's colour and, unless motion is reduced, confetti."""
        ctx = self.ctx
        self.banner = Banner(title, self.column_colour(column), 1.2 if small else 1.8, sub=sub)
        if ctx.settings.reduced_motion:
            return
        origin = (lay.tray.centerx, lay.tray.bottom)
        colours = list(ctx.theme.players) + [ctx.theme.focus]
        seed = self.tray.rng.randrange(2**30)
        count = 50 if small else 120
        self.effects.append(burst(origin, colours, random.Random(seed), count, lay.unit))


def points_text(points: int) -> str:
    """'50 points', '1 point': a count of points in the language in use."""
    return ngettext("{points} point", "{points} points", points).format(points=points)
