"""How the table shows what the rules say happened: each event becomes an animation, a
sound and a line of text. The rules decide; this only reveals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import Category
from game.rules import events as ev
from game.scenes.messages import describe, verb
from game.ui.effects import Banner, Confetti
from game.ui.scorecard_view import Flash

if TYPE_CHECKING:
    from game.scenes.table import TableScene

RESULTS_DELAY = 2.4  # s of celebration before the results show


def show_events(table: TableScene, events: list, speed: float) -> None:
    """Animate a batch of events from one action. `speed` scales animation time (0: none)."""
    session, ctx = table.session, table.ctx
    config = session.config
    for event in events:
        text = describe(event, config)
        if text:
            table.message = text
        if isinstance(event, ev.RollOffRolled):
            table.start_rolls[event.column] = sum(event.dice)
        if isinstance(event, (ev.Rolled, ev.RollOffRolled)):
            rolled = event.rolled if isinstance(event, ev.Rolled) else (True,) * 5
            table.tray.roll(event.dice, rolled, speed)
            table.landed_sound_due = speed > 0
            if speed > 0:
                ctx.play("dice_rattle")
            else:
                ctx.play("dice_land_1")
            if isinstance(event, ev.Rolled):
                table.message = _roll_line(table, event)
        elif isinstance(event, ev.HoldChanged):
            table.tray.set_held(event.die, event.held)
            ctx.play("click", 0.6)
        elif isinstance(event, ev.Scored):
            table.flash = Flash(event.column, event.category, 1.0)
            table.tray.put_away()
            big = event.bonus_chip or (event.category is Category.YAHTZEE and event.points == 50)
            if big:
                celebrate(
                    table,
                    "YAHTZEE!",
                    "+100 bonus" if event.bonus_chip else "50 points",
                    event.column,
                )
                ctx.play("yahtzee")
            else:
                ctx.play("score")
        elif isinstance(event, ev.UpperBonusEarned):
            celebrate(table, "Upper bonus!", "+35", event.column, small=True)
            ctx.play("bonus")
        elif isinstance(event, ev.TurnStarted):
            table.on_turn_started(event)
        elif isinstance(event, ev.OrderDecided):
            first = config.column_name(event.order[0])
            table.banner = Banner(
                f"{verb(first, 'plays', 'play')} first", table.column_colour(event.order[0]), 1.3
            )
        elif isinstance(event, ev.RollOffTied):
            table.banner = Banner("Tied!", ctx.theme.accent, 1.0, sub="The leaders roll again")
        elif isinstance(event, ev.TieBreakStarted):
            table.banner = Banner(
                "Tie-breaker!",
                ctx.theme.accent,
                1.6,
                sub="One more turn each: the dice total counts",
            )
            table.tray.put_away()
        elif isinstance(event, ev.TieBreakStood):
            table.tray.put_away()
        elif isinstance(event, ev.GameStarted):
            table.tray.sync(None, (False,) * 5)
            table.start_rolls.clear()
            if event.game_index > 0:
                table.banner = Banner(
                    f"Game {event.game_index + 1}", ctx.theme.accent, 1.3, sub=f"of {config.games}"
                )
        elif isinstance(event, ev.GameOver):
            winner = event.winners[0]
            column = config.competitors[winner][0]
            title = (
                "Shared win!"
                if len(event.winners) > 1
                else f"{config.competitor_name(winner)} wins!"
            )
            celebrate(table, title, f"{max(event.totals)} points", column)
            ctx.play("win")
            table.results_in = RESULTS_DELAY * max(0.25, speed)


def _roll_line(table: TableScene, event: ev.Rolled) -> str:
    who = table.session.config.players[event.player]
    left = event.rolls_left
    rest = f"{left} roll{'s' if left != 1 else ''} left" if left else "choose a box"
    return f"{who} rolled {'-'.join(str(d) for d in event.dice)}: {rest}"


def celebrate(table: TableScene, title: str, sub: str, column: int, small: bool = False) -> None:
    ctx = table.ctx
    colour = table.column_colour(column)
    table.banner = Banner(title, colour, 1.2 if small else 1.8, sub=sub)
    if table.ctx.settings.reduced_motion:
        return
    layout = table.lay
    origin = (layout.tray.centerx, layout.tray.bottom)
    colours = list(ctx.theme.players) + [ctx.theme.focus]
    table.effects.append(
        Confetti(
            origin,
            colours,
            seed=table.tray.rng.randrange(2**30),
            count=50 if small else 120,
            scale=layout.unit,
        )
    )
