"""The README a newcomer reads: the two commands and what they do on the first screen, short
sentences, and the guides it links to there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
README = ROOT / "README.md"
FIRST_SCREEN = 25  # lines of a terminal or a repository page before one scrolls
LONGEST_SENTENCE = 40  # words


def prose(text: str) -> str:
    """The text without code blocks, indented commands, tables and headings."""
    lines = []
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced or line.startswith(("    ", "|", "#")):
            lines.append("")  # a paragraph ends here
            continue
        if line.startswith(("- ", "* ")) or re.match(r"\d+\. ", line):
            lines.append("")  # so does a list item
        lines.append(line)
    return "\n".join(lines)


def sentences(text: str) -> list[str]:
    paragraphs = re.split(r"\n\s*\n", prose(text))
    found = []
    for paragraph in paragraphs:
        flat = " ".join(paragraph.split())
        found += [s for s in re.split(r"(?<=[.!?:])\s+(?=[A-Z`(*\[])", flat) if s]
    return found


def test_the_two_commands_are_on_the_first_screen() -> None:
    first = README.read_text().splitlines()[:FIRST_SCREEN]
    commands = [line.strip() for line in first if line.startswith("    ")]
    assert any(c.endswith("pip install -e '.[dev]' && wolfbot demo") for c in commands)
    assert ". .venv/bin/activate && pytest" in commands


@pytest.mark.parametrize("path", ["README.md", "docs/spielleitung.md", "docs/developers.md"])
def test_no_sentence_is_longer_than_forty_words(path: str) -> None:
    long = [s for s in sentences((ROOT / path).read_text()) if len(s.split()) > LONGEST_SENTENCE]
    assert long == []


@pytest.mark.parametrize("guide", ["docs/spielleitung.md", "docs/developers.md"])
def test_the_guides_are_linked_from_the_readme(guide: str) -> None:
    assert f"]({guide})" in README.read_text()
    assert (ROOT / guide).exists()


def test_every_file_the_readme_links_exists() -> None:
    links = re.findall(r"\]\(([^)#]+)\)", README.read_text())
    assert links and [link for link in links if not (ROOT / link).exists()] == []
