"""`wolfbot.spielleitung.decisions` called directly, as the web console calls it: each
check raises the command line's `ControlError`, each action writes the command line's rows
and returns what it did; and `audit.audit_commands`, the audit as both read it.

One round is played once by the `RoundBot` against the local forum (`tests/bot/roundkit.py`)
up to day 1 – Clara's "!Lynch Ana" refused, Emil's "!Lynch Anna" accepted, a post of Frau
Holle deleted after the bot read it, Zoë a Reservespieler, two drafts waiting – and every
test decides on a copy of its store file."""

from __future__ import annotations

import dataclasses
import sqlite3
import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

sys.path.insert(0, str(Path(__file__).parents[1] / "bot"))

from roundkit import SCRIPT, bold, site  # noqa: E402

from wolfbot.conduct.flags import QUOTE, Flag  # noqa: E402
from wolfbot.forum.base import ChannelRef  # noqa: E402
from wolfbot.outbox import drafts as outbox_drafts  # noqa: E402
from wolfbot.outbox.values import Priority  # noqa: E402
from wolfbot.spielleitung import decisions  # noqa: E402
from wolfbot.spielleitung.audit import AuditFilter, audit_commands  # noqa: E402
from wolfbot.spielleitung.errors import ControlError  # noqa: E402
from wolfbot.spielleitung.labels import GameInfo  # noqa: E402
from wolfbot.spielleitung.rounds import list_games  # noqa: E402
from wolfbot.spielleitung.wording import Said
from wolfbot.store import conduct, records  # noqa: E402
from wolfbot.store import interventions as store  # noqa: E402
from wolfbot.store.db import engine_for, session_factory  # noqa: E402
from wolfbot.store.models import CommandRow, GameRow, InputPost, InterventionRow  # noqa: E402

RESERVE = "Zoë"
SL = "Spielleiterin Sabine"
EXCLUSION = "Ausschluss aus der Runde"
VOTE = "keine Stimme in der nächsten Dämmerung"
DRAFTS = ("g1/test/a", "g1/test/b")  # in the order they would be sent


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    with site(tmp_path_factory.mktemp("decisions")) as here:
        here.forum.add_user(RESERVE, "pw-zoe")
        bot = here.bot()
        game_id = here.start(bot)
        bot.send()
        with bot.sessions() as session:
            records.add_players(session, game_id, [records.NewPlayer(RESERVE, "reserve")])
        for step in SCRIPT[: SCRIPT.index(("deadline", "day 1")) + 2]:
            here.act(step, bot)
        here.act(("post", "Clara", "thread", bold("!Lynch Ana")), bot)
        here.act(("post", "Emil", "thread", bold("!Lynch Anna")), bot)
        here.act(("post", "Frau Holle", "thread", "<p>Guten Morgen allerseits.</p>"), bot)
        bot.poll()
        here.forum.delete_post(here.posted["Frau Holle"][-1])
        bot.poll()
        bot.send()
        thread = ChannelRef("thread", here.thread_id)
        for key, title in zip(DRAFTS, ("Erster", "Zweiter"), strict=True):
            bot.outbox.enqueue(
                key, "post", thread, f"<p>{title}</p>", title, priority=Priority.PHASE, draft=True
            )
        return here.db


@dataclasses.dataclass
class Round:
    sessions: sessionmaker[Session]
    game: GameInfo

    def command(self, actor: str, text: str) -> int:
        with self.sessions() as session:
            return session.scalars(
                select(CommandRow.id).where(CommandRow.actor == actor, CommandRow.text == text)
            ).one()

    def deleted_post(self) -> int:
        with self.sessions() as session:
            return session.scalars(select(InputPost.id).where(InputPost.deleted)).one()

    def kept_post(self, author: str) -> int:
        with self.sessions() as session:
            return session.scalars(
                select(InputPost.id).where(InputPost.author == author, ~InputPost.deleted)
            ).first()

    def flag(self, player: str) -> int:
        """A breach of `player` on record now (as the bot records one)."""
        at = datetime.now(UTC)
        breach = Flag(QUOTE, player, "thread:1", "Die Spieler dürfen nicht aus Konversationen "
                      "zitieren.", "„Anna ist Werwolf“", f"test:{at.isoformat()}")  # fmt: skip
        with self.sessions() as session, session.begin():
            return conduct.record_breach(session, self.game.id, breach, by="Bot", phase="day 1")

    def interventions(self) -> list[store.StoredIntervention]:
        with self.sessions() as session:
            return store.load(session, self.game.id)

    def flags(self) -> dict[int, conduct.StoredFlag]:
        with self.sessions() as session:
            return {f.id: f for f in conduct.load(session, self.game.id)}

    def state(self, key: str) -> str:
        return outbox_drafts.message(self.sessions, key).state

    def written(self) -> tuple[object, ...]:
        """What a decision may write: the interventions, the flags, the drafts, the mode."""
        with self.sessions() as session:
            mode = session.scalar(select(GameRow.draft).where(GameRow.id == self.game.id))
        drafts = [(m.key, m.state) for m in outbox_drafts.drafts(self.sessions)]
        return (self.interventions(), self.flags(), drafts, mode)


