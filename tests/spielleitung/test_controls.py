"""The Spielleitung's controls over the store: `wolfbot status`, `audit`, `replay`
(`wolfbot.spielleitung.readonly`). A small round is played by the real `RoundBot` against an
in-memory forum – posts in the thread and the conversations, a night and a day, a refused
command, a question – and the commands read its store file."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from wolfbot.bot import RoundBot
from wolfbot.bot.stored import StoredRound
from wolfbot.forum.base import (
    Activity,
    ChannelRef,
    Conversation,
    FloodLimited,
    ForumPost,
    ReadMark,
    ReadResult,
    Refused,
)
from wolfbot.forum.dialect import Dialect
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.outbox.queue import FloodLimits, RetryPolicy
from wolfbot.posts.context import PostContext
from wolfbot.rulesets import loader
from wolfbot.schedule.jobs import Deadlines
from wolfbot.schedule.parts import Deadline
from wolfbot.spielleitung import readonly
from wolfbot.store import interventions, records
from wolfbot.store.db import engine_for, session_factory, upgrade

RULES = loader.load("duesterliga")
BOT = "Spielleitung"
PLAYERS = [
    ("Anna", "Werwolf"),
    ("Bernd", "Werwolf"),
    ("Clara", "Seherin"),
    ("Dora", "Bürger"),
    ("Emil", "Medium"),
    ("Frau Holle", "Bürger"),
]
THREAD = 12
START = datetime(2026, 10, 24, 7, 0, tzinfo=UTC)  # 09:00 in Berlin (CEST)
ENV = {"COLUMNS": "250", "NO_COLOR": "1"}


def bold(line: str, before: str = "") -> str:
    return f"{before}<p><strong>{line}</strong></p>"


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


@dataclass
class MemoryForum:
    """The `Forum` protocol in memory: every channel a list of posts, one id counter."""

    clock: Clock
    username: str = BOT
    channels: dict[ChannelRef, list[ForumPost]] = field(default_factory=dict)
    rooms: dict[int, Conversation] = field(default_factory=dict)
    failures: list[Exception] = field(default_factory=list)  # raised by the next posts
    last_id: int = 100
    dialect: Dialect = WOLTLAB

    def add(self, channel: ChannelRef, author: str, html: str) -> int:
        self.last_id += 1
        url = f"https://forum.example/{channel.kind}/{channel.id}/#post{self.last_id}"
        post = ForumPost(
            self.last_id,
            channel,
            author,
            None,
            self.clock(),
            html,
            url=url,
            parsed=WOLTLAB.read(html),
        )
        self.channels.setdefault(channel, []).append(post)
        return self.last_id

    def read(self, channel: ChannelRef, mark: ReadMark) -> ReadResult:
        new = [p for p in self.channels.get(channel, []) if p.post_id > mark.last_post_id]
        last = max([mark.last_post_id, *(p.post_id for p in new)])
        return ReadResult(new, [], [], ReadMark(last_post_id=last), requests=1)

    def post(self, channel: ChannelRef, html: str, title: str | None = None) -> int:
        if self.failures:
            raise self.failures.pop(0)
        return self.add(channel, self.username, html)

    def edit_post(self, channel: ChannelRef, post_id: int, html: str) -> None:
        posts = self.channels[channel]
        for index, post in enumerate(posts):
            if post.post_id == post_id:
                posts[index] = replace(post, html=html)

    def post_url(self, thread_id: int, post_id: int) -> str:
        return f"https://forum.example/thread/{thread_id}/#post{post_id}"

    def link(self, channel: ChannelRef, message_id: int | None = None) -> str:
        anchor = f"&postID={message_id}#post{message_id}" if message_id else ""
        return f"https://forum.example/index.php?{channel.kind}/{channel.id}/{anchor}"

    def open_conversation(self, title: str, participants: list[str], html: str) -> int:
        self.last_id += 1
        room = self.last_id
        self.rooms[room] = Conversation(room, title, tuple(participants), self.username)
        self.add(ChannelRef("conversation", room), self.username, html)
        return room

    def add_participants(self, conversation_id: int, participants: list[str]) -> None:
        room = self.rooms[conversation_id]
        people = (*room.participants, *participants)
        self.rooms[conversation_id] = Conversation(room.id, room.title, people, room.author)

    def conversations(self) -> list[Conversation]:
        return list(self.rooms.values())

    def activity(self, since: datetime | None) -> Activity:
        return Activity.unknown()

    def resolve_user(self, name: str) -> int | None:
        return None

    def write(self, author: str, where: str, html: str) -> None:
        """A player's post: in the thread, his Rollenmitteilung, or a group conversation
        ("Wolfshöhle", "Totenreich") by the start of its title."""
        if where == "thread":
            self.add(ChannelRef("thread", THREAD), author, html)
            return
        title = author if where == "private" else where
        (room,) = [r for r in self.rooms.values() if r.title.startswith(title)]
        self.add(ChannelRef("conversation", room.id), author, html)


# ("post", author, where, html) | ("poll",) | ("send",) | ("deadline", name) | ("stop", name)
SCRIPT: list[tuple] = [
    ("send",),
    # night 1
    ("post", "Anna", "Wolfshöhle", bold("!Alpha Bernd")),
    ("post", "Bernd", "Wolfshöhle", bold("!Alpha Bernd", "<p>Gut, dann ich.</p>")),
    ("poll",),
    ("post", "Anna", "Wolfshöhle", bold("!Fressen Dora")),
    ("post", "Bernd", "Wolfshöhle", bold("!Angreifen und fressen Dora")),
    ("post", "Clara", "private", bold("!Sehen Anna")),
    ("post", "Frau Holle", "private", bold("!Sehen Anna")),  # not her role: Abgelehnt
    ("poll",),
    ("send",),
    ("stop", "night"),
    ("deadline", "day 1"),
    ("send",),
    # day 1
    ("post", "Clara", "thread", bold("!Bürgermeister Clara")),
    ("post", "Emil", "thread", bold("!Bürgermeister Clara")),
    ("post", "Frau Holle", "thread", bold("!Bürgermeister Clara")),
    ("poll",),
    ("post", "Anna", "thread", bold("!Bürgermeister Bernd")),
    ("post", "Clara", "thread", bold("!Lynch Anna", "<p>Ich habe ein Gefühl.</p>")),
    ("post", "Emil", "thread", bold("!Lynch Anna")),
    ("poll",),
    ("send",),
    ("post", "Anna", "thread", bold("!Lynch Clara")),
    ("post", "Bernd", "thread", bold("!Lynch Clara")),
    ("poll",),
    ("stop", "day"),
    ("post", "Frau Holle", "thread", bold("!Lynch Anna")),
    ("poll",),
    ("deadline", "dusk 1"),
    ("send",),
    ("deadline", "night 2"),
    ("send",),
    # night 2: the wolf eats the Bürgermeisterin; her successor is asked
    ("post", "Bernd", "Wolfshöhle", bold("!Fressen Clara")),
    ("post", "Clara", "private", bold("!Sehen Bernd")),
    ("poll",),
    ("deadline", "day 2"),
    ("stop", "question"),
]
PLAN = ["day 1", "dusk 1", "night 2", "day 2", "dusk 2", "night 3"]


def play(db: Path, until: str, context: PostContext | None = None) -> None:
    """Play the script up to its `("stop", until)` into the store file `db`."""
    clock = Clock()
    forum = MemoryForum(clock)
    upgrade(db).dispose()
    engine = engine_for(db)
    sessions = session_factory(engine)
    limits = FloodLimits(0, 0, conversations_per_day=100, max_participants=10)
    retry = RetryPolicy(max_attempts=5, backoff=0, backoff_max=0)
    bot = RoundBot(forum, sessions, RULES, context=context, limits=limits, retry=retry, clock=clock)
    game_id = bot.start_round(PLAYERS, seed=1, context=context, thread_id=THREAD)
    deadlines = Deadlines(sessions, game_id, clock=clock)
    deadlines.plan(Deadline.parse(n, START + timedelta(hours=12 * i)) for i, n in enumerate(PLAN))
    try:
        for step in SCRIPT:
            clock.now += timedelta(minutes=1)
            kind = step[0]
            if kind == "stop" and step[1] == until:
                break
            if kind == "post":
                forum.write(step[1], step[2], step[3])
            elif kind == "poll":
                bot.poll()
            elif kind == "send":
                bot.send()
            elif kind == "deadline":
                bot.deadline(step[1])
        # the write queue as the Spielleitung finds it: one message refused by the forum,
        # one held by its flood control, the rest not sent yet
        if until == "question":  # the Spielleitung's deadline for Clara's answer
            with sessions() as session:
                deadline = START + timedelta(days=1, hours=10)  # 25.10. 12:00 CET
                records.set_question_deadline(
                    session, game_id, "Clara", "successor_mayor", deadline
                )
        forum.failures = [
            Refused("Der Beitrag enthält unzulässige Inhalte", status=403),
            FloodLimited("flood", status=429, retry_after=7200),
        ]
        bot.send(limit=2)
    finally:
        engine.dispose()


runner = CliRunner()


def cli(*args: str, context: Callable[[StoredRound], PostContext] | None = None):
    app = typer.Typer()
    readonly.register(app, context=context)
    return runner.invoke(app, list(args), env=ENV)


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The round's store at three points: in night 1, in day 1 and held by a question."""
    folder = tmp_path_factory.mktemp("controls")
    out = {}
    for stop in ("night", "day", "question"):
        out[stop] = folder / f"{stop}.sqlite"
        play(out[stop], stop)
    return out


