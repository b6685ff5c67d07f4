"""The translation catalogues, with one command (Babel's Python API underneath):

    python -m game.tools.catalogue extract    # game/ -> game/locale/yahtzee.pot
    python -m game.tools.catalogue update     # the .pot -> every language's .po (new ones made)
    python -m game.tools.catalogue compile    # every .po -> its .mo (not kept in git)
    python -m game.tools.catalogue check      # is the .pot fresh, is every language complete?

`extract` reads every module under game/ except game/tools/ (developer tools: their output
is for developers) for `_()`, `N_()`, `ngettext(singular, plural, n)` and
`pgettext(context, message)`, with `# TRANSLATORS:` comments. Locations are written without
line numbers, so the template changes only when the messages (or the files holding them) do.
`update` merges the template into each .po: new messages come in empty, messages whose
English changed a little come in fuzzy beside the old translation, gone ones leave. A
translator then fills every msgstr and clears every fuzzy flag; `check` says what is left
(the tests in tests/i18n/ enforce the same). Options: --languages de,sv to work on some.

A translation keeps the English placeholders, named ({points}, {name}), in its own order.
"""

from __future__ import annotations

import argparse
import io
import re
import string
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from game.i18n import LANGUAGES, SOURCE_LANGUAGE
from game.i18n.catalogues import DOMAIN, LOCALE_DIR, TEMPLATE, mo_path, po_path

GAME_DIR = Path(__file__).resolve().parents[1]
ROOT = GAME_DIR.parent
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
METHODS = [("tools/**.py", "ignore"), ("**.py", "python")]
COMMENT_TAGS = ("TRANSLATORS:", "Translators:")  # the briefs and the code say the latter
PROJECT = "Yahtzee Table"
BUGS_ADDRESS = "the project's issue tracker"
AUTHORS = "the Yahtzee Table authors"
WIDTH = 100  # columns of the catalogues' wrapped lines (the code's own line length)
# The header lines that change with every extraction or update: not a change of content.
VOLATILE_HEADERS = re.compile(r'^"(POT-Creation-Date|PO-Revision-Date|Generated-By): .*\\n"$', re.M)


# ----------------------------------------------------------------------------- extract
def extract() -> Catalog:
    """A fresh template of every marked message under game/ (not game/tools/)."""
    catalog = Catalog(
        project=PROJECT,
        msgid_bugs_address=BUGS_ADDRESS,
        copyright_holder=AUTHORS,
        domain=DOMAIN,
    )
    found = extract_from_dir(
        str(GAME_DIR),
        method_map=METHODS,
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        where = (Path("game") / filename).as_posix()
        catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


def render(catalog: Catalog) -> str:
    """A catalogue as the text kept in git: sorted by file, no line numbers."""
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=True)
    return out.getvalue().decode("utf-8")


def without_dates(text: str) -> str:
    return VOLATILE_HEADERS.sub("", text)


def contents(catalog: Catalog) -> list[tuple[object, ...]]:
    """What a catalogue says, as the game and its translators need it: each message's id,
    context, files and translators' comments. Not the text as a given Babel writes it (the
    flags it adds, its line wrapping), which changes between Babel releases with no change of
    content."""
    return sorted(
        (
            (message.id,) if isinstance(message.id, str) else tuple(message.id),
            message.context or "",
            tuple(sorted({where for where, _line in message.locations})),
            tuple(message.auto_comments),
        )
        for message in catalog
        if message.id
    )


def template_is_fresh(catalog: Catalog) -> bool:
    """Whether the kept template holds exactly the messages of `catalog` (a fresh extract)."""
    return TEMPLATE.is_file() and contents(read(TEMPLATE)) == contents(catalog)


def read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=code, domain=DOMAIN)


def write_template() -> int:
    catalog = extract()
    # Unchanged messages keep the old file (and its date, and the wrapping of the Babel that
    # wrote it): no churn in git.
    if not template_is_fresh(catalog):
        TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
        TEMPLATE.write_text(render(catalog), "utf-8")
    return len(catalog)


# ----------------------------------------------------------------------------- update
def update(codes: Iterable[str], root: Path = LOCALE_DIR) -> list[str]:
    """Merge the template into each language's .po under `root` (made when missing)."""
    template = read(root / TEMPLATE.name)
    lines = []
    for code in codes:
        path = po_path(code, root)
        if path.is_file():
            catalog = read(path, code)
        else:
            catalog = Catalog(locale=code, domain=DOMAIN, project=PROJECT, copyright_holder=AUTHORS)
            catalog.msgid_bugs_address = BUGS_ADDRESS
            path.parent.mkdir(parents=True, exist_ok=True)
        before = without_dates(path.read_text("utf-8")) if path.is_file() else ""
        catalog.update(template, update_header_comment=False)
        catalog.fuzzy = False  # the header is made here, not guessed: Plural-Forms must count
        for message in catalog:
            # A fuzzy match that brings no translation is only noise for the translator.
            if message.id and message.fuzzy and not _any_string(message.string):
                message.flags.discard("fuzzy")
        text = render(catalog)
        if without_dates(text) != before:
            path.write_text(text, "utf-8")
        lines.append(f"{code}: {summary(catalog)}")
    return lines


