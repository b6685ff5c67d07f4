"""Reactions at a network table through the real scenes over real sockets (a German host, a
Swedish friend): the reaction key opens the short set, the one chosen is shown and said on
the other screen in its own language, and a second one too soon is refused, in words."""

from __future__ import annotations

import pygame

from game.i18n import _, set_language
from game.rules import GameConfig, StartOrder

from .test_net_table import top_name
from .test_net_you import screens, seat_friend  # noqa: F401 - the fixture, shared


def key(ctx, name: str) -> None:
    ctx.stack.top.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=0))


def test_a_reaction_is_shown_and_said_on_the_other_screen_once_per_few_seconds(screens):  # noqa: F811
    from game.net.seating import HOST, OPEN, SeatPlan, TablePlan

    host, friend = screens.host, screens.friend
    config = GameConfig(("Lena", "Bob"), start=StartOrder.SEATED)
    seat_friend(screens, TablePlan("Lena", config, (SeatPlan(HOST, "Lena", 0), SeatPlan(OPEN))))
    screens.in_language(host)
    host.stack.top.start()
    screens.until(lambda: top_name(host) == top_name(friend) == "TableScene")
    heard: list[str] = []
    say = host.speech.say

    def hearing(text, *args, **kwargs):
        heard.append(text)
        return say(text, *args, **kwargs)

    host.speech.say = hearing
    screens.in_language(friend)
    key(friend, "e")  # the reaction key
    screens.frame()
    assert top_name(friend) == "ReactionsScene"
    menu = friend.stack.top
    set_language("sv")
    assert [b.label for b in menu.buttons][:2] == [_("Nice!"), _("Wow!")]
    menu.buttons[1].on_press()  # Wow!
    screens.until(lambda: top_name(friend) == "TableScene")
    set_language("de")
    wow = _("{name}: {reaction}").format(name="Bob", reaction=_("Wow!"))
    screens.until(lambda: any(n.text == wow for n in host.notices))
    assert wow in heard  # said aloud on the host's screen too
    # At once again: refused on the friend's own screen, nothing sent.
    screens.in_language(friend)
    key(friend, "e")
    screens.frame()
    friend.stack.top.buttons[0].on_press()
    screens.frame()
    set_language("sv")
    assert friend.notices[-1].text == _("Too fast: wait a moment")
    for _i in range(20):
        screens.frame()
    assert [n.text for n in host.notices if n.text.startswith("Bob: ")] == [wow]
