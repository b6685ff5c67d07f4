"""Game pads through the real App, with synthetic SDL events (the dummy driver has no pads):
devices plugged in and out, buttons, the stick's dead zone and repeat, the joystick fallback,
the hints' glyphs, and every menu scene walked with a pad alone.

The pads are made up: `FakeOpener` stands for SDL opening a device (its name says what kind
of pad it is), and the tests post the events SDL would post, with their fields.
"""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.storage import Storage
from game.storage.settings import DEFAULT_PAD_BINDINGS
from game.ui.input import InputMap, Intent
from game.ui.pad_glyphs import pad_family
from game.ui.pads import PAD_PRESS, REPEAT_DELAY, REPEAT_EVERY, OpenedPad, Pads
from tests.driver import controller_button, driver, key

XBOX = "Xbox Series X Controller"
PS5 = "PS5 Controller"


class FakeRumble:
    """A pad's motors: records each rumble asked of it."""

    def __init__(self) -> None:
        self.rumbles: list[tuple[float, float, int]] = []

    def rumble(self, low: float, high: float, ms: int) -> bool:
        self.rumbles.append((low, high, ms))
        return True


class FakeOpener:
    """SDL opening device indices: index -> (instance id, name, api). Instance ids are
    not indices, as in SDL (a pad plugged in again gets a new one). As open_pad does, a
    game controller opens on its controller announcement only."""

    def __init__(self) -> None:
        self.devices: dict[int, OpenedPad] = {}

    def add(self, index: int, instance_id: int, name: str, api: str = "controller") -> None:
        self.devices[index] = OpenedPad(instance_id, name, api, FakeRumble())

    def __call__(self, index: int, announced_as: str) -> OpenedPad | None:
        device = self.devices.get(index)
        return device if device is not None and device.api == announced_as else None


def make_app(tmp_path, opener: FakeOpener | None = None) -> App:
    app = App(
        Storage(tmp_path, environ={}),
        size=(1280, 800),
        fullscreen=False,
        pads=Pads(opener or FakeOpener()),
    )
    app.start()
    return app


# ----------------------------------------------------------------------------- SDL's events
def plug(app: App, index: int, instance_id: int, name: str = XBOX, api="controller") -> None:
    """A pad plugged in: SDL opens it at `index` and says so."""
    app.ctx.pads.opener.add(index, instance_id, name, api)
    added = pygame.CONTROLLERDEVICEADDED if api == "controller" else pygame.JOYDEVICEADDED
    run(app, pygame.event.Event(added, device_index=index))


def unplug(app: App, instance_id: int, api: str = "controller") -> None:
    removed = pygame.CONTROLLERDEVICEREMOVED if api == "controller" else pygame.JOYDEVICEREMOVED
    run(app, pygame.event.Event(removed, instance_id=instance_id))


def axis(instance_id: int, which: int, value: int) -> pygame.event.Event:
    return pygame.event.Event(
        pygame.CONTROLLERAXISMOTION, instance_id=instance_id, axis=which, value=value
    )


def run(app: App, *events: pygame.event.Event) -> None:
    """Each event through App.handle in a frame of its own, then a drawing (tests.driver)."""
    driver(app).send(*events)


def tap(app: App, instance_id: int, *names: str) -> None:
    """Press and let go of each button in turn, a frame apart (tests.driver)."""
    driver(app).pad(*names, instance_id=instance_id)


def answer_yes(app: App, pad: int) -> None:
    """Yes to a question on the screen (if one is asked), moving onto Yes first."""
    top = app.stack.top
    if type(top).__name__ != "ConfirmScene":
        return
    if top.ring.focused is not top.yes:
        tap(app, pad, "dpleft")
    tap(app, pad, "a")


def top_name(app: App) -> str:
    return type(app.stack.top).__name__


def close(app: App) -> None:
    for scene in reversed(app.stack.scenes):
        scene.exit()


