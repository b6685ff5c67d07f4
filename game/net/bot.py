"""A headless friend that plays its seat by itself: netplay's friends and the tests'.

It follows the host's match (game.net.follower), plays its own seat with a CPU level when its
turn comes, measures each action's round trip, now and then takes back a hold (so undo is
played too), and, when asked, tries a cheat every few moves, each of which the host must
refuse. A match it followed to the end is checked against the host's reveal and filed in its
own history. Its report says what it played, measured, saw refused and kept.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.json_types import JsonObject
from game.net import messages as m
from game.net.cpu import CpuPlayers
from game.net.follower import FinishedMatch, Follower
from game.net.friend import Friend, Link
from game.net.keep import file_finished
from game.net.wire import ProtocolError
from game.rules import (
    Action,
    Category,
    Game,
    Hold,
    NextGame,
    Phase,
    Release,
    Roll,
    Score,
    Stand,
    action_to_json,
)
from game.storage import Storage

log = logging.getLogger(__name__)
PLAYING = (Phase.ROLL_OFF, Phase.TURN, Phase.TIE_BREAK)
ANSWER_WAIT = 5.0  # s for the host's answers to our last cheats, once our matches are over
ATTACKS = ("out_of_turn", "stale", "illegal", "replayed", "next_game")


@dataclass
class FriendReport:
    matches: int = 0  # followed to the end and checked against the reveal
    actions: int = 0  # our intents the host applied
    round_trips: list[float] = field(default_factory=list)  # s, intent to its move
    desyncs: int = 0  # updates our copy could not follow (each answered by a sync)
    attacks: int = 0
    attacks_refused: int = 0
    unanswered: list[str] = field(default_factory=list)  # cheats the host never answered
    refused: dict[str, int] = field(default_factory=dict)  # our honest intents refused
    links: list[str] = field(default_factory=list)
    finished: list[JsonObject] = field(default_factory=list)

    def to_json(self) -> JsonObject:
        return dict(self.__dict__)


def match_summary(game: Game, assisted: tuple[int, ...], seats: list[str]) -> JsonObject:
    """A finished match as every side must agree on it: its identity, cards, totals, log."""
    state = game.state
    actions = json.dumps([action_to_json(a) for a in game.log], separators=(",", ":"))
    return {
        "origin": game.origin(),
        "players": seats,
        "cards": [[list(c.boxes) for c in r.cards] for r in state.results],
        "totals": [list(r.totals) for r in state.results],
        "winners": [list(r.winners) for r in state.results],
        "assisted": list(assisted),
        "log": hashlib.sha256(actions.encode()).hexdigest()[:16],
        "actions": len(game.log),
    }


class FriendBot:
    def __init__(
        self,
        friend: Friend,
        *,
        level: str = "hard",
        matches: int = 1,
        storage: Storage | None = None,
        profile: str | None = None,
        attack_every: int = 0,
        undo_every: int = 0,
        token_file: Path | None = None,
        think: float = 0.0,
        seed: int = 0,
    ) -> None:
        self.friend = friend
        self.level = level
        self.matches = matches
        self.storage = storage
        self.profile = profile
        self.attack_every = attack_every
        self.undo_every = undo_every
        self.token_file = token_file
        self.think = think  # s from our turn's every moment to our move, as a person takes
        self._ready_at: float | None = None
        self.random = random.Random(seed)
        self.report = FriendReport()
        self.you: int | None = None
        self.follower: Follower | None = None
        self.done = False
        self._cpu = CpuPlayers()
        self._pending: tuple[int, float] | None = None  # our intent in flight, sent when
        self._attacks: dict[int, str] = {}  # cheats sent, by id, not answered yet
        self._answered: int | None = None  # an intent id the host answered on this connection
        self._decisions = 0
        self._undo_next = False
        self._ending: float | None = None  # our matches are over: done once this passes

    def run(self, seconds: float) -> FriendReport:
        """Play until the matches are over, the host closes, or `seconds` pass."""
        deadline = time.monotonic() + seconds
        while not self.done and time.monotonic() < deadline:
            self.step(0.05)
        return self.report

    def step(self, timeout: float) -> None:
        for update in self.friend.updates(timeout):
            self._follow(update)
        if self._ending is not None:
            self.done = self.done or not self._attacks or time.monotonic() > self._ending
            if self.done:
                self.report.unanswered = sorted(self._attacks.values())
            return
        self._play()

    # ----------------------------------------------------------------- following
    def _follow(self, update: m.HostMessage | Link) -> None:
        if isinstance(update, Link):
            self.report.links.append(update.state + (f":{update.reason}" if update.reason else ""))
            if update.state in ("denied", "gave_up"):
                self.done = True
            return
        if isinstance(update, m.Welcome):
            self.you = update.you
            self._pending, self._answered = None, None
            self._attacks.clear()
            if update.token is not None and self.token_file is not None:
                self.token_file.write_bytes(update.token)
            self._start(update.match)
        elif isinstance(update, m.Started):
            self._start(update.match)
        elif isinstance(update, (m.Moved, m.Undone, m.Marked, m.Revealed)):
            self._update(update)
        elif isinstance(update, m.Refused):
            self._refused(update)
        elif isinstance(update, m.Closed):
            self.done = self.done or not update.resumable

    def _start(self, match: m.MatchView | None) -> None:
        try:
            self.follower = Follower(match) if match is not None else None
        except ProtocolError as bad:
            log.error("the host's match cannot be followed: %s", bad)
            self.report.desyncs += 1
            self.follower = None

    def _update(self, update: m.Moved | m.Undone | m.Marked | m.Revealed) -> None:
        follower = self.follower
        if follower is None:
            return
        try:
            follower.update(update)
        except ProtocolError as bad:
            log.error("desync: %s; asking for the whole match again", bad)
            self.report.desyncs += 1
            self.follower = None
            self._pending = None
            self.friend.sync()
            return
        if isinstance(update, (m.Moved, m.Undone)) and update.reply is not None:
            self._answered = update.reply
            if self._pending is not None and update.reply == self._pending[0]:
                self.report.actions += 1
                self.report.round_trips.append(time.perf_counter() - self._pending[1])
                self._pending = None
        if isinstance(update, m.Revealed) and follower.finished is not None:
            self._finish(follower.finished)

    def _refused(self, refused: m.Refused) -> None:
        reply = refused.reply
        if reply is not None:
            self._answered = reply
        if reply is not None and reply in self._attacks:
            del self._attacks[reply]
            self.report.attacks_refused += 1
            return
        counts = self.report.refused
        counts[refused.reason] = counts.get(refused.reason, 0) + 1
        if self._pending is not None and reply in (None, self._pending[0]):
            self._pending = None  # (too_fast carries no id: the next step tries again)

    def _finish(self, finished: FinishedMatch) -> None:
        names = [seat.name for seat in finished.seats]
        summary = match_summary(finished.game, finished.assisted, names)
        if self.storage is not None:
            filed = file_finished(self.storage, finished, self.you, self.profile)
            summary["filed"] = filed.saved
            summary["history_id"] = filed.history_id
        self.report.finished.append(summary)
        self.report.matches += 1
        if self.report.matches >= self.matches:
            self._ending = time.monotonic() + ANSWER_WAIT  # for the answers to cheats in flight

    # ----------------------------------------------------------------- playing
    def _play(self) -> None:
        follower = self.follower
        if follower is None or self._pending is not None or self.you is None:
            return
        state = follower.session.state
        mine = state.phase in PLAYING and state.player == self.you
        if self.attack_every and self.random.randrange(self.attack_every) == 0:
            self._attack(follower, mine)
        if not mine:
            return
        now = time.monotonic()
        if self._ready_at is None:
            self._ready_at = now + self.think
        if now < self._ready_at:
            return
        self._ready_at = None
        if self._undo_next:
            self._undo_next = False
            self._send(lambda: self.friend.undo(follower.step))
            return
        action = self._cpu.decide(follower.session, self.you, self.level, state)
        self._decisions += 1
        if self.undo_every and self._decisions % self.undo_every == 0:
            hold = next((a for a in state.legal_actions() if isinstance(a, Hold)), None)
            if hold is not None and state.phase is Phase.TURN:
                action, self._undo_next = hold, True
        self._send(lambda: self.friend.act(action, follower.step))

    def _send(self, send: Callable[[], int]) -> None:
        started = time.perf_counter()
        self._pending = (send(), started)

    def _attack(self, follower: Follower, mine: bool) -> None:
        state = follower.session.state
        kind = self.random.choice(ATTACKS)
        step = follower.step
        number: int | None = None
        if kind == "out_of_turn" and not mine:
            number = self.friend.act(Roll(), step)
        elif kind == "stale" and mine:
            number = self.friend.act(Roll(), step + 1000)
        elif kind == "illegal" and mine:
            number = self.friend.act(_illegal(state.legal_actions()), step)
        elif kind == "replayed" and self._answered is not None:
            number, self._answered = self._answered, None  # each id replayed once
            self.friend.send_raw(m.Act(number, step, Roll()))
        elif kind == "next_game":
            number = self.friend.act(NextGame(), step)
        if number is not None:
            self.report.attacks += 1
            self._attacks[number] = kind


def _illegal(legal: list[Action]) -> Action:
    """An action the rules refuse now."""
    candidates: list[Action] = [Stand(), Roll()]
    candidates += [Hold(i) for i in range(5)] + [Release(i) for i in range(5)]
    candidates += [Score(c) for c in Category]
    return next(a for a in candidates if a not in legal)
