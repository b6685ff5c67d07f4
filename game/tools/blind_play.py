"""Play whole games by ear: a bot that hears only what the speech channel says and presses
only keys, from the title through the setup to the results, as a player who cannot see the
screen would (issue 26).

    python -m game.tools.blind_play --games 3 [--cpus 2] [--variant yatzy] [--seed 1]

It runs the real app headless (SDL's dummy drivers) with a recording speech backend, and
prints the games played, the bot's mean score, the phrases said per turn and the longest
phrase. The bot parses the English catalogue's phrases; its play is simple (keep the most
common face, take the box that scores best against its par), but every choice is legal or
the rules would refuse it, and a refusal heard fails the run.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from unittest import mock

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.speech.backends import PLAIN, Backend, Manner, RecordingBackend  # noqa: E402
from game.speech.client import VoiceParams  # noqa: E402
from game.speech.finding import find_backend  # noqa: E402

STEP = 1 / 30  # s of game time a frame
QUIET = 1.0  # s with nothing said and nothing moving: the bot's turn to act
MOVING = 30.0  # s the bot waits at most for what moves silently
PATIENCE = 600.0  # s of game time the bot waits for anything before it gives up
MAX_PRESSES = 20_000  # a game that needs more is stuck

TURN = re.compile(
    r"^Turn: (?P<name>.+?), (?P<what>roll|start roll|tie-breaker roll|tie-breaker: roll again"
    r" or stand|no rolls left|(?P<n>\d) rolls? left)$"
)
DICE = re.compile(r"^Dice (?P<dice>[\d, ]+?)(; held (?P<held>[\d, ]+))?; ")
BOX = re.compile(r"^(?P<box>.+?): open, scores (?P<points>\d+)$")
HOLD = re.compile(r"^(?P<what>Held|Released) (?P<face>\d)$")
SEAT = re.compile(r"^Seat (?P<n>\d+): (?P<value>.+)$")
UPPER = {"Ones": 1, "Twos": 2, "Threes": 3, "Fours": 4, "Fives": 5, "Sixes": 6}
# What a box is worth to the bot beyond its points: a rough par, so it does not throw a
# straight's chance into a poor Chance early.
PAR = {
    "Three of a Kind": 15,
    "Four of a Kind": 10,
    "Chance": 22,
    "Full House": 10,
    "Small Straight": 15,
    "Large Straight": 20,
    "Yahtzee": 15,
    "Yatzy": 15,
    "One Pair": 8,
    "Two Pairs": 12,
}


class BotStuck(RuntimeError):
    """The bot heard nothing it could act on for too long (the transcript says where)."""


@dataclass
class Played:
    """One game by ear: what the bot heard and how it went."""

    phrases: list[str] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    my_name: str = ""
    turns: int = 0  # the bot's own turns
    seats: int = 1
    refusals: list[str] = field(default_factory=list)


class BlindBot:
    """Drives an App by keys, hearing a RecordingBackend."""

    def __init__(self, app, heard) -> None:
        self.app = app
        self.heard = heard  # the RecordingBackend's list of utterances
        self.seen = 0
        self.phrases: list[str] = []
        self.presses = 0

    # ----------------------------------------------------------------- ears and hands
    def _split(self, utterance: str) -> list[str]:
        return [p.strip() for p in re.split(r"(?<=[.!?])\s+", utterance) if p.strip()]

    def listen(self) -> list[str]:
        new = [p.rstrip(".") for u in self.heard[self.seen :] for p in self._split(u)]
        self.seen = len(self.heard)
        self.phrases += new
        return new

    def wait(self, quiet: float = QUIET) -> list[str]:
        """Let time pass until nothing has been said or moved for `quiet` seconds."""
        app, heard = self.app, []
        still, waited = 0.0, 0.0
        while still < quiet:
            app.step(STEP)
            for scene in app.stack.scenes:
                pending = getattr(scene, "cpu_future", None)
                if pending is not None:
                    pending.result(timeout=60)  # a CPU thinks in real time
            new = self.listen()
            heard += new
            # Something moving keeps the bot waiting, but not for ever: the results' confetti.
            busy = bool(new) or (app.stack.animating and waited < MOVING)
            still = 0.0 if busy else still + STEP
            waited += STEP
            if waited > PATIENCE:
                raise BotStuck(self.transcript())
        return heard

    def press(self, name: str, shift: bool = False) -> list[str]:
        """Press a key by its pygame name and hear what it brought."""
        self.presses += 1
        if self.presses > MAX_PRESSES:
            raise BotStuck(self.transcript())
        code = pygame.key.key_code(name)
        mod = pygame.KMOD_SHIFT if shift else 0
        text = name if len(name) == 1 else ""
        self.app.handle(
            pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)
        )
        return self.wait()

    def transcript(self, last: int = 40) -> str:
        return "\n".join(self.phrases[-last:])

    # ----------------------------------------------------------------- the menus
    def set_up(self, cpus: int, variant: str) -> str:
        """From the title: New game, keep the first seat and `cpus` CPU seats, the rules
        `variant` ("Official", "Yatzy"), Start. Returns the bot's own seat name."""
        self.wait()
        heard = self.press("return")  # the title's first button: New game
        if not any(p.startswith("Start game") for p in heard):
            raise BotStuck(self.transcript())
        me = ""
        for _round in range(8):  # remove seats past 1 + cpus, one a round
            seats: list[str] = []
            removed = False
            for _tab in range(60):
                said = self.press("tab")
                if not said:
                    continue
                seat = SEAT.match(said[-1])
                if seat and seat["n"] == "1" and not me:
                    me = seat["value"]
                if seat and seat["n"] not in seats:
                    seats.append(seat["n"])
                if said[-1].startswith("Remove seat") and len(seats) > 1 + cpus:
                    self.press("return")
                    removed = True
                    break
                if said[-1].startswith("Start game") and "1" in seats:
                    break  # round every seat once
            if not removed:
                break
        self._choose("Rules", variant)
        for _tab in range(60):
            said = self.press("tab")
            if said and said[-1].startswith("Start game"):
                break
        heard = self.press("return")
        self._answer_yes(heard)
        return me

    def _choose(self, label: str, value: str) -> None:
        for _tab in range(60):
            said = self.press("tab")
            if said and said[-1].startswith(f"{label}: "):
                break
        for _step in range(12):
            if said and said[-1] == f"{label}: {value}":
                return
            said = self.press("right")
        raise BotStuck(self.transcript())

    def _answer_yes(self, heard: list[str]) -> None:
        """A question asked (its answer in focus said last): move to the answer that goes
        on (Yes, Start) and press Enter."""
        if not any(p.endswith("?") for p in heard):
            return
        for _move in range(4):
            said = heard[-1] if heard else ""
            if said.startswith(("Yes:", "Start:")):
                self.press("return")
                return
            heard = self.press("left")
        raise BotStuck(self.transcript())

    # ----------------------------------------------------------------- the table
    def play_game(self, me: str) -> Played:
        played = Played(my_name=me)
        start = len(self.phrases)
        for _look in range(5000):
            said = self.press("f7")
            turn = TURN.match(said[-1]) if said else None
            if any(p.startswith(("Play again", "Next game")) for p in said) or (
                said and said[-1] == "Game over"
            ):
                break
            if turn is None or turn["name"] != me:
                self.wait(3.0)  # another seat plays (or a banner): listen
                if self._results_heard(start):
                    break
                continue
            if turn["what"] in ("roll", "start roll", "tie-breaker roll"):
                self.press("space")
                continue
            if turn["what"].startswith("tie-breaker:"):
                self.press("h")  # the Hint button stands in the tie-breaker
                continue
            self._my_roll(played)
        else:
            raise BotStuck(self.transcript())
        self.wait(3.0)
        played.phrases = self.phrases[start:]
        played.refusals = [p for p in played.phrases if _refusal(p)]
        played.scores = _scores(played.phrases, me)
        return played

    def _results_heard(self, start: int) -> bool:
        return any(p.startswith(("Play again", "Next game")) for p in self.phrases[start:])

    def _my_roll(self, played: Played) -> None:
        said = self.press("f2")
        dice_said = DICE.match(said[-1]) if said else None
        if dice_said is None:
            raise BotStuck(self.transcript())
        dice = [int(d) for d in dice_said["dice"].split(", ")]
        boxes = self._boxes()
        left = TURN.match(self.press("f7")[-1])
        rolls_left = 0 if left is None or left["n"] is None else int(left["n"])
        keep = _keep(dice, boxes)
        if rolls_left and len(keep) < 5:
            self._hold(dice, keep)
            self.press("space")
            return
        self._score(boxes)
        played.turns += 1

    def _boxes(self) -> dict[str, int]:
        """The open boxes and what each would score, heard by moving down over them."""
        boxes: dict[str, int] = {}
        for _move in range(30):
            said = self.press("down") or self.press("f3")  # one box open: the focus stays
            box = BOX.match(said[-1]) if said else None
            if box is None:
                continue
            if box["box"] in boxes:
                break
            boxes[box["box"]] = int(box["points"])
        return boxes

    def _hold(self, dice: list[int], keep: list[int]) -> None:
        wanted = Counter(keep)
        for i, face in enumerate(dice):
            hold = wanted[face] > 0
            if hold:
                wanted[face] -= 1
            for _press in range(2):
                said = self.press(str(i + 1))
                heard = HOLD.match(said[-1]) if said else None
                if heard is None:
                    raise BotStuck(self.transcript())
                if (heard["what"] == "Held") == hold:
                    break

    def _score(self, boxes: dict[str, int]) -> None:
        if not boxes:
            raise BotStuck(self.transcript())
        best = max(boxes, key=lambda b: _worth(b, boxes[b]))
        said = self.press("f3")
        for _move in range(30):
            box = BOX.match(said[-1]) if said else None
            if box is not None and box["box"] == best:
                break
            said = self.press("down")
        heard = self.press("return")
        self._answer_yes(heard)


