"""`wolfbot demo` end to end: a 12-player round against the local forum over loopback, and
what the forum shows afterwards – every post type with its prescribed contents, in order,
each once; every Rollenmitteilung and the Wolfshöhle; the bot's SQLite file."""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import struct
import threading
import time
import zlib
from collections import Counter
from datetime import UTC, datetime
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from wolfbot.demo import screenshots
from wolfbot.demo.round import GAME_MASTER, run_demo
from wolfbot.demo.screenshots import find_chromium
from wolfbot.engine import events as ev
from wolfbot.forum.local import LocalForum, display
from wolfbot.forum.woltlab.markup.message import parse_message
from wolfbot.posts import language
from wolfbot.rulesets import loader

PLAYERS = 12
# the default round of `wolfbot demo`: it ends with a winner and has every kind of player
# mistake (seed 7 ends with nobody alive since the Hexe saves the wolves' first victim)
SEED = 2
# night 1 on Tuesday 20 October 2026: the round runs across the end of summer time (25 Oct)
START = datetime(2026, 10, 20, 18, 0, tzinfo=UTC)
ORDINALS = "ersten zweiten dritten vierten fünften sechsten siebten achten neunten zehnten".split()
LABEL = "1. Ligarunde"
VOTE = re.compile(r"<li><strong>([^<]+)</strong>: (\d+) Gegenstimmen? \(([^)]*)\)</li>")
SPOILER = re.compile(r"<woltlab-spoiler data-label=\"[^\"]*\">(.*?)</woltlab-spoiler>", re.S)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    directory = tmp_path_factory.mktemp("demo")
    lines: list[str] = []
    result = run_demo(PLAYERS, SEED, directory, start=START, out=lines.append)
    forum = LocalForum(str(result.forum_db))  # the file as `wolfbot forum serve` opens it
    try:
        yield result, forum, lines
    finally:
        forum.store.close()


def thread_posts(forum: LocalForum):
    (thread,) = forum.store.threads()
    return forum.posts(thread.id)


def bot_posts(forum: LocalForum):
    return [p for p in thread_posts(forum) if p.author == GAME_MASTER]


def names(text: str) -> list[str]:
    """ "A, @'Frau Holle', B" → ["A", "Frau Holle", "B"]."""
    return [n.strip().removeprefix("@").strip("'") for n in text.split(",") if n.strip()]


def mentioned(name: str) -> str:
    """How a post mentions a player without a forum id: @Anna, @'Frau Holle'."""
    return f"@'{name}'" if " " in name or "." in name else f"@{name}"


def test_the_round_is_played_to_the_end(demo) -> None:
    result, _, _ = demo
    assert result.game.state.phase.kind == "over" and result.winners
    assert len(result.roles) == PLAYERS


def test_the_thread_holds_every_phase_post_in_order_once(demo) -> None:
    result, forum, _ = demo
    titles = [p.subject for p in bot_posts(forum)]
    assert titles == result.phase_posts  # what the bot sent is what the forum shows
    assert titles[0].startswith("Düsterliga Season") and titles[0].endswith("Demorunde")
    assert titles[-1] == "Das Ende der Runde"
    titles = [t for t in titles if t != "Erinnerung"]  # reminders: see their own test
    phases = [t for t in titles[1:-1] if not t.startswith("Zwischenstand")]
    expected = [
        f"{kind} des {ordinal} Tages"
        for ordinal in ORDINALS
        for kind in ("Morgen", "Dämmerung", "Abend")
    ]
    assert len(phases) >= 3 and phases == expected[: len(phases)]
    zwischen = [t for t in titles if t.startswith("Zwischenstand")]
    assert zwischen
    for title in zwischen:  # between its day's Morgen and Dämmerung
        day = title.removeprefix("Zwischenstand des ")
        index = titles.index(title)
        assert titles[index - 1] == f"Morgen des {day}"
        if f"Dämmerung des {day}" in titles:
            assert titles[index + 1] == f"Dämmerung des {day}"
    posts = Counter((p.subject, p.html) for p in bot_posts(forum))
    assert set(posts.values()) == {1} and len(set(titles)) == len(titles)


