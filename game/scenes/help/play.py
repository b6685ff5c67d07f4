"""The help's parts on how any game is played, and on the forced-order house rule, written
from RULES.md (the booklet where the sources differ)."""

from __future__ import annotations

from game.i18n import _
from game.rules.cards import AMERICAN, YATZY
from game.rules.config import MAX_GAMES, MAX_PLAYERS
from game.scenes.help.contents import Block


def rules_text() -> list[Block]:
    """How any game is played, written from RULES.md (the booklet where the sources differ);
    each card's boxes and forced order follow in parts of their own."""
    return [*_aim_and_turn(), *_start_and_end(), *_teams_and_matches()]


def _aim_and_turn() -> list[Block]:
    """The aim, the rules chosen in setup, and a turn."""
    return [
        ("h", _("The aim")),
        (
            "p",
            # TRANSLATORS: a seat is a player's place at the table: "One to {players} seats"
            # means one to {players} players (people or CPU).
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
    ]


def _start_and_end() -> list[Block]:
    """Who starts, and how a game is won or tied."""
    return [
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
    ]


def _teams_and_matches() -> list[Block]:
    """Teams (a shared card or combined cards) and a match of several games."""
    return [
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
