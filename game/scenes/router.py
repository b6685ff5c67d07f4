"""The one module that knows every scene class: it opens scenes for the others (`ctx.nav`).

    ctx.nav = Router(ctx)      # the app, the snapshot tool and the scene tests do this once
    ctx.nav.results(session)   # what a scene does instead of importing ResultsScene

Scenes never import each other, so the import arrows run one way: router -> scenes -> ui.

Each scene's module is imported when that scene is first opened, not when the router is made:
the title is drawn before the table, the AI and numpy are loaded (`preload` loads them on a
thread while the title shows, so the first New game does not wait for them).
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.scenes.nav import NetResults, Question

if TYPE_CHECKING:
    from game.match.replay import ReplaySession
    from game.match.session import Session
    from game.net.screen import NetTable
    from game.net.seating import TablePlan
    from game.scenes.context import Context
    from game.storage import HistoryLog

log = logging.getLogger(__name__)

# Every scene module the router opens, in the order a player is likely to need them.
SCENE_MODULES = (
    "game.scenes.setup",
    "game.scenes.table",
    "game.scenes.confirm",
    "game.scenes.pause",
    "game.scenes.results",
    "game.scenes.settings",
    "game.scenes.help",
    "game.scenes.stats",
    "game.scenes.history",
    "game.scenes.review",
    "game.scenes.profile_name",
    "game.scenes.network.host_scene",
    "game.scenes.network.join_scene",
    "game.scenes.network.reactions",
)


def preload() -> threading.Thread:
    """Import every scene module (and the AI, numpy and pymunk they use) on a daemon thread;
    a scene opened meanwhile waits only for what it needs (Python's import lock)."""

    def load() -> None:
        for name in SCENE_MODULES:
            try:
                importlib.import_module(name)
            except Exception:  # the scene's own opening will raise it where it can be seen
                log.exception("preloading %s failed", name)
                return

    thread = threading.Thread(target=load, name="preload-scenes", daemon=True)
    thread.start()
    return thread


class Router:
    """Navigator for a real Context: every scene, opened on `ctx.stack`."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def title(self) -> None:
        from game.scenes.title import TitleScene

        self.ctx.stack.clear_to(TitleScene(self.ctx))

    def table(self, session: Session) -> None:
        from game.scenes.table import TableScene

        session.on_change = self.ctx.save_session
        self.ctx.save_session(session)
        self.ctx.stack.clear_to(TableScene(self.ctx, session))

    def net_table(self, net: NetTable, session: Session) -> None:
        from game.scenes.table import TableScene

        session.networked = True
        session.own_seats = frozenset(net.seats)
        self.ctx.stack.clear_to(TableScene(self.ctx, session, net))

    def host_table(self, plan: TablePlan | None) -> None:
        from game.scenes.network.host_scene import HostTableScene

        self.ctx.stack.clear_to(HostTableScene(self.ctx, plan))

    def join_table(self) -> None:
        from game.scenes.network.join_scene import JoinTableScene

        self.ctx.stack.push(JoinTableScene(self.ctx))

    def setup(self) -> None:
        from game.scenes.setup import SetupScene

        self.ctx.stack.push(SetupScene(self.ctx))

    def pause(self, session: Session, net: NetTable | None = None) -> None:
        from game.scenes.pause import PauseScene

        self.ctx.stack.push(PauseScene(self.ctx, session, net))

    def reactions(self, net: NetTable) -> None:
        from game.scenes.network.reactions import ReactionsScene

        self.ctx.stack.push(ReactionsScene(self.ctx, net))

    def results(self, session: Session, table: NetResults | None = None) -> None:
        from game.scenes.results import ResultsScene

        self.ctx.stack.push(ResultsScene(self.ctx, session, table))

    def settings(self) -> None:
        from game.scenes.settings import SettingsScene

        self.ctx.stack.push(SettingsScene(self.ctx))

    def help(self) -> None:
        from game.scenes.help import HelpScene

        self.ctx.stack.push(HelpScene(self.ctx))

    def stats(self) -> None:
        from game.scenes.stats import StatsScene

        self.ctx.stack.push(StatsScene(self.ctx))

    def history(self) -> None:
        from game.scenes.history import HistoryScene

        self.ctx.stack.push(HistoryScene(self.ctx))

    def review_session(self, session: Session) -> None:
        from game.scenes.review import ReviewScene

        self.ctx.stack.push(ReviewScene.from_session(self.ctx, session))

    def review_log(self, history: HistoryLog) -> None:
        from game.scenes.review import ReviewScene

        self.ctx.stack.push(ReviewScene.from_history(self.ctx, history))

    def replay(self, session: ReplaySession) -> None:
        from game.scenes.table import ReplayScene

        self.ctx.stack.push(ReplayScene(self.ctx, session))

    def confirm(self, question: Question) -> None:
        from game.scenes.confirm import ConfirmScene

        self.ctx.stack.push(ConfirmScene(self.ctx, question))

    def profile_name(
        self,
        title: str,
        initial: str,
        on_done: Callable[[str], str | None],
        ok_label: str,
        max_length: int = 24,
        placeholder: str = "",
    ) -> None:
        from game.scenes.profile_name import ProfileNameScene

        scene = ProfileNameScene(
            self.ctx, title, initial, on_done, ok_label, max_length, placeholder
        )
        self.ctx.stack.push(scene)
