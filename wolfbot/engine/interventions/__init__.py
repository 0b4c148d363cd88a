"""The Spielleitung's interventions: typed values (`kinds`), checked before they are applied
(`rules.check`, `rules.apply`).

"Die Spielleitung entscheidet nach eigenem Ermessen, ob sie einen fehlerhaften Befehl
dennoch gelten lassen will" (`AcceptCommand`, `RejectCommand`); inactive Dorfbewohner are
excluded or replaced by Reservespieler (`ExcludePlayer`, `ReplacePlayer`); and where the
round needs a hand, a player is taken out, brought back or given another role
(`KillPlayer`, `RevivePlayer`, `ChangeRole`); a faction is awarded the win when no other
can win any more (`AwardWin`); a player who behaves "verboten" is warned with the sanction
that threatens him, and only that sanction is imposed later (`WarnPlayer`, `SanctionPlayer`:
the heaviest, the exclusion, as for inactivity). `ExpireQuestion` is the time of one open
question running out (the schedule asks for it, not the Spielleitung).

    game.intervene(KillPlayer("Anna", reason="Regelverstoß"))   # → events
    # InterventionError(intervention, reason) when the rules do not allow it now

Each intervention but `ExpireQuestion` first emits `Intervened(kind, player, argument,
reason)`, then its consequences, which are the rules' own (a death triggers the Liebespaar
and the Jäger, a role change tells the player …). Nothing here reads a clock or a global
random source: a lot comes from `game.draw`, so the same interventions at the same places
give the same events.
"""
