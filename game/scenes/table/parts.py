"""The table's parts, frame by frame (see game.scenes.table.canvas): the message line, the
hold row, the dice tray's pieces, the rings of a hint's keep, the buttons, the card and a
scored box's glow, the notes, the hint, confetti, a banner and the key hints; each with the
rectangle it covers, what it shows and how it is drawn, read off the board and changing
nothing on it.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

import pygame

from game.cache import Recent
from game.i18n import language
from game.rules import Action, Category, GameState, Roll
from game.scenes.table.canvas import Rect4, Scene, hold_part, part, shaded, unpainted
from game.scenes.table.draw import (
    ButtonFace,
    Marks,
    MessageLine,
    Notes,
    banner_place,
    button_faces,
    draw_hint,
    draw_hint_keep,
    draw_key_hints,
    draw_message_bar,
    draw_message_counter,
    draw_message_said,
    draw_notes,
    draw_table_button,
    hint_rings,
    input_words,
    key_hints,
    lay_message,
    lay_notes,
)
from game.scenes.table.focus import BoxTarget, ButtonTarget, DieTarget
from game.scenes.table.messages import progress, reason_line
from game.ui.palette import dice_palette
from game.ui.raster import same_kind
from game.ui.scorecard_cells import MARGIN, CardArgs, Cells
from game.ui.tray_view import HoldRow, Piece, TrayLook

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.match.session import Session
    from game.scenes.context import Context
    from game.scenes.table.draw import HintPlace
    from game.scenes.table.presenter import Presenter
    from game.ui.dice_tray import DiceTray
    from game.ui.layout import TableLayout
    from game.ui.scorecard_view import ScorecardView
    from game.ui.theme import Colour, Theme
    from game.ui.widgets import FeltBackground

LAID_KEPT = 3  # message lines and notes laid out kept: the one shown, one foreseen, a spare
AHEAD_ROOM = 0.001  # s left before a frame is due, at the least, to begin a piece ahead


class Board(Protocol):
    """What the parts are read off: the board (game.scenes.table.board) as it stands."""

    ctx: Context
    session: Session
    presenter: Presenter
    tray: DiceTray
    card_view: ScorecardView
    lay: TableLayout
    felt: FeltBackground
    size: tuple[int, int]
    own_turn: Callable[[], bool]
    may_undo: Callable[[], bool]

    @property
    def person_to_play(self) -> bool: ...

    def column_on_show(self) -> int | None: ...

    def column_tags(self) -> tuple[str, ...]: ...

    def column_colour(self, column: int) -> Colour: ...

    def note_line(self) -> str: ...

    def hint_placed(
        self, text: Sequence[str], dice: tuple[tuple[float, float], ...]
    ) -> HintPlace: ...

    def hold_label(self) -> pygame.Surface: ...


@dataclass(frozen=True)
class _Slow:
    """The parts a busy frame may hold back, as a frame made them, and the frame's `whole`
    (the parts are the same pixels only while it is)."""

    whole: tuple[object, ...]
    message: list[tuple[str, Piece]]
    card: list[tuple[str, Piece]]
    notes: Piece

    @property
    def rects(self) -> list[Rect4]:
        return [piece.rect for _name, piece in [*self.message, *self.card]] + [self.notes.rect]


class TableParts:
    """Makes the table's parts each frame; keeps what need not be made every frame (the
    previews of a state)."""

    def __init__(self) -> None:
        self._scores: tuple[GameState, dict[Category, int]] | None = None
        self._given: GameState | None = None  # the state the card was given last
        self._cells: list[tuple[Cells, list[tuple[str, Piece]]]] = []  # the card's, as parts
        self._notes = Recent[Notes](LAID_KEPT)  # laid out for what they say
        self._lines = Recent[list[tuple[str, Piece]]](LAID_KEPT)  # the message line's parts
        self._buttons = Recent[pygame.Surface](LAID_KEPT)  # buttons drawn ahead on the felt
        self._focus: str | None = None  # the button with the focus in the last frame made
        self._drawn_ahead: set[str] = set()  # the buttons (their parts' names) drawn ahead
        self._grade_note = ""  # the grading mark of the last frame made (see `foresee`)
        self._ahead: list[Callable[[], object]] = []  # what `foresee` lays out between frames
        self._shown: _Slow | None = None  # the slow parts as last made

    def scene(
        self,
        board: Board,
        surface: pygame.Surface,
        marks: Marks,
        budget: int | None,
        over: tuple[object, ...] | None,
        hold: frozenset[str] = frozenset(),
    ) -> Scene:
        """The table as parts this frame: under the dice tray's pieces, its pieces, above;
        and what, changed, makes the whole frame change.

        The slow parts a frame is to `hold` back (of "card", with a scored box's glow,
        "message" and "notes": see Board.update) are the parts made last: the same pixels,
        wherever another part's patch crosses them."""
        ctx, lay = board.ctx, board.lay
        theme, fonts = ctx.theme, ctx.fonts
        whole = (
            surface.get_size(),
            theme,
            fonts,
            language(),
            lay,
            board.felt.surface,
            board.card_view,
            board.card_view.rect,
            input_words(ctx.input),
            over,
        )
        last = self._shown
        if last is None or last.whole != whole:
            hold = frozenset()  # (the parts made last are not what they were)
        last = self._shown = _Slow(
            whole,
            last.message if last and "message" in hold else self.message(board),
            last.card if last and "card" in hold else self.card_parts(board, marks),
            last.notes if last and "notes" in hold else notes_part(board, self.notes(board, marks)),
        )
        row = HoldRow(board.hold_label(), theme.felt_dark, theme.felt_light)
        below = [*last.message, ("hold", hold_part(lay.hold_strip, row))]
        focus_die = marks.focus.index if isinstance(marks.focus, DieTarget) else None
        palette = dice_palette(theme.high_contrast)
        keys = None
        if marks.show_keys:  # each die wears the key that holds it
            keys = tuple(
                fonts.render(str(i + 1), 22 * lay.unit, palette.body, bold=True)
                for i in range(len(board.tray.dice))
            )
        pieces = board.tray.pieces(TrayLook(palette, focus_die, keys, budget))
        lower = [*(piece for _name, piece in below), *pieces]
        above = [("keep", self.keep_part(board, marks.hint_keep))]
        above += self.buttons(board, marks, surface, lower)
        above += [*last.card, ("notes", last.notes), *hint_parts(board, marks)]
        above += overlay_parts(board, marks)
        return Scene(below, pieces, above, whole, board.card_view.solid)

    @property
    def slow_rects(self) -> list[Rect4]:
        """Where the slow parts (see `scene`) lie, as last made."""
        return [] if self._shown is None else self._shown.rects

    def card_parts(self, board: Board, marks: Marks) -> list[tuple[str, Piece]]:
        """The scorecard, and a scored box's glow on it (drawn with the card: as it fades,
        only its box is drawn again)."""
        ctx, state, card = board.ctx, board.session.state, board.card_view
        colours = [board.column_colour(c) for c in range(len(state.config.columns))]
        active = board.column_on_show()
        focus_box = marks.focus.category if isinstance(marks.focus, BoxTarget) else None
        previews = self.previews(board) if ctx.settings.show_previews else None
        if previews is not None and not board.person_to_play and state.dice is None:
            previews = None
        advice = marks.advice if ctx.settings.advice_overlay else None
        flash, tags = board.presenter.flash, board.column_tags()
        if flash is not None:  # as it is now (a frame that holds the card back draws it)
            flash = replace(flash)
        if board.tray.rolling:  # nothing tells what the dice will show before they land
            if previews is not None:  # (but the card is made ready to, between frames)
                card.prepare(CardArgs(state, colours, previews, focus_box, active, advice, tags))
            previews = advice = None
        state = self._card_state(state, previews is None and advice is None)

        def paint(surface: pygame.Surface) -> None:
            card.draw(surface, state, colours, previews, focus_box, flash, active, advice, tags)

        # The card is drawn where one of its cells changed (each cell a part that the card
        # draws); what it shows besides them changes only with the layout (a whole frame).
        cells = card.cells(state, colours, previews, focus_box, active, advice, tags)
        parts = [("card", part(card.region, "card", paint)), *self._cell_parts(cells)]
        if flash is not None:
            box = card.box_rect(flash.column, flash.category)
            glow = ("glow", flash.column, flash.category, round(170 * flash.strength))
            parts.append(("glow", part(box, glow, unpainted)))
        return parts

    def _cell_parts(self, cells: Cells) -> list[tuple[str, Piece]]:
        """The card's cells as parts (the card draws them), made once for these cells: kept
        for the cells drawn last and those of the change foreseen (see `foresee`)."""
        made = next((made for was, made in self._cells if was is cells), None)
        if made is None:
            margin = 2 * MARGIN
            made = [
                (f"card {name}", part(rect.inflate(margin, margin), shows, unpainted))
                for name, (rect, shows) in cells.items()
            ]
        self._cells = [*(pair for pair in self._cells if pair[0] is not cells), (cells, made)]
        del self._cells[:-2]
        return made

    def _card_state(self, state: GameState, plain: bool) -> GameState:
        """The state the card is given. Of a state the card shows only its cards and its
        rules, and of its dice only the previews and the advice: a state that has the same
        cards and rules as the last one given is given as that one while the card shows
        neither (`plain`: a roll, a hold), or shows them for the same dice (a hold: its
        previews are the same), so that the card's cells are those kept for it and not made
        anew in the frame (a CPU's roll's first frame in the air, whose cells were made
        between frames with the card's change: Board._foresee_card; each hold of a CPU's,
        whose previews show: 70 of the 180 cells made in the bench's game at 720p)."""
        self._given = self._as_given(state, plain)
        return self._given

    def plain_card_state(self, state: GameState) -> GameState:
        """The state the card will be given for `state` while it shows no previews and no
        advice (`_card_state`), as a CPU's roll's card is drawn ahead (Board._foresee_card)."""
        return self._as_given(state, True)

    def _as_given(self, state: GameState, plain: bool) -> GameState:
        """The state last given, if the card shows `state` as it shows that one: the same
        cards and rules, and (unless it shows neither previews nor advice) the same dice."""
        kept = self._given
        if kept is None or (kept.cards, kept.config) != (state.cards, state.config):
            return state
        return kept if plain or kept.dice == state.dice else state

    def keep_part(self, board: Board, keep: tuple[int, ...]) -> Piece:
        """The rings round the dice the hint says to keep, where they lie."""
        theme, lay = board.ctx.theme, board.lay
        rings = hint_rings(lay, board.tray.dice, keep)
        rect = pygame.Rect(0, 0, 0, 0)
        for x, y, r in rings:
            ring = pygame.Rect(x - r - 2, y - r - 2, 2 * r + 4, 2 * r + 4)
            rect = ring if not rect else rect.union(ring)
        token = ("keep", tuple(rings))
        return part(rect, token, lambda surface: draw_hint_keep(surface, theme, lay, rings))

    def notes(self, board: Board, marks: Marks) -> Notes:
        """The notes laid out, once for what they say: only where they draw is drawn again
        when they change (a CPU's move), not the felt down to the dice."""
        self._grade_note = marks.grade_note
        return self._laid_notes(board, marks.grade_note, board.note_line())

    def _laid_notes(self, board: Board, grade_note: str, line: str) -> Notes:
        ctx = board.ctx
        key = (ctx.theme, ctx.fonts, language(), board.lay, grade_note, line)
        return self._notes.get(key, lambda: lay_notes(ctx.theme, ctx.fonts, board.lay, *key[4:]))

    def message(self, board: Board) -> list[tuple[str, Piece]]:
        """The message line as parts (see `message_parts`), laid out once for what it says
        (and ahead, for a CPU's roll: see `foresee`)."""
        return self._message(board, *board.presenter.message_line())

    def _message(self, board: Board, text: str, owner: int | None) -> list[tuple[str, Piece]]:
        """The message line saying `text` about the seat `owner` (None: the one to play)."""
        ctx, session, lay = board.ctx, board.session, board.lay
        seat = session.seat if owner is None else session.seats[owner]
        colour, counter = ctx.theme.player(seat.colour), progress(session.state)
        key = (ctx.theme, ctx.fonts, language(), lay, colour, text, counter)
        return self._lines.get(
            key,
            lambda: message_parts(ctx.theme, lay_message(ctx.theme, ctx.fonts, lay, *key[4:])),
        )

    def foresee(
        self, board: Board, action: Action, reason: str | None, card: CardArgs | None
    ) -> None:
        """A CPU's `action` is coming (Board._foresee; `reason`: why, as shown; `card`: the
        card as it leaves it, if foreseen): the card's cells as parts and, if a roll, the
        message line ("Ann rolls..."), the note (its reason) and the roll button (one roll
        fewer left, drawn on the felt under it) its frames will show are made between
        frames (`between_frames`), not in a frame; a frame that shows something else makes
        that itself, as ever."""
        view = board.card_view
        self._ahead = [] if card is None else [lambda: self._cell_parts(view.cells(*card))]
        if not isinstance(action, Roll):
            return
        ctx, session, state = board.ctx, board.session, board.session.state
        player = state.player
        self._ahead.append(
            functools.partial(self._message, board, board.presenter.rolling(player), player)
        )
        if reason is not None and ctx.settings.cpu_reasons:
            note = reason_line(session.seats[player].name, reason)
            self._ahead.append(functools.partial(self._laid_notes, board, self._grade_note, note))
        after = state.apply(action, random.Random(0))[0]  # (its dice are not shown)
        now = button_faces(ctx, state, False, session.can_undo())
        for name, face in button_faces(ctx, after, False, session.can_undo()).items():
            if face != now[name]:  # (focused as it is now)
                focused = name == self._focus
                self._ahead.append(
                    functools.partial(self._button_ahead, board, name, face, focused)
                )

    def _button_ahead(self, board: Board, name: str, face: ButtonFace, focused: bool) -> None:
        """The button `name` showing `face`, drawn on an image of the felt under it
        (`buttons` lays it in the frame that shows it)."""
        felt, lay = board.felt.surface, board.lay
        rect = pygame.Rect(button_part_rect(lay.buttons[name]))
        if felt is None or not felt.get_rect().contains(rect):
            return

        def made() -> pygame.Surface:
            image = felt.subsurface(rect).copy()
            draw_table_button(image, board.ctx, lay, name, face, focused, (-rect.x, -rect.y))
            return image

        key = self._button_key(board, f"button {name}", ("button", face, focused))
        self._buttons.get(key, made)
        self._drawn_ahead.add(f"button {name}")

    def _button_key(self, board: Board, name: str, token: object) -> tuple[object, ...]:
        ctx = board.ctx
        return (name, token, ctx.theme, ctx.fonts, language(), board.lay, board.felt.surface)

    def buttons(
        self, board: Board, marks: Marks, surface: pygame.Surface, lower: Sequence[Piece]
    ) -> list[tuple[str, Piece]]:
        """The buttons (`buttons_parts`): one drawn ahead on the felt (`foresee`) is laid as
        it was drawn there, when only the felt lies under it (nothing `lower` reaches into
        it, nor the card) and the window is the felt's size and kind: the same pixels, one
        copy instead of its shadow, face and text."""
        made, felt = buttons_parts(board, marks), board.felt.surface
        self._focus = marks.focus.name if isinstance(marks.focus, ButtonTarget) else None
        for i, (name, piece) in enumerate(made):
            if name not in self._drawn_ahead or felt is None or not same_kind(felt, surface):
                continue  # (looked for only where one was drawn ahead: a frame's few us)
            image = self._buttons.kept(self._button_key(board, name, piece.token))
            rect = pygame.Rect(piece.rect)
            if image is None or rect.colliderect(board.card_view.region):
                continue
            if not any(rect.colliderect(other.rect) for other in lower):
                paint = functools.partial(pygame.Surface.blit, source=image, dest=rect.topleft)
                made[i] = (name, Piece(piece.rect, piece.token, paint))
        return made

    def between_frames(self, until: float) -> None:
        """What `foresee` was told of, made a piece at a time while perf_counter() is
        AHEAD_ROOM short of `until` or more (a piece takes 0.1-0.35 ms at 4K: begun later,
        it would make the next frame start late); what is left waits for the next call."""
        while self._ahead and time.perf_counter() < until - AHEAD_ROOM:
            self._ahead.pop(0)()

    def previews(self, board: Board) -> dict[Category, int]:
        """What each box would score with the dice on the table, once per state."""
        state = board.session.state
        if self._scores is None or self._scores[0] is not state:
            self._scores = (state, state.score_options())
        return self._scores[1]


