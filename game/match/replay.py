"""A finished game played back from its log: a Session whose every seat is driven by the log.

Headless (no pygame). The table shows a `ReplaySession` exactly as it shows a live match: every
seat is "CPU" while logged actions remain, and `cpu_action()` returns the next one, so each
roll, hold and score is animated as it happened. The dice come out the same because the game
is rebuilt from the same starting RNG state and the rules decide every roll from it.

Nothing is saved (`on_change` stays None), nothing is graded, and nothing can be undone. A
replay can be paused (no seat is "to play" while paused), stepped, and moved to any point:

    replay = ReplaySession.from_log(storage.load_log(history_id))
    replay.seek(40)              # the state after the first 40 actions
    replay.play_to(len(replay))  # the rest at once; returns their events
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from datetime import datetime

from game.i18n import _
from game.match.record import MatchRecord
from game.match.seats import Seat
from game.match.session import Session
from game.rules import Action, Game, GameConfig, IllegalAction, Phase
from game.rules.events import Event
from game.rules.game import RngState

log = logging.getLogger(__name__)

PLAYING_PHASES = (Phase.ROLL_OFF, Phase.TURN, Phase.TIE_BREAK)


class ReplaySession(Session):
    is_replay = True  # the results screen offers Review / Watch again / Back instead

    def __init__(
        self,
        config: GameConfig,
        start_rng: RngState,
        actions: Sequence[Action],
        seats: Sequence[Seat],
        *,
        assisted: Iterable[int] = (),
        started: datetime | None = None,
        seed: int | None = None,
    ) -> None:
        game = Game.replay(config, start_rng, [])
        super().__init__(game, seats, assisted=assisted, started=started, seed=seed)
        self.start_rng = start_rng
        self.actions: tuple[Action, ...] = tuple(actions)
        self.paused = False

    @classmethod
    def from_session(cls, session: Session) -> ReplaySession:
        """The match a live session played, from its first action (the session is not touched)."""
        game = session.game
        return cls(
            game.config,
            game.start_state,
            list(game.log),
            session.seats,
            assisted=session.assisted,
            started=session.started,
            seed=session.seed,  # the same cosmetic tumbles as on the night
        )

    @classmethod
    def from_log(cls, history: MatchRecord) -> ReplaySession:
        """A game from the history (see Storage.load_log)."""
        game = history.game
        return cls(
            game.config,
            game.start_state,
            list(game.log),
            history.seats,
            assisted=history.assisted,
            started=history.started,
        )

    # ----------------------------------------------------------------- where we are
    def __len__(self) -> int:
        return len(self.actions)

    @property
    def position(self) -> int:
        """Actions played so far."""
        return len(self.game.log)

    @property
    def finished(self) -> bool:
        return self.position >= len(self.actions)

    @property
    def next_action(self) -> Action | None:
        return None if self.finished else self.actions[self.position]

    # ----------------------------------------------------------------- the log drives every seat
    @property
    def is_cpu_turn(self) -> bool:
        return not self.paused and not self.finished and self.state.phase in PLAYING_PHASES

    def cpu_action(self) -> Action:
        action = self.next_action
        if action is None:
            raise IllegalAction(_("the replay is over"))
        return action

    def apply(self, action: Action) -> list[Event]:
        """Play the next logged action (anything else is refused: a replay shows what was)."""
        if action != self.next_action:
            raise IllegalAction(_("a replay plays only what was played"))
        self.last_decision = None
        return self.game.apply(action)

    def step(self) -> list[Event]:
        """Play the next logged action; its events ([] at the end)."""
        action = self.next_action
        return [] if action is None else self.apply(action)

    def play_to(self, position: int) -> list[Event]:
        """Play forward to `position` actions (never back); the events of all of them."""
        events: list[Event] = []
        while self.position < min(position, len(self.actions)):
            events += self.step()
        return events

    def seek(self, position: int) -> None:
        """Jump to the state after the first `position` actions (back or forward)."""
        position = max(0, min(position, len(self.actions)))
        if position < self.position:
            self.game = Game.replay(self.config, self.start_rng, list(self.actions[:position]))
        else:
            self.play_to(position)

    # ----------------------------------------------------------------- nothing to keep or undo
    def can_undo(self) -> bool:
        return False

    def undo(self) -> Action:
        raise ValueError("a replay cannot be undone")

    def mark_assisted(self, player: int | None = None) -> None:
        """Hints in a replay change nothing about the game as it was played."""
