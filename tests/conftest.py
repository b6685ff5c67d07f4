"""Every test starts in English, whatever a test before it in the same worker chose: the
language is the game's, process-wide, and a storage message checked in English once failed
after a scene test had left Dutch set (tests/i18n/conftest.py also switches back after)."""

from __future__ import annotations

import pytest

from game import i18n


@pytest.fixture(autouse=True)
def english_to_start():
    i18n.set_language(i18n.SOURCE_LANGUAGE)