# ----------------------------------------------------------------------------- devices
def test_a_pad_plugged_in_is_numbered_and_told_and_leaves_without_a_trace(tmp_path):
    app = make_app(tmp_path)
    plug(app, 0, 7, XBOX)
    plug(app, 1, 9, PS5)
    pads = app.ctx.pads
    assert [(p.instance_id, p.number, p.family) for p in pads.pads.values()] == [
        (7, 1, "xbox"),
        (9, 2, "playstation"),
    ]
    assert [n.text for n in app.ctx.notices] == [
        f"Pad 1 connected ({XBOX})",
        f"Pad 2 connected ({PS5})",
    ]
    unplug(app, 7)
    assert list(pads.pads) == [9]
    assert app.ctx.notices[-1].text == "Pad 1 unplugged"
    plug(app, 0, 12, XBOX)  # back, with a new instance id: the free number 1 again
    assert pads.get(12).number == 1
    # SDL announces a controller twice (as a joystick, then as a controller): one pad.
    run(app, pygame.event.Event(pygame.JOYDEVICEADDED, device_index=0))
    assert sorted(pads.pads) == [9, 12]
    assert top_name(app) == "TitleScene"  # nothing of this disturbed the title
    close(app)


def test_a_device_sdl_refuses_or_an_unknown_removal_changes_nothing(tmp_path):
    app = make_app(tmp_path)
    run(app, pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=3))  # not openable
    unplug(app, 44)
    run(app, pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=44, button=0))
    assert app.ctx.pads.pads == {} and app.ctx.notices == []
    close(app)


def test_the_real_opener_copes_with_no_pad_under_the_dummy_driver(tmp_path):
    app = App(Storage(tmp_path, environ={}), size=(1280, 800), fullscreen=False)
    app.start()
    run(app, pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=5))
    run(app, pygame.event.Event(pygame.JOYDEVICEADDED, device_index=5))
    assert app.ctx.pads.pads == {}
    close(app)


@pytest.mark.parametrize(
    ("name", "family"),
    [
        (XBOX, "xbox"),
        ("PS4 Controller", "playstation"),
        ("DualSense Wireless Controller", "playstation"),
        ("Nintendo Switch Pro Controller", "nintendo"),
        ("Generic USB Gamepad", "xbox"),
    ],
)
def test_the_family_of_a_pad_comes_from_its_name(name, family):
    assert pad_family(name) == family


# ----------------------------------------------------------------------------- presses
def presses_of(pads: Pads, *events) -> list[str]:
    out = []
    for event in events:
        out += [p.button for p in pads.read(event) or []]
    return out


def test_buttons_press_once_and_the_stick_has_a_dead_zone_and_hysteresis():
    opener = FakeOpener()
    opener.add(0, 3, XBOX)
    pads = Pads(opener)
    pads.read(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    x, y = pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY
    assert presses_of(pads, controller_button(3, "a"), controller_button(3, "a", down=False)) == [
        "a"
    ]
    assert presses_of(pads, axis(3, x, 9000), axis(3, x, 15000)) == []  # inside the dead zone
    assert presses_of(pads, axis(3, x, 20000)) == ["dpright"]
    assert presses_of(pads, axis(3, x, 13000)) == []  # still held: no second press
    assert presses_of(pads, axis(3, x, 9000), axis(3, x, 20000)) == ["dpright"]
    assert presses_of(pads, axis(3, x, 0), axis(3, y, -32768)) == ["dpup"]
    trigger = pygame.CONTROLLER_AXIS_TRIGGERRIGHT
    assert presses_of(pads, axis(3, trigger, 30000), axis(3, trigger, 32767)) == ["righttrigger"]
    assert presses_of(pads, axis(3, pygame.CONTROLLER_AXIS_RIGHTX, 32767)) == []


def test_a_held_direction_repeats_after_a_delay_and_stops_when_let_go():
    opener = FakeOpener()
    opener.add(0, 3, XBOX)
    pads = Pads(opener)
    pads.read(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    assert presses_of(pads, controller_button(3, "dpdown")) == ["dpdown"]
    assert pads.holding
    assert pads.update(REPEAT_DELAY - 0.01) == []
    repeats = pads.update(0.02)
    assert [(p.button, p.repeat) for p in repeats] == [("dpdown", True)]
    assert len(pads.update(REPEAT_EVERY * 3 + 0.001)) == 1  # one per frame at most
    assert len(pads.update(REPEAT_EVERY)) == 1
    pads.read(controller_button(3, "dpdown", down=False))
    assert not pads.holding and pads.update(1.0) == []


def test_the_joystick_fallback_reads_buttons_hat_and_stick():
    opener = FakeOpener()
    opener.add(2, 5, "Old USB Pad", api="joystick")
    pads = Pads(opener)
    pads.read(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=2))
    hat = pygame.event.Event(pygame.JOYHATMOTION, instance_id=5, hat=0, value=(0, 1))
    centre = pygame.event.Event(pygame.JOYHATMOTION, instance_id=5, hat=0, value=(0, 0))
    stick = pygame.event.Event(pygame.JOYAXISMOTION, instance_id=5, axis=0, value=-0.9)
    assert presses_of(
        pads,
        pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=5, button=0),
        pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=5, button=7),
        pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=5, button=14),
        hat,
        centre,
        stick,
    ) == ["a", "start", "button14", "dpup", "dpleft"]
    # A controller's events never come through twice: its joystick side is not read.
    opener.add(3, 6, XBOX)
    pads.read(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=3))
    assert presses_of(pads, pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=6, button=0)) == []


