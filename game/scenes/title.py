"""The title screen: the game's name on the felt, a few dice, and the main menu.

Controls:
    Up / Down, Tab / Shift+Tab   move the focus over the menu
    Enter            the focused item
    N / C / J / S / R   New game, Continue, Join a table, Settings, Rules & help
    T / H / Q           Statistics, History, Quit
    F1               rules and help
    Esc / Backspace  asks whether to quit
Mouse: hover focuses an item, a click chooses it.

Continue is enabled only while a saved game in progress is on disk.
"""

from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, translate
from game.scenes.menu import ButtonMenu
from game.scenes.nav import Question
from game.storage.resume import has_saved_game, load_saved_session
from game.ui.input import Intent, is_back
from game.ui.menu_layout import MENU_REFERENCE
from game.ui.palette import dice_palette
from game.ui.units import layout_unit
from game.ui.widgets import Button, draw_felt

if TYPE_CHECKING:
    from game.scenes.context import Context
    from game.ui.fonts import Fonts

# Translators: the game's name on the title screen, in capitals. Keep it unless players of
# your language know the game by another name.
GAME_NAME = N_("YAHTZEE")
# The menu buttons follow the narrower side, from a portrait window, so a tall window gets
# full-size buttons too (the menus' MENU_REFERENCE would shrink them there).
BUTTON_REFERENCE = (800, 900)  # px
# Translators: the title's tagline under YAHTZEE, spaced out letter by letter.
TAGLINE = N_("T A B L E")
# The menu's labels, translated at each layout: Settings may change the language meanwhile.
LABELS = (
    N_("New game"),
    N_("Continue"),
    N_("Join a table"),
    N_("Settings"),
    N_("Rules & help"),
    N_("Statistics"),
    N_("History"),
    N_("Quit"),
)
# Five fives: a Yahtzee. (face, angle in degrees, x as a share of the row, lift in die sizes)
DECOR_DICE = (
    (5, 14.0, -2.1, 0.22),
    (5, -9.0, -1.05, 0.05),
    (5, 4.0, 0.0, 0.0),
    (5, 11.0, 1.05, 0.05),
    (5, -16.0, 2.1, 0.22),
)


# ----------------------------------------------------------------------------- drawing dice
# The logo's dice are drawn by the table's die view, which renders with numpy: a tenth of a
# second to import. The title is drawn without them first, and they join it once loaded.
DIE_VIEW = "game.ui.dice_view"
LOGO_DIE_LEAST = 8  # px: the smallest logo die (the die view draws none smaller)
LOGO_NAME_LEAST = 24  # px tall: a smaller name alone is not a logo; the menu goes alone


def _load_die_view() -> threading.Event:
    """Import the die view on a daemon thread; the event is set once it is loaded (at
    once where it was loaded before: the import then only looks it up)."""
    loaded = threading.Event()

    def load() -> None:
        try:
            importlib.import_module(DIE_VIEW)
        finally:
            loaded.set()

    thread = threading.Thread(target=load, name="title-dice", daemon=True)
    thread.start()
    if DIE_VIEW in sys.modules:  # loaded, or loading on another thread: wait for it
        thread.join()
    return loaded


DieDrawer = Callable[[pygame.Surface, tuple[float, float], int, int, float], object]


def _die_drawer(high_contrast: bool) -> DieDrawer:
    """draw(surface, centre, size, face, angle) with the table's die view and palette."""
    from game.ui.dice_view import DieRenderer
    from game.ui.die_image import DieStyle

    palette, dice = dice_palette(high_contrast), DieRenderer()
    return lambda surface, centre, size, face, angle: dice.draw(
        surface, centre, size, face, DieStyle(palette=palette, angle=angle)
    )


def _name_font(fonts: Fonts, text: str, height: float, px: float, width: int) -> pygame.font.Font:
    """The logo's name alone: its largest font from `px` down whose lines are at most
    `height` px tall and `width` px wide (else the smallest tried)."""
    font = fonts.fit(text, px, width, bold=True)
    while font.get_height() > height and px > 1:
        px *= 0.9
        font = fonts.fit(text, px, width, bold=True)
    return font


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return (
        round(a[0] + (b[0] - a[0]) * k),
        round(a[1] + (b[1] - a[1]) * k),
        round(a[2] + (b[2] - a[2]) * k),
    )


