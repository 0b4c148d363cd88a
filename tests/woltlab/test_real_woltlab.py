"""wolfbot's ``WoltLabForum`` against a real WoltLab Suite Core 6.0 + Conversations at
``WOLFBOT_WOLTLAB_URL`` (see README.md here). Run only these: ``pytest -m woltlab``."""

from __future__ import annotations

import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from woltlab_support import MESSAGES_PER_PAGE, PLAYERS, Server

from wolfbot.bot.channels import Reading
from wolfbot.bot.reading import read_channels
from wolfbot.forum.base import ChannelRef, FloodLimited, LoginFailed, ReadMark, Refused
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.forum.woltlab.cursor import PageCursor
from wolfbot.outbox.queue import FloodLimits, Outbox, RetryPolicy
from wolfbot.store import db

pytestmark = pytest.mark.woltlab
SETTLE = timedelta(seconds=2)  # the reader's STORE_DELAY here: the test waits this long


def forum(server: Server, user: str = "wolfbot", **kw: object) -> WoltLabForum:
    options: dict[str, object] = {"min_interval": 0, **kw}
    return WoltLabForum(server.base_url, user, server.passwords[user], **options)  # type: ignore[arg-type]


def title(what: str) -> str:
    return f"{what} {uuid.uuid4().hex[:8]}"


def open_when_allowed(client: WoltLabForum, subject: str, people: list[str], html: str) -> int:
    """open_conversation for an account of the default group; only when a test before (a
    rerun within the minute) left its 60 s flood clock running, it waits once."""
    try:
        return client.open_conversation(subject, people, html)
    except FloodLimited as exc:
        time.sleep((exc.retry_after or 60) + 1)
        return client.open_conversation(subject, people, html)


class Logins:
    """Counts the logins (POSTs to login/) of a client."""

    def __init__(self, client: WoltLabForum) -> None:
        self.count = 0
        session = client._session
        original = session.login

        def counted() -> None:
            self.count += 1
            original()

        session.login = counted  # type: ignore[method-assign]


# ---------------------------------------------------------------- login


def test_login_with_the_right_password_works(woltlab: Server) -> None:
    bot = forum(woltlab)
    bot.login()
    assert bot._session.session_alive()


def test_login_with_a_wrong_password_is_login_failed_and_not_retried(woltlab: Server) -> None:
    bot = WoltLabForum(woltlab.base_url, "wolfbot", "wrong-password", min_interval=0)
    with pytest.raises(LoginFailed, match="password is wrong"):
        bot.login()
    before = bot.requests
    with pytest.raises(LoginFailed):
        bot.conversations()
    assert bot.requests == before  # fails fast, no request


def test_an_expired_session_on_a_read_is_renewed_by_one_login(woltlab: Server) -> None:
    bot = forum(woltlab)
    cid = bot.open_conversation(title("Session"), ["alice"], "<p>Hallo</p>")
    logins = Logins(bot)
    bot._session._client.cookies.clear()  # the session is gone (XSRF cookie too)
    bot._session.logged_in = True  # … but the client does not know it yet
    result = bot.read(ChannelRef("conversation", cid), ReadMark())
    assert [p.author for p in result.new] == ["wolfbot"]
    assert logins.count == 1


def test_a_lost_session_with_the_xsrf_cookie_left_is_renewed_by_one_login(woltlab: Server) -> None:
    """FINDINGS 1: the guest gets 403 (HTML to our Accept header); one new login."""
    bot = forum(woltlab)
    cid = bot.open_conversation(title("Session"), ["alice"], "<p>Hallo</p>")
    logins = Logins(bot)
    jar = bot._session._client.cookies
    for cookie in list(jar.jar):
        if cookie.name.endswith("_user_session"):
            jar.delete(cookie.name)
    result = bot.read(ChannelRef("conversation", cid), ReadMark())
    assert len(result.new) == 1 and logins.count == 1


