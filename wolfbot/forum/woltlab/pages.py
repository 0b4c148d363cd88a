"""Saved WoltLab Suite pages (5.x and 6.x) -> :class:`Page`: pure functions, no I/O but
:func:`parse_file`.

Markup followed (WoltLab/WCF and WoltLab/com.woltlab.wcf.conversation, branches 5.4 and 6.0;
the forum package wbb is not public, its thread markup is the one listed in issue 3):

- thread posts ``li#post{ID} > article.wbbPost.message[data-post-id][data-user-id]`` in
  ``ul.wbbThreadPostList[data-page-no][data-is-last-page]``; conversation messages
  ``li#message{ID} > article.message.jsMessage[data-object-id][data-user-id]``
  (conversationMessageList.tpl). Rows without those ids are skipped: modification-log rows
  (conversationMessageListLog.tpl, ``article.message.messageReduced``) and the quick-reply
  box (conversationQuickReply.tpl).
- a single post (author, time from attributes only, body without signature, edit note,
  trash/moderation state): :mod:`wolfbot.forum.woltlab.posts`.
- the conversation list's rows (link, starter, participants, last message):
  :mod:`wolfbot.forum.woltlab.conversation_rows`.
- pagination 6.x ``<woltlab-core-pagination page count url>``, 5.x
  ``nav.pagination[data-pages][data-link]`` (PagesFunctionTemplatePlugin), ``link[rel]``.
- token: 5.4 ``var SECURITY_TOKEN = '…'`` / ``input[name=t]`` (5.5+ writes "NOT_MODIFIED"
  there and the real token is the ``XSRF-TOKEN`` cookie, handled by the client).
- login page ``body[data-template=login]`` / the login form (login.tpl); logged in or not
  from ``nav#topMenu.userPanel[.userPanelLoggedIn]`` (pageHeaderUser.tpl).

lxml's HTML parser is used directly (not through BeautifulSoup) because a page is parsed on
every poll; message bodies are handed on as HTML to
:func:`wolfbot.forum.woltlab.markup.message.parse_message`.
libxml2 reads 255 levels of nesting and silently drops the rest of a page: a page nested
deeper is read again flattened
(:func:`~wolfbot.forum.woltlab.markup.nesting.flatten_deep`), and one that still cannot be
read whole says so (``Page.cut_short``; the client's read fails loudly then).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urljoin

from lxml import etree

from wolfbot.forum.base import ChannelRef, Conversation, ForumPost
from wolfbot.forum.woltlab.conversation_rows import conversation_rows, list_rows
from wolfbot.forum.woltlab.markup.nesting import MAX_DEPTH, flatten_deep, stopped_early
from wolfbot.forum.woltlab.posts import (
    classes,
    flag,
    has_class,
    inner_html,
    parse_edit_note,
    parse_post,
    text_of,
    to_int,
    xpath,
)

log = logging.getLogger(__name__)

PageKind = Literal["thread", "conversation", "conversation_list", "login", "error", "unknown"]

__all__ = [
    "Page",
    "PageKind",
    "QuickReply",
    "inner_html",
    "parse_conversation_page",
    "parse_edit_note",
    "parse_file",
    "parse_page",
    "parse_thread_page",
    "post_record",
]


@dataclass(frozen=True, slots=True)
class QuickReply:
    """``li#messageQuickReply[data-object-id][data-last-post-time][data-page-no]``."""

    object_id: int
    last_post_time: int
    page_no: int


@dataclass(frozen=True, slots=True)
class Page:
    kind: PageKind = "unknown"
    posts: tuple[ForumPost, ...] = ()
    page: int = 1
    page_count: int = 1
    is_last_page: bool = True
    next_url: str | None = None
    prev_url: str | None = None
    channel: ChannelRef | None = None
    title: str = ""
    canonical_url: str | None = None
    has_post_list: bool = False  # the page shows a post/message list (possibly empty)
    participants: tuple[str, ...] = ()  # conversation participants still in it
    left_participants: tuple[str, ...] = ()  # participants who left (``conversationLeft``)
    security_token: str | None = None  # 5.4 SECURITY_TOKEN / input[name=t]
    is_login_page: bool = False  # the login form, or "login required" for a guest
    logged_in: bool | None = None  # None: the page has no user panel
    quick_reply: QuickReply | None = None
    error_message: str | None = None  # full-page error (#errorMessage, .userExceptionMessage)
    form_errors: tuple[str, ...] = ()  # p.error[role=alert], small.innerError
    conversations: tuple[Conversation, ...] = ()  # conversation list rows
    # libxml2 stopped before the page's end, flattened even (`_root`): posts may be missing
    cut_short: bool = False
    sort_order: str = "ASC"  # a thread's post order: "DESC" puts the newest first


