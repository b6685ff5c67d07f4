"""Rules and help: how the game is played (from RULES.md, in the game's own words), what the
figures on the card and the coach's lines mean, and the keys, as the player has them mapped.
A short contents list at the top jumps to each part.

Controls:
    1 to 7           jump to that part of the contents
    Tab / Shift+Tab  move the focus over the contents and Back; Enter follows it
    Up / Down        scroll a line
    PageUp / PageDown, Home / End   scroll a page, to the top (the contents) or the end
    mouse wheel, or drag the scroll bar
    Esc / Backspace  back to where you were
Mouse: click a contents entry to jump to it; click Back.
"""

from __future__ import annotations

import itertools
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ai.options import Keep
from game.ai.reasons import Reason, big_mistake, hint_lines, say
from game.i18n import N_, _
from game.rules import Category, Score, Variant
from game.rules.cards import AMERICAN, YATZY, Card
from game.rules.categories import (
    FULL_HOUSE_POINTS,
    LARGE_STRAIGHT_POINTS,
    SMALL_STRAIGHT_POINTS,
    YAHTZEE_BONUS,
    YAHTZEE_POINTS,
)
from game.rules.config import MAX_GAMES, MAX_PLAYERS
from game.scenes.base import Scene
from game.ui.input import Intent, is_back, is_confirm
from game.ui.layout import layout_unit
from game.ui.menu_layout import title_image
from game.ui.scroll import ScrollView, clipped, viewport_in
from game.ui.text import ellipsize, wrap_text
from game.ui.widgets import Button, FeltBackground, draw_panel

if TYPE_CHECKING:
    from game.scenes.context import Context
    from game.ui.input import InputMap

log = logging.getLogger(__name__)

REFERENCE = (1100, 800)  # px: the window the help screen is designed at
MEASURE = 58  # ems: the longest comfortable line of text (about 90 characters)
BODY_LEAST = 17.0  # the body text size (before the text scale) in the smallest windows
# Blocks of the text: ("part", title), ("h", heading), ("p", paragraph), ("li", bullet),
# ("row", (key, text)).
Block = tuple[str, object]
#: The contents list: the parts and headings it jumps to, in order (keys 1 to 5).
#: Marked here, translated where drawn; the text's parts and headings use the same msgids.
CONTENTS = (
    N_("How to play"),
    N_("The American card"),
    N_("The Yatzy card"),
    N_("Forced order"),
    N_("Reading the card"),
    N_("The coach"),
    N_("Controls"),
)
DIGITS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7)
ROW_TEXT_LEAST = 16  # ems: a row's text narrower than this goes under its key instead


def best_total(card: Card) -> int:
    """The best total a card can make with no bonus chips: every box at its most, and the
    upper bonus."""
    return sum(max(card.possible[c]) for c in card.boxes) + card.upper_bonus


def rules_text() -> list[Block]:
    """How any game is played, written from RULES.md (the booklet where the sources differ);
    each card's boxes and forced order follow in parts of their own."""
    return [
        ("h", _("The aim")),
        (
            "p",
            _(
                "Score the highest total. Every player fills a scorecard, one box a turn, so a "
                "game lasts as many turns as the card has boxes: {american} on the American "
                "card, {yatzy} on the Yatzy card. One to {players} seats can play, people and "
                "CPU players in any mix."
            ).format(players=MAX_PLAYERS, american=len(AMERICAN), yatzy=len(YATZY)),
        ),
        (
            "p",
            _(
                "Setup chooses the rules: Official, Free or Simple play the American card "
                "(they differ only in what an extra Yahtzee does), and Yatzy plays the "
                "Scandinavian card. Forced order can be added to either."
            ),
        ),
        ("h", _("A turn")),
        ("li", _("Roll all five dice. You have up to three rolls a turn.")),
        (
            "li",
            _(
                "Before the second and third roll, hold the dice you want to keep and roll the "
                "rest. A held die can be let go again."
            ),
        ),
        (
            "li",
            _(
                "You may score after any roll and must score after the third. Scoring ends the "
                "turn."
            ),
        ),
        (
            "li",
            _(
                "Every turn fills exactly one open box. You may write a zero in any open box, "
                "whatever the dice show. A filled box never changes."
            ),
        ),
        ("h", _("Who starts")),
        (
            "p",
            _(
                "With \u201croll for it\u201d, everyone rolls all five dice and the highest "
                "total starts; tied leaders roll again. Play then goes round the table in seat "
                "order. Setup can also let the first seat start."
            ),
        ),
        ("h", _("Winning and ties")),
        (
            "p",
            _(
                "The game ends when every scorecard is full, and the highest total wins. Tied "
                "players share the win, unless the tie-breaker is on: then the tied players "
                "each play one more turn of up to three rolls, and the highest total of the "
                "dice wins. They go again while they are still tied."
            ),
        ),
        ("h", _("Teams")),
        (
            "row",
            (
                _("Shared card"),
                _(
                    "Partners write in one column. The team takes one place in the turn order "
                    "and its members take its turns in turn, one card's worth of turns for the "
                    "team."
                ),
            ),
        ),
        (
            "row",
            (
                _("Combined cards"),
                _(
                    "Everyone plays their own card, and a team scores the sum of its members' "
                    "totals. Partners do not sit next to each other."
                ),
            ),
        ),
        ("h", _("A match")),
        (
            "p",
            _(
                "A match is 1 to {games} games, like the columns of the score pad. The highest "
                "total over all the games wins the match. The seats stay as they are, and the "
                "start is rolled for again each game."
            ).format(games=MAX_GAMES),
        ),
    ]


