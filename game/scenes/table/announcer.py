"""What the table says of each event: the presenter hands it the rules' events as they are
shown, and gets back typed announcements (game.speech.announce) made from their values.

At full verbosity every roll, hold, reason and score is said. At Brief a CPU's turn is one
phrase said when it scores (whose turn, how many rolls, its last dice, the box, the points
and the new total): the words go, what happened stays. A turn skipped (S) is summed up the
same way at any verbosity.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, assert_never

from game.i18n import _, ngettext
from game.rules import Category
from game.rules import events as ev
from game.scenes.table.messages import about, box_name, describe, game_of, roll_line
from game.speech import Announcement, Told
from game.speech.phrases import dice_words, hold_changed

if TYPE_CHECKING:
    from game.match.session import Session


@dataclass
class CpuTurn:
    """A CPU's turn so far, for the one phrase that sums it up."""

    player: int
    rolls: int = 0
    dice: tuple[int, ...] = ()


@dataclass
class Announcer:
    session: Session
    summing: CpuTurn | None = None  # a CPU turn being summed up (Brief, or skipped)
    scored: list[int] = field(default_factory=list)  # columns scored in this batch

    def throw(self, player: int, start: bool = False) -> Announcement | None:
        """'Ada rolls...' as the dice leave the cup (None while a CPU turn is summed up)."""
        if self.summing is not None and self.summing.player == player:
            return None
        name, own = self.session.config.players[player], self.session.own_seats
        if start:
            # Translators: said aloud as a player's start-roll dice leave the cup.
            you = _("You roll for the start...")
            # Translators: said aloud as a player's start-roll dice leave the cup.
            text = about(name, you, _("{name} rolls for the start..."), player=player, own=own)
        else:
            # Translators: said aloud as the dice leave the cup (their faces follow).
            you = _("You roll...")
            # Translators: said aloud as another player's dice leave the cup.
            text = about(name, you, _("{name} rolls..."), player=player, own=own)
        return Announcement(text, Told.THROW, player)

    def batch(self, events: Sequence[ev.Event], brief: bool) -> list[Announcement]:
        """The phrases of one action's events, in order (`brief`: sum a CPU's turn up); a
        score's new total right after it (and its bonus), before the next turn's."""
        said: list[Announcement] = []
        self.scored = []
        for event in events:
            if not isinstance(event, (ev.Scored, ev.UpperBonusEarned)):
                said += self._totals()
            said += self.event(event, brief)
        return said + self._totals()

    def _totals(self) -> list[Announcement]:
        """The new total of each card scored since last asked."""
        state = self.session.state
        said = []
        for column in self.scored:
            name = state.config.column_name(column)
            total = state.cards[column].total
            # Translators: said aloud right after a score: the card's new total.
            yours = _("Your total: {total}")
            # Translators: said aloud right after a score: another card's new total ({name}
            # is a player or a team); "total" as the card's Total row calls it.
            players = state.config.columns[column]
            player = players[0] if len(players) == 1 else None  # a team's card: never "you"
            own = self.session.own_seats
            text = about(
                name, yours, _("{name}: total {total}"), player=player, own=own, total=total
            )
            said.append(Announcement(text, Told.SCORED, state.config.columns[column][0]))
        self.scored = []
        return said

    def _summed(self, player: int, brief: bool, rolling: bool = False) -> CpuTurn | None:
        """The CPU turn being summed up, if `player`'s is (at Brief, or skipped); begun
        here if need be, with the rolls made so far (`rolling`: this one not yet counted)."""
        summing = self.summing
        if summing is not None and summing.player == player:
            return summing
        if brief and self.session.seats[player].is_cpu:
            state = self.session.state
            made = state.rolls - 1 if rolling else state.rolls
            self.summing = CpuTurn(player, max(0, made), state.dice or ())
            return self.summing
        return None

    def event(self, event: ev.Event, brief: bool) -> list[Announcement]:
        config = self.session.config
        match event:
            case ev.TurnStarted():
                return self._turn_started(event, brief)
            case ev.Rolled():
                summing = self._summed(event.player, brief, rolling=True)
                if summing is not None:
                    summing.rolls += 1
                    summing.dice = event.dice
                    return []
                line = roll_line(event, config, dice_words(event.dice), self.session.own_seats)
                return [Announcement(line, Told.ROLLED, event.player)]
            case ev.HoldChanged():
                player = self.session.state.player
                if self._summed(player, brief) is not None:
                    return []
                said = hold_changed(self.session.state, event.die, event.held)
                return [Announcement(said, Told.HOLD, player)]
            case ev.Scored():
                summing = self._summed(event.player, brief)
                if summing is not None:
                    self.summing = None
                    return [self._summary(summing, event)]  # its new total included
                self.scored.append(event.column)
                return [Announcement(self._scored(event), Told.SCORED, event.player)]
            case ev.UpperBonusEarned():
                name = config.column_name(event.column)
                points = config.card.upper_bonus
                # Translators: said aloud when the upper section earns its bonus.
                text = _("Upper bonus for {name}: {points} points").format(name=name, points=points)
                return [Announcement(text, Told.BONUS, config.columns[event.column][0])]
            case ev.RollOffRolled():
                return [
                    Announcement(
                        describe(event, config, self.session.own_seats) or "",
                        Told.START_ROLL,
                        event.player,
                    )
                ]
            case ev.RollOffTied() | ev.OrderDecided():
                return [
                    Announcement(describe(event, config, self.session.own_seats) or "", Told.ORDER)
                ]
            case ev.TieBreakStarted() | ev.TieBreakStood():
                return [
                    Announcement(
                        describe(event, config, self.session.own_seats) or "", Told.TIE_BREAK
                    )
                ]
            case ev.GameStarted():
                if event.game_index == 0:
                    return []
                return [Announcement(game_of(event.game_index, config.games), Told.GAME)]
            case ev.GameOver():
                self.summing = None
                # Who won is said once, by the results that come up next.
                # Translators: said aloud when the last box is written; the results follow.
                return [Announcement(_("Game over"), Told.RESULT)]
            case ev.MatchOver():
                return []
            case _:
                assert_never(event)

    def _turn_started(self, event: ev.TurnStarted, brief: bool) -> list[Announcement]:
        config, seats = self.session.config, self.session.seats
        seat = seats[event.player]
        self.summing = CpuTurn(event.player) if seat.is_cpu and brief else None
        if self.summing is not None:
            return []  # its one phrase names it
        own = self.session.own_seats
        if seat.is_cpu or (own is not None and event.player not in own):
            # Translators: said aloud as a CPU's turn begins (or, at a network
            # table, the turn of a person at another computer).
            text = _("{name} to roll").format(name=seat.name)
        elif len(seats) > 1:
            # Translators: said aloud as a person's turn begins.
            yours = _("Your turn")
            # Translators: said aloud as a person's turn begins, at a table of several
            # people: they are named.
            text = about(
                seat.name,
                yours,
                _("Your turn, {name}"),
                player=event.player,
                own=self.session.own_seats,
            )
        else:
            card = self.session.state.cards[event.column]
            turns = len(config.card.boxes)
            number = min(turns, card.filled_count + 1)
            # Translators: said aloud as each turn of a solitaire game begins.
            text = _("Turn {number} of {turns}").format(number=number, turns=turns)
        return [Announcement(text, Told.TURN, event.player)]

    def _scored(self, event: ev.Scored) -> str:
        config = self.session.config
        who = config.players[event.player]
        five = event.category is Category.YAHTZEE
        if five and event.points == config.card.five_alike_points and not event.bonus_chip:
            # The card's name for five alike, as a word, never the drawn cheer in capitals
            # (a voice may spell those out).
            return about(
                who,
                # Translators: said aloud when five alike are scored; {box} is the box's name
                # ("Yahtzee", "Yatzy", "Kniffel").
                _("{box}! You scored {points}"),
                # Translators: said aloud when five alike are scored; {box} is the box's name.
                _("{box}! {name} scored {points}"),
                player=event.player,
                own=self.session.own_seats,
                box=box_name(config, Category.YAHTZEE),
                points=event.points,
            )
        return describe(event, config, self.session.own_seats) or ""

    def _summary(self, turn: CpuTurn, event: ev.Scored) -> Announcement:
        config = self.session.config
        # Translators: a CPU's whole turn in one phrase (speech at Brief): "Ada, 3 rolls:
        # 3 4 4 4 5; 12 in Fours, total 53"; {dice} are the last roll's faces.
        text = ngettext(
            "{name}, {rolls} roll: {dice}; {points} in {box}, total {total}",
            "{name}, {rolls} rolls: {dice}; {points} in {box}, total {total}",
            turn.rolls,
        ).format(
            name=config.players[event.player],
            dice=dice_words(turn.dice or event.dice, brisk=True),
            rolls=turn.rolls,
            points=event.points,
            box=box_name(config, event.category),
            total=self.session.state.cards[event.column].total,
        )
        return Announcement(text, Told.SUMMARY, event.player)

    def skip(self, player: int) -> None:
        """The CPU's turn is skipped (S): it is summed up in one phrase as it ends."""
        if self.summing is None or self.summing.player != player:
            state = self.session.state
            self.summing = CpuTurn(player, state.rolls, state.dice or ())


def told_now(phrases: list[Announcement]) -> tuple[list[Announcement], list[Announcement]]:
    """The phrases to say as the dice leave the cup, and those to keep until they land (what
    the throw decided keeps its suspense)."""
    for i, phrase in enumerate(phrases):
        if phrase.told is Told.THROW:
            return phrases[: i + 1], phrases[i + 1 :]
    return phrases, []
