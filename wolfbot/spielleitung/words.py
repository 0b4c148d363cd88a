"""The sentences of the Spielleitung's decisions (`wording.Said`), in German – word for word
what the command line prints – and in Dutch, for the console of a Weerwolven round. Fields
in braces (`str.format`); a hint ("Meintest du …") or a kind of intervention comes worded
in the same language."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "de": {
        "empty": "",
        "none_listed": "keine",
        "hint.none": "",
        "hint.one": " Meintest du „{name}“?",
        "hint.two": " Meintest du „{first}“ oder „{second}“?",
        # the kinds of intervention (`interventions.kind`) and their states
        "kind.accept": "Befehl gilt",
        "kind.reject": "Befehl gilt nicht",
        "kind.kill": "aus der Runde genommen",
        "kind.victim": "Opfer der Schwarzen Pest",
        "kind.exclude": "ausgeschlossen",
        "kind.revive": "zurückgeholt",
        "kind.role": "neue Rolle",
        "kind.replace": "ersetzt",
        "kind.expire": "Frist abgelaufen",
        "kind.win": "Sieg zugesprochen",
        "kind.restore": "Beitrag wiederhergestellt",
        "kind.warn": "Ermahnung",
        "kind.sanction": "Sanktion",
        "state.pending": "wartet",
        "state.applied": "angewandt",
        "state.refused": "abgelehnt",
        # the conduct rules a flag names, and a flag's states
        "rule.zitat": "Zitat aus einer Konversation",
        "rule.offenbarung": "Rollenoffenbarung",
        "rule.andeutung": "Rollenandeutung",
        "rule.ausserhalb": "Spielrelevantes außerhalb der Runde",
        "flag_state.open": "offen",
        "flag_state.dismissed": "verworfen",
        "flag_state.warned": "ermahnt",
        "flag_state.sanctioned": "sanktioniert",
        # the refusals: the round, the command, the player, the reserve, the role, the side
        "control.round_not_begun": "Runde {game} hat noch nicht begonnen.",
        "control.round_over": "Runde {game} ist beendet; Eingriffe sind nicht mehr möglich.",
        "control.no_command": "Kein Befehl {command} in Runde {game} (die Nummern zeigt "
        "`wolfbot audit`).",
        "control.not_playing": "{name} spielt in Runde {game} nicht mit.{hint} Spieler: {players}.",
        "control.no_reserve_left": "Runde {game} hat keinen Reservespieler (mehr).",
        "control.not_a_reserve": "{name} ist kein Reservespieler der Runde {game}.{hint} "
        "Reservespieler: {reserves}.",
        "control.no_role": "Keine Rolle heißt {name!r}.{hint}",
        "control.no_faction": "Keine Fraktion heißt „{name}“.{hint} Den Sieg zusprechen lässt "
        "sich: {sides}.",
        "control.no_reason": "Ein Eingriff braucht einen Grund (--reason).",
        "control.counts_already": "Befehl {command} ({text}) gilt bereits.",
        "control.not_a_command": "Ein Befehl beginnt mit einem Ausrufezeichen: {text!r}",
        "control.counts_not": "Befehl {command} ({text}) gilt ohnehin nicht.",
        # the drafts
        "control.keys_or_all": "Schlüssel oder --all angeben (nicht beides)",
        "control.not_of_the_round": "{key}: keine Nachricht der Runde {game}",
        "control.opening_kept": "Den Eröffnungsbeitrag nicht verwerfen: ab ihm liest der Bot",
        "control.no_message": "{key}: keine Nachricht mit diesem Schlüssel",
        "control.not_a_draft": "{key}: kein Entwurf (Zustand {state})",
        "control.draft_reason": "ein Grund ist nötig (--reason)",
        # the conduct rules: a flag, a breach recorded, the Ermahnung and the Sanktion
        "control.dismiss_reason": "Wer eine Meldung verwirft, nennt den Grund (--reason).",
        "control.no_flag": "Keine Meldung Nr. {flag} in Runde {game} (die Nummern zeigt "
        "`wolfbot conduct --all`).",
        "control.flag_decided": "Meldung Nr. {flag} ist bereits entschieden: {state}.",
        "control.no_rule": "Keine Regel heißt „{rule}“.{hint} Möglich: {rules}.",
        "control.no_evidence": "Was geschah? --what beschreibt den Verstoß (er ist der Beleg).",
        "control.no_conduct": "Das Regelwerk {title} ({ruleset}) der Runde {game} kennt keine "
        "Ermahnung und keine Sanktion: seine Regeln sagen nichts über verbotenes Verhalten. "
        "Ermahnen und sanktionieren lässt sich nur nach Regeln, die das vorschreiben (z. B. "
        "der Düsterliga: „Bevor die Spielleitung eine Sanktion ausspricht, ist der "
        "entsprechende Spieler zu ermahnen …“).",
        "control.conduct_reason": "{what} braucht einen Grund (--reason): was hat {name} getan?",
        "conduct.warning": "Eine Ermahnung",
        "conduct.sanction": "Eine Sanktion",
        "control.no_sanction": "Die Ermahnung nennt die Sanktion, die dem Spieler droht "
        '(--sanction, z. B. "Ausschluss aus der Runde"). Die Regel: „{clause}“',
        "control.sanction_too_long": "Die Sanktion ist {length} Zeichen lang; höchstens "
        "{most}: kurz nennen, was geschieht – die Begründung gehört in --reason.",
        "control.no_flag_of_round": "Keine Meldung Nr. {flag} in Runde {game} (die Nummern "
        "zeigt `wolfbot conduct`).",
        "control.flag_of_another": "Meldung Nr. {flag} betrifft {player}, nicht {name}.",
        "control.flag_closed": "Meldung Nr. {flag} ist bereits {state}.",
        "control.flag_closed_by": "Meldung Nr. {flag} ist bereits {state} (Eingriff Nr. {number}).",
        "control.other_sanction_warned": "Die Ermahnung Nr. {number} ({state}) hat {name} "
        "bereits „{announced}“ angedroht. Die Regel: „{clause}“ Seit dieser Ermahnung ist kein "
        "neuer Verstoß von {name} festgehalten: eine andere Sanktion lässt sich erst nach "
        "einem neuen Verstoß androhen. Die angedrohte verhängt: wolfbot sanction {name} "
        "--reason …",
        "control.reserve_without_replace": "{reserve}: einen Reservespieler nennt nur "
        "--replace (wolfbot sanction {player} --replace {reserve} --reason …).",
        "control.not_warned": "{name} wurde in Runde {game} nicht ermahnt. Die Regel: "
        "„{clause}“ Zuerst ermahnen und die Sanktion nennen: wolfbot warn {name} --reason … "
        "--sanction …",
        "control.not_the_announced": "Die Ermahnung Nr. {number} ({state}) hat {name} "
        "„{announced}“ angekündigt, nicht „{chosen}“. Die Regel: „{clause}“ Seit dieser "
        "Ermahnung ist kein neuer Verstoß von {name} festgehalten (eine Meldung, die nicht "
        "verworfen ist: `wolfbot conduct`). Entweder die angekündigte verhängen (wolfbot "
        "sanction {name} ohne --sanction), oder nach einem neuen Verstoß erneut ermahnen und "
        'die neue Sanktion nennen (wolfbot warn {name} --reason … --sanction "{chosen}").',
        "control.replace_not_exclusion": "--replace gilt nur für den Ausschluss aus der Runde: "
        "„{chosen}“ ist keiner. Einen Reservespieler setzt sonst `wolfbot override replace` "
        "ein.",
        # the console's forms: a field missing or not a number, an unknown action
        "field.missing": "Es fehlt: {what}.",
        "field.not_a_number": "{what} ist keine Zahl: {value!r}.",
        "field.draft_key": "der Schlüssel des Entwurfs",
        "field.reason": "ein Grund",
        "field.on": "an oder aus",
        "field.command": "die Nummer des Befehls",
        "field.flag": "die Nummer der Meldung",
        "field.flag_number": "Die Nummer der Meldung",
        "field.player": "der Spieler",
        "field.sanction": "die angedrohte Sanktion",
        "field.kind": "welcher Eingriff",
        "field.faction": "die Fraktion, der der Sieg zugesprochen wird",
        "field.role": "die neue Rolle",
        "action.no_override": "Kein Eingriff „{kind}“. Möglich: {kinds}.",
        "action.unknown": "Keine Aktion „{name}“.",
        "action.no_round_yet": "Die Runde hat noch nicht begonnen.",
        # what was done
        "done.requested": "Eingriff Nr. {number} vorgemerkt: {kind} – {what}. Der laufende Bot "
        "wendet ihn beim nächsten Durchgang an; `wolfbot interventions` zeigt, ob er gilt.",
        "done.replacing": "{new} für {name}",
        "done.restoring": "Beitrag Nr. {post} von {author} ({state})",
        "done.deleted": "gelöscht",
        "done.earlier": "früherer Zustand",
        "done.warned": "Eingriff Nr. {number} vorgemerkt: Ermahnung – {player}, angedrohte "
        "Sanktion: „{sanction}“.{marked} {follows} Der laufende Bot schickt die Ermahnung "
        "beim nächsten Durchgang in die Konversation von {player} mit der Spielleitung; "
        "`wolfbot interventions` zeigt, ob sie gilt.",
        "done.warned_flags": " Meldung Nr. {flags}: ermahnt.",
        "done.sanctioned": "Eingriff Nr. {number} vorgemerkt: Sanktion – {player}: "
        "„{sanction}“.{marked} {follows} `wolfbot interventions` zeigt, ob sie gilt.",
        "done.sanctioned_flags": " Meldung Nr. {flags}: sanktioniert.",
        "exclusion": "der Ausschluss aus der Runde nach den Regelungen über inaktive Dorfbewohner",
        "follows.exclusion": "Das ist {exclusion}: `wolfbot sanction` führt ihn aus (mit "
        "--replace nimmt ein Reservespieler den Platz ein).",
        "follows.other": "Diese Sanktion führt die Spielleitung selbst aus; `wolfbot sanction` "
        "teilt dem Spieler mit, dass sie verhängt ist.",
        "follows.excluded": "Der laufende Bot schließt {player} beim nächsten Durchgang aus – "
        "{exclusion}: er verstirbt am darauffolgenden Morgen, seine Rolle wird nicht "
        "offenbart.{then}",
        "follows.replacing": " Eingriff Nr. {number} vorgemerkt: danach nimmt der "
        "Reservespieler {reserve} seinen Platz ein (gleiche Rolle, gleicher Platz).",
        "follows.imposed": "Der laufende Bot teilt {player} in seiner Konversation mit, dass "
        "die Sanktion verhängt ist. Ausführen muss sie die Spielleitung selbst: der Bot kann "
        "„{sanction}“ nicht von sich aus umsetzen.",
        "done.dismissed": "Meldung Nr. {flag} verworfen: {reason}",
        "done.recorded": "Verstoß festgehalten als Meldung Nr. {flag}: {rule} – {player}.",
        "done.draft_on": "Entwurfsmodus für Runde {game}: an: neue Beiträge im Spielthread "
        "warten auf approve.",
        "done.draft_off": "Entwurfsmodus für Runde {game}: aus.",
        "done.drafts_waiting": "{count} Entwürfe warten weiter auf `wolfbot approve`.",
        "done.approved": "freigegeben: {key} ({title})",
        "done.no_drafts": "Keine Entwürfe.",
        "done.behind": "Achtung: der ältere Entwurf {key} wartet weiter.",
        "done.discarded": "verworfen: {key} ({title}) – nie gesendet.",
    },
    "nl": {
        "empty": "",
        "none_listed": "geen",
        "hint.none": "",
        "hint.one": " Bedoel je „{name}”?",
        "hint.two": " Bedoel je „{first}” of „{second}”?",
        "kind.accept": "opdracht telt",
        "kind.reject": "opdracht telt niet",
        "kind.kill": "uit het spel genomen",
        "kind.victim": "slachtoffer van de Zwarte Pest",
        "kind.exclude": "uitgesloten",
        "kind.revive": "teruggehaald",
        "kind.role": "nieuwe rol",
        "kind.replace": "vervangen",
        "kind.expire": "termijn verstreken",
        "kind.win": "overwinning toegekend",
        "kind.restore": "bericht hersteld",
        "kind.warn": "waarschuwing",
        "kind.sanction": "sanctie",
        "state.pending": "wacht",
        "state.applied": "toegepast",
        "state.refused": "geweigerd",
        "rule.zitat": "citaat uit een gesprek",
        "rule.offenbarung": "onthulling van een rol",
        "rule.andeutung": "toespeling op een rol",
        "rule.ausserhalb": "spelrelevante uitspraak buiten het spel",
        "flag_state.open": "open",
        "flag_state.dismissed": "verworpen",
        "flag_state.warned": "gewaarschuwd",
        "flag_state.sanctioned": "gesanctioneerd",
        "control.round_not_begun": "Spel {game} is nog niet begonnen.",
        "control.round_over": "Spel {game} is afgelopen; ingrijpen kan niet meer.",
        "control.no_command": "Geen opdracht {command} in spel {game} (de nummers staan op de "
        "pagina Opdrachten en in `wolfbot audit`).",
        "control.not_playing": "{name} speelt niet mee in spel {game}.{hint} Spelers: {players}.",
        "control.no_reserve_left": "Spel {game} heeft geen reservespeler (meer).",
        "control.not_a_reserve": "{name} is geen reservespeler van spel {game}.{hint} "
        "Reservespelers: {reserves}.",
        "control.no_role": "Er is geen rol {name!r}.{hint}",
        "control.no_faction": "Er is geen partij „{name}”.{hint} De overwinning kan worden "
        "toegekend aan: {sides}.",
        "control.no_reason": "Een ingreep heeft een reden nodig.",
        "control.counts_already": "Opdracht {command} ({text}) telt al.",
        "control.not_a_command": "Een opdracht begint met een uitroepteken: {text!r}",
        "control.counts_not": "Opdracht {command} ({text}) telt toch al niet.",
        "control.keys_or_all": "Geef sleutels of --all op (niet allebei)",
        "control.not_of_the_round": "{key}: geen bericht van spel {game}",
        "control.opening_kept": "Het openingsbericht kan niet worden verworpen: vanaf dat "
        "bericht leest de bot",
        "control.no_message": "{key}: geen bericht met deze sleutel",
        "control.not_a_draft": "{key}: geen concept (toestand {state})",
        "control.draft_reason": "een reden is nodig",
        "control.dismiss_reason": "Wie een melding verwerpt, geeft de reden op.",
        "control.no_flag": "Geen melding nr. {flag} in spel {game} (de nummers staan op de "
        "pagina Gedrag en in `wolfbot conduct --all`).",
        "control.flag_decided": "Over melding nr. {flag} is al beslist: {state}.",
        "control.no_rule": "Er is geen regel „{rule}”.{hint} Mogelijk: {rules}.",
        "control.no_evidence": "Wat is er gebeurd? Beschrijf de overtreding (dat is het bewijs).",
        "control.no_conduct": "De regels {title} ({ruleset}) van spel {game} kennen geen "
        "waarschuwing en geen sanctie: ze zeggen niets over verboden gedrag. Waarschuwen en "
        "sanctioneren kan alleen volgens regels die dat voorschrijven (zoals die van de "
        "Düsterliga: „Bevor die Spielleitung eine Sanktion ausspricht, ist der entsprechende "
        "Spieler zu ermahnen …”).",
        "control.conduct_reason": "{what} heeft een reden nodig: wat heeft {name} gedaan?",
        "conduct.warning": "Een waarschuwing",
        "conduct.sanction": "Een sanctie",
        "control.no_sanction": "De waarschuwing noemt de sanctie waarmee de speler gedreigd "
        "wordt (bijvoorbeeld „uitsluiting uit het spel”). De regel: „{clause}”",
        "control.sanction_too_long": "De sanctie is {length} tekens lang; hoogstens {most}: "
        "noem kort wat er gebeurt – de motivering hoort bij de reden.",
        "control.no_flag_of_round": "Geen melding nr. {flag} in spel {game} (de nummers staan "
        "op de pagina Gedrag).",
        "control.flag_of_another": "Melding nr. {flag} gaat over {player}, niet over {name}.",
        "control.flag_closed": "Melding nr. {flag} is al {state}.",
        "control.flag_closed_by": "Melding nr. {flag} is al {state} (ingreep nr. {number}).",
        "control.other_sanction_warned": "Waarschuwing nr. {number} ({state}) heeft {name} al "
        "met „{announced}” gedreigd. De regel: „{clause}” Sinds die waarschuwing is geen "
        "nieuwe overtreding van {name} vastgelegd: met een andere sanctie kan pas na een "
        "nieuwe overtreding gedreigd worden. De aangekondigde sanctie legt `wolfbot sanction "
        "{name}` op.",
        "control.reserve_without_replace": "{reserve}: een reservespeler noemt alleen "
        "--replace (wolfbot sanction {player} --replace {reserve} --reason …).",
        "control.not_warned": "{name} is in spel {game} niet gewaarschuwd. De regel: "
        "„{clause}” Eerst waarschuwen en de sanctie noemen.",
        "control.not_the_announced": "Waarschuwing nr. {number} ({state}) heeft {name} "
        "„{announced}” aangekondigd, niet „{chosen}”. De regel: „{clause}” Sinds die "
        "waarschuwing is geen nieuwe overtreding van {name} vastgelegd (een melding die niet "
        "verworpen is). Leg de aangekondigde sanctie op, of waarschuw na een nieuwe "
        "overtreding opnieuw en noem de nieuwe sanctie („{chosen}”).",
        "control.replace_not_exclusion": "--replace geldt alleen voor de uitsluiting uit het "
        "spel: „{chosen}” is dat niet. Een reservespeler zet anders de ingreep „vervangen” in.",
        "field.missing": "Ontbreekt: {what}.",
        "field.not_a_number": "{what} is geen getal: {value!r}.",
        "field.draft_key": "de sleutel van het concept",
        "field.reason": "een reden",
        "field.on": "aan of uit",
        "field.command": "het nummer van de opdracht",
        "field.flag": "het nummer van de melding",
        "field.flag_number": "Het nummer van de melding",
        "field.player": "de speler",
        "field.sanction": "de sanctie waarmee gedreigd wordt",
        "field.kind": "welke ingreep",
        "field.faction": "de partij die de overwinning krijgt",
        "field.role": "de nieuwe rol",
        "action.no_override": "Geen ingreep „{kind}”. Mogelijk: {kinds}.",
        "action.unknown": "Geen actie „{name}”.",
        "action.no_round_yet": "Het spel is nog niet begonnen.",
        "done.requested": "Ingreep nr. {number} vastgelegd: {kind} – {what}. De bot voert "
        "hem bij zijn volgende ronde uit; de pagina Opdrachten (en `wolfbot interventions`) "
        "toont of hij geldt.",
        "done.replacing": "{new} voor {name}",
        "done.restoring": "bericht nr. {post} van {author} ({state})",
        "done.deleted": "verwijderd",
        "done.earlier": "eerdere toestand",
        "done.warned": "Ingreep nr. {number} vastgelegd: waarschuwing – {player}, sanctie "
        "waarmee gedreigd wordt: „{sanction}”.{marked} {follows} De bot stuurt de "
        "waarschuwing bij zijn volgende ronde naar het gesprek van {player} met de "
        "spelleiding; `wolfbot interventions` toont of zij geldt.",
        "done.warned_flags": " Melding nr. {flags}: gewaarschuwd.",
        "done.sanctioned": "Ingreep nr. {number} vastgelegd: sanctie – {player}: "
        "„{sanction}”.{marked} {follows} `wolfbot interventions` toont of zij geldt.",
        "done.sanctioned_flags": " Melding nr. {flags}: gesanctioneerd.",
        "exclusion": "de uitsluiting uit het spel volgens de regels voor inactieve spelers",
        "follows.exclusion": "Dat is {exclusion}: `wolfbot sanction` voert hem uit (met "
        "--replace neemt een reservespeler de plaats in).",
        "follows.other": "Deze sanctie voert de spelleiding zelf uit; `wolfbot sanction` laat "
        "de speler weten dat zij is opgelegd.",
        "follows.excluded": "De bot sluit {player} bij zijn volgende ronde uit – {exclusion}: "
        "hij sterft de ochtend daarop, zijn rol wordt niet onthuld.{then}",
        "follows.replacing": " Ingreep nr. {number} vastgelegd: daarna neemt reservespeler "
        "{reserve} zijn plaats in (dezelfde rol, dezelfde plaats).",
        "follows.imposed": "De bot laat {player} in zijn gesprek weten dat de sanctie is "
        "opgelegd. Uitvoeren moet de spelleiding haar zelf: de bot kan „{sanction}” niet uit "
        "zichzelf uitvoeren.",
        "done.dismissed": "Melding nr. {flag} verworpen: {reason}",
        "done.recorded": "Overtreding vastgelegd als melding nr. {flag}: {rule} – {player}.",
        "done.draft_on": "Conceptmodus voor spel {game}: aan: nieuwe berichten in het speltopic "
        "wachten op vrijgave.",
        "done.draft_off": "Conceptmodus voor spel {game}: uit.",
        "done.drafts_waiting": "{count} concepten wachten nog op vrijgave.",
        "done.approved": "vrijgegeven: {key} ({title})",
        "done.no_drafts": "Geen concepten.",
        "done.behind": "Let op: het oudere concept {key} wacht nog.",
        "done.discarded": "verworpen: {key} ({title}) – nooit verstuurd.",
    },
}