def american_text() -> list[Block]:
    """The American card (Hasbro's Yahtzee): its boxes, its bonus and the extra-Yahtzee rules."""
    return [
        (
            "p",
            _(
                "Thirteen boxes: six in the upper section and seven in the lower. This is the "
                "card of the rules Official, Free and Simple."
            ),
        ),
        ("h", _("The boxes")),
        ("row", (_("Ones to Sixes"), _("The sum of the dice showing that face."))),
        (
            "row",
            (_("Three of a Kind"), _("The sum of all five dice, if at least three match.")),
        ),
        ("row", (_("Four of a Kind"), _("The sum of all five dice, if at least four match."))),
        (
            "row",
            (
                _("Full House"),
                _("{points} for three of one face and two of another.").format(
                    points=FULL_HOUSE_POINTS
                ),
            ),
        ),
        (
            "row",
            (
                _("Small Straight"),
                _("{points} for four faces in a row (1-2-3-4, 2-3-4-5 or 3-4-5-6).").format(
                    points=SMALL_STRAIGHT_POINTS
                ),
            ),
        ),
        (
            "row",
            (
                _("Large Straight"),
                _("{points} for five faces in a row.").format(points=LARGE_STRAIGHT_POINTS),
            ),
        ),
        ("row", (_("Yahtzee"), _("{points} for five of a kind.").format(points=YAHTZEE_POINTS))),
        ("row", (_("Chance"), _("The sum of all five dice, whatever they show."))),
        (
            "p",
            _("Five of a kind is not a Full House, except when it is played as a Joker (below)."),
        ),
        ("h", _("The upper bonus")),
        (
            "p",
            _(
                "When the six upper boxes add up to {threshold} or more, you earn {bonus} bonus "
                "points. Three of each face makes exactly {threshold}. Your total is the upper "
                "boxes, the bonus, the lower boxes and any Yahtzee bonuses. Without Yahtzee "
                "bonuses the best possible score is {best}."
            ).format(
                threshold=AMERICAN.bonus_threshold,
                bonus=AMERICAN.upper_bonus,
                best=best_total(AMERICAN),
            ),
        ),
        ("h", _("Extra Yahtzees and the Joker")),
        (
            "p",
            _(
                "An extra Yahtzee is five of a kind rolled when your Yahtzee box is already "
                "filled. What happens depends on the rules chosen in setup:"
            ),
        ),
        (
            "row",
            (
                _(Variant.OFFICIAL.label),
                _(
                    "A bonus of {bonus} if your Yahtzee box holds {yahtzee} (none if it holds "
                    "0). Then, if the upper box of that face is open, the roll must go there. If "
                    "not, it is a Joker: score it in any open lower box, where Full House counts "
                    "{full_house}, Small Straight {small_straight} and Large Straight "
                    "{large_straight}. If the lower boxes are all filled, write a zero in an "
                    "open upper box; the bonus still counts. This is the default, from the rule "
                    "booklet."
                ).format(
                    bonus=YAHTZEE_BONUS,
                    yahtzee=YAHTZEE_POINTS,
                    full_house=FULL_HOUSE_POINTS,
                    small_straight=SMALL_STRAIGHT_POINTS,
                    large_straight=LARGE_STRAIGHT_POINTS,
                ),
            ),
        ),
        (
            "row",
            (
                _(Variant.FREE.label),
                _(
                    "The same bonus of {bonus}, and the roll may go in any open box. Full House "
                    "and the straights get their Joker value only when the upper box of that "
                    "face is already filled; otherwise they score as the dice lie."
                ).format(bonus=YAHTZEE_BONUS),
            ),
        ),
        (
            "row",
            (
                _(Variant.SIMPLE.label),
                _("No Yahtzee bonus and no Joker: an extra Yahtzee scores like any other roll."),
            ),
        ),
        ("h", _("Tips from the booklet")),
        ("li", _("Keep pace for the upper bonus: three of each face is all it takes.")),
        (
            "li",
            _(
                "When nothing fits, put the zero where it costs least: often Ones, or the "
                "Yahtzee box late in the game."
            ),
        ),
    ]


