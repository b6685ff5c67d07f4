"""The statistics' two pages, each painted once onto its own surface (draw() only blits it):
a profile's figures, its scores game by game and how they spread, and its record against
each opponent; or the high score table of a rule variant and match length. Also the words
the figures are shown in. Every paint function lays out when given no surface.

The pages read a `ProfilePage` or a `ScoresPage` (what they show) and return where each part
went; they never see the scene.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, format_date, format_number, format_percent, ngettext, translate
from game.rules import Variant
from game.rules.cards import CARDS
from game.scenes.stats.profiles import shown_name
from game.ui.charts import draw_histogram, draw_line_chart
from game.ui.dice_view import DieRenderer
from game.ui.die_image import DieStyle
from game.ui.page import PageWriter, paint_tiles, render_page, tile_gap
from game.ui.palette import dice_palette
from game.ui.text import ellipsize, wrap_text

if TYPE_CHECKING:
    from game.storage import HeadToHead, HighScore, ProfileStats
    from game.ui.fonts import Fonts
    from game.ui.theme import Theme

VARIANTS = tuple(v.value for v in Variant)  # the high-score tables, one per variant
HISTOGRAM_BIN = 25  # points


# ----------------------------------------------------------------------------- words
def percent(rate: float | None) -> str:
    return "-" if rate is None else format_percent(rate)


def number(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else format_number(value, digits)


def wins_text(stats: ProfileStats) -> str:
    """'5.5 of 20' (a shared win counts a part), or '-' with no opponents yet."""
    if not stats.contested:
        return "-"
    wins = format_number(stats.wins, 0 if stats.wins == int(stats.wins) else 1)
    # Translators: wins of the games played against someone, as "5.5 of 20" (a shared win
    # counts a part).
    return _("{wins} of {games}").format(wins=wins, games=stats.contested)


# Which card a profile's figures are of (each card keeps its own), as the page and its
# button name it: each card's own words (marked there, translated when shown).
CARD_HEADINGS = {card_id: card.heading for card_id, card in CARDS.items()}
CARD_BUTTONS = {card_id: card.button for card_id, card in CARDS.items()}


def figures(stats: ProfileStats, card: str) -> list[tuple[str, str]]:
    """The figures of a profile on a card as (label, value) in the order shown (a card with
    no bonus chips has no chips figure, and names its five-alike box its own way)."""
    chips = CARDS[card].has_chips
    return [
        (_("Games"), str(stats.games)),
        # Solitaire games are not contests: with some on record, the label says the wins
        # count only the games played against others ("Games 2", "Wins against others 0 of 1").
        # TRANSLATORS: short, a label in the statistics beside "0 of 1".
        (
            _("Wins") if stats.contested == stats.games else _("Wins against others"),
            wins_text(stats),
        ),
        (_("Win rate"), percent(stats.win_rate)),
        (_("Mean score"), number(stats.mean_score)),
        (_("Best score"), "-" if stats.best_score is None else str(stats.best_score)),
        (_("Upper bonus"), percent(stats.upper_bonus_rate)),
        (_("Yahtzee rate") if chips else _("Yatzy rate"), percent(stats.yahtzee_rate)),
        *([(_("Yahtzee bonuses"), str(stats.bonus_chips))] if chips else []),
        (_("Points lost per game"), number(stats.mean_points_lost)),
    ]


def describe_table(variant: str, games: int) -> str:
    """The rules a high score table is of: 'Official rules, 1 game' / '..., match of 3'."""
    # Translators: {variant} is the rules' name (Official, Free, Simple, Yatzy); the plural
    # form is for a match of {games} games.
    return ngettext(
        "{variant} rules, {games} game", "{variant} rules, match of {games}", games
    ).format(variant=translate(Variant(variant).label), games=games)


def _fitting(pen: PageWriter, text: str, width: int, least: float = 0.7) -> float:
    """The size (of the body text's) at which a bold heading fits `width`: 1.0, or a little
    smaller in a longer language, never under `least` (below that it ends in an ellipsis)."""
    size = 1.0
    while size > least and pen.fonts.get(pen.px * size, True).size(text)[0] > width:
        size = round(size - 0.05, 2)
    return size


def short_date(iso: str) -> str:
    try:
        return format_date(datetime.fromisoformat(iso))
    except ValueError:
        return iso[:10]


def widest_date(font: pygame.font.Font) -> int:
    """The width (px) of the widest date of a year in the language in use (month names and
    their abbreviations differ in length)."""
    return max(font.size(short_date(f"2000-{month:02d}-28"))[0] for month in range(1, 13))


# ----------------------------------------------------------------------------- painting
@dataclass(frozen=True)
class ProfilePage:
    """What the players' page shows: the chosen profile's figures."""

    stats: ProfileStats | None  # None: no profile to show
    is_person: bool  # a person's profile, not a CPU level's record
    created: str  # when the profile was made (ISO date), '' if unknown
    new_key: str  # the letter of the button that makes a new profile (N in English)
    card: str  # the card the figures are of (its id)


@dataclass(frozen=True)
class ScoresPage:
    """What the high score page shows: the table of one rule variant and match length."""

    variant: str  # one of VARIANTS
    games: int  # the match length
    table: tuple[HighScore, ...]


def render_stats_page(
    theme: Theme, fonts: Fonts, px: float, view: pygame.Rect, content: ProfilePage | ScoresPage
) -> tuple[pygame.Surface, int, dict[str, pygame.Rect]]:
    """The page painted to fit the scrolled `view` with text of `px`: its surface, its
    height, and where each part went (for tests and layout checks)."""
    placed: dict[str, pygame.Rect] = {}

    def paint(page: pygame.Surface | None) -> int:
        pen = PageWriter(page, theme, fonts, px)
        if isinstance(content, ScoresPage):
            return paint_scores(pen, view, content)
        rects: dict[str, pygame.Rect] = {}
        height = paint_profile(pen, view, content, rects)
        if page is not None:
            placed.update(rects)
        return height

    surface, height = render_page(paint, view.width, theme)
    return surface, height, placed


def _paint_empty(pen: PageWriter, view: pygame.Rect, top: int, head: str, text: str) -> int:
    """An empty state that looks meant: three resting dice, a large line and a helpful
    one, centred in the room left below `top`."""
    width = view.width
    die = round(pen.line * 1.8)
    lines = wrap_text(pen.body, text, round(width * 0.8))
    block = die * 2 + round(pen.line * 2.2) + len(lines) * pen.line
    y = top + max(pen.line, (view.height - top - block) // 2)
    if pen.surface is not None:
        palette = dice_palette(pen.theme.high_contrast)
        dice = DieRenderer()
        for i, (face, angle) in enumerate(((1, 12.0), (2, -6.0), (3, 9.0))):
            centre = (width // 2 + (i - 1) * round(die * 1.3), y + die // 2)
            style = DieStyle(dimmed=True, palette=palette, angle=angle)
            dice.draw(pen.surface, centre, die, face, style)
    y += die * 2
    rect = pen.text(head, (width // 2, y), size=1.5, bold=True, anchor="midtop")
    y = rect.bottom + pen.line // 2
    for part in lines:
        pen.text(part, (width // 2, y), ink=pen.theme.text_dim, anchor="midtop")
        y += pen.line
    return y + pen.line


def paint_profile(
    pen: PageWriter, view: pygame.Rect, content: ProfilePage, rects: dict[str, pygame.Rect]
) -> int:
    page, theme, fonts = pen.surface, pen.theme, pen.fonts
    line = pen.line
    width = view.width
    stats = content.stats
    if stats is None:
        return _paint_empty(
            pen,
            view,
            0,
            _("No games yet"),
            # Translators: {key} is the letter of the key that makes a new profile (the New
            # button's, N in English). "records" = the levels' saved statistics, not best scores.
            _(
                "Play a game: every person at the table is recorded under their name, which "
                "becomes a profile here on its own ({key} makes one beforehand). The CPU "
                "levels keep their own records as they play."
            ).format(key=content.new_key),
        )
    name = shown_name(stats.name)
    y = _paint_head(pen, width, content, name, rects)
    if not stats.games:
        return _paint_empty(
            pen,
            view,
            y,
            _("No games yet"),
            _("Games played in a seat called {name} are counted here.").format(name=name)
            if content.is_person
            else _("This level has not played yet."),
        )
    y = _paint_figures(pen, width, figures(stats, content.card), y, rects)
    small = fonts.get(pen.px * 0.8)

    # Scores game by game and how they spread: side by side when there is room.
    wide = width >= line * 40
    chart_w = (width - line) // 2 if wide else width
    chart_h = round(min(max(line * 9, chart_w * 0.45), line * 13))
    colour = theme.preview
    scores = [score for _when, score in stats.score_history]
    first = pygame.Rect(0, y, chart_w, chart_h + round(line * 1.3))
    second = (
        pygame.Rect(chart_w + line, y, chart_w, first.height)
        if wide
        else first.move(0, first.height + line)
    )
    rects["chart"], rects["histogram"] = first, second
    if page is not None:
        pen.text(_("Scores, game by game"), first.topleft, bold=True)
        area = first.inflate(0, -round(line * 1.3)).move(0, round(line * 0.65))
        labels = [str(i + 1) for i in range(len(scores))]
        draw_line_chart(
            page,
            area,
            scores,
            theme,
            small,
            colour=colour,
            x_labels=labels,
            baseline=stats.mean_score,
            # Translators: the mean score's line on the chart of scores.
            baseline_label=_("mean {score}").format(score=number(stats.mean_score)),
            dots=len(scores) <= 40,
        )
        title = _("How the scores spread ({points}-point bins)").format(points=HISTOGRAM_BIN)
        size = _fitting(pen, title, second.width)
        title = ellipsize(pen.fonts.get(pen.px * size, True), title, second.width)
        pen.text(title, second.topleft, size=size, bold=True)
        area = second.inflate(0, -round(line * 1.3)).move(0, round(line * 0.65))
        draw_histogram(
            page, area, stats.histogram(HISTOGRAM_BIN), theme, small, colour, HISTOGRAM_BIN
        )
    y = second.bottom + line

    return _paint_head_to_head(pen, width, stats, y, rects)


def _paint_figures(
    pen: PageWriter,
    width: int,
    items: list[tuple[str, str]],
    y: int,
    rects: dict[str, pygame.Rect],
) -> int:
    """The figures as tiles, in rows as even as they go, from `y`; where the page goes on."""
    line = pen.line
    small = pen.fonts.get(pen.px * 0.8)
    widest = max(small.size(label)[0] for label, _value in items) + line
    spacing = tile_gap(line)
    most = max(2, min(5, (width + spacing) // (max(widest, line * 6) + spacing)))
    # A last row with a single tile looks like a mistake: 9 tiles go 5+4 or 3x3, not 4+4+1.
    cols = next(c for c in range(most, 1, -1) if len(items) % c in (0, c - 1) or c == 2)
    tiles = [(label, value, None) for label, value in items]
    y = paint_tiles(pen, rects, tiles, y, width, cols, round(line * 2.6), 1.45, fit_values=True)
    return y + line


def _paint_head(
    pen: PageWriter, width: int, content: ProfilePage, name: str, rects: dict[str, pygame.Rect]
) -> int:
    """The profile's name, since when it plays (or that it is a CPU level's record) and the
    card the figures are of; where the page goes on below."""
    line, theme = pen.line, pen.theme
    rect = pen.text(name, (0, 0), size=1.5, bold=True, width=width)
    if content.is_person:
        since = _("profile since {date}: every game played as {name}").format(
            date=short_date(content.created), name=name
        )
    else:
        # TRANSLATORS: "record" here means the level's saved statistics, not a best score.
        since = _("a CPU level's record, over every game it played")
    pen.text(
        since,
        (rect.right + line, rect.bottom - 2),
        ink=theme.text_dim,
        anchor="bottomleft",
        width=max(10, width - rect.right - line),
    )
    y = rect.bottom + line // 4
    heading = pen.text(
        translate(CARD_HEADINGS[content.card]),
        (0, y),
        ink=theme.accent_dark,
        bold=True,
        width=width,
    )
    rects["card"] = heading
    return heading.bottom + line // 2


def _paint_head_to_head(
    pen: PageWriter, width: int, stats: ProfileStats, y: int, rects: dict[str, pygame.Rect]
) -> int:
    """The profile's record against each opponent, from `y`; the page's height."""
    page, theme, line = pen.surface, pen.theme, pen.line
    pen.text(_("Head to head"), (0, y), bold=True)
    y += round(line * 1.3)
    if not stats.head_to_head:
        if page is not None:
            pen.text(_("No opponents yet: solitaire games have none."), (0, y), ink=theme.text_dim)
        y += line
    name_w = min(width // 2, line * 11)
    top = y
    for other, record in stats.head_to_head.items():
        if page is not None:
            pen.text(shown_name(other), (0, y), width=name_w - line // 2)
            if record.ties:
                text = _("{wins} won, {losses} lost, {ties} tied")
            else:
                text = _("{wins} won, {losses} lost")
            text = text.format(wins=record.wins, losses=record.losses, ties=record.ties)
            pen.text(text, (name_w, y), ink=theme.text_dim, width=width - name_w)
            _paint_record_bar(
                theme,
                page,
                pygame.Rect(
                    name_w + round(line * 12),
                    y + line // 4,
                    width - name_w - round(line * 12),
                    line // 2,
                ),
                record,
            )
        y += line
    rects["head_to_head"] = pygame.Rect(0, top, width, y - top)
    return y + line // 2


def _paint_record_bar(
    theme: Theme, page: pygame.Surface, rect: pygame.Rect, record: HeadToHead
) -> None:
    """Wins, ties and losses as one bar: green, grey, red, with a dark edge."""
    if rect.width < 20 or not record.played:
        return
    x = rect.left
    for count, colour in (
        (record.wins, theme.good),
        (record.ties, theme.zero_preview),
        (record.losses, theme.warn),
    ):
        part = round(rect.width * count / record.played)
        if part:
            pygame.draw.rect(page, colour, (x, rect.top, part, rect.height))
            x += part
    pygame.draw.rect(page, theme.text_dim, rect, 1)


def paint_scores(pen: PageWriter, view: pygame.Rect, content: ScoresPage) -> int:
    page, theme = pen.surface, pen.theme
    line = pen.line
    width = view.width
    rules = describe_table(content.variant, content.games)
    if not content.table:
        return _paint_empty(
            pen,
            view,
            0,
            _("No high scores yet"),
            # Translators: continues the heading "No high scores yet"; {rules} is as
            # "Official rules, 1 game".
            _(
                "for {rules}. People's games without teams enter under the name played as; "
                "the ten best are kept."
            ).format(rules=rules),
        )
    assisted = _("assisted")
    row_h = round(line * 1.5)
    gap = line // 2
    place_w = pen.body.size("10.")[0] + gap
    name_w = max(line * 5, pen.body.size("M" * 14)[0])
    score_w = pen.body.size("00000")[0] + gap
    date_w = widest_date(pen.body) + gap
    tag_w = pen.fonts.get(pen.px * 0.75, bold=True).size(assisted)[0] + line
    # A narrow table, centred: a score far from its name is hard to follow.
    table_w = min(width, place_w + name_w + score_w + date_w + tag_w + 4 * gap)
    name_w = table_w - place_w - score_w - date_w - tag_w - 4 * gap
    left = (width - table_w) // 2
    x_place = left + place_w  # right edge of the place number
    x_name = x_place + gap
    x_score = x_name + name_w + score_w  # right edge of the score
    x_date = x_score + gap * 2
    pen.text(_("Name"), (x_name, 0), size=0.85, ink=theme.text_dim)
    pen.text(_("Score"), (x_score, 0), size=0.85, ink=theme.text_dim, anchor="topright")
    pen.text(_("Date"), (x_date, 0), size=0.85, ink=theme.text_dim)
    y = line
    for place, entry in enumerate(content.table, start=1):
        first = place == 1
        mid = y + row_h // 2
        if page is not None and place % 2:
            pygame.draw.rect(page, theme.panel_alt, (left, y, table_w, row_h), 0, 4)
        # Translators: a place in the high score table ("1.", "2." ...).
        pen.text(_("{place}.").format(place=place), (x_place, mid), bold=first, anchor="midright")
        pen.text(entry.name, (x_name, mid), bold=first, anchor="midleft", width=name_w - gap)
        pen.text(str(entry.score), (x_score, mid), bold=True, anchor="midright")
        pen.text(short_date(entry.date), (x_date, mid), ink=theme.text_dim, anchor="midleft")
        if page is not None and entry.assisted:
            tag = pen.fonts.get(pen.px * 0.75, bold=True).render(
                assisted, True, theme.text_on_accent
            )
            pill = tag.get_rect().inflate(line // 2, 4)
            pill.midright = (left + table_w - 4, mid)
            pygame.draw.rect(page, theme.preview, pill, 0, pill.height // 2)
            page.blit(tag, tag.get_rect(center=pill.center))
        y += row_h
    # Where a name's other figures are: every name played under is a profile.
    note = _(
        "Names as played. Every name played under is a profile too: its figures are in Players."
    )
    for part in wrap_text(pen.body, note, table_w):
        pen.text(part, (left, y + line // 2), size=0.85, ink=theme.text_dim, width=table_w)
        y += line
    return y + line
