"""Smoke check of an installed game, headless and without a sound device:

    python -m game.tools.smoke                     # an install: a wheel, `pip install .`, pipx
    python -m game.tools.smoke --allow-checkout  # also accept a checkout's assets/

Checks, in order, that
- the Official table loads from the installed package's own files (game/assets/tables/), with
  no rebuild and no warning;
- every sound file is there and decodes (stdlib `wave`), and pygame's mixer loads and plays one
  through SDL's dummy audio driver;
- the German catalogue is read from the package's compiled .mo (not from a .po), brings
  German's plural rule, and switching to German translates the title's "New game" (once the
  catalogue translates it) and writes 1234.5 as "1.234,5";
- the app opens its (dummy) window on the title scene, draws it and quits, through its real
  main loop.

Prints one line per check. Exit status: 0 when all pass, 1 naming the first failure, 2 on a
usage error. .ci/run runs it in a fresh virtual environment holding only the built wheel.
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import sys
import tempfile
import time
import traceback
import wave
from collections.abc import Callable
from pathlib import Path

from game import assets

MAX_FRAMES = 120  # the app is closed on its first frame; this many means it did not close
SOUND = "click"  # played through the mixer: the title scene's own sound
LANGUAGE = "de"  # the catalogue checked
MESSAGE = "New game"  # a string of the title scene, looked up in it


class SmokeFailure(Exception):
    """A check that failed, and why, in words for the person reading CI's log."""


