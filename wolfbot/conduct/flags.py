"""A flag: a post the Spielleitung should look at, because it seems to break a conduct rule
of the round – which clause, whose post, and the evidence. A flag decides nothing: the
Spielleitung dismisses it, warns or sanctions ("entscheidet nach eigenem Ermessen")."""

from __future__ import annotations

from dataclasses import dataclass

# the rules a flag names: the ruleset's `conduct.clauses` (zitat, ausserhalb) and the
# Offenbarungsregelung of the round (offenbarung: a role revealed; andeutung: one hinted)
QUOTE = "zitat"
OUTSIDE = "ausserhalb"
REVEAL = "offenbarung"
HINT = "andeutung"
RULES = (QUOTE, REVEAL, HINT, OUTSIDE)


@dataclass(frozen=True, slots=True)
class Flag:
    """`rule` (one of `RULES`) broken by `player` in `channel` ("thread:12",
    "conversation:7"); `clause`: the rule's text; `evidence`: what the post says that breaks
    it (the matched words, as the post writes them); `source` and `source_text`: what it
    quotes or concerns (the conversation message beside the post), if anything; `key`:
    which flag of the post this is, the same each time the post is read (a restart or a
    replay flags nothing twice)."""

    rule: str
    player: str
    channel: str
    clause: str
    evidence: str
    key: str
    source: str = ""
    source_text: str = ""
