"""The forum as a Starlette application: WoltLab's two URL styles mapped onto one path
(`urls.parse_target`) for Starlette's router, Starlette's form parsing read the PHP way
(`web.php_form`), the per-request context (session, CSRF token, cookies), and the read pages
(board, thread, conversation, conversation list, user). Forms are in `forms.py`, the ajax
proxy in `ajax.py`. The handlers are plain functions on the store; they run in Starlette's
thread pool, so a slow page does not hold up the others.

Like WoltLab 6.0 no page has an `ETag` and nothing is ever answered with 304: every page is
`Last-Modified` at the time of the request and `no-cache`. Guests see no deleted or disabled posts;
logged-in users see them as a moderator would, with their state classes.
"""

from __future__ import annotations

import functools
import html as html_module
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from email.utils import formatdate
from typing import Any, Literal
from urllib.parse import quote, urlencode

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import QueryParams
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, Router
from starlette.types import Receive, Scope, Send

from wolfbot.forum.local import ajax, forms, texts
from wolfbot.forum.local.forum import LocalForum
from wolfbot.forum.local.render import STATIC, STYLESHEET, Renderer, interleave
from wolfbot.forum.local.rules import page_count
from wolfbot.forum.local.sessions import (
    SESSION_COOKIE,
    XSRF_COOKIE,
    Session,
    Sessions,
    tokens_match,
)
from wolfbot.forum.local.store import User
from wolfbot.forum.local.urls import Links, Target, parse_target
from wolfbot.forum.local.web import (
    answer,
    cookie,
    handler_json,
    html_response,
    php_form,
    preferred_type,
    redirect,
)

log = logging.getLogger("wolfbot.forum.local")
ErrorMode = Literal["issue", "woltlab"]
NO_CACHE = "max-age=0, no-cache, no-store, must-revalidate"  # WoltLab 6.0's pages
SECURITY_HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"SAMEORIGIN")]
MAX_INPUT_VARS = 1000  # PHP's max_input_vars: form fields of one request
POST_MAX_SIZE = 8 * 1024 * 1024  # PHP's post_max_size: a larger form field reads as no form
TARGET = "woltlab.target"  # the scope's key of the request's `Target`
_TAGS = re.compile(r"<[^>]*>")


@dataclass
class Context:
    """What one request knows about its client: Starlette's request, where it goes, its form
    fields as PHP's `$_POST` has them."""

    request: Request
    target: Target
    form: dict[str, Any]
    session: Session | None
    user: User | None
    token: str  # the CSRF token this client must send as `t`
    here: str  # absolute URL of this request (for login's return URL)
    cookies: list[str] = field(default_factory=list)

    @property
    def method(self) -> str:
        """GET, POST; a HEAD request is handled as a GET (the server sends no body)."""
        return "GET" if self.request.method == "HEAD" else self.request.method

    @property
    def params(self) -> QueryParams:
        """The query's parameters after the controller path (`pageNo`, `postID`, `t`, …)."""
        return self.request.query_params

    @property
    def object_id(self) -> int | None:
        return self.target.object_id

    def int_param(self, name: str, default: int = 0) -> int:
        try:
            return int(self.params.get(name, default))
        except ValueError:
            return default

    def field(self, name: str) -> str:
        """A plain form field (not an array), "" if there is none."""
        value = self.form.get(name)
        return value if isinstance(value, str) else ""

    def preferred_type(self, available: tuple[str, ...] = ("application/json", "text/html")) -> str:
        return preferred_type(self.request.headers.get("accept"), available)

    def token_ok(self) -> bool:
        return tokens_match(self.token, self.params.get("t") or self.field("t"))


Handler = Callable[["ForumApp", Context], Response]
Endpoint = Callable[[Request], Awaitable[Response]]