def message_parts(theme: Theme, line: MessageLine) -> list[tuple[str, Piece]]:
    """The message line as parts: its bar, where the game is, and what happened about whom
    (the dot and the text). A new message draws its words again over the bar, not the
    whole bar and the felt under it (0.44 M pixels at 4K)."""
    bar = shaded(line.bar)
    parts = [("message", part(bar, ("message",), lambda s: draw_message_bar(s, theme, line)))]
    if line.counter is not None:
        counted = ("counter", line.shows[2])
        paint = functools.partial(draw_message_counter, line=line)
        parts.append(("message_counter", part(line.counter[1], counted, paint)))
    said = functools.partial(draw_message_said, line=line)
    return [*parts, ("message_said", part(line.said.clip(bar), ("said", *line.shows), said))]


def buttons_parts(board: Board, marks: Marks) -> list[tuple[str, Piece]]:
    """The table's buttons, each with its shadow: a button is drawn again only when what it
    shows changed (a CPU's move changes none of them)."""
    ctx, lay, state = board.ctx, board.lay, board.session.state
    faces = button_faces(ctx, state, board.person_to_play and board.own_turn(), board.may_undo())
    focus = marks.focus.name if isinstance(marks.focus, ButtonTarget) else None
    parts = []
    for name, rect in lay.buttons.items():
        face, focused = faces[name], focus == name
        paint = functools.partial(
            draw_table_button, ctx=ctx, lay=lay, name=name, face=face, focused=focused
        )
        token = ("button", face, focused)
        parts.append((f"button {name}", part(button_part_rect(rect), token, paint)))
    return parts