def test_pad_presses_map_to_intents_and_menus_keep_a_and_b():
    from game.storage.settings import DEFAULT_KEY_BINDINGS

    keys = InputMap(DEFAULT_KEY_BINDINGS, DEFAULT_PAD_BINDINGS)

    def pressed(name):
        return pygame.event.Event(
            PAD_PRESS, button=name, instance_id=1, repeat=False, key=0, mod=0, unicode=""
        )

    assert keys.intent(pressed("x")) is Intent.ROLL
    assert keys.intent(pressed("a")) is Intent.CONFIRM
    assert keys.intent(pressed("b")) is Intent.BACK
    assert keys.intent(pressed("back")) is Intent.UNDO  # no Ctrl needed on a pad
    assert keys.intent(pressed("rightshoulder")) is Intent.SKIP_CPU
    assert keys.menu_intent(pressed("x")) is None  # a table action means nothing in a menu
    assert keys.menu_intent(pressed("rightshoulder")) is Intent.FOCUS_NEXT
    assert keys.menu_intent(pressed("dpdown")) is Intent.DOWN


def test_hints_show_the_last_devices_glyphs_and_a_key_brings_the_keys_back(tmp_path):
    app = make_app(tmp_path)
    plug(app, 0, 7, PS5)
    plug(app, 1, 8, XBOX)
    labels = app.ctx.input.label
    assert (labels("roll"), labels("back")) == ("Space", "Esc")
    tap(app, 7, "dpdown")
    assert (labels("roll"), labels("confirm"), labels("back")) == ("Square", "Cross", "Circle")
    tap(app, 8, "dpup")
    assert (labels("roll"), labels("pause"), labels("hold_1")) == ("X", "Start", "?")
    run(app, key(pygame.K_DOWN))
    assert labels("roll") == "Space"
    close(app)


# ----------------------------------------------------------------------------- every menu
def walk_down(app: App, pad: int, reached, limit: int = 120) -> None:
    """Press down on the d-pad until `reached(focused)` holds for the top scene's focus
    (a button menu's ring, else a form's grid)."""
    for _ in range(limit):
        top = app.stack.top
        if reached(getattr(top, "ring", None) or top.grid):
            return
        tap(app, pad, "dpdown")
    raise AssertionError("the focus never got there")


def focus_label(app: App, pad: int, label: str) -> None:
    """Move a button menu's focus down (round the end) onto `label`."""
    walk_down(app, pad, lambda ring: ring.focused.label == label)


def focus_key(app: App, pad: int, key: object) -> None:
    """Move a form's focus down onto the control with `key`."""
    walk_down(app, pad, lambda grid: grid.focused.key == key)


