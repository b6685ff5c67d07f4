"""One record per bindable intent (game.storage.bindings): an intent cannot be half-added."""

from __future__ import annotations

from game.i18n import N_
from game.storage.bindings import (
    BINDINGS,
    CTRL_INTENTS,
    DEFAULT_KEY_BINDINGS,
    DEFAULT_PAD_BINDINGS,
    FIXED_INTENTS,
    INTENTS,
    TABLE_INTENTS,
    Intent,
)
from game.storage.settings import MAX_KEYS_PER_INTENT, Settings, is_pad_button


def test_every_intent_is_bindable_with_one_record_or_fixed():
    recorded = [b.intent for b in BINDINGS]
    assert len(recorded) == len(set(recorded))  # one record each
    assert set(recorded) | FIXED_INTENTS == set(Intent)
    assert not set(recorded) & FIXED_INTENTS


def test_every_record_has_keys_a_label_and_valid_pad_buttons():
    for binding in BINDINGS:
        assert 1 <= len(binding.keys) <= MAX_KEYS_PER_INTENT, binding.intent
        assert binding.label.strip(), binding.intent
        assert all(is_pad_button(b) for b in binding.pad), binding.intent


def test_the_settings_defaults_and_the_input_sets_come_from_the_records():
    assert tuple(str(i) for i in Intent if i not in FIXED_INTENTS) == INTENTS
    assert DEFAULT_KEY_BINDINGS["roll"] == ("space", "r")
    assert DEFAULT_PAD_BINDINGS["roll"] == ("x",)
    assert DEFAULT_PAD_BINDINGS["hold_1"] == ()
    assert {Intent.UNDO} == CTRL_INTENTS
    assert Intent.HINT in TABLE_INTENTS and Intent.PAUSE not in TABLE_INTENTS
    settings = Settings()
    assert settings.key_bindings == DEFAULT_KEY_BINDINGS
    assert settings.pad_bindings == DEFAULT_PAD_BINDINGS


def test_the_settings_scene_names_each_intent_from_its_record():
    from game.scenes.settings.keys import intent_label

    assert intent_label("roll") == N_("Roll the dice")
    assert intent_label("key_hints") == N_("Show key hints")
    assert intent_label("nonsense") == "nonsense"
