"""The page of the coach's review for one player, painted once onto its own surface (draw()
only blits it): the verdict in words, four figures (final score, expected at the start, lost
to decisions, luck), the chart of the expected final score turn by turn, the costliest
decisions with the dice of that moment, with others at the table the chances to win round by
round (win_part.py), and the others at the table in brief. The paint
functions lay out when given no surface. Also the words the figures are shown in.

The page reads a `ReviewPage` (what it shows) and returns where each part went; it never
sees the scene.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ai.coach.advice import Decision, PlayerReview, Review, describe
from game.ai.coach.reasons import SAID
from game.ai.exact.options import Keep
from game.i18n import _, format_number, ngettext
from game.match.seats import level_name
from game.scenes.review.win_part import WinSection, paint_win_part
from game.speech.phrases import dice_words
from game.ui.charts import draw_line_chart
from game.ui.dice_view import DieRenderer
from game.ui.die_image import DieStyle
from game.ui.page import PageWriter, paint_tiles, render_page, tile_gap
from game.ui.palette import dice_palette
from game.ui.text import wrap_text

if TYPE_CHECKING:
    from game.match.seats import Seat
    from game.ui.fonts import Fonts
    from game.ui.theme import Colour, Theme

COSTLIEST = 3  # decisions shown per player
# Page width, in lines of text (a line of Noto Sans is 1.36 em), from which the chart and the
# decisions sit side by side.
WIDE_LINES = 36
CHART_LINES = 8  # the chart is never shorter than this many lines of text


# ----------------------------------------------------------------------------- words
def signed(value: float) -> str:
    """'+4.2', '-13.0' ('+0.0' for a value that rounds to nothing), in the language's
    decimals."""
    text = format_number(abs(value), 1)
    zero = text == format_number(0.0, 1)
    return ("-" if value < 0 and not zero else "+") + text


def tenths(value: float) -> str:
    """'231.4': a figure in expected points, to a tenth, in the language's decimals."""
    return format_number(value, 1)


def kept_dice(dice: Sequence[int], keep: Keep) -> tuple[bool, ...]:
    """Which of the five dice a keep holds (the first die of each face kept).

    >>> kept_dice((1, 3, 1, 1, 1), Keep((1, 1, 1, 1)))
    (True, False, True, True, False)
    """
    wanted = list(keep.faces)
    marks = []
    for face in dice:
        if face in wanted:
            wanted.remove(face)
            marks.append(True)
        else:
            marks.append(False)
    return tuple(marks)


def moment_text(turn: int, rolls_left: int) -> str:
    """'Turn 7, 2 rolls left' / 'Turn 13, after the last roll': a decision's moment."""
    if rolls_left == 0:
        return _("Turn {turn}, after the last roll").format(turn=turn)
    return ngettext(
        "Turn {turn}, {count} roll left", "Turn {turn}, {count} rolls left", rolls_left
    ).format(turn=turn, count=rolls_left)


def decision_phrase(d: Decision) -> str:
    """One of the costliest decisions as speech says it: its moment, the dice, what was
    chosen and what was better, and what it cost."""
    chose = describe(d.chosen, d.card.card, SAID)
    better = describe(d.best, d.card.card, SAID)
    # Translators: said aloud in the review, one costly decision: {moment} is "Turn 7, 2
    # rolls left"; {chose} and {better} are moves as the coach words them ("keep 5, 5").
    phrase = _("{moment}: dice {dice}; chosen: {chose}; better: {better}, {points} points more")
    return phrase.format(
        moment=moment_text(d.turn, d.rolls_left),
        dice=dice_words(d.dice),
        chose=chose,
        better=better,
        points=tenths(d.cost),
    )


# ----------------------------------------------------------------------------- painting
@dataclass(frozen=True)
class ReviewPage:
    """What one player's page shows."""

    player: PlayerReview
    seats: tuple[Seat, ...]
    others: tuple[int, ...]  # the seats listed in brief under the page
    review: Review  # the whole game's review, for the others' figures
    win: WinSection | None = None  # the chances to win, with others at the table
    own_seats: frozenset[int] | None = None  # a network table's seats played at this screen


