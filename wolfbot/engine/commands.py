"""Typed commands: one class per command word of the rulesets (`rules/*/commands.yaml`).

A command is what a player asked for, already parsed and with names resolved; it has not
been checked against the game yet. `repr` shows it as written:
`Lynch(actor='Anna', target='Bernd')`.
"""

from __future__ import annotations

from functools import cached_property
from typing import ClassVar

from wolfbot.engine.facts import CommandFacts
from wolfbot.engine.spec import Channel
from wolfbot.engine.spec.base import _Frozen


class Command(_Frozen):
    word: ClassVar[str] = ""
    actor: str
    channel: Channel = "private"
    targets: tuple[str, ...] = ()
    roles: tuple[str, ...] = ()
    choice: str | None = None
    note: str | None = None  # free text of a `text` argument (the Ruhelosen Geister's reason)
    # the word as the ruleset's players write it, where it is not the canonical `word`
    # (`Ruleset.shown_word`: `!Elixer` is the Weerwolven's `Heiltrank`)
    said: str | None = None

    @cached_property  # read by every check and vote
    def target(self) -> str:
        return self.targets[0]

    def text(self) -> str:
        """The command as a player would write it: `!Lynch Bernd` (`!Elixer Bernd`)."""
        return self.written

    @cached_property  # a command is immutable: its text made once (pydantic's == ignores it)
    def written(self) -> str:
        parts = [f"!{self.said or self.word}", *self.targets, *self.roles]
        if self.choice:
            parts.append(self.choice)
        if self.note:
            parts.append(self.note)
        return " ".join(parts)

    @cached_property
    def facts(self) -> CommandFacts:
        """What the checks read of it, as a plain record (`wolfbot.engine.facts`)."""
        return CommandFacts(
            self.word, self.actor, self.channel, self.targets, self.said, self.text()
        )

    def __repr__(self) -> str:
        fields = [f"actor={self.actor!r}"]
        if len(self.targets) == 1:
            fields.append(f"target={self.targets[0]!r}")
        elif self.targets:
            fields.append(f"targets={self.targets!r}")
        if self.roles:
            fields.append(f"roles={self.roles!r}")
        if self.choice:
            fields.append(f"choice={self.choice!r}")
        if self.note:
            fields.append(f"note={self.note!r}")
        return f"{type(self).__name__}({', '.join(fields)})"

    __str__ = text


# fmt: off
# -- sign-up -------------------------------------------------------------------------------
class Dabei(Command): word = "Dabei"
class Reserve(Command): word = "Reserve"
class Beobachter(Command): word = "Beobachter"
# -- votes and offices ---------------------------------------------------------------------
class Alpha(Command): word = "Alpha"
class Nachfolger(Command): word = "Nachfolger"
class Bürgermeister(Command): word = "Bürgermeister"
class Lynch(Command): word = "Lynch"
class Zurücknehmen(Command): word = "Zurücknehmen"
class Rücktritt(Command): word = "Rücktritt"
class Fressen(Command): word = "Fressen"
class Ermorden(Command): word = "Ermorden"
# -- role abilities ------------------------------------------------------------------------
class Sehen(Command): word = "Sehen"
class Heiltrank(Command): word = "Heiltrank"
class Gifttrank(Command): word = "Gifttrank"
class Verlieben(Command): word = "Verlieben"
class Erschießen(Command): word = "Erschießen"
class Verkochen(Command): word = "Verkochen"
class Spüren(Command): word = "Spüren"
class Spionieren(Command): word = "Spionieren"
class Bürgen(Command): word = "Bürgen"
class Riechen(Command): word = "Riechen"
class Heilen(Command): word = "Heilen"
class Opfern(Command): word = "Opfern"
class Rächen(Command): word = "Rächen"
class Freund(Command): word = "Freund"
class Spielen(Command): word = "Spielen"
class Beichte(Command): word = "Beichte"
class Meister(Command): word = "Meister"
class Wiederbeleben(Command): word = "Wiederbeleben"
class Erschlagen(Command): word = "Erschlagen"
class Ermitteln(Command): word = "Ermitteln"
class Verzaubern(Command): word = "Verzaubern"
class Übernachten(Command): word = "Übernachten"
class Herstellen(Command): word = "Herstellen"
class Attentat(Command): word = "Attentat"
class Beschützen(Command): word = "Beschützen"
class Nachtwanderung(Command): word = "Nachtwanderung"
class Bewachen(Command): word = "Bewachen"
class Abfüllen(Command): word = "Abfüllen"
class Zielen(Command): word = "Zielen"
class Kopieren(Command): word = "Kopieren"
class Verführen(Command): word = "Verführen"
class Aufstand(Command): word = "Aufstand"
class Einsperren(Command): word = "Einsperren"
class Offenbaren(Command): word = "Offenbaren"
class Wiedererwecken(Command): word = "Wiedererwecken"
class Kontrollieren(Command): word = "Kontrollieren"
class Lynchen(Command): word = "Lynchen"
class Übernehmen(Command): word = "Übernehmen"
class Anschwärzen(Command): word = "Anschwärzen"
class Nachstellen(Command): word = "Nachstellen"
class Zeichen(Command): word = "Zeichen"
class Stehlen(Command): word = "Stehlen"
class Tauschen(Command): word = "Tauschen"
class Vorbild(Command): word = "Vorbild"
class Verwandeln(Command): word = "Verwandeln"
class Beißen(Command): word = "Beißen"
class Suchen(Command): word = "Suchen"
class SchwarzePest(Command): word = "Schwarze Pest"
class Verbergen(Command): word = "Verbergen"
class Auffressen(Command): word = "Auffressen"
class Anheulen(Command): word = "Anheulen"
class Anfallen(Command): word = "Anfallen"
class Annehmen(Command): word = "Annehmen"
class DunklesRitual(Command): word = "Dunkles Ritual"
class Hypnotisieren(Command): word = "Hypnotisieren"
class Pech(Command): word = "Pech"
class Anzünden(Command): word = "Anzünden"
class Gestaltwandlung(Command): word = "Gestaltwandlung"
class Auslöschen(Command): word = "Auslöschen"
class Konvertieren(Command): word = "Konvertieren"
class Anklagen(Command): word = "Anklagen"
# -- Wolf Village ----------------------------------------------------------------------------
class Schützen(Command): word = "Schützen"
class Hauptmann(Command): word = "Hauptmann"
class Verbannen(Command): word = "Verbannen"
class Abzeichen(Command): word = "Abzeichen"
class Wegwerfen(Command): word = "Wegwerfen"
# -- Die Werwölfe von Düsterwald ---------------------------------------------------------------
class Blinzeln(Command): word = "Blinzeln"
class Stimmrecht(Command): word = "Stimmrecht"
# -- Weerwolven -------------------------------------------------------------------------------
class Belauschen(Command): word = "Belauschen"
# fmt: on


def command_classes() -> dict[str, type[Command]]:
    """Canonical command word → its class."""
    return {cls.word: cls for cls in Command.__subclasses__()}
