"""Quotes from conversations ("Die Spieler dürfen nicht aus Konversationen zitieren"): the
passages a post shares with a conversation, folded for light edits; what is public, the
conversation itself and the author's own words are no breach."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wolfbot.conduct.quotes import Secret, Secrets, words

ROLE_TEXT = "Die Seherin sieht in jeder Nacht die Rolle eines Spielers."
NIGHT_RESULT = "Du hast Anna gesehen: Anna ist ein Werwolf und spielt für das Rudel."
WOLVES = "Wir fressen heute Nacht Clara, morgen lenken wir den Verdacht auf Bernd."


@pytest.fixture
def secrets() -> Secrets:
    kept = Secrets()
    kept.add_public(ROLE_TEXT)  # the Eröffnungsbeitrag's role description
    kept.add_public("Guten Morgen, Dorf! Heute stimmen wir über Anna ab.")  # a thread post
    kept.add(Secret("conversation:1", "", "message:7", f"Deine Rolle: {ROLE_TEXT} {NIGHT_RESULT}"))
    kept.add(Secret("conversation:2", "Bernd", "message:9", WOLVES))
    return kept


@pytest.mark.parametrize(
    ("text", "channel", "author", "quoted"),
    [
        (f"Leute, ich habe das hier bekommen: {NIGHT_RESULT}", "thread", "Clara", "message:7"),
        (
            "du hast anna gesehen anna ist ein werwolf und spielt fuer das rudel",
            "thread",
            "Clara",
            "message:7",
        ),
        (
            "Ich sag nur: Anna ist ein Werwolf und spielt für das Rudel, glaubt mir.",
            "thread",
            "Clara",
            "message:7",
        ),
        (
            "Du hast Anna gesehen: ein Werwolf ist Anna und spielt für das Rudel.",
            "thread",
            "Clara",
            "message:7",
        ),
        (f"Bernd schrieb: „{WOLVES}“", "thread", "Anna", "message:9"),
        (f"Schaut mal: {WOLVES}", "conversation:1", "Clara", "message:9"),
    ],
    ids=[
        "verbatim",
        "case-and-umlauts",
        "a-part-of-it",
        "word-order-changed",
        "another-participant",
        "into-another-conversation",
    ],
)
def test_a_quote_of_a_conversation_is_found(
    secrets: Secrets, text: str, channel: str, author: str, quoted: str
) -> None:
    found = secrets.quoted_in(text, channel, author)
    assert [q.secret.source for q in found] == [quoted]
    assert found[0].evidence


@pytest.mark.parametrize(
    ("text", "channel", "author"),
    [
        (f"Laut Eröffnungsbeitrag: {ROLE_TEXT}", "thread", "Clara"),
        (
            "Guten Morgen, Dorf! Heute stimmen wir über Anna ab, sagt die Spielleitung.",
            "thread",
            "Dora",
        ),
        (f"Nochmal für uns: {WOLVES}", "conversation:2", "Anna"),
        (f"Wie ich euch sagte: {WOLVES}", "thread", "Bernd"),
        ("Ich glaube, Anna ist verdächtig, sie stimmt immer spät ab.", "thread", "Emil"),
        ("Anna ist ein Werwolf, da bin ich sicher!", "thread", "Emil"),
    ],
    ids=[
        "the-rule-text",
        "the-thread",
        "the-same-conversation",
        "his-own-words",
        "own-words-about-anna",
        "a-short-claim",
    ],
)
def test_what_is_no_quote_of_a_conversation_is_not_flagged(
    secrets: Secrets, text: str, channel: str, author: str
) -> None:
    assert secrets.quoted_in(text, channel, author) == []


def test_the_evidence_is_the_shared_passage_as_the_post_writes_it(secrets: Secrets) -> None:
    (quote,) = secrets.quoted_in(f"Lest selbst: {NIGHT_RESULT} Ende.", "thread", "Clara")
    assert quote.evidence == "Du hast Anna gesehen: Anna ist ein Werwolf und spielt für das Rudel"


def test_words_are_folded() -> None:
    assert words("Größe, ÄRGER & Übel!") == ["groesse", "aerger", "uebel"]


WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöüß", min_size=3, max_size=9)


@settings(max_examples=200, deadline=None)
@given(
    secret=st.lists(WORDS, min_size=8, max_size=30, unique=True), lead=st.lists(WORDS, max_size=5)
)
def test_a_pasted_secret_is_found_elsewhere_and_never_in_its_own_conversation(
    secret: list[str], lead: list[str]
) -> None:
    kept = Secrets()
    text = " ".join(secret)
    kept.add(Secret("conversation:1", "", "message:1", text))
    pasted = " ".join([*lead, text.upper()])
    assert [q.secret.source for q in kept.quoted_in(pasted, "thread", "Anna")] == ["message:1"]
    assert kept.quoted_in(pasted, "conversation:1", "Anna") == []
