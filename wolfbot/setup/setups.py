"""A ruleset's ready-made setups ("fertige Zusammenstellungen") as data:
`rules/<name>/setups.yaml` read into a validated, frozen `Setups` – each setup with the
player counts it fits, the cards it deals at each count and the house rules it sets; the
recommended number of Werwölfe; the lobby's weights and its band of "Ausgeglichen" (the
rating itself: `wolfbot.setup.lobby`).

A count by player number is a mapping "from this many players on: this many" (`{4: 1, 7: 2}`:
1 from 4 players on, 2 from 7 on). Checked on load, against the ruleset too: every role and
house rule named exists (roles by their canonical name), every role has a weight, a role
several players hold together comes as the whole group (the Freimaurer as a pair), and at
every player count of a setup its cards leave the filler a place or none."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from wolfbot.engine.spec import Ruleset
from wolfbot.rulesets import loader
from wolfbot.rulesets.loader import RULES_DIR, RulesetError, read_mapping
from wolfbot.spelling import name_key

FILE = "setups.yaml"
# "from this many players on: this many"
ByPlayers = dict[int, Annotated[int, Field(ge=0)]]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def count_at(counts: ByPlayers, players: int) -> int | None:
    """The count of a by-player-number mapping for `players` (None below its first entry)."""
    starts = [start for start in counts if start <= players]
    return counts[max(starts)] if starts else None


class Span(_Frozen):
    """From `min` to `max`, both included."""

    min: int
    max: int

    @model_validator(mode="after")
    def _ordered(self) -> Span:
        if self.max < self.min:
            raise ValueError(f"max {self.max} is below min {self.min}")
        return self

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.min <= value <= self.max

    @property
    def values(self) -> range:
        return range(self.min, self.max + 1)


class RoleEntry(_Frozen):
    """`count` cards of `role`, dealt from `from` players on (0: at every count)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    role: str
    count: int = Field(1, ge=1)
    from_players: int = Field(0, ge=0, alias="from")


class Setup(_Frozen):
    name: str
    text: str
    players: Span
    wolves: ByPlayers
    roles: tuple[RoleEntry, ...]
    options: dict[str, bool] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _wolves_from_the_start(self) -> Setup:
        if count_at(self.wolves, self.players.min) is None:
            raise ValueError(f"{self.name}: wolves start after {self.players.min} players")
        names = [entry.role for entry in self.roles]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise ValueError(f"{self.name}: roles listed twice: {', '.join(twice)}")
        return self

    def fits(self, players: int) -> bool:
        return players in self.players


class Recommendation(_Frozen):
    """The recommended number of Werwölfe by player count; `counted`: the roles that take
    its places ("Ein Günstling nimmt in der empfohlenen Zahl den Platz eines Werwolfs ein")."""

    wolves: ByPlayers
    counted: tuple[str, ...]


class RatingSpec(_Frozen):
    """The lobby's weights: what each card is worth to the Dorf, what a house rule adds when
    it is on, and the scores rated "Ausgeglichen"."""

    weights: dict[str, int]
    options: dict[str, int] = Field(default_factory=dict)
    balanced: Span


class Setups(_Frozen):
    players: Span
    wolf: str
    filler: str
    recommended: Recommendation
    rating: RatingSpec
    setups: tuple[Setup, ...]

    @model_validator(mode="after")
    def _consistent(self) -> Setups:
        problems: list[str] = []
        if self.players.min < 1:
            problems.append(f"players: at least 1, not {self.players.min}")
        if count_at(self.recommended.wolves, self.players.min) is None:
            problems.append(f"recommended: wolves start after {self.players.min} players")
        keys = [name_key(setup.name) for setup in self.setups]
        for setup in self.setups:
            if keys.count(name_key(setup.name)) > 1:
                problems.append(f"{setup.name}: two setups of that name")
            if not (setup.players.min in self.players and setup.players.max in self.players):
                problems.append(
                    f"{setup.name}: players beyond {self.players.min}–{self.players.max}"
                )
            dealt = {entry.role for entry in setup.roles} & {self.wolf, self.filler}
            if dealt:
                problems.append(f"{setup.name}: {', '.join(sorted(dealt))} among its roles")
            for players in setup.players.values:
                if self._fixed(setup, players) > players:
                    problems.append(f"{setup.name}: more cards than {players} players")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def setup(self, name: str) -> Setup | None:
        """The setup called `name`, in any case."""
        key = name_key(name)
        return next((s for s in self.setups if name_key(s.name) == key), None)

    def _fixed(self, setup: Setup, players: int) -> int:
        wolves = count_at(setup.wolves, players) or 0
        return wolves + sum(e.count for e in setup.roles if e.from_players <= players)

    def cards(self, setup: Setup, players: int) -> dict[str, int]:
        """The cards `setup` deals to `players`: its Werwölfe, its roles from their player
        count on, the filler in every place left (a count of 0 is left out)."""
        if not setup.fits(players):
            raise ValueError(f"{setup.name} fits {setup.players.min}–{setup.players.max} players")
        wolves = count_at(setup.wolves, players) or 0
        dealt = {self.wolf: wolves}
        for entry in setup.roles:
            if entry.from_players <= players:
                dealt[entry.role] = entry.count
        dealt[self.filler] = players - self._fixed(setup, players)
        return {role: count for role, count in dealt.items() if count}

    def recommended_wolves(self, players: int) -> int | None:
        """The recommended number of Werwölfe (None outside the ruleset's player counts)."""
        return count_at(self.recommended.wolves, players) if players in self.players else None


