"""Moving between the big scenes: open a match at the table with saving wired in."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.match.session import Session

if TYPE_CHECKING:
    from game.context import Context

log = logging.getLogger(__name__)


def autosave(ctx: Context, session: Session) -> None:
    """Keep the match on disk after every action; a finished match is filed in the history."""
    if not ctx.storage.save_session(session):  # a full disk must not stop the game
        ctx.report_storage_problems()


def open_table(ctx: Context, session: Session) -> None:
    """Leave whatever is showing and sit down at the table with this match."""
    from game.scenes.table import TableScene

    session.on_change = lambda s: autosave(ctx, s)
    autosave(ctx, session)
    ctx.stack.clear_to(TableScene(ctx, session))