def copy(source: Path, target: Path) -> Path:
    """A copy of a store file (WAL included) to change in a test."""
    with sqlite3.connect(source) as old, sqlite3.connect(target) as new:
        old.backup(new)
    return target


# -- status ------------------------------------------------------------------------------------
def test_status_in_the_night_shows_the_submitted_actions(stores) -> None:
    result = cli("status", "--db", str(stores["night"]))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Nacht 1 (night 1)" in out and "läuft" in out and "6 von 6 am Leben" in out
    assert "Nächste Fristen" in out and "Tag 1 beginnt" in out
    assert "24.10.2026 09:00:00 CEST" in out  # the deadline "day 1", in Berlin time
    assert "25.10.2026 08:00:00 CET" in out  # "night 2", after the change to winter time
    assert "Abgegebene Aktionen, Nacht 1" in out
    assert line_with(out, "!Sehen Anna", "Clara", "Rollenmitteilung", "#post")
    assert line_with(out, "!Fressen Dora", "Bernd", "Wolfshöhle")
    actions = out[out.index("Abgegebene Aktionen") :]
    assert "Frau Holle" not in actions  # her refused command is no action
    assert "Abstimmung" not in out and "Keine offenen Fragen." in out
    assert "Warteschlange: 15 veröffentlicht" in out


