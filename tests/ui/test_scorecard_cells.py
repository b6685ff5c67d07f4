"""The scorecard drawn again only in the cells that changed is, pixel for pixel, the card
drawn whole: through a seeded game of rolls, holds and scores, with previews, the focus,
the coach's advice figures, the chances under the names and forced order."""

from __future__ import annotations

import random

import pygame
import pytest

import game.ui.scorecard_view as scorecard_view
from game.rules import Category, GameConfig, GameState, Hold, Roll, Score, StartOrder
from game.ui.advice_view import Advice
from game.ui.fonts import Fonts
from game.ui.scorecard_ahead import PIECE_PX, pieces
from game.ui.scorecard_view import ScorecardView
from game.ui.theme import STANDARD

COLOURS = [(200, 40, 40), (40, 40, 200), (40, 160, 40)]
SIZES = ((640, 480), (1600, 1200))
SEATED = StartOrder.SEATED
AHEAD = 10  # frames of a CPU's pause that draw its change ahead: enough for all of it


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def advice_for(state: GameState) -> Advice | None:
    """Made-up advice figures for the open boxes (the view only draws them)."""
    open_boxes = [c for c in state.card.card.boxes if state.card[c] is None]
    if state.dice is None or not open_boxes:
        return None
    values = {c: 100.0 + 7.3 * i for i, c in enumerate(open_boxes)}
    return Advice(values, Score(open_boxes[-1]), f"score {open_boxes[-1].name}")


