"""The help driven by real events: its contents list jumps to each part by key, Tab and Enter,
and mouse; it explains the card's figures and the coach's lines in the words the table uses;
and its text stays inside the panel at small windows and large text."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pygame
import pytest

import game.scenes.help as help_package
from game.ai.coach.reasons import big_mistake
from game.ai.exact.options import Keep
from game.scenes.help import CONTENTS, GRADE_EXAMPLE, HelpScene, help_text
from game.scenes.help.layout import lay_out
from tests.driver import ENTER, click, feed, hover, key, show
from tests.scenes.test_menus import Recorder


def open_help(ctx) -> tuple[Recorder, HelpScene]:
    base = show(ctx, Recorder(ctx))
    return base, show(ctx, HelpScene(ctx))


def words(ctx) -> str:
    """Every text of the help, as one string."""
    parts = []
    for _kind, content in help_text(ctx.input):
        parts += [content] if isinstance(content, str) else list(content)
    return "\n".join(parts)


def test_the_contents_list_every_part_and_starts_the_text(ctx):
    _, help_scene = open_help(ctx)
    assert [link.target for link in help_scene.links] == list(CONTENTS)
    assert [link.number for link in help_scene.links] == [1, 2, 3, 4, 5, 6, 7]
    # The contents come first, then the parts in the order they list them.
    tops = [help_scene.anchors[target] for target in CONTENTS]
    assert tops == sorted(tops) and tops[0] > help_scene.links[-1].rect.bottom
    assert help_scene.back_focused and help_scene.scroll.offset == 0


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 6, 7])
def test_a_number_key_jumps_to_its_part(ctx, number):
    _, help_scene = open_help(ctx)
    feed(ctx, key(pygame.K_0 + number, str(number)))
    target = help_scene.anchors[CONTENTS[number - 1]]
    assert help_scene.scroll.offset == min(target, help_scene.scroll.max_offset)
    assert help_scene.scroll.offset > 0
    feed(ctx, key(pygame.K_HOME))  # Home is back at the contents
    assert help_scene.scroll.offset == 0


def test_tab_and_enter_follow_the_contents_and_back_leaves(ctx):
    base, help_scene = open_help(ctx)
    feed(ctx, key(pygame.K_TAB))
    assert help_scene.focus == 0 and not help_scene.back_focused
    for _i in range(5):
        feed(ctx, key(pygame.K_TAB))
    assert help_scene.focus == 5
    feed(ctx, ENTER)
    assert help_scene.scroll.offset == help_scene.anchors["The coach"]
    assert ctx.stack.top is help_scene  # Enter on a contents entry jumps, it does not leave
    # Tab to an entry scrolled away brings the contents back into view.
    feed(ctx, key(pygame.K_TAB, mod=pygame.KMOD_SHIFT))
    assert help_scene.focus == 4 and help_scene.scroll.offset < help_scene.anchors["The coach"]
    shown, view = help_scene.link_on_screen(help_scene.links[4]), help_scene.scroll.viewport
    assert view.top <= shown.top and shown.bottom <= view.bottom
    feed(ctx, key(pygame.K_TAB), key(pygame.K_TAB), key(pygame.K_TAB))
    assert help_scene.back_focused
    feed(ctx, ENTER)
    assert ctx.stack.top is base


def test_the_mouse_hovers_and_clicks_a_contents_entry(ctx):
    _, help_scene = open_help(ctx)
    entry = help_scene.link_on_screen(help_scene.links[4]).center
    feed(ctx, hover(entry))
    assert help_scene.focus == 4
    feed(ctx, click(entry))
    assert help_scene.scroll.offset == help_scene.anchors["Reading the card"]
    # The entry has scrolled away: a click where it was does nothing more.
    offset = help_scene.scroll.offset
    feed(ctx, click(help_scene.link_on_screen(help_scene.links[6]).center))
    assert help_scene.scroll.offset == offset
    feed(ctx, hover(help_scene.back.rect.center))
    assert help_scene.back_focused


def test_the_help_explains_the_figures_on_the_card(ctx):
    text = words(ctx)
    assert "(+6)" in text and "(-2)" in text and "three of each face" in text
    assert "needs 27" in text and "still need to reach 63" in text
    assert "expected final total if you score the dice there now" in text


def test_each_card_and_forced_order_has_its_own_part(ctx):
    """The American card, the Yatzy card and forced order are parts of their own, each box
    named with the card's own scoring, and the figures are the cards' own."""
    blocks = help_text(ctx.input)
    parts = [content for kind, content in blocks if kind == "part"]
    assert parts == list(CONTENTS)

    def part(name: str) -> str:
        at = blocks.index(("part", name))
        rest = itertools.takewhile(lambda b: b[0] != "part", blocks[at + 1 :])
        return "\n".join(c if isinstance(c, str) else " | ".join(c) for _k, c in rest)

    yatzy = part("The Yatzy card")
    for row in (
        "One Pair | The sum of the highest two dice of the same face (6-6 scores 12).",
        "Two Pairs | The sum of two pairs of different faces (5-5 and 2-2 score 14).",
        "Small Straight | 1-2-3-4-5, which scores 15.",
        "Large Straight | 2-3-4-5-6, which scores 20.",
        "Yatzy | 50 for five of a kind.",
    ):
        assert row in yatzy
    assert "15 boxes" in yatzy and "63 or more, you earn 50 bonus points" in yatzy
    assert "The best possible score is 374." in yatzy and "Yahtzee" not in yatzy
    american = part("The American card")
    assert "63 or more, you earn 35 bonus points" in american
    assert "Small Straight | 30 for four faces in a row" in american
    assert "best possible score is 375" in american and "One Pair" not in american
    forced = part("Forced order")
    assert "from the top of the card down" in forced and "either card" in forced


def test_the_coach_examples_are_the_tables_own_words(ctx):
    text = words(ctx)
    assert "\u201cBest: keep 5-5 (expected final 231.4)\u201d" in text
    assert "\u201ckeep 5-5-5: 229.1 (2.3 less)\u201d" in text
    assert big_mistake(Keep((6, 6)), 12.5) in text
    assert "keep 5-5-5 for Fives or Three of a Kind" in text
    assert "scoring 15 in Fives: 2.2 points better than scoring 18 in Three of a Kind" in text
    # The grading mark is made by the table's coach overlay in this very form.
    name, best, cost = re.fullmatch(
        r"(\w+): (.+) was (\d+\.\d) points better", GRADE_EXAMPLE
    ).groups()
    assert (name, best, cost) == ("Ann", "keep 6-6", "3.4")
    assert GRADE_EXAMPLE in text and "Hint (H)" in text
    assert not re.search(r"(^|[\s(])[+-]\d+\.\d", text)  # no signed costs anywhere


@pytest.mark.parametrize("size", [(1280, 800), (640, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_the_text_stays_in_the_panel_at_any_size_and_text_scale(ctx, size, scale):
    ctx.apply_settings(ctx.settings.replace(text_scale=scale))
    surface = pygame.display.set_mode(size)
    _, help_scene = open_help(ctx)
    help_scene.layout(size)
    help_scene.draw(surface)
    view = help_scene.scroll.viewport
    assert surface.get_rect().contains(help_scene.panel)
    assert help_scene.panel.contains(view) and surface.get_rect().contains(help_scene.back.rect)
    for image, x, _y in help_scene.items:
        assert x >= 0 and x + image.get_width() <= view.width
    for link in help_scene.links:
        assert link.rect.right <= view.width + 4  # the focus outline's margin
    # Every part can still be reached with its number key.
    feed(ctx, key(pygame.K_6, "6"))
    target = help_scene.anchors["The coach"]
    assert help_scene.scroll.offset == min(target, help_scene.scroll.max_offset) > 0


def test_the_page_has_an_anchor_for_every_part_and_heading_and_ends_at_its_last_line(ctx):
    """The layout sets the text once, as a Page the scene scrolls: every part and heading
    can be jumped to, in the text's order, and the content ends just under its last line."""
    _, help_scene = open_help(ctx)
    blocks = help_text(ctx.input)
    width = help_scene.scroll.viewport.width
    page = lay_out(blocks, ctx.fonts, ctx.theme, help_scene.body_px, width)
    titles = [str(content) for kind, content in blocks if kind in ("part", "h")]
    assert list(page.anchors) == titles and len(set(titles)) == len(titles)
    assert list(page.anchors.values()) == sorted(page.anchors.values())
    assert page.anchors == help_scene.anchors
    assert help_scene.scroll.content_height == page.height
    last = max(y + image.get_height() for image, _x, y in page.items)
    assert last <= page.height <= last + ctx.fonts.get(help_scene.body_px).get_linesize()
    assert [link.target for link in page.links] == list(CONTENTS)


def test_the_help_text_is_words_only_with_no_pygame():
    """The text of each part is data (blocks of translated words); only the layout and the
    scene draw it."""
    folder = Path(help_package.__file__).parent
    drawing = {"__init__.py", "layout.py", "scene.py"}
    texts = sorted(p.name for p in folder.glob("*.py") if p.name not in drawing)
    assert texts == ["cards.py", "coach.py", "contents.py", "controls.py", "play.py", "text.py"]
    for name in texts:
        tree = ast.parse((folder / name).read_text(encoding="utf-8"))
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not any(m.split(".")[0] == "pygame" for m in imported), name
