"""The durable write queue against an in-memory forum with injected faults and clock."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path

import pytest
from fakes import Clock, Crash, FakeForum
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import SecretStr
from sqlalchemy import Engine

from wolfbot.forum.base import ChannelRef, ForumError, ReadMark
from wolfbot.outbox.queue import (
    FloodLimits,
    Outbox,
    Priority,
    RetryPolicy,
    SendResult,
    TooManyParticipants,
)
from wolfbot.store import db
from wolfbot.store.models import metadata

START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
THREAD = ChannelRef("thread", 12)
LIMITS = FloodLimits()


def s(seconds: float) -> timedelta:
    return timedelta(seconds=seconds)


@dataclass
class Env:
    path: Path
    clock: Clock = field(default_factory=lambda: Clock(START))
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    forum: FakeForum = field(init=False)
    outbox: Outbox = field(init=False)

    def __post_init__(self) -> None:
        self.forum = FakeForum(self.clock, limits=LIMITS)
        self.engine = db.upgrade(self.path)
        self.outbox = self._open()

    def _open(self, **kw: object) -> Outbox:
        return Outbox(db.session_factory(self.engine), LIMITS, self.clock, retry=self.retry, **kw)

    def restart(self, **kw: object) -> Outbox:
        """A new process: a new engine and a new Outbox over the same file."""
        self.engine.dispose()
        self.engine = db.engine_for(self.path)
        self.outbox = self._open(**kw)
        return self.outbox

    def send(self) -> SendResult | None:
        return self.outbox.send_next(self.forum)

    def state(self, key: str) -> str:
        msg = self.outbox.get(key)
        assert msg is not None
        return msg.state

    def conversation(self) -> int:
        """A conversation the bot is already in (opened before the queue ran)."""
        return self.forum.add_conversation("Anna – 1. Runde", ["Anna"])


@pytest.fixture
def env(tmp_path: Path) -> Env:
    return Env(tmp_path / "wolfbot.sqlite")


def post(env: Env, key: str, priority: int = Priority.PRIVATE, channel: object = THREAD) -> int:
    return env.outbox.enqueue(key, "post", channel, f"<p>{key}</p>", priority=priority)


# -- order and keys ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("messages", "expected"),
    [
        # (key, priority, channel kind, seconds later), in the order enqueued
        ([("receipt", 3, "conversation", 0), ("morgen", 0, "thread", 0)], ["morgen", "receipt"]),
        ([("info", 2, "conversation", 0), ("ask", 1, "conversation", 0)], ["ask", "info"]),
        ([("old", 2, "thread", 0), ("new", 2, "thread", 5)], ["old", "new"]),
        ([("first", 3, "thread", 0), ("second", 3, "thread", 0)], ["first", "second"]),
    ],
)
def test_priority_then_oldest_first(env: Env, messages: list, expected: list[str]) -> None:
    conv = ChannelRef("conversation", env.conversation())
    for key, priority, kind, later in messages:
        env.clock.advance(later)
        post(env, key, priority, THREAD if kind == "thread" else conv)
    assert [m.key for m in env.outbox.due()] == expected
    env.clock.advance(600)
    sent = []
    while (result := env.send()) is not None:
        if result.status == "sent":
            sent.append(result.key)
        else:
            env.clock.set(result.not_before)
    assert sent == expected


def test_every_published_message_is_in_v_published_with_its_link(env: Env) -> None:
    """ "What did the bot post when" in one query: each sent message of a round, with the
    forum's link to it; keys of no round are not there."""
    conv = ChannelRef("conversation", env.conversation())
    post(env, "g3/morgen", Priority.PHASE)
    post(env, "g3/quittung", Priority.RECEIPT, conv)
    env.outbox.enqueue("g3/rolle/Anna", "conversation", None, "<p>Du bist</p>", title="Anna",
                       participants=["Anna"])  # fmt: skip
    post(env, "g4/morgen", Priority.PHASE)
    post(env, "not-a-round", Priority.RECEIPT)
    env.clock.advance(600)
    assert env.send().key == "g3/morgen"
    assert env.send().key == "g4/morgen"
    while env.send() is not None:
        env.clock.advance(600)
    with sqlite3.connect(env.path) as raw:
        rows = raw.execute(
            "SELECT game_id, key, kind, link FROM v_published WHERE game_id = 3"
        ).fetchall()
        games = raw.execute("SELECT DISTINCT game_id FROM v_published").fetchall()
    (morgen,) = [r for r in rows if r[1] == "g3/morgen"]
    assert morgen[3].startswith("https://forum.example/index.php?thread/12/&postID=")
    kinds = {key: (kind, link) for _, key, kind, link in rows}
    assert kinds["g3/quittung"][1].startswith(
        f"https://forum.example/index.php?conversation/{conv.id}/"
    )
    assert (
        kinds["g3/rolle/Anna"][0] == "conversation" and "conversation/" in kinds["g3/rolle/Anna"][1]
    )
    assert len(rows) == 3 and games == [(3,), (4,)]  # no key of another writer


