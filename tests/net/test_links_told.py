"""What a friend's table tells of its connection: every note that ends the table says why
(a friend came back from a freeze to the title with no word, once, when the host turned the
reconnection away); a drop says it is being mended; the rest is told by the host's own
message that follows (a closing says its reason)."""

from __future__ import annotations

import pytest

from game.net.friend import Link
from game.net.screen import Polled, take_link


@pytest.mark.parametrize(
    ("link", "ended", "told"),
    [
        (Link("denied", "code"), True, "The table would not let you back in"),
        (Link("denied", "version", 2, "9.9.9"), True, "The table would not let you back in"),
        (Link("gave_up"), True, "The host did not come back"),
        (Link("lost"), False, "The connection to the host was lost: trying again"),
        (Link("joined"), False, None),
        (Link("closed", "removed"), False, None),
    ],
)
def test_a_note_on_the_connection_is_told(link, ended, told):
    polled = Polled()
    take_link(link, polled)
    assert polled.ended is ended
    assert polled.news == ([told] if told else [])