class ForumApp:
    def __init__(
        self,
        forum: LocalForum,
        links: Links,
        markup: str = "6",
        errors: ErrorMode = "issue",
        renderer: Renderer | None = None,
    ) -> None:
        self.forum = forum
        self.store = forum.store
        self.links = links
        self.markup = markup
        self.errors = errors
        self.renderer = renderer or Renderer(markup, links)
        self.renderer.users = self.store
        self.sessions = Sessions(lambda: forum.clock().timestamp(), forum.rules.session_timeout)
        pages: dict[str, Handler] = {
            "/": index_page,
            "/thread/{segment}/": thread_page,
            "/conversation/{segment}/": conversation_page,
            "/conversation-list/": conversation_list_page,
            "/user/{segment}/": user_page,
            "/login/": forms.login,
            "/logout/": forms.logout,
            "/post-add/{segment}/": forms.post_add,
            "/conversation-add/": forms.conversation_add,
            "/ajax-proxy/": ajax.handle,
            "/style/{file}/": style_file,
            "/{anything:path}": not_found,
        }
        self.router = Router(
            [
                Route(path, self.endpoint(page), methods=["GET", "POST"])
                for path, page in pages.items()
            ]
        )

    # --- per request ---------------------------------------------------------------
    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The ASGI application: the request's target in either URL style becomes the
        router's path (`/thread/1-slug/`) and query (`pageNo=2`)."""
        if scope["type"] == "http":
            target = self.target_of(scope)
            path = target.path
            scope = {
                **scope,
                "path": path,
                "raw_path": quote(path).encode("ascii"),
                "query_string": target.query.encode("latin-1"),
                TARGET: target,
            }
        await self.router(scope, receive, send)

    @staticmethod
    def target_of(scope: Scope) -> Target:
        sent = scope.get("raw_path") or scope["path"].encode()
        query = scope["query_string"]
        return parse_target((sent + b"?" + query if query else sent).decode("latin-1"))

    def endpoint(self, handler: Handler) -> Endpoint:
        """Starlette's endpoint of `handler`: the form parsed (PHP's limits: a form beyond
        them reads as none), then the handler in the thread pool."""

        async def respond(request: Request) -> Response:
            form: dict[str, Any] = {}
            if request.method == "POST":
                try:
                    async with request.form(
                        max_fields=MAX_INPUT_VARS, max_part_size=POST_MAX_SIZE
                    ) as fields:
                        pairs = [(k, v) for k, v in fields.multi_items() if isinstance(v, str)]
                        form = php_form(pairs)
                except MultiPartException:
                    form = {}
            return await run_in_threadpool(self.handle, handler, request, form)

        return respond

    def handle(self, handler: Handler, request: Request, form: dict[str, Any]) -> Response:
        ctx = self.context(request, form)
        try:
            response = handler(self, ctx)
        except Exception:
            log.exception("local forum: %s %s failed", request.method, ctx.target.sent)
            response = self.internal_error(ctx)
        for value in ctx.cookies:
            response.headers.append("set-cookie", value)
        response.raw_headers[:0] = SECURITY_HEADERS
        return response

    def context(self, request: Request, form: dict[str, Any]) -> Context:
        self.sessions.timeout = self.forum.rules.session_timeout
        session = self.sessions.get(cookie(request, SESSION_COOKIE))
        target: Target = request.scope[TARGET]
        here = self.links.base_url + target.sent.lstrip("/")
        ctx = Context(request, target, form, session, None, "", here)
        if session is not None and session.user_id is not None:
            ctx.user = self.store.user(session.user_id)
        if self.markup == "5":
            if session is None:
                ctx.session = self.start_session(ctx, None)
            ctx.token = ctx.session.token if ctx.session else ""
        else:
            sent = cookie(request, XSRF_COOKIE, decode=True)
            if sent and self.sessions.xsrf_valid(sent):
                ctx.token = sent
            else:
                ctx.token = self.sessions.new_xsrf_token()
                ctx.cookies.append(f"{XSRF_COOKIE}={quote(ctx.token, safe='')}; path=/")
        return ctx

    def start_session(self, ctx: Context, user_id: int | None, token: str | None = None) -> Session:
        session = self.sessions.start(user_id)
        if token:
            session.token = token
        ctx.cookies.append(f"{SESSION_COOKIE}={session.id}; path=/; HttpOnly; SameSite=Lax")
        return session

    # --- responses -------------------------------------------------------------------
    def page(self, ctx: Context, template: str, status: int = 200, **context: Any) -> Response:
        """A rendered page. Like WoltLab 6.0: no ETag, no 304 (conditional request headers
        are ignored); a 200 page is `Last-Modified` now and must not be cached, an error
        page is `Cache-Control: private`."""
        html, _ = self.renderer.render(template, ctx.token, user=ctx.user, here=ctx.here, **context)
        if status != 200:
            return html_response(
                status, html, ("vary", "accept-language"), ("cache-control", "private")
            )
        modified = formatdate(self.forum.clock().timestamp(), usegmt=True)
        return html_response(status, html, ("last-modified", modified), ("cache-control", NO_CACHE))

    def error_page(self, ctx: Context, status: int, message_html: str, title: str = "") -> Response:
        """`PermissionDeniedHandler`, `NotFoundHandler`, … (6.0, errors="woltlab"): JSON
        `{"message", "exception": null}` when the Accept header prefers application/json
        (or is `*/*` or missing), else the HTML error page; 5.x and errors="issue": HTML."""
        if self.negotiates and ctx.preferred_type() == "application/json":
            message = html_module.unescape(_TAGS.sub("", message_html)).strip()
            return handler_json(status, message)
        title = title or ("Fehler" if status != 403 else "Zugriff verweigert")
        return self.page(ctx, "error.html.j2", status, title=title, message_html=message_html)

    @property
    def negotiates(self) -> bool:
        return self.markup == "6" and self.errors == "woltlab"

    def internal_error(self, ctx: Context) -> Response:
        if ctx.target.controller == "ajax-proxy":
            return ajax.internal_error()
        return self.error_page(ctx, 500, texts.INTERNAL_ERROR)

    def login_redirect(self, ctx: Context) -> Response:
        return redirect(self.links.login(ctx.here), 302)


