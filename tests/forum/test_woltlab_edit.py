"""`WoltLabForum.edit_post` and `post_url` against the respx-mocked WoltLab of
test_woltlab_client: the message inline editor's `save` through the ajax-proxy, with
WoltLab's answers for success, an expired session, a refusal and a timeout – and what the
write queue makes of each error."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
import respx
from test_woltlab_client import AJAX, CONV, HOST, THREAD, FakeWoltLab, json_answer, make

from wolfbot.forum.base import ForumError, ReadMark, Refused
from wolfbot.forum.woltlab.client import WoltLabForum
from wolfbot.outbox.values import classify

SAVED = {
    "actionName": "save",
    "objectIDs": [],
    "returnValues": {"actionName": "save", "message": "<p>neu</p>", "attachmentList": ""},
}


@pytest.fixture
def fake() -> Iterator[FakeWoltLab]:
    forum = FakeWoltLab()
    with respx.mock(assert_all_mocked=True, assert_all_called=False) as router:
        router.route(host="forum.example").mock(side_effect=forum)
        yield forum


@pytest.fixture
def forum(fake: FakeWoltLab) -> WoltLabForum:
    client = make()
    client.login()
    fake.calls.clear()
    fake.forms.clear()
    return client


def test_edit_of_a_thread_post_is_the_inline_editors_save(fake, forum) -> None:
    fake.ajax_answers.append(json_answer(200, SAVED))
    assert forum.edit_post(THREAD, 1013, "<p>neu</p>") is None
    [call] = fake.ajax_calls
    assert call == {
        "url": AJAX,
        "actionName": "save",
        "className": "wbb\\data\\post\\PostAction",
        "interfaceName": "wcf\\data\\IMessageInlineEditorAction",
        "parameters[containerID]": "123",
        "parameters[objectID]": "1013",
        "parameters[data][message]": "<p>neu</p>",
    }
    assert fake.ajax_headers[0]["x-requested-with"] == "XMLHttpRequest"
    assert fake.forms == []  # no form, no page read before


def test_edit_of_a_conversation_message_names_the_conversation(fake, forum) -> None:
    fake.ajax_answers.append(json_answer(200, SAVED))
    forum.edit_post(CONV, 606, "<p>neu</p>")
    [call] = fake.ajax_calls
    assert call["className"] == "wcf\\data\\conversation\\message\\ConversationMessageAction"
    assert (call["parameters[containerID]"], call["parameters[objectID]"]) == ("45", "606")


@pytest.mark.parametrize(
    ("refusal", "status"),
    [
        ("ajax_permission_403.json", 403),
        ("ajax_session_expired_409.json", 409),
        ("ajax_xsrf_400.json", 400),
    ],
)
def test_an_expired_session_logs_in_again_and_saves_once_more(fake, forum, refusal, status):
    fake.ajax_answers += [json_answer(status, refusal), json_answer(200, SAVED)]
    forum.edit_post(THREAD, 1013, "<p>neu</p>")
    assert len(fake.ajax_calls) == 2 and fake.logins == 2
    assert fake.ajax_calls[0] == fake.ajax_calls[1]


def test_refused_after_a_new_login_is_a_403_the_queue_blocks(fake, forum) -> None:
    """Not allowed to edit (not the author, the forum's time limit for editing one's own
    posts ran out): 403 again after logging in – nothing more is tried."""
    fake.ajax_answers += [json_answer(403, "ajax_permission_403.json") for _ in range(2)]
    with pytest.raises(ForumError) as info:
        forum.edit_post(THREAD, 1013, "<p>neu</p>")
    assert info.value.status == 403 and len(fake.ajax_calls) == 2
    assert classify(info.value) == "refused"


def test_an_empty_message_is_refused(fake, forum) -> None:
    fake.ajax_answers.append(json_answer(400, "ajax_empty_message_400.json"))
    with pytest.raises(Refused, match="fülle dieses Eingabefeld") as info:
        forum.edit_post(THREAD, 1013, "<p> </p>")
    assert classify(info.value) == "refused" and len(fake.ajax_calls) == 1


@pytest.mark.parametrize(
    "failure",
    [httpx.ReadTimeout("timed out"), httpx.RemoteProtocolError("closed")],
    ids=["timeout", "disconnect"],
)
def test_a_timeout_is_uncertain_and_not_retried_by_the_client(fake, forum, failure) -> None:
    fake.ajax_answers.append(failure)
    with pytest.raises(ForumError) as info:
        forum.edit_post(THREAD, 1013, "<p>neu</p>")
    assert info.value.status is None and classify(info.value) == "uncertain"
    assert len(fake.ajax_calls) == 1 and fake.logins == 1


def test_an_answer_without_return_values_is_uncertain(fake, forum) -> None:
    fake.ajax_answers.append(json_answer(200, {"actionName": "save", "objectIDs": []}))
    with pytest.raises(ForumError, match="returnValues") as info:
        forum.edit_post(THREAD, 1013, "<p>neu</p>")
    assert classify(info.value) == "uncertain"


def test_post_url_depends_on_the_ids_only(fake, forum) -> None:
    before = forum.post_url(123, 1013)
    forum.read(THREAD, ReadMark())  # the canonical thread URL is known now
    assert forum.post_url(123, 1013) == before
    assert before == f"{HOST}/index.php?thread/123/&postID=1013#post1013"
    board = make(forum_url=f"{HOST}/forum/")
    assert board.post_url(5, 9) == f"{HOST}/forum/index.php?thread/5/&postID=9#post9"