def test_same_key_twice_is_one_message(env: Env) -> None:
    first = post(env, "game1/morgen/2", Priority.PHASE)
    again = env.outbox.enqueue("game1/morgen/2", "post", THREAD, "<p>other text</p>")
    assert again == first
    assert len(env.outbox.messages()) == 1
    assert env.send().status == "sent"
    assert post(env, "game1/morgen/2", Priority.PHASE) == first
    assert env.send() is None
    assert env.forum.stored == ["<p>game1/morgen/2</p>"]


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"kind": "note", "channel": THREAD, "html": "<p>x</p>"}, "kind"),
        ({"kind": "post", "html": "<p>x</p>"}, "channel or a parent"),
        ({"kind": "post", "channel": THREAD, "html": " "}, "needs a message"),
        ({"kind": "post", "channel": "forum:3", "html": "<p>x</p>"}, "not a channel"),
        ({"kind": "conversation", "html": "<p>x</p>", "participants": ["Anna"]}, "title"),
        (
            {"kind": "conversation", "channel": THREAD, "title": "T", "html": "<p>x</p>"},
            "no channel",
        ),
        ({"kind": "add_participants", "channel": THREAD, "participants": ["A"]}, "not to thread"),
        ({"kind": "add_participants", "channel": "conversation:7"}, "needs participants"),
        ({"kind": "post", "parent": "nope", "html": "<p>x</p>"}, "no conversation message"),
    ],
)
def test_invalid_messages_are_refused(env: Env, kwargs: dict, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        env.outbox.enqueue("k", **kwargs)
    assert env.outbox.messages() == []


# -- pacing --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("first", "second", "wait", "limit"),
    [
        ("thread", "thread", 30, "thread_post_interval"),
        ("conversation", "conversation", 60, "conversation_message_interval"),
        ("conversation", "new_conversation", 60, "conversation_message_interval"),
        ("new_conversation", "conversation", 60, "conversation_message_interval"),
        ("thread", "conversation", 0, None),
        ("conversation", "thread", 0, None),
        ("new_conversation", "add_participants", 0, None),
    ],
)
def test_pacing_per_kind(env: Env, first: str, second: str, wait: int, limit: str | None) -> None:
    conv = env.conversation()

    def enqueue(key: str, what: str) -> None:
        if what == "thread":
            post(env, key)
        elif what == "conversation":
            post(env, key, channel=f"conversation:{conv}")
        elif what == "new_conversation":
            env.outbox.enqueue(key, "conversation", None, "<p>Hallo</p>", key, ["Bert"])
        else:
            env.outbox.enqueue(key, "add_participants", f"conversation:{conv}", participants=["B"])

    enqueue("a", first)
    assert env.send().status == "sent"
    env.clock.advance(10)
    enqueue("b", second)
    result = env.send()
    if wait == 0:
        assert result.status == "sent"
        return
    assert (result.status, result.limit) == ("waiting", limit)
    assert result.not_before == START + s(wait)
    assert result.forum_calls == 0
    assert env.outbox.get("b").not_before == START + s(wait)
    env.clock.set(START + s(wait - 1))
    assert env.send() is None
    env.clock.set(START + s(wait))
    assert env.send().status == "sent"
    assert env.forum.self_floods == 0


