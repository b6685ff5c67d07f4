"""The i18n tests switch the language; every test starts and ends in English."""

from __future__ import annotations

import pytest

from game import i18n


@pytest.fixture(autouse=True)
def english_after():
    i18n.set_language("en")
    yield
    i18n.set_language("en")