def _keep(dice: list[int], boxes: dict[str, int]) -> list[int]:
    """The dice to keep: a straight's run when one is open and four are in a row, else
    the most common face (ties: the higher)."""
    faces = set(dice)
    straights = [b for b in boxes if "Straight" in b]
    for run in ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6)):
        if faces >= set(run) and straights:
            return list(run)
    for four in ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)):
        if faces >= set(four) and straights:
            return list(four)
    counts = Counter(dice)
    face = max(counts, key=lambda f: (counts[f], f))
    return [face] * counts[face]


def _worth(box: str, points: int) -> float:
    if box in UPPER:
        return points - 3 * UPPER[box] + (1 if points else 0)
    return points - PAR.get(box, 10)


# How the rules' refusals (IllegalAction, as the table says them) begin in English.
REFUSALS = (
    "No rolls left:",
    "Every die is held",
    "The start roll uses",
    "Roll the dice",
    "There is no die",
    "The match is over",
    "This game is over",
    "Standing is only",
    "Wait: ",
)


def _refusal(phrase: str) -> bool:
    return phrase.startswith(REFUSALS) or " is already filled" in phrase or " must score" in phrase


def _scores(phrases: list[str], me: str) -> dict[str, int]:
    """The final scores from the results as said: 'Scores: You 200, Ada 180' (with CPUs),
    or '{name} scored 213' (solitaire)."""
    for phrase in reversed(phrases):
        if phrase.startswith("Scores: "):
            pairs = [p.rsplit(" ", 1) for p in phrase[len("Scores: ") :].split(", ")]
            return {name: int(points) for name, points in pairs}
        solo = re.match(rf"^{re.escape(me)} scored (\d+)", phrase)
        if solo:
            return {me: int(solo.group(1))}
    return {}


