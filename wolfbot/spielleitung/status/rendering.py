"""`wolfbot status` on the terminal: the round's `Status` as tables, in German, that read
well at 80 columns and at 200 (`fitting.FitTable`: no word is cut; when a table's words do
not fit side by side, its rows become paragraphs)."""

from __future__ import annotations

import json
from collections import Counter
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from wolfbot.forum.trouble import described
from wolfbot.outbox.keys import waiting
from wolfbot.spielleitung.fitting import Column, FitTable
from wolfbot.spielleitung.intervention_table import interventions_table
from wolfbot.spielleitung.labels import (
    STATUS_WORDS,
    channel_label,
    deadline_label,
    local,
    phase_label,
    plain,
)
from wolfbot.spielleitung.status.loading import Queued, Status

QUESTION_WORDS = {
    "shot": "Schuss (Jäger)",
    "successor_mayor": "Nachfolger (Bürgermeister)",
    "successor_alpha": "Nachfolger (Alphawolf)",
    "lynch_tie": "Gleichstand (Lynch)",
    "attack_tie": "Gleichstand (Angriff)",
}
STATE_WORDS = {
    "queued": "wartet",
    "sending": "wird gesendet",
    "uncertain": "unsicher (wird geprüft)",
    "failed": "fehlgeschlagen",
    "blocked": "blockiert",
    "sent": "veröffentlicht",
    "draft": "Entwurf (wartet auf approve)",
}
KIND_WORDS = {
    "post": "Beitrag",
    "conversation": "Konversation",
    "add_participants": "Teilnehmer",
    "edit": "Änderung",
}
SHOWN_DEADLINES = 8


def render_status(console: Console, status: Status, zone: ZoneInfo, now: datetime) -> None:
    game = status.game
    head = FitTable(f"Runde {game.id}", ["", ""], show_header=False, first_column_style="bold")
    head.add_row("Titel", plain(game.title))
    head.add_row("Phase", f"{phase_label(game.phase)} ({game.phase})")
    head.add_row("Status", STATUS_WORDS.get(game.status, game.status))
    head.add_row("Spieler", f"{status.alive} von {status.players} am Leben")
    head.add_row("Regelwerk, Seed", f"{game.ruleset}, {game.seed}")
    console.print(head)
    if status.estimate:
        _estimate(console, status.estimate)

    if status.deadlines:
        table = FitTable("Nächste Fristen", ["Frist", "Was", "Fällig", ""])
        for deadline in status.deadlines[:SHOWN_DEADLINES]:
            late = "überfällig" if deadline.at <= now else ""
            if deadline.name in status.waiting:
                late = f"wartet seit {local(status.waiting[deadline.name][1], zone)}"
            table.add_row(
                deadline.name, deadline_label(deadline.name), local(deadline.at, zone), late
            )
        console.print(table)
        for name, (why, _since) in status.waiting.items():
            console.print(f"[yellow]{escape(name)} wartet: {escape(why)}[/yellow]")
        rest = len(status.deadlines) - SHOWN_DEADLINES
        if rest > 0:
            console.print(f"… und {rest} weitere Fristen")
    else:
        console.print("Keine offenen Fristen.")

    if status.tally is not None:
        day = game.phase.split(" ")[-1]
        if status.tally:
            table = FitTable(
                f"Abstimmung, Tag {day}", ["Ziel", Column("Stimmen", "right"), "Wähler"]
            )
            for vote in status.tally:
                table.add_row(plain(vote.target), str(vote.votes), plain(vote.voters))
            console.print(table)
        else:
            console.print(f"Abstimmung, Tag {day}: noch keine Stimmen.")
        waiting = escape(", ".join(status.non_voters) or "niemand")
        console.print(f"Noch nicht abgestimmt: {waiting}")

    if status.questions:
        table = FitTable("Offene Fragen", ["Nr.", "Spieler", "Art", "Frage", "Optionen", "Frist"])
        for q in status.questions:
            options = ", ".join(json.loads(q["options"] or "[]"))
            kind = QUESTION_WORDS.get(q["kind"], q["kind"])
            due = local(q["deadline"], zone) or "keine"
            who, prompt = plain(q["player"]), plain(q["prompt"])
            table.add_row(str(q["question_id"]), who, kind, prompt, plain(options), due)
        console.print(table)
    else:
        console.print("Keine offenen Fragen.")

    if status.undecided:
        title = "Offene Befehle (accept/reject der Spielleitung)"
        console.print(_commands_table(title, status.undecided, zone))

    for player, why, reserve in status.replacements:
        console.print(
            f"[yellow]{escape(player)} ist {why}: Vorschlag – der nächste Reservespieler "
            f"{escape(reserve)} nimmt seinen Platz ein und erfährt alles, was {escape(player)} "
            f"bisher mitgeteilt wurde. Bestätigen mit: wolfbot override replace "
            f'"{escape(player)}" --reason "{why}"[/yellow]'
        )

    if status.rejected:
        title = (
            f"Fehlerhafte Befehle, {phase_label(game.phase)} – „Die Spielleitung entscheidet"
            " nach eigenem Ermessen, ob sie einen fehlerhaften Befehl dennoch gelten lassen"
            " will“: wolfbot accept NR --reason …"
        )
        console.print(_commands_table(title, status.rejected, zone))

    if status.deleted:
        console.print(
            f"[yellow]Gelöschte Beiträge, nicht wiederhergestellt: {status.deleted}[/yellow]"
            " – „Die Spielleitung stellt gelöschte Beiträge wieder her“: wolfbot deleted,"
            " wolfbot restore NR --reason …"
        )

    if status.conduct_open:
        console.print(
            f"[yellow]Verhalten: {status.conduct_open} offene Meldung"
            f"{'en' if status.conduct_open != 1 else ''}[/yellow] – wolfbot conduct zeigt sie"
            " mit Beleg; entscheiden: wolfbot conduct dismiss NR --reason …, wolfbot warn,"
            " wolfbot sanction"
        )

    if status.interventions:
        title = "Eingriffe der Spielleitung: wartend oder abgelehnt (wolfbot interventions)"
        console.print(interventions_table(title, status.interventions, zone))

    if status.night_actions is not None:
        night = phase_label(game.phase)
        if status.night_actions:
            table = FitTable(
                f"Abgegebene Aktionen, {night}", ["Spieler", "Befehl", "Kanal", "Zeit", "Link"]
            )
            for a in status.night_actions:
                table.add_row(
                    plain(a["actor"]),
                    plain(a["text"]),
                    channel_label(a["channel"]),
                    local(a["at"], zone),
                    plain(a["link"]),
                )
            console.print(table)
        else:
            console.print(f"{night}: noch keine Aktionen abgegeben.")

    if status.outbox:
        columns = ["Schlüssel", "Art", "Titel", "Zustand", "bis", "Versuche", "Grund"]
        table = FitTable("Warteschlange: nicht veröffentlicht", columns)
        for m in status.outbox:
            until = local(m.not_before, zone)  # not before: when it may be tried again
            table.add_row(
                plain(m.key),
                KIND_WORDS.get(m.kind, m.kind),
                plain(m.title),
                STATE_WORDS.get(m.state, m.state),
                until,
                str(m.attempts) if m.attempts else "",  # failed tries; none: nothing shown
                plain(reason(m, now)),
            )
        console.print(table)
    counts: dict[str, int] = {}
    for m in status.outbox:
        counts[m.state] = counts.get(m.state, 0) + 1
    parts = [f"{status.sent} veröffentlicht"]
    parts += [f"{n} {STATE_WORDS.get(state, state)}" for state, n in sorted(counts.items())]
    if status.superseded:
        parts.append(f"{status.superseded} ersetzte Änderungen")
    console.print(f"Warteschlange: {', '.join(parts)}")
    if counts.get("draft"):
        console.print(f"Entwürfe: {counts['draft']} warten auf `wolfbot approve` (wolfbot drafts).")


