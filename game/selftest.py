"""`yahtzee --self-test`: does this install work? For the bundle, the wheel and a checkout alike.

Runs on SDL's dummy video and audio drivers (nothing shown, nothing heard) and checks, in order:

- table: the Expert's (Official card) table loads from the shipped file with no rebuild;
- sounds: every sound file decodes, its licence is beside it, and the mixer plays one;
- languages: every language's catalogue loads, brings its plural rule, and the game switches
  to it (German also writes 1234.5 as "1.234,5");
- window: the window's class is claimed and its icon draws;
- title: the app opens its window on the title scene, draws it and quits on the close button,
  through its real main loop;
- match: a match is laid out and drawn at the table.

Prints one line per check ("ok NAME: ..."), then "self-test passed" and exits 0; on the first
failure prints "FAILED NAME: why" and exits 1. The game's warnings count as failures: a sound
install logs none. YAHTZEE_ASSETS=FOLDER points it (and the game) at other assets.

The app is handed in (`run(App)`) so that this module need not import game.app, which
calls it.
"""

from __future__ import annotations

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
from typing import TYPE_CHECKING, NoReturn, Protocol

if TYPE_CHECKING:
    from game.scenes.base import Scene
    from game.scenes.context import Context
    from game.scenes.stack import SceneStack


class App(Protocol):
    """What the checks use of game.app.App, which hands itself in (no import circle)."""

    stack: SceneStack
    ctx: Context
    failures: int

    def start(self, scene: Scene | None = None) -> None: ...
    def step(self, dt: float) -> None: ...
    def run(self) -> int: ...
    def stop(self) -> None: ...
    def draw(self) -> None: ...
    def shutdown(self) -> None: ...


AppMaker = Callable[..., App]  # game.app.App: (storage, size=, fullscreen=)

MAX_FRAMES = 120  # the app is closed on its first frame; this many means it did not close
SOUND = "click"  # played through the mixer: the title scene's own sound
MESSAGE = "New game"  # a string of the title scene, looked up in each language
SIZE = (960, 640)  # px: the dummy window
CHECKS = ("table", "sounds", "languages", "window", "title", "match")


class CheckFailed(Exception):
    """A check that failed, and why, in words for the person reading the output."""


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


def check_table() -> str:
    from game.ai.exact import tables
    from game.ai.exact.tables import EMPTY_CARD
    from game.rules import Variant

    variant = Variant.OFFICIAL
    path = tables.table_path(variant)

    def refuse_to_build(variant: Variant) -> NoReturn:
        raise CheckFailed(f"the {variant.value} table at {path} was unusable and would be rebuilt")

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
        raise CheckFailed(f"the {variant.value} table at {path} has no value for an empty card")
    return (
        f"{variant.value} table loaded from {path} in {seconds:.2f} s, no rebuild "
        f"(empty card {empty:.4f})"
    )


def check_sounds() -> str:
    from game.audio import SOUNDS_DIR
    from game.audio.player import SoundPlayer

    files = sorted(SOUNDS_DIR.glob("*.wav"))
    if not files:
        raise CheckFailed(f"no sound files in {SOUNDS_DIR}")
    if not (SOUNDS_DIR / "LICENSE.txt").is_file():
        raise CheckFailed(f"{SOUNDS_DIR} has sounds but not their LICENSE.txt")
    seconds = 0.0
    for path in files:
        try:
            with wave.open(str(path), "rb") as wav:
                frames, rate = wav.getnframes(), wav.getframerate()
                wav.readframes(frames)
        except (wave.Error, EOFError, OSError) as error:
            raise CheckFailed(f"{path} does not decode: {error}") from None
        if frames == 0 or rate <= 0:
            raise CheckFailed(f"{path} holds no sound ({frames} frames at {rate} Hz)")
        seconds += frames / rate
    player = SoundPlayer(seed=0)
    try:
        if not player.available:
            raise CheckFailed("pygame's mixer did not start on SDL's dummy audio driver")
        if player.play(SOUND) is None:
            raise CheckFailed(f"the mixer could not play {SOUND!r} from {SOUNDS_DIR}")
    finally:
        player.close()
    return (
        f"{len(files)} sounds in {SOUNDS_DIR} decode ({seconds:.1f} s in all); "
        f"the mixer plays {SOUND!r}"
    )


def check_languages() -> str:
    from babel import Locale

    from game import i18n
    from game.i18n import catalogues

    kinds: dict[str, int] = {}
    try:
        for code in i18n.LANGUAGES:
            if code == i18n.SOURCE_LANGUAGE:
                continue
            source = catalogues.source_of(code)
            try:
                translations = catalogues.load(code)
            except Exception as error:  # noqa: BLE001 - any reason a catalogue will not load
                said = f"the {code} catalogue at {source} does not load: {error}"
                raise CheckFailed(said) from None
            plural = Locale.parse(code).plural_form
            # GNUTranslations sets `plural` as it reads the catalogue; typeshed leaves it out.
            rule = translations.plural  # type: ignore[attr-defined]
            forms = [rule(n) for n in (0, 1, 2, 5)]
            if forms != [0 if plural(n) == "one" else 1 for n in (0, 1, 2, 5)]:
                raise CheckFailed(f"{source} does not bring {code}'s plural rule (forms {forms})")
            if i18n.set_language(code) != code:
                raise CheckFailed(f"the game could not switch to {code}")
            shown = i18n._(MESSAGE)
            if shown != translations.gettext(MESSAGE):
                raise CheckFailed(f"{MESSAGE!r} showed as {shown!r} in {code}")
            if code == "de" and (figure := i18n.format_number(1234.5, decimals=1)) != "1.234,5":
                raise CheckFailed(f"1234.5 was written {figure!r} in German, not '1.234,5'")
            kinds[source.suffix] = kinds.get(source.suffix, 0) + 1
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
    read = ", ".join(f"{count} from {suffix}" for suffix, count in sorted(kinds.items()))
    return f"{len(i18n.LANGUAGES)} languages ({read}) in {catalogues.LOCALE_DIR}"