def yatzy_boxes(card: Card) -> list[tuple[Category, str]]:
    """The Yatzy card's lower boxes, each with its own scoring in words."""
    small = card.score(Category.SMALL_STRAIGHT, (1, 2, 3, 4, 5))
    large = card.score(Category.LARGE_STRAIGHT, (2, 3, 4, 5, 6))
    return [
        (Category.ONE_PAIR, _("The sum of the highest two dice of the same face (6-6 scores 12).")),
        (
            Category.TWO_PAIRS,
            _("The sum of two pairs of different faces (5-5 and 2-2 score 14)."),
        ),
        (
            Category.THREE_OF_A_KIND,
            _("The sum of three dice of the same face, those three only (4-4-4 scores 12)."),
        ),
        (
            Category.FOUR_OF_A_KIND,
            _("The sum of four dice of the same face, those four only."),
        ),
        (Category.SMALL_STRAIGHT, _("1-2-3-4-5, which scores {points}.").format(points=small)),
        (Category.LARGE_STRAIGHT, _("2-3-4-5-6, which scores {points}.").format(points=large)),
        (
            Category.FULL_HOUSE,
            _(
                "Three of one face and two of another: the sum of all five dice "
                "(6-6-6-5-5 scores 28)."
            ),
        ),
        (Category.CHANCE, _("The sum of all five dice, whatever they show.")),
        (
            Category.YAHTZEE,
            _("{points} for five of a kind.").format(points=card.five_alike_points),
        ),
    ]


def yatzy_text() -> list[Block]:
    """The Scandinavian Yatzy card: its fifteen boxes, each scored by its own rule."""
    card = YATZY
    return [
        (
            "p",
            _(
                "The card played in Scandinavia and much of Europe: {count} boxes, six in the "
                "upper section and nine in the lower. Most lower boxes score only the dice that "
                "make them, so a pair of sixes is worth more than a pair of twos."
            ).format(count=len(card)),
        ),
        ("row", (_("Ones to Sixes"), _("The sum of the dice showing that face."))),
        *(("row", (_(card.label(box)), text)) for box, text in yatzy_boxes(card)),
        (
            "p",
            _(
                "When the six upper boxes add up to {threshold} or more, you earn {bonus} bonus "
                "points. There is no bonus for a second Yatzy and no Joker: five of a kind "
                "rolled again scores like any other roll (in Ones to Sixes, Three or Four of a "
                "Kind, Chance ...). The best possible score is {best}."
            ).format(threshold=card.bonus_threshold, bonus=card.upper_bonus, best=best_total(card)),
        ),
    ]


def forced_order_text() -> list[Block]:
    """The forced-order house rule (tvångsyatzy), on either card."""
    return [
        (
            "p",
            _(
                "A house rule, chosen in setup on either card (in Sweden it is called "
                "tvångsyatzy). The boxes are filled from the top of the card down: the first "
                "turn goes in Ones, the second in Twos, and so on to the last box, so every "
                "turn has one box to aim for."
            ),
        ),
        (
            "p",
            _(
                "You hold and roll as usual and may score after any roll, but only in the next "
                "open box: its score is the one the dice make there, a zero if they make "
                "nothing. The card marks that box with a dashed outline, and a click on any "
                "other is refused."
            ),
        ),
        (
            "p",
            _(
                "On the American card an extra Yahtzee still earns its bonus, and it scores as "
                "a Joker in the next box when the upper box of its face is already filled."
            ),
        ),
    ]


