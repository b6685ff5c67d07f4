"""What every scene is given: settings, storage, theme, fonts, keys, pads, sound, the scene
stack.

Built once by the app (or by a test or the snapshot tool) and passed to scene constructors;
scenes use no globals.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from game.i18n import _, language, resolve, set_language
from game.scenes.nav import Navigator, NoNavigator
from game.scenes.stack import SceneStack
from game.speech import Speaker
from game.speech.announce import Told
from game.speech.backends import Backend, NullBackend
from game.speech.client import VoiceParams
from game.speech.orca import game_voice
from game.storage import Storage
from game.storage.settings import Settings
from game.storage.store import PlayedMatch
from game.ui.fonts import Fonts
from game.ui.frame import Frame
from game.ui.input import InputMap
from game.ui.pads import Pads
from game.ui.theme import Theme, make_theme

log = logging.getLogger(__name__)

NOTICE_TIME = 6.0  # s a notice stays on screen
NOTICES_SHOWN = 3  # at once; later ones wait their turn, none is dropped
NOTICES_KEPT = 12  # waiting at most (a flood of the same trouble keeps its newest)


@dataclass
class Notice:
    text: str
    left: float = NOTICE_TIME


# Settings changed in play that nothing on screen is made from: a change of these alone keeps
# the theme, the fonts (and every text they have cached), the input map and the layouts.
QUIET_SETTINGS = (
    "fast_cpu",
    "default_variant",
    "speech",
    "speech_verbosity",
    "speech_rate",
    "speech_pitch",
    "speech_volume",
    "speech_voice",
)


class Sound(Protocol):
    """What scenes ask of the sound (game.audio.player.SoundPlayer is one)."""

    def play(self, name: str, volume: float = 1.0) -> object: ...
    def set_volume(self, volume: float) -> None: ...


@dataclass
class Context:
    storage: Storage
    settings: Settings
    stack: SceneStack
    sound: Sound  # game.audio.player.SoundPlayer, or a quiet stand-in
    theme: Theme = field(init=False)
    fonts: Fonts = field(init=False)
    input: InputMap = field(init=False)
    notices: list[Notice] = field(default_factory=list)
    unsaved: bool = False  # the last save of the match failed: the table shows it until one works
    nav: Navigator = field(default_factory=NoNavigator)  # the app sets Router(ctx)
    pads: Pads = field(default_factory=Pads)  # the game pads plugged in (the app feeds it)
    toggle_fullscreen: Callable[[], None] = lambda: None
    quit: Callable[[], None] = lambda: None
    # A window position as a position on the scenes' canvas (the app's viewport scales the
    # canvas when the window is under the minimum size).
    to_canvas: Callable[[tuple[int, int]], tuple[int, int]] = lambda pos: pos
    frame: Frame = field(default_factory=Frame)  # what the frame being drawn redraws
    # What is said aloud (game.speech); the app sets `voices` to game.speech.finding's
    # choose_backend, which turns the speech setting and the voice into a backend.
    speech: Speaker = field(default_factory=Speaker)
    voices: Callable[[str, VoiceParams], Backend] = lambda mode, params: NullBackend()
    _voice: tuple[str, str] = ("", "")  # the speech setting and language the backend is for
    _params: VoiceParams | None = None  # the voice it speaks with

    def __post_init__(self) -> None:
        self._derive()
        self.report_storage_problems()

    def report_storage_problems(self) -> None:
        for problem in self.storage.take_problems():
            self.notify(problem)

    def _derive(self) -> None:
        s = self.settings
        # The language first: the theme, fonts and layouts that follow are made in it.
        set_language(resolve(s.language, self.storage.environ))
        self.theme = make_theme(s.palette, s.high_contrast)
        self.fonts = Fonts(s.text_scale)
        self.input = InputMap(s.key_bindings, s.pad_bindings, self.pads)
        self.sound.set_volume(0.0 if s.muted else s.sound_volume)
        self.choose_voice()

    def choose_voice(self, anew: bool = False) -> None:
        """Speak as the speech settings say, in the language in use: a new backend when the
        speech setting or the language changed (or `anew`), else the voice's new rate, pitch,
        volume or voice. Speech turned off says so first, in the voice that goes."""
        s = self.settings
        self.speech.verbosity = s.speech_verbosity
        voice = (s.speech, language())
        params = game_voice(
            voice[1],
            s.speech_rate,
            s.speech_pitch,
            s.speech_volume,
            s.speech_voice,
            self.storage.environ,
        )
        if anew or voice != self._voice:
            before = self._voice[0]
            self._voice, self._params = voice, params
            if before and before != s.speech and s.speech != "on":
                # The voice going says where speech goes, or the player hears nothing.
                if s.speech == "off":
                    # Translators: said aloud, the last words before speech is turned off.
                    going = _("Speech off")
                else:
                    # Translators: said aloud as speech is set to follow the screen reader.
                    going = _("Speech only with a screen reader")
                self.speech.say(going)
                self.speech.flush()
            self.speech.replace(self.voices(s.speech, params))
        elif params != self._params:
            self._params = params
            self.speech.backend.configure(params)

    def speech_voices(self) -> list[str]:
        """The speech service's voices for the language in use (asked for the first time
        here: the list comes a moment later)."""
        found = self.speech.backend.voices() or []
        return [name for name, lang in found if lang.split("-")[0].lower() == language()]

    def apply_settings(self, settings: Settings) -> None:
        """Use new settings now and keep them on disk."""
        before, self.settings = self.settings, settings
        quiet = {name: getattr(settings, name) for name in QUIET_SETTINGS}
        new_look = before.replace(**quiet) != settings  # new fonts cost every text its cache
        if new_look:
            self._derive()
        else:
            self.choose_voice()
        self.storage.save_settings(settings)
        self.report_storage_problems()
        if new_look:
            # Every scene on the stack, also those under an overlay, takes the new look now.
            self.stack.layout(self.stack.size)

    def save_session(self, session: PlayedMatch, *, soon: bool = True) -> None:
        """Keep a match on disk (after every action); a finished match is filed in the
        records. A full disk is reported, and the game goes on. A network table's match is
        the host's to keep (a friend files it once over: game.net.keep).

        `soon`: written on the storage's own thread, so no move's frame waits for the disk
        (a refusal is told at the next move, or at `settle_saves`); a finished match is
        filed now either way."""
        if getattr(session, "networked", False):
            return
        self.unsaved = not self.storage.save_session(session, soon=soon)
        if self.unsaved:
            self.report_storage_problems()

    def settle_saves(self) -> None:
        """Wait for the saves handed over, so `unsaved` tells of them all (before saying
        whether the game is saved)."""
        if not self.storage.settle_writes():
            self.unsaved = True
            self.report_storage_problems()

    def pointer(self) -> tuple[int, int]:
        """Where the mouse is on the canvas the scenes draw on."""
        return self.to_canvas(pygame.mouse.get_pos())

    def play(self, name: str, volume: float = 1.0) -> None:
        self.sound.play(name, volume)

    def notify(self, text: str) -> None:
        log.info("notice: %s", text)
        self.speech.say(text, Told.NOTICE)
        self.notices.append(Notice(text))
        del self.notices[NOTICES_SHOWN : -(NOTICES_KEPT - NOTICES_SHOWN)]

    @property
    def shown_notices(self) -> list[Notice]:
        return self.notices[:NOTICES_SHOWN]

    def update_notices(self, dt: float) -> None:
        for notice in self.shown_notices:  # the waiting ones keep their full time
            notice.left -= dt
        self.notices[:] = [n for n in self.notices if n.left > 0]

    @property
    def animation_scale(self) -> float:
        """Multiplier on animation durations: 1 normal, 0.5 fast, 0 instant."""
        return {"normal": 1.0, "fast": 0.5, "instant": 0.0}[self.settings.animation_speed]
