"""What a player reads about the network: why the host said no, why the table closed, why an
action was refused, how the connection stands. In the player's own language, from the reason
codes the protocol carries (a host's free text is never shown: it could say anything)."""

from __future__ import annotations

from game.i18n import _
from game.net.friend import Link
from game.net.messages import PROTOCOL


def denied_text(link: Link, ours: int = PROTOCOL) -> str:
    """Why the host turned us away."""
    reason = link.reason
    if reason == "version":
        version = link.host_game or "?"
        if (link.host_protocol or 0) > ours:
            # Translators: {version} is the host's version of the game, as "0.2.0".
            return _(
                "The host's game is newer (version {version}): update your game to join this table."
            ).format(version=version)
        return _(
            "The host's game is older (version {version}): the host needs to update it before "
            "you can join."
        ).format(version=version)
    if reason == "code":
        return _("That is not this table's code. Check it with the host and try again.")
    if reason == "busy":
        return _("The table is busy or has refused too many codes: wait a minute and try again.")
    if reason == "removed":
        return _("The host took your seat away.")
    return _("The host did not let you join.")


def closed_text(reason: str, resumable: bool) -> str:
    """Why the table closed for us."""
    if reason == "host_quit":
        if resumable:
            return _("The host closed the table. It is saved: join again when the host opens it.")
        return _("The host closed the table.")
    if reason == "removed":
        return _("The host took your seat away.")
    if reason == "flood":
        return _("Your game sent too much too fast, and the host ended the connection.")
    return _("The connection was too slow to follow the table.")


def link_text(link: Link) -> str:
    """How the connection stands, for the status line."""
    if link.state == "lost":
        return _("The connection to the host was lost. Trying again…")
    if link.state == "gave_up":
        return _("The host could not be reached again.")
    if link.state == "denied":
        return denied_text(link)
    if link.state == "closed":
        return closed_text(link.reason or "", False)
    return _("Connected to the table.")


def refused_text(reason: str) -> str:
    """Why the host refused what we asked."""
    texts = {
        "not_your_turn": _("It is not your turn."),
        "stale": _("The table moved on before that arrived: try again."),
        "illegal": _("The rules do not allow that now."),
        "cannot_undo": _("That cannot be undone now."),
        "too_fast": _("Too fast: wait a moment."),
        "seat_taken": _("That seat is taken: choose another, or watch."),
        "name_taken": _("Someone at the table already has that name."),
        "colour_taken": _("Someone at the table already has that colour."),
        "bad_name": _("Choose a name to sit at the table."),
        "token": _("That seat is no longer yours."),
        "started": _("The game has started: you can watch."),
        "not_seated": _("Only players at the table can do that."),
    }
    return texts.get(reason, _("The host refused that."))