def steps(forced: bool):
    """Each step of a seeded three-player game: the state and how the card is drawn."""
    rng = random.Random(7)
    state = GameState.new(GameConfig(("Ann", "Bo", "Cy"), start=SEATED, forced_order=forced))[0]
    for n in range(60):
        if state.is_over:
            return
        legal = state.legal_actions()
        rolls = [a for a in legal if isinstance(a, Roll)]
        holds = [a for a in legal if isinstance(a, Hold)]
        scores = [a for a in legal if isinstance(a, Score)]
        if state.dice is None or (rolls and n % 3):
            action = holds[0] if holds and n % 5 == 1 else rolls[0]
        else:
            action = rng.choice(scores)
        state = state.apply(action, rng)[0]
        previews = state.score_options() if state.dice is not None else None
        focus = [None, Category.CHANCE, Category.ONES][n % 3]
        advice = advice_for(state) if n % 4 else None
        tags = tuple(f"{(n * 7 + c) % 100}%" if n % 2 else "" for c in range(3))
        yield state, previews, focus, advice, tags


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("forced", [False, True])
def test_the_card_drawn_in_part_is_the_card_drawn_whole(size, forced):
    pygame.init()
    fonts = Fonts()
    backdrop = pygame.Surface(size)
    backdrop.fill((10, 90, 40))
    pygame.draw.circle(backdrop, (200, 200, 90), (size[0] // 2, size[1] // 2), size[1] // 3)
    rect = pygame.Rect(size[0] // 8, size[1] // 16, size[0] * 3 // 5, size[1] * 7 // 8)
    kept, screen = ScorecardView(fonts, STANDARD), backdrop.copy()
    for state, previews, focus, advice, tags in steps(forced):
        if kept.rect != rect:
            kept.layout(rect, state)
        active = state.column
        kept.draw(screen, state, COLOURS, previews, focus, None, active, advice, tags, backdrop)
        whole, fresh = ScorecardView(fonts, STANDARD), backdrop.copy()
        whole.layout(rect, state)
        whole.draw(fresh, state, COLOURS, previews, focus, None, active, advice, tags, backdrop)
        assert pixels(screen) == pixels(fresh)


def test_a_hold_draws_nothing_again_and_a_roll_only_the_column_in_play(monkeypatch):
    pygame.init()
    rng = random.Random(3)
    view = ScorecardView(Fonts(), STANDARD)
    state = GameState.new(GameConfig(("Ann", "Bo", "Cy"), start=SEATED))[0]
    surface = pygame.Surface((1200, 1000))
    view.layout(pygame.Rect(0, 0, 900, 960), state)
    drawn: list[str] = []
    real = scorecard_view.blit_text

    def counted(surface, font, text, colour, **place):  # the texts rendered
        rect = pygame.Rect((0, 0), font.size(text))
        for anchor, point in place.items():
            setattr(rect, anchor, point)
        if rect.colliderect(surface.get_clip()):
            drawn.append(text)
        real(surface, font, text, colour, **place)

    monkeypatch.setattr(scorecard_view, "blit_text", counted)
    view.draw(surface, state, COLOURS, None, None, None, 0)
    # 17 labels, 3 names, and in each column its upper total, bonus, chips and total.
    assert len(drawn) == 17 + 3 + 3 * 4
    state = state.apply(Roll(), rng)[0]
    previews = state.score_options()
    drawn.clear()
    view.draw(surface, state, COLOURS, previews, None, None, 0)
    # The previews of the column in play, and the upper total and bonus between them.
    assert 13 <= len(drawn) <= 16
    state = state.apply(Hold(0), rng)[0]
    drawn.clear()
    view.draw(surface, state, COLOURS, state.score_options(), None, None, 0)
    assert drawn == []


def _card_ahead(size, monkeypatch) -> tuple[Fonts, pygame.Surface, pygame.Rect, list[str]]:
    """The fonts, a felt of `size` and the card's place on it; the texts the card renders
    from now on (a change copied in from the card drawn ahead renders none)."""
    pygame.init()
    backdrop = pygame.Surface(size)
    backdrop.fill((10, 90, 40))
    rect = pygame.Rect(size[0] // 8, size[1] // 16, size[0] * 3 // 5, size[1] * 7 // 8)
    rendered: list[str] = []
    real = scorecard_view.blit_text
    monkeypatch.setattr(
        scorecard_view,
        "blit_text",
        lambda s, font, text, *a, **k: rendered.append(text) or real(s, font, text, *a, **k),
    )
    return Fonts(), backdrop, rect, rendered


@pytest.mark.parametrize("size", SIZES)
def test_a_rolls_previews_drawn_ahead_are_the_card_drawn_whole(size, monkeypatch):
    """While the dice fly the card shows no previews and draws them ahead
    (game.ui.scorecard_ahead); the landing's frame copies them in, rendering no text."""
    fonts, backdrop, rect, rendered = _card_ahead(size, monkeypatch)
    kept, screen = ScorecardView(fonts, STANDARD), backdrop.copy()
    landings = 0
    for state, previews, focus, advice, tags in steps(False):
        if kept.rect != rect:
            kept.layout(rect, state)
        active = state.column
        kept.draw(screen, state, COLOURS, None, focus, None, active, None, tags, backdrop)
        kept.prepare(state, COLOURS, previews, focus, active, advice, tags)  # in the air
        rendered.clear()
        kept.draw(screen, state, COLOURS, previews, focus, None, active, advice, tags, backdrop)
        if previews is not None:
            landings += 1
            assert rendered == []
        whole, fresh = ScorecardView(fonts, STANDARD), backdrop.copy()
        whole.layout(rect, state)
        whole.draw(fresh, state, COLOURS, previews, focus, None, active, advice, tags, backdrop)
        assert pixels(screen) == pixels(fresh)
    assert landings > 20


def test_the_same_cells_made_anew_keep_the_change_drawn_ahead(monkeypatch):
    """A frame in the air whose state is new but shows the same (its cells made anew, equal)
    draws nothing and leaves the previews drawn ahead for the landing, which copies them in."""
    fonts, backdrop, rect, rendered = _card_ahead(SIZES[1], monkeypatch)
    view, screen = ScorecardView(fonts, STANDARD), backdrop.copy()
    state, previews, focus, advice, tags = next(s for s in steps(False) if s[1] is not None)
    view.layout(rect, state)
    view.draw(screen, state, COLOURS, None, focus, None, state.column, None, tags, backdrop)
    view.prepare(state, COLOURS, previews, focus, state.column, advice, tags)
    same = state.apply(Hold(0), random.Random(0))[0]  # another state, the same card
    assert view.cells(same, COLOURS, None, focus, same.column, None, tags) is not view.cells(
        state, COLOURS, None, focus, state.column, None, tags
    )
    rendered.clear()
    view.draw(screen, same, COLOURS, None, focus, None, same.column, None, tags, backdrop)
    view.draw(screen, same, COLOURS, previews, focus, None, same.column, advice, tags, backdrop)
    assert rendered == []
    whole, fresh = ScorecardView(fonts, STANDARD), backdrop.copy()
    whole.layout(rect, state)
    whole.draw(fresh, state, COLOURS, previews, focus, None, state.column, advice, tags, backdrop)
    assert pixels(screen) == pixels(fresh)


def _scores(count: int):
    """Seeded three-player states just before a score, each with the state after it: what
    a CPU's pause draws ahead (its box written, the next column in play)."""
    rng = random.Random(11)
    state = GameState.new(GameConfig(("Ann", "Bo", "Cy"), start=SEATED))[0]
    for _score in range(count):
        state = state.apply(Roll(), rng)[0]
        after = state.apply(Score(rng.choice(list(state.score_options()))), rng)[0]
        yield state, after
        state = after


def _scored(view, screen, backdrop, rect, before, after, frames: int) -> None:
    """The card showing `before`, then `frames` frames drawing the change ahead, then the
    score's frame showing `after`."""
    if view.rect != rect:
        view.layout(rect, before)
    view.draw(screen, before, COLOURS, None, None, None, before.column, None, None, backdrop)
    for _frame in range(frames):
        view.prepare(after, COLOURS, None, None, after.column, None, None, in_pieces=True)


def _whole(fonts, backdrop, rect, state) -> bytes:
    whole, fresh = ScorecardView(fonts, STANDARD), backdrop.copy()
    whole.layout(rect, state)
    whole.draw(fresh, state, COLOURS, None, None, None, state.column, None, None, backdrop)
    return pixels(fresh)


def test_a_change_drawn_a_piece_a_frame_is_the_card_drawn_whole(monkeypatch):
    """game.ui.scorecard_ahead draws one piece of the change a call, so that the frames of
    a CPU's pause share it; all drawn, it is copied in, the same pixels."""
    fonts, backdrop, rect, rendered = _card_ahead(SIZES[1], monkeypatch)
    drawn: list[list[pygame.Rect]] = []
    real = ScorecardView._draw_layer

    def draw_layer(self, layer, areas, *args, **kwargs):
        if layer is not self._layer:  # the spare: drawn ahead
            drawn.append(areas)
        real(self, layer, areas, *args, **kwargs)

    monkeypatch.setattr(ScorecardView, "_draw_layer", draw_layer)
    view, screen = ScorecardView(fonts, STANDARD), backdrop.copy()
    several = 0
    for before, after in _scores(12):
        drawn.clear()
        _scored(view, screen, backdrop, rect, before, after, AHEAD)
        assert drawn and all(len(areas) == 1 for areas in drawn)  # a piece a frame
        assert all(areas[0].width * areas[0].height <= PIECE_PX for areas in drawn)
        several += len(drawn) > 1
        rendered.clear()
        view.draw(screen, after, COLOURS, None, None, None, after.column, None, None, backdrop)
        assert rendered == []  # copied in
        assert pixels(screen) == _whole(fonts, backdrop, rect, after)
    assert several == 12  # (a score changes two columns: two pieces or more)


def test_a_change_drawn_ahead_in_part_is_drawn_in_its_frame(monkeypatch):
    """A pause too short to draw all the change's pieces ahead: the frame draws it itself."""
    fonts, backdrop, rect, rendered = _card_ahead(SIZES[1], monkeypatch)
    view, screen = ScorecardView(fonts, STANDARD), backdrop.copy()
    for before, after in _scores(12):
        _scored(view, screen, backdrop, rect, before, after, 1)  # one piece of two or more
        rendered.clear()
        view.draw(screen, after, COLOURS, None, None, None, after.column, None, None, backdrop)
        assert rendered != []  # drawn here
        assert pixels(screen) == _whole(fonts, backdrop, rect, after)


@pytest.mark.parametrize("size", [(1, 1), (214, 646), (649, 1928), (1000, 251), (3, 250_001)])
def test_an_area_is_drawn_ahead_in_bands_that_cover_it(size):
    area = pygame.Rect((17, 23), size)
    bands = pieces(area)
    assert len(bands) == max(1, -(-size[0] * size[1] // PIECE_PX))
    assert all(b.width * b.height <= PIECE_PX and b.x == area.x for b in bands)
    assert [b.top for b in bands[1:]] == [b.bottom for b in bands[:-1]]
    assert (bands[0].top, bands[-1].bottom) == (area.top, area.bottom)
