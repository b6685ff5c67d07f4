"""How a scene opens another without importing it: the Navigator a scene finds at `ctx.nav`.

The router (game.scenes.router) is the one module that knows every scene class; tests can
put a fake navigator in its place. Each method queues the change on the scene stack, so it
takes effect after the current update, as every stack change does.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NoReturn, Protocol

if TYPE_CHECKING:
    from game.match.replay import ReplaySession
    from game.match.session import Session
    from game.net.screen import NetTable
    from game.net.seating import TablePlan
    from game.storage import HistoryLog


class AfterResults(enum.Enum):
    """What the results screen hands back to the table under it (`ctx.stack.pop(result)`)."""

    NEXT_GAME = "next game"  # the session moved on to its next game: show it as it is
    WATCH_AGAIN = "watch again"  # a replay: from its first action again
    LEAVE = "leave"  # a replay: back to where it was opened from


@dataclass(frozen=True)
class Question:
    """A yes/no question (ctx.nav.confirm): what is asked, what each answer does."""

    text: str
    on_yes: Callable[[], None]
    on_no: Callable[[], None] | None = None
    yes_label: str = ""  # "": Yes, in the language in use when the question is shown
    no_label: str = ""  # "": No
    detail: str = ""  # a second, smaller line
    focus_yes: bool = True  # False where Yes loses something: Enter then answers No
    said: str = ""  # the question as a voice says it, where that differs ("keep 5, 5")


class NetResults(Protocol):
    """A network table under its results: between a match's games the results follow what
    the host's table does (`follow_net`: False once this screen left the table)."""

    net: NetTable | None

    def follow_net(self, leave: bool = True) -> bool: ...


class Navigator(Protocol):
    # The big scenes: each leaves what is showing.
    def title(self) -> None:
        """Leave every scene and show the title."""

    def table(self, session: Session) -> None:
        """Leave every scene and sit down at the table with this match (saved after every
        action from now on)."""

    def net_table(self, net: NetTable, session: Session) -> None:
        """Leave every scene and sit down at a network table (its match is the host's)."""

    def host_table(self, plan: TablePlan | None) -> None:
        """Open a table for friends on the network and wait for them to take their seats
        (None: the network table saved in the data folder, opened again)."""

    def join_table(self) -> None:
        """Find a table on the network (or type its address or invite) and take a seat."""

    # Scenes pushed over the current one (popping returns to it).
    def setup(self) -> None: ...
    def pause(self, session: Session, net: NetTable | None = None) -> None: ...
    def reactions(self, net: NetTable) -> None: ...
    def results(self, session: Session, table: NetResults | None = None) -> None: ...
    def settings(self) -> None: ...
    def help(self) -> None: ...
    def stats(self) -> None: ...
    def history(self) -> None: ...

    def review_session(self, session: Session) -> None:
        """The coach's review of the session's last finished game."""

    def review_log(self, history: HistoryLog) -> None:
        """The coach's review of a game from the history."""

    def replay(self, session: ReplaySession) -> None:
        """A finished match played back on the table."""

    def confirm(self, question: Question) -> None:
        """A yes/no question over the current scene."""

    def profile_name(
        self,
        title: str,
        initial: str,
        on_done: Callable[[str], str | None],
        ok_label: str,
        max_length: int = 24,
        placeholder: str = "",
    ) -> None:
        """A name box (or any line of text) over the current scene; `on_done(text)` returns
        an error or None."""


class NoNavigator:
    """The navigator of a Context no router was given: every call says so."""

    def __getattr__(self, name: str) -> NoReturn:
        raise RuntimeError(
            f"ctx.nav.{name}: this Context has no router (game.scenes.router.Router(ctx))"
        )
