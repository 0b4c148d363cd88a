"""The table of the Spielleitung's interventions (`wolfbot interventions`, and `wolfbot
status` for those still waiting or refused) and its German words. Light: rich and the
labels only."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from rich.text import Text

from wolfbot.spielleitung.fitting import FitTable
from wolfbot.spielleitung.labels import VERDICT_WORDS, local, plain
from wolfbot.spielleitung.words import WORDS
from wolfbot.store.intervention_values import StoredIntervention

GERMAN = WORDS["de"]

# the German words of the kinds and states (`words.WORDS`, which the decisions say too)
KIND_WORDS = {k.partition(".")[2]: v for k, v in GERMAN.items() if k.startswith("kind.")}
STATE_WORDS = {k.partition(".")[2]: v for k, v in GERMAN.items() if k.startswith("state.")}
STATE_STYLES = {"pending": "yellow", "applied": "green", "refused": "red"}


def interventions_table(title: str, rows: list[StoredIntervention], zone: ZoneInfo) -> FitTable:
    """The interventions as a table that keeps its words whole at any width."""
    columns = ["Nr.", "Zeit", "Art", "Spieler", "Was", "Grund", "von", "Zustand", "Ablehnung"]
    table = FitTable(title, columns)
    for r in rows:
        style = STATE_STYLES.get(r.state, "")
        state = STATE_WORDS.get(r.state, r.state)
        if r.state == "applied" and r.log_position is not None:
            state += f" (ab Ereignis {r.log_position})"
        table.add_row(
            str(r.id),
            local(r.applied_at or r.requested_at, zone),
            KIND_WORDS.get(r.kind, r.kind),
            plain(r.player),
            plain(_what(r)),
            plain(r.reason),
            plain(r.requested_by),
            Text(state, style=style),
            plain(r.refusal),
        )
    return table


def _what(row: StoredIntervention) -> str:
    if row.kind in ("accept", "reject") and row.command is not None:
        text = row.command_text or row.command.text
        engine = VERDICT_WORDS["rejected" if row.kind == "accept" else "accepted"]
        return f"Befehl {row.command.id}: {text} (Engine: {engine})"
    if row.kind == "expire":
        return f"Frage ({row.argument})"
    if row.kind == "restore":
        return f"Beitrag Nr. {row.argument}"
    if row.kind == "warn":
        return f"angedrohte Sanktion: {row.argument}"
    if row.kind == "sanction":
        return f"verhängt: {row.argument}"
    return row.argument or ""