def held_by(role: str, ruleset: Ruleset) -> int:
    """How many players hold `role` together ("Die Freimaurer kommen als Paar": 2), else 1."""
    return ruleset.role_groups.get(ruleset.roles[role].heading or "", 1)


def ruleset_problems(setups: Setups, ruleset: Ruleset) -> list[str]:
    """What `setups` says that `ruleset` does not know, or deals against its role groups."""
    problems: list[str] = []
    named = [
        setups.wolf,
        setups.filler,
        *setups.recommended.counted,
        *setups.rating.weights,
        *(entry.role for setup in setups.setups for entry in setup.roles),
    ]
    unknown = sorted({name for name in named if name not in ruleset.roles})
    if unknown:
        problems.append(f"not a role of {ruleset.name} (by its name): {', '.join(unknown)}")
    unweighted = sorted(set(ruleset.roles) - set(setups.rating.weights))
    if unweighted:
        problems.append(f"rating: no weight for {', '.join(unweighted)}")
    switches = [*setups.rating.options, *(o for s in setups.setups for o in s.options)]
    for option in sorted(set(switches)):
        spec = ruleset.options.get(option)
        if spec is None or not isinstance(spec.default, bool):
            problems.append(f"{option}: not a house rule of {ruleset.name} that is on or off")
    if unknown:
        return problems
    for setup in setups.setups:
        for entry in setup.roles:
            size = held_by(entry.role, ruleset)
            if size > 1 and entry.count != size:
                problems.append(
                    f"{setup.name}: {size} players hold {entry.role}, not {entry.count}"
                )
    return problems


def ready_made(
    name: str, players: int, *, most_roles: bool = False
) -> tuple[list[str], dict[str, bool]] | None:
    """The roles and house rules of a ready-made setup for `players` – the first that fits
    (Wolf Village's Einsteiger, "für erste Partien und neue Runden gedacht"), or with
    `most_roles` the one with the most different roles (the demo's showcase); None for a
    ruleset without setups or none that fits."""
    if not has_setups(name):
        return None
    setups = load_setups(name)
    fitting = [s for s in setups.setups if s.fits(players)]
    if not fitting:
        return None
    chosen = max(fitting, key=lambda s: len(setups.cards(s, players))) if most_roles else fitting[0]
    cards = setups.cards(chosen, players)
    return [role for role, count in cards.items() for _ in range(count)], dict(chosen.options)


def has_setups(name: str, rules_dir: Path = RULES_DIR) -> bool:
    """Whether the ruleset `name` has ready-made setups (`rules/<name>/setups.yaml`)."""
    return (rules_dir / name / FILE).is_file()


@cache
def load_setups(name: str, rules_dir: Path = RULES_DIR) -> Setups:
    """The setups of the ruleset `name` (`rules/<name>/setups.yaml`), checked against it."""
    path = rules_dir / name / FILE
    if not path.is_file():
        raise RulesetError(f"{path}: the ruleset {name!r} has no ready-made setups")
    try:
        setups = Setups.model_validate(read_mapping(path))
    except ValidationError as exc:
        raise RulesetError(f"{path}: {exc}") from exc
    problems = ruleset_problems(setups, loader.load(name, rules_dir))
    if problems:
        raise RulesetError(f"{path}: {'; '.join(problems)}")
    return setups