def test_a_lost_xsrf_cookie_before_a_write_costs_one_login_and_the_write_goes_out(
    woltlab: Server,
) -> None:
    """FINDINGS 9: the session cookie survives, the XSRF-TOKEN cookie does not."""
    bot = forum(woltlab)
    cid = bot.open_conversation(title("Token"), ["alice"], "<p>eins</p>")
    bot._session._client.cookies.delete("XSRF-TOKEN")
    logins = Logins(bot)
    bot.post(ChannelRef("conversation", cid), "<p>zwei</p>")
    assert logins.count == 1
    texts = [p.body.text.strip() for p in bot.read(ChannelRef("conversation", cid), ReadMark()).new]
    assert texts == ["eins", "zwei"]


# ---------------------------------------------------------------- reading


# WoltLab orders a conversation's messages by ``time`` alone (seconds;
# ViewableConversationMessageList): messages of the same second have no stable order
# across pages, and a paginated read then misses or doubles some (seen here with 12 quick
# replies in one second). The bot's requests are 1 s apart (``request_interval``), so its
# messages get distinct seconds; the tests that post many do the same.
SECOND = 1.1


def test_reading_a_conversation_incrementally_across_pages(woltlab: Server) -> None:
    bot = forum(woltlab, min_interval=SECOND)
    cid = bot.open_conversation(title("Seiten"), ["alice"], "<p>Nachricht 0</p>")
    channel = ChannelRef("conversation", cid)
    for i in range(1, 12):
        bot.post(channel, f"<p>Nachricht {i}</p>")
    reader = forum(woltlab, "alice")
    first = reader.read(channel, ReadMark())
    texts = [p.body.text.strip() for p in first.new]
    assert texts == [f"Nachricht {i}" for i in range(12)]
    assert PageCursor.of(first.mark).page == 3 and MESSAGES_PER_PAGE == 5
    nothing = reader.read(channel, first.mark)
    assert (nothing.new, nothing.edited, nothing.deleted) == ([], [], [])
    assert nothing.requests == 1  # the slug URL is remembered: one GET of the last page
    for i in range(12, 16):
        bot.post(channel, f"<p>Nachricht {i}</p>")  # page 3 fills up, page 4 begins
    more = reader.read(channel, nothing.mark)
    assert [p.body.text.strip() for p in more.new] == [f"Nachricht {i}" for i in range(12, 16)]
    assert PageCursor.of(more.mark).page == 4 and more.requests == 2


def test_a_page_number_past_the_end_reads_the_last_page_without_loss_or_doubles(
    woltlab: Server,
) -> None:
    """FINDINGS 2: 6.0 answers a pageNo past the end with 200 and the last page."""
    bot = forum(woltlab, min_interval=SECOND)
    cid = bot.open_conversation(title("Ende"), ["alice"], "<p>m0</p>")
    channel = ChannelRef("conversation", cid)
    for i in range(1, 7):
        bot.post(channel, f"<p>m{i}</p>")
    first = bot.read(channel, ReadMark())
    assert PageCursor.of(first.mark).page == 2 and len(first.new) == 7
    seen = PageCursor.of(first.mark).seen
    stale = PageCursor(9, seen=seen).on(ReadMark(first.mark.last_post_id))
    again = bot.read(channel, stale)
    assert (again.new, again.deleted) == ([], []) and PageCursor.of(again.mark).page == 2
    bot.post(channel, "<p>m7</p>")
    last = bot.read(channel, again.mark)
    assert [p.body.text.strip() for p in last.new] == ["m7"]


def test_a_read_costs_one_request_once_the_slug_url_is_known(woltlab: Server) -> None:
    """FINDINGS 8: no 304 ever, a 301 to the slug URL on the first GET of a conversation."""
    cid = forum(woltlab).open_conversation(title("Kosten"), ["alice"], "<p>x</p>")
    reader = forum(woltlab, "alice")
    reader.login()
    channel = ChannelRef("conversation", cid)
    first = reader.read(channel, ReadMark())
    second = reader.read(channel, first.mark)
    third = reader.read(channel, second.mark)
    assert (first.requests, second.requests, third.requests) == (2, 1, 1)


# ---------------------------------------------------------------- a round's conversations


