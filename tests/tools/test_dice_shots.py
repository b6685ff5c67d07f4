"""The snapshot tool's dice pictures: a filmstrip of one throw and the faces close up."""

from __future__ import annotations

import pygame
import pytest

from game.tools import dice_shots
from game.tools.snapshot import main
from game.ui.theme import STANDARD


@pytest.mark.timeout(120)
def test_the_filmstrip_and_the_close_ups_are_drawn(tmp_path) -> None:
    assert main([str(tmp_path), "--only", "filmstrip,faces"]) == 0
    sheet = pygame.image.load(str(tmp_path / "filmstrip-1280x720.png"))
    frames = pygame.image.load(str(tmp_path / "faces-200px.png"))
    rows = dice_shots.FRAMES // dice_shots.COLUMNS
    assert sheet.get_width() % dice_shots.COLUMNS == dice_shots.COLUMNS - 1
    assert sheet.get_height() % rows == rows - 1
    assert frames.get_size() == (6 * 380, 4 * 380)
    small = pygame.image.load(str(tmp_path / "faces-48px.png"))
    assert small.get_size() == (6 * 91, 4 * 91)
    # Each cell is felt round a die: its corner is felt, its middle is die.
    for face in range(6):
        corner, middle = (91 * face + 2, 2), (91 * face + 45, 45)
        assert small.get_at(corner)[:3] == STANDARD.felt
        assert small.get_at(middle)[:3] != STANDARD.felt


@pytest.mark.parametrize("size", ["1280", "1280x720x2", "wide"])
def test_a_size_that_is_not_width_by_height_gets_a_clear_message(tmp_path, capsys, size):
    """Found by the type checker: "1280" alone passed as a one-number size and failed later,
    in the first shot, with no word about --size."""
    with pytest.raises(SystemExit) as stopped:
        main([str(tmp_path), "--size", size, "--only", "faces"])
    assert stopped.value.code == 2
    assert f"--size takes WIDTHxHEIGHT, not {size!r}" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())
