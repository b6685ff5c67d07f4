"""What the message line says: each event ("Bob scored 28 in Three of a Kind"), the prompt
to the player to play, and what an undo took back."""

from __future__ import annotations

from game.rules import GameState, Phase, Score
from game.rules import events as ev
from game.rules.actions import Hold, Release
from game.rules.config import GameConfig


def verb(name: str, third_person: str, plain: str) -> str:
    """'Ann wins' but 'You win': the default seat is called "You"."""
    return f"{name} {plain if name.strip().lower() == 'you' else third_person}"


def describe(event, config: GameConfig) -> str | None:
    """One short sentence for an event, or None for events not worth a line."""
    name = config.players
    if isinstance(event, ev.Scored):
        who = name[event.player]
        if event.bonus_chip:
            return f"Yahtzee bonus +100! {who} scored {event.points} in {event.category.label}"
        if event.category.label == "Yahtzee" and event.points == 50:
            return f"YAHTZEE! {who} scored 50"
        joker = " (Joker)" if event.joker else ""
        return f"{who} scored {event.points} in {event.category.label}{joker}"
    if isinstance(event, ev.UpperBonusEarned):
        return f"Upper bonus for {config.column_name(event.column)}: +35!"
    if isinstance(event, ev.RollOffRolled):
        return f"{name[event.player]} rolled {sum(event.dice)} for the start"
    if isinstance(event, ev.RollOffTied):
        who = " and ".join(config.column_name(c) for c in event.columns)
        return f"{who} tied on {event.total}: they roll again"
    if isinstance(event, ev.OrderDecided):
        return f"First to play: {config.column_name(event.order[0])}"
    if isinstance(event, ev.TieBreakStarted):
        who = " and ".join(config.competitor_name(c) for c in event.competitors)
        return (
            f"Tie on {event.total}! Tie-breaker: {who} each play one more turn, dice total counts"
        )
    if isinstance(event, ev.TieBreakStood):
        return f"Tie-breaker: {name[event.player]} {event.total}"
    if isinstance(event, ev.GameOver):
        winners = [config.competitor_name(w) for w in event.winners]
        best = max(event.totals)
        if len(winners) > 1:
            return f"Shared win on {best}: {' and '.join(winners)}"
        return f"{verb(winners[0], 'wins', 'win')} with {event.totals[event.winners[0]]}!"
    if isinstance(event, ev.GameStarted) and event.game_index > 0:
        return f"Game {event.game_index + 1} of {config.games}"
    return None


def prompt(state: GameState, name: str) -> str:
    """What the player `name`, to play in `state`, is asked to do; "" when nobody is."""
    if state.phase is Phase.ROLL_OFF:
        return f"{name}: roll for the start"
    if state.phase is Phase.TIE_BREAK:
        return f"Tie-breaker: {name} to roll"
    if state.phase is Phase.TURN and state.dice is None:
        return f"{name} to roll"
    if state.phase is Phase.TURN and state.rolls_left:
        return f"{name}: hold dice and roll again, or choose a box"
    if state.phase is Phase.TURN:
        return f"{name}: choose a box"
    return ""


def progress(state: GameState) -> str:
    """Where the game is: 'Turn 7 of 13', and 'Game 2 of 3' in a match."""
    parts = []
    if state.phase is Phase.TURN:
        boxes = len(state.card.boxes)
        parts.append(f"Turn {min(boxes, state.card.filled_count + 1)} of {boxes}")
    if state.config.games > 1:
        parts.append(f"Game {state.game_index + 1} of {state.config.games}")
    return " · ".join(parts)


def roll_line(event: ev.Rolled, config: GameConfig) -> str:
    """'Ann rolled 2-3-3-5-6: 2 rolls left'."""
    who = config.players[event.player]
    left = event.rolls_left
    rest = f"{left} roll{'s' if left != 1 else ''} left" if left else "choose a box"
    return f"{who} rolled {'-'.join(str(d) for d in event.dice)}: {rest}"


def describe_action(action) -> str:
    """What an undo took back: 'score in Chance', 'hold die 2'."""
    if isinstance(action, Score):
        return f"score in {action.category.label}"
    if isinstance(action, Hold):
        return f"hold die {action.die + 1}"
    if isinstance(action, Release):
        return f"release die {action.die + 1}"
    return str(action)