def test_twelve_rollenmitteilungen_and_a_wolfshoehle_for_a_twelve_player_round(
    woltlab: Server,
) -> None:
    """13 new conversations in a row: only with the tuned group (the default allows 10 per
    24 h and 60 s between them)."""
    bot = forum(woltlab)
    round_id = uuid.uuid4().hex[:6]
    opened = {}
    for player in PLAYERS:
        opened[player] = bot.open_conversation(
            f"Rollenmitteilung {round_id}: {player}", [player], f"<p>Du bist {player}.</p>"
        )
    wolves = PLAYERS[:3]
    cave = bot.open_conversation(f"Wolfshöhle {round_id}", wolves, "<p>Ihr seid die Wölfe.</p>")
    listed = {c.id: c for c in bot.conversations()}
    for player, cid in opened.items():
        assert listed[cid].participants == (player,)
        assert listed[cid].participants_complete
    assert set(listed[cave].participants) == set(wolves)
    message = forum(woltlab, "spieler05").read(
        ChannelRef("conversation", opened["spieler05"]), ReadMark()
    )
    assert [p.body.text.strip() for p in message.new] == ["Du bist spieler05."]


def test_replies_and_edits_are_read_back(woltlab: Server) -> None:
    bot = forum(woltlab)
    cid = bot.open_conversation(title("Antwort"), ["bob"], "<p>Frage</p>")
    channel = ChannelRef("conversation", cid)
    reply = bot.post(channel, "<p>Antwort</p>")
    reader = forum(woltlab, "bob")
    seen = reader.read(channel, ReadMark())
    assert [p.post_id for p in seen.new][-1] == reply
    bot.edit_post(channel, reply, "<p>Antwort, korrigiert</p>")
    after = reader.read(channel, seen.mark)
    assert [(p.post_id, p.edit_count, p.edited_by) for p in after.edited] == [(reply, 1, "wolfbot")]
    assert after.edited[0].body.text.strip() == "Antwort, korrigiert"


def test_editing_another_users_message_is_refused_with_one_write(woltlab: Server) -> None:
    """FINDINGS 6: 403 "Access denied": Refused, no second write, no new login."""
    alice = forum(woltlab, "alice")
    cid = open_when_allowed(alice, title("Fremd"), ["wolfbot"], "<p>von alice</p>")
    bot = forum(woltlab)
    channel = ChannelRef("conversation", cid)
    (message,) = bot.read(channel, ReadMark()).new
    logins = Logins(bot)
    before = bot.requests
    with pytest.raises(Refused, match="may not edit"):
        bot.edit_post(channel, message.post_id, "<p>gefälscht</p>")
    assert logins.count == 0 and bot.requests - before == 2  # the save, one GET of login/
    assert bot.read(channel, ReadMark()).new[0].body.text.strip() == "von alice"


def test_editing_a_message_that_does_not_exist_is_refused_with_a_clear_reason(
    woltlab: Server,
) -> None:
    bot = forum(woltlab)
    cid = bot.open_conversation(title("Fehlt"), ["alice"], "<p>x</p>")
    with pytest.raises(Refused, match="no message 999999") as caught:
        bot.edit_post(ChannelRef("conversation", cid), 999999, "<p>y</p>")
    assert "Please fill in" not in str(caught.value)


def test_adding_participants_and_someone_already_in(woltlab: Server) -> None:
    """FINDINGS 4: a name already in the conversation is a success, and the others are
    added; an unknown name is still Refused."""
    bot = forum(woltlab)
    cid = bot.open_conversation(title("Teilnehmer"), ["alice"], "<p>x</p>")
    bot.add_participants(cid, ["bob"])
    bot.add_participants(cid, ["bob"])  # a retry after a lost answer
    bot.add_participants(cid, ["bob", "carol"])
    page = forum(woltlab, "carol").read(ChannelRef("conversation", cid), ReadMark())
    assert len(page.new) == 1
    (listed,) = [c for c in bot.conversations() if c.id == cid]
    assert set(listed.participants) == {"alice", "bob", "carol"}
    with pytest.raises(Refused, match="does not exist"):
        bot.add_participants(cid, ["nobody-such"])