def test_a_reminder_before_each_daemmerung_mentions_who_has_not_voted(demo) -> None:
    result, forum, _ = demo
    posts = bot_posts(forum)
    reminders = [i for i, p in enumerate(posts) if p.subject == "Erinnerung"]
    assert reminders
    for index in reminders:
        following = posts[index + 1].subject
        assert following.startswith("Dämmerung des "), following
        text = posts[index].html
        assert "Noch keine Stimme abgegeben haben:" in text and "@" in text
        assert "zwei aufeinanderfolgenden Dämmerungen" in text


def test_players_who_could_still_act_at_night_are_reminded_privately(demo) -> None:
    result, forum, _ = demo
    reminded = [
        m.html
        for c in forum.conversations(GAME_MASTER)
        for m in forum.conversation(c.id).messages
        if m.author == GAME_MASTER and "Du kannst heute Nacht noch" in m.html
    ]
    assert reminded
    assert all("Die Nacht endet am" in html and "<strong>!" in html for html in reminded)


def test_the_opening_post_names_the_players_roles_and_times(demo) -> None:
    result, forum, _ = demo
    opening = bot_posts(forum)[0].html
    for heading in ("Zeitplan", "Spielleitung", "Spielerliste", "Rollen", "Nachtreihenfolge"):
        assert f"<h2>{heading}</h2>" in opening
    for name, _ in result.roles:
        assert mentioned(name) in opening
    assert "Tag der Bürgermeisterwahl" in opening and "Uhr" in opening


def test_each_morgen_tells_the_nights_deaths_and_the_spielerliste(demo) -> None:
    result, forum, _ = demo
    with sqlite3.connect(result.bot_db) as db:
        deaths = db.execute("select player, time from v_deaths").fetchall()
    morgen = [p for p in bot_posts(forum) if p.subject.startswith("Morgen")]
    assert morgen
    for day, post in enumerate(morgen, 1):
        died = {player for player, at in deaths if at == f"night {day}"}
        spoilers = SPOILER.findall(post.html)
        if died:
            (spoiler,) = spoilers
            told = set(re.findall(r"<li>([^<(]+?) \(", spoiler))
            assert told == died
        else:
            assert "In der vergangenen Nacht ist niemand verstorben." in post.html
        assert "<strong>Spielerliste:</strong>" in post.html
        for name, _ in result.roles:
            assert mentioned(name) in post.html
        if day >= 2:  # elected on the first day: marked from then on
            assert "– <strong>Bürgermeister</strong>" in post.html


def test_each_daemmerung_shows_the_votes_with_voters_and_the_non_voters(demo) -> None:
    result, forum, _ = demo
    players = {name for name, _ in result.roles}
    dusks = [p for p in bot_posts(forum) if p.subject.startswith("Dämmerung")]
    assert dusks
    non_voters_seen = False
    for post in dusks:
        assert "Stand der Abstimmung zu Beginn der Dämmerung:" in post.html
        votes = VOTE.findall(post.html)
        assert votes
        voters: set[str] = set()
        for target, count, who in votes:
            listed = names(who)
            assert target in players and int(count) == len(listed)
            assert set(listed) <= players | {"Wütender Mob"}
            voters |= set(listed)
        found = re.search(r"Noch keine Stimme abgegeben[^:]*: (.*?)</p>", post.html)
        if found:
            non_voters_seen = True
            missing = set(names(found.group(1)))
            assert missing <= players and not missing & voters
    assert non_voters_seen


def test_each_abend_shows_the_votes_and_the_lynch_in_a_spoiler(demo) -> None:
    _, forum, _ = demo
    evenings = [p for p in bot_posts(forum) if p.subject.startswith("Abend")]
    assert evenings
    assert "Zum Bürgermeister gewählt: <strong>" in evenings[0].html
    for post in evenings:
        assert "Ergebnis der Abstimmung:" in post.html and VOTE.search(post.html)
        lynched = re.search(r"Gelyncht wird <strong>([^<]+)</strong>", post.html)
        assert lynched
        assert any(
            f"<li>{lynched.group(1)} (" in s and "wurde gelyncht" in s
            for s in SPOILER.findall(post.html)
        )
        assert "<strong>Spielerliste:</strong>" in post.html