def test_status_lists_the_commands_of_this_phase_that_did_not_count(stores, tmp_path) -> None:
    """ "Die Spielleitung entscheidet nach eigenem Ermessen, ob sie einen fehlerhaften Befehl
    dennoch gelten lassen will": each with its Nr. for `wolfbot accept`, until it is asked."""
    result = cli("status", "--db", str(stores["night"]))
    out = result.output
    assert "Fehlerhafte Befehle, Nacht 1" in out and "nach eigenem Ermessen" in out
    row = line_with(out, "Frau Holle", "!Sehen Anna", "Du hast keinen")
    number = row.split("│")[1].strip()
    assert "Fehlerhafte Befehle" not in cli("status", "--db", str(stores["day"])).output
    db = copy(stores["night"], tmp_path / "accepted.sqlite")
    with session_on(db) as sessions, sessions() as session:
        interventions.request(
            session, 1, "accept", reason="Tippfehler", requested_by="SL", command_id=int(number)
        )
    assert "Fehlerhafte Befehle" not in cli("status", "--db", str(db)).output


def test_status_by_day_shows_the_tally_and_who_has_not_voted(stores) -> None:
    result = cli("status", "--db", str(stores["day"]))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Tag 1 (day 1)" in out and "5 von 6 am Leben" in out  # Dora was eaten
    assert "Abstimmung, Tag 1" in out
    assert line_with(out, "Anna", " 2 ", "Clara, Emil")
    assert line_with(out, "Clara", " 2 ", "Anna, Bernd")
    assert "Noch nicht abgestimmt: Frau Holle\n" in out  # the dead Dora is not counted
    assert "Tag 1 beginnt" not in out and "Dämmerung 1 beginnt" in out  # done / next
    assert "Abgegebene Aktionen" not in out


