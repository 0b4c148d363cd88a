"""Issue 36.5: a conversation between players that the bot did not open, shared with it,
is one `ausserhalb` flag for the Spielleitung – once, also after a restart – and nothing
else: no message, no input of the engine. The round's own conversations, the bot's and
the Spielleitung's, one with the bot alone or a single player, and those from before the
round are never flagged. An idle poll costs what it cost before (the thread and one page
of the conversation list), on the local look-alike over HTTP like WoltLab 6.0."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select

from wolfbot.bot import RoundBot
from wolfbot.bot.channels import ChannelBook, Keys
from wolfbot.bot.foreign import Outside, Round
from wolfbot.conduct.outside import flag_key
from wolfbot.forum.base import Activity, ChannelRef, Conversation, ForumPost, ReadMark, ReadResult
from wolfbot.forum.local import LocalForum, LocalForumServer, Rules
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.outbox.queue import FloodLimits, RetryPolicy
from wolfbot.posts.context import PostContext
from wolfbot.rulesets import loader
from wolfbot.store import conduct
from wolfbot.store.db import engine_for, session_factory, upgrade
from wolfbot.store.models import InputPost, OutgoingMessage

RULES = loader.load("duesterliga")
CLAUSE = RULES.conduct.clauses["ausserhalb"]
BOT, PASSWORD = "Spielleitung", "geheim"
MASTER = "Oberspielleitung"  # a human of the Spielleitung (`PostContext.game_masters`)
GUEST = "Gast"  # a forum member who does not play
PLAYERS = [
    ("Anna", "Werwolf"),
    ("Bernd", "Werwolf"),
    ("Clara", "Seherin"),
    ("Dora", "Bürger"),
    ("Emil", "Bürger"),
    ("Frau Holle", "Bürger"),
]
CONTEXT = PostContext(season=2026, round_number=2, round_name="Abseits", game_masters=(BOT, MASTER))
LIMITS = FloodLimits(0, 0, conversations_per_day=100, max_participants=10)
RETRY = RetryPolicy(max_attempts=5, backoff=0, backoff_max=0)
SETTLED = timedelta(minutes=1)  # longer than the reader's STORE_DELAY


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 2, 19, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, by: timedelta = SETTLED) -> None:
        self.now += by


@dataclass
class Site:
    forum: LocalForum
    server: LocalForumServer
    clock: Clock
    db: Path
    before: int  # a conversation of two players with the bot, opened before the round
    bot: RoundBot = None  # type: ignore[assignment]
    opened: list = field(default_factory=list)

    def new_bot(self) -> RoundBot:
        client = WoltLabForum(self.server.base_url, BOT, PASSWORD, min_interval=0, timeout=15)
        engine = engine_for(self.db)
        self.opened += [client, engine]
        return RoundBot(
            client,
            session_factory(engine),
            RULES,
            context=CONTEXT,
            limits=LIMITS,
            retry=RETRY,
            clock=self.clock,
        )

    def open(self, author: str, others: list[str], title: str, text: str) -> int:
        """`author` starts a conversation (as from his browser), a minute later the poll."""
        self.clock.advance(timedelta(seconds=1))
        found = self.forum.add_conversation(title, author, others, f"<p>{text}</p>")
        self.clock.advance()
        return found

    def write(self, conversation_id: int, author: str, text: str) -> None:
        self.clock.advance(timedelta(seconds=1))
        self.forum.add_conversation_message(conversation_id, author, f"<p>{text}</p>")
        self.clock.advance()

    def polled(self, bot: RoundBot | None = None) -> tuple[int, int]:
        """A poll: (posts processed, requests it cost)."""
        before = len(self.server.log)
        report = (bot or self.bot).poll()
        return report.processed, len(self.server.log) - before

    def flags(self, bot: RoundBot | None = None) -> list[conduct.StoredFlag]:
        bot = bot or self.bot
        assert bot.game_id is not None
        with bot.sessions() as session:
            return conduct.load(session, bot.game_id)


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    clock = Clock()
    forum = LocalForum(
        clock=clock, rules=Rules(post_wait=0, message_wait=0, conversations_per_day=100)
    )
    forum.add_user(BOT, PASSWORD)
    forum.set_limits(BOT, max_participants=10)
    for name in [*(n for n, _ in PLAYERS), MASTER, GUEST]:
        forum.add_user(name, f"pw-{name}")
    thread = forum.add_thread("Düsterliga – Abseits", BOT)
    before = forum.add_conversation("Letzte Runde", "Anna", ["Bernd", BOT], "<p>GG</p>")
    clock.advance()
    db = tmp_path / "bot.sqlite"
    upgrade(db).dispose()
    with LocalForumServer(forum, errors="woltlab") as server:
        here = Site(forum, server, clock, db, before)
        here.bot = here.new_bot()
        here.bot.start_round(PLAYERS, 3, CONTEXT, thread_id=thread)
        here.bot.send()
        clock.advance()
        here.bot.poll()  # the first read of every channel: its address and mark
        clock.advance()
        try:
            yield here
        finally:
            for thing in here.opened:
                thing.close() if isinstance(thing, WoltLabForum) else thing.dispose()
            forum.store.close()


def test_a_conversation_between_players_shared_with_the_bot_is_flagged_once(site: Site) -> None:
    secret = site.open("Clara", ["Dora", BOT], "Unter uns", "Ich habe Anna gesehen: Wolf!")
    assert site.polled()[0] == 0  # not an input of the engine
    (flag,) = site.flags()
    ref = ChannelRef("conversation", secret)
    assert (flag.rule, flag.player, flag.channel) == ("ausserhalb", "Clara", str(ref))
    assert flag.url == site.bot.forum.link(ref)
    assert flag.clause == CLAUSE and flag.found_by == "bot" and flag.open
    assert "Unter uns" in flag.evidence and "Dora" in flag.evidence
    assert "eröffnet von Clara" in flag.evidence
    assert flag.source_text == "Ich habe Anna gesehen: Wolf!"
    assert flag.input_id is None and flag.phase == str(site.bot.game.state.phase)
    site.write(secret, "Dora", "<strong>!Lynch Anna</strong>")  # no command counts there
    assert site.polled()[0] == 0
    assert len(site.flags()) == 1
    with site.bot.sessions() as session:
        assert session.scalar(select(func.count(InputPost.id))) == 0
        sent_there = select(OutgoingMessage).where(OutgoingMessage.channel == str(ref))
        assert session.scalars(sent_there).all() == []  # the bot never posts there
    assert [m.author for m in site.forum.conversation(secret).messages] == ["Clara", "Dora"]


def test_a_restarted_bot_flags_nothing_twice(site: Site) -> None:
    secret = site.open("Emil", ["Frau Holle", BOT], "Bürger unter sich", "Wen lynchen wir?")
    site.polled()
    assert len(site.flags()) == 1
    bot = site.new_bot()
    bot.forum.login()  # type: ignore[attr-defined]
    site.polled(bot)
    site.write(secret, "Frau Holle", "Bernd!")
    site.polled(bot)
    (flag,) = site.flags(bot)
    assert (flag.player, flag.channel) == ("Emil", f"conversation:{secret}")


def test_the_round_s_own_conversations_are_never_flagged(site: Site) -> None:
    book = site.bot.desk.book
    wolves = book.ids[book.groups["wolves"]]
    site.write(wolves, "Anna", "<strong>!Alpha Bernd</strong>")
    site.write(book.ids[book.roles["Clara"]], "Clara", "<strong>!Sehen Anna</strong>")
    processed, _ = site.polled()
    assert processed == 2 and site.flags() == []


def test_a_conversation_of_the_bot_or_the_spielleitung_is_never_flagged(site: Site) -> None:
    # opened by the bot's account but not (yet) recorded as the round's: a Reservespieler's
    # Rollenmitteilung between its opening and the write queue's record, say
    site.open(BOT, ["Anna", "Bernd"], "Noch nicht vermerkt", "Eure Rolle …")
    site.open(MASTER, ["Clara", "Dora", BOT], "Frage der Spielleitung", "Bitte melden.")
    site.polled()
    assert site.flags() == []


def test_the_bot_alone_a_single_player_or_an_earlier_round_is_not_flagged(site: Site) -> None:
    site.open("Anna", [BOT], "Frage", "Wann endet die Nacht?")
    site.open(GUEST, ["Bernd", BOT], "Hallo", "Wie läuft die Runde?")
    site.write(site.before, "Bernd", "Neue Runde, neues Glück")  # opened before the round
    site.polled()
    assert site.flags() == []


def test_a_non_player_s_conversation_with_two_players_flags_each(site: Site) -> None:
    secret = site.open(GUEST, ["Anna", "Clara", BOT], "Tipps", "Clara, sag Anna alles.")
    site.polled()
    flags = site.flags()
    assert sorted((f.player, f.channel) for f in flags) == [
        ("Anna", f"conversation:{secret}"),
        ("Clara", f"conversation:{secret}"),
    ]
    assert all("eröffnet von Gast" in f.evidence for f in flags)


def test_the_bot_added_later_is_flagged_when_someone_writes(site: Site) -> None:
    secret = site.open("Bernd", ["Anna"], "Rudel privat", "Morgen Clara?")
    site.polled()
    assert site.flags() == []  # the bot cannot see it
    site.forum.invite(site.forum.user_id("Bernd"), secret, [BOT])  # type: ignore[arg-type]
    site.write(secret, "Anna", "Ja.")
    site.polled()
    (flag,) = site.flags()
    assert (flag.player, flag.source_text) == ("Bernd", "Morgen Clara?")


def test_an_idle_poll_costs_no_request_more(site: Site) -> None:
    assert site.polled()[1] == 2  # the thread and one page of the conversation list
    site.open("Clara", ["Dora", BOT], "Unter uns", "Psst")
    site.open("Anna", [BOT], "Frage", "Hallo?")  # looked at, not flagged
    _, requests = site.polled()
    # the list once more for their starters and participants, and the flagged one's first
    # page (its first read follows the 301 to its slug URL); the other needs no read
    assert requests == 2 + 1 + 2
    assert len(site.flags()) == 1
    for _ in range(3):
        site.clock.advance()
        assert site.polled()[1] == 2
    bot = site.new_bot()  # after a restart: the flag is in the store, the rest looked again
    bot.forum.login()  # type: ignore[attr-defined]
    site.polled(bot)
    site.clock.advance()
    assert site.polled(bot)[1] == 2


# -- without a forum: what the list may not say ------------------------------------------------
class Listing:
    """A forum whose list names no starter (a summary without it) and counts its calls."""

    username = BOT

    def __init__(self, rows: list[Conversation], posts: dict[int, list[ForumPost]]) -> None:
        self.rows, self.posts, self.calls = rows, posts, 0

    def conversations(self) -> list[Conversation]:
        self.calls += 1
        return self.rows

    def read(self, channel: ChannelRef, mark: ReadMark) -> ReadResult:
        self.calls += 1
        return ReadResult(self.posts.get(channel.id, []), [], [], mark)

    def link(self, channel: ChannelRef, message_id: int | None = None) -> str:
        return f"https://forum.example/{channel}" + (f"#{message_id}" if message_id else "")


def _round(site: Site) -> Round:
    bot = site.bot
    return Round.of(bot.desk.book, bot.game, bot.context)


def test_a_starter_the_list_does_not_name_is_the_first_message_s_author(site: Site) -> None:
    bot, t = site.bot, site.clock.now
    first = ForumPost(901, ChannelRef("conversation", 900), "Dora", None, t, "<p>x</p>")
    rows = [Conversation(900, "Ohne Namen", ("Emil", BOT), "", False)]
    forum = Listing(rows, {900: [first]})
    watch = Outside(bot.sessions, bot.game_id)  # type: ignore[arg-type]
    activity = Activity({900: t}, None, t)
    assert watch.watch(forum, activity, _round(site), t) == 1  # type: ignore[arg-type]
    (flag,) = site.flags()
    assert (flag.player, flag.posted_at) == ("Dora", t)
    assert flag.url == "https://forum.example/conversation:900"
    assert watch.watch(forum, activity, _round(site), t) == 0  # type: ignore[arg-type]
    assert forum.calls == 2  # the list and the first page, once


def test_no_starter_and_nothing_to_read_flags_each_player(site: Site) -> None:
    bot, t = site.bot, site.clock.now
    rows = [Conversation(900, "Ohne Namen", ("Anna", "Emil", BOT), "", True)]
    watch = Outside(bot.sessions, bot.game_id)  # type: ignore[arg-type]
    watch.watch(Listing(rows, {}), Activity({900: t}, None, t), _round(site), t)  # type: ignore[arg-type]
    assert sorted(f.player for f in site.flags()) == ["Anna", "Emil"]
    again = Outside(bot.sessions, bot.game_id)  # a restart: the keys are in the store
    forum = Listing(rows, {})
    assert again.watch(forum, Activity({900: t}, None, t), _round(site), t) == 0  # type: ignore[arg-type]
    assert forum.calls == 0


def test_a_ruleset_without_the_clause_flags_nothing(site: Site) -> None:
    bot, t = site.bot, site.clock.now
    rows = [Conversation(900, "Unter uns", ("Anna", BOT), "Emil", True)]
    watch = Outside(bot.sessions, bot.game_id)  # type: ignore[arg-type]
    here = Round(bot.desk.book, ["Anna", "Emil"], (), "night 1", clause="")
    forum = Listing(rows, {})
    assert watch.watch(forum, Activity({900: t}, None, t), here, t) == 0  # type: ignore[arg-type]
    assert forum.calls == 0


def test_no_conversation_of_the_round_known_yet_watches_nothing() -> None:
    book = ChannelBook(Keys(1), None)
    here = Round(book, ["Anna", "Emil"], (), "night 1", CLAUSE)
    t = datetime(2026, 1, 1, tzinfo=UTC)
    forum = Listing([], {})
    assert Outside(None, 1).watch(forum, Activity({5: t}, None, t), here, t) == 0  # type: ignore[arg-type]
    assert flag_key(5) == "ausserhalb/conversation:5" and forum.calls == 0


# -- a played round: its conversations as they open ------------------------------------------
def test_a_round_with_a_reservespieler_flags_only_the_players_own_conversation(
    tmp_path: Path,
) -> None:
    """The Rollenmitteilungen, the Wolfshöhle and the Totenreich, the dead added to it, and
    a Reservespieler's own conversation, opened by the bot as the round goes: none is
    flagged; a players' conversation opened at the end is."""
    from roundkit import SCRIPT, bold
    from roundkit import site as round_site

    from wolfbot.store import interventions, records

    with round_site(tmp_path) as here:
        here.forum.add_user("Zoë", "pw-zoe")
        bot = here.started()
        with bot.sessions() as session:
            records.add_players(session, bot.game_id, [records.NewPlayer("Zoë", "reserve")])
        first_day = SCRIPT.index(("deadline", "day 1")) + 2
        for step in SCRIPT[:first_day]:
            here.act(step, bot)
        with bot.sessions() as session:
            interventions.request(
                session, bot.game_id, "replace", reason="inaktiv", requested_by=BOT,
                player="Frau Holle", argument="Zoë",
            )  # fmt: skip
        assert bot.apply_interventions() == 1
        bot.send()
        here.act(("post", "Zoë", "private", "<p>Hallo, ich bin neu.</p>"), bot)
        here.act(("poll",), bot)
        here.act(("post", "Emil", "dead", "<p>Noch jemand hier?</p>"), bot)
        here.act(("post", "Zoë", "thread", bold("!Lynch Anna")), bot)
        here.act(("poll",), bot)
        here.act(("send",), bot)
        here.act(("poll",), bot)
        assert conduct_flags(bot) == []
        here.clock.tick()
        secret = here.forum.add_conversation("Pssst", "Zoë", ["Emil", BOT], "<p>Wer?</p>")
        for _ in range(20):  # past the reader's STORE_DELAY on the forum's clock
            here.clock.tick()
        here.act(("poll",), bot)
        assert [(f.player, f.channel) for f in conduct_flags(bot)] == [
            ("Zoë", f"conversation:{secret}")
        ]


def conduct_flags(bot: RoundBot) -> list[conduct.StoredFlag]:
    with bot.sessions() as session:
        return conduct.load(session, bot.game_id)  # type: ignore[arg-type]