@pytest.fixture
def round_(played: Path, tmp_path: Path) -> Iterator[Round]:
    db = tmp_path / "copy.sqlite"
    with sqlite3.connect(played) as old, sqlite3.connect(db) as new:
        old.backup(new)
    engine = engine_for(db)
    sessions = session_factory(engine)
    (game,) = list_games(sessions)
    try:
        yield Round(sessions, game)
    finally:
        engine.dispose()


Decide = Callable[[Round], Any]


def warned(sanction: str = EXCLUSION, player: str = "Clara") -> Decide:
    """`wolfbot warn PLAYER --sanction …` first (pending: nothing can come after it yet)."""
    return lambda r: decisions.warn(
        r.sessions, r.game, player, reason="zitiert", sanction=sanction, by=SL
    )


def warned_and_applied(sanction: str = EXCLUSION) -> Decide:
    """An Ermahnung the bot applied now, and a breach of Clara's after it."""

    def before(r: Round) -> None:
        number = warned(sanction)(r).number
        with r.sessions() as session, session.begin():  # as the bot applies it
            row = session.get(InterventionRow, number)
            row.state, row.applied_at = "applied", datetime.now(UTC)
        r.flag("Clara")

    return before


def flagged(player: str) -> Decide:
    return lambda r: r.flag(player)


def withdrawn(name: str) -> Decide:
    def before(r: Round) -> None:
        with r.sessions() as session:
            records.withdraw_player(session, r.game.id, name, datetime.now(UTC))

    return before


def dismissed(r: Round) -> None:
    decisions.dismiss_flag(r.sessions, r.game, r.flag("Clara"), reason="kein Verstoß", by=SL)


def status(word: str) -> Callable[[Round], GameInfo]:
    return lambda r: dataclasses.replace(r.game, status=word)


