"""The snapshot tool's table shots speak the game's language: the person's seat has setup's
default name, and the roll's line and the grading mark are the table's own sentences."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game import i18n
from game.tools import snapshot

# French puts a no-break space before a colon.
WORDS = {
    "en": ("You", "You rolled 5-6-4-3-6: 2 rolls left", "You: keep 6-6 was 3.4 points better"),
    "de": (
        "Du",
        "Du hast 5-6-4-3-6 gewürfelt: noch 2 Würfe",
        "Du: 6-6 halten war 3,4 Punkte besser",
    ),
    "fr": (
        "Toi",
        "Tu as fait 5-6-4-3-6\u00a0: 2 lancers restants",
        "Toi\u00a0: garder 6-6 valait 3,4 points de mieux",
    ),
}


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.timeout(120)
@pytest.mark.parametrize("code", list(WORDS))
def test_the_table_shots_lines_are_the_games_own_in_its_language(code, tmp_path, english_after):
    you, rolled, grade = WORDS[code]
    ctx, _screen = snapshot.make_context(tmp_path, (1280, 800))
    try:
        ctx.apply_settings(ctx.settings.replace(language=code))
        snapshot.shot_table(ctx)
        table = ctx.stack.top
        assert table.session.config.players[0] == you
        assert table.message == rolled
        snapshot.shot_hint(ctx)
        table = ctx.stack.top
        assert table.coach.grade_note(table.session.state) == grade
    finally:
        while ctx.stack.scenes:
            ctx.stack.scenes.pop().exit()