def canonical_redirect(
    app: ForumApp, ctx: Context, controller: str, object_id: int, slug: str
) -> Response | None:
    """`AbstractPage::readParameters()`: a GET whose path or route differs from the canonical
    URL (no slug, another slug, the other URL style) is redirected there with 301; the
    other parameters (pageNo, postID, action, …) are kept."""
    target = ctx.target
    expected = f"{object_id}-{slug}" if slug else str(object_id)
    if ctx.method != "GET" or (
        target.segment == expected and target.friendly == app.links.friendly
    ):
        return None
    query = urlencode({k: v for k, v in ctx.params.items() if v != "" and k != "t"})
    return redirect(app.links.build(Links.object_path(controller, object_id, slug), query), 301)


def _page_of(index: int, per_page: int) -> int:
    return index // per_page + 1


def _choose_page(
    ctx: Context, pages: int, place: Callable[[int], int | None], anchor: str, per_page: int
) -> int | None:
    """The page to show of `pages`: of `anchor` (postID/messageID, its `place` among the
    posts; None if there is no such message: IllegalLinkException, 404), the last one, or
    `pageNo` – a `pageNo` past the end shows the last page
    (`MultipleLinkPage::calculateNumberOfPages()` clamps it; 200, not 404)."""
    params = ctx.params
    if anchor in params:
        before = place(ctx.int_param(anchor))
        return None if before is None else _page_of(before, per_page)
    if params.get("action") in ("lastPost", "firstNew"):
        return pages
    return min(pages, max(1, ctx.int_param("pageNo", 1)))


def _or(time: int | None, otherwise: int) -> int:
    """The last post's time, or the thread's (conversation's) own when it has none."""
    return otherwise if time is None else time


def _canonical_page(ctx: Context, page: int) -> int:
    """The page number of `link[rel=canonical]`: the asked `pageNo` even past the end (6.0
    keeps it while the page shows the last page), else the page shown."""
    params = ctx.params
    if "pageNo" in params and not {"postID", "messageID", "action"} & params.keys():
        return max(1, ctx.int_param("pageNo", 1))
    return page


def _paged(
    app: ForumApp,
    ctx: Context,
    kind: str,
    object_id: int,
    count: int,
    place: Callable[[int], int | None],
    fetch: Callable[[int, int], list[Any]],
) -> tuple[int, int, list[Any]] | None:
    """The page a thread's or conversation's request asks for (`postID`/`messageID` or
    `pageNo`): its number, the number of pages and its rows – the page's posts with the
    log rows between them; None for a page that is not there. `fetch(offset, limit)` reads
    posts in display order."""
    anchor, row_kind = _PAGED[kind]
    per_page = app.forum.rules.per_page
    pages = page_count(count, per_page)
    page = _choose_page(ctx, pages, place, anchor, per_page)
    if page is None:
        return None
    start = (page - 1) * per_page
    before = 1 if start else 0  # the post before the page: the log rows it showed
    posts = fetch(start - before, per_page + before)
    rows = interleave(
        posts[before:],
        app.store.log(kind, object_id),
        posts[0].time if before else None,
        start + 1,
        page == pages,
        row_kind,
    )
    return page, pages, rows


# a paged channel's link to one of its posts, and what its rows call a post
_PAGED = {"thread": ("postID", "post"), "conversation": ("messageID", "message")}


def thread_page(app: ForumApp, ctx: Context) -> Response:
    thread = app.store.thread(ctx.object_id or 0)
    if thread is None:
        return app.error_page(ctx, 404, texts.NOT_FOUND)
    if moved := canonical_redirect(app, ctx, "thread", thread.id, thread.slug):
        return moved
    with app.store.lock:  # the page, its count and last post: one state of the thread
        guest = ctx.user is None
        paged = _paged(
            app,
            ctx,
            "thread",
            thread.id,
            app.store.post_count(thread.id, guest),
            functools.partial(app.store.post_place, thread.id, visible_only=guest),
            lambda offset, limit: app.store.posts_page(thread.id, offset, limit, guest),
        )
        if paged is None:
            return app.error_page(ctx, 404, texts.NOT_FOUND)
        page, pages, rows = paged
        last_time = _or(app.store.last_post_time(thread.id, guest), thread.time)
    author = app.store.user(thread.user_id)
    return app.page(
        ctx,
        "thread.html.j2",
        thread=thread,
        thread_author=author.name if author else "",
        rows=rows,
        page=page,
        pages=pages,
        canonical_page=_canonical_page(ctx, page),
        last_post_time=last_time,
    )


