"""Publisher messages → write-queue entries, and which forum channel is which engine
channel (`wolfbot.bot.channels`)."""

from __future__ import annotations

from wolfbot.bot.channels import ChannelBook, Keys, Outgoing, Reading, routes
from wolfbot.engine import events as ev
from wolfbot.engine.text import say
from wolfbot.forum.base import ChannelRef
from wolfbot.outbox.queue import Priority
from wolfbot.posts.context import PostContext
from wolfbot.posts.messages import Message

THREAD = ChannelRef("thread", 7)
CONTEXT = PostContext(round_number=3, round_type="Schnellrunde")


def book() -> ChannelBook:
    shelf = ChannelBook(Keys(4), THREAD)
    for name in ("Anna", "Bernd"):
        shelf.add_player(name)
    return shelf


def test_a_phase_post_goes_into_the_thread_first() -> None:
    message = Message("thread", (), "Morgen des ersten Tages", "<p>x</p>")
    assert routes(message, ev.PhaseBegan("day 1"), 12, 0, book(), CONTEXT) == [
        Outgoing("g4/e12/0", "post", "<p>x</p>", THREAD, "Morgen des ersten Tages", (), 0)
    ]


def test_a_private_message_goes_into_each_recipients_rollenmitteilung() -> None:
    event = ev.PrivateInfo(("Anna", "Bernd", "Gast"), "private", say("informed.psst"))
    message = Message("private", ("Anna", "Bernd", "Gast"), "Mitteilung", "<p>Psst</p>")
    out = routes(message, event, 30, 1, book(), CONTEXT)
    assert [(o.key, o.parent, o.kind) for o in out] == [
        ("g4/e30/1/Anna", "g4/rolle/Anna", "post"),
        ("g4/e30/1/Bernd", "g4/rolle/Bernd", "post"),
    ]  # Gast plays not: nowhere to tell him


def test_receipts_and_questions_have_their_priorities() -> None:
    receipt = Message("private", ("Anna",), "Angenommen: !Sehen Bernd", "<p>a</p>")
    question = Message("private", ("Anna",), "Frage", "<p>q</p>")
    accepted = ev.CommandAccepted("Anna", "private", "!Sehen Bernd")
    asked = ev.QuestionAsked("Anna", "shot", say("question.shot"), ("Bernd",))
    assert routes(receipt, accepted, 5, 0, book(), CONTEXT)[0].priority == Priority.RECEIPT
    assert routes(question, asked, 6, 0, book(), CONTEXT)[0].priority == Priority.QUESTION


def test_a_group_conversation_is_opened_and_later_messages_go_into_it() -> None:
    shelf = book()
    opened = ev.ConversationOpened("wolves", ("Anna", "Bernd"))
    first = Message("wolves", ("Anna", "Bernd"), "Wolfshöhle", "<p>Wolfshöhle</p>")
    (conversation,) = routes(first, opened, 1, 0, shelf, CONTEXT)
    assert conversation.kind == "conversation"
    assert conversation.title == "Wolfshöhle – 3. Schnellrunde"
    assert conversation.participants == ("Anna", "Bernd")
    added = ev.ParticipantsAdded("wolves", ("Clara",))
    news = Message("wolves", ("Anna", "Bernd", "Clara"), "Wolfshöhle", "<p>Neu</p>")
    add, post = routes(news, added, 9, 0, shelf, CONTEXT)
    assert (add.key, add.kind, add.participants, add.parent) == (
        "g4/e9/0/add", "add_participants", ("Clara",), "g4/e1/0",
    )  # fmt: skip
    assert (post.key, post.kind, post.parent) == ("g4/e9/0", "post", "g4/e1/0")


def test_a_group_message_without_its_conversation_goes_to_each_member() -> None:
    message = Message("lovers", ("Anna", "Bernd"), "Bettgeflüster", "<p>x</p>")
    whispered = ev.PrivateInfo(("Anna", "Bernd"), "lovers", say("informed.x"))
    out = routes(message, whispered, 3, 0, book(), CONTEXT)
    assert [o.parent for o in out] == ["g4/rolle/Anna", "g4/rolle/Bernd"]


def test_the_thread_is_read_from_the_eroeffnungsbeitrag_on() -> None:
    shelf = book()
    assert shelf.readings() == []
    shelf.ids["g4/rolle/Anna"] = 50
    shelf.open_group("wolves", "g4/e1/0")
    shelf.ids["g4/e1/0"] = 51
    assert shelf.readings() == [
        Reading(ChannelRef("conversation", 50), "private", "Anna"),
        Reading(ChannelRef("conversation", 51), "wolves"),
    ]
    shelf.ids["g4/eroeffnung"] = 1234
    assert shelf.readings()[0] == Reading(THREAD, "thread", floor=1234)
