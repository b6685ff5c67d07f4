"""GameState to and from plain JSON-able dicts, validated field by field on the way in.

Loading either gives a whole, consistent state or raises ValueError saying what is wrong;
never a half-loaded game.
"""

from __future__ import annotations

from game.json_types import JsonMapping
from game.rules.config import GameConfig
from game.rules.phase import Phase
from game.rules.scorecard import Scorecard
from game.rules.state import NO_HOLDS, ROLLS_PER_TURN, GameResult, GameState

STATE_FORMAT = 1


def state_to_dict(state: GameState) -> dict[str, object]:
    return {
        "format": STATE_FORMAT,
        "config": state.config.to_dict(),
        "phase": state.phase.value,
        "game_index": state.game_index,
        "cards": [c.to_dict() for c in state.cards],
        "order": list(state.order),
        "turn": state.turn,
        "dice": list(state.dice) if state.dice is not None else None,
        "held": list(state.held),
        "rolls": state.rolls,
        "contenders": list(state.contenders),
        "contest": list(state.contest),
        "tiebreak_round": state.tiebreak_round,
        "results": [
            {
                "cards": [c.to_dict() for c in r.cards],
                "totals": list(r.totals),
                "winners": list(r.winners),
            }
            for r in state.results
        ],
    }


def state_from_dict(data: object) -> GameState:
    if not isinstance(data, dict):
        raise ValueError("a game state must be an object")
    if data.get("format") != STATE_FORMAT:
        raise ValueError(f"unknown game state format {data.get('format')!r}")
    config = GameConfig.from_dict(data.get("config"))
    columns = len(config.columns)
    competitors = len(config.competitors)
    try:
        phase = Phase(data.get("phase"))
    except ValueError:
        raise ValueError(f"unknown phase {data.get('phase')!r}") from None
    game_index = _int(data, "game_index", 0, config.games - 1)
    cards = tuple(
        Scorecard.from_dict(c, config.card) for c in _list(data, "cards", columns, columns)
    )
    order = tuple(_int_list(data, "order", 0, columns - 1))
    if order and sorted(order) != list(range(columns)):
        raise ValueError("the turn order must name every column once")
    turn = _int(data, "turn", 0, len(config.card.boxes) * columns)
    dice_data = data.get("dice")
    dice = None if dice_data is None else tuple(_int_list(data, "dice", 1, 6))
    if dice is not None and len(dice) != 5:
        raise ValueError("a roll has five dice")
    held = data.get("held")
    if not isinstance(held, list) or len(held) != 5 or not all(isinstance(h, bool) for h in held):
        raise ValueError("held must be a list of five true/false values")
    rolls = _int(data, "rolls", 0, ROLLS_PER_TURN)
    contenders = tuple(_int_list(data, "contenders", 0, max(columns, competitors) - 1))
    contest = tuple(_int_list(data, "contest", 5, 30))
    tiebreak_round = _int(data, "tiebreak_round", 0, 10**6)
    results = tuple(_result(r, config) for r in _list(data, "results", 0, 6))

    if (rolls == 0) != (dice is None) and phase in (Phase.TURN, Phase.TIE_BREAK):
        raise ValueError("dice and rolls made disagree")
    if dice is None and any(held):
        raise ValueError("dice are held before any roll")
    if len(contest) > len(contenders):
        raise ValueError("more contest totals than contenders")
    if phase is Phase.TURN:
        if not order:
            raise ValueError("a turn needs a turn order")
        if sum(c.filled_count for c in cards) != turn:
            raise ValueError("the cards do not match the number of turns played")
        if all(c.is_complete for c in cards):
            raise ValueError("every card is full but the game is still in play")
        expected_column = order[turn % len(order)]
        if cards[expected_column].filled_count != turn // len(order):
            raise ValueError("the cards do not match whose turn it is")
    if phase is Phase.ROLL_OFF and not contenders:
        raise ValueError("a start roll needs contenders")
    if phase is Phase.TIE_BREAK and not contenders:
        raise ValueError("a tie-breaker needs contenders")
    finished = len(results)
    if phase is Phase.MATCH_OVER and finished != config.games:
        raise ValueError("the match is over but not every game has a result")
    if phase is Phase.GAME_OVER and finished != game_index + 1:
        raise ValueError("the game is over but its result is missing")
    if phase in (Phase.ROLL_OFF, Phase.TURN, Phase.TIE_BREAK) and finished != game_index:
        raise ValueError("the results do not match the game in play")
    return GameState(
        config=config,
        phase=phase,
        game_index=game_index,
        cards=cards,
        order=order,
        turn=turn,
        dice=dice,
        held=tuple(held) if dice is not None else NO_HOLDS,
        rolls=rolls,
        contenders=contenders,
        contest=contest,
        tiebreak_round=tiebreak_round,
        results=results,
    )


def _result(data: object, config: GameConfig) -> GameResult:
    columns = len(config.columns)
    competitors = len(config.competitors)
    if not isinstance(data, dict):
        raise ValueError("a game result must be an object")
    card = config.card
    cards = tuple(Scorecard.from_dict(c, card) for c in _list(data, "cards", columns, columns))
    totals = tuple(_int_list(data, "totals", 0, 8 * card.max_total))
    winners = tuple(_int_list(data, "winners", 0, competitors - 1))
    if len(totals) != competitors or not winners:
        raise ValueError("a game result needs a total per competitor and a winner")
    return GameResult(cards, totals, winners)


def _list(data: JsonMapping, key: str, least: int, most: int) -> list[object]:
    value = data.get(key)
    if not isinstance(value, list) or not least <= len(value) <= most:
        raise ValueError(f"{key} must be a list of {least} to {most} items")
    return value


def _int(data: JsonMapping, key: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{key} must be a whole number from {low} to {high}, got {value!r}")
    return value


def _int_list(data: JsonMapping, key: str, low: int, high: int) -> list[int]:
    values: list[int] = []
    for v in _list(data, key, 0, 64):
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            raise ValueError(f"{key} holds whole numbers from {low} to {high}, got {v!r}")
        values.append(v)
    return values