_has, _X = has_class, xpath


def _elements(
    tag: str, name: str | None = None, test: Callable[[Any], bool] | None = None
) -> Callable[[Any], list[Any]]:
    """`//tag[has name][test]`: the page's elements of a tag (of class `name`, passing
    `test`) in document order, found by lxml's own walk over that tag – an XPath from the
    page's root tested every node of the page, and a page was read a dozen times so."""

    def find(root: Any) -> list[Any]:
        return [
            el
            for el in root.iter(tag)
            if (name is None or name in classes(el)) and (test is None or test(el))
        ]

    return find


def _has_password(form: Any) -> bool:
    return any(field.get("name") == "password" for field in form.iter("input"))


def _outside_user_login(el: Any) -> bool:
    return all(ancestor.get("id") != "userLogin" for ancestor in el.iterancestors())


_BODY = _elements("body")
_ARTICLES = _elements("article", "message")
_THREAD_LIST = _elements("ul", "wbbThreadPostList")
_MESSAGE_LIST = _elements("ul", "messageList")
_PAGINATION6 = _elements("woltlab-core-pagination")
_PAGINATION5 = _elements("nav", "pagination", lambda el: el.get("data-pages") is not None)
_ACTIVE5 = _X(f".//li[{_has('active')}]/span[1]")
_LINKS = _elements("link", test=lambda el: el.get("rel") is not None and el.get("href") is not None)
_TOKEN_FIELDS = _elements("input", test=lambda el: el.get("name") == "t")
_LOGIN_FORMS = _elements("form", test=lambda el: _has_password(el) and _outside_user_login(el))
_TOP_MENU = _elements("nav", test=lambda el: el.get("id") == "topMenu")
_PARTICIPANT_LISTS = _elements("ul", "conversationParticipantList")


def _participant_items(root: Any) -> list[Any]:
    """``ul.conversationParticipantList > li.jsParticipant``."""
    return [
        item
        for participants in _PARTICIPANT_LISTS(root)
        for item in participants.iterchildren("li")
        if "jsParticipant" in classes(item)
    ]


def _errors(root: Any) -> list[Any]:
    """``#errorMessage`` and ``p.userExceptionMessage``, in document order (libxml2 knows
    the page's ids: `id()` finds the first of an id at once)."""
    marked = root.xpath("id('errorMessage')")
    tags = {"p", *(el.tag for el in marked)}
    return [
        el
        for el in root.iter(*tags)
        if any(el is found for found in marked)
        or (el.tag == "p" and "userExceptionMessage" in classes(el))
    ]


def _form_errors(root: Any) -> list[Any]:
    """``p.error[role=alert]`` and ``small.innerError``, in document order."""
    return [
        el
        for el in root.iter("p", "small")
        if (el.tag == "p" and "error" in classes(el) and el.get("role") == "alert")
        or (el.tag == "small" and "innerError" in classes(el))
    ]


def _scripts(root: Any) -> list[str]:
    return [script.text for script in root.iter("script") if script.text]


_USER_LINK = _X(f".//a[{_has('userLink')}] | .//*[{_has('username')}]")
_QUICK_REPLY = _elements("li", test=lambda el: el.get("id") == "messageQuickReply")
_TITLE = _elements("h1", "contentTitle")
_HEAD_TITLE = _elements("title")
_CONV_ID = _X("//*[@data-conversation-id][not(self::ol)]/@data-conversation-id")
_PERMALINKS = _elements("a", "messagePublicationTime")

_SECURITY_TOKEN = re.compile(r"SECURITY_TOKEN\s*=\s*['\"]([^'\"]+)['\"]")
_CHANNEL_IN_URL = re.compile(r"(?:^|[/?])(thread|conversation)/(\d+)")
_PAGE_IN_URL = re.compile(r"[?&]pageNo=(\d+)")
_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")


def _root(html: str | bytes) -> tuple[Any, bool]:
    """The page's tree, and whether libxml2 read all of it. A page nested deeper than it
    reads (one post of quotes in quotes …) is read again with that post flattened
    (`flatten_deep`), so that the posts after it are read too."""
    data = html if isinstance(html, bytes) else _INVALID_XML.sub("", html).encode("utf-8")
    data = data.replace(b"\x00", b"")
    root, trouble = _parsed(data)
    depth = MAX_DEPTH
    while trouble == "depth" and depth >= MAX_DEPTH // 4:
        flat = flatten_deep(data.decode("utf-8", "replace"), depth)
        root, trouble = _parsed(_INVALID_XML.sub("", flat).encode("utf-8"))
        depth //= 2
    return root, trouble is None


