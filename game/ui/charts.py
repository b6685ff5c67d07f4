"""Charts drawn from shapes on a page: a line of values (a score turn by turn, or game by
game) with a dashed reference line, and a histogram of counts per bin. Value lines fall on
round numbers (`nice_ticks`), and axis labels thin out so that neighbours never touch."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import format_number

if TYPE_CHECKING:
    from game.ui.theme import Colour, Theme

TICK_TARGET = 5  # about this many value lines on a chart


def nice_ticks(low: float, high: float, target: int = TICK_TARGET) -> list[float]:
    """Round values from at or below `low` to at or above `high`, about `target` of them.

    >>> nice_ticks(131, 256)
    [100.0, 150.0, 200.0, 250.0, 300.0]
    >>> nice_ticks(5, 5)
    [0.0, 5.0, 10.0]
    """
    if high <= low:
        low, high = low - 5, high + 5
    raw = (high - low) / max(1, target - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    count = round((last - first) / step)
    return [float(first + i * step) for i in range(count + 1)]


def tick_label(value: float) -> str:
    """A value line's label as the language in use writes it: as many decimals as the value
    has ('250', '2.5'; German '2,5'), never grouped (an axis label stays short: '1500')."""
    decimals = len(f"{value:g}".partition(".")[2])
    return format_number(value, decimals, grouping=False)


def draw_dashed_line(
    surface: pygame.Surface,
    colour: Colour,
    start: tuple[float, float],
    end: tuple[float, float],
    width: int = 2,
    dash: int = 8,
) -> None:
    """A straight dashed line: dashes and gaps of `dash` pixels."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    pos = 0.0
    while pos < length:
        stop = min(length, pos + dash)
        a = (x0 + ux * pos, y0 + uy * pos)
        b = (x0 + ux * stop, y0 + uy * stop)
        pygame.draw.line(surface, colour, a, b, width)
        pos += dash * 2


def chart_label_every(labels: Sequence[str], font: pygame.font.Font, spacing: float) -> int:
    """Show every n-th x label so neighbours never touch."""
    widest = max((font.size(text)[0] for text in labels), default=0)
    return max(1, math.ceil((widest + font.size("  ")[0]) / max(1.0, spacing)))