def button_part_rect(rect: pygame.Rect) -> Rect4:
    """A table button's part: the button with its shadow."""
    return shaded(rect, max(6, rect.height // 12))


def notes_part(board: Board, notes: Notes) -> Piece:
    """The notes under the message line (a grading mark, a CPU's reason, the last move), as
    `notes` lays them out."""
    theme = board.ctx.theme
    token = ("notes", notes)  # (laid out anew only when what they say changed)
    return part(notes.rect, token, lambda s: draw_notes(s, theme, notes))


def hint_parts(board: Board, marks: Marks) -> list[tuple[str, Piece]]:
    """The coach's hint, if any."""
    if not marks.hint_text:
        return []
    ctx, lay = board.ctx, board.lay
    theme, fonts = ctx.theme, ctx.fonts
    ringed = tuple((d.x, d.y) for i, d in enumerate(board.tray.dice) if i in marks.hint_keep)
    placed = board.hint_placed(marks.hint_text, ringed)
    hint = part(
        shaded(placed[0]),
        ("hint", tuple(marks.hint_text)),
        lambda surface: draw_hint(surface, theme, fonts, lay, placed),
    )
    return [("hint", hint)]


def overlay_parts(board: Board, marks: Marks) -> list[tuple[str, Piece]]:
    """What lies over the table for a while: confetti (while they fly, the window is drawn
    whole), a banner over the felt, the key hints."""
    ctx, presenter, lay, state = board.ctx, board.presenter, board.lay, board.session.state
    theme, fonts = ctx.theme, ctx.fonts
    window = (0, 0, *board.size)
    parts = [
        (f"effect{k}", part(window, (effect, effect.age), effect.draw))
        for k, effect in enumerate(presenter.effects)
    ]
    banner = presenter.banner
    if banner is not None:
        place = banner_place(lay)

        def paint_banner(surface: pygame.Surface) -> None:
            banner.draw(surface, place, fonts, theme, lay.unit)

        parts.append(("banner", part(place, (banner, banner.age), paint_banner)))
    if marks.show_keys:
        active = board.column_on_show()
        column = board.card_view.column_rect(active if active is not None else state.column)
        hints = key_hints(theme, fonts, lay, ctx.input, column)

        def paint_keys(surface: pygame.Surface) -> None:
            draw_key_hints(surface, theme, lay, hints)

        parts.append(("keys", part(shaded(hints.box), ("keys", column), paint_keys)))
    return parts