# ----------------------------------------------------------------------------- compile
def compile_catalogues(codes: Iterable[str], root: Path = LOCALE_DIR) -> list[str]:
    """Each language's .po under `root` compiled to its .mo beside it."""
    lines = []
    for code in codes:
        catalog = read(po_path(code, root), code)
        with mo_path(code, root).open("wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        lines.append(f"{code}: {mo_path(code, root)} ({summary(catalog)})")
    return lines


# ----------------------------------------------------------------------------- check
@dataclass(frozen=True)
class Problem:
    code: str
    msgid: str
    what: str

    def __str__(self) -> str:
        return f"{self.code}: {self.msgid[:60]!r}: {self.what}"


def fields(text: str) -> set[str] | None:
    """The named fields of a format string, or None when it is not a valid one."""
    try:
        return {name for _text, name, _spec, _conv in string.Formatter().parse(text) if name}
    except ValueError:
        return None


def message_problems(code: str, message: Message, plurals: int) -> list[str]:
    """What keeps one message of language `code` from being complete and correct."""
    ids, strings = texts(message.id), texts(message.string)
    problems = []
    if message.fuzzy:
        problems.append("fuzzy: check the translation and clear the flag")
    if isinstance(message.id, (list, tuple)) and len(strings) != plurals:
        problems.append(f"{len(strings)} plural forms, the language has {plurals}")
    if not all(strings):
        problems.append("not translated" if not any(strings) else "a plural form is empty")
        return problems
    wanted = [fields(i) or set() for i in ids]
    every, some = set.intersection(*wanted), set.union(*wanted)
    for text in strings:
        got = fields(text)
        if got is None:
            problems.append(f"not a valid format string: {text[:60]!r}")
        elif not every <= got <= some:
            missing, extra = sorted(every - got), sorted(got - some)
            problems.append(f"placeholders differ (missing {missing}, unknown {extra})")
    return problems


def catalogue_problems(code: str, template: Catalog | None = None) -> list[Problem]:
    """Everything incomplete in language `code`'s catalogue against the template."""
    template = template if template is not None else read(TEMPLATE)
    path = po_path(code)
    if not path.is_file():
        return [Problem(code, "", f"no catalogue at {path.relative_to(ROOT)}")]
    catalog = read(path, code)
    problems = []
    for wanted in template:
        if not wanted.id:
            continue
        message = catalog.get(wanted.id, wanted.context)
        if message is None or message.id != wanted.id:
            problems.append(Problem(code, _first(wanted.id), "missing: run update"))
            continue
        for what in message_problems(code, message, catalog.num_plurals):
            problems.append(Problem(code, _first(wanted.id), what))
    return problems


def _first(msgid: str | Sequence[str]) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def summary(catalog: Catalog) -> str:
    messages = [m for m in catalog if m.id]
    done = sum(1 for m in messages if not m.fuzzy and _complete(m.string))
    fuzzy = sum(1 for m in messages if m.fuzzy)
    return f"{done} of {len(messages)} translated, {fuzzy} fuzzy"


def texts(value: str | Sequence[str] | None) -> tuple[str, ...]:
    """A message's id or string as Babel keeps it (one text, a plural's several, or None)
    as a tuple of texts."""
    if value is None:
        return ("",)
    return (value,) if isinstance(value, str) else tuple(value)


def _any_string(text: str | Sequence[str] | None) -> bool:
    return any(texts(text))


def _complete(text: str | Sequence[str] | None) -> bool:
    return all(texts(text))


def check(codes: Iterable[str]) -> tuple[list[str], bool]:
    lines, ok = [], True
    if not template_is_fresh(extract()):
        lines.append(f"{TEMPLATE.relative_to(ROOT)} is stale: run extract, then update")
        ok = False
    template = read(TEMPLATE)
    for code in codes:
        problems = catalogue_problems(code, template)
        state = "complete" if not problems else f"{len(problems)} problems"
        lines.append(f"{code}: {state}")
        lines += [f"  {p}" for p in problems[:20]]
        if len(problems) > 20:
            lines.append(f"  ... and {len(problems) - 20} more")
        ok = ok and not problems
    return lines, ok


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.tools.catalogue", description=__doc__.split("\n")[0]
    )
    parser.add_argument("command", choices=("extract", "update", "compile", "check"))
    parser.add_argument(
        "--languages",
        default=",".join(TRANSLATED),
        help=f"comma-separated codes (default: {','.join(TRANSLATED)})",
    )
    args = parser.parse_args(argv)
    codes = [c.strip() for c in args.languages.split(",") if c.strip()]
    unknown = [c for c in codes if c not in TRANSLATED]
    if unknown:
        parser.error(f"no such language: {', '.join(unknown)} (one of {', '.join(TRANSLATED)})")
    if args.command == "extract":
        print(f"{TEMPLATE.relative_to(ROOT)}: {write_template()} messages")
        return 0
    if args.command == "update":
        print("\n".join(update(codes)))
        return 0
    if args.command == "compile":
        print("\n".join(compile_catalogues(codes)))
        return 0
    lines, ok = check(codes)
    print("\n".join(lines))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
