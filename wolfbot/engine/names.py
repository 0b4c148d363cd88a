"""The names the rules and the behaviours share: the group conversations, the causes of
death the rules give, the Liebespaar's own side."""

from __future__ import annotations

# the group conversations (channels) the rules open
WOLVES = "wolves"  # the Wolfshöhle of the pack
LOVERS = "lovers"  # the Bettgeflüster of the Verliebten
DEAD = "dead"  # the Totenreich gathers the dead
ENCHANTED = "enchanted"  # the Flötenspieler's enchanted, without him
SPIRITS = "spirits"  # the Totenreich of the Ruhelosen Geister

# the causes of death the rules give
PACK_CAUSE = "Werwolf"  # the pack's attack
LIEBESKUMMER = "Liebeskummer"
INAKTIVITAET = "Inaktivität"  # an inactive player's death: his role is not revealed
RUECKTRITT = "Rücktritt"  # a player withdrew from the round: dies as the inactive do
# excluded as a sanction of the Spielleitung ("Die schwerste Sanktion … ist der Ausschluss
# aus der Runde nach den Regelungen über inaktive Dorfbewohner"): dies as the inactive do,
# but the posts say why
SANKTION = "Sanktion"
UNREVEALED = (INAKTIVITAET, RUECKTRITT, SANKTION)  # "Seine Rolle wird nicht offenbart."

LIEBESPAAR = "Liebespaar"  # the lovers' own side, when they win together against the rest