def test_the_abschlussbeitrag_shows_the_rollenverteilung(demo) -> None:
    result, forum, _ = demo
    final = bot_posts(forum)[-1].html
    rules = loader.load("duesterliga")
    verb = "haben" if len(result.winners) > 1 else "hat"
    assert f"Gewonnen {verb} {language.winners_said(rules, result.winners)}" in final
    assert "<h2>Die Rollenverteilung</h2>" in final
    distribution = final.split("<h2>Die Rollenverteilung</h2>")[1].split("</ul>")[0]
    for name, role in result.roles:
        assert f"<li>{mentioned(name)}: <strong>{role}</strong>" in distribution
    assert "<h2>Die Runde im Rückblick</h2>" in final


def test_every_player_has_his_rollenmitteilung_and_the_wolves_their_hoehle(demo) -> None:
    result, forum, _ = demo
    rules = loader.load("duesterliga")
    conversations = {c.title: c for c in forum.conversations(GAME_MASTER)}
    for name, role in result.roles:
        row = conversations[f"{name} – {LABEL}"]
        view = forum.conversation(row.id)
        assert set(view.participants) == {GAME_MASTER, name}
        first = view.messages[0]
        assert first.author == GAME_MASTER and f"Hallo {name}," in first.html
        assert f"spielst du die Rolle <strong>{rules.role(role).name}</strong>" in first.html
    pack = {name for name, role in result.roles if rules.role(role).pack}
    assert pack
    den = forum.conversation(conversations[f"Wolfshöhle – {LABEL}"].id)
    assert pack | {GAME_MASTER} <= set(den.participants)
    receipts = [
        m.html
        for c in conversations.values()
        for m in forum.conversation(c.id).messages
        if m.author == GAME_MASTER
    ]
    assert any("Angenommen" in html for html in receipts)


def test_the_bot_wrote_each_message_once(demo) -> None:
    result, forum, _ = demo
    with sqlite3.connect(result.bot_db) as db:
        states = dict(db.execute("select state, count(*) from outgoing_messages group by 1"))
        written = db.execute(
            "select count(*), count(distinct forum_id) from outgoing_messages"
            " where state = 'sent' and kind in ('post', 'conversation')"
        ).fetchone()
    assert set(states) == {"sent"}
    on_forum = len(bot_posts(forum)) + sum(
        1
        for c in forum.conversations(GAME_MASTER)
        for m in forum.conversation(c.id).messages
        if m.author == GAME_MASTER
    )
    assert written[0] == on_forum


def test_the_players_made_mistakes_and_the_bot_told_them(demo) -> None:
    result, forum, _ = demo
    for mistake in ("typo", "text_after", "not_bold", "quote", "chatter"):
        assert result.player_posts[mistake] > 0, mistake
    players = [p.html for p in thread_posts(forum) if p.author != GAME_MASTER]
    assert any("quoteBox" in html for html in players)
    with sqlite3.connect(result.bot_db) as db:
        reasons = [r for (r,) in db.execute("select reason from v_audit where verdict='rejected'")]
    assert any("Meintest du" in reason for reason in reasons)


def test_questions_are_answered_sometimes_and_otherwise_decided_at_their_deadline(demo) -> None:
    result, _, _ = demo
    assert result.questions["beantwortet"] and result.questions["Frist"]
    with sqlite3.connect(result.bot_db) as db:
        rows = db.execute("select asked_event_id, deadline, answered_at from questions").fetchall()
        assert not db.execute("select * from v_open_questions").fetchall()
    # a row for every answer told – also a question decided without asking (one option)
    assert len(rows) == sum(result.questions.values())
    asked = [(deadline, answered) for event, deadline, answered in rows if event is not None]
    assert asked
    assert all(deadline and answered and answered <= deadline for deadline, answered in asked)


def test_it_prints_where_to_look(demo) -> None:
    result, _, lines = demo
    text = "\n".join(lines)
    assert result.thread_url in text and result.conversation_url in text
    assert str(result.forum_db) in text and str(result.bot_db) in text
    assert "v_deaths" in text and f"wolfbot forum serve --db {result.forum_db}" in text
    assert "Morgen des ersten Tages" in text
    said = language.winners_said(loader.load("duesterliga"), result.winners)  # not "Rudel"
    assert f"Gewonnen {'haben' if len(result.winners) > 1 else 'hat'} {said}." in lines
    with sqlite3.connect(result.bot_db) as db:  # the printed example queries run
        for query in re.findall(r'sqlite3 \S+ "([^"]+)"', text):
            assert db.execute(query).fetchall()


