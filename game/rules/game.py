"""A game in play: the current state, its RNG, the action log and undo.

The state is immutable; `Game` is the one mutable handle the screen and the CPU drive.
A game is reproduced exactly from the RNG's starting state (or seed) and the action log.
Undo steps back over hold changes and score choices but never over a roll, so no one
sees the dice of a roll and then gets to roll it again.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field

from game.rules.actions import Action, Hold, Release, Score, action_from_json, action_to_json
from game.rules.config import GameConfig
from game.rules.events import Event
from game.rules.phase import Phase
from game.rules.serial import state_from_dict, state_to_dict
from game.rules.state import GameState

GAME_FORMAT = 1


@dataclass
class _Undo:
    state: GameState
    log_length: int
    player: int


# random.Random.getstate(): (version, the 625 words of the Mersenne Twister, gauss)
RngState = tuple[int, tuple[int, ...], float | None]


@dataclass
class Game:
    config: GameConfig
    rng: random.Random
    start_rng: RngState | tuple[()] = ()
    state: GameState = field(init=False)
    log: list[Action] = field(default_factory=list)
    undos_used: int = 0
    _undo: list[_Undo] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if not self.start_rng:
            self.start_rng = self.rng.getstate()
        self.state, self.opening_events = GameState.new(self.config)

    @property
    def start_state(self) -> RngState:
        """The dice RNG's state before the first roll (taken when the game is made)."""
        start = self.start_rng
        if len(start) != 3:
            raise ValueError("the game has no starting RNG state")
        return start

    @classmethod
    def new(cls, config: GameConfig, seed: int | str | None = None) -> Game:
        return cls(config, random.Random(seed))

    @classmethod
    def replay(cls, config: GameConfig, start_rng: RngState | int, actions: list[Action]) -> Game:
        """The game the log makes from that RNG state (or seed); IllegalAction if it cannot."""
        rng = random.Random()
        if isinstance(start_rng, tuple):
            rng.setstate(start_rng)
        else:
            rng.seed(start_rng)
        game = cls(config, rng)
        for action in actions:
            game.apply(action)
        return game

    # --------------------------------------------------------------- play
    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        """Play an action; raises IllegalAction (with the reason) and changes nothing if refused."""
        before = self.state
        self.state, events = before.apply(action, self.rng)
        if isinstance(action, (Hold, Release, Score)) and self.state.phase is Phase.TURN:
            self._undo.append(_Undo(before, len(self.log), before.player))
        else:
            # Dice were rolled, a game began or ended: no going back past that.
            self._undo.clear()
        self.log.append(action)
        return events

    def origin(self) -> str:
        """The game's identity from before its first action: a digest of its rules and the
        starting state of its dice RNG (fresh for every game). The same for a game saved,
        resumed and finished any way; the records keep it so no game is filed twice."""
        version, words, gauss = self.start_state
        rules = json.dumps(self.config.to_dict(), sort_keys=True, separators=(",", ":"))
        data = ",".join(str(n) for n in (version, *words, gauss)).encode() + rules.encode()
        return hashlib.blake2b(data, digest_size=10).hexdigest()

    def seed_of_start(self) -> int:
        """A seed (0 to 2**31 - 1) made from the whole starting state of the dice RNG: the
        same for the same game, different for different ones. (The state's first word, once
        used, is 2**31 after every seeding, so it told no two games apart.)"""
        version, words, gauss = self.start_state
        data = ",".join(str(n) for n in (version, *words, gauss)).encode()
        return int.from_bytes(hashlib.blake2b(data, digest_size=4).digest(), "big") >> 1

    # --------------------------------------------------------------- undo
    def can_undo(self, player: int | None = None) -> bool:
        """Whether the last action can be taken back (by `player`, if given)."""
        return bool(self._undo) and (player is None or self._undo[-1].player == player)

    def undo(self) -> Action:
        """Take back the last hold change or score; returns the action undone."""
        if not self._undo:
            raise ValueError("nothing to undo since the last roll")
        step = self._undo.pop()
        undone = self.log[step.log_length]
        del self.log[step.log_length :]
        self.state = step.state
        self.undos_used += 1
        return undone

    @property
    def last_actor(self) -> int | None:
        """The player who made the last undoable action, if any."""
        return self._undo[-1].player if self._undo else None

    # --------------------------------------------------------------- saving
    def to_dict(self) -> dict[str, object]:
        return {
            "format": GAME_FORMAT,
            "config": self.config.to_dict(),
            "start_rng": _rng_to_json(self.start_state),
            "log": [action_to_json(a) for a in self.log],
            "undos_used": self.undos_used,
            "state": state_to_dict(self.state),
        }

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """Rebuild a saved game by replaying its log, and check it against the saved state."""
        if not isinstance(data, dict):
            raise ValueError("a saved game must be an object")
        if data.get("format") != GAME_FORMAT:
            raise ValueError(f"unknown saved game format {data.get('format')!r}")
        config = GameConfig.from_dict(data.get("config"))
        start_rng = _rng_from_json(data.get("start_rng"))
        log = data.get("log")
        if not isinstance(log, list) or len(log) > 20_000:
            raise ValueError("the action log must be a list")
        actions = [action_from_json(a) for a in log]
        undos = data.get("undos_used", 0)
        if isinstance(undos, bool) or not isinstance(undos, int) or undos < 0:
            raise ValueError("undos_used must be a whole number")
        saved_state = state_from_dict(data.get("state"))
        try:
            game = cls.replay(config, start_rng, actions)
        except ValueError as refused:
            raise ValueError(f"the action log does not replay: {refused}") from None
        if game.state != saved_state:
            raise ValueError("the saved state does not match its action log")
        game.undos_used = undos
        game._undo.clear()  # a reloaded game starts a fresh undo history
        return game


def _rng_to_json(state: RngState) -> list[object]:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _rng_from_json(data: object) -> RngState:
    if not isinstance(data, list) or len(data) != 3:
        raise ValueError("start_rng must be a Random state [version, [625 ints], gauss]")
    version, internal, gauss = data
    if version != 3 or not isinstance(internal, list) or len(internal) != 625:
        raise ValueError("start_rng is not a Mersenne Twister state")
    if not all(
        isinstance(i, int) and not isinstance(i, bool) and 0 <= i < 2**32 + 1 for i in internal
    ):
        raise ValueError("start_rng holds numbers out of range")
    if gauss is not None and not isinstance(gauss, float):
        raise ValueError("start_rng's last item must be null or a number")
    state = (version, tuple(internal), gauss)
    try:
        random.Random().setstate(state)
    except (ValueError, TypeError, OverflowError) as bad:
        raise ValueError(f"start_rng is not usable: {bad}") from None
    return state
