"""The conduct flags in the store (`conduct_flags`): the bot stages the flags of a post with
the post's rows (`stage_flags`, in the intake's transaction: a post read again flags nothing
twice, by the flag's key); the Spielleitung puts a breach the bot cannot see on record
(`record_breach`), dismisses a flag with a reason (`dismiss`), and an Ermahnung or a Sanktion
marks the flags it dealt with (`mark_dealt_with`). `load` and `open_count` read them for
`wolfbot conduct` and `wolfbot status`; `breaches_since` for the rule that a sanction other
than the announced one needs a new breach ("es sei denn, der Spieler verhält sich erneut
verboten"). Every function works in the caller's transaction; the caller commits."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from wolfbot.conduct.flags import Flag
from wolfbot.store.batch import RowBatch
from wolfbot.store.errors import StoreError
from wolfbot.store.lookups import utc_now
from wolfbot.store.models import CONDUCT_RULES, ConductFlag

BOT = "bot"  # `found_by` of a flag the bot found in a post


@dataclass(frozen=True, slots=True)
class StoredFlag:
    """A flag as `wolfbot conduct` shows it."""

    id: int
    input_id: int | None
    rule: str
    player: str
    channel: str
    url: str
    posted_at: datetime
    phase: str
    clause: str
    evidence: str
    source: str
    source_text: str
    found_by: str
    found_at: datetime
    state: str
    decided_at: datetime | None
    decided_by: str | None
    decision: str | None
    intervention_id: int | None

    @property
    def open(self) -> bool:
        return self.state == "open"


def _stored(row: ConductFlag) -> StoredFlag:
    return StoredFlag(
        row.id, row.input_id, row.rule, row.player, row.channel, row.url, row.posted_at,
        row.phase, row.clause, row.evidence, row.source, row.source_text, row.found_by,
        row.found_at, row.state, row.decided_at, row.decided_by, row.decision,
        row.intervention_id,
    )  # fmt: skip


def stage_flags(
    batch: RowBatch,
    game_id: int,
    input_id: int,
    flags: Sequence[Flag],
    *,
    url: str,
    posted_at: datetime,
    phase: str,
    now: datetime,
) -> list[int]:
    """Stage the flags of the post `input_id` in the intake's batch (a flag of this post with
    the same key, from an earlier reading, is not staged again); returns their ids."""
    if not flags:
        return []
    known: set[str] = set()
    if not batch.optimistic:
        known = set(
            batch.session.scalars(
                select(ConductFlag.key).where(
                    ConductFlag.game_id == game_id, ConductFlag.input_id == input_id
                )
            )
        )
    ids = []
    for flag in flags:
        if flag.key in known:
            continue
        known.add(flag.key)
        values = _values(game_id, flag, url=url, posted_at=posted_at, phase=phase, now=now)
        ids.append(batch.add(ConductFlag, {**values, "input_id": input_id}))
    return ids


def _values(
    game_id: int, flag: Flag, *, url: str, posted_at: datetime, phase: str, now: datetime
) -> dict[str, object]:
    if flag.rule not in CONDUCT_RULES:
        raise StoreError(f"a flag names no conduct rule: {flag.rule!r}")
    return {
        "game_id": game_id,
        "key": flag.key,
        "rule": flag.rule,
        "player": flag.player,
        "channel": flag.channel,
        "url": url,
        "posted_at": posted_at,
        "phase": phase,
        "clause": flag.clause,
        "evidence": flag.evidence,
        "source": flag.source,
        "source_text": flag.source_text,
        "found_by": BOT,
        "found_at": now,
        "state": "open",
        "decided_at": None,
        "decided_by": None,
        "decision": None,
        "intervention_id": None,
    }


def record_breach(
    session: Session,
    game_id: int,
    flag: Flag,
    *,
    by: str,
    phase: str,
    url: str = "",
    now: datetime | None = None,
    posted_at: datetime | None = None,
) -> int:
    """A breach the Spielleitung saw where the bot does not read (a conversation without
    the bot, another thread, a profile visit), put on record: an open flag without a post.
    `posted_at`: when the breach happened, if known (default: `now`)."""
    now = now or utc_now()
    values = _values(game_id, flag, url=url, posted_at=posted_at or now, phase=phase, now=now)
    row = ConductFlag(**{**values, "input_id": None, "found_by": by})
    session.add(row)
    session.flush()
    return row.id


def load(session: Session, game_id: int, *, state: str | None = None) -> list[StoredFlag]:
    query = select(ConductFlag).where(ConductFlag.game_id == game_id)
    if state is not None:
        query = query.where(ConductFlag.state == state)
    return [_stored(row) for row in session.scalars(query.order_by(ConductFlag.id))]


def get(session: Session, game_id: int, flag_id: int) -> StoredFlag | None:
    row = session.get(ConductFlag, flag_id)
    return None if row is None or row.game_id != game_id else _stored(row)


def open_count(session: Session, game_id: int) -> int:
    return session.scalar(
        select(func.count(ConductFlag.id)).where(
            ConductFlag.game_id == game_id, ConductFlag.state == "open"
        )
    ) or 0  # fmt: skip


def dismiss(
    session: Session, game_id: int, flag_id: int, reason: str, *, by: str, now: datetime
) -> StoredFlag:
    """Close an open flag: the Spielleitung sees no breach in it (why: `reason`)."""
    row = session.get(ConductFlag, flag_id)
    if row is None or row.game_id != game_id:
        raise StoreError(f"no flag {flag_id} in game {game_id}")
    if row.state != "open":
        raise StoreError(f"flag {flag_id} is {row.state} already")
    row.state, row.decided_at, row.decided_by, row.decision = "dismissed", now, by, reason
    session.flush()
    return _stored(row)


def mark_dealt_with(
    session: Session,
    game_id: int,
    flag_ids: Sequence[int],
    state: str,
    intervention_id: int,
    *,
    by: str,
    reason: str,
    now: datetime,
) -> None:
    """The flags an Ermahnung (`warned`) or a Sanktion (`sanctioned`) dealt with."""
    for flag_id in flag_ids:
        row = session.get(ConductFlag, flag_id)
        if row is None or row.game_id != game_id:
            raise StoreError(f"no flag {flag_id} in game {game_id}")
        row.state, row.intervention_id = state, intervention_id
        row.decided_at, row.decided_by, row.decision = now, by, reason
    session.flush()


def breaches_since(
    session: Session, game_id: int, player: str, since: datetime
) -> list[StoredFlag]:
    """The player's flags of breaches after `since` that the Spielleitung did not dismiss:
    the new breach on record that lets a sanction differ from the one announced."""
    query = (
        select(ConductFlag)
        .where(
            ConductFlag.game_id == game_id,
            ConductFlag.player == player,
            ConductFlag.posted_at > since,
            ConductFlag.state != "dismissed",
        )
        .order_by(ConductFlag.id)
    )
    return [_stored(row) for row in session.scalars(query)]
