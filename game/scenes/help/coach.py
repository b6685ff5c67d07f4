"""The help's parts on reading the card and on the coach: what the figures on the scorecard
and the coach's lines mean, with examples made by the coach's own words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.coach.reasons import Reason, big_mistake, hint_lines, say
from game.ai.exact.options import Keep
from game.i18n import N_, _, translate
from game.rules import Category, Score
from game.rules.cards import AMERICAN, YATZY
from game.scenes.help.contents import Block

if TYPE_CHECKING:
    from game.ui.input import InputMap


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
    words (game.ai.coach.reasons), so they read as the table does."""
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
                ).format(example=translate(GRADE_EXAMPLE)),
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
            # TRANSLATORS: "records" = the saved statistics of the games, not best scores.
            _("Using hints or undo marks your game as assisted in the results and records."),
        ),
    ]
