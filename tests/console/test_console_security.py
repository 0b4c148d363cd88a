"""Nothing about the round without a login; no action without the session's CSRF token;
the answers are never cached or framed (`wolfbot.console.security`, `app`)."""

from __future__ import annotations

import pytest
from console_kit import PASSWORD, csrf_of

PAGES = ["/", "/nacht", "/tag", "/warteschlange", "/befehle", "/verhalten", "/runde"]


@pytest.mark.parametrize("path", PAGES + ["/live"], ids=lambda p: p.strip("/") or "uebersicht")
def test_a_page_without_login_sends_to_the_login_and_shows_nothing_of_the_round(
    console, path
) -> None:
    with console.client() as client:
        answer = client.get(path)
        assert answer.status_code == 303
        assert answer.headers["location"].startswith("/anmelden?weiter=")
        login = client.get(answer.headers["location"])
    assert login.status_code == 200
    for secret in ("Werwolf", "Seherin", "Clara", "Lynch"):
        assert secret not in login.text


def test_an_action_without_login_is_refused(console) -> None:
    with console.client() as client:
        answer = client.post("/aktion/approve_all", data={"csrf": "x"})
    assert answer.status_code == 403


@pytest.mark.parametrize(
    ("name", "password", "status", "said"),
    [
        ("Gerda", "falsch", 401, "Das Kennwort stimmt nicht."),
        ("", PASSWORD, 401, "Bitte einen Namen angeben"),
        ("Gerda", "", 401, "Das Kennwort stimmt nicht."),
    ],
    ids=["wrong-password", "no-name", "no-password"],
)
def test_a_failed_login_says_why(console, name, password, status, said) -> None:
    with console.client() as client:
        token = csrf_of(client.get("/anmelden").text)
        answer = client.post("/anmelden", data={"csrf": token, "name": name, "password": password})
        assert answer.status_code == status
        assert said in answer.text
        assert client.get("/").status_code == 303


def test_a_login_without_its_form_token_is_refused(console) -> None:
    with console.client() as client:
        client.get("/anmelden")
        answer = client.post(
            "/anmelden", data={"csrf": "erfunden", "name": "Gerda", "password": PASSWORD}
        )
    assert answer.status_code == 403


def test_after_five_wrong_passwords_even_the_right_one_waits(console) -> None:
    with console.client() as client:
        for _ in range(5):
            token = csrf_of(client.get("/anmelden").text)
            client.post("/anmelden", data={"csrf": token, "name": "X", "password": "falsch"})
        token = csrf_of(client.get("/anmelden").text)
        answer = client.post("/anmelden", data={"csrf": token, "name": "X", "password": PASSWORD})
    assert answer.status_code == 401
    assert "Zu viele falsche Anmeldungen" in answer.text


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.strip("/") or "uebersicht")
def test_every_page_is_served_after_login_never_cached_never_framed(console, path) -> None:
    with console.logged_in() as client:
        answer = client.get(path)
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "no-store"
    assert answer.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    assert "Gerda" in answer.text  # who is logged in


def test_the_session_cookie_is_http_only_and_same_site_strict(console) -> None:
    with console.client() as client:
        token = csrf_of(client.get("/anmelden").text)
        answer = client.post(
            "/anmelden", data={"csrf": token, "name": "Gerda", "password": PASSWORD}
        )
    cookie = answer.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie


@pytest.mark.parametrize("token", ["", "falsch"], ids=["missing", "wrong"])
def test_an_action_with_a_wrong_csrf_token_is_refused_and_changes_nothing(console, token) -> None:
    with console.logged_in() as client:
        before = client.get("/befehle").text
        answer = client.post(
            "/aktion/accept", data={"csrf": token, "command_id": "1", "reason": "x"}
        )
        assert answer.status_code == 403
        assert "CSRF" in answer.text
        assert client.get("/befehle").text.count("verdict-accepted") == before.count(
            "verdict-accepted"
        )


def test_a_foreign_host_name_is_refused(console) -> None:
    with console.client() as client:
        answer = client.get("/anmelden", headers={"Host": "evil.example"})
    assert answer.status_code == 400


def test_logout_ends_the_session(console) -> None:
    with console.logged_in() as client:
        token = csrf_of(client.get("/").text)
        assert client.post("/abmelden", data={"csrf": token}).status_code == 303
        assert client.get("/").status_code == 303
