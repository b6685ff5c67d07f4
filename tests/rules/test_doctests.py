"""The one-line rule examples in the rules' docstrings hold."""

from __future__ import annotations

import doctest

import pytest

from game.rules import categories, dice, names, scorecard
from game.rules.cards import american, yatzy


@pytest.mark.parametrize("module", [categories, dice, names, scorecard, american, yatzy])
def test_doctests(module):
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
