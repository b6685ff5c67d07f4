"""Rules and help: how the game is played (from RULES.md, in the game's own words) and the
keys, as the player has them mapped.

Controls:
    Up / Down        scroll a line
    PageUp / PageDown, Home / End   scroll a page, to the top or the end
    mouse wheel, or drag the scroll bar
    Esc / Enter / Backspace   back to where you were
Mouse: click Back.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.rules.categories import (
    FULL_HOUSE_POINTS,
    LARGE_STRAIGHT_POINTS,
    SMALL_STRAIGHT_POINTS,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    YAHTZEE_BONUS,
    YAHTZEE_POINTS,
)
from game.rules.config import MAX_GAMES, MAX_PLAYERS
from game.scenes.base import Scene
from game.ui.input import is_back, is_confirm
from game.ui.layout import layout_unit
from game.ui.menu_layout import title_image
from game.ui.scroll import ScrollView, clipped, viewport_in
from game.ui.text import wrap_text
from game.ui.widgets import Button, FeltBackground, draw_panel

if TYPE_CHECKING:
    from game.scenes.context import Context
    from game.ui.input import InputMap

log = logging.getLogger(__name__)

REFERENCE = (1100, 800)  # px: the window the help screen is designed at
MEASURE = 58  # ems: the longest comfortable line of text (about 90 characters)
# Blocks of the text: ("h", heading), ("p", paragraph), ("li", bullet), ("row", (key, text)).
Block = tuple[str, object]


def rules_text() -> list[Block]:
    """The rules, written from RULES.md (the booklet where the sources differ)."""
    return [
        ("h", "The aim"),
        (
            "p",
            "Score the highest total. Every player fills a scorecard of thirteen boxes, one "
            "box a turn, so a game lasts thirteen turns each. One to "
            f"{MAX_PLAYERS} seats can play, people and CPU players in any mix.",
        ),
        ("h", "A turn"),
        ("li", "Roll all five dice. You have up to three rolls a turn."),
        (
            "li",
            "Before the second and third roll, hold the dice you want to keep and roll the "
            "rest. A held die can be let go again.",
        ),
        (
            "li",
            "You may score after any roll and must score after the third. Scoring ends the turn.",
        ),
        (
            "li",
            "Every turn fills exactly one open box. You may write a zero in any open box, "
            "whatever the dice show. A filled box never changes.",
        ),
        ("h", "The boxes"),
        ("row", ("Ones to Sixes", "The sum of the dice showing that face.")),
        ("row", ("Three of a Kind", "The sum of all five dice, if at least three match.")),
        ("row", ("Four of a Kind", "The sum of all five dice, if at least four match.")),
        (
            "row",
            ("Full House", f"{FULL_HOUSE_POINTS} for three of one face and two of another."),
        ),
        (
            "row",
            (
                "Small Straight",
                f"{SMALL_STRAIGHT_POINTS} for four faces in a row (1-2-3-4, 2-3-4-5 or 3-4-5-6).",
            ),
        ),
        ("row", ("Large Straight", f"{LARGE_STRAIGHT_POINTS} for five faces in a row.")),
        ("row", ("Yahtzee", f"{YAHTZEE_POINTS} for five of a kind.")),
        ("row", ("Chance", "The sum of all five dice, whatever they show.")),
        (
            "p",
            "Five of a kind is not a Full House, except when it is played as a Joker (below).",
        ),
        ("h", "The upper bonus"),
        (
            "p",
            f"When the six upper boxes add up to {UPPER_BONUS_THRESHOLD} or more, you earn "
            f"{UPPER_BONUS} bonus points. Three of each face makes exactly "
            f"{UPPER_BONUS_THRESHOLD}. Your total is the upper boxes, the bonus, the lower "
            "boxes and any Yahtzee bonuses. Without Yahtzee bonuses the best possible score "
            "is 375.",
        ),
        ("h", "Extra Yahtzees and the Joker"),
        (
            "p",
            "An extra Yahtzee is five of a kind rolled when your Yahtzee box is already "
            "filled. What happens depends on the rules chosen in setup:",
        ),
        (
            "row",
            (
                "Official",
                f"A bonus of {YAHTZEE_BONUS} if your Yahtzee box holds {YAHTZEE_POINTS} "
                "(none if it holds 0). Then, if the upper box of that face is open, the roll "
                "must go there. If not, it is a Joker: score it in any open lower box, where "
                f"Full House counts {FULL_HOUSE_POINTS}, Small Straight "
                f"{SMALL_STRAIGHT_POINTS} and Large Straight {LARGE_STRAIGHT_POINTS}. If the "
                "lower boxes are all filled, write a zero in an open upper box; the bonus still "
                "counts. This is the default, from the rule booklet.",
            ),
        ),
        (
            "row",
            (
                "Free",
                f"The same bonus of {YAHTZEE_BONUS}, and the roll may go in any open box. "
                "Full House and the straights get their Joker value only when the upper box "
                "of that face is already filled; otherwise they score as the dice lie.",
            ),
        ),
        (
            "row",
            (
                "Simple",
                "No Yahtzee bonus and no Joker: an extra Yahtzee scores like any other roll.",
            ),
        ),
        ("h", "Who starts"),
        (
            "p",
            "With \u201croll for it\u201d, everyone rolls all five dice and the highest total "
            "starts; tied leaders roll again. Play then goes round the table in seat order. "
            "Setup can also let the first seat start.",
        ),
        ("h", "Winning and ties"),
        (
            "p",
            "The game ends when every scorecard is full, and the highest total wins. Tied "
            "players share the win, unless the tie-breaker is on: then the tied players each "
            "play one more turn of up to three rolls, and the highest total of the dice wins. "
            "They go again while they are still tied.",
        ),
        ("h", "Teams"),
        (
            "row",
            (
                "Shared card",
                "Partners write in one column. The team takes one place in the turn order and "
                "its members take its turns in turn: thirteen turns for the team.",
            ),
        ),
        (
            "row",
            (
                "Combined cards",
                "Everyone plays their own card, and a team scores the sum of its members' "
                "totals. Partners do not sit next to each other.",
            ),
        ),
        ("h", "A match"),
        (
            "p",
            f"A match is 1 to {MAX_GAMES} games, like the columns of the score pad. The "
            "highest total over all the games wins the match. The seats stay as they are, "
            "and the start is rolled for again each game.",
        ),
        ("h", "Tips from the booklet"),
        ("li", "Keep pace for the upper bonus: three of each face is all it takes."),
        (
            "li",
            "When nothing fits, put the zero where it costs least: often Ones, or the "
            "Yahtzee box late in the game.",
        ),
    ]


def controls_text(keys: InputMap) -> list[Block]:
    """The keys, read from the player's key map so remapped keys show as they are."""
    k = keys.label
    return [
        ("h", "At the table"),
        ("row", (k("roll"), "Roll the dice (also the start roll and the tie-breaker)")),
        (
            "row",
            (f"{k('hold_1')} to {k('hold_5')}", "Hold or release a die; or click the die"),
        ),
        (
            "row",
            (
                f"{k('up')} / {k('down')}, {k('confirm')}",
                "Choose a box and score it; or click the box",
            ),
        ),
        ("row", (k("hint"), "A hint: the best move now")),
        ("row", (k("undo"), "Undo your last hold or score (never a roll)")),
        ("row", (k("pause"), "Pause menu: settings, help, quit")),
        ("row", (k("skip_cpu"), "Skip to the end of a CPU turn")),
        ("row", (k("speed_cpu"), "CPU turns fast")),
        ("row", (k("key_hints"), "Show or hide the key hints")),
        ("row", (k("fullscreen"), "Full screen on or off")),
        ("row", (k("help"), "These rules and help")),
        ("h", "In the menus"),
        ("row", (f"{k('up')} / {k('down')}, Tab", "Move the focus")),
        ("row", (f"{k('left')} / {k('right')}", "Change a value")),
        ("row", (k("confirm"), "Choose")),
        ("row", (k("pause"), "Back")),
        ("p", "Everything works with the mouse too: hover to focus, click to choose."),
    ]


class HelpScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.felt = FeltBackground()
        self.scroll = ScrollView()
        self.back = Button("Back", self.close, primary=True, hint=ctx.input.label("pause"))
        self.back_focused = True
        self.size = (0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.title: tuple[pygame.Surface, pygame.Rect] | None = None
        # Laid-out text: (image, x, y) in content coordinates, y from the content's top.
        self.items: list[tuple[pygame.Surface, int, int]] = []
        self.rules: list[tuple[pygame.Rect, int]] = []  # heading underlines: (rect, y)
        self.body_px = 22.0

    def close(self) -> None:
        self.ctx.stack.pop()

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.back.hit(event.pos):
            self.close()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.back_focused = True  # the only button: it always has the focus
        intent = self.ctx.input.menu_intent(event)
        if is_back(intent) or is_confirm(intent):
            self.close()
            return True
        return self.scroll.handle(event, intent)

    # ----------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        self.felt.fit(size, self.ctx.theme)
        theme, fonts = self.ctx.theme, self.ctx.fonts
        unit = layout_unit(size, REFERENCE)
        margin = max(8, round(20 * unit))
        title = title_image(fonts, theme, "Rules & help", unit)
        self.title = (title, title.get_rect(midtop=(w // 2, margin)))
        button_h = max(30, round(48 * unit))
        button_w = min(w - 2 * margin, round(220 * unit))
        self.back.rect = pygame.Rect(0, h - margin - button_h, button_w, button_h)
        self.back.rect.centerx = w // 2

        # Text follows the height, but a narrow window keeps enough words to a line.
        self.body_px = max(15.0, min(22 * h / 800, w / 40))
        body = fonts.get(self.body_px)
        em = body.size("m")[0]
        panel_w = min(w - 2 * margin, MEASURE * em + 2 * margin)
        top = margin + title.get_height() + margin // 2
        self.panel = pygame.Rect(0, top, panel_w, self.back.rect.top - margin // 2 - top)
        self.panel.centerx = w // 2
        pad = max(8, round(22 * unit))
        viewport = viewport_in(self.panel, pad, max(6, body.get_linesize() // 2))
        width = viewport.width
        self.items, self.rules = [], []
        y = 0
        y = self._set_blocks(rules_text(), body, width, y, "How to play")
        y += body.get_linesize()
        y = self._set_blocks(controls_text(self.ctx.input), body, width, y, "Controls")
        self.scroll.set_content(viewport, y, body.get_linesize())

    def _set_blocks(
        self, blocks: list[Block], body: pygame.font.Font, width: int, y: int, title: str
    ) -> int:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        line = round(body.get_linesize() * 1.12)
        big = fonts.get(self.body_px * 1.5, bold=True)
        head = fonts.get(self.body_px * 1.15, bold=True)
        strong = fonts.get(self.body_px, bold=True)
        image = big.render(title, True, theme.accent_dark)
        self.items.append((image, 0, y))
        y += big.get_linesize()
        self.rules.append((pygame.Rect(0, y, width, max(2, line // 12)), y))
        y += line // 2
        rows = [b for b in blocks if b[0] == "row"]
        key_w = min(
            width * 2 // 5,
            max((strong.size(str(b[1][0]))[0] for b in rows), default=0),  # type: ignore[index]
        )
        for kind, content in blocks:
            if kind == "h":
                y += line // 2
                self.items.append((head.render(str(content), True, theme.accent_dark), 0, y))
                y += head.get_linesize() + line // 6
            elif kind == "p":
                for text in wrap_text(body, str(content), width):
                    self.items.append((body.render(text, True, theme.text), 0, y))
                    y += line
                y += line // 3
            elif kind == "li":
                indent = body.size("MM")[0]
                bullet = body.render("\u2022", True, theme.accent)
                self.items.append((bullet, indent // 3, y))
                for text in wrap_text(body, str(content), width - indent):
                    self.items.append((body.render(text, True, theme.text), indent, y))
                    y += line
                y += line // 4
            elif kind == "row":
                key, text = content  # type: ignore[misc]
                gap = body.size("MM")[0]
                key_lines = wrap_text(strong, key, key_w)
                text_lines = wrap_text(body, text, width - key_w - gap)
                for i, part in enumerate(key_lines):
                    self.items.append((strong.render(part, True, theme.text), 0, y + i * line))
                for i, part in enumerate(text_lines):
                    image = body.render(part, True, theme.text)
                    self.items.append((image, key_w + gap, y + i * line))
                y += max(len(key_lines), len(text_lines)) * line + line // 4
        return y

    def draw(self, surface: pygame.Surface) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.draw(surface, theme)
        if self.title is not None:
            surface.blit(*self.title)
        draw_panel(surface, theme, self.panel)
        view = self.scroll.viewport
        offset = self.scroll.offset
        with clipped(surface, view):
            for rect, _ in self.rules:
                moved = self.scroll.to_screen(rect)
                if moved.colliderect(view):
                    pygame.draw.rect(surface, theme.panel_edge, moved)
            for image, x, y in self.items:
                top = view.top + y - offset
                if top + image.get_height() >= view.top and top <= view.bottom:
                    surface.blit(image, (view.left + x, top))
        self.scroll.draw_bar(surface, theme)
        self.back.draw(surface, theme, fonts, self.back_focused)
