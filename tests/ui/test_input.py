"""Keys to intents: the player's bindings, Ctrl for undo, and the fixed keys of every menu."""

from __future__ import annotations

import pygame
import pytest

from game.storage.settings import DEFAULT_KEY_BINDINGS
from game.ui.input import InputMap, Intent, is_back, is_confirm
from game.ui.units import layout_unit
from tests.driver import key


@pytest.fixture(autouse=True)
def pygame_ready():
    """Key names are looked up as the game does, after pygame.init (else pygame warns that its
    answer may be wrong)."""
    pygame.init()


def test_bound_keys_give_their_intent_and_undo_needs_ctrl():
    keys = InputMap(DEFAULT_KEY_BINDINGS)
    assert keys.intent(key(pygame.K_SPACE)) is Intent.ROLL
    assert keys.intent(key(pygame.K_3)) is Intent.HOLD_3
    assert keys.intent(key(pygame.K_z)) is None
    assert keys.intent(key(pygame.K_z, mod=pygame.KMOD_CTRL)) is Intent.UNDO
    assert keys.intent(key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)) is Intent.FOCUS_PREV
    assert Intent.ROLL == "roll"  # saved bindings stay plain names


def test_enter_and_escape_confirm_and_go_back_whatever_is_bound():
    keys = InputMap(DEFAULT_KEY_BINDINGS)
    assert is_back(keys.intent(key(pygame.K_ESCAPE)))  # bound to pause by default
    assert keys.intent(key(pygame.K_BACKSPACE)) is Intent.BACK
    assert is_confirm(keys.intent(key(pygame.K_KP_ENTER)))
    rebound = dict(DEFAULT_KEY_BINDINGS, pause=("p",), confirm=("c",))
    keys = InputMap(rebound)
    assert keys.intent(key(pygame.K_ESCAPE)) is Intent.BACK
    assert keys.intent(key(pygame.K_RETURN)) is Intent.CONFIRM
    assert keys.intent(key(pygame.K_c)) is Intent.CONFIRM
    assert keys.intent(key(pygame.K_ESCAPE, mod=pygame.KMOD_CTRL)) is None


def test_the_layout_unit_follows_the_narrower_side():
    assert layout_unit((1280, 800)) == 1.0
    assert layout_unit((2560, 800)) == 1.0
    assert layout_unit((1920, 1200)) == 1.5
    assert layout_unit((320, 200)) == 0.5
    assert layout_unit((1100, 800), reference=(1100, 800)) == 1.0


def test_in_menus_enter_and_escape_keep_their_meaning_when_bound_to_table_actions():
    keys = InputMap(dict(DEFAULT_KEY_BINDINGS, roll=("return",), hint=("escape",)))
    assert keys.intent(key(pygame.K_RETURN)) is Intent.ROLL  # at the table
    assert keys.menu_intent(key(pygame.K_RETURN)) is Intent.CONFIRM
    assert keys.intent(key(pygame.K_ESCAPE)) is Intent.HINT
    assert keys.menu_intent(key(pygame.K_ESCAPE)) is Intent.BACK
    assert keys.menu_intent(key(pygame.K_SPACE)) is None  # the default roll key: nothing
    assert keys.menu_intent(key(pygame.K_F1)) is Intent.HELP
