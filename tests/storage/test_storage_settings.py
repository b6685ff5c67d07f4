"""Settings: defaults, per-field checks, replace, round trips, salvaging a damaged file."""

from __future__ import annotations

import json

import pytest

from game.storage.settings import DEFAULT_KEY_BINDINGS, INTENTS, Settings

from .conftest import STAMP, open_storage


def test_defaults():
    s = Settings()
    assert (s.sound_volume, s.verify, s.show_previews, s.hints_enabled) == (
        0.8,
        "zeros",
        True,
        True,
    )
    assert (s.grading, s.grading_threshold, s.confirm_big_mistakes) == (False, 1.0, False)
    assert (s.big_mistake_threshold, s.advice_overlay, s.cpu_reasons) == (8.0, False, True)
    assert (s.window_size, s.default_variant, s.palette, s.text_scale) == (
        (1280, 800),
        "official",
        "standard",
        1.0,
    )
    assert s.key_bindings == DEFAULT_KEY_BINDINGS
    assert (s.speech, s.speech_verbosity) == ("reader", "full")


def test_default_bindings_cover_every_intent_without_clashes():
    assert set(INTENTS) == {
        "roll", "hold_1", "hold_2", "hold_3", "hold_4", "hold_5", "hint", "undo", "pause",
        "confirm", "up", "down", "left", "right", "fullscreen", "skip_cpu", "speed_cpu",
        "help", "key_hints", "react", "read_dice", "read_box", "read_card", "read_others",
        "read_scores", "read_turn", "card_up", "card_down", "repeat_speech", "history_back",
        "history_next",
    }  # fmt: skip
    table = Settings().intents_by_key()
    assert all(len(intents) == 1 for intents in table.values())
    assert table["space"] == ["roll"] and table["f11"] == ["fullscreen"]
    assert Settings().keys_for("hold_3") == ("3",)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("sound_volume", 1.01),
        ("sound_volume", -0.1),
        ("sound_volume", True),
        ("sound_volume", "loud"),
        ("sound_volume", float("inf")),
        ("fast_cpu", 1),
        ("muted", 1),
        ("animation_speed", "warp"),
        ("cpu_pace", None),
        ("verify", "some"),
        ("grading_threshold", 50.5),
        ("big_mistake_threshold", -1),
        ("window_size", (319, 800)),
        ("window_size", (1280, 4321)),
        ("window_size", (1280.0, 800)),
        ("window_size", (1280, 800, 1)),
        ("default_variant", "house"),
        ("palette", "sepia"),
        ("text_scale", 0.5),
        ("text_scale", 2.5),
        ("key_bindings", {"roll": "space"}),
        ("key_bindings", {"roll": [1]}),
        ("key_bindings", {"roll": ["x" * 33]}),
        ("key_bindings", {"roll": ["a", "b", "c", "d", "e"]}),
        ("key_bindings", ["roll"]),
    ],
)
def test_bad_values_are_refused_with_the_field_named(field, value):
    with pytest.raises(ValueError, match=field):
        Settings().replace(**{field: value})


def test_replace_normalises_and_leaves_the_original():
    s = Settings()
    t = s.replace(sound_volume=1, window_size=[640, 480], key_bindings={"roll": ["r", "r"]})
    assert (t.sound_volume, t.window_size, t.keys_for("roll")) == (1.0, (640, 480), ("r",))
    assert t.keys_for("hint") == ("h",)  # intents not given keep their defaults
    assert s == Settings()


def test_replace_unknown_setting():
    with pytest.raises(ValueError, match="no such setting: volume"):
        Settings().replace(volume=1)


def test_dict_round_trip():
    s = Settings().replace(
        muted=True, verify="all", window_size=(800, 600), key_bindings={"undo": ["u", "z"]}
    )
    data = json.loads(json.dumps(s.to_dict()))
    assert data["format"] == 1 and data["window_size"] == [800, 600]
    assert Settings.from_dict(data) == s
    assert Settings.parse(data) == (s, [])


def test_from_dict_ignores_unknown_keys_and_intents():
    settings, bad = Settings.parse(
        {"format": 1, "muted": True, "laser": 3, "key_bindings": {"jump": ["j"]}}
    )
    assert bad == []
    assert settings == Settings().replace(muted=True)


def test_from_dict_gives_defaults_for_bad_fields():
    data = {"muted": True, "text_scale": 9, "verify": "all"}
    assert Settings.parse(data)[1] == ["text_scale must be from 0.75 to 2.0"]
    assert Settings.from_dict(data) == Settings().replace(muted=True, verify="all")


def test_file_round_trip(data_dir):
    storage = open_storage(data_dir)
    chosen = storage.settings.replace(palette="colour_blind", text_scale=1.25, fullscreen=True)
    assert storage.save_settings(chosen)
    assert storage.settings == chosen
    again = open_storage(data_dir)
    assert (again.settings, again.problems) == (chosen, [])


def test_bad_field_keeps_the_good_ones_and_the_original_bytes(data_dir):
    data_dir.mkdir()
    raw = json.dumps(
        {"format": 1, "muted": True, "sound_volume": 7, "palette": "colour_blind", "x": 1}
    ).encode()
    (data_dir / "settings.json").write_bytes(raw)
    storage = open_storage(data_dir)
    assert storage.settings == Settings().replace(muted=True, palette="colour_blind")
    assert storage.problems == [
        "The settings file settings.json was damaged (bad values: sound_volume must be from "
        f"0.0 to 1.0); it was kept as settings.corrupt-{STAMP}.json and those settings are "
        "back to their defaults."
    ]
    assert (data_dir / f"settings.corrupt-{STAMP}.json").read_bytes() == raw
    # The repaired settings were written back, so the next start is quiet.
    again = open_storage(data_dir)
    assert (again.settings, again.problems) == (storage.settings, [])


def test_unknown_key_alone_is_not_a_problem(data_dir):
    data_dir.mkdir()
    (data_dir / "settings.json").write_text('{"format": 1, "muted": true, "future": [1]}')
    storage = open_storage(data_dir)
    assert (storage.settings.muted, storage.problems) == (True, [])
    assert (data_dir / "settings.json").exists()


def test_an_older_file_with_music_volume_loads_quietly_and_loses_it_at_the_next_save(data_dir):
    # The game has no music: the setting went, and a file from before reads as it did.
    data_dir.mkdir()
    (data_dir / "settings.json").write_text('{"format": 1, "music_volume": 0.3, "muted": true}')
    storage = open_storage(data_dir)
    assert (storage.settings, storage.problems) == (Settings().replace(muted=True), [])
    assert storage.settings.fast_cpu is False  # a file from before has none: the default
    assert storage.save_settings(storage.settings.replace(fast_cpu=True))
    saved = json.loads((data_dir / "settings.json").read_text())
    assert "music_volume" not in saved and saved["fast_cpu"] is True
    assert open_storage(data_dir).settings.fast_cpu is True


def test_settings_are_hashable_and_equal_by_value():
    a, b = Settings().replace(muted=True), Settings().replace(muted=True)
    assert a == b and hash(a) == hash(b)
    assert {a: 1}[b] == 1
    assert a != a.replace(key_bindings={"roll": ["x"]})


@pytest.mark.filterwarnings("ignore:pygame.init")  # key names need no display
def test_default_key_names_are_pygame_names(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    for keys in DEFAULT_KEY_BINDINGS.values():
        for name in keys:
            assert pygame.key.name(pygame.key.key_code(name)) == name
