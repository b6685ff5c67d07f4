"""The one error the rules raise when an action is not allowed now."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid, with a message a person can read."""