def render_review_page(
    theme: Theme,
    fonts: Fonts,
    px: float,
    width: int,
    content: ReviewPage,
    room: int | None = None,
) -> tuple[pygame.Surface, int, dict[str, pygame.Rect]]:
    """The page painted `width` wide with text of `px`: its surface, its height, and where
    each part went (for tests and layout checks). Given the `room` (px) of the view it is
    shown in, the chart gives up height (down to CHART_LINES lines) so the whole page fits
    the view when it can; when it cannot, no line of the others' list is cut at the view's
    edge: the line goes just under it, where scrolling finds it whole."""
    placed: dict[str, pygame.Rect] = {}
    shrink = 0  # px the chart gives up
    fold: int | None = None  # where the view's edge falls on the page, when it overflows

    def paint(page: pygame.Surface | None) -> int:
        rects: dict[str, pygame.Rect] = {}
        pen = PageWriter(page, theme, fonts, px)
        height = paint_page(pen, width, content, rects, shrink, fold)
        if page is not None:
            placed.update(rects)
        return height

    if room is not None:
        shrink = max(0, paint(None) - room)
        if paint(None) > room:
            fold = room

    surface, height = render_page(paint, width, theme)
    return surface, height, placed


def paint_page(
    pen: PageWriter,
    width: int,
    content: ReviewPage,
    rects: dict[str, pygame.Rect],
    shrink: int = 0,
    fold: int | None = None,
) -> int:
    """Lay out (and, given a surface, paint) the page, the chart `shrink` px shorter than it
    would be (never under CHART_LINES lines) and no line of the others' list across `fold`
    (the view's bottom edge on the page); returns its height."""
    page, theme, fonts = pen.surface, pen.theme, pen.fonts
    pr = content.player
    line = pen.line
    gap = round(line * 0.8)
    seat = content.seats[pr.player]

    # The verdict in words, then the four figures.
    sentence = verdict_sentence(pr, seat, content.own_seats)
    y = 0
    for text in wrap_text(pen.body, sentence, width)[:3]:
        pen.text(text, (0, y))
        y += line
    y += gap // 2
    figures = [
        (_("Final score"), str(pr.final_total), theme.text),
        (_("Expected at the start"), tenths(pr.start_expectation), theme.text),
        (
            _("Lost to decisions"),
            signed(-pr.skill_lost),
            theme.warn if pr.skill_lost >= 0.05 else theme.good,
        ),
        (_("Luck of the dice"), signed(pr.luck), theme.good if pr.luck >= 0 else theme.warn),
    ]
    small = fonts.get(pen.px * 0.8)
    widest = max(small.size(label)[0] for label, _value, _ink in figures) + line
    cols = 4 if (width - 3 * tile_gap(line)) // 4 >= widest else 2
    y = paint_tiles(pen, rects, figures, y, width, cols, round(line * 2.7), 1.6) + gap

    # The chart and the costliest decisions: side by side on a wide page.
    wide = width >= line * WIDE_LINES
    chart_w = round(width * 0.5) if wide else width
    decisions_x = chart_w + gap if wide else 0
    decisions_w = width - decisions_x
    top = y
    chart_h = round(min(max(line * 11, chart_w * 0.55), line * 16))
    chart_h = max(min(chart_h, line * CHART_LINES), chart_h - shrink)
    rects["chart"] = pygame.Rect(0, top, chart_w, chart_h + line * 2)
    if page is not None:
        _paint_chart(page, pen, rects["chart"], pr, seat)
    dy = top if wide else rects["chart"].bottom + gap
    rects["decisions"] = pygame.Rect(decisions_x, dy, decisions_w, 0)
    dy = _paint_decisions(pen, rects, pr, decisions_x, dy, decisions_w)
    y = max(rects["chart"].bottom, dy) + gap

    # The chances to win, round by round, and the decision that cost the most of it.
    if content.win is not None:
        y = paint_win_part(pen, rects, content.win, y, width)

    # The others at the table, one line each.
    if content.others:
        y = _paint_others(pen, rects, content, y, width, fold)
    return y


def verdict_sentence(pr: PlayerReview, seat: Seat, own: frozenset[int] | None = None) -> str:
    """What one player's decisions cost and the dice gave (`own`: a network table's seats
    played at this screen, the only ones told "Your decisions")."""
    from game.match.seats import is_you

    you = is_you(seat.name, pr.player, own)
    lost = tenths(pr.skill_lost)
    if pr.skill_lost < 0.05:
        if you:
            first = _("Your decisions matched the best play all game.")
        else:
            first = _("Every decision by {name} matched the best play.")
    elif you:
        first = _("Your decisions cost {points} points of expected score.")
    else:
        first = _("Decisions by {name} cost {points} points of expected score.")
    first = first.format(name=seat.name, points=lost)
    if abs(pr.luck) < 0.05:
        second = _("The dice gave exactly what was expected.")
    elif pr.luck > 0:
        second = _("The dice gave {points} more than expected.").format(points=tenths(pr.luck))
    else:
        second = _("The dice gave {points} less than expected.").format(points=tenths(-pr.luck))
    return f"{first} {second}"  # two whole sentences


