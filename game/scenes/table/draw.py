"""Drawing the table's message line, buttons, notes, hint panel and key hints.

Each function takes the surface, the theme and fonts, the layout and the values it shows;
none changes anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext, pgettext
from game.rules import ROLLS_PER_TURN, GameState, Phase
from game.scenes.table.focus import HOME, Target
from game.ui.text import fit_label, wrap_lines, wrap_text
from game.ui.widgets import button_width, draw_button, draw_panel

NOTE_LEAST_SHARE = 0.45  # the note keeps this share of the tray's width beside a grade mark

if TYPE_CHECKING:
    from game.anim.die import Die
    from game.scenes.context import Context
    from game.ui.advice_view import Advice
    from game.ui.fonts import Fonts
    from game.ui.input import InputMap
    from game.ui.layout import TableLayout
    from game.ui.theme import Colour, Theme


@dataclass(frozen=True)
class Marks:
    """What a person's scene draws over the board: the focus, the coach's hint and grading
    mark, the advice values and the key hints. A replay draws none."""

    focus: Target = HOME
    hint_keep: tuple[int, ...] = ()
    hint_text: tuple[str, ...] | list[str] = ()
    grade_note: str = ""
    advice: Advice | None = None
    show_keys: bool = False


@dataclass(frozen=True, eq=False)
class Notes:
    """The notes laid out (`lay_notes`): the grading mark's pill (its box and its text), if
    any, and the note's lines, each an image and where it goes; `rect` covers all of it."""

    pill: tuple[pygame.Rect, pygame.Surface] | None
    lines: tuple[tuple[pygame.Surface, pygame.Rect], ...]
    rect: pygame.Rect


