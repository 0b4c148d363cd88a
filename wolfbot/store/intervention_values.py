"""The Spielleitung's interventions as the store returns them: plain values, standard library
only (`wolfbot status` shows them without loading the store's SQLAlchemy side);
`interventions` reads and writes them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class LinkedCommand:
    """The `commands` row an accept or reject decides on."""

    id: int
    actor: str
    channel: str
    phase: str
    word: str | None
    targets: tuple[str, ...]
    text: str
    verdict: str
    decided_by: str


@dataclass(frozen=True, slots=True)
class StoredIntervention:
    """One row of `interventions`, with the command it decides on (accept/reject)."""

    id: int
    game_id: int
    kind: str
    player: str | None
    argument: str | None
    command_text: str | None
    command_id: int | None
    reason: str
    requested_by: str
    requested_at: datetime
    state: str
    applied_at: datetime | None
    refusal: str | None
    log_position: int | None
    command: LinkedCommand | None = None
