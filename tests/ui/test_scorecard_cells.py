"""The scorecard drawn again only in the cells that changed is, pixel for pixel, the card
drawn whole: through a seeded game of rolls, holds and scores, with previews, the focus,
the coach's advice figures, the chances under the names and forced order."""

from __future__ import annotations

import math
import random
import time

import pygame
import pytest

import game.ui.scorecard_view as scorecard_view
from game.rules import Category, GameConfig, GameState, Hold, Roll, Score, StartOrder
from game.ui.advice_view import Advice
from game.ui.fonts import Fonts
from game.ui.frame import outside
from game.ui.scorecard_ahead import PIECE_PX, pieces
from game.ui.scorecard_cells import CardArgs
from game.ui.scorecard_view import ScorecardView
from game.ui.theme import STANDARD

COLOURS = [(200, 40, 40), (40, 40, 200), (40, 160, 40)]
SIZES = ((640, 480), (1600, 1200))
SEATED = StartOrder.SEATED
AHEAD = 20  # times between frames drawing a change ahead a piece each: enough for all


def on_felt(view: ScorecardView, screen: pygame.Surface, felt: pygame.Surface, *args) -> None:
    """The card drawn on `screen` as the table draws it: the felt laid first (but where the
    card is opaque: there it is copied, the felt laid there would be seen nowhere)."""
    for band in outside(screen.get_rect(), view.solid):
        screen.blit(felt, band, band)
    view.draw(screen, *args)


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
        on_felt(kept, screen, backdrop, state, COLOURS, previews, focus, None, active, advice, tags)
        whole, fresh = ScorecardView(fonts, STANDARD), backdrop.copy()
        whole.layout(rect, state)
        on_felt(whole, fresh, backdrop, state, COLOURS, previews, focus, None, active, advice, tags)
        assert pixels(screen) == pixels(fresh)


