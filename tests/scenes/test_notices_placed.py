"""Notices (a friend away or back, a file set aside) and the "Not saved yet" mark are drawn
where they hide nothing the player must read: over the table, on the felt under its message
line and beside its card (they covered both at the window's top, in big text at 640x480);
elsewhere at the window's top. Their text is sized by the window as the scenes' is."""

from __future__ import annotations

import pytest

from game.scenes.notices import draw_notices
from game.tools.snapshot import make_context, set_text_scale, shot_table, shot_title

LONG = "Großmutter ist weg: der Tisch wartet, bis sie wieder da ist oder eine CPU spielt"


@pytest.mark.parametrize(
    ("size", "scale"), [((640, 480), 2.0), ((1280, 800), 1.0), ((3840, 2160), 2.0)]
)
def test_notices_over_the_table_keep_off_its_message_line_and_card(tmp_path, size, scale):
    ctx, screen = make_context(tmp_path, size)
    try:
        set_text_scale(ctx, scale, size)
        shot_table(ctx)
        table = ctx.stack.top
        for text in (LONG, "Bob is back"):
            ctx.notify(text)
        ctx.unsaved = True
        boxes = draw_notices(screen, ctx)
        lay = table.board.lay
        assert len(boxes) == 3
        for i, box in enumerate(boxes):
            assert lay.tray.contains(box), (box, lay.tray)
            assert not box.colliderect(lay.message) and not box.colliderect(lay.card)
            assert box.collidelist(boxes[i + 1 :]) == -1  # nor over each other
        # Sized by the window: at 640x480 the text is the scenes' size, not twice a 1280's.
        assert boxes[1].height < size[1] // 8
    finally:
        for scene in reversed(ctx.stack.scenes):
            scene.exit()


def test_elsewhere_notices_are_at_the_windows_top(tmp_path):
    ctx, screen = make_context(tmp_path, (1280, 800))
    try:
        shot_title(ctx)
        ctx.stack.apply_pending()
        ctx.notify("The settings file was damaged")
        (box,) = draw_notices(screen, ctx)
        assert box.top < 20 and abs(box.centerx - 640) <= 1
    finally:
        for scene in reversed(ctx.stack.scenes):
            scene.exit()
