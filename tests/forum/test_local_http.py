"""The local forum over real HTTP on loopback: login, CSRF token, quick reply, the full
reply form, conversation-add, addParticipants, user search, session expiry."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from test_local_support import (
    CONVERSATION_ACTION,
    MESSAGE_ACTION,
    POST_ACTION,
    USER_ACTION,
    Browser,
    Clock,
    browser,
    soup,
)

from wolfbot.forum.local import LocalForum, LocalForumServer


def test_login_with_good_credentials_starts_a_session(server: LocalForumServer) -> None:
    with browser(server) as client:
        response = client.login("Spielleitung", "wolfbot")
        assert response.status_code == 302
        assert response.headers["location"] == server.base_url
        assert "wsc_user_session" in client.http.cookies
        page = soup(client.get("index.php"))
        assert page.select_one("li#userMenu a.userMenuItemLink").get_text() == "Spielleitung"


@pytest.mark.parametrize(
    ("name", "password", "field", "text"),
    [
        ("Spielleitung", "falsch", "password", "Dieses Kennwort ist falsch."),
        ("Niemand", "x", "username", "Der Benutzername Niemand konnte nicht gefunden werden."),
        ("", "x", "username", "Bitte füllen Sie dieses Eingabefeld aus."),
    ],
)
def test_login_with_bad_credentials_shows_the_form_again(
    server: LocalForumServer, name: str, password: str, field: str, text: str
) -> None:
    with browser(server) as client:
        response = client.login(name, password)
        assert response.status_code == 200
        page = soup(response)
        assert page.select_one("p.error[role=alert]")
        assert page.select_one(f"dl.formError input#{field}")
        assert page.select_one("small.innerError").get_text(strip=True) == text
        if server.markup == "6":
            assert "wsc_user_session" not in client.http.cookies
        assert soup(client.get("index.php")).select_one("li#userLogin")


def test_login_without_the_token_is_refused(server: LocalForumServer) -> None:
    with browser(server) as client:
        client.get("index.php?login/")
        data = {"username": "Spielleitung", "password": "wolfbot", "t": "falsch"}
        response = client.http.post("index.php?login/", data=data)
        assert response.status_code == 200
        assert "XSRF-Tokens" in soup(response).select_one("p.error").get_text()
        assert soup(client.get("index.php")).select_one("li#userLogin")


def test_token_shapes(server: LocalForumServer) -> None:
    with browser(server) as client:
        page = soup(client.get("index.php?login/"))
        hidden = page.select_one("input[type=hidden][name=t]")["value"]
        if server.markup == "6":
            cookie = client.http.cookies["XSRF-TOKEN"]
            assert "%" in cookie  # rawurlencoded signed string ("+", "/", "=")
            assert hidden == "NOT_MODIFIED" and "SECURITY_TOKEN" not in page.text
        else:
            assert "XSRF-TOKEN" not in client.http.cookies
            assert hidden == client.token()


@pytest.mark.parametrize("token", ["", "falsch", "other-client"])
def test_writes_need_the_token(
    server: LocalForumServer, forum: LocalForum, bot: Browser, token: str
) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    if token == "other-client":
        with browser(server) as other:
            token = other.token()
    response = bot.quick_reply(POST_ACTION, thread_id, "<p>Hallo</p>", token=token)
    assert response.status_code == 403
    assert response.json()["code"] == 403 and "XSRF-Tokens" in response.json()["message"]
    assert len(forum.posts(thread_id)) == 1


def test_a_guest_may_not_write(server: LocalForumServer, forum: LocalForum) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    with browser(server) as guest:
        response = guest.quick_reply(POST_ACTION, thread_id, "<p>Hallo</p>")
        assert response.status_code == 403 and response.json()["code"] == 403
    assert len(forum.posts(thread_id)) == 1


def test_thread_quick_reply_returns_the_id_and_the_post_is_on_the_last_page(
    forum: LocalForum, bot: Browser
) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    for n in range(19):
        forum.add_post(thread_id, "Anna", f"<p>{n}</p>")
    page = soup(bot.get(f"index.php?thread/{thread_id}/&action=lastPost"))
    reply = page.select_one("li#messageQuickReply")
    response = bot.quick_reply(
        POST_ACTION, thread_id, "<p><strong>!Lynch Anna</strong></p>",
        page_no=int(reply["data-page-no"]), last_post_time=int(reply["data-last-post-time"]),
    )  # fmt: skip
    assert response.status_code == 200
    body = response.json()
    assert body["actionName"] == "quickReply"
    post_id = body["returnValues"]["objectID"]
    assert post_id == forum.posts(thread_id)[-1].id
    assert "url" in body["returnValues"]  # 21 posts: the reply opened page 2
    last = soup(bot.get(f"index.php?thread/{thread_id}/&pageNo=2"))
    article = last.select_one(f"li#post{post_id} > article.wbbPost")
    assert article["data-object-id"] == str(post_id)
    assert article.select_one(".messageText").decode_contents() == (
        "<p><strong>!Lynch Anna</strong></p>"
    )


def test_quick_reply_on_the_last_page_returns_the_template(forum: LocalForum, bot: Browser) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    first = forum.posts(thread_id)[0]
    response = bot.quick_reply(POST_ACTION, thread_id, "<p>Hallo</p>", 1, first.time)
    values = response.json()["returnValues"]
    template = BeautifulSoup(values["template"], "lxml")
    assert [a["data-object-id"] for a in template.select("article.wbbPost")] == [
        str(values["objectID"])
    ]
    assert values["lastPostTime"] == forum.posts(thread_id)[-1].time


def test_conversation_quick_reply(forum: LocalForum, bot: Browser) -> None:
    conversation_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>Du bist…</p>")
    response = bot.quick_reply(MESSAGE_ACTION, conversation_id, "<p>Nachtrag</p>")
    assert response.status_code == 200
    message_id = response.json()["returnValues"]["objectID"]
    page = soup(bot.get(f"index.php?conversation/{conversation_id}/"))
    article = page.select_one(f"li#message{message_id} > article.message.jsMessage")
    assert article["data-object-id"] == str(message_id)
    assert article["data-user-id"] == str(forum.user_id("Spielleitung"))


@pytest.mark.parametrize(
    ("drop", "field"),
    [
        ("[data][message]", "message"),
        ("[lastPostTime]", "lastPostTime"),
        ("[pageNo]", "pageNo"),
        ("[objectID]", "objectID"),
    ],
)
def test_quick_reply_validation_errors_are_400(
    forum: LocalForum, bot: Browser, drop: str, field: str
) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    parameters = {
        "[objectID]": thread_id, "[lastPostTime]": 1, "[pageNo]": 1, "[data][message]": "<p>x</p>",
    }  # fmt: skip
    del parameters[drop]
    response = bot.ajax(POST_ACTION, "quickReply", parameters)
    assert response.status_code == 400
    assert response.json()["returnValues"]["fieldName"] == field
    assert len(forum.posts(thread_id)) == 1


def test_a_stranger_may_not_write_into_a_conversation(
    server: LocalForumServer, forum: LocalForum
) -> None:
    conversation_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>Du…</p>")
    with browser(server) as bernd:
        bernd.login("Bernd", "bernd")
        response = bernd.quick_reply(MESSAGE_ACTION, conversation_id, "<p>Hallo?</p>")
        assert response.status_code == 403
        assert bernd.get(f"index.php?conversation/{conversation_id}/").status_code == 403


def test_post_add_with_a_subject_redirects_to_the_permalink(
    server: LocalForumServer, forum: LocalForum, bot: Browser
) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    data = {"subject": "Morgen des ersten Tages", "text": "<p>Die Sonne geht auf.</p>"}
    response = bot.post_form(f"index.php?post-add/{thread_id}/", data)
    assert response.status_code == 302
    post = forum.posts(thread_id)[-1]
    assert post.subject == "Morgen des ersten Tages"
    assert response.headers["location"].endswith(f"&postID={post.id}#post{post.id}")
    page = soup(bot.get(response.headers["location"]))
    title = page.select_one(f"li#post{post.id} .messageTitle")
    assert title.get_text(strip=True) == data["subject"]


def test_post_add_needs_a_session(server: LocalForumServer, forum: LocalForum) -> None:
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    with browser(server) as guest:
        response = guest.post_form(f"index.php?post-add/{thread_id}/", {"text": "<p>x</p>"})
        assert response.status_code == 302
        assert "login/" in response.headers["location"]
    assert len(forum.posts(thread_id)) == 1


def test_conversation_add_with_participants(forum: LocalForum, bot: Browser) -> None:
    data = {"subject": "Deine Rolle", "participants": "Anna, Bernd", "text": "<p>Seherin</p>"}
    response = bot.post_form("index.php?conversation-add/", data)
    assert response.status_code == 302
    conversation = forum.conversations("Spielleitung")[0]
    assert response.headers["location"].startswith(
        f"{bot.server.base_url}index.php?conversation/{conversation.id}-deine-rolle/"
    )
    view = forum.conversation(conversation.id)
    assert set(view.participants) == {"Spielleitung", "Anna", "Bernd"}
    page = soup(bot.get(response.headers["location"]))
    names = [li.select_one("a.userLink").get_text() for li in page.select("li.jsParticipant")]
    assert sorted(names) == ["Anna", "Bernd", "Spielleitung"]
    listing = soup(bot.get("index.php?conversation-list/"))
    link = listing.select_one("a.conversationLink.messageGroupLink")
    assert link["data-object-id"] == str(conversation.id) and link.get_text() == "Deine Rolle"


@pytest.mark.parametrize(
    ("data", "field", "text"),
    [
        ({"subject": "", "participants": "Anna"}, "subject", "Bitte füllen"),
        ({"subject": "x", "participants": ""}, "participants", "Bitte füllen"),
        ({"subject": "x", "participants": "Anna, Niemand"}, "participants", "Niemand konnte"),
        ({"subject": "x", "participants": "Spielleitung"}, "participants", "bereits Teilnehmer"),
        ({"subject": "x", "participants": "Anna", "text": ""}, "text", "Bitte füllen"),
    ],
)
def test_conversation_add_errors_show_the_form_again(
    forum: LocalForum, bot: Browser, data: dict[str, str], field: str, text: str
) -> None:
    response = bot.post_form("index.php?conversation-add/", {"text": "<p>x</p>", **data})
    assert response.status_code == 200
    page = soup(response)
    assert page.select_one(f"dl.formError #{field}")
    assert text in page.select_one("small.innerError").get_text()
    assert forum.conversations("Spielleitung") == []


def test_add_participants(forum: LocalForum, bot: Browser) -> None:
    conversation_id = forum.add_conversation("Wölfe", "Spielleitung", ["Anna"], "<p>Rudel</p>")
    parameters = {"[participants][]": ["Bernd", "Gustav"], "[visibility]": "all"}
    response = bot.ajax(CONVERSATION_ACTION, "addParticipants", parameters, [conversation_id])
    assert response.status_code == 200
    assert response.json()["returnValues"]["count"] == 2
    assert set(forum.conversation(conversation_id).participants) >= {"Bernd", "Gustav"}
    again = bot.ajax(CONVERSATION_ACTION, "addParticipants", parameters, [conversation_id])
    assert again.status_code == 200
    assert "bereits Teilnehmer" in again.json()["returnValues"]["errorMessage"]
    no_visibility = {"[participants][]": ["Frau Holle"]}
    response = bot.ajax(CONVERSATION_ACTION, "addParticipants", no_visibility, [conversation_id])
    assert response.status_code == 400
    assert response.json()["returnValues"]["fieldName"] == "visibility"


def test_user_search_resolves_names(bot: Browser, forum: LocalForum) -> None:
    response = bot.ajax(USER_ACTION, "getSearchResultList", {"[data][searchString]": "frau h"})
    assert response.status_code == 200
    assert response.json()["returnValues"] == [
        {"icon": "", "label": "Frau Holle", "objectID": forum.user_id("Frau Holle"), "type": "user"}
    ]
    nobody = bot.ajax(USER_ACTION, "getSearchResultList", {"[data][searchString]": "Zz"})
    assert nobody.json()["returnValues"] == []


def test_an_idle_session_expires_and_a_new_login_works(
    forum: LocalForum, clock: Clock, bot: Browser
) -> None:
    forum.rules.session_timeout = 5
    thread_id = forum.add_thread("Spiel", "Spielleitung", "<p>Los</p>")
    conversation_id = forum.add_conversation("Rolle", "Spielleitung", ["Anna"], "<p>x</p>")
    clock.advance(6)
    response = bot.quick_reply(POST_ACTION, thread_id, "<p>zu spät</p>")
    assert response.status_code == 403
    redirect = bot.http.get(f"index.php?conversation/{conversation_id}/")
    assert redirect.status_code == 302 and "login/" in redirect.headers["location"]
    assert bot.login("Spielleitung", "wolfbot").status_code == 302
    assert bot.quick_reply(POST_ACTION, thread_id, "<p>wieder da</p>").status_code == 200


def test_logout_ends_the_session(bot: Browser) -> None:
    response = bot.http.post("index.php?logout/", data={"t": bot.token()})
    assert response.status_code == 302
    assert soup(bot.get("index.php")).select_one("li#userLogin")
    assert bot.http.get("index.php?conversation-list/").status_code == 302