def test_user_search_finds_users_case_insensitively(woltlab: Server) -> None:
    bot = forum(woltlab)
    alice = bot.resolve_user("ALICE")
    assert alice is not None and bot.resolve_user("alice") == alice
    assert bot.resolve_user("nobody-such-user") is None


# ---------------------------------------------------------------- flood control


def test_flood_control_at_the_real_60_seconds_is_flood_limited_with_retry_after(
    woltlab: Server,
) -> None:
    """The default group: a reply right after opening a conversation is refused with the
    seconds left (not waited for)."""
    player = forum(woltlab, "spieler11")
    cid = open_when_allowed(player, title("Flut"), ["wolfbot"], "<p>erste</p>")
    with pytest.raises(FloodLimited) as caught:
        player.post(ChannelRef("conversation", cid), "<p>zweite</p>")
    assert caught.value.retry_after is not None and 50 <= caught.value.retry_after <= 60


def test_flood_control_on_conversation_add_is_flood_limited_with_one_post(woltlab: Server) -> None:
    """FINDINGS 1: the flood refusal of conversation-add is FloodLimited, not a new login
    and a second POST."""
    player = forum(woltlab, "spieler12")
    open_when_allowed(player, title("Flut"), ["wolfbot"], "<p>erste</p>")
    logins = Logins(player)
    before = player.requests
    with pytest.raises(FloodLimited) as caught:
        player.open_conversation(title("Flut"), ["wolfbot"], "<p>zweite</p>")
    assert caught.value.retry_after is not None and 50 <= caught.value.retry_after <= 60
    assert logins.count == 0 and player.requests - before == 1


def test_flood_control_at_a_tuned_3_seconds_lets_the_retry_through(woltlab: Server) -> None:
    carol = forum(woltlab, "carol")
    cid = carol.open_conversation(title("Flut3"), ["wolfbot"], "<p>erste</p>")
    channel = ChannelRef("conversation", cid)
    try:
        carol.post(channel, "<p>zweite</p>")
    except FloodLimited as exc:
        assert exc.retry_after is not None and exc.retry_after <= 3
        time.sleep(exc.retry_after + 0.5)
        carol.post(channel, "<p>zweite</p>")
    texts = [p.body.text.strip() for p in carol.read(channel, ReadMark()).new]
    assert texts == ["erste", "zweite"]


# ---------------------------------------------------------------- a lost answer


class DropFirstAnswer(httpx.HTTPTransport):
    """Sends every request; the answer of the first quick reply is thrown away after the
    server processed it, and the client sees a timeout."""

    def __init__(self) -> None:
        super().__init__()
        self.dropped = 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = super().handle_request(request)
        if not self.dropped and b"actionName=quickReply" in request.content:
            response.read()
            response.close()
            self.dropped += 1
            raise httpx.ReadTimeout("answer lost", request=request)
        return response


def test_a_timeout_after_commit_is_found_by_the_outbox_and_not_sent_twice(
    woltlab: Server, tmp_path: Path
) -> None:
    transport = DropFirstAnswer()
    bot = forum(woltlab, client=httpx.Client(transport=transport, timeout=30))
    cid = bot.open_conversation(title("Verloren"), ["alice"], "<p>Auftakt</p>")
    channel = ChannelRef("conversation", cid)
    now = [datetime.now(UTC)]
    outbox = Outbox(
        db.session_factory(db.upgrade(tmp_path / "wolfbot.sqlite")),
        FloodLimits(conversation_message_interval=0),
        lambda: now[0],
        retry=RetryPolicy(backoff=1, backoff_max=1),
    )
    outbox.enqueue("receipt", "post", channel, "<p>Angenommen: !Dabei</p>")
    first = outbox.send_next(bot)
    assert first is not None and first.status == "retry" and transport.dropped == 1
    now[0] += timedelta(seconds=5)
    second = outbox.send_next(bot)
    assert second is not None and second.status == "appeared"
    texts = [p.body.text.strip() for p in bot.read(channel, ReadMark()).new]
    assert texts == ["Auftakt", "Angenommen: !Dabei"]
    assert outbox.send_next(bot) is None


