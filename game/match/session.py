"""A match in play at the table: the rules' Game, who sits where, their CPU strategies, and
whether help was used. Headless (no pygame): the table scene, the snapshot tool and the tests
drive it the same way.

Every applied action is reported to `on_change` (the app saves the game there), so a crash
or a kill loses at most the action in progress.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, NamedTuple

from game.i18n import _
from game.match.seats import Seat
from game.rules import Action, Game, GameConfig, GameState, Phase, Roll, Score, Stand
from game.rules.events import Event

if TYPE_CHECKING:
    from game.ai.coach.advice import Decision
    from game.ai.levels.strategies import LevelStrategy

log = logging.getLogger(__name__)


def fallback_action(state: GameState) -> Action:
    """A plain legal move: roll when nothing is on the table, else take the most points."""
    legal = state.legal_actions()
    if state.dice is None or state.phase is not Phase.TURN:
        return Roll() if Roll() in legal else (Stand() if Stand() in legal else legal[0])
    options = state.score_options()
    return Score(max(options, key=lambda c: (options[c], -c.value)))


def cpu_decision(strategy: Callable[[], LevelStrategy], state: GameState) -> Action:
    """What a CPU playing by `strategy()` does in `state`: the start roll and a tie-breaker's
    stand need no strategy; a strategy that fails or chooses an illegal action gets a plain
    legal move played instead."""
    if state.phase is Phase.ROLL_OFF:
        return Roll()
    if state.phase is Phase.TIE_BREAK and state.dice is not None and state.rolls_left == 0:
        return Stand()
    try:
        action = strategy().choose(state)
    except Exception:  # a broken CPU must not stop the game
        log.exception("the CPU strategy failed; playing a plain move instead")
        return fallback_action(state)
    if action not in state.legal_actions():
        log.error("the CPU strategy chose %r, which is not legal now", action)
        return fallback_action(state)
    return action


class _Graded(NamedTuple):
    """A move graded before it is applied: in this state, this action, graded so."""

    state: GameState
    action: Action
    decision: Decision | None


def _grade(state: GameState, action: Action) -> Decision | None:
    from game.ai.coach.advice import grade  # numpy and the solver's tables load on first use

    return grade(state, action)


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


class Session:
    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        *,
        assisted: Iterable[int] = (),
        started: datetime | None = None,
        seed: int | None = None,
        on_change: Callable[[Session], None] | None = None,
        played_before: Mapping[int, tuple[float, int]] | None = None,
    ) -> None:
        if len(seats) != len(game.config.players):
            raise ValueError("every player needs a seat")
        self.game = game
        self.seats = tuple(seats)
        # The players who used a hint or undo: their scores are marked assisted.
        self.assisted: frozenset[int] = frozenset(assisted)
        self.started: datetime = started or _now()  # when the match began
        # Seeds each CPU's personality: the same game and situation give the same choice.
        self.seed = seed if seed is not None else game.seed_of_start()
        self.on_change = on_change
        self._strategies: dict[int, LevelStrategy] = {}
        # Every decision graded against optimal play (the coach's marks, the review and the
        # statistics' "expected points lost"), rebuilt from the log when a save is resumed.
        self.decisions: list[Decision] = self._grade_log() if game.log else []
        self.last_decision: Decision | None = None
        self._graded: _Graded | None = None  # the CPU's move graded as it was chosen
        # Per person: (expected points lost, boxes filled) in their recorded games on this
        # card (game.storage's played_before), for the pace the win chances give them.
        self.played_before = dict(played_before or {})
        # A network table's copy of the host's match (game.net.follower): the host keeps it
        # on disk; this machine never saves it as its own game in progress.
        self.networked = False
        # At a network table, the seats played at this screen: only they are "you" in what
        # the table says (None: one computer, where the seat named "You" is).
        self.own_seats: frozenset[int] | None = None

    @classmethod
    def new(
        cls,
        config: GameConfig,
        seats: Sequence[Seat],
        seed: int | None = None,
        *,
        assisted: Iterable[int] = (),
        played_before: Mapping[int, tuple[float, int]] | None = None,
    ) -> Session:
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        game = Game.new(config, seed=seed)
        return cls(game, seats, assisted=assisted, seed=seed, played_before=played_before)

    # ----------------------------------------------------------------- who plays
    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def config(self) -> GameConfig:
        return self.game.config

    @property
    def seat(self) -> Seat:
        """The seat whose hands are on the dice now."""
        return self.seats[self.state.player]

    @property
    def is_cpu_turn(self) -> bool:
        phase = self.state.phase
        return phase in (Phase.ROLL_OFF, Phase.TURN, Phase.TIE_BREAK) and self.seat.is_cpu

    @property
    def person_count(self) -> int:
        return sum(1 for s in self.seats if not s.is_cpu)

    def strategy(self, player: int) -> LevelStrategy:
        """The CPU strategy of a player's seat, made once with its own seed."""
        if player not in self._strategies:
            from game.ai.levels.strategies import (
                make_strategy,  # numpy and tables load on first use
            )

            self._strategies[player] = make_strategy(
                self.seats[player].kind, self.seed + player, lambda _state: self.paces()
            )
        return self._strategies[player]

    def cpu_action(self) -> Action:
        """What the CPU in play does next (the same action values a person's clicks make),
        graded as it is chosen: the table asks on the CPU's worker thread, so the frame that
        applies the move does not grade it (the coach's option values, about 1 ms)."""
        state = self.state
        action = cpu_decision(lambda: self.strategy(state.player), state)
        self._graded = _Graded(state, action, _grade(state, action))
        return action

    def paces(self) -> tuple[float, ...]:
        """How each column plays, for the win chances (game.ai.levels.pace): a CPU at its level's
        measured pace, a person as they have played, before and in this match."""
        from game.ai.levels.pace import column_paces

        kinds = [seat.kind for seat in self.seats]
        return column_paces(self.config, kinds, tuple(self.decisions), self.played_before)

    # ----------------------------------------------------------------- grading
    def _grade_log(self) -> list[Decision]:
        from game.ai.coach.advice import review

        state = self.game.state
        played = state.game_index + (1 if state.phase is Phase.MATCH_OVER else 0)
        decisions: list[Decision] = []
        for index in range(min(played + 1, self.config.games)):
            graded = review(self.config, self.game.start_state, self.game.log, index)
            decisions += [d for pr in graded.players.values() for d in pr.decisions]
        return decisions

    def _decision(self, action: Action) -> Decision | None:
        """The grade of `action` in the state now: as graded when the CPU chose it (for
        this state and action), else graded now. A grade is a function of the state and
        the action alone, so one made ahead is the one made here."""
        graded, self._graded = self._graded, None
        if graded is not None and graded.state is self.state and graded.action == action:
            return graded.decision
        return _grade(self.state, action)

    @property
    def expected_lost(self) -> dict[int, float]:
        """Expected points each player lost to decisions over the match so far."""
        lost = dict.fromkeys(range(len(self.seats)), 0.0)
        for decision in self.decisions:
            lost[decision.player] += decision.cost
        return lost

    # ----------------------------------------------------------------- play
    def apply(self, action: Action) -> list[Event]:
        decision = self._decision(action)
        events = self.game.apply(action)
        self.last_decision = decision
        if decision is not None:
            self.decisions.append(decision)
        self._changed()
        return events

    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def undo_refusal(self) -> str | None:
        """Why Undo cannot be used now, or None. A person takes back their own last hold
        change or score until the next seat acts: a score passes the turn, but a misclick
        can still be taken back before the next player rolls (or a CPU plays its first
        move). Never across a roll (a roll clears what can be undone, so no one sees new
        dice by undoing), never a CPU's move."""
        actor = self.game.last_actor
        if actor is None or not self.game.can_undo():
            return _("Nothing to undo: rolls cannot be undone")
        if self.seats[actor].is_cpu:
            return _("CPU moves cannot be undone")
        return None

    def undo(self) -> Action:
        refusal = self.undo_refusal()
        if refusal is not None:
            raise ValueError(refusal)
        action = self.game.undo()
        if self.decisions and self.decisions[-1].chosen == action:
            self.decisions.pop()  # the score taken back no longer counts against anyone
        self.last_decision = None
        self.assisted |= {self.state.player}  # undo is the acting player's own
        self._changed()
        return action

    def release_pad(self, player: int) -> None:
        """Let any device play a seat that played with a pad of its own (saved at once)."""
        seat = self.seats[player]
        if seat.pad:
            self.seats = (*self.seats[:player], replace(seat, pad=False), *self.seats[player + 1 :])
            self._changed()

    def mark_assisted(self, player: int | None = None) -> None:
        """Mark a player (the one to play, by default) as helped by a hint."""
        player = self.state.player if player is None else player
        if player not in self.assisted:
            self.assisted |= {player}
            self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)
