"""What the message line says: each event ("Bob scored 28 in Three of a Kind"), the prompt
to the player to play, and what an undo took back.

Every line is one whole sentence to translate, its values named. A sentence whose subject is
a player comes in two forms, for the default seat "You" ("You win with 250!") and for a name
("Ann wins with 250!"), since many languages conjugate the verb differently (`about`).
"""

from __future__ import annotations

from typing import assert_never

from game.i18n import _, ngettext, translate
from game.match.seats import Own, is_you, lone_player
from game.rules import Category, GameState, Phase, Score
from game.rules import events as ev
from game.rules.actions import Action, Hold, Release
from game.rules.config import GameConfig
from game.ui.text import join_names


def about(
    name: str, you: str, other: str, *, player: int | None = None, own: Own = None, **values: object
) -> str:
    """A sentence about the player `name` (seat `player`): `you` if they are "you" here
    (`is_you`), else `other` (both translated), with the name and `values` put in."""
    return (you if is_you(name, player, own) else other).format(name=name, **values)


def shout(config: GameConfig) -> str:
    """'YAHTZEE!' (on the Yatzy card 'YATZY!'), in the language in use: the card's own."""
    return translate(config.card.shout)


def box_name(config: GameConfig, category: Category) -> str:
    """A box's name on the game's card, in the language in use."""
    return translate(config.card.label(category))


def describe(event: ev.Event, config: GameConfig, own: Own = None) -> str | None:
    """One short sentence for an event, or None for events not worth a line (`own`: the
    seats played at this screen, at a network table)."""
    name = config.players
    match event:
        case ev.Scored():
            return _scored(event, config, own)
        case ev.UpperBonusEarned():
            # Translators: {name} is a player or a team (whose card earned the bonus).
            return _("Upper bonus for {name}: +{points}!").format(
                name=config.column_name(event.column), points=config.card.upper_bonus
            )
        case ev.RollOffRolled():
            return about(
                name[event.player],
                # Translators: shown and said aloud: the total of five dice that decides who starts.
                _("You rolled {total} for the start"),
                # Translators: shown and said aloud: a player's start-roll total.
                _("{name} rolled {total} for the start"),
                player=event.player,
                own=own,
                total=sum(event.dice),
            )
        case ev.RollOffTied():
            who = join_names([config.column_name(c) for c in event.columns])
            # Translators: {names} are two or more players ("Ann and Bob"); {total} their roll.
            return _("{names} tied on {total}: they roll again").format(
                names=who, total=event.total
            )
        case ev.OrderDecided():
            # Translators: shown and said aloud once the start rolls decide who plays first.
            return _("First to play: {name}").format(name=config.column_name(event.order[0]))
        case ev.TieBreakStarted():
            who = join_names([config.competitor_name(c) for c in event.competitors])
            # Translators: {names} are two or more players or teams ("Ann and Bob").
            return _(
                "Tie on {total}! Tie-breaker: {names} each play one more turn, dice total counts"
            ).format(total=event.total, names=who)
        case ev.TieBreakStood():
            # Translators: a player's dice total in the tie-breaker ("Tie-breaker: Ann 24").
            return _("Tie-breaker: {name} {total}").format(
                name=name[event.player], total=event.total
            )
        case ev.GameOver():
            winners = [config.competitor_name(w) for w in event.winners]
            best = max(event.totals)
            if len(winners) > 1:
                # Translators: {points} is the shared winning total; {names} the winners.
                return _("Shared win on {points}: {names}").format(
                    points=best, names=join_names(winners)
                )
            return about(
                winners[0],
                # Translators: shown and said aloud at the game's end.
                _("You win with {points}!"),
                # Translators: shown and said aloud at the game's end.
                _("{name} wins with {points}!"),
                player=lone_player(config, event.winners[0]),
                own=own,
                points=event.totals[event.winners[0]],
            )
        case ev.GameStarted() if event.game_index > 0:
            return game_of(event.game_index, config.games)
        case ev.GameStarted() | ev.TurnStarted() | ev.Rolled() | ev.HoldChanged() | ev.MatchOver():
            return None  # not worth a line (a roll's is roll_line's)
        case _:
            assert_never(event)


def _scored(event: ev.Scored, config: GameConfig, own: Own) -> str:
    """The sentence for a score: a bonus chip, a five-alike, a Joker, or a plain score."""
    who, box = config.players[event.player], box_name(config, event.category)
    if event.bonus_chip:
        return about(
            who,
            # Translators: shown on the table's message line and said aloud: an
            # extra Yahtzee earned its 100-point bonus chip.
            _("Yahtzee bonus +100! You scored {points} in {box}"),
            # Translators: shown and said aloud: another player's extra Yahtzee
            # earned its bonus chip.
            _("Yahtzee bonus +100! {name} scored {points} in {box}"),
            player=event.player,
            own=own,
            points=event.points,
            box=box,
        )
    if event.category is Category.YAHTZEE and event.points == config.card.five_alike_points:
        return about(
            who,
            # Translators: {shout} is the cheer for five alike ("YAHTZEE!").
            _("{shout} You scored {points}"),
            # Translators: shown only (never said): {shout} is the cheer for five alike.
            _("{shout} {name} scored {points}"),
            player=event.player,
            own=own,
            shout=shout(config),
            points=event.points,
        )
    if event.joker:
        return about(
            who,
            # Translators: the Joker rule let an extra Yahtzee score in this box.
            _("You scored {points} in {box} (Joker)"),
            # Translators: shown and said aloud: the Joker rule let another
            # player's extra Yahtzee score in this box.
            _("{name} scored {points} in {box} (Joker)"),
            player=event.player,
            own=own,
            points=event.points,
            box=box,
        )
    return about(
        who,
        # Translators: shown and said aloud after each score; {box} is the box's name.
        _("You scored {points} in {box}"),
        # Translators: shown and said aloud after another player's score.
        _("{name} scored {points} in {box}"),
        player=event.player,
        own=own,
        points=event.points,
        box=box,
    )


