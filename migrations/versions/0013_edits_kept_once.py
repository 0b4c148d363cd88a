"""An edit of a post keeps only what differs from the next newer edit of the same post
(`wolfbot.outbox.bodies`): the write queue's `html_base_id`, `html_head`, `html_tail`. The
Eröffnungsbeitrag is edited once per Morgen, Dämmerung and Abend, each edit the whole post;
kept whole, a 24-player round's store held the post 28 times (over 500 KB).

Upgrade: every edit but the newest of its post (per channel and post id, in id order)
becomes its difference to the next one; downgrade makes each whole again. The cut is
frozen here (like the views of 0002): `bodies.difference` may change, these rows may not.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-06 23:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ("html_base_id", "html_head", "html_tail")
EDITS = sa.text(
    "SELECT id, channel, forum_id, html, html_base_id, html_head, html_tail"
    " FROM outgoing_messages WHERE kind = 'edit' ORDER BY channel, forum_id, id DESC"
)
KEEP = sa.text(
    "UPDATE outgoing_messages SET html = :html, html_base_id = :base, html_head = :head,"
    " html_tail = :tail WHERE id = :id"
)


def _cut(older: str, newer: str) -> tuple[int, str, int]:
    """(head, middle, tail): `older` is `newer[:head] + middle + newer[len(newer) - tail:]`."""
    shortest = min(len(older), len(newer))
    head = 0
    while head < shortest and older[head] == newer[head]:
        head += 1
    tail = 0
    while tail < shortest - head and older[-1 - tail] == newer[-1 - tail]:
        tail += 1
    return head, older[head : len(older) - tail], tail


def _posts() -> list[list[sa.Row[tuple[object, ...]]]]:
    """The edits of each post, newest first."""
    posts: dict[tuple[object, object], list[sa.Row[tuple[object, ...]]]] = {}
    for row in op.get_bind().execute(EDITS):
        posts.setdefault((row.channel, row.forum_id), []).append(row)
    return list(posts.values())


def upgrade() -> None:
    for name in COLUMNS:
        op.execute(f"ALTER TABLE outgoing_messages ADD COLUMN {name} INTEGER")
    bind = op.get_bind()
    for edits in _posts():
        for newer, older in zip(edits, edits[1:], strict=False):
            head, middle, tail = _cut(older.html, newer.html)
            bind.execute(
                KEEP, {"html": middle, "base": newer.id, "head": head, "tail": tail, "id": older.id}
            )


def downgrade() -> None:
    bind = op.get_bind()
    whole: dict[object, str] = {}
    for edits in _posts():
        for row in edits:  # newest first: the newer text an edit was cut from is whole here
            text = row.html
            if row.html_base_id is not None:
                newer = whole[row.html_base_id]
                text = newer[: row.html_head] + text + newer[len(newer) - row.html_tail :]
                whole_again = {"html": text, "base": None, "head": None, "tail": None}
                bind.execute(KEEP, {**whole_again, "id": row.id})
            whole[row.id] = text
    for name in reversed(COLUMNS):
        op.execute(f"ALTER TABLE outgoing_messages DROP COLUMN {name}")
