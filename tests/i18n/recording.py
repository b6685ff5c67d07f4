"""Seeing the words a scene draws, and where: a font that remembers every text it renders,
and a canvas that checks every such text where it is blitted.

`Recorder.install(monkeypatch)` swaps pygame.font.Font (which game.ui.fonts makes every
font from) and pygame.Surface (the canvases scenes make) for recording subclasses. Draw a
scene onto `recorder.canvas(size)`; then `recorder.drawn` lists every text blitted (on
the canvas or on a surface made during the test) with its rectangle, and `recorder.cut`
the texts whose rectangle leaves its target's clip horizontally: text that overflows its
place or is clipped. A text wholly above or below the clip is a scrolled-away row, not a cut.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

TOLERANCE = 1  # px: a glyph's box may touch the clip's edge


@dataclass(frozen=True)
class Drawn:
    text: str
    rect: pygame.Rect  # where it went on its target
    clip: pygame.Rect  # the target's clip (its whole area when none is set)
    target: tuple[int, int]  # the target surface's size
    image: pygame.Surface | None = None  # the text as rendered
    font: pygame.font.Font | None = None  # what rendered it

    @property
    def cut(self) -> bool:
        if self.rect.bottom <= self.clip.top or self.rect.top >= self.clip.bottom:
            return False  # scrolled out of view, not cut
        return (
            self.rect.left < self.clip.left - TOLERANCE
            or self.rect.right > self.clip.right + TOLERANCE
        )


class Recorder:
    def __init__(self) -> None:
        # id(image) -> (text, image, the font that rendered it)
        self.texts: dict[int, tuple[str, pygame.Surface, pygame.font.Font]] = {}
        self.drawn: list[Drawn] = []
        self.font_type = pygame.font.Font
        self.surface_type = pygame.Surface

    def install(self, monkeypatch) -> Recorder:
        recorder = self
        base_font, base_surface = pygame.font.Font, pygame.Surface

        class RecordingFont(base_font):
            def render(self, text, *args, **kwargs):
                image = super().render(text, *args, **kwargs)
                if text:
                    # Kept alive here, so no other surface can take its id.
                    recorder.texts[id(image)] = (str(text), image, self)
                return image

        class RecordingSurface(base_surface):
            def blit(self, source, dest, area=None, special_flags=0):
                recorder.blitted(self, source, dest, area)
                return super().blit(source, dest, area, special_flags)

            # Pages and caches are converted or copied before text is painted on them:
            # the copies record too.
            def convert(self, *args):
                return _recording(super().convert(*args))

            def convert_alpha(self, *args):
                return _recording(super().convert_alpha(*args))

            def copy(self):
                return _recording(super().copy())

        def _recording(plain: pygame.Surface) -> pygame.Surface:
            twin = RecordingSurface(plain.get_size(), plain.get_flags(), plain)
            twin.fill((0, 0, 0, 0))
            base_surface.blit(twin, plain, (0, 0), None, pygame.BLEND_RGBA_ADD)
            return twin

        self.font_type, self.surface_type = RecordingFont, RecordingSurface
        monkeypatch.setattr(pygame.font, "Font", RecordingFont)
        monkeypatch.setattr(pygame, "Surface", RecordingSurface)
        return self

    def canvas(self, size: tuple[int, int]) -> pygame.Surface:
        return self.surface_type(size)

    def blitted(self, target, source, dest, area) -> None:
        entry = self.texts.get(id(source))
        if entry is None:
            return
        size = source.get_size() if area is None else pygame.Rect(area).size
        topleft = dest[:2] if not isinstance(dest, pygame.Rect) else dest.topleft
        rect = pygame.Rect((round(topleft[0]), round(topleft[1])), size)
        if area is not None and pygame.Rect(area).width < source.get_width():
            # A text cropped on purpose still counts as cut: it is not shown whole.
            rect.width = source.get_width()
        text, image, font = entry
        self.drawn.append(Drawn(text, rect, target.get_clip(), target.get_size(), image, font))

    def clear(self) -> None:
        self.texts.clear()
        self.drawn.clear()

    @property
    def cut(self) -> list[Drawn]:
        return [d for d in self.drawn if d.cut]

    def words(self) -> set[str]:
        return {d.text for d in self.drawn}