def game_of(index: int, games: int) -> str:
    """'Game 2 of 3' for the game at 0-based `index` of a match of `games`."""
    # Translators: shown and said aloud as each game of a match begins ("Game 2 of 3").
    return _("Game {number} of {games}").format(number=index + 1, games=games)


def prompt(state: GameState, name: str) -> str:
    """What the player `name`, to play in `state`, is asked to do; "" when nobody is."""
    if state.phase is Phase.ROLL_OFF:
        # Translators: shown and said aloud (F7, Continue): a player is to make a start roll.
        return _("{name}: roll for the start").format(name=name)
    if state.phase is Phase.TIE_BREAK:
        # Translators: shown and said aloud: a tied player is to roll in the tie-breaker.
        return _("Tie-breaker: {name} to roll").format(name=name)
    if state.phase is Phase.TURN and state.dice is None:
        return _("{name} to roll").format(name=name)
    if state.phase is Phase.TURN and state.config.forced_order:
        # Forced order: one box is open to the roll; the prompt names it.
        open_box = state.cards[state.column].next_open
        assert open_box is not None  # a turn is played while a box is open
        box = translate(state.config.card.label(open_box))
        if state.rolls_left:
            # Translators: shown and said aloud with forced order: one box is open to this roll.
            return _("{name}: hold dice and roll again, or score in {box}").format(
                name=name, box=box
            )
        # Translators: shown and said aloud with forced order and no rolls left.
        return _("{name}: score in {box}").format(name=name, box=box)
    if state.phase is Phase.TURN and state.rolls_left:
        # Translators: shown and said aloud: what the player may do now.
        return _("{name}: hold dice and roll again, or choose a box").format(name=name)
    if state.phase is Phase.TURN:
        # Translators: shown and said aloud: no rolls left, a box must be chosen.
        return _("{name}: choose a box").format(name=name)
    return ""


def progress(state: GameState) -> str:
    """Where the game is: 'Turn 7 of 13', and 'Game 2 of 3' in a match."""
    parts = []
    if state.phase is Phase.TURN:
        boxes = len(state.card.boxes)
        turn = min(boxes, state.card.filled_count + 1)
        # TRANSLATORS: a player's turn (one box filled), not a round of the whole table.
        parts.append(_("Turn {number} of {turns}").format(number=turn, turns=boxes))
    if state.config.games > 1:
        parts.append(game_of(state.game_index, state.config.games))
    return " · ".join(parts)  # two labels side by side, not a sentence


def roll_line(event: ev.Rolled, config: GameConfig, dice: str = "", own: Own = None) -> str:
    """'Ann rolled 2-3-3-5-6: 2 rolls left' (or with `dice` as given: speech says them
    "2, 3, 3, 5, 6", a voice reading the dashes as minus signs)."""
    who = config.players[event.player]
    dice = dice or "-".join(str(d) for d in event.dice)
    left = event.rolls_left
    if not left:
        return about(
            who,
            # Translators: shown and said aloud; {dice} are the faces ("2, 3, 3, 5, 6" aloud).
            _("You rolled {dice}: choose a box"),
            # Translators: shown and said aloud; {dice} are the faces rolled.
            _("{name} rolled {dice}: choose a box"),
            player=event.player,
            own=own,
            dice=dice,
        )
    return about(
        who,
        # Translators: {dice} are the faces rolled ("2-3-3-5-6"); {n} the rolls still left.
        ngettext("You rolled {dice}: {n} roll left", "You rolled {dice}: {n} rolls left", left),
        # Translators: shown and said aloud: another player's roll and the rolls left.
        ngettext(
            "{name} rolled {dice}: {n} roll left", "{name} rolled {dice}: {n} rolls left", left
        ),
        player=event.player,
        own=own,
        dice=dice,
        n=left,
    )


def undone_line(action: Action, config: GameConfig) -> str:
    """What an undo took back: 'Undone: score in Chance', 'Undone: hold die 2'."""
    if isinstance(action, Score):
        # Translators: shown and said aloud after Undo: the score taken back.
        return _("Undone: score in {box}").format(box=box_name(config, action.category))
    if isinstance(action, Hold):
        # Translators: shown and said aloud after Undo: die {number} (1-5, left to right)
        # held again.
        return _("Undone: hold die {number}").format(number=action.die + 1)
    if isinstance(action, Release):
        # Translators: shown and said aloud after Undo: die {number} released again.
        return _("Undone: release die {number}").format(number=action.die + 1)
    # Translators: shown and said aloud after Undo took a move back.
    return _("Undone")


def reason_line(name: str, reason: str) -> str:
    """A CPU's reason for its move, under its name: "Ann: keep 6-6 ..."."""
    # TRANSLATORS: a CPU player's name, and why it made its move.
    return _("{name}: {reason}").format(name=name, reason=reason)
