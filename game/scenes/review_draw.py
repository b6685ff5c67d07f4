"""Drawing the coach's review from what its layout placed: the felt and title, the game
chooser, the tabs (a stripe of each player's colour and the points their decisions lost),
the page in view, or while the coach works a spinner ("Analysing"). Drawing changes
nothing."""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.ui.tabs import draw_tab, open_into_panel
from game.ui.text import ellipsize, fitted_px, wrap_text
from game.ui.widgets import draw_panel

if TYPE_CHECKING:
    from game.scenes.review import ReviewScene

SPINNER_DOTS = 8
SPINNER_SPEED = 1.2  # turns per second


def draw_review(scene: ReviewScene, surface: pygame.Surface) -> None:
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    scene.felt.draw(surface, theme)
    for image, rect in scene.title:
        surface.blit(image, rect)
    if scene.games > 1:
        scene.game_cycler.draw(surface, theme, fonts, scene.hover == "game")
    _draw_tabs(scene, surface)
    draw_panel(surface, theme, scene.panel)
    if scene.tabs:
        open_into_panel(surface, theme, scene.tabs[scene.tab], scene.panel)
    view = scene.scroll.viewport
    if scene.page is not None:
        scene.scroll.blit_content(surface, scene.page)
        scene.scroll.draw_bar(surface, theme)
    else:
        _draw_waiting(scene, surface, view)
    scene.back.draw(surface, theme, fonts, True)


def _draw_tabs(scene: ReviewScene, surface: pygame.Surface) -> None:
    for i, rect in enumerate(scene.tabs):
        selected = i == scene.tab
        label = partial(_draw_tab_label, scene, surface, rect, scene.people[i], selected)
        draw_tab(surface, scene.ctx.theme, rect, selected, scene.hover == i, label)


def _draw_tab_label(
    scene: ReviewScene, surface: pygame.Surface, rect: pygame.Rect, player: int, selected: bool
) -> None:
    """A stripe of the player's colour, the name and the points their decisions lost."""
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    seat = scene.seats[player]
    stripe = pygame.Rect(
        rect.left + 8,
        rect.top + rect.height // 4,
        max(4, rect.height // 6),
        rect.height // 2,
    )
    pygame.draw.rect(surface, theme.player(seat.colour), stripe, 0, stripe.width // 2)
    pr = scene.current.players.get(player) if scene.current is not None else None
    loss = f"  -{pr.skill_lost:.1f}" if pr is not None else ""
    px = fitted_px(fonts, rect.height * 0.46)
    font = fonts.get(px, bold=selected)
    room = rect.right - stripe.right - 14
    text = ellipsize(font, seat.name + loss, room)
    if loss and not text.endswith(loss):
        text = ellipsize(font, seat.name, room)
    image = font.render(text, True, theme.text if selected else theme.text_dim)
    surface.blit(image, image.get_rect(midleft=(stripe.right + 8, rect.centery)))


def _draw_waiting(scene: ReviewScene, surface: pygame.Surface, view: pygame.Rect) -> None:
    theme, fonts = scene.ctx.theme, scene.ctx.fonts
    failed = scene.failed.get(scene.game_index)
    if failed:
        font = fonts.get(scene.body_px)
        y = view.top + view.height // 3
        for text in wrap_text(font, failed, view.width):
            image = font.render(text, True, theme.warn)
            surface.blit(image, image.get_rect(midtop=(view.centerx, y)))
            y += font.get_linesize()
        return
    if scene.current is not None:  # analysed, but this player sat the game out
        text = f"{scene.seats[scene.player].name} did not play this game."
    else:
        text = "Analysing the game..."
    font = fonts.get(scene.body_px * 1.2, bold=True)
    text = ellipsize(font, text, view.width)
    image = font.render(text, True, theme.text)
    rect = image.get_rect(center=(view.centerx, view.centery + font.get_linesize()))
    surface.blit(image, rect)
    if scene.current is None:
        radius = max(10, font.get_linesize())
        draw_spinner(
            surface,
            (view.centerx, rect.top - radius * 2),
            radius,
            scene.age * SPINNER_SPEED,
            theme.accent,
        )


def draw_spinner(surface: pygame.Surface, centre: tuple[int, int], radius: int, turn: float, ink):
    """Dots round a circle, the leading one darkest: work is going on."""
    for i in range(SPINNER_DOTS):
        angle = (turn + i / SPINNER_DOTS) * math.tau
        x = centre[0] + math.cos(angle) * radius
        y = centre[1] + math.sin(angle) * radius
        r = max(2, round(radius * (0.12 + 0.16 * i / SPINNER_DOTS)))
        pygame.draw.circle(surface, ink, (round(x), round(y)), r)
