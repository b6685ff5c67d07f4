"""The blind test's player: presses keys (posted to the running game, as a keyboard would)
and acts only on what it heard whole from the speech service, waiting for silence as a
listener must. Its words come from the game's own catalogue in the language in use, so the
same bot plays in English and in German; it knows the rules and the card's box names, as any
player does, and nothing of the game's state.

Its play is simple (keep the most common face, or a straight's run; score the box worth most
against its par), and on the way it tries what a blind player reaches for: the read keys
F2-F7, the card read box by box, the phrase history F8-F10, undo, help read line by line,
and Settings, where it turns speech to Brief.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable

import pygame

from game.i18n import _, ngettext, translate
from game.rules import AMERICAN, Category
from game.tools.blind_ear import Ears

QUIET = 0.6  # s of silence after a key's answer before the next key
TURN_QUIET = 12.0  # s of silence before asking whose turn it is (a CPU plays quietly at Brief)
PATIENCE = 90.0  # s to wait for anything at all
ANSWER = 8.0  # s to wait for a key's answer
MAX_KEYS = 5000  # a game that needs more is stuck
NUMBERS = {"number", "n", "points", "total", "face", "count", "turns"}  # fields of digits
STRAIGHTS = (Category.SMALL_STRAIGHT, Category.LARGE_STRAIGHT)
PAR = {  # what a box is worth to the bot beyond its points
    Category.THREE_OF_A_KIND: 15,
    Category.FOUR_OF_A_KIND: 10,
    Category.FULL_HOUSE: 10,
    Category.SMALL_STRAIGHT: 15,
    Category.LARGE_STRAIGHT: 20,
    Category.YAHTZEE: 15,
    Category.CHANCE: 22,
}


class BotStuck(RuntimeError):
    """The bot heard nothing it could act on for too long (the message says what it heard)."""


def template(text: str) -> re.Pattern[str]:
    """A phrase template ("{name} rolled {dice}: ...") as a pattern with its fields."""
    parts, seen = [], set()
    for piece in re.split(r"(\{\w+\})", text):
        if piece.startswith("{") and piece.endswith("}"):
            name = piece[1:-1]
            value = r"\d+" if name in NUMBERS else ".+?"
            parts.append(f"(?P<{name}>{value})" if name not in seen else value)
            seen.add(name)
        else:
            parts.append(re.escape(piece))
    return re.compile("^" + "".join(parts) + "$")


def match(templates: list[str], phrase: str) -> dict[str, str] | None:
    for text in templates:
        found = template(text).match(phrase)
        if found:
            return found.groupdict()
    return None


class Bot:
    def __init__(self, ears: Ears, post: Callable[[pygame.event.Event], object]) -> None:
        self.ears = ears
        self.post = post
        self.seen = 0  # phrases heard and taken in
        self.heard_all: list[str] = []
        self.presses = 0
        self.me = ""
        self.others: list[str] = []  # the other seats' names, in seat order
        self.written: set[Category] = set()  # my boxes, from what I heard I scored

    # ----------------------------------------------------------------- ears and hands
    def press(self, name: str, shift: bool = False, ctrl: bool = False) -> None:
        self.presses += 1
        if self.presses > MAX_KEYS:
            raise BotStuck(self.transcript())
        code = pygame.key.key_code(name)
        mod = (pygame.KMOD_SHIFT if shift else 0) | (pygame.KMOD_CTRL if ctrl else 0)
        text = name.upper() if shift and len(name) == 1 else name if len(name) == 1 else ""
        self.ears.key(name)
        self.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0))

    def listen(self, quiet: float = QUIET, patience: float = PATIENCE) -> list[str]:
        """Until something new was heard whole and `quiet` seconds of silence followed, or
        nothing new was heard and the voice was silent for `patience` seconds (a phrase
        being said is waited for: a listener hears it going on); the phrases heard since
        the last look."""
        began = time.monotonic()
        while time.monotonic() - began < PATIENCE:
            heard = self.ears.count > self.seen
            silent = self.ears.quiet_for()
            if heard and silent >= quiet:
                break
            if not heard and silent >= patience and time.monotonic() - began >= patience:
                break
            time.sleep(0.02)
        new = self.ears.heard(self.seen)
        self.seen += len(new)
        self.heard_all += new
        return new

    def ask(self, name: str, shift: bool = False, ctrl: bool = False) -> list[str]:
        """Press a key; what it brought."""
        self.listen(0.0, 0.0)  # what came before the key is not its answer
        self.press(name, shift, ctrl)
        return self.listen(QUIET, ANSWER)

    def transcript(self, last: int = 30) -> str:
        return "\n".join(self.heard_all[-last:])

    # ----------------------------------------------------------------- menus
    def start_game(self, cpus: int) -> None:
        """From the title: New game; keep the first seat and `cpus` CPU seats; Start."""
        self.listen(1.0, 20.0)
        self.ask("return")  # the title's first button: New game
        seat = template(_("{label}: {value}"))
        for _tab in range(80):
            said = self.ask("tab")
            if not said:
                continue
            last = said[-1]
            field = seat.match(last)
            named = match([_("Seat {number}")], field["label"]) if field else None
            if field and named and int(named["number"]) == len(self.others) + 2 and self.me:
                self.others.append(field["value"])  # the first said of a seat: its name
            if field and named and named["number"] == "1" and not self.me:
                self.me = field["value"]
            remove = match([_("Remove seat {number}")], last.split(": ")[0])
            if remove and int(remove["number"]) > 1 + cpus:
                self.ask("return")
            elif last.startswith(_("Start game") + ":") and self.me:
                heard = self.ask("return")
                self._answer_yes(heard)
                return
        raise BotStuck(self.transcript())

    def _answer_yes(self, heard: list[str]) -> None:
        """A question asked (its answer in focus said last): to Yes, and Enter."""
        if not any(p.endswith("?") for p in heard):
            return
        for _move in range(4):
            if heard and heard[-1].startswith((_("Yes") + ":", _("Start") + ":")):
                self.ask("return")
                return
            heard = self.ask("left")
        raise BotStuck(self.transcript())

    def choose_in_menu(self, label: str, key: str = "down") -> None:
        """Move the focus until `label` is said, then Enter."""
        for _move in range(40):
            said = self.ask(key)
            if said and said[-1].startswith(label + ":"):
                self.ask("return")
                return
        raise BotStuck(self.transcript())

    # ----------------------------------------------------------------- whose turn
    def await_turn(self) -> None:
        """Listen while others play, until a turn of mine is named, the game ends, or all
        has been quiet for TURN_QUIET (then F7 tells)."""
        mine = [_("Your turn"), _("Your turn, {name}"), _("Turn {number} of {turns}")]
        ends = (_("Results"), _("Game over"))
        while True:
            said = self.listen(QUIET, TURN_QUIET)
            if not said or any(p in ends or match(mine, p) for p in said):
                return

    def whose_turn(self) -> tuple[str, str]:
        """F7's answer: (whose, what: "roll", "start", "tie", "stand", "left n", "over")."""
        for phrase in reversed(self.ask("f7")):
            if phrase == _("Game over"):
                return "", "over"
            for what, texts in (
                ("start", [_("Turn: {name}, start roll")]),
                ("tie", [_("Turn: {name}, tie-breaker roll")]),
                ("stand", [_("Turn: {name}, tie-breaker: roll again or stand")]),
                ("roll", [_("Turn: {name}, roll"), _("Turn: {name}")]),
                ("left", [_("Turn: {name}, {left}")]),
            ):
                found = match(texts, phrase)
                if found:
                    return found["name"], what
        return "", "unknown"

    def results(self) -> dict[str, int] | None:
        """The scores, once the results were said ({} for a solitaire game's)."""
        if _("Results") not in self.heard_all:
            return None
        at = len(self.heard_all) - 1 - self.heard_all[::-1].index(_("Results"))
        for phrase in self.heard_all[at:]:
            found = match([_("Scores: {scores}")], phrase)
            if found:
                pairs = [p.rsplit(" ", 1) for p in found["scores"].split(", ")]
                return {name: int(points) for name, points in pairs if points.isdigit()}
        return {}

    # ----------------------------------------------------------------- a turn of mine
    def roll(self) -> tuple[list[int], int] | None:
        """Space; the dice heard and the rolls left (None if no roll line was heard)."""
        said = self.ask("space")
        last = [_("You rolled {dice}: choose a box")]
        more = [
            ngettext("You rolled {dice}: {n} roll left", "You rolled {dice}: {n} rolls left", n)
            for n in (1, 2)
        ]
        for _look in range(4):  # the line comes as the dice land
            for phrase in said:
                found = match(last, phrase)
                if found:
                    return _faces(found["dice"]), 0
                found = match(more, phrase)
                if found:
                    return _faces(found["dice"]), int(found["n"])
            said = self.listen(QUIET, ANSWER)
        return None

    def hold(self, dice: list[int], keep: list[int]) -> None:
        wanted = Counter(keep)
        for i, face in enumerate(dice):
            hold = wanted[face] > 0
            if hold:
                wanted[face] -= 1
            for _press in range(2):
                said = self.ask(str(i + 1))
                held = match([_("Held {face}")], said[-1]) if said else None
                if (held is not None) == hold:
                    break

    def boxes(self) -> dict[Category, int]:
        """The open boxes and what each would score, heard moving down over them."""
        found: dict[Category, int] = {}
        names = {translate(AMERICAN.label(c)): c for c in AMERICAN.boxes}
        for _move in range(20):
            said = self.ask("down")
            box = (
                match([_("{box}: open, scores {points}"), _("{box} {points}")], said[-1])
                if said
                else None
            )
            if box is None or box["box"] not in names:
                if not said:
                    break  # nothing more to hear
                continue
            category = names[box["box"]]
            if category in found:
                break
            found[category] = int(box["points"])
        return found

    def score(self, boxes: dict[Category, int]) -> None:
        best = max(boxes, key=lambda c: _worth(c, boxes[c]))
        names = {c: translate(AMERICAN.label(c)) for c in AMERICAN.boxes}
        said = self.ask("f3")
        for _move in range(20):
            if (
                said
                and said[-1].startswith(names[best] + ":")
                or said
                and said[-1].startswith(names[best] + " ")
            ):
                break
            said = self.ask("down")
        heard = self.ask("return")
        self._answer_yes(heard)
        self.written.add(best)

    def my_turn(self) -> None:
        self.play_out(self.roll())

    def play_out(self, rolled: tuple[list[int], int] | None) -> None:
        """The rest of a turn whose last roll was `rolled` (None: no roll left)."""
        while rolled is not None:
            dice, left = rolled
            keep = _keep(dice, [c for c in STRAIGHTS if c not in self.written])
            if not left or len(keep) == 5:
                break
            self.hold(dice, keep)
            rolled = self.roll()
        self.score(self.boxes())

    # ----------------------------------------------------------------- the tours
    def read_keys(self) -> None:
        """The read keys, the card box by box, the phrase history, and undo."""
        for key in (
            "f2",
            "f4",
            "f5",
            "f6",
            "page down",
            "page down",
            "page up",
            "f8",
            "f9",
            "f9",
            "f10",
        ):
            self.ask(key)
        self.ask("1")
        self.ask("z", ctrl=True)  # the hold taken back

    def help_tour(self) -> None:
        self.ask("f1")
        self.ask("2")
        self.ask("down")
        self.ask("down")
        self.ask("escape")

    def brief_tour(self) -> None:
        """Settings from the pause menu: speech to Brief; back to the table."""
        self.ask("escape")
        self.choose_in_menu(_("Settings"))
        said: list[str] = []
        for _move in range(40):
            said = self.ask("down")
            if said and said[-1].startswith(_("Speech says") + ":"):
                break
        self.ask("right")
        self.ask("escape")
        self.ask("escape")


def _faces(words: str) -> list[int]:
    return [int(d) for d in re.findall(r"\d", words)]


def _keep(dice: list[int], straights: list[Category]) -> list[int]:
    """The dice to keep: a straight's run when a straight is open, else the most common
    face (ties: the higher)."""
    faces = set(dice)
    if straights:
        for run in ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6), (1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)):
            if faces >= set(run):
                return list(run)
    counts = Counter(dice)
    face = max(counts, key=lambda f: (counts[f], f))
    return [face] * counts[face]


def _worth(box: Category, points: int) -> float:
    if box.is_upper:
        return points - 3 * box.face + (1 if points else 0)
    return points - PAR.get(box, 10)
