"""The scorecard's labels: the rows of a card, their names in the language in use, and the
label column fitted to a card's width (full names at the text size if they fit, else short
ones, else a smaller size down to the legible floor, and past that each label cut with an
ellipsis). The card itself is drawn by `scorecard_view.py`."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_, translate
from game.rules import Category
from game.rules.cards import AMERICAN, Card
from game.ui.fonts import MIN_FONT_PX, Fonts
from game.ui.text import fold_label


def card_rows(card: Card) -> tuple[str | Category, ...]:
    """The rows of a card in order: the header, the upper boxes, their total and bonus, the
    lower boxes, the bonus chips (on a card that has them) and the total."""
    return (
        "header",
        *card.upper,
        "upper",
        "bonus",
        *card.lower,
        *(("chips",) if card.has_chips else ()),
        "total",
    )


ROWS = card_rows(AMERICAN)  # the American card's rows
# The card's summary rows (marked here, translated when the card is laid out).
ROW_LABELS = {
    "upper": N_("Upper total"),
    # Translators: the upper section's bonus row; it is earned at {threshold} points or more.
    "bonus": N_("Bonus ({threshold}+)"),
    # TRANSLATORS: the card's row of bonus points for extra Yahtzees (100 each), not an extra
    # Yahtzee itself.
    "chips": N_("Yahtzee bonus"),
    "total": N_("Total"),
    # Translators: a team's sum of its members' cards (combined cards).
    "team": N_("Team total"),
}
SHORT_LABELS = {
    # Translators: short box names, for a card too narrow for the full ones.
    Category.THREE_OF_A_KIND: N_("3 of a kind"),
    Category.FOUR_OF_A_KIND: N_("4 of a kind"),
    Category.SMALL_STRAIGHT: N_("Sm. straight"),
    Category.LARGE_STRAIGHT: N_("Lg. straight"),
}


LABEL_MOST = 0.51  # of the card's width the label column may take
LABEL_INSET = 8  # px from the card's edge to a label
LABEL_CLEAR = 10  # px from a label to the first score column (and its thick outline in play)


def row_label(kind: str | Category, card: Card) -> str:
    """A row's name on `card`, in the language in use."""
    if isinstance(kind, Category):
        return translate(card.label(kind))
    if kind == "bonus":
        return translate(ROW_LABELS["bonus"]).format(threshold=card.bonus_threshold)
    return translate(ROW_LABELS[kind])


@dataclass(frozen=True)
class LabelColumn:
    """The label column as fitted: its text size on screen, its width and each row's label."""

    px: float
    width: int
    labels: dict[str | Category, str]


def fit_labels(
    fonts: Fonts,
    rows: tuple[str | Category, ...],
    card: Card,
    text_px: float,
    room: tuple[int, int, float],
) -> LabelColumn:
    """The label column for `rows` of `card` in a card `room` = (inner width, score columns,
    row height), the text at `text_px`. The score columns keep room for three digits."""
    width, columns, row_h = room
    pad = LABEL_INSET + LABEL_CLEAR
    digits = fonts.get_px(text_px).size("000")[0] + 8
    most = min(width * LABEL_MOST, width - digits * columns)
    kinds = [k for k in rows if k != "header"]
    full = {k: row_label(k, card) for k in kinds}
    short = {k: translate(SHORT_LABELS[k]) if k in SHORT_LABELS else v for k, v in full.items()}
    px = text_px
    while True:
        for labels in (full, short):
            need = max(fonts.get_px(px, bold=True).size(t)[0] for t in labels.values()) + pad
            if need <= most:
                return LabelColumn(px, round(need), labels)
        if px <= MIN_FONT_PX:
            break
        px = max(MIN_FONT_PX, px * 0.92)
    label_w = round(max(most, 0))
    font = fonts.get_px(MIN_FONT_PX, bold=True)
    two_lines = 2 * font.get_linesize() <= row_h
    folded = {k: fold_label(font, t, label_w - pad, two_lines) for k, t in short.items()}
    return LabelColumn(MIN_FONT_PX, label_w, folded)
