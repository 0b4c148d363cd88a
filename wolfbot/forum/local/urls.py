"""WoltLab's two URL styles, parsed and built.

Plain:    `index.php?thread/123-slug/&pageNo=2` – the controller path is the first query
          piece (it has no "="), the parameters follow after "&".
Friendly: `thread/123-slug/?pageNo=2` (URL_OMIT_INDEX_PHP, usual on 6.x sites).

Both are always accepted: `parse_target` maps either to one path for Starlette's router
(`app.py`); `Links(friendly=...)` decides which one the pages print. Slugs
follow `LinkHandler::getLink()`: runs of anything but letters and digits become "-", at most
80 characters, lower case, rawurlencoded. Links are absolute, like WoltLab's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote, unquote

_NOT_ALNUM = re.compile(r"(?:[^\w]|_)+")
_OBJECT = re.compile(r"(\d+)(?:-.*)?$")


def slugify(title: str) -> str:
    slug = _NOT_ALNUM.sub("-", title).strip("-")
    return slug[:80].rstrip("-").lower()


@dataclass(frozen=True, slots=True)
class Target:
    """Where a request goes, in both URL styles: `controller` is the lower-case controller
    path ("thread", "ajax-proxy", "index"); `path` is what Starlette's router matches
    (`/thread/123-slug/`, `/` for the index) and `query` the parameters after the controller
    path (`pageNo=2`)."""

    sent: str  # the request target as sent (`/index.php?thread/123-slug/&pageNo=2`)
    controller: str
    path: str
    query: str = ""
    segment: str = ""  # the object part as requested ("123-slug"), decoded
    friendly: bool = False  # requested as `thread/…` rather than `index.php?thread/…`

    @property
    def object_id(self) -> int | None:
        match = _OBJECT.match(self.segment)
        return int(match.group(1)) if match else None


def parse_target(sent: str) -> Target:
    """Where a request target goes: the plain style `/index.php?thread/1-x/&pageNo=2` or the
    friendly `/thread/1-x/?pageNo=2`. Only the controller and the object part count;
    `index.php/thread/…` is friendly too."""
    path, _, query = sent.partition("?")
    query = query.partition("#")[0]
    pieces = query.split("&") if query else []
    controller_path = ""
    if pieces and "=" not in pieces[0]:
        controller_path = unquote(pieces.pop(0))
    friendly = not controller_path
    if friendly:
        stripped = unquote(path).strip("/")
        if stripped.startswith("index.php"):
            stripped = stripped[len("index.php") :].strip("/")
        controller_path = stripped
    parts = [part for part in controller_path.split("/") if part][:2]
    rest = "&".join(pieces)
    if not parts:
        return Target(sent, "index", "/", rest, "", False)
    parts[0] = parts[0].lower()
    segment = parts[1] if len(parts) > 1 else ""
    path = "/" + "".join(f"{part}/" for part in parts)
    return Target(sent, parts[0], path, rest, segment, friendly)


class Links:
    """Absolute links in the configured style. `base_url` ends with "/"."""

    def __init__(self, base_url: str, friendly: bool = False) -> None:
        self.base_url = base_url
        self.friendly = friendly

    def build(self, route_path: str, query: str = "", fragment: str = "") -> str:
        if self.friendly:
            url = self.base_url + route_path + (f"?{query}" if query else "")
        else:
            url = f"{self.base_url}index.php?{route_path}" + (f"&{query}" if query else "")
        return url + (f"#{fragment}" if fragment else "")

    @staticmethod
    def object_path(controller: str, object_id: int, slug: str = "") -> str:
        return f"{controller}/{object_id}" + (f"-{quote(slug)}" if slug else "") + "/"

    def index(self) -> str:
        return self.base_url

    def thread(self, thread_id: int, slug: str, page: int = 1) -> str:
        query = f"pageNo={page}" if page > 1 else ""
        return self.build(self.object_path("thread", thread_id, slug), query)

    def post(self, thread_id: int, slug: str, post_id: int) -> str:
        """Permalink: `index.php?thread/123-slug/&postID=456#post456`."""
        path = self.object_path("thread", thread_id, slug)
        return self.build(path, f"postID={post_id}", f"post{post_id}")

    def conversation(self, conversation_id: int, slug: str, page: int = 1) -> str:
        query = f"pageNo={page}" if page > 1 else ""
        return self.build(self.object_path("conversation", conversation_id, slug), query)

    def message(self, conversation_id: int, slug: str, message_id: int) -> str:
        path = self.object_path("conversation", conversation_id, slug)
        return self.build(path, f"messageID={message_id}", f"message{message_id}")

    def page_template(self, controller: str, object_id: int, slug: str) -> str:
        """5.x `nav.pagination[data-link]`: the link with a `pageNo=%d` placeholder."""
        return self.build(self.object_path(controller, object_id, slug), "pageNo=%d")

    def user(self, user_id: int, name: str) -> str:
        return self.build(self.object_path("user", user_id, slugify(name)))

    def controller(self, name: str, query: str = "") -> str:
        return self.build(f"{name}/", query)

    def login(self, return_url: str | None = None) -> str:
        return self.controller("login", f"url={quote(return_url, safe='')}" if return_url else "")