def _parsed(data: bytes) -> tuple[Any, str | None]:
    parser = etree.HTMLParser(encoding="utf-8", remove_comments=True, no_network=True)
    root = etree.fromstring(data, parser=parser)
    if root is None:
        raise ValueError("the page is empty")
    return root, stopped_early(parser.error_log)


def _page_url(url: str, page: int) -> str:
    """The 6.x pagination's rule: append ``pageNo`` with "&" or "?" as the URL needs."""
    return f"{url}{'&' if '?' in url else '?'}pageNo={page}"


def _pagination(root: Any, base: str) -> tuple[int | None, int | None, dict[str, str]]:
    page = count = None
    links: dict[str, str] = {}
    for el in _LINKS(root):
        for rel in (el.get("rel") or "").lower().split():
            if rel in ("next", "prev", "canonical") and rel not in links:
                links[rel] = urljoin(base, el.get("href"))
    for el in _PAGINATION6(root):
        page, count = to_int(el.get("page"), 0) or page, to_int(el.get("count"), 0) or count
        if el.get("url") and page and count:
            url = urljoin(base, el.get("url"))
            if page < count:
                links.setdefault("next", _page_url(url, page + 1))
            if page > 1:
                links.setdefault("prev", _page_url(url, page - 1))
        break
    for el in _PAGINATION5(root):
        count = count or to_int(el.get("data-pages"), 0) or None
        active = _ACTIVE5(el)
        page = page or (to_int(text_of(active[0]).replace(".", ""), 0) if active else 0) or None
        link = el.get("data-link") or ""
        if "%d" in link and page and count:
            if page < count:
                links.setdefault("next", urljoin(base, link.replace("%d", str(page + 1), 1)))
            if page > 1:
                links.setdefault("prev", urljoin(base, link.replace("%d", str(page - 1), 1)))
        break
    return page, count, links


def _kind(root: Any, template: str) -> PageKind:
    if template == "login" or _LOGIN_FORMS(root):
        return "login"
    if template == "thread" or _THREAD_LIST(root) or root.xpath("//article[@data-post-id]"):
        return "thread"
    if (
        template == "conversation"
        or _participant_items(root)
        or root.xpath(
            f"//li[starts-with(@id, 'message')]/article[{_has('jsMessage')}]"
            f" | //h1[{_has('jsConversationSubject')}]"
        )
    ):
        return "conversation"
    if template == "conversationList" or list_rows(root):
        return "conversation_list"
    if _errors(root) or template in ("error", "userException", "permissionDenied"):
        return "error"
    return "unknown"


def _channel(root: Any, kind: PageKind, canonical: str | None, quick: QuickReply | None) -> Any:
    if kind not in ("thread", "conversation"):
        return None
    if kind == "conversation":
        for value in _CONV_ID(root):
            if value.strip().isdigit():
                return ChannelRef("conversation", int(value))
    candidates = [canonical or ""] + [a.get("href", "") for a in _PERMALINKS(root)[:1]]
    for url in candidates:
        if (match := _CHANNEL_IN_URL.search(url)) and match.group(1) == kind:
            return ChannelRef(kind, int(match.group(2)))
    return ChannelRef(kind, quick.object_id) if quick and quick.object_id else None


def _logged_in(root: Any) -> bool | None:
    menus = _TOP_MENU(root)
    if menus:
        return "userPanelLoggedIn" in classes(menus[0])
    if root.xpath("//*[@id='userMenu']"):
        return True
    return False if root.xpath("//*[@id='userLogin']") else None


def _token(root: Any) -> str | None:
    for field in _TOKEN_FIELDS(root):
        value = field.get("value")
        if value and value.strip() and value.strip() != "NOT_MODIFIED":
            return value.strip()
    for script in _scripts(root):
        if "SECURITY_TOKEN" in script and (match := _SECURITY_TOKEN.search(script)):
            return match.group(1)
    return None


