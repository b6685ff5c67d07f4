"""The i18n tests switch the language; every test starts and ends in English. `ctx` is the
scenes' real Context (tests/scenes/conftest.py)."""

from __future__ import annotations

import pytest

from game import i18n
from tests.scenes.conftest import ctx  # noqa: F401 - a fixture, for the tests here


@pytest.fixture(autouse=True)
def english_after():
    i18n.set_language("en")
    yield
    i18n.set_language("en")
