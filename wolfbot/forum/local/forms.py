"""The HTML forms: login, logout, WBB's full reply form and conversation-add.

Shapes (`AbstractForm`): a POST with a wrong or missing `t` shows the form again with
`p.error` "…fehlerhaften XSRF-Tokens…"; a validation error shows it again (HTTP 200) with
`p.error` and the field's `small.innerError`; success redirects (302, like WoltLab's
`HeaderUtil::redirect()`) to the new object. Without a session the write forms
redirect to the login form (`index.php?login/&url=…`). Flood control answers with an error
page (`p.userExceptionMessage`): HTTP 409 (errors="issue") or 403 as WoltLab does
(errors="woltlab"; in 6.x, like every error handler, JSON `{"message", "exception"}` unless
the Accept header prefers text/html).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from wolfbot.forum.local import texts
from wolfbot.forum.local.rules import Flooded, Invalid, Refused
from wolfbot.forum.local.web import Response, redirect

if TYPE_CHECKING:
    from wolfbot.forum.local.app import Context, ForumApp


class FormError:
    """What the templates show: `general` in `p.error`, `message` under `field`."""

    def __init__(self, field: str, message: str, general: str = texts.FORM_ERROR) -> None:
        self.field = field
        self.message = message
        self.general = general


TOKEN_ERROR = FormError("__securityToken", "", texts.FORM_SECURITY_TOKEN)


def flood_page(app: ForumApp, ctx: Context, error: Flooded) -> Response:
    status = 409 if app.errors == "issue" else 403
    response = app.error_page(ctx, status, error.message)
    if app.errors == "issue":
        response.headers["retry-after"] = str(error.wait)
    return response


def _safe_return(app: ForumApp, url: str) -> str:
    if url and url.startswith(app.links.base_url) and "login/" not in urlsplit(url).query:
        return url
    return app.links.index()


def login(app: ForumApp, ctx: Context) -> Response:
    return_url = ctx.field("url") or ctx.params.get("url", "")
    action = app.links.controller("login")
    if ctx.method != "POST":
        return app.page(
            ctx, "login.html.j2", error=None, username="", action=action, return_url=return_url
        )
    username = ctx.field("username")
    error: FormError | None = None
    if not ctx.token_ok():
        error = TOKEN_ERROR
    else:
        try:
            user = app.forum.login(username, ctx.field("password"))
        except Invalid as refused:
            error = FormError(refused.field, refused.message)
    if error is not None:
        return app.page(
            ctx, "login.html.j2", error=error, username=username, action=action,
            return_url=return_url,
        )  # fmt: skip
    if ctx.session is not None:
        app.sessions.end(ctx.session.id)
    keep = ctx.session.token if ctx.session and app.markup == "5" else None
    ctx.session = app.start_session(ctx, user.id, keep)
    return redirect(_safe_return(app, return_url))


def logout(app: ForumApp, ctx: Context) -> Response:
    if not ctx.token_ok():
        return app.error_page(ctx, 400, texts.FORM_SECURITY_TOKEN)
    if ctx.session is not None:
        app.sessions.end(ctx.session.id)
    return redirect(app.links.index())


def post_add(app: ForumApp, ctx: Context) -> Response:
    thread = app.store.thread(ctx.object_id or 0)
    if thread is None:
        return app.error_page(ctx, 404, texts.NOT_FOUND)
    if ctx.user is None:
        return app.login_redirect(ctx)
    action = app.links.build(f"post-add/{thread.id}/")
    subject, text = ctx.field("subject"), ctx.field("text")

    def again(error: FormError | None) -> Response:
        return app.page(
            ctx, "post_add.html.j2", error=error, thread=thread, subject=subject, text=text,
            action=action,
        )  # fmt: skip

    if ctx.method != "POST":
        return again(None)
    if not ctx.token_ok():
        return again(TOKEN_ERROR)
    try:
        post_id = app.forum.reply_in_thread(ctx.user.id, thread.id, text, subject)
    except Flooded as flooded:
        return flood_page(app, ctx, flooded)
    except Refused as refused:
        return again(FormError(refused.field, refused.message))
    return redirect(app.links.post(thread.id, thread.slug, post_id))


def conversation_add(app: ForumApp, ctx: Context) -> Response:
    if ctx.user is None:
        return app.login_redirect(ctx)
    action = app.links.controller("conversation-add")
    subject, text = ctx.field("subject"), ctx.field("text")
    participants = ctx.field("participants")

    def again(error: FormError | None) -> Response:
        return app.page(
            ctx, "conversation_add.html.j2", error=error, subject=subject, text=text,
            participants=participants, action=action,
        )  # fmt: skip

    if ctx.method != "POST":
        return again(None)
    if not ctx.token_ok():
        return again(TOKEN_ERROR)
    names = [name.strip() for name in participants.split(",") if name.strip()]
    try:
        conversation_id = app.forum.start_conversation(ctx.user.id, subject, names, text)
    except Flooded as flooded:
        return flood_page(app, ctx, flooded)
    except Refused as refused:
        return again(FormError(refused.field, refused.message))
    row = app.store.conversation(conversation_id)
    assert row is not None
    return redirect(app.links.conversation(row.id, row.slug))
