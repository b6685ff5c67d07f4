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
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.match.session import Session
    from game.scenes.context import Context
    from game.scenes.table import TableScene

from game.tools.snapshot_matches import (
    demo_session,
    finished_session,
    recorded_games,
)

SIZES = ((1280, 800), (800, 600), (700, 1100), (1920, 1080))


def _setup_env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def make_context(data_dir: Path, size: tuple[int, int]) -> tuple[Context, pygame.Surface]:
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


def roll_said(session: Session) -> str:
    """What the message line says of the roll on the table, a turn's first ("You rolled
    2-3-3-5-6: 2 rolls left"), by the table's own words (game.scenes.table.messages)."""
    from game.rules import events as ev
    from game.scenes.table.messages import roll_line

    state = session.state
    assert state.dice is not None, "a roll on the table"
    rolled = ev.Rolled(state.column, state.player, state.dice, (True,) * 5, state.rolls_left)
    return roll_line(rolled, session.config)


def settle_chances(table: TableScene, limit: float = 30.0) -> None:
    """Wait for the table's win chances (worked out on a thread of their own) so that the
    shot shows them under the seats' names."""
    import time

    board, session = table.board, table.session
    end = time.monotonic() + limit
    while board.chances.shown_state is not session.state and time.monotonic() < end:
        board.chances.update(session.state, board.wants_chances, session.paces)
        time.sleep(0.02)


def grade_mark(table: TableScene) -> None:
    """Give the person's seat the table's grading mark for a keep of 6-6 passed over at a
    cost of 3.4 points, made by the table's coach overlay ("You: keep 6-6 was 3.4 points
    better")."""
    from game.ai.coach.advice import Decision
    from game.ai.exact.options import Keep

    state = table.session.state
    assert state.dice is not None, "a roll on the table"
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
def shot_title(ctx: Context) -> None:
    import game.ui.dice_view  # noqa: F401 - loaded, as after the first frame: the logo's dice
    from game.scenes.title import TitleScene

    ctx.stack.push(TitleScene(ctx))


def shot_setup(ctx: Context) -> None:
    from game.scenes.setup import SetupScene

    ctx.stack.push(SetupScene(ctx))


def shot_table(ctx: Context) -> None:
    from game.scenes.table import TableScene
    from game.scenes.table.focus import BoxTarget

    table = TableScene(ctx, demo_session())
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    table.message = roll_said(table.session)
    table.focus_on(BoxTarget(table._open_boxes()[0]))


def shot_keys(ctx: Context) -> None:
    """The key hints (K) over the table: they leave the column in play free."""
    from game.scenes.table import TableScene

    table = TableScene(ctx, demo_session())
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    table.show_keys = True


def shot_table_yatzy(ctx: Context) -> None:
    """The Yatzy card mid-game (fifteen rows), three seats, the focus on an open box."""
    from game.rules import Variant
    from game.scenes.table import TableScene
    from game.scenes.table.focus import BoxTarget

    table = TableScene(ctx, demo_session(3, turns=20, seed=5, variant=Variant.YATZY))
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    table.focus_on(BoxTarget(table._open_boxes()[-1]))


def shot_forced(ctx: Context) -> None:
    """Forced order on the Yatzy card: only the next box is offered, and it is marked."""
    from game.rules import Variant
    from game.scenes.table import TableScene

    session = demo_session(2, turns=9, seed=4, variant=Variant.YATZY, forced_order=True)
    table = TableScene(ctx, session)
    ctx.stack.push(table)
    ctx.stack.apply_pending()


def shot_help_yatzy(ctx: Context) -> None:
    """Help, at the rules of Yatzy and forced order."""
    from game.i18n import translate
    from game.scenes.help import CONTENTS, HelpScene

    scene = HelpScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply_pending()
    scene.jump(translate(CONTENTS[2]))


def shot_hint(ctx: Context) -> None:
    """The coach: a hint on the table, the advice overlay and a grading mark."""
    from game.scenes.table import TableScene

    ctx.settings = ctx.settings.replace(advice_overlay=True, grading=True, grading_threshold=1.0)
    table = TableScene(ctx, demo_session())
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    table.show_hint()
    grade_mark(table)
    settle_chances(table)


def shot_rolling(ctx: Context) -> None:
    from game.rules import Roll
    from game.scenes.table import TableScene

    table = TableScene(ctx, demo_session())
    ctx.stack.push(table)
    ctx.stack.apply_pending()
    table.act(Roll())
    for _ in range(48):  # 0.8 s into the roll: the dice are in the air
        table.update(1 / 60)


def shot_pause(ctx: Context) -> None:
    from game.scenes.pause import PauseScene
    from game.scenes.table import TableScene

    shot_table(ctx)
    table = ctx.stack.top
    assert isinstance(table, TableScene)
    ctx.stack.push(PauseScene(ctx, table.session))


def shot_confirm(ctx: Context) -> None:
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


def shot_results(ctx: Context) -> None:
    from game.scenes.results import ResultsScene
    from game.scenes.table import TableScene

    session = finished_session()
    ctx.stack.push(TableScene(ctx, session))
    ctx.stack.push(ResultsScene(ctx, session))


def shot_settings(ctx: Context) -> None:
    from game.scenes.settings import SettingsScene

    ctx.stack.push(SettingsScene(ctx))


def shot_review(ctx: Context) -> None:
    from game.scenes.review import ReviewScene

    review = ReviewScene.from_session(ctx, finished_session())
    ctx.stack.push(review)
    ctx.stack.apply_pending()
    review.join()  # the coach works in a thread; the picture waits for it


def shot_statistics(ctx: Context) -> None:
    from game.scenes.stats import StatsScene

    recorded_games(ctx, 9)
    ctx.storage.create_profile("Sam")  # a profile with no games yet, in the list
    ctx.stack.push(StatsScene(ctx))


def shot_history(ctx: Context) -> None:
    from game.scenes.history import HistoryScene

    recorded_games(ctx)
    ctx.stack.push(HistoryScene(ctx))


def shot_help(ctx: Context) -> None:
    from game.scenes.help import HelpScene

    ctx.stack.push(HelpScene(ctx))


SHOTS: dict[str, Callable[[Context], None]] = {
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


def set_text_scale(ctx: Context, text_scale: float, size: tuple[int, int]) -> None:
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
