"""Render every scene to PNG with the dummy video driver, to look at the game cheaply.

    python -m game.tools.snapshot OUT_DIR [--size 1280x800] [--all-sizes] [--text-scale 2]

Scenes: title, setup, a mid-game table with a four-player card, a roll mid-animation,
pause, results (and whatever else is registered in SHOTS). Everything is seeded, so the
pictures are the same on every run. Besides, once whatever the size: `filmstrip`, frames of
one throw at 1280x720 (or at the sizes given with --film), and `faces`, every face close up
at 48 and 200 px
(game.tools.dice_shots).

The pictures speak the game's language (`LANGUAGE=de python -m game.tools.snapshot OUT`):
the person's seat has setup's default name, and the lines a shot puts on the table are made
by the table's own message functions.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

SIZES = ((1280, 800), (800, 600), (700, 1100), (1920, 1080))


def _setup_env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def make_context(data_dir: Path, size: tuple[int, int]):
    """A real Context over a throwaway data folder, with a window of `size`."""
    import pygame

    from game.audio.player import SoundPlayer
    from game.scenes.context import Context
    from game.scenes.router import Router
    from game.scenes.stack import SceneStack
    from game.storage import Storage

    pygame.init()
    screen = pygame.display.set_mode(size)
    storage = Storage(data_dir)
    stack = SceneStack()
    stack.layout(size)
    ctx = Context(storage, storage.settings, stack, SoundPlayer())
    ctx.nav = Router(ctx)
    return ctx, screen


def person_name() -> str:
    """The first seat's default name, as setup gives it: "You" in the language in use."""
    from game.i18n import _

    # The msgid is setup's (game/scenes/setup/seats.py); tools/ is not extracted.
    return _("You")


def demo_session(
    players: int = 4, turns: int = 22, seed: int = 7, variant=None, forced_order: bool = False
):
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


def finished_session(players: int = 3, seed: int = 3, games: int = 2):
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


def roll_said(session) -> str:
    """What the message line says of the roll on the table, a turn's first ("You rolled
    2-3-3-5-6: 2 rolls left"), by the table's own words (game.scenes.table.messages)."""
    from game.rules import events as ev
    from game.scenes.table.messages import roll_line

    state = session.state
    rolled = ev.Rolled(state.column, state.player, state.dice, (True,) * 5, state.rolls_left)
    return roll_line(rolled, session.config)


def settle_chances(table, limit: float = 30.0) -> None:
    """Wait for the table's win chances (worked out on a thread of their own) so that the
    shot shows them under the seats' names."""
    import time

    board, session = table.board, table.session
    end = time.monotonic() + limit
    while board.chances.shown_state is not session.state and time.monotonic() < end:
        board.chances.update(session.state, board.wants_chances, session.paces)
        time.sleep(0.02)


def grade_mark(table) -> None:
    """Give the person's seat the table's grading mark for a keep of 6-6 passed over at a
    cost of 3.4 points, made by the table's coach overlay ("You: keep 6-6 was 3.4 points
    better")."""
    from game.ai.coach.advice import Decision
    from game.ai.exact.options import Keep

    state = table.session.state
    seat = table.session.seats[state.player]
    card = state.cards[state.column]
    decision = Decision(
        state.game_index,
        card.filled_count + 1,
        state.player,
        state.column,
        state.dice,
        state.rolls_left,
        state.card,
        chosen=Keep((6,)),
        chosen_value=0.0,
        best=Keep((6, 6)),
        best_value=3.4,
    )
    table.coach.note_grade(decision, table.ctx.settings, seat.name, state.player, state)


# Each shot builds its scenes on the stack; the stack is then drawn.
def shot_title(ctx) -> None:
    import game.ui.dice_view  # noqa: F401 - loaded, as after the first frame: the logo's dice
    from game.scenes.title import TitleScene

    ctx.stack.push(TitleScene(ctx))


def shot_setup(ctx) -> None:
    from game.scenes.setup import SetupScene

    ctx.stack.push(SetupScene(ctx))


