"""Damage to a record read from JSON, as the parsers' refusal tests make it."""

from __future__ import annotations


def damaged(record: dict, seat: int | None, field: str | None, value: object) -> object:
    """`record` with one thing replaced by `value`: the whole record (no seat, no field), a
    field of it (no seat), a seat of its "seats" (no field), or a field of that seat."""
    if seat is None and field is None:
        return value
    if seat is None:
        record[field] = value
    elif field is None:
        record["seats"][seat] = value
    else:
        record["seats"][seat][field] = value
    return record
