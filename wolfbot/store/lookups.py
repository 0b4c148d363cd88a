"""What the repository's modules (`rounds`, `inputs`, `event_log`) share inside a
transaction: the clock, and the rows they look up (raising `UnknownGame`,
`UnknownPlayer` or `StoreError` for one that is not there)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from wolfbot.store.errors import StoreError, UnknownGame, UnknownPlayer
from wolfbot.store.models import GameRow, PlayerRow, QuestionRow, RoleChangeRow, ScheduleEntry


def utc_now() -> datetime:
    return datetime.now(UTC)


def game_row(session: Session, game_id: int) -> GameRow:
    game = session.get(GameRow, game_id)
    if game is None:
        raise UnknownGame(f"no game {game_id}")
    return game


def find_player(session: Session, game_id: int, name: str) -> PlayerRow | None:
    return session.scalar(
        select(PlayerRow).where(PlayerRow.game_id == game_id, PlayerRow.name == name)
    )


def player_row(session: Session, game_id: int, name: str) -> PlayerRow:
    player = find_player(session, game_id, name)
    if player is None:
        raise UnknownPlayer(f"{name} is not a player of game {game_id} (add_players first)")
    return player


def current_role(session: Session, player: PlayerRow) -> str | None:
    latest = session.scalar(
        select(RoleChangeRow.to_role)
        .where(RoleChangeRow.player_id == player.id)
        .order_by(RoleChangeRow.id.desc())
        .limit(1)
    )
    return latest if latest is not None else player.role


def add_role_change(
    session: Session,
    game_id: int,
    name: str,
    role: str,
    at: datetime,
    *,
    reason: str | None = None,
    event_id: int | None = None,
) -> None:
    """A row in `role_changes`: from the player's current role to `role`."""
    player = player_row(session, game_id, name)
    session.add(
        RoleChangeRow(
            game_id=game_id,
            player_id=player.id,
            from_role=current_role(session, player),
            to_role=role,
            reason=reason,
            at=at,
            event_id=event_id,
        )
    )


def open_question(session: Session, game_id: int, player_id: int, kind: str) -> QuestionRow | None:
    return session.scalar(
        select(QuestionRow)
        .where(QuestionRow.game_id == game_id, QuestionRow.player_id == player_id)
        .where(QuestionRow.kind == kind, QuestionRow.answered_at.is_(None))
        .order_by(QuestionRow.id.desc())
        .limit(1)
    )


def schedule_entry(session: Session, game_id: int, name: str) -> ScheduleEntry:
    entry = session.scalar(
        select(ScheduleEntry).where(ScheduleEntry.game_id == game_id, ScheduleEntry.name == name)
    )
    if entry is None:
        raise StoreError(f"nothing named {name!r} is scheduled in game {game_id}")
    return entry