# (before, the decision, what ControlError says) – the command line's words, each
REFUSED: dict[str, tuple[Decide | None, Decide, str]] = {
    "accept before the round": (None, lambda r: decisions.accept(
        r.sessions, status("signup")(r), 7, reason="x", by=SL), "Runde 1 hat noch nicht begonnen"),
    "accept after the round": (None, lambda r: decisions.accept(
        r.sessions, status("over")(r), 7, reason="x", by=SL), "Runde 1 ist beendet"),
    "accept no such command": (None, lambda r: decisions.accept(
        r.sessions, r.game, 999, reason="x", by=SL), "Kein Befehl 999 in Runde 1"),
    "accept what counts": (None, lambda r: decisions.accept(
        r.sessions, r.game, r.command("Emil", "!Lynch Anna"), reason="x", by=SL),
        r"\(!Lynch Anna\) gilt bereits"),
    "accept as no command": (None, lambda r: decisions.accept(
        r.sessions, r.game, r.command("Clara", "!Lynch Ana"), as_text="Lynch Anna", reason="x",
        by=SL), "beginnt mit einem Ausrufezeichen: 'Lynch Anna'"),
    "accept without a reason": (None, lambda r: decisions.accept(
        r.sessions, r.game, r.command("Clara", "!Lynch Ana"), reason="  ", by=SL),
        r"Ein Eingriff braucht einen Grund \(--reason\)"),
    "reject what does not count": (None, lambda r: decisions.reject(
        r.sessions, r.game, r.command("Clara", "!Lynch Ana"), reason="x", by=SL),
        "gilt ohnehin nicht"),
    "reject after the round": (None, lambda r: decisions.reject(
        r.sessions, status("over")(r), 8, reason="x", by=SL), "Runde 1 ist beendet"),
    "kill who does not play": (None, lambda r: decisions.override_kill(
        r.sessions, r.game, "Zorro", reason="x", by=SL), "Zorro spielt in Runde 1 nicht mit"),
    "kill a reserve": (None, lambda r: decisions.override_kill(
        r.sessions, r.game, RESERVE, reason="x", by=SL), "Zoë spielt in Runde 1 nicht mit"),
    "victim without a reason": (None, lambda r: decisions.override_victim(
        r.sessions, r.game, "Anna", reason="", by=SL), "Ein Eingriff braucht einen Grund"),
    "exclude before the round": (None, lambda r: decisions.override_exclude(
        r.sessions, status("signup")(r), "Anna", reason="x", by=SL), "noch nicht begonnen"),
    "revive who does not play": (None, lambda r: decisions.override_revive(
        r.sessions, r.game, "Dorra", reason="x", by=SL), "Meintest du „Dora“"),
    "role no such role": (None, lambda r: decisions.override_role(
        r.sessions, r.game, "Emil", "Drache", reason="x", by=SL), "Keine Rolle heißt 'Drache'"),
    "win no such faction": (None, lambda r: decisions.override_win(
        r.sessions, r.game, "Piraten", reason="x", by=SL), "Keine Fraktion heißt „Piraten“"),
    "replace by no reserve": (None, lambda r: decisions.override_replace(
        r.sessions, r.game, "Bernd", "Xaver", reason="x", by=SL),
        "Xaver ist kein Reservespieler der Runde 1"),
    "replace with no reserve left": (withdrawn(RESERVE), lambda r: decisions.override_replace(
        r.sessions, r.game, "Clara", reason="x", by=SL), "Runde 1 hat keinen Reservespieler"),
    "restore no such post": (None, lambda r: decisions.restore(
        r.sessions, r.game, 999, reason="x", by=SL), "Kein Beitrag Nr. 999 in Runde 1"),
    "restore a post as it stands": (None, lambda r: decisions.restore(
        r.sessions, r.game, r.kept_post("Clara"), reason="x", by=SL),
        "weder gelöscht noch seitdem bearbeitet"),
    "restore twice": (lambda r: decisions.restore(
        r.sessions, r.game, r.deleted_post(), reason="x", by=SL), lambda r: decisions.restore(
        r.sessions, r.game, r.deleted_post(), reason="x", by=SL),
        r"wird bereits wiederhergestellt \(Eingriff Nr. 1, wartet\)"),
    "dismiss without a reason": (flagged("Clara"), lambda r: decisions.dismiss_flag(
        r.sessions, r.game, 1, reason=" ", by=SL),
        "Wer eine Meldung verwirft, nennt den Grund"),
    "dismiss no such flag": (None, lambda r: decisions.dismiss_flag(
        r.sessions, r.game, 99, reason="x", by=SL), "Keine Meldung Nr. 99 in Runde 1"),
    "dismiss twice": (dismissed, lambda r: decisions.dismiss_flag(
        r.sessions, r.game, 1, reason="x", by=SL), "Nr. 1 ist bereits entschieden: verworfen"),
    "record no such rule": (None, lambda r: decisions.record_breach(
        r.sessions, r.game, "Anna", rule="laut", what="x", by=SL), "Keine Regel heißt „laut“"),
    "record nothing": (None, lambda r: decisions.record_breach(
        r.sessions, r.game, "Anna", rule="ausserhalb", what=" ", by=SL), "Was geschah"),
    "record who does not play": (None, lambda r: decisions.record_breach(
        r.sessions, r.game, "Zorro", rule="ausserhalb", what="x", by=SL), "Zorro spielt"),
    "record after the round": (None, lambda r: decisions.record_breach(
        r.sessions, status("over")(r), "Anna", rule="zitat", what="x", by=SL), "beendet"),
    "warn by rules without it": (None, lambda r: decisions.warn(
        r.sessions, dataclasses.replace(r.game, ruleset="weerwolven"), "Anna", reason="x",
        sanction=EXCLUSION, by=SL), "kennt keine Ermahnung und keine Sanktion"),
    "warn without a reason": (None, lambda r: decisions.warn(
        r.sessions, r.game, "Anna", reason="", sanction=EXCLUSION, by=SL),
        "Eine Ermahnung braucht einen Grund .*: was hat Anna getan"),
    "warn without a sanction": (None, lambda r: decisions.warn(
        r.sessions, r.game, "Anna", reason="x", sanction=" ", by=SL),
        "Die Ermahnung nennt die Sanktion"),
    "warn with a long sanction": (None, lambda r: decisions.warn(
        r.sessions, r.game, "Anna", reason="x", sanction="x" * 201, by=SL),
        "201 Zeichen lang; höchstens 200"),
    "warn no such flag": (None, lambda r: decisions.warn(
        r.sessions, r.game, "Anna", reason="x", sanction=EXCLUSION, flags=[99], by=SL),
        "Keine Meldung Nr. 99"),
    "warn with another's flag": (flagged("Clara"), lambda r: decisions.warn(
        r.sessions, r.game, "Anna", reason="x", sanction=EXCLUSION, flags=[1], by=SL),
        "Meldung Nr. 1 betrifft Clara, nicht Anna"),
    "warn with a decided flag": (dismissed, lambda r: decisions.warn(
        r.sessions, r.game, "Clara", reason="x", sanction=EXCLUSION, flags=[1], by=SL),
        "Meldung Nr. 1 ist bereits verworfen."),
    "warn of another sanction": (warned(), lambda r: decisions.warn(
        r.sessions, r.game, "Clara", reason="x", sanction=VOTE, by=SL),
        "hat Clara bereits „Ausschluss aus der Runde“ angedroht"),
    "sanction without an Ermahnung": (None, lambda r: decisions.sanction(
        r.sessions, r.game, "Clara", reason="x", by=SL), "Clara wurde in Runde 1 nicht ermahnt"),
    "sanction without a reason": (warned(), lambda r: decisions.sanction(
        r.sessions, r.game, "Clara", reason="", by=SL), "Eine Sanktion braucht einen Grund"),
    "sanction names a reserve without replace": (warned(), lambda r: decisions.sanction(
        r.sessions, r.game, "Clara", reserve=RESERVE, reason="x", by=SL),
        "Zoë: einen Reservespieler nennt nur --replace"),
    "sanction other than announced": (warned(), lambda r: decisions.sanction(
        r.sessions, r.game, "Clara", sanction=VOTE, reason="x", by=SL),
        "„Ausschluss aus der Runde“ angekündigt, nicht „keine Stimme"),
    "sanction replace without exclusion": (warned(VOTE), lambda r: decisions.sanction(
        r.sessions, r.game, "Clara", replace=True, reason="x", by=SL),
        "--replace gilt nur für den Ausschluss"),
    "sanction replace by no reserve": (warned(), lambda r: decisions.sanction(
        r.sessions, r.game, "Clara", replace=True, reserve="Xaver", reason="x", by=SL),
        "Xaver ist kein Reservespieler"),
    "approve nothing": (None, lambda r: decisions.approve(r.sessions, r.game),
        "Schlüssel oder --all angeben"),
    "approve keys and all": (None, lambda r: decisions.approve(
        r.sessions, None, ["g1/test/a"], every=True), r"\(nicht beides\)"),
    "approve no such key": (None, lambda r: decisions.approve(
        r.sessions, None, ["g1/nichts"]), "g1/nichts: keine Nachricht mit diesem Schlüssel"),
    "approve what was sent": (None, lambda r: decisions.approve(
        r.sessions, None, ["g1/eroeffnung"]), r"kein Entwurf \(Zustand sent\)"),
    "approve all or none": (None, lambda r: decisions.approve(
        r.sessions, None, ["g1/test/a", "g1/eroeffnung"]), "g1/eroeffnung: kein Entwurf"),
    "approve another round's": (None, lambda r: decisions.approve(
        r.sessions, r.game, ["g2/test"]), "g2/test: keine Nachricht der Runde 1"),
    "discard the opening": (None, lambda r: decisions.discard(
        r.sessions, None, "g1/eroeffnung", reason="x"), "Eröffnungsbeitrag nicht verwerfen"),
    "discard without a reason": (None, lambda r: decisions.discard(
        r.sessions, None, "g1/test/a", reason=" "), r"ein Grund ist nötig \(--reason\)"),
    "discard what was sent": (None, lambda r: decisions.discard(
        r.sessions, None, "g1/rolle/Anna", reason="x"), "kein Entwurf"),
    "discard another round's": (None, lambda r: decisions.discard(
        r.sessions, r.game, "g2/test", reason="x"), "keine Nachricht der Runde 1"),
}  # fmt: skip


