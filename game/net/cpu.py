"""CPU players at a network table: the host's CPU seats and the CPUs standing in for friends
who are away (the host asks them on a thread of their own, so the network's loop never waits
for one), and a headless friend's own seat (game.net.bot)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.match.session import Session, cpu_decision
from game.rules import Action, GameState

if TYPE_CHECKING:
    from game.ai.levels.strategies import LevelStrategy


class CpuPlayers:
    def __init__(self) -> None:
        self._stand_ins: dict[tuple[int, int, str], LevelStrategy] = {}

    def decide(self, session: Session, player: int, level: str, state: GameState) -> Action:
        """What a CPU of `level` does for `player` in `state`."""
        return cpu_decision(lambda: self._strategy(session, player, level), state)

    def _strategy(self, session: Session, player: int, level: str) -> LevelStrategy:
        if session.seats[player].kind == level:
            return session.strategy(player)
        key = (session.seed, player, level)
        if key not in self._stand_ins:
            from game.ai.levels.strategies import make_strategy

            paces = session.paces
            self._stand_ins[key] = make_strategy(level, session.seed + player, lambda _s: paces())
        return self._stand_ins[key]
