"""The store's repository (`wolfbot.store.records`) and the moderator's views, with the real
engine: posts go through `run_post` (= `wolfbot.intake.process.process_post`) and are recorded with
their commands and events in one transaction, once."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, event, func, select
from sqlalchemy.orm import Session, sessionmaker

from wolfbot.engine import events as ev
from wolfbot.engine.game import Game
from wolfbot.engine.interventions.kinds import KillPlayer
from wolfbot.forum.base import ChannelRef, ForumPost
from wolfbot.forum.woltlab.dialect import WOLTLAB
from wolfbot.intake.process import process_post
from wolfbot.posts.wording import worded
from wolfbot.rulesets import loader
from wolfbot.store import db, interventions, records
from wolfbot.store.batch import RowBatch
from wolfbot.store.models import (
    CommandRow,
    EventRow,
    GameRow,
    InputPost,
    QuestionRow,
    RoleChangeRow,
    ScheduleEntry,
    metadata,
)
from wolfbot.store.records import NewPlayer, Recorded, SequenceError, StoreError
from wolfbot.store.results import (
    CommandResult,
    PostResults,
    event_from_payload,
    event_payload,
    run_post,
)
from wolfbot.store.views import VIEWS, create_views

RULES = loader.load("duesterliga")
PLAYERS = [
    ("Anna", "Werwolf"),
    ("Bernd", "Werwolf"),
    ("Frau Holle", "Seherin"),
    ("Zoë", "Hexe"),
    ("Spieler 7", "Bürger"),
    ("Jürgen", "Jäger"),
    ("Opfer", "Bürger"),
]
THREAD = ChannelRef("thread", 12)
CONVERSATIONS = {name: 100 + i for i, (name, _) in enumerate(PLAYERS)}
WOLVES = ChannelRef("conversation", 99)
T0 = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


def bold(*lines: str) -> str:
    return "".join(f"<p><strong>{line}</strong></p>" for line in lines)


@dataclass
class Round:
    """A round as the bot runs it: the engine in memory, every step recorded."""

    path: Path
    engine: Engine
    sessions: sessionmaker[Session]
    game: Game
    game_id: int
    next_post: int = 1000
    clock: datetime = T0
    posts: list[ForumPost] = field(default_factory=list)

    def tick(self) -> datetime:
        self.clock += timedelta(minutes=1)
        return self.clock

    def forum_post(self, author: str, channel: str, html: str) -> ForumPost:
        where = {"thread": THREAD, "wolves": WOLVES}.get(channel)
        where = where or ChannelRef("conversation", CONVERSATIONS[author])
        self.next_post += 1
        return ForumPost(
            post_id=self.next_post,
            channel=where,
            author=author,
            author_id=CONVERSATIONS.get(author),
            time=self.tick(),
            html=html,
            url=f"https://forum.example/{where.kind}/{where.id}/?postID={self.next_post}",
            parsed=WOLTLAB.read(html),
        )

    def post(self, author: str, channel: str, html: str) -> tuple[PostResults, Recorded]:
        post = self.forum_post(author, channel, html)
        with self.sessions() as session:
            assert not records.is_processed(session, self.game_id, post)
            results = run_post(self.game, author, channel, WOLTLAB.read(html))
            done = records.record_input(session, self.game_id, post, results, now=self.tick())
        self.posts.append(post)
        return results, done

    def advance(self, done: str | None = None) -> list[ev.Event]:
        start = len(self.game.state.log)
        events = self.game.advance()
        with self.sessions() as session:
            records.record_events(session, self.game_id, events, start, now=self.tick(), done=done)
        return events

    def query(self, sql: str) -> list[tuple]:
        """What a moderator sees: the stdlib sqlite3 module on the file, as it is now."""
        with sqlite3.connect(self.path) as raw:
            return raw.execute(sql).fetchall()

    def count(self, table: type) -> int:
        with self.sessions() as session:
            return session.scalar(select(func.count()).select_from(table)) or 0


@pytest.fixture
def round_(tmp_path: Path) -> Iterator[Round]:
    path = tmp_path / "wolfbot.sqlite"
    engine = db.upgrade(path)
    sessions = db.session_factory(engine)
    game = Game.new(RULES, PLAYERS, seed=1)
    with sessions() as session:
        game_id = records.create_game(
            session, title="Düsterliga – Testrunde", ruleset="duesterliga", seed=1,
            thread_id=THREAD.id, signup_thread_id=11, now=T0,
        )  # fmt: skip
        records.add_players(
            session,
            game_id,
            [
                NewPlayer(name, position=i, role=role, conversation_id=CONVERSATIONS[name])
                for i, (name, role) in enumerate(PLAYERS, start=1)
            ]
            + [NewPlayer("Zaungast", kind="observer")],
        )
        records.record_events(session, game_id, game.state.log, 0, now=T0)
    yield Round(path, engine, sessions, game, game_id)
    engine.dispose()


def night_one(r: Round) -> None:
    r.post("Anna", "wolves", bold("!Fressen Opfer"))
    r.post("Frau Holle", "private", "<p>Mal sehen.</p>" + bold("!Sehen Anna"))
    r.post("Frau Holle", "private", bold("!Sehen Bernd"))  # changes her mind
    r.post("Zoë", "private", bold("!Sehn Bernd"))  # a typo: rejected


def day_one(r: Round) -> None:
    r.post("Spieler 7", "thread", bold("!Bürgermeister Zoë", "!Lynch Anna"))
    r.post("Bernd", "thread", bold("!Lynch Jürgen"))
    r.post("Bernd", "thread", bold("!Zurücknehmen"))
    r.post("Zoë", "thread", bold("!Lynch Bernd"))
    r.post("Jürgen", "thread", bold("!Lynch Anna"))
    r.post("Zoë", "thread", bold("!Lynch Anna"))  # changes her vote
    r.post("Opfer", "thread", bold("!Lynch Anna"))  # dead: rejected
    r.post("Anna", "thread", bold("!Lynch Jürgen"))


# -- one post, one transaction, once --------------------------------------------------------
def test_a_post_with_two_commands_is_recorded_with_its_events_in_one_transaction(
    round_: Round,
) -> None:
    night_one(round_)
    round_.advance()
    commits: list[int] = []

    def committed(_connection: object) -> None:
        commits.append(1)

    event.listen(round_.engine, "commit", committed)
    results, done = round_.post("Spieler 7", "thread", bold("!Bürgermeister Zoë", "!Lynch Anna"))
    event.remove(round_.engine, "commit", committed)
    assert commits == [1, 1]  # is_processed, then record_input
    assert done == Recorded(done.input_id, already=False, commands=2, events=2)
    with round_.sessions() as session:
        post = session.get(InputPost, done.input_id)
        assert post is not None
        assert (post.channel, post.post_id, post.author) == ("thread:12", 1005, "Spieler 7")
        assert (post.engine_channel, post.log_position) == ("thread", results.start_seq)
        assert post.url.endswith("?postID=1005") and post.posted_at.tzinfo is UTC
        commands = session.scalars(
            select(CommandRow).where(CommandRow.input_id == post.id).order_by(CommandRow.position)
        ).all()
        assert [(c.position, c.word, c.targets, c.verdict, c.phase) for c in commands] == [
            (1, "Bürgermeister", ["Zoë"], "accepted", "day 1"),
            (2, "Lynch", ["Anna"], "accepted", "day 1"),
        ]
        assert commands[1].typed == (
            "Command(word='Lynch', actor='Spieler 7', channel='thread', targets=('Anna',))"
        )
        assert commands[1].text == "!Lynch Anna" and commands[1].decided_by == "engine"
        assert commands[0].at == post.posted_at
        events = session.scalars(
            select(EventRow).where(EventRow.input_id == post.id).order_by(EventRow.seq)
        ).all()
        assert [e.type for e in events] == ["CommandAccepted", "CommandAccepted"]
        assert [c.event_id for c in commands] == [e.id for e in events]
        assert events[1].payload == {
            "actor": "Spieler 7",
            "channel": "thread",
            "text": "!Lynch Anna",
            "waits": False,
        }


def test_the_same_post_recorded_twice_adds_nothing(round_: Round) -> None:
    night_one(round_)
    post = round_.forum_post("Anna", "wolves", bold("!Fressen Bernd"))
    with round_.sessions() as session:
        results = run_post(round_.game, "Anna", "wolves", WOLTLAB.read(post.html))
        first = records.record_input(session, round_.game_id, post, results)
        counts = [round_.count(t) for t in (InputPost, CommandRow, EventRow)]
        assert records.is_processed(session, round_.game_id, post)
        again = records.record_input(session, round_.game_id, post, results)
        assert again == Recorded(first.input_id, already=True)
        assert [round_.count(t) for t in (InputPost, CommandRow, EventRow)] == counts
        # a restart reads the post again (another read, same id and content): still known
        reread = ForumPost(**{**{f: getattr(post, f) for f in post.__slots__}, "page": 2})
        assert records.is_processed(session, round_.game_id, reread)
        # edited, with other content: a new input (the bot decides what an edit means)
        html = bold("!Fressen Zoë")
        edited = dataclasses.replace(post, html=html, parsed=WOLTLAB.read(html))
        assert edited.content_hash != post.content_hash
        assert not records.is_processed(session, round_.game_id, edited)


def test_a_crash_in_the_middle_leaves_nothing_half_written(
    round_: Round, monkeypatch: pytest.MonkeyPatch
) -> None:
    round_.post("Anna", "wolves", bold("!Fressen Opfer"))
    before = [round_.count(t) for t in (InputPost, CommandRow, EventRow, QuestionRow)]
    post = round_.forum_post("Frau Holle", "private", bold("!Sehen Anna"))
    results = run_post(round_.game, "Frau Holle", "private", WOLTLAB.read(post.html))

    def crash(batch: RowBatch) -> None:  # after the post and its events are written
        write(batch)
        raise RuntimeError("power cut")

    write = RowBatch.write
    monkeypatch.setattr(RowBatch, "write", crash)
    with round_.sessions() as session, pytest.raises(RuntimeError, match="power cut"):
        records.record_input(session, round_.game_id, post, results)
    assert [round_.count(t) for t in (InputPost, CommandRow, EventRow, QuestionRow)] == before
    with round_.sessions() as session:
        assert not records.is_processed(session, round_.game_id, post)
    # the commands must name their own events: refused before anything is committed
    monkeypatch.undo()
    wrong = PostResults(
        results.channel,
        results.start_seq,
        results.events,
        (CommandResult("Frau Holle", "private", "!Sehen Anna", "accepted", event_seq=99),),
    )
    with round_.sessions() as session, pytest.raises(StoreError, match="no event 99"):
        records.record_input(session, round_.game_id, post, wrong)
    assert [round_.count(t) for t in (InputPost, CommandRow, EventRow, QuestionRow)] == before
    # after the crash the post is simply recorded again
    with round_.sessions() as session:
        done = records.record_input(session, round_.game_id, post, results)
    assert (done.already, done.commands, done.events) == (False, 1, 1)


def test_events_are_recorded_in_order_without_gaps_and_once(round_: Round) -> None:
    round_.post("Anna", "wolves", bold("!Fressen Opfer"))
    start = len(round_.game.state.log)
    events = round_.game.advance()
    with round_.sessions() as session:
        records.schedule(session, round_.game_id, "morning 1", T0 + timedelta(hours=12))
        with pytest.raises(SequenceError, match="next event is number 4"):
            records.record_events(session, round_.game_id, events, start + 1)
        assert records.record_events(
            session, round_.game_id, events, start, done="morning 1"
        ) == len(events)
        # the same batch again (a retry): nothing new; other events at those places: refused
        assert records.record_events(session, round_.game_id, events, start) == 0
        with pytest.raises(SequenceError, match="other events"):
            records.record_events(session, round_.game_id, events[1:], start)
        assert records.next_seq(session, round_.game_id) == len(round_.game.state.log)
        assert records.load_events(session, round_.game_id) == round_.game.state.log
        assert records.due(session, T0 + timedelta(days=1), round_.game_id) == []
        game = session.get(GameRow, round_.game_id)
        assert game is not None and (game.phase, game.status) == ("day 1", "running")
    # a post whose start_seq does not follow the recorded log is refused
    post = round_.forum_post("Zoë", "thread", bold("!Lynch Anna"))
    results = run_post(round_.game, "Zoë", "thread", WOLTLAB.read(post.html))
    stale = PostResults(results.channel, 2, results.events, results.commands)
    with round_.sessions() as session, pytest.raises(SequenceError):
        records.record_input(session, round_.game_id, post, stale)


# -- the views --------------------------------------------------------------------------------
def test_the_views_follow_a_scripted_night_and_day(round_: Round) -> None:
    night_one(round_)
    actions = round_.query(
        "SELECT game, night, actor, word, text, channel, link FROM v_night_actions"
    )
    assert [a[:6] for a in actions] == [
        ("Düsterliga – Testrunde", "night 1", "Anna", "Fressen", "!Fressen Opfer", "wolves"),
        ("Düsterliga – Testrunde", "night 1", "Frau Holle", "Sehen", "!Sehen Bernd", "private"),
    ]
    assert actions[1][6] == "https://forum.example/conversation/102/?postID=1003"
    assert round_.query("SELECT * FROM v_current_tally") == []  # no day yet

    round_.advance()  # night 1 stays answered, now with what became of each action
    assert round_.query("SELECT actor, outcome, detail FROM v_night_actions") == [
        ("Anna", "died", "Werwolf"),
        ("Frau Holle", "seen", "Werwolf"),
    ]
    assert round_.query("SELECT player, role, cause, time, link FROM v_deaths") == [
        ("Opfer", "Bürger", "Werwolf", "night 1", None)
    ]
    day_one(round_)
    tally = "SELECT day, target, votes, voters FROM v_current_tally"
    assert round_.query(tally) == [
        (1, "Anna", 3, "Spieler 7, Jürgen, Zoë"),
        (1, "Jürgen", 1, "Anna"),
    ]
    # the engine agrees
    dusk = round_.advance()
    assert dusk[0] == ev.VoteTally(
        "dusk",
        (("Anna", ("Spieler 7", "Zoë", "Jürgen")), ("Jürgen", ("Anna",))),
        (),
        ("Bernd", "Frau Holle"),
    )
    round_.post("Anna", "thread", bold("!Lynch Zoë"))  # the Dämmerung: a vote may change
    assert round_.query(tally) == [(1, "Anna", 3, "Spieler 7, Jürgen, Zoë"), (1, "Zoë", 1, "Anna")]

    audit = round_.query(
        "SELECT phase, actor, text, verdict, reason, forum_channel, link FROM v_audit"
    )
    assert len(audit) == 14
    assert audit[3][:5] == ("night 1", "Zoë", "!Sehn Bernd", "rejected", audit[3][4])
    assert "kein Befehl" in audit[3][4]
    assert audit[11][1:4] == ("Opfer", "!Lynch Anna", "rejected")
    assert audit[-1] == (
        "dusk 1", "Anna", "!Lynch Zoë", "accepted", None, "thread:12",
        "https://forum.example/thread/12/?postID=1013",
    )  # fmt: skip

    round_.advance()  # the Abend: Anna is lynched
    assert round_.query(tally) == []
    assert round_.query("SELECT player, role, cause, time FROM v_deaths") == [
        ("Opfer", "Bürger", "Werwolf", "night 1"),
        ("Anna", "Werwolf", "Lynch", "day 1"),
    ]
    players = round_.query("SELECT name, kind, alive, died, cause FROM v_players")
    assert players[0] == ("Anna", "player", 0, "day 1", "Lynch")
    assert players[1] == ("Bernd", "player", 1, None, None)
    assert players[-1] == ("Zaungast", "observer", None, None, None)
    assert round_.query("SELECT phase, status FROM games") == [("night 2", "running")]


def test_a_question_is_recorded_and_answered_by_a_post(round_: Round) -> None:
    round_.post("Anna", "wolves", bold("!Fressen Opfer"))
    round_.advance()
    for voter in ("Anna", "Bernd", "Spieler 7"):
        round_.post(voter, "thread", bold("!Lynch Jürgen"))
    round_.advance()
    round_.advance()  # the Jäger is lynched and must shoot
    assert round_.game.pending() == ["Jürgen"]
    open_questions = "SELECT player, kind, options, deadline FROM v_open_questions"
    assert round_.query(open_questions) == [
        ("Jürgen", "shot", '["Anna", "Bernd", "Frau Holle", "Zoë", "Spieler 7"]', None)
    ]
    deadline = T0 + timedelta(hours=30)
    with round_.sessions() as session:
        records.set_question_deadline(session, round_.game_id, "Jürgen", "shot", deadline)
    assert round_.query(open_questions)[0][3] == "2026-12-03 00:00:00.000000"

    _, done = round_.post("Jürgen", "private", bold("!Erschießen Anna"))
    assert round_.query(open_questions) == []
    deaths = round_.query("SELECT player, cause, phase, link FROM v_deaths")
    assert deaths[-1] == (
        "Anna", "Jäger", "dusk 1", "https://forum.example/conversation/105/?postID=1005"
    )  # fmt: skip
    with round_.sessions() as session:
        question = session.scalars(select(QuestionRow)).one()
        assert (question.answer, question.by_lot, question.deadline) == ("Anna", False, deadline)
        answered = session.get(EventRow, question.answered_event_id)
        assert answered is not None and answered.input_id == done.input_id
        command = session.scalars(select(CommandRow).where(CommandRow.input_id == done.input_id))
        # the answer came in the Dämmerung; its post also began the night
        assert [(c.word, c.phase) for c in command] == [("Erschießen", "dusk 1")]
    assert round_.query("SELECT phase FROM games") == [("night 2",)]


def test_role_changes_from_events_and_by_the_spielleitung(round_: Round) -> None:
    start = len(round_.game.state.log)
    with round_.sessions() as session:
        records.record_events(session, round_.game_id, [ev.RoleChanged("Zoë", "Werwolf")], start)
        records.change_role(session, round_.game_id, "Zoë", "Bürger", "Ersatz für Zoë")
        with pytest.raises(records.UnknownPlayer):
            records.record_events(
                session, round_.game_id, [ev.RoleChanged("Niemand", "Bürger")], start + 1
            )
        changes = session.scalars(select(RoleChangeRow).order_by(RoleChangeRow.id)).all()
        assert [(c.from_role, c.to_role, c.reason, c.event_id is None) for c in changes] == [
            ("Hexe", "Werwolf", None, False),
            ("Werwolf", "Bürger", "Ersatz für Zoë", True),
        ]
    assert round_.query("SELECT starting_role, current_role FROM v_players WHERE name = 'Zoë'") == [
        ("Hexe", "Bürger")
    ]


# -- replay and other inputs ------------------------------------------------------------------
def test_the_stored_inputs_replay_the_round(round_: Round) -> None:
    night_one(round_)
    round_.advance()
    day_one(round_)
    round_.advance()
    round_.post("Anna", "thread", "<p>Ich war es nicht.</p>")  # no command: recorded too
    with round_.sessions() as session:
        inputs = records.load_inputs(session, round_.game_id)
        stored = records.load_events(session, round_.game_id)
    assert [i.post() for i in inputs] == round_.posts
    assert inputs[-1].log_position == len(round_.game.state.log)
    assert stored == round_.game.state.log
    for original in stored:
        assert event_from_payload(type(original).__name__, event_payload(original)) == original

    game = Game.new(RULES, PLAYERS, seed=1)
    for stored_input in inputs:
        assert stored_input.engine_channel is not None and stored_input.log_position is not None
        while len(game.state.log) < stored_input.log_position:
            game.advance()
        process_post(
            game, stored_input.author, stored_input.engine_channel, WOLTLAB.read(stored_input.html)
        )
    assert game.state.log == round_.game.state.log


def test_a_sign_up_post_has_commands_and_no_events(round_: Round) -> None:
    signup = ChannelRef("thread", 11)
    post = ForumPost(
        7,
        signup,
        "Neuling",
        55,
        T0,
        bold("!Dabei"),
        url="https://f/7",
        parsed=WOLTLAB.read(bold("!Dabei")),
    )
    results = PostResults(
        channel=None,
        start_seq=None,
        commands=(CommandResult("Neuling", "thread", "!Dabei", "accepted", word="Dabei"),),
    )
    with round_.sessions() as session:
        done = records.record_input(session, round_.game_id, post, results)
        records.add_players(session, round_.game_id, [NewPlayer("Neuling", kind="reserve")])
        with pytest.raises(StoreError, match="already in game"):
            records.add_players(session, round_.game_id, [NewPlayer("Neuling")])
        records.withdraw_player(session, round_.game_id, "Neuling", T0 + timedelta(hours=1))
        assert records.mark_deleted(session, round_.game_id, signup, 7) == 1
        [stored] = records.load_inputs(session, round_.game_id)
        assert (stored.engine_channel, stored.log_position, stored.deleted) == (None, None, True)
        records.decide_command(session, 1, "rejected", "Anmeldung geschlossen", now=T0)
    assert done.commands == 1 and done.events == 0
    assert round_.query("SELECT verdict, reason, decided_by, link FROM v_audit") == [
        ("rejected", "Anmeldung geschlossen", "spielleitung", "https://f/7")
    ]
    assert round_.query("SELECT kind, withdrawn_at FROM v_players WHERE name = 'Neuling'") == [
        ("reserve", "2026-12-01 19:00:00.000000")
    ]


def test_the_schedule_survives_in_the_table(round_: Round) -> None:
    with round_.sessions() as session:
        records.schedule(session, round_.game_id, "dusk 1", T0 + timedelta(hours=2))
        records.schedule(session, round_.game_id, "evening 1", T0 + timedelta(hours=4))
        records.schedule(session, round_.game_id, "dusk 1", T0 + timedelta(hours=3))  # moved
        assert records.due(session, T0 + timedelta(hours=2)) == []
        later = T0 + timedelta(hours=5)
        assert [d.name for d in records.due(session, later)] == ["dusk 1", "evening 1"]
        records.mark_done(session, round_.game_id, "dusk 1", now=later)
        records.schedule(session, round_.game_id, "dusk 1", T0)  # done: left as it is
        assert [d.name for d in records.due(session, later)] == ["evening 1"]
        entry = session.scalars(select(ScheduleEntry).where(ScheduleEntry.name == "dusk 1")).one()
        assert (entry.due_at, entry.done_at) == (T0 + timedelta(hours=3), later)


# -- what a moderator sees ----------------------------------------------------------------------
def test_a_moderator_reads_the_file_with_sqlite3_while_the_bot_runs(round_: Round) -> None:
    night_one(round_)
    round_.advance()
    day_one(round_)
    # the bot's engine is still open (WAL journal): plain sqlite3 reads the committed state
    with sqlite3.connect(f"file:{round_.path}?mode=ro", uri=True) as raw:
        assert raw.execute("SELECT target, votes FROM v_current_tally").fetchall() == [
            ("Anna", 3),
            ("Jürgen", 1),
        ]
        (payload,) = raw.execute("SELECT payload FROM events WHERE seq = 0").fetchone()
        assert '"Zoë"' in payload and '"Jürgen"' in payload  # readable, not \u00eb
        (schema,) = raw.execute("SELECT sql FROM sqlite_master WHERE name = 'commands'").fetchone()
        assert "-- accepted, rejected, pending" in schema  # the columns are explained
        views = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'view'")}
    assert views == set(VIEWS)


def test_create_views_builds_them_on_a_schema_made_without_alembic() -> None:
    engine = db.engine_for(":memory:")
    with engine.begin() as connection:
        metadata.create_all(connection)
        create_views(connection)
        for name in VIEWS:
            assert connection.exec_driver_sql(f"SELECT * FROM {name}").fetchall() == []
    engine.dispose()


def test_an_accepted_command_of_the_spielleitung_names_its_own_event(round_: Round) -> None:
    """An applied intervention records its commands row as a post does: a command that names
    an event not among the intervention's is refused, and nothing is committed."""
    with round_.sessions() as session:
        number = interventions.request(
            session, round_.game_id, "kill", player="Opfer", reason="Test", requested_by="SL"
        )
    start = len(round_.game.state.log)
    events = round_.game.intervene(KillPlayer("Opfer", "Test"))
    wrong = CommandResult("Anna", "wolves", "!Fressen Opfer", "accepted", event_seq=start + 99)
    before = [round_.count(t) for t in (CommandRow, EventRow)]
    with round_.sessions() as session, pytest.raises(StoreError, match=f"no event {start + 99}"):
        interventions.record_applied(session, round_.game_id, number, events, start, accepted=wrong)
    assert [round_.count(t) for t in (CommandRow, EventRow)] == before
    with round_.sessions() as session:
        assert interventions.get(session, number).state == "pending"


