"""The frame digests: a seeded scenario gives the same frames every time, and a comparison
tells identical runs from differing ones."""

from __future__ import annotations

import json

import pytest

from game.tools.frame_digests import compare, scenario


@pytest.mark.timeout(300)
def test_a_seeded_scenario_draws_the_same_frames_every_time() -> None:
    first = scenario((640, 480), 1, True, False, 1)
    assert len(first) > 300  # rolls, holds, releases, a score: hundreds of frames
    assert scenario((640, 480), 1, True, False, 1) == first


def test_the_comparison_finds_the_first_frame_that_differs(tmp_path, capsys) -> None:
    frames = [["a", "pose 1"], ["b", "pose 2"], ["c", "pose 3"]]
    before, same, other = tmp_path / "before.json", tmp_path / "same.json", tmp_path / "o.json"
    before.write_text(json.dumps({"640x480": frames}))
    same.write_text(json.dumps({"640x480": frames}))
    other.write_text(json.dumps({"640x480": [frames[0], ["x", "pose 2"], frames[2]]}))
    assert compare(before, same) == 0
    assert "3 frames compared: 3 pixel-identical, 3 with identical die poses" in (
        capsys.readouterr().out
    )
    assert compare(before, other) == 1
    out = capsys.readouterr().out
    assert "first frame differing in pixels 1, in poses None" in out
    assert "2 pixel-identical, 3 with identical die poses" in out