def test_eleventh_conversation_waits_until_the_first_is_a_day_old(env: Env) -> None:
    opened_at = []
    for n in range(11):
        env.outbox.enqueue(f"c{n}", "conversation", None, f"<p>{n}</p>", f"Runde {n}", ["Anna"])
    for _ in range(10):
        result = env.send()
        if result.status == "waiting":
            assert result.limit == "conversation_message_interval"
            env.clock.set(result.not_before)
            result = env.send()
        assert result.status == "sent"
        opened_at.append(env.clock())
    env.clock.advance(3600)
    result = env.send()
    assert (result.status, result.limit, result.key) == ("waiting", "conversations_per_day", "c10")
    assert result.not_before == opened_at[0] + timedelta(hours=24)
    assert "schon 10 neue Konversationen in 24 Stunden" in result.blocked_reason
    assert "forum.limits.conversations_per_day" in result.blocked_reason
    # `wolfbot status` shows why it waits; once it is tried, it waits no longer
    assert env.outbox.get("c10").last_error == "wartet: " + result.blocked_reason
    assert env.send() is None
    env.clock.set(opened_at[0] + timedelta(hours=24) - s(1))
    assert env.send() is None
    env.clock.set(opened_at[0] + timedelta(hours=24))
    assert env.send().status == "sent"
    assert env.outbox.get("c10").last_error is None
    assert env.forum.calls["open_conversation"] == 11
    assert env.forum.self_floods == 0


def test_more_participants_than_the_forum_allows_are_refused_at_enqueue(env: Env) -> None:
    ten = [f"P{n}" for n in range(10)]
    with pytest.raises(TooManyParticipants, match=r"11 participants.*max_participants"):
        env.outbox.enqueue("big", "conversation", None, "<p>x</p>", "Totenreich", [*ten, "P10"])
    env.outbox.enqueue("wolves", "conversation", None, "<p>x</p>", "Wolfshöhle", ten[:9])
    # a name given twice counts once
    env.outbox.enqueue("ten", "conversation", None, "<p>x</p>", "Zehn", [*ten, "P0", " P1 "])
    env.outbox.enqueue("add1", "add_participants", participants=["P9"], parent="wolves")
    with pytest.raises(TooManyParticipants, match="11 participants"):
        env.outbox.enqueue("add2", "add_participants", participants=["X"], parent="wolves")
    assert env.send().status == "sent"  # wolves, opened
    conv = env.outbox.get("wolves").forum_id
    with pytest.raises(TooManyParticipants):  # counted by channel too, once it is open
        env.outbox.enqueue("add3", "add_participants", f"conversation:{conv}", participants=["Y"])


def test_the_forum_refusing_participants_blocks_the_message(env: Env) -> None:
    conv = env.forum.add_conversation("Fremd", [f"P{n}" for n in range(10)])
    env.outbox.enqueue("add", "add_participants", f"conversation:{conv}", participants=["Z"])
    result = env.send()
    assert (result.status, env.state("add")) == ("blocked", "blocked")
    assert "too many participants" in result.error
    assert env.send() is None


# -- idempotency ---------------------------------------------------------------------------
def _enqueue_kind(env: Env, kind: str) -> str:
    conv = env.conversation()
    match kind:
        case "thread":
            post(env, "m")
        case "reply":
            post(env, "m", channel=f"conversation:{conv}")
        case "conversation":
            env.outbox.enqueue("m", "conversation", None, "<p>Rolle</p>", "Bert – 1", ["Bert"])
        case "add_participants":
            env.outbox.enqueue("m", "add_participants", f"conversation:{conv}", participants=["B"])
    return "m"


