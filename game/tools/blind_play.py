"""The honest blind test: play by ear against a real speech service, and count what was heard.

    python -m game.tools.blind_play [--cpus 2] [--rounds 0] [--seed 21] [--brief-from 7]
                                    [--german-rounds 2] [--log-out FILE]

A private speech-dispatcher speaks in real time (game.tools.speechbed); the real App runs
its own loop with the player's settings as they come (normal animation, the default CPU
pace, full verbosity), and its speech goes to the service through the game's SSIP client. A
bot (game.tools.blind_bot) presses keys and acts only on the phrases the service says it
finished; a stand-in screen reader (a second client) speaks every now and then. After a
whole game against two CPUs (partway through it the bot tries the read keys, the card box
by box, the history, undo, help and, from round `--brief-from`, Brief), a short German game
follows. It prints the games, the utterances, the important ones cut by the game, those never
begun, the key-to-voice median and p90, whether the reader was ever stopped, the speech a
CPU's turn took at Brief, and one turn of the player and the CPUs as heard, with times.
Exit status 1 when anything the issue forbids happened.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from unittest import mock

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.app import App
from game.speech.backends import SsipBackend
from game.speech.client import SpeechClient, Utterance, VoiceParams
from game.speech.ssip import address
from game.tools.blind_bot import Bot, BotStuck
from game.tools.blind_ear import Ears, Reader, Tally, tally
from game.tools.speechbed import SpeechBed

BRIEF_TURN_LIMIT = 8.0  # s of speech a CPU's turn may take at Brief (the bound)
KEY_WINDOW = 0.3  # s: an utterance sent this soon after a key is the key's answer


@dataclass
class Game:
    """One game by ear: what was heard, and when the bot did what."""

    language: str
    cpus: int
    ears: Ears = field(default_factory=Ears)
    scores: dict[str, int] | None = None
    me: str = ""
    turns: int = 0
    brief_at: float | None = None  # when speech went to Brief
    turn_keys: list[float] = field(default_factory=list)  # when each turn of mine began
    others: list[str] = field(default_factory=list)  # the CPUs' names, as the setup said them
    error: BaseException | None = None


def new_app(data: str, language: str, bed: SpeechBed, ears: Ears) -> App:
    """The real app on a fresh data folder, the settings as they come but the language,
    speaking through the bed."""
    from game.storage import Storage

    storage = Storage(data, environ={})
    storage.save_settings(storage.settings.replace(language=language, speech="off"))
    app = App(Storage(data, environ={}), size=(1280, 800), fullscreen=False)

    def voices(mode: str, params: VoiceParams) -> SsipBackend:
        client = SpeechClient.open(address({"SPEECHD_ADDRESS": bed.address}), params)
        if client is None:
            raise RuntimeError("the speech bed could not be reached")
        client.listener = ears.listen
        return SsipBackend(client)

    app.ctx.voices = voices
    app.ctx.apply_settings(app.ctx.settings.replace(speech="on"))
    return app


def play(bot: Bot, game: Game, rounds: int, brief_from: int, tours: bool) -> None:
    """The bot's game, on its own thread, from the title to the results (or `rounds`)."""
    bot.start_game(game.cpus)
    game.me, game.others = bot.me, bot.others[: game.cpus]
    while True:
        scores = bot.results()
        if scores is not None:
            game.scores = scores
            return
        who, what = bot.whose_turn()
        if what == "over":
            bot.listen(1.0, 20.0)
        elif who != bot.me or what in ("unknown", "left"):
            bot.await_turn()  # another seat plays: listen
        elif what in ("start", "tie"):
            bot.ask("space")
            bot.await_turn()
        elif what == "stand":
            bot.ask("h")
            bot.await_turn()
        else:
            game.turns += 1
            if rounds and game.turns > rounds:
                return
            if brief_from and game.turns == brief_from:
                bot.brief_tour()
                game.brief_at = time.monotonic()
            game.turn_keys.append(time.monotonic())
            if tours and game.turns == 1:
                rolled = bot.roll()
                bot.read_keys()
                bot.help_tour()
                bot.ask("f7")
                bot.play_out(rolled)
            else:
                bot.my_turn()
            bot.await_turn()