def test_status_shows_the_open_question_and_the_write_queue(stores) -> None:
    result = cli("status", "--db", str(stores["question"]), "--timezone", "UTC")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Nacht 2 (night 2)" in out  # the question holds the night
    assert "Offene Fragen" in out
    assert line_with(out, "Clara", "Nachfolger (Bürgermeister)", "Bernd, Emil, Frau Holle")
    assert line_with(out, "Clara", "25.10.2026 17:00:00 UTC")
    assert "Abgegebene Aktionen, Nacht 2" in out and line_with(out, "Bernd", "!Fressen Clara")
    queue = out[out.index("Warteschlange: nicht veröffentlicht") :]
    # the Grund in the Spielleitung's words (`wolfbot.forum.trouble`)
    assert line_with(queue, "blockiert", "vom Forum abgelehnt: Der Beitrag enthält unzulässige")
    assert line_with(queue, "wartet", "24.10.2026 09:3", "Flood-Sperre")  # until, 2 h later
    # 34 messages (one tells the Wolfshöhle a Wolfsgeist may no longer use it; 9 are the
    # receipts of the votes in the thread) and the Eröffnungsbeitrag's 3 edits (a link to
    # each Morgen, Dämmerung, Abend)
    assert "Warteschlange: 37 veröffentlicht, 1 blockiert, 5 wartet" in out


def test_status_lists_the_commands_waiting_for_the_spielleitung(stores, tmp_path) -> None:
    db = copy(stores["day"], tmp_path / "pending.sqlite")
    with session_on(db) as sessions, sessions() as session:
        records.decide_command(session, 13, "pending", "fehlerhafter Befehl?")
    result = cli("status", "--db", str(db))
    assert result.exit_code == 0, result.output
    assert "Offene Befehle" in result.output
    assert line_with(result.output, "13", "Anna", "!Lynch Clara", "fehlerhafter Befehl?")
    assert line_with(result.output, "Clara", " 1 ", "Bernd")  # an open command does not count


# -- audit -------------------------------------------------------------------------------------
def test_audit_lists_every_command_in_order_with_verdict_reason_and_link(stores) -> None:
    result = cli("audit", "--db", str(stores["question"]))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Protokoll: Düsterliga" in out
    rows = [line for line in out.splitlines() if "#post" in line]
    assert len(rows) == 17
    assert [row.split("│")[1].strip() for row in rows] == [str(n) for n in range(1, 18)]
    refused = line_with(out, "Frau Holle", "!Sehen Anna", "abgelehnt")
    assert "Du hast keinen Befehl !Sehen" in refused and "Nacht 1" in refused
    assert "https://forum.example/conversation/" in refused
    vote = line_with(out, "24.10.2026 09:19:00 CEST", "Tag 1", "Clara", "Spielthread")
    assert "!Lynch Anna" in vote and "angenommen" in vote
    assert "https://forum.example/thread/12/#post" in vote
    assert "17 Befehle: 16 angenommen, 1 abgelehnt" in out


def test_audit_says_what_the_night_did_not_carry_out(stores, tmp_path) -> None:
    """An accepted command the night overturned (refused at its turn, its author blocked)
    shows as such, with why – as the player was told."""
    db = copy(stores["question"], tmp_path / "overturned.sqlite")
    with sqlite3.connect(db) as raw:
        raw.execute(
            "UPDATE commands SET overturned_reason = 'In dieser Nacht blockiert: Der Befehl"
            " wurde nicht ausgeführt.' WHERE actor = 'Clara' AND text = '!Sehen Anna'"
        )
    out = cli("audit", "--db", str(db)).output
    row = line_with(out, "Clara", "!Sehen Anna")
    assert "nicht ausgeführt" in row and "In dieser Nacht blockiert" in out
    assert "davon in der Nacht nicht ausgeführt" in out


@pytest.mark.parametrize(
    ("args", "count"),
    [
        (["--player", "frau  HOLLE"], 3),
        (["--phase", "day 1"], 9),
        (["--phase", "Tag 1"], 9),
        (["--phase", "Nacht 2"], 2),
        (["--player", "Clara", "--phase", "night 2"], 1),
    ],
)
def test_audit_filters_by_player_and_phase(stores, args: list[str], count: int) -> None:
    result = cli("audit", "--db", str(stores["question"]), *args)
    assert result.exit_code == 0, result.output
    assert f"{count} Befehle:" in result.output
    assert len([line for line in result.output.splitlines() if "#post" in line]) == count


def test_audit_without_matches_and_with_a_wrong_phase(stores) -> None:
    result = cli("audit", "--db", str(stores["night"]), "--player", "Niemand")
    assert result.exit_code == 0 and "keine Befehle" in result.output
    result = cli("audit", "--db", str(stores["night"]), "--phase", "Mittag 3")
    assert result.exit_code == 2 and "keine Phase: 'Mittag 3'" in result.output