def test_the_printed_links_say_that_the_forum_is_closed_and_how_to_open_it(demo) -> None:
    """Without --serve the forum stops when the demo returns: the links say so and name
    the two ways to open them (issue 34, point 9); with --serve they say it runs on."""
    from wolfbot.demo.settings import where_to_look

    result, _, lines = demo
    text = " ".join(" ".join(lines).split())
    assert "das Forum ist mit dem Ende der Demo beendet" in text
    assert "wolfbot demo --serve" in text and "wolfbot forum serve --db" in text
    serving = " ".join(where_to_look(result, serving=True))
    assert "beendet" not in serving and "läuft weiter" in serving


def test_the_printed_links_say_whom_to_log_in_as(demo) -> None:
    """Each printed link says with which account to open it: the thread is readable
    without login, the Rollenmitteilung needs its player (a login link that returns to
    it), every conversation the Spielleitung."""
    result, _, lines = demo
    text = "\n".join(lines)
    player, password = result.conversation_player, result.conversation_password
    (thread_line,) = [line for line in lines if line.strip().startswith("Spielthread")]
    assert thread_line.split()[-1] == result.thread_url
    assert "ohne Anmeldung" in text
    assert f"Anmelden als {player}, Kennwort {password}: " in text
    login = next(line for line in lines if f"Anmelden als {player}," in line).split()[-1]
    parts = urlsplit(login)
    assert login.startswith(result.base_url) and "login/" in parts.query
    assert parse_qs(parts.query)["url"] == [result.conversation_url]
    assert f"Anmelden als {GAME_MASTER}, Kennwort wolfbot" in text
    assert f"{result.base_url}index.php?conversation-list/" in text
    assert "Spieler N: Kennwort spielerN" in text


def test_with_serve_the_forum_stays_up_until_stopped(tmp_path) -> None:
    stop = threading.Event()
    lines: list[str] = []
    done: list[object] = []

    def play() -> None:
        done.append(run_demo(5, 3, tmp_path, start=START, serve=True, out=lines.append, stop=stop))

    player = threading.Thread(target=play)
    player.start()
    try:
        for _ in range(600):
            if any("läuft weiter" in line for line in lines) or not player.is_alive():
                break
            time.sleep(0.05)
        assert not done and any("läuft weiter" in line for line in lines)
        url = next(line.split()[-1] for line in lines if line.strip().startswith("Spielthread"))
        with httpx.Client(trust_env=False) as client:
            page = client.get(url)
        assert page.status_code == 200 and "Morgen des ersten Tages" in page.text
    finally:
        stop.set()
        player.join(timeout=10)
    assert done and not player.is_alive()


def test_the_command_refuses_a_player_count_or_markup_it_cannot_play(tmp_path) -> None:
    from typer.testing import CliRunner

    from wolfbot.cli import app

    runner = CliRunner()
    for args in (["--players", "3"], ["--players", "41"], ["--markup", "4"]):
        result = runner.invoke(app, ["demo", "--dir", str(tmp_path / "demo"), *args])
        assert result.exit_code == 2, result.output
    assert not (tmp_path / "demo").exists()


def test_the_terminal_tells_each_death_with_its_role_and_cause(demo) -> None:
    result, _, lines = demo
    deaths = [e for e in result.game.state.log if isinstance(e, ev.PlayerDied)]
    told = "\n".join(lines)
    assert deaths
    for death in deaths:
        assert f"{death.player} ({death.role or 'Rolle verdeckt'}) " in told
    assert "wurde gelyncht" in told or "gefressen" in told


def test_the_forum_shows_every_message_as_the_client_reads_it(demo) -> None:
    """The look-alike shows spoilers with their label and mentions as profile links
    (`display.show`); each message of the round still has the text, the commands and so
    the content hash the client read from the stored HTML."""
    _, forum, _ = demo
    stored = [post.html for post in thread_posts(forum)]
    for row in forum.conversations(GAME_MASTER):
        stored += [message.html for message in forum.conversation(row.id).messages]
    changed = Counter()
    for html in stored:
        for markup in ("6", "5"):
            shown = display.show(html, markup, forum.store, lambda i, n: f"/user/{i}/")
            assert parse_message(shown) == parse_message(html), html
            changed["spoiler"] += "spoilerBox" in shown
            changed["mention"] += "localMention" in shown
    assert changed["spoiler"] and changed["mention"]


