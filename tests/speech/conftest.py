"""A private speech-dispatcher for the speech tests that need the real service
(game.tools.speechbed): espeak-ng into a null sink that plays in real time, on a socket of
its own. Skipped, saying why, where its programs are not installed (CI installs them)."""

from __future__ import annotations

import pytest

from game.tools.speechbed import SpeechBed, missing


@pytest.fixture(scope="module")
def bed():
    absent = missing()
    if absent:
        pytest.skip(f"no private speech-dispatcher here: {', '.join(absent)} not installed")
    with SpeechBed() as started:
        yield started
