"""What a scene says, and the watcher that says it: a typed protocol (`Spoken`) every scene
answers (game.scenes.base.Scene gives the defaults), and the `FocusVoice` the app runs once a
frame over the top scene.

A scene says:
- `spoken_screen()`: its name, said when it comes up ("Settings"); "" for none;
- `spoken_intro()`: what it shows first (a dialog's question, where the game stands);
- `spoken_news()`: what changed since it was last asked, as announcements (the table's
  events, a page turned, an error shown);
- `spoken_focus()`: what has the focus (a `Focus`: its key, its phrase, its place "3 of 9"),
  or None. The phrase is said when the key changes, or when the focused control's value
  changes by a key; a focus moved by the game itself (`quiet`) is remembered, not said.

`control_phrase` says a form control: "New game: button", "Sound volume: 80%".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.i18n import _, translate
from game.speech import Announcement, Speaker, Told, phrases
from game.ui.focus_grid import FocusView


@dataclass(frozen=True)
class Focus:
    key: object  # what has the focus: a new key is a move
    phrase: str
    position: tuple[int, int] | None = None  # (its place, 1-based; how many there are)
    quiet: bool = False  # moved by the game, not the player: not said
    stepped: bool = True  # a new value stepped by a key is said (False: the scene says it)

    @property
    def said(self) -> str:
        if self.position is None:
            return self.phrase
        number, count = self.position
        # Translators: where the focus is in a menu: "New game: button, 1 of 7".
        return _("{control}, {number} of {count}").format(
            control=self.phrase, number=number, count=count
        )


class Spoken(Protocol):
    """What a scene says (see the module's docstring)."""

    def spoken_screen(self) -> str: ...
    def spoken_intro(self) -> str: ...
    def spoken_news(self) -> list[Announcement]: ...
    def spoken_focus(self) -> Focus | None: ...


def control_phrase(control: object, label: str = "") -> str:
    """A focus target in words: its label, its value, and whether it can be used."""
    label = label or getattr(control, "label", "") or ""
    enabled = getattr(control, "enabled", True)
    value = ""
    text = getattr(control, "text", None)
    get = getattr(control, "get", None)
    if hasattr(control, "on_press"):  # a button
        return phrases.button(label, enabled)
    if callable(text) and hasattr(control, "set") and callable(get):  # a slider: text(level)
        value = text(get())
    elif callable(text):  # a cycler
        value = text()
    elif hasattr(control, "flip") and callable(get):  # a toggle
        value = translate(getattr(control, "on_text" if get() else "off_text"))
    elif callable(get):  # a text field
        # Translators: said aloud for a text field with nothing typed in it.
        value = get() or _("empty")
    if label and value:
        # Translators: said aloud when the focus moves onto a setting: its name and value.
        phrase = _("{label}: {value}").format(label=label, value=value)
    else:
        phrase = label or value
    if not enabled:
        # Translators: said aloud for a control that cannot be used now.
        phrase = _("{control}, unavailable").format(control=phrase)
    return phrase


def grid_focus(grid: FocusView, label: str = "", position: bool = True) -> Focus | None:
    """The focus of a grid of controls, said with its place among them."""
    control = grid.focused
    if control is None:
        return None
    return Focus(id(control), control_phrase(control, label), grid.position() if position else None)


class FocusVoice:
    """Watches the top scene and says what changed (see the module's docstring)."""

    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self.scene: Spoken | None = None
        self.key: object = None
        self.text = ""

    def watch(self, scene: Spoken | None, keyboard: bool = True) -> None:
        """Say the name and introduction of a new top scene, its news and the focus if it
        moved; `keyboard`: the focused control may have changed its value by a key."""
        if scene is None:
            return
        fresh = scene is not self.scene
        if fresh:
            self.scene, self.key, self.text = scene, None, ""
            for text in (scene.spoken_screen(), scene.spoken_intro()):
                self.speaker.say(text, Told.SCREEN)
        for announcement in scene.spoken_news():
            self.speaker.announce(announcement)
        focus = scene.spoken_focus()
        if focus is None or not focus.phrase:
            return
        if focus.key != self.key:
            if not focus.quiet:
                self.speaker.say(focus.said, Told.FOCUS)
        elif focus.phrase != self.text and keyboard and focus.stepped and not focus.quiet:
            self.speaker.say(focus.phrase, Told.FOCUS)  # a value stepped with the arrows
        self.key, self.text = focus.key, focus.phrase
