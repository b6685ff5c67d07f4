"""Figures and dates are written the way each language writes them (Babel's CLDR data)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from game import i18n

S, T = "\u00a0", "\u202f"  # a no-break space, a narrow (thin) one


@pytest.mark.parametrize(
    ("code", "grouped", "one_decimal", "percent", "day", "clock"),
    [
        ("en", "12,345", "1,234.5", "51.3%", "Nov 23, 2026", f"4:05{T}PM"),
        ("de", "12.345", "1.234,5", f"51,3{S}%", "23.11.2026", "16:05"),
        (
            "sv",
            f"12{S}345",
            f"1{S}234,5",
            f"51,3{S}%",
            "23 nov. 2026",
            "16:05",
        ),
        (
            "fr",
            f"12{T}345",
            f"1{T}234,5",
            f"51,3{S}%",
            "23 nov. 2026",
            "16:05",
        ),
        (
            "nb",
            f"12{S}345",
            f"1{S}234,5",
            f"51,3{S}%",
            "23. nov. 2026",
            "16:05",
        ),
        ("nl", "12.345", "1.234,5", "51,3%", "23 nov 2026", "16:05"),
    ],
)
def test_each_language_writes_figures_and_dates_its_own_way(
    code, grouped, one_decimal, percent, day, clock
):
    i18n.set_language(code)
    assert i18n.format_number(12345) == grouped
    assert i18n.format_number(1234.54, decimals=1) == one_decimal
    assert i18n.format_percent(0.513, decimals=1) == percent
    assert i18n.format_date(date(2026, 11, 23)) == day
    # A moment is the day and the time of day in the language's clock. What joins them (a
    # comma or a space) is CLDR's to change between Babel releases (2.14 and 2.19 differ
    # for Dutch), so only that it is a comma or spaces is held here.
    moment = i18n.format_datetime(datetime(2026, 11, 23, 16, 5))
    assert moment.startswith(day) and moment.endswith(clock)
    assert moment[len(day) : len(moment) - len(clock)].strip(" ,") == ""


def test_decimals_are_exact_and_grouping_can_be_left_out():
    assert i18n.format_number(2.25, decimals=1) == "2.2"  # half to even, as Babel rounds
    assert i18n.format_number(254.58773, decimals=4) == "254.5877"
    assert i18n.format_number(3, decimals=2) == "3.00"
    assert i18n.format_number(0.4) == "0"
    assert i18n.format_number(2026, grouping=False) == "2026"
    assert i18n.format_percent(0.5) == "50%"
    assert i18n.format_percent(1) == "100%"
    i18n.set_language("de")
    assert i18n.format_number(12345.678, decimals=2, grouping=False) == "12345,68"


def test_a_language_babel_does_not_know_writes_figures_as_english_does():
    i18n._install(i18n._translations, "xx")  # a test's made-up language
    assert i18n.format_number(1234.5, decimals=1) == "1,234.5"
    assert i18n.format_percent(0.25) == "25%"
