"""The seeded matches the snapshot's shots show (game.tools.snapshot), the same on every
run: one part-way through, one finished, and finished games filed in a storage whose clock
is fixed, so the dates in the pictures are too."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.match.session import Session
    from game.rules import GameState, Variant
    from game.scenes.context import Context
    from game.storage import Storage


def person_name() -> str:
    """The first seat's default name, as setup gives it: "You" in the language in use."""
    from game.i18n import _

    # The msgid is setup's (game/scenes/setup/seats.py); tools/ is not extracted.
    return _("You")


def demo_session(
    players: int = 4,
    turns: int = 22,
    seed: int = 7,
    variant: Variant | None = None,
    forced_order: bool = False,
) -> Session:
    """A seeded match part-way through: greedy play for `turns` turns, then a person's roll
    (on the American card unless `variant` says otherwise)."""
    from game.match.seats import Seat
    from game.match.session import Session
    from game.rules import GameConfig, Hold, Phase, Roll, Score, StartOrder, Variant

    names = (person_name(), "Ada", "Max", "Zoe", "Ben", "Cat", "Dan", "Eve")[:players]
    kinds = ("person", "medium", "hard", "expert", "easy", "beginner", "hard", "medium")
    seats = [Seat(n, kinds[i], colour=i) for i, n in enumerate(names)]
    config = GameConfig(
        tuple(names),
        variant=variant or Variant.OFFICIAL,
        start=StartOrder.SEATED,
        forced_order=forced_order,
    )
    session = Session.new(config, seats, seed=seed)
    while session.state.turn < turns and session.state.phase is Phase.TURN:
        session.apply(Roll())
        options = session.state.score_options()
        session.apply(Score(max(options, key=lambda c: (options[c], -c.value))))
    # Bring the turn round to the person in seat 0, and show a roll with two dice held.
    while session.state.player != 0 and session.state.phase is Phase.TURN:
        session.apply(Roll())
        options = session.state.score_options()
        session.apply(Score(max(options, key=lambda c: (options[c], -c.value))))
    session.apply(Roll())
    session.apply(Hold(0))
    session.apply(Hold(2))
    return session


def finished_session(players: int = 3, seed: int = 3, games: int = 2) -> Session:
    from game.match.seats import Seat
    from game.match.session import Session
    from game.rules import GameConfig, NextGame, Phase, Roll, Score, StartOrder

    names = (person_name(), "Ada", "Max", "Zoe")[:players]
    seats = [Seat(n, "person" if i == 0 else "hard", colour=i) for i, n in enumerate(names)]
    config = GameConfig(tuple(names), start=StartOrder.SEATED, games=games)
    session = Session.new(config, seats, seed=seed)
    while session.state.phase is not Phase.MATCH_OVER:
        if session.state.phase is Phase.GAME_OVER:
            session.apply(NextGame())
            continue
        session.apply(Roll())
        options = session.state.score_options()
        session.apply(Score(max(options, key=lambda c: (options[c], -c.value))))
    return session


def _dated_storage(ctx: Context) -> Storage:
    """Give the shot a storage over the same folder whose clock starts at a fixed moment and
    moves 37 minutes per reading, so the dates in the pictures are the same on every run."""
    from datetime import datetime, timedelta, timezone

    from game.storage import Storage

    start = datetime(2026, 3, 14, 19, 30, tzinfo=timezone(timedelta(hours=1)))
    ticks = iter(range(10**6))
    ctx.storage = Storage(
        ctx.storage.paths.data_dir,
        environ={},
        clock=lambda: start + timedelta(minutes=37 * next(ticks)),
    )
    return ctx.storage


def play_out(session: Session, careful: Callable[[GameState], bool]) -> None:
    """Play a session to its end: the coach's best move where `careful(state)`, else roll
    once and take the most points (so the coach has mistakes to show)."""
    from game.ai.coach.advice import hint
    from game.ai.exact.options import Keep, keep_to_actions
    from game.rules import NextGame, Phase, Roll, Score

    while session.state.phase is not Phase.MATCH_OVER:
        state = session.state
        if state.phase is Phase.GAME_OVER:
            session.apply(NextGame())
        elif state.dice is None:
            session.apply(Roll())
        elif careful(state):
            best = hint(state).best
            if isinstance(best, Keep):
                for action in keep_to_actions(state.dice, state.held, best):
                    session.apply(action)
                session.apply(Roll())
            else:
                session.apply(Score(best.category))
        else:
            options = state.score_options()
            session.apply(Score(max(options, key=lambda c: (options[c], -c.value))))


def recorded_games(ctx: Context, count: int = 7) -> None:
    """Seeded finished games filed in the shot's storage: the profile "You" against one to
    three CPUs, one a match of two, one played with hints (assisted). The profile has the
    person's default name in the language in use."""
    from game.match.seats import Seat
    from game.match.session import Session
    from game.rules import GameConfig, StartOrder

    storage = _dated_storage(ctx)
    you = person_name()
    storage.create_profile(you)
    rivals = (("Ada", "hard"), ("Max", "expert"), ("Zoe", "medium"))
    for n in range(count):
        seats = [Seat(you, "person", 0, you)] + [
            Seat(name, kind, colour=i + 1) for i, (name, kind) in enumerate(rivals[: 1 + n % 3])
        ]
        config = GameConfig(
            tuple(s.name for s in seats), start=StartOrder.SEATED, games=2 if n == 2 else 1
        )
        session = Session.new(config, seats, seed=11 + n, assisted={0} if n == 4 else ())
        play_out(session, careful=lambda state: state.player < 2 and state.turn % 5 != 3)
        storage.save_session(session)