# -- what the audit tells ------------------------------------------------------------------
def test_a_night_command_the_night_refused_is_overturned_in_the_audit(round_: Round) -> None:
    """The Hexe's !Heiltrank is accepted when sent; at the end of the night nobody she named
    was attacked, she is told so – and the command row and v_audit say it too."""
    night_one(round_)
    results, _ = round_.post("Zoë", "private", bold("!Heiltrank Spieler 7"))
    assert [c.verdict for c in results.commands] == ["accepted"]
    events = round_.advance()
    (told,) = [e for e in events if isinstance(e, ev.CommandRejected) and e.actor == "Zoë"]
    (overturned,) = [e for e in events if isinstance(e, ev.CommandOverturned)]
    assert (overturned.actor, overturned.text) == ("Zoë", "!Heiltrank Spieler 7")
    rows = round_.query(
        "SELECT verdict, overturned FROM v_audit WHERE actor = 'Zoë' AND text LIKE '!Heiltrank%'"
    )
    assert rows == [("accepted", worded(RULES, told.reason))]
    assert round_.query("SELECT count(*) FROM v_audit WHERE overturned IS NOT NULL") == [(1,)]


def test_v_votes_says_who_voted_whom_on_which_day_and_the_final_tally(round_: Round) -> None:
    night_one(round_)
    round_.advance()
    day_one(round_)
    round_.advance()  # the Dämmerung
    round_.advance()  # the Abend
    votes = round_.query(
        "SELECT voter, word, target, verdict FROM v_votes WHERE day = 1 AND kind = 'vote'"
    )
    assert votes[:3] == [
        ("Spieler 7", "Bürgermeister", "Zoë", "accepted"),
        ("Spieler 7", "Lynch", "Anna", "accepted"),
        ("Bernd", "Lynch", "Jürgen", "accepted"),
    ]
    assert ("Opfer", "Lynch", "Anna", "rejected") in votes  # the dead do not vote
    tallies = round_.query(
        "SELECT kind, target, votes, voters FROM v_votes WHERE day = 1 AND kind <> 'vote'"
    )
    evening = [t for t in tallies if t[0] == "evening"]
    assert ("evening", "Anna", 3, "Spieler 7, Zoë, Jürgen") in evening
    assert any(t[0] == "dusk" for t in tallies)
    links = round_.query("SELECT link FROM v_votes WHERE kind = 'vote' AND voter = 'Bernd'")
    assert all(link.startswith("https://forum.example/thread/12/") for (link,) in links)


def test_v_votes_counts_the_wuetender_mob_in_the_tally(round_: Round) -> None:
    """ "Der Wütende Mob … hat eine zusätzliche Stimme": the tally's votes are the voters and
    the mob's extra votes (the VoteTally event's `mob`)."""
    tally = ev.VoteTally("evening", (("Anna", ("Bernd",)), ("Bernd", ("Zoë",))), (("Anna", 2),), ())
    round_.game.state.log.append(tally)
    with round_.sessions() as session:
        seq = records.next_seq(session, round_.game_id)
        records.record_events(session, round_.game_id, [tally], seq, now=round_.tick())
    rows = round_.query("SELECT target, votes, voters, mob FROM v_votes WHERE kind = 'evening'")
    assert rows == [("Anna", 3, "Bernd", 2), ("Bernd", 1, "Zoë", None)]