def test_every_menu_scene_works_with_a_pad_alone(tmp_path):
    app = make_app(tmp_path)
    plug(app, 0, 7, PS5)
    focus_label(app, 7, "Settings")
    tap(app, 7, "a")
    assert top_name(app) == "SettingsScene"
    focus_key(app, 7, "rumble")
    tap(app, 7, "a")
    assert app.ctx.settings.rumble is False
    focus_key(app, 7, ("pad", "roll", 0))
    tap(app, 7, "a", "rightstick")  # the hints' button: the two swap, as keys do
    assert app.stack.top.status()[0] == (
        "Swapped: Roll the dice is now R3, Show key hints is now Square."
    )
    bound = app.ctx.settings.pad_bindings
    assert (bound["roll"], bound["key_hints"]) == (("rightstick",), ("x",))
    run(app, axis(7, pygame.CONTROLLER_AXIS_TRIGGERLEFT, 32767))  # capture, then L2 is pulled
    tap(app, 7, "a")
    run(app, axis(7, pygame.CONTROLLER_AXIS_TRIGGERLEFT, 0))
    run(app, axis(7, pygame.CONTROLLER_AXIS_TRIGGERLEFT, 32767))
    assert app.ctx.settings.pad_bindings["roll"] == ("lefttrigger",)
    assert app.ctx.input.label("roll") == "L2"
    focus_key(app, 7, "reset_pads")
    tap(app, 7, "a")
    assert app.ctx.settings.pad_bindings == DEFAULT_PAD_BINDINGS
    app.ctx.apply_settings(app.ctx.settings.replace(pad_bindings={"roll": ["lefttrigger"]}))
    tap(app, 7, "b")
    for label, scene in (
        ("Rules & help", "HelpScene"),
        ("Statistics", "StatsScene"),
        ("History", "HistoryScene"),
    ):
        focus_label(app, 7, label)
        tap(app, 7, "a")
        assert top_name(app) == scene
        tap(app, 7, "dpdown", "rightshoulder", "dpup")  # scroll, walk, change page: no harm
        if scene == "StatsScene":  # a new profile's name: the pad opens it and backs out
            tap(app, 7, "rightshoulder")  # back to the players' page
            for _ in range(6):
                if app.stack.top.ring.focused.label == "New":
                    break
                tap(app, 7, "dpright")
            tap(app, 7, "a")
            assert top_name(app) == "ProfileNameScene"
            tap(app, 7, "b")
            assert top_name(app) == "StatsScene"
        tap(app, 7, "b")
        assert top_name(app) == "TitleScene"
    focus_label(app, 7, "New game")
    tap(app, 7, "a")
    assert top_name(app) == "SetupScene"
    tap(app, 7, "a")  # Start game has the focus
    assert top_name(app) == "TableScene"
    table = app.stack.top
    tap(app, 7, "start")
    assert top_name(app) == "PauseScene"
    tap(app, 7, "b")
    assert app.stack.top is table
    run(app, axis(7, pygame.CONTROLLER_AXIS_TRIGGERLEFT, 0))
    run(app, axis(7, pygame.CONTROLLER_AXIS_TRIGGERLEFT, 32767))  # the new roll button
    assert table.session.state.dice is not None or table.session.state.phase.name == "ROLL_OFF"
    assert table.session.game.log  # it rolled
    tap(app, 7, "start")
    focus_label(app, 7, "Quit to title")
    tap(app, 7, "a")
    answer_yes(app, 7)
    assert top_name(app) == "TitleScene"
    close(app)


# ----------------------------------------------------------------------------- what is kept
def test_pad_bindings_and_rumble_are_settings_that_load_forgivingly():
    from game.storage.settings import Settings

    settings = Settings().replace(pad_bindings={"roll": ["lefttrigger"], "hint": ["button12"]})
    again = Settings.from_dict(settings.to_dict())
    assert again.pad_bindings["roll"] == ("lefttrigger",)
    assert again.pad_bindings["hint"] == ("button12",)
    assert again.pad_bindings["pause"] == DEFAULT_PAD_BINDINGS["pause"]
    assert again.rumble is True
    loaded, bad = Settings.parse({"pad_bindings": {"roll": ["keyboard"]}, "rumble": "yes"})
    assert loaded.pad_bindings == DEFAULT_PAD_BINDINGS and loaded.rumble is True
    assert [b.split()[0] for b in bad] == ["pad_bindings", "rumble"]
    with pytest.raises(ValueError, match="roll holds something that is not a pad button"):
        Settings().replace(pad_bindings={"roll": ["button99"]})
