"""Frames that redraw only what changed (game.ui.frame): while the dice fly, the app redraws
and shows only the parts the cup and the dice left or cover now, and every such frame has
exactly the pixels of a frame drawn whole. Whatever else happens (a notice, a pause menu
over the table, an exposed window, a resize) the next frame is drawn whole."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.match.seats import Seat
from game.match.session import Session
from game.rules import Category, GameConfig, Phase, StartOrder
from game.scenes.notices import draw_notices
from game.scenes.table import TableScene, board
from game.scenes.table.draw import Marks, draw_notes
from game.storage import Storage
from tests.driver import click, key

STEP = 1 / 60  # s
SIZE = (640, 480)


@pytest.fixture(autouse=True)
def stills_in_frame(monkeypatch):
    """Every still die's image made in the frame that shows it (none shown plain while made
    ahead, game.ui.stills): a frame drawn in part and the same frame drawn whole then draw
    the same dice, and the only difference left to find is what was redrawn."""
    monkeypatch.setattr(board, "STILLS_PER_FRAME", None)


@pytest.fixture
def app(fast_app):
    return fast_app(SIZE)


def table_for(app: App, kinds: tuple[str, ...], seed: int = 3) -> TableScene:
    names = ("Ann", "Cpu", "Max")[: len(kinds)]
    seats = [Seat(n, k, colour=i) for i, (n, k) in enumerate(zip(names, kinds, strict=True))]
    session = Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=seed)
    table = TableScene(app.ctx, session)
    app.start(table)
    return table


class Watch:
    """Frames of the real app, each checked against the same frame drawn whole."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.whole = pygame.Surface(app.screen.get_size()).convert()
        self.partial = 0  # frames that redrew only a part of the window
        self.flying = 0  # of them, frames with dice in the air
        self.largest = 0.0  # the largest share of the window a frame of a throw redrew
        self.state: object = None  # the game's state at the last frame
        self.patches = 0  # the most patches a frame was redrawn in

    def frames(self, count: int, *events: pygame.event.Event) -> None:
        app = self.app
        for event in events:
            app.handle(event)
        for _i in range(count):
            app.step(STEP)
            app.draw()
            self.check()

    def settle(self, *events: pygame.event.Event, limit: int = 600) -> None:
        """Frames until the dice lie still in their places."""
        self.frames(1, *events)
        table = self.app.stack.top
        for _i in range(limit):
            if not table.board.tray.animating:
                return
            self.frames(1)
        raise AssertionError("the dice never came to rest")

    def check(self) -> None:
        app = self.app
        table = app.stack.top
        state = table.session.state if isinstance(table, TableScene) else None
        moved, self.state = state is not self.state, state
        if app.presented is not None:
            self.partial += 1
            self.patches = max(self.patches, len(app.presented))
            if isinstance(table, TableScene) and table.board.tray.rolling:
                self.flying += 1
                # The frame of the roll redraws the card, the line and the buttons too.
                if not moved:
                    area = sum(r.width * r.height for r in app.presented)
                    self.largest = max(self.largest, area / (SIZE[0] * SIZE[1]))
        self.whole.fill((255, 0, 255))
        app.stack.draw(self.whole)  # no frame begun: drawn whole
        draw_notices(self.whole, app.ctx)
        assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(self.whole, "RGB"), (
            f"frame {self.partial} differs from the same frame drawn whole"
        )


def test_frames_in_a_person_turn_redraw_only_what_moved_and_match_whole_frames(app):
    table = table_for(app, ("person", "easy"))
    watch = Watch(app)
    watch.frames(3)
    assert app.presented is not None  # the table stands still: nothing to show again
    assert app.presented == []
    watch.settle(key(pygame.K_SPACE))  # the throw, its landing, the drift to the row
    watch.settle(key(pygame.K_1), key(pygame.K_3), key(pygame.K_RIGHT))  # holds, focus
    watch.settle(key(pygame.K_SPACE))  # held dice stay, the others fly
    assert table.session.state.rolls == 2
    chance = table.card_view.box_rect(0, Category.CHANCE).center
    watch.frames(40, click(chance))  # scored: the box glows, the turn passes
    assert table.session.state.player == 1
    app.ctx.settings = app.ctx.settings.replace(tidy_dice=False)
    table.layout(SIZE)
    for _i in range(400):  # the CPU's first throw: its dice are left where they fell
        pending = table.board.cpu.future
        if pending is not None:  # it decides in a thread, in real time: wait for it
            pending.result(timeout=30)
        watch.frames(1)
        state = table.session.state
        if state.dice is not None and not table.board.tray.animating:
            break
    assert table.session.state.dice is not None and not table.board.tray.animating
    assert watch.flying > 60  # the throws were drawn in part...
    assert watch.largest < 0.5  # ...and in parts (a throw spans much of a small window)