def _paint_chart(
    page: pygame.Surface, pen: PageWriter, rect: pygame.Rect, pr: PlayerReview, seat: Seat
) -> None:
    theme = pen.theme
    line = pen.line
    pen.text(_("Expected final score, turn by turn"), rect.topleft, bold=True)
    values = pr.expected_by_turn
    # Translators: the chart's last point, after the last turn: the game's end.
    labels = [str(i + 1) for i in range(len(values) - 1)] + [_("end")]
    area = pygame.Rect(
        rect.left, rect.top + round(line * 1.3), rect.width, rect.height - round(line * 1.3)
    )
    small = pen.fonts.get(pen.px * 0.8)
    draw_line_chart(
        page,
        area,
        values,
        theme,
        small,
        colour=ink_for(theme, seat.colour),
        x_labels=labels,
        baseline=pr.start_expectation,
        # Translators: the expected final score at the start, as a line on the chart.
        baseline_label=_("start {points}").format(points=tenths(pr.start_expectation)),
    )


def _paint_decisions(
    pen: PageWriter,
    rects: dict[str, pygame.Rect],
    pr: PlayerReview,
    x: int,
    y: int,
    width: int,
) -> int:
    page, theme = pen.surface, pen.theme
    line = pen.line
    if page is not None:
        pen.text(_("Costliest decisions"), (x, y), bold=True)
    y += round(line * 1.3)
    decisions = pr.costliest(COSTLIEST)
    if not decisions:
        text = _("None: every choice was the best one. Nothing to learn here!")
        for part in wrap_text(pen.body, text, width):
            if page is not None:
                pen.text(part, (x, y), ink=theme.text_dim)
            y += line
        return y
    die = max(20, min(round(line * 1.6), (width - line) // 7))
    card_gap = max(4, line // 3)
    dice = DieRenderer()  # each face drawn once for the page's decisions
    for i, decision in enumerate(decisions):
        card_h = round(line * 3.8 + die * 1.3)
        card = pygame.Rect(x, y, width, card_h)
        rects[f"decision{i}"] = card
        if page is not None:
            _paint_decision(page, pen, card, decision, die, dice)
        y += card_h + card_gap
    return y


def _paint_decision(
    page: pygame.Surface,
    pen: PageWriter,
    card: pygame.Rect,
    d: Decision,
    die: int,
    dice: DieRenderer,
) -> None:
    theme = pen.theme
    line = pen.line
    radius = max(4, line // 4)
    pygame.draw.rect(page, theme.panel_alt, card, 0, radius)
    pygame.draw.rect(page, theme.panel_edge, card, 1, radius)
    inner = card.inflate(-line, -line // 2)
    # The cost as a pill at the top right; the turn and the rolls left beside it.
    cost = pen.fonts.get(pen.px * 0.9, bold=True).render(
        f"-{tenths(d.cost)}", True, theme.text_on_accent
    )
    pill = cost.get_rect().inflate(line // 2, line // 5)
    pill.topright = (inner.right, inner.top)
    pygame.draw.rect(page, theme.warn, pill, 0, pill.height // 2)
    page.blit(cost, cost.get_rect(center=pill.center))
    head = moment_text(d.turn, d.rolls_left)
    pen.text(head, (inner.left, inner.top), bold=True, width=pill.left - inner.left - 6)
    # The dice of that moment; the better keep's dice ringed.
    ringed = kept_dice(d.dice, d.best) if isinstance(d.best, Keep) else (False,) * 5
    palette = dice_palette(theme.high_contrast)
    dice_y = inner.top + round(line * 1.2) + die // 2 + 2
    for i, face in enumerate(d.dice):
        cx = inner.left + die // 2 + 4 + round(i * die * 1.22)
        dice.draw(page, (cx, dice_y), die, face, DieStyle(held=ringed[i], palette=palette))
    dice_right = inner.left + 4 + round(4 * die * 1.22) + round(die * 1.2)
    # Translators: beside the dice of a decision, some of them ringed.
    note = _("ringed: the better keep") if any(ringed) else ""
    if note and inner.right - dice_right > pen.body.size(note)[0] * 0.85 + line:
        pen.text(
            note,
            (dice_right + line // 2, dice_y),
            size=0.8,
            ink=theme.text_dim,
            anchor="midleft",
            width=inner.right - dice_right - line // 2,
        )
    # What was chosen and what was better, each with its expected final score.
    y = dice_y + die // 2 + round(die * 0.2)
    # Translators: what the player chose, and the better choice, one over the other.
    chose, better = _("Chose"), _("Better")
    label_w = max(pen.body.size(better)[0], pen.body.size(chose)[0]) + line // 2
    value_w = pen.body.size("000.0")[0]
    text_w = inner.width - label_w - value_w - line // 2
    for label, choice, value, bold in (
        (chose, d.chosen, d.chosen_value, False),
        (better, d.best, d.best_value, True),
    ):
        pen.text(label, (inner.left, y), ink=theme.text_dim)
        pen.text(describe(choice), (inner.left + label_w, y), bold=bold, width=text_w)
        pen.text(tenths(value), (inner.right, y), bold=bold, anchor="topright")
        y += line


def _under_fold(y: int, height: int, fold: int | None) -> int:
    """Where a line `height` px tall goes: at `y`, or just under the fold if it would cross it."""
    return fold if fold is not None and y < fold < y + height else y


def _paint_others(
    pen: PageWriter,
    rects: dict[str, pygame.Rect],
    content: ReviewPage,
    y: int,
    width: int,
    fold: int | None = None,
) -> int:
    page, theme = pen.surface, pen.theme
    line = pen.line
    y = _under_fold(y, round(line * 1.3), fold)
    if page is not None:
        pen.text(_("The others at the table"), (0, y), bold=True)
    y += round(line * 1.3)
    top = y
    # Two columns on a wide page, filled down then across: a long table stays short.
    columns = 2 if width >= line * WIDE_LINES and len(content.others) > 2 else 1
    gap = line if columns > 1 else 0
    column_w = (width - gap * (columns - 1)) // columns
    per_column = -(-len(content.others) // columns)
    # The names column: as wide as its widest entry needs (a longer language's level), up
    # to half the column.
    whos = [_seat_words(content.seats[player]) for player in content.others]
    widest = max(pen.body.size(who)[0] for who in whos) + line + line // 2
    name_w = min(column_w // 2, max(line * 10, widest))
    row_tops = []
    for _i in range(per_column):
        y = _under_fold(y, line, fold)
        row_tops.append(y)
        y += line
    for i, player in enumerate(content.others):
        x = (i // per_column) * (column_w + gap)
        row_y = row_tops[i % per_column]
        rects[f"other{i}"] = pygame.Rect(x, row_y, column_w, line)
        seat = content.seats[player]
        other = content.review.players.get(player)
        if page is not None:
            dot = pygame.Rect(x, row_y + line // 4, line // 2, line // 2)
            pygame.draw.rect(page, theme.player(seat.colour), dot, 0, dot.height // 3)
            pygame.draw.rect(page, theme.text, dot, 1, dot.height // 3)
            pen.text(whos[i], (x + line, row_y), width=name_w - line)
            if other is None:
                detail = _("did not play this game")
            else:
                # Translators: another player's figures in brief; keep the wide gaps.
                detail = _("lost {lost}   luck {luck}   final {final}").format(
                    lost=tenths(other.skill_lost), luck=signed(other.luck), final=other.final_total
                )
            pen.text(
                detail,
                (x + name_w + line // 2, row_y),
                ink=theme.text_dim,
                width=column_w - name_w - line // 2,
            )
    rects["others"] = pygame.Rect(0, top, width, y - top)
    return y + line // 2


def _seat_words(seat: Seat) -> str:
    """'Ada (CPU Expert)' for a CPU, a person's name as it is."""
    if not seat.is_cpu:
        return seat.name
    # Translators: a CPU player's name and level, as "Ada (CPU Expert)".
    return _("{name} (CPU {level})").format(name=seat.name, level=level_name(seat.kind))


def ink_for(theme: Theme, colour: int) -> Colour:
    """A seat colour dark enough to read as a line on the light panel."""
    r, g, b = theme.player(colour)
    if 0.299 * r + 0.587 * g + 0.114 * b > 170:  # gold, yellow, grey: darken them
        return (round(r * 0.7), round(g * 0.7), round(b * 0.7))
    return (r, g, b)
