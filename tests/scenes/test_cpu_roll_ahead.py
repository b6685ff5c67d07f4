"""A CPU's roll is known while its pause runs (Board._foresee): the message line, the note
and the roll button its frame shows ("Cpu rolls...", the CPU's reason, a roll fewer left)
are made between frames (TableParts.foresee, the button on an image of the felt under it),
and the first frame of its dice in the air is given the card's cells made there with the
card's change (TableParts._card_state): none is made in a frame, and the frames are those
of a game with no time between frames, which makes them in its frames.
A new message draws its words again, not the message line's bar."""

from __future__ import annotations

import time

import pygame
import pytest

from game.match.seats import Seat
from game.match.session import Session
from game.rules import GameConfig, Roll, StartOrder
from game.scenes.table import TableScene, parts
from game.ui import scorecard_view
from tests.driver import quiet
from tests.scenes.test_cpu_moves_foreseen import _cpu_game

STEP = 1 / 60
ROLLS = 8  # a CPU's rolls filmed (its first of a turn and its second and third)


@pytest.fixture
def app(fast_app):
    return fast_app((1280, 720))


def _film(app, monkeypatch, between: bool) -> tuple[list[int], list[dict[str, int]]]:
    """A seeded game of two easy CPUs until ROLLS rolls of theirs are made: each frame's
    digest; and for each roll, what its frame laid out (message lines, notes) and what the
    first frame after it made of the card's cells."""
    made = {"line": 0, "notes": 0, "button": 0, "cells": 0}

    def counted(name: str, make):
        def count(*args, **kwargs):
            made[name] += 1
            return make(*args, **kwargs)

        return count

    monkeypatch.setattr(parts, "lay_message", counted("line", parts.lay_message))
    monkeypatch.setattr(parts, "lay_notes", counted("notes", parts.lay_notes))
    monkeypatch.setattr(parts, "draw_table_button", counted("button", parts.draw_table_button))
    monkeypatch.setattr(scorecard_view, "card_cells", counted("cells", scorecard_view.card_cells))
    table, applied = _cpu_game(app, monkeypatch)
    digests: list[int] = []
    rolls: list[dict[str, int]] = []
    rolled = False
    while len(rolls) < ROLLS or rolled:
        quiet(table)
        done, before = len(applied), dict(made)
        app.step(STEP)
        app.draw()
        digests.append(hash(pygame.image.tobytes(app.screen, "RGB")))
        here = {name: made[name] - before[name] for name in made}
        if rolled:  # the first frame of the dice in the air
            rolls[-1]["cells after"] = here["cells"]
        rolled = any(isinstance(action, Roll) for action in applied[done:])
        if rolled:
            rolls.append({name: here[name] for name in ("line", "notes", "button")})
        if between:
            app.between_frames(time.perf_counter() + 1.0)
        assert len(digests) < 3000
    for scene in reversed(app.stack.scenes):
        scene.exit()
    return digests, rolls


def test_a_cpus_roll_lays_out_its_line_and_note_and_its_card_between_frames(
    app, monkeypatch
) -> None:
    ahead, rolls = _film(app, monkeypatch, between=True)
    # (the game's first roll is made as soon as it is decided: no pause to foresee it in)
    assert rolls[1:] == [{"line": 0, "notes": 0, "button": 0, "cells after": 0}] * (ROLLS - 1)
    with monkeypatch.context() as patched:
        in_frame, made_in_frame = _film(app, patched, between=False)
    # Without time between frames, the frames made them (the reasons' notes, the cells).
    assert sum(roll["notes"] + roll["cells after"] for roll in made_in_frame) >= ROLLS // 2
    assert all(roll["button"] == 1 for roll in made_in_frame[1:])  # (the first: frame 0's)
    assert ahead == in_frame


def test_a_new_message_draws_its_words_again_not_the_bar(app) -> None:
    """The message line's bar is one part that never changes in a game; what it says (the
    dot and the text) and where the game is are parts of their own, as large as their ink."""
    names = ("Cpu", "Max")
    seats = [Seat(n, "easy", colour=i) for i, n in enumerate(names)]
    session = Session.new(GameConfig(names, start=StartOrder.SEATED), seats, seed=5)
    table = TableScene(app.ctx, session)
    app.start(table)
    bar, said, words = None, None, 0
    for _frame in range(600):
        quiet(table)
        app.step(STEP)
        app.draw()
        named = table.board.canvas._drawn.named
        assert bar is None or named["message"] == bar
        bar = named["message"]
        if said is not None and named["message_said"] != said:
            words += 1
            x, y, w, h = named["message_said"].rect
            assert w * h < bar.rect[2] * bar.rect[3] / 2
        said = named["message_said"]
    assert words >= 6
