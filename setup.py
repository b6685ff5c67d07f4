"""The wheel's one build step beyond pyproject.toml: compile the translations.

Every game/locale/<lang>/LC_MESSAGES/yahtzee.po is compiled with Babel into a .mo beside it in
the build folder, so a wheel (and `pip install .`, pipx) carries ready catalogues. The .mo
files are never kept in git; a checkout or an editable install reads the .po instead (game.i18n
compiles it in memory). Everything else is declared in pyproject.toml.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DOMAIN = "yahtzee"  # game.i18n.catalogues.DOMAIN (this file cannot import the game)


class BuildWithCatalogues(build_py):
    """build_py, then every .po compiled into the build folder's game/locale/."""

    def run(self) -> None:
        super().run()
        if not getattr(self, "editable_mode", False):  # an editable install reads the .po
            for po, mo in self._catalogues():
                self.announce(f"compiling {po} -> {mo}", level=2)
                compile_catalogue(po, mo)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        return outputs + [str(mo) for _po, mo in self._catalogues()]

    def _catalogues(self) -> list[tuple[Path, Path]]:
        source = Path(__file__).resolve().parent / "game" / "locale"
        target = Path(self.build_lib) / "game" / "locale"
        return [
            (po, target / po.relative_to(source).with_suffix(".mo"))
            for po in sorted(source.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
        ]


def compile_catalogue(po: Path, mo: Path) -> None:
    """The .po's translated, not fuzzy, messages as a .mo (what game.i18n reads)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    code = po.parent.parent.name
    with po.open("rb") as source:
        catalog = read_po(source, locale=code, domain=DOMAIN)
    mo.parent.mkdir(parents=True, exist_ok=True)
    with mo.open("wb") as out:
        write_mo(out, catalog, use_fuzzy=False)


setup(cmdclass={"build_py": BuildWithCatalogues})