def shot_table(ctx) -> None:
    from game.scenes.table import TableScene
    from game.scenes.table.focus import BoxTarget

    table = TableScene(ctx, demo_session())
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    table.message = roll_said(table.session)
    table.focus_on(BoxTarget(table._open_boxes()[0]))


def shot_keys(ctx) -> None:
    """The key hints (K) over the table: they leave the column in play free."""
    from game.scenes.table import TableScene

    table = TableScene(ctx, demo_session())
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    table.show_keys = True


def shot_table_yatzy(ctx) -> None:
    """The Yatzy card mid-game (fifteen rows), three seats, the focus on an open box."""
    from game.rules import Variant
    from game.scenes.table import TableScene
    from game.scenes.table.focus import BoxTarget

    table = TableScene(ctx, demo_session(3, turns=20, seed=5, variant=Variant.YATZY))
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    table.focus_on(BoxTarget(table._open_boxes()[-1]))


def shot_forced(ctx) -> None:
    """Forced order on the Yatzy card: only the next box is offered, and it is marked."""
    from game.rules import Variant
    from game.scenes.table import TableScene

    session = demo_session(2, turns=9, seed=4, variant=Variant.YATZY, forced_order=True)
    table = TableScene(ctx, session)
    ctx.stack.push(table)
    ctx.stack.apply_pending()


def shot_help_yatzy(ctx) -> None:
    """Help, at the rules of Yatzy and forced order."""
    from game.i18n import translate
    from game.scenes.help import CONTENTS, HelpScene

    scene = HelpScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    scene.jump(translate(CONTENTS[2]))


def shot_hint(ctx) -> None:
    """The coach: a hint on the table, the advice overlay and a grading mark."""
    from game.scenes.table import TableScene

    ctx.settings = ctx.settings.replace(advice_overlay=True, grading=True, grading_threshold=1.0)
    table = TableScene(ctx, demo_session())
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    table.show_hint()
    grade_mark(table)
    settle_chances(table)


def shot_rolling(ctx) -> None:
    from game.rules import Roll
    from game.scenes.table import TableScene

    table = TableScene(ctx, demo_session())
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    table.act(Roll())
    for _ in range(48):  # 0.8 s into the roll: the dice are in the air
        table.update(1 / 60)


def shot_pause(ctx) -> None:
    from game.scenes.pause import PauseScene

    shot_table(ctx)
    ctx.stack.push(PauseScene(ctx, ctx.stack.top.session))


def shot_confirm(ctx) -> None:
    """A question over the table, with a detail line; the safe answer (No) is the default."""
    from game.i18n import _
    from game.scenes.confirm import ConfirmScene
    from game.scenes.nav import Question

    shot_table(ctx)
    question = Question(
        _("Your finished game could not be saved. Start a new one anyway?"),
        lambda: None,
        focus_yes=False,
        detail=_(
            "The disk refuses it: it stays only while the game is open. Free some space "
            "and it is filed at the next try."
        ),
    )
    ctx.stack.push(ConfirmScene(ctx, question))


def shot_results(ctx) -> None:
    from game.scenes.results import ResultsScene
    from game.scenes.table import TableScene

    session = finished_session()
    ctx.stack.push(TableScene(ctx, session))
    ctx.stack.push(ResultsScene(ctx, session))


def shot_settings(ctx) -> None:
    from game.scenes.settings import SettingsScene

    ctx.stack.push(SettingsScene(ctx))


def _dated_storage(ctx):
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


def play_out(session, careful: Callable) -> None:
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


def recorded_games(ctx, count: int = 7) -> None:
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


def shot_review(ctx) -> None:
    from game.scenes.review import ReviewScene

    review = ReviewScene.from_session(ctx, finished_session())
    ctx.stack.push(review)
    ctx.stack.apply_pending()
    review.join()  # the coach works in a thread; the picture waits for it


def shot_statistics(ctx) -> None:
    from game.scenes.stats import StatsScene

    recorded_games(ctx, 9)
    ctx.storage.create_profile("Sam")  # a profile with no games yet, in the list
    ctx.stack.push(StatsScene(ctx))


def shot_history(ctx) -> None:
    from game.scenes.history import HistoryScene

    recorded_games(ctx)
    ctx.stack.push(HistoryScene(ctx))