def test_audit_shows_the_spielleitungs_decision(stores, tmp_path) -> None:
    db = copy(stores["night"], tmp_path / "decided.sqlite")
    with session_on(db) as sessions, sessions() as session:
        records.decide_command(session, 6, "accepted", "Tippfehler, gilt als !Sehen")
    result = cli("audit", "--db", str(db), "--player", "Frau Holle")
    assert line_with(result.output, "!Sehen Anna", "angenommen (Spielleitung)", "Tippfehler")


# -- replay ------------------------------------------------------------------------------------
@pytest.mark.parametrize("stop", ["night", "day", "question"])
def test_replay_of_an_untouched_store_is_identical(stores, stop: str) -> None:
    result = cli("replay", "--db", str(stores[stop]))
    assert result.exit_code == 0, result.output
    assert "identisch" in result.output and "Unterschied" not in result.output


def test_replay_reports_a_changed_event(stores, tmp_path) -> None:
    db = copy(stores["day"], tmp_path / "tampered.sqlite")
    with sqlite3.connect(db) as con:
        (seq,) = con.execute("SELECT seq FROM events WHERE type = 'PlayerDied'").fetchone()
        con.execute(
            "UPDATE events SET payload = json_set(payload, '$.player', 'Emil') WHERE seq = ?",
            (seq,),
        )
    result = cli("replay", "--db", str(db))
    assert result.exit_code == 1, result.output
    out = result.output
    assert f"Unterschied bei Ereignis {seq}" in out and "identisch" not in out
    assert line_with(out, "erwartet (gespeichert)", "PlayerDied(player='Emil'")
    assert line_with(out, "gefunden (Nachbau)", "PlayerDied(player='Dora'")


def test_replay_reports_a_changed_input(stores, tmp_path) -> None:
    db = copy(stores["day"], tmp_path / "input.sqlite")
    with sqlite3.connect(db) as con:
        con.execute(
            "UPDATE input_posts SET html = replace(html, '!Lynch Anna', '!Lynch Bernd') "
            "WHERE author = 'Emil' AND html LIKE '%!Lynch Anna%'"
        )
    result = cli("replay", "--db", str(db))
    assert result.exit_code == 1, result.output
    assert "Unterschied bei Ereignis" in result.output
    assert line_with(result.output, "erwartet (gespeichert)", "Anna")
    assert line_with(result.output, "gefunden (Nachbau)", "Bernd")


def test_replay_reports_an_unreadable_event(stores, tmp_path) -> None:
    db = copy(stores["night"], tmp_path / "unreadable.sqlite")
    with sqlite3.connect(db) as con:
        con.execute("UPDATE events SET type = 'Erdbeben' WHERE seq = 3")
    result = cli("replay", "--db", str(db))
    assert result.exit_code == 1, result.output
    assert "Unterschied bei Ereignis 3" in result.output and "unlesbar" in result.output


def test_replay_reports_a_changed_published_message(stores, tmp_path) -> None:
    db = copy(stores["day"], tmp_path / "message.sqlite")
    with sqlite3.connect(db) as con:
        con.execute(
            "UPDATE outgoing_messages SET html = replace(html, 'Dora', 'Dorothea') "
            "WHERE title = 'Morgen des ersten Tages'"
        )
        keys = con.execute("SELECT key FROM outgoing_messages WHERE html LIKE '%Dorothea%'")
        [(key,)] = keys.fetchall()
    result = cli("replay", "--db", str(db))
    assert result.exit_code == 1, result.output
    assert f"Unterschied bei Nachricht {key} (html)" in result.output
    assert line_with(result.output, "erwartet (gespeichert)", "Dorothea")
    assert line_with(result.output, "gefunden (Nachbau)", "Dora")
    assert "--events-only" in result.output
    result = cli("replay", "--db", str(db), "--events-only")
    assert result.exit_code == 0 and "identisch" in result.output


def test_replay_compares_the_messages_with_the_context_stored_with_the_round(tmp_path) -> None:
    """The messages' text depends on the PostContext: the round stores the one it started
    with (`games.context`) and the replay publishes with it; another one passed with
    `register(app, context=…)` shows as a difference."""
    context = PostContext(season=2026, round_number=1, round_name="Testrunde")
    db = tmp_path / "context.sqlite"
    play(db, "night", context)
    result = cli("replay", "--db", str(db))
    assert result.exit_code == 0, result.output
    assert "identisch" in result.output
    result = cli("replay", "--db", str(db), context=lambda data: PostContext())
    assert result.exit_code == 1
    assert "Unterschied bei Nachricht g1/eroeffnung (title)" in result.output
    assert line_with(result.output, "erwartet", "Ligarunde 1: Testrunde")


