"""Where the translations are and how they are read.

    game/locale/yahtzee.pot                          the template: every marked string
    game/locale/<lang>/LC_MESSAGES/yahtzee.po        a language's translations (in git)
    game/locale/<lang>/LC_MESSAGES/yahtzee.mo        compiled (never in git)

A wheel carries the .mo files, compiled from the .po by setup.py's build step. A checkout or
an editable install usually has none (or an old one, from `python -m game.tools.catalogue
compile`): there the .po is compiled in memory with Babel when it is newer than its .mo or the
.mo is missing, so a translator sees an edit at the next start without compiling anything.
Untranslated and fuzzy entries are left out of the compiled catalogue, so they show in English.
"""

from __future__ import annotations

import gettext
import io
from pathlib import Path

DOMAIN = "yahtzee"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


class CatalogueError(Exception):
    """A language's catalogue is missing or cannot be read (a message for the log)."""


def po_path(code: str, root: Path = LOCALE_DIR) -> Path:
    return root / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str, root: Path = LOCALE_DIR) -> Path:
    return root / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def compile_po(po: Path, code: str) -> bytes:
    """The .mo bytes of the catalogue at `po` (translated, not fuzzy entries only)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source, locale=code, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def source_of(code: str, root: Path = LOCALE_DIR) -> Path:
    """The file a language is read from: its .mo when that is at least as new as its .po
    (or there is no .po, as in a wheel), else the .po. CatalogueError if neither exists."""
    mo, po = mo_path(code, root), po_path(code, root)
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        return mo
    if po.is_file():
        return po
    raise CatalogueError(f"no catalogue for {code!r}: neither {mo} nor {po} exists")


def load(code: str, root: Path = LOCALE_DIR) -> gettext.GNUTranslations:
    """The translations of language `code`, from the newest of its .mo and .po."""
    path = source_of(code, root)
    try:
        if path.suffix == ".mo":
            with path.open("rb") as compiled:
                return gettext.GNUTranslations(compiled)
        return gettext.GNUTranslations(io.BytesIO(compile_po(path, code)))
    except (OSError, ValueError, UnicodeDecodeError, _po_error()) as error:
        # gettext raises OSError for a damaged .mo; Babel a PoFileError or a ValueError.
        raise CatalogueError(f"the catalogue {path} cannot be read: {error}") from error


def _po_error() -> type[Exception]:
    from babel.messages.pofile import PoFileError

    return PoFileError