@pytest.mark.parametrize(("before", "decide", "says"), REFUSED.values(), ids=REFUSED.keys())
def test_a_refused_decision_says_why_and_writes_nothing(
    round_: Round, before: Decide | None, decide: Decide, says: str
) -> None:
    if before is not None:
        before(round_)
    was = round_.written()
    with pytest.raises(ControlError, match=says):
        decide(round_)
    assert round_.written() == was


# -- done: the rows written and what is returned -------------------------------------------------
# (the decision, what it returns, the pending row: kind, player, argument, command_text)
REQUESTED: dict[str, tuple[Decide, tuple[str, str], tuple[str, str | None, str | None]]] = {
    "accept as corrected": (lambda r: decisions.accept(
        r.sessions, r.game, r.command("Clara", "!Lynch Ana"), as_text=" !Lynch Anna ",
        reason=" Tippfehler ", by=SL), ("accept", "Clara: !Lynch Anna"),
        ("Clara", None, "!Lynch Anna")),
    "accept as written": (lambda r: decisions.accept(
        r.sessions, r.game, r.command("Frau Holle", "!Sehen Anna"), reason="Tippfehler",
        by=SL), ("accept", "Frau Holle: !Sehen Anna"), ("Frau Holle", None, "!Sehen Anna")),
    "reject": (lambda r: decisions.reject(
        r.sessions, r.game, r.command("Emil", "!Lynch Anna"), reason="Tippfehler", by=SL),
        ("reject", "Emil: !Lynch Anna"), ("Emil", None, None)),
    "kill in any spelling": (lambda r: decisions.override_kill(
        r.sessions, r.game, "frau  holle", reason="Tippfehler", by=SL),
        ("kill", "Frau Holle"), ("Frau Holle", None, None)),
    "victim": (lambda r: decisions.override_victim(
        r.sessions, r.game, "Anna", reason="Tippfehler", by=SL), ("victim", "Anna"),
        ("Anna", None, None)),
    "exclude": (lambda r: decisions.override_exclude(
        r.sessions, r.game, "Bernd", reason="Tippfehler", by=SL), ("exclude", "Bernd"),
        ("Bernd", None, None)),
    "revive": (lambda r: decisions.override_revive(
        r.sessions, r.game, "Dora", reason="Tippfehler", by=SL), ("revive", "Dora"),
        ("Dora", None, None)),
    "role by its name": (lambda r: decisions.override_role(
        r.sessions, r.game, "Emil", "jäger", reason="Tippfehler", by=SL),
        ("role", "Emil → Jäger"), ("Emil", "Jäger", None)),
    "win": (lambda r: decisions.override_win(
        r.sessions, r.game, "dorf", reason="Tippfehler", by=SL), ("win", "Dorf"),
        (None, "Dorf", None)),
    "replace by the next reserve": (lambda r: decisions.override_replace(
        r.sessions, r.game, "Bernd", reason="Tippfehler", by=SL), ("replace", "Zoë für Bernd"),
        ("Bernd", "Zoë", None)),
    "replace by the reserve named": (lambda r: decisions.override_replace(
        r.sessions, r.game, "Bernd", "ZOË", reason="Tippfehler", by=SL),
        ("replace", "Zoë für Bernd"), ("Bernd", "Zoë", None)),
    "restore": (lambda r: decisions.restore(
        r.sessions, r.game, r.deleted_post(), reason="Tippfehler", by=SL),
        ("restore", "Beitrag Nr. 10 von Frau Holle (gelöscht)"), ("Frau Holle", "10", None)),
}  # fmt: skip


