"""`index.php?ajax-proxy/&t=TOKEN` (`wcf\\action\\AJAXProxyAction`): POST form fields
`className`, `actionName`, `interfaceName`, `objectIDs[]`, `parameters[…]`.

Success (`AbstractDatabaseObjectAction::getReturnValues()`):
    {"actionName": …, "objectIDs": […], "returnValues": …}
save (`IMessageInlineEditorAction`, of thread posts and conversation messages, the author's
own only) answers `{actionName, message}` like `ConversationMessageAction` (the client sends
`save` alone, without `beginEdit`).
quickReply's returnValues (`QuickReplyManager::createMessage()`): when the client's
`pageNo` is still the last page `{"lastPostTime", "objectID", "template"}` (the `li` rows of
all messages after `lastPostTime`), otherwise `{"objectID", "url"}`.

Errors, errors="issue" (the contract of the issue): 403 `{"code": 403, "message", …}` for a
missing/wrong token or no permission (no session, not a participant), 400 `{"code": 412,
"message", "returnValues": {"errorMessage", "errorType", "fieldName", "realErrorMessage"}}`
for validation, 409 `{"code": 409, …}` with the German flood text (seconds included) and a
`Retry-After` header for flood control.
errors="woltlab" (what the real software answers): 6.x token 400 `{"message", "exception"}`
(XsrfValidationFailedHandler), 5.x token 409 `{"code": 401}` (AJAXException
SESSION_EXPIRED); permission 403 (6.x: `{"message", "exception"}`); validation *and flood*
400 code 412 (a UserInputException: in 6.x `message` and `returnValues.errorMessage` name the
parameter, the reason is `errorType` – "empty" or the flood text – and `realErrorMessage`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from wolfbot.forum.local import texts
from wolfbot.forum.local.render import interleave
from wolfbot.forum.local.rules import Denied, Flooded, Invalid, Refused, page_count
from wolfbot.forum.local.web import Response, as_list, dig, handler_json, json_response

if TYPE_CHECKING:
    from wolfbot.forum.local.app import Context, ForumApp

POST_ACTION = "wbb\\data\\post\\PostAction"
MESSAGE_ACTION = "wcf\\data\\conversation\\message\\ConversationMessageAction"
CONVERSATION_ACTION = "wcf\\data\\conversation\\ConversationAction"
USER_ACTION = "wcf\\data\\user\\UserAction"
MESSAGE_INTERFACES = {
    "wcf\\data\\IMessageQuickReplyAction",
    "wcf\\data\\IAttachmentMessageQuickReplyAction",
    "wcf\\data\\IMessageInlineEditorAction",
    "wcf\\data\\IMessageQuoteAction",
}
# AbstractDatabaseObjectAction's interfaces; every action class has them
COMMON_INTERFACES = {"wcf\\data\\IDatabaseObjectAction", "wcf\\data\\IDeleteAction"}


class Problem(Exception):
    """An ajax error: kind is "token", "permission", "invalid" or "flood"."""

    def __init__(
        self, kind: str, message: str, field: str = "", wait: int = 0, error_type: str = ""
    ) -> None:
        super().__init__(message)
        self.kind, self.message, self.field, self.wait = kind, message, field, wait
        self.error_type = error_type or ("empty" if message == texts.EMPTY else message)


def _refused(error: Refused) -> Problem:
    if isinstance(error, Flooded):
        return Problem("flood", error.message, "message", error.wait)
    if isinstance(error, Denied):
        return Problem("permission", error.message)
    error_type = getattr(error, "error_type", "")
    return Problem("invalid", error.message, error.field, error_type=error_type)


def _invalid(field: str, message: str | None = None) -> Problem:
    return Problem("invalid", message or texts.invalid_parameter(field), field)


def error_response(app: ForumApp, problem: Problem) -> Response:
    five, issue = app.markup == "5", app.errors == "issue"
    if problem.kind == "token":
        if issue:
            return json_response(
                403, {"code": 403, "message": texts.SESSION_EXPIRED, "returnValues": []}
            )
        if five:
            return json_response(
                409, {"code": 401, "message": texts.SESSION_EXPIRED, "returnValues": []}
            )
        return handler_json(400, texts.SESSION_EXPIRED)
    if problem.kind == "permission":
        if issue or five:
            return json_response(403, {"code": 403, "message": problem.message, "returnValues": []})
        return handler_json(403, texts.PAGE_PERMISSION_DENIED)
    shown = problem.message if issue or five else texts.invalid_parameter(problem.field)
    details = {
        # UserInputException: errorMessage is the parameter's text in 6.0 (the reason is in
        # errorType, a phrase key's suffix like "empty" or a text, and realErrorMessage)
        "errorMessage": shown,
        "errorType": problem.error_type,
        "fieldName": problem.field,
        "realErrorMessage": problem.message,
    }
    if problem.kind == "flood" and issue:
        body = {"code": 409, "message": problem.message, "returnValues": details}
        return json_response(409, body, ("retry-after", str(problem.wait)))
    message = texts.invalid_parameter(problem.field)
    body = {"code": 412, "message": message, "returnValues": details, "exceptionID": ""}
    return json_response(400, body)


def internal_error() -> Response:
    """`AJAXException::INTERNAL_ERROR` (HTTP 503 in WoltLab; a plain 500 here)."""
    return json_response(500, {"code": 503, "message": texts.INTERNAL_ERROR, "returnValues": []})


def handle(app: ForumApp, ctx: Context) -> Response:
    if ctx.method != "POST":
        return json_response(405, {"message": texts.API_ONLY}, ("allow", "POST"))
    form = ctx.form
    class_name, action = ctx.field("className"), ctx.field("actionName")
    try:
        if not ctx.token_ok():
            raise Problem("token", texts.SESSION_EXPIRED)
        handler = ACTIONS.get((class_name, action))
        if handler is None:
            raise _invalid("className" if class_name not in CLASSES else "actionName")
        interface = ctx.field("interfaceName")
        if interface and interface not in CLASSES[class_name] | COMMON_INTERFACES:
            raise _invalid("className")
        if ctx.user is None and (class_name, action) != (USER_ACTION, "getSearchResultList"):
            raise Problem("permission", texts.AJAX_PERMISSION_DENIED)
        parameters = form.get("parameters") if isinstance(form.get("parameters"), dict) else {}
        object_ids = [int(v) for v in as_list(form.get("objectIDs")) or [] if v.isdigit()]
        values, object_ids = handler(app, ctx, parameters, object_ids)
    except Problem as problem:
        return error_response(app, problem)
    except Refused as refused:
        return error_response(app, _refused(refused))
    return json_response(
        200, {"actionName": action, "objectIDs": object_ids, "returnValues": values}
    )


def _int(parameters: dict[str, Any], name: str) -> int:
    value = parameters.get(name)
    return int(value) if isinstance(value, str) and value.strip().isdigit() else 0


def _quick_reply_parameters(parameters: dict[str, Any]) -> tuple[str, int, int, int]:
    """`QuickReplyManager::validateParameters()`, in its order."""
    message = dig(parameters, "data", "message")
    if not isinstance(message, str):
        raise _invalid("message")
    if not message.strip():
        raise _invalid("message", texts.EMPTY)
    numbers = []
    for name in ("lastPostTime", "pageNo", "objectID"):
        if not (number := _int(parameters, name)):
            raise _invalid(name)
        numbers.append(number)
    return message.strip(), numbers[0], numbers[1], numbers[2]


def thread_quick_reply(
    app: ForumApp, ctx: Context, parameters: dict[str, Any], _ids: list[int]
) -> tuple[dict[str, Any], list[int]]:
    assert ctx.user is not None
    app.forum.check_post_flood(ctx.user.id)
    message, last_post_time, page_no, thread_id = _quick_reply_parameters(parameters)
    thread = app.store.thread(thread_id)
    if thread is None:
        raise _invalid("objectID")
    post_id = app.forum.reply_in_thread(ctx.user.id, thread.id, message)
    pages = page_count(app.store.post_count(thread.id), app.forum.rules.per_page)
    if page_no != pages:
        return {"objectID": post_id, "url": app.links.post(thread.id, thread.slug, post_id)}, []
    newer = app.store.posts_since(thread.id, last_post_time, post_id)
    first = app.store.post_place(thread.id, newer[0].id)
    assert first is not None
    rows = interleave(newer, [], None, first + 1, False, "post")
    html, _ = app.renderer.render("posts.html.j2", ctx.token, rows=rows, thread=thread)
    new_post = app.store.post(post_id)
    assert new_post is not None
    return {"lastPostTime": new_post.time, "objectID": post_id, "template": html}, []


def conversation_quick_reply(
    app: ForumApp, ctx: Context, parameters: dict[str, Any], _ids: list[int]
) -> tuple[dict[str, Any], list[int]]:
    assert ctx.user is not None
    app.forum.check_message_flood(ctx.user.id)
    message, last_post_time, page_no, conversation_id = _quick_reply_parameters(parameters)
    conversation = app.store.conversation(conversation_id)
    if conversation is None:
        raise _invalid("objectID")
    message_id = app.forum.reply_in_conversation(ctx.user.id, conversation.id, message)
    pages = page_count(app.store.message_count(conversation.id), app.forum.rules.per_page)
    if page_no != pages:
        url = app.links.message(conversation.id, conversation.slug, message_id)
        return {"objectID": message_id, "url": url}, []
    newer = app.store.messages_since(conversation.id, last_post_time, message_id)
    first = app.store.message_place(conversation.id, newer[0].id)
    assert first is not None
    rows = interleave(newer, [], None, first + 1, False, "message")
    html, _ = app.renderer.render(
        "messages.html.j2", ctx.token, rows=rows, conversation=conversation
    )
    return {"lastPostTime": newer[-1].time, "objectID": message_id, "template": html}, []


def post_save(
    app: ForumApp, ctx: Context, parameters: dict[str, Any], _ids: list[int]
) -> tuple[dict[str, Any], list[int]]:
    """The message inline editor's `save` (`IMessageInlineEditorAction`), in the order of
    `ConversationMessageAction::validateSave()`: `parameters[data][message]` (empty: 412),
    then container and post, then the permission (the author only: 403) –
    `LocalForum.edit_own_post`. No flood control. Answers `{actionName: "save", message}`
    with the stored HTML."""
    assert ctx.user is not None
    message = dig(parameters, "data", "message")
    if not isinstance(message, str):
        raise _invalid("message")
    if not message.strip():
        raise _invalid("message", texts.EMPTY)
    thread_id, post_id = _int(parameters, "containerID"), _int(parameters, "objectID")
    app.forum.edit_own_post(ctx.user.id, thread_id, post_id, message.strip())
    return {"actionName": "save", "message": message.strip()}, []


def message_save(
    app: ForumApp, ctx: Context, parameters: dict[str, Any], _ids: list[int]
) -> tuple[dict[str, Any], list[int]]:
    """`ConversationMessageAction::save()` (the inline editor): like `post_save`, checked
    by `LocalForum.edit_own_message`; answers `{actionName: "save", message,
    attachmentList: ""}`."""
    assert ctx.user is not None
    message = dig(parameters, "data", "message")
    if not isinstance(message, str):
        raise _invalid("message")
    if not message.strip():
        raise _invalid("message", texts.EMPTY)
    conversation_id, message_id = _int(parameters, "containerID"), _int(parameters, "objectID")
    app.forum.edit_own_message(ctx.user.id, conversation_id, message_id, message.strip())
    return {"actionName": "save", "message": message.strip(), "attachmentList": ""}, []


def add_participants(
    app: ForumApp, ctx: Context, parameters: dict[str, Any], ids: list[int]
) -> tuple[dict[str, Any], list[int]]:
    """`ConversationAction::addParticipants()`: `objectIDs[]` = the conversation,
    `parameters[participants][]` = names, `parameters[visibility]` = "all" | "new".
    Participant errors are *not* HTTP errors: 200 with `returnValues.errorMessage`."""
    assert ctx.user is not None
    if len(ids) != 1 or app.store.conversation(ids[0]) is None:
        raise _invalid("objectIDs")
    if not app.forum.is_participant(ctx.user.id, ids[0]):
        raise Problem("permission", texts.AJAX_PERMISSION_DENIED)
    names = as_list(parameters.get("participants", {}))
    if names is None:
        raise _invalid("participants")
    if parameters.get("visibility") not in ("all", "new"):
        raise _invalid("visibility")
    try:
        added = app.forum.invite(ctx.user.id, ids[0], [n.strip() for n in names if n.strip()])
    except Invalid as invalid:
        return {"actionName": "addParticipants", "errorMessage": invalid.message}, ids
    values = {"count": len(added), "successMessage": texts.participants_added(len(added))}
    return (values if added else {"count": 0, "successMessage": ""}), ids


def user_search(
    app: ForumApp, ctx: Context, parameters: dict[str, Any], _ids: list[int]
) -> tuple[list[dict[str, Any]], list[int]]:
    """`UserAction::getSearchResultList()`: users whose name starts with
    `parameters[data][searchString]`, at most 10, as `{icon, label, objectID, type}`."""
    search = dig(parameters, "data", "searchString")
    if not isinstance(search, str):
        raise _invalid("searchString")
    excluded = set(as_list(dig(parameters, "data", "excludedSearchValues")) or [])
    found = [u for u in app.store.users_starting_with(search) if u.name not in excluded]
    return [{"icon": "", "label": u.name, "objectID": u.id, "type": "user"} for u in found], []


Handler = Callable[..., tuple[Any, list[int]]]
ACTIONS: dict[tuple[str, str], Handler] = {
    (POST_ACTION, "quickReply"): thread_quick_reply,
    (POST_ACTION, "save"): post_save,
    (MESSAGE_ACTION, "quickReply"): conversation_quick_reply,
    (MESSAGE_ACTION, "save"): message_save,
    (CONVERSATION_ACTION, "addParticipants"): add_participants,
    (USER_ACTION, "getSearchResultList"): user_search,
}
CLASSES: dict[str, set[str]] = {
    POST_ACTION: MESSAGE_INTERFACES,
    MESSAGE_ACTION: MESSAGE_INTERFACES,
    CONVERSATION_ACTION: {
        "wcf\\data\\IClipboardAction",
        "wcf\\data\\IPopoverAction",
        "wcf\\data\\IVisitableObjectAction",
    },
    USER_ACTION: {"wcf\\data\\IClipboardAction", "wcf\\data\\ISearchAction"},
}
