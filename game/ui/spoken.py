"""What the focus says: a control's phrase ("New game: button", "Sound volume: 80%"), and
the watcher the app runs once a frame over the top scene, which speaks a scene's
introduction when it comes to the top (a dialog's question, the results) and the focus
whenever it moves or the focused control's value changes.

A scene takes part without knowing about speech: its focus is found as `focus_grid`,
`grid` or `ring` (a game.ui.focus_grid.FocusGrid). A scene may say more with
`spoken_intro()` (said when it comes to the top), `spoken_news()` -> [(phrase, detail)]
(asked every frame: what changed), `spoken_focus()` -> (key, phrase) (the table's dice and
boxes), or name a form control with `spoken_label(control)`.
"""

from __future__ import annotations

from typing import Any

from game.i18n import _, translate
from game.speech import Speaker, phrases


def control_phrase(control: Any, label: str = "") -> str:
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
        value = translate(control.on_text if get() else control.off_text)
    elif callable(get):  # a text field
        value = get() or _("empty")
    if label and value:
        phrase = _("{label}: {value}").format(label=label, value=value)
    else:
        phrase = label or value
    if not enabled:
        phrase = _("{control}, unavailable").format(control=phrase)
    return phrase


def _grid(scene: Any) -> Any:
    for name in ("focus_grid", "grid", "ring"):
        grid = getattr(scene, name, None)
        if grid is not None and hasattr(grid, "focused"):
            return grid
    return None


class FocusVoice:
    """Watches the top scene and says what changed (see the module's docstring)."""

    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self.scene: Any = None
        self.key: object = None
        self.text = ""

    def watch(self, scene: Any, keyboard: bool = True) -> None:
        """Say the introduction of a new top scene and the focus if it moved; `keyboard`:
        the focused control may have changed its value by a key (said then, too)."""
        if scene is None:
            return
        if scene is not self.scene:
            self.scene, self.key, self.text = scene, None, ""
            intro = getattr(scene, "spoken_intro", None)
            if callable(intro):
                self.speaker.say(intro(), priority=0)
        news = getattr(scene, "spoken_news", None)
        for phrase, detail in news() if callable(news) else ():
            self.speaker.say(phrase, detail=detail, priority=0)
        key, text = self._focus(scene)
        if key is None or not text:
            return
        if key != self.key:
            self.speaker.say(text, priority=2)
        elif text != self.text and keyboard and not isinstance(key, tuple):
            self.speaker.say(text, priority=2)  # a value stepped with the arrows
        self.key, self.text = key, text

    def _focus(self, scene: Any) -> tuple[object, str]:
        spoken = getattr(scene, "spoken_focus", None)
        if callable(spoken):
            return spoken()
        grid = _grid(scene)
        control = grid.focused if grid is not None else None
        if control is None:
            return None, ""
        name = getattr(scene, "spoken_label", None)
        label = name(control) if callable(name) else ""
        return id(control), control_phrase(control, label)