def guest_refused(app: ForumApp, ctx: Context) -> Response:
    """A guest on a page that needs a login: 6.0 (errors="woltlab") answers 403 permission
    denied (HTML with a login button, or JSON by the Accept header); else a 302 to login/."""
    if app.negotiates:
        return app.error_page(ctx, 403, texts.PAGE_PERMISSION_DENIED)
    return app.login_redirect(ctx)


def conversation_page(app: ForumApp, ctx: Context) -> Response:
    if ctx.user is None:
        return guest_refused(app, ctx)
    conversation = app.store.conversation(ctx.object_id or 0)
    if conversation is None:
        return app.error_page(ctx, 404, texts.NOT_FOUND)
    if not app.forum.is_participant(ctx.user.id, conversation.id):
        return app.error_page(ctx, 403, texts.PAGE_PERMISSION_DENIED)
    if moved := canonical_redirect(app, ctx, "conversation", conversation.id, conversation.slug):
        return moved
    with app.store.lock:  # one state of the conversation
        paged = _paged(
            app,
            ctx,
            "conversation",
            conversation.id,
            app.store.message_count(conversation.id),
            functools.partial(app.store.message_place, conversation.id),
            functools.partial(app.store.messages_page, conversation.id),
        )
        if paged is None:
            return app.error_page(ctx, 404, texts.NOT_FOUND)
        page, pages, rows = paged
        last_time = _or(app.store.last_message_time(conversation.id), conversation.time)
    return app.page(
        ctx,
        "conversation.html.j2",
        conversation=conversation,
        participants=app.store.participants(conversation.id),
        rows=rows,
        page=page,
        pages=pages,
        canonical_page=_canonical_page(ctx, page),
        last_post_time=last_time,
    )


def conversation_list_page(app: ForumApp, ctx: Context) -> Response:
    if ctx.user is None:
        return guest_refused(app, ctx)
    rows = app.store.conversations_of(ctx.user.id)  # sortField=lastPostTime, sortOrder=DESC
    if ctx.params.get("sortOrder", "").upper() == "ASC":
        rows.reverse()
    per_page = app.forum.rules.conversations_per_page
    pages = page_count(len(rows), per_page)
    page = min(pages, max(1, ctx.int_param("pageNo", 1)))
    items = []
    for row in rows[(page - 1) * per_page : page * per_page]:
        # `participantSummary`: the others but the starter, by name, at most 5 (the
        # look-alike has no invisible participants or left conversations)
        others = [u for u in app.store.participants(row.id) if u.id != row.user_id]
        items.append(
            {
                "row": row,
                "summary": others[:5],
                "more": max(0, len(others) - 5),
                "participants": len(others),  # the starter not counted
                "replies": max(0, app.store.message_count(row.id) - 1),
                "last_post_time": _or(app.store.last_message_time(row.id), row.time),
            }
        )
    return app.page(
        ctx, "conversation_list.html.j2", items=items, page=page, pages=pages, total=len(rows)
    )


def index_page(app: ForumApp, ctx: Context) -> Response:
    threads = []
    for thread in app.store.threads():
        author = app.store.user(thread.user_id)
        count = app.store.post_count(thread.id, visible_only=True)
        threads.append(
            {
                "thread": thread,
                "author": author.name if author else "",
                "replies": max(0, count - 1),
            }
        )
    return app.page(ctx, "index.html.j2", threads=threads)


def user_page(app: ForumApp, ctx: Context) -> Response:
    profile = app.store.user(ctx.object_id or 0)
    if profile is None:
        return app.error_page(ctx, 404, texts.NOT_FOUND)
    return app.page(ctx, "user.html.j2", profile=profile)


def style_file(app: ForumApp, ctx: Context) -> Response:
    """`style/local.css`: the look-alike's stylesheet (a static file, as WoltLab's
    `style/style-1.css` is: no login, cacheable); anything else under `style/` is a 404."""
    if ctx.target.segment != STYLESHEET.rsplit("/", 1)[-1] or ctx.method != "GET":
        return app.error_page(ctx, 404, texts.NOT_FOUND)
    css = (STATIC / "local.css").read_bytes()
    return answer(200, css, "text/css; charset=UTF-8", ("cache-control", "max-age=3600"))


def not_found(app: ForumApp, ctx: Context) -> Response:
    return app.error_page(ctx, 404, texts.NOT_FOUND)
