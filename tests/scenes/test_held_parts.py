"""A busy frame (the dice land, a CPU's move is made) holds the change of the slow parts (the
card, the message line, the notes) back to a frame with room (Board.update,
TableParts.scene). Filmed both ways, a seeded CPU game's frames are the same but in the
frames that hold; in those, only in the slow parts' rectangles, and there they are the
frame before the busy one. A person's input is never held back."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.app import App
from game.match.seats import Seat
from game.match.session import Session
from game.rules import GameConfig, Phase, StartOrder
from game.scenes.table import TableScene, board
from tests.driver import key, quiet

STEP = 1 / 60
SIZE = (640, 480)
HOLD_MOST = board.HOLD_MOST


@pytest.fixture
def app(fast_app):
    return fast_app(SIZE)


class Film:
    """A game's frames: the window's pixels, whether the frame held the slow parts back,
    and where they lie (as held, and as made in the frame)."""

    def __init__(self) -> None:
        self.pixels: list[np.ndarray] = []
        self.holding: list[bool] = []
        self.held: list[frozenset[str]] = []
        self.slow: list[list[tuple[int, int, int, int]]] = []


def _film(app: App, monkeypatch, hold_most: int, kinds: tuple[str, ...], frames: int) -> Film:
    monkeypatch.setattr(board, "HOLD_MOST", hold_most)
    monkeypatch.setattr(board, "STILLS_PER_FRAME", None)
    names = ("Cpu", "Max", "Zoe")[: len(kinds)]
    seats = [Seat(n, k, colour=i) for i, (n, k) in enumerate(zip(names, kinds, strict=True))]
    session = Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=5)
    table = TableScene(app.ctx, session)
    app.start(table)
    film = Film()
    for _frame in range(frames):
        quiet(table)
        app.step(STEP)
        app.draw()
        film.pixels.append(pygame.surfarray.array3d(app.screen))
        film.holding.append(bool(table.board.held))
        film.held.append(table.board.held)
        film.slow.append(table.board.parts.slow_rects)
    for scene in reversed(app.stack.scenes):
        scene.exit()
    return film


def _mask(rects: list[tuple[int, int, int, int]]) -> np.ndarray:
    inside = np.zeros(SIZE, dtype=bool)  # (surfarray: x, y)
    for x, y, w, h in rects:
        inside[max(0, x) : x + w, max(0, y) : y + h] = True
    return inside


def test_a_cpu_games_frames_differ_only_where_a_busy_frame_held_its_slow_parts(
    app, monkeypatch
) -> None:
    plain = _film(app, monkeypatch, 0, ("easy", "easy"), 700)
    assert not any(plain.holding)
    held = _film(app, monkeypatch, HOLD_MOST, ("easy", "easy"), 700)
    windows, start, differing = [], None, 0
    for i, (h, p) in enumerate(zip(held.pixels, plain.pixels, strict=True)):
        if held.holding[i]:
            start = i if start is None else start
            assert i - start < HOLD_MOST  # shown within HOLD_MOST frames
            before = plain.pixels[start - 1]  # the frame before the busy one
            changed = (h != p).any(axis=2)
            differing += changed.any()
            allowed = _mask(held.slow[i] + plain.slow[i])  # the parts as held, as made
            assert not (changed & ~allowed).any(), f"frame {i}: a change outside the parts"
            assert (h[changed] == before[changed]).all(), f"frame {i}: not the frame before"
            continue
        if start is not None:
            windows.append((start, i))
            start = None
        assert (h == p).all(), f"frame {i} holds nothing back, yet differs"
    assert len(windows) >= 10  # landings and moves (the game's first turns)
    assert differing >= 10  # frames whose slow parts were shown late
    lengths = {end - begin for begin, end in windows}
    assert 1 in lengths and max(lengths) > 1  # a move's: one frame; a landing's: to rest


def test_the_card_is_shown_a_frame_after_the_line_and_the_notes(app, monkeypatch) -> None:
    """Held back together, the line and the notes are shown in the first frame with room
    and the card in the next, unless the frame with room is the HOLD_MOST-th."""
    film = _film(app, monkeypatch, HOLD_MOST, ("easy", "easy"), 700)
    runs: list[list[frozenset[str]]] = []
    for i, held in enumerate(film.held):
        if held and (i == 0 or not film.held[i - 1]):
            runs.append([])
        if held:
            runs[-1].append(held)
    whole = [run for run in runs if run[0] == board.HELD]
    assert len(whole) >= 10
    for run in whole:
        shown = run.index(board.SHOWN_LAST) if board.SHOWN_LAST in run else len(run)
        assert run[:shown] == [board.HELD] * shown and run[shown:] in ([], [board.SHOWN_LAST])
        assert run[shown:] or len(run) == HOLD_MOST  # all at once only at the latest
    assert sum(board.SHOWN_LAST in run for run in whole) >= 10


def test_a_persons_input_in_a_busy_frame_holds_nothing_back(app, monkeypatch) -> None:
    """The frame the person's own dice land in holds the card back; with a key pressed in
    that frame (the focus moved), it holds nothing: the frame is the one drawn without
    holding."""
    monkeypatch.setattr(board, "STILLS_PER_FRAME", None)
    landed: dict[bool, int] = {}
    for pressed in (False, True):
        names = ("Ann", "Max")
        seats = [Seat(n, "person", colour=i) for i, n in enumerate(names)]
        session = Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=5)
        table = TableScene(app.ctx, session)
        app.start(table)
        assert session.state.phase is Phase.TURN
        app.handle(key(pygame.K_SPACE))  # the roll
        for frame in range(400):
            quiet(table)
            if pressed and frame == landed[False]:
                app.handle(key(pygame.K_DOWN))  # in the frame the dice land
            app.step(STEP)
            app.draw()
            if not table.board.tray.rolling:
                landed[pressed] = frame
                break
        assert bool(table.board.held) is not pressed
        for scene in reversed(app.stack.scenes):
            scene.exit()
    assert landed[True] == landed[False]
