"""`wolfbot audit`: who did what, when – every command of a round in the order it was
processed (`v_audit`), with its verdict and reason and the link to the forum post;
filtered by player, phase and verdict. The web console reads it with `audit_commands` too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from sqlalchemy import text
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.spelling import name_key
from wolfbot.spielleitung.rounds import (
    VERDICT_WORDS,
    ControlError,
    GameInfo,
    channel_label,
    engine_phase,
    local,
    phase_label,
    plain,
)

VERDICT_STYLES = {"accepted": "green", "rejected": "red", "pending": "yellow"}


@dataclass(frozen=True, slots=True)
class AuditFilter:
    player: str | None = None  # any spelling of the name (case, spaces)
    phase: str | None = None  # the engine's phase: "day 2"
    verdict: str | None = None  # accepted, rejected or pending

    @classmethod
    def of(
        cls, player: str | None = None, phase: str | None = None, verdict: str | None = None
    ) -> AuditFilter:
        """The filter as the Spielleitung writes it (`wolfbot audit --player … --phase …
        --verdict …`, the console's form): the phase as "Tag 2", "Nacht 1" or "day 2", the
        verdict as "angenommen", "abgelehnt", "offen" or the store's word; empty: no filter.
        ControlError for a phase or a verdict that is none."""
        wanted = (verdict or "").strip().casefold()
        found = None
        if wanted:
            found = next((v for v, word in VERDICT_WORDS.items() if wanted in (v, word)), None)
            if found is None:
                words = ", ".join(VERDICT_WORDS.values())
                raise ControlError(f"kein Urteil: {verdict!r} (eines von: {words})")
        shown = None
        if phase and phase.strip():
            try:
                shown = engine_phase(phase)
            except ValueError as error:
                raise ControlError(str(error)) from None
        return cls((player or "").strip() or None, shown, found)

    def describe(self) -> str:
        parts = []
        if self.player:
            parts.append(f"Spieler {self.player}")
        if self.phase:
            parts.append(phase_label(self.phase))
        if self.verdict:
            parts.append(VERDICT_WORDS.get(self.verdict, self.verdict))
        return ", ".join(parts)


def load_audit(
    sessions: sessionmaker[Session], game: GameInfo, only: AuditFilter = AuditFilter()
) -> list[dict[str, Any]]:
    """The game's commands from `v_audit`, oldest first, filtered."""
    sql = "SELECT * FROM v_audit WHERE game_id = :g"
    params: dict[str, Any] = {"g": game.id}
    if only.phase:
        sql += " AND phase = :phase"
        params["phase"] = only.phase
    if only.verdict:
        sql += " AND verdict = :verdict"
        params["verdict"] = only.verdict
    with sessions() as session:
        found = session.execute(text(sql + " ORDER BY command_id"), params).mappings()
        rows = [dict(r) for r in found]
    if only.player:
        wanted = name_key(only.player)
        rows = [r for r in rows if name_key(r["actor"]) == wanted]
    return rows


def audit_commands(
    sessions: sessionmaker[Session],
    game: GameInfo,
    *,
    player: str | None = None,
    phase: str | None = None,
    verdict: str | None = None,
) -> list[dict[str, Any]]:
    """The round's commands for the audit, oldest first – each a row of `v_audit`
    (command_id, at, phase, actor, channel, text, verdict, reason, decided_by, overturned,
    link, …: `wolfbot/store/README.md`) – of the player (any spelling), in the phase and
    with the verdict given, as `AuditFilter.of` reads them: what `wolfbot audit` shows (it
    keeps the filter for its title), for the console."""
    return load_audit(sessions, game, AuditFilter.of(player, phase, verdict))


def verdict_label(row: dict[str, Any]) -> str:
    word = VERDICT_WORDS.get(row["verdict"], row["verdict"])
    if row.get("decided_by") == "spielleitung":
        word += " (Spielleitung)"
    style = VERDICT_STYLES.get(row["verdict"])
    if row.get("overturned"):  # the night did not carry it out
        word, style = f"{word}, in der Nacht nicht ausgeführt", "yellow"
    return f"[{style}]{word}[/{style}]" if style else word


def render_audit(
    console: Console, game: GameInfo, rows: list[dict[str, Any]], only: AuditFilter, zone: ZoneInfo
) -> None:
    title = f"Protokoll: {escape(game.title)}"
    if only.describe():
        title += f" ({escape(only.describe())})"
    if not rows:
        console.print(f"{title}: keine Befehle.")
        return
    table = Table(title=title)
    for column in ("Nr.", "Zeit", "Phase", "Spieler", "Kanal", "Befehl", "Urteil", "Grund"):
        table.add_column(column, overflow="fold")
    table.add_column("Link", overflow="fold", no_wrap=False)
    for row in rows:
        link = row["link"] or ""
        if row.get("deleted"):
            link += " (gelöscht)"
        elif row.get("edit_count"):
            link += f" (bearbeitet {row['edit_count']}×)"
        table.add_row(
            str(row["command_id"]),
            local(row["at"], zone),
            phase_label(row["phase"]),
            plain(row["actor"]),
            channel_label(row["channel"]),
            plain(row["text"]),
            verdict_label(row),
            plain(row.get("overturned") or row["reason"]),
            plain(link),
        )
    console.print(table)
    counts = {v: sum(1 for r in rows if r["verdict"] == v) for v in VERDICT_WORDS}
    summary = ", ".join(f"{n} {VERDICT_WORDS[v]}" for v, n in counts.items() if n)
    overturned = sum(1 for r in rows if r.get("overturned"))
    if overturned:
        summary += f" ({overturned} davon in der Nacht nicht ausgeführt)"
    console.print(f"{len(rows)} Befehle: {summary}")
