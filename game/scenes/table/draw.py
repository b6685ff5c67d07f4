"""Drawing the table's message line, buttons, notes, hint panel and key hints.

Functions of the TableScene they draw; they read its state and change nothing.
"""

from __future__ import annotations

import pygame

from game.rules import Phase
from game.ui.widgets import draw_button, draw_panel


def draw_notes(table, surface) -> None:
    """The CPU's reason under the message line, and the grading mark at its right."""
    theme, fonts, lay = table.ctx.theme, table.ctx.fonts, table.lay
    px = 20 * lay.unit
    right = lay.tray.right - 4
    if table.grade_note:
        img = fonts.render(table.grade_note, px, theme.text_on_accent, bold=True)
        box = img.get_rect().inflate(round(16 * lay.unit), round(8 * lay.unit))
        box.topright = (right, lay.tray.top + 4)
        pygame.draw.rect(surface, theme.warn, box, border_radius=box.height // 2)
        surface.blit(img, img.get_rect(center=box.center))
        right = box.left - 8
    line = table.reason if table.ctx.settings.cpu_reasons else ""
    state = table.session.state
    if table.start_rolls and (state.phase is Phase.ROLL_OFF or state.turn == 0):
        config = state.config
        line = "Start roll: " + " · ".join(
            f"{config.column_name(c)} {total}" for c, total in table.start_rolls.items()
        )
    if line:
        width = max(40, right - lay.tray.left - 8)
        img = fonts.fit(line, px, width).render(line, True, theme.panel)
        surface.blit(img, (lay.tray.left + 8, lay.tray.top + 4))


def draw_message(table, surface) -> None:
    theme, lay = table.ctx.theme, table.lay
    draw_panel(surface, theme, lay.message)
    seat = table.session.seat
    colour = theme.player(seat.colour)
    dot = pygame.Rect(0, 0, lay.message.height // 2, lay.message.height // 2)
    dot.midleft = (lay.message.left + lay.message.height // 3, lay.message.centery)
    pygame.draw.rect(surface, colour, dot, border_radius=dot.height // 4)
    text = table.message or table._prompt() or " "
    width = lay.message.width - dot.width - lay.message.height
    font = table.ctx.fonts.fit(text, lay.message.height * 0.55, width)
    img = font.render(text, True, theme.text)
    surface.blit(
        img, img.get_rect(midleft=(dot.right + lay.message.height // 3, lay.message.centery))
    )


def draw_buttons(table, surface) -> None:
    state, inp = table.session.state, table.ctx.input
    labels = {
        "roll": roll_label(state),
        "hint": "Stand" if state.phase is Phase.TIE_BREAK else "Hint",
        "undo": "Undo",
        "menu": "Menu",
    }
    hints = {
        "roll": inp.label("roll"),
        "hint": "Enter" if state.phase is Phase.TIE_BREAK else inp.label("hint"),
        "undo": inp.label("undo"),
        "menu": inp.label("pause"),
    }
    can_roll = (
        table.person_to_play
        and state.rolls_left > 0
        and (state.dice is None or not all(state.held))
    )
    enabled = {
        "roll": can_roll,
        "hint": table.person_to_play and (state.dice is not None),
        "undo": table.session.can_undo(),
        "menu": True,
    }
    for name, rect in table.lay.buttons.items():
        draw_button(
            surface,
            table.ctx.theme,
            table.ctx.fonts,
            rect,
            labels[name],
            table.focus == ("button", name),
            enabled[name],
            name == "roll",
            hints[name],
        )


def roll_label(state) -> str:
    if state.phase is Phase.ROLL_OFF:
        return "Start roll"
    if state.dice is None:
        return "Roll"
    left = state.rolls_left
    return f"Roll ({left} left)" if left else "No rolls left"


def draw_hint(table, surface) -> None:
    theme, fonts, lay = table.ctx.theme, table.ctx.fonts, table.lay
    px = 22 * lay.unit
    lines = [fonts.render(t, px, theme.text, bold=(i == 0)) for i, t in enumerate(table.hint_text)]
    w = max(img.get_width() for img in lines) + round(24 * lay.unit)
    h = sum(img.get_height() for img in lines) + round(16 * lay.unit)
    box = pygame.Rect(0, 0, min(w, lay.tray.width), h)
    # Between the dice in play and the hold row, where nothing else is drawn.
    top = lay.roll_slots[0][1] + lay.die_size * 0.8
    box.midtop = (lay.tray.centerx, round(top))
    draw_panel(surface, theme, box)
    pygame.draw.rect(surface, theme.focus, box, width=max(2, round(3 * lay.unit)), border_radius=8)
    y = box.top + round(8 * lay.unit)
    for img in lines:
        surface.blit(img, (box.left + round(12 * lay.unit), y))
        y += img.get_height()


def draw_key_hints(table, surface) -> None:
    theme, fonts, lay, inp = table.ctx.theme, table.ctx.fonts, table.lay, table.ctx.input
    rows = [
        (inp.label("roll"), "roll"),
        ("1-5", "hold / release a die"),
        ("Arrows + Enter", "choose a box"),
        ("Tab", "move the focus"),
        (inp.label("hint"), "hint"),
        (inp.label("undo"), "undo"),
        (f"{inp.label('skip_cpu')} / {inp.label('speed_cpu')}", "skip / speed up CPU turns"),
        (inp.label("pause"), "pause menu"),
        (inp.label("fullscreen"), "fullscreen"),
        (inp.label("key_hints"), "hide these hints"),
    ]
    px = 20 * lay.unit
    imgs = [
        (fonts.render(k, px, theme.text, bold=True), fonts.render(v, px, theme.text))
        for k, v in rows
    ]
    kw = max(a.get_width() for a, _ in imgs)
    w = kw + max(b.get_width() for _, b in imgs) + round(40 * lay.unit)
    h = sum(a.get_height() for a, _ in imgs) + round(20 * lay.unit)
    box = pygame.Rect(0, 0, w, h)
    box.bottomleft = (lay.tray.left + 8, lay.tray.bottom - 8)
    draw_panel(surface, theme, box)
    y = box.top + round(10 * lay.unit)
    for a, b in imgs:
        surface.blit(a, (box.left + round(12 * lay.unit), y))
        surface.blit(b, (box.left + kw + round(28 * lay.unit), y))
        y += a.get_height()