KINDS = ["thread", "reply", "conversation", "add_participants"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    "fault", ["timeout_after_store", "server_error_after_store", "httpx_timeout"]
)
def test_published_despite_an_error_is_found_not_repeated(env: Env, kind: str, fault: str) -> None:
    key = _enqueue_kind(env, kind)
    env.forum.faults.append(fault)
    result = env.send()
    assert (result.status, env.state(key)) == ("retry", "uncertain")
    assert result.not_before == START + s(30)
    assert env.send() is None  # not before the backoff
    env.clock.advance(30)
    writes = env.forum.writes
    result = env.send()
    assert result.status == "appeared"
    assert env.forum.writes == writes  # nothing written again
    assert result.forum_calls == 1  # exactly one look: a read or the conversation list
    assert env.state(key) == "sent"
    assert len(env.forum.stored) == (0 if kind == "add_participants" else 1)
    assert env.send() is None


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("fault", ["timeout_before_store", "server_error"])
def test_not_published_after_an_error_is_sent_once(env: Env, kind: str, fault: str) -> None:
    key = _enqueue_kind(env, kind)
    env.forum.faults.append(fault)
    assert env.send().status == "retry"
    env.clock.advance(60)  # the backoff (30 s) and the pacing, which counts the failed try
    result = env.send()
    assert result.status == "sent"
    assert result.forum_calls == 2  # the look, then the write
    assert env.forum.writes == 2
    assert env.outbox.get(key).attempts == 1
    assert len(env.forum.stored) == (0 if kind == "add_participants" else 1)


def test_appeared_check_costs_one_read_from_the_recorded_mark(env: Env) -> None:
    for n in range(45):  # three pages
        env.forum.post_as("Anna", THREAD, f"<p>{n}</p>")
    last = env.forum.posts_in(THREAD)[-1]
    reader = ReadMark(last.post_id, place={"page": 3}, memory={"seen": {"1": "…"}})
    env.restart(marks=lambda channel: reader if channel == THREAD else None)
    post(env, "morgen", Priority.PHASE)
    env.forum.faults.append("timeout_after_store")
    env.send()
    assert env.forum.calls["read"] == 0  # sending itself reads nothing
    assert env.outbox.get("morgen").before_mark == reader.bound().to_json()  # no memory
    env.clock.advance(30)
    assert env.send().status == "appeared"
    assert env.forum.calls["read"] == 1
    assert env.forum.read_marks[-1] == ReadMark(last.post_id, place={"page": 3})
    assert env.forum.read_requests == 1


def test_own_earlier_sent_posts_give_the_mark(env: Env) -> None:
    for n in range(25):
        env.forum.post_as("Anna", THREAD, f"<p>{n}</p>")
    post(env, "a")
    assert env.send().status == "sent"
    a = env.outbox.get("a").forum_id
    env.clock.advance(30)
    post(env, "b")
    env.forum.faults.append("timeout_before_store")
    env.send()
    assert env.outbox.get("b").before_mark["last_post_id"] == a


def test_an_identical_post_of_another_message_is_not_taken_for_it(env: Env) -> None:
    conv = f"conversation:{env.conversation()}"
    html = "<p>Angenommen: <strong>!Lynch Bert</strong></p>"
    env.outbox.enqueue("receipt/1", "post", conv, html, priority=Priority.RECEIPT)
    env.forum.faults.append("timeout_before_store")
    assert env.send().status == "retry"  # not stored, uncertain
    env.clock.advance(60)
    env.outbox.enqueue("receipt/2", "post", conv, html, priority=Priority.QUESTION)
    assert (env.send().status, env.send().status) == ("sent", "waiting")  # 2 first, 1 paced
    env.clock.advance(60)
    assert env.send().status == "sent"  # receipt/1 looked, saw only receipt/2's post
    assert env.forum.stored == [html, html]


def test_flood_control_waits_retry_after(env: Env) -> None:
    post(env, "a")
    post(env, "b", channel="thread:99")  # another thread: only the flood control holds it
    env.forum.faults.append("flood")
    result = env.send()
    assert (result.status, result.limit) == ("waiting", "forum_flood_control")
    assert result.not_before == START + s(45)
    assert env.outbox.get("a").attempts == 0
    assert env.state("a") == "queued"
    result = env.send()  # b is held by the same flood control, without asking the forum
    assert (result.key, result.status, result.forum_calls) == ("b", "waiting", 0)
    assert env.send() is None
    env.clock.set(START + s(45))
    assert env.send().key == "a"
    assert env.forum.stored == ["<p>a</p>"]