def test_screenshots_in_a_real_browser(demo, tmp_path) -> None:
    """`wolfbot forum screenshots` with headless Chromium: the thread, a post with its
    spoiler opened, a conversation, the conversation list – each a PNG of the window's
    size that is a page, not a blank (many colours, none covering almost all of it)."""
    chromium = find_chromium()
    if chromium is None:
        why = "Chromium is not installed (apt-get install chromium)"
        if os.environ.get("WOLFBOT_REQUIRE_CHROMIUM") == "1":
            pytest.fail(f"{why}, and WOLFBOT_REQUIRE_CHROMIUM=1 requires it")
        pytest.skip(f"{why}; WOLFBOT_REQUIRE_CHROMIUM=1 makes this a failure")
    result = demo[0]
    shots = screenshots.take(result.forum_db, tmp_path, chromium=chromium, window=(1024, 768))
    assert [shot.name for shot in shots] == ["thread", "spoiler", "conversation", "conversations"]
    digests = set()
    for shot in shots:
        data = shot.path.read_bytes()
        assert len(data) > 20_000, shot
        info = screenshots.png_info(shot.path, rows=80)
        assert (info.width, info.height) == (1024, 768)
        assert not info.blank and info.colours > 50, (shot, info)
        digests.add(hashlib.sha256(data).hexdigest())
    assert len(digests) == len(shots)
    spoiler = (tmp_path / "spoiler.html").read_text()
    assert '<details class="spoilerBox" open>' in spoiler and "localMention" in spoiler
    assert "jsConversationSubject" in (tmp_path / "conversation.html").read_text()


def test_png_info_tells_a_blank_from_a_page(tmp_path) -> None:
    def png(rows: list[bytes], width: int) -> bytes:
        def chunk(kind: bytes, body: bytes) -> bytes:
            crc = zlib.crc32(kind + body)
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

        header = struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0)
        raw = b"".join(rows)
        return (
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b"")
        )

    width = 16
    blank = [b"\x00" + b"\xff\xff\xff" * width] + [b"\x02" + bytes(3 * width)] * 15
    (tmp_path / "blank.png").write_bytes(png(blank, width))
    info = screenshots.png_info(tmp_path / "blank.png")
    assert (info.width, info.height, info.colours, info.blank) == (16, 16, 1, True)
    # every filter once: None, Sub, Up, Average, Paeth over a gradient
    pixels = [bytes((x * 16, y * 16, (x + y) * 8)) for y in range(16) for x in range(16)]
    rows, prev = [], bytes(3 * width)
    for y in range(16):
        line = b"".join(pixels[y * 16 : (y + 1) * 16])
        kind = y % 5
        rows.append(bytes([kind]) + _filtered(kind, line, prev))
        prev = line
    (tmp_path / "page.png").write_bytes(png(rows, width))
    info = screenshots.png_info(tmp_path / "page.png")
    assert info.colours == 256 and not info.blank


def _filtered(kind: int, line: bytes, prev: bytes, bpp: int = 3) -> bytes:
    out = bytearray()
    for i, value in enumerate(line):
        left = line[i - bpp] if i >= bpp else 0
        up, corner = prev[i], prev[i - bpp] if i >= bpp else 0
        if kind == 0:
            guess = 0
        elif kind == 1:
            guess = left
        elif kind == 2:
            guess = up
        elif kind == 3:
            guess = (left + up) >> 1
        else:
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            guess = left if pa <= pb and pa <= pc else up if pb <= pc else corner
        out.append((value - guess) & 255)
    return bytes(out)


def test_the_screenshot_command_says_when_chromium_is_missing(demo, monkeypatch) -> None:
    from typer.testing import CliRunner

    from wolfbot.cli import app

    monkeypatch.setenv("WOLFBOT_CHROMIUM", "/nonexistent/chromium")
    result = demo[0]
    answer = CliRunner().invoke(app, ["forum", "screenshots", "x", "--db", str(result.forum_db)])
    assert answer.exit_code == 1 and "apt-get install chromium" in answer.output