# ---------------------------------------------------------------- check-config --login


def _config(tmp_path: Path, server: Server, username: str) -> Path:
    example = (Path(__file__).parents[2] / "config.example.toml").read_text()
    text = example.replace('base_url = "http://127.0.0.1:8080/"', f'base_url = "{server.base_url}"')
    text = text.replace('username = "Spielleitung"', f'username = "{username}"')
    members = ", ".join(f'"spieler{n:02}"' for n in range(1, 9))  # check-config asks the forum
    lines = text.splitlines()
    lines = [f"players = [{members}]" if ln.startswith("players = ") else ln for ln in lines]
    text = "\n".join(lines) + "\n"
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def _flat(output: str) -> str:
    for border in "│┃┏┓┗┛┡┩└┘━─┳╇┻┴":
        output = output.replace(border, " ")
    return " ".join(output.split())


def test_check_config_login_reports_what_the_bots_account_may_do(
    woltlab: Server, tmp_path: Path
) -> None:
    from typer.testing import CliRunner

    from wolfbot.cli import app

    path = _config(tmp_path, woltlab, "wolfbot")
    env = {"WOLFBOT_PASSWORD": woltlab.passwords["wolfbot"]}
    result = CliRunner().invoke(app, ["check-config", str(path), "--login"], env=env)
    assert result.exit_code == 0, result.output
    text = _flat(result.output)
    assert "als wolfbot erfolgreich" in text
    assert "möglich (das Formular öffnet sich)" in text
    assert "100 (Konfiguration 10)" in text  # the tuned group's maxParticipants
    assert "von 100000 Konversationen" in text
    wrong = CliRunner().invoke(
        app, ["check-config", str(path), "--login"], env={"WOLFBOT_PASSWORD": "falsch"}
    )
    said = _flat(wrong.output)
    assert wrong.exit_code == 2 and "abgelehnt (The entered password is wrong.)" in said


def test_the_default_groups_limits_show_in_the_account_view(woltlab: Server) -> None:
    """A player (group "Users"): 10 participants; right after a message the add form is
    refused by the flood control (a GET, nothing written)."""
    player = forum(woltlab, "spieler10")
    view = player.account()
    assert view.max_participants == 10
    open_when_allowed(player, title("Sicht"), ["wolfbot"], "<p>x</p>")
    flooded = player.account()
    assert flooded.add_form is not None and "60 seconds" in flooded.add_form


# ---------------------------------------------------------------- idle polls


def test_an_idle_poll_of_28_conversations_costs_one_page_of_the_real_list(woltlab: Server) -> None:
    """Issue 11.3 on the real server (no 304 ever): the bot reads the conversation list,
    newest message first, and only the conversations it shows something new in."""
    bot = forum(woltlab)
    round_id = uuid.uuid4().hex[:6]
    ids = [
        bot.open_conversation(f"Leerlauf {round_id}: {n}", [PLAYERS[n % 8]], "<p>Rolle</p>")
        for n in range(28)
    ]
    readings = [Reading(ChannelRef("conversation", cid), "private") for cid in ids]
    marks: dict[ChannelRef, ReadMark] = {}

    def poll():
        batch, report = read_channels(
            bot, readings, lambda r: marks.get(r.ref, ReadMark()), store_delay=SETTLE
        )
        marks.update(report.marks)
        return batch, report

    time.sleep(SETTLE.total_seconds() + 1)
    poll()  # every conversation read once: its slug URL and mark
    before = bot.requests
    batch, report = poll()
    assert (bot.requests - before, report.requests, report.skipped, batch) == (1, 1, 28, [])
    player = forum(woltlab, PLAYERS[5])
    written = player.post(ChannelRef("conversation", ids[5]), "<p>Eine Frage</p>")
    before = bot.requests
    batch, report = poll()
    assert [post.post_id for post, _ in batch] == [written]
    assert bot.requests - before == 2 and report.skipped == 27  # the list and that one
