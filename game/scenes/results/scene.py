"""The results of a finished game (and of the match, when it has several games).

Shown by the table when a game ends, on top of it. Every column's final card in brief (upper
boxes, bonus, lower boxes, Yahtzee bonus, total), who won (a shared win, or the tie-breaker's
outcome), and the match standings game by game. A solitaire game has no winner and no
trophy: its score stands beside the player's personal best and average from the records.

Controls:
    Left / Right, Up / Down, Tab / Shift+Tab   move the focus over the buttons
    Enter            the focused button (Next game, or Play again, is focused first)
    F1               rules and help; Esc, at the end of a replay: Back
    N / P / R / E / T   Next game, Play again, Review (the coach's), Replay, Title
    F6 / F7          say the results again; F4 / F5 each card's totals in turn
Mouse: hover focuses a button, a click presses it.

At the end of a replay (game.match.replay.ReplaySession) the buttons are Next game (between the
games of a match), Review, Watch again (W) and Back (B, out of the replay).

The letters are English's: each button's letter comes from its label as shown
(widgets.letter_shortcuts), so they follow the language, and the button shows it.

This module is the scene: its buttons, their actions, the input and the drawing. What it
says is worked out in summary.py; layout.py lays the screen out into a frozen value that
draw() reads; the trophy is drawn by game.ui.celebration, the confetti by game.ui.confetti.
"""

from __future__ import annotations

import dataclasses
import logging
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, pgettext
from game.match.replay import ReplaySession
from game.match.session import Session
from game.rules import IllegalAction, NextGame, Phase
from game.scenes.menu import ButtonMenu
from game.scenes.nav import AfterResults, NetResults, Question
from game.scenes.results.layout import ResultsLayout, lay_out
from game.scenes.results.summary import (
    PersonalRecord,
    TableRow,
    Verdict,
    filed_places,
    game_verdict,
    match_rows,
    personal_record,
    results_phrase,
    telling_places,
)
from game.speech import Announcement, Told, phrases
from game.storage.profiles import profile_for_seat
from game.ui.celebration import GOLD, GOLD_LIGHT
from game.ui.confetti import Confetti, fall
from game.ui.input import READ_INTENTS, Intent, is_back, is_press
from game.ui.spoken import Focus
from game.ui.widgets import Button, FeltBackground, draw_panel

if TYPE_CHECKING:
    from game.net.screen import NetTable
    from game.scenes.context import Context
    from game.ui.theme import Colour

log = logging.getLogger(__name__)

CONFETTI_PIECES = 70
FILING_RETRY = 5.0  # s between tries to file a finished game the records refused
START_WAIT = 5.0  # s the host's Next game or Play again waits for its move before it may
# be pressed again (as long as a screen waits for its action's answer: net.screen)


