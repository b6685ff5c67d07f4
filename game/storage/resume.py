"""The game in progress on disk: is there one, and the match it holds."""

from __future__ import annotations

import logging
from collections.abc import Callable

from game.i18n import _
from game.match.session import Session
from game.storage import Storage

log = logging.getLogger(__name__)


def has_saved_game(storage: Storage) -> bool:
    """Whether a game in progress is on disk (cheap: it is not read)."""
    try:
        return bool(storage.has_current())
    except OSError as error:
        log.warning("could not look for a saved game: %s", error)
        return False


def load_saved_session(storage: Storage, tell: Callable[[str], None]) -> Session | None:
    """The saved game as a Session, or None; what went wrong is passed to `tell`."""
    saved = storage.load_current()
    for problem in storage.take_problems():
        tell(problem)
    if saved is None:
        return None
    game = saved.game
    if storage.filed_id(game) is not None:
        # Filed already (the saved copy outlived its filing: a read-only folder, a kill just
        # after the commit): resumed, it could be finished another way and filed twice.
        storage.clear_current()
        tell(_("The saved game was already finished and is in History; it cannot be resumed."))
        return None
    return Session(
        game,
        saved.seats,
        assisted=saved.assisted,
        started=saved.started,
        seed=saved.seed,
        played_before=storage.played_before(saved.seats, game.config.card),
    )