class _Complaints(logging.Handler):
    """Collects the game's warnings and errors: a clean start logs none."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def take(self) -> list[str]:
        messages = [f"{r.levelname} {r.name}: {r.getMessage()}" for r in self.records]
        self.records.clear()
        return messages


def check_assets(allow_checkout: bool) -> str:
    root = assets.root()
    if not assets.installed() and not allow_checkout:
        raise SmokeFailure(
            f"the package has no assets of its own ({assets.PACKAGE_DIR} holds no "
            f"{' or '.join(assets.FOLDERS)} folder), so they would come from {root}: the wheel "
            "was built without them (in a checkout or an editable install, use --allow-checkout)"
        )
    return f"assets read from {root}"


def check_table(allow_checkout: bool) -> str:
    from game.ai import tables
    from game.ai.build import EMPTY_CARD
    from game.rules import Variant

    variant = Variant.OFFICIAL
    path = tables.table_path(variant)
    if not allow_checkout and not path.resolve().is_relative_to(assets.PACKAGE_DIR):
        raise SmokeFailure(
            f"the {variant.value} table is looked for at {path}, outside the package"
        )

    def refuse_to_build(variant: Variant):
        raise SmokeFailure(f"the {variant.value} table at {path} was unusable and would be rebuilt")

    build = tables.build_values
    tables.build_values = refuse_to_build
    tables.forget_tables()
    try:
        started = time.perf_counter()
        values = tables.value_table(variant).values
        seconds = time.perf_counter() - started
    finally:
        tables.build_values = build
    empty = float(values[EMPTY_CARD])
    if not math.isfinite(empty):
        raise SmokeFailure(f"the {variant.value} table at {path} has no value for an empty card")
    return (
        f"{variant.value} table loaded from {path} in {seconds:.2f} s, no rebuild "
        f"(empty card {empty:.4f})"
    )


def check_sounds() -> str:
    from game.audio import SOUNDS_DIR
    from game.audio.player import SoundPlayer

    files = sorted(SOUNDS_DIR.glob("*.wav"))
    if not files:
        raise SmokeFailure(f"no sound files in {SOUNDS_DIR}")
    if not (SOUNDS_DIR / "LICENSE.txt").is_file():
        raise SmokeFailure(f"{SOUNDS_DIR} has sounds but not their LICENSE.txt")
    seconds = 0.0
    for path in files:
        try:
            with wave.open(str(path), "rb") as wav:
                frames, rate = wav.getnframes(), wav.getframerate()
                wav.readframes(frames)
        except (wave.Error, EOFError, OSError) as error:
            raise SmokeFailure(f"{path} does not decode: {error}") from None
        if frames == 0 or rate <= 0:
            raise SmokeFailure(f"{path} holds no sound ({frames} frames at {rate} Hz)")
        seconds += frames / rate
    player = SoundPlayer(seed=0)
    try:
        if not player.available:
            raise SmokeFailure("pygame's mixer did not start on SDL's dummy audio driver")
        if player.play(SOUND) is None:
            raise SmokeFailure(f"the mixer could not play {SOUND!r} from {SOUNDS_DIR}")
    finally:
        player.close()
    return (
        f"{len(files)} sounds in {SOUNDS_DIR} decode ({seconds:.1f} s in all); "
        f"the mixer plays {SOUND!r}"
    )


def check_language(allow_checkout: bool) -> str:
    from game import i18n
    from game.i18n import catalogues

    source = catalogues.source_of(LANGUAGE)
    if not allow_checkout:
        if source.suffix != ".mo":
            raise SmokeFailure(
                f"the {LANGUAGE} catalogue would be compiled from {source}: the wheel was built "
                "without its .mo (setup.py's build step)"
            )
        if not source.resolve().is_relative_to(catalogues.LOCALE_DIR.resolve()):
            raise SmokeFailure(
                f"the {LANGUAGE} catalogue is read from {source}, outside the package"
            )
    translations = catalogues.load(LANGUAGE)
    forms = [translations.plural(n) for n in (0, 1, 2)]
    if forms != [1, 0, 1]:
        raise SmokeFailure(f"{source} does not bring German's plural rule (forms {forms})")
    expected = translations.gettext(MESSAGE)
    try:
        if i18n.set_language(LANGUAGE) != LANGUAGE:
            raise SmokeFailure(f"the game could not switch to {LANGUAGE}")
        shown, figure = i18n._(MESSAGE), i18n.format_number(1234.5, decimals=1)
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
    if shown != expected:
        raise SmokeFailure(f"{MESSAGE!r} showed as {shown!r}, the catalogue says {expected!r}")
    if figure != "1.234,5":
        raise SmokeFailure(f"1234.5 was written {figure!r} in German, not '1.234,5'")
    said = f"{MESSAGE!r} is {shown!r}" if shown != MESSAGE else f"{MESSAGE!r} not translated yet"
    return f"{LANGUAGE} read from {source} ({said}; 1234.5 is {figure!r})"


def check_app() -> str:
    import pygame

    from game.app import App
    from game.storage import Storage

    with tempfile.TemporaryDirectory(prefix="yahtzee-smoke-") as data_dir:
        app = App(Storage(data_dir, environ={}), size=(960, 640), fullscreen=False)
        seen: list[str] = []
        frames = 0
        start, step = app.start, app.step

        def start_then_close(scene=None) -> None:
            start(scene)
            seen.append(type(app.stack.top).__name__)
            # What the window's close button sends: the first frame draws the title, then quits.
            pygame.event.post(pygame.event.Event(pygame.QUIT))

        def counted_step(dt: float) -> None:
            nonlocal frames
            frames += 1
            step(dt)
            if frames >= MAX_FRAMES:
                app.stop()

        app.start, app.step = start_then_close, counted_step
        started = time.perf_counter()
        status = app.run()
        seconds = time.perf_counter() - started
    if seen != ["TitleScene"]:
        raise SmokeFailure(f"the app started on {seen or 'no scene'}, not the title scene")
    if frames >= MAX_FRAMES:
        raise SmokeFailure(f"the app did not quit on the close button within {MAX_FRAMES} frames")
    if status != 0 or app.failures:
        raise SmokeFailure(f"the app ended with status {status} after {app.failures} failed frames")
    return f"the app showed the title scene and quit (frames: {frames}, {seconds:.2f} s)"


def run(allow_checkout: bool = False, out: Callable[[str], object] = print) -> int:
    """Run every check in turn; 0 when all pass, else 1 after saying which failed."""
    # Headless and silent whatever the caller's environment says: this is a check, not a game.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import game

    out(f"game {Path(game.__file__).parent} (python {sys.executable})")
    complaints = _Complaints()
    logger = logging.getLogger("game")
    logger.addHandler(complaints)
    checks = [
        ("assets", lambda: check_assets(allow_checkout)),
        ("table", lambda: check_table(allow_checkout)),
        ("sounds", check_sounds),
        ("language", lambda: check_language(allow_checkout)),
        ("app", check_app),
    ]
    try:
        for name, check in checks:
            try:
                summary = check()
                if said := complaints.take():
                    raise SmokeFailure("it logged: " + "; ".join(said))
            except SmokeFailure as failure:
                out(f"FAILED {name}: {failure}")
                return 1
            except Exception as error:  # noqa: BLE001 - any crash is a failed check, said as such
                traceback.print_exc()
                out(f"FAILED {name}: {type(error).__name__}: {error}")
                return 1
            out(f"ok {name}: {summary}")
    finally:
        logger.removeHandler(complaints)
    out("smoke check passed")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.smoke", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--allow-checkout",
        action="store_true",
        help="accept assets from a checkout's assets/ folder (an editable install)",
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    return run(args.allow_checkout)


if __name__ == "__main__":
    raise SystemExit(main())