def draw_line_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    values: Sequence[float],
    theme: Theme,
    font: pygame.font.Font,
    *,
    colour: Colour,
    x_labels: Sequence[str],
    baseline: float | None = None,
    baseline_label: str = "",
    dots: bool = True,
    others: Sequence[tuple[Sequence[float], Colour]] = (),
    value_range: tuple[float, float] | None = None,
) -> None:
    """Values as a line over `rect` (axes, value lines and labels inside it); a dashed line
    at `baseline`. The last point is drawn larger: it is where the line ends up. `others`
    are thinner lines behind it, each in its colour; `value_range` fixes the value axis."""
    if not values:
        return
    line_h = font.get_linesize()
    if baseline is not None and baseline_label:
        rect = _baseline_legend(surface, rect, theme, font, baseline_label)
    span = list(values) + ([baseline] if baseline is not None else [])
    span += [v for series, _ in others for v in series]
    ticks = nice_ticks(*(value_range or (min(span), max(span))))
    labels = [tick_label(t) for t in ticks]
    left = rect.left + max(font.size(text)[0] for text in labels) + line_h // 2
    # Room on the right for half the last x label, which is centred on the last point.
    right = rect.right - max(line_h // 2, font.size(x_labels[-1])[0] // 2 + 2 if x_labels else 0)
    plot = pygame.Rect(
        left,
        rect.top + line_h // 2 + 2,
        max(10, right - left),
        max(10, rect.height - line_h * 2 - 4),
    )
    low, high = ticks[0], ticks[-1]

    def y_of(value: float) -> float:
        return plot.bottom - (value - low) / (high - low) * plot.height

    n = len(values)
    step = plot.width / (n - 1) if n > 1 else 0.0

    def x_of(i: int) -> float:
        return plot.left + i * step if n > 1 else plot.centerx

    for tick, text in zip(ticks, labels, strict=True):
        y = round(y_of(tick))
        pygame.draw.line(surface, theme.panel_alt, (plot.left, y), (plot.right, y), 1)
        image = font.render(text, True, theme.text_dim)
        surface.blit(image, image.get_rect(midright=(plot.left - line_h // 4, y)))
    every = chart_label_every(x_labels, font, step if n > 1 else plot.width)
    _x_labels(surface, x_labels[:n], every, x_of, plot.bottom + 4, theme, font)
    axis = max(1, line_h // 10)
    pygame.draw.line(surface, theme.text_dim, plot.topleft, plot.bottomleft, axis)
    pygame.draw.line(surface, theme.text_dim, plot.bottomleft, plot.bottomright, axis)
    if baseline is not None:
        y = round(y_of(baseline))
        draw_dashed_line(surface, theme.accent, (plot.left, y), (plot.right, y), axis + 1)
    for series, ink in others:
        behind = [(x_of(i), y_of(v)) for i, v in enumerate(series)]
        if len(behind) > 1:
            pygame.draw.lines(surface, ink, False, behind, max(1, line_h // 10))
    points = [(x_of(i), y_of(v)) for i, v in enumerate(values)]
    width = max(2, line_h // 7)
    if len(points) > 1:
        pygame.draw.lines(surface, colour, False, points, width)
    if dots and n <= 60:
        r = max(3, line_h // 5)
        for px, py in points:
            pygame.draw.circle(surface, colour, (round(px), round(py)), r)
            pygame.draw.circle(surface, theme.text, (round(px), round(py)), r, 1)
    px, py = points[-1]
    pygame.draw.circle(surface, theme.text, (round(px), round(py)), max(5, line_h // 3))
    pygame.draw.circle(surface, colour, (round(px), round(py)), max(3, line_h // 3 - 2))


def _baseline_legend(
    surface: pygame.Surface, rect: pygame.Rect, theme: Theme, font: pygame.font.Font, text: str
) -> pygame.Rect:
    """The dashed line's legend, above the plot where it can never hide a point; the rect
    left for the chart under it."""
    line_h = font.get_linesize()
    image = font.render(text, True, theme.accent)
    label = image.get_rect(topright=(rect.right - 2, rect.top))
    surface.blit(image, label)
    sample_w = line_h * 2
    y = label.centery
    draw_dashed_line(
        surface, theme.accent, (label.left - sample_w - 6, y), (label.left - 6, y), 2, 5
    )
    return pygame.Rect(rect.left, rect.top + line_h, rect.width, rect.height - line_h)


def _x_labels(
    surface: pygame.Surface,
    labels: Sequence[str],
    every: int,
    x_of: Callable[[int], float],
    top: int,
    theme: Theme,
    font: pygame.font.Font,
) -> None:
    """Every `every`th label under its point, and always the last (the others keep clear
    of it)."""
    n = len(labels)
    for i, text in enumerate(labels):
        last = i == n - 1
        if i % every and not last:
            continue
        if not last and n - 1 - i < every:  # keep clear of the last label, which always shows
            continue
        image = font.render(text, True, theme.text_dim)
        surface.blit(image, image.get_rect(midtop=(round(x_of(i)), top)))


def draw_histogram(
    surface: pygame.Surface,
    rect: pygame.Rect,
    bins: Sequence[tuple[int, int]],
    theme: Theme,
    font: pygame.font.Font,
    colour: Colour,
    bin_width: int,
) -> None:
    """Bars of games per score bin; the axis shows each bin's first score."""
    if not bins:
        return
    line_h = font.get_linesize()
    top_count = max(count for _, count in bins)
    ticks = [t for t in nice_ticks(0, max(1, top_count), 4) if t == int(t)] or [0.0, 1.0]
    labels = [tick_label(t) for t in ticks]
    left = rect.left + max(font.size(t)[0] for t in labels) + line_h // 2
    plot = pygame.Rect(
        left,
        rect.top + line_h // 2,
        max(10, rect.right - left - line_h),
        max(10, rect.height - line_h * 2),
    )
    high = ticks[-1] or 1.0
    for tick, text in zip(ticks, labels, strict=True):
        y = round(plot.bottom - tick / high * plot.height)
        pygame.draw.line(surface, theme.panel_alt, (plot.left, y), (plot.right, y), 1)
        image = font.render(text, True, theme.text_dim)
        surface.blit(image, image.get_rect(midright=(plot.left - line_h // 4, y)))
    step = plot.width / (len(bins) + 1)  # one bin's room past the last bar for its end label
    gap = max(1, round(step * 0.12))
    every = max(1, -(-(font.size("0000")[0] + line_h // 2) // max(1, round(step))))
    for i, (start, count) in enumerate(bins):
        x = plot.left + i * step
        height = round(count / high * plot.height)
        if height:
            bar = pygame.Rect(
                round(x) + gap, plot.bottom - height, max(1, round(step) - 2 * gap), height
            )
            pygame.draw.rect(surface, colour, bar, 0, min(4, bar.width // 3), 2, 2, 0, 0)
            pygame.draw.rect(surface, theme.text, bar, 1, min(4, bar.width // 3), 2, 2, 0, 0)
        if i % every == 0:
            image = font.render(str(start), True, theme.text_dim)
            surface.blit(image, image.get_rect(midtop=(round(x), plot.bottom + 3)))
    end = bins[-1][0] + bin_width
    if len(bins) % every == 0:
        image = font.render(str(end), True, theme.text_dim)
        surface.blit(
            image, image.get_rect(midtop=(round(plot.left + len(bins) * step), plot.bottom + 3))
        )
    axis = max(1, line_h // 10)
    pygame.draw.line(surface, theme.text_dim, plot.topleft, plot.bottomleft, axis)
    pygame.draw.line(surface, theme.text_dim, plot.bottomleft, plot.bottomright, axis)