@pytest.mark.parametrize("size", SIZES)
def test_the_card_is_copied_where_opaque_and_blended_round_it(size):
    """Where the card is opaque its pixels are its own, whatever lay there (the core is
    copied over it); round it (its corners, its shadow) what lies under it shows through,
    as a die's soft shadow reaching under the card's shadow does on the table."""
    pygame.init()
    rect = pygame.Rect(size[0] // 8, size[1] // 16, size[0] * 3 // 5, size[1] * 7 // 8)
    state = GameState.new(GameConfig(("Ann", "Bo"), start=SEATED))[0]
    plain, marked = (pygame.Surface(size) for _surface in range(2))
    plain.fill((10, 90, 40))
    marked.fill((250, 20, 200))  # what lay there: under all the card and round it
    view = ScorecardView(Fonts(), STANDARD)
    view.layout(rect, state)
    for screen in (plain, marked):
        view.draw(screen, state, COLOURS, None, None, None, state.column, None, None)
    solid, region = view.solid, view.region
    assert solid.width > 0 and region.contains(solid)
    assert pixels(plain.subsurface(solid).copy()) == pixels(marked.subsurface(solid).copy())
    shadow = pygame.Rect(region.right - 3, region.centery, 1, 1)  # in the shadow, right
    assert not solid.colliderect(shadow)
    assert plain.get_at(shadow.topleft) != marked.get_at(shadow.topleft)


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
    from now on (a change swapped in from the card drawn ahead renders none)."""
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


def _drawn_ahead(monkeypatch) -> list[list[pygame.Rect]]:
    """The areas the card is drawn in ahead (on its spare, not its layer), call by call."""
    drawn: list[list[pygame.Rect]] = []
    real = ScorecardView._draw_layer

    def draw_layer(self, layer, areas, *args, **kwargs):
        if layer is not self._card.layer:  # the spare: drawn ahead
            drawn.append(areas)
        real(self, layer, areas, *args, **kwargs)

    monkeypatch.setattr(ScorecardView, "_draw_layer", draw_layer)
    return drawn


def _one_piece(view: ScorecardView, monkeypatch) -> None:
    """Time between frames for one piece of work: the clock, read by draw_ahead and before
    each piece, is up at its third reading."""
    readings = iter([0.0, 0.0])
    with monkeypatch.context() as clock:
        clock.setattr(time, "perf_counter", lambda: next(readings, 1.0))
        view.draw_ahead(1.0)


@pytest.mark.parametrize("size", SIZES)
def test_a_rolls_previews_drawn_ahead_are_swapped_in_and_the_card_drawn_whole(size, monkeypatch):
    """While the dice fly the card shows no previews; they are drawn ahead between frames
    (game.ui.scorecard_ahead) on the spare, made the layer elsewhere, and the landing's
    frame swaps the spare in: no text rendered, nothing copied, the card drawn whole."""
    fonts, backdrop, rect, rendered = _card_ahead(size, monkeypatch)
    kept, screen = ScorecardView(fonts, STANDARD), backdrop.copy()
    landings = 0
    for state, previews, focus, advice, tags in steps(False):
        if kept.rect != rect:
            kept.layout(rect, state)
        active = state.column
        on_felt(kept, screen, backdrop, state, COLOURS, None, focus, None, active, None, tags)
        kept.prepare(CardArgs(state, COLOURS, previews, focus, active, advice, tags))
        kept.draw_ahead(math.inf)  # between the frames in the air
        card, spare = kept._card, kept._ahead._spare
        rendered.clear()
        on_felt(kept, screen, backdrop, state, COLOURS, previews, focus, None, active, advice, tags)
        if previews is not None:
            landings += 1
            assert rendered == []
            assert (kept._card, kept._ahead._spare) == (spare, card)  # swapped
        whole, fresh = ScorecardView(fonts, STANDARD), backdrop.copy()
        whole.layout(rect, state)
        on_felt(whole, fresh, backdrop, state, COLOURS, previews, focus, None, active, advice, tags)
        assert pixels(screen) == pixels(fresh)
    assert landings > 20


def test_the_same_cells_made_anew_keep_the_change_drawn_ahead(monkeypatch):
    """A frame in the air whose state is new but shows the same (its cells made anew, equal)
    draws nothing and leaves the previews drawn ahead for the landing, which swaps them in."""
    fonts, backdrop, rect, rendered = _card_ahead(SIZES[1], monkeypatch)
    view, screen = ScorecardView(fonts, STANDARD), backdrop.copy()
    state, previews, focus, advice, tags = next(s for s in steps(False) if s[1] is not None)
    view.layout(rect, state)
    on_felt(view, screen, backdrop, state, COLOURS, None, focus, None, state.column, None, tags)
    view.prepare(CardArgs(state, COLOURS, previews, focus, state.column, advice, tags))
    view.draw_ahead(math.inf)
    same = state.apply(Hold(0), random.Random(0))[0]  # another state, the same card
    assert view.cells(same, COLOURS, None, focus, same.column, None, tags) is not view.cells(
        state, COLOURS, None, focus, state.column, None, tags
    )
    rendered.clear()
    on_felt(view, screen, backdrop, same, COLOURS, None, focus, None, same.column, None, tags)
    view.draw_ahead(math.inf)
    on_felt(view, screen, backdrop, same, COLOURS, previews, focus, None, same.column, advice, tags)
    assert rendered == []
    whole, fresh = ScorecardView(fonts, STANDARD), backdrop.copy()
    whole.layout(rect, state)
    on_felt(
        whole, fresh, backdrop, state, COLOURS, previews, focus, None, state.column, advice, tags
    )
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


def _scored(view, screen, backdrop, rect, before, after, monkeypatch, pieces_time: int) -> None:
    """The card showing `before`, then `pieces_time` times between frames with the time
    for one piece each, drawing the change to `after` ahead."""
    if view.rect != rect:
        view.layout(rect, before)
    on_felt(view, screen, backdrop, before, COLOURS, None, None, None, before.column, None, None)
    view.prepare(CardArgs(after, COLOURS, None, None, after.column, None, ()))
    for _time in range(pieces_time):
        _one_piece(view, monkeypatch)


def _whole(fonts, backdrop, rect, state) -> bytes:
    whole, fresh = ScorecardView(fonts, STANDARD), backdrop.copy()
    whole.layout(rect, state)
    on_felt(whole, fresh, backdrop, state, COLOURS, None, None, None, state.column, None, None)
    return pixels(fresh)


def test_a_change_drawn_a_piece_at_a_time_between_frames_is_the_card_drawn_whole(monkeypatch):
    """Between frames the change is drawn a piece at a time, none begun once the time is
    up (the spare made the layer first: at the first change, all of it, in pieces too);
    all drawn, it is swapped in, the same pixels."""
    fonts, backdrop, rect, rendered = _card_ahead(SIZES[1], monkeypatch)
    drawn = _drawn_ahead(monkeypatch)
    view, screen = ScorecardView(fonts, STANDARD), backdrop.copy()
    several = 0
    for before, after in _scores(12):
        drawn.clear()
        _scored(view, screen, backdrop, rect, before, after, monkeypatch, AHEAD)
        assert drawn and all(len(areas) == 1 for areas in drawn)  # a piece at a time
        assert all(areas[0].width * areas[0].height <= PIECE_PX for areas in drawn)
        several += len(drawn) > 1
        rendered.clear()
        card = view._card
        on_felt(view, screen, backdrop, after, COLOURS, None, None, None, after.column, None, ())
        assert rendered == [] and view._card is not card  # swapped in
        assert pixels(screen) == _whole(fonts, backdrop, rect, after)
    assert several == 12  # (a score changes two columns: two pieces or more)


def test_a_change_drawn_ahead_in_part_is_drawn_in_its_frame(monkeypatch):
    """Too little time between frames to draw all the change's pieces ahead: the frame
    draws it itself, on its own layer."""
    fonts, backdrop, rect, rendered = _card_ahead(SIZES[1], monkeypatch)
    view, screen = ScorecardView(fonts, STANDARD), backdrop.copy()
    for before, after in _scores(12):
        _scored(view, screen, backdrop, rect, before, after, monkeypatch, 1)  # one of several
        rendered.clear()
        card = view._card
        on_felt(view, screen, backdrop, after, COLOURS, None, None, None, after.column, None, ())
        assert rendered != [] and view._card is card  # drawn here
        assert pixels(screen) == _whole(fonts, backdrop, rect, after)


def test_nothing_is_drawn_ahead_once_the_time_between_frames_is_up(monkeypatch):
    fonts, backdrop, rect, rendered = _card_ahead(SIZES[1], monkeypatch)
    drawn = _drawn_ahead(monkeypatch)
    view, screen = ScorecardView(fonts, STANDARD), backdrop.copy()
    before, after = next(_scores(1))
    _scored(view, screen, backdrop, rect, before, after, monkeypatch, 0)
    spare = pixels(view._ahead.fit(view._card).layer)
    view.draw_ahead(time.perf_counter() - 1.0)
    assert drawn == [] and pixels(view._ahead.fit(view._card).layer) == spare  # nor copied
    rendered.clear()
    on_felt(view, screen, backdrop, after, COLOURS, None, None, None, after.column, None, ())
    assert rendered != []
    assert pixels(screen) == _whole(fonts, backdrop, rect, after)


def test_a_change_the_frame_drew_itself_leaves_the_spare_to_be_made_whole_again(monkeypatch):
    """The frame drew its layer (the change drawn ahead was not the one that came): the
    spare is stale there, and the next change drawn ahead still swaps in the card drawn
    whole."""
    fonts, backdrop, rect, rendered = _card_ahead(SIZES[1], monkeypatch)
    view, screen = ScorecardView(fonts, STANDARD), backdrop.copy()
    for before, after in _scores(3):
        _scored(view, screen, backdrop, rect, before, after, monkeypatch, 0)
        view.draw_ahead(math.inf)
        focus, active = Category.CHANCE, after.column  # not what was drawn ahead
        on_felt(view, screen, backdrop, after, COLOURS, None, focus, None, active, None, ())
        view.prepare(CardArgs(after, COLOURS, None, None, after.column, None, ()))
        view.draw_ahead(math.inf)
        card = view._card
        on_felt(view, screen, backdrop, after, COLOURS, None, None, None, after.column, None, ())
        assert view._card is not card  # swapped in
        assert pixels(screen) == _whole(fonts, backdrop, rect, after)


@pytest.mark.parametrize("size", [(1, 1), (214, 646), (649, 1928), (1000, 251), (3, 250_001)])
def test_an_area_is_drawn_ahead_in_bands_that_cover_it(size):
    area = pygame.Rect((17, 23), size)
    bands = pieces(area)
    assert len(bands) == max(1, -(-size[0] * size[1] // PIECE_PX))
    assert all(b.width * b.height <= PIECE_PX and b.x == area.x for b in bands)
    assert [b.top for b in bands[1:]] == [b.bottom for b in bands[:-1]]
    assert (bands[0].top, bands[-1].bottom) == (area.top, area.bottom)