def test_a_post_waiting_for_its_retry_holds_the_later_posts_of_its_channel(env: Env) -> None:
    """The forum shows a channel's posts in the order they were queued: the Dämmerung
    never appears before a Zwischenstand that failed once; other channels go on."""
    post(env, "zwischenstand")
    post(env, "daemmerung")
    post(env, "elsewhere", channel=f"conversation:{env.conversation()}")
    env.forum.faults.append("server_error")
    assert env.send().status == "retry"
    assert [env.send().key, env.send()] == ["elsewhere", None]  # the thread waits
    env.clock.advance(60)  # the backoff and the pacing
    assert env.send().key == "zwischenstand"
    env.clock.advance(60)
    assert env.send().key == "daemmerung"


def test_login_failed_blocks_everything_without_further_calls(env: Env) -> None:
    post(env, "a")
    post(env, "b", channel=f"conversation:{env.conversation()}")
    env.forum.faults.append("login_failed")
    result = env.send()
    assert (result.status, result.limit) == ("login_failed", "login")
    assert "fix the credentials" in result.blocked_reason
    calls = env.forum.forum_calls
    for _ in range(5):
        again = env.send()
        assert again.status == "login_failed"
        assert again.forum_calls == 0
    env.clock.advance(3600)
    assert env.send().status == "login_failed"
    assert env.forum.forum_calls == calls
    assert {m.state for m in env.outbox.messages()} == {"queued"}
    env.outbox.resume()
    assert [env.send().status, env.send().status] == ["sent", "sent"]


def test_login_failed_while_checking_keeps_the_message_uncertain(env: Env) -> None:
    post(env, "a")
    env.forum.faults.append("timeout_after_store")
    env.send()
    env.clock.advance(30)
    env.forum.read_faults.append("login_failed")
    assert env.send().status == "login_failed"
    assert env.state("a") == "uncertain"
    env.restart()  # with fixed credentials
    assert env.send().status == "appeared"
    assert len(env.forum.stored) == 1


@pytest.mark.parametrize("fault", ["crash_after_store", "crash_before_store"])
@pytest.mark.parametrize("kind", KINDS)
def test_restart_after_a_crash_while_sending(env: Env, kind: str, fault: str) -> None:
    key = _enqueue_kind(env, kind)
    env.forum.faults.append(fault)
    with pytest.raises(Crash):
        env.send()
    assert env.state(key) == "sending"
    env.restart()
    msg = env.outbox.get(key)
    assert (msg.state, msg.not_before) == ("uncertain", START + s(30))
    env.clock.advance(60)  # the backoff, and the pacing counts the interrupted try
    result = env.send()
    stored = fault == "crash_after_store"
    assert result.status == ("appeared" if stored else "sent")
    assert len(env.forum.stored) == (0 if kind == "add_participants" else 1)
    assert env.send() is None


def test_restart_continues_the_queue(env: Env) -> None:
    for n in range(3):
        post(env, f"p{n}")
    assert env.send().status == "sent"
    env.restart()
    env.clock.advance(30)
    assert env.send().key == "p1"
    env.restart()
    env.clock.advance(30)
    assert env.send().key == "p2"
    assert env.forum.stored == ["<p>p0</p>", "<p>p1</p>", "<p>p2</p>"]


def test_backoff_then_failed_after_max_attempts(tmp_path: Path) -> None:
    env = Env(tmp_path / "w.sqlite", retry=RetryPolicy(max_attempts=3, backoff=30, backoff_max=100))
    post(env, "a")
    waits = []
    for _ in range(3):
        env.forum.faults.append("server_error")
        result = env.send()
        assert result.status == "retry"
        waits.append((result.not_before - env.clock()).total_seconds())
        env.clock.set(result.not_before)
    assert waits == [30, 60, 100]
    result = env.send()  # one last look, then give up
    assert (result.status, env.state("a")) == ("failed", "failed")
    assert "internal server error" in result.error
    assert env.outbox.get("a").last_error == result.error
    assert env.forum.calls["post"] == 3
    assert env.send() is None
    env.outbox.retry("a")
    result = env.send()
    assert result.status == "sent"
    assert env.forum.stored == ["<p>a</p>"]


