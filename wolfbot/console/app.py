"""The console as a Starlette application: the login, the pages, the live refresh and the
actions (`create_app`).

Every page is rendered on the server with Jinja2; `static/console.js` (no build step)
only asks `/live` every few seconds whether the store changed and then swaps the page's
head and `<main>` for fresh ones (no reload), and counts the deadlines down. Nothing
about the round is served without a login (`security`); every POST needs the session's
CSRF token; the answers are never cached and never framed."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote
from zoneinfo import ZoneInfo

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context
from markupsafe import Markup, escape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from wolfbot.console import actions, pages
from wolfbot.console.security import (
    LOGIN_COOKIE,
    SESSION_COOKIE,
    ConsoleSession,
    LoginRefused,
    Sessions,
    login_token,
    same,
)
from wolfbot.console.source import NoRoundYet, RoundSource
from wolfbot.console.terms import channel_in, deadline_in, office_in, phase_in, state_in
from wolfbot.console.words import words_for
from wolfbot.engine.spec.ruleset import Ruleset
from wolfbot.rulesets import loader

HERE = Path(__file__).parent
LIVE_SECONDS = 3  # how often a page asks whether the store changed
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "testserver")
SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
}


@dataclass(frozen=True, slots=True)
class ConsoleSettings:
    zone: ZoneInfo
    secure_cookies: bool = False  # behind TLS (a reverse proxy): cookies only over https
    allowed_hosts: tuple[str, ...] = ()  # names a reverse proxy passes on, beside loopback


Page = Callable[[Request, ConsoleSession], Awaitable[Response]]


def create_app(
    source: RoundSource, logins: Sessions, settings: ConsoleSettings, language: str = "de"
) -> Starlette:
    """The console of the round in `source`; `language` words it until the round exists
    (then its ruleset's language does)."""
    environment = Environment(
        loader=FileSystemLoader(HERE / "templates"), autoescape=True, undefined=StrictUndefined
    )
    templates = Jinja2Templates(env=environment)
    templates.env.globals.update(live_seconds=LIVE_SECONDS)
    templates.env.filters["local"] = lambda value: pages.local_time(value, settings.zone)
    templates.env.filters["linked"] = linked
    # the engine's words in the round's language (the context's `language`)
    templates.env.filters["phase"] = pass_context(lambda c, v: phase_in(c["language"], v))
    templates.env.filters["state"] = pass_context(lambda c, v: state_in(c["language"], v))
    templates.env.filters["channel"] = pass_context(lambda c, v: channel_in(c["language"], v))
    templates.env.filters["deadline"] = pass_context(lambda c, v: deadline_in(c["language"], v))
    templates.env.filters["office"] = pass_context(lambda c, v: office_in(c["language"], v))

    def ruleset() -> Ruleset:
        return loader.load(source.info().ruleset)

    def spoken() -> str:
        """The round's language (its ruleset's), or `language` before there is a round."""
        try:
            return ruleset().language
        except NoRoundYet:
            return language

    def word(key: str) -> str:
        return words_for(spoken())[key]

    def render(request: Request, name: str, context: dict[str, Any], status: int = 200) -> Response:
        speaks = spoken()
        context = {"w": words_for(speaks), "language": speaks, **context}
        return templates.TemplateResponse(request, name, context, status_code=status)

    def session_of(request: Request) -> ConsoleSession | None:
        return logins.get(request.cookies.get(SESSION_COOKIE))

    def page(name: str, load: Callable[..., dict[str, Any]], section: str) -> Page:
        async def endpoint(request: Request, session: ConsoleSession) -> Response:
            query = dict(request.query_params)
            try:
                rules = await run_in_threadpool(ruleset)
                context = await run_in_threadpool(load, source, settings, query)
            except NoRoundYet:
                context = {"session": session, "db": source.db, "section": "overview"}
                return render(request, "no_round.j2", context)
            context.update(
                section=section,
                session=session,
                flash=request.query_params.get("ok"),
                problem=request.query_params.get("fehler"),
                running=source.bot_running(),
                rules=rules,
            )
            return render(request, name, context)

        return endpoint

    def guarded(endpoint: Page) -> Callable[[Request], Awaitable[Response]]:
        async def guard(request: Request) -> Response:
            session = session_of(request)
            if session is None:
                if request.method != "GET":
                    return PlainTextResponse(word("login_needed"), status_code=403)
                target = quote(
                    request.url.path + ("?" + request.url.query if request.url.query else "")
                )
                return RedirectResponse(f"/anmelden?weiter={target}", status_code=303)
            return await endpoint(request, session)

        return guard

    async def login_page(
        request: Request, problem: str | None = None, status: int = 200
    ) -> Response:
        token = login_token()
        response = render(
            request,
            "login.j2",
            {
                "token": token,
                "problem": problem,
                "weiter": request.query_params.get("weiter", "/"),
                "from_environment": logins.credentials.from_environment,
            },
            status,
        )
        response.set_cookie(
            LOGIN_COOKIE,
            token,
            httponly=True,
            samesite="strict",
            secure=settings.secure_cookies,
            path="/anmelden",
        )
        return response

    async def login(request: Request) -> Response:
        if request.method == "GET":
            if session_of(request) is not None:
                return RedirectResponse("/", status_code=303)
            return await login_page(request)
        form = await request.form()
        token = str(form.get("csrf", ""))
        cookie = request.cookies.get(LOGIN_COOKIE, "")
        if not token or not cookie or not same(token, cookie):
            return PlainTextResponse(word("csrf"), status_code=403)
        client = request.client.host if request.client else "?"
        try:
            value, _ = logins.login(
                str(form.get("name", "")), str(form.get("password", "")), client
            )
        except LoginRefused as refused:
            return await login_page(request, str(refused), 401)
        target = str(form.get("weiter", "/"))
        if not target.startswith("/") or target.startswith("//"):
            target = "/"  # never a redirect off the console
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(
            SESSION_COOKIE,
            value,
            httponly=True,
            samesite="strict",
            secure=settings.secure_cookies,
        )
        response.delete_cookie(LOGIN_COOKIE, path="/anmelden")
        return response

    async def logout(request: Request, session: ConsoleSession) -> Response:
        form = await request.form()
        if not same(str(form.get("csrf", "")), session.csrf):
            return PlainTextResponse(word("csrf"), status_code=403)
        logins.logout(request.cookies.get(SESSION_COOKIE))
        response = RedirectResponse("/anmelden", status_code=303)
        response.delete_cookie(SESSION_COOKIE)
        return response

    async def live(request: Request, session: ConsoleSession) -> Response:
        revision = await run_in_threadpool(source.revision)
        return JSONResponse({"revision": revision, "running": source.bot_running()})

    async def act(request: Request, session: ConsoleSession) -> Response:
        form = await request.form()
        if not same(str(form.get("csrf", "")), session.csrf):
            return PlainTextResponse(word("csrf"), status_code=403)
        back = str(form.get("zurueck", "/"))
        if not back.startswith("/") or back.startswith("//"):
            back = "/"
        if not source.bot_running():
            return _back(back, problem=word("readonly"))
        name = request.path_params["name"]
        fields = {k: str(v) for k, v in form.items() if k not in ("csrf", "zurueck")}
        outcome = await run_in_threadpool(
            actions.perform, source, name, fields, session.name, spoken()
        )
        return _back(
            back,
            ok=outcome.said if outcome.ok else None,
            problem=None if outcome.ok else outcome.said,
        )

    routes = [
        Route("/anmelden", login, methods=["GET", "POST"]),
        Route("/abmelden", guarded(logout), methods=["POST"]),
        Route("/live", guarded(live)),
        Route("/aktion/{name}", guarded(act), methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    for path, name, load, section in pages.PAGES:
        routes.append(Route(path, guarded(page(name, load, section))))
    hosts = [*LOCAL_HOSTS, *settings.allowed_hosts]
    middleware = [
        Middleware(TrustedHostMiddleware, allowed_hosts=hosts),
        Middleware(BaseHTTPMiddleware, dispatch=_security_headers),
    ]
    return Starlette(routes=routes, middleware=middleware)


LINK_IN_PARENTHESES = re.compile(r"\s*\((https?://[^\s)]+)\)")


def linked(text: str, label: str) -> Markup:
    """`text` with each link it names in parentheses ("Beitrag von Anna (https://…)") shown
    as a link called `label`, the rest escaped."""
    parts, last = [], 0
    for found in LINK_IN_PARENTHESES.finditer(text):
        parts.append(escape(text[last : found.start()]))
        url = escape(found.group(1))
        parts.append(
            Markup(f' – <a href="{url}" rel="noreferrer" target="_blank">{escape(label)}</a>')
        )
        last = found.end()
    parts.append(escape(text[last:]))
    return Markup("").join(parts)


def _back(path: str, *, ok: str | None = None, problem: str | None = None) -> Response:
    base, _, query = path.partition("?")
    kept = [p for p in query.split("&") if p and not p.startswith(("ok=", "fehler="))]
    if ok:
        kept.append("ok=" + quote(ok))
    if problem:
        kept.append("fehler=" + quote(problem))
    return RedirectResponse(base + ("?" + "&".join(kept) if kept else ""), status_code=303)


async def _security_headers(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    response = await call_next(request)
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response
