"""The German phrases the local forum shows, after WoltLab's `de.xml` (formal "Sie"
variant), and the localized date text (`IntlDateFormatter` LONG date + SHORT time,
"5. Januar 2024 um 14:03") that a client must never parse.

Sources: WCF `wcfsetup/install/lang/de.xml`, conversation package `language/de.xml`. The
forum package's (WBB) phrases are not public; those marked "WBB" are best guesses in the
same style.
"""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo

MONTHS = (
    "Januar", "Februar", "März", "April", "Mai", "Juni",
    "Juli", "August", "September", "Oktober", "November", "Dezember",
)  # fmt: skip

# wcf.ajax.error.sessionExpired
SESSION_EXPIRED = (
    "Die Gültigkeit der Anfrage konnte aufgrund eines fehlerhaften XSRF-Tokens nicht "
    "verifiziert werden. Bitte laden Sie die Seite neu und führen Sie die Aktion erneut aus."
)
# wcf.ajax.error.permissionDenied
AJAX_PERMISSION_DENIED = (
    "Sie besitzen leider nicht die notwendigen Zugriffsrechte, um diese Aktion auszuführen."
)
# wcf.page.error.permissionDenied
PAGE_PERMISSION_DENIED = (
    "Der Zutritt zu dieser Seite ist Ihnen leider verwehrt. Sie besitzen nicht die notwendigen "
    "Zugriffsrechte, um diese Seite aufrufen zu können."
)
# wcf.ajax.error.internalError
INTERNAL_ERROR = (
    "Es ist ein Fehler bei der Verarbeitung aufgetreten, bitte versuchen Sie es später erneut."
)
# wcf.global.form.error
FORM_ERROR = "Ihre Angaben sind ungültig. Bitte überprüfen Sie die markierten Eingabefelder."
# wcf.global.form.error.securityToken
FORM_SECURITY_TOKEN = (
    "Die Gültigkeit der Anfrage konnte aufgrund eines fehlerhaften XSRF-Tokens nicht "
    "verifiziert werden. Bitte senden Sie das Formular erneut ab."
)
# wcf.global.form.error.empty
EMPTY = "Bitte füllen Sie dieses Eingabefeld aus."
# wcf.user.password.error.false
WRONG_PASSWORD = "Dieses Kennwort ist falsch."
NOT_FOUND = "Die angeforderte Seite konnte nicht gefunden werden."
API_ONLY = "This is a server API, you cannot access it by navigating your browser to this URL."


def invalid_parameter(field: str) -> str:
    return f"Der Parameter „{field}“ fehlt oder ist ungültig."  # wcf.ajax.error.invalidParameter


def unknown_user(name: str) -> str:
    return f"Der Benutzername {name} konnte nicht gefunden werden."


def seconds(count: int, one: str = "Sekunde") -> str:
    """`{plural value=$n 1='…' other='# Sekunden'}`: "1 Sekunde" is spelled out by WoltLab."""
    return one if count == 1 else f"{count} Sekunden"


def message_flood(limit: int, wait: int) -> str:
    """wcf.conversation.message.error.floodControl"""
    return (
        f"Sie haben bereits eine Nachricht innerhalb der letzten {seconds(limit)} versendet. "
        f"Sie können erst in {seconds(wait, 'einer Sekunde')} eine neue Nachricht verfassen."
    )


def post_flood(limit: int, wait: int) -> str:
    """WBB (guess in the style of the comment/conversation phrases)."""
    return (
        f"Sie haben bereits einen Beitrag innerhalb der letzten {seconds(limit)} verfasst. "
        f"Sie können erst in {seconds(wait, 'einer Sekunde')} wieder einen Beitrag verfassen."
    )


def conversation_flood(count: int, not_before: str) -> str:
    """wcf.conversation.error.floodControl (`not_before` is the localized date)."""
    started = "eine Konversation" if count == 1 else f"{count} Konversationen"
    return (
        f"Sie haben innerhalb der letzten 24 Stunden bereits {started} gestartet. Bitte warten "
        f"Sie bis zum <strong>{not_before}</strong>, bevor Sie eine neue Konversation starten."
    )


PARTICIPANT_ERRORS = {
    "notFound": "Der Benutzername {name} konnte nicht gefunden werden.",
    "isAuthor": "Sie sind bereits Teilnehmer dieser Konversation.",
    "duplicate": "{name} ist bereits Teilnehmer dieser Konversation.",
    "tooManyParticipants": (
        "Sie haben zu viele Teilnehmer angegeben. Das Maximum liegt bei {limit} Teilnehmern."
    ),
}  # wcf.conversation.participants.error.*


def participants_added(count: int) -> str:
    """wcf.conversation.edit.addParticipants.success"""
    return f"{'Ein' if count == 1 else count} Teilnehmer erfolgreich hinzugefügt"


def german_datetime(timestamp: int, tz: tzinfo = UTC) -> str:
    moment = datetime.fromtimestamp(timestamp, tz)
    return f"{german_date(timestamp, tz)} um {moment:%H:%M}"


def german_date(timestamp: int, tz: tzinfo = UTC) -> str:
    moment = datetime.fromtimestamp(timestamp, tz)
    return f"{moment.day}. {MONTHS[moment.month - 1]} {moment.year}"
