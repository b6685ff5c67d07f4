"""The i18n tests switch the language; every test starts and ends in English. `ctx` is the
scenes' real Context (tests/scenes/conftest.py)."""

from __future__ import annotations

import pytest

from game import i18n
from tests.scenes.conftest import ctx  # noqa: F401 - a fixture, for the tests here

from .recording import Recorder
from .shots import play_games


@pytest.fixture(autouse=True)
def english_after():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def recorder(monkeypatch):
    """Every text a scene renders and where it is blitted (recording.py)."""
    return Recorder().install(monkeypatch)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A data folder with the games the statistics and history shots show, played once a
    module."""
    folder = tmp_path_factory.mktemp("played")
    play_games(folder)
    return folder