def test_a_notice_an_overlay_an_expose_or_a_resize_draws_the_next_frame_whole(app):
    table = table_for(app, ("person",))
    watch = Watch(app)
    watch.frames(2, key(pygame.K_SPACE))
    assert app.presented is not None
    app.ctx.notify("Settings could not be saved")
    watch.frames(1)
    assert app.presented is None
    app.ctx.notices.clear()
    watch.frames(1)
    assert app.presented is None  # the notice's place is drawn again
    watch.frames(1)
    assert app.presented is not None
    watch.frames(1, pygame.event.Event(pygame.WINDOWEXPOSED))
    assert app.presented is None
    watch.frames(1, key(pygame.K_ESCAPE))  # the pause menu over the table
    assert app.stack.top is not table and app.presented is None
    watch.frames(1, key(pygame.K_ESCAPE))
    assert app.stack.top is table and app.presented is None
    watch.frames(60)
    assert table.session.state.phase is Phase.TURN and app.presented is not None
    pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    app.handle(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=800, y=600))
    app.step(STEP)
    app.draw()
    assert app.presented is None


@pytest.fixture
def wide(tmp_path):
    pygame.init()
    app = App(Storage(tmp_path, environ={}), size=(1280, 800), fullscreen=False)
    yield app
    for scene in reversed(app.stack.scenes):
        scene.exit()


def test_each_part_of_the_table_redrawn_alone_matches_the_whole_frame(wide):
    """A hint, its rings and its panel; the key hints; the focus over boxes and buttons; a
    grading mark; a scored box's glow; the next person's banner: each drawn in part (in
    patches of its own), and every frame the same as drawn whole."""
    app = wide
    app.ctx.settings = app.ctx.settings.replace(grading=True, grading_threshold=0.0)
    names = ("Ann", "Bo")
    seats = [Seat(n, "person", colour=i) for i, n in enumerate(names)]
    session = Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=5)
    table = TableScene(app.ctx, session)
    app.start(table)
    watch = Watch(app)
    watch.frames(3)
    watch.settle(key(pygame.K_SPACE))
    watch.frames(20, key(pygame.K_h))  # the hint: its panel and the rings round its dice
    assert table.coach.hint_text
    watch.frames(20, key(pygame.K_k))  # the key hints over the card
    assert table.show_keys
    watch.frames(20, key(pygame.K_k))
    for step in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT):
        watch.frames(4, key(step))  # the focus moves over boxes and buttons
    watch.settle(key(pygame.K_1), key(pygame.K_SPACE))
    chance = table.card_view.box_rect(0, Category.CHANCE).center
    watch.frames(90, click(chance))  # scored: the glow fades; Bo's banner comes and goes
    assert session.state.player == 1
    assert watch.partial > 150
    assert 2 <= watch.patches <= 4  # the glow on the card and the banner on the felt, apart


def test_a_cpus_moves_leave_the_buttons_alone_and_redraw_the_notes_where_they_are(app):
    """Frames of CPUs' turns: of the buttons, only the roll button's count changes (a hold
    or a score changes none), and the notes' part is no larger than what the notes draw
    (not the felt down to the dice)."""
    table = table_for(app, ("easy", "medium"))
    parts, board_ = table.board.parts, table.board
    surface = pygame.Surface(SIZE)
    marks = Marks()
    before = parts.scene(board_, surface, marks, None, None).named
    moves = quiet = notes_seen = 0
    state = table.session.state
    for _frame in range(900):
        pending = table.board.cpu.future
        if pending is not None:  # it decides in a thread, in real time: wait for it
            pending.result(timeout=30)
        app.step(STEP)
        app.draw()
        now = parts.scene(board_, surface, marks, None, None).named
        buttons = [name for name in now if name.startswith("button ")]
        assert len(buttons) == 4
        changed = {name for name in buttons if now[name] != before[name]}
        assert changed <= {"button roll"}  # its count of rolls left, and only that
        quiet += table.session.state is not state and not changed
        notes = parts.notes(board_, marks)
        drawn = pygame.Surface(SIZE, pygame.SRCALPHA)
        draw_notes(drawn, app.ctx.theme, notes)
        ink = drawn.get_bounding_rect()
        assert now["notes"].rect == tuple(notes.rect)
        if ink:
            notes_seen += 1
            assert notes.rect.contains(ink) and notes.rect.height <= ink.height + 8
        moves += table.session.state is not state
        state, before = table.session.state, now
    assert moves >= 6 and quiet >= 3 and notes_seen > 0


def test_where_the_card_is_solid_it_covers_all_under_it(app):
    """The felt is not laid under the card's solid part in a frame drawn in part: drawn over
    anything at all, the card's pixels there are the same (and round it, they are not)."""
    table = table_for(app, ("easy", "medium"))
    parts, board_ = table.board.parts, table.board
    looked = 0
    for frame in range(600):
        pending = table.board.cpu.future
        if pending is not None:
            pending.result(timeout=30)
        app.step(STEP)
        app.draw()
        if frame % 40:
            continue
        scene = parts.scene(board_, app.screen, Marks(), None, None)
        card, solid = scene.named["card"], scene.solid
        assert solid is not None and pygame.Rect(card.rect).contains(solid)
        drawn = []
        for under in ((255, 0, 255), (0, 255, 0)):
            canvas = pygame.Surface(SIZE).convert()
            canvas.fill(under)
            card.paint(canvas)
            drawn.append(canvas)
        assert pygame.image.tobytes(drawn[0].subsurface(solid), "RGB") == pygame.image.tobytes(
            drawn[1].subsurface(solid), "RGB"
        )
        region = pygame.Rect(card.rect).clip(app.screen.get_rect())
        assert pygame.image.tobytes(drawn[0].subsurface(region), "RGB") != pygame.image.tobytes(
            drawn[1].subsurface(region), "RGB"
        )
        looked += 1
    assert looked == 15