def shot_help(ctx) -> None:
    from game.scenes.help import HelpScene

    ctx.stack.push(HelpScene(ctx))


SHOTS: dict[str, Callable] = {
    "review": shot_review,
    "statistics": shot_statistics,
    "history": shot_history,
    "settings": shot_settings,
    "title": shot_title,
    "setup": shot_setup,
    "table": shot_table,
    "keys": shot_keys,
    "table-yatzy": shot_table_yatzy,
    "forced": shot_forced,
    "rolling": shot_rolling,
    "hint": shot_hint,
    "pause": shot_pause,
    "confirm": shot_confirm,
    "results": shot_results,
    "help": shot_help,
    "help-yatzy": shot_help_yatzy,
}


def set_text_scale(ctx, text_scale: float, size: tuple[int, int]) -> None:
    """The text size setting `text_scale` (2 for 200%) in force, as if the player chose it."""
    if text_scale != ctx.settings.text_scale:
        ctx.settings = ctx.settings.replace(text_scale=text_scale)
        ctx._derive()
        ctx.stack.layout(size)


def render(name: str, out_dir: Path, size: tuple[int, int], text_scale: float = 1.0) -> Path:
    import pygame

    with tempfile.TemporaryDirectory() as data:
        ctx, screen = make_context(Path(data), size)
        set_text_scale(ctx, text_scale, size)
        SHOTS[name](ctx)
        ctx.stack.apply_pending()
        ctx.stack.draw(screen)
        scaled = f"-{round(text_scale * 100)}pct" if text_scale != 1.0 else ""
        path = out_dir / f"{name}-{size[0]}x{size[1]}{scaled}.png"
        pygame.image.save(screen, str(path))
        while ctx.stack.scenes:
            ctx.stack.scenes.pop().exit()
    return path


def render_dice(name: str, out_dir: Path, films: tuple[tuple[int, int], ...] = ()) -> list[Path]:
    """The dice pictures that are not a window size's shot (game.tools.dice_shots)."""
    from game.tools import dice_shots

    _setup_env()
    return dice_shots.render(name, out_dir, films, make_context, demo_session)


DICE_SHOTS = ("filmstrip", "faces")


def main(argv: list[str] | None = None) -> int:
    _setup_env()
    parser = argparse.ArgumentParser(prog="python -m game.tools.snapshot")
    parser.add_argument("out_dir")
    parser.add_argument("--size", default="1280x800", help="window size, e.g. 1280x800")
    parser.add_argument("--all-sizes", action="store_true", help=f"render at {SIZES}")
    parser.add_argument("--only", help="comma-separated shot names")
    parser.add_argument(
        "--text-scale", type=float, default=1.0, help="the text size setting, e.g. 2 for 200%%"
    )
    parser.add_argument("--film", help="the filmstrip's window sizes, e.g. 640x480,3840x2160")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:  # two numbers, or the clear message ("1280" alone used to fail in the first shot)
        size = _size(args.size)
    except ValueError:
        parser.error(f"--size takes WIDTHxHEIGHT, not {args.size!r}")
    try:
        films = tuple(_size(text) for text in args.film.split(",")) if args.film else ()
    except ValueError:
        parser.error(f"--film takes WIDTHxHEIGHT[,WIDTHxHEIGHT...], not {args.film!r}")
    names = args.only.split(",") if args.only else [*SHOTS, *DICE_SHOTS]
    unknown = [n for n in names if n not in SHOTS and n not in DICE_SHOTS]
    if unknown:
        parser.error(f"unknown shots {unknown}; known: {', '.join([*SHOTS, *DICE_SHOTS])}")
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for s in SIZES if args.all_sizes else (size,):
        for name in names:
            if name in SHOTS:
                print(render(name, out, s, args.text_scale))
    for name in names:
        if name in DICE_SHOTS:
            for path in render_dice(name, out, films):
                print(path)
    return 0


def _size(text: str) -> tuple[int, int]:
    width, height = (int(v) for v in text.lower().split("x"))
    return (width, height)


if __name__ == "__main__":
    raise SystemExit(main())