# -- errors ------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["status", "audit", "replay"])
def test_a_missing_file_is_an_error(tmp_path, command: str) -> None:
    result = cli(command, "--db", str(tmp_path / "nichts.sqlite"))
    assert result.exit_code == 2
    assert "Datei nicht gefunden" in result.output
    assert not (tmp_path / "nichts.sqlite").exists()  # not created either


def test_a_file_that_is_no_store_is_an_error(tmp_path) -> None:
    text_file = tmp_path / "notizen.txt"
    text_file.write_text("Anna ist verdächtig\n" * 100)
    result = cli("status", "--db", str(text_file))
    assert result.exit_code == 2 and "keine SQLite-Datenbank" in result.output
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as con:
        con.execute("CREATE TABLE notes (x)")
    result = cli("audit", "--db", str(other))
    assert result.exit_code == 2 and "keine wolfbot-Datenbank" in result.output


def test_a_store_at_another_schema_revision_is_an_error(stores, tmp_path) -> None:
    old = copy(stores["night"], tmp_path / "old.sqlite")
    with sqlite3.connect(old) as con:
        con.execute("UPDATE alembic_version SET version_num = '0007'")
    for command in ("status", "audit"):
        result = cli(command, "--db", str(old))
        assert result.exit_code == 2, command
        text = " ".join(result.output.split())
        assert "hat den Datenbankstand 0007, dieses wolfbot braucht" in text
        assert "alembic upgrade head" in text
    with sqlite3.connect(old) as con:
        con.execute("UPDATE alembic_version SET version_num = '9999'")
    result = cli("status", "--db", str(old))
    assert result.exit_code == 2 and "neuer als dieses wolfbot" in result.output


def test_a_store_without_rounds_and_an_unknown_round(stores, tmp_path) -> None:
    empty = tmp_path / "empty.sqlite"
    upgrade(empty).dispose()
    result = cli("status", "--db", str(empty))
    assert result.exit_code == 2 and "enthält noch keine Runde" in result.output
    result = cli("replay", "--db", str(stores["night"]), "--game", "9")
    assert result.exit_code == 2
    assert "Keine Runde 9" in result.output and "vorhanden: 1" in result.output


def test_several_rounds_need_game_and_are_listed(stores, tmp_path) -> None:
    db = copy(stores["night"], tmp_path / "two.sqlite")
    with session_on(db) as sessions, sessions() as session:
        records.create_game(session, title="Zweite Runde", ruleset="duesterliga", seed=3)
    for command in ("status", "audit", "replay"):
        result = cli(command, "--db", str(db))
        assert result.exit_code == 2, command
        assert "enthält 2 Runden; wähle eine mit --game" in result.output
        assert line_with(result.output, "1", "Düsterliga - Ligarunde", "Nacht 1", "läuft")
        assert line_with(result.output, "2", "Zweite Runde", "Anmeldung")
    result = cli("status", "--db", str(db), "--game", "2")
    assert result.exit_code == 0 and "Zweite Runde" in result.output
    assert "Anmeldung" in result.output and "0 von 0 am Leben" in result.output
    assert cli("replay", "--db", str(db), "--game", "1").exit_code == 0
    result = cli("replay", "--db", str(db), "--game", "2")  # no players: nothing to rebuild
    assert result.exit_code == 2 and "Runde 2 lässt sich nicht nachbauen" in result.output


def test_an_unknown_time_zone_is_an_error(stores) -> None:
    result = cli("status", "--db", str(stores["night"]), "--timezone", "Mars/Olympus")
    assert result.exit_code == 2 and "Unbekannte Zeitzone" in result.output


def test_register_adds_the_read_only_commands() -> None:
    app = typer.Typer()
    readonly.register(app)
    names = sorted(c.name or "" for c in app.registered_commands)
    assert names == ["audit", "deleted", "replay", "status"]


# -- helpers -----------------------------------------------------------------------------------
def line_with(text: str, *parts: str) -> str:
    """The first line of `text` that holds every part (an AssertionError if none does)."""
    for line in text.splitlines():
        if all(part in line for part in parts):
            return line
    raise AssertionError(f"no line with {parts!r} in:\n{text}")


class session_on:  # noqa: N801 – used like a function
    """Sessions on a store file, the engine disposed afterwards."""

    def __init__(self, db: Path) -> None:
        self.engine = engine_for(db)

    def __enter__(self):
        return session_factory(self.engine)

    def __exit__(self, *exc: object) -> None:
        self.engine.dispose()