class TeeBackend(Backend):
    """Records every utterance and also says it through a real backend (--voice)."""

    def __init__(self, recording: RecordingBackend, voice: Backend) -> None:
        self.recording, self.voice = recording, voice
        self.name = f"recording+{voice.name}"

    def speak(self, text: str, manner: Manner = PLAIN) -> None:
        self.recording.speak(text, manner)
        self.voice.speak(text, manner)

    def stop(self) -> None:
        self.voice.stop()

    def close(self) -> None:
        self.voice.close()


def new_app(data_dir: str, voice: bool = False):
    """The real app over a fresh data folder, instant animation and fast CPUs, its speech
    recorded in English (and said aloud through the best backend found, with `voice`);
    returns (app, the list the utterances go to)."""
    from game.app import App
    from game.storage import Storage

    storage = Storage(data_dir, environ={})
    settings = storage.settings.replace(
        animation_speed="instant", fast_cpu=True, cpu_pace="fast", language="en"
    )
    storage.save_settings(settings)
    storage = Storage(data_dir, environ={})
    recording = RecordingBackend()
    found = find_backend(VoiceParams(language="en")) if voice else None
    backend: Backend = TeeBackend(recording, found) if found is not None else recording
    app = App(storage, size=(1280, 800), fullscreen=False)
    app.ctx.voices = lambda mode, params: backend
    app.ctx.choose_voice(anew=True)
    app.start()
    return app, recording.spoken