def lay_notes(theme: Theme, fonts: Fonts, lay: TableLayout, grade_note: str, line: str) -> Notes:
    """A note under the message line, and the grading mark at its right, or under it when
    the two would not both fit: the note wraps over the felt above the dice, and only what
    does not fit there is cut, with an ellipsis; it is never shrunk unreadable."""
    px = 20 * lay.unit
    left, right, top = lay.tray.left + 8, lay.tray.right - 4, lay.tray.top + 4
    pill = None
    if grade_note:
        font, text = fit_label(fonts, grade_note, px, right - left, bold=True)
        img = font.render(text, True, theme.text_on_accent)
        box = img.get_rect().inflate(round(16 * lay.unit), round(8 * lay.unit))
        box.topright = (right, top)
        if line and box.left - left < lay.tray.width * NOTE_LEAST_SHARE:
            box.top = top + fonts.get(px).get_linesize() + 4  # a row of its own
        else:
            right = box.left - 8
        pill = (box, img)
    lines = []
    if line:  # a CPU's reason, a win-chance explanation: wrapped over the felt above the dice
        font = fonts.get(px)
        step = font.get_linesize()
        most = int((lay.roll_slots[0][1] - lay.die_size * 0.8 - top) // step)
        for i, text in enumerate(wrap_lines(font, line, max(40, right - left), most)):
            img = font.render(text, True, theme.panel)
            lines.append((img, img.get_rect(topleft=(left, top + i * step))))
    drawn = [pill[0]] if pill is not None else []
    drawn += [rect for _img, rect in lines]
    rect = drawn[0].unionall(drawn[1:]) if drawn else pygame.Rect(left, top, 0, 0)
    return Notes(pill, tuple(lines), rect)


def draw_notes(surface: pygame.Surface, theme: Theme, notes: Notes) -> None:
    """The notes as `lay_notes` laid them out."""
    if notes.pill is not None:
        box, img = notes.pill
        pygame.draw.rect(surface, theme.warn, box, border_radius=box.height // 2)
        surface.blit(img, img.get_rect(center=box.center))
    for img, rect in notes.lines:
        surface.blit(img, rect)


@dataclass(frozen=True, eq=False)
class MessageLine:
    """The message line laid out (`lay_message`): its bar, the dot in the colour of the
    player the text is about, the text (an image and where it goes) and, at the right, where
    the game is (the counter, if it fits); `shows` is what it was laid out to show (the
    text, the dot's colour, the counter's text). `said` covers the dot and the text: only
    they and the counter change from message to message, not the bar."""

    bar: pygame.Rect
    dot: tuple[pygame.Rect, Colour]
    text: tuple[pygame.Surface, pygame.Rect]
    counter: tuple[pygame.Surface, pygame.Rect] | None
    shows: tuple[str, Colour, str]

    @property
    def said(self) -> pygame.Rect:
        return self.dot[0].union(self.text[1])


def lay_message(
    theme: Theme,
    fonts: Fonts,
    lay: TableLayout,
    colour: Colour,
    text: str,
    counter: str = "",
) -> MessageLine:
    """The message line: a dot in the colour of the player the text is about, the text, and
    at the right where the game is ("Turn 7 of 13 · Game 2 of 3"), laid out on its bar."""
    bar = lay.message
    pad = bar.height // 3
    dot = pygame.Rect(0, 0, bar.height // 2, bar.height // 2)
    dot.midleft = (bar.left + pad, bar.centery)
    right = bar.right - pad
    counted = None
    if counter:
        img = fonts.render(counter, bar.height * 0.42, theme.text_dim)
        if img.get_width() < bar.width // 3:  # the message comes first
            counted = (img, img.get_rect(midright=(right, bar.centery)))
            right -= img.get_width() + pad
    font, cut = fit_label(fonts, text, bar.height * 0.55, right - dot.right - pad)
    img = font.render(cut, True, theme.text)
    said = (img, img.get_rect(midleft=(dot.right + pad, bar.centery)))
    return MessageLine(bar, (dot, colour), said, counted, (text, colour, counter))


def draw_message_bar(surface: pygame.Surface, theme: Theme, line: MessageLine) -> None:
    """The message line's bar, under its dot, text and counter."""
    draw_panel(surface, theme, line.bar)


def draw_message_counter(surface: pygame.Surface, line: MessageLine) -> None:
    """Where the game is, at the right of the message line (if it fits there)."""
    if line.counter is not None:
        surface.blit(*line.counter)


def draw_message_said(surface: pygame.Surface, line: MessageLine) -> None:
    """The message line's dot and text, over its bar. (The dot lies clear of the counter,
    and the text is cut to end before it: drawn after the counter as before it.)"""
    dot, colour = line.dot
    pygame.draw.rect(surface, colour, dot, border_radius=dot.height // 4)
    surface.blit(*line.text)


@dataclass(frozen=True)
class ButtonFace:
    """What a table button shows: its label, its key, whether it can be pressed."""

    label: str
    hint: str
    enabled: bool


def button_faces(
    ctx: Context, state: GameState, person_to_play: bool, can_undo: bool
) -> dict[str, ButtonFace]:
    """What each of the table's buttons shows, by name."""
    inp = ctx.input
    tie_break = state.phase is Phase.TIE_BREAK
    can_roll = (
        person_to_play and state.rolls_left > 0 and (state.dice is None or not all(state.held))
    )
    return {
        "roll": ButtonFace(roll_label(state), inp.label("roll"), can_roll),
        "hint": ButtonFace(
            _hint_label(tie_break),
            pgettext("key", "Enter") if tie_break else inp.label("hint"),
            # A hint needs dice of a turn (Stand, a tie-breaker's); the start roll's are not
            person_to_play and state.dice is not None and state.phase is not Phase.ROLL_OFF,
        ),
        "undo": ButtonFace(_("Undo"), inp.label("undo"), can_undo),
        "menu": ButtonFace(_("Menu"), inp.label("pause"), True),
    }


def draw_table_button(
    surface: pygame.Surface, ctx: Context, lay: TableLayout, name: str, face: ButtonFace,
    focused: bool, at: tuple[int, int] = (0, 0),
) -> None:  # fmt: skip
    """One of the table's buttons (`name` in lay.buttons) showing `face`, moved by `at`
    (drawn on an image of the felt under it: TableParts.foresee)."""
    rect = lay.buttons[name].move(at)
    theme, fonts = ctx.theme, ctx.fonts
    draw_button(
        surface, theme, fonts, rect, face.label, focused, face.enabled, name == "roll", face.hint
    )


# The keys and buttons the table names (on its buttons and in the key hints).
NAMED_INPUTS = (
    "roll",
    "hint",
    "undo",
    "pause",
    "confirm",
    "skip_cpu",
    "speed_cpu",
    "fullscreen",
    "key_hints",
)


def input_words(inp: InputMap) -> tuple[object, ...]:
    """What the table writes of the player's keys and buttons: when it changes, so do the
    buttons and the key hints."""
    return (inp.showing_pad, *(inp.label(name) for name in NAMED_INPUTS))


def roll_label(state: GameState) -> str:
    return _roll_label(state.phase is Phase.ROLL_OFF, state.dice is None, state.rolls_left)


def _roll_label(start_roll: bool, before_first: bool, left: int) -> str:
    if start_roll:
        # TRANSLATORS: the roll that decides who plays first.
        return _("Start roll")
    if before_first:
        return _("Roll")
    if not left:
        return _("No rolls left")
    return ngettext("Roll ({left} left)", "Roll ({left} left)", left).format(left=left)


def _hint_label(tie_break: bool) -> str:
    # TRANSLATORS: a button: keep the tie-breaker total and roll no more.
    return _("Stand") if tie_break else _("Hint")


def button_needs(fonts: Fonts, height: int, room: int) -> dict[str, int]:
    """How wide each table button must be to hold the longest label it can show (so the
    buttons keep their places as the labels change): at the label's full size where the
    buttons' `room` px hold that, else at the smallest size."""
    labels = {
        "roll": [_roll_label(True, True, 0), _roll_label(False, True, 0)]
        + [_roll_label(False, False, left) for left in range(ROLLS_PER_TURN)],
        "hint": [_hint_label(True), _hint_label(False)],
        "undo": [_("Undo")],
        "menu": [_("Menu")],
    }
    for smallest in (False, True):
        needs = {
            name: max(button_width(fonts, text, height, smallest) for text in texts)
            for name, texts in labels.items()
        }
        if sum(needs.values()) <= room:
            break
    return needs


RING_REACH = 0.72  # a hint's ring's radius, of the die's size it rings
# ... of a held die's: round its frame and padlock, within the room each held die has
# (tray_layout.HELD_ROOM, 1.6 of its size)
HELD_RING_REACH = 0.79
Ring = tuple[int, int, int]  # a ring's centre and radius, px


def hint_rings(lay: TableLayout, dice: Sequence[Die], keep: tuple[int, ...]) -> list[Ring]:
    """A ring round each die the hint says to keep, where it lies as the tray draws it (in
    its row, where it fell, or in the hold row, smaller there), its size the die's."""
    return [
        (
            round(dice[i].x),
            round(dice[i].y),
            round(lay.die_size * dice[i].scale * (HELD_RING_REACH if dice[i].held else RING_REACH)),
        )
        for i in keep
    ]


def draw_hint_keep(
    surface: pygame.Surface, theme: Theme, lay: TableLayout, rings: Sequence[Ring]
) -> None:
    """The hint's rings (`hint_rings`)."""
    width = max(2, round(3 * lay.unit))
    for x, y, r in rings:
        pygame.draw.circle(surface, theme.focus, (x, y), r, width=width)


HINT_PX = 22  # design px of the hint's text
HintPlace = tuple[pygame.Rect, list[tuple[str, bool]]]  # the hint's box, its lines and boldness


def draw_hint(
    surface: pygame.Surface,
    theme: Theme,
    fonts: Fonts,
    lay: TableLayout,
    placed: HintPlace,
) -> None:
    """The hint's lines in their box (`placed`, as hint_box placed them)."""
    box, lines = placed
    draw_panel(surface, theme, box)
    pygame.draw.rect(surface, theme.focus, box, width=max(2, round(3 * lay.unit)), border_radius=8)
    y = box.top + round(8 * lay.unit)
    for line, bold in lines:
        font = fonts.get(HINT_PX * lay.unit, bold=bold)
        surface.blit(font.render(line, True, theme.text), (box.left + round(12 * lay.unit), y))
        y += font.get_linesize()


def banner_place(lay: TableLayout) -> pygame.Rect:
    """Where a banner goes: the felt between the dice in play and the hold row, right of the
    cup, so it never covers the dice (or the cup) a player is about to roll."""
    top = round(lay.roll_slots[0][1] + lay.die_size * 0.75)
    bottom = lay.hold_strip.top - round(lay.die_size * 0.3)  # the hold row's label above it
    left = lay.cup_rect.right
    return pygame.Rect(left, top, max(1, lay.tray.right - left), max(1, bottom - top))


def hint_box(
    fonts: Fonts,
    lay: TableLayout,
    text: Sequence[str],
    held: pygame.Rect,
    dice: Sequence[tuple[float, float]] = (),
) -> HintPlace:
    """Where the hint's box goes, and its lines (each with whether it is bold: the first
    entry, the best choice, is), as draw_hint draws them: on the felt, between the dice in
    play and the hold row (`held`: its strip and label), clear of the cup, and along that
    band where it covers the fewest
    of the `dice` it rings (their centres: a scattered die may lie low); each line folded to
    the box's width, and the later lines (the other choices) dropped where the felt has no
    height for them."""
    pad_x, pad_y = round(12 * lay.unit), round(8 * lay.unit)
    left = lay.cup_rect.right  # the box's left edge at most this far left
    room = max(1, lay.tray.right - left - 2 * pad_x)
    top = round(lay.roll_slots[0][1] + lay.die_size * 0.8)
    bottom = held.top - pad_y
    lines: list[tuple[str, bool]] = []
    width, height = 0, 2 * pad_y
    for i, entry in enumerate(text):
        font = fonts.get(HINT_PX * lay.unit, bold=(i == 0))
        folded = wrap_text(font, entry, room)
        more = font.get_linesize() * len(folded)
        if lines and top + height + more > bottom:
            break  # the other choices, where the felt has no room for them
        lines += [(part, i == 0) for part in folded]
        width = max([width] + [font.size(part)[0] for part in folded])
        height += more
    box = pygame.Rect(0, 0, min(width, room) + 2 * pad_x, height)
    # A die's body across, its ring (and the box's shadow) up and down, round its centre.
    reach = (lay.die_size * 0.7, lay.die_size * 1.6)

    def covered(place: pygame.Rect) -> int:
        return sum(place.inflate(reach).collidepoint(x, y) for x, y in dice)

    places = []
    for centre in (lay.tray.centerx, left + box.width // 2, lay.tray.right - box.width // 2):
        place = box.copy()
        place.midtop = (centre, top)
        place.left = max(place.left, left)
        place.right = min(place.right, lay.tray.right)
        places.append(place)
    return min(places, key=covered), lines


def key_hints_place(
    lay: TableLayout, size: tuple[int, int], keep_clear: pygame.Rect
) -> pygame.Rect:
    """Where the key hints go: over a foot corner of the scorecard that leaves `keep_clear`
    (the column in play) free, right corner first; where neither corner does, over the
    felt's top corner away from the cup (dice are covered for as long as the player wants
    the hints, the boxes they choose from are not)."""
    box = pygame.Rect((0, 0), size)
    inset = 8
    for corner in ("bottomright", "bottomleft"):
        x = lay.card.right - inset if corner == "bottomright" else lay.card.left + inset
        setattr(box, corner, (x, lay.card.bottom - inset))
        if not box.colliderect(keep_clear) and lay.card.contains(box):
            return box
    box.topright = (lay.tray.right, lay.tray.top)
    return box


@dataclass(frozen=True)
class KeyHints:
    """The key hints as draw_key_hints draws them: their box, their fonts, each key with the
    lines of what it does, the keys' column's width, the padding and the gap between."""

    box: pygame.Rect
    key_font: pygame.font.Font
    what_font: pygame.font.Font
    placed: list[tuple[str, list[str]]]
    keys_width: int
    pad_x: int
    gap: int


def key_hints(
    theme: Theme,
    fonts: Fonts,
    lay: TableLayout,
    inp: InputMap,
    keep_clear: pygame.Rect,
) -> KeyHints:
    """The key hints' box and rows (each key, and what it does), as draw_key_hints draws
    them."""
    choose = inp.label("confirm")
    if inp.showing_pad:  # a pad was used last: its buttons
        moves = [
            # TRANSLATORS: pad keys; {button} is a button's name, such as A.
            (_("Left/Right + {button}").format(button=choose), _("hold / release a die")),
            (_("Up/Down + {button}").format(button=choose), _("choose a box")),
        ]
    else:
        moves = [("1-5", _("hold / release a die")), (_("Arrows + Enter"), _("choose a box"))]
        moves.append((pgettext("key", "Tab"), _("move the focus")))
    skip_keys = f"{inp.label('skip_cpu')} / {inp.label('speed_cpu')}"
    rows = [
        # TRANSLATORS: the key hints, what each key does.
        (inp.label("roll"), _("roll")),
        *moves,
        (inp.label("hint"), _("hint")),
        (inp.label("undo"), _("undo")),
        (skip_keys, _("skip / speed up CPU turns")),
        (inp.label("pause"), _("pause menu")),
        (inp.label("fullscreen"), _("fullscreen")),
        (inp.label("key_hints"), _("hide these hints")),
    ]
    rows = [(k, v) for k, v in rows if k != "?"]  # an action with no button on the pad
    pad_x, gap = round(12 * lay.unit), round(16 * lay.unit)
    room = lay.size[0] - 2 * pad_x - gap - 16  # the window's width, less the panel's edges
    # The hints' size, smaller where the window is narrow (to the text floor); past that a
    # description wraps under itself.
    size = 20 * lay.unit
    while True:
        key_font, what_font = fonts.get(size, bold=True), fonts.get(size)
        kw = max(key_font.size(k)[0] for k, _v in rows)
        widest = max(what_font.size(v)[0] for _k, v in rows)
        if kw + widest <= room or fonts.get(size * 0.9) is what_font:
            break
        size *= 0.9
    what_w = max(1, min(widest, room - kw))
    placed = [(k, wrap_text(what_font, v, what_w)) for k, v in rows]
    step = what_font.get_linesize()
    w = kw + max(what_font.size(line)[0] for _k, lines in placed for line in lines)
    w += 2 * pad_x + gap
    h = sum(step * len(lines) for _k, lines in placed) + round(20 * lay.unit)
    box = key_hints_place(lay, (w, h), keep_clear)
    box.left = max(0, min(box.left, lay.size[0] - box.width))
    return KeyHints(box, key_font, what_font, placed, kw, pad_x, gap)


def draw_key_hints(
    surface: pygame.Surface, theme: Theme, lay: TableLayout, hints: KeyHints
) -> None:
    """The key hints in their box (`hints`, as key_hints placed them)."""
    box, step = hints.box, hints.what_font.get_linesize()
    draw_panel(surface, theme, box)
    y = box.top + round(10 * lay.unit)
    left = box.left + hints.pad_x
    for k, lines in hints.placed:
        surface.blit(hints.key_font.render(k, True, theme.text), (left, y))
        for line in lines:
            what = hints.what_font.render(line, True, theme.text)
            surface.blit(what, (left + hints.keys_width + hints.gap, y))
            y += step