SPOKEN_NAME = "Yahtzee Table"  # the game's name, said as the title comes up: never translated


class TitleScene(ButtonMenu):
    def __init__(self, ctx: Context) -> None:
        actions = (
            self.new_game,
            self.continue_game,
            self.join_table,
            lambda: self.ctx.nav.settings(),
            lambda: self.ctx.nav.help(),
            self.open_statistics,
            self.open_history,
            self.quit,
        )
        buttons = [
            Button(translate(label), action, primary=i == 0)
            for i, (label, action) in enumerate(zip(LABELS, actions, strict=True))
        ]
        super().__init__(ctx, buttons, LABELS)
        self.continue_button = self.buttons[1]
        self.size = (0, 0)
        self._background: pygame.Surface | None = None
        self._footer: tuple[pygame.Surface, pygame.Rect] | None = None
        self._show_header = True  # the logo, when the window has room for it beside the menu
        self._header_dice = True  # its dice and tagline (else the name alone: a small room)
        # Set once the die view is loaded: started after the first frame, unless it is
        # loaded already (a return to the title), when the dice are drawn at once.
        self._die_view = _load_die_view() if DIE_VIEW in sys.modules else None
        self._dice_drawn = False
        self._repaint = False
        self._shown = False  # a frame of the title has been drawn
        self.refresh(focus_continue=True)

    # ----------------------------------------------------------------- life cycle
    def refresh(self, focus_continue: bool = False) -> None:
        """Look again for a saved game (it may have been finished or cleared meanwhile)."""
        self.continue_button.enabled = has_saved_game(self.ctx.storage)
        if focus_continue and self.continue_button.enabled:
            self.ring.focus(self.continue_button)
        elif self.ring.focused is None or not self.ring.focused.enabled:
            self.ring.focus(self.buttons[0])

    def enter(self) -> None:
        self.refresh(focus_continue=True)

    def resume(self, result: object = None) -> None:
        # Settings may have changed the theme or the text size meanwhile.
        self.refresh()
        if self.size != (0, 0):
            self.layout(self.size)

    # ----------------------------------------------------------------- actions
    def new_game(self) -> None:
        self.ctx.play("click")
        self.ctx.nav.setup()

    def continue_game(self) -> None:
        saved = self.ctx.storage.load_current()
        if saved is not None and isinstance(saved.extra.get("net"), dict):
            self.ctx.play("click")
            self.ctx.nav.host_table(None)  # a network table: open it again to its friends
            return
        session = load_saved_session(self.ctx.storage, self.ctx.notify)
        if session is None:
            self.refresh()
            return
        self.ctx.play("click")
        self.ctx.nav.table(session)

    def join_table(self) -> None:
        self.ctx.play("click")
        self.ctx.nav.join_table()

    def open_statistics(self) -> None:
        self.ctx.play("click")
        self.ctx.nav.stats()

    def open_history(self) -> None:
        self.ctx.play("click")
        self.ctx.nav.history()

    def quit(self) -> None:
        self.ctx.quit()

    def ask_quit(self) -> None:
        self.ctx.nav.confirm(
            Question(_("Quit the game?"), self.quit, yes_label=_("Quit"), focus_yes=False)
        )

    # ----------------------------------------------------------------- input
    def spoken_screen(self) -> str:
        return SPOKEN_NAME

    def handle(self, event: pygame.event.Event) -> bool:
        used, intent = self.handle_menu(event)
        if used:
            return True
        if intent is Intent.HELP:
            self.ctx.nav.help()
        elif is_back(intent):
            self.ask_quit()
        else:
            return False
        return True

    # ----------------------------------------------------------------- layout and drawing
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        theme, fonts = self.ctx.theme, self.ctx.fonts
        self.relabel()
        margin = max(8, round(20 * layout_unit(size, MENU_REFERENCE, least=0.0)))
        unit = layout_unit(size, BUTTON_REFERENCE, least=0.55)
        # Text first: the buttons grow with the text size (their labels grow inside them)
        # as far as the window holds all of them; the logo takes what is left.
        scale = max(1.0, fonts.text_scale)
        footer_font = fonts.get(max(12, 18 * unit))
        footer_h = footer_font.get_linesize() + margin
        count = len(self.buttons)
        # (the room a name alone needs over the menu is kept: without it the title has none)
        fit_h = (h - footer_h - 2 * margin - LOGO_NAME_LEAST * 2) / (count * 1.22)
        button_h = max(30, round(min(54 * unit * min(scale, 1.5), fit_h)))
        button_w = min(w - 2 * margin, round(380 * unit * min(scale, 1.3)))
        gap = max(4, round(min(12 * unit, button_h * 0.22)))
        menu_h = count * button_h + (count - 1) * gap

        # The logo is decoration: it keeps its size whatever the text size, and shrinks (or
        # goes) to leave the menu its room.
        room = h - footer_h - menu_h - 2 * margin
        name_px = max(1.0, min(w * 0.17, room * 0.34, 300 * unit)) / fonts.text_scale
        name_text = translate(GAME_NAME)
        name_font = fonts.fit(name_text, name_px, int(w * 0.88), bold=True)
        name_h = name_font.get_height()
        die = max(LOGO_DIE_LEAST, round(min(name_h * 0.8, w / 7.5)))
        tag_font = fonts.get(max(12, name_h * 0.22) / fonts.text_scale, bold=True)
        block = die * 1.45 + name_h + tag_font.get_height() * 1.4
        self._header_dice = self._show_header = block + gap * 2 <= room
        beside = (
            None
            if self._show_header
            else self._logo_beside(size, (button_w, button_h), margin, gap)
        )
        if beside is not None:
            # A wide window whose menu takes its height (large text): the whole logo beside
            # the menu, the two centred as one.
            logo_w, name_font, tag_font, die, block = beside
            left = (w - logo_w - 2 * gap - button_w) // 2
            logo_x, menu_x = left + logo_w // 2, left + logo_w + 2 * gap + button_w // 2
            self._header_dice = self._show_header = True
            logo_top = max(margin, (h - footer_h - block) / 2)
            menu_top = round(max(margin, (h - footer_h - menu_h) / 2))
        elif not self._show_header:
            # No room for the dice and the tagline (640x480 with 200% text): the name alone,
            # as large as the room holds, so the game still says what it is.
            largest = min(w * 0.17, 300 * unit) / fonts.text_scale
            name_font = _name_font(fonts, name_text, room - gap * 2, largest, int(w * 0.88))
            block = name_font.get_height()
            self._show_header = block >= LOGO_NAME_LEAST
            die = 0
        if beside is None:
            if not self._show_header:
                block = 0
            space = max(gap * 2, min(room - block, h * 0.08))
            total = block + space + menu_h
            logo_top = max(margin, (h - footer_h - total) / 2)
            menu_top = round(logo_top + block + space)
            logo_x = menu_x = w // 2
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(0, menu_top + i * (button_h + gap), button_w, button_h)
            button.rect.centerx = menu_x

        background = pygame.Surface(size)
        if pygame.display.get_surface() is not None:
            background = background.convert()
        draw_felt(background, theme)
        if self._show_header:
            self._draw_header(background, logo_x, logo_top, die, name_font, tag_font)
        self._background = background

        inp = self.ctx.input
        # Translators: the title's footer; {up}, {down}, {confirm}, {help} and
        # {fullscreen} are key names. Keep the wide gaps between the four hints.
        text = _(
            "{up}/{down} choose    {confirm} select    {help} help    {fullscreen} full screen"
        ).format(
            up=inp.label("up"),
            down=inp.label("down"),
            confirm=inp.label("confirm"),
            help=inp.label("help"),
            fullscreen=inp.label("fullscreen"),
        )
        ink = theme.panel_alt if theme.high_contrast else _mix(theme.felt, theme.panel, 0.55)
        image = footer_font.render(text, True, ink)
        if image.get_width() > w - 2 * margin:  # a narrow window: the essentials only
            # Translators: the title's footer in a narrow window; {confirm} is a key name.
            text = _("{confirm} select").format(confirm=inp.label("confirm"))
            image = footer_font.render(text, True, ink)
        self._footer = (image, image.get_rect(midbottom=(w // 2, h - margin // 2)))

    def _logo_beside(
        self, size: tuple[int, int], button: tuple[int, int], margin: int, gap: int
    ) -> tuple[int, pygame.font.Font, pygame.font.Font, int, float] | None:
        """The whole logo beside the menu, where the window is wide enough and the menu
        leaves no room over it: its width, name and tagline fonts, die size and height; None
        where its name would come out no larger than the menu's labels."""
        (w, h), (button_w, button_h) = size, button
        fonts = self.ctx.fonts
        logo_w = min(w - button_w - 2 * gap - 2 * margin, round(w * 0.45))
        name_text = translate(GAME_NAME)
        name_px = min(w * 0.17, h * 0.2) / fonts.text_scale
        name_font = fonts.fit(name_text, name_px, int(logo_w * 0.88), bold=True)
        name_h = name_font.get_height()
        die = round(min(name_h * 0.8, logo_w / 6.2))
        tag_font = fonts.get(max(12, name_h * 0.22) / fonts.text_scale, bold=True)
        block = die * 1.45 + name_h + tag_font.get_height() * 1.4
        label = button_h * 0.5  # about a label's height
        if die < LOGO_DIE_LEAST or name_h <= label or block > h - 2 * margin:
            return None
        return logo_w, name_font, tag_font, die, block

    def _draw_header(
        self,
        surface: pygame.Surface,
        cx: int,
        top: float,
        die: int,
        name_font: pygame.font.Font,
        tag_font: pygame.font.Font,
    ) -> None:
        theme = self.ctx.theme
        # The dice: a Yahtzee of fives, tumbled into a gentle arc (once the view is loaded).
        self._dice_drawn = self._die_view is not None and self._die_view.is_set()
        if self._dice_drawn and self._header_dice:
            draw = _die_drawer(theme.high_contrast)
            row_y = top + die * 0.62
            for face, angle, share, lift in DECOR_DICE:
                draw(surface, (cx + share * die * 1.12, row_y + lift * die), die, face, angle)

        # The name with a deep shadow and a thin dark rim, so it reads on any felt.
        text = translate(GAME_NAME)
        name = name_font.render(text, True, theme.panel)
        rect = name.get_rect(midtop=(cx, round(top + die * 1.45)))
        depth = max(2, name.get_height() // 18)
        surface.blit(name_font.render(text, True, theme.felt_dark), rect.move(depth, depth + 1))
        rim = name_font.render(text, True, theme.accent_dark)
        step = max(1, depth // 3)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            surface.blit(rim, rect.move(dx * step, dy * step))
        surface.blit(name, rect)
        if not self._header_dice:
            return

        # A rule either side of the tagline, like a printed score pad's header.
        tagline = tag_font.render(translate(TAGLINE), True, theme.focus)
        trect = tagline.get_rect(midtop=(cx, rect.bottom + round(tagline.get_height() * 0.25)))
        surface.blit(tagline, trect)
        line_w = max(2, tagline.get_height() // 10)
        span, pad = rect.width // 2, tagline.get_height()
        for x0, x1 in ((cx - span, trect.left - pad), (trect.right + pad, cx + span)):
            if x1 > x0:
                pygame.draw.line(
                    surface, theme.focus, (x0, trect.centery), (x1, trect.centery), line_w
                )

    def update(self, dt: float) -> None:
        if self._die_view is None and self._shown:  # the first frame is up: load the dice
            self._die_view = _load_die_view()
        loaded = self._die_view is not None and self._die_view.is_set()
        if self._header_dice and self._show_header and not self._dice_drawn and loaded:
            self.layout(self.size)  # the logo's dice, now that they can be drawn
            self._repaint = True

    @property
    def animating(self) -> bool:
        """While the logo waits for its dice, and for the frame that shows them."""
        return self._repaint or (self._header_dice and self._show_header and not self._dice_drawn)

    def draw(self, surface: pygame.Surface) -> None:
        if self._background is not None and self._background.get_size() == surface.get_size():
            surface.blit(self._background, (0, 0))
        else:
            draw_felt(surface, self.ctx.theme)
        self.ring.draw(surface, self.ctx.theme, self.ctx.fonts)
        if self._footer is not None:
            surface.blit(*self._footer)
        self._repaint = False
        self._shown = True
