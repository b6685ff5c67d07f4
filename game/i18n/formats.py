"""Numbers, percentages and dates written as the language in use writes them (Babel's CLDR
data): "1,234.5" in English is "1.234,5" in German and "1 234,5" in Swedish and French;
"51.3%" is "51,3 %" in German; dates take the language's month names and order.

The functions take the language code; game.i18n's wrappers pass the one in use.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale
    from babel.numbers import NumberPattern


@cache
def babel_locale(code: str) -> Locale:
    """Babel's data for language `code`; English's for a code Babel does not know (a test's
    made-up language), so a figure is always written somehow."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en")


@cache
def _pattern(code: str, kind: str, decimals: int, grouping: bool) -> NumberPattern:
    from babel.numbers import parse_pattern

    loc = babel_locale(code)
    formats = loc.percent_formats if kind == "percent" else loc.decimal_formats
    pattern = parse_pattern(formats[None].pattern)
    pattern.frac_prec = (decimals, decimals)
    if not grouping:
        pattern.grouping = (1000, 1000)  # no group is ever that long: no separators
    return pattern


def number(code: str, value: float, decimals: int = 0, grouping: bool = True) -> str:
    """`value` with exactly `decimals` decimals and the language's separators."""
    text: str = _pattern(code, "decimal", decimals, grouping).apply(value, babel_locale(code))
    return text


def percent(code: str, fraction: float, decimals: int = 0) -> str:
    """`fraction` (0.513) as a percentage ("51.3%" with one decimal) in the language's way."""
    text: str = _pattern(code, "percent", decimals, True).apply(fraction, babel_locale(code))
    return text


def day(code: str, value: date, style: str = "medium") -> str:
    """A date in the language's words and order; `style` is "short", "medium" or "long"."""
    from babel.dates import format_date

    return format_date(value, format=style, locale=babel_locale(code))


def moment(code: str, value: datetime, date_style: str = "medium") -> str:
    """A date and its time of day (hours and minutes), as the language joins them."""
    from babel.dates import format_date, format_time

    loc = babel_locale(code)
    joined = str(loc.datetime_formats[date_style]).replace("'", "")  # quotes mark literals
    return joined.replace("{1}", format_date(value, format=date_style, locale=loc)).replace(
        "{0}", format_time(value, format="short", locale=loc)
    )
