"""The scenario file format, validated."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from wolfbot.engine.spec import Channel
from wolfbot.rulesets.loader import YAML_LOADER


class ScenarioError(ValueError):
    """A scenario file that is not valid; the message names the file and what is wrong."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class PlayerEntry(_Strict):
    name: str
    role: str


class Post(_Strict):
    by: str
    in_: Channel = Field(alias="in")
    text: str


class ExpectedFlag(_Strict):
    """wolfbot's check beyond the shared format: a conduct flag for the Spielleitung – whose
    post, which rule (`zitat`, `offenbarung`, `andeutung`, `ausserhalb`), and optionally a
    string found in its evidence (any case; the words as the post writes them)."""

    player: str
    rule: Literal["zitat", "offenbarung", "andeutung", "ausserhalb"]
    evidence: str | None = None


class Expect(_Strict):
    phase: str | None = None
    alive: list[str] | None = None
    dead: list[str] | None = None
    deaths: dict[str, str] | None = None
    roles: dict[str, str] | None = None
    mayor: str | None = None
    alpha: str | None = None
    lovers: list[str] | None = None
    winner: str | None = None
    votes: dict[str, int] | None = None
    pending: list[str] | None = None
    rejected: list[str] | None = None
    public: list[str] | None = None
    private: dict[str, list[str]] | None = None
    not_public: list[str] | None = None
    not_private: dict[str, list[str]] | None = None
    # wolfbot's: exactly the conduct flags raised since the previous expect (order free)
    flags: list[ExpectedFlag] | None = None


class Intervene(_Strict):
    """wolfbot's step beyond the shared format: a decision of the Spielleitung –
    `victim` (Die Schwarze Pest's victim of the night), `kill`, `exclude`, `revive`,
    `role` (with `argument`: the new role), `win` (with `argument`: the faction awarded
    the win; no player), `warn` (the Ermahnung; `argument`: the sanction that threatens
    him) or `sanction` (`argument`: the sanction announced). `refused`: the step expects
    the rules to refuse it, with a reason holding this text (any case); nothing changes."""

    kind: Literal["victim", "kill", "exclude", "revive", "role", "win", "warn", "sanction"]
    player: str = ""
    argument: str = ""
    reason: str = "Szenario"
    refused: str | None = None


class SharedConversation(_Strict):
    """wolfbot's step beyond the shared format: a conversation that `by` opened with `with_`
    (and the bot's account, which therefore sees it) – not one of the round's."""

    by: str
    with_: list[str] = Field(alias="with")
    title: str = "Unter uns"
    text: str = ""


class Step(_Strict):
    post: Post | None = None
    conversation: SharedConversation | None = None
    advance: dict | None = None
    expect: Expect | None = None
    intervene: Intervene | None = None
    line: int = 0

    @model_validator(mode="after")
    def _exactly_one(self) -> Step:
        steps = (self.post, self.advance, self.expect, self.intervene, self.conversation)
        if sum(x is not None for x in steps) != 1:
            raise ValueError(
                "each step has exactly one of post, advance, expect, intervene, conversation"
            )
        return self


class Scenario(_Strict):
    title: str
    ruleset: str
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int = 0
    players: list[PlayerEntry]
    spare_roles: list[str] = Field(default_factory=list)
    # wolfbot's: the round's Offenbarungsregelung (`[round] outing` / `outing_roles`; none:
    # the absolute Offenbarungs- und Andeutungsverbot)
    outing: list[str] = Field(default_factory=list)
    outing_roles: list[str] = Field(default_factory=list)
    script: list[Step]
    path: str = ""


def load(path: Path) -> Scenario:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise ScenarioError(f"Die Szenariodatei {path} gibt es nicht – prüfe den Pfad.") from exc
    except OSError as exc:
        raise ScenarioError(
            f"Die Szenariodatei {path} lässt sich nicht lesen (ist sie ein Ordner, oder fehlen "
            "Leserechte?) – prüfe sie mit ls -l."
        ) from exc
    try:
        data = yaml.load(text, Loader=YAML_LOADER)
        node = yaml.compose(text, Loader=YAML_LOADER)
    except yaml.YAMLError as exc:
        raise ScenarioError(f"{path}: {exc}") from exc
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario is a mapping")
    lines = _script_lines(node)
    for index, step in enumerate(data.get("script") or []):
        if isinstance(step, dict) and index < len(lines):
            step["line"] = lines[index]
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        raise ScenarioError(f"{path}: {exc}") from exc
    scenario.path = str(path)
    return scenario


def _script_lines(node: yaml.Node | None) -> list[int]:
    if not isinstance(node, yaml.MappingNode):
        return []
    for key, value in node.value:
        if key.value == "script" and isinstance(value, yaml.SequenceNode):
            return [item.start_mark.line + 1 for item in value.value]
    return []
