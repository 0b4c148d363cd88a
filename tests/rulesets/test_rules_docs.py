"""The roles table of every ruleset in docs/ is the generated one (regenerate:
`wolfbot rules show NAME --markdown > docs/NAME-rollen.md`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wolfbot.rulesets import loader
from wolfbot.rulesets.table import markdown

DOCS = Path(__file__).parents[2] / "docs"


@pytest.mark.parametrize("name", loader.available())
def test_the_roles_table_in_the_docs_is_current(name: str) -> None:
    doc = DOCS / f"{name}-rollen.md"
    assert doc.read_text(encoding="utf-8") == markdown(loader.load(name))


def test_the_table_names_what_is_missing_and_the_variants() -> None:
    text = markdown(loader.load("duesterliga"))
    assert "## Noch nicht umgesetzt (0)\n\nKeine." in text  # every role heading of the text
    assert "| Sektenführer | – | Sekte (Variante Die Sekte) |" in text
    assert "| `vampirismus` | Vampirismus | Ghul, Vampir, Vampirjäger. |" in text
    assert "| Seherin | Seher | Dorf | !Sehen | 19. Seherin |" in text
