"""A tournament's games kept as they finish, so a long run can stop and go on later.

    python -m game.tools.sim --players champion,expert,expert --games 40000 --seed 1 \\
        --records /tmp/runs/champion3.jsonl

Game i of a tournament depends on (--seed, i) alone, so a tournament is the same whether
it is played in one run or in several: with --records, every finished work unit's games are
appended to the file (one JSON line a game, after a first line naming the tournament), and a
run given a file that already holds some of the games plays only the others. Its summary is
over games 0 .. --games - 1 from the file and the run together, the very figures one
uninterrupted run prints. A smaller --games than the file holds summarises the first games.

A file of another tournament (players, seed, variant, tie-breaker) is refused with a clear
message and left as it is. A last line cut short (the run was killed while writing) is
ignored and written again; any other line that does not read is refused.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game, per player in --players order."""

    index: int
    totals: tuple[int, ...]
    bonus: tuple[bool, ...]
    yahtzee: tuple[bool, ...]
    wins: tuple[float, ...]  # 1, 0, or a share of a tie
    lost: tuple[float, ...]  # expected points lost against optimal play


FIELDS = ("totals", "bonus", "yahtzee", "wins", "lost")


class RecordsError(ValueError):
    """The records file cannot be used for this tournament (the message says why)."""


def header(
    levels: Sequence[str], seed: int, variant: str, tie_breaker: bool, forced_order: bool = False
) -> dict[str, object]:
    tournament: dict[str, object] = {"players": list(levels), "seed": seed, "variant": variant}
    tournament["tie_breaker"] = tie_breaker
    if forced_order:  # (absent in free order, so files written before it still match)
        tournament["forced_order"] = True
    return {"tournament": tournament}


def read(path: Path, expected: dict[str, object]) -> dict[int, GameRecord]:
    """The games already in `path` (none if it does not exist), by index."""
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        return {}
    try:
        first = json.loads(lines[0])
    except json.JSONDecodeError:
        raise RecordsError(f"{path}: the first line is not a tournament header") from None
    if first != expected:
        raise RecordsError(
            f"{path} holds another tournament ({first.get('tournament')}); give another file"
        )
    found: dict[int, GameRecord] = {}
    for number, line in enumerate(lines[1:], 2):
        try:
            data = json.loads(line)
            record = GameRecord(int(data["index"]), *(tuple(data[f]) for f in FIELDS))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            if number == len(lines):  # cut short by a kill: played again
                break
            raise RecordsError(f"{path}, line {number}: not a game record") from None
        found[record.index] = record
    return found


def start(path: Path, expected: dict[str, object]) -> None:
    """Make sure the file exists with its header and ends a line (a cut-short last line is
    dropped, so appended games start on a line of their own)."""
    if not path.exists() or path.stat().st_size == 0:
        path.write_text(json.dumps(expected) + "\n", encoding="utf-8")
        return
    text = path.read_text(encoding="utf-8")
    if not text.endswith("\n"):
        path.write_text(text[: text.rfind("\n") + 1], encoding="utf-8")


def append(path: Path, records: Iterable[GameRecord]) -> None:
    lines = [
        json.dumps({"index": r.index, **{f: list(getattr(r, f)) for f in FIELDS}}) for r in records
    ]
    with path.open("a", encoding="utf-8") as stream:
        stream.write("".join(line + "\n" for line in lines))
        stream.flush()
