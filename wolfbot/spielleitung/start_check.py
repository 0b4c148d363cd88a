"""Can the round start on time? `wolfbot check-config` rehearses the start of the round the
configuration describes – the same deal of the roles (`Live.deal`, `[game] seed`) and the
same start (`Live.start_round`) on a store in memory, with a forum that is never asked – and
plans its messages under `[forum.limits]` (`outbox.pacing.paced`): the new conversations
(a Rollenmitteilung per player, the Wolfshöhle, …) and every conversation message, one
pass of the bot each `poll_seconds`. Everything must be out before the round's first
deadline (the night's reminder, or its end); else the check names the setting that holds
it and the value to ask the forum's admin for (README: the bot's forum account).

    found = check(config, now)          # None: nothing to rehearse (see `rehearse`)
    found.rows                          # ("Start", what it needs and when it is out)
    found.problems                      # "Fehler: …" lines

The start is `[signup] closes` with a sign-up thread (its players unknown: rehearsed with
`max_players`), else now – the first `wolfbot run`."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, cast

from wolfbot.forum import software
from wolfbot.forum.dialect import Dialect
from wolfbot.outbox.pacing import paced
from wolfbot.outbox.values import NO_LIMIT, FloodLimits, QueuedMessage, utc_now
from wolfbot.setup.role_checks import ERROR
from wolfbot.spielleitung.labels import deadline_label

if TYPE_CHECKING:
    from wolfbot.bot.live import Live
    from wolfbot.forum.base import Forum
    from wolfbot.setup.config import Config

REQUESTS_PER_MESSAGE = 2  # a conversation or a reply: the form, then the answer to it
ROLE_KEY = "/rolle/"  # `bot.channels.Keys.role`
WEEKDAYS = ("Mo", "Di", "Mi", "Do", "Fr", "Sa", "So")
ADMIN = "den Forumsadmin bitten, der Gruppe des Bot-Kontos "


@dataclass(frozen=True, slots=True)
class Opening:
    """A conversation the start opens: its name ("Wolfshöhle", or the player's for a
    Rollenmitteilung) and its participants (the bot not counted)."""

    name: str
    participants: int
    role_message: bool


@dataclass
class StartCheck:
    """The rehearsed start of a round (see the module docstring)."""

    players: int
    players_known: bool  # the listed players (else `max_players` stand-ins)
    roles: list[str]  # as dealt
    start: datetime
    start_said: str  # "jetzt" / "signup.closes"
    first_name: str  # the first deadline's name ("reminder day 1")
    first_at: datetime
    openings: list[Opening]
    messages: list[bool]  # every conversation message in sending order (True: it opens one)
    thread_posts: int
    limits: FloodLimits
    wake: float  # poll_seconds
    cost: float  # seconds one message's requests take
    zone: object
    rows: list[tuple[str, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def times(self, limits: FloodLimits | None = None) -> list[datetime]:
        """When each conversation message goes out under `limits` (the configured ones)."""
        return paced(
            self.messages, limits or self.limits, self.start, wake=self.wake, cost=self.cost
        )

    def on_time(self, limits: FloodLimits | None = None) -> bool:
        times = self.times(limits)
        return not times or times[-1] < self.first_at

    def late(self) -> list[Opening]:
        """The conversations that would open after the first deadline."""
        times, out, index = self.times(), [], 0
        for at, opens in zip(times, self.messages, strict=True):
            if opens:
                if at >= self.first_at:
                    out.append(self.openings[index])
                index += 1
        return out


def check(config: Config, now: datetime | None = None) -> StartCheck | str | None:
    """The start rehearsed and judged; a string when the schedule does not fit the start
    (the problem, worded); None when there is nothing to rehearse (no players, or roles
    that do not fit them – the role checks say why)."""
    found = rehearse(config, now or utc_now())
    if isinstance(found, StartCheck):
        _judge(found)
    return found


def rehearse(config: Config, now: datetime) -> StartCheck | str | None:
    """The start of the configured round on a store in memory (nothing is sent). A string:
    the schedule does not fit the start (the problem, worded)."""
    from wolfbot.bot.live import Live
    from wolfbot.store.db import upgrade

    section = config.signup
    if section is None:
        return None
    zone = config.game.zone
    start, said = now, "jetzt"
    if section.thread_id and section.closes is not None:
        closes = section.closes.replace(tzinfo=zone)
        if closes > now:
            start, said = closes, "signup.closes"
    offline = _Offline(config.forum.username, software.named(config.forum.software).dialect)
    forum = cast("Forum", offline)  # asked nothing: the start only queues its messages
    live = Live(config, forum=forum, clock=lambda: start, engine=upgrade(":memory:"))
    try:
        live.bot.outbox.limits = replace(live.bot.outbox.limits, max_participants=10_000)
        names, known = _players(config, live)
        if not names:
            return None
        dealt = live.deal(names)
        try:
            first = min(live.timetable(start).deadlines("night 1"), key=lambda d: d.at)
        except ValueError:
            return _schedule_problem(config, start, said)
        # a thread that is not named yet (0) is one all the same
        live.start_round(dealt, names, [], [], {}, start, thread_id=config.forum.thread_id or 1)
        queued = live.bot.outbox.messages()
    finally:
        live.close()
    limits = config.forum.limits.flood_limits()
    return StartCheck(
        players=len(names),
        players_known=known,
        roles=dealt.roles,
        start=start,
        start_said=said,
        first_name=first.name,
        first_at=first.at,
        openings=[_opening(m) for m in queued if m.kind == "conversation"],
        messages=[m.kind == "conversation" for m in queued if _in_conversation(m)],
        thread_posts=sum(1 for m in queued if m.kind == "post" and not _in_conversation(m)),
        limits=limits,
        wake=config.forum.poll_seconds,
        cost=REQUESTS_PER_MESSAGE * config.forum.request_interval,
        zone=zone,
    )


class _Offline:
    """The forum of a rehearsal: it knows the bot's name and its dialect (the messages are
    queued as the forum gets them) and makes links; it is never asked anything (the start
    only queues its messages)."""

    def __init__(self, username: str, dialect: Dialect) -> None:
        self.username = username
        self.dialect = dialect

    def post_url(self, thread_id: int, post_id: int) -> str:
        return f"thread:{thread_id}#{post_id}"

    def link(self, *_: object) -> str:
        return ""

    def __getattr__(self, name: str) -> object:
        raise AttributeError(f"the rehearsal asks the forum nothing ({name})")


def _players(config: Config, live: Live) -> tuple[list[str], bool]:
    """The listed players; with a sign-up thread stand-ins, as many as the role list is
    for (else `max_players`)."""
    section = config.signup
    assert section is not None
    if not section.thread_id:
        names = list(section.players)
        try:
            live.deal(names)
        except ValueError:
            return [], True
        return names, True
    roles = len(config.roles.role_list)
    counts = range(roles, max(roles - 6, 0), -1) if roles else [section.max_players]
    for count in counts:
        names = [f"Spieler {number}" for number in range(1, count + 1)]
        try:
            live.deal(names)
        except ValueError:
            continue
        return names, False
    return [], False


def _in_conversation(message: QueuedMessage) -> bool:
    if message.kind == "conversation":
        return True
    return message.kind == "post" and not (message.channel or "").startswith("thread:")


def _opening(message: QueuedMessage) -> Opening:
    title = (message.title or message.key).split(" – ")[0]
    return Opening(title, len(message.participants), ROLE_KEY in message.key)


def _schedule_problem(config: Config, start: datetime, said: str) -> str:
    when = _when(start, config.game.zone)
    first_day = config.schedule.first_day
    if first_day is not None:
        return (
            f"{ERROR}: schedule.first_day = {first_day:%Y-%m-%d}: Tag 1 begänne nicht nach "
            f"dem Start ({'jetzt, ' if said == 'jetzt' else ''}{when}) – einen späteren Tag "
            "eintragen oder die Zeile weglassen."
        )
    return f"{ERROR}: Mit diesem Zeitplan kann die Runde nicht {when} beginnen."


# -- the judgement -------------------------------------------------------------------------------
def _judge(found: StartCheck) -> None:
    limits = found.limits
    times = found.times()
    done = times[-1] if times else found.start
    first = f"{deadline_label(found.first_name)}, {_when(found.first_at, found.zone)}"
    opened = len(found.openings)
    what = _what(found.openings)
    per_day = (
        "beliebig viele neue Konversationen"
        if limits.conversations_per_day == NO_LIMIT
        else f"höchstens {limits.conversations_per_day} neue Konversationen in 24 Stunden"
    )
    start = "jetzt" if found.start_said == "jetzt" else "zu signup.closes"
    players = (
        f"{found.players} Spieler"
        if found.players_known
        else f"{found.players} Spieler (noch unbekannt, so viele wie möglich)"
    )
    verdict = "rechtzeitig vor" if found.on_time() else "zu spät: nach"
    posts = "ein Beitrag" if found.thread_posts == 1 else f"{found.thread_posts} Beiträge"
    found.rows += [
        ("Start", f"{players}, Beginn {start} ({_when(found.start, found.zone)})"),
        (
            "Start braucht",
            f"{opened} neue Konversationen ({what}), {len(found.messages)} "
            f"Konversationsnachrichten, {posts} im Thema",
        ),
        (
            "Start gesendet",
            f"bis etwa {_when(done, found.zone)} (bei {limits.conversation_message_interval:g} s "
            f"Abstand und {per_day}) – {verdict} der ersten Frist ({first})",
        ),
    ]
    found.problems.extend(_participants(found))
    if found.on_time():
        return
    free_day = replace(limits, conversations_per_day=NO_LIMIT)
    late: list[str] = []
    if limits.conversations_per_day != NO_LIMIT and opened > limits.conversations_per_day:
        late.append(
            f"{ERROR}: Der Start öffnet {opened} Konversationen, forum.limits."
            f"conversations_per_day erlaubt nur {limits.conversations_per_day} in 24 Stunden, "
            f"sodass {_what(found.late())} erst nach der ersten Frist ({first}) kämen – "
            f"{ADMIN}maxStartedConversationsPer24Hours = -1 zu geben, und dann "
            "conversations_per_day = -1 eintragen."
        )
    if limits.conversation_message_interval > 0 and not found.on_time(free_day):
        fits = _longest_interval(found, free_day)
        enough = f" (höchstens {fits} s reichten)" if fits > 0 else ""
        late.append(
            f"{ERROR}: Die {len(found.messages)} Konversationsnachrichten des Starts brauchen "
            f"bei {limits.conversation_message_interval:g} s Abstand (forum.limits."
            f"conversation_message_interval) bis etwa {_when(done, found.zone)}, nach der ersten "
            f"Frist ({first}) – {ADMIN}floodControlTime = 0 zu geben, und dann "
            f"conversation_message_interval = 0 eintragen{enough}."
        )
    if not found.on_time(replace(free_day, conversation_message_interval=0)):
        late.append(
            f"{ERROR}: Bis zur ersten Frist ({first}) bleibt zu wenig Zeit, um den Start zu "
            "senden – die Runde früher beginnen lassen (signup.closes) oder Tag 1 später "
            "(schedule.first_day)."
        )
    if not late:  # each limit alone would do, both together do not
        late.append(
            f"{ERROR}: Der Start ist erst nach der ersten Frist ({first}) gesendet – {ADMIN}"
            "floodControlTime = 0 und maxStartedConversationsPer24Hours = -1 zu geben, und "
            "dann conversation_message_interval = 0 und conversations_per_day = -1 eintragen."
        )
    found.problems.extend(late)


def _participants(found: StartCheck) -> list[str]:
    """A conversation with more participants than the account's group allows cannot be
    opened (WoltLab checks the whole conversation)."""
    limit = found.limits.max_participants
    largest = max(found.openings, key=lambda o: o.participants, default=None)
    if largest is None or largest.participants <= limit:
        return []
    size = largest.participants
    return [
        f"{ERROR}: Die {largest.name} hat beim Start {size} Teilnehmer, forum.limits."
        f"max_participants erlaubt nur {limit} – {ADMIN}maxParticipants = {size} (oder mehr) "
        f"zu geben, und dann max_participants = {size} eintragen."
    ]


def _longest_interval(found: StartCheck, limits: FloodLimits) -> int:
    """The longest whole number of seconds between conversation messages with which the
    start is out in time (0: none)."""
    low, high = 0, math.ceil(limits.conversation_message_interval)
    while low < high:
        middle = (low + high + 1) // 2
        if found.on_time(replace(limits, conversation_message_interval=middle)):
            low = middle
        else:
            high = middle - 1
    return low


def _what(openings: list[Opening]) -> str:
    """ "12 Rollenmitteilungen und die Wolfshöhle"."""
    roles = sum(1 for o in openings if o.role_message)
    parts = []
    if roles:
        parts.append("eine Rollenmitteilung" if roles == 1 else f"{roles} Rollenmitteilungen")
    others = Counter(o.name for o in openings if not o.role_message)
    parts += [f"die {name}" if n == 1 else f"{n}× {name}" for name, n in others.items()]
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + " und " + parts[-1]
    return parts[0] if parts else "keine"


def _when(moment: datetime, zone: object) -> str:
    local = moment.astimezone(zone)  # type: ignore[arg-type]
    return f"{WEEKDAYS[local.weekday()]} {local:%d.%m. %H:%M} Uhr"
