"""Where the files that stand beside the package in the source tree are: `rules/`,
`migrations/`, `config.example.toml`. A wheel carries them as `wolfbot/_data/…` (setup.py
copies them there); an editable install finds them in the source tree. Standard library
only: the store and the command line ask it too."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent


def shipped(name: str) -> Path:
    """The path of `name` ("rules", "migrations", "config.example.toml")."""
    inside = PACKAGE / "_data" / name
    return inside if inside.exists() else PACKAGE.parent / name