def card_text() -> list[Block]:
    """What the figures on the scorecard mean."""
    return [
        (
            "p",
            _(
                "Each player has a column. An open box shows, in small grey figures, the points "
                "the dice on the table would score there now (a zero in a paler grey)."
            ),
        ),
        (
            "row",
            (
                # Translators: how the card shows an upper total and its pace; keep the
                # figures, signs and brackets.
                _("63 (+6), 40 (-2)"),
                _(
                    "The upper total, and beside it the pace: how far the upper boxes filled so "
                    "far are ahead (+) or behind (-) of three of each face. Three of each face "
                    "makes exactly the {threshold} the bonus needs, so (+6) is six points to "
                    "spare and (-2) is two points to make up in the boxes still open."
                ).format(threshold=AMERICAN.bonus_threshold),
            ),
        ),
        (
            "row",
            (
                # Translators: as the card's bonus row shows it while the bonus is not yet
                # earned (the same words as the card's "needs {points}").
                _("needs {points}").format(points=27),
                _(
                    "In the bonus row: the points the upper boxes still need to reach "
                    "{threshold} and earn the bonus ({american} points on the American card, "
                    "{yatzy} on the Yatzy card). Once it is earned the row shows the bonus; once "
                    "it is out of reach, 0."
                ).format(
                    threshold=AMERICAN.bonus_threshold,
                    american=AMERICAN.upper_bonus,
                    yatzy=YATZY.upper_bonus,
                ),
            ),
        ),
        (
            "row",
            (
                _("Advice figures"),
                _(
                    "With the advice overlay on (Settings, Coach), each open box also shows at "
                    "its right the expected final total if you score the dice there now. The "
                    "card's corner names the best move, as the hint says it; when that move is "
                    "a score, its box is in green. When keeping dice and rolling again is "
                    "better, the box worth most if you must score now is in bold. Where a "
                    "column is too narrow for them, the figures are left out."
                ),
            ),
        ),
    ]


#: The grading mark as the table shows it (game.scenes.table.coach), for the example.
# Translators: an example of the table's grading mark, in the same form as the table's own
# line ("{name}: {choice} was {cost} points better"), with the name Ann and the move keep 6-6.
GRADE_EXAMPLE = N_("Ann: keep 6-6 was 3.4 points better")


def coach_text(keys: InputMap) -> list[Block]:
    """What the coach's figures and lines mean; the examples are made by the coach's own
    words (game.ai.reasons), so they read as the table does."""
    best, other = hint_lines([(Keep((5, 5)), 231.4), (Keep((5, 5, 5)), 229.1)])
    question = big_mistake(Keep((6, 6)), 12.5)
    keep = say(Reason(Keep((5, 5, 5)), aims=(Category.FIVES, Category.THREE_OF_A_KIND)))
    score = say(
        Reason(
            Score(Category.FIVES),
            points=15,
            other=Score(Category.THREE_OF_A_KIND),
            other_points=18,
            margin=2.2,
        )
    )
    return [
        (
            "p",
            _(
                "The coach knows the best play exactly. Its figures are expected points: your "
                "average final total over every way the dice could still fall, if you play the "
                "rest of the game as well as it can be played. A move that is 3.4 points "
                "better adds 3.4 points to that average; the dice decide the rest."
            ),
        ),
        (
            "row",
            (
                # Translators: {key} is the name of the hint's key.
                _("Hint ({key})").format(key=keys.label("hint")),
                # Translators: {best} and {other} are the coach's own lines, quoted.
                _(
                    "\u201c{best}\u201d: the move the coach would make, and the expected final "
                    "total after it. The lines under it are the next best moves, each with its "
                    "expected final total and how much less it is: \u201c{other}\u201d."
                ).format(best=best, other=other),
            ),
        ),
        (
            "row",
            (
                _("Grading"),
                _(
                    "\u201c{example}\u201d: with live grading on, a move that gives away more "
                    "than your threshold is marked under the player's name with the better move "
                    "and how many expected points it would have kept. The mark goes when that "
                    "player's moment is over."
                ).format(example=_(GRADE_EXAMPLE)),
            ),
        ),
        (
            "row",
            (
                _("Big mistakes"),
                # Translators: "Ask before big mistakes" is the name of a setting; {question}
                # is the coach's question, quoted.
                _(
                    "With \u201cAsk before big mistakes\u201d on, a move that gives away more "
                    "than that threshold asks first: \u201c{question}\u201d"
                ).format(question=question),
            ),
        ),
        (
            "row",
            (
                _("CPU reasons"),
                # Translators: {keep} and {score} are two of a CPU's reasons, quoted.
                _(
                    "\u201c{keep}\u201d names the boxes the kept dice help. \u201c{score}\u201d "
                    "says what a choice gains over the next best; when a CPU plays a worse "
                    "move, the line says which move was better and by how much."
                ).format(keep=keep, score=score),
            ),
        ),
        (
            "p",
            _("Using hints or undo marks your game as assisted in the results and records."),
        ),
    ]