def _commands_table(title: str, commands: list[dict[str, Any]], zone: ZoneInfo) -> FitTable:
    """Commands waiting for the Spielleitung's word, or that did not count: Nr., time,
    player, channel, command, reason, link."""
    columns = ["Nr.", "Zeit", "Spieler", "Kanal", "Befehl", "Grund", "Link"]
    table = FitTable(title, columns)
    for c in commands:
        table.add_row(
            str(c["command_id"]),
            local(c["at"], zone),
            plain(c["actor"]),
            channel_label(c["channel"]),
            plain(c["text"]),
            plain(c["reason"]),
            plain(c["link"]),
        )
    return table


INTERRUPTED = "interrupted while sending"  # `outbox.queue.Outbox._recover`


def reason(message: Queued, now: datetime) -> str:
    """Why a message of the write queue is not out: the limit of the forum that holds it,
    the conversation it goes into that is not open yet, the forum's last refusal or
    failure – or that it goes out at the bot's next pass; in German."""
    why = waiting(message.last_error)
    if why is not None:
        return why
    if message.waits_for is not None and message.state == "queued":
        return f"wartet, bis die Konversation „{message.waits_for}“ eröffnet ist"
    if not message.last_error:
        due = message.not_before is None or message.not_before <= now
        return "geht beim nächsten Durchgang des Bots hinaus" if due else ""
    if message.last_error.startswith(INTERRUPTED):
        return "beim Senden unterbrochen; vor dem nächsten Versuch wird im Forum nachgesehen"
    return described(message.last_error)


def _estimate(console: Console, estimate: dict[str, Any]) -> None:
    """The drawn roles' estimate, as `wolfbot run` made it at the start."""
    counts = Counter(estimate.get("roles") or [])
    roles = ", ".join(f"{n}× {r}" if n > 1 else r for r, n in sorted(counts.items()))
    if roles:
        console.print(Text(f"Gezogene Rollen: {roles}."))
    console.print(Text(f"Schätzung {estimate.get('summary', '')}."))
    if estimate.get("meaning"):
        console.print(Text(str(estimate["meaning"])))