@pytest.mark.parametrize(("decide", "returned", "row"), REQUESTED.values(), ids=REQUESTED.keys())
def test_an_intervention_is_a_pending_row_and_says_what_it_is(
    round_: Round,
    decide: Decide,
    returned: tuple[str, str],
    row: tuple[str | None, str | None, str | None],
) -> None:
    done = decide(round_)
    what = done.what.words() if isinstance(done.what, Said) else done.what
    assert (done.number, done.kind, what) == (1, *returned)
    (stored,) = round_.interventions()
    assert (stored.id, stored.kind, stored.state, stored.reason, stored.requested_by) == (
        1,
        returned[0],
        "pending",
        "Tippfehler",
        SL,
    )
    assert (stored.player, stored.argument, stored.command_text) == row
    assert done.said.startswith("Eingriff Nr. 1 vorgemerkt: ")
    assert f" – {what}. Der laufende Bot wendet ihn" in done.said


def test_accept_links_the_command_it_lets_count(round_: Round) -> None:
    typo = round_.command("Clara", "!Lynch Ana")
    decisions.accept(round_.sessions, round_.game, typo, reason="Tippfehler", by=SL)
    (stored,) = round_.interventions()
    assert stored.command_id == typo


def test_the_ermahnung_marks_its_flags_and_the_sanction_replaces_by_a_reserve(
    round_: Round,
) -> None:
    first, second = round_.flag("Clara"), round_.flag("Clara")
    warned_ = decisions.warn(
        round_.sessions, round_.game, "clara", reason=" zitiert ", sanction="  Ausschluss  aus "
        "der Runde ", flags=[first, second, first], by=SL)  # fmt: skip
    assert warned_ == decisions.Warned(1, "Clara", EXCLUSION, (first, second), exclusion=True)
    assert "Meldung Nr. 1, 2: ermahnt. Das ist der Ausschluss aus der Runde" in warned_.said
    flags = round_.flags()
    assert {(f.state, f.intervention_id, f.decided_by) for f in flags.values()} == {
        ("warned", 1, SL)
    }
    done = decisions.sanction(
        round_.sessions, round_.game, "Clara", reason="erneut", replace=True, by=SL
    )
    assert done == decisions.Sanctioned(
        2, "Clara", EXCLUSION, (), exclusion=True, reserve=RESERVE, replacing=3
    )
    assert "Eingriff Nr. 3 vorgemerkt: danach nimmt der Reservespieler Zoë" in done.said
    rows = [(r.id, r.kind, r.player, r.argument, r.reason) for r in round_.interventions()]
    assert rows == [
        (1, "warn", "Clara", EXCLUSION, "zitiert"),
        (2, "sanction", "Clara", EXCLUSION, "erneut"),
        (3, "replace", "Clara", RESERVE, "erneut"),
    ]