def check_window() -> str:
    import pygame

    from game.ui import window_identity

    for name in window_identity.CLASS_VARIABLES:
        if not os.environ.get(name):
            raise CheckFailed(f"{name} is not set: the dock would not group the window")
    icon = window_identity.draw_icon(window_identity.WINDOW_ICON_SIZE)
    corner, middle = icon.get_at((0, 0)), icon.get_at((icon.get_width() // 2,) * 2)
    if corner.a != 0 or middle.a != 255:
        raise CheckFailed(f"the icon is not a die on a clear ground ({corner}, {middle})")
    return (
        f"class {os.environ[window_identity.CLASS_VARIABLES[0]]!r}, "
        f"icon {icon.get_width()} px (pygame {pygame.version.ver})"
    )


def check_title(app_class: AppMaker) -> str:
    import pygame

    from game.storage import Storage

    with tempfile.TemporaryDirectory(prefix="yahtzee-self-test-") as data_dir:
        app = app_class(Storage(data_dir, environ={}), size=SIZE, fullscreen=False)
        seen: list[str] = []
        frames = 0
        start, step = app.start, app.step

        def start_then_close(scene: Scene | None = None) -> None:
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

        # The check watches this app's own start and step (wrapped above).
        app.start, app.step = start_then_close, counted_step  # type: ignore[method-assign]
        started = time.perf_counter()
        status = app.run()
        seconds = time.perf_counter() - started
    if seen != ["TitleScene"]:
        raise CheckFailed(f"the app started on {seen or 'no scene'}, not the title scene")
    if frames >= MAX_FRAMES:
        raise CheckFailed(f"the app did not quit on the close button within {MAX_FRAMES} frames")
    if status != 0 or app.failures:
        raise CheckFailed(f"the app ended with status {status} after {app.failures} failed frames")
    return f"the title was drawn, the app quit when closed ({frames} frames, {seconds:.2f} s)"


def check_table_scene(app_class: AppMaker) -> str:
    from game.match.seats import Seat
    from game.match.session import Session
    from game.rules import GameConfig, Roll, StartOrder
    from game.storage import Storage

    with tempfile.TemporaryDirectory(prefix="yahtzee-self-test-") as data_dir:
        app = app_class(Storage(data_dir, environ={}), size=SIZE, fullscreen=False)
        try:
            app.start()
            seats = [Seat("You", "person", colour=0), Seat("Ada", "expert", colour=1)]
            config = GameConfig(("You", "Ada"), start=StartOrder.SEATED)
            session = Session.new(config, seats, seed=1)
            session.apply(Roll())
            app.ctx.nav.table(session)
            app.stack.apply_pending()
            app.draw()
            shown = type(app.stack.top).__name__
        finally:
            app.shutdown()
    if shown != "TableScene":
        raise CheckFailed(f"the match opened {shown}, not the table")
    return f"a two-seat match was drawn at the table ({SIZE[0]}x{SIZE[1]})"


def run(app_class: AppMaker, only: str = "all", out: Callable[[str], object] = print) -> int:
    """Run every check in turn (or only the one named); 0 when all pass, else 1 after saying
    which failed; 2 for a check of no such name."""
    # Headless and silent whatever the caller's environment says: this is a check, not a game.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game import assets
    from game.ui.window_identity import claim_class

    claim_class()
    out(f"game {Path(__file__).parent} (python {sys.executable}), assets {assets.root()}")
    complaints = _Complaints()
    logger = logging.getLogger("game")
    logger.addHandler(complaints)
    checks: list[tuple[str, Callable[[], str]]] = [
        ("table", check_table),
        ("sounds", check_sounds),
        ("languages", check_languages),
        ("window", check_window),
        ("title", lambda: check_title(app_class)),
        ("match", lambda: check_table_scene(app_class)),
    ]
    if only != "all":
        checks = [(name, check) for name, check in checks if name == only]
        if not checks:
            out(f"FAILED {only}: no such check (checks: {', '.join(CHECKS)})")
            return 2
    try:
        for name, check in checks:
            try:
                summary = check()
                if said := complaints.take():
                    raise CheckFailed("it logged: " + "; ".join(said))
            except CheckFailed as failure:
                out(f"FAILED {name}: {failure}")
                return 1
            except Exception as error:  # noqa: BLE001 - any crash is a failed check, said as such
                traceback.print_exc()
                out(f"FAILED {name}: {type(error).__name__}: {error}")
                return 1
            out(f"ok {name}: {summary}")
    finally:
        logger.removeHandler(complaints)
    out("self-test passed")
    return 0
