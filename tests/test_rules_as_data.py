"""A new variant or card is data: its records in game/rules (variants.py, cards/) and
nothing else to edit. These tests fail where code elsewhere decides by naming one variant or
one card, which a new one would silently get wrong (issue 32's latent bugs)."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np

from game.rules import Variant
from game.rules.cards import CARDS

GAME = Path(__file__).resolve().parents[1] / "game"
RECORDS = {GAME / "rules" / "variants.py"}  # where the variants themselves are declared


def _sources():
    for path in sorted(GAME.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def _names_a_variant(node: ast.AST) -> str | None:
    """'Variant.SIMPLE' where `node` is such an attribute, else None."""
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "Variant"
        and node.attr in Variant.__members__
    ):
        return f"Variant.{node.attr}"
    return None


def test_no_code_decides_by_naming_a_variant():
    """`variant is Variant.SIMPLE`, `== Variant.FREE`, `in (Variant.OFFICIAL, ...)`: a rule
    decided by a variant's name, where a new variant gets the other branch whatever its
    record says. Read the record instead (variant.extra, spec(variant).chips, variant.card).
    Defaults and data keyed by variant are fine; decisions are not."""
    found = []
    for path, tree in _sources():
        if path in RECORDS:
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Compare):
                continue
            for side in (node.left, *node.comparators):
                parts = side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
                named = [n for n in map(_names_a_variant, parts) if n]
                if named:
                    found.append(f"{path.relative_to(GAME.parent)}:{node.lineno} {named[0]}")
    assert found == []


def test_card_ids_are_no_defaults():
    """A parameter defaulting to one card's id ("american") reads that card's figures for a
    game on any other: the results screen showed a Yatzy player their American best. Every
    caller says which card it means."""
    ids = set(CARDS)
    found = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            args = node.args
            for default in (*args.defaults, *args.kw_defaults):
                if isinstance(default, ast.Constant) and default.value in ids:
                    found.append(f"{path.relative_to(GAME.parent)}:{node.lineno} {node.name}")
    for path, tree in _sources():  # dataclass fields with a card's id as their default
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.value, ast.Constant)
                and node.value.value in ids
            ):
                found.append(f"{path.relative_to(GAME.parent)}:{node.lineno}")
    assert found == []


def test_the_win_chances_give_a_variant_without_chips_no_joker(monkeypatch):
    """A new American variant whose record says no extra-Yahtzee rule (Extra.NONE), played
    here by FREE's record changed so: its win chances take no Joker rows, as SIMPLE's do.
    turn_moves used to ask `variant is not Variant.SIMPLE`, so any other such variant went
    through the Joker's rows."""
    from game.ai.exact.scoring import spec
    from game.ai.winning import turn
    from game.rules import variants
    from game.rules.variants import Extra, VariantRules

    record = variants._RULES[Variant.FREE]
    changed = dict(variants._RULES)
    changed[Variant.FREE] = VariantRules(record.card, Extra.NONE, record.label, record.help)
    monkeypatch.setattr(variants, "_RULES", changed)
    spec.cache_clear()
    jokers: list[Variant] = []
    real = turn._joker_rows
    monkeypatch.setattr(
        turn, "_joker_rows", lambda s, *rest: (jokers.append(s.variant), real(s, *rest))[1]
    )
    try:
        yahtzee = spec(Variant.FREE).yahtzee_bit
        for variant in (Variant.FREE, Variant.SIMPLE, Variant.OFFICIAL):
            moves = turn.turn_moves(yahtzee, np.array([0, 30]), np.array([1, 1]), variant)
            assert len(moves.boxes) == 12  # every box but the filled five-alike
        assert jokers == [Variant.OFFICIAL]
        plain = turn.turn_moves(yahtzee, np.array([0]), np.array([1]), Variant.SIMPLE)
        free = turn.turn_moves(yahtzee, np.array([0]), np.array([1]), Variant.FREE)
        assert np.array_equal(plain.points, free.points) and free.allowed.all()
    finally:
        spec.cache_clear()


def test_no_module_keeps_one_variants_figures():
    """A constant computed at import from one variant's solver spec (`N_BOXES =
    spec(Variant.OFFICIAL).n_boxes`, a table shape, the shape classes) is the American
    card's figure under a name that reads as every card's: code using it is wrong for a
    new card. Such figures are asked of spec(variant) where the variant is known."""
    found = []
    for path, tree in _sources():
        for statement in tree.body:  # the module's own level, not inside functions
            for node in ast.walk(statement):
                if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    break
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "spec"
                ):
                    found.append(f"{path.relative_to(GAME.parent)}:{node.lineno}")
    assert found == []