def test_after_a_new_breach_the_sanction_may_differ_and_marks_it(round_: Round) -> None:
    warned_and_applied(EXCLUSION)(round_)  # the breach after it: flag Nr. 1
    done = decisions.sanction(
        round_.sessions, round_.game, "Clara", sanction=VOTE, reason="erneut", by=SL
    )
    assert done == decisions.Sanctioned(2, "Clara", VOTE, (1,), exclusion=False)
    assert "Ausführen muss sie die Spielleitung selbst" in done.said
    assert round_.flags()[1].state == "sanctioned"


@pytest.mark.parametrize(
    ("before", "sanction", "exclusion"),
    [(None, VOTE, False), (warned(VOTE), VOTE, False), (warned_and_applied(VOTE), EXCLUSION, True)],
    ids=["first", "the same again", "another after a new breach"],
)
def test_an_ermahnung_names_the_sanction(
    round_: Round, before: Decide | None, sanction: str, exclusion: bool
) -> None:
    if before is not None:
        before(round_)
    done = decisions.warn(round_.sessions, round_.game, "Clara", reason="x", sanction=sanction,
                          by=SL)  # fmt: skip
    assert (done.sanction, done.exclusion) == (sanction, exclusion)
    assert round_.interventions()[-1].argument == sanction


def test_a_flag_is_dismissed_with_the_reason_and_who(round_: Round) -> None:
    number = round_.flag("Clara")
    done = decisions.dismiss_flag(round_.sessions, round_.game, number, reason=" Regeltext ", by=SL)
    assert done == decisions.Dismissed(number, "Regeltext")
    assert done.said == "Meldung Nr. 1 verworfen: Regeltext"
    flag = round_.flags()[number]
    assert (flag.state, flag.decision, flag.decided_by) == ("dismissed", "Regeltext", SL)


def test_a_breach_the_bot_cannot_see_is_recorded_as_an_open_flag(round_: Round) -> None:
    done = decisions.record_breach(
        round_.sessions, round_.game, "anna", rule="ausserhalb", what=" eigene Konversation ",
        link="https://forum.example/x", by=SL)  # fmt: skip
    assert done == decisions.Recorded(1, "ausserhalb", "Anna")
    assert done.said == (
        "Verstoß festgehalten als Meldung Nr. 1: Spielrelevantes außerhalb der Runde – Anna."
    )
    flag = round_.flags()[1]
    assert (flag.state, flag.player, flag.found_by, flag.evidence, flag.url, flag.phase) == (
        "open", "Anna", SL, "eigene Konversation", "https://forum.example/x", "day 1")  # fmt: skip