def help_text(keys: InputMap) -> list[Block]:
    """The whole help, part by part."""
    texts = (
        rules_text(),
        american_text(),
        yatzy_text(),
        forced_order_text(),
        card_text(),
        coach_text(keys),
        controls_text(keys),
    )
    return [
        block
        for part, text in zip(CONTENTS, texts, strict=True)
        for block in (("part", _(part)), *text)
    ]


def controls_text(keys: InputMap) -> list[Block]:
    """The keys, read from the player's key map so remapped keys show as they are."""
    k = keys.label
    # Translators: a range of keys, as "1 to 5"; {first} and {last} are key names.
    key_range = _("{first} to {last}")
    # Translators: keys for moving up and down, then the key that chooses; key names.
    up_down_confirm = _("{up} / {down}, {confirm}")
    return [
        ("h", _("At the table")),
        ("row", (k("roll"), _("Roll the dice (also the start roll and the tie-breaker)"))),
        (
            "row",
            (
                key_range.format(first=k("hold_1"), last=k("hold_5")),
                _("Hold or release a die; or click the die"),
            ),
        ),
        (
            "row",
            (
                up_down_confirm.format(up=k("up"), down=k("down"), confirm=k("confirm")),
                _("Choose a box and score it; or click the box"),
            ),
        ),
        (
            "row",
            (_("A letter"), _("Jump to a box by its first letter (Shift+F, Shift+S ...)")),
        ),
        ("row", (k("hint"), _("A hint: the best move now"))),
        ("row", (k("undo"), _("Undo your last hold or score (never a roll)"))),
        ("row", (k("pause"), _("Pause menu: settings, help, quit"))),
        ("row", (k("skip_cpu"), _("Skip to the end of a CPU turn"))),
        ("row", (k("speed_cpu"), _("CPU turns fast"))),
        ("row", (k("key_hints"), _("Show or hide the key hints"))),
        ("row", (k("fullscreen"), _("Full screen on or off"))),
        ("row", (k("help"), _("These rules and help"))),
        ("h", _("In the menus")),
        (
            "row",
            (
                # Translators: {up} and {down} are key names; Tab is the Tab key.
                _("{up} / {down}, Tab").format(up=k("up"), down=k("down")),
                _("Move the focus"),
            ),
        ),
        (
            "row",
            (
                # Translators: {left} and {right} are key names.
                _("{left} / {right}").format(left=k("left"), right=k("right")),
                _("Change a value"),
            ),
        ),
        ("row", (k("confirm"), _("Choose"))),
        ("row", (k("pause"), _("Back"))),
        (
            "row",
            (
                key_range.format(first="1", last=str(len(CONTENTS))),
                _("In this help: jump to a part of the contents"),
            ),
        ),
        ("p", _("Everything works with the mouse too: hover to focus, click to choose.")),
    ]


@dataclass(frozen=True)
class Link:
    """A contents entry: its place in the content (content coordinates) and where it goes."""

    rect: pygame.Rect
    target: str  # a part or heading of the text
    number: int  # 1.., its key


class HelpScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.felt = FeltBackground()
        self.scroll = ScrollView()
        self.back = Button(
            _("Back"), self.close, primary=True, hint=lambda: ctx.input.label("back")
        )
        self.size = (0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.title: tuple[pygame.Surface, pygame.Rect] | None = None
        # Laid-out text: (image, x, y) in content coordinates, y from the content's top.
        self.items: list[tuple[pygame.Surface, int, int]] = []
        self.rules: list[tuple[pygame.Rect, int]] = []  # heading underlines: (rect, y)
        self.anchors: dict[str, int] = {}  # part or heading -> its y in the content
        self.links: list[Link] = []
        self.focus = len(CONTENTS)  # 0.. a contents entry; len(links): Back
        self.body_px = 22.0

    def close(self) -> None:
        self.ctx.stack.pop()

    @property
    def back_focused(self) -> bool:
        return self.focus >= len(self.links)

    def jump(self, target: str) -> None:
        """Scroll so that part or heading is at the top of the view."""
        self.scroll.scroll_to(self.anchors[target])

    def link_on_screen(self, link: Link) -> pygame.Rect:
        return self.scroll.to_screen(link.rect)

    def _link_at(self, pos: tuple[int, int]) -> int | None:
        if not self.scroll.viewport.collidepoint(pos):
            return None
        return next(
            (i for i, link in enumerate(self.links) if self.link_on_screen(link).collidepoint(pos)),
            None,
        )

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back.hit(event.pos):
                self.close()
                return True
            link = self._link_at(event.pos)
            if link is not None:
                self.focus = link
                self.jump(self.links[link].target)
                return True
        if event.type == pygame.MOUSEMOTION:
            link = self._link_at(event.pos)
            if link is not None:
                self.focus = link
            elif self.back.hit(event.pos):
                self.focus = len(self.links)
        intent = self.ctx.input.menu_intent(event)
        if is_back(intent):
            self.close()
            return True
        if is_confirm(intent):
            if self.back_focused:
                self.close()
            else:
                self.jump(self.links[self.focus].target)
            return True
        if intent in (Intent.FOCUS_NEXT, Intent.FOCUS_PREV):
            step = 1 if intent is Intent.FOCUS_NEXT else -1
            self.focus = (self.focus + step) % (len(self.links) + 1)
            if not self.back_focused:
                self._show_link(self.links[self.focus])
            return True
        if event.type == pygame.KEYDOWN and event.key in DIGITS[: len(self.links)]:
            self.focus = DIGITS.index(event.key)
            self.jump(self.links[self.focus].target)
            return True
        return self.scroll.handle(event, intent)

    def _show_link(self, link: Link) -> None:
        """Scroll a contents entry the focus moved to into view."""
        on_screen = self.link_on_screen(link)
        view = self.scroll.viewport
        if on_screen.top < view.top or on_screen.bottom > view.bottom:
            self.scroll.scroll_to(max(0, link.rect.top - self.scroll.line))

    # ----------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        self.felt.fit(size, self.ctx.theme)
        theme, fonts = self.ctx.theme, self.ctx.fonts
        unit = layout_unit(size, REFERENCE)
        margin = max(8, round(20 * unit))
        title = title_image(fonts, theme, _("Rules & help"), unit)
        self.title = (title, title.get_rect(midtop=(w // 2, margin)))
        button_h = max(30, round(48 * unit))
        button_w = min(w - 2 * margin, round(220 * unit))
        self.back.rect = pygame.Rect(0, h - margin - button_h, button_w, button_h)
        self.back.rect.centerx = w // 2

        # Text follows the height, but a narrow window keeps enough words to a line.
        self.body_px = max(BODY_LEAST, min(22 * h / 800, w / 40))
        body = fonts.get(self.body_px)
        em = body.size("m")[0]
        panel_w = min(w - 2 * margin, MEASURE * em + 2 * margin)
        top = margin + title.get_height() + margin // 2
        self.panel = pygame.Rect(0, top, panel_w, self.back.rect.top - margin // 2 - top)
        self.panel.centerx = w // 2
        pad = max(8, round(22 * unit))
        viewport = viewport_in(self.panel, pad, max(6, body.get_linesize() // 2))
        self.items, self.rules, self.anchors = [], [], {}
        y = self._set_contents(body, viewport.width)
        y = self._set_blocks(help_text(self.ctx.input), body, viewport.width, y)
        self.scroll.set_content(viewport, y, body.get_linesize())

    def _set_contents(self, body: pygame.font.Font, width: int) -> int:
        """The contents list at the top: one entry a line, its key before it."""
        theme, fonts = self.ctx.theme, self.ctx.fonts
        line = round(body.get_linesize() * 1.25)
        head = fonts.get(self.body_px * 1.15, bold=True)
        self.items.append((head.render(_("Contents"), True, theme.accent_dark), 0, 0))
        y = head.get_linesize() + line // 4
        key_w = body.size("8  ")[0]
        self.links = []
        for number, entry in enumerate(CONTENTS, 1):
            target = _(entry)
            text = ellipsize(body, target, width - key_w)
            self.items.append((body.render(str(number), True, theme.text_dim), 0, y))
            self.items.append((body.render(text, True, theme.accent_dark), key_w, y))
            rect = pygame.Rect(0, y, key_w + body.size(text)[0], body.get_linesize())
            self.links.append(Link(rect.inflate(8, 4), target, number))
            y += line
        self.focus = min(self.focus, len(self.links))
        return y + line // 2

    def _set_blocks(self, blocks: list[Block], body: pygame.font.Font, width: int, y: int) -> int:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        line = round(body.get_linesize() * 1.12)
        big = fonts.get(self.body_px * 1.5, bold=True)
        head = fonts.get(self.body_px * 1.15, bold=True)
        strong = fonts.get(self.body_px, bold=True)
        em = body.size("m")[0]
        gap = body.size("MM")[0]
        key_w, stacked = 0, False
        for at, (kind, content) in enumerate(blocks):
            if kind == "part":
                y += line // 2
                self.anchors[str(content)] = y
                self.items.append((big.render(str(content), True, theme.accent_dark), 0, y))
                y += big.get_linesize()
                self.rules.append((pygame.Rect(0, y, width, max(2, line // 12)), y))
                y += line // 2
                # Keys and their texts line up within a part.
                part = itertools.takewhile(lambda b: b[0] != "part", blocks[at + 1 :])
                keys = [str(b[1][0]) for b in part if b[0] == "row"]  # type: ignore[index]
                key_w = min(width * 2 // 5, max((strong.size(k)[0] for k in keys), default=0))
                stacked = width - key_w - gap < ROW_TEXT_LEAST * em
            elif kind == "h":
                y += line // 2
                self.anchors[str(content)] = y
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
                y = self._set_row(key, text, (body, strong), width, y, key_w, stacked)
        return y

    def _set_row(self, key, text, fonts, width, y, key_w, stacked) -> int:
        """A key and its text side by side, or the text under its key where the window is
        too narrow for both (a large text size)."""
        body, strong = fonts
        theme = self.ctx.theme
        line = round(body.get_linesize() * 1.12)
        gap = body.size("MM")[0]
        if stacked:
            key_lines = wrap_text(strong, key, width)
            text_x, text_w = gap, width - gap
        else:
            key_lines = wrap_text(strong, key, key_w)
            text_x, text_w = key_w + gap, width - key_w - gap
        for i, part in enumerate(key_lines):
            self.items.append((strong.render(part, True, theme.text), 0, y + i * line))
        text_y = y + len(key_lines) * line if stacked else y
        text_lines = wrap_text(body, text, text_w)
        for i, part in enumerate(text_lines):
            self.items.append((body.render(part, True, theme.text), text_x, text_y + i * line))
        used = len(key_lines) + len(text_lines) if stacked else max(len(key_lines), len(text_lines))
        return y + used * line + line // 4

    def draw(self, surface: pygame.Surface) -> None:
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.felt.draw(surface, theme)
        if self.title is not None:
            surface.blit(*self.title)
        draw_panel(surface, theme, self.panel)
        view = self.scroll.viewport
        offset = self.scroll.offset
        with clipped(surface, view):
            for rect, _y in self.rules:
                moved = self.scroll.to_screen(rect)
                if moved.colliderect(view):
                    pygame.draw.rect(surface, theme.panel_edge, moved)
            for i, link in enumerate(self.links):
                if i == self.focus:
                    # Focus is an outline and a marker, never colour alone.
                    rect = self.link_on_screen(link)
                    pygame.draw.rect(surface, theme.focus, rect, max(2, rect.height // 12), 4)
            for image, x, y in self.items:
                top = view.top + y - offset
                if top + image.get_height() >= view.top and top <= view.bottom:
                    surface.blit(image, (view.left + x, top))
        self.scroll.draw_bar(surface, theme)
        self.back.draw(surface, theme, fonts, self.back_focused)
