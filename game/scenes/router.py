"""The one module that knows every scene class: it opens scenes for the others (`ctx.nav`).

    ctx.nav = Router(ctx)      # the app, the snapshot tool and the scene tests do this once
    ctx.nav.results(session)   # what a scene does instead of importing ResultsScene

Scenes never import each other, so the import arrows run one way: router -> scenes -> ui.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.match.session import Session
from game.scenes.confirm import ConfirmScene
from game.scenes.help import HelpScene
from game.scenes.history import HistoryScene
from game.scenes.nav import Question
from game.scenes.pause import PauseScene
from game.scenes.profile_name import ProfileNameScene
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.stats import StatsScene
from game.scenes.table import ReplayScene, TableScene
from game.scenes.title import TitleScene

if TYPE_CHECKING:
    from game.match.replay import ReplaySession
    from game.scenes.context import Context
    from game.storage import HistoryLog


class Router:
    """Navigator for a real Context: every scene, opened on `ctx.stack`."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def title(self) -> None:
        self.ctx.stack.clear_to(TitleScene(self.ctx))

    def table(self, session: Session) -> None:
        session.on_change = self.ctx.save_session
        self.ctx.save_session(session)
        self.ctx.stack.clear_to(TableScene(self.ctx, session))

    def setup(self) -> None:
        self.ctx.stack.push(SetupScene(self.ctx))

    def pause(self, session: Session) -> None:
        self.ctx.stack.push(PauseScene(self.ctx, session))

    def results(self, session: Session) -> None:
        self.ctx.stack.push(ResultsScene(self.ctx, session))

    def settings(self) -> None:
        self.ctx.stack.push(SettingsScene(self.ctx))

    def help(self) -> None:
        self.ctx.stack.push(HelpScene(self.ctx))

    def stats(self) -> None:
        self.ctx.stack.push(StatsScene(self.ctx))

    def history(self) -> None:
        self.ctx.stack.push(HistoryScene(self.ctx))

    def review_session(self, session: Session) -> None:
        self.ctx.stack.push(ReviewScene.from_session(self.ctx, session))

    def review_log(self, history: HistoryLog) -> None:
        self.ctx.stack.push(ReviewScene.from_history(self.ctx, history))

    def replay(self, session: ReplaySession) -> None:
        self.ctx.stack.push(ReplayScene(self.ctx, session))

    def confirm(self, question: Question) -> None:
        self.ctx.stack.push(ConfirmScene(self.ctx, question))

    def profile_name(
        self, title: str, initial: str, on_done: Callable[[str], str | None], ok_label: str
    ) -> None:
        self.ctx.stack.push(ProfileNameScene(self.ctx, title, initial, on_done, ok_label))