# -- drafts --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("keys", "every", "game", "released", "behind"),
    [
        (["g1/test/b"], False, False, ["g1/test/b"], ["g1/test/a"]),
        (["g1/test/b", "g1/test/a"], False, True, ["g1/test/a", "g1/test/b"], []),
        (["g1/test/a"], False, True, ["g1/test/a"], []),
        ([], True, True, list(DRAFTS), []),
        ([], True, False, list(DRAFTS), []),
    ],
    ids=["one overtakes", "in sending order", "the first", "all of the round", "all of the file"],
)
def test_approve_releases_the_drafts_and_names_those_left_behind(
    round_: Round, keys: list[str], every: bool, game: bool, released: list[str], behind: list[str]
) -> None:
    chosen = round_.game if game else None
    done = decisions.approve(round_.sessions, chosen, keys, every=every)
    assert [m.key for m in done.released] == released
    assert [m.key for m in done.behind] == behind
    assert {key: round_.state(key) for key in DRAFTS} == {
        key: "queued" if key in released else "draft" for key in DRAFTS
    }
    assert done.said.splitlines() == [
        *(f"freigegeben: {m.key} ({m.title})" for m in done.released),
        *(f"Achtung: der ältere Entwurf {key} wartet weiter." for key in behind),
    ]


def test_discard_never_sends_the_draft(round_: Round) -> None:
    done = decisions.discard(round_.sessions, round_.game, "g1/test/a", reason=" doppelt ")
    assert done.message.key == "g1/test/a" and done.message.state == "failed"
    assert done.said == "verworfen: g1/test/a (Erster) – nie gesendet."
    assert outbox_drafts.message(round_.sessions, "g1/test/a").last_error == (
        "discarded by the Spielleitung: doppelt"
    )


@pytest.mark.parametrize(("on", "said"), [
    (True, "Entwurfsmodus für Runde 1: an: neue Beiträge im Spielthread warten auf approve."),
    (False, "Entwurfsmodus für Runde 1: aus.\n2 Entwürfe warten weiter auf `wolfbot approve`."),
], ids=["on", "off"])  # fmt: skip
def test_draft_mode_is_switched_and_what_waits_is_named(round_: Round, on: bool, said: str) -> None:
    done = decisions.draft_mode(round_.sessions, round_.game, on=on)
    assert (done.game_id, done.on, [m.key for m in done.waiting]) == (1, on, list(DRAFTS))
    assert done.said == said
    assert round_.written()[3] is on


# -- the audit, as the command line and the console read it -------------------------------------
@pytest.mark.parametrize(
    ("filters", "commands"),
    [
        ({}, [1, 2, 3, 4, 5, 6, 7, 8]),
        ({"player": " frau HOLLE"}, [6]),
        ({"phase": "Tag 1"}, [7, 8]),
        ({"phase": "night 1", "verdict": "abgelehnt"}, [6]),
        ({"verdict": "accepted", "player": "Clara"}, [5]),
        ({"player": "", "phase": "", "verdict": ""}, [1, 2, 3, 4, 5, 6, 7, 8]),
        ({"verdict": "offen"}, []),
    ],
    ids=["all", "player", "phase", "phase and verdict", "verdict and player", "empty", "none"],
)
def test_the_audit_lists_the_commands_filtered(
    round_: Round, filters: dict[str, str], commands: list[int]
) -> None:
    rows = audit_commands(round_.sessions, round_.game, **filters)
    assert [r["command_id"] for r in rows] == commands


@pytest.mark.parametrize(
    ("filters", "says"),
    [({"phase": "Woche 1"}, "keine Phase: 'Woche 1'"), ({"verdict": "gut"}, "kein Urteil: 'gut'")],
    ids=["phase", "verdict"],
)
def test_the_audit_refuses_a_filter_that_is_none(filters: dict[str, str], says: str) -> None:
    with pytest.raises(ControlError, match=says):
        AuditFilter.of(**filters)


def test_the_audit_filter_says_what_it_shows() -> None:
    shown = AuditFilter.of(player="Anna", phase="tag 2", verdict="rejected")
    assert shown == AuditFilter("Anna", "day 2", "rejected")
    assert shown.describe() == "Spieler Anna, Tag 2, abgelehnt"
