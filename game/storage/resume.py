"""The game in progress on disk: is there one, and the match it holds."""

from __future__ import annotations

import logging
from collections.abc import Callable

from game.i18n import _
from game.match.session import Session
from game.storage import Storage, restore_session

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
    record = storage.load_current()
    for problem in storage.take_problems():
        tell(problem)
    if record is None:
        return None
    try:
        game, seats, assisted, started = restore_session(record)
    except ValueError as error:  # load_current checked it; this is belt and braces
        # Translators: {error} says what is wrong with the file (itself translated).
        tell(_("The saved game could not be read: {error}").format(error=error))
        return None
    if storage.filed_id(game) is not None:
        # Filed already (the saved copy outlived its filing: a read-only folder, a kill just
        # after the commit): resumed, it could be finished another way and filed twice.
        storage.clear_current()
        tell(_("The saved game was already finished and is in History; it cannot be resumed."))
        return None
    seed = record.get("extra", {}).get("seed")
    return Session(
        game,
        seats,
        assisted=assisted,
        started=started,
        seed=seed if isinstance(seed, int) and not isinstance(seed, bool) else None,
        played_before=storage.played_before(seats, game.config.card),
    )
