"""The write queue's edits and drafts, against the in-memory forum of `fakes`:

- kind `edit`: new HTML for a published post; not paced (WoltLab has no flood control for
  edits), sent again after an uncertain try without an appeared-check, and only the newest
  edit of a post is ever sent;
- state `draft` (`enqueue(…, draft=True)`): never sent until approved, then in the
  original order; a restart keeps them."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import Crash
from test_outbox import THREAD, Env, s

from wolfbot.forum.base import ChannelRef
from wolfbot.outbox import drafts as outbox_drafts
from wolfbot.outbox.queue import Priority
from wolfbot.store import db


@pytest.fixture
def env(tmp_path: Path) -> Env:
    return Env(tmp_path / "wolfbot.sqlite")


def published(env: Env, key: str = "g1/eroeffnung") -> int:
    env.outbox.enqueue(key, "post", THREAD, "<p>Eröffnung</p>", "Runde 1", priority=0)
    result = env.send()
    assert result is not None and result.status == "sent" and result.forum_id
    return result.forum_id


def edit(env: Env, key: str, target: int, html: str, draft: bool = False) -> int:
    return env.outbox.enqueue(
        key, "edit", THREAD, html, priority=Priority.PHASE, target=target, draft=draft
    )


def html_of(env: Env, post_id: int) -> str:
    return next(p.html for p in env.forum.posts_in(THREAD) if p.post_id == post_id)


# -- edits ----------------------------------------------------------------------------------
def test_an_edit_is_sent_at_once_and_does_not_hold_thread_posts(env: Env) -> None:
    opening = published(env)
    edit(env, "g1/eroeffnung/edit/1", opening, "<p>Eröffnung mit Link</p>")
    result = env.send()  # no thread_post_interval for an edit: 30 s have not passed
    assert result is not None and (result.status, result.forum_id) == ("sent", opening)
    assert html_of(env, opening) == "<p>Eröffnung mit Link</p>"
    message = env.outbox.get("g1/eroeffnung/edit/1")
    assert message is not None and (message.state, message.forum_id) == ("sent", opening)
    env.outbox.enqueue("g1/morgen", "post", THREAD, "<p>Morgen</p>", priority=0)
    waiting = env.send()  # paced by the Eröffnungsbeitrag, not by the edit
    assert waiting is not None and waiting.status == "waiting"
    assert waiting.not_before == env.outbox.get("g1/eroeffnung").attempted_at + s(30)


def test_an_uncertain_edit_is_sent_again_without_looking(env: Env) -> None:
    opening = published(env)
    edit(env, "g1/e/1", opening, "<p>neu</p>")
    env.forum.faults.append("timeout_after_store")
    assert env.send().status == "retry"
    assert env.state("g1/e/1") == "uncertain"
    env.clock.advance(3600)
    reads = env.forum.calls["read"] + env.forum.calls["conversations"]
    assert env.send().status == "sent"
    assert env.forum.calls["read"] + env.forum.calls["conversations"] == reads
    assert env.forum.edits == [(opening, "<p>neu</p>")] * 2  # the same twice: harmless


@pytest.mark.parametrize("fault", ["crash_after_store", "crash_before_store"])
def test_an_edit_a_crash_interrupted_is_sent_again(env: Env, fault: str) -> None:
    """Not marked `sending`: after the restart it is sent again as it is (no recovery, no
    appeared-check), without counting as an attempt."""
    opening = published(env)
    edit(env, "g1/e/1", opening, "<p>neu</p>")
    env.forum.faults.append(fault)
    with pytest.raises(Crash):
        env.send()
    assert env.state("g1/e/1") == "queued"
    env.restart()
    reads = env.forum.calls["read"] + env.forum.calls["conversations"]
    result = env.send()
    assert result is not None and (result.status, result.forum_id) == ("sent", opening)
    assert env.forum.calls["read"] + env.forum.calls["conversations"] == reads
    message = env.outbox.get("g1/e/1")
    assert message is not None and (message.state, message.attempts) == ("sent", 0)
    assert html_of(env, opening) == "<p>neu</p>" and env.send() is None


def test_an_edit_fails_after_its_tries(env: Env) -> None:
    opening = published(env)
    edit(env, "g1/e/1", opening, "<p>neu</p>")
    for _ in range(env.retry.max_attempts):
        env.forum.faults.append("server_error")
        env.clock.advance(3600)
        env.send()
    assert env.state("g1/e/1") == "failed"
    assert env.send() is None


def test_a_refused_edit_is_blocked(env: Env) -> None:
    opening = published(env)
    edit(env, "g1/e/1", opening, "<p>neu</p>")
    env.forum.faults.append("refused")
    assert env.send().status == "blocked"


def test_only_the_newest_edit_of_a_post_is_sent(env: Env) -> None:
    opening = published(env)
    env.clock.advance(60)
    other = published(env, "g1/morgen")
    edit(env, "g1/e/1", opening, "<p>eins</p>")
    edit(env, "g1/m/1", other, "<p>anderer Beitrag</p>")
    edit(env, "g1/e/2", opening, "<p>zwei</p>")
    first = env.outbox.get("g1/e/1")
    assert first is not None and first.state == "failed" and first.superseded
    assert "g1/e/2" in (first.last_error or "")
    assert env.state("g1/m/1") == "queued"  # another post: not superseded
    while env.send() is not None:
        pass
    assert env.forum.edits == [(other, "<p>anderer Beitrag</p>"), (opening, "<p>zwei</p>")]
    with pytest.raises(ValueError, match="superseded"):
        env.outbox.retry("g1/e/1")


def test_an_uncertain_edit_is_superseded_and_never_sent_after_the_newer(env: Env) -> None:
    opening = published(env)
    edit(env, "g1/e/1", opening, "<p>eins</p>")
    env.forum.faults.append("timeout_before_store")
    assert env.send().status == "retry"
    edit(env, "g1/e/2", opening, "<p>zwei</p>")
    env.clock.advance(3600)
    while env.send() is not None:
        pass
    assert env.forum.edits == [(opening, "<p>zwei</p>")]
    assert html_of(env, opening) == "<p>zwei</p>"


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"html": "<p>x</p>"}, "names the post"),
        ({"html": "<p>x</p>", "target": 0}, "id of its post"),
        ({"html": " ", "target": 5}, "needs a message"),
        ({"html": "<p>x</p>", "target": 5, "participants": ["Anna"]}, "no participants"),
    ],
)
def test_invalid_edits_are_refused(env: Env, kwargs: dict, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        env.outbox.enqueue("k", "edit", THREAD, **kwargs)
    with pytest.raises(ValueError, match="names the post"):
        env.outbox.enqueue("k", "post", THREAD, "<p>x</p>", target=5)


# -- drafts ---------------------------------------------------------------------------------
def test_drafts_are_held_and_approval_releases_them_in_order(env: Env) -> None:
    conv = ChannelRef("conversation", env.conversation())
    env.outbox.enqueue(
        "g1/morgen", "post", THREAD, "<p>Morgen</p>", "Morgen", priority=0, draft=True
    )
    env.clock.advance(1)
    env.outbox.enqueue(
        "g1/stand", "post", THREAD, "<p>Stand</p>", "Zwischenstand", priority=0, draft=True
    )
    env.outbox.enqueue("g1/receipt", "post", conv, "<p>Angenommen</p>", priority=3)
    sessions = db.session_factory(env.engine)
    assert [m.key for m in outbox_drafts.drafts(sessions)] == ["g1/morgen", "g1/stand"]
    assert env.send().key == "g1/receipt"  # not held
    assert env.send() is None and env.outbox.next_due() is None
    with pytest.raises(outbox_drafts.DraftError, match="kein Entwurf"):
        outbox_drafts.approve(sessions, ["g1/stand", "g1/receipt"])
    assert env.state("g1/stand") == "draft"  # all or none
    assert [m.key for m in outbox_drafts.earlier_drafts(sessions, "g1/stand", "g1/")] == [
        "g1/morgen"
    ]
    released = outbox_drafts.approve(sessions, ["g1/stand", "g1/morgen"])
    assert [(m.key, m.state) for m in released] == [("g1/morgen", "queued"), ("g1/stand", "queued")]
    sent = []
    while (result := env.send()) is not None:
        if result.status == "sent":
            sent.append(result.key)
        else:
            env.clock.set(result.not_before)
    assert sent == ["g1/morgen", "g1/stand"]


def test_a_restart_keeps_the_drafts(env: Env) -> None:
    env.outbox.enqueue(
        "g1/morgen", "post", THREAD, "<p>Morgen</p>", "Morgen", priority=0, draft=True
    )
    env.restart()  # what is held stays held
    assert env.state("g1/morgen") == "draft" and env.send() is None
    sessions = db.session_factory(env.engine)
    assert [m.key for m in outbox_drafts.approve_all(sessions, "g1/")] == ["g1/morgen"]
    env.restart()
    assert env.send().status == "sent"


def test_a_discarded_draft_is_never_sent(env: Env) -> None:
    env.outbox.enqueue(
        "g1/morgen", "post", THREAD, "<p>Morgen</p>", "Morgen", priority=0, draft=True
    )
    sessions = db.session_factory(env.engine)
    with pytest.raises(outbox_drafts.DraftError, match="Grund"):
        outbox_drafts.discard(sessions, "g1/morgen", " ")
    gone = outbox_drafts.discard(sessions, "g1/morgen", "Tippfehler, schreibe ich selbst")
    assert gone.state == "failed" and gone.last_error == (
        "discarded by the Spielleitung: Tippfehler, schreibe ich selbst"
    )
    assert env.send() is None and env.forum.stored == []
    with pytest.raises(outbox_drafts.DraftError, match="keine Nachricht"):
        outbox_drafts.discard(sessions, "g1/nichts", "x")


def test_a_newer_edit_replaces_a_draft_edit(env: Env) -> None:
    opening = published(env)
    edit(env, "g1/e/1", opening, "<p>eins</p>", draft=True)
    edit(env, "g1/e/2", opening, "<p>zwei</p>", draft=True)
    sessions = db.session_factory(env.engine)
    assert [m.key for m in outbox_drafts.drafts(sessions)] == ["g1/e/2"]
    outbox_drafts.approve_all(sessions)
    assert env.send().status == "sent" and env.forum.edits == [(opening, "<p>zwei</p>")]


def test_a_newer_edit_keeps_the_reason_of_a_discarded_one(env: Env) -> None:
    """A failed edit is out of the way already: superseding it would overwrite why."""
    opening = published(env)
    edit(env, "g1/e/1", opening, "<p>eins</p>", draft=True)
    sessions = db.session_factory(env.engine)
    outbox_drafts.discard(sessions, "g1/e/1", "falscher Link")
    edit(env, "g1/e/2", opening, "<p>zwei</p>")
    first = env.outbox.get("g1/e/1")
    assert first is not None and first.state == "failed" and not first.superseded
    assert first.last_error == "discarded by the Spielleitung: falscher Link"
    assert env.send().status == "sent" and env.forum.edits == [(opening, "<p>zwei</p>")]


# -- a post's text kept once ----------------------------------------------------------------
def opening_text(links: int) -> str:
    """The Eröffnungsbeitrag with `links` links: long, and each edit adds one line."""
    rules = "".join(f"<p>Regel {n}: lang und unverändert.</p>" for n in range(200))
    listed = "".join(f"<li><a href='#post{n}'>Morgen des {n}. Tages</a></li>" for n in range(links))
    return f"<h2>Verlinkung</h2><ul>{listed}</ul>{rules}"


def stored_bytes(env: Env) -> int:
    with env.engine.connect() as connection:
        return connection.exec_driver_sql(
            "SELECT sum(length(html)) FROM outgoing_messages WHERE kind = 'edit'"
        ).scalar_one()


EDITS = 12


@pytest.mark.parametrize(
    "way",
    ["each-sent", "replaced-before-sent", "drafts", "sent-after-a-crash"],
)
def test_the_store_keeps_the_posts_text_once_and_every_edit_reads_whole(env: Env, way: str) -> None:
    """Each edit of the Eröffnungsbeitrag is the whole post; the store keeps the newest
    whole and each older one as what differs from the next (`outbox.bodies`) – yet every
    edit reads, shows and is sent as it was queued."""
    opening = published(env)
    for links in range(1, EDITS + 1):
        edit(env, f"g1/e/{links}", opening, opening_text(links), draft=way == "drafts")
        if way == "each-sent":
            assert env.send().status == "sent"
        if way == "sent-after-a-crash" and links == EDITS:
            env.forum.faults.append("crash_before_store")
            with pytest.raises(Crash):
                env.send()
            env.restart()
        elif way == "sent-after-a-crash":
            assert env.send().status == "sent"
    sessions = db.session_factory(env.engine)
    for links in range(1, EDITS + 1):
        message = env.outbox.get(f"g1/e/{links}")
        assert message is not None and message.html == opening_text(links)
        assert outbox_drafts.message(sessions, f"g1/e/{links}").html == opening_text(links)
    assert [m.html for m in env.outbox.messages() if m.kind == "edit"] == [
        opening_text(links) for links in range(1, EDITS + 1)
    ]
    newest = len(opening_text(EDITS))
    assert newest <= stored_bytes(env) < newest + EDITS * 100
    if way == "drafts":
        assert [m.html for m in outbox_drafts.drafts(sessions)] == [opening_text(EDITS)]
        outbox_drafts.approve_all(sessions)
    while env.send() is not None:
        pass
    assert html_of(env, opening) == opening_text(EDITS)
    if way == "each-sent":
        assert env.forum.edits == [(opening, opening_text(n)) for n in range(1, EDITS + 1)]
    else:
        assert env.forum.edits[-1] == (opening, opening_text(EDITS))


def test_an_older_edit_given_up_and_retried_is_sent_as_it_was_queued(env: Env) -> None:
    """A failed edit is not superseded (it keeps its reason), so the Spielleitung may send
    it again: its text is rebuilt from the newer edit's."""
    opening = published(env)
    edit(env, "g1/e/1", opening, opening_text(1))
    for _ in range(env.retry.max_attempts):
        env.forum.faults.append("server_error")
        env.clock.advance(3600)
        env.send()
    assert env.state("g1/e/1") == "failed"
    edit(env, "g1/e/2", opening, opening_text(2))
    assert env.send().status == "sent"
    env.outbox.retry("g1/e/1")
    assert env.send().status == "sent"
    assert env.forum.edits[-2:] == [(opening, opening_text(2)), (opening, opening_text(1))]