def test_a_refusal_blocks_until_the_spielleitung_retries(env: Env) -> None:
    post(env, "a")
    env.forum.faults.append("refused")
    result = env.send()
    assert (result.status, env.state("a")) == ("blocked", "blocked")
    env.clock.advance(3600)
    assert env.send() is None
    env.outbox.retry("a")
    assert env.send().status == "sent"
    with pytest.raises(ValueError):
        env.outbox.retry("a")


def test_a_bug_in_the_client_surfaces_and_leaves_the_message_uncertain(env: Env) -> None:
    post(env, "a")

    def broken(*args: object) -> int:
        raise KeyError("bug")

    env.forum.post = broken  # type: ignore[method-assign]
    with pytest.raises(KeyError):
        env.send()
    assert env.state("a") == "uncertain"


def test_secrets_never_reach_the_database(env: Env) -> None:
    env.restart(secrets=[SecretStr("hunter2")])
    post(env, "a")

    def leaky(*args: object) -> int:
        raise ForumError("login as Spielleitung:hunter2 failed", status=500)

    env.forum.post = leaky  # type: ignore[method-assign]
    result = env.send()
    assert "hunter2" not in result.error
    assert "***" in env.outbox.get("a").last_error
    env.engine.dispose()
    with sqlite3.connect(env.path) as raw:
        assert "hunter2" not in "\n".join(raw.iterdump())


def test_messages_wait_for_the_conversation_they_go_into(env: Env) -> None:
    env.outbox.enqueue("role/anna", "conversation", None, "<p>Rolle</p>", "Anna – 1", ["Anna"])
    env.outbox.enqueue("receipt", "post", html="<p>ok</p>", parent="role/anna", priority=0)
    env.outbox.enqueue("add", "add_participants", participants=["Bert"], parent="role/anna")
    assert [m.key for m in env.outbox.due()] == ["role/anna"]
    assert env.send().key == "role/anna"
    conv = env.outbox.get("role/anna").forum_id
    assert env.outbox.get("receipt").channel == f"conversation:{conv}"
    result = env.send()  # the receipt must wait 60 s after the first message …
    assert (result.key, result.status, result.not_before) == ("receipt", "waiting", START + s(60))
    assert env.send().key == "add"  # … adding participants need not
    env.clock.advance(60)
    assert env.send().key == "receipt"
    late = env.outbox.enqueue("late", "post", html="<p>late</p>", parent="role/anna")
    assert env.outbox.get("late").channel == f"conversation:{conv}" and late
    assert [p.html for p in env.forum.posts_in(ChannelRef("conversation", conv))][1] == "<p>ok</p>"
    assert env.forum.convs[conv].participants == ["Anna", "Bert"]


def test_scheduled_messages_and_next_due(env: Env) -> None:
    assert env.outbox.next_due() is None
    env.outbox.enqueue("later", "post", THREAD, "<p>x</p>", not_before=START + s(600))
    assert env.outbox.due() == []
    assert env.outbox.next_due() == START + s(600)
    assert env.send() is None
    env.clock.set(START + s(600))
    assert env.send().status == "sent"
    with pytest.raises(ValueError, match="naive"):
        env.outbox.enqueue("naive", "post", THREAD, "<p>x</p>", not_before=datetime(2026, 1, 1))


# -- the property --------------------------------------------------------------------------
ACTIONS = st.one_of(
    st.tuples(st.just("enqueue"), st.integers(0, 9), st.sampled_from(["thread", "reply", "conv"])),
    st.tuples(st.just("child"), st.integers(0, 4), st.integers(0, 9)),
    st.tuples(st.just("send")),
    st.tuples(
        st.just("fault"),
        st.sampled_from(
            [
                "timeout_after_store",
                "timeout_before_store",
                "server_error",
                "server_error_after_store",
                "flood",
                "login_failed",
                "crash_after_store",
                "crash_before_store",
                "refused",
            ]
        ),
    ),
    st.tuples(st.just("read_fault"), st.sampled_from(["timeout", "login_failed"])),
    st.tuples(st.just("restart")),
    st.tuples(st.just("tick"), st.integers(0, 90_000)),
)


@cache
def _store() -> Engine:
    engine = db.engine_for(":memory:")
    metadata.create_all(engine)
    return engine


