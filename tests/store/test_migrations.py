"""The Alembic migrations make exactly the schema of `wolfbot.store.models`, and undo it."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from argparse import Namespace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, select
from sqlalchemy.exc import StatementError

from wolfbot.outbox import rows
from wolfbot.store import db, revision
from wolfbot.store.models import OutgoingMessage, metadata
from wolfbot.store.views import VIEWS

ROOT = Path(__file__).parents[2]


def cli_config(path: Path) -> Config:
    """alembic.ini as the `alembic -x db=PATH` command line uses it."""
    config = Config(str(ROOT / "alembic.ini"))
    config.cmd_opts = Namespace(x=[f"db={path}"])
    config.attributes["configure_logger"] = False  # leave pytest's logging alone
    return config


ROUND_TABLES = {
    "games",
    "players",
    "input_posts",
    "commands",
    "events",
    "role_changes",
    "questions",
    "schedule",
    "interventions",
    "read_marks",
    "conduct_flags",
}
TABLES = {"alembic_version", "outgoing_messages"} | ROUND_TABLES


def names(path: Path, kind: str) -> set[str]:
    with sqlite3.connect(path) as raw:
        rows = raw.execute("SELECT name FROM sqlite_master WHERE type = ?", (kind,))
        return {r[0] for r in rows}


def test_upgrade_head_on_an_empty_file_creates_every_table_and_view(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    command.upgrade(cli_config(path), "head")
    with sqlite3.connect(path) as raw:
        columns = [r[1] for r in raw.execute("PRAGMA table_info(outgoing_messages)")]
        for view in VIEWS:  # every view compiles and runs on the empty schema
            assert raw.execute(f"SELECT * FROM {view}").fetchall() == []
    assert names(path, "table") == TABLES
    assert names(path, "view") == set(VIEWS)
    assert columns[:4] == ["id", "key", "kind", "channel"]
    assert {"before_mark", "forum_id", "not_before", "last_error", "state"} <= set(columns)


def test_the_views_of_the_migration_are_those_of_the_views_module(tmp_path: Path) -> None:
    """0002 holds a frozen copy of wolfbot/store/views.py: a changed view needs a new
    migration (which drops and creates it), and then this test compares with that one."""
    path = tmp_path / "w.sqlite"
    db.upgrade(path).dispose()
    with sqlite3.connect(path) as raw:
        stored = dict(raw.execute("SELECT name, sql FROM sqlite_master WHERE type = 'view'"))
    assert stored == VIEWS


def test_the_tables_explain_their_columns(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite"
    db.upgrade(path).dispose()
    with sqlite3.connect(path) as raw:
        schema = dict(raw.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'"))
    for table in ROUND_TABLES:
        lines = schema[table].splitlines()
        assert lines[1].strip().startswith("-- "), f"{table} has no comment"
    assert '-- "thread:12" or "conversation:7"' in schema["input_posts"]


def test_autogenerate_finds_no_difference(tmp_path: Path) -> None:
    engine = db.upgrade(tmp_path / "w.sqlite")
    with engine.connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"compare_type": True, "render_as_batch": True}
        )
        assert compare_metadata(context, metadata) == []
    engine.dispose()


def test_downgrade_to_base_and_up_again(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite"
    config = cli_config(path)
    command.upgrade(config, "head")
    command.downgrade(config, "base")
    engine = db.engine_for(path)
    assert inspect(engine).get_table_names() == ["alembic_version"]
    assert inspect(engine).get_view_names() == []
    engine.dispose()
    command.upgrade(config, "head")
    assert names(path, "table") == TABLES
    assert names(path, "view") == set(VIEWS)


def test_downgrade_to_0001_keeps_the_outbox_and_its_messages(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite"
    config = cli_config(path)
    command.upgrade(config, "head")
    with sqlite3.connect(path) as raw:
        raw.execute(
            "INSERT INTO outgoing_messages (key, kind, html, participants, priority, state,"
            " attempts, created_at) VALUES ('k', 'post', '', '[]', 0, 'queued', 0, '2026-01-01')"
        )
        raw.execute(
            "INSERT INTO games (title, ruleset, seed, options, created_at, phase, status)"
            " VALUES ('Runde', 'duesterliga', 1, '{}', '2026-01-01', 'signup', 'signup')"
        )
    command.downgrade(config, "0001")
    assert names(path, "table") == {"alembic_version", "outgoing_messages"}
    assert names(path, "view") == set()
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT key FROM outgoing_messages").fetchall() == [("k",)]


def test_one_linear_history() -> None:
    script = ScriptDirectory.from_config(Config(str(ROOT / "alembic.ini")))
    assert len(script.get_heads()) == 1
    assert script.get_base() == "0001"
    revisions = [r.revision for r in script.walk_revisions("base", "heads")]
    assert revisions[-3:] == ["0003", "0002", "0001"]
    # the Spielleitung's commands check a store's revision against it, without Alembic;
    # the revisions are numbers, in order (a store newer than the wolfbot is told apart)
    assert script.get_current_head() == revision.HEAD
    assert revisions == sorted(revisions, reverse=True)


def test_the_command_line_takes_the_database_from_the_environment(tmp_path: Path) -> None:
    path = tmp_path / "env.sqlite"
    env = {**os.environ, "WOLFBOT_DB": str(path)}
    done = subprocess.run(
        [sys.executable, "-m", "alembic", "upgrade", "head"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(path) as raw:
        (version,) = raw.execute("SELECT version_num FROM alembic_version").fetchone()
    head = ScriptDirectory.from_config(Config(str(ROOT / "alembic.ini"))).get_current_head()
    assert version == head
    assert names(path, "view") == set(VIEWS)


def test_times_come_back_aware_utc_and_naive_ones_are_refused(tmp_path: Path) -> None:
    engine = db.upgrade(tmp_path / "w.sqlite")
    sessions = db.session_factory(engine)
    berlin = timezone(timedelta(hours=1))
    with sessions.begin() as session:
        session.add(
            OutgoingMessage(
                key="k",
                kind="post",
                channel="thread:1",
                html="<p>x</p>",
                participants=[],
                priority=0,
                state="queued",
                attempts=0,
                created_at=datetime(2026, 11, 30, 10, 0, tzinfo=berlin),
                before_mark={"last_post_id": 5, "last_page": 1},
            )
        )
    with sessions() as session:
        row = session.scalars(select(OutgoingMessage)).one()
        assert row.created_at == datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
        assert row.created_at.tzinfo is UTC
        assert row.before_mark == {"last_post_id": 5, "last_page": 1}
    with pytest.raises(StatementError, match="naive datetime"), sessions.begin() as session:
        session.add(
            OutgoingMessage(
                key="n",
                kind="post",
                channel="thread:1",
                html="",
                participants=[],
                priority=0,
                state="queued",
                attempts=0,
                created_at=datetime(2026, 1, 1),
            )
        )
    engine.dispose()


def test_the_state_and_kind_are_checked_by_the_database(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite"
    db.upgrade(path).dispose()
    with sqlite3.connect(path) as raw, pytest.raises(sqlite3.IntegrityError, match="state"):
        raw.execute(
            "INSERT INTO outgoing_messages (key, kind, html, participants, priority, state,"
            " attempts, created_at) VALUES ('k', 'post', '', '[]', 0, 'lost', 0, '2026-01-01')"
        )


def _edit_text(post: int, links: int) -> str:
    listed = "".join(f"<li>Link {n}</li>" for n in range(links))
    return f"<h2>Beitrag {post}</h2><ul>{listed}</ul>" + "<p>unverändert</p>" * 50


OLD_EDITS = [  # (key, channel, post id, text): as stores before 0013 hold them, whole
    ("g1/eroeffnung", "thread:1", None, _edit_text(1, 0)),
    *[(f"g1/eroeffnung/edit/{n}", "thread:1", 1, _edit_text(1, n)) for n in range(1, 6)],
    ("g1/andere/edit/1", "thread:1", 7, _edit_text(7, 1)),
    ("g1/andere/edit/2", "thread:1", 7, _edit_text(7, 2)),
    ("g2/eroeffnung/edit/1", "thread:2", 1, _edit_text(2, 1)),
]


def test_0013_keeps_an_old_stores_edits_once_and_downgrade_makes_them_whole(
    tmp_path: Path,
) -> None:
    """Upgrading a store written before 0013: each post's older edits keep only what
    differs from the next (per channel and post), and read whole; downgrading gives back
    the whole texts."""
    path = tmp_path / "old.sqlite"
    config = cli_config(path)
    command.upgrade(config, "0012")
    with sqlite3.connect(path) as raw:
        for key, channel, post, text in OLD_EDITS:
            raw.execute(
                "INSERT INTO outgoing_messages (key, kind, channel, html, participants,"
                " priority, state, attempts, created_at, forum_id) VALUES"
                " (?, ?, ?, ?, '[]', 0, 'sent', 0, '2026-01-01', ?)",
                (key, "post" if post is None else "edit", channel, text, post or 1),
            )
    whole = sum(len(text) for *_, text in OLD_EDITS)
    command.upgrade(config, "head")
    engine = db.engine_for(path)
    with db.session_factory(engine)() as session:
        read = session.scalars(select(OutgoingMessage).order_by(OutgoingMessage.id)).all()
        assert [(m.key, rows.html_of(m)) for m in read] == [(k, t) for k, *_, t in OLD_EDITS]
        kept_whole = [m.key for m in read if m.html_base_id is None]
    engine.dispose()
    assert kept_whole == [
        "g1/eroeffnung",
        "g1/eroeffnung/edit/5",
        "g1/andere/edit/2",
        "g2/eroeffnung/edit/1",
    ]
    with sqlite3.connect(path) as raw:
        (stored,) = raw.execute("SELECT sum(length(html)) FROM outgoing_messages").fetchone()
    assert stored < whole / 2
    command.downgrade(config, "0012")
    with sqlite3.connect(path) as raw:
        back = raw.execute("SELECT key, html FROM outgoing_messages ORDER BY id").fetchall()
        columns = {r[1] for r in raw.execute("PRAGMA table_info(outgoing_messages)")}
    assert back == [(key, text) for key, *_, text in OLD_EDITS]
    assert not {"html_base_id", "html_head", "html_tail"} & columns


def test_0014_gives_an_old_stores_rounds_their_ballot_words_and_lists_private_votes(
    tmp_path: Path,
) -> None:
    """Upgrading a store written before 0014: each round of a shipped ruleset gets its
    ballot words, and `v_votes` lists a Weerwolven vote given in the Rollenmitteilung
    (before, only the game thread's commands); a night command given there stays out.
    Downgrading drops the column and gives back the view that lists the thread only."""
    path = tmp_path / "old.sqlite"
    config = cli_config(path)
    command.upgrade(config, "0013")
    with sqlite3.connect(path) as raw:
        for ruleset in ("weerwolven", "wolfvillage", "eigene"):
            raw.execute(
                "INSERT INTO games (title, ruleset, seed, options, created_at, phase, status)"
                " VALUES (?, ?, 1, '{}', '2026-01-01', 'day 1', 'running')",
                (ruleset.title(), ruleset),
            )
        for channel, word, text in [
            ("private", "Lynch", "!Stem Bram"),
            ("private", "Sehen", "!Zien Bram"),
            ("thread", None, "!Stemmen Bram"),
        ]:
            raw.execute(
                "INSERT INTO commands (game_id, position, actor, channel, phase, word, targets,"
                " text, verdict, decided_by, at) VALUES (1, 1, 'Anna', ?, 'day 1', ?,"
                " '[\"Bram\"]', ?, 'accepted', 'engine', '2026-01-01')",
                (channel, word, text),
            )
    command.upgrade(config, "head")
    with sqlite3.connect(path) as raw:
        words = raw.execute("SELECT ruleset, ballot_words FROM games ORDER BY id").fetchall()
        votes = raw.execute("SELECT word, target FROM v_votes WHERE kind = 'vote'").fetchall()
    assert words == [
        ("weerwolven", '["Lynch", "Zurücknehmen", "Bürgermeister"]'),
        ("wolfvillage", '["Verbannen", "Hauptmann"]'),
        ("eigene", None),
    ]
    assert votes == [("Lynch", "Bram"), (None, "Bram")]
    command.downgrade(config, "0013")
    with sqlite3.connect(path) as raw:
        columns = {r[1] for r in raw.execute("PRAGMA table_info(games)")}
        votes = raw.execute("SELECT word, target FROM v_votes WHERE kind = 'vote'").fetchall()
    assert "ballot_words" not in columns
    assert votes == [(None, "Bram")]