def _participants(root: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    present: list[str] = []
    left: list[str] = []
    for item in _participant_items(root):
        names = [text_of(el) for el in _USER_LINK(item) if text_of(el)]
        if names:
            (left if "conversationLeft" in classes(item) else present).append(names[0])
    return tuple(present), tuple(left)


def _quick_reply(root: Any) -> QuickReply | None:
    for el in _QUICK_REPLY(root):
        return QuickReply(
            to_int(el.get("data-object-id")),
            to_int(el.get("data-last-post-time")),
            to_int(el.get("data-page-no"), 1),
        )
    return None


def _sort_order(post_list: Any) -> str:
    """``ul.wbbThreadPostList[data-sort-order]`` (5.5+); before 5.5 a board sorted newest
    first shows its quick reply above the posts (wbb thread.tpl)."""
    if post_list is None:
        return "ASC"
    if (post_list.get("data-sort-order") or "").strip().upper() == "DESC":
        return "DESC"
    rows = [row.get("id") or "" for row in post_list.iterchildren("li")]
    ids = [row for row in rows if row == "messageQuickReply" or row.startswith("post")]
    return "DESC" if ids[:1] == ["messageQuickReply"] and len(ids) > 1 else "ASC"


def _parse(html: str | bytes, base_url: str, channel: ChannelRef | None) -> Page:
    root, whole = _root(html)
    bodies = _BODY(root)
    template = (bodies[0].get("data-template") or "") if bodies else ""
    kind = _kind(root, template)
    logged_in = _logged_in(root)
    errors = _errors(root)
    error = text_of(errors[0]) if errors else None
    login_required = (
        logged_in is False
        and kind == "error"
        and bool(root.xpath("//section//a[contains(@href, 'login/')]"))
    )
    page, count, links = _pagination(root, base_url)
    lists = _THREAD_LIST(root)
    post_list = lists[0] if lists else None
    quick = _quick_reply(root)
    if post_list is not None and post_list.get("data-page-no"):
        page = to_int(post_list.get("data-page-no"), 0) or page
    if page is None and quick is not None and quick.page_no:
        page = quick.page_no
    if page is None and (match := _PAGE_IN_URL.search(links.get("canonical", ""))):
        page = int(match.group(1))
    page = page or 1
    count = max(count or 1, page)
    last_flag = flag(post_list.get("data-is-last-page")) if post_list is not None else None
    is_last = last_flag if last_flag is not None else ("next" not in links and page >= count)
    if channel is None:
        channel = _channel(root, kind, links.get("canonical"), quick)
    posts: list[ForumPost] = []
    if kind in ("thread", "conversation"):
        ref = channel or ChannelRef(kind, 0)
        for article in _ARTICLES(root):
            post = parse_post(article, kind, ref, page, base_url)
            if post is not None:
                posts.append(post)
    titles = _TITLE(root) or _HEAD_TITLE(root)
    present, left = _participants(root) if kind == "conversation" else ((), ())
    return Page(
        kind=kind,
        posts=tuple(posts),
        page=page,
        page_count=count,
        is_last_page=is_last,
        next_url=links.get("next"),
        prev_url=links.get("prev"),
        channel=channel,
        title=text_of(titles[0]) if titles else "",
        canonical_url=links.get("canonical"),
        has_post_list=bool(posts)
        or post_list is not None
        or (kind == "conversation" and bool(_MESSAGE_LIST(root))),
        participants=present,
        left_participants=left,
        security_token=_token(root),
        is_login_page=kind == "login" or login_required,
        logged_in=logged_in,
        quick_reply=quick,
        sort_order=_sort_order(post_list),
        error_message=error,
        form_errors=tuple(t for t in (text_of(el) for el in _form_errors(root)) if t),
        conversations=conversation_rows(root) if kind == "conversation_list" else (),
        cut_short=not whole,
    )


def parse_page(html: str | bytes, base_url: str = "", channel: ChannelRef | None = None) -> Page:
    """Parse any saved forum page; never raises (garbage gives an empty ``unknown`` page)."""
    try:
        return _parse(html, base_url, channel)
    except Exception as exc:  # contract: malformed HTML never raises
        log.debug("unparseable page: %s", type(exc).__name__)
        return Page()


def parse_thread_page(html: str | bytes, base_url: str = "", thread_id: int | None = None) -> Page:
    return parse_page(html, base_url, ChannelRef("thread", thread_id) if thread_id else None)


def parse_conversation_page(
    html: str | bytes, base_url: str = "", conversation_id: int | None = None
) -> Page:
    ref = ChannelRef("conversation", conversation_id) if conversation_id else None
    return parse_page(html, base_url, ref)


def post_record(post: ForumPost) -> dict[str, Any]:
    """One post as a JSON-able dict (``wolfbot forum parse``)."""
    body = post.body
    return {
        "id": post.post_id,
        "author": post.author,
        "time": post.time.isoformat(),
        "edited": post.edit_count,
        "deleted": post.deleted,
        "text": body.text,
        "commands": list(body.commands),
        "author_id": post.author_id,
        "edited_by": post.edited_by,
        "disabled": post.disabled,
        "channel": str(post.channel),
        "page": post.page,
    }


def parse_file(path: str | Path, base_url: str = "") -> Iterator[dict[str, Any]]:
    """The posts of a saved thread or conversation page, one JSON-able dict each."""
    page = parse_page(Path(path).read_bytes(), base_url)
    for post in page.posts:
        yield post_record(post)
