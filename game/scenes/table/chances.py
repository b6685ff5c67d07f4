"""Each seat's chance to win, worked out off the main thread after every action.

`game.ai.winning.chances.win_chances` takes a few milliseconds (more the first time a variant's
tables load), so it runs on its own worker thread; the table keeps showing the last figures
until the new ones are in, so a frame is never dropped and the figures never flicker.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from game.ai.exact.tables import TableError
from game.i18n import format_percent
from game.rules import GameState

if TYPE_CHECKING:
    from game.ai.winning.chances import WinChances

log = logging.getLogger(__name__)


def chance_text(chance: float) -> str:
    """'42%' (as the language in use writes a percentage); '<1%' and '>99%' at the ends,
    since 0% and 100% would claim certainty."""
    if 0 < chance < 0.005:
        return "<" + format_percent(0.01)
    if 0.995 < chance < 1:
        return ">" + format_percent(0.99)
    return format_percent(round(chance * 100) / 100)


def wanted(setting: str, advice_overlay: bool, grading: bool, helped: bool = False) -> bool:
    """Shown always ('on'), never ('off'), or with the coach: while advice or grading is on,
    or once someone at the table has been helped this game (a hint or an undo; `helped`)."""
    coached = advice_overlay or grading or helped
    return setting == "on" or (setting == "coach" and coached)


class ChanceWatch:
    def __init__(self) -> None:
        self.shown: tuple[float, ...] | None = None  # per competitor, in the match if several
        self.shown_state: GameState | None = None
        self._asked: GameState | None = None
        self._future: Future[WinChances] | None = None
        self._executor: ThreadPoolExecutor | None = None
        self.unavailable = False  # the tables the chances need are missing: ask no more

    def update(
        self, state: GameState, wanted: bool, paces: Callable[[], Sequence[float]] | None = None
    ) -> None:
        """One frame: take finished figures, and ask for `state`'s if not yet asked, each
        column at its pace (game.ai.levels.pace; `paces` is asked then)."""
        if not wanted:
            self.shown = self.shown_state = None
            self._asked = None
            return
        if self._future is not None and self._future.done():
            future, self._future = self._future, None
            try:
                chances = future.result()
            except TableError as error:  # an install without its tables: say so once
                log.warning("no win chances in this game: %s", error)
                self.unavailable = True
                chances = None
            except Exception:  # a figure missing is no reason to stop play
                log.exception("the win chances could not be worked out")
                chances = None
            if chances is not None:
                self.shown = chances.match if state.config.games > 1 else chances.game
                self.shown_state = self._asked
        if self._future is None and self._asked is not state and not self.unavailable:
            self._asked = state
            table = None if paces is None else tuple(paces())
            self._future = self._worker().submit(_chances, state, table)

    def column_texts(self, state: GameState) -> tuple[str, ...]:
        """Per column: its competitor's chance ('42%'), or '' while none is known."""
        if self.shown is None:
            return ("",) * len(state.config.columns)
        side = {c: i for i, cols in enumerate(state.config.competitors) for c in cols}
        return tuple(chance_text(self.shown[side[c]]) for c in range(len(state.config.columns)))

    def _worker(self) -> ThreadPoolExecutor:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="chances")
        return self._executor

    def shutdown(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)


def _chances(state: GameState, paces: Sequence[float] | None) -> WinChances:
    from game.ai.winning.chances import win_chances

    return win_chances(state, paces)