def run_game(
    bed: SpeechBed, language: str, cpus: int, rounds: int, seed: int, brief_from: int, tours: bool
) -> Game:
    game = Game(language, cpus)
    seeded = mock.patch.object(random, "SystemRandom", lambda: random.Random(seed))
    with tempfile.TemporaryDirectory(prefix="speech-blind-") as data, seeded:
        app = new_app(data, language, bed, game.ears)
        bot = Bot(game.ears, pygame.event.post)

        def drive() -> None:
            try:
                play(bot, game, rounds, brief_from, tours)
                bot.listen(1.0, 10.0)
            except BaseException as error:  # noqa: BLE001 - handed to the main thread
                game.error = error
            finally:
                app.stop()

        threading.Thread(target=drive, name="blind-bot", daemon=True).start()
        app.run()
    if game.error is not None:
        raise game.error
    return game


# ----------------------------------------------------------------------------- the report
def heard_as(u: Utterance) -> str:
    if u.ended is not None:
        return "whole"
    if u.cut is not None:
        return "cut by a key" if u.by_key else "CUT BY THE GAME"
    return f"never said ({u.dropped or 'no begin'})"


def transcript(game: Game, start: float, end: float) -> list[str]:
    """Keys and utterances between `start` and `end`, with times from `start`."""
    with game.ears.lock:
        keys = [(t, f"key {name}") for t, name in game.ears.keys if start <= t < end]
        said = [u for u in game.ears.utterances if u.sent and start <= u.sent < end]
    rows: list[tuple[float, str]] = list(keys)
    for u in said:
        begun = u.begun if u.begun is not None else u.sent or start
        stop = u.ended or u.cut
        length = f"{stop - begun:5.2f} s" if stop is not None and u.begun is not None else "  -  "
        rows.append((begun, f"{length}  {u.text}  [{heard_as(u)}]"))
    return [f"{t - start:7.2f}  {text}" for t, text in sorted(rows)]


def cpu_turns(game: Game) -> list[tuple[float, float, bool]]:
    """Each CPU turn heard: (when it began, seconds of its speech, heard whole). A turn is
    the game's own utterances (not a key's answer), between two turns of mine, from the first
    the CPU's name begins to the last it begins ("Ada rolls...", "Ada rolled ...", "Ada,
    3 rolls: ..."): an utterance of mine that ends by naming it ("You scored 6 in Twos. Your
    total: 170. Turn: Ada.") or the results that name the winner are not its turn."""
    with game.ears.lock:
        said = [u for u in game.ears.utterances if u.begun is not None]
        keys = [when for when, _name in game.ears.keys]
    own = [u for u in said if not any(0 <= (u.sent or 0) - k < KEY_WINDOW for k in keys)]
    marks = [*game.turn_keys, float("inf")]
    turns = []
    for begin, end in zip(marks, marks[1:], strict=False):
        window = [u for u in own if begin <= (u.begun or 0) < end]
        for name in game.others:
            named = [i for i, u in enumerate(window) if u.text.startswith(name)]
            if not named:
                continue
            part = window[named[0] : named[-1] + 1]
            spoken = sum((u.ended or u.cut or u.begun or 0.0) - (u.begun or 0.0) for u in part)
            turns.append((part[0].begun or 0.0, spoken, all(u.ended for u in part)))
    return sorted(turns)


@dataclass(frozen=True)
class Outcome:
    """What the blind test heard and counted."""

    games: list[Game]
    tally: Tally
    full: list[float]  # s of speech of each CPU turn at Full
    brief: list[float]  # the same at Brief
    whole: tuple[int, int]  # CPU turns heard whole, of all

    @property
    def passed(self) -> bool:
        t = self.tally
        too_long = bool(self.brief) and max(self.brief) >= BRIEF_TURN_LIMIT
        return not (t.important_cut or t.never_begun or t.reader_stopped or too_long)