class ResultsScene(ButtonMenu):
    def __init__(self, ctx: Context, session: Session, table: NetResults | None = None) -> None:
        self.ctx = ctx
        self.felt = FeltBackground()
        self.session = session
        # A network table under these results: they follow it while they show, and leave
        # for it when the host starts the match's next game or a new match there.
        self.table = table
        net = None if table is None else table.net
        self.following = net is not None
        self.between = session.state.phase is not Phase.MATCH_OVER  # a game of the match next
        self.starting: float | None = None  # when the host's Next game or Play again went
        self.told = False  # a friend under Review or Help told the host began the next game
        self.next_filing = time.monotonic() + FILING_RETRY
        places = filed_places(session, ctx.storage.last_finished)
        if places:
            config = session.config
            held = len(ctx.storage.high_scores(config.variant.value, config.games))
            places = telling_places(session, places, held)
        record = self._personal_record()
        self.verdict = game_verdict(session, record, places, waiting=self._waiting())
        if net is not None and not net.starts_games:
            self.verdict = self._who_starts(self.verdict, net.host_name)
        over = session.state.phase is Phase.MATCH_OVER
        if isinstance(session, ReplaySession):
            buttons = self._replay_buttons(session)
        elif net is not None and net.starts_games:
            buttons = [
                Button(_("Next game"), self.next_net_game, primary=True)
                if self.between
                else Button(_("Play again"), self.play_net_again, primary=True),
                Button(_("Review"), self.review),
                Button(pgettext("action", "Replay"), self.watch_replay),
                Button(_("Title"), self.to_title),
            ]
        elif session.networked:  # a friend's: what comes next is the host's to start
            buttons = [
                Button(_("Title"), self.to_title, primary=True),
                Button(_("Review"), self.review),
                Button(pgettext("action", "Replay"), self.watch_replay),
            ]
        else:
            if over or session.state.phase is not Phase.GAME_OVER:
                # TRANSLATORS: starts a new game with the same players; it stands beside "Replay"
                # (watch the finished game again), so the two must not read alike.
                buttons = [Button(_("Play again"), self.play_again, primary=True)]
            else:
                buttons = [Button(_("Next game"), self.next_game, primary=True)]
            buttons += [
                Button(_("Review"), self.review),
                # Translators: a button: play the match back on the table.
                Button(pgettext("action", "Replay"), self.watch_replay),
                # Translators: back to the title screen.
                Button(_("Title"), self.to_title),
            ]
        super().__init__(ctx, buttons)
        self.size = (0, 0)
        self.confetti = self._make_confetti()
        self.lay = ResultsLayout()
        self._said = False  # the results said as they came up
        self._card = 0  # the card F4 / F5 read last

    # ----------------------------------------------------------------- speech
    @property
    def passing(self) -> bool:
        """On top again only to go on to the next game, which the host began while the
        friend read the review or help (and was told so): nothing of these results is said
        again, and the table says where its game stands."""
        return self.told and self.following

    def spoken_screen(self) -> str:
        # Translators: said aloud as the results screen comes up; who won follows.
        return "" if self.passing else _("Results")

    def spoken_focus(self) -> Focus | None:
        return None if self.passing else super().spoken_focus()

    def spoken_news(self) -> list[Announcement]:
        """Who won, the scores, the detail: said once as the results come up (F6 says them
        again)."""
        if self._said or self.passing:
            return []
        self._said = True
        return [Announcement(results_phrase(self.session, self.verdict), Told.RESULT)]

    def read(self, intent: Intent) -> bool:
        """The read keys on the results: F6 (and F7) the results again, F4 / F5 each card's
        totals in turn."""
        state = self.session.state
        if intent in (Intent.READ_SCORES, Intent.READ_TURN):
            said = results_phrase(self.session, self.verdict)
        elif intent in (Intent.READ_CARD, Intent.READ_OTHERS):
            columns = len(state.config.columns)
            self._card = (self._card + (1 if intent is Intent.READ_OTHERS else 0)) % columns
            said = phrases.read_card(state, self._card)
        else:
            return False
        self.ctx.speech.say(said)
        return True

    # What the layout placed, as the tests and the snapshot tool look at it.
    @property
    def banner(self) -> pygame.Rect:
        return self.lay.banner

    @property
    def tables(self) -> list[pygame.Rect]:
        return list(self.lay.tables)

    @property
    def highlights(self) -> list[pygame.Rect]:
        return list(self.lay.highlights)

    @property
    def texts(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        return list(self.lay.texts)

    # ----------------------------------------------------------------- who is who

    def competitor_colour(self, competitor: int) -> Colour:
        config = self.session.config
        column = config.competitors[competitor][0]
        return self.column_colour(column)

    def column_colour(self, column: int) -> Colour:
        player = self.session.config.columns[column][0]
        return self.ctx.theme.player(self.session.seats[player].colour)

    def _make_confetti(self) -> Confetti:
        rng = random.Random(self.session.seed)  # cosmetic, and the same on every showing
        colours = [self.competitor_colour(i) for i in self.verdict.winners] + [GOLD, GOLD_LIGHT]
        quiet = self.ctx.settings.reduced_motion or self.ctx.animation_scale == 0
        return fall(colours, rng, 0 if quiet or not self.verdict.winners else CONFETTI_PIECES)

    def _personal_record(self) -> PersonalRecord | None:
        """A solitaire player's best and average from the records (not for a replay: the
        game is an old one)."""
        session = self.session
        if isinstance(session, ReplaySession) or len(session.config.players) != 1:
            return None
        name = profile_for_seat(session.seats[0])
        if name is None or self._waiting():
            return None  # a guest; or not in the records yet: no best or average claimed
        card = session.config.card.id  # each card keeps its own records
        stats = self.ctx.storage.profile_stats(name, card)
        scores = [result.totals[0] for result in session.state.results]
        return personal_record(stats, scores, session.state.phase is Phase.MATCH_OVER)

    def _waiting(self) -> bool:
        """Whether this finished match is waiting to be filed (the records refused it; it
        is filed as soon as they take it): not a guest's, only not on record yet."""
        session = self.session
        if isinstance(session, ReplaySession) or session.state.phase is not Phase.MATCH_OVER:
            return False
        return not self.ctx.storage.is_filed_yet(session.game)

    def _match_rows(self) -> list[TableRow]:
        """The match table's rows (header first), as the layout shows them."""
        return match_rows(self.session, self.competitor_colour)

    # ----------------------------------------------------------------- actions

    def _kept(self) -> bool:
        """File what the records refused before, if they take it now; whether every finished
        game is at least kept on disk (filed, or in the unfiled folder to be filed later)."""
        storage = self.ctx.storage
        if storage.unfiled_count() and storage.file_unfiled(quiet=True) == 0:
            self.ctx.unsaved = False
        return storage.unfiled_unkept() == 0

    def next_game(self) -> None:
        try:
            self.session.apply(NextGame())
        except IllegalAction as refusal:
            self.ctx.notify(str(refusal).capitalize())
            return
        self.ctx.play("click")
        self.ctx.stack.pop(AfterResults.NEXT_GAME)

    def _who_starts(self, verdict: Verdict, host: str) -> Verdict:
        """A friend's results at a network table say who starts what comes next."""
        if self.between:
            # Translators: on a friend's results between the games of a network match;
            # {name} is the host's, who says when the next game begins (not who plays
            # first in it: "starts" was read so).
            told = _("The next game begins when {name} is ready.").format(name=host)
        else:
            # Translators: on a friend's results after a network match; {name} is the
            # host's, who may start a new match with the same seats.
            told = _("{name} may start a new match at this table.").format(name=host)
        detail = " ".join(text for text in (verdict.detail, told) if text)
        return dataclasses.replace(verdict, detail=detail)

    def next_net_game(self) -> None:
        """The host starts the network match's next game: every screen goes back to the
        table when the host's move comes (`update`)."""
        self._start(lambda net: net.next_game())

    def play_net_again(self) -> None:
        """The host starts a new match at the network table, with the same seats: every
        screen opens its table afresh on it when it comes (`update`)."""
        self._start(lambda net: net.play_again())

    def _start(self, send: Callable[[NetTable], bool]) -> None:
        """Send the host's start once (again only after START_WAIT with no move back)."""
        net = None if self.table is None else self.table.net
        if self.starting is not None or net is None or not send(net):
            return
        self.starting = time.monotonic()
        self.ctx.play("click")

    def play_again(self, confirmed: bool = False) -> None:
        if not confirmed and not self._kept():
            # TRANSLATORS: asked at Play again when the game just finished could not be
            # written anywhere (the records and the disk both refused it).
            question = _("Your finished game could not be saved. Start a new one anyway?")
            detail = self.ctx.storage.unkept_detail()  # the cause and its remedy
            retry = lambda: self.play_again(confirmed=True)  # noqa: E731
            self.ctx.nav.confirm(Question(question, retry, focus_yes=False, detail=detail))
            return
        self.ctx.play("click")
        config, seats = self.session.config, self.session.seats
        played = self.ctx.storage.played_before(seats, config.card)
        self.ctx.nav.table(Session.new(config, seats, played_before=played))

    def to_title(self) -> None:
        self.ctx.nav.title()

    def review(self) -> None:
        """The coach's review of the game just finished."""
        self.ctx.play("click")
        self.ctx.nav.review_session(self.session)

    def watch_replay(self) -> None:
        """The match so far, played back on the table from its first roll."""
        self.ctx.play("click")
        self.ctx.nav.replay(ReplaySession.from_session(self.session))

    # ----------------------------------------------------------------- at the end of a replay

    def _replay_buttons(self, session: ReplaySession) -> list[Button]:
        more = not session.finished
        first = (
            Button(_("Next game"), self.next_game, primary=True)
            if more
            else Button(_("Review"), self.review, primary=True)
        )
        rest = [Button(_("Review"), self.review)] if more else []
        return [
            first,
            *rest,
            Button(_("Watch again"), self.watch_again),
            Button(_("Back"), self.leave_replay),
        ]

    def watch_again(self) -> None:
        self.ctx.stack.pop(AfterResults.WATCH_AGAIN)

    def leave_replay(self) -> None:
        """Out of the replay, back to where it was opened from."""
        self.ctx.stack.pop(AfterResults.LEAVE)

    # ----------------------------------------------------------------- input and time

    def handle(self, event: pygame.event.Event) -> bool:
        intent = self.ctx.input.intent(event)
        if intent in READ_INTENTS and self.read(intent):
            return True
        used, intent = self.handle_menu(event)
        if used or not is_press(event):
            return used
        if intent is Intent.HELP:
            self.ctx.nav.help()
            return True
        if is_back(intent) and isinstance(self.session, ReplaySession):
            self.leave_replay()  # as Back: a finished game's own results are left by a button
            return True
        return False

    def update(self, dt: float) -> None:
        if self.animating:
            self.confetti.update(dt)
        if self.following and self.table is not None and not self.ctx.stack.changing:
            self._follow(self.table)  # (after what a press this frame opened or left)
        now = time.monotonic()
        if self.ctx.storage.unfiled_count() and now >= self.next_filing:
            # A finished game the records refused: filed as soon as they take it again.
            self.next_filing = now + FILING_RETRY
            self._kept()

    def _follow(self, table: NetResults, on_top: bool = True) -> None:
        """What the host's network table did (said and shown on the table under these
        results); back to it once the match's next game has begun (a friend under Review
        or Help is told so, and goes on to it from here). A new match there opens the table
        afresh (`follow_net`), as a friend who left does the title."""
        if self.starting is not None and time.monotonic() - self.starting > START_WAIT:
            self.starting = None  # refused, or lost: it may be pressed again
        if not table.follow_net(leave=self.between):
            self.following = False  # the table was left (the title, or the table afresh),
            return  # or closed for good after the match: these results stay
        if self.session.state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            return
        net = table.net
        if on_top:
            self.following = False
            self.ctx.stack.pop(AfterResults.NEXT_GAME)
        elif not self.told and net is not None and not net.starts_games:
            self.told = True
            # Translators: a notice over the review or help of a friend at a network table:
            # the host ({name}) began the match's next game.
            self.ctx.notify(_("{name} began the next game").format(name=net.host_name))

    def covered(self, dt: float) -> None:
        """Under Review, Replay or Help between a network match's games the table is still
        followed until the host begins the next game, and a friend told so (else their turn
        would wait unseen); the moves after it are shown when they are back here."""
        table = self.table
        if not self.following or not self.between or self.told or table is None:
            return
        if not self.ctx.stack.changing:
            self._follow(table, on_top=False)

    @property
    def animating(self) -> bool:
        return bool(self.confetti.pieces) and not self.confetti.done

    @property
    def age(self) -> float:
        """Seconds of confetti so far."""
        return self.confetti.age

    # ----------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.fit(size, theme)
        self.lay = lay_out(
            size,
            theme,
            fonts,
            self.session,
            self.verdict,
            self.buttons,
            self.column_colour,
            self.competitor_colour,
        )

    def draw(self, surface: pygame.Surface) -> None:
        theme, fonts, lay = self.ctx.theme, self.ctx.fonts, self.lay
        self.felt.draw(surface, theme)
        if self.animating:  # on the felt only: it must not hide a score
            self.confetti.draw(surface)
        draw_panel(surface, theme, lay.banner)
        colours = [self.competitor_colour(i) for i in self.verdict.winners]
        if colours:  # the winner's colour frames the banner
            pygame.draw.rect(
                surface,
                colours[0],
                lay.banner,
                max(3, lay.banner.height // 30),
                max(6, lay.banner.height // 12),
            )
            if lay.trophy_image is not None:
                surface.blit(lay.trophy_image, lay.trophy)
        for rect in lay.tables:
            draw_panel(surface, theme, rect)
        for rect in lay.highlights:
            pygame.draw.rect(surface, theme.panel_alt, rect, 0, max(2, rect.height // 5))
        for rect, colour in lay.stripes:
            pygame.draw.rect(surface, colour, rect, 0, max(1, rect.width // 2))
        for image, rect in lay.texts:
            surface.blit(image, rect)
        self.ring.draw(surface, theme, fonts)