def play(
    cpus: int = 2, variant: str = "Official", seed: int | None = None, voice: bool = False
) -> tuple[Played, object]:
    """One whole game by ear from the title to the results; (what happened, the app's
    session as the rules have it, for the caller to check). A `seed` makes the game's dice
    the same every run (the setup starts a match with a seed from SystemRandom)."""
    seeded: contextlib.AbstractContextManager[object] = contextlib.nullcontext()
    if seed is not None:
        seeded = mock.patch.object(random, "SystemRandom", lambda: random.Random(seed))
    with tempfile.TemporaryDirectory() as data, seeded:
        app, heard = new_app(data, voice)
        try:
            bot = BlindBot(app, heard)
            me = bot.set_up(cpus, variant)
            played = bot.play_game(me)
            played.seats = 1 + cpus
            session = next(
                (s.session for s in app.stack.scenes if getattr(s, "session", None)), None
            )
        finally:
            for scene in reversed(app.stack.scenes):
                scene.exit()
            app.ctx.speech.close()
        return played, session


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--cpus", type=int, default=2, choices=(0, 1, 2, 3))
    parser.add_argument("--variant", default="Official", help="Official, Free, Simple, Yatzy")
    parser.add_argument("--seed", type=int, default=None, help="the first game's seed")
    parser.add_argument(
        "--voice", action="store_true", help="also say it aloud (speech-dispatcher, espeak-ng)"
    )
    args = parser.parse_args(argv)
    wall, cpu = time.perf_counter(), time.process_time()
    games: list[Played] = []
    for game in range(args.games):
        seed = None if args.seed is None else args.seed + game
        played, _session = play(args.cpus, args.variant, seed, args.voice)
        games.append(played)
        score = played.scores.get(played.my_name)
        print(f"game {len(games)}: {played.my_name} {score}; all {played.scores}", flush=True)
    phrases = [p for g in games for p in g.phrases]
    turns = sum(g.turns * g.seats for g in games)
    mine = [g.scores.get(g.my_name, 0) for g in games]
    print(f"games played: {len(games)}")
    print(f"mean score: {sum(mine) / len(mine):.1f}")
    print(f"phrases per turn: {len(phrases) / max(1, turns):.1f}")
    longest = max(phrases, key=len, default="")
    print(f"longest phrase ({len(longest)} characters): {longest}")
    refusals = [r for g in games for r in g.refusals]
    print(f"refusals heard: {len(refusals)}")
    print(f"wall {time.perf_counter() - wall:.1f} s, cpu {time.process_time() - cpu:.1f} s")
    return 1 if refusals else 0


if __name__ == "__main__":
    sys.exit(main())
