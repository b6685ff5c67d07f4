"""The CPU levels, one record each: everything the game knows about a level, in one place.

    LEVELS                      # ("beginner", ..., "champion"), weakest first
    level_spec("hard").name     # N_("Hard"): translate() it where it is shown

A `LevelSpec` holds a level's id (what saves, settings and records store), its words (the
name under a CPU's name and in the review, the setup's choice and its help; marked N_ here,
translated where drawn), how it plays (its `Personality`, and whether it plays to win, as
the Champion does: game.ai.levels.strategies makes the player from these) and its pace for
the win chances (its measured expected points lost per game, per card and box order:
game.ai.levels.pace). The seats (game.match.seats), the setup's seat choices, the strategies
and the paces all read these records, so a new level is one record here (see ARCHITECTURE's
"A CPU level"), and a record without a pace on the reference card, in both orders, is
refused at import.

Data only (no numpy, no solver): the title and the setup read it before the AI is loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from game.i18n import N_

#: The card every level's pace is measured on, free and top to bottom. A card a level has no
#: figure for (a new one: game.rules.cards) takes this card's loss per box, so a new card needs
#: no change here; its own measure, once taken, is one more entry in each record.
REFERENCE_CARD = "american"
REFERENCE_KEYS = frozenset((REFERENCE_CARD, forced) for forced in (False, True))
REFERENCE_BOXES = 13  # the reference card's boxes (tests/ai/test_pace.py holds it to the card)


@dataclass(frozen=True, slots=True)
class Personality:
    """How a CPU level plays: the mistakes people make, as a few numbers.

    bonus_weight: how much of the upper bonus chase it sees, 0 to 1. Values are the solver's,
        split into "were the bonus out of reach" and the rest, and the rest is scaled
        (game.ai.levels.turn). 1 plays for the bonus as well as can be; 0 ignores it until it
        lands.
    greed: extra weight of points written this turn: at 0.3 a point now counts 1.3 points
        of the rest of the game.
    temperature: softness of choices, in points of (its own) expected score. 0 always takes
        its best choice; a choice `temperature` points worse is e times less likely.
    dice_temperature: the same for one die in the tie-breaker, in pips.
    """

    bonus_weight: float = 1.0
    greed: float = 0.0
    temperature: float = 0.0
    dice_temperature: float = 0.0

    def __post_init__(self) -> None:
        if not 0.0 <= self.bonus_weight <= 1.0:
            raise ValueError(f"bonus_weight is 0 to 1, got {self.bonus_weight}")
        if self.greed < 0 or self.temperature < 0 or self.dice_temperature < 0:
            raise ValueError("greed and temperatures are 0 or more")


@dataclass(frozen=True)
class LevelSpec:
    """One CPU level (see the module docstring).

    lost_per_game: expected points lost per game against the Expert of the same rules, per
    (card id, forced order), the reference card in both orders at least; solitaire, measured
    with `python -m game.tools.sim --players LEVEL --games N --seed 1 [--variant yatzy]
    [--forced-order]`; 0 for a level that makes no
    mistakes (the Champion gives points away to win, not by mistake).
    """

    id: str
    name: str  # N_(): under a CPU's name, in the review ("Hard")
    choice: str  # N_(): the setup's value cycler for a seat ("CPU Hard")
    help: str  # N_(): the setup's help line for that choice
    personality: Personality
    lost_per_game: Mapping[tuple[str, bool], float]
    plays_to_win: bool = False  # the Champion: every choice by its chance to win

    def __post_init__(self) -> None:
        if not set(self.lost_per_game) >= REFERENCE_KEYS:
            raise ValueError(
                f"CPU level {self.id!r} needs a measured pace on the reference card in both "
                f"orders {sorted(REFERENCE_KEYS)}, got {sorted(self.lost_per_game)}"
            )
        object.__setattr__(self, "lost_per_game", MappingProxyType(dict(self.lost_per_game)))

    def pace(self, card_id: str, boxes: int, forced_order: bool = False) -> float:
        """Its expected points lost per box on that card (of `boxes` boxes) and order: as
        measured there, else as on the reference card (13 boxes) per box."""
        measured = self.lost_per_game.get((card_id, forced_order))
        if measured is not None:
            return measured / boxes
        return self.lost_per_game[(REFERENCE_CARD, forced_order)] / REFERENCE_BOXES


def _lost(
    american: float, american_forced: float, yatzy: float, yatzy_forced: float
) -> dict[tuple[str, bool], float]:
    return {
        ("american", False): american,
        ("american", True): american_forced,
        ("yatzy", False): yatzy,
        ("yatzy", True): yatzy_forced,
    }


# Tuned with the tournament runner (python -m game.tools.sim) to mean solitaire scores near 175,
# 215, 235, 249 and the Expert's 254.6; each level beats the one below head to head. The tuning
# measure was the expected points lost per game (exact, low-variance): the mean score is the
# Expert's 254.59 minus it. The paces: the American card free, 10,000 games (the README's level
# table, official rules; free and simple are taken as the same), and in forced order; the Yatzy
# card free and in forced order, 4,000 games each. Forced order leaves only the keeps to get
# wrong, so a level loses about half as much there.
CPU_LEVELS: tuple[LevelSpec, ...] = (
    # Plays for the points in front of it, blind to the bonus, and often not the best keep
    # (about 175 points a game, 80 expected points lost).
    LevelSpec(
        "beginner",
        # Translators: the CPU levels, weakest first (under a CPU's name, in the setup).
        N_("Beginner"),
        # Translators: who plays a seat, as the setup's value cycler shows it.
        N_("CPU Beginner"),
        # TRANSLATORS: "plays loosely" = plays carelessly, without precision.
        N_("CPU Beginner: plays loosely and often misses the best box."),
        Personality(bonus_weight=0.0, greed=0.8, temperature=4.7, dice_temperature=1.0),
        _lost(79.04, 43.39, 109.10, 45.49),
    ),
    # Knows the good keeps but slips, and chases the bonus half-heartedly (about 215).
    LevelSpec(
        "easy",
        N_("Easy"),
        N_("CPU Easy"),
        N_("CPU Easy: a casual player."),
        Personality(bonus_weight=0.2, greed=0.5, temperature=1.6, dice_temperature=0.6),
        _lost(39.49, 20.88, 55.09, 26.67),
    ),
    # A fair club player: sound keeps, some greed, a soft eye for the bonus (about 234).
    LevelSpec(
        "medium",
        N_("Medium"),
        N_("CPU Medium"),
        N_("CPU Medium: a sound, steady player."),
        Personality(bonus_weight=0.4, greed=0.3, temperature=0.85, dice_temperature=0.3),
        _lost(20.53, 12.49, 25.89, 16.71),
    ),
    # Nearly the solver: slips between choices close in value, a little short on the bonus
    # (about 249, 5.6 expected points lost a game).
    LevelSpec(
        "hard",
        N_("Hard"),
        N_("CPU Hard"),
        N_("CPU Hard: a strong player who keeps pace for the bonus."),
        Personality(bonus_weight=0.5, greed=0.15, temperature=0.27, dice_temperature=0.1),
        _lost(5.72, 2.57, 6.91, 3.44),
    ),
    # The solver's best choice, always (the highest expected final score, 254.59).
    LevelSpec(
        "expert",
        N_("Expert"),
        N_("CPU Expert"),
        N_("CPU Expert: plays the best odds of every roll."),
        Personality(),
        _lost(0.0, 0.0, 0.0, 0.0),
    ),
    # Plays to win, not for points: every choice by its chance of winning against the seats at
    # the table, their scores and open boxes included (game.ai.levels.champion); exact on the
    # last turn of the game. Alone, it plays as the Expert.
    LevelSpec(
        "champion",
        N_("Champion"),
        N_("CPU Champion"),
        N_("CPU Champion: plays to win, taking risks when behind and playing safe ahead."),
        Personality(),
        _lost(0.0, 0.0, 0.0, 0.0),
        plays_to_win=True,
    ),
)
LEVELS: tuple[str, ...] = tuple(level.id for level in CPU_LEVELS)  # weakest first
_BY_ID = {level.id: level for level in CPU_LEVELS}


def level_spec(level: str) -> LevelSpec:
    """The record of a CPU level by its id; ValueError naming the levels for anything else."""
    try:
        return _BY_ID[level]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown CPU level {level!r}; the levels are {', '.join(LEVELS)}"
        ) from None


def is_level(kind: object) -> bool:
    """Whether `kind` (a seat's kind: a level id or "person") is a CPU level."""
    return isinstance(kind, str) and kind in _BY_ID
