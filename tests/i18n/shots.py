"""Drawing a scene of the snapshot tool onto a recording canvas, for the tests that read
what a scene draws (tests/i18n/recording.py)."""

from __future__ import annotations

import shutil

from game.tools import snapshot
from game.tools.snapshot_matches import recorded_games

from .recording import Recorder

HISTORY_SHOTS = ("statistics", "history")  # shots over recorded games
GAMES = 5  # recorded: one to three CPUs, a match of two, an assisted game


def play_games(folder):
    """A data folder with the games the statistics and history shots show (played once:
    it takes seconds; draw_shot copies it for each test)."""
    ctx, _screen = snapshot.make_context(folder, (640, 480))
    recorded_games(ctx, GAMES)
    ctx.storage.create_profile("Sam")  # a profile with no games yet
    ctx.storage.close()


def draw_shot(
    name: str, size: tuple[int, int], folder, recorder: Recorder, played, text_scale: float = 1.0
) -> None:
    recorder.clear()
    if name in HISTORY_SHOTS:
        shutil.copytree(played, folder, dirs_exist_ok=True)
    ctx, _screen = snapshot.make_context(folder, size)
    snapshot.set_text_scale(ctx, text_scale, size)
    try:
        if name == "statistics":
            from game.scenes.stats import StatsScene

            ctx.stack.push(StatsScene(ctx))
        elif name == "history":
            from game.scenes.history import HistoryScene

            ctx.stack.push(HistoryScene(ctx))
        else:
            snapshot.SHOTS[name](ctx)
        ctx.stack.apply_pending()
        ctx.stack.draw(recorder.canvas(size))
    finally:
        while ctx.stack.scenes:
            ctx.stack.scenes.pop().exit()