def emptied_store() -> Engine:
    """One in-memory store for every example, emptied: a new one per example spent most of
    the time creating the schema and compiling the same statements again."""
    engine = _store()
    with engine.begin() as connection:
        for table in reversed(metadata.sorted_tables):
            connection.execute(table.delete())
    return engine


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ACTIONS, max_size=40))
def test_no_key_is_ever_posted_twice_and_every_key_eventually_once(actions: list) -> None:
    clock = Clock(START)
    forum = FakeForum(clock, limits=LIMITS)
    conv = f"conversation:{forum.add_conversation('Anna – 1. Runde', ['Anna'])}"
    sessions = db.session_factory(emptied_store())
    retry = RetryPolicy(max_attempts=1000, backoff=30, backoff_max=600)

    def new_outbox() -> Outbox:
        return Outbox(sessions, LIMITS, clock, retry=retry)

    outbox = new_outbox()
    keys: set[str] = set()

    def send() -> SendResult | None:
        nonlocal outbox
        calls = forum.forum_calls
        try:
            result = outbox.send_next(forum)
        except Crash:
            outbox = new_outbox()
            return None
        if result is not None and result.status == "login_failed" and result.error is None:
            assert forum.forum_calls == calls  # blocked: the forum is not asked
        return result

    for action in actions:
        match action:
            case ("enqueue", n, kind):
                key = f"m{n}"
                if kind == "conv":
                    outbox.enqueue(key, "conversation", None, f"<p>{key}</p>", key, ["Bert"])
                else:
                    channel = str(THREAD) if kind == "thread" else conv
                    outbox.enqueue(key, "post", channel, f"<p>{key}</p>", priority=n % 4)
                keys.add(key)
            case ("child", n, parent):
                opening = outbox.get(f"m{parent}")
                if opening is not None and opening.kind == "conversation":
                    key = f"c{n}"
                    outbox.enqueue(key, "post", html=f"<p>{key}</p>", parent=opening.key)
                    keys.add(key)
            case ("send",):
                send()
            case ("fault", fault):
                forum.faults.append(fault)
            case ("read_fault", fault):
                forum.read_faults.append(fault)
            case ("restart",):
                outbox = new_outbox()
            case ("tick", seconds):
                clock.advance(seconds)
        assert len(forum.stored) == len(set(forum.stored)), "a message was published twice"

    forum.faults.clear()
    forum.read_faults.clear()
    outbox.resume()
    for blocked in outbox.messages(["blocked"]):  # the Spielleitung looks and retries
        outbox.retry(blocked.key)
    for _ in range(500):
        if send() is None:
            if (when := outbox.next_due()) is None:
                break
            clock.set(max(when, clock() + s(1)))
    assert sorted(forum.stored) == sorted(f"<p>{k}</p>" for k in keys)
    assert {m.state for m in outbox.messages()} <= {"sent"}
    assert forum.self_floods == 0, "the queue tripped the forum's flood control by itself"


def test_a_refusal_blocks_the_message_without_checking_the_forum() -> None:
    """`Refused` means the forum stored nothing: no appeared-check, no retry, blocked."""
    from wolfbot.forum.base import Refused
    from wolfbot.outbox.values import classify

    assert classify(Refused("Bitte fülle dieses Eingabefeld aus.", status=200)) == "refused"


def test_repeated_crashes_while_sending_never_give_a_message_up(tmp_path) -> None:
    """A bot killed during `sending` again and again: each restart checks, none counts as a
    failed attempt of the forum."""
    from datetime import UTC, datetime

    from wolfbot.outbox.queue import Outbox
    from wolfbot.store import db
    from wolfbot.store.models import OutgoingMessage

    sessions = db.session_factory(db.upgrade(tmp_path / "crash.sqlite"))
    now = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    Outbox(sessions, clock=lambda: now).enqueue("k", "post", "thread:1", "<p>x</p>")
    for _ in range(10):
        with sessions.begin() as session:
            row = session.query(OutgoingMessage).filter_by(key="k").one()
            row.state, row.attempted_at = "sending", now
        Outbox(sessions, clock=lambda: now)  # a restart
    with sessions() as session:
        row = session.query(OutgoingMessage).filter_by(key="k").one()
        assert (row.state, row.attempts) == ("uncertain", 0)