def blind_test(
    cpus: int = 2,
    rounds: int = 0,
    seed: int = 21,
    brief_from: int = 7,
    german_rounds: int = 2,
    log_out: str | None = None,
) -> Outcome:
    """A game by ear (and a short German one): see the module's docstring."""
    games: list[Game] = []
    with SpeechBed() as bed:
        reader = Reader(bed.reader())
        reader.start()
        try:
            games.append(run_game(bed, "en", cpus, rounds, seed, brief_from, True))
            if german_rounds:
                games.append(run_game(bed, "de", 1, german_rounds, seed + 1, 0, False))
        finally:
            reader.close()
            if log_out:
                with contextlib.suppress(OSError):
                    shutil.copy(bed.log, log_out)
    heard = Ears()
    for game in games:
        heard.utterances += game.ears.utterances
        heard.whole += game.ears.whole
        heard.keys += game.ears.keys
    turns, at = cpu_turns(games[0]), games[0].brief_at
    return Outcome(
        games,
        tally(heard, reader),
        full=[s for t, s, _whole in turns if not at or t < at],
        brief=[s for t, s, _whole in turns if at and t > at],
        whole=(sum(w for _t, _s, w in turns), len(turns)),
    )


def report(outcome: Outcome) -> None:
    for game in outcome.games:
        scores = ", ".join(f"{k} {v}" for k, v in (game.scores or {}).items())
        print(f"game ({game.language}, {game.cpus} CPUs): {game.turns} turns of mine; {scores}")
    for line in outcome.tally.lines():
        print(line)
    print(f"CPU turns heard whole: {outcome.whole[0]} of {outcome.whole[1]}")
    for label, spoken in (("Full", outcome.full), ("Brief", outcome.brief)):
        if spoken:
            print(
                f"a CPU turn at {label}: {statistics.mean(spoken):.1f} s of speech "
                f"(max {max(spoken):.1f} s, over {len(spoken)} turns)"
            )
    for u in outcome.tally.important_cut + outcome.tally.never_begun:
        print(f"  not heard: {u.text!r} [{heard_as(u)}]")
    first = outcome.games[0]
    for label, at in (("at Full", 1), ("at Brief", first.turns - 2)):
        if 0 <= at < len(first.turn_keys) - 1:
            print(f"\none turn of mine and the CPUs' that followed, {label}:")
            print("\n".join(transcript(first, first.turn_keys[at], first.turn_keys[at + 1])))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cpus", type=int, default=2, choices=(0, 1, 2))
    parser.add_argument("--rounds", type=int, default=0, help="stop after this many (0: all)")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--brief-from", type=int, default=7, help="my turn to go Brief at")
    parser.add_argument("--german-rounds", type=int, default=2, help="0: no German game")
    parser.add_argument("--log-out", help="keep the speech service's log here")
    parser.add_argument("--trace", help="write every key and utterance, timed, here")
    args = parser.parse_args(argv)
    wall, cpu = time.perf_counter(), time.process_time()
    # Asked to stop: leave through the `with`, so the speech services are ended too.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    try:
        outcome = blind_test(
            args.cpus, args.rounds, args.seed, args.brief_from, args.german_rounds, args.log_out
        )
    except BotStuck as stuck:
        print(f"the bot is stuck; it heard last:\n{stuck}", file=sys.stderr)
        return 2
    report(outcome)
    if args.trace:
        with open(args.trace, "w", encoding="utf-8") as out:
            for game in outcome.games:
                start = game.ears.keys[0][0] if game.ears.keys else 0.0
                print(f"# {game.language}", file=out)
                print("\n".join(transcript(game, start, float("inf"))), file=out)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"wall {time.perf_counter() - wall:.0f} s, cpu {time.process_time() - cpu:.0f} s, "
        f"load {load:.1f}"
    )
    return 0 if outcome.passed else 1


if __name__ == "__main__":
    sys.exit(main())
