"""`wolfbot deleted`: the posts deleted or edited after the bot read them, with the text
the bot kept (`v_deleted`, `v_edited`) – "Die Spielleitung stellt gelöschte Beiträge
wieder her", "Auf Antrag stellt die Spielleitung den früheren Zustand eines Beitrags wieder
her": the Nr. of each kept version is the one `wolfbot restore NR --reason …` takes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from sqlalchemy import text
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.forum import software
from wolfbot.spielleitung.rounds import GameInfo, local, plain

FORUM_CHANNELS = {"thread": "Thema", "conversation": "Konversation"}


@dataclass
class Changed:
    """What `wolfbot deleted` shows of one round."""

    deleted: list[dict[str, Any]] = field(default_factory=list)
    edited: list[dict[str, Any]] = field(default_factory=list)


def load_changed(sessions: sessionmaker[Session], game: GameInfo) -> Changed:
    with sessions() as session:
        deleted = session.execute(
            text("SELECT * FROM v_deleted WHERE game_id = :g ORDER BY posted_at, input_id"),
            {"g": game.id},
        ).mappings()
        found = Changed(deleted=[dict(r) for r in deleted])
        edited = session.execute(
            text("SELECT * FROM v_edited WHERE game_id = :g ORDER BY input_id"), {"g": game.id}
        ).mappings()
        found.edited = [dict(r) for r in edited]
    return found


def kept_text(html: str | None) -> str:
    """A kept post's visible text, its command lines included (quotes and spoilers left
    out, as everywhere the bot reads a post)."""
    return software.stored_dialect().read(html or "").text


def where(forum_channel: str) -> str:
    kind, _, number = forum_channel.partition(":")
    return f"{FORUM_CHANNELS.get(kind, kind)} {number}"


def restored(row: dict[str, Any], zone: ZoneInfo) -> str:
    if row.get("restored_at"):
        return f"wiederhergestellt {local(row['restored_at'], zone)}"
    return "nein"


def render_changed(console: Console, game: GameInfo, changed: Changed, zone: ZoneInfo) -> None:
    title = f"Gelöschte Beiträge: {escape(game.title)}"
    if not changed.deleted:
        console.print(f"{title}: keine.")
    else:
        table = Table(title=title)
        for column in ("Nr.", "Geschrieben", "Spieler", "Wo", "gezählt", "Befehle", "Text"):
            table.add_column(column, overflow="fold")
        table.add_column("Link", overflow="fold")
        table.add_column("Wiederhergestellt", overflow="fold")
        for row in changed.deleted:
            table.add_row(
                str(row["input_id"]),
                local(row["posted_at"], zone),
                plain(row["author"]),
                where(row["forum_channel"]),
                "ja" if row["counted"] else "nein (Bearbeitung)",
                plain(row["commands"]),
                plain(kept_text(row["html"])),
                plain(row["link"]),
                restored(row, zone),
            )
        console.print(table)
    if changed.edited:
        table = Table(
            title=f"Bearbeitete Beiträge: {escape(game.title)} – es gilt die erste Fassung"
        )
        for column in ("Nr.", "Gesehen", "Spieler", "Wo", "Befehle", "nicht gezählt"):
            table.add_column(column, overflow="fold")
        for column in ("erste Fassung", "bearbeitet", "Link", "Wiederhergestellt"):
            table.add_column(column, overflow="fold")
        for row in changed.edited:
            table.add_row(
                str(row["first_id"]),
                local(row["seen_at"], zone),
                plain(row["author"]),
                where(row["forum_channel"]),
                plain(row["first_commands"]),
                plain(row["not_counted"]),
                plain(kept_text(row["first_html"])),
                plain(kept_text(row["html"])),
                plain(row["link"]),
                restored({"restored_at": row["restored_at"]}, zone),
            )
        console.print(table)
    if changed.deleted or changed.edited:
        console.print(
            "Wiederherstellen (der Bot zitiert den Beitrag, wie er ihn gelesen hat, dorthin "
            "zurück, wo er stand): wolfbot restore NR --reason …"
        )
